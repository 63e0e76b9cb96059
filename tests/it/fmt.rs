//! The formatter over every game file in the repository: idempotent, every
//! comment kept in order, and the game it describes unchanged.

use rulebook::fmt::{format, FormatError};
use std::path::{Path, PathBuf};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    out.sort();
    out
}

/// Every comment's text in order, found line by line (`#` outside quotes).
fn comments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let mut quoted = false;
            let mut escaped = false;
            for (i, c) in line.char_indices() {
                match c {
                    _ if escaped => escaped = false,
                    '\\' if quoted => escaped = true,
                    '"' => quoted = !quoted,
                    '#' if !quoted => return Some(line[i..].trim_end().to_string()),
                    _ => {}
                }
            }
            None
        })
        .collect()
}

#[test]
fn every_game_file_formats_idempotently_keeping_its_comments() {
    let mut formatted = 0;
    for dir in ["games", "tests/check/pass", "tests/check/fail", "tests/engine"] {
        for path in files(dir) {
            let Ok(text) = std::fs::read_to_string(&path) else { continue }; // a test of bad UTF-8
            let once = match format(&text) {
                Ok(t) => t,
                Err(FormatError::Invalid(_)) if dir == "tests/check/fail" => continue, // a syntax error is its point
                Err(e) => panic!("{}: {e}", path.display()),
            };
            assert_eq!(format(&once).unwrap(), once, "{}: formatting twice changes it", path.display());
            assert_eq!(comments(&once), comments(&text), "{}: comments", path.display());
            formatted += 1;
        }
    }
    assert!(formatted > 80, "{formatted} files");
}

#[test]
fn shipped_games_are_formatted() {
    for path in files("games") {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(format(&text).unwrap() == text, "{} is not formatted: run `rulebook fmt games/`", path.display());
    }
}

/// The game as compiled (with a variant's or the default choices) and the
/// checker's findings without their places: what a file means.
fn meaning(path: &Path, base: &Path, base_text: &str) -> String {
    let read = |p: &Path| -> std::io::Result<Vec<u8>> {
        if p == base {
            Ok(base_text.as_bytes().to_vec())
        } else {
            std::fs::read(p)
        }
    };
    let findings = rulebook::variant::check(path, &[], &read);
    let findings: Vec<String> = findings.diagnostics.iter().map(|(_, d)| format!("{} {}", d.code, d.message)).collect();
    match rulebook::variant::load(path, &[], &read) {
        Ok(l) => format!("{findings:?}\n{:?}", l.game),
        Err(r) => format!("{findings:?}\n{:?}", r.diagnostics.len()),
    }
}

#[test]
fn formatting_never_changes_what_a_game_means() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pairs: Vec<(PathBuf, PathBuf)> = files("games").into_iter().map(|g| (g.clone(), g)).collect();
    for v in std::fs::read_dir(root.join("games/variants")).unwrap() {
        let v = v.unwrap().path();
        let text = std::fs::read_to_string(&v).unwrap();
        let base = rulebook::variant::parse(&text).unwrap().extends;
        pairs.push((v.clone(), v.parent().unwrap().join(base)));
    }
    for (path, base) in pairs {
        let text = std::fs::read_to_string(&base).unwrap();
        // Formatting a file laid out otherwise: every line's indent and spacing changed.
        let spaced = |l: &str| if l.contains('"') { l.to_string() } else { l.replace(' ', "  ") };
        let messy: String = text.lines().map(|l| format!("   {}\n", spaced(l))).collect();
        let formatted = format(&messy).unwrap_or_else(|e| panic!("{}: {e}", base.display()));
        assert_eq!(meaning(&path, &base, &formatted), meaning(&path, &base, &text), "{}", path.display());
    }
}

#[test]
fn statements_it_does_not_know_are_kept() {
    let text = "track   main a1 b1   c1 {\n      dice 2 d4\n  }\nrace-to-home  with   3 , 4 \"x\" # c\n";
    assert_eq!(format(text).unwrap(), "track main a1 b1 c1 {\n  dice 2 d4\n}\nrace-to-home with 3, 4  \"x\"  # c\n");
}
