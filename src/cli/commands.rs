//! The commands that run games.

use super::load::{self, Loaded};
use super::records;
use super::{limit_reached, At, GameArgs, EXIT_INVALID};
use rulebook::app::words::describe_outcome;
use rulebook::engine::{Counting, Engine, Limit, Position, Verdict};
use rulebook::record::Record;
use std::time::Instant;

/// The engine and the position after `--position` and `--plies`.
fn setup(game: &GameArgs, at: &At) -> Result<(Loaded, Position), i32> {
    let loaded = load::game(game)?;
    let pos = start_at(&loaded.engine, at)?;
    Ok((loaded, pos))
}

pub fn start_at(engine: &Engine, at: &At) -> Result<Position, i32> {
    let mut pos = match &at.position {
        Some(text) => engine.parse_position(text).map_err(|e| {
            eprintln!("error: --position: {e}");
            EXIT_INVALID
        })?,
        None => engine.start(),
    };
    if let Some(plies) = &at.plies {
        let mut history = engine.history_from(&pos);
        for (i, ply) in plies.split_whitespace().enumerate() {
            if let Some(o) = engine.outcome(&pos).map_err(limit_reached)? {
                eprintln!("error: ply {} `{ply}` comes after the game is over ({:?})", i + 1, o.reason);
                return Err(EXIT_INVALID);
            }
            match engine.parse_ply(&pos, ply) {
                Ok((_, mv)) => pos = engine.play_in(&pos, &mv, &mut history),
                Err(e) => {
                    eprintln!("error: ply {} of --plies: {e}", i + 1);
                    return Err(EXIT_INVALID);
                }
            }
        }
    }
    Ok(pos)
}

/// The usage error for `--numbers` on a board without square numbers.
fn numbers_unavailable(engine: &Engine, numbers: bool) -> Option<i32> {
    if numbers && engine.board().numbers.is_none() {
        eprintln!("error: --numbers: this board does not number its points (see `number points from ...`)");
        return Some(super::EXIT_USAGE);
    }
    None
}

pub fn moves(game: &GameArgs, at: &At, roll: Option<u8>, numbers: bool) -> i32 {
    let (loaded, pos) = match setup(game, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    if let Some(code) = numbers_unavailable(engine, numbers) {
        return code;
    }
    match (engine.dice(), roll) {
        (None, Some(_)) => {
            eprintln!("error: --roll: this game has no die");
            return super::EXIT_USAGE;
        }
        (Some(dice), Some(r)) if !dice.can_roll(r) => {
            eprintln!("error: --roll must be {}", dice.roll_words());
            return super::EXIT_USAGE;
        }
        (Some(dice), None) => {
            let mut all = Vec::new();
            for r in dice.rolls() {
                match engine.move_list_as(&pos, Some(r), numbers) {
                    Ok(list) => all.extend(list.into_iter().map(|m| format!("{r}:{m}"))),
                    Err(limit) => return limit_reached(limit),
                }
            }
            all.sort();
            for m in all {
                println!("{m}");
            }
            return 0;
        }
        _ => {}
    }
    let list = match engine.move_list_as(&pos, roll, numbers) {
        Ok(list) => list,
        Err(limit) => return limit_reached(limit),
    };
    for m in list {
        // A dice game's ply carries its roll (docs/rules.md), as --plies and why read it.
        match roll {
            Some(r) => println!("{r}:{m}"),
            None => println!("{m}"),
        }
    }
    0
}

/// Deeper than any perft that could finish.
const MAX_PERFT_DEPTH: u32 = 64;

/// The game and position a perft counts from, once the depth is checked.
fn perft_setup(game: &GameArgs, depth: u32, at: &At) -> Result<(Loaded, Position), i32> {
    if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
        eprintln!("error: the depth must be from 1 to {MAX_PERFT_DEPTH}");
        return Err(super::EXIT_USAGE);
    }
    setup(game, at)
}

