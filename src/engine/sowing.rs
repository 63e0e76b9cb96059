//! Sowing (the mancala family): pits hold counts of seeds, and a move lifts
//! every seed of one of the mover's pits and drops them one a point round
//! the circuit (the players' pits, each followed by its store if it has
//! one). The last seed may capture; captured seeds go to the captor's store.
//!
//! The counts live in the cells past the board (a sowing board has at most
//! 128 points), one a pit, so that a sowing game's position is copied,
//! hashed and compared like any other; the board's own cells stay empty.
//! A player's store is kept in its `borne_off` count.

use super::*;
use crate::game::{SowCapture, Sowing};

/// Where the count of pit slot 0 is kept among a position's cells.
const SEED_CELLS: usize = 128;

/// A sowing game's rules as tables (the rules themselves are the game's).
#[derive(Clone, Debug)]
pub(super) struct SowTables {
    /// The circuit, in the order seeds go round.
    circuit: Vec<Point>,
    /// Per point: its place on the circuit (`NONE` off it).
    place: Vec<u16>,
    /// Per point: its pit's slot among the cells (`NONE` if not a pit).
    slot: Vec<u16>,
    /// Per point: the player whose pit it is ([`NO_OWNER`] if not a pit).
    owner: Vec<PlayerId>,
    /// Per point: the pit across (`capture opposite`), `NONE` if none.
    across: Vec<Point>,
    /// Hash keys by slot and count.
    zobrist: Vec<u64>,
}

/// Why a sowing game ended by one of its `end when` rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SowEnd {
    /// The player to move had no move.
    NoMove(PlayerId),
    /// The same position stood this many times.
    Repeated(u8),
    /// This player's pits were all empty.
    PitsEmpty(PlayerId),
}

/// Marks a point that is no player's pit.
const NO_OWNER: PlayerId = PlayerId::MAX;

impl SowTables {
    pub(super) fn new(rules: &Sowing, points: usize) -> SowTables {
        let circuit = rules.circuit();
        let mut place = vec![NONE; points];
        for (i, &p) in circuit.iter().enumerate() {
            place[p as usize] = i as u16;
        }
        let (mut slot, mut owner, mut across) = (vec![NONE; points], vec![NO_OWNER; points], vec![NONE; points]);
        let mut next = 0u16;
        for (pl, pits) in rules.pits.iter().enumerate() {
            for &p in pits {
                slot[p as usize] = next;
                owner[p as usize] = pl as PlayerId;
                next += 1;
            }
        }
        if rules.capture == SowCapture::Opposite {
            let [a, b, ..] = &rules.pits;
            for (i, &p) in a.iter().enumerate() {
                let q = b[b.len() - 1 - i];
                (across[p as usize], across[q as usize]) = (q, p);
            }
        }
        let zobrist = tables::more_keys(next as usize * 256, 7);
        SowTables { circuit, place, slot, owner, across, zobrist }
    }

    /// The cells a position of this game uses: the board's, then a count a pit.
    pub(super) fn cells_used(&self) -> usize {
        SEED_CELLS + self.zobrist.len() / 256
    }

    /// The point after `p` on the circuit.
    #[inline]
    fn after(&self, p: Point) -> Point {
        let i = self.place[p as usize] as usize + 1;
        self.circuit[if i == self.circuit.len() { 0 } else { i }]
    }

    /// The point before `p` on the circuit.
    #[inline]
    fn before(&self, p: Point) -> Point {
        let i = self.place[p as usize] as usize;
        self.circuit[if i == 0 { self.circuit.len() - 1 } else { i - 1 }]
    }

    /// Visits the points a sowing of `n` seeds from `from` by `me` drops
    /// into, in order; returns the last.
    #[inline]
    fn walk(&self, rules: &Sowing, from: Point, n: u8, me: PlayerId, mut drop: impl FnMut(Point)) -> Point {
        let (mut at, mut left) = (from, n);
        let theirs = rules.stores[1 - me as usize];
        while left > 0 {
            at = self.after(at);
            if (at == from && rules.skip_origin) || Some(at) == theirs {
                continue;
            }
            drop(at);
            left -= 1;
        }
        at
    }
}

