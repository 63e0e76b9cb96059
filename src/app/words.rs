//! Outcomes in words, as every front end says them: the sentence a game
//! ends with, the few words a table of outcomes counts by, and the seed of
//! each game of a series.

use crate::engine::{Engine, Outcome, Reason, SowEnd};
use crate::game::{Condition, PlayerId};

/// "white wins: black has no move", "unfinished (ply limit)".
pub fn describe_outcome(engine: &Engine, o: &Outcome) -> String {
    let g = &engine.game;
    let why = match o.reason {
        Reason::NoMove(p) => format!("{} has no legal move", g.players[p as usize].name),
        Reason::NoPieces(p) => format!("{} has no pieces", g.players[p as usize].name),
        Reason::BorneOff(p) => format!("{} has borne off all its pieces", g.players[p as usize].name),
        Reason::Captured(k) => format!("the {} is captured", g.kinds[k as usize].name),
        Reason::Escaped(k) => format!("the {} escaped", g.kinds[k as usize].name),
        Reason::Reached(k) => format!("a {} reached its goal", g.kinds[k as usize].name),
        Reason::Encircled(p) => format!("{} are encircled", g.players[p as usize].name),
        Reason::Fortified(k) => format!("the {} holds an edge fort", g.kinds[k as usize].name),
        Reason::Repeated(n) => format!("the same position stood {n} times"),
        Reason::PerpetualCheck(p, n) => {
            format!("the same position stood {n} times, {} checking with every move", g.players[p as usize].name)
        }
        Reason::FewerThan(p, n) => format!("{} had fewer than {n} pieces left", g.players[p as usize].name),
        Reason::CapturedCount(p, n) => format!("{} lost {n} pieces", g.players[p as usize].name),
        Reason::Holds(p, goal, group) => held_words(engine, p, goal, group),
        Reason::Streak(p, n) => streak_words(engine, p, n),
        Reason::NoProgress(n) => format!("{n} moves of each side without progress"),
        Reason::InARow(p, n) => format!("{} has {n} in a row", g.players[p as usize].name),
        Reason::BoardFull => "the board is full".into(),
        Reason::Connected(p) => format!("{} has connected its sides", g.players[p as usize].name),
        Reason::MostPieces(a, b) if a == b => format!("neither side can move, and each has {a} pieces"),
        Reason::MostPieces(a, b) => {
            format!("neither side can move; {} has {a} pieces, {} has {b}", g.players[0].name, g.players[1].name)
        }
        Reason::Passed => "both players passed".into(),
        Reason::Area(a, b) => {
            let (a, b) = (crate::describe::half_points(a as u32), crate::describe::half_points(b as u32));
            format!("both players passed; {} has {a} points of area, {} has {b}", g.players[0].name, g.players[1].name)
        }
        Reason::Checkmated(p) => format!("{} is checkmated", g.players[p as usize].name),
        Reason::Stalemated(p) => format!("{} is stalemated", g.players[p as usize].name),
        Reason::Seeds(cause, a, b) => {
            let name = |p: u8| &g.players[p as usize].name;
            let why = match cause {
                SowEnd::NoMove(p) => format!("{} has no move", name(p)),
                SowEnd::Repeated(n) => format!("the same position stood {n} times"),
                SowEnd::PitsEmpty(p) => format!("the pits of {} are empty", name(p)),
            };
            format!("{why}; {} holds {a} seeds, {} holds {b}", name(0), name(1))
        }
        Reason::Stored(p, n) => format!("{} has {n} seeds in store", g.players[p as usize].name),
        Reason::PlyLimit => return "unfinished (ply limit)".into(),
        Reason::Placed(places) => places_words(engine, &places),
    };
    match o.winner {
        Some(w) => {
            let name = &g.players[w as usize].name;
            // A plural name (attackers, goats) but not one ending in -ss (cross).
            let verb = if name.ends_with('s') && !name.ends_with("ss") { "win" } else { "wins" };
            format!("{name} {verb}: {why}")
        }
        None => format!("a draw: {why}"),
    }
}

/// "hare has a hare past every hound":
/// the goal on the state of the board that held, about player `p`.
fn held_words(engine: &Engine, p: PlayerId, goal: u8, group: u8) -> String {
    let g = &engine.game;
    match g.goals.get(goal as usize).map(|goal| &goal.condition) {
        Some(Condition::Holds { any }) => {
            let name = |p: PlayerId| g.players[p as usize].name.as_str();
            let held = any.get(group as usize).map(std::slice::from_ref).unwrap_or(&any[..]);
            crate::describe::holds_words(g, held, name(p), name(1 - p), false)
        }
        _ => format!("a goal held for {}", g.players[p as usize].name),
    }
}

