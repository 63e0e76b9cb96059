//! `rulebook serve` as a client sees it, over plain HTTP: the API answers
//! moves with the engine's state, and bad requests with a 4xx and a reason.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server(Child, String);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server under test: this build's, or the one `RULEBOOK_BIN` names
/// (a release build, for the load test's figures).
fn serve(file: &str) -> Server {
    let bin = std::env::var("RULEBOOK_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_rulebook").to_string());
    let mut child = Command::new(bin).args(["serve", file, "--port", "0"]).stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).unwrap().to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    Server(child, addr)
}

/// Sends one request; the status and the body.
fn request(addr: &str, method: &str, path: &str, host: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.0\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

fn post(addr: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let (status, text) = request(addr, "POST", path, "127.0.0.1", body.as_bytes());
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {}", &text[..text.len().min(300)])))
}

#[test]
fn the_api_plays_what_the_engine_allows() {
    let s = serve("games/tabal.game");
    let (status, page) = request(&s.1, "GET", "/", "localhost", b"");
    assert_eq!(status, 200);
    assert!(page.contains("/app.js"));
    let (status, state) = post(&s.1, "/api/new", r#"{"seats":["human","greedy"],"seed":4}"#);
    assert_eq!(status, 200, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["moves"].as_array().unwrap().len(), 9);
    assert!(state["svg"].as_str().unwrap().contains("data-point=\"c4\""));
    let (status, state) = post(&s.1, "/api/move", &format!(r#"{{"id":"{id}","move":"c4-c5"}}"#));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["humanToMove"], false);
    // A person's move while the computer is to move, and an illegal one.
    let (status, why) = post(&s.1, "/api/move", &format!(r#"{{"id":"{id}","move":"c3-c4"}}"#));
    assert_eq!((status, why["error"].as_str().unwrap()), (409, "it is the computer's turn"));
    let (status, state) = post(&s.1, "/api/agent", &format!(r#"{{"id":"{id}"}}"#));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["last"], "c6xc4");
    assert_eq!(state["taken"], serde_json::json!(["c5"]));
    let (status, why) = post(&s.1, "/api/move", &format!(r#"{{"id":"{id}","move":"b3-b4"}}"#));
    assert_eq!(status, 422);
    assert!(why["error"].as_str().unwrap().contains("capturing is compulsory"), "{why}");
    let (status, state) = post(&s.1, "/api/undo", &format!(r#"{{"id":"{id}"}}"#));
    assert_eq!((status, state["plies"].as_array().unwrap().len()), (200, 0));
    // The record downloads and loads back.
    post(&s.1, "/api/move", &format!(r#"{{"id":"{id}","move":"c4-c5"}}"#));
    let (status, record) = request(&s.1, "GET", &format!("/api/record?id={id}"), "127.0.0.1", b"");
    assert_eq!(status, 200);
    assert!(record.contains("[Game \"Permainan Tabal\"]") && record.contains("c4-c5"), "{record}");
    let body = serde_json::json!({"record": record, "seats": ["human", "human"]}).to_string();
    let (status, state) = post(&s.1, "/api/load", &body);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["last"], "c4-c5");
}

#[test]
fn the_page_seats_as_many_players_as_the_options_make() {
    let s = serve("games/chinese-checkers.game");
    let info = |q: &str| {
        let (status, text) = request(&s.1, "GET", &format!("/api/game{q}"), "127.0.0.1", b"");
        assert_eq!(status, 200, "{text}");
        serde_json::from_str::<serde_json::Value>(&text).unwrap()
    };
    assert_eq!(info("")["players"], serde_json::json!(["red", "green"]));
    assert_eq!(info("?players=3")["players"], serde_json::json!(["red", "yellow", "blue"]));
    let (status, _) = request(&s.1, "GET", "/api/game?players=5", "127.0.0.1", b"");
    assert_eq!(status, 400, "no such count");
    // Three seats: a person, then two computers, in turn.
    let body = r#"{"seats":["human","random","greedy"],"options":{"players":"3"},"seed":2}"#;
    let (status, state) = post(&s.1, "/api/new", body);
    assert_eq!(status, 200, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    let (status, state) = post(&s.1, "/api/move", &format!(r#"{{"id":"{id}","move":"j4-j5"}}"#));
    assert_eq!((status, state["turnName"].as_str()), (200, Some("yellow")), "{state}");
    for next in ["blue", "red"] {
        let (status, state) = post(&s.1, "/api/agent", &format!(r#"{{"id":"{id}"}}"#));
        assert_eq!((status, state["turnName"].as_str()), (200, Some(next)), "{state}");
    }
    // Two seats for three players is refused.
    let (status, _) = post(&s.1, "/api/new", r#"{"seats":["human","random"],"options":{"players":"3"}}"#);
    assert_eq!(status, 400);
}

#[test]
fn bad_requests_get_a_4xx_and_a_reason() {
    let s = serve("games/tablut.game");
    // Method, path, Host, body; the status and words of the answer.
    type Case<'a> = (&'a str, &'a str, &'a str, &'a [u8], u16, &'a str);
    let cases: [Case; 8] = [
        ("GET", "/etc/passwd", "127.0.0.1", b"", 404, "nothing at"),
        ("GET", "/", "evil.example", b"", 403, "only pages from 127.0.0.1"),
        ("POST", "/api/new", "127.0.0.1", b"{not json", 400, "not JSON"),
        ("POST", "/api/new", "127.0.0.1", br#"{"seats":["human"]}"#, 400, "one seat per player"),
        ("POST", "/api/new", "127.0.0.1", br#"{"seats":["human","deep-blue"]}"#, 400, "not an agent"),
        ("POST", "/api/new", "127.0.0.1", br#"{"seats":["human","human"],"options":{"dice":"maybe"}}"#, 400, "options"),
        ("POST", "/api/move", "127.0.0.1", br#"{"id":"12","move":"a4-a3"}"#, 404, "no such game"),
        ("POST", "/api/load", "127.0.0.1", br#"{"record":"[Game \"x\"\n","seats":["human","human"]}"#, 422, "record"),
    ];
    for (method, path, host, body, status, says) in cases {
        let (got, text) = request(&s.1, method, path, host, body);
        assert_eq!(got, status, "{method} {path}: {text}");
        assert!(text.contains(says), "{method} {path}: {text}");
    }
    let big = vec![b' '; 300 << 10];
    let (got, text) = request(&s.1, "POST", "/api/new", "127.0.0.1", &big);
    assert_eq!(got, 413, "{text}");
    // Still serving after all that; a person must roll before moving.
    let (status, state) = post(&s.1, "/api/new", r#"{"seats":["human","human"],"seed":1}"#);
    assert_eq!((status, state["needRoll"].as_bool()), (200, Some(true)), "{state}");
    let id = state["id"].as_str().unwrap();
    let (status, _) = post(&s.1, "/api/move", &format!(r#"{{"id":"{id}","move":"a4-a3"}}"#));
    assert_eq!(status, 409);
    let (status, state) = post(&s.1, "/api/roll", &format!(r#"{{"id":"{id}"}}"#));
    assert_eq!(status, 200);
    let roll = state["roll"].as_u64().unwrap();
    assert!(state["moves"].as_array().unwrap().iter().all(|m| m["text"].as_str().is_some()) && (1..=6).contains(&roll));
}

/// A keep-alive HTTP/1.1 connection, as a browser holds one.
struct Conn {
    reader: BufReader<TcpStream>,
}

impl Conn {
    fn open(addr: &str) -> Conn {
        let s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
        Conn { reader: BufReader::new(s) }
    }

    /// One request on the connection; the status and the body (status 0 if
    /// the server closed the connection).
    fn call(&mut self, method: &str, path: &str, body: &str) -> (u16, String) {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        if self.reader.get_mut().write_all(format!("{head}{body}").as_bytes()).is_err() {
            return (0, String::new());
        }
        let (mut status, mut length) = (0, 0);
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).unwrap_or(0) == 0 {
                return (0, String::new());
            }
            if line == "\r\n" {
                break;
            }
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("http/1.1 ") {
                status = lower[9..12].parse().unwrap_or(0);
            } else if let Some(n) = lower.strip_prefix("content-length:") {
                length = n.trim().parse().unwrap_or(0);
            }
        }
        let mut buf = vec![0; length];
        if self.reader.read_exact(&mut buf).is_err() {
            return (0, String::new());
        }
        (status, String::from_utf8_lossy(&buf).to_string())
    }

    fn json(&mut self, path: &str, body: &str) -> (u16, serde_json::Value) {
        let (status, text) = self.call("POST", path, body);
        (status, serde_json::from_str(&text).unwrap_or(serde_json::Value::Null))
    }
}

/// The server's resident memory in KiB, from /proc.
fn resident_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.0.id())).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Sends raw bytes on a new connection and reads what comes back within `wait`.
fn raw(addr: &str, bytes: &[u8], wait: std::time::Duration) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    let _ = s.write_all(bytes);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).to_string()
}

#[test]
fn hostile_requests_neither_kill_nor_block_the_server() {
    use std::time::{Duration, Instant};
    let s = serve("games/tabal.game");
    let alive = |s: &Server| request(&s.1, "GET", "/api/game", "127.0.0.1", b"").0 == 200;
    // A body announced at 2^64 - 1 bytes, and one at 2^40: refused, and the server lives.
    for length in ["18446744073709551615", "1099511627776"] {
        let head = format!("POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n{{");
        let answer = raw(&s.1, head.as_bytes(), Duration::from_secs(5));
        let refused = ["413", "431", "400"].iter().any(|c| answer.starts_with(&format!("HTTP/1.1 {c}")));
        assert!(refused, "{length}: {answer}");
        assert!(alive(&s), "after Content-Length {length}");
    }
    // Headers of any size are not buffered: a 1 MiB header line is refused.
    let huge = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n", "a".repeat(1 << 20));
    let answer = raw(&s.1, huge.as_bytes(), Duration::from_secs(5));
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 431"), "{}", &answer[..answer.len().min(200)]);
    assert!(resident_kib(&s) < 200 << 10, "{} KiB", resident_kib(&s));
    // Clients that send part of a body, and one that sends headers slowly,
    // hold only their own connections: others are answered at once.
    let mut stalled = Vec::new();
    for _ in 0..4 {
        let mut c = TcpStream::connect(&s.1).unwrap();
        c.write_all(b"POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{\"seats\"").unwrap();
        stalled.push(c);
        let mut c = TcpStream::connect(&s.1).unwrap();
        c.write_all(b"POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"see")
            .unwrap();
        stalled.push(c);
        let mut c = TcpStream::connect(&s.1).unwrap();
        c.write_all(b"GET / HTTP/1.1\r\nHo").unwrap();
        stalled.push(c);
    }
    let start = Instant::now();
    assert!(alive(&s));
    assert!(start.elapsed() < Duration::from_secs(2), "blocked for {:?}", start.elapsed());
    // Eight keep-alive connections at once are all answered (a browser opens six).
    let mut conns: Vec<Conn> = (0..8).map(|_| Conn::open(&s.1)).collect();
    for round in 0..3 {
        for (i, c) in conns.iter_mut().enumerate() {
            let (status, _) = c.call("GET", "/api/game", "");
            assert_eq!(status, 200, "connection {i}, round {round}");
        }
    }
    drop(stalled);
    // Cross-site requests that change games are refused.
    type Case<'a> = (&'a str, u16, &'a str);
    let cases: [Case; 4] = [
        ("Content-Type: text/plain\r\n", 415, "application/json"),
        ("Content-Type: application/json\r\nOrigin: http://evil.example\r\n", 403, "other sites"),
        ("Content-Type: application/json\r\nSec-Fetch-Site: cross-site\r\n", 403, "other sites"),
        ("Content-Type: application/x-www-form-urlencoded\r\n", 415, "application/json"),
    ];
    let body = r#"{"seats":["human","human"]}"#;
    for (headers, status, says) in cases {
        let req = format!("POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        let answer = raw(&s.1, req.as_bytes(), Duration::from_secs(5));
        assert!(answer.starts_with(&format!("HTTP/1.1 {status}")) && answer.contains(says), "{headers}: {answer}");
    }
    // The page's own call, with its origin, is answered.
    let port = s.1.rsplit(':').next().unwrap();
    let req = format!("POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    let answer = raw(&s.1, req.as_bytes(), Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // Game ids are 128 random bits.
    let id = answer.split("\"id\":\"").nth(1).and_then(|r| r.split('"').next()).unwrap();
    assert!(id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
}

#[test]
fn searches_are_capped_by_the_server() {
    use std::time::{Duration, Instant};
    let s = serve("games/tabal.game");
    let mut c = Conn::open(&s.1);
    for (seat, says) in [
        ("mcts:time=86400s", "at most 5s"),
        ("alphabeta:time=6s", "at most 5s"),
        ("mcts:time=1s,threads=64", "at most 2 threads"),
        ("mcts:time=1e30s", "at most a day"),
    ] {
        let (status, v) = c.json("/api/new", &format!(r#"{{"seats":["{seat}","human"]}}"#));
        assert_eq!(status, 400, "{seat}: {v}");
        assert!(v["error"].as_str().unwrap().contains(says), "{seat}: {v}");
    }
    // A budget of work is cut at the server's limit: a depth of 64 answers within it.
    let s = serve("games/breakthrough.game");
    let mut c = Conn::open(&s.1);
    let (status, v) = c.json("/api/new", r#"{"seats":["alphabeta:depth=64","human"],"seed":1}"#);
    assert_eq!(status, 200, "{}", v["error"]);
    let id = v["id"].as_str().unwrap().to_string();
    let start = Instant::now();
    let (status, v) = c.json("/api/agent", &format!(r#"{{"id":"{id}"}}"#));
    assert_eq!(status, 200, "{}", v["error"]);
    assert_eq!(v["plies"].as_array().unwrap().len(), 1);
    assert!(start.elapsed() < Duration::from_secs(8), "{:?}", start.elapsed());
    // A search the game no longer needs ends: undo while it thinks, and its move is not played.
    let reply = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (status, v) = c.json("/api/move", &format!(r#"{{"id":"{id}","move":"{reply}"}}"#));
    assert_eq!(status, 200, "{}", v["error"]);
    let thinking = {
        let (addr, id) = (s.1.clone(), id.clone());
        std::thread::spawn(move || Conn::open(&addr).json("/api/agent", &format!(r#"{{"id":"{id}"}}"#)))
    };
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    let (status, undone) = c.json("/api/undo", &format!(r#"{{"id":"{id}"}}"#));
    assert_eq!(status, 200, "{}", undone["error"]);
    let (status, refused) = thinking.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(3), "the search went on for {:?}", start.elapsed());
    assert_eq!(status, 409, "{}", refused["error"]);
    assert!(refused["error"].as_str().unwrap().contains("moved on"), "{}", refused["error"]);
    let (_, now) = c.json("/api/undo", &format!(r#"{{"id":"{id}"}}"#));
    assert_eq!(now["error"], "nothing to undo", "the search's move was not played");
}

#[test]
fn closed_games_say_so_and_finished_ones_go_first() {
    let s = serve("games/tabal.game");
    let dir = std::env::temp_dir().join(format!("rulebook-web-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["simulate", "games/tabal.game", "--games", "1", "--record", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let record = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    let record = std::fs::read_to_string(record).unwrap();
    let mut c = Conn::open(&s.1);
    let new = r#"{"seats":["human","human"]}"#;
    let (_, first) = c.json("/api/new", new);
    let body = serde_json::json!({"record": record, "seats": ["human", "human"]}).to_string();
    let (status, finished) = c.json("/api/load", &body);
    assert_eq!(status, 200, "{finished}");
    assert!(finished["over"].is_string(), "{finished}");
    // Fill the server: the finished game is closed first, though it is not the oldest.
    for _ in 0..255 {
        assert_eq!(c.json("/api/new", new).0, 200);
    }
    let ask = |c: &mut Conn, v: &serde_json::Value| {
        c.json("/api/undo", &format!(r#"{{"id":"{}"}}"#, v["id"].as_str().unwrap()))
    };
    assert_eq!(ask(&mut c, &first).0, 409, "the oldest game is still there (nothing to undo)");
    let (status, gone) = ask(&mut c, &finished);
    assert_eq!(status, 410, "{gone}");
    assert!(gone["error"].as_str().unwrap().contains("closed to make room"), "{gone}");
    // Then the one left longest.
    c.json("/api/new", new);
    let (status, _) = c.json("/api/undo", r#"{"id":"0123456789abcdef0123456789abcdef"}"#);
    assert_eq!(status, 404);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Figures of one load round.
struct Load {
    clients: usize,
    requests: usize,
    errors: usize,
    seconds: f64,
    p50_ms: f64,
    p99_ms: f64,
    games: usize,
}

/// `clients` threads, each on one keep-alive connection, play random games
/// (both seats clicked) until `seconds` pass or `games` each are done; every
/// game's record is then checked against the engine.
fn load_round(s: &Server, clients: usize, seconds: f64, games: usize) -> Load {
    use rand::{Rng, SeedableRng};
    let engine = rulebook::load_text(&std::fs::read_to_string("games/tabal.game").unwrap(), &[]).unwrap();
    let engine = std::sync::Arc::new(engine);
    let start = std::time::Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|k| {
            let (addr, engine) = (s.1.clone(), engine.clone());
            std::thread::spawn(move || {
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(k as u64);
                let mut c = Conn::open(&addr);
                let (mut times, mut errors, mut played) = (Vec::new(), 0, 0);
                let mut timed = |c: &mut Conn, path: &str, body: &str| {
                    let t = std::time::Instant::now();
                    let r = c.json(path, body);
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                    r
                };
                while played < games && start.elapsed().as_secs_f64() < seconds {
                    let (status, mut state) = timed(&mut c, "/api/new", r#"{"seats":["human","human"]}"#);
                    if status != 200 {
                        errors += 1;
                        continue;
                    }
                    let id = state["id"].as_str().unwrap().to_string();
                    let mut mine: Vec<String> = Vec::new();
                    while state["over"].is_null() && mine.len() < 120 && start.elapsed().as_secs_f64() < seconds {
                        let moves = state["moves"].as_array().unwrap();
                        let mv = moves[rng.gen_range(0..moves.len())]["text"].as_str().unwrap().to_string();
                        let (status, next) = timed(&mut c, "/api/move", &format!(r#"{{"id":"{id}","move":"{mv}"}}"#));
                        if status != 200 {
                            errors += 1;
                            break;
                        }
                        mine.push(mv);
                        state = next;
                    }
                    // What the server kept is what was played, and the engine agrees.
                    let (status, record) = c.call("GET", &format!("/api/record?id={id}"), "");
                    assert_eq!(status, 200, "{record}");
                    let rec = rulebook::record::Record::parse(&record).unwrap();
                    assert_eq!(rec.plies, mine);
                    let mut pos = engine.start();
                    for ply in &mine {
                        let (_, mv) = engine.parse_ply(&pos, ply).unwrap();
                        pos = engine.play_unchecked(&pos, &mv);
                    }
                    assert_eq!(state["position"], engine.position_notation(&pos));
                    played += 1;
                }
                (times, errors, played)
            })
        })
        .collect();
    let (mut times, mut errors, mut played) = (Vec::new(), 0, 0);
    for h in handles {
        let (t, e, p) = h.join().unwrap();
        times.extend(t);
        errors += e;
        played += p;
    }
    let seconds = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times.get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1))).copied().unwrap_or(0.0)
    };
    Load { clients, requests: times.len(), errors, seconds, p50_ms: at(0.5), p99_ms: at(0.99), games: played }
}

/// A bounded load test on the loopback: 1, 8, 32 and 128 clients playing random
/// games at once. It asserts no error and no game lost or changed; the
/// figures are printed (`cargo test --release --test it web::load -- --nocapture`;
/// `LOAD_SECONDS` sets each round's length, 1.5 s by default, to keep a cold `cargo test` short).
#[test]
fn load_many_clients_play_at_once_and_no_game_is_lost() {
    let seconds: f64 = std::env::var("LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(1.5);
    let s = serve("games/tabal.game");
    let before = resident_kib(&s);
    let mut report = String::new();
    for clients in [1, 8, 32, 128] {
        let l = load_round(&s, clients, seconds, 1_000);
        assert_eq!(l.errors, 0, "{clients} clients");
        assert!(l.games > 0, "{clients} clients played no game");
        report.push_str(&format!(
            "{:>4} clients: {:>6} requests in {:.1} s, {:>7.0} requests/s, p50 {:.2} ms, p99 {:.2} ms, {} games, {} errors\n",
            l.clients, l.requests, l.seconds, l.requests as f64 / l.seconds, l.p50_ms, l.p99_ms, l.games, l.errors
        ));
    }
    let after = resident_kib(&s);
    report.push_str(&format!("server memory: {before} KiB before, {after} KiB after\n"));
    let _ = std::io::stderr().write_all(report.as_bytes());
    assert!(after < 512 << 10, "{after} KiB");
}

#[test]
fn an_ipv4_mapped_loopback_is_the_loopback() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["serve", "games/tabal.game", "--host", "::ffff:127.0.0.1", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let s = Server(child, String::new());
    let port = line.rsplit(':').next().and_then(|r| r.split('/').next()).unwrap().to_string();
    let addr = format!("127.0.0.1:{port}");
    assert!(line.contains("[::ffff:127.0.0.1]"), "{line}");
    // Not reported as open to the network, and the Host check holds.
    let mut next = String::new();
    assert_eq!(request(&addr, "GET", "/", "evil.example", b"").0, 403);
    assert_eq!(request(&addr, "GET", "/", "127.0.0.1", b"").0, 200);
    drop(s);
    let _ = out.read_line(&mut next);
    assert!(!next.contains("other machines"), "{next}");
}
