//! A position as numbers for learning code: planes over the board's points
//! and a few counts, seen from one player's seat (its own pieces first).
//!
//! The layout, in order (each part present where the game has it):
//! - `pieces`: per seat from the observer's, per kind, per point, how many
//!   of its pieces stand there (a stack's height);
//! - `seeds`: per point, the seeds in its pit or store (sowing games);
//! - `hand`: per seat, per kind a player may hold, the pieces in hand;
//! - `off`: per seat, the pieces borne off (games with tracks);
//! - `roll`: the roll on the table, one-hot over the dice's rolls;
//! - `move`: two planes over the points for a move chosen in part (see
//!   `actions.rs`): the points it has passed, and where its piece stands;
//! - `to_move`: 1 if the observer is to move.

use super::actions::{ActionSpace, Step, Target};
use crate::engine::{kind_of, owner, Engine, Position};
use crate::game::{KindId, PlayerId, Point};

/// What an observation shows: a position seen by `observer`, with `roll`
/// on the table and `pending` the actions of a move chosen so far.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub pos: &'a Position,
    pub observer: PlayerId,
    pub roll: Option<u8>,
    pub pending: &'a [u32],
}

/// The parts of the observation, with their sizes.
#[derive(Clone, Debug)]
pub struct Layout {
    pub parts: Vec<(&'static str, Vec<usize>)>,
    hand_kinds: Vec<KindId>,
    tracks: bool,
}

impl Layout {
    pub fn new(engine: &Engine) -> Layout {
        let game = &engine.game;
        let (n, kinds, points) = (game.players.len(), game.kinds.len(), game.board.len());
        let hand_kinds: Vec<KindId> = (0..kinds as KindId)
            .filter(|&k| (0..n as PlayerId).any(|p| engine.has_hand(p, k) && !engine.unlimited(p, k)))
            .collect();
        let tracks = game.kinds.iter().any(|k| k.moves.track);
        let mut parts = vec![("pieces", vec![n, kinds, points])];
        if engine.sows() {
            parts.push(("seeds", vec![points]));
        }
        if !hand_kinds.is_empty() {
            parts.push(("hand", vec![n, hand_kinds.len()]));
        }
        if tracks {
            parts.push(("off", vec![n]));
        }
        if !engine.rolls().is_empty() {
            parts.push(("roll", vec![engine.rolls().len()]));
        }
        parts.push(("move", vec![2, points]));
        parts.push(("to_move", vec![1]));
        Layout { parts, hand_kinds, tracks }
    }

    /// How many numbers an observation holds.
    pub fn len(&self) -> usize {
        self.parts.iter().map(|(_, shape)| shape.iter().product::<usize>()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes what `view` shows into `out` (of [`Layout::len`] numbers).
    pub fn write(&self, engine: &Engine, space: &ActionSpace, view: &View, out: &mut [f32]) {
        let View { pos, observer, roll, pending } = *view;
        out.fill(0.0);
        let game = &engine.game;
        let (n, kinds, points) = (game.players.len(), game.kinds.len(), game.board.len());
        let seat = |p: PlayerId| (p as usize + n - observer as usize) % n;
        for q in 0..points {
            let c = pos.at(q as Point);
            if c != 0 {
                let plane = seat(owner(c)) * kinds + kind_of(c) as usize;
                out[plane * points + q] = engine.height(pos, q as Point) as f32;
            }
        }
        let mut at = n * kinds * points;
        if engine.sows() {
            for q in 0..points {
                out[at + q] = engine.seeds_on(pos, q as Point).unwrap_or(0) as f32;
            }
            at += points;
        }
        if !self.hand_kinds.is_empty() {
            for p in 0..n as PlayerId {
                for (i, &k) in self.hand_kinds.iter().enumerate() {
                    out[at + seat(p) * self.hand_kinds.len() + i] = engine.counted_in_hand(pos, p, k) as f32;
                }
            }
            at += n * self.hand_kinds.len();
        }
        if self.tracks {
            for p in 0..n as PlayerId {
                out[at + seat(p)] = engine.borne_off(pos, p) as f32;
            }
            at += n;
        }
        let rolls = engine.rolls();
        if !rolls.is_empty() {
            if let Some(i) = roll.and_then(|r| rolls.iter().position(|&x| x == r)) {
                out[at + i] = 1.0;
            }
            at += rolls.len();
        }
        for &a in pending {
            let (passed, stands) = match space.step(a as usize) {
                Some(Step::Go { from, to: Target::Point(q) | Target::Withdraw(q) }) => (Some(from), Some(q)),
                Some(Step::Go { from, .. }) => (Some(from), None),
                Some(Step::Enter { to, .. }) => (None, Some(to)),
                Some(Step::At(q)) => (Some(q), None),
                _ => (None, None),
            };
            if let Some(q) = passed {
                out[at + q as usize] = 1.0;
            }
            if let Some(q) = stands {
                out[at + points..at + 2 * points].fill(0.0);
                out[at + points + q as usize] = 1.0;
                out[at + q as usize] = 1.0;
            }
        }
        at += 2 * points;
        out[at] = f32::from(u8::from(pos.turn == observer));
    }
}
