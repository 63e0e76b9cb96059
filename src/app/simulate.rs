//! Random games with statistics (`rulebook simulate`, `rulebook.simulate` in
//! Python): counts gathered game by game, so that memory does not grow with
//! the number of games, and merged across threads and processes exactly.

use super::words::by_reason;
use crate::engine::{Engine, Outcome, Playout, Reason};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// One player's places over the games that ended with a ranking.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Placings {
    /// Games in each place, first place first.
    pub at: Vec<u64>,
    /// Games it ended among players sharing the places left (none could move).
    pub shared: u64,
    /// Its mean place, 1 for first.
    pub mean: f64,
}

/// What the summary needs, summed over games.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Stats {
    pub games: u64,
    pub plies: u64,
    pub plies_squared: u64,
    pub min: Option<u32>,
    pub max: u32,
    pub choices: u64,
    /// (winner, why) and how many games ended so.
    pub outcomes: Vec<(Outcome, u64)>,
}

impl Stats {
    pub fn add(&mut self, p: &Playout) {
        self.games += 1;
        self.plies += p.plies as u64;
        self.plies_squared += p.plies as u64 * p.plies as u64;
        self.min = Some(self.min.map_or(p.plies, |m| m.min(p.plies)));
        self.max = self.max.max(p.plies);
        self.choices += p.choices;
        self.count(p.outcome, 1);
    }

    fn count(&mut self, o: Outcome, n: u64) {
        match self.outcomes.iter_mut().find(|x| x.0 == o) {
            Some(x) => x.1 += n,
            None => self.outcomes.push((o, n)),
        }
    }

    pub fn merge(&mut self, other: Stats) {
        self.games += other.games;
        self.plies += other.plies;
        self.plies_squared += other.plies_squared;
        self.min = match (self.min, other.min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.max = self.max.max(other.max);
        self.choices += other.choices;
        for (o, n) in other.outcomes {
            self.count(o, n);
        }
    }

    /// The outcomes in a fixed order, whatever order the games were added in.
    pub fn settle(&mut self) {
        self.outcomes.sort_by_key(|(o, n)| (std::cmp::Reverse(*n), format!("{o:?}")));
    }

    pub fn mean_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }

    pub fn sd_plies(&self) -> f64 {
        let (n, mean) = (self.games.max(1) as f64, self.mean_plies());
        (self.plies_squared as f64 / n - mean * mean).max(0.0).sqrt()
    }

    pub fn branching(&self) -> f64 {
        self.choices as f64 / self.plies.max(1) as f64
    }

    /// Games won by each player, by rule in words; then draws and unfinished games.
    pub fn wins(&self, engine: &Engine, player: u8) -> (u64, Vec<(String, u64)>) {
        let won: Vec<&(Outcome, u64)> = self.outcomes.iter().filter(|(o, _)| o.winner == Some(player)).collect();
        (won.iter().map(|x| x.1).sum(), by_reason(engine, won.iter().map(|(o, c)| (&o.reason, *c))))
    }

    pub fn draws(&self, engine: &Engine) -> (u64, Vec<(String, u64)>) {
        let drawn: Vec<&(Outcome, u64)> =
            self.outcomes.iter().filter(|(o, _)| o.winner.is_none() && o.reason != Reason::PlyLimit).collect();
        (drawn.iter().map(|x| x.1).sum(), by_reason(engine, drawn.iter().map(|(o, c)| (&o.reason, *c))))
    }

    /// Under `play on for places`: how many games ended with `player` in
    /// each place, how many with it among players sharing the places left,
    /// and its mean place (1 for first; shared places at their mean), over
    /// the games that ended with a ranking.
    pub fn places(&self, player: u8, players: usize) -> Placings {
        let mut p = Placings { at: vec![0; players], ..Placings::default() };
        let (mut sum, mut games) = (0.0, 0u64);
        for &(o, n) in &self.outcomes {
            let Reason::Placed(places) = o.reason else { continue };
            games += n;
            match places.place_of(player) {
                Some(k) => p.at[k] += n,
                None => p.shared += n,
            }
            sum += places.place_number(player, players) * n as f64;
        }
        p.mean = if games > 0 { sum / games as f64 } else { 0.0 };
        p
    }

    pub fn unfinished(&self) -> u64 {
        self.outcomes.iter().filter(|(o, _)| o.reason == Reason::PlyLimit).map(|x| x.1).sum()
    }

    /// The figures as `rulebook.simulate` returns them.
    pub fn json(&self, engine: &Engine, seed: u64, max_plies: u32) -> serde_json::Value {
        let by = |list: Vec<(String, u64)>| -> serde_json::Map<String, serde_json::Value> {
            list.into_iter().map(|(w, c)| (w, json!(c))).collect()
        };
        let players: serde_json::Map<String, serde_json::Value> = engine
            .game
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (n, why) = self.wins(engine, i as u8);
                let mut figures = json!({"wins": n, "by": by(why)});
                if engine.ranks_places() {
                    let placed = self.places(i as u8, engine.players() as usize);
                    figures["places"] = json!(placed.at);
                    figures["shared_places"] = json!(placed.shared);
                    figures["mean_place"] = json!(placed.mean);
                }
                (p.name.clone(), figures)
            })
            .collect();
        let (draws, drawn_by) = self.draws(engine);
        json!({
            "games": self.games,
            "seed": seed,
            "max_plies": max_plies,
            "players": players,
            "draws": draws,
            "draws_by": by(drawn_by),
            "unfinished": self.unfinished(),
            "plies": {"mean": self.mean_plies(), "sd": self.sd_plies(), "min": self.min.unwrap_or(0), "max": self.max},
            "branching": self.branching(),
        })
    }
}
