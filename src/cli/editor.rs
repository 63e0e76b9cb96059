//! `rulebook fmt` and `rulebook lsp`: the commands for editing game files.

use super::{files, EXIT_INVALID, EXIT_USAGE};
use rulebook::fmt::{self, FormatError};
use std::path::{Path, PathBuf};

/// The game files named: files as given, folders searched for `.game` files.
fn game_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            found.sort();
            out.extend(found);
        } else if p.extension().is_some_and(|e| e == "game") {
            out.push(p.clone());
        } else {
            return Err(format!("{}: only game files (.game) are formatted", p.display()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "game") {
            out.push(path);
        }
    }
    Ok(())
}

/// Formats game files in place, or with `check` says which are not formatted.
/// Exit 0 when all are (or were made) formatted, 1 when a file is not
/// formatted (`--check`) or has a syntax error, 2 on a usage or I/O error.
pub fn format(paths: &[PathBuf], check: bool) -> i32 {
    let list = match game_files(paths) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let mut worst = 0;
    for path in &list {
        let text = match rulebook::app::files::read(path).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            Ok(Err(_)) => {
                eprintln!("error: {} is not UTF-8 text", path.display());
                worst = worst.max(EXIT_INVALID);
                continue;
            }
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                worst = worst.max(EXIT_USAGE);
                continue;
            }
        };
        match fmt::format(&text) {
            Ok(out) if out == text => {}
            Ok(_) if check => {
                println!("{}: not formatted (run `rulebook fmt {}`)", path.display(), path.display());
                worst = worst.max(EXIT_INVALID);
            }
            Ok(out) => match files::write(path, &out, true, true, &[]) {
                Ok(()) => println!("{}: formatted", path.display()),
                Err(e) => {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    worst = worst.max(EXIT_USAGE);
                }
            },
            Err(FormatError::Invalid(diags)) => {
                for d in &diags {
                    eprint!("{}", rulebook::diagnostics::render(d, &path.display().to_string(), &text, super::style()));
                }
                eprintln!("{}: not formatted: fix the syntax error first", path.display());
                worst = worst.max(EXIT_INVALID);
            }
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                worst = worst.max(EXIT_INVALID);
            }
        }
    }
    worst
}

/// The largest message the language server reads; a larger one is answered
/// with an error and skipped without being held in memory.
const MAX_FRAME: u64 = 64 << 20;

/// Serves the language server on stdio until the editor ends it.
pub fn lsp() -> i32 {
    let (connection, reader, writer) = stdio_connection();
    // Codes link to this checkout's docs/diagnostics.md unless the editor says otherwise.
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md");
    let docs = lsp_types::Url::from_file_path(docs).ok();
    let result = rulebook::lsp::serve(&connection, &rulebook::app::files::read, docs);
    drop(connection);
    // The reader may be waiting on the editor's next line; the writer ends with the channel.
    drop(reader);
    let written = writer.join().unwrap_or_else(|_| Err(std::io::Error::other("the writer thread failed")));
    match result.map_err(|e| e.to_string()).and_then(|()| written.map_err(|e| e.to_string())) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
    }
}

type Io = std::thread::JoinHandle<std::io::Result<()>>;

/// lsp-server's stdio transport, with a bound on a message's size: its own
/// reads a `Content-Length` of any size into one buffer.
fn stdio_connection() -> (lsp_server::Connection, Io, Io) {
    use lsp_server::Message;
    let (to_editor, outgoing) = crossbeam_channel::bounded::<Message>(0);
    let (incoming, from_editor) = crossbeam_channel::bounded::<Message>(0);
    // The reader's own answers (to a message too large to read) go by a
    // channel of their own, so the writer ends when the server is done even
    // while the reader still waits on the editor.
    let (errors, reader_answers) = crossbeam_channel::bounded::<String>(1);
    let writer = std::thread::spawn(move || {
        let mut out = std::io::stdout().lock();
        loop {
            crossbeam_channel::select! {
                recv(outgoing) -> message => match message {
                    Ok(m) => m.write(&mut out)?,
                    Err(_) => return Ok(()),
                },
                recv(reader_answers) -> message => match message {
                    Ok(text) => {
                        use std::io::Write;
                        write!(out, "Content-Length: {}\r\n\r\n{text}", text.len())?;
                        out.flush()?;
                    }
                    // The reader is done: only the server's messages are left.
                    Err(_) => {
                        for m in &outgoing {
                            m.write(&mut out)?;
                        }
                        return Ok(());
                    }
                },
            }
        }
    });
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut input = std::io::stdin().lock();
        while let Some(frame) = read_frame(&mut input)? {
            let message = match frame {
                Frame::Message(bytes) => Message::read(&mut bytes.as_slice())?,
                Frame::TooLarge(n) => {
                    // The id is unknown (the message was not read): JSON-RPC's null.
                    let why = format!("a message of {n} bytes is over the {MAX_FRAME}-byte limit; it was skipped");
                    let error =
                        serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": why}});
                    let _ = errors.send(error.to_string());
                    // Answered first, then skipped: a body that never ends costs no memory.
                    std::io::copy(&mut input.by_ref().take(n), &mut std::io::sink())?;
                    continue;
                }
            };
            let Some(message) = message else { break };
            let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
            if incoming.send(message).is_err() || exit {
                break;
            }
        }
        Ok(())
    });
    (lsp_server::Connection { sender: to_editor, receiver: from_editor }, reader, writer)
}

/// A message as read: its whole frame (headers and body), or the size of
/// one too large to read.
enum Frame {
    Message(Vec<u8>),
    /// Its length, its body not read yet.
    TooLarge(u64),
}

/// Reads one frame; None at the end of the input.
fn read_frame(input: &mut impl std::io::BufRead) -> std::io::Result<Option<Frame>> {
    use std::io::{BufRead, Read};
    let invalid = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
    let mut headers = Vec::new();
    let mut length = None;
    loop {
        let mut line = Vec::new();
        if input.by_ref().take(4096).read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        if !line.ends_with(b"\n") {
            return Err(invalid("a header line over 4096 bytes".into()));
        }
        headers.extend_from_slice(&line);
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.is_empty() {
            break;
        }
        if let Some((name, value)) = text.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length =
                    Some(value.trim().parse::<u64>().map_err(|_| invalid(format!("bad Content-Length: {value}")))?);
            }
        }
        if headers.len() > 64 << 10 {
            return Err(invalid("headers over 64 KiB".into()));
        }
    }
    let length = length.ok_or_else(|| invalid("a message without Content-Length".into()))?;
    if length > MAX_FRAME {
        return Ok(Some(Frame::TooLarge(length)));
    }
    let mut body = Vec::with_capacity(length as usize);
    input.by_ref().take(length).read_to_end(&mut body)?;
    if body.len() as u64 != length {
        return Err(invalid("the input ended inside a message".into()));
    }
    headers.extend_from_slice(&body);
    Ok(Some(Frame::Message(headers)))
}
