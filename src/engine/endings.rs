//! Endings that are rules of the game rather than goals reached: a position
//! repeated N times, and N moves without progress (no capture, no move of
//! given kinds). The count of quiet plies lives in the position; repetition
//! needs the positions since the last capture, which a [`History`] keeps.

use super::*;

/// The positions (their hashes) since the last capture, for repetition rules.
/// Front ends and playouts keep one beside the position and play with
/// [`Engine::play_in`]; it stays empty in games without such a rule.
#[derive(Clone, Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
    /// Pieces on the board at the last position remembered: a capture (or any
    /// change in the count) means no earlier position can stand again.
    pieces: u16,
}

impl History {
    /// How many positions it holds (since the last capture).
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}

impl Engine {
    /// Counting goals (`fewer than N KIND left`, `N KIND captured`), judged
    /// after `mover` has moved: about each player who had such pieces at the
    /// start.
    pub(super) fn goal_count(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| {
            let (n, kinds, captured) = match g.condition {
                Condition::FewerThan { n, kinds } => (n, kinds, false),
                Condition::CapturedCount { n, kinds } => (n, kinds, true),
                _ => return None,
            };
            // The other side first: a move takes the opponent's pieces.
            [1 - mover, mover].into_iter().find_map(|x| {
                let start = self.setup_count(x, kinds);
                if start == 0 {
                    return None;
                }
                let on_board =
                    pos.occupied[x as usize].iter().filter(|&p| kinds & (1 << kind_of(pos.at(p))) != 0).count();
                let left = on_board + self.held(pos, x, kinds);
                let hit = if captured { start.saturating_sub(left) >= n as usize } else { left < n as usize };
                if !hit {
                    return None;
                }
                // Without a named player: the one it is about (for captures,
                // the capturer wins or the one who lost them loses).
                let subject = match (g.player, captured) {
                    (Some(p), _) => p,
                    (None, true) if g.wins => 1 - x,
                    (None, _) => x,
                };
                let reason = if captured { Reason::CapturedCount(x, n) } else { Reason::FewerThan(x, n) };
                Some(Outcome { winner: g.winner(subject), reason })
            })
        })
    }

    /// A history that starts at `pos`.
    pub fn history_from(&self, pos: &Position) -> History {
        let mut h = History::default();
        if self.repetition.is_some() {
            h.hashes.push(pos.hash);
            h.pieces = pos.pieces(0) + pos.pieces(1);
        }
        h
    }

    /// Plays `mv` (legal at `pos`) and remembers the new position in
    /// `history`; ends the game if the position has now stood as many times
    /// as a repetition rule allows.
    pub fn play_in(&self, pos: &Position, mv: &Move, history: &mut History) -> Position {
        let mut next = pos.clone();
        self.make(pos, mv, &mut next);
        self.remember(pos, history, &mut next);
        next
    }

    /// [`Engine::play_in`] into `next`, overwriting it.
    pub(super) fn play_in_into(&self, pos: &Position, mv: &Move, history: &mut History, next: &mut Position) {
        self.play_into(pos, mv, next);
        self.remember(pos, history, next);
    }

    /// Remembers `next`, the position after a move from `pos`, in `history`;
    /// ends the game if it has now stood as many times as a repetition rule allows.
    fn remember(&self, pos: &Position, history: &mut History, next: &mut Position) {
        let Some(goal) = self.repetition else { return };
        let pieces = next.pieces(0) + next.pieces(1);
        if pieces != history.pieces {
            history.hashes.clear();
            history.pieces = pieces;
        }
        history.hashes.push(next.hash);
        let Condition::Repeated(times) = self.game.goals[goal].condition else { return };
        if next.result.is_none() && history.hashes.iter().filter(|&&h| h == next.hash).count() >= times as usize {
            let g = &self.game.goals[goal];
            next.result =
                Some(Outcome { winner: g.winner(g.player.unwrap_or(pos.turn)), reason: Reason::Repeated(times) });
        }
    }

    /// The count of plies without progress after `mv` took `before` to
    /// `after`, and the outcome if it has reached the game's limit.
    pub(super) fn no_progress_after(&self, before: &Position, after: &mut Position, mv: &Move) {
        let Some(goal) = self.no_progress else { return };
        let g = &self.game.goals[goal];
        let Condition::NoProgress { plies, capture, kinds } = g.condition else { return };
        let captured = after.captured_since(before);
        let moved = match mv.kind {
            MoveType::Pass => None,
            // An entered piece was in hand, not on `from`.
            MoveType::Enter => Some(mv.becomes),
            _ => Some(kind_of(before.at(mv.from))),
        };
        let progress = (capture && captured) || moved.is_some_and(|k| kinds & (1 << k) != 0);
        after.quiet = if progress { 0 } else { before.quiet.saturating_add(1) };
        if after.result.is_none() && after.quiet >= plies {
            let subject = g.player.unwrap_or(before.turn);
            after.result = Some(Outcome { winner: g.winner(subject), reason: Reason::NoProgress(plies / 2) });
        }
    }
}
