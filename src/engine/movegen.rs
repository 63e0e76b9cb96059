//! Legal move generation from the tables: steps, slides and leaves by ray
//! walks; capture sequences by a bounded depth-first search.

use super::shifts::points_of;
use super::*;

/// The state of one capture search: the piece's start counts as vacant,
/// jumped pieces stay (blocking, not jumpable again) until the sequence ends,
/// unless the game removes them at once.
struct Search<'a> {
    engine: &'a Engine,
    pos: &'a Position,
    me: PlayerId,
    at_once: bool,
    /// The enemy pieces not jumped yet in this sequence.
    enemies: PointSet,
    /// The points a leap may pass or land on: the vacant ones, the piece's
    /// start, and (where jumped pieces leave at once) the jumped ones.
    open: PointSet,
    /// Under `no revisiting`: the points the piece has stood on in this move.
    visited: PointSet,
    scratch: Move,
    /// The sequence's landings, withdrawals and pieces taken past the
    /// [`INLINE`] the scratch move holds (entries past its counts are stale).
    beyond: Beyond,
    /// Steps left before [`MAX_SEARCH_STEPS`].
    budget: u32,
    /// Set when the search stopped at a limit: what it found is incomplete.
    limit: Option<Limit>,
    /// Count the sequences rather than list them (perft's last ply).
    count_only: bool,
    /// The sequences counted under `count_only`.
    counted: u32,
}

/// A capture sequence's landings, withdrawals and pieces taken past the
/// [`INLINE`] a move holds in itself.
#[derive(Default)]
struct Beyond {
    landings: Vec<Point>,
    taken: Vec<Point>,
    withdrawals: Vec<bool>,
}

