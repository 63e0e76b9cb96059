//! The games the page plays: each a position, its plies, seats and dice,
//! driven by the engine. Every answer is the whole state as JSON, so the
//! page shows what the engine says and decides nothing itself.

use crate::cli::commands::describe_outcome;
use crate::cli::records;
use rulebook::agents::{self, Agent, GameRng};
use rulebook::engine::{Engine, History, Move, MoveType, Position, Verdict};
use rulebook::record::Record;
use rulebook::render::svg;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;

/// The most plies one game keeps: past it, the game stops as unfinished.
pub const MAX_PLIES: usize = 1000;

/// An answer the page gets instead of a state: the HTTP status and why.
pub struct Refusal(pub u16, pub String);

fn bad(msg: impl Into<String>) -> Refusal {
    Refusal(400, msg.into())
}

/// One ply played: its notation, who made it, the position before it.
struct Ply {
    text: String,
    roll: Option<u8>,
    mover: u8,
    before: Position,
    mv: Move,
}

/// A game in progress.
pub struct Game {
    engine: Arc<Engine>,
    /// `NAME=VALUE` of every option, as in a record's Options tag.
    options: String,
    /// Per player: None for a person at the screen, else the agent.
    seats: Vec<Option<Box<dyn Agent + Send>>>,
    rng: GameRng,
    start: Position,
    pos: Position,
    plies: Vec<Ply>,
    history: History,
    /// The roll on the table for the coming ply, once rolled.
    roll: Option<u8>,
    announcements: Vec<(u8, String)>,
}

/// The seats from their names: `human` or an agent's name, one per player.
pub fn seats(engine: &Engine, names: &[String]) -> Result<Vec<Option<Box<dyn Agent + Send>>>, Refusal> {
    if names.len() != engine.game.players.len() {
        return Err(bad(format!("give one seat per player ({})", engine.game.players.len())));
    }
    names
        .iter()
        .map(|n| match n.as_str() {
            "human" => Ok(None),
            other => agents::by_name(other).map(Some).map_err(|why| bad(format!("`{other}`: {why}"))),
        })
        .collect()
}

impl Game {
    pub fn new(engine: Arc<Engine>, seats: Vec<Option<Box<dyn Agent + Send>>>, seed: u64, start: Position) -> Game {
        let options = engine.game.options.iter().map(|o| format!("{}={}", o.name, o.value)).collect::<Vec<_>>();
        let history = engine.history_from(&start);
        Game {
            options: options.join(" "),
            seats,
            rng: GameRng::new(seed),
            pos: start.clone(),
            start,
            plies: Vec::new(),
            history,
            roll: None,
            announcements: Vec::new(),
            engine,
        }
    }

    /// A game from a record's plies, checked one by one.
    pub fn from_record(
        engine: Arc<Engine>,
        seats: Vec<Option<Box<dyn Agent + Send>>>,
        seed: u64,
        rec: &Record,
    ) -> Result<Game, Refusal> {
        let name = Path::new("the record");
        let start = records::start(&engine, rec, name).map_err(bad)?;
        let mut game = Game::new(engine.clone(), seats, seed, start.clone());
        let mut moves = Vec::new();
        records::follow(&engine, rec, name, start, |_, roll, mv, text| moves.push((roll, *mv, text.to_string())))
            .map_err(|e| Refusal(422, e))?;
        if moves.len() > MAX_PLIES {
            return Err(Refusal(422, format!("the record has more than {MAX_PLIES} plies")));
        }
        for (roll, mv, text) in moves {
            game.push(roll, &mv, text);
        }
        Ok(game)
    }

    fn push(&mut self, roll: Option<u8>, mv: &Move, text: String) {
        let mover = self.pos.turn;
        let next = self.engine.play_in(&self.pos, mv, &mut self.history);
        self.announcements = self.engine.announcements(&next, mover, mv).into_iter().map(|a| (mover, a)).collect();
        let before = std::mem::replace(&mut self.pos, next);
        self.plies.push(Ply { text, roll, mover, before, mv: *mv });
        self.roll = None;
    }

    fn human_to_move(&self) -> bool {
        self.seats[self.pos.turn as usize].is_none()
    }

    /// The result, if the game is over (or at the ply limit).
    fn over(&self) -> Result<Option<(Option<u8>, String)>, Refusal> {
        let limit = |l| Refusal(422, format!("no answer: {l}"));
        Ok(match self.engine.outcome(&self.pos).map_err(limit)? {
            Some(o) => Some((o.winner, describe_outcome(&self.engine, &o))),
            None if self.plies.len() >= MAX_PLIES => Some((None, format!("unfinished (ply limit {MAX_PLIES})"))),
            None => None,
        })
    }

