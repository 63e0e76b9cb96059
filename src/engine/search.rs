//! Perft and random playouts, as docs/rules.md defines them.

use super::*;
use rand::Rng;
use std::ops::ControlFlow;

/// What perft counts as one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Every move path, as the notation writes moves (docs/rules.md).
    Paths,
    /// Captures that take the same pieces from the same start to the same end
    /// (and leave the same piece there) count once: the convention of many
    /// published draughts tables.
    Distinct,
}

impl Engine {
    /// perft(pos, depth): leaf nodes at `depth`. In a dice game each ply is a
    /// roll and a move, summed over the rolls, so counts grow fast: they are
    /// 128-bit, and one that would not fit is [`Limit::Count`], never wrapped.
    pub fn perft(&self, pos: &Position, depth: u32) -> Result<u128, Limit> {
        self.perft_counting(pos, depth, Counting::Paths)
    }

    /// perft, counting moves as `counting` says.
    pub fn perft_counting(&self, pos: &Position, depth: u32, counting: Counting) -> Result<u128, Limit> {
        let mut buffers = vec![Default::default(); depth as usize + 1];
        self.perft_with(pos, depth, counting, &mut buffers)
    }

    /// perft split at the root over `threads` threads (each takes the next
    /// first ply not yet counted): the same count as [`Engine::perft_counting`].
    /// Dice games, whose counts weigh moves by rolls, count on one thread.
    pub fn perft_threads(&self, pos: &Position, depth: u32, counting: Counting, threads: usize) -> Result<u128, Limit> {
        if threads <= 1 || depth < 2 || self.game.dice.is_some() || pos.result.is_some() {
            return self.perft_counting(pos, depth, counting);
        }
        let mut roots = Vec::new();
        self.generate(pos, ANY_ROLL, &mut roots)?;
        self.pass_if_stuck(pos, &mut roots)?;
        if counting == Counting::Distinct {
            Self::distinct_only(&mut roots);
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let work = || -> Result<u128, Limit> {
            let mut buffers = vec![Default::default(); depth as usize];
            let mut total = 0u128;
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(m) = roots.get(i) else { return Ok(total) };
                let n = self.perft_with(&self.play_unchecked(pos, m), depth - 1, counting, &mut buffers)?;
                total = total.checked_add(n).ok_or(Limit::Count)?;
            }
        };
        let parts: Vec<Result<u128, Limit>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads.min(roots.len().max(1))).map(|_| s.spawn(work)).collect();
            handles.into_iter().map(|h| h.join().expect("a perft thread panicked")).collect()
        });
        parts.into_iter().try_fold(0u128, |t, p| t.checked_add(p?).ok_or(Limit::Count))
    }

    /// Under `pass when no move`, a side with no move passes while the other
    /// has one: the pass is a move of perft's (as published Othello tables count it).
    fn pass_if_stuck(&self, pos: &Position, moves: &mut Vec<Move>) -> Result<(), Limit> {
        if moves.is_empty() && self.goals.pass_rule && self.other_can_move(pos)? {
            moves.push(Move::PASS);
        }
        Ok(())
    }

    /// Keeps one move of each set that differ only in the order of the
    /// pieces taken.
    fn distinct_only(moves: &mut Vec<Move>) {
        if !moves.iter().any(|m| m.kind == MoveType::Jumps && m.len > 1) {
            return;
        }
        let key = |m: &Move| {
            let mut taken = PointSet::default();
            m.jumped().iter().for_each(|&p| taken.insert(p));
            (m.kind, m.from, m.to, m.becomes, taken)
        };
        let mut kept: Vec<(MoveType, Point, Point, KindId, PointSet)> = Vec::with_capacity(moves.len());
        moves.retain(|m| {
            let k = key(m);
            if kept.contains(&k) {
                return false;
            }
            kept.push(k);
            true
        });
    }

    fn perft_with(&self, pos: &Position, depth: u32, counting: Counting, buffers: &mut [Ply]) -> Result<u128, Limit> {
        if depth == 0 {
            return Ok(1);
        }
        let (Ply { moves, counts, weights, sources, child }, rest) =
            buffers.split_first_mut().expect("one buffer a ply");
        if pos.result.is_some() {
            return Ok(0);
        }
        if self.dice.exact {
            return self.perft_exact_rolls(pos, depth, counting, (moves, child), rest);
        }
        let mut candidates = None;
        if depth == 1 && self.game.dice.is_none() {
            match self.count_last_ply(pos, counting, moves, counts, (weights, sources))? {
                ControlFlow::Break(total) => return Ok(total),
                ControlFlow::Continue(found) => candidates = found,
            }
        }
        if depth == 1 && self.game.dice.is_some() {
            if let Some(total) = self.weighed_by_rolls(pos) {
                return Ok(total);
            }
        }
        let mut listed = false;
        if depth > 1 && self.paths.bulk_counting && self.game.dice.is_none() {
            // Above the last ply, the moves the count finds by rays where no
            // capture is open (else the pieces that may capture).
            match self.count_by_piece(pos, ANY_ROLL, counts) {
                counting::Tally::Moves(1..) => {
                    self.moves_of_rays(pos, counts, moves);
                    listed = true;
                }
                tally => candidates = tally.candidates(),
            }
        }
        if !listed {
            moves.clear();
            self.generate_with(pos, self.dice.max_roll, moves, candidates)?;
            self.pass_if_stuck(pos, moves)?;
        }
        if counting == Counting::Distinct {
            Self::distinct_only(moves);
        }
        if moves.is_empty() {
            return Ok(0);
        }
        let Some(dice) = self.game.dice else {
            if depth == 1 {
                return Ok(moves.len() as u128);
            }
            let mut total = 0u128;
            let child = child.get_or_insert_with(|| pos.clone());
            for m in moves.iter() {
                self.play_into(pos, m, child);
                // A crafted game can branch widely enough to overflow: check.
                let n = self.perft_with(child, depth - 1, counting, rest)?;
                total = total.checked_add(n).ok_or(Limit::Count)?;
            }
            return Ok(total);
        };
        self.perft_weighed(pos, depth, counting, dice.sides, (moves, child), rest)
    }

    /// perft's last ply in a game without dice, counted as the playouts
    /// count it where they can: turns weighed whole (no capture sequences,
    /// whose distinct count could differ), then no capture open and at least
    /// one move (else a pass may be due). Otherwise the pieces the count
    /// found may capture (None: every piece), to list the moves of.
    /// Always inlined: as a call it cost perft 4-5% (Tabal, Tablut).
    #[inline(always)]
    fn count_last_ply(
        &self,
        pos: &Position,
        counting: Counting,
        moves: &mut Vec<Move>,
        counts: &mut Vec<counting::Counted>,
        (weights, sources): (&mut Vec<u32>, &mut Vec<counting::Source>),
    ) -> Result<ControlFlow<u128, Option<u128>>, Limit> {
        if !self.any_jumps && self.paths.picks_whole_turns {
            if let Some((_, total)) = self.pick_counted(pos, &mut |_| 0, moves, weights, sources)? {
                return Ok(ControlFlow::Break(total as u128));
            }
        }
        Ok(match self.count_total(pos, counts) {
            counting::Tally::Moves(total @ 1..) => ControlFlow::Break(total as u128),
            counting::Tally::Captures(known) if self.paths.counts_captures && counting == Counting::Paths => {
                // Counted by the capture search, none made into a move;
                // 0 where the pieces that might capture cannot after all.
                match self.count_captures(pos, known, moves)? {
                    0 => ControlFlow::Continue(Some(known)),
                    total => ControlFlow::Break(total as u128),
                }
            }
            tally => ControlFlow::Continue(tally.candidates()),
        })
    }

    /// perft below `pos` in a dice game, `moves` its legal moves under any
    /// roll: each weighed by the rolls that allow it.
    fn perft_weighed(
        &self,
        pos: &Position,
        depth: u32,
        counting: Counting,
        sides: u8,
        (moves, child): (&mut Vec<Move>, &mut Option<Position>),
        rest: &mut [Ply],
    ) -> Result<u128, Limit> {
        // A move of distance k is legal under the rolls k..=sides; a roll below
        // every move's distance is a pass.
        let sides = sides as u128;
        let weight = |m: &Move| sides + 1 - (m.distance.max(1) as u128).min(sides);
        let least = moves.iter().map(|m| m.distance.max(1) as u128).min().unwrap_or(1);
        let passes = least - 1;
        if depth == 1 {
            return Ok(moves.iter().map(weight).sum::<u128>() + passes);
        }
        let mut total = 0u128;
        let weighted = |w: u128, n: u128, total: u128| w.checked_mul(n).and_then(|x| x.checked_add(total));
        let child = child.get_or_insert_with(|| pos.clone());
        for m in moves.iter() {
            self.play_into(pos, m, child);
            let n = self.perft_with(child, depth - 1, counting, rest)?;
            total = weighted(weight(m), n, total).ok_or(Limit::Count)?;
        }
        if passes > 0 {
            self.play_into(pos, &Move::PASS, child);
            let n = self.perft_with(child, depth - 1, counting, rest)?;
            total = weighted(passes, n, total).ok_or(Limit::Count)?;
        }
        Ok(total)
    }

    /// The last ply of a dice game where one die limits the distance,
    /// counted rather than generated: the moves under each roll, a roll with
    /// none a pass, which is the weighing of [`Engine::perft_with`] (a move
    /// of distance k counted once for each roll of k or more). None where
    /// counting cannot tell, or where the side has no move under any roll.
    fn weighed_by_rolls(&self, pos: &Position) -> Option<u128> {
        let dice = self.game.dice?;
        if dice.exact
            || dice.binary
            || dice.pair
            || dice.counted
            || dice.summed != 1
            || self.dice.max_roll != dice.sides
        {
            return None;
        }
        let weighed = self.count_weighed(pos, dice.sides)?;
        // The rolls below the shortest move's distance are passes.
        let shortest = weighed.shortest;
        (shortest <= dice.sides).then(|| weighed.total + u128::from(shortest - 1))
    }

    /// perft where the roll is the exact distance: summed over every roll,
    /// unweighted, a roll with no move counting as one pass (as docs/games.md
    /// reads race games).
    fn perft_exact_rolls(
        &self,
        pos: &Position,
        depth: u32,
        counting: Counting,
        (moves, child): (&mut Vec<Move>, &mut Option<Position>),
        rest: &mut [Ply],
    ) -> Result<u128, Limit> {
        let mut total = 0u128;
        let child = child.get_or_insert_with(|| pos.clone());
        for &roll in &self.dice.rolls {
            self.moves(pos, Some(roll), moves)?;
            if counting == Counting::Distinct {
                Self::distinct_only(moves);
            }
            let n = if depth == 1 {
                moves.len() as u128
            } else {
                let mut sum = 0u128;
                for m in moves.iter() {
                    self.play_into(pos, m, child);
                    let n = self.perft_with(child, depth - 1, counting, rest)?;
                    sum = sum.checked_add(n).ok_or(Limit::Count)?;
                }
                sum
            };
            total = total.checked_add(n).ok_or(Limit::Count)?;
        }
        Ok(total)
    }

    /// The legal moves as [`Engine::playout`] counts and picks them, or, where
    /// counting found pieces that may capture, as it generates them from those
    /// pieces (None where it generates them in full): for tests that the
    /// fast paths agree with [`Engine::moves`].
    #[doc(hidden)]
    pub fn counted_moves(&self, pos: &Position, roll: Option<u8>) -> Option<Vec<Move>> {
        if self.plans.placement_only {
            let total = self.pick_placement(pos, |_| 0).map_or(0, |(_, total)| total);
            return Some((0..total).filter_map(|k| self.pick_placement(pos, |_| k).map(|(m, _)| m)).collect());
        }
        let mut counts = Vec::new();
        let limit = roll.unwrap_or(ANY_ROLL);
        match self.count_by_piece(pos, limit, &mut counts) {
            counting::Tally::Moves(total) => {
                let mut scratch = Vec::new();
                Some((0..total).map(|k| self.nth_counted(pos, limit, &counts, k, &mut scratch)).collect())
            }
            counting::Tally::Captures(candidates) => {
                let mut moves = Vec::new();
                self.moves_with(pos, roll, &mut moves, Some(candidates)).ok()?;
                moves.retain(|m| m.kind != MoveType::Pass);
                Some(moves)
            }
            counting::Tally::Unknown => None,
        }
    }

    /// The expected perft of a dice game: each roll weighed by how often it
    /// comes rather than counted once (in a game without dice, perft itself).
    pub fn perft_expected(&self, pos: &Position, depth: u32) -> Result<f64, Limit> {
        let Some(dice) = self.game.dice else {
            return self.perft_counting(pos, depth, Counting::Paths).map(|n| n as f64);
        };
        if depth == 0 {
            return Ok(1.0);
        }
        if pos.result.is_some() {
            return Ok(0.0);
        }
        let throws: u32 = dice.rolls().map(|r| dice.ways(r)).sum();
        let mut moves = Vec::new();
        let mut total = 0.0;
        for roll in dice.rolls() {
            self.moves(pos, Some(roll), &mut moves)?;
            let mut paths = 0.0;
            for m in &moves {
                paths += if depth == 1 { 1.0 } else { self.perft_expected(&self.play_unchecked(pos, m), depth - 1)? };
            }
            total += paths * f64::from(dice.ways(roll)) / f64::from(throws);
        }
        Ok(total)
    }

    /// perft split by first ply: (ply notation, count), sorted by notation.
    /// Counting distinct moves, a first ply stands for the orders of taking
    /// that it merges.
    pub fn divide(&self, pos: &Position, depth: u32, counting: Counting) -> Result<Vec<(String, u128)>, Limit> {
        let mut out = Vec::new();
        let rolls: Vec<Option<u8>> = match self.game.dice {
            Some(d) => d.rolls().map(Some).collect(),
            None => vec![None],
        };
        let mut moves = Vec::new();
        for roll in rolls {
            self.moves(pos, roll, &mut moves)?;
            if counting == Counting::Distinct {
                Self::distinct_only(&mut moves);
            }
            for m in &moves {
                let n = if depth <= 1 {
                    1
                } else {
                    self.perft_counting(&self.play_unchecked(pos, m), depth - 1, counting)?
                };
                out.push((self.ply_notation(roll, m), n));
            }
        }
        out.sort();
        Ok(out)
    }

    /// One random game from `pos`: uniform among the legal moves (after a
    /// roll in a dice game), stopping when the game ends or at `max_plies`.
    /// With `record`, the plies are written there in notation.
    pub fn playout<R: Rng>(
        &self,
        pos: &Position,
        max_plies: u32,
        rng: &mut R,
        moves: &mut Vec<Move>,
        record: Option<&mut Vec<String>>,
    ) -> Result<Playout, Limit> {
        if let (Some(plan), Some(shifts), None) = (&self.bit_placements, &self.shifts, record.as_ref()) {
            if pos.result.is_none() {
                return self.bit_playout(plan, shifts, pos, max_plies, rng);
            }
        }
        if let (Some(plan), None) = (&self.mill_plan, record.as_ref()) {
            if pos.result.is_none() {
                return self.mill_playout(mills::MillPlayout { plan, start: pos, max_plies, rng });
            }
        }
        if self.keeps_history() {
            self.playout_keeping::<R, true>(pos, max_plies, rng, moves, record)
        } else {
            self.playout_keeping::<R, false>(pos, max_plies, rng, moves, record)
        }
    }

    /// [`Engine::playout`] by generating or counting, `KEEP` where a rule
    /// looks back at the positions played: a game without one runs no test
    /// of it a ply, and one with it has the test inline.
    fn playout_keeping<R: Rng, const KEEP: bool>(
        &self,
        pos: &Position,
        max_plies: u32,
        rng: &mut R,
        moves: &mut Vec<Move>,
        mut record: Option<&mut Vec<String>>,
    ) -> Result<Playout, Limit> {
        let mut history = self.history_from(pos);
        // Two positions, each ply played from one into the other: one copy a ply.
        let mut positions = [pos.clone(), pos.clone()];
        let mut now = 0;
        let mut plies = 0;
        let mut choices = 0u64;
        let mut counts = Vec::with_capacity(32);
        let (mut weights, mut sources) = (Vec::new(), Vec::new());
        loop {
            let [first, second] = &mut positions;
            let (pos, next) = if now == 0 { (&*first, second) } else { (&*second, first) };
            if let Some(outcome) = pos.result {
                return Ok(Playout { outcome, plies, choices });
            }
            if plies >= max_plies {
                return Ok(Playout { outcome: Outcome { winner: None, reason: Reason::PlyLimit }, plies, choices });
            }
            // Turns the counting knows whole: counted or weighed, the chosen one made.
            let mut draw = |total: usize| rng.gen_range(0..total);
            if let Some((m, total)) = self.pick_counted(pos, &mut draw, moves, &mut weights, &mut sources)? {
                choices += total;
                if let Some(r) = record.as_deref_mut() {
                    r.push(self.ply_notation(None, &m));
                }
                self.play_into(pos, &m, next);
                if KEEP {
                    self.remember(pos, &mut history, next);
                }
                now ^= 1;
                plies += 1;
                continue;
            }
            let roll = self.roll(rng);
            // Where no capture by moving is open, count the moves and make only
            // the chosen one; captures, passes and the end of the game take the long way.
            let limit = roll.unwrap_or(u8::MAX);
            let tally = self.count_by_piece(pos, limit, &mut counts);
            let m = match tally {
                counting::Tally::Moves(total @ 1..) => {
                    choices += total as u64;
                    self.nth_counted(pos, limit, &counts, rng.gen_range(0..total), moves)
                }
                _ => {
                    self.moves_with(pos, roll, moves, tally.candidates())?;
                    if moves.is_empty() {
                        let outcome =
                            self.outcome(pos)?.unwrap_or(Outcome { winner: None, reason: Reason::NoMove(pos.turn) });
                        return Ok(Playout { outcome, plies, choices });
                    }
                    choices += moves.len() as u64;
                    moves[rng.gen_range(0..moves.len())]
                }
            };
            if let Some(r) = record.as_deref_mut() {
                r.push(self.ply_notation(roll, &m));
            }
            self.play_into(pos, &m, next);
            if KEEP {
                self.remember(pos, &mut history, next);
            }
            now ^= 1;
            plies += 1;
        }
    }

    /// One ply of a random game at `pos` (not decided): the roll where the
    /// game has dice, and a move uniform among the legal ones, or None where
    /// there is none. Where no capture by moving is open the moves are
    /// counted and only the chosen one is made; captures, passes and the end
    /// of the game take the long way. It makes the same calls in the same
    /// order as [`Engine::playout`]'s loop, which keeps its own copy of them
    /// (a move returned through this call cost playouts 2-4%);
    /// tests/it/perft.rs checks that the two play the same games.
    pub fn random_ply<R: Rng>(
        &self,
        pos: &Position,
        rng: &mut R,
        buffers: &mut PlyBuffers,
    ) -> Result<Option<RandomPly>, Limit> {
        self.with_random_ply(pos, rng, buffers, |roll, mv, choices| RandomPly { roll, mv: *mv, choices })
    }

    /// [`Engine::random_ply`] played into `next` (a position of this game,
    /// which it overwrites): whether there was a ply to play. The move stays
    /// in this call: copied out of a [`RandomPly`] just written a field at a
    /// time, it stalled MCTS rollouts (a fifth of their loop's own time in
    /// Tabal).
    pub fn random_ply_into<R: Rng>(
        &self,
        pos: &Position,
        rng: &mut R,
        buffers: &mut PlyBuffers,
        next: &mut Position,
    ) -> Result<bool, Limit> {
        Ok(self.with_random_ply(pos, rng, buffers, |_, mv, _| self.play_into(pos, mv, next))?.is_some())
    }

    /// [`Engine::random_ply`]'s pick, handed to `f` with its roll and how
    /// many moves it was among.
    #[inline(always)]
    fn with_random_ply<R: Rng, T>(
        &self,
        pos: &Position,
        rng: &mut R,
        buffers: &mut PlyBuffers,
        f: impl FnOnce(Option<u8>, &Move, u64) -> T,
    ) -> Result<Option<T>, Limit> {
        let PlyBuffers { moves, counts, weights, sources } = buffers;
        let mut draw = |total: usize| rng.gen_range(0..total);
        if let Some((mv, total)) = self.pick_counted(pos, &mut draw, moves, weights, sources)? {
            return Ok(Some(f(None, &mv, total)));
        }
        let roll = self.roll(rng);
        let limit = roll.unwrap_or(u8::MAX);
        let tally = self.count_by_piece(pos, limit, counts);
        Ok(Some(match tally {
            counting::Tally::Moves(total @ 1..) => {
                let mv = self.nth_counted(pos, limit, counts, rng.gen_range(0..total), moves);
                f(roll, &mv, total as u64)
            }
            _ => {
                self.moves_with(pos, roll, moves, tally.candidates())?;
                if moves.is_empty() {
                    return Ok(None);
                }
                f(roll, &moves[rng.gen_range(0..moves.len())], moves.len() as u64)
            }
        }))
    }
}