impl Search<'_> {
    #[inline]
    fn vacant(&self, q: Point) -> bool {
        self.open.contains(q)
    }

    /// Which of `leaps` are open (a bit each), tested without a branch each
    /// (whether the jumped point holds an enemy is as good as random): in a
    /// direction of `short`, over an enemy of `prey`, onto an open point, and
    /// under `no revisiting` (`NO_REVISIT`) one the piece has not stood on.
    #[inline(always)]
    fn open_leaps<const NO_REVISIT: bool>(&self, leaps: &[(Dir, Point, Point)], short: DirSet, prey: u16) -> u32 {
        let mut open = 0u32;
        for (i, &(d, over, land)) in leaps.iter().enumerate() {
            let ok = ((short >> d) & 1 != 0)
                & self.enemies.contains(over)
                & self.preys_on(prey, over)
                & self.open.contains(land)
                & !(NO_REVISIT && self.visited.contains(land));
            open |= u32::from(ok) << i;
        }
        open
    }

    /// Whether an enemy not jumped yet stands where the piece's entry `at`
    /// in [`tables::Leaps::over`] could leap over it.
    #[inline]
    fn enemy_next_to(&self, at: usize) -> bool {
        let over = &self.engine.leaps.over[at];
        if self.engine.small_board {
            over.meets_low128(&self.enemies)
        } else {
            over.meets(&self.enemies)
        }
    }

    #[inline]
    fn jumpable(&self, q: Point, kind: KindId) -> bool {
        self.enemies.contains(q) && self.preys_on(self.engine.game.kinds[kind as usize].can_capture, q)
    }

    /// Whether a kind that captures the kinds in `prey` may take what is on
    /// `q`. Read for an empty point too (by the leap mask), whose kind is no
    /// kind: it is no enemy, which the enemy test says.
    #[inline(always)]
    fn preys_on(&self, prey: u16, q: Point) -> bool {
        prey == u16::MAX || prey & (1 << (self.pos.at(q).wrapping_sub(1) & 15)) != 0
    }

    /// The enemy on `t` is jumped: not jumpable again, and vacant where
    /// jumped pieces leave at once.
    #[inline]
    fn mark_jumped(&mut self, t: Point) {
        self.enemies.remove(t);
        if self.at_once {
            self.open.insert(t);
        }
    }

    #[inline]
    fn unmark_jumped(&mut self, t: Point) {
        self.enemies.insert(t);
        if self.at_once {
            self.open.remove(t);
        }
    }

    fn leap(&mut self, kind: KindId, dir: Dir, over: Point, land: Point, out: &mut Vec<Move>) {
        self.capture_step(kind, dir, land, (over, dir, 1), false, out);
    }

    /// Lands on `land` (coming in direction `dir`), taking the `count` pieces
    /// from `first` on in direction `run_dir`, then ends the sequence or goes on.
    fn capture_step(
        &mut self,
        kind: KindId,
        dir: Dir,
        land: Point,
        (first, run_dir, count): (Point, Dir, usize),
        withdrawal: bool,
        out: &mut Vec<Move>,
    ) {
        let board = &self.engine.game.board;
        let depth = self.scratch.len as usize;
        let taken_before = self.scratch.ntaken as usize;
        self.set_landing(depth, land, withdrawal);
        let mut t = first;
        for i in taken_before..taken_before + count {
            self.set_taken(i, t);
            self.mark_jumped(t);
            t = board.step(t, run_dir);
        }
        self.scratch.len += 1;
        self.scratch.ntaken += count as u8;
        let newly_visited = self.engine.game.jumps.no_revisiting && !self.visited.contains(land);
        if newly_visited {
            self.visited.insert(land);
        }
        let mut next_kind = kind;
        let mut stop = false;
        if let Some(pr) = &self.engine.game.kinds[kind as usize].promotion {
            if pr.zone[self.me as usize].contains(land) {
                if pr.at_once {
                    next_kind = pr.into;
                }
                stop = pr.stops;
            }
        }
        let rules = &self.engine.game.jumps;
        if rules.continues && !stop {
            // At will, every landing is a place to stop as well as to go on from.
            if rules.at_will {
                self.emit(land, next_kind, out);
            }
            self.extend(land, next_kind, Some(dir), out);
        } else {
            self.emit(land, next_kind, out);
        }
        // The pieces were taken once only on this path.
        for i in taken_before..taken_before + count {
            self.unmark_jumped(self.taken_at(i));
        }
        if newly_visited {
            self.visited.remove(land);
        }
        if depth < INLINE {
            self.scratch.withdrawals &= !(1 << depth);
        }
        self.scratch.ntaken -= count as u8;
        self.scratch.len -= 1;
    }

    /// The sequence so far, whole, for a move too long to hold it in itself.
    #[cold]
    #[inline(never)]
    fn long_sequence(&self) -> Option<&'static LongSequence> {
        let (m, beyond) = (&self.scratch, &self.beyond);
        let (len, ntaken) = (m.len as usize, m.ntaken as usize);
        let inline = |n: usize| n.min(INLINE);
        let past = |n: usize| n.saturating_sub(INLINE);
        LongSequence::intern(LongSequence {
            landings: [&m.path[..inline(len)], &beyond.landings[..past(len)]].concat().into(),
            taken: [&m.taken[..inline(ntaken)], &beyond.taken[..past(ntaken)]].concat().into(),
            withdrawals: (0..inline(len))
                .map(|i| m.withdrawals & (1 << i) != 0)
                .chain(beyond.withdrawals[..past(len)].iter().copied())
                .collect(),
        })
    }

    /// The `depth`-th landing: in the scratch move, or past what it holds.
    #[inline]
    fn set_landing(&mut self, depth: usize, land: Point, withdrawal: bool) {
        if depth < INLINE {
            self.scratch.path[depth] = land;
            self.scratch.withdrawals |= u32::from(withdrawal) << depth;
        } else {
            let beyond = &mut self.beyond;
            beyond.landings.truncate(depth - INLINE);
            beyond.landings.push(land);
            beyond.withdrawals.truncate(depth - INLINE);
            beyond.withdrawals.push(withdrawal);
        }
    }

    /// The `i`-th piece taken.
    #[inline]
    fn set_taken(&mut self, i: usize, t: Point) {
        if i < INLINE {
            self.scratch.taken[i] = t;
        } else {
            self.beyond.taken.truncate(i - INLINE);
            self.beyond.taken.push(t);
        }
    }

    #[inline]
    fn taken_at(&self, i: usize) -> Point {
        if i < INLINE {
            self.scratch.taken[i]
        } else {
            self.beyond.taken[i - INLINE]
        }
    }

    /// Whether a sequence may land on `q`: vacant, and not a point the piece
    /// stood on during the move under `no revisiting`.
    #[inline]
    fn landable(&self, q: Point) -> bool {
        self.vacant(q) && !self.visited.contains(q)
    }

    /// The unbroken run of pieces this piece could take, from `first` on in
    /// direction `d`: how many.
    fn run_from(&self, first: Point, d: Dir, kind: KindId) -> usize {
        let board = &self.engine.game.board;
        let mut n = 0;
        let mut q = first;
        while q != NONE && self.jumpable(q, kind) {
            n += 1;
            q = board.step(q, d);
        }
        n
    }

    /// Captures by approach and withdrawal from `cur`: a step to an adjacent
    /// vacant point that takes the run in front of the landing (approach) or
    /// behind the start (withdrawal); a step that could do both is two moves.
    /// Returns whether there was any.
    fn line_captures(&mut self, cur: Point, kind: KindId, closed: DirSet, out: &mut Vec<Move>) -> bool {
        let board = &self.engine.game.board;
        let moves = &self.engine.game.kinds[kind as usize].moves;
        let me = self.me as usize;
        let (approach, withdraw) = (moves.approach[me], moves.withdraw[me]);
        let mut found = false;
        for d in dirs((approach | withdraw) & !closed) {
            let land = board.step(cur, d);
            if land == NONE || !self.landable(land) {
                continue;
            }
            let ahead = board.step(land, d);
            let behind = board.step(cur, opposite(d));
            let runs =
                [(approach & (1 << d) != 0, ahead, d, false), (withdraw & (1 << d) != 0, behind, opposite(d), true)];
            for (allowed, first, run_dir, withdrawal) in runs {
                let count = if allowed { self.run_from(first, run_dir, kind) } else { 0 };
                if count == 0 {
                    continue;
                }
                found = true;
                if self.scratch.len as usize == MAX_PATH || self.scratch.ntaken as usize + count > MAX_PATH {
                    self.limit = Some(Limit::PathLength);
                    return true;
                }
                self.capture_step(kind, d, land, (first, run_dir, count), withdrawal, out);
            }
        }
        found
    }

    /// Tries every leap from `cur`; where there is none, the sequence ends.
    fn extend(&mut self, cur: Point, kind: KindId, came: Option<Dir>, out: &mut Vec<Move>) {
        if self.limit.is_some() {
            return;
        }
        if self.budget == 0 {
            self.limit = Some(Limit::SearchSteps);
            return;
        }
        self.budget -= 1;
        // A further leap would not fit in a move: say so rather than cut the sequence.
        let full = self.scratch.len as usize == MAX_PATH;
        let board = &self.engine.game.board;
        let moves = &self.engine.game.kinds[kind as usize].moves;
        let me = self.me as usize;
        let mut found = false;
        let closed = self.engine.closed_after(came);
        // A flying leap in a direction covers the short leap there: generate it once.
        let short = moves.jump[me] & !moves.fly[me] & !closed;
        let at = self.engine.table_index(kind, self.me, cur);
        // No enemy next to `cur` with a point behind it: most landings end here.
        let leaps = if short != 0 && self.enemy_next_to(at) { self.engine.leaps.from(at) } else { &[] };
        // Which leaps are open (the search leaves its sets as it found them
        // after each leap); the test of the points stood on only where it counts.
        let prey = self.engine.game.kinds[kind as usize].can_capture;
        let mut open = if self.engine.game.jumps.no_revisiting {
            self.open_leaps::<true>(leaps, short, prey)
        } else {
            self.open_leaps::<false>(leaps, short, prey)
        };
        while open != 0 {
            let (d, over, land) = leaps[open.trailing_zeros() as usize];
            open &= open - 1;
            found = true;
            if full {
                self.limit = Some(Limit::PathLength);
                return;
            }
            self.leap(kind, d, over, land, out);
        }
        for d in dirs(moves.fly[me] & !closed) {
            let mut q = board.step(cur, d);
            while q != NONE && self.vacant(q) {
                q = board.step(q, d);
            }
            if q == NONE || !self.jumpable(q, kind) {
                continue;
            }
            let first = board.step(q, d);
            // Landing only just behind: the first point beyond is the last.
            let behind = moves.fly_behind[me] & (1 << d) != 0;
            let last = if behind && first != NONE { board.step(first, d) } else { NONE };
            let only = if behind { PointSet::default() } else { self.landings_that_go_on(kind, d, q, first) };
            let mut land = first;
            while land != NONE && land != last && self.vacant(land) {
                found = true;
                if full {
                    self.limit = Some(Limit::PathLength);
                    return;
                }
                if (only.is_empty() || only.contains(land)) && !self.visited.contains(land) {
                    self.leap(kind, d, q, land, out);
                }
                land = board.step(land, d);
            }
        }
        if self.engine.line_captures && self.line_captures(cur, kind, closed, out) {
            found = true;
        }
        if self.limit.is_some() {
            return;
        }
        if !found && self.scratch.len > 0 && !self.engine.game.jumps.at_will {
            self.emit(cur, kind, out);
        }
    }

    /// Under `land where it can continue`: the landings, from `first` on
    /// beyond the jumped `over` in direction `d`, from which the sequence can
    /// go on. Empty when the rule is off or no landing allows it (then any
    /// landing will do).
    fn landings_that_go_on(&mut self, kind: KindId, d: Dir, over: Point, first: Point) -> PointSet {
        let mut only = PointSet::default();
        if !self.engine.game.jumps.land_to_continue || !self.engine.game.jumps.continues {
            return only;
        }
        let board = &self.engine.game.board;
        self.mark_jumped(over);
        let mut land = first;
        while land != NONE && self.vacant(land) {
            if self.can_go_on(land, kind, d) {
                only.insert(land);
            }
            land = board.step(land, d);
        }
        self.unmark_jumped(over);
        only
    }

    /// Whether a piece of `kind` that landed on `at` by a leap in direction
    /// `came` has a further leap (jumped pieces as they stand).
    fn can_go_on(&self, at: Point, kind: KindId, came: Dir) -> bool {
        let mut kind = kind;
        if let Some(pr) = &self.engine.game.kinds[kind as usize].promotion {
            if pr.zone[self.me as usize].contains(at) {
                if pr.stops {
                    return false;
                }
                if pr.at_once {
                    kind = pr.into;
                }
            }
        }
        let board = &self.engine.game.board;
        let moves = &self.engine.game.kinds[kind as usize].moves;
        let me = self.me as usize;
        let closed = self.engine.closed_after(Some(came));
        for d in dirs(moves.jump[me] & !moves.fly[me] & !closed) {
            let over = board.step(at, d);
            if over != NONE && self.jumpable(over, kind) {
                let land = board.step(over, d);
                if land != NONE && self.landable(land) {
                    return true;
                }
            }
        }
        for d in dirs(moves.fly[me] & !closed) {
            let mut q = board.step(at, d);
            while q != NONE && self.vacant(q) {
                q = board.step(q, d);
            }
            if q != NONE && self.jumpable(q, kind) {
                let land = board.step(q, d);
                if land != NONE && self.vacant(land) {
                    return true;
                }
            }
        }
        false
    }

    fn emit(&mut self, end: Point, kind: KindId, out: &mut Vec<Move>) {
        if self.count_only {
            self.counted += 1;
            return;
        }
        let mut m = self.scratch;
        // Each landing takes a piece: the pieces taken are at least as many.
        if m.ntaken as usize > INLINE {
            m.long = self.long_sequence();
            if m.long.is_none() {
                self.limit = Some(Limit::PathLength);
                return;
            }
        }
        m.to = end;
        m.becomes = self.engine.promoted(kind, self.me, end);
        out.push(m);
    }
}

