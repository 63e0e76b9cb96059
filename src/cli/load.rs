//! Reading game and variant files from disk for the commands.

use rulebook::check::Choice;
use rulebook::diagnostics;
use rulebook::engine::Engine;
use rulebook::variant::{self, Report};
use std::path::Path;

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

/// Reads a game or variant file, but no more than one byte past the size a
/// game file may have, so that a huge file is refused, not read forever.
/// Only regular files are read: a FIFO, a terminal or a device (`/dev/stdin`,
/// `/dev/zero`) is refused without waiting on it.
/// A link is followed only to a `.game` or `.toml` file: the name checked
/// by the caller must be the name of what is read.
pub fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    if path.symlink_metadata()?.file_type().is_symlink() {
        let target = std::fs::canonicalize(path)?;
        if !target.extension().is_some_and(|e| e == "game" || e == "toml") {
            let why = format!("a link to {}, which is not a game or variant file", target.display());
            return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, why));
        }
    }
    let mut bytes = Vec::new();
    open_regular(path)?.take(rulebook::syntax::MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Opens a file for reading if it is a regular file. The open does not block
/// (a FIFO with no writer would wait forever), and the type is checked on the
/// opened file, so nothing can be swapped in between.
fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    Ok(file)
}

/// The most a game record may weigh (a 400-ply record is a few kilobytes).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// Reads a game record (a save, a simulated game), refusing one larger than
/// [`MAX_RECORD_BYTES`], one that is not a regular file (a FIFO would block),
/// and one that is not UTF-8 (saying where). Unknown tags are warned about.
pub fn read_record(path: &Path) -> Result<rulebook::record::Record, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    open_regular(path)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!("{} is larger than a record may be ({MAX_RECORD_BYTES} bytes)", path.display()));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!("{}:{line}: not UTF-8 text (byte {} of the file); a record is plain text", path.display(), at + 1)
    })?;
    let record =
        rulebook::record::Record::parse(&text).map_err(|e| format!("{}:{}: {}", path.display(), e.line, e.message))?;
    for (line, name, like) in record.unknown_tags() {
        let hint = like.map(|k| format!(" (did you mean `{k}`?)")).unwrap_or_default();
        eprintln!("warning: {}:{line}: unknown tag `{name}`{hint}; it is ignored", path.display());
    }
    Ok(record)
}

/// Checks one game or variant file.
pub fn check_path(path: &Path, choices: &[Choice]) -> Report {
    variant::check(path, choices, &read)
}

/// Prints a report's diagnostics to stderr.
pub fn print_report(report: &Report) {
    for (source, d) in shown(report) {
        let (name, text) = &report.sources[*source];
        eprint!("{}", diagnostics::render(d, name, text, super::style()));
    }
    print_left_out(report);
}

/// The most diagnostics printed for one file: past a screenful, more would
/// only bury the first ones (and drawing each costs a pass over the file).
pub const MAX_PRINTED: usize = 50;

/// The diagnostics to print: the first [`MAX_PRINTED`], in file order.
pub fn shown(report: &Report) -> &[(usize, rulebook::diagnostics::Diagnostic)] {
    &report.diagnostics[..report.diagnostics.len().min(MAX_PRINTED)]
}

/// Says how many diagnostics [`shown`] left out, if any.
pub fn print_left_out(report: &Report) {
    let more = report.diagnostics.len().saturating_sub(MAX_PRINTED);
    if more > 0 {
        let errors = report.diagnostics[MAX_PRINTED..].iter().filter(|(_, d)| d.is_error()).count();
        eprintln!(
            "... and {more} more diagnostic{} not shown ({errors} error{}); fix these first",
            if more == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" }
        );
    }
}

/// Whether the report is about a file that could not be read (exit 2).
pub fn is_io(report: &Report) -> bool {
    report.diagnostics.iter().any(|(_, d)| matches!(d.code, "E0613" | "E0614"))
}

/// A game ready to run.
pub struct Loaded {
    pub engine: Engine,
    /// The variant's name, if a variant file was loaded.
    pub variant: Option<String>,
    /// The variant's description, if it has one.
    pub description: Option<String>,
    /// The files the game was read from (never to be written over).
    pub files: Vec<std::path::PathBuf>,
}

impl Loaded {
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

/// Loads a game (or variant) with `--option` choices, printing diagnostics on failure.
pub fn game(args: &super::GameArgs) -> Result<Loaded, i32> {
    let choices = parse_choices(&args.options).map_err(|m| {
        eprintln!("error: {m}");
        super::EXIT_USAGE
    })?;
    match variant::load(&args.file, &choices, &read) {
        Ok(l) => Ok(Loaded {
            engine: Engine::new(l.game),
            description: l.variant.as_ref().and_then(|v| v.description.clone()),
            variant: l.variant.map(|v| v.name.unwrap_or_else(|| args.file.display().to_string())),
            files: l.report.sources.iter().map(|(name, _)| name.into()).chain([args.file.clone()]).collect(),
        }),
        Err(report) => {
            print_report(&report);
            Err(if is_io(&report) { super::EXIT_USAGE } else { super::EXIT_INVALID })
        }
    }
}
