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

fn serve(file: &str) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["serve", file, "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
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