/// "hounds made 10 moves in a row sideways".
fn streak_words(engine: &Engine, p: PlayerId, n: u8) -> String {
    let g = &engine.game;
    let classes = g.goals.iter().find_map(|goal| match goal.condition {
        Condition::Streak { classes, .. } => Some(classes),
        _ => None,
    });
    let how = classes.map(crate::describe::headings_words).unwrap_or_default();
    format!("{} made {n} moves in a row {how}", g.players[p as usize].name)
}

/// An outcome's reason in a few words, for tables of outcomes: "white had no move".
pub fn reason_words(engine: &Engine, r: &Reason) -> String {
    let g = &engine.game;
    match r {
        Reason::NoMove(p) => format!("{} had no move", g.players[*p as usize].name),
        Reason::NoPieces(p) => format!("{} had no pieces", g.players[*p as usize].name),
        Reason::BorneOff(p) => format!("{} bore off all", g.players[*p as usize].name),
        Reason::Captured(k) => format!("{} captured", g.kinds[*k as usize].name),
        Reason::Escaped(k) => format!("{} escaped", g.kinds[*k as usize].name),
        Reason::Reached(k) => format!("{} reached its goal", g.kinds[*k as usize].name),
        Reason::Encircled(p) => format!("{} encircled", g.players[*p as usize].name),
        Reason::Fortified(k) => format!("{} in an edge fort", g.kinds[*k as usize].name),
        Reason::Repeated(n) => format!("position repeated {n} times"),
        Reason::PerpetualCheck(p, _) => format!("{} perpetual check", g.players[*p as usize].name),
        Reason::FewerThan(p, n) => format!("{} fewer than {n}", g.players[*p as usize].name),
        Reason::CapturedCount(p, n) => format!("{} lost {n}", g.players[*p as usize].name),
        Reason::Holds(p, goal, group) => held_words(engine, *p, *goal, *group),
        Reason::Streak(p, n) => streak_words(engine, *p, *n),
        Reason::NoProgress(n) => format!("{n} moves without progress"),
        Reason::InARow(p, n) => format!("{} {n} in a row", g.players[*p as usize].name),
        Reason::BoardFull => "board full".into(),
        Reason::MostPieces(..) => "most pieces".into(),
        Reason::Connected(p) => format!("{} connected", g.players[*p as usize].name),
        Reason::Passed => "both passed".into(),
        Reason::Area(..) => "most area".into(),
        Reason::Checkmated(p) => format!("{} checkmated", g.players[*p as usize].name),
        Reason::Stalemated(p) => format!("{} stalemated", g.players[*p as usize].name),
        Reason::Seeds(..) => "most seeds".into(),
        Reason::Stored(p, _) => format!("{} store", g.players[*p as usize].name),
        Reason::PlyLimit => "ply limit".into(),
        Reason::Placed(_) => "finished first".into(),
    }
}

/// "red finished first, yellow second, blue last" (those not placed share
/// the places left: "green and blue share the last two places").
pub fn places_words(engine: &Engine, places: &crate::engine::Places) -> String {
    let g = &engine.game;
    let n = g.players.len();
    let name = |p: PlayerId| g.players[p as usize].name.as_str();
    let mut parts: Vec<String> = places
        .iter()
        .enumerate()
        .map(|(k, p)| match k {
            0 => format!("{} finished first", name(p)),
            _ if k + 1 == n => format!("{} last", name(p)),
            _ => format!("{} {}", name(p), crate::describe::ordinal(k as u8 + 1)),
        })
        .collect();
    let left: Vec<&str> = (0..n as PlayerId).filter(|&p| !places.contains(p)).map(name).collect();
    if !left.is_empty() {
        parts.push(format!("{} share the last {} places", and_list(&left), left.len()));
    }
    parts.join(", ")
}

/// Counts of outcomes by their reasons in words, most frequent first:
/// reasons that carry figures (each side's pieces, area) count together.
pub fn by_reason<'a>(engine: &Engine, counts: impl Iterator<Item = (&'a Reason, u64)>) -> Vec<(String, u64)> {
    let mut tally: Vec<(String, u64)> = Vec::new();
    for (r, c) in counts {
        let words = reason_words(engine, r);
        match tally.iter_mut().find(|t| t.0 == words) {
            Some(t) => t.1 += c,
            None => tally.push((words, c)),
        }
    }
    tally.sort_by_key(|t| std::cmp::Reverse(t.1));
    tally
}

/// Names joined as in a sentence: "a and b", "a, b and c".
pub fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The seed of game `i`: independent of how games are split across threads,
/// so the same seed gives the same games with any `--threads`.
pub fn game_seed(seed: u64, i: usize) -> u64 {
    let mut z = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
