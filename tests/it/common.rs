//! Helpers the test files share: load a game file (or variant) with options,
//! list moves at a position, play a ply.

#![allow(dead_code)] // each test file uses some of them

use rulebook::check::Choice;
use rulebook::engine::{Engine, Outcome};
use std::path::Path;

/// The game in `path` (a `.game` or a `.toml` variant) with `name=value` options.
pub fn engine(path: &str, options: &[(&str, &str)]) -> Engine {
    let choices: Vec<Choice> =
        options.iter().map(|(n, v)| Choice { name: n.to_string(), value: v.to_string(), span: None }).collect();
    let loaded = rulebook::variant::load(Path::new(path), &choices, &|p| std::fs::read_to_string(p))
        .unwrap_or_else(|r| panic!("{path}: {:?}", r.diagnostics));
    Engine::new(loaded.game)
}

/// The sorted legal moves at `position` (with `roll` in a dice game).
pub fn moves(e: &Engine, position: &str, roll: Option<u8>) -> Vec<String> {
    e.move_list(&e.parse_position(position).unwrap(), roll).unwrap()
}

/// Plays `ply` at `position`; returns the new position's notation and outcome.
pub fn play(e: &Engine, position: &str, ply: &str) -> (String, Option<Outcome>) {
    let pos = e.parse_position(position).unwrap();
    let (_, mv) = e.parse_ply(&pos, ply).unwrap();
    let next = e.play_unchecked(&pos, &mv);
    (e.position_notation(&next), e.outcome(&next).unwrap())
}
