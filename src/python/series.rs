//! `rulebook.match`, `rulebook.balance` and `rulebook.simulate`: series of
//! games with the same figures as the commands' JSON, played over threads
//! outside the interpreter's lock. Each also comes in parts: a range of the
//! series' games played anywhere (`_*_part`, its counts as JSON text) and
//! the parts merged (`_*_merge`), which `rulebook.cluster` spreads over Ray.
//! Game `i` is played from the series' seed and `i` alone, so the merged
//! figures are the same as one process's.

use super::{to_py, Game};
use crate::agents::AgentSpec;
use crate::app::balance::{balance_game, Column};
use crate::app::matches::{labels, match_game, sides, start_position, Tally};
use crate::app::series::{limit_text, ply_limit, run_games, MAX_GAMES, MAX_THREADS};
use crate::app::simulate::Stats;
use crate::app::words::game_seed;
use crate::engine::{Engine, Position};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand::SeedableRng;
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::Range;

fn counts(first: usize, games: usize, threads: usize) -> PyResult<Range<usize>> {
    if !(1..=MAX_GAMES).contains(&games) || !(1..=MAX_THREADS).contains(&threads) {
        return Err(PyValueError::new_err(format!("games must be 1 to {MAX_GAMES} and threads 1 to {MAX_THREADS}")));
    }
    Ok(first..first + games)
}

fn error(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// Games `range` of a series, each by `play(i)`, over `threads` threads.
fn play_range<T: Send>(
    py: Python<'_>,
    range: Range<usize>,
    threads: usize,
    play: impl Fn(usize) -> Result<T, String> + Sync,
) -> PyResult<Vec<T>> {
    py.allow_threads(|| run_games(range.len(), threads, |j| play(range.start + j), || {})).map_err(error)
}

fn to_text<T: serde::Serialize>(counts: &T) -> String {
    serde_json::to_string(counts).expect("counts serialise")
}

fn from_text<T: serde::de::DeserializeOwned>(text: &str) -> PyResult<T> {
    serde_json::from_str(text).map_err(|e| PyValueError::new_err(format!("not a part of this series: {e}")))
}

// ---- match

/// The sides' agents and the start of a match.
fn match_setup(
    game: &Game,
    players: &BTreeMap<String, String>,
    position: &Option<String>,
) -> PyResult<(Vec<AgentSpec>, Position)> {
    let given: Vec<String> = players.iter().map(|(side, agent)| format!("{side}={agent}")).collect();
    let specs = sides(&game.engine, &given).map_err(error)?;
    Ok((specs, start_position(&game.engine, position).map_err(error)?))
}

#[allow(clippy::too_many_arguments)]
fn match_tally(
    py: Python<'_>,
    game: &Game,
    players: &BTreeMap<String, String>,
    seed: u64,
    range: Range<usize>,
    threads: usize,
    swap: bool,
    max_plies: Option<u32>,
    position: &Option<String>,
) -> PyResult<Tally> {
    let (specs, start) = match_setup(game, players, position)?;
    let engine: &Engine = &game.engine;
    let max_plies = ply_limit(engine, max_plies);
    let games = play_range(py, range, threads, |i| {
        match_game(engine, &start, &specs, (i, game_seed(seed, i)), swap, max_plies, false).map_err(limit_text)
    })?;
    Ok(Tally::new(&games))
}

fn match_figures(
    py: Python<'_>,
    game: &Game,
    players: &BTreeMap<String, String>,
    t: &Tally,
    seed: u64,
    swap: bool,
) -> PyResult<PyObject> {
    let (specs, _) = match_setup(game, players, &None)?;
    to_py(py, &t.json(&game.engine, &labels(&specs), seed, swap))
}

/// Games between two agents, `players` naming each side's agent in the first
/// game (`{"white": "mcts:iterations=500", "black": "greedy"}`); with `swap`,
/// they change sides every other game. Returns what `rulebook match --format
/// json` prints: wins per agent and side with 95% intervals, draws by rule,
/// an Elo difference, the mean length and the searches' speed.
#[pyfunction]
#[pyo3(name = "match", signature = (game, players, games = 100, seed = 1, threads = 1, swap = false, max_plies = None, position = None))]
#[allow(clippy::too_many_arguments)]
pub(super) fn play_match(
    py: Python<'_>,
    game: &Game,
    players: BTreeMap<String, String>,
    games: usize,
    seed: u64,
    threads: usize,
    swap: bool,
    max_plies: Option<u32>,
    position: Option<String>,
) -> PyResult<PyObject> {
    let range = counts(0, games, threads)?;
    let t = match_tally(py, game, &players, seed, range, threads, swap, max_plies, &position)?;
    match_figures(py, game, &players, &t, seed, swap)
}

/// Games `first .. first + count` of a match, their counts as JSON text.
#[pyfunction]
#[pyo3(signature = (game, players, seed, first, count, swap = false, max_plies = None, position = None, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub(super) fn _match_part(
    py: Python<'_>,
    game: &Game,
    players: BTreeMap<String, String>,
    seed: u64,
    first: usize,
    count: usize,
    swap: bool,
    max_plies: Option<u32>,
    position: Option<String>,
    threads: usize,
) -> PyResult<String> {
    let range = counts(first, count, threads)?;
    Ok(to_text(&match_tally(py, game, &players, seed, range, threads, swap, max_plies, &position)?))
}

