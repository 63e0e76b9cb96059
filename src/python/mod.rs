//! The Python front end (`pip install .`, built by maturin with the
//! `python` feature): a game loaded from its file, states to play it through
//! the application layer's session (by move notation or by action numbers),
//! and batches of games stepped together. The package's Python half
//! (`python/rulebook/`) adds the Gymnasium and PettingZoo environments. It
//! imports nothing of the other front ends.

mod batch;
mod series;
mod state;

use crate::agents::GameRng;
use crate::app::actions::ActionSpace;
use crate::app::load::{load as load_game, parse_choices, Loaded};
use crate::app::observation::Layout;
use crate::app::session::Session;
use crate::engine::{Counting, Engine, Limit};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use state::State;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

create_exception!(rulebook, GameError, PyException, "A game file that cannot be played; `.diagnostics` says why.");
create_exception!(
    rulebook,
    IllegalMove,
    PyValueError,
    "A move that is not legal here; the message says which rule forbids it."
);

/// A JSON value as Python objects.
fn to_py(py: Python<'_>, v: &serde_json::Value) -> PyResult<PyObject> {
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_pyobject(py)?.into_any().unbind(),
            None => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any().unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

fn limit(l: Limit) -> PyErr {
    PyValueError::new_err(format!("no answer: {l}"))
}

/// The loaded game with its action space and observation layout, shared by
/// the game object, its states and batches.
struct Data {
    loaded: Loaded,
    /// The path and options it was loaded with (to load it again elsewhere: pickling).
    path: PathBuf,
    options: BTreeMap<String, String>,
    space: ActionSpace,
    layout: Layout,
}

#[derive(Clone)]
struct Shared(Arc<Data>);

impl std::ops::Deref for Shared {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        &self.0.loaded.engine
    }
}

impl Shared {
    fn new(loaded: Loaded, path: PathBuf, options: BTreeMap<String, String>) -> Shared {
        let (space, layout) = (ActionSpace::new(&loaded.engine), Layout::new(&loaded.engine));
        Shared(Arc::new(Data { loaded, path, options, space, layout }))
    }
    fn space(&self) -> &ActionSpace {
        &self.0.space
    }
    fn layout(&self) -> &Layout {
        &self.0.layout
    }
}

/// What `load` is called with: a path and options.
type LoadArgs = (PathBuf, BTreeMap<String, String>);

/// A game or variant file loaded with its options.
#[pyclass(frozen, module = "rulebook")]
struct Game {
    engine: Shared,
}

/// Loads a game (`.game`) or variant (`.toml`) file with option choices;
/// raises `GameError` with the checker's diagnostics if it cannot be played.
#[pyfunction]
#[pyo3(signature = (path, options = None))]
fn load(py: Python<'_>, path: PathBuf, options: Option<BTreeMap<String, String>>) -> PyResult<Game> {
    let options = options.unwrap_or_default();
    let pairs: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let choices = parse_choices(&pairs).map_err(PyValueError::new_err)?;
    match load_game(&path, &choices) {
        Ok(loaded) => Ok(Game { engine: Shared::new(loaded, path, options) }),
        Err(report) => {
            let diagnostics = PyList::empty(py);
            let mut first = String::new();
            for (source, d) in &report.diagnostics {
                let (name, text) = &report.sources[*source];
                let json = crate::diagnostics::to_json(d, name, text);
                if first.is_empty() && d.is_error() {
                    first = format!("{name}:{}:{}: {} {}", json["line"], json["column"], d.code, d.message);
                }
                diagnostics.append(to_py(py, &json)?)?;
            }
            let err = GameError::new_err(first);
            err.value(py).setattr("diagnostics", diagnostics)?;
            Err(err)
        }
    }
}

#[pymethods]
impl Game {
    /// The game's title (a variant's name, if a variant file was loaded).
    #[getter]
    fn name(&self) -> String {
        self.engine.0.loaded.title().to_string()
    }

