//! A whole game between agents, one a player: what `match` and `balance` play, and
//! what tests use to check that agents finish games.

use super::{Agent, GameRng, Work};
use crate::engine::{Engine, Limit, Outcome, Position, Reason};

/// How a game between agents went.
#[derive(Clone, Debug)]
pub struct Played {
    pub outcome: Outcome,
    pub plies: u32,
    /// The legal moves summed over the plies (for the mean branching factor).
    pub choices: u64,
    /// The plies in notation, when asked for.
    pub record: Vec<String>,
    /// Per player, the work its agent's searches did, summed (amount, seconds).
    pub work: Vec<Option<Work>>,
}

/// Plays from `start` until the game ends or `max_plies`: `agents[p]` moves
/// for player p, the die and the agents draw from `rng` (so a seed gives the
/// same game when the agents' budgets are not times).
pub fn play_game(
    engine: &Engine,
    start: &Position,
    agents: &mut [Box<dyn Agent + Send>],
    rng: &mut GameRng,
    max_plies: u32,
    record: bool,
) -> Result<Played, Limit> {
    let mut history = engine.history_from(start);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut played = Played {
        outcome: Outcome { winner: None, reason: Reason::PlyLimit },
        plies: 0,
        choices: 0,
        record: Vec::new(),
        work: vec![None; engine.players() as usize],
    };
    loop {
        if let Some(o) = engine.outcome(&pos)? {
            played.outcome = o;
            return Ok(played);
        }
        if played.plies >= max_plies {
            return Ok(played);
        }
        let roll = engine.roll(rng);
        engine.moves(&pos, roll, &mut moves)?;
        played.choices += moves.len() as u64;
        let agent = &mut agents[pos.turn as usize];
        let m = agent.choose(engine, &pos, &history, &moves, rng)?;
        if let Some(w) = agent.work() {
            let sum = played.work[pos.turn as usize].get_or_insert(Work { amount: 0, seconds: 0.0, ..w });
            sum.amount += w.amount;
            sum.seconds += w.seconds;
        }
        if record {
            played.record.push(engine.ply_notation(roll, &m));
        }
        pos = engine.play_in(&pos, &m, &mut history);
        played.plies += 1;
    }
}
