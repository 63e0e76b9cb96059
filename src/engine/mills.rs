//! Random playouts of mill games on bits (Nine Men's Morris): where the
//! game's one kind enters from a counted hand, steps and flies, a row made
//! removes an enemy piece, and the goals are counts of pieces left, who
//! moved last and `no move`, a playout needs no position: each side's points
//! as bits and its hand as a count. It picks the same moves as
//! [`Engine::pick_mill_by_bits`] (entries, then each piece lowest point
//! first, a row-making landing weighed by its removals), which a test checks.

use super::counting::{RowWeights, Source};
use super::shifts::points_of;
use super::*;
use rand::Rng;

/// What a mill playout needs, where the game allows one.
#[derive(Clone, Debug)]
pub(super) struct MillPlan {
    kind: KindId,
    /// Where each player may enter (`[player]`).
    enter_on: [u128; 2],
    /// Pieces wait on the board while their player holds any in hand.
    before_moving: bool,
    /// Flies when its player has at most this many pieces (board and hand).
    fly_at: Option<u8>,
    /// The points a piece may stop on.
    stops: u128,
}

impl MillPlan {
    /// The plan for `engine`'s game, if its playouts can run on bits.
    pub(super) fn of(engine: &Engine) -> Option<MillPlan> {
        let game = &engine.game;
        // `mill_bits` holds only with a row rule and its rows (a board of up to 128 points).
        if !engine.plans.mill_bits || engine.players != 2 || game.kinds.len() != 1 {
            return None;
        }
        let k = &game.kinds[0];
        let enter = k.enter.as_ref()?;
        let counted =
            (0..2).all(|p| game.hand.iter().any(|&(pl, kind, _)| pl == p && kind == 0) && !engine.unlimited(p, 0));
        if !counted || enter.falling.iter().any(|f| f.is_some()) || enter.capturing || enter.unless_mates {
            return None;
        }
        if game.custodial.is_some() || !game.traps.is_empty() || !game.stops.is_empty() || game.stacks.is_some() {
            return None;
        }
        if game.another_turn.is_some() || game.return_to_hand || engine.keeps_history() || engine.lifts {
            return None;
        }
        let counts_only = |c: &Clause| match c.test {
            Test::Left { kinds, .. } => kinds & 1 != 0,
            Test::MovedLast => true,
            _ => false,
        };
        let plain_goals = game.goals.iter().all(|g| match &g.condition {
            Condition::NoMove => true,
            Condition::Holds { any } => any.iter().flatten().all(counts_only),
            _ => false,
        });
        if !plain_goals {
            return None;
        }
        let stops = !engine.points.no_stop_set[0].low128() & engine.points.all.low128();
        Some(MillPlan {
            kind: 0,
            enter_on: [enter.on[0].low128() & stops, enter.on[1].low128() & stops],
            before_moving: enter.before_moving,
            fly_at: k.fly,
            stops,
        })
    }
}

/// One random game of a mill game on bits: see the module's comment.
pub(super) struct MillPlayout<'a, R: Rng> {
    pub plan: &'a MillPlan,
    pub start: &'a Position,
    pub max_plies: u32,
    pub rng: &'a mut R,
}

