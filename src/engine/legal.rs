//! Moves listed legal (chess's family on small boards): where the enemy's
//! attacks are bits, each piece's landings are masked before its moves are
//! made, so no move is tried afterwards against the royal rule: the royal
//! piece's by the points attacked, another's by its pin and by the check. Only
//! en passant and castling are still tried. Playouts count the moves by
//! popcounts and make only the one they pick.

use super::royal::{Danger, Pins};
use super::shifts::points_of;
use super::vectors::VectorTables;
use super::*;

/// Whether the moves of `game` may be listed legal by masks
/// ([`Engine::generate_legal`]): its attacks are bits (`bits`: a board of up
/// to 128 points whose rays read the same both ways), every kind moves by
/// steps, slides and plain leaps, no royal kind promotes, nothing is
/// captured beyond what a move lists, and no rule judges the position a move
/// leaves but the royal one (`guarded`).
pub(super) fn masks_apply(game: &Game, vt: &VectorTables, bits: bool, guarded: bool) -> bool {
    bits && vt.royal_kinds != 0
        && vt.quick_royal
        && !vt.hidden_captures
        && !guarded
        && !game.forbid_facing
        && game.dice.is_none()
        && vt.bit_vectors.iter().all(|&b| b)
        && game.kinds.iter().all(|k| !k.royal || k.promotion.is_none())
}

/// What the royal rule allows the side to move in one position: its one
/// royal piece, the enemy's attacks and the pins.
struct Legal {
    royal: Point,
    royals: PointSet,
    danger: Danger,
    pins: Pins,
}

impl Engine {
    /// The masks of `pos`, or None where they do not settle it (not one
    /// royal piece, an enemy that attacks otherwise than by bits).
    fn legal(&self, pos: &Position) -> Option<Legal> {
        let mut royals = PointSet::default();
        self.royals(pos, pos.turn).for_each(|r| royals.insert(r));
        if royals.len() != 1 {
            return None;
        }
        let royal = royals.nth(0);
        let danger = self.danger(pos, royal)?;
        Some(Legal { royal, royals, danger, pins: self.pins_by_bits(pos, royal) })
    }

    /// Where the piece on `p` may land.
    #[inline]
    fn legal_mask(&self, legal: &Legal, p: Point) -> u128 {
        if p == legal.royal {
            !legal.danger.attacked
        } else if legal.pins.pinned.contains(p) {
            legal.danger.evasion & legal.pins.line(p)
        } else {
            legal.danger.evasion
        }
    }

    /// [`Engine::generate_with`] where `royal_masks` holds: the same moves in
    /// the same order as [`Engine::keep_safe`] leaves of the pieces' moves.
    /// False, with nothing listed, where the position does not allow it.
    pub(super) fn generate_legal(&self, pos: &Position, limit: u8, out: &mut Vec<Move>) -> bool {
        let Some(legal) = self.legal(pos) else { return false };
        let mut next = None;
        for p in pos.occupied[pos.turn as usize].iter() {
            self.legal_moves_of(pos, &legal, p, limit, &mut next, out);
        }
        true
    }

    /// The legal moves of the piece on `p`.
    fn legal_moves_of(
        &self,
        pos: &Position,
        legal: &Legal,
        p: Point,
        limit: u8,
        next: &mut Option<Position>,
        out: &mut Vec<Move>,
    ) {
        let kind = kind_of(pos.at(p));
        let mask = self.legal_mask(legal, p);
        let (quiet, taken, passant) = self.vector_targets_bits(pos, p, kind, limit);
        let passant = self.safe_passant(pos, legal, p, kind, passant, next);
        self.vector_moves_to(pos, p, kind, points_of(taken & mask), passant, points_of(quiet & mask), out);
        self.legal_castles(pos, legal, p, kind, next, out);
    }

