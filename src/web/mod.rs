//! `rulebook serve`: one page to play the game in a browser, and a small
//! JSON API the page calls. The engine runs here; the page only shows the
//! states it gets and sends clicks back as moves.
//!
//! tiny_http serves it: synchronous, a handful of dependencies and no async
//! runtime, which is all one person's page on the loopback needs. Requests
//! are answered one at a time, so the games need no locks.

mod games;

use crate::cli::{load, GameArgs, EXIT_USAGE};
use games::{Game, Refusal};
use rulebook::check::Choice;
use rulebook::engine::Engine;
use rulebook::record::Record;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// The largest request body read (a record of the longest game fits easily).
const MAX_BODY: usize = 256 << 10;
/// The most games kept at once; a new one replaces the one left longest.
const MAX_GAMES: usize = 32;
/// The most option combinations compiled and kept.
const MAX_ENGINES: usize = 16;

/// The one game file served, read once at the start, and the games played.
struct Site {
    path: PathBuf,
    /// The files the game was read from (a variant and its game), by name.
    sources: HashMap<PathBuf, String>,
    title: String,
    /// The options given on the command line: the page's defaults.
    choices: Vec<Choice>,
    engines: Vec<(String, Arc<Engine>)>,
    games: Vec<(u64, u64, Game)>,
    /// Counts requests, to tell which game was used last.
    clock: u64,
    ids: rulebook::agents::GameRng,
}

/// A response: status, content type, body.
struct Reply(u16, &'static str, Vec<u8>);

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

impl Site {
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

    fn game(&mut self, id: &str) -> Result<(u64, &mut Game), Refusal> {
        let id: u64 = id.parse().map_err(|_| bad("no such game"))?;
        self.clock += 1;
        let now = self.clock;
        let entry = self
            .games
            .iter_mut()
            .find(|g| g.0 == id)
            .ok_or_else(|| Refusal(404, "no such game (started again since?)".into()))?;
        entry.1 = now;
        Ok((id, &mut entry.2))
    }

    fn add(&mut self, game: Game) -> Result<Value, Refusal> {
        use rand::Rng;
        if self.games.len() >= MAX_GAMES {
            let oldest = self.games.iter().enumerate().min_by_key(|(_, g)| g.1).map(|(i, _)| i).unwrap_or(0);
            self.games.remove(oldest);
        }
        let id = self.ids.gen_range(1..u64::MAX >> 12);
        self.clock += 1;
        let state = game.state(id)?;
        self.games.push((id, self.clock, game));
        Ok(state)
    }

    /// What the page needs before a game: names, options, players, agents.
    fn info(&mut self) -> Result<Value, Refusal> {
        let engine = self.engine(&[])?;
        let g = &engine.game;
        Ok(json!({
            "title": self.title,
            "name": g.name,
            "players": g.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
            "first": g.first,
            "options": g.options.iter().map(|o| json!({"name": o.name, "values": o.values, "value": o.value, "description": o.description})).collect::<Vec<_>>(),
            "agents": rulebook::agents::AGENTS,
            "dice": engine.dice().map(|d| d.highest()),
        }))
    }
}

/// A field of the request body, as text.
fn field<'a>(body: &'a Value, name: &str) -> Result<&'a str, Refusal> {
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

fn seed(body: &Value) -> u64 {
    body.get("seed").and_then(Value::as_u64).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    })
}

/// Answers one API call.
fn api(site: &mut Site, method: &str, path: &str, query: &str, body: &Value) -> Result<Reply, Refusal> {
    let by_id = |site: &mut Site, f: &dyn Fn(&mut Game) -> Result<(), Refusal>| -> Result<Reply, Refusal> {
        let (id, game) = site.game(field(body, "id")?)?;
        f(game)?;
        Ok(json_reply(game.state(id)?))
    };
    match (method, path) {
        ("GET", "/api/game") => Ok(json_reply(site.info()?)),
        ("POST", "/api/new") => {
            let (options, names) = setup(body)?;
            let engine = site.engine(&options)?;
            let seats = games::seats(&engine, &names)?;
            let start = engine.start();
            let game = Game::new(engine, seats, seed(body), start);
            Ok(json_reply(site.add(game)?))
        }
        ("POST", "/api/load") => {
            let rec = Record::parse(field(body, "record")?).map_err(|e| Refusal(422, format!("the record: {e}")))?;
            let options = rec.options();
            let engine = site.engine(&options)?;
            let (_, names) = setup(body)?;
            let seats = games::seats(&engine, &names)?;
            let game = Game::from_record(engine, seats, seed(body), &rec)?;
            Ok(json_reply(site.add(game)?))
        }
        ("POST", "/api/roll") => by_id(site, &|g| g.roll()),
        ("POST", "/api/move") => {
            let text = field(body, "move")?.to_string();
            by_id(site, &|g| g.play(&text))
        }
        ("POST", "/api/agent") => by_id(site, &|g| g.agent()),
        ("POST", "/api/undo") => by_id(site, &|g| g.undo()),
        ("GET", "/api/record") => {
            let id = query.split('&').find_map(|kv| kv.strip_prefix("id=")).unwrap_or("");
            let (title, file) = (site.title.clone(), site.path.display().to_string());
            let (_, game) = site.game(id)?;
            Ok(Reply(200, "text/plain; charset=utf-8", game.record(&title, &file).into_bytes()))
        }
        (_, p) if p.starts_with("/api/") => Err(Refusal(404, format!("no such call: {method} {p}"))),
        _ => Err(Refusal(404, format!("nothing at {path}"))),
    }
}

