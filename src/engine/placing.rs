//! Random playouts of placement games on bits: where every move places a
//! piece of one kind from unlimited supplies onto any empty point (or where
//! it falls), nothing is captured, and the game ends by rows, connections or
//! a full board, a playout needs no position at all: each side's points as
//! one `u128`, the landing points by shifts, the goals by shifts. It picks
//! the same moves as [`Engine::playout`]'s plain path (the placements in
//! point order, `gen_range` over their count), which a test checks.

use super::shifts::{Stepper, StepperFn};
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
                    goals.push(BitGoal::Row { n: *n, rows, winner_if: g.clone() })
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

/// One random game on bits: see the module's comment.
pub(super) struct BitPlayout<'a, R: Rng> {
    pub engine: &'a Engine,
    pub plan: &'a BitPlacements,
    pub start: &'a Position,
    pub max_plies: u32,
    pub rng: &'a mut R,
}

impl<R: Rng> StepperFn<Result<Playout, Limit>> for BitPlayout<'_, R> {
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
                let mut pos = engine.empty_position(turn);
                for (pl, bits) in [(turn, mine), (1 - turn, theirs)] {
                    for p in super::shifts::points_of(bits) {
                        engine.put(&mut pos, p, cell(pl, plan.kind));
                    }
                }
                let outcome = engine.outcome(&pos)?.unwrap_or(Outcome { winner: None, reason: Reason::NoMove(turn) });
                return Ok(Playout { outcome, plies, choices });
            }
            choices += count as u64;
            let to = nth_bit(landings, rng.gen_range(0..count as usize));
            mine |= 1u128 << to;
            plies += 1;
            if let Some(outcome) = decided(s, plan, mine, theirs, turn, to) {
                return Ok(Playout { outcome, plies, choices });
            }
            (mine, theirs) = (theirs, mine);
            turn = 1 - turn;
        }
    }
}

/// A bit playout compiled for CPUs with POPCNT (the portable build has none):
/// counting the landing points is most of a ply.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
pub(super) unsafe fn bit_playout_popcnt<R: Rng>(
    shifts: &super::shifts::Shifts,
    run: BitPlayout<'_, R>,
) -> Result<Playout, Limit> {
    shifts.with_stepper(run)
}

/// The outcome a placement on `to` by `me` decides, if any.
#[inline(always)]
fn decided<S: Stepper>(s: S, plan: &BitPlacements, mine: u128, theirs: u128, me: PlayerId, to: u32) -> Option<Outcome> {
    let at = |g: &Goal, reason| Some(Outcome { winner: g.winner(g.player.unwrap_or(me)), reason });
    for goal in &plan.goals {
        match goal {
            BitGoal::Row { n, rows, winner_if } => {
                // Any new row runs through the point just placed.
                let found = match rows {
                    Some(rows) => rows.complete(to as Point, mine),
                    None => (0..4).any(|d| {
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
                let mut chain = 1u128 << to;
                loop {
                    let grown = (0..8).fold(chain, |c, d| c | s.step(chain, d)) & mine;
                    if grown == chain {
                        break;
                    }
                    chain = grown;
                }
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

/// The `n`-th set bit of `bits`, lowest first.
#[inline(always)]
fn nth_bit(bits: u128, mut n: usize) -> u32 {
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
    use super::nth_bit;

    #[test]
    fn the_nth_bit_is_found_in_either_half() {
        let bits: u128 = (1 << 3) | (1 << 63) | (1 << 64) | (1 << 100) | (1 << 127);
        let found: Vec<u32> = (0..5).map(|n| nth_bit(bits, n)).collect();
        assert_eq!(found, [3, 63, 64, 100, 127]);
        let dense = u128::MAX;
        assert!((0..128).all(|n| nth_bit(dense, n as usize) == n));
    }
}
