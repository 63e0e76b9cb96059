//! A minimal editor: starts `rulebook lsp` and speaks JSON-RPC to it over
//! stdio, as VS Code, Neovim or Helix do. Shared by tests/it/lsp.rs and
//! benches/lsp.rs.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications received while waiting for a response.
    pub notifications: Vec<Value>,
    next_id: i64,
}

/// One framed message from the server, or None at the end of its output.
fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    /// Starts the server and initializes it.
    pub fn start(binary: &str) -> Client {
        let mut child = Command::new(binary)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if std::env::var_os("LSP_STDERR").is_some() { Stdio::inherit() } else { Stdio::piped() })
            .spawn()
            .expect("rulebook lsp starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, messages) = channel();
        std::thread::spawn(move || {
            while let Some(m) = read_message(&mut stdout) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        let mut c = Client { child, stdin, messages, notifications: Vec::new(), next_id: 0 };
        let caps = c.request("initialize", json!({ "capabilities": {}, "processId": null, "rootUri": null }));
        assert!(caps["result"]["capabilities"]["hoverProvider"].as_bool().unwrap_or(false), "{caps}");
        c.notify("initialized", json!({}));
        c
    }

    pub fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Bytes as they are, framed or not.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next message the server sends.
    pub fn next_message(&mut self) -> Value {
        self.next()
    }

    /// Closes the server's input and waits for it; its exit status and stderr.
    pub fn close_input(mut self) -> (std::process::ExitStatus, String) {
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        self.child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        (status, err)
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn next(&mut self) -> Value {
        self.messages.recv_timeout(Duration::from_secs(20)).expect("the server answers within 20 s")
    }

    /// Sends a request and waits for its response (the whole message).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.next();
            if m["id"] == json!(id) && m.get("method").is_none() {
                return m;
            }
            self.notifications.push(m);
        }
    }

    /// The next diagnostics published for `uri` (earlier ones received are skipped).
    pub fn diagnostics(&mut self, uri: &str) -> Value {
        if let Some(i) = self.notifications.iter().position(|n| is_diagnostics_for(n, uri)) {
            let n = self.notifications.remove(i);
            return n["params"].clone();
        }
        loop {
            let m = self.next();
            if is_diagnostics_for(&m, uri) {
                return m["params"].clone();
            }
            self.notifications.push(m);
        }
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        let language = if uri.ends_with(".toml") { "toml" } else { "rulebook" };
        let doc = json!({ "uri": uri, "languageId": language, "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    }

    pub fn change(&mut self, uri: &str, version: i64, changes: Value) {
        let doc = json!({ "uri": uri, "version": version });
        self.notify("textDocument/didChange", json!({ "textDocument": doc, "contentChanges": changes }));
    }

    /// Ends the server as an editor does; its stderr.
    pub fn stop(mut self) -> String {
        let r = self.request("shutdown", Value::Null);
        assert!(r.get("error").is_none(), "{r}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "the server exits cleanly: {status}");
        let mut err = String::new();
        self.child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        err
    }
}

fn is_diagnostics_for(m: &Value, uri: &str) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

/// An LSP position.
pub fn pos(line: u64, character: u64) -> Value {
    json!({ "line": line, "character": character })
}