fn respond(site: &mut Site, method: &str, url: &str, body: &[u8]) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    match (method, path) {
        ("GET", "/") => return Reply(200, "text/html; charset=utf-8", INDEX.as_bytes().to_vec()),
        ("GET", "/app.js") => return Reply(200, "text/javascript; charset=utf-8", SCRIPT.as_bytes().to_vec()),
        ("GET", "/style.css") => return Reply(200, "text/css; charset=utf-8", STYLE.as_bytes().to_vec()),
        _ => {}
    }
    let body: Value = if body.is_empty() {
        Value::Null
    } else {
        match serde_json::from_slice(body) {
            Ok(v) => v,
            Err(e) => return bad(format!("the body is not JSON: {e}")).into(),
        }
    };
    api(site, method, path, query, &body).unwrap_or_else(Reply::from)
}

/// Whether the Host header names the loopback: a page elsewhere that points
/// its own name at 127.0.0.1 (DNS rebinding) gets no answer.
fn loopback_host(req: &tiny_http::Request) -> bool {
    let host = req.headers().iter().find(|h| h.field.equiv("Host")).map(|h| h.value.as_str().to_string());
    let Some(host) = host else { return false };
    let name = if host.starts_with('[') {
        host.split(']').next().unwrap_or("").trim_start_matches('[')
    } else {
        host.split(':').next().unwrap_or("")
    };
    matches!(name, "127.0.0.1" | "localhost" | "::1")
}

/// Reads the body, up to [`MAX_BODY`]; None when it is larger.
fn body(req: &mut tiny_http::Request) -> Result<Vec<u8>, Reply> {
    use std::io::Read;
    let too_large = || Reply::from(Refusal(413, format!("the request is larger than {MAX_BODY} bytes")));
    if req.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut buf = Vec::new();
    if req.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut buf).is_err() {
        return Err(Refusal(400, "the request's body could not be read".into()).into());
    }
    if buf.len() > MAX_BODY {
        return Err(too_large());
    }
    Ok(buf)
}

fn handle(site: &mut Site, mut req: tiny_http::Request, loopback: bool) {
    let reply = if loopback && !loopback_host(&req) {
        Refusal(403, "this server answers only pages from 127.0.0.1 or localhost".into()).into()
    } else {
        match body(&mut req) {
            Err(r) => r,
            Ok(bytes) => {
                let method = req.method().as_str().to_string();
                let url = req.url().to_string();
                // A bug must not take the page down with it: it becomes a 500.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| respond(site, &method, &url, &bytes)))
                    .unwrap_or_else(|_| {
                        Refusal(500, "internal error (a bug in rulebook: please report it)".into()).into()
                    })
            }
        }
    };
    let Reply(status, kind, bytes) = reply;
    let header = |k: &str, v: &str| tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()).expect("a valid header");
    let response = tiny_http::Response::from_data(bytes)
        .with_status_code(status)
        .with_header(header("Content-Type", kind))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        ));
    // The browser may have gone; nothing to do about it.
    let _ = req.respond(response);
}

/// The text of each file the game was read from, by name.
type Sources = HashMap<PathBuf, String>;

/// Reads the game's files once and keeps their text (the server reads no
/// other file), with the title and the command line's option choices.
fn read_sources(args: &GameArgs) -> Result<(Sources, String, Vec<Choice>), i32> {
    let loaded = load::game(args)?;
    let choices = load::parse_choices(&args.options).map_err(|_| EXIT_USAGE)?;
    let read = |p: &Path| load::read(p);
    let report = match rulebook::variant::load(&args.file, &choices, &read) {
        Ok(l) => l.report,
        Err(_) => return Err(crate::cli::EXIT_INVALID),
    };
    let sources = report.sources.into_iter().map(|(name, text)| (PathBuf::from(name), text)).collect();
    Ok((sources, loaded.title().to_string(), choices))
}

pub fn serve(args: &GameArgs, host: IpAddr, port: u16, open: bool) -> i32 {
    let (sources, title, choices) = match read_sources(args) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let server = match tiny_http::Server::http((host, port)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot listen on {host} port {port}: {e}");
            return EXIT_USAGE;
        }
    };
    let addr = server.server_addr().to_ip().map_or(format!("{host}:{port}"), |a| a.to_string());
    let url = format!("http://{addr}/");
    println!("Serving {title} at {url} (Ctrl-C to stop)");
    if !host.is_loopback() {
        println!("Listening on {host}: other machines on the network can play too.");
    }
    use std::io::Write;
    let _ = std::io::stdout().flush();
    if open {
        open_browser(&url);
    }
    let ids = rulebook::agents::GameRng::new(std::process::id() as u64 ^ seed(&Value::Null));
    let mut site = Site {
        path: args.file.clone(),
        sources,
        title,
        choices,
        engines: Vec::new(),
        games: Vec::new(),
        clock: 0,
        ids,
    };
    for req in server.incoming_requests() {
        handle(&mut site, req, host.is_loopback());
    }
    0
}

/// Asks the system to open the page; a failure is only a warning.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("warning: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
