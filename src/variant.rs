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

/// The keys a variant file may have.
const KEYS: [&str; 4] = ["extends", "name", "description", "options"];

/// Reads a variant file's text. Every unknown key is reported, not only the first.
pub fn parse(text: &str) -> Result<Variant, Vec<Diagnostic>> {
    let toml_error = |e: toml::de::Error| {
        let span = e.span().map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
        vec![diag::variant_toml(span, e.message())]
    };
    let table: toml::Table = toml::from_str(text).map_err(toml_error)?;
    let mut unknown: Vec<Diagnostic> = table
        .keys()
        .filter(|k| !KEYS.contains(&k.as_str()))
        .map(|k| diag::variant_key(find_top_key(text, k), k))
        .collect();
    unknown.sort_by_key(Diagnostic::primary_span);
    if !unknown.is_empty() {
        return Err(unknown);
    }
    let raw: VariantToml = toml::from_str(text).map_err(toml_error)?;
    let Some(extends) = raw.extends else {
        return Err(vec![diag::variant_missing_extends(Span::new(0, 0))]);
    };
    let (choices, bad_types) = raw.options.as_ref().map(|t| read_choices(text, t)).unwrap_or_default();
    Ok(Variant {
        extends_span: span_of(&extends),
        extends: extends.into_inner(),
        name: raw.name.map(Spanned::into_inner),
        description: raw.description.map(Spanned::into_inner),
        choices,
        bad_types,
    })
}

type BadTypes = Vec<(String, Span)>;

/// The `[options]` table's entries as choices, and the entries whose type
/// cannot be an option value.
fn read_choices(text: &str, table: &Spanned<toml::Table>) -> (Vec<Choice>, BadTypes) {
    let mut choices = Vec::new();
    let mut bad_types = Vec::new();
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
    (choices, bad_types)
}

/// The span of a top-level key (`key = ...` before any table, or `[key]`),
/// or the start of the file.
fn find_top_key(text: &str, key: &str) -> Span {
    let mut offset = 0;
    let mut in_table = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let lead = offset + line.len() - trimmed.len();
        offset += line.len();
        let header = trimmed.starts_with('[');
        in_table |= header;
        if in_table && !header {
            continue;
        }
        let bracket = trimmed.len() - trimmed.trim_start_matches('[').len();
        let name = trimmed[bracket..].split(['=', ']']).next().unwrap_or("").trim_end();
        if name.trim_matches('"') == key {
            return Span::new(lead + bracket, lead + bracket + name.len());
        }
    }
    Span::new(0, 0)
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

fn is_game(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "game")
}

/// How a load reads a file: its bytes (or a `String`, which is valid UTF-8).
/// The reader should refuse what is not a regular file.
pub type Read<'a, R> = &'a dyn Fn(&Path) -> std::io::Result<R>;

/// Reads a game or variant file and what it extends, and compiles the game
/// with the variant's choices and then `choices` (which win).
pub fn load<R: Into<Vec<u8>>>(path: &Path, choices: &[Choice], read: Read<R>) -> Result<Loaded, Report> {
    let read = |p: &Path| read(p).map(Into::into);
    run(path, choices, &read, false).map(|(g, v, r)| Loaded { game: g.expect("compiled"), variant: v, report: r })
}

/// Checks a game file (every option combination, unless `choices` pins some)
/// or a variant file (its choices, applied to its game).
pub fn check<R: Into<Vec<u8>>>(path: &Path, choices: &[Choice], read: Read<R>) -> Report {
    let read = |p: &Path| read(p).map(Into::into);
    match run(path, choices, &read, true) {
        Ok((_, _, r)) | Err(r) => r,
    }
}

type Run = (Option<Game>, Option<Variant>, Report);
type ReadBytes<'a> = Read<'a, Vec<u8>>;

fn run(path: &Path, choices: &[Choice], read: ReadBytes, check_all: bool) -> Result<Run, Report> {
    let sorted = |mut r: Report| {
        r.diagnostics.sort_by_key(|(s, d)| (*s, d.primary_span(), d.code));
        r
    };
    match run_unsorted(path, choices, read, check_all) {
        Ok((g, v, r)) => Ok((g, v, sorted(r))),
        Err(r) => Err(sorted(r)),
    }
}

/// A file's bytes as text: the file too large, or not UTF-8 (located at the
/// first bad byte), is reported instead of read.
fn decode(name: &str, bytes: Vec<u8>) -> (String, Option<Diagnostic>) {
    if bytes.len() > crate::syntax::MAX_FILE_BYTES {
        return (String::new(), Some(diag::file_too_large(Some(name), crate::syntax::MAX_FILE_BYTES)));
    }
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let len = text[at..].chars().next().map_or(0, char::len_utf8);
            (text, Some(diag::not_utf8(Span::new(at, at + len))))
        }
    }
}

/// Reads one file into the report; its index, or the diagnostic to report
/// (in the file that named it) when it cannot be read.
fn read_source(report: &mut Report, path: &Path, read: ReadBytes) -> Result<usize, std::io::Error> {
    let bytes = read(path)?;
    let name = path.display().to_string();
    let (text, problem) = decode(&name, bytes);
    report.sources.push((name, text));
    let index = report.sources.len() - 1;
    if let Some(d) = problem {
        report.add(index, [d]);
    }
    Ok(index)
}

