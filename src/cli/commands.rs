//! The commands that run games.

use super::load::{self, Loaded};
use super::{At, GameArgs, EXIT_INVALID};
use rulebook::engine::{Engine, Position};
use std::time::Instant;

/// The engine and the position after `--position` and `--plies`.
fn setup(game: &GameArgs, at: &At) -> Result<(Loaded, Position), i32> {
    let loaded = load::game(game)?;
    let pos = start_at(&loaded.engine, at)?;
    Ok((loaded, pos))
}

pub fn start_at(engine: &Engine, at: &At) -> Result<Position, i32> {
    let mut pos = match &at.position {
        Some(text) => engine.parse_position(text).map_err(|e| {
            eprintln!("error: --position: {e}");
            EXIT_INVALID
        })?,
        None => engine.start(),
    };
    if let Some(plies) = &at.plies {
        for (i, ply) in plies.split_whitespace().enumerate() {
            if let Some(o) = engine.outcome(&pos) {
                eprintln!("error: ply {} `{ply}` comes after the game is over ({:?})", i + 1, o.reason);
                return Err(EXIT_INVALID);
            }
            match engine.parse_ply(&pos, ply) {
                Ok((_, mv)) => pos = engine.play_unchecked(&pos, &mv),
                Err(e) => {
                    eprintln!("error: ply {} of --plies: {e}", i + 1);
                    return Err(EXIT_INVALID);
                }
            }
        }
    }
    Ok(pos)
}

pub fn moves(game: &GameArgs, at: &At, roll: Option<u8>) -> i32 {
    let (loaded, pos) = match setup(game, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    match (engine.dice(), roll) {
        (None, Some(_)) => {
            eprintln!("error: --roll: this game has no die");
            return super::EXIT_USAGE;
        }
        (Some(sides), Some(r)) if r < 1 || r > sides => {
            eprintln!("error: --roll must be from 1 to {sides}");
            return super::EXIT_USAGE;
        }
        (Some(sides), None) => {
            let mut all = Vec::new();
            for r in 1..=sides {
                all.extend(engine.move_list(&pos, Some(r)).into_iter().map(|m| format!("{r}:{m}")));
            }
            all.sort();
            for m in all {
                println!("{m}");
            }
            return 0;
        }
        _ => {}
    }
    for m in engine.move_list(&pos, roll) {
        println!("{m}");
    }
    0
}

pub fn perft(game: &GameArgs, depth: u32, at: &At, divide: bool) -> i32 {
    let (loaded, pos) = match setup(game, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let engine = &loaded.engine;
    for d in 1..=depth {
        if divide && d == depth {
            let start = Instant::now();
            let parts = engine.divide(&pos, d);
            let total: u64 = parts.iter().map(|p| p.1).sum();
            for (m, n) in &parts {
                println!("{m} {n}");
            }
            println!("perft({d}) = {total}  ({})", rate(total, start));
        } else {
            let start = Instant::now();
            let n = engine.perft(&pos, d);
            println!("perft({d}) = {n}  ({})", rate(n, start));
        }
    }
    0
}

fn rate(nodes: u64, start: Instant) -> String {
    let secs = start.elapsed().as_secs_f64();
    if secs < 1e-3 {
        return format!("{:.3} s", secs);
    }
    format!("{:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs)
}

pub fn render(game: &GameArgs, at: &At) -> i32 {
    let (loaded, pos) = match setup(game, at) {
        Ok(x) => x,
        Err(code) => return code,
    };
    print!("{}", rulebook::render::render(&loaded.engine, &pos));
    0
}

pub fn describe(game: &GameArgs) -> i32 {
    match load::game(game) {
        Ok(l) => {
            print!("{}", rulebook::describe::describe(&l.engine.game));
            0
        }
        Err(code) => code,
    }
}

pub fn options(game: &GameArgs) -> i32 {
    let loaded = match load::game(game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let options = &loaded.engine.game.options;
    if let Some(name) = &loaded.variant {
        println!("{} (variant of {})", name, loaded.engine.game.name);
    }
    if options.is_empty() {
        println!("{} has no options.", loaded.engine.game.name);
        return 0;
    }
    let width = options.iter().map(|o| o.name.len() + 1 + o.value.len()).max().unwrap_or(0);
    for o in options {
        let setting = format!("{}={}", o.name, o.value);
        println!("{setting:width$}  {}  (one of: {})", o.description, o.values.join(", "));
    }
    0
}
