//! What the server holds: the game file it serves, the engines compiled for
//! the option choices asked for, and the games in progress under their ids.
//! Nothing here knows of HTTP: calls come in as a method, a path and a JSON
//! body, and go out as JSON or a [`Refusal`].

use super::games::{self, Game, Refusal, Search};
use rulebook::check::Choice;
use rulebook::engine::Engine;
use rulebook::record::Record;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most games kept at once; past it, a finished game is closed first,
/// then the one left longest.
pub const MAX_GAMES: usize = 256;
/// The most option combinations compiled and kept.
const MAX_ENGINES: usize = 16;
/// How many closed games' ids are remembered, to say why one is gone.
const REMEMBERED: usize = 4096;

/// A response: status, content type, body.
pub struct Reply(pub u16, pub &'static str, pub Vec<u8>);

impl From<Refusal> for Reply {
    fn from(r: Refusal) -> Reply {
        Reply(r.0, "application/json", json!({ "error": r.1 }).to_string().into_bytes())
    }
}

fn json_reply(v: Value) -> Reply {
    Reply(200, "application/json", v.to_string().into_bytes())
}

fn bad(msg: impl Into<String>) -> Refusal {
    Refusal(400, msg.into())
}

struct Entry {
    id: String,
    /// When it was last used (a count of calls).
    used: u64,
    game: Game,
}

/// The one game file served, read once at the start, and the games played.
pub struct Site {
    path: PathBuf,
    /// The files the game was read from (a variant and its game), by name.
    sources: HashMap<PathBuf, String>,
    title: String,
    /// The options given on the command line: the page's defaults.
    choices: Vec<Choice>,
    engines: Vec<(String, Arc<Engine>)>,
    games: Vec<Entry>,
    /// Ids of games closed to make room, newest last.
    closed: VecDeque<String>,
    /// Counts calls, to tell which game was used last.
    clock: u64,
}

/// A game id: 128 bits from the operating system's generator, as hex. The
/// id is all a caller needs to play a game, so it must not be guessable.
fn new_id() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Site {
    pub fn new(path: PathBuf, sources: HashMap<PathBuf, String>, title: String, choices: Vec<Choice>) -> Site {
        let (engines, games, closed) = (Vec::new(), Vec::new(), VecDeque::new());
        Site { path, sources, title, choices, engines, games, closed, clock: 0 }
    }

    /// The engine for these option choices (the command line's, then the page's).
    fn engine(&mut self, picked: &[(String, String)]) -> Result<Arc<Engine>, Refusal> {
        let mut choices = self.choices.clone();
        choices.extend(picked.iter().map(|(n, v)| Choice { name: n.clone(), value: v.clone(), span: None }));
        let key: Vec<String> = choices.iter().map(|c| format!("{}={}", c.name, c.value)).collect();
        let key = key.join(" ");
        if let Some((_, e)) = self.engines.iter().find(|(k, _)| *k == key) {
            return Ok(e.clone());
        }
        let sources = &self.sources;
        let read = |p: &Path| -> std::io::Result<String> {
            sources.get(p).cloned().ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "not served"))
        };
        let loaded = rulebook::variant::load(&self.path, &choices, &read).map_err(|report| {
            let msgs: Vec<String> = report.diagnostics.iter().map(|(_, d)| d.message.clone()).collect();
            bad(format!("these options do not make a game: {}", msgs.join("; ")))
        })?;
        let engine = Arc::new(Engine::new(loaded.game));
        if self.engines.len() >= MAX_ENGINES {
            self.engines.remove(0);
        }
        self.engines.push((key, engine.clone()));
        Ok(engine)
    }

    /// The game with this id, marked as used now.
    pub fn game(&mut self, id: &str) -> Result<&mut Game, Refusal> {
        self.clock += 1;
        let now = self.clock;
        match self.games.iter_mut().find(|g| g.id == id) {
            Some(entry) => {
                entry.used = now;
                Ok(&mut entry.game)
            }
            None if self.closed.iter().any(|c| c == id) => Err(Refusal(
                410,
                format!(
                    "this game was closed to make room for newer ones (the server keeps {MAX_GAMES} games, \
                     and closes finished ones first); start a new game, or load its record"
                ),
            )),
            None => Err(Refusal(404, "no such game (the server was started again since?)".into())),
        }
    }

    /// Keeps a new game, closing one if the server is full: a finished game
    /// first, the one left longest among them; else the one left longest.
    fn add(&mut self, game: Game) -> Result<Value, Refusal> {
        if self.games.len() >= MAX_GAMES {
            let key = |e: &Entry| (!e.game.is_over(), e.used);
            let oldest = self.games.iter().enumerate().min_by_key(|(_, e)| key(e)).map_or(0, |(i, _)| i);
            let mut gone = self.games.swap_remove(oldest);
            gone.game.close();
            if self.closed.len() >= REMEMBERED {
                self.closed.pop_front();
            }
            self.closed.push_back(gone.id);
        }
        let id = new_id();
        self.clock += 1;
        let state = game.state(&id)?;
        self.games.push(Entry { id, used: self.clock, game });
        Ok(state)
    }

    /// What the page needs before a game: names, options, players, agents,
    /// for the options picked in `query` (`players=3&...`; the players may
    /// depend on them).
    fn info(&mut self, query: &str) -> Result<Value, Refusal> {
        let picked: Vec<(String, String)> = query
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                (k.to_string(), v.replace('+', " "))
            })
            .collect();
        let engine = self.engine(&picked)?;
        let g = &engine.game;
        Ok(json!({
            "title": self.title,
            "name": g.name,
            "players": g.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
            "first": g.first,
            "options": g.options.iter().map(|o| json!({"name": o.name, "values": o.values, "value": o.value, "description": o.description})).collect::<Vec<_>>(),
            "agents": rulebook::agents::AGENTS,
            "dice": engine.dice().map(|d| d.highest()),
            "limits": { "searchSeconds": games::MAX_SEARCH.as_secs(), "searchThreads": games::MAX_SEARCH_THREADS },
        }))
    }

    /// The computer's coming ply in game `id`, to be searched off the lock.
    pub fn search(&mut self, body: &Value) -> Result<Search, Refusal> {
        let id = field(body, "id")?;
        self.game(id)?.search(id)
    }

    /// The search's move, played if the game is still where it was.
    pub fn searched(&mut self, search: Search, found: games::Found) -> Reply {
        let id = search.id().to_string();
        let answer = self.game(&id).and_then(|g| {
            g.searched(search, found)?;
            g.state(&id)
        });
        answer.map_or_else(Reply::from, json_reply)
    }

    /// Answers one call that is quick (everything but the computer's search).
    pub fn api(&mut self, method: &str, path: &str, query: &str, body: &Value) -> Result<Reply, Refusal> {
        let by_id = |site: &mut Site, f: &dyn Fn(&mut Game) -> Result<(), Refusal>| -> Result<Reply, Refusal> {
            let id = field(body, "id")?;
            let game = site.game(id)?;
            f(game)?;
            Ok(json_reply(game.state(id)?))
        };
        match (method, path) {
            ("GET", "/api/game") => Ok(json_reply(self.info(query)?)),
            ("POST", "/api/new") => {
                let (options, names) = setup(body)?;
                let engine = self.engine(&options)?;
                let seats = games::seats(&engine, &names)?;
                let start = engine.start();
                let game = Game::new(engine, seats, seed(body), start);
                Ok(json_reply(self.add(game)?))
            }
            ("POST", "/api/load") => {
                let rec =
                    Record::parse(field(body, "record")?).map_err(|e| Refusal(422, format!("the record: {e}")))?;
                let options = rec.options();
                let engine = self.engine(&options)?;
                let (_, names) = setup(body)?;
                let seats = games::seats(&engine, &names)?;
                let game = Game::from_record(engine, seats, seed(body), &rec)?;
                Ok(json_reply(self.add(game)?))
            }
            ("POST", "/api/roll") => by_id(self, &|g| g.roll()),
            ("POST", "/api/move") => {
                let text = field(body, "move")?.to_string();
                by_id(self, &|g| g.play(&text))
            }
            ("POST", "/api/undo") => by_id(self, &|g| g.undo()),
            ("POST", "/api/why") => Ok(json_reply(self.game(field(body, "id")?)?.why(body)?)),
            ("GET", "/api/record") => {
                let id = query.split('&').find_map(|kv| kv.strip_prefix("id=")).unwrap_or("");
                let (title, file) = (self.title.clone(), self.path.display().to_string());
                let game = self.game(id)?;
                Ok(Reply(200, "text/plain; charset=utf-8", game.record(&title, &file).into_bytes()))
            }
            (_, p) if p.starts_with("/api/") => Err(Refusal(404, format!("no such call: {method} {p}"))),
            _ => Err(Refusal(404, format!("nothing at {path}"))),
        }
    }
}

/// A field of the request body, as text.
pub fn field<'a>(body: &'a Value, name: &str) -> Result<&'a str, Refusal> {
    body.get(name).and_then(Value::as_str).ok_or_else(|| bad(format!("the request needs `{name}` (text)")))
}

/// Option choices as (name, value), and seats by name.
type Setup = (Vec<(String, String)>, Vec<String>);

/// The options and seats of a new game, from the body.
fn setup(body: &Value) -> Result<Setup, Refusal> {
    let mut options = Vec::new();
    if let Some(map) = body.get("options").and_then(Value::as_object) {
        for (k, v) in map {
            let v = v.as_str().ok_or_else(|| bad(format!("option `{k}`: the value must be text")))?;
            options.push((k.clone(), v.to_string()));
        }
    }
    let seats = match body.get("seats").and_then(Value::as_array) {
        Some(list) => list
            .iter()
            .map(|s| s.as_str().map(str::to_string).ok_or_else(|| bad("a seat is a name")))
            .collect::<Result<_, _>>()?,
        None => return Err(bad("the request needs `seats`, one per player")),
    };
    Ok((options, seats))
}

pub fn seed(body: &Value) -> u64 {
    body.get("seed").and_then(Value::as_u64).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    })
}
