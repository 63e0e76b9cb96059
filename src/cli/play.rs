//! `rulebook play`: a game in the terminal against a person or an agent.

use super::load::{self, Loaded};
use super::{GameArgs, EXIT_INVALID, EXIT_USAGE};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rulebook::agents::{self, Agent};
use rulebook::engine::{Engine, Move, Position, Verdict};
use rulebook::record::Record;
use std::io::{BufRead, Write};

/// Who plays a side: a person at the keyboard, or an agent.
enum Seat {
    Human,
    Computer(Box<dyn Agent + Send>),
}

/// One played ply, kept so that `undo` can go back to it.
struct Played {
    before: Position,
    roll: Option<u8>,
}

pub struct Options {
    pub players: Vec<String>,
    pub seed: Option<u64>,
    pub resume: Option<std::path::PathBuf>,
    pub record: Option<std::path::PathBuf>,
    pub position: Option<String>,
}

fn seats(engine: &Engine, specs: &[String]) -> Result<Vec<Seat>, String> {
    let names: Vec<&str> = engine.game.players.iter().map(|p| p.name.as_str()).collect();
    let mut seats: Vec<Seat> = vec![Seat::Human, Seat::Computer(Box::new(agents::RandomAgent))];
    for spec in specs {
        let (who, what) = spec.split_once('=').ok_or_else(|| {
            format!("`--player {spec}` is not PLAYER=AGENT (for example `--player {}=random`)", names[1])
        })?;
        let i = names
            .iter()
            .position(|n| *n == who)
            .ok_or_else(|| format!("`{who}` is not a player of this game; the players are {}", names.join(" and ")))?;
        seats[i] = match what {
            "human" => Seat::Human,
            other => Seat::Computer(
                agents::by_name(other)
                    .ok_or_else(|| format!("`{other}` is not an agent; choose human, {}", agents::AGENTS.join(", ")))?,
            ),
        };
    }
    Ok(seats)
}

