//! Reading game and variant files from disk for the commands.

use rulebook::check::{self, Choice};
use rulebook::diagnostics::{self, Diagnostic};
use rulebook::engine::Engine;
use std::path::Path;

/// `NAME=VALUE` pairs from `--option`.
pub fn parse_choices(raw: &[String]) -> Result<Vec<Choice>, String> {
    raw.iter()
        .map(|r| match r.split_once('=') {
            Some((n, v)) if !n.is_empty() && !v.is_empty() => Ok(Choice {
                name: n.trim().to_string(),
                value: v.trim().to_string(),
                span: None,
            }),
            _ => Err(format!(
                "`--option {r}` is not NAME=VALUE (for example `--option dice=false`)"
            )),
        })
        .collect()
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Sources (name, text) and the diagnostics found, each with the index of the
/// source it points into.
pub type Report = (Vec<(String, String)>, Vec<(usize, Diagnostic)>);

/// Checks one game file (every option combination), or a variant file.
pub fn check_path(path: &Path, choices: &[Choice]) -> Result<Report, String> {
    let text = read(path)?;
    let name = path.display().to_string();
    let diags = if choices.is_empty() {
        check::check(&text)
    } else {
        match check::load(&text, choices) {
            Ok((_, warnings)) => warnings,
            Err(d) => d,
        }
    };
    Ok((
        vec![(name, text)],
        diags.into_iter().map(|d| (0, d)).collect(),
    ))
}

/// A game ready to run.
pub struct Loaded {
    pub engine: Engine,
}

/// Loads a game (or variant) with `--option` choices, printing diagnostics on failure.
pub fn game(args: &super::GameArgs) -> Result<Loaded, i32> {
    let choices = parse_choices(&args.options).map_err(|m| {
        eprintln!("error: {m}");
        super::EXIT_USAGE
    })?;
    let text = read(&args.file).map_err(|m| {
        eprintln!("error: {m}");
        super::EXIT_USAGE
    })?;
    let name = args.file.display().to_string();
    match check::load(&text, &choices) {
        Ok((game, _warnings)) => Ok(Loaded {
            engine: Engine::new(game),
        }),
        Err(diags) => {
            for d in &diags {
                eprint!("{}", diagnostics::render(d, &name, &text, super::style()));
            }
            Err(super::EXIT_INVALID)
        }
    }
}
