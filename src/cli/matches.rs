//! `rulebook match`: games between two agents, with wins per agent and per
//! side, their 95% confidence intervals and an Elo difference.

use super::load::{self, Loaded};
use super::records;
use super::run_series as run_games;
use super::{GameArgs, EXIT_INVALID, EXIT_USAGE};
use rulebook::agents::{self, AgentSpec, GameRng, Played, Work};
use rulebook::app::series::limit_text;
pub use rulebook::app::stats::{elo, wilson};
use rulebook::app::words::game_seed;
use rulebook::engine::{Engine, Position, Reason};
use serde_json::json;
use std::path::PathBuf;

pub struct Options {
    pub players: Vec<String>,
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    pub swap: bool,
    pub record: Option<PathBuf>,
    pub force: bool,
    pub max_plies: u32,
    pub position: Option<String>,
    pub json: bool,
}

fn show_elo(e: f64) -> String {
    if e.is_infinite() {
        return if e > 0.0 { "+inf".into() } else { "-inf".into() };
    }
    format!("{e:+.0}")
}

/// The position games start from.
pub fn start_position(engine: &Engine, position: &Option<String>) -> Result<Position, String> {
    match position {
        Some(p) => engine.parse_position(p).map_err(|e| format!("--position: {e}")),
        None => Ok(engine.start()),
    }
}

/// `SIDE=AGENT` for each side, once each: the agent of each side in game 0.
fn sides(engine: &Engine, specs: &[String]) -> Result<[AgentSpec; 2], String> {
    let names: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
    let mut chosen: [Option<AgentSpec>; 2] = [None, None];
    for spec in specs {
        let (who, what) = spec
            .split_once('=')
            .ok_or_else(|| format!("--player `{spec}` is not SIDE=AGENT (for example `{}=mcts`)", names[0]))?;
        let i = names.iter().position(|n| *n == who).ok_or_else(|| {
            format!("--player: `{who}` is not a player of this game; the players are {}", names.join(" and "))
        })?;
        if chosen[i].is_some() {
            return Err(format!("--player: `{who}` is named twice"));
        }
        chosen[i] = Some(AgentSpec::parse(what).map_err(|e| format!("--player {spec}: {e}"))?);
    }
    match chosen {
        [Some(a), Some(b)] => Ok([a, b]),
        _ => Err(format!(
            "a match needs an agent for each side: --player {}=AGENT --player {}=AGENT",
            names[0], names[1]
        )),
    }
}

/// One game's result: which agent played the first side, and how it went.
struct Game {
    swapped: bool,
    played: Played,
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
    let results = run_games(opts.games, opts.threads, |i| {
        let swapped = opts.swap && i % 2 == 1;
        let order = if swapped { [1, 0] } else { [0, 1] };
        let mut seats = order.map(|a| agents::from_spec(&specs[a]));
        let seed = game_seed(opts.seed, i);
        let mut rng = GameRng::new(seed);
        let played = agents::play_game(engine, &start, &mut seats, &mut rng, opts.max_plies, opts.record.is_some())
            .map_err(limit_text)?;
        if let Some(dir) = &opts.record {
            let mut r = records::new_record(&loaded, &file_tag, seed, &start, played.record.clone());
            let players = engine.game.players.iter().map(|p| &p.name);
            let seats: Vec<String> = players.zip(order).map(|(p, a)| format!("{p}={}", specs[a])).collect();
            r.set("Seats", seats.join(" "));
            records::finish(&mut r, &rulebook::app::words::describe_outcome(engine, &played.outcome));
            let path = dir.join(format!("game-{:05}.txt", i + 1));
            super::files::write(&path, &r.write(), true, false, &loaded.files())
                .map_err(|e| format!("cannot write a record: {}: {e}", path.display()))?;
        }
        Ok(Game { swapped, played })
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
        println!("{}", serde_json::to_string_pretty(&tally.json(engine, &names, opts)).expect("json"));
    } else {
        tally.print(&loaded, &names, opts);
    }
    0
}

/// The agents' names as shown: their specs, told apart if the same.
fn labels(specs: &[AgentSpec; 2]) -> [String; 2] {
    let [a, b] = [specs[0].to_string(), specs[1].to_string()];
    if a == b {
        [format!("{a} (1)"), format!("{b} (2)")]
    } else {
        [a, b]
    }
}

/// Counts over the games.
struct Tally {
    games: usize,
    /// `[agent][side]`: games played and won.
    played: [[u64; 2]; 2],
    won: [[u64; 2]; 2],
    /// Draws by the rule that made them.
    draws: Vec<(Reason, u64)>,
    unfinished: u64,
    plies: u64,
    /// Per agent, the work of its searches over all games.
    work: [Option<Work>; 2],
}

impl Tally {
    fn new(games: &[Game]) -> Tally {
        let mut t = Tally {
            games: games.len(),
            played: [[0; 2]; 2],
            won: [[0; 2]; 2],
            draws: Vec::new(),
            unfinished: 0,
            plies: 0,
            work: [None, None],
        };
        for g in games {
            t.plies += g.played.plies as u64;
            for side in 0..2 {
                let agent = side ^ g.swapped as usize;
                if let Some(w) = g.played.work[side] {
                    let sum = t.work[agent].get_or_insert(Work { amount: 0, seconds: 0.0, ..w });
                    sum.amount += w.amount;
                    sum.seconds += w.seconds;
                }
                t.played[agent][side] += 1;
                if g.played.outcome.winner == Some(side as u8) {
                    t.won[agent][side] += 1;
                }
            }
            match g.played.outcome {
                o if o.reason == Reason::PlyLimit => t.unfinished += 1,
                o if o.winner.is_none() => match t.draws.iter_mut().find(|d| d.0 == o.reason) {
                    Some(d) => d.1 += 1,
                    None => t.draws.push((o.reason, 1)),
                },
                _ => {}
            }
        }
        t
    }