/// A match's parts merged, in the order of their games: `match`'s figures.
#[pyfunction]
pub(super) fn _match_merge(
    py: Python<'_>,
    game: &Game,
    players: BTreeMap<String, String>,
    seed: u64,
    swap: bool,
    parts: Vec<String>,
) -> PyResult<PyObject> {
    let mut t = Tally::default();
    for part in &parts {
        t.merge(from_text(part)?);
    }
    match_figures(py, game, &players, &t, seed, swap)
}

// ---- balance

fn balance_column(
    py: Python<'_>,
    game: &Game,
    spec: &AgentSpec,
    seed: u64,
    range: Range<usize>,
    threads: usize,
    max_plies: Option<u32>,
) -> PyResult<Column> {
    let engine: &Engine = &game.engine;
    let start = engine.start();
    let max_plies = ply_limit(engine, max_plies);
    let file = game.engine.0.loaded.file.display().to_string();
    let played = play_range(py, range, threads, |i| {
        balance_game(engine, &start, spec, game_seed(seed, i), max_plies).map_err(limit_text)
    })
    .map_err(|e| PyValueError::new_err(format!("{file}: {e}")))?;
    Ok(Column::new(file, engine, &played))
}

fn agent(text: &str) -> PyResult<AgentSpec> {
    AgentSpec::parse(text).map_err(error)
}

/// One agent against itself in each game (or variant) given, side by side.
/// Returns what `rulebook balance --format json` prints: per game, each
/// side's wins with 95% intervals, draws, length, branching, and how the
/// games were decided.
#[pyfunction]
#[pyo3(signature = (games_to_compare, agent = "mcts:iterations=1000", games = 100, seed = 1, threads = 1, max_plies = None))]
pub(super) fn balance(
    py: Python<'_>,
    games_to_compare: Vec<PyRef<'_, Game>>,
    agent: &str,
    games: usize,
    seed: u64,
    threads: usize,
    max_plies: Option<u32>,
) -> PyResult<PyObject> {
    let range = counts(0, games, threads)?;
    let spec = self::agent(agent)?;
    let mut columns = Vec::new();
    for game in &games_to_compare {
        columns.push(balance_column(py, game, &spec, seed, range.clone(), threads, max_plies)?.json());
    }
    to_py(py, &json!({"agent": spec.to_string(), "seed": seed, "files": columns}))
}

/// Games `first .. first + count` of one game's balance run, as JSON text.
#[pyfunction]
#[pyo3(signature = (game, agent, seed, first, count, max_plies = None, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub(super) fn _balance_part(
    py: Python<'_>,
    game: &Game,
    agent: &str,
    seed: u64,
    first: usize,
    count: usize,
    max_plies: Option<u32>,
    threads: usize,
) -> PyResult<String> {
    let range = counts(first, count, threads)?;
    Ok(to_text(&balance_column(py, game, &self::agent(agent)?, seed, range, threads, max_plies)?))
}

