//! Royal pieces (`royal`): no move may leave one of its side's royal pieces
//! attacked (check). A move is tried on a copy unless it surely cannot: a
//! move of another piece, while the royal piece is not attacked, from a point
//! on no straight line through it, where attacks pass along lines only; where
//! pieces also hop or leap lame, from a point off the lines that hold an enemy
//! and off the lame leaps' legs, to a point off those lines if anything hops.

use super::shifts::points_of;
use super::*;

/// The fewest moves of the royal piece for which [`Engine::keep_safe`] finds
/// every point the enemy attacks at once rather than each landing's attackers.
const DANGER_FROM_MOVES: usize = 3;

impl Engine {
    /// The points of `who`'s royal pieces.
    pub(super) fn royals<'a>(&'a self, pos: &'a Position, who: PlayerId) -> impl Iterator<Item = Point> + 'a {
        let royal = self.vt.royal_kinds;
        pos.occupied[who as usize].iter().filter(move |&p| royal & (1 << kind_of(pos.at(p))) != 0)
    }

    /// A piece attacking one of `who`'s royal pieces, if any: (royal,
    /// attacker); under `forbid royal pieces facing each other`, an enemy
    /// royal piece on a straight line with nothing between counts as one.
    pub(super) fn check(&self, pos: &Position, who: PlayerId) -> Option<(Point, Point)> {
        self.royals(pos, who)
            .find_map(|r| self.attacker(pos, r, 1 - who).or_else(|| self.facing(pos, r)).map(|a| (r, a)))
    }

    /// Under `forbid royal pieces facing each other`: an enemy royal piece
    /// the royal piece on `r` faces, along a straight line with nothing between.
    fn facing(&self, pos: &Position, r: Point) -> Option<Point> {
        if !self.game.forbid_facing {
            return None;
        }
        let me = owner(pos.at(r));
        (0..8).find_map(|d| {
            let q = *self.ray(r, d).iter().find(|&&q| pos.at(q) != 0)?;
            let c = pos.at(q);
            (owner(c) != me && self.vt.royal_kinds & (1 << kind_of(c)) != 0).then_some(q)
        })
    }

    /// Whether `who` is in check.
    pub fn in_check(&self, pos: &Position, who: PlayerId) -> bool {
        self.vt.royal_kinds != 0 && self.check(pos, who).is_some()
    }

    /// Removes the moves that leave the mover in check.
    pub(super) fn keep_safe(&self, pos: &Position, out: &mut Vec<Move>) {
        let me = pos.turn;
        let mut royals = PointSet::default();
        self.royals(pos, me).for_each(|r| royals.insert(r));
        let royal = if royals.len() == 1 { royals.nth(0) } else { NONE };
        // The points the enemy attacks with the royal piece lifted, where
        // they can be found at once: whether it is in check, and where it
        // may go. Not worth finding for a move or two of the royal piece:
        // each is tried alone by looking for an attacker of its landing.
        let royal_moves = if royal == NONE { 0 } else { out.iter().filter(|m| m.from == royal).count() };
        let danger = if royal_moves < DANGER_FROM_MOVES { None } else { self.danger(pos, royal).map(|d| d.attacked) };
        let checked = match danger {
            Some(attacked) => attacked >> royal & 1 != 0,
            None => self.check(pos, me).is_some(),
        };
        // One royal piece, not attacked: its pins, found once for every move.
        let pins = match royals.len() {
            1 if !checked && self.vt.quick_royal && !self.game.forbid_facing => Some(self.pins(pos, royals.nth(0))),
            _ => None,
        };
        // Hops and lame leaps (no pins): the points a move must leave or
        // land on to reveal an attack.
        let revealing = (royal != NONE && !checked && !self.vt.lame_legs.is_empty() && self.bit_slides)
            .then(|| self.revealing(pos, royal));
        // Out of check, a piece entered from the hand only blocks lines.
        let drops_safe = !checked && self.vt.quick_royal && self.hands.any;
        let mut next = None;
        out.retain(|m| {
            // Another piece's move that takes at most what it lands on.
            let other_alone = matches!(m.kind, MoveType::Plain | MoveType::Jumps)
                && m.from != royal
                && m.from != NONE
                && (m.ntaken == 0 || m.ntaken == 1 && m.taken[0] == m.to);
            if let (Some(pins), true) = (&pins, other_alone) {
                // Safe unless it leaves its pin's line.
                return !pins.pinned.contains(m.from) || pins.keeps_line(m);
            }
            if let (Some((leaving, landing)), true) = (revealing, other_alone) {
                if (leaving >> m.from | landing >> m.to) & 1 == 0 {
                    return true;
                }
            }
            let lone_step = match m.kind {
                MoveType::Plain => true,
                MoveType::Jumps => m.ntaken == 1 && m.taken[0] == m.to,
                _ => false,
            };
            if let Some(attacked) = danger {
                if m.from == royal && lone_step && m.becomes == kind_of(pos.at(royal)) {
                    return attacked >> m.to & 1 == 0;
                }
            }
            (drops_safe && m.kind == MoveType::Enter && m.ntaken == 0)
                || self.safe(pos, m, checked, &royals, next.get_or_insert_with(|| pos.clone()))
        });
    }