    /// How many legal moves the piece on `p` has: by popcounts where each
    /// landing is one move, else by listing them into `scratch`.
    fn legal_count_of(
        &self,
        pos: &Position,
        legal: &Legal,
        p: Point,
        next: &mut Option<Position>,
        scratch: &mut Vec<Move>,
    ) -> u32 {
        let kind = kind_of(pos.at(p));
        let k = &self.game.kinds[kind as usize];
        let mask = self.legal_mask(legal, p);
        let (quiet, taken, passant) = self.vector_targets_bits(pos, p, kind, self.dice.max_roll);
        let (quiet, taken) = (quiet & mask, taken & mask);
        let pl = pos.turn as usize;
        let one_each = !self.vt.per_file
            && !self.game.forbid_stranded
            && k.promotion.as_ref().is_none_or(|pr| {
                (quiet | taken) & pr.zone[pl].low128() == 0 && !(pr.optional && pr.zone[pl].contains(p))
            });
        if !one_each {
            scratch.clear();
            self.legal_moves_of(pos, legal, p, self.dice.max_roll, next, scratch);
            return scratch.len() as u32;
        }
        let passant = self.safe_passant(pos, legal, p, kind, passant, next);
        let mut count = quiet.count_ones() + taken.count_ones() + (passant != NONE) as u32;
        if k.castle.is_some() && pos.unmoved.contains(p) {
            // Rare: castling pieces that have not moved.
            scratch.clear();
            self.legal_castles(pos, legal, p, kind, next, scratch);
            count += scratch.len() as u32;
        }
        count
    }

    /// `passant` (a point a piece of `kind` on `p` may take en passant on, or
    /// NONE) where taking there leaves the royal piece safe: two pieces leave
    /// their lines, so it is tried on a copy.
    fn safe_passant(
        &self,
        pos: &Position,
        legal: &Legal,
        p: Point,
        kind: KindId,
        passant: Point,
        next: &mut Option<Position>,
    ) -> Point {
        if passant == NONE {
            return NONE;
        }
        let m = Move::landing_capture(p, passant, pos.passed.1, kind);
        let checked = legal.danger.checkers > 0;
        if self.safe(pos, &m, checked, &legal.royals, next.get_or_insert_with(|| pos.clone())) {
            passant
        } else {
            NONE
        }
    }

    /// The castlings of the piece on `p` that leave the royal piece safe.
    fn legal_castles(
        &self,
        pos: &Position,
        legal: &Legal,
        p: Point,
        kind: KindId,
        next: &mut Option<Position>,
        out: &mut Vec<Move>,
    ) {
        if self.game.kinds[kind as usize].castle.is_none() || !pos.unmoved.contains(p) {
            return;
        }
        let start = out.len();
        self.castles(pos, p, kind, out);
        let checked = legal.danger.checkers > 0;
        let mut kept = start;
        for i in start..out.len() {
            if self.safe(pos, &out[i], checked, &legal.royals, next.get_or_insert_with(|| pos.clone())) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// A playout's move where `royal_picking` holds: the legal moves counted
    /// piece by piece, and only the picked piece's listed (in `moves`); the
    /// same move the list would give for the same draw (`pick(total)`, the
    /// index drawn), and how many there
    /// were. None, with nothing drawn, where there is no move or the masks
    /// do not settle the position: the list then says what happens.
    pub(super) fn pick_legal(
        &self,
        pos: &Position,
        pick: impl FnOnce(usize) -> usize,
        moves: &mut Vec<Move>,
    ) -> Option<(Move, u64)> {
        if pos.result.is_some() {
            return None;
        }
        let legal = self.legal(pos)?;
        let mut next = None;
        let mut counts = [0u16; 128];
        let mut total = 0u32;
        let mine = pos.occupied[pos.turn as usize];
        for p in mine.iter() {
            let c = self.legal_count_of(pos, &legal, p, &mut next, moves);
            counts[p as usize] = c as u16;
            total += c;
        }
        if total == 0 {
            return None;
        }
        let mut k = pick(total as usize) as u32;
        for p in mine.iter() {
            let c = counts[p as usize] as u32;
            if k < c {
                moves.clear();
                self.legal_moves_of(pos, &legal, p, self.dice.max_roll, &mut next, moves);
                return Some((moves[k as usize], total as u64));
            }
            k -= c;
        }
        unreachable!("the draw is below the total of the counts")
    }
}
