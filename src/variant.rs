//! Variant files: TOML that extends a game file and picks option values.
//!
//! ```toml
//! extends = "../tablut.game"
//! name = "Tablut without dice"
//! description = "Any distance, as in most modern tafl."
//!
//! [options]
//! dice = false
//! ```
//!
//! Loading goes through a `read` function so that this library does no I/O.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::check::{self, options, Choice};
use crate::diagnostics::{self as diag, Diagnostic};
use crate::game::Game;
use crate::span::Span;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantToml {
    extends: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    description: Option<Spanned<String>>,
    options: Option<Spanned<toml::Table>>,
}

/// A variant file, read.
#[derive(Clone, Debug)]
pub struct Variant {
    pub extends: String,
    pub extends_span: Span,
    pub name: Option<String>,
    pub description: Option<String>,
    pub choices: Vec<Choice>,
    /// The TOML type of each choice was a string, bool or number: the value
    /// as the game file writes it. Entries of other types are reported.
    bad_types: Vec<(String, Span)>,
}

fn span_of<T>(s: &Spanned<T>) -> Span {
    let r = s.span();
    Span::new(r.start, r.end)
}

/// Reads a variant file's text.
pub fn parse(text: &str) -> Result<Variant, Diagnostic> {
    let raw: VariantToml = toml::from_str(text).map_err(|e| {
        let span = e.span().map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
        let message = e.message().to_string();
        // serde names an unknown key as "unknown field `key`, expected ..."
        match message.strip_prefix("unknown field `").and_then(|m| m.split_once('`')) {
            Some((key, _)) => diag::variant_key(span, key),
            None => diag::variant_toml(span, &message),
        }
    })?;
    let Some(extends) = raw.extends else {
        return Err(diag::variant_missing_extends(Span::new(0, 0)));
    };
    let mut choices = Vec::new();
    let mut bad_types = Vec::new();
    if let Some(table) = &raw.options {
        // toml::Table keeps no spans for its entries; find each key's line in the text.
        let table_span = span_of(table);
        for (key, value) in table.get_ref() {
            let span = find_key(text, table_span, key);
            let value = match value {
                toml::Value::String(s) => s.clone(),
                toml::Value::Boolean(b) => b.to_string(),
                toml::Value::Integer(i) => i.to_string(),
                _ => {
                    bad_types.push((key.clone(), span));
                    continue;
                }
            };
            choices.push(Choice { name: key.clone(), value, span: Some(span) });
        }
    }
    Ok(Variant {
        extends_span: span_of(&extends),
        extends: extends.into_inner(),
        name: raw.name.map(Spanned::into_inner),
        description: raw.description.map(Spanned::into_inner),
        choices,
        bad_types,
    })
}

/// The span of `key = value` inside the options table (or the table itself).
fn find_key(text: &str, table: Span, key: &str) -> Span {
    let start = table.start.min(text.len());
    let end = table.end.min(text.len()).max(start);
    let body = &text[start..end];
    let mut offset = start;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len();
        let k = trimmed.split('=').next().unwrap_or("").trim().trim_matches('"');
        if k == key && trimmed.contains('=') {
            let len = trimmed.trim_end().len();
            return Span::new(offset + lead, offset + lead + len);
        }
        offset += line.len();
    }
    table
}

/// The files a load read, each with its name (as given) and text; diagnostics
/// point into one of them by index.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub sources: Vec<(String, String)>,
    pub diagnostics: Vec<(usize, Diagnostic)>,
}

impl Report {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|(_, d)| d.is_error())
    }
    fn add(&mut self, source: usize, diags: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(diags.into_iter().map(|d| (source, d)));
    }
}

/// What a game or variant file names, with everything that was read.
pub struct Loaded {
    pub game: Game,
    pub variant: Option<Variant>,
    pub report: Report,
}

fn is_variant(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "toml")
}

/// Reads a game or variant file and what it extends, and compiles the game
/// with the variant's choices and then `choices` (which win).
pub fn load(
    path: &Path,
    choices: &[Choice],
    read: &dyn Fn(&Path) -> std::io::Result<String>,
) -> Result<Loaded, Report> {
    run(path, choices, read, false).map(|(g, v, r)| Loaded { game: g.expect("compiled"), variant: v, report: r })
}

/// Checks a game file (every option combination, unless `choices` pins some)
/// or a variant file (its choices, applied to its game).
pub fn check(path: &Path, choices: &[Choice], read: &dyn Fn(&Path) -> std::io::Result<String>) -> Report {
    match run(path, choices, read, true) {
        Ok((_, _, r)) | Err(r) => r,
    }
}