impl Engine {
    /// A sowing game's tables and rules.
    fn sow(&self) -> (&SowTables, &Sowing) {
        let tables = self.sow.as_deref().expect("a sowing game");
        (tables, self.game.sowing.as_ref().expect("a sowing game has its rules"))
    }

    /// The seeds in the pit on `p` (0 for a point that is not a pit).
    pub fn seeds(&self, pos: &Position, p: Point) -> u8 {
        match self.sow.as_deref() {
            Some(t) if t.slot[p as usize] != NONE => pos.cells[SEED_CELLS + t.slot[p as usize] as usize],
            _ => 0,
        }
    }

    /// Whether the game is a sowing game (its points hold counts of seeds).
    pub fn sows(&self) -> bool {
        self.sow.is_some()
    }

    /// In a sowing game, the seeds on `p` if it is a pit or a store.
    pub fn seeds_on(&self, pos: &Position, p: Point) -> Option<u8> {
        let t = self.sow.as_deref()?;
        if t.slot[p as usize] != NONE {
            return Some(self.seeds(pos, p));
        }
        let player = self.game.sowing.as_ref()?.stores.iter().position(|&s| s == Some(p))?;
        Some(self.stored(pos, player as PlayerId))
    }

    /// What a player has left to lose, as agents weigh it: its pieces on
    /// the board, or in a sowing game the seeds the opponent has not
    /// captured (a capture lowers the loser's count, as with pieces).
    pub fn material(&self, pos: &Position, player: PlayerId) -> u16 {
        let Some(rules) = &self.game.sowing else { return pos.pieces(player) };
        let total = rules.seeds as u16 * (rules.pits[0].len() + rules.pits[1].len()) as u16;
        total.saturating_sub(self.stored(pos, 1 - player) as u16)
    }

    /// The material of every player but `me`, summed.
    pub fn enemy_material(&self, pos: &Position, me: PlayerId) -> u32 {
        (0..self.players).filter(|&p| p != me).map(|p| self.material(pos, p) as u32).sum()
    }

    /// The seeds in a player's store.
    pub fn stored(&self, pos: &Position, player: PlayerId) -> u8 {
        pos.borne_off[player as usize]
    }

    /// The seeds a player has: in its store and in its pits (its score at the end).
    pub fn holdings(&self, pos: &Position, player: PlayerId) -> u16 {
        let (_, rules) = self.sow();
        let pits: u16 = rules.pits[player as usize].iter().map(|&p| self.seeds(pos, p) as u16).sum();
        pits + self.stored(pos, player) as u16
    }

    /// Sets the count of the pit on `p`, keeping the hash.
    pub(super) fn set_seeds(&self, pos: &mut Position, p: Point, n: u8) {
        let (t, _) = self.sow();
        let s = t.slot[p as usize] as usize;
        let old = pos.cells[SEED_CELLS + s];
        pos.hash ^= t.zobrist[s * 256 + old as usize] ^ t.zobrist[s * 256 + n as usize];
        pos.cells[SEED_CELLS + s] = n;
    }

    /// Sets a player's store.
    pub(super) fn set_stored(&self, pos: &mut Position, player: PlayerId, n: u8) {
        self.set_borne_off(pos, player, n);
    }

    /// Fills every pit with the game's starting seeds.
    pub(super) fn sow_start(&self, pos: &mut Position) {
        let (_, rules) = self.sow();
        for p in rules.pits.iter().flatten() {
            self.set_seeds(pos, *p, rules.seeds);
        }
    }

    fn side_empty(&self, pos: &Position, player: PlayerId) -> bool {
        self.sow().1.pits[player as usize].iter().all(|&p| self.seeds(pos, p) == 0)
    }