impl Engine {
    /// The directions a sequence may not go on in after a leap in direction
    /// `came`: with `straight`, every way but straight on; with `no
    /// reversing`, straight back; with `no repeated direction`, straight on.
    #[inline]
    pub(super) fn closed_after(&self, came: Option<Dir>) -> DirSet {
        let rules = &self.game.jumps;
        let Some(d) = came else { return 0 };
        if rules.straight {
            return !(1 << d);
        }
        let mut closed = 0;
        if rules.no_reversal {
            closed |= 1 << opposite(d);
        }
        if rules.no_repeated_direction {
            closed |= 1 << d;
        }
        closed
    }

    /// The kind a piece becomes when its move ends on `p`.
    #[inline]
    pub(super) fn promoted(&self, kind: KindId, me: PlayerId, p: Point) -> KindId {
        match &self.game.kinds[kind as usize].promotion {
            Some(pr) if pr.zone[me as usize].contains(p) => pr.into,
            _ => kind,
        }
    }

    /// Every legal move with a distance of at most `limit`, before the
    /// passes of a player with no move (a pass at will is one of them).
    pub(super) fn generate(&self, pos: &Position, limit: u8, out: &mut Vec<Move>) -> Result<(), Limit> {
        self.generate_with(pos, limit, out, None)
    }

