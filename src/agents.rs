//! Computer players. Each picks one of the legal moves it is given; the
//! caller rolls the die and generates the moves.

use crate::engine::{Engine, Move, Position};
use rand::Rng;

/// A player that chooses moves.
pub trait Agent {
    fn name(&self) -> &str;
    /// Picks one of `moves` (never empty) at `pos`.
    fn choose(&mut self, engine: &Engine, pos: &Position, moves: &[Move], rng: &mut dyn rand::RngCore) -> Move;
}

/// Uniform among the legal moves, as in RULES.md's random playouts.
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(&mut self, _: &Engine, _: &Position, moves: &[Move], rng: &mut dyn rand::RngCore) -> Move {
        moves[rng.gen_range(0..moves.len())]
    }
}

/// One ply deep: a move that wins at once, else the one leaving the mover
/// the most pieces relative to the opponent; ties broken at random.
pub struct GreedyAgent;

impl Agent for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, engine: &Engine, pos: &Position, moves: &[Move], rng: &mut dyn rand::RngCore) -> Move {
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
            next.pieces(me) as i32 - next.pieces(1 - me) as i32
        };
        let scored: Vec<(i32, Move)> = moves.iter().map(|m| (score(m), *m)).collect();
        let best = scored.iter().map(|s| s.0).max().expect("moves is not empty");
        let top: Vec<Move> = scored.into_iter().filter(|s| s.0 == best).map(|s| s.1).collect();
        top[rng.gen_range(0..top.len())]
    }
}

/// The agents by name, for the command line.
pub const AGENTS: &[&str] = &["random", "greedy"];

pub fn by_name(name: &str) -> Option<Box<dyn Agent + Send>> {
    match name {
        "random" => Some(Box::new(RandomAgent)),
        "greedy" => Some(Box::new(GreedyAgent)),
        _ => None,
    }
}
