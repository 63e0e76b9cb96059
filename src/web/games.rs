//! The games the page plays: each a position, its plies, seats and dice,
//! driven by the engine. Every answer is the whole state as JSON, so the
//! page shows what the engine says and decides nothing itself.

use rulebook::agents::{self, Agent, AgentSpec, Budget, Cancel, GameRng};
use rulebook::app::records;
use rulebook::app::session::Session;
use rulebook::engine::{kind_of, owner, Engine, History, Limit, Move, MoveType, Position, Verdict};
use rulebook::game::{Dice, Point, NONE};
use rulebook::record::Record;
use rulebook::render::svg;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most plies one game keeps: past it, the game stops as unfinished.
pub const MAX_PLIES: usize = 1000;

/// The longest the server lets a computer player think over a move; a
/// search with a budget of iterations or depth is stopped there too.
pub const MAX_SEARCH: Duration = Duration::from_secs(5);
/// The most threads one search may use.
pub const MAX_SEARCH_THREADS: usize = 2;

/// A computer's seat: its name, and the agent, locked while it searches (off
/// the server's lock, so other games go on meanwhile).
pub struct Computer {
    name: String,
    agent: Arc<Mutex<Box<dyn Agent + Send>>>,
}

/// Per player: None for a person at the screen, else the computer.
pub type Seats = Vec<Option<Computer>>;

/// An answer the page gets instead of a state: the HTTP status and why.
pub struct Refusal(pub u16, pub String);

fn bad(msg: impl Into<String>) -> Refusal {
    Refusal(400, msg.into())
}

/// A game in progress: the application's session, with the seats and what
/// the server needs to keep searches in step with it.
pub struct Game {
    game: Session<Arc<Engine>>,
    seats: Seats,
    /// Counts the changes, so that a search's move is played only in the
    /// position it was searched from.
    version: u64,
    /// The search under way, if any: set to stop it when the game moves on.
    searching: Option<Cancel>,
}

/// A search of the computer's coming ply, run without the server's lock.
pub struct Search {
    id: String,
    engine: Arc<Engine>,
    pos: Position,
    history: History,
    moves: Vec<Move>,
    agent: Arc<Mutex<Box<dyn Agent + Send>>>,
    rng: GameRng,
    version: u64,
    cancel: Cancel,
}

/// What a search found: the move and the generator after it.
pub type Found = Result<(Move, GameRng), Limit>;

impl Search {
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Set this to stop the search early (it then plays its best so far).
    pub fn cancel(&self) -> Cancel {
        self.cancel.clone()
    }

    /// Thinks; blocks for up to the agent's budget, or [`MAX_SEARCH`].
    pub fn run(&self) -> Found {
        let mut agent = self.agent.lock().unwrap_or_else(|e| e.into_inner());
        agent.stop_on(self.cancel.clone());
        let mut rng = self.rng.clone();
        let mv = agent.choose(&self.engine, &self.pos, &self.history, &self.moves, &mut rng)?;
        Ok((mv, rng))
    }
}

/// An agent within the server's limits: a time of at most [`MAX_SEARCH`]
/// and [`MAX_SEARCH_THREADS`] threads; budgets of work are cut at the time.
fn within_limits(name: &str) -> Result<(), String> {
    let spec = AgentSpec::parse(name)?;
    let (time, threads) = match &spec {
        AgentSpec::Mcts(s) => (if let Budget::Time(t) = s.budget { Some(t) } else { None }, s.threads),
        AgentSpec::AlphaBeta(s) => (s.time, 1),
        AgentSpec::Random | AgentSpec::Greedy => (None, 1),
    };
    if time.is_some_and(|t| t > MAX_SEARCH) {
        return Err(format!("this server gives a move at most {}s of thought", MAX_SEARCH.as_secs()));
    }
    if threads > MAX_SEARCH_THREADS {
        return Err(format!("this server gives a search at most {MAX_SEARCH_THREADS} threads"));
    }
    Ok(())
}

