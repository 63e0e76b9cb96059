//! How long after an edit the editor gets a game's diagnostics from
//! `rulebook lsp` (the target: within 50 ms). Run with `cargo bench --bench lsp`;
//! it prints the median, the 95th percentile and the slowest of 200 edits per shipped game.

// The tests' client; the bench uses a part of it.
#[path = "../tests/it/lsp/client.rs"]
#[allow(dead_code)]
mod client;

use client::{pos, Client};
use serde_json::json;
use std::time::{Duration, Instant};

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut c = Client::start(env!("CARGO_BIN_EXE_rulebook"));
    let mut games: Vec<_> = std::fs::read_dir(format!("{root}/games")).unwrap().map(|e| e.unwrap().path()).collect();
    games.retain(|p| p.extension().is_some_and(|e| e == "game"));
    games.sort();
    let mut worst = Duration::ZERO;
    for path in games {
        let text = std::fs::read_to_string(&path).unwrap();
        let uri = format!("file://{}", path.display());
        c.open(&uri, &text);
        c.diagnostics(&uri);
        let mut times = Vec::new();
        for version in 2..202 {
            // Type a character at the end of the file, or take it away: the whole game is checked again.
            let lines = text.lines().count() as u64;
            let change = if version % 2 == 0 {
                json!([{ "range": { "start": pos(lines, 0), "end": pos(lines, 0) }, "text": "#" }])
            } else {
                json!([{ "range": { "start": pos(lines, 0), "end": pos(lines, 1) }, "text": "" }])
            };
            let start = Instant::now();
            c.change(&uri, version, change);
            c.diagnostics(&uri);
            times.push(start.elapsed());
        }
        times.sort();
        let (median, p95, max) = (times[times.len() / 2], times[times.len() * 95 / 100], times[times.len() - 1]);
        worst = worst.max(max);
        let name = path.file_name().unwrap().to_string_lossy();
        println!("{name:<32} median {:>6.2} ms   95% {:>6.2} ms   slowest {:>6.2} ms", ms(median), ms(p95), ms(max));
    }
    println!("slowest of all: {:.2} ms (target: 50 ms; on a loaded machine the slowest is the scheduler's)", ms(worst));
    c.stop();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
