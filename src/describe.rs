//! The rules in plain English, generated from the compiled game: a designer
//! reads it to check that the file says what they meant.

use crate::game::*;

fn dir_list(set: DirSet) -> String {
    match set {
        0xFF => "in any direction".into(),
        0b0101_0101 => "orthogonally".into(),
        0b1010_1010 => "diagonally".into(),
        _ => {
            let names: Vec<&str> = dirs(set).map(|d| DIRECTION_NAMES[d as usize]).collect();
            format!("towards {}", crate::diagnostics::one_of(&names))
        }
    }
}

/// "in any direction", or per player when the players differ.
fn per_player(game: &Game, sets: &[DirSet; PLAYERS]) -> String {
    if sets[0] == sets[1] {
        return dir_list(sets[0]);
    }
    let parts: Vec<String> = game
        .players
        .iter()
        .zip(sets)
        .filter(|(_, s)| **s != 0)
        .map(|(p, s)| format!("{} ({})", dir_list(*s), p.name))
        .collect();
    parts.join(", ")
}

fn points(game: &Game, set: &PointSet) -> String {
    let labels: Vec<&str> = set.iter().map(|p| game.board.labels[p as usize].as_str()).collect();
    labels.join(" ")
}

fn kinds(game: &Game, mask: u16) -> String {
    let names: Vec<&str> =
        game.kinds.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, k)| k.name.as_str()).collect();
    if names.len() == game.kinds.len() {
        "piece".into()
    } else {
        crate::diagnostics::one_of(&names)
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else if let Some(stem) = word.strip_suffix("man") {
        format!("{n} {stem}men")
    } else {
        format!("{n} {word}s")
    }
}

/// A player's name as the subject of a verb: "white wins", "attackers win".
fn subject_verb(name: &str, singular: &str, plural_form: &str) -> String {
    if name.ends_with('s') {
        format!("{name} {plural_form}")
    } else {
        format!("{name} {singular}")
    }
}

fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// The whole description.
pub fn describe(game: &Game) -> String {
    describe_as(game, &game.name)
}