    /// Where attacks come by lines, hops and lame leaps (`lame_legs`), out
    /// of check: the points another piece's move must leave, and those it
    /// must land on, to open an attack on the royal piece on `r`. A move
    /// off a line through it that holds an enemy and off the legs of lame
    /// leaps toward it unblocks none; where something hops, landing on such
    /// a line may make a screen.
    fn revealing(&self, pos: &Position, r: Point) -> (u128, u128) {
        let theirs = pos.occupied[1 - pos.turn as usize].low128();
        let rays = &self.rays.slide_rays[r as usize * 8..r as usize * 8 + 8];
        let lines = rays.iter().filter(|ray| ray.bits & theirs != 0).fold(0, |all, ray| all | ray.bits);
        (lines | self.vt.lame_legs[r as usize], if self.vt.hops { lines } else { 0 })
    }

    /// The points the enemy attacks, as bits, with the side to move's royal
    /// piece on `r` lifted off the board: where its plain moves may not
    /// land. The same answers as [`Engine::attacker_on`] gives a point at a
    /// time, found from each attacker's side (so the rays must be the same
    /// both ways). None where this is not bits (a board of over 128 points,
    /// rules about facing royal pieces, captures beyond what moves list) or
    /// some enemy attacks other than along lines or by plain leaps;
    /// [`Engine::safe`] then asks move by move.
    pub(super) fn danger(&self, pos: &Position, r: Point) -> Option<Danger> {
        if !self.bit_slides || !self.rays.symmetric || self.game.forbid_facing || self.vt.hidden_captures {
            return None;
        }
        let by = 1 - pos.turn;
        let bl = by as usize;
        let royal_bit = 1u16 << kind_of(pos.at(r));
        let occupied = pos.taken.low128() & !(1u128 << r);
        let n = self.game.board.len();
        let mut danger = Danger { attacked: 0, evasion: !0, checkers: 0 };
        for q in points_of(pos.occupied[bl].low128()) {
            let kind = kind_of(pos.at(q));
            let k = &self.game.kinds[kind as usize];
            if !self.vt.attacks[kind as usize] || k.can_capture & royal_bit == 0 {
                continue;
            }
            if !self.vt.leaps_beyond_lines[kind as usize] {
                return None;
            }
            let lines = &self.vt.line_attacks[kind as usize * MAX_PLAYERS + bl];
            // Steps and leaps, which nothing between blocks; slides.
            let mut fixed = self.vt.step_attacks[(kind as usize * MAX_PLAYERS + bl) * n + q as usize];
            let mut slid =
                if lines.slide != 0 { self.ray_reach(q, lines.slide, lines.slide_most, occupied) } else { 0 };
            let mut allowed = !self.points.no_stop_bits[kind as usize];
            if let Some(z) = &k.confined {
                allowed &= z[bl].low128();
            }
            fixed &= allowed;
            slid &= allowed;
            if (fixed | slid) >> r & 1 != 0 {
                danger.checkers += 1;
                // Out of check by taking the checker, or by standing between
                // where it slides.
                danger.evasion = if danger.checkers > 1 {
                    0
                } else if fixed >> r & 1 != 0 {
                    1 << q
                } else {
                    self.segment(r, q)
                };
            }
            danger.attacked |= fixed | slid;
        }
        Some(danger)
    }

    /// The points of the straight line from `r` (not itself) up to and
    /// including `q`, as bits.
    fn segment(&self, r: Point, q: Point) -> u128 {
        let n = self.game.board.len();
        let d = self.vt.direction_between[r as usize * n + q as usize] as usize;
        debug_assert!(d < 8, "a slide's attack runs along a line, which the rays read both ways");
        let ray = &self.rays.slide_rays[r as usize * 8 + d];
        self.rays.ray_prefix[ray.prefix_at as usize + self.rays.line_distance[r as usize * n + q as usize] as usize]
    }