    /// [`Engine::generate`], given (as bits) the pieces that may capture
    /// where they are known (see `shifts.rs`).
    pub(super) fn generate_with(
        &self,
        pos: &Position,
        limit: u8,
        out: &mut Vec<Move>,
        candidates: Option<u128>,
    ) -> Result<(), Limit> {
        if !(self.paths.royal_masks && self.generate_legal(pos, limit, out)) {
            self.generate_untried(pos, limit, out, candidates)?;
            if self.guards.on {
                self.keep_allowed(pos, out);
            }
            if self.vt.royal_kinds != 0 {
                self.keep_safe(pos, out);
                if self.vt.unmating {
                    self.keep_unmating(pos, out);
                }
            }
        }
        if self.vt.vectors && self.game.jumps.compulsory && out.iter().any(|m| m.kind == MoveType::Jumps) {
            // Captures by landing are captures too: where one is legal, only they are.
            out.retain(|m| m.kind == MoveType::Jumps);
        }
        if self.goals.pass_at_will {
            out.push(Move::PASS);
        }
        Ok(())
    }

    /// The moves as the pieces make them, before any is tried against the
    /// rules that judge the position it leaves (`guard.rs`).
    pub(super) fn generate_untried(
        &self,
        pos: &Position,
        limit: u8,
        out: &mut Vec<Move>,
        candidates: Option<u128>,
    ) -> Result<(), Limit> {
        if self.sow.is_some() {
            self.sow_moves(pos, out);
            return Ok(());
        }
        self.generate_pieces(pos, limit, out, candidates)?;
        if let Some(n) = self.game.mill {
            // Only steps and entries make rows: a list of compulsory captures is left as it is.
            self.mill_removals(pos, n, out);
        }
        Ok(())
    }

    /// The moves of the pieces, before a row made adds the piece it removes.
    pub(super) fn generate_pieces(
        &self,
        pos: &Position,
        limit: u8,
        out: &mut Vec<Move>,
        candidates: Option<u128>,
    ) -> Result<(), Limit> {
        let me = pos.turn;
        if self.any_jumps {
            self.captures(pos, out, candidates)?;
            if !out.is_empty() {
                self.keep_preferred(pos, out);
                if self.game.jumps.compulsory {
                    return Ok(());
                }
            }
        }
        let occupied_set = pos.taken;
        let empty = self.points.all.minus(&occupied_set);
        if self.hands.any {
            self.entries(pos, &empty, out);
            if self.race.tracks {
                self.track_entries(pos, limit, out);
            }
        }
        if self.lifts {
            self.lifts(pos, &empty, out);
        }
        if self.paths.plain_steppers {
            self.plain_steps(pos, limit, empty.low128(), out);
        } else if self.paths.vector_steppers {
            for p in pos.occupied[me as usize].iter() {
                self.vector_moves(pos, p, limit, out);
            }
        } else if self.board_moves {
            for p in pos.occupied[me as usize].iter() {
                self.piece_moves(pos, p, limit, &occupied_set, &empty, out);
            }
        }
        if self.dice.exact && limit != ANY_ROLL {
            // The roll is the exact distance: the moves above went up to it.
            out.retain(|m| m.distance == limit);
        }
        Ok(())
    }

    /// [`Engine::piece_moves`] of every piece of the side to move where every
    /// kind only steps (`plain_steppers`): the same moves in the same order.
    fn plain_steps(&self, pos: &Position, limit: u8, empty: u128, out: &mut Vec<Move>) {
        if limit == 0 {
            return;
        }
        let me = pos.turn;
        for p in points_of(pos.occupied[me as usize].low128()) {
            let kind = kind_of(pos.at(p));
            for to in points_of(self.step_bits(p, kind, me, empty)) {
                let becomes = self.promoted(kind, me, to);
                out.push(Move { kind: MoveType::Plain, from: p, to, distance: 1, becomes, ..Move::PASS });
            }
        }
    }

    /// Whether the step or entry `mv` leaves its piece in a row of `n` or more
    /// of the mover's pieces (the point it left no longer one of them).
    pub(super) fn row_made(&self, pos: &Position, mv: &Move, n: u8) -> bool {
        if !matches!(mv.kind, MoveType::Plain | MoveType::Enter) {
            return false;
        }
        let mine = &pos.occupied[pos.turn as usize];
        if let Some(rows) = &self.mill_rows {
            // By bits: some row of n through the point landed on is all the mover's.
            let from = if mv.from == NONE { 0 } else { 1u128 << mv.from };
            let after = (mine.low128() & !from) | 1u128 << mv.to;
            return rows.complete(mv.to, after);
        }
        (0..4).any(|d| self.run_along(mv.to, d, |q| q != mv.from && mine.contains(q)) >= n as usize)
    }

    /// `after N in a row remove enemy`: each step or entry that leaves its
    /// piece in a row of N or more becomes one move per enemy piece it may
    /// remove: those in no such row of their own, or any when all are.
    fn mill_removals(&self, pos: &Position, n: u8, out: &mut Vec<Move>) {
        // Most positions have no row to make: nothing to expand, nothing copied.
        let Some(first) = out.iter().position(|mv| self.row_made(pos, mv, n)) else { return };
        let removable = self.removable(pos, n);
        if removable.is_empty() {
            return;
        }
        let mut expanded = out[..first].to_vec();
        for (i, mv) in out.iter().enumerate().skip(first) {
            if i != first && !self.row_made(pos, mv, n) {
                expanded.push(*mv);
                continue;
            }
            expanded.extend(removable.iter().map(|r| mv.with_removal(r)));
        }
        *out = expanded;
    }

    /// The enemy pieces a row of `n` made now may remove: those in no such
    /// row of their own, or all if every one is. (The enemy's rows are as
    /// they were: the move only moved one of the mover's pieces.)
    pub(super) fn removable(&self, pos: &Position, n: u8) -> PointSet {
        let enemy = 1 - pos.turn;
        let rule = (n, u16::MAX, false);
        let enemies = pos.occupied[enemy as usize];
        let free = match &self.mill_rows {
            Some(rows) => return PointSet::from_low128(rows.removable(enemies.low128())),
            None => {
                let mut free = PointSet::default();
                enemies.iter().filter(|&q| !self.line_at(pos, q, enemy, rule)).for_each(|q| free.insert(q));
                free
            }
        };
        if free.is_empty() {
            enemies
        } else {
            free
        }
    }

