//! Playing a move: the piece moves, captures are judged on the board as it
//! stands when the piece lands, then removed; goals are checked.

use super::custodial;
use super::shifts::{grow, vacant_bits, Stepper, StepperFn};
use super::*;

/// Why [`Engine::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not among the legal moves of the position it was played in.
    Illegal { notation: String },
    /// The legal moves are not known in full, so the move cannot be judged.
    Limit(Limit),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Illegal { notation } => write!(f, "`{notation}` is not legal here"),
            PlayError::Limit(limit) => write!(f, "no verdict: {limit}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl Engine {
    /// The position after `mv`, if `mv` is legal at `pos` under `roll` (the
    /// die's value in a dice game). Use [`Engine::play_unchecked`] with moves
    /// that come from [`Engine::moves`].
    pub fn play(&self, pos: &Position, roll: Option<u8>, mv: &Move) -> Result<Position, PlayError> {
        let mut legal = Vec::new();
        self.moves(pos, roll, &mut legal).map_err(PlayError::Limit)?;
        if legal.contains(mv) {
            Ok(self.play_unchecked(pos, mv))
        } else {
            Err(PlayError::Illegal { notation: self.notation(mv) })
        }
    }

    /// The position after `mv`, which must be legal here (from [`Engine::moves`]).
    pub fn play_unchecked(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = pos.clone();
        self.make(pos, mv, &mut next);
        next
    }

    /// [`Engine::play_unchecked`] into `next`, a position of this game that
    /// it overwrites: for loops that keep two positions and play from one into
    /// the other, copying only the board's points rather than a whole position.
    pub fn play_unchecked_into(&self, pos: &Position, mv: &Move, next: &mut Position) {
        self.play_into(pos, mv, next);
    }

    /// Plays `mv` (legal at `pos`) into `next`, overwriting it: for loops
    /// that keep two positions and play from one into the other, copying
    /// a position once a ply.
    pub(super) fn play_into(&self, pos: &Position, mv: &Move, next: &mut Position) {
        next.copy_on_board(pos, self.cells_used, self.players);
        self.make(pos, mv, next);
    }

    /// Plays `mv` (legal at `pos`) on `next`, a copy of `pos`.
    pub(super) fn make(&self, pos: &Position, mv: &Move, next: &mut Position) {
        if self.paths.bare_moves && matches!(mv.kind, MoveType::Plain | MoveType::Jumps) {
            return self.make_bare(pos, mv, next);
        }
        let me = pos.turn;
        let mut result = None;
        match mv.kind {
            MoveType::Pass => {}
            MoveType::Lift => self.put(next, mv.from, 0),
            MoveType::Leave => {
                let kind = kind_of(pos.at(mv.from));
                self.put(next, mv.from, 0);
                result = self.goal_escape(me, kind);
            }
            MoveType::Turn => result = self.make_turn(me, mv, next),
            MoveType::Plain | MoveType::Enter | MoveType::BearOff if self.game.stacks.is_some() => {
                self.race_step(next, me, mv);
                result = next.result.take();
            }
            MoveType::BearOff => {
                self.put(next, mv.from, 0);
                self.set_borne_off(next, me, pos.borne_off[me as usize].saturating_add(1));
                result = self.goal_borne_off(next, me);
            }
            MoveType::Castle => self.castle_pieces(pos, mv, next),
            MoveType::Sow => result = self.make_sow(pos, mv, next),
            MoveType::Jumps => {
                let mut captured = 0u16;
                for &t in mv.jumped() {
                    captured |= self.take(next, t);
                }
                self.put(next, mv.from, 0);
                self.put(next, mv.to, cell(me, mv.becomes));
                result = self.goal_capture(me, captured).or_else(|| self.goal_reach(me, mv.becomes, mv.to));
            }
            MoveType::Plain | MoveType::Enter => result = self.make_plain(pos, mv, next),
        }
        if self.paths.rules_after_move {
            result = self.rules_after(pos, mv, next, result);
        }
        let again = self.extra_turns && self.another_turn(mv);
        let to = if self.ranked {
            result = self.place_finisher(next, result);
            // A player who has just finished has no further turn.
            (!again || next.places.contains(me)).then(|| self.next_in_play(next, me))
        } else {
            (!again).then(|| self.next_player(me))
        };
        if let Some(to) = to {
            next.turn = to;
            next.hash ^= self.keys.turns[me as usize] ^ self.keys.turns[to as usize];
        }
        next.ply += 1;
        next.result = result;
        self.no_progress_after(pos, next, mv);
        self.streak_after(pos, next, mv);
    }

    /// [`Engine::make`] for a step, slide or capture by leaps where
    /// [`paths::Paths::bare_moves`] holds: the piece moves, what it jumps or
    /// lands on is taken, the goals of capture and of reaching are checked,
    /// and the turn passes; no other rule has anything to do.
    #[inline(always)]
    fn make_bare(&self, pos: &Position, mv: &Move, next: &mut Position) {
        let me = pos.turn;
        let mut captured = 0u16;
        if mv.kind == MoveType::Jumps {
            for &t in mv.jumped() {
                captured |= self.take(next, t);
            }
            self.put(next, mv.from, 0);
        } else {
            self.put(next, mv.from, 0);
            if next.at(mv.to) != 0 {
                captured = self.take(next, mv.to);
            }
        }
        self.put(next, mv.to, cell(me, mv.becomes));
        let to = self.next_player(me);
        next.turn = to;
        next.hash ^= self.keys.turns[me as usize] ^ self.keys.turns[to as usize];
        next.ply += 1;
        next.result = self.goal_capture(me, captured).or_else(|| self.goal_reach(me, mv.becomes, mv.to));
    }

    /// [`Engine::make`] for a move or entry onto one point (no capture
    /// sequence): the pieces it takes as it lands, and the goal it may reach.
    #[inline]
    fn make_plain(&self, pos: &Position, mv: &Move, next: &mut Position) -> Option<Outcome> {
        let me = pos.turn;
        if mv.kind == MoveType::Enter {
            let n = self.in_hand(pos, me, mv.becomes);
            self.set_hand(next, me, mv.becomes, n.saturating_sub(1));
        } else {
            self.put(next, mv.from, 0);
        }
        // Only a track move lands on an enemy: it takes it, or swaps places with it.
        let victim = next.at(mv.to);
        let mut captured = 0;
        if victim != 0 && self.game.swap_places && mv.kind == MoveType::Plain {
            self.put(next, mv.from, victim);
        } else if victim != 0 {
            captured = self.take(next, mv.to);
        }
        self.put(next, mv.to, cell(me, mv.becomes));
        if self.race.extras && !self.game.landing_returns.is_empty() {
            self.return_from(next, me, mv.to);
        }
        let mut doomed = custodial::Doomed::new();
        self.landing_captures(next, mv.to, &mut doomed);
        if !doomed.is_empty() {
            let convert = self.game.custodial.as_ref().is_some_and(|c| c.convert);
            for t in doomed.points() {
                if convert {
                    self.put(next, t, cell(me, kind_of(next.at(t))));
                } else {
                    captured |= self.take(next, t);
                }
            }
        }
        if self.guards.suicide_taken {
            // The mover's own loss: not a capture of its.
            self.suicide(next, mv.to);
        }
        if mv.ntaken > 0 {
            // A row made: the enemy piece it removes.
            captured |= self.take(next, mv.taken[0]);
        }
        if let Some(at) = mv.shot() {
            let shot = self.game.kinds[kind_of(pos.at(mv.from)) as usize].shoot.map_or(0, |s| s.0);
            self.put(next, at, cell(me, shot));
        }
        self.goal_capture(me, captured).or_else(|| self.goal_reach(me, mv.becomes, mv.to))
    }

    /// Whether `mv` earns its player another turn: it ends in a zone that
    /// gives one, or went a distance whose roll does.
    fn another_turn(&self, mv: &Move) -> bool {
        self.game.another_turn.as_ref().is_some_and(|z| {
            matches!(mv.kind, MoveType::Plain | MoveType::Enter | MoveType::Jumps | MoveType::Sow) && z.contains(mv.to)
        }) || self.game.another_turn_rolls & (1u128 << mv.distance.min(127)) != 0
    }

    /// The rules that look at `next` once `mv` (from `pos`) is made, and the
    /// outcome with them, `result` being the move's own.
    fn rules_after(
        &self,
        pos: &Position,
        mv: &Move,
        next: &mut Position,
        mut result: Option<Outcome>,
    ) -> Option<Outcome> {
        let me = pos.turn;
        if result.is_none()
            && self.goals.line_goals
            && matches!(mv.kind, MoveType::Plain | MoveType::Enter | MoveType::Jumps)
        {
            result = self.goal_line(next, me, mv.to);
        }
        if result.is_none() && self.goals.position_goals && mv.kind != MoveType::Pass {
            result = self.goal_position(next, me);
        }
        if result.is_none() && self.goals.board_full_goal {
            result = self.goal_board_full(next, me);
        }
        if result.is_none() && self.goals.count_goals {
            result = self.goal_state(next, me);
        }
        if self.run_limits {
            next.run[me as usize] = self.run_after(pos, next, mv);
        }
        if self.guards.on {
            self.keep_looking_back(pos, next);
        }
        if self.vt.history_state {
            self.history_state_after(pos, mv, next);
        }
        if self.goals.pass_at_will {
            next.passes = if mv.kind == MoveType::Pass { pos.passes + 1 } else { 0 };
            if next.passes >= 2 && result.is_none() {
                result = Some(self.scored_end(next));
            }
        }
        result
    }

    /// Takes the piece on `t` off the board (back to its owner's hand under
    /// `captured pieces return to hand`, into the captor's as its base kind
    /// under `captured pieces change sides`); returns its kind's bit.
    pub(super) fn take(&self, next: &mut Position, t: Point) -> u16 {
        let c = next.at(t);
        if self.game.return_to_hand {
            let n = self.in_hand(next, owner(c), kind_of(c));
            self.set_hand(next, owner(c), kind_of(c), n.saturating_add(1));
        } else if self.game.change_sides {
            let (captor, base) = (1 - owner(c), self.game.kinds[kind_of(c) as usize].base);
            let n = self.in_hand(next, captor, base);
            self.set_hand(next, captor, base, n.saturating_add(1));
        }
        self.put(next, t, 0);
        1 << kind_of(c)
    }

    /// The mover's run of moves that capture nothing, after `mv` (for kinds
    /// with `at most N moves in a row`): one longer if the same piece made it
    /// and nothing was captured, else begun anew or ended.
    fn run_after(&self, before: &Position, after: &Position, mv: &Move) -> Run {
        let me = before.turn as usize;
        let quiet = matches!(mv.kind, MoveType::Plain | MoveType::Leave) && !self.captured_since(before, after);
        let limited =
            mv.kind == MoveType::Plain && self.game.kinds[kind_of(before.at(mv.from)) as usize].run_limit.is_some();
        if !quiet || !limited {
            return Run::NONE;
        }
        let last = before.run[me];
        let count = if last.at == mv.from { last.count.saturating_add(1) } else { 1 };
        Run { at: mv.to, count }
    }

    /// Whether the piece on `p` has made as many moves in a row without
    /// capturing as its kind allows, so that only a capture is left to it.
    #[inline]
    pub(super) fn run_exhausted(&self, pos: &Position, p: Point, kind: KindId) -> bool {
        let run = pos.run[pos.turn as usize];
        if run.at != p {
            return false;
        }
        let Some(limit) = self.game.kinds[kind as usize].run_limit else { return false };
        run.count >= limit.max
            && pos.occupied[pos.turn as usize].iter().any(|q| limit.while_has & (1 << kind_of(pos.at(q))) != 0)
    }

    /// Goals about the whole position, checked after `me` has moved.
    pub(super) fn goal_position(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| {
            let (hit, subject, reason) = match g.condition {
                // The mover encircles the other side.
                Condition::Encircled(x) if x != me && !pos.occupied[x as usize].is_empty() => {
                    (self.encircled(pos, x), g.player.unwrap_or(x), Reason::Encircled(x))
                }
                Condition::Fortified(k) => {
                    let fort =
                        pos.occupied[me as usize].iter().any(|p| kind_of(pos.at(p)) == k && self.fortified(pos, p));
                    (fort, g.player.unwrap_or(me), Reason::Fortified(k))
                }
                _ => return None,
            };
            hit.then(|| Outcome { winner: g.winner(subject), reason })
        })
    }

    /// Whether `p` is on the edge: some orthogonal neighbour is off the board.
    fn on_edge(&self, p: Point) -> bool {
        [0u8, 2, 4, 6].iter().any(|&d| self.game.board.step(p, d) == NONE)
    }

    /// No piece of player `x` can reach the edge through empty points.
    fn encircled(&self, pos: &Position, x: PlayerId) -> bool {
        if let Some(shifts) = &self.shifts {
            return shifts.with_stepper(Encircled { engine: self, pos, x });
        }
        let board = &self.game.board;
        // Every point reached is pushed once: `todo` is the points reached
        // and not yet looked from.
        let mut seen = pos.occupied[x as usize];
        let mut todo = seen;
        while let Some(p) = todo.first() {
            todo.remove(p);
            if self.on_edge(p) {
                return false;
            }
            for d in [0u8, 2, 4, 6] {
                let q = board.step(p, d);
                if q != NONE && !seen.contains(q) && (pos.at(q) == 0 || owner(pos.at(q)) == x) {
                    seen.insert(q);
                    todo.insert(q);
                }
            }
        }
        true
    }

    /// An edge fort: the piece on `k` is on the edge and can move; the empty
    /// points it can reach touch no enemy; and no piece walling them in can
    /// ever be captured: along each line through it, one side is off the
    /// board, inside the fort, or another such piece (the largest set of
    /// friends with that property, found by removing the others until none
    /// is left to remove).
    fn fortified(&self, pos: &Position, k: Point) -> bool {
        let board = &self.game.board;
        let me = owner(pos.at(k));
        if !self.on_edge(k) {
            return false;
        }
        let orth = [0u8, 2, 4, 6];
        let mut inside = PointSet::default();
        inside.insert(k);
        let mut stack = [0 as Point; MAX_POINTS + 1];
        let (mut top, mut room) = (1, false);
        stack[0] = k;
        let mut wall = PointSet::default();
        while top > 0 {
            top -= 1;
            let p = stack[top];
            for d in orth {
                let q = board.step(p, d);
                if q == NONE || inside.contains(q) {
                    continue;
                }
                match pos.at(q) {
                    0 => {
                        room = true;
                        inside.insert(q);
                        stack[top] = q;
                        top += 1;
                    }
                    c if owner(c) == me => wall.insert(q),
                    _ => return false, // an enemy touches the fort
                }
            }
        }
        if !room {
            return false; // the piece cannot move
        }
        let mut safe = pos.occupied[me as usize];
        safe.remove(k);
        loop {
            let shielded = |s: Point, safe: &PointSet| s == NONE || inside.contains(s) || safe.contains(s);
            let weak: Vec<Point> = safe
                .iter()
                .filter(|&w| {
                    ![0u8, 2]
                        .iter()
                        .all(|&d| shielded(board.step(w, d), &safe) || shielded(board.step(w, opposite(d)), &safe))
                })
                .collect();
            if weak.is_empty() {
                break;
            }
            for w in weak {
                safe.remove(w);
            }
        }
        let held = wall.iter().all(|w| safe.contains(w));
        held
    }

    pub(super) fn goal_capture(&self, me: PlayerId, captured: u16) -> Option<Outcome> {
        if captured == 0 {
            return None;
        }
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::Captured(k) if captured & (1 << k) != 0 => {
                // Without a named player, the capturer wins (or the owner loses).
                let subject = g.player.unwrap_or(if g.wins { me } else { 1 - me });
                Some(Outcome { winner: g.winner(subject), reason: Reason::Captured(k) })
            }
            _ => None,
        })
    }

    pub(super) fn goal_escape(&self, me: PlayerId, kind: KindId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::Escapes(k) if k == kind => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: g.winner(subject), reason: Reason::Escaped(k) })
            }
            _ => None,
        })
    }

    /// (Inline, the common case, a kind no goal of reaching names, costs a test.)
    #[inline]
    pub(super) fn goal_reach(&self, me: PlayerId, kind: KindId, to: Point) -> Option<Outcome> {
        if self.reach_goal_kinds & (1 << kind) == 0 {
            return None;
        }
        self.goal_reached(me, kind, to)
    }

    fn goal_reached(&self, me: PlayerId, kind: KindId, to: Point) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match &g.condition {
            Condition::Reaches(k, zone) if *k == kind && zone[me as usize].contains(to) => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: g.winner(subject), reason: Reason::Reached(*k) })
            }
            _ => None,
        })
    }
}

/// [`Engine::encircled`] by shifts: the region of `x`'s pieces and the
/// empty points they reach grows by a step in each orthogonal direction at
/// once until it stops growing or meets the edge.
struct Encircled<'a> {
    engine: &'a Engine,
    pos: &'a Position,
    x: PlayerId,
}

impl StepperFn<bool> for Encircled<'_> {
    fn call<S: Stepper>(self, s: S) -> bool {
        let own = self.pos.occupied[self.x as usize].low128();
        let edge = self.engine.points.orthogonal_edge;
        grow(s, own, own | vacant_bits(self.engine, self.pos), &[0, 2, 4, 6], edge) & edge == 0
    }
}
