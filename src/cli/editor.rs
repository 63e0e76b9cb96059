//! `rulebook fmt` and `rulebook lsp`: the commands for editing game files.

use super::{files, load, EXIT_INVALID, EXIT_USAGE};
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
        let text = match load::read(path).map(String::from_utf8) {
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

/// Serves the language server on stdio until the editor ends it.
pub fn lsp() -> i32 {
    let (connection, io) = lsp_server::Connection::stdio();
    // Codes link to this checkout's docs/diagnostics.md unless the editor says otherwise.
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md");
    let docs = lsp_types::Url::from_file_path(docs).ok();
    let result = rulebook::lsp::serve(&connection, &load::read, docs);
    drop(connection);
    match result.map(|()| io.join()) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
    }
}