    /// The pieces of the side to move that stand alone between its royal
    /// piece on `r` and an enemy that attacks along that line, each with the
    /// points of the line it may move to (up to the enemy, taking it).
    fn pins(&self, pos: &Position, r: Point) -> Pins {
        if self.bit_slides {
            return self.pins_by_bits(pos, r);
        }
        let me = pos.turn;
        let mut pins = Pins::default();
        for d in 0..8 {
            let mut own = NONE;
            let mut line = PointSet::default();
            for (i, &q) in self.ray(r, d).iter().enumerate() {
                line.insert(q);
                let c = pos.at(q);
                if c == 0 {
                    continue;
                }
                if owner(c) == me {
                    if own != NONE {
                        break;
                    }
                    own = q;
                    continue;
                }
                if own != NONE && self.attacks_along(c, pos.at(r), r, opposite(d), i + 1) {
                    pins.pinned.insert(own);
                    pins.lines[pins.count as usize] = (own, line);
                    pins.count += 1;
                }
                break;
            }
        }
        pins
    }

    /// [`Engine::pins`] on a board of up to 128 points: along each line
    /// from the royal piece, the first two pieces by bit scans.
    pub(super) fn pins_by_bits(&self, pos: &Position, r: Point) -> Pins {
        let me = pos.turn as usize;
        let n = self.game.board.len();
        let occupied = pos.taken.low128();
        let theirs = occupied & !pos.occupied[me].low128();
        let mut pins = Pins::default();
        if self.rays.lines_through[r as usize] & theirs == 0 {
            return pins;
        }
        let nearest = |ray: &SlideRay, bits: u128| 1u128 << ray.nearest(bits);
        for d in 0..8 {
            let ray = &self.rays.slide_rays[r as usize * 8 + d as usize];
            let blockers = ray.bits & occupied;
            if blockers & theirs == 0 {
                continue;
            }
            // Ours first, then theirs.
            let own = nearest(ray, blockers);
            let rest = blockers & !own;
            if own & theirs != 0 || rest == 0 {
                continue;
            }
            let enemy = nearest(ray, rest);
            if enemy & theirs == 0 {
                continue;
            }
            let (own, enemy) = (own.trailing_zeros() as Point, enemy.trailing_zeros() as Point);
            let distance = self.rays.line_distance[r as usize * n + enemy as usize];
            if self.attacks_along(pos.at(enemy), pos.at(r), r, opposite(d), distance as usize) {
                pins.pinned.insert(own);
                let line = self.rays.ray_prefix[ray.prefix_at as usize + distance as usize];
                pins.lines[pins.count as usize] = (own, PointSet::from_low128(line));
                pins.count += 1;
            }
        }
        pins
    }

    /// Whether the enemy piece `c` attacks the royal piece `royal` on `r`,
    /// `distance` spaces away along direction `d` (from the enemy toward `r`).
    fn attacks_along(&self, c: Cell, royal: Cell, r: Point, d: Dir, distance: usize) -> bool {
        let kind = kind_of(c);
        let a = &self.vt.line_attacks[kind as usize * MAX_PLAYERS + owner(c) as usize];
        let k = &self.game.kinds[kind as usize];
        a.reaches(d, distance)
            && k.can_capture & (1 << kind_of(royal)) != 0
            && k.confined.as_ref().is_none_or(|z| z[owner(c) as usize].contains(r))
    }

    /// Whether `m` leaves no royal piece of the mover's attacked (`royals`
    /// stand where they are, `checked` says whether one is attacked now);
    /// `next` is room to try it in. [`Engine::keep_safe`] settles most moves
    /// by their pins before asking.
    pub(super) fn safe(&self, pos: &Position, m: &Move, checked: bool, royals: &PointSet, next: &mut Position) -> bool {
        if m.kind == MoveType::Pass {
            return true;
        }
        if self.vt.hidden_captures {
            self.play_into(pos, m, next);
            return self.check(next, pos.turn).is_none();
        }
        let moves_royal = m.from != NONE && self.vt.royal_kinds & (1 << kind_of(pos.at(m.from))) != 0;
        let passant = m.kind == MoveType::Jumps && m.taken[0] != m.to;
        if !checked && !moves_royal && !passant && self.vt.quick_royal && m.from != NONE && m.kind != MoveType::Castle {
            // Only an attack along the line from a royal piece through the
            // point left can be revealed: a pin.
            return royals.iter().all(|r| !self.pinned_away(pos, m, r));
        }
        let single_royal = royals.len() == 1 && !self.game.forbid_facing;
        if moves_royal && single_royal && !passant && matches!(m.kind, MoveType::Plain | MoveType::Jumps) {
            // The royal piece alone moves: is its landing attacked, its start empty?
            let (from, to, landed) = (m.from, m.to, cell(pos.turn, m.becomes));
            let at = |q: Point| {
                if q == to {
                    landed
                } else if q == from {
                    0
                } else {
                    pos.at(q)
                }
            };
            let bit = |q: Point| 1u128.checked_shl(q as u32).unwrap_or(0);
            let enemy = 1 - pos.turn;
            let bits = (pos.taken.low128() & !bit(from) | bit(to), pos.occupied[enemy as usize].low128() & !bit(to));
            return self.attacker_on(at, bits, to, enemy).is_none();
        }
        self.shift_pieces(pos, m, next);
        self.check(next, pos.turn).is_none()
    }