    /// The moves of the piece on `p` that capture nothing by moving: steps,
    /// slides and leaves of distance at most `limit`.
    #[inline(always)]
    pub(super) fn piece_moves(
        &self,
        pos: &Position,
        p: Point,
        limit: u8,
        occupied: &PointSet,
        empty: &PointSet,
        out: &mut Vec<Move>,
    ) {
        // Most games have no shots, flights or mills: one test, not a look at the kind.
        let shoot = if self.plans.rows_or_flight { self.game.kinds[kind_of(pos.at(p)) as usize].shoot } else { None };
        let Some((_, shot_dirs)) = shoot else {
            return self.piece_moves_only(pos, p, limit, occupied, empty, out);
        };
        // `then shoot`: each move, then each point a slide away from where it
        // landed (the point it left is empty by then).
        let first = out.len();
        self.piece_moves_only(pos, p, limit, occupied, empty, out);
        let moved: Vec<Move> = out.drain(first..).collect();
        let board = &self.game.board;
        for mv in moved.into_iter().filter(|m| m.kind == MoveType::Plain) {
            for d in dirs(shot_dirs[pos.turn as usize]) {
                let mut q = board.step(mv.to, d);
                while q != NONE && (empty.contains(q) || q == p) {
                    out.push(mv.with_shot(q));
                    q = board.step(q, d);
                }
            }
        }
    }

    /// [`Engine::piece_moves`] before any shot.
    pub(super) fn piece_moves_only(
        &self,
        pos: &Position,
        p: Point,
        limit: u8,
        occupied: &PointSet,
        empty: &PointSet,
        out: &mut Vec<Move>,
    ) {
        let me = pos.turn;
        let kind = kind_of(pos.at(p));
        if self.run_limits && self.run_exhausted(pos, p, kind) || self.hands.any && self.held_back(pos, kind) {
            return;
        }
        if self.race.track_only & (1 << kind) != 0 {
            self.track_moves(pos, p, kind, limit, out);
            return;
        }
        let moves = &self.game.kinds[kind as usize].moves;
        let pl = me as usize;
        // Looked up once per piece, not once per move.
        let promotion = self.game.kinds[kind as usize].promotion.as_ref().map(|pr| (&pr.zone[pl], pr.into));
        let plain = |to: Point, distance: u8| Move {
            kind: MoveType::Plain,
            from: p,
            to,
            distance,
            becomes: match promotion {
                Some((zone, into)) if zone.contains(to) => into,
                _ => kind,
            },
            ..Move::PASS
        };
        if let Some(most) = self.game.kinds[kind as usize].fly.filter(|_| self.plans.rows_or_flight) {
            if pos.pieces(me) as usize + self.held(pos, me, u16::MAX) <= most as usize {
                // Flying: to any empty point, instead of its other moves.
                for q in empty.minus(&self.points.no_stop_set[kind as usize]).iter() {
                    out.push(plain(q, 1));
                }
                return;
            }
        }
        if !moves.vectors.is_empty() {
            self.vector_moves(pos, p, limit, out);
        }
        let steps = limit >= 1 && moves.step[pl] != 0;
        if steps && self.small_board {
            for q in points_of(self.step_bits(p, kind, me, empty.low128())) {
                out.push(plain(q, 1));
            }
        } else if steps {
            for q in self.step_targets(p, kind, me, empty).iter() {
                out.push(plain(q, 1));
            }
        }
        self.push_slides(pos, (p, kind), (limit, steps), (occupied, empty), &plain, out);
        if moves.track {
            self.track_moves(pos, p, kind, limit, out);
        }
        let leaves = if moves.leave[pl] != 0 { self.leave_dirs(pos, p, kind, pl, limit) } else { 0 };
        for d in dirs(leaves) {
            let distance = self.ray(p, d).len() + 1;
            out.push(Move {
                kind: MoveType::Leave,
                from: p,
                dir: d,
                distance: distance as u8,
                becomes: kind,
                ..Move::PASS
            });
        }
    }

    /// The slides of the piece of `kind` on `p` (part of [`Engine::piece_moves_only`],
    /// always inlined there: `plain` makes each move).
    #[inline(always)]
    fn push_slides(
        &self,
        pos: &Position,
        (p, kind): (Point, KindId),
        (limit, steps): (u8, bool),
        (occupied, empty): (&PointSet, &PointSet),
        plain: &impl Fn(Point, u8) -> Move,
        out: &mut Vec<Move>,
    ) {
        let me = pos.turn;
        let pl = me as usize;
        let moves = &self.game.kinds[kind as usize].moves;
        let stop_bit = 1u16 << kind;
        // A slide of one space where the piece also steps is that step: made
        // once. (Worked out again here rather than kept from the loop above:
        // keeping the set costs the common case a stalled copy.)
        let stepped =
            if steps && moves.slide[pl] != 0 { self.step_targets(p, kind, me, empty) } else { PointSet::default() };
        let max = limit.min(moves.slide_limit.unwrap_or(u8::MAX));
        if self.bit_slides && moves.slide[pl] != 0 {
            let mut targets = self.slide_targets(p, kind, pl, max, occupied.low128()) & !stepped.low128();
            let n = self.game.board.len();
            while targets != 0 {
                let q = targets.trailing_zeros() as Point;
                targets &= targets - 1;
                out.push(plain(q, self.rays.line_distance[p as usize * n + q as usize]));
            }
        } else {
            for d in dirs(moves.slide[pl]) {
                let ray = self.ray(p, d);
                let reach = ray.len().min(max as usize);
                for (i, &q) in ray[..reach].iter().enumerate() {
                    if pos.at(q) != 0 {
                        break;
                    }
                    if self.points.no_stop[q as usize] & stop_bit == 0 && !stepped.contains(q) {
                        out.push(plain(q, i as u8 + 1));
                    }
                }
            }
        }
    }

