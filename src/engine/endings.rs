//! Endings that are rules of the game rather than goals reached: a position
//! repeated N times, and N moves without progress (no capture, no move of
//! given kinds), and a repetition made by perpetual check. The count of
//! quiet plies lives in the position; repetition needs the positions since
//! the last capture, which a [`History`] keeps.

use super::*;

/// The positions (their hashes) since the last capture that took a piece for
/// good (not into a hand), for repetition rules.
/// Front ends and playouts keep one beside the position and play with
/// [`Engine::play_in`]; searches step in and out of it with [`Engine::enter`]
/// and [`Engine::leave`]. It stays empty in games without such a rule.
#[derive(Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
    /// Where the positions that can still stand again begin, in a game with
    /// hands: a search keeps the older ones to step back to, a game drops them.
    start: usize,
    /// The pieces on the board and in hand ([`Engine::pieces_held`]) when
    /// they were last counted (where, [`Forgetting`] says): where they
    /// fall, no earlier position can stand again.
    pieces: u32,
    /// A bit for each position since `start`, by the top byte of its hash: a
    /// position whose bit is clear has not stood before, and is not looked for.
    seen: Seen,
    /// Beside each hash, in a game with a perpetual check rule: who made the
    /// position and whether it gave check.
    made: Vec<Made>,
}

/// When a history forgets the positions before a capture, which cannot
/// stand again once pieces have gone for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Forgetting {
    /// Pieces can come from nowhere (an unlimited supply, a shot): never.
    Never,
    /// Each point holds one piece at most: where the pieces on the board
    /// and in hand, counted every ply, are fewer.
    Count,
    /// Stacks or pits: where pieces of another player, a store or the
    /// pieces borne off changed and the pieces of every stack or pit, and
    /// in hand, are fewer.
    OnFall,
    /// Every move a no-progress rule counts as progress (a capture, a move
    /// of a kind that only goes one way: draughts' men, chess's pawns)
    /// leaves no earlier position to come back to: where its count starts
    /// again. Nothing is counted, and far fewer positions are kept.
    Progress,
}

impl Forgetting {
    pub(super) fn of(game: &Game, unlimited: &[bool], hands: bool) -> Forgetting {
        if unlimited.iter().any(|&u| u) || game.kinds.iter().any(|k| k.shoot.is_some()) {
            Forgetting::Never
        } else if game.sowing.is_some() || game.stacks.is_some() {
            Forgetting::OnFall
        } else if !hands && progress_is_for_good(game) {
            Forgetting::Progress
        } else {
            Forgetting::Count
        }
    }
}

/// Whether every move the game's no-progress rule counts as progress makes
/// every earlier position unrepeatable, in a game without hands: it counts
/// captures, a capture takes its pieces for good (no piece changes sides,
/// is sent back or returns to hand), and each kind whose moves count goes
/// one way only ([`one_way`]).
fn progress_is_for_good(game: &Game) -> bool {
    let Some(&Condition::NoProgress { capture: true, kinds, .. }) =
        game.goals.iter().map(|g| &g.condition).find(|c| matches!(c, Condition::NoProgress { .. }))
    else {
        return false;
    };
    let sent_back = game.swap_places
        || game.return_to_hand
        || game.change_sides
        || !game.landing_returns.is_empty()
        || game.tracks.iter().any(|t| !t.is_empty())
        || game.dice.is_some_and(|d| d.pair)
        || game.custodial.as_ref().is_some_and(|c| c.convert);
    !sent_back && (0..game.kinds.len() as KindId).filter(|&k| kinds & (1 << k) != 0).all(|k| one_way(game, k))
}

/// Whether no piece of kind `k` can ever stand where one stood before, once
/// it has moved: none is ever made (by promotion, entry or castling), and
/// for every player its moves lead along links with no way round back to
/// where they started. So the set of its pieces only ever moves on: where
/// one moves, no earlier position can stand again.
fn one_way(game: &Game, k: KindId) -> bool {
    let kind = &game.kinds[k as usize];
    let made = game.kinds.iter().any(|o| o.promotion_choices().any(|c| c == k) || o.castle == Some(k));
    let m = &kind.moves;
    if made || kind.enter.is_some() || kind.castle.is_some() || kind.fly.is_some() || m.track {
        return false;
    }
    let board = &game.board;
    let lattice = &tables::lattice(board);
    (0..game.players.len()).all(|pl| {
        // Slides, leaps over a piece and hops go link by link along their
        // direction; approach and withdrawal are read either way.
        let lines = m.approach[pl] | m.withdraw[pl];
        let mut dirs = m.step[pl] | m.slide[pl] | m.jump[pl] | m.fly[pl] | m.take[pl] | lines;
        dirs |= (0..8).filter(|&d| lines & (1 << d) != 0).fold(0, |o, d| o | 1 << opposite(d));
        let mut offsets = Vec::new();
        for v in &m.vectors {
            match v.shape {
                Shape::Leap | Shape::Ride => offsets.extend(v.offsets[pl].iter().map(|&(x, y)| (x as i32, y as i32))),
                _ => dirs |= v.dirs[pl],
            }
        }
        let next = |p: usize| {
            let along = (0..8).filter(move |&d| dirs & (1 << d) != 0).map(move |d| board.step(p as Point, d));
            let leaps = offsets.iter().map(move |&(dx, dy)| vectors::lattice_offset(board, lattice, p, dx, dy));
            along.chain(leaps).filter(|&q| q != NONE).map(|q| q as usize)
        };
        acyclic(board.len(), next)
    })
}

