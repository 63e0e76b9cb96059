//! Game records as the front ends write and read them: which game, where each
//! ply was read from, and errors that name the record's file and line.

use super::files;
use super::load::Loaded;
use super::words::describe_outcome;
use crate::engine::{Engine, Limit, Move, Position, Verdict};
use crate::record::Record;
use std::path::Path;

/// `PATH:LINE` (or `PATH` when the line is unknown), for error messages.
pub fn place(path: &Path, line: Option<usize>) -> String {
    match line {
        Some(l) => format!("{}:{l}", path.display()),
        None => path.display().to_string(),
    }
}

/// A new record of a game played from `start`. `file_tag` is the game file
/// as the record names it (relative to the record's folder).
pub fn new_record(loaded: &Loaded, file_tag: &Path, seed: u64, start: &Position, plies: Vec<String>) -> Record {
    let tag = file_tag.display().to_string();
    record_of(&loaded.engine, loaded.title(), loaded.variant.is_some(), &tag, seed, start, plies)
}

/// The tags every record starts with: the game (`title`, with the rules it
/// is a variant of when `variant`), its file, the options, the seed, the
/// start if not the setup; then the plies.
pub fn record_of(
    engine: &Engine,
    title: &str,
    variant: bool,
    file_tag: &str,
    seed: u64,
    start: &Position,
    plies: Vec<String>,
) -> Record {
    let mut r = Record::default();
    r.set("Game", title);
    if variant {
        r.set("Rules", engine.game.name.clone());
    }
    r.set("File", file_tag);
    let options: Vec<String> = engine.game.options.iter().map(|o| format!("{}={}", o.name, o.value)).collect();
    if !options.is_empty() {
        r.set("Options", options.join(" "));
    }
    r.set("Seed", seed.to_string());
    if *start != engine.start() {
        r.set("Position", engine.position_notation(start));
    }
    r.plies = plies;
    r
}

/// Sets the last tags: the result and the number of plies (so that a record
/// cut short is refused, not read as a shorter game).
pub fn finish(r: &mut Record, result: &str) {
    r.set("Result", result);
    r.set("Plies", r.plies.len().to_string());
}

/// The game file a record names, when none is given.
/// `how` says how to name the game instead (`rulebook replay GAME RECORD`).
pub fn game_file(record: &Record, path: &Path, how: &str) -> Result<std::path::PathBuf, String> {
    let tag = record
        .tag("File")
        .ok_or_else(|| format!("{}: the record names no game file (no File tag); give it: {how}", path.display()))?;
    files::game_of_record(path, tag).map_err(|e| format!("{}: {e}", place(path, record.tag_line("File"))))
}

/// The `--option` list: the record's options, then the command line's (which win).
pub fn options(record: &Record, given: &[String]) -> Vec<String> {
    let mut options: Vec<String> = record.options().into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    options.extend(given.iter().cloned());
    options
}

/// Refuses a record of another game, saying which game it is for.
pub fn check_game(loaded: &Loaded, record: &Record, path: &Path) -> Result<(), String> {
    let Some(name) = record.tag("Game") else { return Ok(()) };
    let g = &loaded.engine.game.name;
    if name == loaded.title() || name == g || record.tag("Rules") == Some(g) {
        return Ok(());
    }
    let file = record.tag("File").map(|f| format!(" (file `{f}`)")).unwrap_or_default();
    Err(format!(
        "{}: this record is of `{name}`{file}, not of `{}`; give that game, or just the record: rulebook replay {}",
        place(path, record.tag_line("Game")),
        loaded.title(),
        path.display()
    ))
}

/// The record's starting position (its Position tag, else the setup).
pub fn start(engine: &Engine, record: &Record, path: &Path) -> Result<Position, String> {
    match record.tag("Position") {
        Some(p) => engine
            .parse_position(p)
            .map_err(|e| format!("{}: the Position tag: {e}", place(path, record.tag_line("Position")))),
        None => Ok(engine.start()),
    }
}

/// Plays the record's plies from `pos`, checking each, and calls `each` with
/// the position before the ply, its roll, the move and its text. Errors name
/// the record's line and the ply's number.
pub fn follow(
    engine: &Engine,
    record: &Record,
    path: &Path,
    mut pos: Position,
    mut each: impl FnMut(&Position, Option<u8>, &Move, &str),
) -> Result<Position, String> {
    let mut history = engine.history_from(&pos);
    for (i, ply) in record.plies.iter().enumerate() {
        let at = place(path, record.ply_line(i));
        let no_answer = |limit: Limit| format!("{at}: ply {} `{ply}`: no answer: {limit}", i + 1);
        if let Some(o) = engine.outcome(&pos).map_err(no_answer)? {
            let over = describe_outcome(engine, &o);
            return Err(format!("{at}: ply {} `{ply}` comes after the end of the game ({over})", i + 1));
        }
        match engine.why(&pos, None, ply).map_err(no_answer)? {
            Verdict::Legal(roll, mv) => {
                each(&pos, roll, &mv, ply);
                pos = engine.play_in(&pos, &mv, &mut history);
            }
            Verdict::Illegal { reason, legal } => {
                let mut msg = format!("{at}: ply {} `{ply}` is not legal: {reason}", i + 1);
                if !legal.is_empty() {
                    msg.push_str(&format!("\nlegal there: {}", legal.join(" ")));
                }
                return Err(msg);
            }
        }
    }
    Ok(pos)
}
