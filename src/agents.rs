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

/// The random generator of a played game: PCG seeded from a number, counting
/// its steps so that a saved game can put it back exactly where it was (the
/// seed and the count are two plain numbers in the record; PCG jumps ahead
/// by any count in a few multiplications).
#[derive(Clone, Debug)]
pub struct GameRng {
    inner: rand_pcg::Pcg64Mcg,
    seed: u64,
    draws: u128,
}

impl GameRng {
    pub fn new(seed: u64) -> GameRng {
        use rand::SeedableRng;
        GameRng { inner: rand_pcg::Pcg64Mcg::seed_from_u64(seed), seed, draws: 0 }
    }

    /// The generator seeded with `seed` after `draws` steps.
    pub fn resume(seed: u64, draws: u128) -> GameRng {
        let mut rng = GameRng::new(seed);
        rng.inner.advance(draws);
        rng.draws = draws;
        rng
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many steps the generator has taken since it was seeded.
    pub fn draws(&self) -> u128 {
        self.draws
    }
}

impl rand::RngCore for GameRng {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.draws += 1;
        self.inner.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn a_resumed_generator_goes_on_as_the_original() {
        let mut a = GameRng::new(42);
        let _: Vec<u8> = (0..137).map(|_| a.gen_range(1..=6)).collect();
        let _: f64 = a.gen();
        let mut b = GameRng::resume(a.seed(), a.draws());
        let next_a: Vec<u32> = (0..50).map(|_| a.gen_range(0..1000)).collect();
        let next_b: Vec<u32> = (0..50).map(|_| b.gen_range(0..1000)).collect();
        assert_eq!(next_a, next_b);
        assert_ne!(GameRng::resume(42, 1).gen::<u64>(), GameRng::new(42).gen::<u64>());
    }
}
