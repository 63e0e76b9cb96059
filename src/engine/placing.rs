//! Random playouts of placement games on bits: where every move places a
//! piece of one kind from unlimited supplies onto any empty point (or where
//! it falls), nothing is captured, and the game ends by rows, connections or
//! a full board, a playout needs no position at all: each side's points as
//! one `u128`, the landing points by shifts, the goals by shifts. It picks
//! the same moves as [`Engine::playout`]'s plain path (the placements in
//! point order, `gen_range` over their count), which a test checks.

use super::shifts::{grow, Stepper, StepperFn};
use super::*;
use rand::Rng;

/// Which goals a bit playout checks, in the file's order.
#[derive(Clone, Debug)]
pub(super) enum BitGoal {
    /// At least `n` in a row (every kind): by each point's rows of `n` as
    /// masks where points lie in few rows (tic-tac-toe), else by shifts.
    Row {
        n: u8,
        rows: Option<super::lines::Rows>,
        /// With BMI2, where the board allows: each point's lines, whose bits
        /// PEXT gathers in the line's order.
        lines: Option<LineMasks>,
        winner_if: Goal,
    },
    /// A chain touching every region (each player's part, as bits).
    Connects {
        regions: Vec<[u128; MAX_PLAYERS]>,
        winner_if: Goal,
    },
    BoardFull {
        winner_if: Goal,
    },
}

/// What a bit playout needs, where the game allows one.
#[derive(Clone, Debug)]
pub(super) struct BitPlacements {
    kind: KindId,
    falling: [Option<Dir>; MAX_PLAYERS],
    goals: Vec<BitGoal>,
    all: u128,
}

impl BitPlacements {
    /// The plan for `game`, if its playouts can run on bits.
    pub(super) fn of(game: &Game, shifts: bool, placement_only: bool) -> Option<BitPlacements> {
        let n = game.board.len();
        let enterers: Vec<usize> = (0..game.kinds.len()).filter(|&k| game.kinds[k].enter.is_some()).collect();
        let [kind] = enterers.as_slice() else { return None };
        let enter = game.kinds[*kind].enter.as_ref()?;
        // Two bit boards, one a side, taking turns.
        if game.players.len() != 2 {
            return None;
        }
        let everywhere = enter.on[..2].iter().all(|on| on.len() == n);
        let supplied = (0..2).all(|p| game.supply.contains(&(p, *kind as KindId)));
        if !shifts || !placement_only || !everywhere || !supplied || enter.capturing || enter.before_moving {
            return None;
        }
        if game.custodial.is_some() || !game.traps.is_empty() || !game.hand.is_empty() || !game.stops.is_empty() {
            return None;
        }
        if game.another_turn.is_some() || game.return_to_hand {
            return None;
        }
        let bits = |set: &PointSet| set.low128();
        let mut goals = Vec::new();
        // Rows and connections are checked first (as `make` does), then a full board.
        for g in &game.goals {
            match &g.condition {
                Condition::InARow { n, exactly: false, kinds } if kinds & 1 << kind != 0 => {
                    let rows = super::lines::Rows::of(&game.board, *n).filter(|r| r.len() <= 4 * game.board.len());
                    let lines = LineMasks::of(&game.board, *n);
                    goals.push(BitGoal::Row { n: *n, rows, lines, winner_if: g.clone() })
                }
                Condition::Connects(regions) => goals.push(BitGoal::Connects {
                    regions: regions.iter().map(|r| r.map(|set| bits(&set))).collect(),
                    winner_if: g.clone(),
                }),
                Condition::BoardFull | Condition::NoMove => {}
                _ => return None,
            }
        }
        goals.extend(
            game.goals
                .iter()
                .filter(|g| matches!(g.condition, Condition::BoardFull))
                .map(|g| BitGoal::BoardFull { winner_if: g.clone() }),
        );
        Some(BitPlacements {
            kind: *kind as KindId,
            falling: enter.falling,
            goals,
            all: bits(&all_points(&game.board)),
        })
    }
}

/// One random game on bits: see the module's comment. With `BMI2` (only
/// where the CPU has it) the n-th landing is found by PDEP and rows by PEXT.
pub(super) struct BitPlayout<'a, R: Rng, const BMI2: bool> {
    pub engine: &'a Engine,
    pub plan: &'a BitPlacements,
    pub start: &'a Position,
    pub max_plies: u32,
    pub rng: &'a mut R,
}

