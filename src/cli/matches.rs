//! `rulebook match`: games between agents, one a side, with wins per agent
//! and per side, their 95% confidence intervals and, between two, an Elo
//! difference.

use super::load::{self, Loaded};
use super::records;
use super::run_series as run_games;
use super::{GameArgs, EXIT_INVALID, EXIT_USAGE};
use rulebook::app::matches::{labels, match_game, sides, start_position, Tally};
use rulebook::app::series::{limit_text, ply_limit};
use rulebook::app::stats::wilson;
use rulebook::app::words::{and_list, game_seed};
use std::path::PathBuf;

pub struct Options {
    pub players: Vec<String>,
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    pub swap: bool,
    pub record: Option<PathBuf>,
    pub force: bool,
    /// None: the game's default (`series::ply_limit`).
    pub max_plies: Option<u32>,
    pub position: Option<String>,
    pub json: bool,
}

fn show_elo(e: f64) -> String {
    if e.is_infinite() {
        return if e > 0.0 { "+inf".into() } else { "-inf".into() };
    }
    format!("{e:+.0}")
}

pub fn run(game: &GameArgs, opts: &Options) -> i32 {
    let loaded = match load::game(game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    let specs = match sides(engine, &opts.players) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let start = match start_position(engine, &opts.position) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_INVALID;
        }
    };
    if opts.threads == 0 || opts.games == 0 {
        eprintln!("error: --games and --threads must be at least 1");
        return EXIT_USAGE;
    }
    if let Some(dir) = &opts.record {
        if let Err(e) = super::record_folder(dir, opts.force) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    let file_tag = opts.record.as_deref().map(|dir| super::files::relative_to(&game.file, dir)).unwrap_or_default();
    let names = labels(&specs);
    let max_plies = ply_limit(engine, opts.max_plies);
    let results = run_games(opts.games, opts.threads, |i| {
        let seed = game_seed(opts.seed, i);
        let record = opts.record.is_some();
        let g = match_game(engine, &start, &specs, (i, seed), opts.swap, max_plies, record).map_err(limit_text)?;
        if let Some(dir) = &opts.record {
            let mut r = records::new_record(&loaded, &file_tag, seed, &start, g.played.record.clone());
            let players = engine.game.players.iter().map(|p| &p.name);
            let seats: Vec<String> =
                players.enumerate().map(|(s, p)| format!("{p}={}", specs[g.agent_at(s)])).collect();
            r.set("Seats", seats.join(" "));
            records::finish(&mut r, &rulebook::app::words::describe_outcome(engine, &g.played.outcome));
            let path = dir.join(format!("game-{:05}.txt", i + 1));
            super::files::write(&path, &r.write(), true, false, &loaded.files())
                .map_err(|e| format!("cannot write a record: {}: {e}", path.display()))?;
        }
        Ok(g)
    });
    let games = match results {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return if e.starts_with("no verdict") { EXIT_INVALID } else { EXIT_USAGE };
        }
    };
    let tally = Tally::new(&games);
    if opts.json {
        println!("{}", serde_json::to_string_pretty(&tally.json(engine, &names, opts.seed, opts.swap)).expect("json"));
    } else {
        tally.print(&loaded, &names, opts);
    }
    0
}

/// The figures in words.
trait Print {
    fn print(&self, loaded: &Loaded, names: &[String], opts: &Options);
}

impl Print for Tally {
    fn print(&self, loaded: &Loaded, names: &[String], opts: &Options) {
        let engine = &loaded.engine;
        let sides: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
        let n = self.games as f64;
        let who = match names {
            [a, b] => format!("{a} against {b}"),
            _ => and_list(&names.iter().map(String::as_str).collect::<Vec<_>>()),
        };
        let how = match (opts.swap, names.len()) {
            (false, _) => "",
            (true, 2) => ", sides swapped each game",
            (true, _) => ", moving round the seats each game",
        };
        println!(
            "{}: {} games, {who}{how} (seed {}, ply limit {})",
            loaded.title(),
            self.games,
            opts.seed,
            ply_limit(engine, opts.max_plies)
        );
        let width = names
            .iter()
            .map(|s| s.len())
            .chain(sides.iter().map(|s| s.len() + 4))
            .max()
            .unwrap_or(0)
            .max("search speed".len());
        let row = |label: &str, k: u64| {
            let (lo, hi) = wilson(k as f64, n);
            format!(
                "  {label:width$}  {k:>5}  {:5.1}%  (95%: {:4.1}-{:4.1}%)",
                k as f64 * 100.0 / n,
                lo * 100.0,
                hi * 100.0
            )
        };
        for (a, name) in names.iter().enumerate() {
            let by_side: Vec<String> = (0..self.agents())
                .filter(|&s| self.played[a][s] > 0)
                .map(|s| format!("as {} {}/{}", sides[s], self.won[a][s], self.played[a][s]))
                .collect();
            println!("{}  {}", row(name, self.agent_wins(a)), by_side.join(", "));
        }
        for (s, side) in sides.iter().enumerate() {
            println!("{}", row(&format!("{side} won"), self.side_wins(s)));
        }
        let why: Vec<String> = rulebook::app::words::by_reason(engine, self.draws.iter().map(|(r, c)| (r, *c)))
            .into_iter()
            .map(|(w, c)| format!("{w} {c}"))
            .collect();
        println!("{}", format!("{}  {}", row("drawn", self.drawn()), why.join(", ")).trim_end());
        println!("{}", row("unfinished", self.unfinished));
        let places: Vec<String> =
            (0..self.agents()).filter_map(|a| Some(format!("{} {:.2}", names[a], self.mean_place(a)?))).collect();
        if !places.is_empty() {
            println!("  {:width$}  {}", "mean place", places.join(", "));
        }
        if let Some((e, lo, hi)) = self.elo() {
            let (a, b) = (&names[0], &names[1]);
            println!("  {:width$}  {a} - {b}: {} (95%: {} to {})", "Elo", show_elo(e), show_elo(lo), show_elo(hi));
        }
        println!("  {:width$}  mean {:.1} plies", "game length", self.plies as f64 / n.max(1.0));
        let speeds: Vec<String> = (0..self.agents())
            .filter_map(|a| {
                let w = self.work[a]?;
                Some(format!("{} {}", names[a], super::per_second(w.amount as f64 / w.seconds, w.unit)))
            })
            .collect();
        if !speeds.is_empty() {
            println!("  {:width$}  {}", "search speed", speeds.join(", "));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinite_elo_is_shown_as_such() {
        assert_eq!(show_elo(f64::NEG_INFINITY), "-inf");
        assert_eq!(show_elo(f64::INFINITY), "+inf");
        assert_eq!(show_elo(190.4), "+190");
    }
}