/// The variant in source 0, and the game file it extends.
fn read_variant(report: &mut Report, path: &Path) -> Option<(PathBuf, Variant)> {
    let v = match parse(&report.sources[0].1) {
        Ok(v) => v,
        Err(d) => {
            report.add(0, d);
            return None;
        }
    };
    let base: PathBuf = path.parent().unwrap_or(Path::new(".")).join(&v.extends);
    if !is_game(&base) {
        // Never read what is not a game file: its text would be echoed in diagnostics.
        report.add(0, [diag::variant_chain_too_long(v.extends_span)]);
        return None;
    }
    Some((base, v))
}

fn run_unsorted(path: &Path, choices: &[Choice], read: ReadBytes, check_all: bool) -> Result<Run, Report> {
    let mut report = Report::default();
    if !is_game(path) && !is_variant(path) {
        let name = path.display().to_string();
        report.sources.push((name.clone(), String::new()));
        report.add(0, [diag::not_a_game_file(&name)]);
        return Err(report);
    }
    read_source(&mut report, path, read).map_err(|e| io_report(path, e))?;
    if report.has_errors() {
        return Err(report);
    }
    let (game_index, variant) = if is_variant(path) {
        let Some((base, v)) = read_variant(&mut report, path) else {
            return Err(report);
        };
        match read_source(&mut report, &base, read) {
            Ok(i) => (i, Some(v)),
            Err(e) => {
                report.add(0, [diag::variant_base_missing(v.extends_span, &v.extends, &e.to_string())]);
                return Err(report);
            }
        }
    } else {
        (0, None)
    };
    if report.has_errors() {
        return Err(report);
    }
    let text = report.sources[game_index].1.clone();
    let parsed = match check::parse(&text) {
        Ok(p) => p,
        Err(d) => {
            report.add(game_index, d);
            return Err(report);
        }
    };
    compile(report, parsed, game_index, variant, choices, check_all)
}

/// Applies the variant's and the command line's choices, and compiles.
fn compile(
    mut report: Report,
    parsed: check::Parsed,
    game_index: usize,
    variant: Option<Variant>,
    choices: &[Choice],
    check_all: bool,
) -> Result<Run, Report> {
    let mut pinned = variant.as_ref().map(|v| v.choices.clone()).unwrap_or_default();
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
        let text = "extends = \"a.game\"\nnmae = \"x\"\nextend = 1\n[option]\nx = 1\n";
        let d = parse(text).unwrap_err();
        let found: Vec<(&str, &str)> =
            d.iter().map(|d| (d.code, &text[d.primary_span().start..d.primary_span().end])).collect();
        assert_eq!(found, [("E0608", "nmae"), ("E0608", "extend"), ("E0608", "option")]);
        assert_eq!(d[0].help.as_deref(), Some("did you mean `name`?"));
    }

    #[test]
    fn extends_is_required() {
        assert_eq!(parse("name = \"x\"\n").unwrap_err()[0].code, "E0609");
    }

    /// A reader over files held in memory; any other path is an error.
    fn files(list: Vec<(&'static str, Vec<u8>)>) -> impl Fn(&Path) -> std::io::Result<Vec<u8>> {
        move |p: &Path| {
            let found = list.iter().find(|(name, _)| Path::new(name) == p);
            found.map(|(_, b)| b.clone()).ok_or_else(|| std::io::Error::other(format!("{} was read", p.display())))
        }
    }

    fn codes(report: &Report) -> Vec<&str> {
        report.diagnostics.iter().map(|(_, d)| d.code).collect()
    }

    #[test]
    fn what_is_not_a_game_file_is_never_read() {
        let read = files(vec![("v.toml", b"extends = \"/etc/passwd\"\n".to_vec())]);
        let report = check(Path::new("v.toml"), &[], &read);
        assert_eq!(codes(&report), ["E0611"]);
        let report = check(Path::new("/etc/passwd"), &[], &read);
        assert_eq!(codes(&report), ["E0614"]);
        assert!(report.sources.iter().all(|(_, text)| text.is_empty()));
    }

    #[test]
    fn a_too_large_extended_game_is_named() {
        let big = vec![b' '; crate::syntax::MAX_FILE_BYTES + 1];
        let read = files(vec![("v.toml", b"extends = \"big.game\"\n".to_vec()), ("big.game", big)]);
        let report = check(Path::new("v.toml"), &[], &read);
        assert_eq!(codes(&report), ["E0109"]);
        assert!(report.diagnostics[0].1.message.contains("big.game"), "{:?}", report.diagnostics);
    }

    #[test]
    fn bad_utf8_is_located_at_its_first_byte() {
        let read = files(vec![("g.game", b"rulebook 1\ngame \"Caf\xe9\"\n".to_vec())]);
        let report = check(Path::new("g.game"), &[], &read);
        assert_eq!(codes(&report), ["E0111"]);
        let (_, text) = &report.sources[0];
        let span = report.diagnostics[0].1.primary_span();
        assert_eq!(crate::span::line_col(text, span.start), (2, 10));
    }
}
