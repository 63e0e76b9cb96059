//! `random`: uniform among the legal moves, as in the random playouts of docs/rules.md.

use super::Agent;
use crate::engine::{Engine, History, Limit, Move, Position};
use rand::Rng;

pub struct RandomAgent;

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(
        &mut self,
        _: &Engine,
        _: &Position,
        _: &History,
        moves: &[Move],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Move, Limit> {
        Ok(moves[rng.gen_range(0..moves.len())])
    }
}