/// The buffers [`Engine::random_ply`] reuses from ply to ply.
#[derive(Default)]
pub struct PlyBuffers {
    moves: Vec<Move>,
    counts: Vec<counting::Counted>,
    weights: Vec<u32>,
    sources: Vec<counting::Source>,
}

/// A ply of a random game: the roll (in a dice game), the move, and how many
/// legal moves it was picked among.
#[derive(Clone, Copy, Debug)]
pub struct RandomPly {
    pub roll: Option<u8>,
    pub mv: Move,
    pub choices: u64,
}

impl Engine {
    /// Whether any of [`Engine::pick_counted`]'s ways of picking a whole turn applies.
    pub(super) fn picks_whole_turns(&self) -> bool {
        self.paths.entry_picking
            || self.plans.placement_only
            || (self.plans.mill_counting && self.game.mill.is_some())
            || self.plans.shot_counting
            || self.paths.royal_picking
    }

    /// The move a playout picks where the whole turn is counted or weighed
    /// rather than listed: placements only (`pick_placement`), rows that
    /// remove a piece (`pick_mill`), moves that shoot (`pick_shot`), chess's
    /// family (`pick_legal`); with the number of moves it was picked among
    /// (`draw(n)` picks the index, below `n`). None where none of these applies.
    fn pick_counted(
        &self,
        pos: &Position,
        draw: &mut impl FnMut(usize) -> usize,
        moves: &mut Vec<Move>,
        weights: &mut Vec<u32>,
        sources: &mut Vec<counting::Source>,
    ) -> Result<Option<(Move, u64)>, Limit> {
        if !self.paths.picks_whole_turns {
            return Ok(None);
        }
        let widen = |picked: Option<(Move, u32)>| picked.map(|(m, total)| (m, total as u64));
        if self.paths.entry_picking {
            if let Some((m, total)) = self.pick_guarded_entry(pos, &mut *draw) {
                return Ok(Some((m, total as u64)));
            }
        }
        if self.plans.placement_only {
            if let Some((m, total)) = self.pick_placement(pos, &mut *draw) {
                return Ok(Some((m, total as u64)));
            }
        }
        if let (true, Some(n)) = (self.plans.mill_counting, self.game.mill) {
            let pick = |total: u32| draw(total as usize) as u32;
            let picked = if self.plans.mill_bits {
                self.pick_mill_by_bits(pos, n, pick, sources)
            } else {
                self.pick_mill(pos, n, pick, moves, weights)?
            };
            return Ok(widen(picked));
        }
        if self.plans.shot_counting {
            let pick = |total: u32| draw(total as usize) as u32;
            return Ok(widen(self.pick_shot(pos, pick, moves, weights)));
        }
        if self.paths.royal_picking {
            return Ok(self.pick_legal(pos, draw, moves));
        }
        Ok(None)
    }
}

/// What perft keeps for one ply: its moves, the counting's tallies, and the
/// position its moves are played into (made once, then overwritten).
#[derive(Clone, Default)]
struct Ply {
    moves: Vec<Move>,
    counts: Vec<counting::Counted>,
    weights: Vec<u32>,
    sources: Vec<counting::Source>,
    child: Option<Position>,
}

/// How a random game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    pub outcome: Outcome,
    pub plies: u32,
    /// The legal moves summed over the plies (for the mean branching factor).
    pub choices: u64,
}
