//! `rulebook.Batch`: many games stepped together by action numbers, one call
//! a step for all of them (no Python per game), observations and masks as
//! NumPy arrays. A game that ends starts again from the setup with the next
//! seed, as vectorised environments do.

use super::state::action_error;
use super::{IllegalMove, Shared};
use crate::agents::GameRng;
use crate::app::actions::Legal;
use crate::app::observation::View;
use crate::engine::{History, Position};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand::Rng;

/// One game of a batch.
struct Slot {
    pos: Position,
    history: History,
    rng: GameRng,
    /// The roll for the coming ply, once rolled.
    roll: Option<Option<u8>>,
    pending: Vec<u32>,
    /// The legal moves under the roll and their actions, if `listed`.
    legal: Legal,
    listed: bool,
    plies: u32,
}

/// How one game's step ended.
enum Stepped {
    Going,
    /// Over, with each player's score.
    Ended(Vec<f32>),
    /// Cut at the ply limit.
    Cut,
}

#[pyclass(module = "rulebook")]
pub struct Batch {
    engine: Shared,
    slots: Vec<Slot>,
    next_seed: u64,
    max_plies: Option<u32>,
}

impl Batch {
    pub(super) fn new(engine: Shared, n: usize, seed: u64, max_plies: Option<u32>) -> PyResult<Batch> {
        if n == 0 {
            return Err(PyValueError::new_err("a batch holds at least one game"));
        }
        let mut b = Batch { engine, slots: Vec::with_capacity(n), next_seed: seed, max_plies };
        for _ in 0..n {
            let slot = b.fresh();
            b.slots.push(slot);
        }
        Ok(b)
    }

    fn fresh(&mut self) -> Slot {
        let pos = self.engine.start();
        let history = self.engine.history_from(&pos);
        let rng = GameRng::new(self.next_seed);
        self.next_seed += 1;
        Slot { pos, history, rng, roll: None, pending: Vec::new(), legal: Legal::default(), listed: false, plies: 0 }
    }

    /// Lists a game's legal moves under its roll (rolling first).
    fn list(engine: &Shared, slot: &mut Slot) -> PyResult<()> {
        if !slot.listed {
            let roll = *slot.roll.get_or_insert_with(|| engine.roll(&mut slot.rng));
            slot.legal.refill(engine, engine.space(), &slot.pos, roll).map_err(action_error)?;
            slot.listed = true;
        }
        Ok(())
    }

    fn open(engine: &Shared, slot: &mut Slot) -> PyResult<Vec<u32>> {
        Self::list(engine, slot)?;
        Ok(slot.legal.open(&slot.pending))
    }

    /// Takes an open action in one game; plays the move it completes.
    fn take(engine: &Shared, max_plies: Option<u32>, slot: &mut Slot, action: u32) -> PyResult<Stepped> {
        slot.pending.push(action);
        let Some(i) = slot.legal.completed(&slot.pending) else { return Ok(Stepped::Going) };
        let mv = slot.legal.moves[i];
        slot.pos = engine.play_in(&slot.pos, &mv, &mut slot.history);
        slot.plies += 1;
        slot.pending.clear();
        slot.listed = false;
        slot.roll = None;
        let n = engine.game.players.len();
        let outcome = if engine.dice().is_none() {
            // The next moves listed now tell whether the game goes on.
            slot.roll = Some(None);
            slot.legal.refill(engine, engine.space(), &slot.pos, None).map_err(action_error)?;
            slot.listed = true;
            engine.outcome_listed(&slot.pos, &slot.legal.moves)
        } else {
            engine.outcome(&slot.pos)
        };
        Ok(match outcome.map_err(super::limit)? {
            Some(o) => Stepped::Ended(o.returns(n).into_iter().map(|r| r as f32).collect()),
            None if max_plies.is_some_and(|m| slot.plies >= m) => Stepped::Cut,
            None => Stepped::Going,
        })
    }

    /// Steps every game by one action: `pick` chooses it, for game `i`
    /// with its moves listed.
    fn step_all(
        &mut self,
        mut pick: impl FnMut(usize, &mut Slot) -> PyResult<u32>,
    ) -> PyResult<(Vec<f32>, Vec<bool>, Vec<bool>)> {
        let n = self.engine.game.players.len();
        let count = self.slots.len();
        let (mut rewards, mut ended, mut cut) = (vec![0f32; count * n], vec![false; count], vec![false; count]);
        for i in 0..count {
            let slot = &mut self.slots[i];
            Self::list(&self.engine, slot)?;
            let action = pick(i, slot)?;
            match Self::take(&self.engine, self.max_plies, slot, action)? {
                Stepped::Going => continue,
                Stepped::Ended(scores) => {
                    rewards[i * n..(i + 1) * n].copy_from_slice(&scores);
                    ended[i] = true;
                }
                Stepped::Cut => cut[i] = true,
            }
            self.slots[i] = self.fresh();
        }
        Ok((rewards, ended, cut))
    }
}

