//! Games between agents, one a player (`rulebook match`, and
//! `rulebook.match` in Python): the sides' agents, one game of a series, and
//! the counts over the games with their intervals and, between two, an Elo
//! difference.

use super::stats::{elo, wilson};
use super::words::and_list;
use crate::agents::{self, AgentSpec, GameRng, Played, Work};
use crate::engine::{Engine, Limit, Position, Reason};
use serde::{Deserialize, Serialize};
use serde_json::json;

fn add_work(sum: &mut Option<Work>, w: Option<Work>) {
    if let Some(w) = w {
        let sum = sum.get_or_insert(Work { amount: 0, seconds: 0.0, ..w });
        sum.amount += w.amount;
        sum.seconds += w.seconds;
    }
}

/// A search's work as numbers and its unit's name, read back to the agents' own units.
mod work_serde {
    use crate::agents::Work;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    type Plain = (u64, f64, String);

    pub fn serialize<S: Serializer>(work: &[Option<Work>], s: S) -> Result<S::Ok, S::Error> {
        let plain: Vec<Option<Plain>> =
            work.iter().map(|w| w.map(|w| (w.amount, w.seconds, w.unit.to_string()))).collect();
        plain.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<Work>>, D::Error> {
        let plain: Vec<Option<Plain>> = Deserialize::deserialize(d)?;
        Ok(plain
            .into_iter()
            .map(|w| {
                w.map(|(amount, seconds, unit)| {
                    let unit = ["iterations", "nodes"].into_iter().find(|u| *u == unit).unwrap_or("steps");
                    Work { amount, seconds, unit, fingerprint: 0 }
                })
            })
            .collect())
    }
}

/// The position games start from.
pub fn start_position(engine: &Engine, position: &Option<String>) -> Result<Position, String> {
    match position {
        Some(p) => engine.parse_position(p).map_err(|e| format!("--position: {e}")),
        None => Ok(engine.start()),
    }
}

/// `SIDE=AGENT` for each side, once each: the agent of each side in game 0.
pub fn sides(engine: &Engine, specs: &[String]) -> Result<Vec<AgentSpec>, String> {
    let names: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
    let mut chosen: Vec<Option<AgentSpec>> = vec![None; names.len()];
    for spec in specs {
        let (who, what) = spec
            .split_once('=')
            .ok_or_else(|| format!("--player `{spec}` is not SIDE=AGENT (for example `{}=mcts`)", names[0]))?;
        let i = names.iter().position(|n| *n == who).ok_or_else(|| {
            format!("--player: `{who}` is not a player of this game; the players are {}", and_list(&names))
        })?;
        if chosen[i].is_some() {
            return Err(format!("--player: `{who}` is named twice"));
        }
        chosen[i] = Some(AgentSpec::parse(what).map_err(|e| format!("--player {spec}: {e}"))?);
    }
    if chosen.iter().any(Option::is_none) {
        let all: Vec<String> = names.iter().map(|n| format!("--player {n}=AGENT")).collect();
        return Err(format!("a match needs an agent for each side: {}", all.join(" ")));
    }
    Ok(chosen.into_iter().flatten().collect())
}

/// One game's result: how far the agents had moved round the seats, and how it went.
pub struct MatchGame {
    /// Seat `s` had agent `(s + shift) % players` (0 unless swapped).
    pub shift: usize,
    pub played: Played,
}

impl MatchGame {
    /// The agent that played seat `seat`.
    pub fn agent_at(&self, seat: usize) -> usize {
        (seat + self.shift) % self.played.work.len()
    }
}

/// Game `i` of a match from `start`, seeded `seed`: with `swap`, the agents
/// move round the seats one place a game (two agents change sides every
/// other game). The plies are kept with `record`.
pub fn match_game(
    engine: &Engine,
    start: &Position,
    specs: &[AgentSpec],
    (i, seed): (usize, u64),
    swap: bool,
    max_plies: u32,
    record: bool,
) -> Result<MatchGame, Limit> {
    let n = specs.len();
    let shift = if swap { i % n } else { 0 };
    let mut seats: Vec<_> = (0..n).map(|s| agents::from_spec(&specs[(s + shift) % n])).collect();
    let mut rng = GameRng::new(seed);
    let played = agents::play_game(engine, start, &mut seats, &mut rng, max_plies, record)?;
    Ok(MatchGame { shift, played })
}

/// The agents' names as shown: their specs, told apart where two are the same.
pub fn labels(specs: &[AgentSpec]) -> Vec<String> {
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let repeated = |a: &String| names.iter().filter(|b| *b == a).count() > 1;
    names.iter().enumerate().map(|(i, a)| if repeated(a) { format!("{a} ({})", i + 1) } else { a.clone() }).collect()
}

/// Counts over the games: summed game by game, and merged exactly across
/// threads or processes (serialised between them).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tally {
    pub games: usize,
    /// `[agent][side]`: games played and won.
    pub played: Vec<Vec<u64>>,
    pub won: Vec<Vec<u64>>,
    /// Draws by the rule that made them.
    pub draws: Vec<(Reason, u64)>,
    /// Per agent, under `play on for places`: the games that ended in a
    /// ranking and the sum of its places in them (1 for first).
    #[serde(default)]
    pub ranked: Vec<u64>,
    #[serde(default)]
    pub place_sum: Vec<f64>,
    pub unfinished: u64,
    pub plies: u64,
    /// Per agent, the work of its searches over all games.
    #[serde(with = "work_serde")]
    pub work: Vec<Option<Work>>,
}