    /// The moves: each of the mover's pits that holds seeds, unless the
    /// opponent must be fed and the sowing would not reach it.
    pub(super) fn sow_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let (t, rules) = self.sow();
        let me = pos.turn;
        let starving = rules.feed && self.side_empty(pos, 1 - me);
        for &p in &rules.pits[me as usize] {
            let n = self.seeds(pos, p);
            if n == 0 {
                continue;
            }
            let mut feeds = false;
            let last = t.walk(rules, p, n, me, |q| feeds |= t.owner[q as usize] == 1 - me);
            if starving && !feeds {
                continue;
            }
            out.push(Move { kind: MoveType::Sow, from: p, to: last, ..Move::PASS });
        }
    }

    /// Plays a sowing on `next` (a copy of `pos`): the seeds go round, and
    /// the last one captures as the rules say. The outcome if a goal is met.
    pub(super) fn make_sow(&self, pos: &Position, mv: &Move, next: &mut Position) -> Option<Outcome> {
        let (t, rules) = self.sow();
        let me = pos.turn;
        let n = self.seeds(pos, mv.from);
        self.set_seeds(next, mv.from, 0);
        let mut stored = self.stored(pos, me);
        let last = t.walk(rules, mv.from, n, me, |q| {
            if t.slot[q as usize] == NONE {
                stored += 1; // the mover's own store: the opponent's is passed by
            } else {
                let c = self.seeds(next, q);
                self.set_seeds(next, q, c + 1);
            }
        });
        stored += self.sow_capture(next, me, last);
        self.set_stored(next, me, stored);
        self.sow_goal(next, me)
    }

    /// What the last seed, dropped on `last`, takes for `me`: the seeds taken.
    fn sow_capture(&self, next: &mut Position, me: PlayerId, last: Point) -> u8 {
        let (t, rules) = self.sow();
        let theirs = |q: Point| t.owner[q as usize] == 1 - me;
        match rules.capture {
            SowCapture::None => 0,
            SowCapture::Opposite => {
                let across = t.across[last as usize];
                if t.owner[last as usize] != me || self.seeds(next, last) != 1 || self.seeds(next, across) == 0 {
                    return 0;
                }
                let taken = 1 + self.seeds(next, across);
                self.set_seeds(next, last, 0);
                self.set_seeds(next, across, 0);
                taken
            }
            SowCapture::Counts { counts, backwards } => {
                let takes = |q: Point| theirs(q) && counts & (1 << self.seeds(next, q)) != 0;
                let mut pits = [NONE; 256];
                let (mut len, mut q) = (0, last);
                while takes(q) && len < t.circuit.len() {
                    pits[len] = q;
                    len += 1;
                    if !backwards {
                        break;
                    }
                    q = t.before(q);
                }
                let taken: u8 = pits[..len].iter().map(|&q| self.seeds(next, q)).sum();
                let left = rules.pits[1 - me as usize].iter().map(|&q| self.seeds(next, q)).sum::<u8>() - taken;
                if len == 0 || (left == 0 && rules.grand_slam_takes_nothing) {
                    return 0;
                }
                for &q in &pits[..len] {
                    self.set_seeds(next, q, 0);
                }
                taken
            }
        }
    }

    /// The goals judged after `me` sowed: a store that holds enough, pits emptied.
    pub(super) fn sow_goal(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::StoreHolds(n) => [me, 1 - me].into_iter().find_map(|x| {
                let held = self.stored(pos, x) as u16;
                (held >= n)
                    .then(|| Outcome { winner: g.winner(g.player.unwrap_or(x)), reason: Reason::Stored(x, held) })
            }),
            Condition::PitsEmpty => [1 - me, me]
                .into_iter()
                .find(|&x| self.side_empty(pos, x))
                .map(|x| self.sow_end(pos, SowEnd::PitsEmpty(x))),
            _ => None,
        })
    }

    /// The end of a sowing game by an `end when` rule: each player keeps
    /// what is in its store and its pits, and `most pieces` compares them
    /// (without it, a draw).
    pub(super) fn sow_end(&self, pos: &Position, cause: SowEnd) -> Outcome {
        let (a, b) = (self.holdings(pos, 0), self.holdings(pos, 1));
        let reason = Reason::Seeds(cause, a, b);
        match self.game.goals.iter().find(|g| matches!(g.condition, Condition::MostPieces)) {
            Some(g) => Self::by_score(g, a, b, reason),
            None => Outcome { winner: None, reason },
        }
    }

    /// The outcome at `pos` in a sowing game, if it is over: a player with
    /// no move, under `end when no move` or a goal about it.
    pub(super) fn sow_outcome(&self, pos: &Position) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.sow_moves(pos, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        let me = pos.turn;
        let goal = self.game.goals.iter().find(|g| matches!(g.condition, Condition::NoMove));
        Some(match goal {
            Some(g) if !g.ends => Outcome { winner: g.winner(g.player.unwrap_or(me)), reason: Reason::NoMove(me) },
            _ => self.sow_end(pos, SowEnd::NoMove(me)),
        })
    }

    /// Reads a sowing game's position sides, in the players' order: each
    /// side's letter, its pits' counts in order, then `+N` for its store
    /// (`S:S4,4,4,4,4,4+0:N4,4,4,4,4,4+0`).
    pub(super) fn sow_sides(&self, pos: &mut Position, sides: &[&str]) -> Result<(), PositionError> {
        let (_, rules) = self.sow();
        for (pl, side) in sides.iter().enumerate() {
            let player = &self.game.players[pl];
            let body = side.strip_prefix(player.letter).ok_or_else(|| {
                PositionError::Shape(format!("the side `{side}` does not start with `{}`", player.letter))
            })?;
            let (counts, store) = body.split_once('+').unwrap_or((body, "0"));
            let counts: Vec<&str> = counts.split(',').collect();
            let pits = &rules.pits[pl];
            if counts.len() != pits.len() {
                return Err(PositionError::Shape(format!(
                    "{} has {} pits, and `{side}` gives {} counts",
                    player.name,
                    pits.len(),
                    counts.len()
                )));
            }
            let number = |s: &str| {
                s.trim().parse::<u8>().map_err(|_| PositionError::Shape(format!("`{s}` is not a count of seeds")))
            };
            for (&p, n) in pits.iter().zip(counts) {
                self.set_seeds(pos, p, number(n)?);
            }
            self.set_stored(pos, pl as PlayerId, number(store)?);
        }
        let total: u32 = (0..self.players).map(|p| self.holdings(pos, p) as u32).sum();
        if total > 255 {
            return Err(PositionError::Unreachable(format!("{total} seeds, more than the 255 a game may hold")));
        }
        Ok(())
    }

    /// Writes a sowing game's position sides (see [`Engine::sow_sides`]).
    pub(super) fn sow_notation(&self, pos: &Position) -> String {
        let (_, rules) = self.sow();
        let mut out = self.game.players[pos.turn as usize].letter.to_string();
        for (pl, player) in self.game.players.iter().enumerate() {
            let counts: Vec<String> = rules.pits[pl].iter().map(|&p| self.seeds(pos, p).to_string()).collect();
            out.push_str(&format!(":{}{}+{}", player.letter, counts.join(","), self.stored(pos, pl as PlayerId)));
        }
        out
    }

    /// Why the sowing of the pit labelled `text` is not legal.
    pub(super) fn sowing_rule_against(&self, pos: &Position, text: &str) -> String {
        let (t, _) = self.sow();
        let g = &self.game;
        let me = pos.turn;
        let Some(p) = g.board.labels.iter().position(|l| l == text).map(|p| p as Point) else {
            return format!("there is no point {text}");
        };
        let name = |pl: PlayerId| &g.players[pl as usize].name;
        if t.owner[p as usize] == NO_OWNER {
            return format!("{text} is not a pit: a move sows one of {}'s pits", name(me));
        }
        if t.owner[p as usize] != me {
            return format!("{text} is a pit of {}, and {} is to move", name(1 - me), name(me));
        }
        if self.seeds(pos, p) == 0 {
            return format!("{text} holds no seeds");
        }
        format!(
            "{} has no seeds, and the rules say to feed the opponent: a sowing from {text} does not reach {}'s pits",
            name(1 - me),
            name(1 - me)
        )
    }
}