impl Engine {
    /// A random game of a mill game on bits, from its start (not decided).
    pub(super) fn mill_playout<R: Rng>(&self, run: MillPlayout<'_, R>) -> Result<Playout, Limit> {
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            // SAFETY: `popcnt` is set only where the CPU has the instruction.
            return unsafe { self.mill_playout_popcnt(run) };
        }
        self.mill_playout_on_bits(run)
    }

    /// [`Engine::mill_playout`] compiled for CPUs with POPCNT: each ply
    /// counts landings, rows and pieces.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn mill_playout_popcnt<R: Rng>(&self, run: MillPlayout<'_, R>) -> Result<Playout, Limit> {
        self.mill_playout_on_bits(run)
    }

    #[inline(always)]
    fn mill_playout_on_bits<R: Rng>(&self, run: MillPlayout<'_, R>) -> Result<Playout, Limit> {
        let MillPlayout { plan, start, max_plies, rng } = run;
        let rows = self.mill_rows.as_ref().expect("a mill plan has rows");
        let mut turn = start.turn;
        let (mut mine, mut theirs) =
            (start.occupied[turn as usize].low128(), start.occupied[1 - turn as usize].low128());
        let mut hands = [self.in_hand(start, turn, plan.kind) as u32, self.in_hand(start, 1 - turn, plan.kind) as u32];
        let (mut plies, mut choices) = (0u32, 0u64);
        let mut froms = [Source { from: NONE, kind: plan.kind, to: 0, rows: 0 }; 129];
        loop {
            if plies >= max_plies {
                return Ok(Playout { outcome: Outcome { winner: None, reason: Reason::PlyLimit }, plies, choices });
            }
            let empty = self.points.all.low128() & !(mine | theirs);
            // The sources, in the list's order: entries, then each piece.
            let mut count = 0;
            if hands[0] > 0 {
                froms[0] = Source { from: NONE, kind: plan.kind, to: plan.enter_on[turn as usize] & empty, rows: 0 };
                count = 1;
            }
            if !(plan.before_moving && hands[0] > 0) {
                let flying = plan.fly_at.is_some_and(|most| mine.count_ones() + hands[0] <= most as u32);
                for p in points_of(mine) {
                    let to =
                        if flying { empty & plan.stops } else { self.step_bits(p as Point, plan.kind, turn, empty) };
                    froms[count] = Source { from: p as Point, kind: plan.kind, to, rows: 0 };
                    count += 1;
                }
            }
            // Weighed and picked as `pick_mill_by_bits` does.
            let mut removable = 0;
            let weights = RowWeights::of(rows, mine, &mut froms[..count], || {
                removable = rows.removable(theirs);
                removable.count_ones()
            });
            if weights.total == 0 {
                // No move: the plain path's ending.
                let pos = self.mill_position(plan, turn, [mine, theirs], hands);
                let outcome = self.outcome(&pos)?.unwrap_or(Outcome { winner: None, reason: Reason::NoMove(turn) });
                return Ok(Playout { outcome, plies, choices });
            }
            choices += weights.total as u64;
            let (f, to, k) = weights.nth(&froms[..count], rng.gen_range(0..weights.total as usize) as u32);
            let removed = if f.rows >> to & 1 != 0 && removable != 0 {
                1u128 << super::placing::nth_bit(removable, k as usize)
            } else {
                0
            };
            if f.from == NONE {
                hands[0] -= 1;
            } else {
                mine &= !(1u128 << f.from);
            }
            mine |= 1u128 << to;
            theirs &= !removed;
            plies += 1;
            let left = |bits: u128, hand: u32| (bits.count_ones() + hand) as usize;
            let mut counts = [0; 2];
            counts[turn as usize] = left(mine, hands[0]);
            counts[1 - turn as usize] = left(theirs, hands[1]);
            if let Some(outcome) = self.goal_state_on_counts(counts, turn) {
                return Ok(Playout { outcome, plies, choices });
            }
            (mine, theirs) = (theirs, mine);
            hands.swap(0, 1);
            turn = 1 - turn;
        }
    }

    /// The position a mill playout stands in: `sides[0]` and `hands[0]` are
    /// the side to move's.
    fn mill_position(&self, plan: &MillPlan, turn: PlayerId, sides: [u128; 2], hands: [u32; 2]) -> Position {
        let mut pos = self.position_of_bits(turn, plan.kind, sides);
        self.set_hand(&mut pos, turn, plan.kind, hands[0] as u8);
        self.set_hand(&mut pos, 1 - turn, plan.kind, hands[1] as u8);
        pos
    }
}
