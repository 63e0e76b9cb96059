//! `greedy`: one ply deep. A move that wins at once, else the one leaving the
//! mover the most pieces relative to the opponent; ties broken at random.
//! Blind to the history (a repetition it makes is the game's business).
//! Kept as simple as it was: it is the yardstick the other agents are
//! measured against.

use super::Agent;
use crate::engine::{Engine, History, Limit, Move, Position};
use rand::Rng;

pub struct GreedyAgent;

impl Agent for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        _history: &History,
        moves: &[Move],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Move, Limit> {
        let me = pos.turn;
        let score = |m: &Move| -> i32 {
            let next = engine.play_unchecked(pos, m);
            if let Some(o) = next.decided() {
                return match o.winner {
                    Some(w) if w == me => 10_000,
                    Some(_) => -10_000,
                    None => 0,
                };
            }
            // Finishing under `play on for places`: as good as a win.
            if next.places().contains(me) {
                return 10_000;
            }
            engine.material(&next, me) as i32 - engine.enemy_material(&next, me) as i32
        };
        let scored: Vec<(i32, Move)> = moves.iter().map(|m| (score(m), *m)).collect();
        let best = scored.iter().map(|s| s.0).max().expect("moves is not empty");
        let top: Vec<Move> = scored.into_iter().filter(|s| s.0 == best).map(|s| s.1).collect();
        Ok(top[rng.gen_range(0..top.len())])
    }
}