/// A balance run's parts merged, per game in the order given: `balance`'s
/// figures, each game named as the caller loaded it.
#[pyfunction]
pub(super) fn _balance_merge(
    py: Python<'_>,
    games_to_compare: Vec<PyRef<'_, Game>>,
    agent: &str,
    seed: u64,
    parts: Vec<Vec<String>>,
) -> PyResult<PyObject> {
    let spec = self::agent(agent)?;
    if parts.len() != games_to_compare.len() {
        return Err(PyValueError::new_err("one list of parts a game"));
    }
    let mut columns = Vec::new();
    for (game, game_parts) in games_to_compare.iter().zip(&parts) {
        let mut texts = game_parts.iter();
        let first = texts.next().ok_or_else(|| PyValueError::new_err("a game with no part"))?;
        let mut column: Column = from_text(first)?;
        for text in texts {
            column.merge(from_text(text)?);
        }
        column.file = game.engine.0.loaded.file.display().to_string();
        columns.push(column.json());
    }
    to_py(py, &json!({"agent": spec.to_string(), "seed": seed, "files": columns}))
}

// ---- simulate

#[allow(clippy::too_many_arguments)]
fn simulate_stats(
    py: Python<'_>,
    game: &Game,
    seed: u64,
    range: Range<usize>,
    threads: usize,
    max_plies: Option<u32>,
    position: &Option<String>,
) -> PyResult<Stats> {
    let engine: &Engine = &game.engine;
    let start = start_position(engine, position).map_err(error)?;
    let max_plies = ply_limit(engine, max_plies);
    let playouts = play_range(py, range, threads, |i| {
        // As `rulebook simulate` plays game i.
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(game_seed(seed, i));
        engine.playout(&start, max_plies, &mut rng, &mut Vec::new(), None).map_err(limit_text)
    })?;
    let mut stats = Stats::default();
    for p in &playouts {
        stats.add(p);
    }
    Ok(stats)
}

fn simulate_figures(
    py: Python<'_>,
    game: &Game,
    mut stats: Stats,
    seed: u64,
    max_plies: Option<u32>,
) -> PyResult<PyObject> {
    let max_plies = ply_limit(&game.engine, max_plies);
    stats.settle();
    to_py(py, &stats.json(&game.engine, seed, max_plies))
}

/// Random games, as `rulebook simulate` plays them: wins per player by
/// rule, draws, unfinished games, the length's mean, spread and range, and
/// the mean number of legal moves a ply.
#[pyfunction]
#[pyo3(signature = (game, games = 1000, seed = 1, threads = 1, max_plies = None, position = None))]
pub(super) fn simulate(
    py: Python<'_>,
    game: &Game,
    games: usize,
    seed: u64,
    threads: usize,
    max_plies: Option<u32>,
    position: Option<String>,
) -> PyResult<PyObject> {
    let range = counts(0, games, threads)?;
    let stats = simulate_stats(py, game, seed, range, threads, max_plies, &position)?;
    simulate_figures(py, game, stats, seed, max_plies)
}

/// Games `first .. first + count` of a simulation, as JSON text.
#[pyfunction]
#[pyo3(signature = (game, seed, first, count, max_plies = None, position = None, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub(super) fn _simulate_part(
    py: Python<'_>,
    game: &Game,
    seed: u64,
    first: usize,
    count: usize,
    max_plies: Option<u32>,
    position: Option<String>,
    threads: usize,
) -> PyResult<String> {
    let range = counts(first, count, threads)?;
    Ok(to_text(&simulate_stats(py, game, seed, range, threads, max_plies, &position)?))
}

/// A simulation's parts merged: `simulate`'s figures.
#[pyfunction]
#[pyo3(signature = (game, seed, max_plies, parts))]
pub(super) fn _simulate_merge(
    py: Python<'_>,
    game: &Game,
    seed: u64,
    max_plies: Option<u32>,
    parts: Vec<String>,
) -> PyResult<PyObject> {
    let mut stats = Stats::default();
    for part in &parts {
        stats.merge(from_text(part)?);
    }
    simulate_figures(py, game, stats, seed, max_plies)
}