    fn agent_wins(&self, a: usize) -> u64 {
        self.won[a][0] + self.won[a][1]
    }

    fn side_wins(&self, s: usize) -> u64 {
        self.won[0][s] + self.won[1][s]
    }

    fn drawn(&self) -> u64 {
        self.draws.iter().map(|d| d.1).sum()
    }

    /// The first agent's score (a draw or unfinished game counts half) and
    /// the Elo difference with its interval (from the score's Wilson interval).
    fn elo(&self) -> (f64, f64, f64) {
        let n = self.games as f64;
        let score = self.agent_wins(0) as f64 + 0.5 * (self.drawn() + self.unfinished) as f64;
        let (lo, hi) = wilson(score, n);
        (elo(score / n), elo(lo), elo(hi))
    }

    fn print(&self, loaded: &Loaded, names: &[String; 2], opts: &Options) {
        let engine = &loaded.engine;
        let sides: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
        let n = self.games as f64;
        let how = if opts.swap { ", sides swapped each game" } else { "" };
        println!(
            "{}: {} games, {} against {}{how} (seed {}, ply limit {})",
            loaded.title(),
            self.games,
            names[0],
            names[1],
            opts.seed,
            opts.max_plies
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
            let by_side: Vec<String> = (0..2)
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
        let (e, lo, hi) = self.elo();
        println!(
            "  {:width$}  {} - {}: {} (95%: {} to {})",
            "Elo",
            names[0],
            names[1],
            show_elo(e),
            show_elo(lo),
            show_elo(hi)
        );
        println!("  {:width$}  mean {:.1} plies", "game length", self.plies as f64 / n.max(1.0));
        let speeds: Vec<String> = (0..2)
            .filter_map(|a| {
                let w = self.work[a]?;
                Some(format!("{} {}", names[a], super::per_second(w.amount as f64 / w.seconds, w.unit)))
            })
            .collect();
        if !speeds.is_empty() {
            println!("  {:width$}  {}", "search speed", speeds.join(", "));
        }
    }

    fn json(&self, engine: &Engine, names: &[String; 2], opts: &Options) -> serde_json::Value {
        let sides: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
        let n = self.games as f64;
        let finite = |x: f64| if x.is_finite() { json!(x.round()) } else { serde_json::Value::Null };
        let mut wins = serde_json::Map::new();
        for (a, name) in names.iter().enumerate() {
            wins.insert(name.clone(), json!(self.agent_wins(a)));
        }
        for (s, side) in sides.iter().enumerate() {
            wins.insert(side.to_string(), json!(self.side_wins(s)));
        }
        let agents: Vec<serde_json::Value> = (0..2)
            .map(|a| {
                let k = self.agent_wins(a) as f64;
                let (lo, hi) = wilson(k, n);
                let by_side: serde_json::Map<String, serde_json::Value> = (0..2)
                    .map(|s| (sides[s].to_string(), json!({"games": self.played[a][s], "wins": self.won[a][s]})))
                    .collect();
                json!({"agent": names[a], "wins": k as u64, "rate": k / n, "low": lo, "high": hi, "sides": by_side})
            })
            .collect();
        let draws_by: serde_json::Map<String, serde_json::Value> =
            rulebook::app::words::by_reason(engine, self.draws.iter().map(|(r, c)| (r, *c)))
                .into_iter()
                .map(|(w, c)| (w, json!(c)))
                .collect();
        let speed: serde_json::Map<String, serde_json::Value> = (0..2)
            .filter_map(|a| {
                let w = self.work[a]?;
                let rate = w.amount as f64 / w.seconds.max(1e-9);
                Some((names[a].clone(), json!({"unit": w.unit, "amount": w.amount, "per_second": rate.round()})))
            })
            .collect();
        let (e, lo, hi) = self.elo();
        json!({
            "games": self.games,
            "wins": wins,
            "draws": self.drawn(),
            "unfinished": self.unfinished,
            "draws_by": draws_by,
            "agents": agents,
            "elo": {"difference": finite(e), "low": finite(lo), "high": finite(hi)},
            "mean_plies": self.plies as f64 / n.max(1.0),
            "speed": speed,
            "seed": opts.seed,
            "swap": opts.swap,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_published_values() {
        // 0 of 10: 0 to 0.2775; 5 of 10: 0.2366 to 0.7634 (Wilson, 95%).
        let (lo, hi) = wilson(0.0, 10.0);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(5.0, 10.0);
        assert!((lo - 0.2366).abs() < 1e-4 && (hi - 0.7634).abs() < 1e-4, "{lo} {hi}");
        assert_eq!(wilson(3.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn elo_of_a_score() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(wilson(60.0, 60.0).1), f64::INFINITY);
        assert_eq!(show_elo(f64::NEG_INFINITY), "-inf");
    }
}