/// Whether the links `next` gives each of `n` points lead nowhere round in
/// a circle (Kahn's order: every point is reached once its links in are).
fn acyclic<I: Iterator<Item = usize>>(n: usize, next: impl Fn(usize) -> I) -> bool {
    let mut links_in = vec![0usize; n];
    (0..n).flat_map(&next).for_each(|q| links_in[q] += 1);
    let mut ready: Vec<usize> = (0..n).filter(|&p| links_in[p] == 0).collect();
    let mut ordered = 0;
    while let Some(p) = ready.pop() {
        ordered += 1;
        for q in next(p) {
            links_in[q] -= 1;
            if links_in[q] == 0 {
                ready.push(q);
            }
        }
    }
    ordered == n
}

/// Who made a position of the history, and whether the move gave check.
#[derive(Clone, Copy, Debug)]
struct Made {
    mover: PlayerId,
    check: bool,
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
        History {
            hashes: self.hashes.clone(),
            start: self.start,
            pieces: self.pieces,
            seen: self.seen,
            made: self.made.clone(),
        }
    }

    /// Keeps the allocation: a search starts every descent from the game's history.
    fn clone_from(&mut self, other: &History) {
        self.hashes.clone_from(&other.hashes);
        self.made.clone_from(&other.made);
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

    /// The player who gave check with every move it made since the position
    /// with this hash first stood (the last one held), if exactly one did.
    fn perpetual_checker(&self, hash: u64) -> Option<PlayerId> {
        let since = self.start + self.hashes[self.start..].iter().position(|&h| h == hash)?;
        let made = &self.made[since + 1..];
        let checked_throughout =
            |p: PlayerId| made.iter().any(|m| m.mover == p) && made.iter().all(|m| m.mover != p || m.check);
        match (checked_throughout(0), checked_throughout(1)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        }
    }
}

/// How to step back out of a position a search entered: see [`Engine::leave`].
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    /// The hashes held (and the `made` beside them).
    len: usize,
    start: usize,
    pieces: u32,
    seen: Seen,
}

impl Engine {
    /// How many pieces of `kinds` the player has, on the board and in hand
    /// (`every`: the kinds are all of them, so the pieces need no look).
    pub(super) fn pieces_left(&self, pos: &Position, player: PlayerId, kinds: u16, every: bool) -> usize {
        let on_board = if self.game.stacks.is_some() {
            let of_kinds = pos.occupied[player as usize].iter().filter(|&p| kinds & (1 << kind_of(pos.at(p))) != 0);
            of_kinds.map(|p| self.height(pos, p) as usize).sum()
        } else if every {
            self.points_in(&pos.occupied[player as usize])
        } else if kinds & self.every_kind == 1 {
            // The first kind alone, or every kind but the first: by the set
            // of the pieces of other kinds, with no look at each piece.
            self.points_in(&pos.occupied[player as usize].minus(&pos.other_kinds))
        } else if kinds | 1 == self.every_kind {
            self.points_in(&pos.occupied[player as usize].and(&pos.other_kinds))
        } else {
            pos.occupied[player as usize].iter().filter(|&p| kinds & (1 << kind_of(pos.at(p))) != 0).count()
        };
        on_board + self.held(pos, player, kinds)
    }

    /// Whether a rule looks back at the positions played (repetition,
    /// perpetual check): otherwise a `History` stays empty.
    pub(super) fn keeps_history(&self) -> bool {
        self.goals.repetition.is_some() || self.goals.perpetual.is_some()
    }