/// The seats from their names: `human` or an agent's name, one per player.
pub fn seats(engine: &Engine, names: &[String]) -> Result<Seats, Refusal> {
    if names.len() != engine.game.players.len() {
        return Err(bad(format!("give one seat per player ({})", engine.game.players.len())));
    }
    names
        .iter()
        .map(|n| match n.as_str() {
            "human" => Ok(None),
            other => within_limits(other)
                .and_then(|_| agents::by_name(other))
                .map(|agent| Some(Computer { name: agent.name().to_string(), agent: Arc::new(Mutex::new(agent)) }))
                .map_err(|why| bad(format!("`{other}`: {why}"))),
        })
        .collect()
}

impl Game {
    pub fn new(engine: Arc<Engine>, seats: Seats, seed: u64, start: Position) -> Game {
        Game { game: Session::new(engine, GameRng::new(seed), start), seats, version: 0, searching: None }
    }

    /// A game from a record's plies, checked one by one.
    pub fn from_record(engine: Arc<Engine>, seats: Seats, seed: u64, rec: &Record) -> Result<Game, Refusal> {
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

    fn engine(&self) -> &Engine {
        &self.game.engine
    }

    fn pos(&self) -> &Position {
        self.game.position()
    }

    /// The roll on the table for the coming ply, if rolled.
    fn roll_value(&self) -> Option<u8> {
        self.game.rolled().flatten()
    }

    /// A change: a search of the position before it is no longer wanted.
    fn changed(&mut self) {
        self.version += 1;
        if let Some(flag) = self.searching.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the search under way, if any (the game is being closed).
    pub fn close(&mut self) {
        self.changed();
    }

    pub fn is_over(&self) -> bool {
        !matches!(self.over(), Ok(None))
    }

    fn push(&mut self, roll: Option<u8>, mv: &Move, text: String) {
        self.changed();
        self.game.push(roll, mv, Some(text));
    }

    fn human_to_move(&self) -> bool {
        self.seats[self.pos().turn as usize].is_none()
    }

    /// The result, if the game is over (or at the ply limit).
    fn over(&self) -> Result<Option<(Option<u8>, String)>, Refusal> {
        self.game.over(MAX_PLIES).map_err(|l| Refusal(422, format!("no answer: {l}")))
    }

    /// Rolls the die for a person's coming ply (once; the roll then stays).
    pub fn roll(&mut self) -> Result<(), Refusal> {
        if self.engine().dice().is_none() {
            return Err(bad("this game has no die"));
        }
        if self.over()?.is_some() {
            return Err(Refusal(409, "the game is over".into()));
        }
        if self.game.rolled().is_none() {
            self.game.roll();
            self.changed();
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
        if let (Some(dice), None) = (self.engine().dice(), self.game.rolled()) {
            return Err(Refusal(409, format!("{} first", dice_words(&dice).0.to_lowercase())));
        }
        let roll = self.roll_value();
        match self.engine().why(self.pos(), roll, text).map_err(|l| Refusal(422, format!("no answer: {l}")))? {
            Verdict::Legal(_, mv) => {
                let notation = self.engine().ply_notation(roll, &mv);
                self.push(roll, &mv, notation);
                Ok(())
            }
            Verdict::Illegal { reason, .. } => Err(Refusal(422, format!("`{text}` is not legal: {reason}"))),
        }
    }

    /// The computer's coming ply, to be searched: it rolls first.
    pub fn search(&mut self, id: &str) -> Result<Search, Refusal> {
        if self.over()?.is_some() {
            return Err(Refusal(409, "the game is over".into()));
        }
        let Some(computer) = &self.seats[self.pos().turn as usize] else {
            return Err(Refusal(409, "it is a person's turn".into()));
        };
        if self.searching.is_some() {
            return Err(Refusal(409, "the computer is already thinking about this move".into()));
        }
        let agent = computer.agent.clone();
        if self.engine().dice().is_some() && self.game.rolled().is_none() {
            self.game.roll();
            self.changed();
        }
        let roll = self.roll_value();
        let mut moves = Vec::new();
        self.engine().moves(self.pos(), roll, &mut moves).map_err(|l| Refusal(422, format!("no answer: {l}")))?;
        let cancel: Cancel = Arc::new(AtomicBool::new(false));
        self.searching = Some(cancel.clone());
        let (engine, pos, rng, version) =
            (self.game.engine.clone(), self.pos().clone(), self.game.rng.clone(), self.version);
        let history = self.game.history().clone();
        Ok(Search { id: id.to_string(), engine, pos, history, moves, agent, rng, version, cancel })
    }

    /// Plays what the search found, if the game is still where it was searched.
    pub fn searched(&mut self, search: Search, found: Found) -> Result<(), Refusal> {
        if search.version != self.version {
            return Err(Refusal(409, "the game moved on while the computer was thinking".into()));
        }
        self.searching = None;
        let (mv, rng) = found.map_err(|l| Refusal(422, format!("no answer: {l}")))?;
        self.game.rng = rng;
        let roll = self.roll_value();
        let text = self.engine().ply_notation(roll, &mv);
        self.push(roll, &mv, text);
        Ok(())
    }

    /// Takes back the last ply a person made and the computer's replies to it
    /// (with no person seated, the last ply); its roll comes back with it.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        let plies = self.game.plies();
        let i = match plies.iter().rposition(|p| self.seats[p.mover as usize].is_none()) {
            Some(i) => i,
            None if self.seats.iter().all(Option::is_some) && !plies.is_empty() => plies.len() - 1,
            None => return Err(Refusal(409, "nothing to undo".into())),
        };
        self.changed();
        self.game.undo_from(i);
        Ok(())
    }

    /// The game's record, in the record format `rulebook replay` reads.
    pub fn record(&self, title: &str, file: &str) -> String {
        let mut r = self.game.record(title, title != self.engine().game.name, file);
        let names = self.engine().game.players.iter().map(|p| &p.name);
        let seats: Vec<String> = names.zip(&self.seats).map(|(n, s)| format!("{n}={}", seat_name(s))).collect();
        r.set("Seats", seats.join(" "));
        let result = match self.over() {
            Ok(Some((_, text))) => text,
            _ => "unfinished".into(),
        };
        records::finish(&mut r, &result);
        r.write()
    }

    /// Everything the page shows, as JSON.
    pub fn state(&self, id: &str) -> Result<Value, Refusal> {
        let engine = self.engine();
        let game = &engine.game;
        let over = self.over()?;
        let dice = engine.dice().is_some();
        let need_roll = over.is_none() && dice && self.roll_value().is_none() && self.human_to_move();
        let moves = if over.is_none() && self.human_to_move() && !need_roll { self.moves()? } else { Vec::new() };
        let last_ply = self.game.last_ply();
        let last = last_ply.as_ref().map(|(before, mv)| (before, mv));
        let picture = svg::svg(engine, self.pos(), &svg::Options { last, interactive: true });
        let taken: Vec<String> = match &last_ply {
            Some((before, _)) => svg::captured(before, self.pos(), engine.board().len())
                .iter()
                .map(|q| engine.board().labels[q as usize].clone())
                .collect(),
            None => Vec::new(),
        };
        let plies: Vec<Value> = self
            .game
            .plies()
            .iter()
            .map(|p| json!({"text": p.text(&self.game.engine), "mover": p.mover, "roll": p.roll}))
            .collect();
        Ok(json!({
            "id": id,
            "position": engine.position_notation(self.pos()),
            "turn": self.pos().turn,
            "turnName": game.players[self.pos().turn as usize].name,
            "seats": self.seats.iter().map(seat_name).collect::<Vec<_>>(),
            "thinking": self.searching.is_some(),
            "dice": engine.dice().map(|d| d.highest()),
            "rollLabel": engine.dice().map(|d| dice_words(&d).0),
            "roll": self.roll_value(),
            "needRoll": need_roll,
            "humanToMove": over.is_none() && self.human_to_move(),
            "moves": moves,
            "plies": plies,
            "last": self.game.plies().last().map(|p| p.text(&self.game.engine)),
            "taken": taken,
            "captured": self.captured(),
            "announcements": self.game.announcements.iter()
                .map(|(p, a)| format!("{}: \u{201c}{a}\u{201d}", game.players[*p as usize].name)).collect::<Vec<_>>(),
            "over": over.as_ref().map(|o| o.1.clone()),
            // Under `play on for places`, who has finished so far, in order.
            "placed": self.pos().places().iter().map(|p| game.players[p as usize].name.clone()).collect::<Vec<_>>(),
            "winner": over.and_then(|o| o.0),
            "options": game.options.iter().map(|o| format!("{}={}", o.name, o.value)).collect::<Vec<_>>().join(" "),
            "svg": picture,
        }))
    }

    /// The legal moves, each with what the page clicks: where it starts (a
    /// point, or a piece in hand), and the points it goes through.
    fn moves(&self) -> Result<Vec<Value>, Refusal> {
        let engine = self.engine();
        let labels = &engine.board().labels;
        let mut list = Vec::new();
        engine.moves(self.pos(), self.roll_value(), &mut list).map_err(|l| Refusal(422, format!("no answer: {l}")))?;
        let frame = svg::Frame::of(engine.board());
        Ok(list
            .iter()
            .map(|m| {
                let label = |p: Point| labels[p as usize].clone();
                let (start, steps, exit) = match m.kind {
                    MoveType::Pass => (Value::Null, vec![], None),
                    // A turn: each step's start and end in the order played.
                    MoveType::Turn => {
                        let me = self.pos().turn;
                        let name = |p: Point, hand: bool| match (p, hand) {
                            (NONE, true) => format!("hand:{me}:0"),
                            (NONE, false) => "off-track".to_string(),
                            (p, _) => label(p),
                        };
                        let mut points = Vec::new();
                        for (from, to) in Engine::turn_steps(m) {
                            points.push(name(from, true));
                            points.push(name(to, false));
                        }
                        let start = json!(points.remove(0));
                        (start, points, None)
                    }
                    MoveType::Enter => {
                        (json!(format!("hand:{}:{}", self.pos().turn, m.becomes)), vec![label(m.to)], None)
                    }
                    MoveType::Lift => (json!(label(m.from)), vec![label(m.from)], None),
                    // A sowing is the pit alone: one click plays it.
                    MoveType::Sow => (json!(label(m.from)), vec![], None),
                    MoveType::Jumps => (json!(label(m.from)), m.landings().iter().map(|&p| label(p)).collect(), None),
                    MoveType::Leave => {
                        let dir = rulebook::game::DIRECTION_NAMES[m.dir as usize];
                        (
                            json!(label(m.from)),
                            vec![format!("off-{dir}")],
                            Some(frame.exit(engine.board(), m.from, m.dir)),
                        )
                    }
                    // A move that then shoots: where it lands, then where the shot goes.
                    MoveType::Plain if m.shot().is_some() => {
                        let shot = m.shot().map(label).unwrap_or_default();
                        (json!(label(m.from)), vec![label(m.to), shot], None)
                    }
                    MoveType::Plain | MoveType::Castle => (json!(label(m.from)), vec![label(m.to)], None),
                    MoveType::BearOff => {
                        // Past the track's end, in the direction it last ran.
                        let track = &engine.game.tracks[self.pos().turn as usize];
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
                let text = engine.notation(m);
                json!({
                    "label": self.label(m, &text),
                    "text": text,
                    "start": start,
                    "steps": steps,
                    "exit": exit.map(|(x, y)| [x, y]),
                    "pass": m.kind == MoveType::Pass,
                })
            })
            .collect())
    }

    /// A move as a button names it, where several land alike: its
    /// notation with the capture marks in words and the pieces it takes
    /// (`d3-e3 approach (takes e4 e5)`, `b2xd4xb6 (takes c3 c5)`).
    fn label(&self, m: &Move, text: &str) -> String {
        let board = self.engine().board();
        let after = self.engine().play_unchecked(self.pos(), m);
        let taken: Vec<&str> =
            svg::captured(self.pos(), &after, board.len()).iter().map(|q| board.labels[q as usize].as_str()).collect();
        // `e3A`, `e3W`: a landing by approach or withdrawal (not a label of the board).
        let mut words = Vec::new();
        let mut plain = String::new();
        for (i, part) in text.split('-').enumerate() {
            let bare =
                part.strip_suffix(['A', 'W']).filter(|b| board.point(part).is_none() && board.point(b).is_some());
            if i > 0 {
                plain.push('-');
            }
            match bare {
                Some(b) if i > 0 => {
                    plain.push_str(b);
                    words.push(if part.ends_with('W') { "withdrawal" } else { "approach" });
                }
                _ => plain.push_str(part),
            }
        }
        let mut label = plain;
        if !words.is_empty() {
            label = format!("{label} {}", words.join(", then "));
        }
        if !taken.is_empty() {
            label = format!("{label} (takes {})", taken.join(" "));
        }
        if m.chose_kind() {
            // `e7-e8=Q`: the kind chosen, in words.
            label = format!("{label}: a {}", self.engine().game.kinds[m.becomes as usize].name);
        }
        label
    }

    /// Why a click moves nothing, in words, for the page to show: the
    /// request names what was clicked (`from`: a point, or `hand:PLAYER:KIND`)
    /// and, after a piece was chosen, where (`to`). The engine's `why` gives
    /// the rule; the page judges nothing itself.
    pub fn why(&self, body: &Value) -> Result<Value, Refusal> {
        let from = body.get("from").and_then(Value::as_str).ok_or_else(|| bad("the request needs `from` (text)"))?;
        let to = body.get("to").and_then(Value::as_str);
        let reason = self.refusal(from, to)?;
        Ok(json!({ "reason": reason }))
    }

    fn refusal(&self, from: &str, to: Option<&str>) -> Result<String, Refusal> {
        let engine = self.engine();
        let g = &engine.game;
        let board = engine.board();
        let me = self.pos().turn;
        let player = &g.players[me as usize].name;
        if let Some(why) = self.not_now()? {
            return Ok(why);
        }
        let mut legal = Vec::new();
        engine.moves(self.pos(), self.roll_value(), &mut legal).map_err(no_answer)?;
        if !legal.is_empty() && legal.iter().all(|m| m.kind == MoveType::Pass) {
            let roll = self.roll_value().map_or(String::new(), |r| format!(" of {r}"));
            return Ok(format!("No move fits the roll{roll}: {player} passes (the Pass button)."));
        }
        // Where the legal moves start, as the page names them.
        let starts: Vec<String> = legal
            .iter()
            .filter_map(|m| match m.kind {
                MoveType::Pass => None,
                MoveType::Enter => Some(format!("hand:{me}:{}", m.becomes)),
                _ => Some(board.labels[m.from as usize].clone()),
            })
            .collect();
        if let Some(to) = to {
            return self.refusal_to(from, to);
        }
        if let Some(hand) = from.strip_prefix("hand:") {
            return self.refusal_in_hand(from, hand, &starts);
        }
        self.refusal_on_point(from, &starts)
    }

    /// Why no move can be chosen at all: the game is over, the computer
    /// moves, or the dice must be thrown first.
    fn not_now(&self) -> Result<Option<String>, Refusal> {
        let engine = self.engine();
        let me = self.pos().turn;
        let player = &engine.game.players[me as usize].name;
        if let Some((_, result)) = self.over()? {
            return Ok(Some(format!("The game is over: {result}.")));
        }
        if let Some(agent) = &self.seats[me as usize] {
            return Ok(Some(format!("It is {} turn, and the computer ({}) plays it.", possessive(player), agent.name)));
        }
        if let (Some(dice), None) = (engine.dice(), self.roll_value()) {
            let (button, noun) = dice_words(&dice);
            let how = if dice.exact {
                format!("the {noun} is how far a piece moves")
            } else {
                format!("the {noun} is the most spaces a piece may move")
            };
            return Ok(Some(format!("{button} first: {how}.")));
        }
        Ok(None)
    }

    /// The piece on `from` (or in hand) chosen first, then `to`, a point it cannot go to.
    fn refusal_to(&self, from: &str, to: &str) -> Result<String, Refusal> {
        let board = self.engine().board();
        let me = self.pos().turn;
        let mine = |key: &str| match key.strip_prefix("hand:") {
            Some(hand) => hand.split_once(':').is_some_and(|(p, _)| p == me.to_string()),
            None => board.point(key).is_some_and(|p| self.pos().at(p) != 0 && owner(self.pos().at(p)) == me),
        };
        if !mine(from) {
            return self.refusal(from, None);
        }
        let Some(q) = board.point(to) else { return Err(bad(format!("`{to}` is not a point"))) };
        let c = self.pos().at(q);
        if c != 0 && owner(c) == me {
            return self.refusal(to, None); // another piece of the mover's: why it cannot move
        }
        let text = match from.strip_prefix("hand:") {
            Some(hand) => format!("{}@{to}", self.hand_kind(hand)?.1),
            None => format!("{from}-{to}"),
        };
        Ok(match self.verdict(&text)? {
            Some(reason) => format!("{} is not legal: {reason}.", self.shown(&text)),
            None => format!("{} is legal: click the marked points.", self.shown(&text)),
        })
    }

    /// A piece in hand (`from`, `hand` its `PLAYER:KIND`) that cannot enter;
    /// `starts` are where the legal moves start.
    fn refusal_in_hand(&self, from: &str, hand: &str, starts: &[String]) -> Result<String, Refusal> {
        let engine = self.engine();
        let (g, board) = (&engine.game, engine.board());
        let me = self.pos().turn;
        let player = &g.players[me as usize].name;
        let (kind, letter) = self.hand_kind(hand)?;
        let name = &g.kinds[kind as usize].name;
        let holder = hand.split_once(':').and_then(|(p, _)| p.parse::<usize>().ok());
        if let Some(theirs) = holder.filter(|&h| h != me as usize).and_then(|h| g.players.get(h)) {
            return Ok(format!("Those are {} pieces in hand, and {player} is to move.", possessive(&theirs.name)));
        }
        if starts.iter().any(|s| s == from) {
            return Ok(format!("A {name} can enter: click it, then one of the marked points."));
        }
        let mut texts = Vec::new();
        if g.kinds[kind as usize].moves.track {
            let track = &g.tracks[me as usize];
            if let Some(&q) = self.roll_value().and_then(|r| track.get((r as usize).wrapping_sub(1))) {
                texts.push(format!("{letter}@{}", board.labels[q as usize]));
            }
        }
        if let Some(enter) = &g.kinds[kind as usize].enter {
            texts.extend(enter.on[me as usize].iter().map(|q| format!("{letter}@{}", board.labels[q as usize])));
        }
        Ok(format!("No {name} can enter now{}", self.summary(&texts)?))
    }

    /// The point `from` clicked: empty, an enemy piece, or a piece of the
    /// mover's that cannot move (`starts`: where the legal moves start).
    fn refusal_on_point(&self, from: &str, starts: &[String]) -> Result<String, Refusal> {
        let engine = self.engine();
        let (g, board) = (&engine.game, engine.board());
        let me = self.pos().turn;
        let player = &g.players[me as usize].name;
        let Some(p) = board.point(from) else { return Err(bad(format!("`{from}` is not a point"))) };
        let c = self.pos().at(p);
        if c == 0 {
            // Where pieces are placed straight from an unlimited supply, an
            // empty point is clicked to place one: say why it cannot be.
            if let Some(k) = (0..g.kinds.len() as u8).find(|&k| engine.unlimited(me, k)) {
                let letter = if k == 0 { String::new() } else { g.kinds[k as usize].letter.to_string() };
                let text = format!("{letter}@{from}");
                if let Some(reason) = self.verdict(&text)? {
                    return Ok(format!("{} is not legal: {reason}.", self.shown(&text)));
                }
            }
            return Ok(format!("There is no piece on {from}: click one of the marked pieces."));
        }
        let kind = &g.kinds[kind_of(c) as usize];
        if owner(c) != me {
            let theirs = &g.players[owner(c) as usize].name;
            return Ok(format!("The {} on {from} is {}, and {player} is to move.", kind.name, possessive(theirs)));
        }
        if starts.iter().any(|s| s == from) {
            return Ok(format!("The {} on {from} can move: click it, then one of the marked points.", kind.name));
        }
        // The places the piece would go if nothing stood in the way.
        let mut texts = Vec::new();
        let track = &g.tracks[me as usize];
        if let (true, Some(i), Some(r)) = (kind.moves.track, track.iter().position(|&q| q == p), self.roll_value()) {
            match track.get(i + r as usize) {
                Some(&q) => texts.push(format!("{from}-{}", board.labels[q as usize])),
                None => texts.push(format!("{from}-off")),
            }
        }
        let m = &kind.moves;
        let pl = me as usize;
        // Its moving directions (a piece that only leaps: its leaps').
        let moving = m.step[pl] | m.slide[pl] | m.leave[pl] | m.take[pl] | m.approach[pl] | m.withdraw[pl];
        let dirs = if moving != 0 { moving } else { m.jump[pl] | m.fly[pl] };
        for d in 0..8u8 {
            let q = board.step(p, d);
            if dirs & (1 << d) != 0 && q != NONE {
                texts.push(format!("{from}-{}", board.labels[q as usize]));
            }
        }
        Ok(format!("The {} on {from} cannot move{}", kind.name, self.summary(&texts)?))
    }

    /// The kind and its letter in notation (none for the first kind) of `PLAYER:KIND`.
    fn hand_kind(&self, hand: &str) -> Result<(u8, String), Refusal> {
        let g = &self.engine().game;
        let kind =
            hand.split_once(':').and_then(|(_, k)| k.parse::<u8>().ok()).filter(|&k| (k as usize) < g.kinds.len());
        let kind = kind.ok_or_else(|| bad(format!("`{hand}` is not a piece in hand")))?;
        let letter = if kind == 0 { String::new() } else { g.kinds[kind as usize].letter.to_string() };
        Ok((kind, letter))
    }

    /// The engine's reason against a move, or None if it is legal.
    fn verdict(&self, text: &str) -> Result<Option<String>, Refusal> {
        Ok(match self.engine().why(self.pos(), self.roll_value(), text).map_err(no_answer)? {
            Verdict::Legal(..) => None,
            Verdict::Illegal { reason, .. } => Some(reason),
        })
    }

    /// A move as the player would type it, with the roll in a dice game.
    fn shown(&self, text: &str) -> String {
        match self.roll_value() {
            Some(r) => format!("{r}:{text}"),
            None => text.to_string(),
        }
    }

    /// What stands against the moves `texts` (the ways a piece would go),
    /// as the end of a sentence: one reason they share, the points in the
    /// way, or the first reason.
    fn summary(&self, texts: &[String]) -> Result<String, Refusal> {
        let mut reasons: Vec<String> = Vec::new();
        for t in texts {
            if let Some(r) = self.verdict(t)? {
                if !reasons.contains(&r) {
                    reasons.push(r);
                }
            }
        }
        let occupied: Vec<&str> = reasons.iter().filter_map(|r| r.strip_suffix(" is occupied")).collect();
        Ok(match reasons.as_slice() {
            [] => ".".into(),
            [one] => format!(": {one}."),
            _ if !occupied.is_empty() => match occupied.as_slice() {
                [one] => format!(": {one} is occupied."),
                [init @ .., last] => format!(": {} and {last} are occupied.", init.join(", ")),
                [] => unreachable!("not empty"),
            },
            [first, ..] => format!(": {first}."),
        })
    }

    /// How many pieces each player has lost since the start (on the board
    /// and in hand; a promotion changes a kind, not the count).
    fn captured(&self) -> Vec<Value> {
        let engine = self.engine();
        let count = |pos: &Position, pl: u8| -> i64 {
            let hand: i64 = (0..engine.game.kinds.len() as u8).map(|k| engine.counted_in_hand(pos, pl, k) as i64).sum();
            pos.pieces(pl) as i64 + hand
        };
        (0..engine.game.players.len() as u8)
            .map(|pl| json!({"player": engine.game.players[pl as usize].name, "count": count(&self.game.start, pl) - count(self.pos(), pl)}))
            .collect()
    }
}

/// "white's", "defenders'".
fn possessive(name: &str) -> String {
    if name.ends_with('s') && !name.ends_with("ss") {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

fn no_answer(l: Limit) -> Refusal {
    Refusal(422, format!("no answer: {l}"))
}

/// The page's words for the game's dice: the button, and what the result is
/// called ("Roll the die" and "roll", "Throw the dice" and "throw").
fn dice_words(dice: &Dice) -> (&'static str, &'static str) {
    match (dice.binary, dice.sides) {
        (false, _) => ("Roll the die", "roll"),
        (true, 1) => ("Throw the die", "throw"),
        (true, _) => ("Throw the dice", "throw"),
    }
}

fn seat_name(s: &Option<Computer>) -> String {
    s.as_ref().map_or("human".to_string(), |c| c.name.clone())
}
