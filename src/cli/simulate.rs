//! `rulebook simulate`: many random games, with statistics.

use super::load;
use super::GameArgs;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rulebook::engine::{Engine, Outcome, Reason};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

pub struct Options {
    pub games: usize,
    pub seed: u64,
    pub max_plies: u32,
    pub threads: usize,
    pub record: Option<std::path::PathBuf>,
    pub position: Option<String>,
}

/// The seed of game `i`: independent of how games are split across threads,
/// so the same seed gives the same games with any `--threads`.
pub fn game_seed(seed: u64, i: usize) -> u64 {
    let mut z = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Result {
    outcome: Outcome,
    plies: u32,
    choices: u64,
}

pub fn run(game: &GameArgs, opts: &Options) -> i32 {
    let loaded = match load::game(game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
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
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: --record {}: {e}", dir.display());
            return super::EXIT_USAGE;
        }
    }
    let threads = opts.threads.max(1).min(opts.games.max(1));
    let bar = indicatif::ProgressBar::new(opts.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("a valid template"),
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result>>> = Mutex::new((0..opts.games).map(|_| None).collect());
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut moves = Vec::new();
                let mut record = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.games {
                        break;
                    }
                    let seed = game_seed(opts.seed, i);
                    let mut rng = Pcg64Mcg::seed_from_u64(seed);
                    record.clear();
                    let p = engine.playout(
                        &start_pos,
                        opts.max_plies,
                        &mut rng,
                        &mut moves,
                        opts.record.is_some().then_some(&mut record),
                    );
                    if let Some(dir) = &opts.record {
                        let mut r = super::play::record(engine, game, seed, &start_pos, &record);
                        r.set("Result", describe(engine, &p.outcome));
                        let path = dir.join(format!("game-{:05}.txt", i + 1));
                        if let Err(e) = std::fs::write(&path, r.write()) {
                            errors.lock().expect("no panics while held").push(format!("{}: {e}", path.display()));
                        }
                    }
                    results.lock().expect("no panics while held")[i] =
                        Some(Result { outcome: p.outcome, plies: p.plies, choices: p.choices });
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(e) = errors.lock().expect("threads done").first() {
        eprintln!("error: cannot write a record: {e}");
        return super::EXIT_USAGE;
    }
    let results: Vec<Result> = results.into_inner().expect("threads done").into_iter().flatten().collect();
    summary(engine, opts, threads, &results, elapsed);
    super::commands::search_limit(engine)
}

pub fn describe(engine: &Engine, o: &Outcome) -> String {
    super::commands::describe_outcome(engine, o)
}

fn reason_words(engine: &Engine, r: &Reason) -> String {
    let g = &engine.game;
    match r {
        Reason::NoMove(p) => format!("{} had no move", g.players[*p as usize].name),
        Reason::NoPieces(p) => format!("{} had no pieces", g.players[*p as usize].name),
        Reason::Captured(k) => format!("{} captured", g.kinds[*k as usize].name),
        Reason::Escaped(k) => format!("{} escaped", g.kinds[*k as usize].name),
        Reason::Reached(k) => format!("{} reached its goal", g.kinds[*k as usize].name),
        Reason::Encircled(p) => format!("{} encircled", g.players[*p as usize].name),
        Reason::Fortified(k) => format!("{} in an edge fort", g.kinds[*k as usize].name),
        Reason::PlyLimit => "ply limit".into(),
    }
}

fn summary(engine: &Engine, opts: &Options, threads: usize, results: &[Result], elapsed: f64) {
    let g = &engine.game;
    let n = results.len().max(1) as f64;
    println!(
        "{}: {} random games (seed {}, ply limit {}, {} thread{})",
        g.name,
        results.len(),
        opts.seed,
        opts.max_plies,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    let mut rows: Vec<(String, usize, String)> = Vec::new();
    for (pi, p) in g.players.iter().enumerate() {
        let won: Vec<&Result> = results.iter().filter(|r| r.outcome.winner == Some(pi as u8)).collect();
        let mut reasons: Vec<(String, usize)> = Vec::new();
        for r in &won {
            let w = reason_words(engine, &r.outcome.reason);
            match reasons.iter_mut().find(|x| x.0 == w) {
                Some(x) => x.1 += 1,
                None => reasons.push((w, 1)),
            }
        }
        reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
        let why: Vec<String> = reasons.iter().map(|(w, c)| format!("{w} {c}")).collect();
        rows.push((format!("{} won", p.name), won.len(), why.join(", ")));
    }
    let unfinished = results.iter().filter(|r| r.outcome.reason == Reason::PlyLimit).count();
    let draws = results.iter().filter(|r| r.outcome.winner.is_none() && r.outcome.reason != Reason::PlyLimit).count();
    rows.push(("unfinished".into(), unfinished, String::new()));
    if draws > 0 {
        rows.push(("drawn".into(), draws, String::new()));
    }
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(14);
    for (label, count, why) in &rows {
        let why = if why.is_empty() { String::new() } else { format!("  {why}") };
        println!("  {label:width$}  {count:>7}  ({:5.1}%){why}", *count as f64 * 100.0 / n);
    }
    let lengths: Vec<f64> = results.iter().map(|r| r.plies as f64).collect();
    let mean = lengths.iter().sum::<f64>() / n;
    let sd = (lengths.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / n).sqrt();
    let min = results.iter().map(|r| r.plies).min().unwrap_or(0);
    let max = results.iter().map(|r| r.plies).max().unwrap_or(0);
    println!("  {:width$}  mean {mean:.1} plies, sd {sd:.1}, min {min}, max {max}", "game length");
    let plies: u64 = results.iter().map(|r| r.plies as u64).sum();
    let choices: u64 = results.iter().map(|r| r.choices).sum();
    println!("  {:width$}  mean {:.1} legal moves a ply", "branching", choices as f64 / plies.max(1) as f64);
    println!(
        "  {:width$}  {:.0} playouts/s, {:.0} plies/s ({:.2} s)",
        "speed",
        results.len() as f64 / elapsed,
        plies as f64 / elapsed,
        elapsed
    );
}
