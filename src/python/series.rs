//! `rulebook.match` and `rulebook.balance`: series of games between agents,
//! with the same figures as `rulebook match --format json` and `rulebook
//! balance --format json`, played over threads outside the interpreter's lock.

use super::{to_py, Game};
use crate::agents::AgentSpec;
use crate::app::balance::{balance_game, Column};
use crate::app::matches::{labels, match_game, sides, start_position, Tally};
use crate::app::series::{limit_text, run_games, MAX_GAMES, MAX_THREADS};
use crate::app::words::game_seed;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::json;
use std::collections::BTreeMap;

fn counts(games: usize, threads: usize) -> PyResult<()> {
    if !(1..=MAX_GAMES).contains(&games) || !(1..=MAX_THREADS).contains(&threads) {
        return Err(PyValueError::new_err(format!("games must be 1 to {MAX_GAMES} and threads 1 to {MAX_THREADS}")));
    }
    Ok(())
}

/// Games between two agents, `players` naming each side's agent in the first
/// game (`{"white": "mcts:iterations=500", "black": "greedy"}`); with `swap`,
/// they change sides every other game. Returns what `rulebook match --format
/// json` prints: wins per agent and side with 95% intervals, draws by rule,
/// an Elo difference, the mean length and the searches' speed.
#[pyfunction]
#[pyo3(name = "match", signature = (game, players, games = 100, seed = 1, threads = 1, swap = false, max_plies = 400, position = None))]
#[allow(clippy::too_many_arguments)]
pub(super) fn play_match(
    py: Python<'_>,
    game: &Game,
    players: BTreeMap<String, String>,
    games: usize,
    seed: u64,
    threads: usize,
    swap: bool,
    max_plies: u32,
    position: Option<String>,
) -> PyResult<PyObject> {
    counts(games, threads)?;
    let engine = game.engine.clone();
    let given: Vec<String> = players.iter().map(|(side, agent)| format!("{side}={agent}")).collect();
    let specs = sides(&engine, &given).map_err(PyValueError::new_err)?;
    let start = start_position(&engine, &position).map_err(PyValueError::new_err)?;
    let played = py.allow_threads(|| {
        run_games(
            games,
            threads,
            |i| {
                match_game(&engine, &start, &specs, (i, game_seed(seed, i)), swap, max_plies, false).map_err(limit_text)
            },
            || {},
        )
    });
    let played = played.map_err(PyValueError::new_err)?;
    to_py(py, &Tally::new(&played).json(&engine, &labels(&specs), seed, swap))
}

/// One agent against itself in each game (or variant) given, side by side.
/// Returns what `rulebook balance --format json` prints: per game, each
/// side's wins with 95% intervals, draws, length, branching, and how the
/// games were decided.
#[pyfunction]
#[pyo3(signature = (games_to_compare, agent = "mcts:iterations=1000", games = 100, seed = 1, threads = 1, max_plies = 400))]
pub(super) fn balance(
    py: Python<'_>,
    games_to_compare: Vec<PyRef<'_, Game>>,
    agent: &str,
    games: usize,
    seed: u64,
    threads: usize,
    max_plies: u32,
) -> PyResult<PyObject> {
    counts(games, threads)?;
    let spec = AgentSpec::parse(agent).map_err(PyValueError::new_err)?;
    let mut columns = Vec::new();
    for game in &games_to_compare {
        let engine = game.engine.clone();
        let start = engine.start();
        let played = py.allow_threads(|| {
            run_games(
                games,
                threads,
                |i| balance_game(&engine, &start, &spec, game_seed(seed, i), max_plies).map_err(limit_text),
                || {},
            )
        });
        let file = game.engine.0.loaded.file.display().to_string();
        let played = played.map_err(|e| PyValueError::new_err(format!("{file}: {e}")))?;
        columns.push(Column::new(file, &engine, &played).json());
    }
    to_py(py, &json!({"agent": spec.to_string(), "seed": seed, "files": columns}))
}
