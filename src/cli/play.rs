//! `rulebook play`: a game in the terminal against a person or an agent.

use super::files::{self, WriteError};
use super::load::{self, Loaded};
use super::records;
use super::{GameArgs, EXIT_INVALID, EXIT_USAGE};
use rulebook::agents::{self, Agent, GameRng};
use rulebook::app::session::{Ply, Session as Game};
use rulebook::engine::{Engine, Limit, Move, Position, Verdict};
use rulebook::record::Record;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

pub struct Options {
    pub players: Vec<String>,
    pub seed: Option<u64>,
    pub resume: Option<PathBuf>,
    pub record: Option<PathBuf>,
    /// Replaces an existing --record file.
    pub force: bool,
    pub position: Option<String>,
    /// None: the game's default (`series::ply_limit`).
    pub max_plies: Option<u32>,
    /// No position line, and the board only when a person is to move.
    pub compact: bool,
    /// Prints what the agents thought before each of their moves.
    pub verbose: bool,
}

/// Who plays a side: a person at the keyboard, or an agent.
enum Seat {
    Human,
    Computer(Box<dyn Agent + Send>),
}

impl Seat {
    fn parse(what: &str) -> Result<Seat, String> {
        match what {
            "human" => Ok(Seat::Human),
            other => agents::by_name(other).map(Seat::Computer).map_err(|e| format!("{e} (or human)")),
        }
    }

    fn name(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Computer(a) => a.name(),
        }
    }
}

/// `PLAYER=AGENT` as (seat index, seat).
fn seat_spec(names: &[&str], spec: &str) -> Result<(usize, Seat), String> {
    let (who, what) = spec
        .split_once('=')
        .ok_or_else(|| format!("`{spec}` is not PLAYER=AGENT (for example `{}=random`)", names[names.len() - 1]))?;
    let i = names
        .iter()
        .position(|n| *n == who)
        .ok_or_else(|| format!("`{who}` is not a player of this game; the players are {}", names.join(" and ")))?;
    Ok((i, Seat::parse(what)?))
}

/// The computer's seat when none is named: a real opponent, at about a second a move.
pub const DEFAULT_OPPONENT: &str = "mcts";

/// The seats: a save's `Seats` tag first, then `--player`. Seats named by
/// neither are the computer ([`DEFAULT_OPPONENT`]) when a person was named or nobody was
/// named but the first player; a person when only computers were named.
fn seats(engine: &Engine, saved: Option<(&str, String)>, specs: &[String]) -> Result<Vec<Seat>, String> {
    let names: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
    let mut chosen: Vec<Option<Seat>> = names.iter().map(|_| None).collect();
    if let Some((tag, place)) = saved {
        for spec in tag.split_whitespace() {
            let (i, seat) = seat_spec(&names, spec).map_err(|e| format!("{place}: the Seats tag: {e}"))?;
            chosen[i] = Some(seat);
        }
    }
    let mut named = vec![false; names.len()];
    for spec in specs {
        let (i, seat) = seat_spec(&names, spec).map_err(|e| format!("--player {e}"))?;
        if std::mem::replace(&mut named[i], true) {
            return Err(format!("--player: `{}` is named twice", names[i]));
        }
        chosen[i] = Some(seat);
    }
    let nobody = chosen.iter().all(Option::is_none);
    let person = nobody || chosen.iter().any(|s| matches!(s, Some(Seat::Human)));
    Ok(chosen
        .into_iter()
        .enumerate()
        .map(|(i, s)| match s {
            Some(s) => s,
            None if nobody && i == 0 => Seat::Human,
            None if person => Seat::Computer(agents::by_name(DEFAULT_OPPONENT).expect("a valid agent")),
            None => Seat::Human,
        })
        .collect())
}

/// A game in progress, with its seats and how it is shown.
struct Session<'a> {
    loaded: &'a Loaded,
    file: PathBuf,
    seats: Vec<Seat>,
    game: Game<&'a Engine>,
    /// Colours on the board (a terminal, and NO_COLOR not set).
    colour: bool,
}

