//! `rulebook.State`: a game in progress, played by move notation or by
//! action numbers (`app/actions.rs`), observed as numbers.

use super::{limit, IllegalMove, Shared};
use crate::agents::by_name;
use crate::app::actions::{ActionError, Legal};
use crate::app::observation::View;
use crate::app::session::Session;
use crate::app::words::describe_outcome;
use crate::engine::{Move, Outcome, Reason, Verdict};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub(super) fn action_error(e: ActionError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game in progress: its position, the plies played, the dice, and a move
/// chosen in part by actions.
#[pyclass(module = "rulebook")]
pub struct State {
    pub(super) session: Session<Shared>,
    /// The actions of a move chosen so far.
    pending: Vec<u32>,
    /// The legal moves under the roll on the table, with their actions, if
    /// `listed` (the buffers kept from ply to ply).
    legal: Legal,
    listed: bool,
}

impl State {
    pub(super) fn new(session: Session<Shared>) -> State {
        State { session, pending: Vec::new(), legal: Legal::default(), listed: false }
    }

    /// The legal moves and their actions (rolling first in a dice game).
    fn legal(&mut self) -> PyResult<&Legal> {
        if !self.listed {
            let roll = self.session.roll();
            let engine = &self.session.engine;
            self.legal.refill(engine, engine.space(), self.session.position(), roll).map_err(action_error)?;
            self.listed = true;
        }
        Ok(&self.legal)
    }

    /// The outcome, from the listed moves where they tell it.
    fn decided(&mut self) -> PyResult<Option<Outcome>> {
        if self.session.engine.dice().is_some() {
            return self.session.engine.outcome(self.session.position()).map_err(limit);
        }
        self.legal()?;
        let listed = &self.legal.moves;
        self.session.engine.outcome_listed(self.session.position(), listed).map_err(limit)
    }

    fn push(&mut self, mv: &Move) {
        let roll = self.session.roll();
        self.session.push(roll, mv, None);
        self.pending.clear();
        self.listed = false;
    }
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

    /// The seat of the player to move (0 for the first player).
    #[getter]
    fn current_player(&self) -> usize {
        self.session.position().turn as usize
    }

    /// The plies played, in move notation.
    #[getter]
    fn plies(&self) -> Vec<String> {
        self.session.plies().iter().map(|p| p.text(&self.session.engine)).collect()
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
    /// Actions of a move chosen in part are dropped.
    fn play(&mut self, text: &str) -> PyResult<()> {
        let roll = self.session.roll();
        let engine = self.session.engine.clone();
        match engine.why(self.session.position(), roll, text).map_err(limit)? {
            Verdict::Legal(_, mv) => {
                self.push(&mv);
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

    /// The actions open now, sorted: the first of each legal move's, or
    /// after a move chosen in part, those that go on with it. Empty when
    /// the game is over.
    fn legal_actions(&mut self) -> PyResult<Vec<u32>> {
        self.legal()?;
        Ok(self.legal.open(&self.pending))
    }

    /// `legal_actions` as a mask: a NumPy array of `num_actions` 0s and 1s (int8).
    fn action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0i8; self.session.engine.space().len()];
        for a in self.legal_actions()? {
            mask[a as usize] = 1;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Takes an action; the move is played when its last action is.
    /// Raises `IllegalMove` for an action not open now.
    fn apply_action(&mut self, action: u32) -> PyResult<()> {
        self.legal()?;
        let legal = &self.legal;
        if !legal.is_open(&self.pending, action) {
            let engine = &self.session.engine;
            let name = engine.space().name(engine, action as usize).unwrap_or_else(|| format!("{action}"));
            return Err(IllegalMove::new_err(format!("action {action} ({name}) is not open here")));
        }
        self.pending.push(action);
        if let Some(i) = legal.completed(&self.pending) {
            let mv = legal.moves[i];
            self.push(&mv);
        }
        Ok(())
    }

    /// The actions of a move chosen so far (empty between moves).
    #[getter]
    fn pending(&self) -> Vec<u32> {
        self.pending.clone()
    }

    /// The actions of a legal move given in move notation.
    fn actions(&mut self, text: &str) -> PyResult<Vec<u32>> {
        let roll = self.session.roll();
        let engine = self.session.engine.clone();
        let mv = match engine.why(self.session.position(), roll, text).map_err(limit)? {
            Verdict::Legal(_, mv) => mv,
            Verdict::Illegal { reason, .. } => {
                return Err(IllegalMove::new_err(format!("`{text}` is not legal: {reason}")))
            }
        };
        let pos = self.session.position().clone();
        let legal = self.legal()?;
        let i = legal.moves.iter().position(|m| *m == mv).or_else(|| {
            // A turn typed another way: the listed move with the same steps' result.
            let typed = engine.play_unchecked(&pos, &mv);
            legal.moves.iter().position(|m| engine.play_unchecked(&pos, m).hash() == typed.hash())
        });
        i.map(|i| legal.seq(i).to_vec()).ok_or_else(|| IllegalMove::new_err(format!("`{text}` is not listed")))
    }

    /// The position as numbers, seen from `player`'s seat (the player to
    /// move by default): a NumPy array of `Game.observation_size` float32,
    /// laid out as `Game.observation_layout` says.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(&mut self, py: Python<'py>, player: Option<usize>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let engine = self.session.engine.clone();
        let observer = match player {
            Some(p) if p < engine.game.players.len() => p as u8,
            Some(p) => return Err(PyValueError::new_err(format!("no player {p}"))),
            None => self.session.position().turn,
        };
        let roll = self.session.roll();
        let mut out = vec![0f32; engine.layout().len()];
        let view = View { pos: self.session.position(), observer, roll, pending: &self.pending };
        engine.layout().write(&engine, engine.space(), &view, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Takes back the last action of a move chosen in part, or else the
    /// last ply (its roll is on the table again).
    fn undo(&mut self) -> PyResult<()> {
        if self.pending.pop().is_some() {
            return Ok(());
        }
        match self.session.plies().len() {
            0 => Err(PyValueError::new_err("nothing to undo")),
            n => {
                self.session.undo_from(n - 1);
                self.listed = false;
                Ok(())
            }
        }
    }

    /// None while the game goes on; else `{"winner": NAME or None, "reason": TEXT}`.
    #[getter]
    fn outcome(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let Some(o) = self.decided()? else { return Ok(None) };
        let engine = &self.session.engine;
        let dict = PyDict::new(py);
        dict.set_item("winner", o.winner.map(|w| engine.game.players[w as usize].name.clone()))?;
        dict.set_item("reason", describe_outcome(engine, &o))?;
        if let Reason::Placed(places) = o.reason {
            let names: Vec<&str> = places.iter().map(|p| engine.game.players[p as usize].name.as_str()).collect();
            dict.set_item("places", names)?;
        }
        Ok(Some(dict.into_any().unbind()))
    }

    /// Each player's score, in seat order: 1 for the winner, -1 for the
    /// others, 0 for a draw and while the game goes on; under `play on for
    /// places`, from 1 for first to -1 for last.
    fn returns(&mut self) -> PyResult<Vec<f64>> {
        let n = self.session.engine.game.players.len();
        Ok(self.decided()?.map_or_else(|| vec![0.0; n], |o| o.returns(n)))
    }

    /// The move an agent chooses here, in move notation (not played):
    /// `agent` as `rulebook match` names it (`mcts:iterations=1000`,
    /// `alphabeta:depth=4`, `greedy`, `random`). It draws from the state's
    /// generator, so a seed gives the same choice for budgets that are not times.
    fn agent_move(&mut self, py: Python<'_>, agent: &str) -> PyResult<String> {
        let mut chosen = by_name(agent).map_err(PyValueError::new_err)?;
        let roll = self.session.roll();
        let moves = self.legal()?.moves.clone();
        if moves.is_empty() {
            return Err(PyValueError::new_err("the game is over: no move to choose"));
        }
        let engine = self.session.engine.clone();
        let (pos, history, rng) = self.session.for_agent();
        let mv = py.allow_threads(|| chosen.choose(&engine, pos, history, &moves, rng)).map_err(limit)?;
        Ok(engine.ply_notation(roll, &mv))
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

    /// An independent copy (its own generator, at the same draw).
    fn clone(&self) -> State {
        State {
            session: self.session.clone(),
            pending: self.pending.clone(),
            legal: self.legal.clone(),
            listed: self.listed,
        }
    }

    fn __repr__(&self) -> String {
        format!("<rulebook.State {}>", self.position())
    }
}
