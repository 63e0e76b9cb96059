//! Command-line front end.

mod balance;
pub(crate) mod commands;
mod editor;
pub(crate) mod load;
mod matches;
mod play;
mod play_help;
mod simulate;

use rulebook::app::{files, records};

use clap::{Parser, Subcommand, ValueEnum};
use rulebook::diagnostics::{self, Style};
use rulebook::engine::{Counting, Limit};
use std::io::IsTerminal;

pub use rulebook::app::{EXIT_INVALID, EXIT_USAGE};

#[derive(Parser)]
#[command(name = "rulebook", version, about = "Board games as text files: check them, describe them, play them")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum RenderFormat {
    Text,
    Svg,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Human,
    Json,
}

/// How a table is printed.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum TableFormat {
    Human,
    Csv,
    Json,
}

/// A game file or a variant file, and option choices.
#[derive(clap::Args, Clone)]
pub struct GameArgs {
    /// A game file (`.game`) or a variant file (`.toml`).
    pub file: std::path::PathBuf,
    /// Chooses an option's value, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Checks game and variant files, and explains every problem found.
    Check {
        /// Game files (`.game`) and variant files (`.toml`).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// How diagnostics are printed.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Chooses an option's value, as NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Lists the legal moves, sorted, one a line.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        at: At,
        /// The die's value (dice games); without it, every roll: ROLL:MOVE.
        #[arg(long)]
        roll: Option<u8>,
        /// Writes square numbers instead of labels, on boards that number their points (PDN).
        #[arg(long)]
        numbers: bool,
    },
    /// Draws the board with its pieces, as text or as an SVG picture.
    Render {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        at: At,
        /// text (the terminal's drawing) or svg (a picture; the last of --plies is marked).
        #[arg(long, value_enum, default_value = "text")]
        format: RenderFormat,
        /// Writes the drawing to FILE (a new file, unless --force) instead of printing it.
        #[arg(long, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
        /// Replaces an existing --output file.
        #[arg(long)]
        force: bool,
    },
    /// Serves a web page to play the game in a browser (on 127.0.0.1 unless --host says otherwise).
    Serve {
        #[command(flatten)]
        game: GameArgs,
        /// The port (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on. Anything but 127.0.0.1 lets other machines play.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Opens the page in the default browser.
        #[arg(long)]
        open: bool,
    },
    /// Prints the rules in plain English, as the file defines them.
    Describe {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Lists a game's options with their values and descriptions.
    Options {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Prints the position (in position notation) after the given plies.
    Position {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        at: At,
        /// Writes square numbers instead of labels, on boards that number their points (PDN).
        #[arg(long)]
        numbers: bool,
        /// Writes FEN, as chess programs read it (boards that are full rectangles).
        #[arg(long, conflicts_with = "numbers")]
        fen: bool,
    },
    /// Says whether a move is legal and, if not, which rule forbids it.
    Why {
        #[command(flatten)]
        game: GameArgs,
        /// The move, in move notation (ROLL:MOVE in a dice game).
        #[arg(value_name = "MOVE", allow_hyphen_values = true)]
        ply: String,
        #[command(flatten)]
        at: At,
    },
    /// Plays a game in the terminal, against a person or an agent.
    Play {
        /// A game file (`.game`) or a variant file (`.toml`); with --resume, by
        /// default the one the save names.
        #[arg(required_unless_present = "resume")]
        file: Option<std::path::PathBuf>,
        /// Chooses an option's value, as NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Who plays a side, as PLAYER=AGENT: human, random, greedy, mcts or
        /// alphabeta, with a budget (`mcts:iterations=5000`, `alphabeta:time=2s`).
        /// Default: a person plays the first player against mcts (about a second a
        /// move); once a person is named, the seats not named are mcts; if only
        /// agents are named, people.
        #[arg(long = "player", value_name = "PLAYER=AGENT")]
        players: Vec<String>,
        /// Seed for the dice and the agents (the same seed plays the same game).
        #[arg(long, conflicts_with = "resume")]
        seed: Option<u64>,
        /// Continues a game saved with `save FILE`: the same seats, dice and roll.
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
        /// Writes the game's record to FILE when it ends (a new file, unless --force).
        #[arg(long, value_name = "FILE")]
        record: Option<std::path::PathBuf>,
        /// Replaces an existing --record file.
        #[arg(long)]
        force: bool,
        /// Starts from this position (position notation) instead of the setup.
        #[arg(long, conflicts_with = "resume")]
        position: Option<String>,
        /// Stops the game after this many plies (reported as unfinished) [default:
        /// 200 a player, or four a point of the board where that is more].
        #[arg(long)]
        max_plies: Option<u32>,
        /// Shorter output: no position line (type `position` for it), and the
        /// board only when a person is to move.
        #[arg(long)]
        compact: bool,
        /// Shows what the agents thought: visits and values of the moves, or the best line and its score.
        #[arg(long)]
        verbose: bool,
    },
    /// Plays random games and prints statistics.
    Simulate {
        #[command(flatten)]
        game: GameArgs,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stops a game after this many plies (counted as unfinished) [default:
        /// 200 a player, or four a point of the board where that is more].
        #[arg(long)]
        max_plies: Option<u32>,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Writes each game's record to this folder (a new or empty one, unless --force).
        #[arg(long, value_name = "DIR")]
        record: Option<std::path::PathBuf>,
        /// Writes into a --record folder that already holds files.
        #[arg(long)]
        force: bool,
        /// Starts every game from this position (position notation).
        #[arg(long)]
        position: Option<String>,
        /// `json`: the figures as one object (as `rulebook.simulate` gives them in Python).
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Plays games between two agents: wins per agent and per side, with 95%
    /// confidence intervals, and an Elo difference.
    Match {
        #[command(flatten)]
        game: GameArgs,
        /// The agent of each side in the first game, as SIDE=AGENT (both sides):
        /// random, greedy, mcts, alphabeta, with a budget (`mcts:iterations=2000`).
        #[arg(long = "player", value_name = "SIDE=AGENT", required = true)]
        players: Vec<String>,
        /// How many games (at most a million: each game's result is kept).
        #[arg(long, default_value_t = 100, value_parser = games_in_a_run)]
        games: usize,
        /// The agents change sides every other game.
        #[arg(long)]
        swap: bool,
        /// Seed of the dice and the agents (games are reproducible when no budget is a time).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Writes each game's record to this folder (a new or empty one, unless --force).
        #[arg(long, value_name = "DIR")]
        record: Option<std::path::PathBuf>,
        /// Writes into a --record folder that already holds files.
        #[arg(long)]
        force: bool,
        /// Stops a game after this many plies (counted as unfinished) [default:
        /// 200 a player, or four a point of the board where that is more].
        #[arg(long)]
        max_plies: Option<u32>,
        /// Starts every game from this position (position notation).
        #[arg(long)]
        position: Option<String>,
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Compares games and variants played by one agent against itself: each
    /// side's win rate, draws, length, branching and how games are decided.
    Balance {
        /// Game and variant files, compared side by side.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Chooses an option's value, as NAME=VALUE (repeatable, for every file).
        #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// The agent playing both sides.
        #[arg(long, default_value = "mcts:iterations=1000")]
        agent: String,
        /// Games per file (at most a million: each game's result is kept).
        #[arg(long, default_value_t = 100, value_parser = games_in_a_run)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Stops a game after this many plies (counted as unfinished) [default:
        /// 200 a player, or four a point of the board where that is more].
        #[arg(long)]
        max_plies: Option<u32>,
        #[arg(long, value_enum, default_value = "human")]
        format: TableFormat,
    },
    /// Checks a game record ply by ply and prints the final position and result.
    #[command(override_usage = "rulebook replay [GAME] RECORD [--option NAME=VALUE]...")]
    Replay {
        /// The game file (by default the one the record names, relative to the
        /// record), then the record.
        #[arg(required = true, num_args = 1..=2, value_name = "[GAME] RECORD")]
        files: Vec<std::path::PathBuf>,
        /// Chooses an option's value, as NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Measures perft nodes/s and random playouts/s on one core.
    Bench {
        /// Games to measure (default: the shipped games).
        files: Vec<std::path::PathBuf>,
        /// Seconds to spend on each measurement.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// `json`: one object with a row per game, to keep and compare across commits.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Counts the move paths to each depth (perft), with nodes per second.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The deepest depth counted.
        depth: u32,
        #[command(flatten)]
        at: At,
        /// Splits the last depth by first ply.
        #[arg(long)]
        divide: bool,
        /// Counts captures that take the same pieces from the same start to the
        /// same end once (as published draughts tables do), not once per path.
        #[arg(long)]
        distinct: bool,
        /// In a dice game: the expected count, each roll weighed by how often
        /// it comes, instead of the sum over the rolls.
        #[arg(long, conflicts_with_all = ["divide", "distinct"])]
        expected: bool,
        /// Threads to count with, splitting the first ply among them (at most 64).
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
    },
    /// Formats game files (folders: every .game file in them) in one canonical layout.
    Fmt {
        /// Game files and folders.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Changes nothing; lists the files that are not formatted (exit 1 if any).
        #[arg(long)]
        check: bool,
    },
    /// Runs the language server on stdin and stdout, for editors.
    Lsp,
}

/// Where to start: a position, then plies played from it.
#[derive(clap::Args, Clone, Default)]
pub struct At {
    /// A starting position in position notation (default: the game's setup).
    #[arg(long)]
    pub position: Option<String>,
    /// Plies to play first, separated by spaces, in move notation.
    #[arg(long, allow_hyphen_values = true)]
    pub plies: Option<String>,
}

/// The progress bar (drawn only on a terminal): games done and games a second.
pub(super) fn progress_bar(games: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games);
    let style = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  eta {eta}")
        .expect("a valid template")
        .with_key("rate", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&per_second(s.per_sec(), "games"));
        });
    bar.set_style(style);
    bar
}

/// A rate for people: `12813 games/s`, `2.5 games/s`.
pub fn per_second(rate: f64, what: &str) -> String {
    if !rate.is_finite() {
        return format!("- {what}/s");
    }
    if rate < 10.0 {
        return format!("{rate:.1} {what}/s");
    }
    format!("{rate:.0} {what}/s")
}

/// Plays a series of games over threads ([`rulebook::app::series::run_games`])
/// with a progress bar.
pub fn run_series<T: Send>(
    n: usize,
    threads: usize,
    play: impl Fn(usize) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let bar = progress_bar(n as u64);
    let results = rulebook::app::series::run_games(n, threads, play, || bar.inc(1));
    bar.finish_and_clear();
    results
}

/// Creates the --record folder; refuses one that already holds files unless
/// `force`, so that the records of two runs never mix unnoticed.
pub fn record_folder(dir: &std::path::Path, force: bool) -> Result<(), String> {
    let shown = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| format!("--record {shown}: {e}"))?;
    let held = std::fs::read_dir(dir).map_err(|e| format!("--record {shown}: {e}"))?.count();
    if held > 0 && !force {
        return Err(format!(
            "--record {shown} already holds {held} file{}: the records of two runs would mix; \
             choose a new or empty folder, or add --force to write over the records of the same numbers",
            if held == 1 { "" } else { "s" }
        ));
    }
    if held > 0 {
        eprintln!("warning: --record {shown} already held {held} files; records of the same numbers are replaced");
    }
    Ok(())
}

/// How `rulebook serve` serves a game: given by the binary, so that this
/// front end and the web's import nothing of each other.
pub type Serve<'a> =
    &'a dyn Fn(&std::path::Path, load::Loaded, Vec<rulebook::check::Choice>, std::net::IpAddr, u16, bool) -> i32;

/// Exit code 1 with a message when an engine limit was reached: the moves
/// (and anything counted or judged from them) would be incomplete, so the
/// command gives no answer.
pub fn limit_reached(limit: Limit) -> i32 {
    eprintln!("error: no answer: {limit}");
    EXIT_INVALID
}

pub fn run(serve: Serve) -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { 0 };
        }
    };
    match cli.command {
        Command::Check { files, format, options } => check(&files, format, &options),
        Command::Render { game, at, format, output, force } => {
            commands::render(&game, &at, format, output.as_deref(), force)
        }
        Command::Serve { game, port, host, open } => {
            let loaded = match load::game(&game) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let Ok(choices) = load::parse_choices(&game.options) else { return EXIT_USAGE };
            serve(&game.file, loaded, choices, host, port, open)
        }
        Command::Describe { game } => commands::describe(&game),
        Command::Options { game } => commands::options(&game),
        Command::Position { game, at, numbers, fen } => commands::position(&game, &at, numbers, fen),
        Command::Why { game, ply, at } => commands::why(&game, &ply, &at),
        Command::Play {
            file,
            options,
            players,
            seed,
            resume,
            record,
            force,
            position,
            max_plies,
            compact,
            verbose,
        } => {
            let opts = play::Options { players, seed, resume, record, force, position, max_plies, compact, verbose };
            play::run(file, options, &opts)
        }
        Command::Simulate { game, games, seed, max_plies, threads, record, force, position, format } => {
            let json = format == Format::Json;
            simulate::run(&game, &simulate::Options { games, seed, max_plies, threads, record, force, position, json })
        }
        Command::Match { game, players, games, swap, seed, threads, record, force, max_plies, position, format } => {
            matches::run(
                &game,
                &matches::Options {
                    players,
                    games,
                    seed,
                    threads,
                    swap,
                    record,
                    force,
                    max_plies,
                    position,
                    json: format == Format::Json,
                },
            )
        }
        Command::Balance { files, options, agent, games, seed, threads, max_plies, format } => {
            balance::run(&files, &balance::Options { options, agent, games, seed, threads, max_plies, format })
        }
        Command::Replay { files, options } => commands::replay(&files, &options),
        Command::Bench { files, seconds, format } => commands::bench(&files, seconds, format == Format::Json),
        Command::Moves { game, at, roll, numbers } => commands::moves(&game, &at, roll, numbers),
        Command::Perft { game, depth, at, divide, distinct, expected, threads } => {
            let counting = if distinct { Counting::Distinct } else { Counting::Paths };
            if expected {
                return commands::perft_expected(&game, depth, &at);
            }
            commands::perft(&game, depth, &at, divide, counting, threads)
        }
        Command::Fmt { files, check } => editor::format(&files, check),
        Command::Lsp => editor::lsp(),
    }
}

