//! Agents named on the command line with their budget: `mcts`,
//! `mcts:iterations=5000`, `mcts:time=2s,threads=2`, `alphabeta:depth=6`.

use std::fmt;
use std::time::Duration;

/// Which agent, with its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    Random,
    Greedy,
    Mcts(MctsSettings),
    AlphaBeta(AlphaBetaSettings),
}

/// How long a search may think: a fixed amount of work (reproducible for a
/// seed) or a time (not reproducible: it depends on the machine's speed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Iterations(u64),
    Depth(u32),
    Time(Duration),
}

#[derive(Clone, Debug, PartialEq)]
pub struct MctsSettings {
    pub budget: Budget,
    /// Root parallelism: independent trees whose visit counts are added.
    pub threads: usize,
    /// The exploration constant of UCT.
    pub c: f64,
    /// Random playouts stop here, scored by the evaluation.
    pub playout_plies: u32,
    /// The weight of the evaluation's minimax value, backed up through the
    /// tree beside the playouts' mean (implicit minimax backups); 0 for none.
    /// Unset, the search chooses for the side to move (see `mcts.rs`).
    pub minimax: Option<f64>,
}

impl Default for MctsSettings {
    fn default() -> Self {
        MctsSettings {
            budget: Budget::Time(Duration::from_secs(1)),
            threads: 1,
            c: 0.5,
            playout_plies: 16,
            minimax: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaSettings {
    /// The deepest iteration (None: until the time runs out).
    pub depth: Option<u32>,
    /// The time for a move (None: until the depth is reached).
    pub time: Option<Duration>,
}

impl Default for AlphaBetaSettings {
    fn default() -> Self {
        AlphaBetaSettings { depth: None, time: Some(Duration::from_secs(1)) }
    }
}

/// The agents' names, for messages.
pub const AGENTS: &[&str] = &["random", "greedy", "mcts", "alphabeta"];

/// The most threads an agent's search may use.
pub const MAX_THREADS: usize = 64;

/// The longest a move may be given (a day): a mistyped budget should fail, not hang.
const MAX_TIME: Duration = Duration::from_secs(86_400);

impl AgentSpec {
    /// Parses `NAME` or `NAME:KEY=VALUE,KEY=VALUE`.
    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let (name, settings) = text.split_once(':').unwrap_or((text, ""));
        let pairs: Vec<(&str, &str)> = if settings.is_empty() {
            Vec::new()
        } else {
            settings
                .split(',')
                .map(|kv| {
                    kv.split_once('=')
                        .ok_or_else(|| format!("`{kv}` in `{text}` is not KEY=VALUE (for example `{name}:time=2s`)"))
                })
                .collect::<Result<_, _>>()?
        };
        let no_settings = |what: &str| {
            if pairs.is_empty() {
                Ok(())
            } else {
                Err(format!("`{what}` takes no settings"))
            }
        };
        match name {
            "random" => no_settings("random").map(|_| AgentSpec::Random),
            "greedy" => no_settings("greedy").map(|_| AgentSpec::Greedy),
            "mcts" => mcts(&pairs).map(AgentSpec::Mcts),
            "alphabeta" => alphabeta(&pairs).map(AgentSpec::AlphaBeta),
            other => Err(format!("`{other}` is not an agent; the agents are {}", AGENTS.join(", "))),
        }
    }

    /// Whether the same seed gives the same moves (no time budget).
    pub fn reproducible(&self) -> bool {
        match self {
            AgentSpec::Random | AgentSpec::Greedy => true,
            AgentSpec::Mcts(s) => !matches!(s.budget, Budget::Time(_)),
            AgentSpec::AlphaBeta(s) => s.time.is_none(),
        }
    }
}

fn mcts(pairs: &[(&str, &str)]) -> Result<MctsSettings, String> {
    let mut s = MctsSettings::default();
    for &(key, value) in pairs {
        match key {
            "iterations" => s.budget = Budget::Iterations(number(key, value, 1, 1 << 40)?),
            "time" => s.budget = Budget::Time(duration(value)?),
            "threads" => s.threads = number(key, value, 1, MAX_THREADS as u64)? as usize,
            "playout" => s.playout_plies = number(key, value, 1, 100_000)? as u32,
            "c" => {
                s.c = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| format!("c={value}: the exploration constant is a number of at least 0"))?
            }
            "minimax" => {
                let weight = value
                    .parse::<f64>()
                    .ok()
                    .filter(|w| (0.0..=1.0).contains(w))
                    .ok_or_else(|| format!("minimax={value}: the minimax weight is a number from 0 to 1"))?;
                s.minimax = Some(weight);
            }
            _ => {
                return Err(format!(
                    "mcts has no setting `{key}`; it has iterations, time, threads, playout, c, minimax"
                ))
            }
        }
    }
    Ok(s)
}

fn alphabeta(pairs: &[(&str, &str)]) -> Result<AlphaBetaSettings, String> {
    let mut s = AlphaBetaSettings::default();
    let (mut depth, mut time) = (None, None);
    for &(key, value) in pairs {
        match key {
            "depth" => depth = Some(number(key, value, 1, 64)? as u32),
            "time" => time = Some(duration(value)?),
            _ => return Err(format!("alphabeta has no setting `{key}`; it has depth, time")),
        }
    }
    // A depth alone searches to that depth; a time alone, as deep as it can.
    if depth.is_some() || time.is_some() {
        s = AlphaBetaSettings { depth, time };
    }
    Ok(s)
}

fn number(key: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("{key}={value}: {key} is a whole number from {min} to {max}"))
}

