//! `rulebook balance`: games and variants played by one agent against itself,
//! side by side: each side's win rate with its 95% interval, draws, length,
//! branching, and how often each goal decides the game.

use super::load;
use super::run_series as run_games;
use super::{GameArgs, TableFormat, EXIT_INVALID, EXIT_USAGE};
use rulebook::agents::AgentSpec;
use rulebook::app::balance::{balance_game, Column};
use rulebook::app::series::{limit_text, ply_limit};
use rulebook::app::words::game_seed;
use serde_json::json;
use std::path::PathBuf;

pub struct Options {
    pub options: Vec<String>,
    pub agent: String,
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    /// None: each game's default (`series::ply_limit`).
    pub max_plies: Option<u32>,
    pub format: TableFormat,
}

pub fn run(files: &[PathBuf], opts: &Options) -> i32 {
    let spec = match AgentSpec::parse(&opts.agent) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: --agent {e}");
            return EXIT_USAGE;
        }
    };
    if opts.threads == 0 || opts.games == 0 {
        eprintln!("error: --games and --threads must be at least 1");
        return EXIT_USAGE;
    }
    let mut columns = Vec::new();
    let mut limits = Vec::new();
    for file in files {
        let args = GameArgs { file: file.clone(), options: opts.options.clone() };
        let loaded = match load::game(&args) {
            Ok(l) => l,
            Err(code) => return code,
        };
        let engine = &loaded.engine;
        let start = engine.start();
        let max_plies = ply_limit(engine, opts.max_plies);
        limits.push(max_plies);
        let games = run_games(opts.games, opts.threads, |i| {
            balance_game(engine, &start, &spec, game_seed(opts.seed, i), max_plies).map_err(limit_text)
        });
        match games {
            Ok(g) => columns.push(Column::new(file.display().to_string(), engine, &g)),
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                return if e.starts_with("no verdict") { EXIT_INVALID } else { EXIT_USAGE };
            }
        }
    }
    match opts.format {
        TableFormat::Human => print_table(&columns, &spec, opts, &limits),
        TableFormat::Csv => print_csv(&columns),
        TableFormat::Json => {
            let all: Vec<serde_json::Value> = columns.iter().map(Column::json).collect();
            let out = json!({"agent": spec.to_string(), "seed": opts.seed, "files": all});
            println!("{}", serde_json::to_string_pretty(&out).expect("json"));
        }
    }
    0
}

/// The side names of the table's rows: the players' own when every file
/// names them alike, else by turn order.
fn side_labels(columns: &[Column]) -> Vec<String> {
    let same = columns.windows(2).all(|w| w[0].sides == w[1].sides);
    match columns.first() {
        Some(c) if same => c.sides.clone(),
        _ => {
            let most = columns.iter().map(|c| c.sides.len()).max().unwrap_or(2);
            let nth = ["first", "second", "third", "fourth", "fifth", "sixth"];
            nth[..most.min(nth.len())].iter().map(|n| format!("{n} player")).collect()
        }
    }
}

/// Every way a game ended in any file, in the order first met.
fn endings(columns: &[Column]) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    for c in columns {
        for (w, _) in &c.decided_by {
            if !all.contains(w) {
                all.push(w.clone());
            }
        }
    }
    all
}

/// `limits`: each file's ply limit.
fn print_table(columns: &[Column], spec: &AgentSpec, opts: &Options, limits: &[u32]) {
    let limit = match limits {
        [first, rest @ ..] if rest.iter().all(|l| l == first) => format!("ply limit {first}"),
        _ => format!("ply limits {}", limits.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
    };
    println!("{spec} against itself, {} games a file (seed {}, {limit})", opts.games, opts.seed);
    let sides = side_labels(columns);
    let endings = endings(columns);
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let pct = |(r, lo, hi): (f64, f64, f64)| format!("{r:.1}% ({lo:.1}-{hi:.1})");
    for (s, side) in sides.iter().enumerate() {
        let cells = columns.iter().map(|c| c.wins.get(s).map_or("-".into(), |&k| pct(c.rate(k)))).collect();
        rows.push((format!("{side} won"), cells));
    }
    rows.push(("drawn".into(), columns.iter().map(|c| pct(c.rate(c.draws))).collect()));
    rows.push(("unfinished".into(), columns.iter().map(|c| pct(c.rate(c.unfinished))).collect()));
    rows.push(("mean length".into(), columns.iter().map(|c| format!("{:.1} plies", c.mean_plies())).collect()));
    rows.push(("branching".into(), columns.iter().map(|c| format!("{:.1} moves", c.branching())).collect()));
    for e in &endings {
        let cells = columns.iter().map(|c| format!("{:.1}%", c.decided(e) as f64 * 100.0 / c.n())).collect();
        rows.push((format!("by {e}"), cells));
    }
    let label_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns.len())
        .map(|i| rows.iter().map(|r| r.1[i].len()).chain([columns[i].file.len()]).max().unwrap_or(0))
        .collect();
    let mut header = format!("  {:label_width$}", "");
    for (c, w) in columns.iter().zip(&widths) {
        header.push_str(&format!("  {:<w$}", c.file));
    }
    println!("{}", header.trim_end());
    for (label, cells) in rows {
        let mut line = format!("  {label:label_width$}");
        for (cell, w) in cells.iter().zip(&widths) {
            line.push_str(&format!("  {cell:<w$}"));
        }
        println!("{}", line.trim_end());
    }
}

/// One line per file and measure: `file,measure,value,low,high`.
fn print_csv(columns: &[Column]) {
    println!("file,measure,value,low,high");
    let quote =
        |s: &str| if s.contains([',', '"']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
    for c in columns {
        let f = quote(&c.file);
        for s in 0..c.wins.len() {
            let (r, lo, hi) = c.rate(c.wins[s]);
            println!("{f},{} won,{:.4},{:.4},{:.4}", quote(&c.sides[s]), r / 100.0, lo / 100.0, hi / 100.0);
        }
        for (what, k) in [("drawn", c.draws), ("unfinished", c.unfinished)] {
            let (r, lo, hi) = c.rate(k);
            println!("{f},{what},{:.4},{:.4},{:.4}", r / 100.0, lo / 100.0, hi / 100.0);
        }
        println!("{f},mean length,{:.2},,", c.mean_plies());
        println!("{f},branching,{:.2},,", c.branching());
        for (words, k) in &c.decided_by {
            println!("{f},{},{:.4},,", quote(&format!("by {words}")), *k as f64 / c.n());
        }
    }
}
