//! A game in progress, as the front ends that play one hold it (`rulebook
//! play`, the web page): the position, the plies made, the history the
//! repetition rules read, the roll on the table and the seeded generator
//! that rolls it. Who sits in each seat is the front end's own.

use crate::agents::GameRng;
use crate::engine::{Engine, History, Limit, Move, Position};
use crate::record::Record;
use std::ops::Deref;

/// One ply played: the roll it was made under, who made it, the move, and
/// its text where one was given.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The ply as its maker wrote it (a record's text), if given; else it
    /// is written from the move when asked, not on every ply played.
    written: Option<String>,
    pub roll: Option<u8>,
    pub mover: u8,
    pub mv: Move,
}

impl Ply {
    /// The ply in notation: as written, or from the move.
    pub fn text(&self, engine: &Engine) -> String {
        match &self.written {
            Some(text) => text.clone(),
            None => engine.ply_notation(self.roll, &self.mv),
        }
    }
}

/// Every how many plies a position is kept for `undo` (the others are
/// replayed from it), so a long game does not keep a position per ply.
const CHECKPOINT: usize = 64;

/// A game in progress over an engine held as `E` (a reference or an `Arc`).
#[derive(Clone)]
pub struct Session<E: Deref<Target = Engine>> {
    pub engine: E,
    pub start: Position,
    pos: Position,
    plies: Vec<Ply>,
    /// The position before ply `k * CHECKPOINT`, for each k up to the plies played.
    checkpoints: Vec<Position>,
    history: History,
    /// The roll for the coming ply, once rolled (`Some(None)` in a game without dice).
    roll: Option<Option<u8>>,
    pub rng: GameRng,
    /// What the last ply announced, with its mover.
    pub announcements: Vec<(u8, String)>,
    /// The last ply's move (None after an undo)...
    last: Option<Move>,
    /// ...and the position before it: where the next ply is played into,
    /// then swapped with the position, so that a ply copies one position.
    before: Position,
}

impl<E: Deref<Target = Engine>> Session<E> {
    pub fn new(engine: E, rng: GameRng, start: Position) -> Session<E> {
        let history = engine.history_from(&start);
        Session {
            pos: start.clone(),
            before: start.clone(),
            start,
            engine,
            plies: Vec::new(),
            checkpoints: Vec::new(),
            history,
            roll: None,
            rng,
            announcements: Vec::new(),
            last: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// What an agent chooses from: the position, the history, the generator.
    pub fn for_agent(&mut self) -> (&Position, &History, &mut GameRng) {
        (&self.pos, &self.history, &mut self.rng)
    }

    /// The last ply's move and the position before it.
    pub fn last(&self) -> Option<(&Position, &Move)> {
        self.last.as_ref().map(|mv| (&self.before, mv))
    }

    /// The last ply's move and the position before it, also after an undo
    /// (replayed from the checkpoint before it).
    pub fn last_ply(&self) -> Option<(Position, Move)> {
        if let Some(mv) = self.last {
            return Some((self.before.clone(), mv));
        }
        let n = self.plies.len();
        (n > 0).then(|| (self.position_before(n - 1), self.plies[n - 1].mv))
    }

    /// The roll for the coming ply, if rolled (`Some(None)` in a game without dice).
    pub fn rolled(&self) -> Option<Option<u8>> {
        self.roll
    }

    /// The roll for the coming ply: rolled once, then the same until a move is made.
    pub fn roll(&mut self) -> Option<u8> {
        let (engine, rng) = (&self.engine, &mut self.rng);
        *self.roll.get_or_insert_with(|| engine.roll(rng))
    }

    /// Sets the roll shown for the coming ply (a save's `Roll` tag).
    pub fn set_roll(&mut self, roll: Option<u8>) {
        self.roll = Some(roll);
    }

    /// Plays `mv`, legal at the position, made under `roll`; `text` is how
    /// it was written, where that matters (None: written from the move).
    pub fn push(&mut self, roll: Option<u8>, mv: &Move, text: Option<String>) {
        if self.plies.len().is_multiple_of(CHECKPOINT) {
            self.checkpoints.push(self.pos.clone());
        }
        let mover = self.pos.turn;
        self.plies.push(Ply { written: text, roll, mover, mv: *mv });
        self.engine.play_in_into(&self.pos, mv, &mut self.history, &mut self.before);
        std::mem::swap(&mut self.pos, &mut self.before);
        self.announcements = self.engine.announcements(&self.pos, mover, mv).into_iter().map(|a| (mover, a)).collect();
        self.last = Some(*mv);
        self.roll = None;
    }

    /// The position before ply `i` (from 0), from the checkpoint before it.
    pub fn position_before(&self, i: usize) -> Position {
        let first = i / CHECKPOINT * CHECKPOINT;
        let mut pos = self.checkpoints[i / CHECKPOINT].clone();
        for p in &self.plies[first..i] {
            pos = self.engine.play_unchecked(&pos, &p.mv);
        }
        pos
    }

    /// Takes back ply `i` (from 0) and every ply after it; the roll it was
    /// made under is on the table again, not rolled anew.
    pub fn undo_from(&mut self, i: usize) {
        self.pos = self.position_before(i);
        self.roll = Some(self.plies[i].roll);
        self.plies.truncate(i);
        self.checkpoints.truncate(i.div_ceil(CHECKPOINT));
        self.history = self.engine.history_from(&self.start);
        if !self.history.is_empty() {
            let mut pos = self.start.clone();
            for p in &self.plies {
                pos = self.engine.play_in(&pos, &p.mv, &mut self.history);
            }
        }
        self.announcements.clear();
        self.last = None;
    }

    /// The outcome in words if the game is over, or at `max_plies`.
    pub fn over(&self, max_plies: usize) -> Result<Option<(Option<u8>, String)>, Limit> {
        Ok(match self.engine.outcome(&self.pos)? {
            Some(o) => Some((o.winner, super::words::describe_outcome(&self.engine, &o))),
            None if self.plies.len() >= max_plies => Some((None, format!("unfinished (ply limit {max_plies})"))),
            None => None,
        })
    }

    /// The record's first tags and the plies ([`super::records::record_of`]).
    pub fn record(&self, title: &str, variant: bool, file_tag: &str) -> Record {
        let plies = self.plies.iter().map(|p| p.text(&self.engine)).collect();
        super::records::record_of(&self.engine, title, variant, file_tag, self.rng.seed(), &self.start, plies)
    }
}