/// `2s`, `1.5s`, `500ms`.
pub fn duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("time={text}: a time is written like 2s, 1.5s or 500ms");
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        return Err(bad());
    };
    let secs = number.parse::<f64>().map_err(|_| bad())? * scale;
    if !secs.is_finite() || secs <= 0.0 {
        return Err(bad());
    }
    // Compared before it becomes a Duration, which cannot hold 1e30 seconds.
    if secs > MAX_TIME.as_secs_f64() {
        return Err(format!("time={text}: at most a day a move"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A time as the spec writes it: `2s`, `500ms`.
fn show_time(d: Duration) -> String {
    if d.subsec_millis() == 0 && d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else if d < Duration::from_secs(1) {
        format!("{}ms", d.as_millis())
    } else {
        format!("{}s", d.as_secs_f64())
    }
}

impl fmt::Display for AgentSpec {
    /// The spec as it would be typed (settings left at their default omitted).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Greedy => write!(f, "greedy"),
            AgentSpec::Mcts(s) => {
                let d = MctsSettings::default();
                let mut parts = Vec::new();
                match s.budget {
                    Budget::Iterations(n) => parts.push(format!("iterations={n}")),
                    Budget::Time(t) if s.budget != d.budget => parts.push(format!("time={}", show_time(t))),
                    _ => {}
                }
                if s.threads != d.threads {
                    parts.push(format!("threads={}", s.threads));
                }
                if s.playout_plies != d.playout_plies {
                    parts.push(format!("playout={}", s.playout_plies));
                }
                if s.c != d.c {
                    parts.push(format!("c={}", s.c));
                }
                if let Some(w) = s.minimax {
                    parts.push(format!("minimax={w}"));
                }
                with_settings(f, "mcts", &parts)
            }
            AgentSpec::AlphaBeta(s) => {
                let mut parts = Vec::new();
                if let Some(depth) = s.depth {
                    parts.push(format!("depth={depth}"));
                }
                if let Some(t) = s.time.filter(|_| *s != AlphaBetaSettings::default()) {
                    parts.push(format!("time={}", show_time(t)));
                }
                with_settings(f, "alphabeta", &parts)
            }
        }
    }
}

fn with_settings(f: &mut fmt::Formatter<'_>, name: &str, parts: &[String]) -> fmt::Result {
    if parts.is_empty() {
        write!(f, "{name}")
    } else {
        write!(f, "{name}:{}", parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_back_as_written() {
        for text in [
            "random",
            "greedy",
            "mcts",
            "mcts:iterations=5000",
            "mcts:time=2s",
            "mcts:time=500ms,threads=2",
            "mcts:iterations=1000,minimax=0.4",
        ] {
            assert_eq!(AgentSpec::parse(text).unwrap().to_string(), text);
        }
        for text in ["alphabeta", "alphabeta:depth=6", "alphabeta:time=1500ms", "alphabeta:depth=4,time=3s"] {
            let shown = AgentSpec::parse(text).unwrap().to_string();
            assert_eq!(AgentSpec::parse(&shown).unwrap(), AgentSpec::parse(text).unwrap(), "{text} -> {shown}");
        }
        assert_eq!(AgentSpec::parse("mcts:time=1s").unwrap().to_string(), "mcts");
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |t: &str| AgentSpec::parse(t).unwrap_err();
        assert!(err("mtcs").contains("the agents are random, greedy, mcts, alphabeta"));
        assert!(err("mcts:iterations=0").contains("from 1 to"));
        assert!(err("mcts:time=2").contains("2s, 1.5s or 500ms"));
        assert!(err("mcts:time=-1s").contains("2s, 1.5s or 500ms"));
        assert!(err("mcts:depth=3").contains("has iterations, time"));
        assert!(err("alphabeta:depth=99").contains("from 1 to 64"));
        assert!(err("greedy:depth=1").contains("takes no settings"));
        assert!(err("mcts:iterations").contains("is not KEY=VALUE"));
        assert!(err("mcts:time=100000000s").contains("at most a day"));
        // Too large for a Duration at all: refused, not a panic.
        assert!(err("mcts:time=1e30s").contains("at most a day"));
        assert!(err("alphabeta:time=1e300ms").contains("at most a day"));
        assert!(err("mcts:time=infs").contains("2s, 1.5s or 500ms"));
        assert!(AgentSpec::parse("mcts:iterations=100").unwrap().reproducible());
        assert!(!AgentSpec::parse("mcts").unwrap().reproducible());
        assert!(AgentSpec::parse("alphabeta:depth=3").unwrap().reproducible());
    }
}
