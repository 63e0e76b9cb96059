//! `rulebook simulate`: many random games, with statistics.

use super::load;
use super::records;
use super::GameArgs;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rulebook::app::simulate::Stats;
use rulebook::app::words::{describe_outcome as describe, game_seed};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

pub struct Options {
    pub games: usize,
    pub seed: u64,
    /// None: the game's default (`series::ply_limit`).
    pub max_plies: Option<u32>,
    pub threads: usize,
    pub record: Option<std::path::PathBuf>,
    /// Writes into a --record folder that already holds files.
    pub force: bool,
    pub position: Option<String>,
    /// The figures as JSON rather than in words.
    pub json: bool,
}

pub fn run(game: &GameArgs, opts: &Options) -> i32 {
    let loaded = match load::game(game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    let max_plies = rulebook::app::series::ply_limit(engine, opts.max_plies);
    let start_pos = match &opts.position {
        Some(p) => match engine.parse_position(p) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: --position: {e}");
                return super::EXIT_INVALID;
            }
        },
        None => engine.start(),
    };
    if let Some(dir) = &opts.record {
        if let Err(e) = super::record_folder(dir, opts.force) {
            eprintln!("error: {e}");
            return super::EXIT_USAGE;
        }
    }
    if opts.threads == 0 {
        eprintln!("error: --threads must be at least 1");
        return super::EXIT_USAGE;
    }
    // The game as each record names it: relative to the folder, found wherever both move.
    let file_tag = opts.record.as_deref().map(|dir| super::files::relative_to(&game.file, dir)).unwrap_or_default();
    // More threads than cores gain nothing; a cap keeps `--threads 100000` from exhausting the system.
    let threads = opts.threads.min(rulebook::app::series::MAX_THREADS).min(opts.games.max(1));
    let bar = super::progress_bar(opts.games as u64);
    let shared = Shared {
        loaded: &loaded,
        opts,
        start_pos: &start_pos,
        max_plies,
        file_tag,
        bar: &bar,
        next: AtomicUsize::new(0),
        total: Mutex::new(Stats::default()),
        errors: Mutex::new(Vec::new()),
        limit: Mutex::new(None),
    };
    let start = Instant::now();
    let spawn_error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads {
            if let Err(e) = std::thread::Builder::new().spawn_scoped(s, || shared.play_games()) {
                // The threads already running stop at their next game.
                shared.next.store(opts.games, Ordering::Relaxed);
                *spawn_error.lock().expect("no panics while held") = Some(e);
                break;
            }
        }
    });
    let Shared { total, errors, limit, .. } = shared;
    if let Some(e) = spawn_error.into_inner().expect("threads done") {
        bar.finish_and_clear();
        eprintln!("error: cannot start {threads} threads: {e}; try fewer with --threads");
        return super::EXIT_USAGE;
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(e) = errors.lock().expect("threads done").first() {
        eprintln!("error: cannot write a record: {e}");
        return super::EXIT_USAGE;
    }
    if let Some(l) = limit.into_inner().expect("threads done") {
        return super::limit_reached(l);
    }
    let mut stats = total.into_inner().expect("threads done");
    // A fixed order, whatever order the threads finished in.
    stats.settle();
    if opts.json {
        let figures = stats.json(engine, opts.seed, max_plies);
        println!("{}", serde_json::to_string_pretty(&figures).expect("json"));
    } else {
        summary(&loaded, opts, (threads, max_plies), &stats, elapsed);
    }
    0
}

/// What the threads playing the games share: the game, the options, the
/// next game to play, and what the games found.
struct Shared<'a> {
    loaded: &'a load::Loaded,
    opts: &'a Options,
    start_pos: &'a rulebook::engine::Position,
    max_plies: u32,
    /// The game as each record names it (relative to the record folder).
    file_tag: std::path::PathBuf,
    bar: &'a indicatif::ProgressBar,
    next: AtomicUsize,
    total: Mutex<Stats>,
    errors: Mutex<Vec<String>>,
    /// The first engine limit any game reached: the statistics would be skewed, so none are given.
    limit: Mutex<Option<rulebook::engine::Limit>>,
}