    /// Rolls the die for a person's coming ply (once; the roll then stays).
    pub fn roll(&mut self) -> Result<(), Refusal> {
        let Some(dice) = self.engine.dice() else { return Err(bad("this game has no die")) };
        if self.over()?.is_some() {
            return Err(Refusal(409, "the game is over".into()));
        }
        if self.roll.is_none() {
            self.roll = Some(dice.roll(&mut self.rng));
        }
        Ok(())
    }

    /// A person's move, in move notation.
    pub fn play(&mut self, text: &str) -> Result<(), Refusal> {
        if self.over()?.is_some() {
            return Err(Refusal(409, "the game is over".into()));
        }
        if !self.human_to_move() {
            return Err(Refusal(409, "it is the computer's turn".into()));
        }
        if self.engine.dice().is_some() && self.roll.is_none() {
            return Err(Refusal(409, "roll the die first".into()));
        }
        match self.engine.why(&self.pos, self.roll, text).map_err(|l| Refusal(422, format!("no answer: {l}")))? {
            Verdict::Legal(_, mv) => {
                let roll = self.roll;
                let notation = self.engine.ply_notation(roll, &mv);
                self.push(roll, &mv, notation);
                Ok(())
            }
            Verdict::Illegal { reason, .. } => Err(Refusal(422, format!("`{text}` is not legal: {reason}"))),
        }
    }

    /// One ply of the computer's seat to move: it rolls, then chooses.
    pub fn agent(&mut self) -> Result<(), Refusal> {
        if self.over()?.is_some() {
            return Err(Refusal(409, "the game is over".into()));
        }
        if self.human_to_move() {
            return Err(Refusal(409, "it is a person's turn".into()));
        }
        if let Some(dice) = self.engine.dice() {
            self.roll.get_or_insert_with(|| dice.roll(&mut self.rng));
        }
        let mut moves = Vec::new();
        self.engine.moves(&self.pos, self.roll, &mut moves).map_err(|l| Refusal(422, format!("no answer: {l}")))?;
        let Some(agent) = self.seats[self.pos.turn as usize].as_mut() else { unreachable!("checked above") };
        let mv = agent
            .choose(&self.engine, &self.pos, &moves, &mut self.rng)
            .map_err(|l| Refusal(422, format!("no answer: {l}")))?;
        let roll = self.roll;
        let text = self.engine.ply_notation(roll, &mv);
        self.push(roll, &mv, text);
        Ok(())
    }