pub fn run(game: &GameArgs, opts: &Options) -> i32 {
    let mut game = game.clone();
    let resumed = match &opts.resume {
        Some(path) => match load::read_record(path) {
            Ok(r) => {
                // The record's options come first; the command line may add to them.
                let mut options: Vec<String> = r.options().into_iter().map(|(k, v)| format!("{k}={v}")).collect();
                options.extend(game.options.iter().cloned());
                game.options = options;
                Some(r)
            }
            Err(e) => {
                eprintln!("error: --resume: {e}");
                return EXIT_USAGE;
            }
        },
        None => None,
    };
    let Loaded { engine, variant } = match load::game(&game) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mut seats = match seats(&engine, &opts.players) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let seed = opts.seed.unwrap_or_else(|| {
        // No seed given: a different game each time, from the clock.
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let given = resumed.as_ref().and_then(|r| r.tag("Position").map(String::from)).or(opts.position.clone());
    let mut pos = match given.as_deref() {
        Some(p) => match engine.parse_position(p) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: the starting position: {e}");
                return EXIT_INVALID;
            }
        },
        None => engine.start(),
    };
    let start = pos.clone();
    let mut plies: Vec<String> = Vec::new();
    let mut history: Vec<Played> = Vec::new();
    if let Some(r) = &resumed {
        for (i, ply) in r.plies.iter().enumerate() {
            match engine.parse_ply(&pos, ply) {
                Ok((roll, mv)) => {
                    history.push(Played { before: pos.clone(), roll });
                    pos = engine.play_unchecked(&pos, &mv);
                    plies.push(ply.clone());
                }
                Err(e) => {
                    eprintln!("error: the saved game, ply {} `{ply}`: {e}", i + 1);
                    return EXIT_INVALID;
                }
            }
        }
    }
    let g = &engine.game;
    println!("{}{}  (seed {seed})", g.name, variant.map(|v| format!(", {v}")).unwrap_or_default());
    if resumed.is_some() {
        println!("Resumed after {} {}.", plies.len(), if plies.len() == 1 { "ply" } else { "plies" });
    }
    println!("Type a move (`c3-c4`, `b2xd4xb6`), or: moves, undo, save FILE, position, help, quit.\n");
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut announcements: Vec<String> = Vec::new();
    let mut pending_roll: Option<Option<u8>> = None;
    loop {
        print!("{}", rulebook::render::render(&engine, &pos));
        println!("position {}", engine.position_notation(&pos));
        for a in announcements.drain(..) {
            println!("{}: \"{a}\"", g.players[1 - pos.turn as usize].name);
        }
        if let Some(o) = engine.outcome(&pos) {
            let result = super::commands::describe_outcome(&engine, &o);
            println!("\nGame over: {result}.");
            println!("The game: {}", plies.join(" "));
            if let Some(path) = &opts.record {
                let mut rec = record(&engine, &game, seed, &start, &plies);
                rec.set("Result", result);
                if let Err(e) = std::fs::write(path, rec.write()) {
                    eprintln!("error: cannot write the record to {}: {e}", path.display());
                    return EXIT_USAGE;
                }
                println!("Record written to {}.", path.display());
            }
            return 0;
        }
        let me = pos.turn as usize;
        let roll = *pending_roll.get_or_insert_with(|| engine.dice().map(|d| rng.gen_range(1..=d)));
        if let Some(r) = roll {
            println!("Roll for {}: {r}.", g.players[me].name); // a name may be singular or plural
        }
        let mut moves: Vec<Move> = Vec::new();
        engine.moves(&pos, roll, &mut moves);
        let chosen = match &mut seats[me] {
            Seat::Computer(agent) => {
                let m = agent.choose(&engine, &pos, &moves, &mut rng);
                println!("{} ({}) plays {}.", g.players[me].name, agent.name(), engine.notation(&m));
                Some(m)
            }
            Seat::Human => loop {
                print!("{}> ", g.players[me].name);
                let _ = std::io::stdout().flush();
                let Some(Ok(line)) = lines.next() else {
                    println!("\nInput ended. The game so far: {}", plies.join(" "));
                    return 0;
                };
                let line = line.trim();
                let (word, arg) = line.split_once(' ').map_or((line, ""), |(w, a)| (w, a.trim()));
                match word {
                    "" => continue,
                    "help" => println!(
                        "Moves are written FROM-TO (c3-c4), captures FROMxTOxTO (b2xd4xb6), leaving FROM-off-DIR (c5-off-w), pass.\n\
                         moves: list the legal moves   undo: take back your last move   save FILE: write the game to FILE\n\
                         position: print the position   quit: stop (save first to resume with --resume FILE)"
                    ),
                    "moves" => println!("{}", engine.move_list(&pos, roll).join(" ")),
                    "position" => println!("{}", engine.position_notation(&pos)),
                    "quit" => {
                        println!("The game so far: {}", plies.join(" "));
                        return 0;
                    }
                    "save" if !arg.is_empty() => {
                        let mut rec = record(&engine, &game, seed, &start, &plies);
                        rec.set("Result", "unfinished");
                        match std::fs::write(arg, rec.write()) {
                            Ok(()) => println!("Saved to {arg}; continue later with --resume {arg}."),
                            Err(e) => println!("Cannot save to {arg}: {e}"),
                        }
                    }
                    "save" => println!("save needs a file name: save FILE"),
                    "undo" => {
                        // Back to this side's previous turn, taking back the agents' replies too.
                        let mut undone = 0;
                        while let Some(p) = history.pop() {
                            plies.pop();
                            undone += 1;
                            pos = p.before;
                            pending_roll = Some(p.roll);
                            if pos.turn as usize == me {
                                break;
                            }
                        }
                        if undone == 0 {
                            println!("Nothing to undo.");
                            continue;
                        }
                        break None;
                    }
                    _ => match engine.why(&pos, roll, line) {
                        Verdict::Legal(_, m) => break Some(m),
                        Verdict::Illegal { reason, legal } => {
                            println!("`{line}` is not legal: {reason}.");
                            if !legal.is_empty() {
                                println!("Legal moves: {}", legal.join(" "));
                            }
                        }
                    },
                }
            },
        };
        let Some(m) = chosen else { continue };
        history.push(Played { before: pos.clone(), roll });
        plies.push(engine.ply_notation(roll, &m));
        let next = engine.play_unchecked(&pos, &m);
        announcements = engine.announcements(&next, me as u8, &m);
        pos = next;
        pending_roll = None;
        println!();
    }
}

/// The record of a game played from `start`.
pub fn record(engine: &Engine, game: &GameArgs, seed: u64, start: &Position, plies: &[String]) -> Record {
    let mut r = Record::default();
    r.set("Game", engine.game.name.clone());
    r.set("File", game.file.display().to_string());
    let options: Vec<String> = engine.game.options.iter().map(|o| format!("{}={}", o.name, o.value)).collect();
    if !options.is_empty() {
        r.set("Options", options.join(" "));
    }
    r.set("Seed", seed.to_string());
    if *start != engine.start() {
        r.set("Position", engine.position_notation(start));
    }
    r.plies = plies.to_vec();
    r
}
