//! Every command shown in README.md and docs/*.md, run with the built binary
//! and compared with the output printed under it, so that the docs cannot
//! drift from the program.
//!
//! The cases follow trycmd's markdown format: in a fenced block that starts
//! with `$ `, each `$ rulebook ...` line is a command and the lines under it,
//! up to the next `$ `, are its output (standard output and error as one
//! stream, as a terminal shows them). A line `...` stands for any number of
//! lines and `[..]` for any text within a line; nothing else is elided.
//! Two additions that trycmd lacks: in a transcript of `play`, a line
//! `PLAYER> MOVE` is a prompt with the person's input, which is fed to the
//! command on its standard input; and `| head -N` keeps the first N lines.
//! A block whose info string holds `file=PATH` (```` ```toml file=x.toml ````)
//! is written to PATH before the page's commands run.
//!
//! Commands run in a scratch folder holding copies of `games/` and `tests/`,
//! so that what they write (saves, records, variant files) stays there. Each
//! must exit 0 or 1 (no usage error, no crash).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command and the output the page shows for it.
struct Case {
    page: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// A page's runnable cases and the files it writes first.
struct Page {
    cases: Vec<Case>,
    files: Vec<(String, String)>,
}

fn read_page(path: &Path) -> Page {
    let text = std::fs::read_to_string(path).unwrap();
    let page = path.display().to_string();
    let mut page_out = Page { cases: Vec::new(), files: Vec::new() };
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else { continue };
        let mut block: Vec<(usize, &str)> = Vec::new();
        for (i, l) in lines.by_ref() {
            if l.trim_start().starts_with("```") {
                break;
            }
            block.push((i + 1, l));
        }
        if let Some(file) = info.split_whitespace().find_map(|w| w.strip_prefix("file=")) {
            let body: Vec<&str> = block.iter().map(|(_, l)| *l).collect();
            page_out.files.push((file.to_string(), body.join("\n") + "\n"));
        } else if block.first().is_some_and(|(_, l)| l.starts_with("$ ")) {
            for (line, l) in block {
                match l.strip_prefix("$ ") {
                    Some(command) => page_out.cases.push(Case {
                        page: page.clone(),
                        line,
                        command: command.into(),
                        expected: vec![],
                    }),
                    None => page_out.cases.last_mut().unwrap().expected.push(l.to_string()),
                }
            }
        }
    }
    page_out
}

/// Splits a command line into words, keeping "double-quoted" text together.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(!quoted, "unclosed quote in `{command}`");
    out.extend(word);
    out
}

/// A `PLAYER> MOVE` line of a play transcript: the prompt and what was typed.
fn prompt_and_input(line: &str) -> Option<(&str, &str)> {
    let (prompt, input) = line.split_once("> ")?;
    let is_name = !prompt.is_empty() && prompt.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    (is_name && !input.trim().is_empty()).then_some((prompt, input))
}

/// The standard input a transcript types, and the output as the program
/// writes it: the typed text is not echoed, so what follows a prompt goes on
/// the prompt's line.
fn split_transcript(expected: &[String]) -> (String, Vec<String>) {
    let mut input = String::new();
    let mut output: Vec<String> = Vec::new();
    let mut joined = false;
    for line in expected {
        if joined {
            // An elided stretch after a prompt starts on the prompt's line.
            let last = output.last_mut().unwrap();
            if line == "..." {
                last.truncate(last.trim_end().len());
                last.push_str("[..]");
                output.push(line.clone());
            } else {
                last.push_str(line);
            }
            joined = false;
            continue;
        }
        match prompt_and_input(line) {
            Some((prompt, typed)) => {
                input.push_str(typed);
                input.push('\n');
                output.push(format!("{prompt}> "));
                joined = true;
            }
            None => output.push(line.clone()),
        }
    }
    (input, output)
}