impl Shared<'_> {
    /// Plays games, one after another, until none are left; its figures
    /// go into `total`.
    fn play_games(&self) {
        let (engine, opts) = (&self.loaded.engine, self.opts);
        let mut moves = Vec::new();
        let mut record = Vec::new();
        let mut stats = Stats::default();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= opts.games {
                break;
            }
            let seed = game_seed(opts.seed, i);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            record.clear();
            let recording = opts.record.is_some().then_some(&mut record);
            let p = match engine.playout(self.start_pos, self.max_plies, &mut rng, &mut moves, recording) {
                Ok(p) => p,
                Err(l) => {
                    self.limit.lock().expect("no panics while held").get_or_insert(l);
                    self.next.store(opts.games, Ordering::Relaxed);
                    break;
                }
            };
            if let Some(dir) = &opts.record {
                let mut r = records::new_record(self.loaded, &self.file_tag, seed, self.start_pos, record.clone());
                records::finish(&mut r, &describe(engine, &p.outcome));
                let path = dir.join(format!("game-{:05}.txt", i + 1));
                if let Err(e) = super::files::write(&path, &r.write(), true, false, &self.loaded.files()) {
                    self.errors.lock().expect("no panics while held").push(format!("{}: {e}", path.display()));
                }
            }
            stats.add(&p);
            self.bar.inc(1);
        }
        self.total.lock().expect("no panics while held").merge(stats);
    }
}

fn listed(tally: Vec<(String, u64)>) -> String {
    tally.iter().map(|(w, c)| format!("{w} {c}")).collect::<Vec<_>>().join(", ")
}

fn summary(loaded: &load::Loaded, opts: &Options, (threads, max_plies): (usize, u32), stats: &Stats, elapsed: f64) {
    let engine = &loaded.engine;
    let g = &engine.game;
    let n = stats.games.max(1) as f64;
    println!(
        "{}: {} random games (seed {}, ply limit {}, {} thread{})",
        loaded.title(),
        stats.games,
        opts.seed,
        max_plies,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    let mut rows: Vec<(String, u64, String)> = Vec::new();
    for (pi, p) in g.players.iter().enumerate() {
        let (won, why) = stats.wins(engine, pi as u8);
        rows.push((format!("{} won", p.name), won, listed(why)));
    }
    rows.push(("unfinished".into(), stats.unfinished(), String::new()));
    let (draws, why) = stats.draws(engine);
    if draws > 0 {
        // Draws by the rule that made them, as wins are.
        rows.push(("drawn".into(), draws, listed(why)));
    }
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(14);
    for (label, count, why) in &rows {
        let why = if why.is_empty() { String::new() } else { format!("  {why}") };
        println!("  {label:width$}  {count:>7}  ({:5.1}%){why}", *count as f64 * 100.0 / n);
    }
    if engine.ranks_places() {
        places_table(engine, stats, width);
    }
    let (mean, sd) = (stats.mean_plies(), stats.sd_plies());
    let (min, max) = (stats.min.unwrap_or(0), stats.max);
    println!("  {:width$}  mean {mean:.1} plies, sd {sd:.1}, min {min}, max {max}", "game length");
    println!("  {:width$}  mean {:.1} legal moves a ply", "branching", stats.branching());
    println!(
        "  {:width$}  {:.0} playouts/s, {:.0} plies/s ({:.2} s)",
        "speed",
        stats.games as f64 / elapsed,
        stats.plies as f64 / elapsed,
        elapsed
    );
}

/// Under `play on for places`: each player's share of each place, over the
/// games that ended with a ranking, and its mean place.
fn places_table(engine: &rulebook::engine::Engine, stats: &Stats, width: usize) {
    let players = engine.players() as usize;
    for (pi, p) in engine.game.players.iter().enumerate() {
        let placed = stats.places(pi as u8, players);
        let ranked = placed.at.iter().sum::<u64>() + placed.shared;
        if ranked == 0 {
            continue;
        }
        let share = |c: u64| c as f64 * 100.0 / ranked as f64;
        let mut cells: Vec<String> =
            placed.at.iter().enumerate().map(|(k, &c)| format!("{}: {:5.1}%", k + 1, share(c))).collect();
        if placed.shared > 0 {
            cells.push(format!("shared: {:5.1}%", share(placed.shared)));
        }
        let label = format!("{} places", p.name);
        println!("  {label:width$}  {}  mean {:.2} ({ranked} games)", cells.join("  "), placed.mean);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rates_are_whole_numbers_unless_small() {
        assert_eq!(crate::cli::per_second(12812.4103, "games"), "12812 games/s");
        assert_eq!(crate::cli::per_second(2.54, "games"), "2.5 games/s");
        assert_eq!(crate::cli::per_second(f64::INFINITY, "games"), "- games/s");
    }
}
