//! Endings that are rules of the game rather than goals reached: a position
//! repeated N times, and N moves without progress (no capture, no move of
//! given kinds). The count of quiet plies lives in the position; repetition
//! needs the positions since the last capture, which a [`History`] keeps.

use super::*;

/// The positions (their hashes) since the last capture, for repetition rules.
/// Front ends and playouts keep one beside the position and play with
/// [`Engine::play_in`]; searches step in and out of it with [`Engine::enter`]
/// and [`Engine::leave`]. It stays empty in games without such a rule.
#[derive(Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
    /// Where the positions that can still stand again begin, in a game with
    /// hands: a search keeps the older ones to step back to, a game drops them.
    start: usize,
    /// Pieces on the board at the last position remembered: a capture (or any
    /// change in the count) means no earlier position can stand again.
    pieces: u16,
    /// A bit for each position since `start`, by the top byte of its hash: a
    /// position whose bit is clear has not stood before, and is not looked for.
    seen: Seen,
}

type Seen = [u64; 4];

/// Sets the bit of `hash` in `seen`; whether it was set already.
fn see(seen: &mut Seen, hash: u64) -> bool {
    let (word, bit) = ((hash >> 62) as usize, 1u64 << ((hash >> 56) & 63));
    let before = seen[word] & bit != 0;
    seen[word] |= bit;
    before
}

impl Clone for History {
    fn clone(&self) -> History {
        History { hashes: self.hashes.clone(), start: self.start, pieces: self.pieces, seen: self.seen }
    }

    /// Keeps the allocation: a search starts every descent from the game's history.
    fn clone_from(&mut self, other: &History) {
        self.hashes.clone_from(&other.hashes);
        (self.start, self.pieces, self.seen) = (other.start, other.pieces, other.seen);
    }
}

impl History {
    /// How many positions it holds (since the last capture).
    pub fn len(&self) -> usize {
        self.hashes.len() - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the last position remembered is `pos` (so a search can go on from it).
    pub fn ends_at(&self, pos: &Position) -> bool {
        self.hashes[self.start..].last() == Some(&pos.hash)
    }

    /// Whether the position with this hash has stood `times` times since the last capture.
    fn stood(&self, hash: u64, times: usize) -> bool {
        let since = &self.hashes[self.start..];
        // Between two standings of a position at least one other stands.
        since.len() + 1 >= 2 * times && since.iter().filter(|&&h| h == hash).count() >= times
    }

    /// Remembers a position; whether it has now stood `times` times.
    fn push(&mut self, hash: u64, times: usize) -> bool {
        self.hashes.push(hash);
        see(&mut self.seen, hash) && self.stood(hash, times)
    }
}

/// How to step back out of a position a search entered: see [`Engine::leave`].
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    len: usize,
    start: usize,
    pieces: u16,
    seen: Seen,
}

impl Engine {
    /// Counting goals (`fewer than N KIND left`, `N KIND captured`), judged
    /// after `mover` has moved: about each player who had such pieces at the
    /// start.
    pub(super) fn goal_count(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        self.game.goals.iter().zip(&self.goal_start).find_map(|(g, start)| {
            let (n, kinds, captured, also, moved_last) = match &g.condition {
                Condition::FewerThan { n, kinds, also, moved_last } => (*n, *kinds, false, &also[..], *moved_last),
                Condition::CapturedCount { n, kinds } => (*n, *kinds, true, &[][..], false),
                _ => return None,
            };
            // The other side first: a move takes the opponent's pieces.
            // Every kind (`pieces`): the counts need no look at the pieces.
            let every = kinds & self.every_kind == self.every_kind;
            [1 - mover, mover].into_iter().find_map(|x| {
                let start = start[x as usize] as usize;
                if start == 0 {
                    return None;
                }
                let left = self.pieces_left(pos, x, kinds, every);
                let hit = if captured { start.saturating_sub(left) >= n as usize } else { left < n as usize };
                let clauses_hold = also.iter().all(|c| {
                    let whose = if c.opponent { 1 - x } else { x };
                    let every = c.kinds & self.every_kind == self.every_kind;
                    let left = self.pieces_left(pos, whose, c.kinds, every);
                    (left >= c.n as usize) == c.at_least
                });
                if !hit || !clauses_hold || moved_last && x != mover {
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

    /// How many pieces of `kinds` the player has, on the board and in hand
    /// (`every`: the kinds are all of them, so the pieces need no look).
    fn pieces_left(&self, pos: &Position, player: PlayerId, kinds: u16, every: bool) -> usize {
        let on_board = if every {
            pos.occupied[player as usize].len()
        } else {
            pos.occupied[player as usize].iter().filter(|&p| kinds & (1 << kind_of(pos.at(p))) != 0).count()
        };
        on_board + self.held(pos, player, kinds)
    }

    /// A history that starts at `pos`.
    pub fn history_from(&self, pos: &Position) -> History {
        let mut h = History::default();
        if self.repetition.is_some() {
            h.hashes.push(pos.hash);
            h.pieces = pos.pieces(0) + pos.pieces(1);
            see(&mut h.seen, pos.hash);
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
        if self.repetition.is_none() {
            return;
        }
        // A game never steps back: what a capture made unrepeatable goes.
        let pieces = next.pieces(0) + next.pieces(1);
        if pieces != history.pieces {
            history.hashes.clear();
            history.start = 0;
            history.pieces = pieces;
            history.seen = Seen::default();
        }
        self.enter(pos.turn, history, next);
    }

    /// For searches: remembers `next`, made by a move of `mover` (with
    /// [`Engine::play_unchecked`]), in `history` as [`Engine::play_in`]
    /// would, ending the game in `next` if a repetition rule says so; the
    /// mark returned steps back out with [`Engine::leave`].
    #[inline]
    pub fn enter(&self, mover: PlayerId, history: &mut History, next: &mut Position) -> Mark {
        let (len, start, pieces, seen) = (history.hashes.len(), history.start, history.pieces, history.seen);
        let mark = Mark { len, start, pieces, seen };
        if let Some(goal) = self.repetition {
            self.remember_repeated(goal, mover, history, next);
        }
        mark
    }

    /// [`Engine::enter`] in a game with a repetition rule (its `goal`).
    fn remember_repeated(&self, goal: usize, mover: PlayerId, history: &mut History, next: &mut Position) {
        // Without hands no piece comes back onto the board, so no position
        // from before a capture can stand again: counting them too changes
        // nothing, and saves counting the pieces on every move searched.
        if self.hands {
            let pieces = next.pieces(0) + next.pieces(1);
            if pieces != history.pieces {
                history.start = history.hashes.len();
                history.pieces = pieces;
                history.seen = Seen::default();
            }
        }
        let g = &self.game.goals[goal];
        let Condition::Repeated(times) = g.condition else { return };
        if history.push(next.hash, times as usize) && next.result.is_none() {
            next.result =
                Some(Outcome { winner: g.winner(g.player.unwrap_or(mover)), reason: Reason::Repeated(times) });
        }
    }

    /// Forgets what [`Engine::enter`] remembered since `mark`.
    #[inline]
    pub fn leave(&self, history: &mut History, mark: Mark) {
        history.hashes.truncate(mark.len);
        history.start = mark.start;
        history.pieces = mark.pieces;
        history.seen = mark.seen;
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