/// Runs one command in `dir`; returns its exit code and its output, standard
/// output and error interleaved as written.
fn run(dir: &Path, args: &[String], input: &str) -> (Option<i32>, String) {
    let (mut reader, writer) = std::io::pipe().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1").env_remove("CLICOLOR_FORCE");
    command.stdin(Stdio::piped()).stdout(writer.try_clone().unwrap()).stderr(writer);
    let mut child = command.spawn().unwrap();
    drop(command);
    // A command that stops before reading its input closes the pipe: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let mut output = String::new();
    reader.read_to_string(&mut output).unwrap();
    (child.wait().unwrap().code(), output)
}

/// Whether `actual` matches the `expected` line, `[..]` matching any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap();
    let Some(mut rest) = actual.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the actual lines match the expected ones, a `...` line matching
/// any number of lines.
fn lines_match(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((e, rest)) => actual.split_first().is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

/// Runs a case; `Err` says how its output differs from the page.
fn check(dir: &Path, case: &Case) -> Result<(), String> {
    let mut args = words(&case.command);
    let mut keep = None;
    if let Some(bar) = args.iter().position(|w| w == "|") {
        let n = match &args[bar + 1..] {
            [head, n] if head == "head" => n.trim_start_matches('-').parse::<usize>().ok(),
            _ => None,
        };
        keep = Some(n.ok_or("only `| head -N` is understood after a command")?);
        args.truncate(bar);
    }
    if args.first().map(String::as_str) != Some("rulebook") {
        return Err("a command must start with `rulebook`".into());
    }
    let (input, expected) = split_transcript(&case.expected);
    let (code, output) = run(dir, &args[1..], &input);
    let mut actual: Vec<&str> = output.lines().map(str::trim_end).collect();
    if let Some(n) = keep {
        actual.truncate(n);
    }
    let expected: Vec<&str> = expected.iter().map(|l| l.trim_end()).collect();
    if !matches!(code, Some(0 | 1)) {
        return Err(format!("exit code {code:?}\n{output}"));
    }
    if !lines_match(&expected, &actual) {
        return Err(format!("the page shows:\n{}\nthe program prints:\n{}", expected.join("\n"), actual.join("\n")));
    }
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-docs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(Path::new("games"), &dir.join("games"));
    copy_dir(Path::new("tests"), &dir.join("tests"));
    dir
}

fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir("docs").unwrap().map(|e| e.unwrap().path()).collect();
    docs.retain(|p| p.extension().is_some_and(|e| e == "md"));
    docs.sort();
    pages.extend(docs);
    pages
}

#[test]
fn every_command_in_the_docs_prints_what_the_docs_show() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in pages() {
        let page = read_page(&path);
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let dir = scratch(&name);
        for (file, body) in &page.files {
            std::fs::write(dir.join(file), body).unwrap();
        }
        for case in &page.cases {
            ran += 1;
            if let Err(why) = check(&dir, case) {
                failures.push(format!("{}:{}: $ {}\n{why}", case.page, case.line, case.command));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(ran >= 10, "only {ran} commands found in the docs");
    assert!(
        failures.is_empty(),
        "{} of {ran} commands differ from the docs:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_matcher_elides_only_what_it_is_told_to() {
    assert!(line_matches("speed [..] playouts/s", "speed 123 playouts/s"));
    assert!(line_matches("a [..] b [..] c", "a 1 b 2 c"));
    assert!(!line_matches("speed [..] playouts/s", "speed 123 plies/s"));
    assert!(!line_matches("perft(1) = 384", "perft(1) = 385"));
    assert!(lines_match(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(lines_match(&["a", "...", "b"], &["a", "b"]));
    assert!(!lines_match(&["a", "...", "d"], &["a", "b", "c"]));
    assert!(!lines_match(&["a"], &["a", "b"]));
    let transcript: Vec<String> = ["white> c4-c5", "black plays c6xc4.", "white> quit"].map(String::from).to_vec();
    let (input, output) = split_transcript(&transcript);
    assert_eq!(input, "c4-c5\nquit\n");
    assert_eq!(output, ["white> black plays c6xc4.", "white> "]);
    assert_eq!(
        words(r#"rulebook moves x.game --plies "c4-c5 c6xc4""#),
        ["rulebook", "moves", "x.game", "--plies", "c4-c5 c6xc4"]
    );
}
