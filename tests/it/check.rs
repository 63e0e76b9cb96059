//! The checker's diagnostics, as data: every file in `check/fail/` and
//! `variants/fail/` is rendered and compared with its snapshot; every file in
//! `check/pass/` and every shipped game and variant must check clean.
//! Adding a test is adding a file.

use rulebook::diagnostics::{self, Style};
use rulebook::variant;
use std::path::Path;

fn read(p: &Path) -> std::io::Result<Vec<u8>> {
    std::fs::read(p)
}

/// All diagnostics of a file, drawn as the terminal shows them (no colour,
/// fixed width), with paths shortened so snapshots do not depend on the machine.
fn rendered(path: &Path) -> (String, usize) {
    let report = variant::check(path, &[], &read);
    let mut out = String::new();
    for (source, d) in &report.diagnostics {
        let (name, text) = &report.sources[*source];
        let short = Path::new(name).file_name().unwrap().to_string_lossy().to_string();
        out.push_str(&diagnostics::render(d, &short, text, Style::PLAIN));
    }
    (out, report.diagnostics.len())
}

/// Runs `test` on every file of `dir` (under tests/) ending in `ext`, with
/// the snapshot named after the file, as `insta::glob!` names it (that macro
/// needs insta's `glob` feature and the globset and regex crates it brings).
fn each_file(dir: &str, ext: &str, test: impl Fn(&Path)) {
    let mut paths: Vec<_> = std::fs::read_dir(Path::new("tests").join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .{ext} file in tests/{dir}");
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let input = std::fs::canonicalize(&path).unwrap();
        insta::with_settings!({ snapshot_suffix => name, input_file => input, prepend_module_to_snapshot => true }, {
            test(&path);
        });
    }
}

#[test]
fn bad_game_files() {
    each_file("check/fail", "game", |path| {
        let (out, count) = rendered(path);
        assert!(count > 0, "{} should get a diagnostic", path.display());
        insta::assert_snapshot!(out);
    });
}

#[test]
fn bad_variant_files() {
    each_file("variants/fail", "toml", |path| {
        let report = variant::check(path, &[], &read);
        assert!(report.has_errors(), "{} should be refused", path.display());
        insta::assert_snapshot!(rendered(path).0);
    });
}

#[test]
fn good_files_check_clean() {
    let mut paths: Vec<_> = std::fs::read_dir("tests/check/pass").unwrap().map(|e| e.unwrap().path()).collect();
    for dir in ["games", "games/variants"] {
        paths.extend(
            std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "game" || e == "toml")),
        );
    }
    assert!(paths.len() >= 8);
    for path in paths {
        let (out, count) = rendered(&path);
        assert_eq!(count, 0, "{} should check clean:\n{out}", path.display());
    }
}

/// Every code in the catalogue is explained in docs/diagnostics.md.
#[test]
fn every_code_is_documented() {
    let docs = std::fs::read_to_string("docs/diagnostics.md").unwrap();
    for (code, _) in diagnostics::CODES {
        assert!(docs.contains(&format!("## {code}")), "docs/diagnostics.md has no section for {code}");
    }
}