type Ints<'py> = Bound<'py, PyArray1<i64>>;
type StepResult<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<bool>>, Bound<'py, PyArray1<bool>>);

#[pymethods]
impl Batch {
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Each game's observation from the seat of its player to move:
    /// an array of shape (games, `Game.observation_size`), float32.
    fn observations<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let (layout, space) = (self.engine.layout(), self.engine.space());
        let size = layout.len();
        let mut out = vec![0f32; self.slots.len() * size];
        for (slot, chunk) in self.slots.iter_mut().zip(out.chunks_mut(size)) {
            let roll = *slot.roll.get_or_insert_with(|| self.engine.roll(&mut slot.rng));
            let view = View { pos: &slot.pos, observer: slot.pos.turn, roll, pending: &slot.pending };
            layout.write(&self.engine, space, &view, chunk);
        }
        PyArray1::from_vec(py, out).reshape([self.slots.len(), size])
    }

    /// Each game's open actions as a mask: shape (games, `Game.num_actions`), int8.
    fn action_masks<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let size = self.engine.space().len();
        let mut out = vec![0i8; self.slots.len() * size];
        for i in 0..self.slots.len() {
            for a in Self::open(&self.engine, &mut self.slots[i])? {
                out[i * size + a as usize] = 1;
            }
        }
        PyArray1::from_vec(py, out).reshape([self.slots.len(), size])
    }

    /// Each game's open actions, all in one array with where each game's
    /// begin: `(actions, starts)`, game i's being `actions[starts[i]:starts[i + 1]]`
    /// (int64; `starts` has games + 1 entries). Cheaper than masks where
    /// the action space is large.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<(Ints<'py>, Ints<'py>)> {
        let mut actions = Vec::new();
        let mut starts = Vec::with_capacity(self.slots.len() + 1);
        starts.push(0);
        for i in 0..self.slots.len() {
            actions.extend(Self::open(&self.engine, &mut self.slots[i])?.into_iter().map(i64::from));
            starts.push(actions.len() as i64);
        }
        Ok((PyArray1::from_vec(py, actions), PyArray1::from_vec(py, starts)))
    }

    /// Each game's player to move (its seat), shape (games,).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(py, self.slots.iter().map(|s| i64::from(s.pos.turn)).collect())
    }

    /// Each game's position in position notation.
    fn positions(&self) -> Vec<String> {
        self.slots.iter().map(|s| self.engine.position_notation(&s.pos)).collect()
    }

    /// Takes one action in each game (an int array, one per game, each open
    /// in its game). Returns `(rewards, terminated, truncated)`: each
    /// player's score for a game that just ended (shape (games, players)),
    /// and which games ended or were cut at the ply limit; those start again.
    /// Raises `IllegalMove` (and takes no action) if any action is not open.
    fn step<'py>(&mut self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<StepResult<'py>> {
        let actions = actions.as_slice()?;
        if actions.len() != self.slots.len() {
            return Err(PyValueError::new_err(format!("{} actions for {} games", actions.len(), self.slots.len())));
        }
        for (i, &a) in actions.iter().enumerate() {
            let slot = &mut self.slots[i];
            Self::list(&self.engine, slot)?;
            if !u32::try_from(a).is_ok_and(|a| slot.legal.is_open(&slot.pending, a)) {
                return Err(IllegalMove::new_err(format!("game {i}: action {a} is not open")));
            }
        }
        let (rewards, ended, cut) = self.step_all(|i, _| Ok(actions[i] as u32))?;
        let n = self.engine.game.players.len();
        Ok((
            PyArray1::from_vec(py, rewards).reshape([self.slots.len(), n])?,
            PyArray1::from_vec(py, ended),
            PyArray1::from_vec(py, cut),
        ))
    }

    /// Takes `steps` random open actions in every game, all in the engine
    /// (for speed measurements and warm starts); returns how many games ended
    /// (by their rules, not at the ply limit).
    fn random_steps(&mut self, py: Python<'_>, steps: usize) -> PyResult<u64> {
        py.allow_threads(|| {
            let mut ended = 0;
            for _ in 0..steps {
                let engine = self.engine.clone();
                let (_, e, _) = self.step_all(|i, slot| {
                    let open = slot.legal.open(&slot.pending);
                    if open.is_empty() {
                        let at = engine.position_notation(&slot.pos);
                        return Err(PyValueError::new_err(format!("game {i} has no move and no outcome at {at}")));
                    }
                    Ok(open[slot.rng.gen_range(0..open.len())])
                })?;
                ended += e.iter().filter(|&&x| x).count() as u64;
            }
            Ok(ended)
        })
    }
}