    /// The players' names, in seat order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.engine.game.players.iter().map(|p| p.name.clone()).collect()
    }

    /// A new game from the setup, or from `position` (position notation);
    /// `seed` drives the dice.
    #[pyo3(signature = (position = None, seed = 0))]
    fn new_state(&self, position: Option<&str>, seed: u64) -> PyResult<State> {
        let start = match position {
            Some(p) => self.engine.parse_position(p).map_err(|e| PyValueError::new_err(e.to_string()))?,
            None => self.engine.start(),
        };
        Ok(State::new(Session::new(self.engine.clone(), GameRng::new(seed), start)))
    }

    /// `n` games from the setup stepped together by action numbers, seeded
    /// `seed`, `seed + 1`, ...; a game is cut at `max_plies` (unlimited: None).
    #[pyo3(signature = (n, seed = 0, max_plies = None))]
    fn batch(&self, n: usize, seed: u64, max_plies: Option<u32>) -> PyResult<batch::Batch> {
        batch::Batch::new(self.engine.clone(), n, seed, max_plies)
    }

    /// The number of actions (`State.legal_actions` numbers them below it).
    #[getter]
    fn num_actions(&self) -> usize {
        self.engine.space().len()
    }

    /// An action in words: `c3-c4` (one step of a piece), `K@c3` (an entry),
    /// `pass`, `=Q` (a kind chosen), `xc3` (a point acted on).
    fn action_name(&self, action: usize) -> PyResult<String> {
        self.engine
            .space()
            .name(&self.engine, action)
            .ok_or_else(|| PyValueError::new_err(format!("no action {action}: the game has {}", self.num_actions())))
    }

    /// The number of values in an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.engine.layout().len()
    }

    /// The observation's parts in order, each a name and a shape:
    /// `[("pieces", (players, kinds, points)), ..., ("to_move", (1,))]`.
    #[getter]
    fn observation_layout(&self) -> Vec<(String, Vec<usize>)> {
        self.engine.layout().parts.iter().map(|(n, s)| (n.to_string(), s.clone())).collect()
    }

    /// The board's points, in the order observations give them.
    #[getter]
    fn points(&self) -> Vec<String> {
        self.engine.game.board.labels.clone()
    }

    /// Each point's place on the board's lattice, in the order of `points`:
    /// `(x, y)` with x the file from 0 and y the rank from 0, for laying
    /// observation planes out as a grid of `board_size`.
    #[getter]
    fn point_coordinates(&self) -> Vec<(i32, i32)> {
        self.engine.game.board.coords.clone()
    }

    /// The lattice's size as `(width, height)`: x in 0..width, y in 0..height.
    #[getter]
    fn board_size(&self) -> (i32, i32) {
        (self.engine.game.board.width, self.engine.game.board.height)
    }

    /// The kinds of piece, in the order observations give them.
    #[getter]
    fn kinds(&self) -> Vec<String> {
        self.engine.game.kinds.iter().map(|k| k.name.clone()).collect()
    }

    /// Counts the move paths to `depth` from the setup or `position` (perft).
    #[pyo3(signature = (depth, position = None))]
    fn perft(&self, py: Python<'_>, depth: u32, position: Option<&str>) -> PyResult<u128> {
        let pos = self.new_state(position, 0)?.session.position().clone();
        let engine = self.engine.clone();
        py.allow_threads(|| engine.perft_counting(&pos, depth, Counting::Paths)).map_err(limit)
    }

    /// The file and options it was loaded from.
    #[getter]
    fn path(&self) -> PathBuf {
        self.engine.0.path.clone()
    }

    #[getter]
    fn options(&self) -> BTreeMap<String, String> {
        self.engine.0.options.clone()
    }

    /// Pickled as its file and options, loaded again where it is unpickled
    /// (a Ray worker), so the file must be readable there at the same path.
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(PyObject, LoadArgs)> {
        let py = slf.py();
        let load = py.import("rulebook")?.getattr("load")?.unbind();
        let game = slf.get();
        // Absolute: the process that loads it may work in another folder.
        let path = std::path::absolute(&game.engine.0.path).unwrap_or_else(|_| game.engine.0.path.clone());
        Ok((load, (path, game.engine.0.options.clone())))
    }

    fn __repr__(&self) -> String {
        format!("<rulebook.Game {:?}>", self.engine.0.loaded.title())
    }
}

/// Board games as text files: load one, and play it.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(series::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(series::balance, m)?)?;
    m.add_function(wrap_pyfunction!(series::simulate, m)?)?;
    for part in [
        wrap_pyfunction!(series::_match_part, m)?,
        wrap_pyfunction!(series::_match_merge, m)?,
        wrap_pyfunction!(series::_balance_part, m)?,
        wrap_pyfunction!(series::_balance_merge, m)?,
        wrap_pyfunction!(series::_simulate_part, m)?,
        wrap_pyfunction!(series::_simulate_merge, m)?,
    ] {
        m.add_function(part)?;
    }
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<batch::Batch>()?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    Ok(())
}