use rulebook::app::series::MAX_GAMES as MAX_GAMES_IN_A_RUN;

fn games_in_a_run(text: &str) -> Result<usize, String> {
    let n: usize = text.parse().map_err(|_| format!("`{text}` is not a whole number of games"))?;
    if n > MAX_GAMES_IN_A_RUN {
        return Err(format!("at most {MAX_GAMES_IN_A_RUN} games in one run; run several with other --seed values"));
    }
    Ok(n)
}

/// `--threads`: from 1 to 64, refused outside (more threads than cores gain
/// nothing, and a cap keeps `--threads 100000` from exhausting the system).
fn thread_count(text: &str) -> Result<usize, String> {
    let n: usize = text.parse().map_err(|_| format!("`{text}` is not a whole number of threads"))?;
    match n {
        0 => Err("at least 1 thread".into()),
        n if n > rulebook::app::series::MAX_THREADS => {
            Err(format!("at most {} threads", rulebook::app::series::MAX_THREADS))
        }
        n => Ok(n),
    }
}

pub fn style() -> Style {
    let tty = std::io::stderr().is_terminal();
    Style { color: tty && std::env::var_os("NO_COLOR").is_none(), unicode: tty, width: 100 }
}

fn check(files: &[std::path::PathBuf], format: Format, options: &[String]) -> i32 {
    let mut worst = 0;
    let mut json = Vec::new();
    let choices = match load::parse_choices(options) {
        Ok(c) => c,
        Err(msg) => {
            eprintln!("error: {msg}");
            return EXIT_USAGE;
        }
    };
    for path in files {
        let report = load::check_path(path, &choices);
        if load::is_io(&report) {
            match format {
                Format::Human => load::print_report(&report),
                Format::Json => json.extend(load::shown(&report).iter().map(|(source, d)| {
                    let (name, text) = &report.sources[*source];
                    diagnostics::to_json(d, name, text)
                })),
            }
            worst = worst.max(EXIT_USAGE);
            continue;
        }
        let diags = &report.diagnostics;
        let errors = diags.iter().filter(|(_, d)| d.is_error()).count();
        let warnings = diags.len() - errors;
        for (source, d) in load::shown(&report) {
            let (name, text) = &report.sources[*source];
            match format {
                Format::Human => eprint!("{}", diagnostics::render(d, name, text, style())),
                Format::Json => json.push(diagnostics::to_json(d, name, text)),
            }
        }
        load::print_left_out(&report);
        if format == Format::Human {
            let verdict = if errors == 0 { "ok" } else { "invalid" };
            let mut counts = Vec::new();
            if errors > 0 {
                counts.push(format!("{errors} error{}", if errors == 1 { "" } else { "s" }));
            }
            if warnings > 0 {
                counts.push(format!("{warnings} warning{}", if warnings == 1 { "" } else { "s" }));
            }
            let counts = if counts.is_empty() { String::new() } else { format!(" ({})", counts.join(", ")) };
            println!("{}: {verdict}{counts}", path.display());
        }
        if errors > 0 {
            worst = worst.max(EXIT_INVALID);
        }
    }
    if format == Format::Json {
        println!("{}", serde_json::to_string_pretty(&json).expect("diagnostics serialize"));
    }
    worst
}