/// The whole description under another title (a variant's name and description).
pub fn describe_as(game: &Game, title: &str) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    let b = &game.board;
    line(title.to_string());
    for s in &game.sources {
        line(format!("  source: {s}"));
    }
    line(String::new());
    line("Board".into());
    line(format!(
        "  {} on a {} x {} lattice, {}, {}.",
        plural(b.len(), "point"),
        b.width,
        b.height,
        plural(b.link_count(), "link"),
        plural(b.straight_lines().len(), "straight line")
    ));
    line("  Pieces move along the lines; one step along a line is one space.".into());
    line(String::new());

    line("Players".into());
    for (i, p) in game.players.iter().enumerate() {
        let first = if i == game.first as usize { ", moves first" } else { "" };
        line(format!("  {} ({}): forward is {}{first}.", p.name, p.letter, DIRECTION_NAMES[p.forward as usize]));
    }
    line(String::new());

    line("Pieces".into());
    for k in &game.kinds {
        line(format!("  {} ({}):", k.name, k.letter));
        let m = &k.moves;
        if m.step.iter().any(|&s| s != 0) {
            line(format!("    steps one space to a vacant point {}.", per_player(game, &m.step)));
        }
        if m.slide.iter().any(|&s| s != 0) {
            let limit = match m.slide_limit {
                Some(n) => format!("up to {}", plural(n as usize, "space")),
                None => "any number of spaces".into(),
            };
            line(format!(
                "    slides {limit} along a straight line over vacant points, {}.",
                per_player(game, &m.slide)
            ));
        }
        if m.jump.iter().any(|&s| s != 0) {
            line(format!(
                "    captures by the short leap {}: over an adjacent enemy to the vacant point just behind it.",
                per_player(game, &m.jump)
            ));
        }
        if m.fly.iter().any(|&s| s != 0) {
            line(format!(
                "    captures by the flying leap {}: over any vacant points, one enemy, and onto any vacant point behind it.",
                per_player(game, &m.fly)
            ));
        }
        if m.leave.iter().any(|&s| s != 0) {
            line(format!(
                "    leaves the board {} along a clear line; the exit counts as one space.",
                per_player(game, &m.leave)
            ));
        }
        if m.take.iter().any(|&s| s != 0) {
            line(format!("    captures by moving one space onto an enemy piece, {}.", per_player(game, &m.take)));
        }
        let all_kinds = (1u16 << game.kinds.len()) - 1;
        if k.can_capture & all_kinds != all_kinds && m.captures_by_moving_any() {
            let names: Vec<&str> = (0..game.kinds.len())
                .filter(|&i| k.can_capture & (1 << i) != 0)
                .map(|i| game.kinds[i].name.as_str())
                .collect();
            line(match names.as_slice() {
                [] => "    may capture no piece.".to_string(),
                _ => format!("    may capture only a {}.", names.join(" or a ")),
            });
        }
        if k.value != 1 {
            line(format!("    is worth {}.", k.value));
        }
        if let Some(limit) = k.run_limit {
            let has: Vec<&str> = (0..game.kinds.len())
                .filter(|&i| limit.while_has & (1 << i) != 0)
                .map(|i| game.kinds[i].name.as_str())
                .collect();
            let while_has = if has.len() == game.kinds.len() {
                String::new()
            } else {
                format!(", while its side has a {}", has.join(" or a "))
            };
            line(format!(
                "    may make at most {} moves in a row without capturing{while_has}; a move of another piece, or a capture, starts the count again.",
                limit.max
            ));
        }
        if let Some(pr) = &k.promotion {
            let zones: Vec<String> = game
                .players
                .iter()
                .zip(&pr.zone)
                .filter(|(_, z)| !z.is_empty())
                .map(|(p, z)| format!("{} on {}", p.name, points(game, z)))
                .collect();
            let into = &game.kinds[pr.into as usize].name;
            let zones = zones.join("; ");
            line(if pr.at_once {
                format!("    becomes a {into} the moment it lands in its promotion zone ({zones}), even during a capture, and goes on as a {into}.")
            } else if pr.stops {
                format!("    becomes a {into} when it lands in its promotion zone ({zones}); its move ends there, even during a capture.")
            } else {
                format!("    becomes a {into} when its move ends in its promotion zone ({zones}); passing through it during a capture does not count.")
            });
        }
    }
    line(String::new());

    line("Setup".into());
    for (pi, p) in game.players.iter().enumerate() {
        for (ki, k) in game.kinds.iter().enumerate() {
            let mut set = PointSet::default();
            for s in game.setup.iter().filter(|s| s.0 as usize == pi && s.1 as usize == ki) {
                set.insert(s.2);
            }
            if !set.is_empty() {
                line(format!("  {}: {} on {}.", p.name, plural(set.len(), &k.name), points(game, &set)));
            }
        }
    }
    line(String::new());

    line("Rules".into());
    if let Some(d) = &game.dice {
        line(format!(
            "  Before moving, the player rolls a {}-sided die: the roll is the most spaces the piece may move. \
             If no move fits the roll, the turn passes.",
            d.sides
        ));
    }
    let j = &game.jumps;
    let any_jumps = game.kinds.iter().any(|k| (0..PLAYERS).any(|p| k.moves.captures_by_moving(p)));
    if any_jumps {
        line(format!(
            "  Capturing is {}.",
            if j.compulsory { "compulsory: if any capture exists, the turn must capture" } else { "optional" }
        ));
        if j.continues {
            line(
                "  A capturing piece goes on capturing while it can; the sequence ends only where no capture is left."
                    .into(),
            );
        }
        line(if j.remove_at_once {
            "  Each jumped piece is removed at once.".into()
        } else {
            "  Jumped pieces are removed when the sequence ends; until then they block and cannot be jumped twice."
                .into()
        });
        line(preferences(game));
        if j.no_reversal {
            line("  A leap may not turn straight back the way the previous leap came.".into());
        }
        if j.land_to_continue {
            line(
                "  A flying leap must land where the capture can go on, if any landing beyond the jumped piece allows that."
                    .into(),
            );
        }
    }
    if let Some(c) = &game.custodial {
        let mut how = Vec::new();
        if c.opposite {
            how.push("on its opposite side");
        }
        if c.perpendicular {
            how.push("on one of its two sides at right angles (\"one of each\")");
        }
        let shieldwall = if c.shieldwall {
            " A row of them along an edge, bracketed at both ends (the mover at one end) and each faced by an enemy from the inside, is captured together (a shieldwall); a king in the row is not taken."
        } else {
            ""
        };
        line(format!(
            "  Custodial capture: after a move, an enemy {} next to the piece that moved ({}) is captured when a friendly {} \
             or a hostile site stands {}. Only the piece that moved captures.",
            kinds(game, c.targets),
            dir_list(c.sides),
            kinds(game, c.captors),
            how.join(" or ")
        ) + shieldwall);
        for (k, safe) in c.safe.iter().enumerate() {
            if let Some(region) = safe {
                line(format!(
                    "  A {} is not captured this way while it stands on {}.",
                    game.kinds[k].name,
                    points(game, region)
                ));
            }
        }
    }
    for t in &game.traps {
        let name = &game.kinds[t.kind as usize].name;
        if let Some(w) = &t.within {
            line(format!("  While a {name} stands on {}:", points(game, w)));
        }
        if let Some(n) = t.surrounded {
            line(format!("  A {name} is captured when {} of its sides ({}) are hostile.", n, dir_list(t.sides)));
        }
        if let Some(n) = t.enclosed {
            line(format!(
                "  A {name} is captured when it and at most {} beside it are enclosed: every point around them is hostile.",
                plural(n as usize, "friend")
            ));
        }
        if t.never_on_edge {
            line(format!("  A {name} is never captured on the edge of the board."));
        }
        line(format!("  The piece that moved must be one of those closing the trap on the {name}."));
    }
    for h in &game.hostile {
        let when = if h.when_empty { " while empty" } else { "" };
        let whose: Vec<&str> = game
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| h.to_players & (1 << i) != 0)
            .map(|(_, p)| p.name.as_str())
            .collect();
        let to = match (whose.len() == game.players.len(), h.to == u16::MAX) {
            (true, true) => "every piece".to_string(),
            (true, false) => format!("a {}", kinds(game, h.to)),
            (false, true) => format!("the pieces of {}", whose.join(" and ")),
            (false, false) => format!("a {} of {}", kinds(game, h.to), whose.join(" and ")),
        };
        let verb = if h.region.len() == 1 { "is" } else { "are" };
        line(format!("  {} {verb} hostile to {to}{when}.", points(game, &h.region)));
    }
    for s in &game.stops {
        line(format!(
            "  Only a {} may stop on {}; others may pass over it.",
            kinds(game, s.allowed),
            points(game, &s.region)
        ));
    }
    line(String::new());

    line("Goals".into());
    for g in &game.goals {
        let who = g.player.map(|p| game.players[p as usize].name.clone());
        let (singular, plural_form) = if g.wins { ("wins", "win") } else { ("loses", "lose") };
        let verb = |default: &str| match &who {
            _ if g.draw => "The game is drawn".to_string(),
            Some(name) => subject_verb(name, singular, plural_form),
            None => format!("{default} {singular}"),
        };
        let text = match &g.condition {
            Condition::NoMove => format!("{} when it has no legal move on its turn", verb("A player")),
            Condition::NoPieces => format!("{} when it has no pieces left", verb("A player")),
            Condition::Captured(k) => {
                format!("{} when a {} is captured", verb("The capturer"), game.kinds[*k as usize].name)
            }
            Condition::Escapes(k) => {
                format!("{} when a {} leaves the board", verb("Its owner"), game.kinds[*k as usize].name)
            }
            Condition::Encircled(p) => format!(
                "{} when no piece of {} can reach the edge (encircled)",
                verb("A player"),
                game.players[*p as usize].name
            ),
            Condition::Fortified(k) => format!(
                "{} when a {} on the edge can move and is walled in by pieces no enemy can take or pass (an edge fort)",
                verb("Its owner"),
                game.kinds[*k as usize].name
            ),
            Condition::Repeated(n) => {
                format!(
                    "{} when the same position (and side to move) has stood {n} times",
                    verb("The player to make it")
                )
            }
            Condition::NoProgress { plies, capture, kinds } => {
                let mut resets: Vec<String> = Vec::new();
                if *capture {
                    resets.push("a capture".into());
                }
                for (i, k) in game.kinds.iter().enumerate() {
                    if kinds & (1 << i) != 0 {
                        resets.push(format!("a move of a {}", k.name));
                    }
                }
                format!("{} after {} moves of each side without {}", verb("A player"), plies / 2, resets.join(" or "))
            }
            Condition::Reaches(k, z) => format!(
                "{} when a {} reaches {}",
                verb("Its owner"),
                game.kinds[*k as usize].name,
                points(game, &z[0].union(&z[1]))
            ),
        };
        line(format!("  {text}."));
    }
    for a in &game.announcements {
        line(format!(
            "  After {} move, when a {} has clear lines to the edge ({}), they announce: \"{}\".",
            possessive(&game.players[a.after as usize].name),
            game.kinds[a.kind as usize].name,
            dir_list(a.dirs),
            a.text
        ));
    }
    if !game.options.is_empty() {
        line(String::new());
        line("Options".into());
        for o in &game.options {
            line(format!("  {} = {} ({}): {}.", o.name, o.value, o.values.join(", "), o.description));
        }
    }
    out
}

/// Which capture must be chosen, in words.
fn preferences(game: &Game) -> String {
    let name = |k: KindId| game.kinds[k as usize].name.as_str();
    match game.jumps.prefer.as_slice() {
        [] => "  The choice among captures is free.".into(),
        [Preference::MostPieces] => "  Only the sequences taking the most pieces are legal.".into(),
        criteria => {
            let said: Vec<String> = criteria
                .iter()
                .map(|c| match *c {
                    Preference::MostPieces => "the most pieces taken".to_string(),
                    Preference::MostValue => "the greatest value taken".to_string(),
                    Preference::With(k) => format!("capturing with a {}", name(k)),
                    Preference::MostOf(k) => format!("the most {} pieces taken", name(k)),
                    Preference::EarliestOf(k) => format!("meeting a {} earliest", name(k)),
                })
                .collect();
            format!(
                "  Where several captures are possible, the one played must be the best by, in order: {}; any of those that tie may be chosen.",
                said.join("; then ")
            )
        }
    }
}