    /// Where the piece on `p` can step.
    #[inline]
    pub(super) fn step_targets(&self, p: Point, kind: KindId, me: PlayerId, empty: &PointSet) -> PointSet {
        self.points.step_to[self.table_index(kind, me, p)].and(empty)
    }

    /// [`Engine::step_targets`] as bits, on a board of up to 128 points.
    #[inline]
    pub(super) fn step_bits(&self, p: Point, kind: KindId, me: PlayerId, empty: u128) -> u128 {
        self.points.step_to[self.table_index(kind, me, p)].low128() & empty
    }

    /// Where the piece on `p` can slide, at most `max` spaces, as bits (boards
    /// of up to 128 points): on each ray, its points before the first blocker
    /// (found by a bit scan, as indexes rise or fall along it), at most `max`.
    #[inline]
    pub(super) fn slide_targets(&self, p: Point, kind: KindId, pl: usize, max: u8, occupied: u128) -> u128 {
        // Each line up to its first piece, without the piece.
        let dirs = self.game.kinds[kind as usize].moves.slide[pl];
        self.ray_reach(p, dirs, max, occupied) & !occupied & !self.points.no_stop_bits[kind as usize]
    }

    /// The directions in which the piece on `p` can leave the board within
    /// `limit` spaces: every point to the edge vacant, plus one for the exit.
    #[inline]
    pub(super) fn leave_dirs(&self, pos: &Position, p: Point, kind: KindId, pl: usize, limit: u8) -> DirSet {
        let mut set = 0;
        let leaves = self.game.kinds[kind as usize].moves.leave[pl];
        if self.bit_slides {
            // Each ray's points and length from one table entry.
            let occupied = pos.taken.low128();
            for d in dirs(leaves) {
                let ray = &self.rays.slide_rays[p as usize * 8 + d as usize];
                set |= DirSet::from(ray.len < limit && ray.bits & occupied == 0) << d;
            }
            return set;
        }
        for d in dirs(leaves) {
            let ray = self.ray(p, d);
            if ray.len() < limit as usize && ray.iter().all(|&q| pos.at(q) == 0) {
                set |= 1 << d;
            }
        }
        set
    }

    /// Whether the piece on `p` has a first capture (a leap, a take, a
    /// capturing step): most pieces have none, and this cheap test spares
    /// them the search. It must never miss one: playouts count moves
    /// instead of generating them where it finds none.
    #[inline]
    pub(super) fn can_capture(&self, pos: &Position, p: Point, kind: KindId, me: PlayerId) -> bool {
        let board = &self.game.board;
        let moves = &self.game.kinds[kind as usize].moves;
        let prey = self.game.kinds[kind as usize].can_capture;
        let enemy =
            |q: Point| q != NONE && pos.at(q) != 0 && owner(pos.at(q)) != me && prey & (1 << kind_of(pos.at(q))) != 0;
        let vacant = |q: Point| q != NONE && pos.at(q) == 0;
        if moves.take[me as usize] != 0 && !self.take_targets(pos, p, kind, me).is_empty() {
            return true;
        }
        let reach = &self.leaps.over[self.table_index(kind, me, p)];
        let near = if self.small_board {
            reach.meets_low128_minus(&pos.taken, &pos.occupied[me as usize])
        } else {
            reach.meets(&pos.enemies(me))
        };
        if near {
            for d in dirs(moves.jump[me as usize]) {
                let over = board.step(p, d);
                if enemy(over) && vacant(board.step(over, d)) {
                    return true;
                }
            }
        }
        for d in dirs(moves.fly[me as usize]) {
            let mut q = board.step(p, d);
            while vacant(q) {
                q = board.step(q, d);
            }
            if enemy(q) && vacant(board.step(q, d)) {
                return true;
            }
        }
        let pl = me as usize;
        for d in dirs(moves.approach[pl] | moves.withdraw[pl]) {
            let land = board.step(p, d);
            if vacant(land)
                && (moves.approach[pl] & (1 << d) != 0 && enemy(board.step(land, d))
                    || moves.withdraw[pl] & (1 << d) != 0 && enemy(board.step(p, opposite(d))))
            {
                return true;
            }
        }
        false
    }

    /// The takes of the piece on `p`: one space onto an enemy piece, in the
    /// order of their directions.
    pub(super) fn takes_of(&self, pos: &Position, p: Point, out: &mut Vec<Move>) {
        let me = pos.turn;
        let kind = kind_of(pos.at(p));
        let take = self.game.kinds[kind as usize].moves.take[me as usize];
        if take == 0 {
            return; // most kinds never take: spare them the table
        }
        if self.small_board {
            // As bits: no set of every point made for each piece.
            let enemies = pos.enemies_low128(me);
            return self.takes_by_bits(pos, p, kind, enemies, out);
        }
        let targets = self.take_targets(pos, p, kind, me);
        if !targets.is_empty() {
            self.takes_onto(p, kind, me, |q| targets.contains(q), out);
        }
    }

    /// [`Engine::takes_of`] on a board of up to 128 points, the enemy
    /// pieces given as bits.
    #[inline]
    fn takes_by_bits(&self, pos: &Position, p: Point, kind: KindId, enemies: u128, out: &mut Vec<Move>) {
        let targets = self.take_bits(pos, p, kind, pos.turn, enemies);
        if targets != 0 {
            self.takes_onto(p, kind, pos.turn, |q| targets >> q & 1 != 0, out);
        }
    }

    /// The takes of the piece of `kind` on `p` onto the points `target`
    /// holds, in the order of its take directions.
    #[inline]
    fn takes_onto(&self, p: Point, kind: KindId, me: PlayerId, target: impl Fn(Point) -> bool, out: &mut Vec<Move>) {
        let board = &self.game.board;
        for d in dirs(self.game.kinds[kind as usize].moves.take[me as usize]) {
            let q = board.step(p, d);
            if q != NONE && target(q) {
                let mut m =
                    Move { kind: MoveType::Jumps, from: p, to: q, len: 1, ntaken: 1, distance: 1, ..Move::PASS };
                m.path[0] = q;
                m.taken[0] = q;
                m.becomes = self.promoted(kind, me, q);
                out.push(m);
            }
        }
    }

