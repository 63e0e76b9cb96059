//! One agent against itself over games and variants (`rulebook balance`,
//! and `rulebook.balance` in Python): each side's wins with their
//! intervals, draws, length, branching, and how the games were decided.

use super::stats::wilson;
use crate::agents::{self, AgentSpec, GameRng, Played};
use crate::engine::{Engine, Limit, Position, Reason};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A game of a balance run: the agent on both sides, seeded `seed`.
pub fn balance_game(
    engine: &Engine,
    start: &Position,
    spec: &AgentSpec,
    seed: u64,
    max_plies: u32,
) -> Result<Played, Limit> {
    let mut seats: Vec<_> = (0..engine.players()).map(|_| agents::from_spec(spec)).collect();
    agents::play_game(engine, start, &mut seats, &mut GameRng::new(seed), max_plies, false)
}

/// One file's games, summed up; merged exactly across threads or processes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Column {
    pub file: String,
    pub sides: Vec<String>,
    pub games: usize,
    /// Per player.
    pub wins: Vec<u64>,
    pub draws: u64,
    pub unfinished: u64,
    pub plies: u64,
    pub choices: u64,
    /// How games ended (the rule, in words) and how often, most often first.
    pub decided_by: Vec<(String, u64)>,
}

impl Column {
    pub fn new(file: String, engine: &Engine, games: &[Played]) -> Column {
        let mut c = Column::empty(file, engine);
        for g in games {
            c.add(engine, g);
        }
        c.settle();
        c
    }

    /// No games yet.
    pub fn empty(file: String, engine: &Engine) -> Column {
        let sides = engine.game.players.iter().map(|p| p.name.clone()).collect();
        let wins = vec![0; engine.players() as usize];
        let (games, draws, unfinished, plies, choices) = (0, 0, 0, 0, 0);
        Column { file, sides, games, wins, draws, unfinished, plies, choices, decided_by: Vec::new() }
    }

    pub fn add(&mut self, engine: &Engine, g: &Played) {
        self.games += 1;
        self.plies += g.plies as u64;
        self.choices += g.choices;
        match g.outcome.winner {
            Some(w) => self.wins[w as usize] += 1,
            None if g.outcome.reason == Reason::PlyLimit => self.unfinished += 1,
            None => self.draws += 1,
        }
        if g.outcome.reason != Reason::PlyLimit {
            self.count(super::words::reason_words(engine, &g.outcome.reason), 1);
        }
    }

    fn count(&mut self, words: String, n: u64) {
        match self.decided_by.iter_mut().find(|d| d.0 == words) {
            Some(d) => d.1 += n,
            None => self.decided_by.push((words, n)),
        }
    }

    /// Adds another part's games of the same file.
    pub fn merge(&mut self, other: Column) {
        self.games += other.games;
        self.plies += other.plies;
        self.choices += other.choices;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        for (mine, theirs) in self.wins.iter_mut().zip(other.wins) {
            *mine += theirs;
        }
        for (words, n) in other.decided_by {
            self.count(words, n);
        }
        self.settle();
    }

    /// The endings most often first, then by name: one order whatever the parts.
    pub fn settle(&mut self) {
        self.decided_by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    }

    pub fn n(&self) -> f64 {
        self.games.max(1) as f64
    }

    pub fn mean_plies(&self) -> f64 {
        self.plies as f64 / self.n()
    }

    pub fn branching(&self) -> f64 {
        self.choices as f64 / self.plies.max(1) as f64
    }

    /// A rate with its interval, in percent.
    pub fn rate(&self, k: u64) -> (f64, f64, f64) {
        let (lo, hi) = wilson(k as f64, self.n());
        (k as f64 * 100.0 / self.n(), lo * 100.0, hi * 100.0)
    }

    pub fn decided(&self, words: &str) -> u64 {
        self.decided_by.iter().find(|d| d.0 == words).map_or(0, |d| d.1)
    }

    /// The figures as `rulebook balance --format json` gives them for one file.
    pub fn json(&self) -> serde_json::Value {
        let c = self;
        let sides: serde_json::Map<String, serde_json::Value> = (0..c.wins.len())
            .map(|s| {
                let (r, lo, hi) = c.rate(c.wins[s]);
                (
                    c.sides[s].clone(),
                    json!({"wins": c.wins[s], "rate": r / 100.0, "low": lo / 100.0, "high": hi / 100.0}),
                )
            })
            .collect();
        let decided: serde_json::Map<String, serde_json::Value> =
            c.decided_by.iter().map(|(w, k)| (w.clone(), json!(k))).collect();
        json!({
            "file": c.file,
            "games": c.games,
            "sides": sides,
            "draws": c.draws,
            "unfinished": c.unfinished,
            "mean_plies": c.mean_plies(),
            "branching": c.branching(),
            "decided_by": decided,
        })
    }
}