    /// Takes back the last ply a person made and the computer's replies to it
    /// (with no person seated, the last ply); its roll comes back with it.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        let human = |p: &Ply| self.seats[p.mover as usize].is_none();
        let i = match self.plies.iter().rposition(human) {
            Some(i) => i,
            None if self.seats.iter().all(Option::is_some) && !self.plies.is_empty() => self.plies.len() - 1,
            None => return Err(Refusal(409, "nothing to undo".into())),
        };
        self.pos = self.plies[i].before.clone();
        self.roll = self.plies[i].roll;
        self.plies.truncate(i);
        self.history = self.engine.history_from(&self.start);
        let mut pos = self.start.clone();
        for p in &self.plies {
            pos = self.engine.play_in(&pos, &p.mv, &mut self.history);
        }
        self.announcements.clear();
        Ok(())
    }

    /// The game's record, in the record format `rulebook replay` reads.
    pub fn record(&self, title: &str, file: &str) -> String {
        let mut r = Record::default();
        r.set("Game", title);
        if title != self.engine.game.name {
            r.set("Rules", self.engine.game.name.clone());
        }
        r.set("File", file);
        if !self.options.is_empty() {
            r.set("Options", self.options.clone());
        }
        r.set("Seed", self.rng.seed().to_string());
        if self.start != self.engine.start() {
            r.set("Position", self.engine.position_notation(&self.start));
        }
        let names = self.engine.game.players.iter().map(|p| &p.name);
        let seats: Vec<String> = names.zip(&self.seats).map(|(n, s)| format!("{n}={}", seat_name(s))).collect();
        r.set("Seats", seats.join(" "));
        r.plies = self.plies.iter().map(|p| p.text.clone()).collect();
        let result = match self.over() {
            Ok(Some((_, text))) => text,
            _ => "unfinished".into(),
        };
        records::finish(&mut r, &result);
        r.write()
    }

    /// Everything the page shows, as JSON.
    pub fn state(&self, id: u64) -> Result<Value, Refusal> {
        let engine = &self.engine;
        let game = &engine.game;
        let over = self.over()?;
        let dice = engine.dice().is_some();
        let need_roll = over.is_none() && dice && self.roll.is_none() && self.human_to_move();
        let moves = if over.is_none() && self.human_to_move() && !need_roll { self.moves()? } else { Vec::new() };
        let last = self.plies.last().map(|p| (&p.before, &p.mv));
        let picture = svg::svg(engine, &self.pos, &svg::Options { last, interactive: true });
        let taken: Vec<String> = match self.plies.last() {
            Some(p) => svg::captured(&p.before, &self.pos, engine.board().len())
                .iter()
                .map(|q| engine.board().labels[q as usize].clone())
                .collect(),
            None => Vec::new(),
        };
        let plies: Vec<Value> =
            self.plies.iter().map(|p| json!({"text": p.text, "mover": p.mover, "roll": p.roll})).collect();
        Ok(json!({
            "id": id.to_string(),
            "position": engine.position_notation(&self.pos),
            "turn": self.pos.turn,
            "turnName": game.players[self.pos.turn as usize].name,
            "seats": self.seats.iter().map(seat_name).collect::<Vec<_>>(),
            "dice": engine.dice().map(|d| d.highest()),
            "roll": self.roll,
            "needRoll": need_roll,
            "humanToMove": over.is_none() && self.human_to_move(),
            "moves": moves,
            "plies": plies,
            "last": self.plies.last().map(|p| p.text.clone()),
            "taken": taken,
            "captured": self.captured(),
            "announcements": self.announcements.iter()
                .map(|(p, a)| format!("{}: \u{201c}{a}\u{201d}", game.players[*p as usize].name)).collect::<Vec<_>>(),
            "over": over.as_ref().map(|o| o.1.clone()),
            "winner": over.and_then(|o| o.0),
            "options": self.options,
            "svg": picture,
        }))
    }

    /// The legal moves, each with what the page clicks: where it starts (a
    /// point, or a piece in hand), and the points it goes through.
    fn moves(&self) -> Result<Vec<Value>, Refusal> {
        let engine = &self.engine;
        let labels = &engine.board().labels;
        let mut list = Vec::new();
        engine.moves(&self.pos, self.roll, &mut list).map_err(|l| Refusal(422, format!("no answer: {l}")))?;
        let frame = svg::Frame::of(engine.board());
        Ok(list
            .iter()
            .map(|m| {
                let label = |p: u8| labels[p as usize].clone();
                let (start, steps, exit) = match m.kind {
                    MoveType::Pass => (Value::Null, vec![], None),
                    MoveType::Enter => {
                        (json!(format!("hand:{}:{}", self.pos.turn, m.becomes)), vec![label(m.to)], None)
                    }
                    MoveType::Lift => (json!(label(m.from)), vec![label(m.from)], None),
                    MoveType::Jumps => (json!(label(m.from)), m.landings().iter().map(|&p| label(p)).collect(), None),
                    MoveType::Leave => {
                        let dir = rulebook::game::DIRECTION_NAMES[m.dir as usize];
                        (
                            json!(label(m.from)),
                            vec![format!("off-{dir}")],
                            Some(frame.exit(engine.board(), m.from, m.dir)),
                        )
                    }
                    MoveType::Plain => (json!(label(m.from)), vec![label(m.to)], None),
                    MoveType::BearOff => {
                        // Past the track's end, in the direction it last ran.
                        let track = &engine.game.tracks[self.pos.turn as usize];
                        let coords = &engine.board().coords;
                        let end = *track.last().unwrap_or(&m.from);
                        let d = match track.len() {
                            n @ 2.. => {
                                let ((px, py), (qx, qy)) = (coords[track[n - 2] as usize], coords[end as usize]);
                                rulebook::game::direction_of(qx - px, qy - py).unwrap_or(0)
                            }
                            _ => 0,
                        };
                        (json!(label(m.from)), vec!["off-track".into()], Some(frame.exit(engine.board(), end, d)))
                    }
                };
                json!({
                    "text": engine.notation(m),
                    "start": start,
                    "steps": steps,
                    "exit": exit.map(|(x, y)| [x, y]),
                    "pass": m.kind == MoveType::Pass,
                })
            })
            .collect())
    }

    /// How many pieces each player has lost since the start (on the board
    /// and in hand; a promotion changes a kind, not the count).
    fn captured(&self) -> Vec<Value> {
        let engine = &self.engine;
        let count = |pos: &Position, pl: u8| -> i64 {
            let hand: i64 = (0..engine.game.kinds.len() as u8).map(|k| engine.in_hand(pos, pl, k) as i64).sum();
            pos.pieces(pl) as i64 + hand
        };
        (0..engine.game.players.len() as u8)
            .map(|pl| json!({"player": engine.game.players[pl as usize].name, "count": count(&self.start, pl) - count(&self.pos, pl)}))
            .collect()
    }
}

fn seat_name(s: &Option<Box<dyn Agent + Send>>) -> String {
    s.as_ref().map_or("human".to_string(), |a| a.name().to_string())
}