impl Tally {
    pub fn new(games: &[MatchGame]) -> Tally {
        let mut t = Tally::default();
        for g in games {
            t.add(g);
        }
        t
    }

    /// Room for `n` agents and sides.
    fn seats(&mut self, n: usize) {
        if self.played.len() < n {
            self.played.resize(n, vec![0; n]);
            self.won.resize(n, vec![0; n]);
            self.work.resize(n, None);
            self.ranked.resize(n, 0);
            self.place_sum.resize(n, 0.0);
        }
    }

    /// How many agents (and sides) the games had.
    pub fn agents(&self) -> usize {
        self.played.len()
    }

    pub fn add(&mut self, g: &MatchGame) {
        let n = g.played.work.len();
        self.seats(n);
        self.games += 1;
        self.plies += g.played.plies as u64;
        for side in 0..n {
            let agent = g.agent_at(side);
            add_work(&mut self.work[agent], g.played.work[side]);
            self.played[agent][side] += 1;
            if g.played.outcome.winner == Some(side as u8) {
                self.won[agent][side] += 1;
            }
            if let Reason::Placed(places) = g.played.outcome.reason {
                self.ranked[agent] += 1;
                self.place_sum[agent] += places.place_number(side as u8, n);
            }
        }
        match g.played.outcome {
            o if o.reason == Reason::PlyLimit => self.unfinished += 1,
            o if o.winner.is_none() => self.count_draws(o.reason, 1),
            _ => {}
        }
    }

    fn count_draws(&mut self, reason: Reason, n: u64) {
        match self.draws.iter_mut().find(|d| d.0 == reason) {
            Some(d) => d.1 += n,
            None => self.draws.push((reason, n)),
        }
    }

    /// Adds the counts of other games (those after these, for the same order of draws).
    pub fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.plies += other.plies;
        self.unfinished += other.unfinished;
        self.seats(other.agents());
        for a in 0..other.agents() {
            for s in 0..other.agents() {
                self.played[a][s] += other.played[a][s];
                self.won[a][s] += other.won[a][s];
            }
            add_work(&mut self.work[a], other.work[a]);
            self.ranked[a] += other.ranked.get(a).copied().unwrap_or(0);
            self.place_sum[a] += other.place_sum.get(a).copied().unwrap_or(0.0);
        }
        for (reason, n) in other.draws {
            self.count_draws(reason, n);
        }
    }

    pub fn agent_wins(&self, a: usize) -> u64 {
        self.won[a].iter().sum()
    }

    pub fn side_wins(&self, s: usize) -> u64 {
        self.won.iter().map(|by_side| by_side[s]).sum()
    }

    /// The agent's mean place over the games that ended in a ranking, if any did.
    pub fn mean_place(&self, a: usize) -> Option<f64> {
        let games = *self.ranked.get(a)?;
        (games > 0).then(|| self.place_sum[a] / games as f64)
    }

    pub fn drawn(&self) -> u64 {
        self.draws.iter().map(|d| d.1).sum()
    }

    /// The first agent's score (a draw or unfinished game counts half) and
    /// the Elo difference with its interval (from the score's Wilson
    /// interval); None but between two agents.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        if self.agents() != 2 {
            return None;
        }
        let n = self.games as f64;
        let score = self.agent_wins(0) as f64 + 0.5 * (self.drawn() + self.unfinished) as f64;
        let (lo, hi) = wilson(score, n);
        Some((elo(score / n), elo(lo), elo(hi)))
    }

    /// The figures as `rulebook match --format json` gives them.
    pub fn json(&self, engine: &Engine, names: &[String], seed: u64, swap: bool) -> serde_json::Value {
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
        let agents: Vec<serde_json::Value> = (0..self.agents())
            .map(|a| {
                let k = self.agent_wins(a) as f64;
                let (lo, hi) = wilson(k, n);
                let by_side: serde_json::Map<String, serde_json::Value> = (0..self.agents())
                    .map(|s| (sides[s].to_string(), json!({"games": self.played[a][s], "wins": self.won[a][s]})))
                    .collect();
                let mut figures =
                    json!({"agent": names[a], "wins": k as u64, "rate": k / n, "low": lo, "high": hi, "sides": by_side});
                if let Some(mean) = self.mean_place(a) {
                    figures["mean_place"] = json!(mean);
                }
                figures
            })
            .collect();
        let draws_by: serde_json::Map<String, serde_json::Value> =
            super::words::by_reason(engine, self.draws.iter().map(|(r, c)| (r, *c)))
                .into_iter()
                .map(|(w, c)| (w, json!(c)))
                .collect();
        let speed: serde_json::Map<String, serde_json::Value> = (0..self.agents())
            .filter_map(|a| {
                let w = self.work[a]?;
                let rate = w.amount as f64 / w.seconds.max(1e-9);
                Some((names[a].clone(), json!({"unit": w.unit, "amount": w.amount, "per_second": rate.round()})))
            })
            .collect();
        let elo = match self.elo() {
            Some((e, lo, hi)) => json!({"difference": finite(e), "low": finite(lo), "high": finite(hi)}),
            None => serde_json::Value::Null,
        };
        json!({
            "games": self.games,
            "wins": wins,
            "draws": self.drawn(),
            "unfinished": self.unfinished,
            "draws_by": draws_by,
            "agents": agents,
            "elo": elo,
            "mean_plies": self.plies as f64 / n.max(1.0),
            "speed": speed,
            "seed": seed,
            "swap": swap,
        })
    }
}
