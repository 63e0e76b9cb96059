//! A small WebDriver client for the browser test: JSON over HTTP/1.1 to
//! chromedriver on the loopback, one connection a command, no async runtime.
//! The few commands the test uses, written out here, cost less to build than
//! a WebDriver crate and the HTTP stack and URL parser it brings.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A WebDriver session.
pub struct Client {
    port: u16,
    session: String,
}

/// An element of the page, by its WebDriver reference.
pub struct Element<'a> {
    client: &'a Client,
    id: String,
}

/// The key WebDriver gives an element reference under.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("connecting to the driver: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(format!("{head}{body}").as_bytes()).map_err(|e| format!("sending {method} {path}: {e}"))?;
    // Read to the announced length: the driver may keep the connection open.
    let mut reader = BufReader::new(stream);
    let mut headers = String::new();
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).map_err(|e| format!("reading the answer to {method} {path}: {e}"))?;
        if n == 0 || line == "\r\n" {
            break;
        }
        headers.push_str(&line.to_ascii_lowercase());
    }
    let length: Option<u64> =
        headers.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|n| n.trim().parse().ok());
    let mut content = Vec::new();
    let read = match length {
        Some(n) => reader.take(n).read_to_end(&mut content),
        None if headers.contains("transfer-encoding: chunked") => read_chunked(&mut reader, &mut content),
        None => reader.read_to_end(&mut content),
    };
    read.map_err(|e| format!("reading the answer to {method} {path}: {e}"))?;
    let v: Value = serde_json::from_slice(&content).map_err(|e| format!("{method} {path}: not JSON: {e}"))?;
    let value = v.get("value").cloned().unwrap_or(Value::Null);
    if let Some(error) = value.get("error").and_then(Value::as_str) {
        return Err(format!("{method} {path}: {error}: {}", value["message"].as_str().unwrap_or("")));
    }
    Ok(value)
}

/// The body of a chunked answer.
fn read_chunked(reader: &mut impl BufRead, out: &mut Vec<u8>) -> std::io::Result<usize> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let size = line.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size, 16).map_err(|_| bad("a chunk without its size"))?;
        if size == 0 {
            return Ok(out.len());
        }
        let start = out.len();
        out.resize(start + size + 2, 0);
        reader.read_exact(&mut out[start..])?;
        out.truncate(start + size); // the chunk's closing line break
    }
}

/// Standard base64 (the screenshots), padding allowed.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let (mut out, mut acc, mut bits) = (Vec::new(), 0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

impl Client {
    /// A new session with these capabilities.
    pub fn connect(port: u16, capabilities: Value) -> Result<Client, String> {
        let v = request(port, "POST", "/session", Some(&json!({ "capabilities": { "alwaysMatch": capabilities } })))?;
        let session = v["sessionId"].as_str().ok_or_else(|| format!("no session in {v}"))?.to_string();
        Ok(Client { port, session })
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        request(self.port, method, &path, body.as_ref()).unwrap_or_else(|e| panic!("WebDriver: {e}"))
    }

    pub fn goto(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` in the page and returns what it returns.
    pub fn execute(&self, script: &str) -> Value {
        self.cmd("POST", "/execute/sync", Some(json!({ "script": script, "args": [] })))
    }

    pub fn find_all(&self, css: &str) -> Vec<Element<'_>> {
        let v = self.cmd("POST", "/elements", Some(json!({ "using": "css selector", "value": css })));
        let ids = v.as_array().cloned().unwrap_or_default();
        ids.iter().map(|e| Element { client: self, id: e[ELEMENT].as_str().unwrap_or("").to_string() }).collect()
    }

    /// The first element matching `css`; a failure if there is none.
    pub fn find(&self, css: &str) -> Element<'_> {
        self.find_all(css).into_iter().next().unwrap_or_else(|| panic!("no element matches {css}"))
    }

    /// The browser's console messages (chromedriver's log command).
    pub fn browser_log(&self) -> Value {
        self.cmd("POST", "/se/log", Some(json!({ "type": "browser" })))
    }

    /// A PNG picture of what the window shows.
    pub fn screenshot(&self) -> Vec<u8> {
        base64(self.cmd("GET", "/screenshot", None).as_str().unwrap_or(""))
    }

    pub fn set_window_size(&self, width: u32, height: u32) {
        self.cmd("POST", "/window/rect", Some(json!({ "width": width, "height": height })));
    }

    /// Sends keys to the element that has the focus (WebDriver key codes:
    /// `\u{E004}` Tab, `\u{E007}` Enter, `\u{E012}` left, `\u{E013}` up,
    /// `\u{E014}` right, `\u{E015}` down).
    pub fn send_keys(&self, keys: &str) {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|c| [json!({"type": "keyDown", "value": c}), json!({"type": "keyUp", "value": c})])
            .collect();
        self.cmd(
            "POST",
            "/actions",
            Some(json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] })),
        );
    }

    pub fn close(self) {
        let _ = request(self.port, "DELETE", &format!("/session/{}", self.session), None);
    }
}

impl Element<'_> {
    pub fn click(&self) {
        self.client.cmd("POST", &format!("/element/{}/click", self.id), Some(json!({})));
    }

    /// A PNG picture of the element.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.client.cmd("GET", &format!("/element/{}/screenshot", self.id), None);
        base64(v.as_str().unwrap_or(""))
    }

    /// Types `text` into the element (for a file input: the file's path).
    pub fn send_keys(&self, text: &str) {
        self.client.cmd("POST", &format!("/element/{}/value", self.id), Some(json!({ "text": text })));
    }

    /// The element's text, as shown.
    pub fn text(&self) -> String {
        let v = self.client.cmd("GET", &format!("/element/{}/text", self.id), None);
        v.as_str().unwrap_or("").to_string()
    }
}

#[test]
fn base64_decodes_with_and_without_padding() {
    assert_eq!(base64("aGVsbG8="), b"hello");
    assert_eq!(base64("aGVsbG8h"), b"hello!");
    assert_eq!(base64("iVBORw0KGgo="), b"\x89PNG\r\n\x1a\n");
}

#[test]
fn chunked_answers_are_joined() {
    let mut out = Vec::new();
    read_chunked(&mut &b"3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"[..], &mut out).unwrap();
    assert_eq!(out, b"abcde");
}