    /// Every capture sequence by jumping, for the side to move.
    fn captures(&self, pos: &Position, out: &mut Vec<Move>, known: Option<u128>) -> Result<(), Limit> {
        self.search_captures(pos, out, known, false).map(|_| ())
    }

    /// How many moves the side to move has, where a capture is open to it
    /// (`known` holds the pieces that may capture) and the rules make the
    /// captures the whole list ([`Engine::counts_captures`]): the capture
    /// sequences counted, none made into a move. 0 where none is open after all.
    pub(super) fn count_captures(&self, pos: &Position, known: u128, out: &mut Vec<Move>) -> Result<u32, Limit> {
        out.clear();
        if self.leaps.bare[pos.turn as usize] != 0 && !self.hands.any {
            if let Some(found) = self.bare_leaps(pos, known, true, out) {
                return found;
            }
        }
        let counted = self.search_captures(pos, out, Some(known), true)?;
        // Takes are listed as moves even here: they are few, and no search.
        Ok(counted + out.len() as u32)
    }

    /// [`Engine::captures`], or with `count_only` the sequences the search
    /// finds counted rather than listed (takes are listed either way).
    fn search_captures(
        &self,
        pos: &Position,
        out: &mut Vec<Move>,
        known: Option<u128>,
        count_only: bool,
    ) -> Result<u32, Limit> {
        let me = pos.turn;
        // Only the pieces that may capture are tried (in the same order);
        // the shifts' candidates have passed `can_capture`'s test already.
        let (candidates, tested) = match (&self.shifts, known) {
            // Every capture a take: each piece's takes are found as cheaply
            // as whether it has any, so none is tested first.
            (_, None) if self.takes_only => (pos.occupied[me as usize], true),
            (Some(_), Some(bits)) => (PointSet::from_low128(bits), true),
            (Some(shifts), None) => {
                (PointSet::from_low128(shifts.with_stepper(shifts::Candidates { engine: self, pos })), true)
            }
            (None, _) => (pos.occupied[me as usize], false),
        };
        if self.paths.plain_steppers && tested {
            // Every capture a take, on a small board: by bits, piece by piece.
            let enemies = pos.enemies_low128(me);
            for p in points_of(candidates.low128()) {
                self.takes_by_bits(pos, p, kind_of(pos.at(p)), enemies, out);
            }
            return Ok(0);
        }
        if tested && !count_only && self.leaps.bare[me as usize] != 0 && !self.hands.any {
            if let Some(found) = self.bare_leaps(pos, candidates.low128(), false, out) {
                return found;
            }
        }
        // One search for every piece: it leaves its sets as it found them
        // (each piece's start is opened, and visited, only for its own search).
        let mut s = Search {
            engine: self,
            pos,
            me,
            at_once: self.game.jumps.remove_at_once,
            enemies: pos.enemies(me),
            open: self.points.all.minus(&pos.taken),
            visited: PointSet::default(),
            scratch: Move { kind: MoveType::Jumps, ..Move::PASS },
            beyond: Beyond::default(),
            budget: MAX_SEARCH_STEPS,
            limit: None,
            count_only,
            counted: 0,
        };
        for p in candidates.iter() {
            let c = pos.at(p);
            if self.hands.any && self.held_back(pos, kind_of(c)) {
                continue;
            }
            if !self.game.kinds[kind_of(c) as usize].moves.leaps_or_lines(me as usize) {
                // Its only capture is a take: no sequence to search for.
                self.takes_of(pos, p, out);
                continue;
            }
            if !tested && !self.can_capture(pos, p, kind_of(c), me) {
                continue;
            }
            if self.game.jumps.no_revisiting {
                s.visited.insert(p);
            }
            s.open.insert(p);
            s.scratch.from = p;
            self.takes_of(pos, p, out);
            // Short leaps alone go by bits: counted, or listed where every sequence fits in a move.
            let bits = (s.enemies.low128() as u64, s.open.low128() as u64);
            let piece = (kind_of(c), me);
            if self.leaps.leapers[me as usize] & (1 << piece.0) == 0 {
                s.extend(p, piece.0, None, out);
            } else if count_only {
                s.counted +=
                    self.short_leaps::<false>(piece, (p, None), bits, 0, &mut s.scratch, &mut s.budget, out)?;
            } else if bits.0.count_ones() as usize <= INLINE {
                self.short_leaps::<true>(piece, (p, None), bits, 0, &mut s.scratch, &mut s.budget, out)?;
            } else {
                s.extend(p, piece.0, None, out);
            }
            if let Some(limit) = s.limit {
                return Err(limit);
            }
            s.open.remove(p);
            s.visited.remove(p);
        }
        Ok(s.counted)
    }