impl<'a> Session<'a> {
    fn new(loaded: &'a Loaded, file: PathBuf, seats: Vec<Seat>, rng: GameRng, start: Position) -> Session<'a> {
        let engine = &loaded.engine;
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        Session { loaded, file, seats, game: Game::new(engine, rng, start), colour }
    }

    /// `12. black (random) plays c6xc4, takes c5.`: the ply just made, numbered.
    fn tell_ply(&self) {
        let (Some(ply), Some((before, _))) = (self.game.plies().last(), self.game.last()) else { return };
        let board = self.game.engine.board();
        let taken = rulebook::render::svg::captured(before, self.game.position(), board.len());
        let taken: Vec<&str> = taken.iter().map(|p| board.labels[p as usize].as_str()).collect();
        let takes = if taken.is_empty() { String::new() } else { format!(", takes {}", taken.join(" ")) };
        let name = &self.game.engine.game.players[ply.mover as usize].name;
        let n = self.game.plies().len();
        let text = ply.text(self.game.engine);
        match &self.seats[ply.mover as usize] {
            Seat::Computer(a) => println!("{n}. {name} ({}) plays {text}{takes}.", a.name()),
            Seat::Human => println!("{n}. {name} {text}{takes}"),
        }
    }

    /// Takes back the last ply a person made and the computer's replies after
    /// it; the roll that ply was made under is shown again, not rolled anew.
    fn undo(&mut self) -> Option<String> {
        let human = |p: &Ply| matches!(self.seats[p.mover as usize], Seat::Human);
        let i = self.game.plies().iter().rposition(human)?;
        let taken: Vec<String> = (i..self.game.plies().len()).map(|k| self.ply_line(k)).collect();
        self.game.undo_from(i);
        Some(taken.join(", "))
    }

    /// Ply `k` (from 0) as `12. black (mcts) c6xc4`.
    fn ply_line(&self, k: usize) -> String {
        let p = &self.game.plies()[k];
        let name = &self.game.engine.game.players[p.mover as usize].name;
        let text = p.text(self.game.engine);
        match &self.seats[p.mover as usize] {
            Seat::Computer(a) => format!("{}. {name} ({}) {text}", k + 1, a.name()),
            Seat::Human => format!("{}. {name} {text}", k + 1),
        }
    }

    /// `white: a person at this keyboard; black: the computer (mcts).`
    fn who_plays(&self) -> String {
        let names = self.game.engine.game.players.iter().map(|p| &p.name);
        let seats: Vec<String> = names
            .zip(&self.seats)
            .map(|(n, s)| match s {
                Seat::Human => format!("{n}: a person at this keyboard"),
                Seat::Computer(a) => format!("{n}: the computer ({})", a.name()),
            })
            .collect();
        format!("{}.", seats.join("; "))
    }

    fn texts(&self) -> Vec<String> {
        self.game.plies().iter().map(|p| p.text(self.game.engine)).collect()
    }

    /// The record, to be written at `dest`: with the seats, the generator's
    /// state and the roll already shown, so that resuming goes on the same way.
    fn record(&self, dest: &Path, result: &str) -> Record {
        let file_tag = files::relative_to(&self.file, &files::folder_of(dest));
        let variant = self.loaded.variant.is_some();
        let mut r = self.game.record(self.loaded.title(), variant, &file_tag.display().to_string());
        let names = self.game.engine.game.players.iter().map(|p| &p.name);
        let seats: Vec<String> = names.zip(&self.seats).map(|(n, s)| format!("{n}={}", s.name())).collect();
        r.set("Seats", seats.join(" "));
        r.set("Draws", self.game.rng.draws().to_string());
        if let Some(Some(roll)) = self.game.rolled() {
            r.set("Roll", roll.to_string());
        }
        records::finish(&mut r, result);
        r
    }

    fn save(&self, arg: &str, replace: bool) {
        if arg.is_empty() {
            println!("save needs a file name: save FILE (save! FILE replaces an existing file)");
            return;
        }
        let path = Path::new(arg);
        match files::write(path, &self.record(path, "unfinished").write(), replace, true, &self.loaded.files()) {
            Ok(()) => println!("Saved to {arg}; continue later with: rulebook play --resume {arg}."),
            Err(WriteError::Exists) => println!("{arg} exists; `save! {arg}` replaces it."),
            Err(e) => println!("Cannot save to {arg}: {e}. Nothing was written."),
        }
    }

    /// The result, if the game is over (or at the ply limit).
    fn over(&self, max_plies: Option<u32>) -> Result<Option<String>, Limit> {
        let limit = rulebook::app::series::ply_limit(self.game.engine, max_plies);
        Ok(self.game.over(limit as usize)?.map(|(_, text)| text))
    }

    /// The board (with the last move marked) and the position line; in the
    /// compact mode only the board, and only when a person is to move.
    fn show(&mut self, compact: bool, over: bool) {
        let pos = self.game.position();
        let person = matches!(self.seats[pos.turn as usize], Seat::Human);
        if !compact || person || over {
            let mut marks = rulebook::render::Marks { colour: self.colour, ..Default::default() };
            if let Some((before, mv)) = self.game.last() {
                marks.from = (mv.from != rulebook::game::NONE).then_some(mv.from);
                marks.to = (mv.to != rulebook::game::NONE).then_some(mv.to);
                marks.captured = rulebook::render::svg::captured(before, pos, self.game.engine.board().len());
            }
            print!("{}", rulebook::render::render_marked(self.game.engine, pos, &marks));
        }
        if !compact {
            println!("position {}", self.game.engine.position_notation(pos));
        }
        // Under `play on for places`: who has just finished, and in which place.
        if let Some((before, _)) = self.game.last() {
            let (now, then) = (pos.places(), before.places());
            for (k, p) in now.iter().enumerate().skip(then.len()) {
                let place = match k {
                    0 => "first".to_string(),
                    _ if k + 1 == self.game.engine.players() as usize => "last".to_string(),
                    _ => rulebook::describe::ordinal(k as u8 + 1),
                };
                println!("{} finishes {place}", self.game.engine.game.players[p as usize].name);
            }
        }
        for (mover, a) in self.game.announcements.drain(..) {
            println!("{}: \"{a}\"", self.game.engine.game.players[mover as usize].name);
        }
    }
}

/// A line typed at the prompt.
enum Line {
    Text(String),
    NotText,
    TooLong,
    End,
}

/// The longest line read at the prompt.
const MAX_LINE: u64 = 4096;

fn read_line(input: &mut impl BufRead) -> Line {
    let mut buf = Vec::new();
    match std::io::Read::take(&mut *input, MAX_LINE).read_until(b'\n', &mut buf) {
        Ok(0) => Line::End,
        Ok(_) if !buf.ends_with(b"\n") && buf.len() as u64 == MAX_LINE => {
            // Skip the rest of the line, but not forever.
            let mut rest = Vec::new();
            match std::io::Read::take(&mut *input, 1 << 20).read_until(b'\n', &mut rest) {
                Ok(_) if rest.ends_with(b"\n") => Line::TooLong,
                _ => Line::End,
            }
        }
        Ok(_) => match String::from_utf8(buf) {
            Ok(s) => Line::Text(s.trim().to_string()),
            Err(_) => Line::NotText,
        },
        Err(e) => {
            eprintln!("error: reading the input: {e}");
            Line::End
        }
    }
}

/// What a person's turn came to.
enum Turn {
    Move(Move),
    Undone,
    Stop,
    /// The legal moves are not known in full: the game cannot go on.
    Limit(Limit),
}

/// Reads lines until the person moves, undoes or stops.
fn prompt(s: &mut Session, input: &mut impl BufRead, roll: Option<u8>) -> Turn {
    let name = &s.game.engine.game.players[s.game.position().turn as usize].name;
    loop {
        print!("{name}> ");
        let _ = std::io::stdout().flush();
        let line = match read_line(input) {
            Line::Text(l) => l,
            Line::NotText => {
                println!("That line is not text (not UTF-8); type a move, or help.");
                continue;
            }
            Line::TooLong => {
                println!("That line is too long ({MAX_LINE} bytes at most); type a move, or help.");
                continue;
            }
            Line::End => {
                println!("\nInput ended. The game so far: {}", s.texts().join(" "));
                return Turn::Stop;
            }
        };
        if let Some(turn) = command(s, &line, roll) {
            return turn;
        }
    }
}

/// One typed line: a command, or a move. None to stay at the prompt.
fn command(s: &mut Session, line: &str, roll: Option<u8>) -> Option<Turn> {
    let (word, arg) = line.split_once(' ').map_or((line, ""), |(w, a)| (w, a.trim()));
    match word {
        "" => {}
        "help" => println!("{}", super::play_help::text(s.game.engine, &s.game.start)),
        "moves" => match s.game.engine.move_list(s.game.position(), roll) {
            Ok(list) => println!("{}", list.join(" ")),
            Err(limit) => return Some(Turn::Limit(limit)),
        },
        "position" => println!("{}", s.game.engine.position_notation(s.game.position())),
        "quit" => {
            println!("The game so far: {}", s.texts().join(" "));
            return Some(Turn::Stop);
        }
        "save" | "save!" => s.save(arg, word == "save!"),
        "undo" => match s.undo() {
            Some(taken) => {
                println!("Took back {taken}.");
                return Some(Turn::Undone);
            }
            None => println!("Nothing to undo: no move of yours to take back."),
        },
        _ if !looks_like_a_move(s.game.engine, line) => {
            println!("`{word}` is not a command or a move here; type help for both.");
        }
        _ => match s.game.engine.why(s.game.position(), roll, line) {
            Err(limit) => return Some(Turn::Limit(limit)),
            Ok(Verdict::Legal(_, m)) => return Some(Turn::Move(m)),
            Ok(Verdict::Illegal { reason, legal }) => {
                println!("`{line}` is not legal: {reason}.");
                if !legal.is_empty() {
                    println!("Legal moves: {}", legal.join(" "));
                }
            }
        },
    }
    None
}

/// Whether a typed line is meant as a move (and so gets `why`'s answer)
/// rather than a mistyped command: it names a point, or has a digit or the
/// marks of move notation in it.
fn looks_like_a_move(engine: &Engine, line: &str) -> bool {
    let labels = &engine.board().labels;
    line == "pass"
        || line.chars().any(|c| c.is_ascii_digit() || matches!(c, '-' | '@' | ':'))
        || line.split(['x', 'X']).any(|part| labels.iter().any(|l| l == part))
}

/// Plays until the game ends or the person stops; returns the exit code.
fn play_loop(s: &mut Session, input: &mut impl BufRead, opts: &Options) -> i32 {
    loop {
        let over = match s.over(opts.max_plies) {
            Err(limit) => return super::limit_reached(limit),
            Ok(over) => over,
        };
        s.show(opts.compact, over.is_some());
        if let Some(result) = over {
            return game_over(s, &result, opts);
        }
        let me = s.game.position().turn as usize;
        let roll = s.game.roll();
        if let Some(r) = roll {
            println!("Roll for {}: {r}.", s.game.engine.game.players[me].name); // a name may be singular or plural
        }
        // No seat plays from a cut-short list of moves.
        let mut moves = Vec::new();
        if let Err(limit) = s.game.engine.moves(s.game.position(), roll, &mut moves) {
            return super::limit_reached(limit);
        }
        let chosen = match &mut s.seats[me] {
            Seat::Computer(agent) => {
                let engine = s.game.engine;
                let (pos, history, rng) = s.game.for_agent();
                let m = match agent.choose(engine, pos, history, &moves, rng) {
                    Ok(m) => m,
                    Err(limit) => return super::limit_reached(limit),
                };
                if opts.verbose {
                    if let Some(t) = agent.thought(s.game.engine) {
                        println!("{t}");
                    }
                }
                m
            }
            Seat::Human => match prompt(s, input, roll) {
                Turn::Move(m) => m,
                Turn::Undone => continue,
                Turn::Stop => return 0,
                Turn::Limit(limit) => return super::limit_reached(limit),
            },
        };
        s.game.push(roll, &chosen, None);
        s.tell_ply();
        if !opts.compact {
            println!();
        }
    }
}

fn game_over(s: &Session, result: &str, opts: &Options) -> i32 {
    println!("\nGame over: {result}.");
    println!("The game: {}", s.texts().join(" "));
    let Some(path) = &opts.record else { return 0 };
    match files::write(path, &s.record(path, result).write(), opts.force, true, &s.loaded.files()) {
        Ok(()) => {
            println!("Record written to {}.", path.display());
            0
        }
        Err(e) => {
            let hint = if matches!(e, WriteError::Exists) { "; add --force to replace it" } else { "" };
            eprintln!("error: cannot write the record to {}: {e}{hint}", path.display());
            EXIT_USAGE
        }
    }
}

/// A number from a save's tag, or an error naming the tag's line.
fn number<T: std::str::FromStr>(rec: &Record, path: &Path, tag: &str) -> Result<Option<T>, String> {
    let Some(text) = rec.tag(tag) else { return Ok(None) };
    let at = records::place(path, rec.tag_line(tag));
    text.parse().map(Some).map_err(|_| format!("{at}: the {tag} tag is not a number: `{text}`"))
}

/// The game from a save: seats, generator, plies and the roll shown.
fn resume<'a>(
    loaded: &'a Loaded,
    file: PathBuf,
    opts: &Options,
    path: &Path,
    rec: &Record,
) -> Result<Session<'a>, String> {
    let engine = &loaded.engine;
    records::check_game(loaded, rec, path)?;
    let saved = rec.tag("Seats").map(|t| (t, records::place(path, rec.tag_line("Seats"))));
    let seats = seats(engine, saved, &opts.players)?;
    let rng = match number::<u64>(rec, path, "Seed")? {
        Some(seed) => GameRng::resume(seed, number::<u128>(rec, path, "Draws")?.unwrap_or(0)),
        None => GameRng::new(clock_seed()),
    };
    let start = records::start(engine, rec, path)?;
    let mut s = Session::new(loaded, file, seats, rng, start.clone());
    records::follow(engine, rec, path, start, |_, roll, mv, text| s.game.push(roll, mv, Some(text.to_string())))?;
    if let Some(r) = number::<u8>(rec, path, "Roll")? {
        let at = records::place(path, rec.tag_line("Roll"));
        match engine.dice() {
            Some(d) if d.can_roll(r) => s.game.set_roll(Some(r)),
            Some(d) => return Err(format!("{at}: the Roll tag must be {}", d.roll_words())),
            None => return Err(format!("{at}: a Roll tag, but this game has no die")),
        }
    }
    Ok(s)
}