impl<R: Rng, const BMI2: bool> StepperFn<Result<Playout, Limit>> for BitPlayout<'_, R, BMI2> {
    #[inline(always)]
    fn call<S: Stepper>(self, s: S) -> Result<Playout, Limit> {
        let BitPlayout { engine, plan, start, max_plies, rng } = self;
        let mut turn = start.turn;
        // The side to move's points and the other's, swapped each ply.
        let (mut mine, mut theirs) =
            (start.occupied[turn as usize].low128(), start.occupied[1 - turn as usize].low128());
        let (mut plies, mut choices) = (0u32, 0u64);
        loop {
            if plies >= max_plies {
                return Ok(Playout { outcome: Outcome { winner: None, reason: Reason::PlyLimit }, plies, choices });
            }
            let empty = plan.all & !(mine | theirs);
            let landings = match plan.falling[turn as usize] {
                Some(d) => empty & !s.step(empty, opposite(d)),
                None => empty,
            };
            let count = landings.count_ones();
            if count == 0 {
                // No move: the plain path's ending (a rule of no move, or a draw).
                let pos = engine.position_of_bits(turn, plan.kind, [mine, theirs]);
                let outcome = engine.outcome(&pos)?.unwrap_or(Outcome { winner: None, reason: Reason::NoMove(turn) });
                return Ok(Playout { outcome, plies, choices });
            }
            choices += count as u64;
            let nth = rng.gen_range(0..count as usize);
            let to = if BMI2 { nth_bit_pdep(landings, nth) } else { nth_bit(landings, nth) };
            mine |= 1u128 << to;
            plies += 1;
            if let Some(outcome) = decided::<S, BMI2>(s, plan, mine, theirs, turn, to) {
                return Ok(Playout { outcome, plies, choices });
            }
            (mine, theirs) = (theirs, mine);
            turn = 1 - turn;
        }
    }
}

impl Engine {
    /// The position where `turn` is to move and `sides[0]` holds its pieces
    /// of `kind`, `sides[1]` the other player's: where a bit playout (here
    /// and in `mills.rs`) ends stuck and the plain path judges the outcome.
    pub(super) fn position_of_bits(&self, turn: PlayerId, kind: KindId, sides: [u128; 2]) -> Position {
        let mut pos = self.empty_position(turn);
        for (pl, bits) in [(turn, sides[0]), (1 - turn, sides[1])] {
            for p in super::shifts::points_of(bits) {
                self.put(&mut pos, p, cell(pl, kind));
            }
        }
        pos
    }

    /// A random game of a placement game on bits, from `start` (not decided).
    pub(super) fn bit_playout<R: Rng>(
        &self,
        plan: &BitPlacements,
        shifts: &super::shifts::Shifts,
        start: &Position,
        max_plies: u32,
        rng: &mut R,
    ) -> Result<Playout, Limit> {
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            let run = BitPlayout::<R, true> { engine: self, plan, start, max_plies, rng };
            if self.cpu.bmi2 {
                // SAFETY: `bmi2` is set only where the CPU has BMI2 and POPCNT.
                return unsafe { bit_playout_bmi2(shifts, run) };
            }
            let run = BitPlayout::<R, false> { engine: run.engine, plan, start, max_plies, rng: run.rng };
            // SAFETY: `popcnt` is set only where the CPU has the instruction.
            return unsafe { bit_playout_popcnt(shifts, run) };
        }
        shifts.with_stepper(BitPlayout::<R, false> { engine: self, plan, start, max_plies, rng })
    }
}

/// A bit playout compiled for CPUs with POPCNT (the portable build has none):
/// counting the landing points is most of a ply.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn bit_playout_popcnt<R: Rng>(
    shifts: &super::shifts::Shifts,
    run: BitPlayout<'_, R, false>,
) -> Result<Playout, Limit> {
    shifts.with_stepper(run)
}

/// A bit playout compiled for CPUs with BMI2 and POPCNT: PDEP finds the
/// picked landing and PEXT gathers a line's bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn bit_playout_bmi2<R: Rng>(
    shifts: &super::shifts::Shifts,
    run: BitPlayout<'_, R, true>,
) -> Result<Playout, Limit> {
    shifts.with_stepper(run)
}

/// The outcome a placement on `to` by `me` decides, if any.
#[inline(always)]
fn decided<S: Stepper, const BMI2: bool>(
    s: S,
    plan: &BitPlacements,
    mine: u128,
    theirs: u128,
    me: PlayerId,
    to: u32,
) -> Option<Outcome> {
    let at = |g: &Goal, reason| Some(Outcome { winner: g.winner(g.player.unwrap_or(me)), reason });
    for goal in &plan.goals {
        match goal {
            BitGoal::Row { n, rows, lines, winner_if } => {
                if mine.count_ones() < *n as u32 {
                    continue;
                }
                // Any new row runs through the point just placed.
                let found = match (rows, lines) {
                    (_, Some(lines)) if BMI2 => lines.complete_pext(to as Point, mine as u64, *n),
                    (Some(rows), _) => rows.complete(to as Point, mine),
                    _ => (0..4).any(|d| {
                        let mut run = mine;
                        for _ in 1..*n {
                            run &= s.step(run, d);
                            if run == 0 {
                                return false;
                            }
                        }
                        true
                    }),
                };
                if found {
                    return at(winner_if, Reason::InARow(me, *n));
                }
            }
            BitGoal::Connects { regions, winner_if } => {
                let chain = grow(s, 1u128 << to, mine, &[0, 1, 2, 3, 4, 5, 6, 7], 0);
                if regions.iter().all(|r| r[me as usize] & chain != 0) {
                    return at(winner_if, Reason::Connected(me));
                }
            }
            BitGoal::BoardFull { winner_if } => {
                if mine | theirs == plan.all {
                    return at(winner_if, Reason::BoardFull);
                }
            }
        }
    }
    None
}