    /// A history that starts at `pos`.
    pub fn history_from(&self, pos: &Position) -> History {
        let mut h = History::default();
        if self.keeps_history() {
            // Room for a typical run of moves without a capture: no growing in a playout.
            h.hashes.reserve(64);
            h.hashes.push(pos.hash);
            if self.goals.perpetual.is_some() {
                // Nothing before it is looked at: who made it does not matter.
                h.made.push(Made { mover: 1 - pos.turn, check: false });
            }
            h.pieces = self.pieces_held(pos);
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

    /// [`Engine::play_in`] into `next`, a position of the same game,
    /// overwriting it: no new position is made.
    pub fn play_in_into(&self, pos: &Position, mv: &Move, history: &mut History, next: &mut Position) {
        self.play_into(pos, mv, next);
        self.remember(pos, history, next);
    }

    /// Remembers `next`, the position after a move from `pos`, in `history`;
    /// ends the game if it has now stood as many times as a repetition rule allows.
    #[inline(always)]
    pub(super) fn remember(&self, pos: &Position, history: &mut History, next: &mut Position) {
        if !self.keeps_history() {
            return;
        }
        // A game never steps back: what a capture made unrepeatable goes.
        let forget =
            if self.forgetting == Forgetting::Progress { next.quiet == 0 } else { self.fell(pos, history, next) };
        if forget {
            history.hashes.clear();
            history.made.clear();
            history.start = 0;
            history.seen = Seen::default();
        }
        self.remember_repeated(pos.turn, history, next);
    }

    /// Whether the pieces counted ([`Forgetting::Count`], [`Forgetting::OnFall`])
    /// fell from `pos` to `next`: then `history` counts them afresh.
    #[inline(always)]
    fn fell(&self, pos: &Position, history: &mut History, next: &Position) -> bool {
        let fallen = match self.forgetting {
            Forgetting::Count => Some(self.pieces_counted(next)).filter(|&n| n != history.pieces),
            Forgetting::OnFall if self.pieces_may_fall(pos, next) => {
                Some(self.pieces_held(next)).filter(|&n| n < self.pieces_held(pos))
            }
            Forgetting::OnFall | Forgetting::Never | Forgetting::Progress => None,
        };
        fallen.inspect(|&n| history.pieces = n).is_some()
    }

    /// Whether pieces may have gone for good from `before` to `after`, the
    /// position a move made: some other player's pieces changed, or a store
    /// or the pieces borne off did. A move that loses only its own pieces is
    /// missed, which keeps positions that cannot stand again, no more.
    fn pieces_may_fall(&self, before: &Position, after: &Position) -> bool {
        let me = before.turn as usize;
        let others = |pos: &Position| pos.taken.minus(&pos.occupied[me]);
        others(before) != others(after) || before.borne_off != after.borne_off
    }

    /// For searches: remembers `next`, made by a move of `mover` (with
    /// [`Engine::play_unchecked`]), in `history` as [`Engine::play_in`]
    /// would, ending the game in `next` if a repetition rule says so; the
    /// mark returned steps back out with [`Engine::leave`].
    #[inline]
    pub fn enter(&self, mover: PlayerId, history: &mut History, next: &mut Position) -> Mark {
        let (len, start, pieces, seen) = (history.hashes.len(), history.start, history.pieces, history.seen);
        let mark = Mark { len, start, pieces, seen };
        if self.keeps_history() {
            // Without hands no piece comes back onto the board, so no
            // position from before a capture can stand again: looking at
            // them too changes nothing, and saves counting the pieces on
            // every move searched. With hands, a change of material (a
            // piece taken for good) ends them.
            if self.hands.any && self.forgetting == Forgetting::Count {
                let pieces = self.pieces_counted(next);
                if pieces != history.pieces {
                    history.start = history.hashes.len();
                    history.pieces = pieces;
                    history.seen = Seen::default();
                }
            }
            self.remember_repeated(mover, history, next);
        }
        mark
    }

    /// The pieces on the board and in hand where each point holds one
    /// piece at most ([`Forgetting::Count`]): taken every ply.
    #[inline(always)]
    fn pieces_counted(&self, pos: &Position) -> u32 {
        // Every player's pieces are in `taken`: one set counted, not two.
        let on_board = self.points_in(&pos.taken) as u32;
        if !self.hands.any {
            return on_board;
        }
        on_board + self.in_limited_hands(pos)
    }

    /// The pieces in hand, but for an unlimited supply.
    #[inline(always)]
    fn in_limited_hands(&self, pos: &Position) -> u32 {
        (0..MAX_HANDS).filter(|&s| !self.hands.unlimited[s]).map(|s| pos.hand[s] as u32).sum()
    }

    /// The pieces on the board (every piece of a stack, every seed of a pit)
    /// and in hand: a count that never grows (unless [`Forgetting::Never`]), so
    /// that where it fell, no earlier position can stand again. (A capture
    /// into the captor's hand leaves it as it was: a drop may bring the
    /// earlier position back.)
    fn pieces_held(&self, pos: &Position) -> u32 {
        let on_board: u32 = if let Some(rules) = &self.game.sowing {
            rules.pits.iter().flatten().map(|&p| self.seeds(pos, p) as u32).sum()
        } else if self.game.stacks.is_some() {
            pos.taken.iter().map(|p| self.height(pos, p) as u32).sum()
        } else {
            return self.pieces_counted(pos);
        };
        on_board + self.in_limited_hands(pos)
    }

    /// The part of [`Engine::enter`] and [`Engine::remember`] every game
    /// with a repetition or perpetual check rule shares. Runs every ply of
    /// a playout: the rare case, a position that may have stood before, is
    /// out of line.
    #[inline(always)]
    fn remember_repeated(&self, mover: PlayerId, history: &mut History, next: &mut Position) {
        history.hashes.push(next.hash);
        if self.goals.perpetual.is_some() {
            let check = self.check(next, next.turn).is_some();
            history.made.push(Made { mover, check });
        }
        if see(&mut history.seen, next.hash) {
            self.met_again(mover, history, next);
        }
    }

    /// `next`, made by `mover`, may have stood before (its filter bit was
    /// set): the end by repetition or perpetual check, unless the move ended
    /// the game already.
    #[cold]
    #[inline(never)]
    fn met_again(&self, mover: PlayerId, history: &History, next: &mut Position) {
        if next.result.is_none() {
            next.result = self.repeated_outcome(mover, history, next);
        }
    }

    /// The end by repetition or perpetual check of `next`, made by `mover`,
    /// whose hash the history has met before (or one sharing its filter bit).
    fn repeated_outcome(&self, mover: PlayerId, history: &History, next: &Position) -> Option<Outcome> {
        self.perpetual_outcome(history, next.hash).or_else(|| {
            let g = &self.game.goals[self.goals.repetition?];
            let Condition::Repeated(times) = g.condition else { return None };
            if g.ends && history.stood(next.hash, times as usize) {
                return Some(self.sow_end(next, SowEnd::Repeated(times)));
            }
            let winner = g.winner(g.player.unwrap_or(mover));
            history.stood(next.hash, times as usize).then_some(Outcome { winner, reason: Reason::Repeated(times) })
        })
    }

    /// The end by perpetual check, if the position with `hash` (the last
    /// one held) has stood as often as the rule says and one player gave
    /// check with every move since it first stood.
    fn perpetual_outcome(&self, history: &History, hash: u64) -> Option<Outcome> {
        let g = &self.game.goals[self.goals.perpetual?];
        let Condition::PerpetualCheck(times) = g.condition else { return None };
        if !history.stood(hash, times as usize) {
            return None;
        }
        let checker = history.perpetual_checker(hash)?;
        if g.player.is_some_and(|p| p != checker) {
            return None;
        }
        Some(Outcome { winner: g.winner(checker), reason: Reason::PerpetualCheck(checker, times) })
    }

    /// Forgets what [`Engine::enter`] remembered since `mark`.
    #[inline]
    pub fn leave(&self, history: &mut History, mark: Mark) {
        history.hashes.truncate(mark.len);
        history.made.truncate(mark.len);
        history.start = mark.start;
        history.pieces = mark.pieces;
        history.seen = mark.seen;
    }

    /// The count of plies without progress after `mv` took `before` to
    /// `after`, and the outcome if it has reached the game's limit.
    pub(super) fn no_progress_after(&self, before: &Position, after: &mut Position, mv: &Move) {
        let Some(goal) = self.goals.no_progress else { return };
        let g = &self.game.goals[goal];
        let Condition::NoProgress { capture, kinds, .. } = g.condition else { return };
        let captured = self.captured_since(before, after);
        let moved = match mv.kind {
            MoveType::Pass => None,
            // An entered piece was in hand, not on `from`.
            MoveType::Enter => Some(mv.becomes),
            _ => Some(kind_of(before.at(mv.from))),
        };
        let progress = (capture && captured) || moved.is_some_and(|k| kinds & (1 << k) != 0);
        after.quiet = if progress { 0 } else { before.quiet.saturating_add(1) };
        if after.result.is_none() {
            after.result = self.no_progress_reached(after, before.turn);
        }
    }

    /// The end by the no-progress rule, if `pos` (made by `mover`) has
    /// gone as many plies without progress as it allows.
    pub(super) fn no_progress_reached(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        let g = &self.game.goals[self.goals.no_progress?];
        let Condition::NoProgress { plies, .. } = g.condition else { return None };
        let subject = g.player.unwrap_or(mover);
        (pos.quiet >= plies).then(|| Outcome { winner: g.winner(subject), reason: Reason::NoProgress(plies / 2) })
    }
}