/// A seed from the clock, when none is given: a different game each time.
fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// A new game: seats from --player, the seed, the starting position.
fn fresh<'a>(loaded: &'a Loaded, file: PathBuf, opts: &Options) -> Result<Session<'a>, (i32, String)> {
    let engine = &loaded.engine;
    let seats = seats(engine, None, &opts.players).map_err(|e| (EXIT_USAGE, e))?;
    let start = match &opts.position {
        Some(p) => engine.parse_position(p).map_err(|e| (EXIT_INVALID, format!("--position: {e}")))?,
        None => engine.start(),
    };
    Ok(Session::new(loaded, file, seats, GameRng::new(opts.seed.unwrap_or_else(clock_seed)), start))
}

/// `play [FILE] [--resume SAVE]`: the game file is the save's when not given.
pub fn run(file: Option<PathBuf>, options: Vec<String>, opts: &Options) -> i32 {
    let saved = match &opts.resume {
        Some(path) => match load::read_record(path) {
            Ok(r) => Some((path.as_path(), r)),
            Err(e) => {
                eprintln!("error: --resume: {e}");
                return EXIT_USAGE;
            }
        },
        None => None,
    };
    let mut game = match (file, &saved) {
        (Some(file), _) => GameArgs { file, options },
        (None, Some((path, rec))) => match records::game_file(rec, path, "rulebook play GAME --resume SAVE") {
            Ok(file) => GameArgs { file, options },
            Err(e) => {
                eprintln!("error: --resume: {e}");
                return EXIT_INVALID;
            }
        },
        (None, None) => unreachable!("clap requires a game file unless --resume is given"),
    };
    if let Some((_, rec)) = &saved {
        game.options = records::options(rec, &game.options);
    }
    let loaded = match load::game(&game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if let Some(path) = &opts.record {
        if let Err(e) = files::may_write(path, opts.force, &loaded.files()) {
            let hint = if matches!(e, WriteError::Exists) { "; add --force to replace it" } else { "" };
            eprintln!("error: --record {}: {e}{hint}", path.display());
            return EXIT_USAGE;
        }
    }
    let session = match &saved {
        Some((path, rec)) => resume(&loaded, game.file.clone(), opts, path, rec).map_err(|e| (EXIT_INVALID, e)),
        None => fresh(&loaded, game.file.clone(), opts),
    };
    let mut s = match session {
        Ok(s) => s,
        Err((code, e)) => {
            eprintln!("error: {e}");
            return code;
        }
    };
    println!("{}  (seed {})", loaded.heading(), s.game.rng.seed());
    if saved.is_some() {
        let n = s.game.plies().len();
        println!("Resumed after {n} {}.", if n == 1 { "ply" } else { "plies" });
    }
    println!("{}", s.who_plays());
    println!("Type a move, or help for how moves are written and the commands.\n");
    play_loop(&mut s, &mut std::io::stdin().lock(), opts)
}
