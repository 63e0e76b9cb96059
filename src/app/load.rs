//! Loading a game or variant file with option choices: what every front end
//! starts from.

use super::files;
use crate::check::Choice;
use crate::engine::Engine;
use crate::variant::{self, Report};
use std::path::{Path, PathBuf};

/// `NAME=VALUE` pairs from `--option`.
pub fn parse_choices(raw: &[String]) -> Result<Vec<Choice>, String> {
    raw.iter()
        .map(|r| match r.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() && !v.trim().is_empty() => {
                Ok(Choice { name: n.trim().to_string(), value: v.trim().to_string(), span: None })
            }
            _ => Err(format!("`--option {r}` is not NAME=VALUE (for example `--option dice=false`)")),
        })
        .collect()
}

/// A game ready to run.
pub struct Loaded {
    pub engine: Engine,
    /// The variant's name, if a variant file was loaded.
    pub variant: Option<String>,
    /// The variant's description, if it has one.
    pub description: Option<String>,
    /// The file loaded.
    pub file: PathBuf,
    /// The text of each file read, by name (a server reads no file again).
    pub sources: Vec<(PathBuf, String)>,
}

impl Loaded {
    /// The files the game was read from (never to be written over).
    pub fn files(&self) -> Vec<PathBuf> {
        self.sources.iter().map(|(name, _)| name.clone()).chain([self.file.clone()]).collect()
    }

    /// What the game is called: the variant's name, else the game's.
    pub fn title(&self) -> &str {
        self.variant.as_deref().unwrap_or(&self.engine.game.name)
    }

    /// The title, with the game a variant is made from: `Tablut without dice (variant of Tablut)`.
    pub fn heading(&self) -> String {
        match &self.variant {
            Some(v) => format!("{v} (variant of {})", self.engine.game.name),
            None => self.engine.game.name.clone(),
        }
    }
}

/// Loads a game or variant file with option choices; the report of what is
/// wrong if it cannot be played.
pub fn load(file: &Path, choices: &[Choice]) -> Result<Loaded, Report> {
    let l = variant::load(file, choices, &files::read)?;
    Ok(Loaded {
        engine: Engine::new(l.game),
        description: l.variant.as_ref().and_then(|v| v.description.clone()),
        variant: l.variant.map(|v| v.name.unwrap_or_else(|| file.display().to_string())),
        file: file.to_path_buf(),
        sources: l.report.sources.into_iter().map(|(name, text)| (PathBuf::from(name), text)).collect(),
    })
}

/// Checks one game or variant file.
pub fn check_path(path: &Path, choices: &[Choice]) -> Report {
    variant::check(path, choices, &files::read)
}

/// The most diagnostics printed for one file: past a screenful, more would
/// only bury the first ones (and drawing each costs a pass over the file).
pub const MAX_PRINTED: usize = 50;

/// The diagnostics to print: the first [`MAX_PRINTED`], in file order.
pub fn shown(report: &Report) -> &[(usize, crate::diagnostics::Diagnostic)] {
    &report.diagnostics[..report.diagnostics.len().min(MAX_PRINTED)]
}

/// Whether the report is about a file that could not be read (exit 2).
pub fn is_io(report: &Report) -> bool {
    report.diagnostics.iter().any(|(_, d)| matches!(d.code, "E0613" | "E0614"))
}
