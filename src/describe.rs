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
fn per_player(game: &Game, sets: &[DirSet; MAX_PLAYERS]) -> String {
    if sets[..game.players.len()].iter().all(|s| *s == sets[0]) {
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

/// A move of the vector family, as a sentence without its full stop.
fn vector(game: &Game, v: &Vector) -> String {
    let onto = match v.landing {
        Landing::Empty => "onto a vacant point",
        Landing::EmptyOrEnemy => "onto a vacant point or an enemy piece, which it takes",
        Landing::Enemy => "only onto an enemy piece, which it takes",
    };
    let how = match v.shape {
        Shape::Step => format!("Steps one space {}", per_player(game, &v.dirs)),
        Shape::Slide(0) => format!("Slides any number of spaces over vacant points {}", per_player(game, &v.dirs)),
        Shape::Slide(n) => {
            format!("Slides up to {} over vacant points {}", plural(n as usize, "space"), per_player(game, &v.dirs))
        }
        Shape::Hop => format!(
            "Moves along a straight line {}, over exactly one piece and any vacant points before and after it,",
            per_player(game, &v.dirs)
        ),
        Shape::JumpOver { chained } => {
            let again = if chained {
                ", and may jump again from there as often as it can, stopping where it likes"
            } else {
                ""
            };
            let dirs = per_player(game, &v.dirs);
            // Its landing is said here: always a vacant point.
            return format!("Jumps {dirs} over an adjacent piece of any side onto the vacant point just behind it, taking nothing{again}");
        }
        Shape::Leap | Shape::Ride => {
            let forms = |pl: usize| {
                let list: Vec<String> = v.offsets[pl].iter().map(|(x, y)| format!("({x}, {y})")).collect();
                list.join(" ")
            };
            let offsets = if v.offsets[..game.players.len()].iter().all(|o| *o == v.offsets[0]) {
                forms(0)
            } else {
                let parts: Vec<String> =
                    game.players.iter().enumerate().map(|(i, p)| format!("{} for {}", forms(i), p.name)).collect();
                parts.join("; ")
            };
            let lame = if v.lame { ", unless the point of its first step is occupied" } else { "" };
            if v.shape == Shape::Leap {
                format!("Leaps over anything to the point this far across and up: {offsets}{lame},")
            } else {
                format!("Rides: leaps again and again the same way over vacant points, by {offsets},")
            }
        }
    };
    let from = match &v.from {
        Some(z) => format!(", only from {}", each_players(game, z)),
        None => String::new(),
    };
    let passant = if v.en_passant {
        "; also onto a point an enemy of its kind passed over in the last move, taking that piece (en passant)"
    } else {
        ""
    };
    format!("{how} {onto}{from}{passant}")
}

/// A set of rolls in words: "6", "1, 4 or 5".
fn rolls_words(bits: u128) -> String {
    let rolls: Vec<String> = rolls_in(bits).map(|r| r.to_string()).collect();
    match rolls.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
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

pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else if let Some(stem) = word.strip_suffix("man") {
        format!("{n} {stem}men")
    } else {
        format!("{n} {word}s")
    }
}

/// `a` or `an` before a number written in digits: "an 8 x 8", "an 11 x 11".
fn article(n: i32) -> &'static str {
    let digits = n.to_string();
    let eleven = (digits.starts_with("11") || digits.starts_with("18")) && digits.len() % 3 == 2;
    if digits.starts_with('8') || eleven {
        "an"
    } else {
        "a"
    }
}

/// The text with its first letter a capital, to start a sentence.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// "The point e5 is" or "The points a1 g1 are": point names are never capitalized.
fn the_points(game: &Game, set: &PointSet) -> String {
    if set.len() == 1 {
        format!("The point {} is", points(game, set))
    } else {
        format!("The points {} are", points(game, set))
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
    line(title.to_string());
    for s in &game.sources {
        line(format!("  source: {s}"));
    }
    line(String::new());
    board(game, &mut line);
    line("Players".into());
    for (i, p) in game.players.iter().enumerate() {
        let first = if i == game.first as usize { ", moves first" } else { "" };
        let forward = DIRECTION_NAMES[p.forward as usize];
        line(format!("  {} ({}): forward is {forward}{first}.", capital(&p.name), p.letter));
    }
    line(String::new());

    match &game.sowing {
        Some(sowing) => {
            line("Sowing".into());
            sowing_rules(game, sowing, &mut line);
        }
        None => {
            line("Pieces".into());
            pieces(game, &mut line);
            line(String::new());
            line("Setup".into());
            setup(game, &mut line);
        }
    }
    line(String::new());

    // Rules beyond the moves and captures above, if the game has any.
    let mut other = Vec::new();
    rules(game, &mut |l| other.push(l));
    if !other.is_empty() {
        line("Rules".into());
        other.into_iter().for_each(&mut line);
        line(String::new());
    }

    line("Goals".into());
    goals(game, &mut line);
    if !game.options.is_empty() {
        line(String::new());
        line("Options".into());
        for o in &game.options {
            line(format!("  {} = {} ({}): {}.", o.name, o.value, o.values.join(", "), o.description));
        }
    }
    out
}

/// The board: its points, links and lines, how it is drawn.
fn board(game: &Game, line: &mut Lines) {
    let b = &game.board;
    line("Board".into());
    line(format!(
        "  {} on {} {} x {} lattice, {}, {}.",
        plural(b.len(), "point"),
        article(b.width),
        b.width,
        b.height,
        plural(b.link_count(), "link"),
        plural(b.straight_lines().len(), "straight line")
    ));
    if game.sowing.is_none() {
        line("  Pieces move along the lines; one step along a line is one space.".into());
    }
    if let Some(drawn) = b.drawn {
        line(format!(
            "  Drawn as {}: {}.",
            drawn.word(),
            match drawn {
                Drawing::Squares => "a square for each point",
                Drawing::Chequerboard => "a square for each point, dark and light in turn",
                Drawing::Intersections => "the points where the lines meet",
                Drawing::Holes => "a hole for each point",
                Drawing::Hexagons => "a hexagon for each point, each rank shifted half a hexagon from the one below",
            }
        ));
    }
    if let Some(r) = b.river {
        // A rank's name: the digits of a label on it.
        let rank = |y: i32| {
            let p = b.coords.iter().position(|&(_, py)| py == y).unwrap_or(0);
            b.labels[p].trim_start_matches(|c: char| c.is_ascii_lowercase()).to_string()
        };
        line(format!("  A river is drawn between ranks {} and {}; the rules do not see it.", rank(r), rank(r + 1)));
    }
    line(String::new());
}

/// A sowing game's pits, stores and rules of sowing.
fn sowing_rules(game: &Game, s: &Sowing, line: &mut Lines) {
    let labels =
        |ps: &[Point]| ps.iter().map(|&p| game.board.labels[p as usize].as_str()).collect::<Vec<_>>().join(" ");
    for (pl, player) in game.players.iter().enumerate() {
        let store = match s.stores[pl] {
            Some(p) => format!(", then its store {}", game.board.labels[p as usize]),
            None => String::new(),
        };
        line(format!(
            "  {} has {}: {}{store}.",
            capital(&player.name),
            plural(s.pits[pl].len(), "pit"),
            labels(&s.pits[pl])
        ));
    }
    line(format!("  Every pit starts with {}.", plural(s.seeds as usize, "seed")));
    line(
        "  A move lifts every seed of one of the mover's pits and drops them one a point along the circuit: the pits \
         above in that order, each player's store after its pits, round and round."
            .into(),
    );
    if s.stores.iter().any(Option::is_some) {
        line("  A sowing drops seeds in the mover's own store, never in the opponent's.".into());
    }
    if s.skip_origin {
        line("  A sowing long enough to come round passes over the pit it was lifted from.".into());
    }
    match s.capture {
        SowCapture::None => line("  Nothing is captured.".into()),
        SowCapture::Counts { counts, backwards } => {
            let counts: Vec<String> = (0..64).filter(|n| counts & (1 << n) != 0).map(|n| n.to_string()).collect();
            let before = if backwards {
                ", and so are those of each pit before it, on the opponent's side, that holds as many"
            } else {
                ""
            };
            line(format!(
                "  If the last seed makes an opponent's pit hold {} seeds, its seeds are captured{before}.",
                counts.join(" or ")
            ));
        }
        SowCapture::Opposite => line(
            "  If the last seed falls in an empty pit of the mover's, it is captured with the seeds of the pit across, \
             when that pit has any."
                .into(),
        ),
    }
    if s.grand_slam_takes_nothing {
        line("  A capture that would take every seed on the opponent's side takes none (the move stands).".into());
    }
    if s.feed {
        line(
            "  While the opponent has no seeds, a move must sow into its pits; a player who cannot has no move.".into(),
        );
    }
    line("  Captured seeds go to the captor's store.".into());
}

/// Where each player's pieces start: on the board, in hand, or an unlimited supply.
fn setup(game: &Game, line: &mut Lines) {
    for (pi, p) in game.players.iter().enumerate() {
        for (ki, k) in game.kinds.iter().enumerate() {
            let mut set = PointSet::default();
            let mut count = 0;
            for s in game.setup.iter().filter(|s| s.0 as usize == pi && s.1 as usize == ki) {
                set.insert(s.2);
                count += 1;
            }
            if count > set.len() {
                // Stacks: how many on each point.
                let stacks: Vec<String> = set
                    .iter()
                    .map(|q| {
                        let n = game.setup.iter().filter(|s| (s.0 as usize, s.1 as usize, s.2) == (pi, ki, q)).count();
                        format!("{n} on {}", game.board.labels[q as usize])
                    })
                    .collect();
                line(format!("  {}: {}: {}.", capital(&p.name), plural(count, &k.name), stacks.join(", ")));
            } else if !set.is_empty() {
                line(format!("  {}: {} on {}.", capital(&p.name), plural(set.len(), &k.name), points(game, &set)));
            }
            if let Some(&(_, _, n)) = game.hand.iter().find(|h| h.0 as usize == pi && h.1 as usize == ki) {
                line(format!("  {}: {} in hand.", capital(&p.name), plural(n as usize, &k.name)));
            }
            if game.supply.iter().any(|h| h.0 as usize == pi && h.1 as usize == ki) {
                line(format!(
                    "  {}: an unlimited supply of {} in hand.",
                    capital(&p.name),
                    plural(2, &k.name).trim_start_matches("2 ")
                ));
            }
        }
    }
}

/// Each kind of piece and how it moves.
fn pieces(game: &Game, line: &mut Lines) {
    for k in &game.kinds {
        line(format!("  {} ({}):", capital(&k.name), k.letter));
        movement(game, k, line);
        captures_and_worth(game, k, line);
        if let Some(enter) = &k.enter {
            entry(game, enter, line);
        }
        limits(game, k, line);
        if let Some(pr) = &k.promotion {
            promotion(game, k, pr, line);
        }
    }
}

/// How a kind moves and captures by moving.
fn movement(game: &Game, k: &Kind, line: &mut Lines) {
    let m = &k.moves;
    if m.step.iter().any(|&s| s != 0) {
        line(format!("    Steps one space to a vacant point {}.", per_player(game, &m.step)));
    }
    if m.slide.iter().any(|&s| s != 0) {
        let limit = match m.slide_limit {
            Some(n) => format!("up to {}", plural(n as usize, "space")),
            None => "any number of spaces".into(),
        };
        line(format!("    Slides {limit} along a straight line over vacant points, {}.", per_player(game, &m.slide)));
    }
    capture_leaps(game, m, line);
    if m.leave.iter().any(|&s| s != 0) {
        line(format!(
            "    Leaves the board {} along a clear line; the exit counts as one space.",
            per_player(game, &m.leave)
        ));
    }
    track_moves(game, k, line);
    if m.take.iter().any(|&s| s != 0) {
        line(format!("    Captures by moving one space onto an enemy piece, {}.", per_player(game, &m.take)));
    }
    for v in &m.vectors {
        line(format!("    {}.", vector(game, v)));
    }
    if k.royal {
        line("    Is royal: its side may make no move that leaves it attacked (in check).".into());
    }
    if let Some(partner) = k.castle {
        let partner = &game.kinds[partner as usize].name;
        let attacked = if k.royal { ", and it is not in check nor crosses an attacked point" } else { "" };
        line(format!(
            "    Castles: moves two spaces sideways toward a {partner} of its side, the points between them empty, \
             the {partner} then standing on the point it crossed; only if neither has moved{attacked}."
        ));
    }
    if m.approach.iter().any(|&s| s != 0) {
        line(format!(
            "    Captures by approach {}: a step to a vacant point next to an enemy, in line with the step, takes that enemy and the unbroken run of enemies behind it.",
            per_player(game, &m.approach)
        ));
    }
    if m.withdraw.iter().any(|&s| s != 0) {
        line(format!(
            "    Captures by withdrawal {}: a step away from an adjacent enemy, in line with the step, takes that enemy and the unbroken run of enemies behind it.",
            per_player(game, &m.withdraw)
        ));
    }
}

/// A kind's captures by leaping, short and flying.
fn capture_leaps(game: &Game, m: &Moves, line: &mut Lines) {
    if m.jump.iter().any(|&s| s != 0) {
        line(format!(
            "    Captures by the short leap {}: over an adjacent enemy to the vacant point just behind it.",
            per_player(game, &m.jump)
        ));
    }
    let fly_any: [DirSet; MAX_PLAYERS] = std::array::from_fn(|p| m.fly[p] & !m.fly_behind[p]);
    if fly_any.iter().any(|&s| s != 0) {
        line(format!(
            "    Captures by the flying leap {}: over any vacant points, one enemy, and onto any vacant point behind it.",
            per_player(game, &fly_any)
        ));
    }
    if m.fly_behind.iter().any(|&s| s != 0) {
        line(format!(
            "    Captures by the flying leap {}: over any vacant points, one enemy, and onto the vacant point just \
             behind it.",
            per_player(game, &m.fly_behind)
        ));
    }
}

/// A racing kind's moves along its track, and where it is safe.
fn track_moves(game: &Game, k: &Kind, line: &mut Lines) {
    let m = &k.moves;
    if m.track && game.stacks.is_some() {
        line(
            "    Moves along its player's track by the roll, over any pieces in between: from the hand it enters as \
             if from just before the track's first point, and it bears off by moving just past the last. It may \
             land on its side's pieces, and on a lone enemy piece, which it takes; never on two or more."
                .into(),
        );
    } else if m.track {
        line(
            "    Moves along its player's track by the roll, over any pieces in between, never onto one of its own: \
             from the hand it enters as if from just before the track's first point, and it bears off by moving \
             just past the last. Landing on an enemy piece takes it."
                .into(),
        );
    }
    if k.safe.iter().any(|z| !z.is_empty()) {
        line(format!("    Cannot be taken by a piece landing on it while on {}.", zone(game, None, &k.safe)));
    }
}

/// What a kind may capture, what it is worth, what it shoots, when it flies.
fn captures_and_worth(game: &Game, k: &Kind, line: &mut Lines) {
    let m = &k.moves;
    let all_kinds = (1u16 << game.kinds.len()) - 1;
    if k.can_capture & all_kinds != all_kinds && (0..MAX_PLAYERS).any(|p| m.captures_any(p)) {
        let names = game.kind_names(k.can_capture);
        line(match names.as_slice() {
            [] => "    May capture no piece.".to_string(),
            _ => format!("    May capture only a {}.", names.join(" or a ")),
        });
    }
    if k.value != 1 {
        line(format!("    Is worth {}.", k.value));
    }
    if let Some((shot, dirs)) = k.shoot {
        let name = &game.kinds[shot as usize].name;
        line(format!(
            "    After each move it shoots one of its side's {name}s onto an empty point a slide away from where it landed ({}), where it stays.",
            dir_list(dirs[0])
        ));
    }
    if let Some(n) = k.fly {
        line(format!(
            "    While its side has at most {n} pieces (on the board and in hand), it flies: it moves to any empty point instead."
        ));
    }
}

/// How a kind enters from the hand.
fn entry(game: &Game, enter: &Enter, line: &mut Lines) {
    let everywhere = enter.on.iter().all(|z| z.len() == game.board.len());
    let on = if everywhere {
        "any empty point".to_string()
    } else {
        format!("an empty point of {}", points(game, &enter.on[0].union(&enter.on[1])))
    };
    let wait =
        if enter.before_moving { "; while any are in hand, its side's pieces of this kind do not move" } else { "" };
    let falls = &enter.falling[..game.players.len()];
    let fall = match falls {
        [Some(a), ..] if falls.iter().all(|f| f == &Some(*a)) => {
            format!(", then falls {} as far as the points are empty", DIRECTION_NAMES[*a as usize])
        }
        [Some(_), ..] => ", then falls forward as far as the points are empty".to_string(),
        _ => String::new(),
    };
    let capturing = if enter.capturing { " where it captures as it lands" } else { "" };
    line(format!("    Enters from the hand onto {on}{fall}{capturing}, as a move of its own{wait}."));
    if enter.unless_mates {
        line("    May not enter where it leaves the opponent checkmated.".into());
    }
}

/// A kind's limits: per file, lifts, runs of moves.
fn limits(game: &Game, k: &Kind, line: &mut Lines) {
    if let Some(n) = k.per_file {
        let most = if n == 1 { "two".to_string() } else { format!("more than {n}") };
        line(format!("    No move or entry may leave {most} of its side's {}s on one file.", k.name));
    }
    for (pi, lift) in k.lift.iter().enumerate() {
        let Some(lift) = lift else { continue };
        let from = match lift.on {
            Some(on) => format!("from {}", points(game, &on)),
            None => "from a point next to an empty one".to_string(),
        };
        let when = if lift.first { ", as its side's first move" } else { "" };
        line(format!(
            "    May be lifted off the board by {} {from}{when}: that is the whole move.",
            game.players[pi].name
        ));
    }
    if let Some(limit) = k.run_limit {
        let while_has = game.while_has(&limit).map_or(String::new(), |w| format!(", {w}"));
        line(format!(
            "    May make at most {} moves in a row without capturing{while_has}; a move of another piece, or a capture, starts the count again.",
            limit.max
        ));
    }
}

/// How a kind promotes.
fn promotion(game: &Game, k: &Kind, pr: &Promotion, line: &mut Lines) {
    let zones: Vec<String> = game
        .players
        .iter()
        .zip(&pr.zone)
        .filter(|(_, z)| !z.is_empty())
        .map(|(p, z)| format!("{} on {}", p.name, points(game, z)))
        .collect();
    let choices: Vec<&str> = k.promotion_choices().map(|c| game.kinds[c as usize].name.as_str()).collect();
    let into = &crate::diagnostics::one_of(&choices).replace("`", "");
    let into = if choices.len() > 1 { &format!("{into} (its player's choice)") } else { into };
    let zones = zones.join("; ");
    line(if pr.optional {
        format!("    May become a {into} when its move ends in its promotion zone ({zones}) or starts there, or stay as it is: its player's choice.")
    } else if pr.at_once {
        format!("    Becomes a {into} the moment it lands in its promotion zone ({zones}), even during a capture, and goes on as a {into}.")
    } else if pr.stops {
        format!("    Becomes a {into} when it lands in its promotion zone ({zones}); its move ends there, even during a capture.")
    } else {
        format!("    Becomes a {into} when its move ends in its promotion zone ({zones}); passing through it during a capture does not count.")
    });
}

fn dice(d: &Dice, line: &mut Lines) {
    if d.pair {
        line(format!(
            "  Before moving, the player throws two {}-sided dice. Each die moves a piece exactly its number (the same \
             piece may take both), a double four times; as many dice must be used as can be, and where only one of \
             the two can, the larger where it can. The whole turn is one move; a roll with no move is a pass.",
            d.sides
        ));
        return;
    }
    let thrown = if d.binary && d.counted {
        let counts: Vec<String> = (0..=d.sides).map(|k| format!("{k} up counts {}", d.values[k as usize])).collect();
        format!(
            "throws {} two-sided dice, and the roll is what the number landing marked side up counts: {}",
            d.sides,
            counts.join(", ")
        )
    } else if d.counted {
        let faces: Vec<String> = (1..=d.sides).map(|f| d.values[f as usize - 1].to_string()).collect();
        format!("rolls a {}-sided die whose faces count {}", d.sides, faces.join(", "))
    } else if d.binary {
        format!("throws {} two-sided dice, and the roll is how many land marked side up (0 to {})", d.sides, d.sides)
    } else if d.summed > 1 {
        format!(
            "throws {} {}-sided dice, and the roll is their sum ({} to {})",
            d.summed,
            d.sides,
            d.summed,
            d.summed * d.sides
        )
    } else {
        format!("rolls a {}-sided die", d.sides)
    };
    let meaning = if d.exact {
        "the roll is exactly how many spaces the piece moves. A roll with no move is a pass"
    } else {
        "the roll is the most spaces the piece may move. If no move fits the roll, the turn passes"
    };
    line(format!("  Before moving, the player {thrown}: {meaning}."));
}

/// Writes each sentence given, as a line.
type Lines<'a> = dyn FnMut(String) + 'a;

fn rules(game: &Game, line: &mut Lines) {
    if let Some(d) = &game.dice {
        dice(d, line);
    }
    race(game, line);
    whole_board(game, line);
    capture_by_moving(game, line);
    if let Some(c) = &game.custodial {
        custodial(game, c, line);
    }
    for t in &game.traps {
        trap(game, t, line);
    }
    for h in &game.hostile {
        hostile(game, h, line);
    }
    for s in &game.stops {
        line(format!(
            "  Only a {} may stop on {}; others may pass over it.",
            kinds(game, s.allowed),
            points(game, &s.region)
        ));
    }
}

/// The rules of racing pieces: tracks, stacks, entering and bearing off,
/// and the points and rolls with rules of their own.
fn race(game: &Game, line: &mut Lines) {
    for (pl, track) in game.players.iter().zip(&game.tracks) {
        if !track.is_empty() {
            let labels: Vec<&str> = track.iter().map(|&p| game.board.labels[p as usize].as_str()).collect();
            line(format!("  {}'s track runs {}, then off the board.", capital(&pl.name), labels.join(" ")));
        }
    }
    if let Some(again) = &game.another_turn {
        line(format!("  A move that ends on {} gives the mover another turn.", points(game, again)));
    }
    match game.stacks {
        Some(u8::MAX) => line("  Pieces of one side stack on a point, any number of them.".into()),
        Some(n) => line(format!("  Pieces of one side stack on a point, up to {n}.")),
        None => {}
    }
    if game.enter_first {
        line("  While a player has a piece in hand, its move is to enter it.".into());
    }
    if game.enter_rolls != 0 {
        line(format!(
            "  A piece in hand enters only on a roll of {}, onto the first point of its track.",
            rolls_words(game.enter_rolls)
        ));
    }
    if let Some(home) = &game.bear_off_from {
        line(format!(
            "  A piece bears off only while none of its side's pieces is in hand or on the board outside {}.",
            each_players(game, home)
        ));
    }
    if game.another_turn_rolls != 0 {
        let listed = rolls_words(game.another_turn_rolls);
        line(format!("  After a roll of {listed}, the same player throws and moves again (a pass too)."));
    }
    if game.swap_places {
        line(
            "  A piece landing on an enemy piece swaps places with it: the enemy goes to the point the mover left."
                .into(),
        );
    }
    if let Some(n) = game.safe_rows {
        line(format!("  A piece in a row of {n} or more of its side along the track cannot be landed on by an enemy."));
    }
    if let Some(n) = game.block_rows {
        line(format!("  A row of {n} or more pieces of one side along the track cannot be passed by an enemy."));
    }
    if let Some(z) = &game.must_stop {
        line(format!("  Every piece stops on {}: no move passes over it.", points(game, z)));
    }
    for (z, to) in &game.landing_returns {
        line(format!(
            "  A piece that lands on {} goes to {}, or to the nearest empty point before it on its track.",
            points(game, z),
            game.board.labels[*to as usize]
        ));
    }
    if game.bear_off_higher {
        line("  A roll larger than a piece's distance off bears it off if no piece of its side stands farther back on its track.".into());
    }
}

/// The rules that look at the whole board: rows that remove, positions
/// that may not come back, where captured pieces go, pieces left stranded.
fn whole_board(game: &Game, line: &mut Lines) {
    if let Some(n) = game.mill {
        line(format!(
            "  A move that leaves the piece it moved or placed in a row of {n} or more of its side's pieces along a line also removes an enemy piece: one in no such row of its own, or any if all are."
        ));
    }
    if game.forbid_previous {
        line("  No move but a pass may leave the board as it stood before the opponent's last move (ko).".into());
    }
    if game.forbid_earlier {
        line("  No move but a pass may leave the pieces on the board as they stood at any earlier point of the game (positional superko).".into());
    }
    if game.return_to_hand {
        line("  Captured pieces go back to their owner's hand.".into());
    }
    if game.change_sides {
        line("  Captured pieces change sides: they go to the captor's hand, a promoted piece as the kind it was promoted from.".into());
    }
    if game.forbid_stranded {
        line("  No move or entry may leave a piece where its kind could never move again, even on an empty board; a promotion that is a choice elsewhere is compulsory there.".into());
    }
}

/// Compulsory capture, and the rules of capture sequences where pieces jump.
fn capture_by_moving(game: &Game, line: &mut Lines) {
    let j = &game.jumps;
    let captures = game.kinds.iter().any(|k| (0..MAX_PLAYERS).any(|p| k.moves.captures_any(p)));
    let jumps = game.kinds.iter().any(|k| k.moves.jump.iter().chain(&k.moves.fly).any(|&d| d != 0));
    let lines = game.kinds.iter().any(|k| k.moves.approach.iter().chain(&k.moves.withdraw).any(|&d| d != 0));
    if captures {
        line(format!(
            "  Capturing is {}.",
            if j.compulsory { "compulsory: if any capture exists, the turn must capture" } else { "optional" }
        ));
    }
    if !jumps && !lines {
        return; // sequences, removal and majority are about leaps and capturing steps
    }
    if j.continues && j.at_will {
        line("  A capturing piece may go on capturing while it can, and may stop after any capture.".into());
    } else if j.continues {
        line(
            "  A capturing piece goes on capturing while it can; the sequence ends only where no capture is left."
                .into(),
        );
    }
    line(if j.remove_at_once && !jumps {
        "  Each captured piece is removed at once.".into()
    } else if j.remove_at_once {
        "  Each jumped piece is removed at once.".into()
    } else {
        "  Jumped pieces are removed when the sequence ends; until then they block and cannot be jumped twice.".into()
    });
    line(preferences(game));
    if j.no_reversal {
        line("  A leap may not turn straight back the way the previous leap came.".into());
    }
    if j.straight {
        line("  A sequence goes on only in the direction of its first leap.".into());
    }
    if j.no_repeated_direction {
        line("  A sequence may not go the same direction twice in a row.".into());
    }
    if j.no_revisiting {
        line("  A sequence may not land on a point the piece has stood on during the move, its start included.".into());
    }
    if j.land_to_continue {
        line(
            "  A flying leap must land where the capture can go on, if any landing beyond the jumped piece allows that."
                .into(),
        );
    }
}

fn custodial(game: &Game, c: &Custodial, line: &mut Lines) {
    let mut how: Vec<String> = Vec::new();
    if c.opposite {
        how.push("on its opposite side".into());
    }
    if c.runs {
        how.push("beyond it, or beyond an unbroken run of such enemies in that line (the whole run is taken)".into());
    }
    if c.perpendicular {
        let zone =
            c.perpendicular_within.map(|z| format!(", when it stands on {}", points(game, &z))).unwrap_or_default();
        how.push(format!("on one of its two sides at right angles (\"one of each\"){zone}"));
    }
    let intervention = if c.intervention {
        " A piece that moves between two such enemies on one line, both next to it, captures both (intervention)."
    } else {
        ""
    };
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
    ) + intervention
        + shieldwall
        + if c.convert { " Captured pieces are not removed: they change sides (they are flipped)." } else { "" });
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

/// A trap's conditions, indented under "While ..." when it holds only in a region.
fn trap(game: &Game, t: &Trap, line: &mut Lines) {
    let name = &game.kinds[t.kind as usize].name;
    let indent = if t.within.is_some() { "    " } else { "  " };
    if let Some(w) = &t.within {
        line(format!("  While a {name} stands on {}:", points(game, w)));
    }
    if let Some(n) = t.surrounded {
        line(format!("{indent}A {name} is captured when {} of its sides ({}) are hostile.", n, dir_list(t.sides)));
    }
    if t.enclosed == Some(ANY_FRIENDS) {
        line(format!(
            "{indent}A {name} is captured with every friend joined to it along the sides ({}) when the group has no empty point beside it (no liberty): all of its {} are taken.",
            dir_list(t.sides),
            plural(2, name).trim_start_matches("2 ")
        ));
    } else if let Some(n) = t.enclosed {
        line(format!(
            "{indent}A {name} is captured when it and at most {} beside it are enclosed: every point around them is hostile.",
            plural(n as usize, "friend")
        ));
    }
    if t.never_on_edge {
        line(format!("{indent}A {name} is never captured on the edge of the board."));
    }
    line(format!("{indent}The piece that moved must be one of those closing the trap on the {name}."));
    if t.suicide_taken {
        line(format!(
            "{indent}A move that leaves its own {name} caught this way, once its captures are made, loses it{} (suicide).",
            if t.enclosed == Some(ANY_FRIENDS) { " with its group" } else { "" }
        ));
    }
    if t.suicide_forbidden {
        line(format!(
            "{indent}No move may leave the {name} it moved or placed caught this way once its own captures are made (no suicide)."
        ));
    }
}

fn hostile(game: &Game, h: &Hostile, line: &mut Lines) {
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
    line(format!("  {} hostile to {to}{when}.", the_points(game, &h.region)));
}

/// The goals. A player's name may be singular or plural ("white",
/// "attackers"), so no verb is conjugated with it.
fn goals(game: &Game, line: &mut Lines) {
    // How an `end when ...` goal ends the game.
    let score = if game.goals.iter().any(|g| matches!(g.condition, Condition::MostPieces)) {
        "and the score decides"
    } else {
        "drawn"
    };
    for g in &game.goals {
        line(format!("  {}.", goal_text(game, g, score)));
    }
    for a in &game.announcements {
        line(format!(
            "  After a move by {}, when a {} has clear lines to the edge ({}), they announce: \"{}\".",
            game.players[a.after as usize].name,
            game.kinds[a.kind as usize].name,
            dir_list(a.dirs),
            a.text
        ));
    }
}

/// One goal in words (`score`: how an `end when ...` goal ends the game).
fn goal_text(game: &Game, g: &Goal, score: &str) -> String {
    let name = |p: PlayerId| game.players[p as usize].name.as_str();
    let kind = |k: KindId| game.kinds[k as usize].name.as_str();
    let outcome = match (g.player, g.wins) {
        _ if g.draw => "The game is drawn".to_string(),
        (Some(p), true) => format!("The game is won by {}", name(p)),
        (Some(p), false) => format!("The game is lost by {}", name(p)),
        (None, true) => "A player wins".into(),
        (None, false) => "A player loses".into(),
    };
    // Whose piece: a player's own, or the winner's (or loser's) own.
    let whose = |k: KindId| match g.player {
        Some(_) => format!("a {}", kind(k)),
        None => format!("one of its {}", plural(2, kind(k)).trim_start_matches("2 ")),
    };
    match &g.condition {
        Condition::NoMove if g.ends => format!("The game ends, {score}, when the player to move has no legal move"),
        Condition::Repeated(n) if g.ends => format!(
            "The game ends, {score}, when the same position, with the same side to move, stands for the {} time",
            ordinal(*n)
        ),
        Condition::PitsEmpty => format!("The game ends, {score}, when one player's pits are all empty"),
        Condition::StoreHolds(n) => format!("{outcome} when its store holds {n} seeds or more"),
        Condition::MostPieces if game.sowing.is_some() => format!(
            "{outcome} when, at the end, it has more seeds than the other side, in its store and its pits (as many: a draw)"
        ),
        Condition::NoMove => format!("{outcome} when it has no legal move on its turn"),
        Condition::Checkmated => {
            format!("{outcome} when it has no legal move on its turn and its royal piece is attacked (checkmate)")
        }
        Condition::Stalemated => format!(
            "{outcome} when it has no legal move on its turn and no royal piece of its is attacked (stalemate)"
        ),
        Condition::NoPieces => format!("{outcome} when it has no pieces left"),
        Condition::BorneOff => {
            format!("{outcome} when it has borne off all its pieces (none left on the board or in hand)")
        }
        Condition::Captured(k) => format!("{outcome} when a {} is captured", kind(*k)),
        Condition::Escapes(k) => format!("{outcome} when {} leaves the board", whose(*k)),
        Condition::Encircled(p) => {
            format!("{outcome} when no piece of {} can reach the edge (encircled)", name(*p))
        }
        Condition::Fortified(k) => format!(
            "{outcome} when {} on the edge can move and is walled in by pieces no enemy can take or pass (an edge fort)",
            whose(*k)
        ),
        Condition::Reaches(k, z) => format!("{outcome} when {} reaches {}", whose(*k), zone(game, g.player, z)),
        Condition::Holds { any } => {
            let me = if g.player.is_some() { "a player" } else { "it" };
            format!("{outcome} when {}", holds_words(game, any, me, "its opponent", true))
        }
        Condition::Streak { moves, classes } => {
            let by = g.player.map_or("one player", name);
            format!(
                "{outcome} after {moves} moves in a row by {by} that each go {} (the other side's moves in \
                 between do not count)",
                headings_meant(*classes)
            )
        }
        Condition::CapturedCount { n, kinds } => captured_count_text(game, g, outcome, *n, *kinds),
        Condition::Repeated(n) => repeated_text(g, outcome, *n),
        Condition::PerpetualCheck(n) => perpetual_text(game, g, outcome, *n),
        Condition::InARow { n, kinds, exactly } => in_a_row_text(game, g, outcome, *n, *kinds, *exactly),
        Condition::BoardFull => format!("{outcome} when the board is full"),
        Condition::Connects(regions) => {
            let ends: Vec<String> = regions.iter().map(|z| zone(game, g.player, z)).collect();
            let whose = if g.player.is_some() { "its" } else { "its own" };
            format!("{outcome} when a chain of {whose} pieces, linked along the lines, joins {}", ends.join(" and "))
        }
        Condition::Pass if game.players.len() > 2 => {
            "A player with no legal move passes while another can move; when none can, the game ends".to_string()
        }
        Condition::Pass => {
            "A player with no legal move passes while the other can move; when neither can, the game ends"
                .to_string()
        }
        Condition::PlayOn => "A player who wins drops out and takes the next place (first, then second, and so \
             on); the others play on until one is left, who takes the last place, or until none of those left \
             can move, who share the places left"
            .to_string(),
        Condition::PassAtWill => {
            "A player may pass instead of moving; two passes in a row end the game".to_string()
        }
        Condition::MostArea { bonus, to } => most_area_text(game, outcome, *bonus, *to),
        Condition::MostPieces => {
            format!("{outcome} when, at the end, it has more pieces on the board than the other side (as many: a draw)")
        }
        Condition::NoProgress { plies, capture, kinds } => no_progress_text(game, outcome, *plies, *capture, *kinds),
    }
}

/// `N KIND captured`: who wins where no player is named is the capturer.
fn captured_count_text(game: &Game, g: &Goal, outcome: String, n: u16, kinds: u16) -> String {
    let outcome = match (g.player, g.wins, g.draw) {
        (None, true, false) => "The capturer wins".to_string(),
        (None, false, false) => "The player who lost them loses".to_string(),
        _ => outcome,
    };
    format!("{outcome} when {n} of a player's {} have been captured", counted(game, kinds))
}

/// `position repeated N times`: where no player is named, the one whose move makes it.
fn repeated_text(g: &Goal, outcome: String, n: u8) -> String {
    let outcome = if g.player.is_none() && !g.draw {
        format!("The player whose move makes it {}", if g.wins { "wins" } else { "loses" })
    } else {
        outcome
    };
    format!("{outcome} when the same position, with the same side to move, stands for the {} time", ordinal(n))
}

/// `position repeated N times checking every move`.
fn perpetual_text(game: &Game, g: &Goal, outcome: String, n: u8) -> String {
    let (outcome, who) = match (g.player, g.draw) {
        (Some(p), false) => (outcome, game.players[p as usize].name.clone()),
        (None, false) => (format!("A player {}", if g.wins { "wins" } else { "loses" }), "it".into()),
        _ => (outcome, "one player".into()),
    };
    format!(
        "{outcome} when the same position, with the same side to move, stands for the {} time and {who} \
         gave check with every move it made since the position first stood (perpetual check)",
        ordinal(n)
    )
}

/// `[exactly] N [KIND] in a row`.
fn in_a_row_text(game: &Game, g: &Goal, outcome: String, n: u8, kinds: u16, exactly: bool) -> String {
    let how = if exactly { format!("exactly {n}") } else { format!("{n} or more") };
    let whom = if g.player.is_some() { "a player makes" } else { "it makes" };
    let what = counted(game, kinds);
    let longer = if exactly { " (a longer run does not count)" } else { "" };
    format!("{outcome} when {whom} a row of {how} of its {what} along a straight line{longer}")
}

/// `most area [plus N for PLAYER]`.
fn most_area_text(game: &Game, outcome: String, bonus: u16, to: PlayerId) -> String {
    let bonus = if bonus > 0 {
        format!(", {} adding {}", game.players[to as usize].name, half_points(bonus as u32))
    } else {
        String::new()
    };
    format!(
        "{outcome} when, at the end, it has the larger area: its pieces and the empty points from which only its pieces can be reached along the lines{bonus} (equal: a draw)"
    )
}

/// `draw after N moves without capture or KIND move`.
fn no_progress_text(game: &Game, outcome: String, plies: u16, capture: bool, kinds: u16) -> String {
    let mut resets: Vec<String> = Vec::new();
    if capture {
        resets.push("a capture".into());
    }
    let moved = (0..game.kinds.len()).filter(|&i| kinds & (1 << i) != 0);
    resets.extend(moved.map(|i| format!("a move of a {}", game.kinds[i].name)));
    format!("{outcome} after {} moves of each side without {}", plies / 2, resets.join(" or "))
}

/// A goal region: one set, or each player's own.
/// A region's points, each player's part named where they differ.
fn each_players(game: &Game, z: &[PointSet; MAX_PLAYERS]) -> String {
    if z[0] == z[1] {
        return points(game, &z[0]);
    }
    let parts: Vec<String> = game
        .players
        .iter()
        .zip(z)
        .filter(|(_, set)| !set.is_empty())
        .map(|(p, set)| format!("{} ({})", points(game, set), p.name))
        .collect();
    parts.join("; ")
}

fn zone(game: &Game, player: Option<PlayerId>, z: &[PointSet; MAX_PLAYERS]) -> String {
    match player {
        Some(p) => points(game, &z[p as usize]),
        None if z[0] == z[1] => points(game, &z[0]),
        None => format!("its goal: {}", each_players(game, z)),
    }
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

/// The pieces a counting goal counts: "pieces", or "man pieces".
fn counted(game: &Game, kinds: u16) -> String {
    let all = (1u16 << game.kinds.len()) - 1;
    if kinds & all == all {
        return "pieces".into();
    }
    let names = game.kind_names(kinds);
    format!("{} pieces", names.join(" or "))
}

/// A condition on the state of the board in words, about `me`: its groups
/// joined by "or", each group's clauses by "and".
/// `explain` says what `past` and `behind` mean.
pub fn holds_words(game: &Game, any: &[Vec<Clause>], me: &str, other: &str, explain: bool) -> String {
    let groups: Vec<String> = any
        .iter()
        .map(|all| all.iter().map(|c| clause_words(game, c, me, other, explain)).collect::<Vec<_>>().join(" and "))
        .collect();
    groups.join(", or ")
}

/// One clause in words: "it has fewer than 2 pieces left", "it has a hare
/// past every hound of its opponent".
fn clause_words(game: &Game, c: &Clause, me: &str, other: &str, explain: bool) -> String {
    let text = match c.test {
        Test::Left { opponent, at_least, n, kinds } => {
            let who = if opponent { other } else { me };
            let how = if at_least { "at least" } else { "fewer than" };
            format!("{who} has {how} {n} {} left", counted(game, kinds))
        }
        Test::MovedLast => format!("{me} made the last move"),
        Test::AllIn { kinds, ref region, .. } => format!("{me} has all its {} in {region}", counted(game, kinds)),
        Test::Past { kind, of, behind } => {
            let all = (1u16 << game.kinds.len()) - 1;
            let of = if of & all == all { "piece".to_string() } else { game.kind_names(of).join(" or ") };
            let place = if behind { "behind" } else { "past" };
            let kind = &game.kinds[kind as usize].name;
            if explain {
                let along = if behind { "farther back" } else { "farther forward" };
                format!("{me} has a {kind} {place} every {of} of {other}'s ({along} than each, along its forward direction)")
            } else {
                format!("{me} has a {kind} {place} every {of}")
            }
        }
    };
    if c.not {
        format!("not ({text})")
    } else {
        text
    }
}

/// Headings of a move in words: "sideways", "sideways or backward".
pub fn headings_words(classes: u8) -> String {
    let words: Vec<&str> = heading::WORDS.iter().filter(|w| classes & w.1 != 0).map(|w| w.0).collect();
    words.join(" or ")
}

/// Headings of a move in words, each with what it means along the mover's
/// forward direction: "sideways (ending neither farther forward nor back)".
fn headings_meant(classes: u8) -> String {
    let words: Vec<&str> = [
        (heading::FORWARD, "forward (ending farther forward)"),
        (heading::SIDEWAYS, "sideways (ending neither farther forward nor back)"),
        (heading::BACKWARD, "backward (ending farther back)"),
    ]
    .iter()
    .filter(|w| classes & w.0 != 0)
    .map(|w| w.1)
    .collect();
    words.join(" or ")
}

/// "second", "third", ... "10th".
pub fn ordinal(n: u8) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

/// Half points as a number: 15 is "7.5".
pub fn half_points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_the_sound_of_the_number() {
        let with = |n| format!("{} {n}", article(n));
        assert_eq!(
            [with(8), with(11), with(18), with(7), with(10), with(80)],
            ["an 8", "an 11", "an 18", "a 7", "a 10", "an 80"]
        );
    }

    #[test]
    fn sentences_start_with_a_capital() {
        assert_eq!(capital("attackers"), "Attackers");
        assert_eq!(capital(""), "");
    }
}