/// [`nth_bit`] by PDEP: only where the caller is compiled with BMI2.
#[inline(always)]
pub(super) fn nth_bit_pdep(bits: u128, n: usize) -> u32 {
    let low = bits as u64;
    let c = low.count_ones() as usize;
    let (word, base, n) = if n < c { (low, 0, n) } else { ((bits >> 64) as u64, 64, n - c) };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: called only from code compiled for BMI2, run where the CPU has it.
    return base + unsafe { core::arch::x86_64::_pdep_u64(1u64 << n, word) }.trailing_zeros();
    #[cfg(not(target_arch = "x86_64"))]
    return base + nth_bit(word as u128, n);
}

/// Per point of a board of at most 64 points whose straight lines run in
/// index order, the masks of the lines through it at least `n` long: PEXT
/// gathers a line's bits in its order, and a row is `n` ones in a row.
#[derive(Clone, Debug)]
pub(super) struct LineMasks {
    at: Vec<u32>,
    masks: Vec<u64>,
}

impl LineMasks {
    fn of(board: &Board, n: u8) -> Option<LineMasks> {
        if board.len() > 64 || n == 0 || n > 64 {
            return None;
        }
        let mut per_point: Vec<Vec<u64>> = vec![Vec::new(); board.len()];
        for line in board.straight_lines() {
            let rising = line.windows(2).all(|w| w[0] < w[1]);
            let falling = line.windows(2).all(|w| w[0] > w[1]);
            if !rising && !falling {
                return None;
            }
            if line.len() >= n as usize {
                let mask = line.iter().fold(0u64, |m, &p| m | 1 << p);
                line.iter().for_each(|&p| per_point[p as usize].push(mask));
            }
        }
        let mut at = vec![0];
        let mut masks = Vec::new();
        for list in per_point {
            masks.extend(list);
            at.push(masks.len() as u32);
        }
        Some(LineMasks { at, masks })
    }

    /// Whether some line through `p` holds `n` of `bits` in a row. Only
    /// where the caller is compiled with BMI2.
    #[inline(always)]
    fn complete_pext(&self, p: Point, bits: u64, n: u8) -> bool {
        self.masks[self.at[p as usize] as usize..self.at[p as usize + 1] as usize].iter().any(|&mask| {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: called only from code compiled for BMI2, run where the CPU has it.
            let line = unsafe { core::arch::x86_64::_pext_u64(bits, mask) };
            #[cfg(not(target_arch = "x86_64"))]
            let line: u64 = unreachable!("PEXT is used only where the CPU has BMI2");
            ones_in_a_row(line, n as u32)
        })
    }
}

/// Whether `bits` has `n` (at least 1) set bits in a row: runs of 1, 2, 4
/// ... by doubling, then the rest.
#[inline(always)]
fn ones_in_a_row(bits: u64, n: u32) -> bool {
    let (mut run, mut have) = (bits, 1);
    while have * 2 <= n {
        run &= run >> have;
        have *= 2;
    }
    if have < n {
        run &= run >> (n - have);
    }
    run != 0
}

/// The `n`-th set bit of `bits`, lowest first.
#[inline(always)]
pub(super) fn nth_bit(bits: u128, mut n: usize) -> u32 {
    let low = bits as u64;
    let (word, base) = match low.count_ones() as usize {
        c if n < c => (low, 0),
        c => {
            n -= c;
            ((bits >> 64) as u64, 64)
        }
    };
    let mut w = word;
    // Skip whole bytes, then bits.
    let mut shift = 0;
    loop {
        let c = ((w >> shift) & 0xff).count_ones() as usize;
        if n < c {
            break;
        }
        n -= c;
        shift += 8;
    }
    w >>= shift;
    for _ in 0..n {
        w &= w - 1;
    }
    base + shift + w.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::{nth_bit, ones_in_a_row};

    #[test]
    fn ones_in_a_row_are_found_at_any_length() {
        for n in 1..=12u32 {
            for len in 0..=14u32 {
                // A run of `len` ones, shifted, with a lone one apart.
                let bits = ((1u64 << len) - 1) << 3 | 1 << 30;
                assert_eq!(ones_in_a_row(bits, n), len >= n || n == 1, "n {n} len {len}");
            }
        }
    }

    #[test]
    fn the_nth_bit_is_found_in_either_half() {
        let bits: u128 = (1 << 3) | (1 << 63) | (1 << 64) | (1 << 100) | (1 << 127);
        let found: Vec<u32> = (0..5).map(|n| nth_bit(bits, n)).collect();
        assert_eq!(found, [3, 63, 64, 100, 127]);
        let dense = u128::MAX;
        assert!((0..128).all(|n| nth_bit(dense, n as usize) == n));
    }
}