type Run = (Option<Game>, Option<Variant>, Report);

fn run(
    path: &Path,
    choices: &[Choice],
    read: &dyn Fn(&Path) -> std::io::Result<String>,
    check_all: bool,
) -> Result<Run, Report> {
    let sorted = |mut r: Report| {
        r.diagnostics.sort_by_key(|(s, d)| (*s, d.primary_span(), d.code));
        r
    };
    match run_unsorted(path, choices, read, check_all) {
        Ok((g, v, r)) => Ok((g, v, sorted(r))),
        Err(r) => Err(sorted(r)),
    }
}

fn run_unsorted(
    path: &Path,
    choices: &[Choice],
    read: &dyn Fn(&Path) -> std::io::Result<String>,
    check_all: bool,
) -> Result<Run, Report> {
    let mut report = Report::default();
    let text = read(path).map_err(|e| io_report(path, e))?;
    report.sources.push((path.display().to_string(), text));
    let (game_path, variant, mut pinned) = if is_variant(path) {
        let v = match parse(&report.sources[0].1) {
            Ok(v) => v,
            Err(d) => {
                report.add(0, [d]);
                return Err(report);
            }
        };
        let base: PathBuf = path.parent().unwrap_or(Path::new(".")).join(&v.extends);
        if is_variant(&base) || base.extension().is_some_and(|e| e != "game") {
            report.add(0, [diag::variant_chain_too_long(v.extends_span)]);
            return Err(report);
        }
        let pinned = v.choices.clone();
        (base, Some(v), pinned)
    } else {
        (path.to_path_buf(), None, Vec::new())
    };
    let game_index = if let Some(v) = &variant {
        match read(&game_path) {
            Ok(text) => {
                report.sources.push((game_path.display().to_string(), text));
                1
            }
            Err(e) => {
                report.add(0, [diag::variant_base_missing(v.extends_span, &v.extends, &e.to_string())]);
                return Err(report);
            }
        }
    } else {
        0
    };
    let text = report.sources[game_index].1.clone();
    let parsed = match check::parse(&text) {
        Ok(p) => p,
        Err(d) => {
            report.add(game_index, d);
            return Err(report);
        }
    };
    // The variant's choices are checked against the game's options, pointing into the TOML.
    if let Some(v) = &variant {
        for (key, span) in &v.bad_types {
            let values =
                parsed.options.iter().find(|o| o.name.value == *key).map(|o| o.value_names()).unwrap_or_default();
            report.add(0, [diag::variant_value_type(*span, key, &values)]);
        }
        if let Err(errs) = options::assign(&parsed.options, &pinned) {
            report.add(0, errs.iter().map(|e| e.to_diagnostic()));
        }
        if report.has_errors() {
            return Err(report);
        }
    }
    pinned.extend(choices.iter().cloned());
    if let Err(errs) = options::assign(&parsed.options, choices) {
        // Command-line choices have no span: reported without a source.
        report.add(game_index, errs.iter().map(|e| e.to_diagnostic()));
        return Err(report);
    }
    if check_all && pinned.is_empty() {
        report.add(game_index, parsed.check());
        return if report.has_errors() { Err(report) } else { Ok((None, variant, report)) };
    }
    match parsed.game(&pinned) {
        Ok((game, warnings)) => {
            report.add(game_index, warnings);
            if report.has_errors() {
                return Err(report);
            }
            Ok((Some(game), variant, report))
        }
        Err(diags) => {
            report.add(game_index, diags);
            Err(report)
        }
    }
}

fn io_report(path: &Path, e: std::io::Error) -> Report {
    let mut r = Report::default();
    r.sources.push((path.display().to_string(), String::new()));
    r.add(0, [Diagnostic::io(&path.display().to_string(), &e.to_string())]);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_options_with_spans() {
        let text = "extends = \"../tablut.game\"\nname = \"x\"\n\n[options]\ndice = false\n";
        let v = parse(text).unwrap();
        assert_eq!(v.extends, "../tablut.game");
        assert_eq!(v.choices.len(), 1);
        assert_eq!(v.choices[0].value, "false");
        let s = v.choices[0].span.unwrap();
        assert_eq!(&text[s.start..s.end], "dice = false");
    }

    #[test]
    fn unknown_keys_are_named() {
        let d = parse("extends = \"a.game\"\nnmae = \"x\"\n").unwrap_err();
        assert_eq!(d.code, "E0608");
        assert_eq!(d.help.as_deref(), Some("did you mean `name`?"));
    }

    #[test]
    fn extends_is_required() {
        assert_eq!(parse("name = \"x\"\n").unwrap_err().code, "E0609");
    }
}