    /// Whether moving the piece by `m` off the straight line from the royal
    /// piece on `r` opens that line to an enemy that attacks along it.
    fn pinned_away(&self, pos: &Position, m: &Move, r: Point) -> bool {
        let n = self.game.board.len();
        let d = self.vt.direction_between[r as usize * n + m.from as usize];
        if d == 8 {
            return false;
        }
        let me = pos.turn;
        for (i, &q) in self.ray(r, d).iter().enumerate() {
            if q == m.to {
                return false; // it stays on the line, between
            }
            if q == m.from || (m.kind == MoveType::Jumps && m.jumped().contains(&q)) {
                continue;
            }
            let c = pos.at(q);
            if c == 0 {
                continue;
            }
            if owner(c) == me {
                return false;
            }
            let kind = kind_of(c);
            let a = &self.vt.line_attacks[kind as usize * MAX_PLAYERS + 1 - me as usize];
            let k = &self.game.kinds[kind as usize];
            return a.reaches(opposite(d), i + 1)
                && k.can_capture & (1 << kind_of(pos.at(r))) != 0
                && k.confined.as_ref().is_none_or(|z| z[1 - me as usize].contains(r));
        }
        false
    }

    /// `next` made `pos` with `m`'s pieces moved and taken, nothing else
    /// (no goals, counts or rights): enough to see what attacks what.
    fn shift_pieces(&self, pos: &Position, m: &Move, next: &mut Position) {
        next.copy_on_board(pos, self.cells_used, self.players);
        let me = pos.turn;
        match m.kind {
            MoveType::Castle => self.castle_pieces(pos, m, next),
            MoveType::Plain | MoveType::Jumps => {
                for &t in m.jumped() {
                    self.put(next, t, 0);
                }
                self.put(next, m.from, 0);
                self.put(next, m.to, cell(me, m.becomes));
            }
            _ => self.make(pos, m, next),
        }
    }

    /// Why a move the pieces could make leaves its side in check, in words
    /// (None if it does not): for `why`.
    pub(super) fn check_verdict(&self, pos: &Position, m: &Move) -> Option<String> {
        if self.vt.royal_kinds == 0 || m.kind == MoveType::Pass {
            return None;
        }
        let next = self.play_unchecked(pos, m);
        let (royal, by) = self.check(&next, pos.turn)?;
        if self.facing(&next, royal) == Some(by) && self.attacker(&next, royal, 1 - pos.turn).is_none() {
            let name = |p: Point| {
                let kind = &self.game.kinds[kind_of(next.at(p)) as usize].name;
                format!("the {kind} on {}", self.game.board.labels[p as usize])
            };
            return Some(format!(
                "{} would face {} with nothing between them, which the rules forbid",
                name(royal),
                name(by)
            ));
        }
        let name = |p: Point| {
            let kind = &self.game.kinds[kind_of(next.at(p)) as usize].name;
            format!("the {kind} on {}", self.game.board.labels[p as usize])
        };
        Some(format!(
            "{} would be attacked by {}, and it is royal: no move may leave it in check",
            name(royal),
            name(by)
        ))
    }
}

/// What the enemy's attacks mean for the side to move's royal piece: see
/// [`Engine::danger`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Danger {
    /// The points attacked, with the royal piece lifted.
    pub(super) attacked: u128,
    /// Where another piece may land: anywhere out of check, on the checker
    /// or between it and the royal piece in check, nowhere in double check.
    pub(super) evasion: u128,
    /// The pieces giving check.
    pub(super) checkers: u8,
}

/// The pins of one royal piece: see [`Engine::pins`].
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Pins {
    pub(super) pinned: PointSet,
    /// Each pinned piece, with the points from the royal piece up to the pinner.
    lines: [(Point, PointSet); 8],
    count: u8,
}

impl Pins {
    /// Whether the pinned piece's move `m` ends on its pin's line.
    #[inline]
    fn keeps_line(&self, m: &Move) -> bool {
        self.lines[..self.count as usize].iter().any(|(p, line)| *p == m.from && line.contains(m.to))
    }

    /// The line the pinned piece on `p` may move along, as bits.
    pub(super) fn line(&self, p: Point) -> u128 {
        self.lines[..self.count as usize].iter().find(|(q, _)| *q == p).map_or(0, |(_, line)| line.low128())
    }
}