    /// [`Engine::search_captures`] where every piece in `candidates` is of a
    /// kind in [`tables::Leaps::bare`] (and no hand holds a piece back): each
    /// one's sequences by [`Engine::short_leaps`], in the same order, with no
    /// search set up. None where some piece is of another kind, or a listed
    /// sequence could outgrow a move.
    fn bare_leaps(
        &self,
        pos: &Position,
        candidates: u128,
        count_only: bool,
        out: &mut Vec<Move>,
    ) -> Option<Result<u32, Limit>> {
        let me = pos.turn;
        let bare = self.leaps.bare[me as usize];
        let enemies = pos.enemies_low128(me) as u64;
        if !points_of(candidates).all(|p| bare >> kind_of(pos.at(p)) & 1 != 0)
            || !count_only && enemies.count_ones() as usize > INLINE
        {
            return None;
        }
        let open = shifts::vacant_bits(self, pos) as u64;
        let (mut budget, mut total) = (MAX_SEARCH_STEPS, 0);
        if count_only && self.counts_short_leaps_by_enemies() {
            // The walk by enemies, entered with no move to extend.
            for p in points_of(candidates) {
                let at = self.table_index(kind_of(pos.at(p)), me, p);
                let bits = (enemies, open | 1 << p);
                match take_step(&mut budget)
                    .and_then(|_| self.count_short_leaps((kind_of(pos.at(p)), me), (at, 0), bits, &mut budget))
                {
                    Ok(n) => total += n,
                    Err(limit) => return Some(Err(limit)),
                }
            }
            return Some(Ok(total));
        }
        let mut scratch = Move { kind: MoveType::Jumps, ..Move::PASS };
        for p in points_of(candidates) {
            let piece = (kind_of(pos.at(p)), me);
            let bits = (enemies, open | 1 << p);
            scratch.from = p;
            let found = match count_only {
                true => self.short_leaps::<false>(piece, (p, None), bits, 0, &mut scratch, &mut budget, out),
                false => self.short_leaps::<true>(piece, (p, None), bits, 0, &mut scratch, &mut budget, out),
            };
            match found {
                Ok(n) => total += n,
                Err(limit) => return Some(Err(limit)),
            }
        }
        Some(Ok(total))
    }

    /// The capture sequences from `cur` of a piece of a kind in
    /// [`tables::Leaps::leapers`] (the board of at most 64 points, as bits):
    /// [`Search::extend`] where nothing but short leaps is to be tried,
    /// with the same order, steps of the budget and limits. Counted, or
    /// with `LIST` also pushed to `out` as moves from `scratch` (whose `len`
    /// leaps so far it extends and leaves as it found them) where the
    /// enemies are few enough for any sequence to fit in a move ([`INLINE`]).
    #[allow(clippy::too_many_arguments)]
    fn short_leaps<const LIST: bool>(
        &self,
        (kind, me): (KindId, PlayerId),
        (cur, came): (Point, Option<Dir>),
        (enemies, open): (u64, u64),
        len: usize,
        scratch: &mut Move,
        budget: &mut u32,
        out: &mut Vec<Move>,
    ) -> Result<u32, Limit> {
        take_step(budget)?;
        let at = self.table_index(kind, me, cur);
        if !LIST && self.counts_short_leaps_by_enemies() {
            return self.count_short_leaps((kind, me), (at, len), (enemies, open), budget);
        }
        // No enemy next to `cur` with a point behind it: most landings end here.
        let leaps = if self.leaps.over[at].low128() as u64 & enemies != 0 { self.leaps.from(at) } else { &[] };
        let closed = if self.leaps.closes { self.closed_after(came) } else { 0 };
        let (mut sequences, mut found) = (0, false);
        for &(d, over, land) in leaps {
            if enemies >> over & open >> land & 1 == 0 || closed >> d & 1 != 0 {
                continue;
            }
            let after = self.after_short_leap(len, (enemies, open), over)?;
            found = true;
            if LIST {
                scratch.path[len] = land;
                scratch.taken[len] = over;
                scratch.len += 1;
                scratch.ntaken += 1;
            }
            sequences += self.short_leaps::<LIST>((kind, me), (land, Some(d)), after, len + 1, scratch, budget, out)?;
            if LIST {
                scratch.len -= 1;
                scratch.ntaken -= 1;
            }
        }
        if found || len == 0 {
            return Ok(sequences);
        }
        // No leap goes on: a sequence of at least one leap ends here.
        if LIST {
            out.push(Move { to: cur, becomes: self.promoted(kind, me, cur), ..*scratch });
        }
        Ok(1)
    }

    /// The enemies and open points after a leap over `over`, the `len`-th
    /// of its sequence: a jumped piece is not jumped again, and opens its
    /// point only where it leaves at once.
    #[inline(always)]
    fn after_short_leap(&self, len: usize, (enemies, open): (u64, u64), over: Point) -> Result<(u64, u64), Limit> {
        if len == MAX_PATH {
            return Err(Limit::PathLength);
        }
        let opened = if self.game.jumps.remove_at_once { 1 << over } else { 0 };
        Ok((enemies & !(1 << over), open | opened))
    }

    /// Whether [`Engine::count_short_leaps`] may stand for the counting
    /// [`Engine::short_leaps`].
    #[inline(always)]
    fn counts_short_leaps_by_enemies(&self) -> bool {
        !self.leaps.closes && !self.leaps.over_short.is_empty()
    }

    /// [`Engine::short_leaps`] counting, where no rule closes a direction
    /// and [`tables::Leaps::landing`] is filled: the leaps over the enemies
    /// next to the piece (the count is the same in any order).
    fn count_short_leaps(
        &self,
        (kind, me): (KindId, PlayerId),
        (at, len): (usize, usize),
        (enemies, open): (u64, u64),
        budget: &mut u32,
    ) -> Result<u32, Limit> {
        let (mut sequences, mut found) = (0, false);
        let mut next = self.leaps.over_short[at] & enemies;
        while next != 0 {
            let over = next.trailing_zeros();
            next &= next - 1;
            let land = self.leaps.landing(at, over);
            if open >> land & 1 == 0 {
                continue;
            }
            let after = self.after_short_leap(len, (enemies, open), over as Point)?;
            found = true;
            take_step(budget)?;
            let at = self.table_index(kind, me, land);
            sequences += self.count_short_leaps((kind, me), (at, len + 1), after, budget)?;
        }
        Ok(if found || len == 0 { sequences } else { 1 })
    }
}

/// One step of the short leapers' walk out of `budget`: [`Limit::SearchSteps`]
/// once none is left.
#[inline(always)]
fn take_step(budget: &mut u32) -> Result<(), Limit> {
    if *budget == 0 {
        return Err(Limit::SearchSteps);
    }
    *budget -= 1;
    Ok(())
}