pub fn perft(game: &GameArgs, depth: u32, at: &At, divide: bool, counting: Counting, threads: usize) -> i32 {
    let (loaded, pos) = match perft_setup(game, depth, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    for d in 1..=depth {
        let start = Instant::now();
        if divide && d == depth {
            let parts = match engine.divide(&pos, d, counting) {
                Ok(parts) => parts,
                Err(limit) => return limit_reached(limit),
            };
            let Some(total) = parts.iter().try_fold(0u128, |t, p| t.checked_add(p.1)) else {
                return limit_reached(Limit::Count);
            };
            for (m, n) in &parts {
                println!("{m} {n}");
            }
            println!("perft({d}) = {total}  ({})", rate(engine, total, start));
        } else {
            match engine.perft_threads(&pos, d, counting, threads) {
                Ok(n) => println!("perft({d}) = {n}  ({})", rate(engine, n, start)),
                Err(limit) => return limit_reached(limit),
            }
        }
    }
    0
}

/// `perft --expected`: each depth's expected count, the rolls weighed by their odds.
pub fn perft_expected(game: &GameArgs, depth: u32, at: &At) -> i32 {
    let (loaded, pos) = match perft_setup(game, depth, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    for d in 1..=depth {
        let start = Instant::now();
        match loaded.engine.perft_expected(&pos, d) {
            Ok(n) => println!("perft({d}) = {n:.6} expected  ({:.3} s)", start.elapsed().as_secs_f64()),
            Err(limit) => return limit_reached(limit),
        }
    }
    0
}

/// The time taken, and the speed where the count is of positions visited. A
/// dice game's count weighs each move by the rolls that allow it without
/// visiting the copies, so a rate from it would be no speed at all.
fn rate(engine: &Engine, nodes: u128, start: Instant) -> String {
    let secs = start.elapsed().as_secs_f64();
    if secs < 1e-3 || engine.dice().is_some() {
        return format!("{:.3} s", secs);
    }
    format!("{:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs)
}

pub fn render(
    game: &GameArgs,
    at: &At,
    format: super::RenderFormat,
    output: Option<&std::path::Path>,
    force: bool,
) -> i32 {
    let (loaded, pos) = match setup(game, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    let text = match format {
        super::RenderFormat::Text => rulebook::render::render(engine, &pos),
        super::RenderFormat::Svg => {
            // The last ply is marked: play all but it again to have the position before it.
            let last = match last_ply(engine, at) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let last = last.as_ref().map(|(before, mv)| (before, mv));
            let opts = rulebook::render::svg::Options { last, interactive: false };
            rulebook::render::svg::svg(engine, &pos, &opts)
        }
    };
    let Some(path) = output else {
        print!("{text}");
        return 0;
    };
    match super::files::write(path, &text, force, false, &loaded.files()) {
        Ok(()) => 0,
        Err(e) => {
            let hint = if matches!(e, super::files::WriteError::Exists) { "; add --force to replace it" } else { "" };
            eprintln!("error: cannot write {}: {e}{hint}", path.display());
            super::EXIT_USAGE
        }
    }
}

/// The position before the last of `--plies`, and that ply's move (None without plies).
fn last_ply(engine: &Engine, at: &At) -> Result<Option<(Position, rulebook::engine::Move)>, i32> {
    let Some(plies) = &at.plies else { return Ok(None) };
    let all: Vec<&str> = plies.split_whitespace().collect();
    let Some((last, rest)) = all.split_last() else { return Ok(None) };
    let before = start_at(engine, &At { position: at.position.clone(), plies: Some(rest.join(" ")) })?;
    let mv = engine.parse_ply(&before, last).map_err(|e| {
        eprintln!("error: ply {} of --plies: {e}", all.len());
        EXIT_INVALID
    })?;
    Ok(Some((before, mv.1)))
}

pub fn describe(game: &GameArgs) -> i32 {
    match load::game(game) {
        Ok(l) => {
            let mut title = l.heading();
            if let Some(d) = &l.description {
                title.push_str(&format!("\n  {d}"));
            }
            print!("{}", rulebook::describe::describe_as(&l.engine.game, &title));
            0
        }
        Err(code) => code,
    }
}

pub fn options(game: &GameArgs) -> i32 {
    let loaded = match load::game(game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let options = &loaded.engine.game.options;
    if let Some(name) = &loaded.variant {
        println!("{} (variant of {})", name, loaded.engine.game.name);
    }
    if options.is_empty() {
        println!("{} has no options.", loaded.engine.game.name);
        return 0;
    }
    let width = options.iter().map(|o| o.name.len() + 1 + o.value.len()).max().unwrap_or(0);
    for o in options {
        let setting = format!("{}={}", o.name, o.value);
        println!("{setting:width$}  {}  (one of: {})", o.description, o.values.join(", "));
    }
    0
}

pub fn position(game: &GameArgs, at: &At, numbers: bool, fen: bool) -> i32 {
    match setup(game, at) {
        Ok((loaded, pos)) => {
            if let Some(code) = numbers_unavailable(&loaded.engine, numbers) {
                return code;
            }
            if fen {
                let Some(text) = loaded.engine.fen(&pos) else {
                    eprintln!(
                        "error: --fen: FEN describes boards that are full rectangles of points, with no pieces in hand"
                    );
                    return super::EXIT_USAGE;
                };
                println!("{text}");
                return 0;
            }
            println!("{}", loaded.engine.position_notation_as(&pos, numbers));
            0
        }
        Err(code) => code,
    }
}

pub fn why(game: &GameArgs, ply: &str, at: &At) -> i32 {
    let (loaded, pos) = match setup(game, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    if engine.dice().is_some() && !ply.contains(':') {
        eprintln!("error: in a dice game the move carries its roll: ROLL:MOVE, for example 3:{ply}");
        return super::EXIT_USAGE;
    }
    match engine.why(&pos, None, ply) {
        Err(limit) => limit_reached(limit),
        Ok(Verdict::Legal(_, mv)) => {
            let after = engine.play_unchecked(&pos, &mv);
            // In a dice game whether the next player can move waits for its roll.
            let ends = if engine.dice().is_some() { Ok(after.decided()) } else { engine.outcome(&after) };
            match ends {
                Ok(Some(o)) => println!("{ply} is legal, and ends the game: {}.", describe_outcome(engine, &o)),
                _ => println!("{ply} is legal."),
            }
            0
        }
        Ok(Verdict::Illegal { reason, legal }) => {
            println!("{ply} is not legal: {reason}.");
            if !legal.is_empty() {
                println!("Legal moves: {}", legal.join(" "));
            }
            EXIT_INVALID
        }
    }
}

/// Loads the game a record is for: `given`, or the one its File tag names.
fn record_game(
    given: Option<&std::path::Path>,
    record: &Record,
    path: &std::path::Path,
    options: &[String],
) -> Result<Loaded, i32> {
    let file = match given {
        Some(g) => g.to_path_buf(),
        None => records::game_file(record, path, "rulebook replay GAME RECORD").map_err(|e| {
            eprintln!("error: {e}");
            EXIT_INVALID
        })?,
    };
    let game = GameArgs { file, options: records::options(record, options) };
    let loaded = load::game(&game).inspect_err(|_| {
        if let Some(line) = record.tag_line("Options") {
            eprintln!("note: the options come from the record's Options tag, {}", records::place(path, Some(line)));
        }
    })?;
    records::check_game(&loaded, record, path).map_err(|e| {
        eprintln!("error: {e}");
        EXIT_INVALID
    })?;
    Ok(loaded)
}

/// `replay [GAME] RECORD`: checks every ply and the claimed result.
pub fn replay(paths: &[std::path::PathBuf], options: &[String]) -> i32 {
    let (given, path) = match paths {
        [r] => (None, r.as_path()),
        [g, r] => (Some(g.as_path()), r.as_path()),
        _ => {
            eprintln!("error: replay takes a record, or a game file and a record");
            return super::EXIT_USAGE;
        }
    };
    let record = match load::read_record(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return if path.is_file() { EXIT_INVALID } else { super::EXIT_USAGE };
        }
    };
    let loaded = match record_game(given, &record, path, options) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    let end = records::start(engine, &record, path)
        .and_then(|pos| records::follow(engine, &record, path, pos, |_, _, _, _| {}));
    let pos = match end {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_INVALID;
        }
    };
    print!("{}", rulebook::render::render(engine, &pos));
    println!("{}", engine.position_notation(&pos));
    let result = match engine.outcome(&pos) {
        Ok(Some(o)) => describe_outcome(engine, &o),
        Ok(None) => "unfinished".into(),
        Err(limit) => return limit_reached(limit),
    };
    println!("{}: {} plies, all legal. Result: {result}.", loaded.title(), record.plies.len());
    if let Some(claimed) = record.tag("Result") {
        if claimed != result && !claimed.starts_with("unfinished") {
            let at = records::place(path, record.tag_line("Result"));
            eprintln!("error: {at}: the record says the result is `{claimed}`");
            return EXIT_INVALID;
        }
    }
    0
}

/// The fixed search workload of `bench`: each agent once from each game's
/// start, seeded, so that what it finds (its fingerprint) changes only when
/// the search does, and its speed can be followed across commits.
const BENCH_SEARCHES: [(&str, &str); 4] = [
    ("games/breakthrough.game", "mcts:iterations=100000"),
    ("games/breakthrough.game", "alphabeta:depth=8"),
    ("games/english-draughts.game", "mcts:iterations=100000"),
    ("games/english-draughts.game", "alphabeta:depth=15"),
];

/// Runs [`BENCH_SEARCHES`]; prints them unless `json`, and returns their rows.
fn bench_searches(json: bool) -> Result<Vec<serde_json::Value>, i32> {
    if !json {
        println!();
        println!(
            "{:<30} {:<22} {:>8} {:>12} {:>12} {:>8}",
            "search", "agent", "move", "fingerprint", "rate", "seconds"
        );
    }
    let mut rows = Vec::new();
    for (file, spec) in BENCH_SEARCHES {
        let loaded = load::game(&GameArgs { file: file.into(), options: Vec::new() })?;
        let e = &loaded.engine;
        let pos = e.start();
        let history = e.history_from(&pos);
        let mut moves = Vec::new();
        e.moves(&pos, None, &mut moves).map_err(limit_reached)?;
        let mut agent = rulebook::agents::by_name(spec).expect("a valid agent");
        let mut rng = rulebook::agents::GameRng::new(1);
        let chosen = agent.choose(e, &pos, &history, &moves, &mut rng).map_err(limit_reached)?;
        let work = agent.work().expect("a search reports its work");
        let rate = work.amount as f64 / work.seconds.max(1e-9);
        let notation = e.notation(&chosen);
        if !json {
            println!(
                "{file:<30} {spec:<22} {notation:>8} {:>12} {:>9.0} {:<2} {:>8.2}",
                work.fingerprint,
                rate,
                if work.unit == "nodes" { "n/s" } else { "i/s" },
                work.seconds
            );
        }
        rows.push(serde_json::json!({
            "game": file,
            "agent": spec,
            "move": notation,
            "fingerprint": work.fingerprint,
            "per_s": rate.round(),
            "unit": work.unit,
        }));
    }
    Ok(rows)
}

/// Random playouts a second from the start, ply limit 400 (docs/rules.md), one core.
fn bench_playouts(e: &Engine, seconds: f64) -> Result<f64, Limit> {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let mut moves = Vec::new();
    let setup = e.start();
    let start = Instant::now();
    let mut games = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..16 {
            e.playout(&setup, 400, &mut rng, &mut moves, None)?;
        }
        games += 16;
    }
    Ok(games as f64 / start.elapsed().as_secs_f64())
}

/// Perft from the start to the deepest depth that takes under `seconds`: that
/// depth, its nodes a second, and why it stopped short where an engine limit
/// ended the deepening (the speed is then the last whole depth's).
fn bench_perft(e: &Engine, seconds: f64) -> Result<(u32, f64, Option<String>), Limit> {
    let pos = e.start();
    let (mut depth, mut rate) = (0, 0.0);
    for d in 1..=12 {
        let t = Instant::now();
        let n = match e.perft(&pos, d) {
            Ok(n) => n,
            Err(limit) if d > 1 => return Ok((depth, rate, Some(format!("perft({d}) stopped: {limit}")))),
            Err(limit) => return Err(limit),
        };
        let secs = t.elapsed().as_secs_f64();
        if n == 0 {
            break; // every game is over before this depth (tic-tac-toe past 9)
        }
        if secs > 1e-3 {
            (depth, rate) = (d, n as f64 / secs);
        }
        if secs * 30.0 > seconds {
            break;
        }
    }
    Ok((depth, rate, None))
}

pub fn bench(files: &[std::path::PathBuf], seconds: f64, json: bool) -> i32 {
    let defaults = [
        "games/tabal.game",
        "games/tablut.game",
        "games/variants/tablut-no-dice.toml",
        "games/english-draughts.game",
        "games/international-draughts.game",
    ];
    let files: Vec<std::path::PathBuf> =
        if files.is_empty() { defaults.iter().map(std::path::PathBuf::from).collect() } else { files.to_vec() };
    if !json {
        println!("{:<40} {:>14} {:>16} {:>12}", "game", "playouts/s", "perft nodes/s", "(depth)");
    }
    let mut rows = Vec::new();
    for file in files {
        let args = GameArgs { file: file.clone(), options: Vec::new() };
        let loaded = match load::game(&args) {
            Ok(l) => l,
            Err(code) => return code,
        };
        let e = &loaded.engine;
        let playouts = match bench_playouts(e, seconds) {
            Ok(rate) => rate,
            Err(limit) => return limit_reached(limit),
        };
        let (depth, rate, stopped) = match bench_perft(e, seconds) {
            Ok(found) => found,
            Err(limit) => return limit_reached(limit),
        };
        let perft_rate = (e.dice().is_none()).then_some(rate.round());
        rows.push(serde_json::json!({
            "game": file.display().to_string(),
            "playouts_per_s": playouts.round(),
            "perft_nodes_per_s": perft_rate,
            "perft_depth": depth,
            "perft_stopped": stopped,
        }));
        if !json {
            let rate = perft_rate.map_or("-  (*)".to_string(), |r| format!("{r:.0}"));
            println!("{:<40} {:>14.0} {:>16} {:>12}", file.display().to_string(), playouts, rate, depth);
            if let Some(why) = &stopped {
                println!("  ({why})");
            }
        }
    }
    let searches = match bench_searches(json) {
        Ok(rows) => rows,
        Err(code) => return code,
    };
    if json {
        let out = serde_json::json!({
            "version": env!("CARGO_PKG_VERSION"),
            "seconds": seconds,
            "games": rows,
            "searches": searches,
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("JSON of numbers and strings"));
    } else {
        println!(
            "(*) no speed: a dice game's perft weighs each move by the rolls that allow it, without visiting the copies."
        );
    }
    0
}
