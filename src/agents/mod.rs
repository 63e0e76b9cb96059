//! Computer players. Each picks one of the legal moves it is given (after
//! the roll, in a dice game); the caller rolls the die and generates them.
//! The searching agents generate the moves below that themselves, with the
//! engine's generator, into buffers they keep from move to move.

mod alphabeta;
mod arena;
mod eval;
mod greedy;
mod mcts;
mod random;
mod spec;

pub use alphabeta::AlphaBeta;
pub use arena::{play_game, Played};
pub use eval::Evaluation;
pub use greedy::GreedyAgent;
pub use mcts::Mcts;
pub use random::RandomAgent;
pub use spec::{duration, AgentSpec, AlphaBetaSettings, Budget, MctsSettings, AGENTS, MAX_THREADS};

use crate::engine::{Engine, History, Limit, Move, Position};
use crate::game::Dice;

/// A player that chooses moves.
pub trait Agent {
    /// The agent as it is named on the command line (`mcts:iterations=500`).
    fn name(&self) -> &str;
    /// Picks one of `moves` (never empty) at `pos`, reached through
    /// `history` (the game's positions since the last capture, ending at
    /// `pos`, as [`Engine::play_in`] keeps them; one that does not end at
    /// `pos` counts as none). A search that meets an engine limit below says
    /// so rather than choose from a cut-short tree.
    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        history: &History,
        moves: &[Move],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Move, Limit>;
    /// What the last choice was based on, in a few lines (the best line, or
    /// visit counts), for `play --verbose`.
    fn thought(&self, _engine: &Engine) -> Option<String> {
        None
    }
    /// The work of the last search (None for agents that do not search).
    fn work(&self) -> Option<Work> {
        None
    }
    /// From now on, a search ends soon after `flag` is set, with the best
    /// move found so far (a server cancels a search the game no longer needs).
    fn stop_on(&mut self, _flag: Cancel) {}
}

/// Set to end a search early: see [`Agent::stop_on`].
pub type Cancel = std::sync::Arc<std::sync::atomic::AtomicBool>;

/// How much a search did, for its speed: iterations or nodes, and the time.
#[derive(Clone, Copy, Debug)]
pub struct Work {
    pub amount: u64,
    pub unit: &'static str,
    pub seconds: f64,
    /// A figure that changes only when the search does, for a fixed
    /// workload (`rulebook bench`): alpha-beta's nodes, the visits of the
    /// move MCTS chose.
    pub fingerprint: u64,
}

/// The agent a spec names.
pub fn from_spec(spec: &AgentSpec) -> Box<dyn Agent + Send> {
    match spec {
        AgentSpec::Random => Box::new(RandomAgent),
        AgentSpec::Greedy => Box::new(GreedyAgent),
        AgentSpec::Mcts(s) => Box::new(Mcts::new(s.clone())),
        AgentSpec::AlphaBeta(s) => Box::new(AlphaBeta::new(s.clone())),
    }
}

/// The agent named by `text` (`mcts:time=2s`), or why it is not one.
pub fn by_name(text: &str) -> Result<Box<dyn Agent + Send>, String> {
    AgentSpec::parse(text).map(|s| from_spec(&s))
}

/// The history a search starts from: the one given if it ends at `pos`, else
/// one that starts there.
pub(crate) fn search_history(engine: &Engine, pos: &Position, given: &History) -> History {
    if given.ends_at(pos) {
        given.clone()
    } else {
        engine.history_from(pos)
    }
}

/// A win, a loss or a draw as the searches score it: the side that moved
/// into a position scores 1 for a win, 0.5 for a draw or an unfinished game.
pub(crate) fn reward(winner: Option<u8>, player: u8) -> f64 {
    match winner {
        Some(w) if w == player => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// For each move of a dice game, the lowest roll that allows it: where the
/// roll limits distance, a move of distance k is legal under the rolls
/// k..=highest (as perft counts them); where it sets distance, under k alone.
pub(crate) fn least_roll(m: &Move, dice: &Dice) -> u8 {
    if dice.exact {
        m.distance
    } else {
        m.distance.clamp(1, dice.highest())
    }
}

/// Whether the roll allows a move (of the moves any roll allows).
pub(crate) fn roll_allows(m: &Move, dice: &Dice, roll: u8) -> bool {
    if dice.exact {
        m.distance == roll
    } else {
        least_roll(m, dice) <= roll
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
