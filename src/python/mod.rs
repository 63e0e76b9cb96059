//! The Python front end (`pip install .`, built by maturin with the
//! `python` feature): a game loaded from its file, and states to play it
//! through the application layer's session. It imports nothing of the other
//! front ends.

use crate::agents::GameRng;
use crate::app::load::{load as load_game, parse_choices, Loaded};
use crate::app::session::Session;
use crate::app::words::describe_outcome;
use crate::engine::{Counting, Engine, Limit, Verdict};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
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

/// The loaded game, shared by the game object and its states.
#[derive(Clone)]
struct Shared(Arc<Loaded>);

impl std::ops::Deref for Shared {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        &self.0.engine
    }
}

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
    let pairs: Vec<String> = options.unwrap_or_default().into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    let choices = parse_choices(&pairs).map_err(PyValueError::new_err)?;
    match load_game(&path, &choices) {
        Ok(loaded) => Ok(Game { engine: Shared(Arc::new(loaded)) }),
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
        self.engine.0.title().to_string()
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
        Ok(State { session: Session::new(self.engine.clone(), GameRng::new(seed), start) })
    }

    /// Counts the move paths to `depth` from the setup or `position` (perft).
    #[pyo3(signature = (depth, position = None))]
    fn perft(&self, py: Python<'_>, depth: u32, position: Option<&str>) -> PyResult<u128> {
        let pos = self.new_state(position, 0)?.session.position().clone();
        let engine = self.engine.clone();
        py.allow_threads(|| engine.perft_counting(&pos, depth, Counting::Paths)).map_err(limit)
    }

    fn __repr__(&self) -> String {
        format!("<rulebook.Game {:?}>", self.engine.0.title())
    }
}

/// A game in progress: its position, the plies played, the dice.
#[pyclass(module = "rulebook")]
struct State {
    session: Session<Shared>,
}

#[pymethods]
impl State {
    /// The position in position notation.
    #[getter]
    fn position(&self) -> String {
        self.session.engine.position_notation(self.session.position())
    }

    /// The name of the player to move.
    #[getter]
    fn turn(&self) -> String {
        self.session.engine.game.players[self.session.position().turn as usize].name.clone()
    }

    /// The plies played, in move notation.
    #[getter]
    fn plies(&self) -> Vec<String> {
        self.session.plies().iter().map(|p| p.text.clone()).collect()
    }

    /// Rolls the dice for the coming ply (once; the same roll until a move
    /// is made); None in a game without dice.
    fn roll(&mut self) -> Option<u8> {
        self.session.roll()
    }

    /// The legal moves in move notation, sorted (rolling first in a dice game).
    fn legal_moves(&mut self) -> PyResult<Vec<String>> {
        let roll = self.session.roll();
        self.session.engine.move_list(self.session.position(), roll).map_err(limit)
    }

    /// Plays a move given in move notation; raises `IllegalMove` saying why not.
    fn play(&mut self, text: &str) -> PyResult<()> {
        let roll = self.session.roll();
        let engine = self.session.engine.clone();
        match engine.why(self.session.position(), roll, text).map_err(limit)? {
            Verdict::Legal(_, mv) => {
                let notation = engine.ply_notation(roll, &mv);
                self.session.push(roll, &mv, notation);
                Ok(())
            }
            Verdict::Illegal { reason, .. } => Err(IllegalMove::new_err(format!("`{text}` is not legal: {reason}"))),
        }
    }

    /// Why a move is not legal here, or None if it is.
    fn why(&mut self, text: &str) -> PyResult<Option<String>> {
        let roll = self.session.roll();
        Ok(match self.session.engine.why(self.session.position(), roll, text).map_err(limit)? {
            Verdict::Legal(..) => None,
            Verdict::Illegal { reason, .. } => Some(reason),
        })
    }

    /// Takes back the last ply; its roll is on the table again.
    fn undo(&mut self) -> PyResult<()> {
        match self.session.plies().len() {
            0 => Err(PyValueError::new_err("nothing to undo")),
            n => {
                self.session.undo_from(n - 1);
                Ok(())
            }
        }
    }

    /// None while the game goes on; else `{"winner": NAME or None, "reason": TEXT}`.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let engine = &self.session.engine;
        let Some(o) = engine.outcome(self.session.position()).map_err(limit)? else { return Ok(None) };
        let dict = PyDict::new(py);
        dict.set_item("winner", o.winner.map(|w| engine.game.players[w as usize].name.clone()))?;
        dict.set_item("reason", describe_outcome(engine, &o))?;
        Ok(Some(dict.into_any().unbind()))
    }

    /// The board as an SVG picture, the last move marked.
    fn svg(&self) -> String {
        let last = self.session.last_ply();
        let last = last.as_ref().map(|(before, mv)| (before, mv));
        let opts = crate::render::svg::Options { last, interactive: false };
        crate::render::svg::svg(&self.session.engine, self.session.position(), &opts)
    }

    /// The board as text, as `rulebook render` draws it.
    fn render(&self) -> String {
        crate::render::render(&self.session.engine, self.session.position())
    }

    fn __repr__(&self) -> String {
        format!("<rulebook.State {}>", self.position())
    }
}

/// Board games as text files: load one, and play it.
#[pymodule]
fn rulebook(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    Ok(())
}
