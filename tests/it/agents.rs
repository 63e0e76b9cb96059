//! The agents on known-answer positions, kept as data: each case says what
//! the right move is and why. Budgets are small (depth-limited alpha-beta, a
//! few thousand MCTS iterations) so the tests stay cheap; strength over whole
//! games is measured by scripts/strength.sh, not here.

use rulebook::agents::{self, Agent, GameRng};
use rulebook::engine::{Engine, History, Move, Position, Reason};

struct Case {
    file: &'static str,
    options: &'static [(&'static str, &'static str)],
    position: &'static str,
    /// The die's value, in a dice game.
    roll: Option<u8>,
    /// The right moves (any of them), or empty when `wins_within` decides.
    answers: &'static [&'static str],
    /// When > 0: the move must win by force within this many plies (the
    /// mover's and the replies), checked by a plain exhaustive search here.
    wins_within: u32,
}

const CASES: &[Case] = &[
    // Chinese checkers, three players: yellow fills its target (white's home) with m5-n5 and
    // wins, though two sides move after it. Max-n (MCTS) and paranoid (alpha-beta) searches
    // both see the win of the side to move.
    Case {
        file: "chinese-checkers.game",
        options: &[("players", "3")],
        position:
            "Y:Rm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:Yo5,p5,q5,n6,o6,p6,n7,o7,n8,m5:Bm10,l11,m11,k12,l12,m12,j13,k13,l13,m13",
        roll: None,
        answers: &["m5-n5"],
        wins_within: 0,
    },
    // Kalah: g1's seed falls in south's store and gives another turn; then f1's seed falls in
    // the emptied g1 and takes the ten seeds across on g3. A search that negates the value of
    // a move after which the same side moves again sees g1 as the worst move.
    Case {
        file: "kalah.game",
        options: &[],
        position: "S:S1,0,0,0,1,1+0:N10,0,0,0,0,2+0",
        roll: None,
        answers: &["g1"],
        wins_within: 0,
    },
    // Tablut without the die: the king on e6 sees the east edge; five moves block the line.
    // Among the forty replies to any other move, the escape came late in the order of
    // generation, and a search that took unvisited replies first, and softened a win at once
    // among many replies a little worse, judged e7-e8 (leaving the line open) safe.
    Case {
        file: "tablut.game",
        options: &[("dice", "false")],
        position: "A:Ad1,e1,f1,g2,a4,g4,b5,h5,i5,c6,a7,e7,d9,f9:De3,e4,d5,Ke6,g7",
        roll: None,
        answers: &["h5-h6", "i5-i6", "g4-g6", "f1-f6", "f9-f6"],
        wins_within: 0,
    },
    // Breakthrough: a pawn on the seventh rank reaches the far rank at once, straight or diagonally.
    Case {
        file: "breakthrough.game",
        options: &[],
        position: "W:Wa7,b2:Bh8,g7",
        roll: None,
        answers: &["a7-a8", "a7-b8"],
        wins_within: 1,
    },
    // Breakthrough: white's pawn on a7 wins next move unless taken; b8xa7 is the only defence.
    Case {
        file: "breakthrough.game",
        options: &[],
        position: "B:Wa7,c2,d2:Bb8,h8,h7",
        roll: None,
        answers: &["b8xa7"],
        wins_within: 0,
    },
    // Breakthrough, a race: the d-pawn needs three moves, black's e-pawn three too, and white is
    // first, so pushing the d-pawn (straight or diagonally) wins; a move of the a1 pawn loses the race.
    Case {
        file: "breakthrough.game",
        options: &[],
        position: "W:Wd5,a1:Be4,h8",
        roll: None,
        answers: &["d5-d6", "d5-c6", "d5-e6"],
        wins_within: 5,
    },
    // Breakthrough: black's pawn on h3 reaches rank 1 in two moves, before any white pawn
    // can arrive; g2xh3 takes it.
    Case {
        file: "breakthrough.game",
        options: &[],
        position: "W:Wa4,g2:Bh3,b8",
        roll: None,
        answers: &["g2xh3"],
        wins_within: 0,
    },
    // Tablut with the die, roll 6: the king on e3 has three clear lines off the board
    // (west and east 5 spaces with the exit, south 3): any of them wins at once.
    Case {
        file: "tablut.game",
        options: &[],
        position: "D:Aa9,i9:DKe3",
        roll: Some(6),
        answers: &["e3-off-w", "e3-off-e", "e3-off-s"],
        wins_within: 1,
    },
    // Tablut without dice: every line from the throne is blocked, but a king's move to a square
    // with two clear lines to the edge (c5, g5, e3, e7 ...) cannot be answered: the attackers
    // can close only one, and the king escapes by the other. A forced escape in three plies.
    Case {
        file: "tablut.game",
        options: &[("dice", "false")],
        position: "D:Ae8,e2,b5,h5:DKe5",
        roll: None,
        answers: &[],
        wins_within: 3,
    },
    // Tablut without dice: the king beside the empty throne is taken by three attackers and
    // the throne; e9-e7 closes the trap.
    Case {
        file: "tablut.game",
        options: &[("dice", "false")],
        position: "A:Ad6,f6,e9:DKe6",
        roll: None,
        answers: &["e9-e7"],
        wins_within: 1,
    },
    // Tablut without dice, the attackers to move: the king on d3 has one clear line, south
    // over d2 and d1; only a1-d1 and h2-d2 close it (the search of a side that keeps a piece
    // in leans on the evaluation, and must still see the reply that wins at once).
    Case {
        file: "tablut.game",
        options: &[("dice", "false")],
        position: "A:Aa1,h2,b3,f3,d8:DKd3",
        roll: None,
        answers: &["a1-d1", "h2-d2"],
        wins_within: 0,
    },
    // English draughts, a shot: e3-d4 gives a man, black must take it (c5xe3, the only capture),
    // and f2xd4xf6 takes two back. (g1 stops black's capture going on over f2.)
    Case {
        file: "english-draughts.game",
        options: &[],
        position: "W:Wc3,e3,f2,g1:Bc5,e5,h8",
        roll: None,
        answers: &["e3-d4"],
        wins_within: 0,
    },
    // English draughts, the same shot for black with the board turned round: d6-e5, f4xd6
    // forced, c7xe5xc3.
    Case {
        file: "english-draughts.game",
        options: &[],
        position: "B:Wf4,d4,a1:Bf6,d6,c7,b8",
        roll: None,
        answers: &["d6-e5"],
        wins_within: 0,
    },
    // Tabal, a shot: c4-c5 gives a man, black's only capture is c6xc4 (c2 stops it going on
    // over c3), and c3xc5xa5 takes two.
    Case {
        file: "tabal.game",
        options: &[],
        position: "W:Wc2,c3,c4,d5,e1:Bc6,b5,a9",
        roll: None,
        answers: &["c4-c5"],
        wins_within: 0,
    },
    // Tabal, the same shot for black, the board turned upside down: c6-c5, c4xc6 forced,
    // c7xc5xa5.
    Case {
        file: "tabal.game",
        options: &[],
        position: "B:Wc4,b5,a1:Bc8,c7,c6,d5,e9",
        roll: None,
        answers: &["c6-c5"],
        wins_within: 0,
    },
];

fn engine(case: &Case) -> Engine {
    let text = std::fs::read_to_string(format!("games/{}", case.file)).unwrap();
    rulebook::load_text(&text, case.options).unwrap()
}

/// Whether the side to move at `pos` can force a win within `plies`, by
/// trying everything (in a dice game, only a win in one ply is asked).
fn wins_within(e: &Engine, pos: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut moves = Vec::new();
    e.moves(pos, None, &mut moves).unwrap();
    moves.iter().any(|m| {
        let next = e.play_unchecked(pos, m);
        match next.decided() {
            Some(o) => o.winner == Some(pos.turn),
            None => plies > 2 && loses_within(e, &next, plies - 1),
        }
    })
}

/// Whether every move of the side to move lets the other side win within `plies`.
fn loses_within(e: &Engine, pos: &Position, plies: u32) -> bool {
    let mut moves = Vec::new();
    e.moves(pos, None, &mut moves).unwrap();
    !moves.is_empty()
        && moves.iter().all(|m| {
            let next = e.play_unchecked(pos, m);
            match next.decided() {
                Some(o) => o.winner == Some(1 - pos.turn),
                None => wins_within(e, &next, plies - 1),
            }
        })
}

fn check(agent: &mut dyn Agent, case: &Case) {
    let e = engine(case);
    let pos = e.parse_position(case.position).unwrap();
    let mut moves: Vec<Move> = Vec::new();
    e.moves(&pos, case.roll, &mut moves).unwrap();
    let chosen = agent.choose(&e, &pos, &e.history_from(&pos), &moves, &mut GameRng::new(7)).unwrap();
    let shown = e.notation(&chosen);
    let what = format!("{} at {} ({}): {}", agent.name(), case.position, case.file, shown);
    if !case.answers.is_empty() {
        assert!(case.answers.contains(&shown.as_str()), "{what}, expected one of {:?}", case.answers);
    }
    if case.wins_within > 0 {
        let next = e.play_unchecked(&pos, &chosen);
        let won = next.decided().is_some_and(|o| o.winner == Some(pos.turn))
            || (case.wins_within > 2 && loses_within(&e, &next, case.wins_within - 1));
        assert!(won, "{what} does not win within {} plies", case.wins_within);
    }
}

#[test]
fn the_answers_are_right() {
    // The data checks itself where it can: a forced win is one.
    for case in CASES.iter().filter(|c| c.wins_within > 0 && c.roll.is_none()) {
        let e = engine(case);
        assert!(wins_within(&e, &e.parse_position(case.position).unwrap(), case.wins_within), "{}", case.position);
    }
    assert!(CASES.len() >= 10);
}

#[test]
fn alphabeta_finds_the_winning_moves() {
    for case in CASES {
        check(&mut *agents::by_name("alphabeta:depth=5").unwrap(), case);
    }
}

#[test]
fn mcts_finds_the_winning_moves() {
    for case in CASES {
        check(&mut *agents::by_name("mcts:iterations=3000").unwrap(), case);
    }
}

/// Known answers where the game so far decides: a repetition rule would end
/// the game on the move asked for, or on the reply to it, so the right move
/// depends on the positions played before.
struct Repeated {
    file: &'static str,
    position: &'static str,
    /// Played from `position` first, as a game would, into its history.
    plies: &'static str,
    /// The right moves (any of them); empty: any but `avoid`.
    answers: &'static [&'static str],
    /// The moves after which the repetition ends the game against the mover,
    /// at once or after some reply.
    avoid: &'static [&'static str],
    /// How deep alpha-beta searches: deep enough to see the win it must not throw away.
    depth: u32,
}

const REPEATED: &[Repeated] = &[
    // English draughts, three kings against one, black to win: c1-d2 would make the position
    // stand for the third time (a draw), as a search blind to the game so far once played.
    Repeated {
        file: "english-draughts.game",
        position: "B:WK9:B1,K20,21,K26",
        plies: "a3-b2 b6-a7 d2-c1 a7-b6 c1-d2 b6-a7 d2-c1 a7-b6",
        answers: &[],
        avoid: &["c1-d2"],
        depth: 10,
    },
    // The same a ply sooner in the cycle: after c1-d2, white's b6-a7 makes the third time.
    Repeated {
        file: "english-draughts.game",
        position: "B:Bb2,Kd2,Kh4,b8:WKa7",
        plies: "d2-c1 a7-b6 c1-d2 b6-a7 d2-c1 a7-b6",
        answers: &[],
        avoid: &["c1-d2"],
        depth: 10,
    },
    // White, lost otherwise, saves the game: b6-a7 makes the third time.
    Repeated {
        file: "english-draughts.game",
        position: "B:Bb2,Kd2,Kh4,b8:WKa7",
        plies: "d2-c1 a7-b6 c1-d2 b6-a7 d2-c1 a7-b6 c1-d2",
        answers: &["b6-a7"],
        avoid: &[],
        depth: 10,
    },
    // Copenhagen hnefatafl: the king on a6 escapes next move by either line, but the defenders
    // answer for repetition, and the attackers' k7-k6 makes the third time: the attackers win.
    Repeated {
        file: "copenhagen-hnefatafl.game",
        position: "D:Ak6:DKa6,h8",
        plies: "h8-h9 k6-k7 h9-h8 k7-k6 h8-h9 k6-k7 h9-h8",
        answers: &["k7-k6"],
        avoid: &[],
        depth: 4,
    },
    // Copenhagen hnefatafl: i10-i9 threatens the soldier on h9, and h9-h8 would save it but
    // make the third time, which loses the game for the defenders.
    Repeated {
        file: "copenhagen-hnefatafl.game",
        position: "A:Ak6,g9,i10,d6,h6,f4,f8:DKf6,e6,g6,f5,f7,h8",
        plies: "k6-k7 h8-h9 k7-k6 h9-h8 k6-k7 h8-h9 k7-k6",
        answers: &[],
        avoid: &["h9-h8"],
        depth: 4,
    },
];

/// The engine, the position and the history a repetition case asks about.
fn repeated(case: &Repeated) -> (Engine, Position, History) {
    let e = rulebook::load_text(&std::fs::read_to_string(format!("games/{}", case.file)).unwrap(), &[]).unwrap();
    let mut pos = e.parse_position(case.position).unwrap();
    let mut history = e.history_from(&pos);
    for ply in case.plies.split_whitespace() {
        let (_, m) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_in(&pos, &m, &mut history);
        assert!(pos.decided().is_none(), "{ply} ends the game in {}", case.position);
    }
    (e, pos, history)
}

/// Whether `ply` ends the game by repetition (at once, or after some reply)
/// with the mover not winning.
fn repetition_against_mover(e: &Engine, pos: &Position, history: &History, ply: &str) -> bool {
    let (_, m) = e.parse_ply(pos, ply).unwrap();
    let mut h = history.clone();
    let next = e.play_in(pos, &m, &mut h);
    let against = |o: rulebook::engine::Outcome| o.reason == Reason::Repeated(3) && o.winner != Some(pos.turn);
    if let Some(o) = next.decided() {
        return against(o);
    }
    let mut replies = Vec::new();
    e.moves(&next, None, &mut replies).unwrap();
    replies.iter().any(|r| e.play_in(&next, r, &mut h.clone()).decided().is_some_and(against))
}

fn check_repeated(spec: &str, case: &Repeated) {
    let (e, pos, history) = repeated(case);
    let mut moves = Vec::new();
    e.moves(&pos, None, &mut moves).unwrap();
    let mut agent = agents::by_name(spec).unwrap();
    let chosen = e.notation(&agent.choose(&e, &pos, &history, &moves, &mut GameRng::new(7)).unwrap());
    let what = format!("{spec} after {} from {} ({}): {chosen}", case.plies, case.position, case.file);
    assert!(!case.avoid.contains(&chosen.as_str()), "{what} repeats the position");
    if !case.answers.is_empty() {
        assert!(case.answers.contains(&chosen.as_str()), "{what}, expected one of {:?}", case.answers);
    }
}

#[test]
fn the_repetition_cases_are_right() {
    for case in REPEATED {
        let (e, pos, history) = repeated(case);
        for ply in case.avoid {
            assert!(repetition_against_mover(&e, &pos, &history, ply), "{ply} after {}", case.plies);
        }
        // An answer reaches the repetition the mover wants: at once, not against the mover.
        for ply in case.answers {
            let (_, m) = e.parse_ply(&pos, ply).unwrap();
            let o = e.play_in(&pos, &m, &mut history.clone()).decided().expect("the answer ends the game");
            assert_eq!(o.reason, Reason::Repeated(3), "{ply}");
            assert_ne!(o.winner, Some(1 - pos.turn), "{ply}");
            // Without the game so far, the same move does not end it: the history decides.
            let fresh = e.play_in(&pos, &m, &mut e.history_from(&pos));
            assert!(fresh.decided().is_none(), "{ply}");
        }
    }
}

#[test]
fn alphabeta_plays_by_the_game_so_far() {
    for case in REPEATED {
        check_repeated("alphabeta:depth=3", case);
        check_repeated(&format!("alphabeta:depth={}", case.depth), case);
    }
}

#[test]
fn mcts_plays_by_the_game_so_far() {
    for case in REPEATED {
        check_repeated("mcts:iterations=3000", case);
    }
}

/// Answers by undoing its own last move where it can (the first legal move
/// otherwise): a defender hoping for a draw by repetition.
struct Shuffler(Option<Move>);

impl Agent for Shuffler {
    fn name(&self) -> &str {
        "shuffler"
    }
    fn choose(
        &mut self,
        _: &Engine,
        _: &Position,
        _: &History,
        moves: &[Move],
        _: &mut dyn rand::RngCore,
    ) -> Result<Move, rulebook::engine::Limit> {
        let back = self.0.and_then(|last| moves.iter().find(|m| m.from == last.to && m.to == last.from));
        let m = *back.unwrap_or(&moves[0]);
        self.0 = Some(m);
        Ok(m)
    }
}

#[test]
fn a_won_ending_is_won_within_the_distance_announced() {
    // Three kings and a man against a king that shuffles: a search blind to the game so far
    // announced "wins in 9" on every move and shuffled too, until the position stood three times.
    let e = rulebook::load_text(&std::fs::read_to_string("games/english-draughts.game").unwrap(), &[]).unwrap();
    let mut pos = e.parse_position("B:WK9:B1,K20,21,K26").unwrap();
    let mut history = e.history_from(&pos);
    let mut black = agents::AlphaBeta::new(agents::AlphaBetaSettings { depth: Some(12), time: None });
    let mut white = Shuffler(None);
    let (mut rng, mut moves, mut plies) = (GameRng::new(1), Vec::new(), 0);
    let mut announced = None;
    while e.outcome(&pos).unwrap().is_none() && plies < 60 {
        e.moves(&pos, None, &mut moves).unwrap();
        let m = if pos.turn == 0 {
            let m = black.choose(&e, &pos, &history, &moves, &mut rng).unwrap();
            let score = black.last_score().unwrap();
            let distance = 1_000_000 - score;
            assert!(distance <= 20, "black does not see its win: score {score}");
            // Each announcement is kept: two plies later the win is two plies nearer.
            if let Some((at, before)) = announced {
                assert!(plies + distance <= at + before, "wins in {distance} at ply {plies}, in {before} at {at}");
            }
            announced.get_or_insert((plies, distance));
            m
        } else {
            white.choose(&e, &pos, &history, &moves, &mut rng).unwrap()
        };
        pos = e.play_in(&pos, &m, &mut history);
        plies += 1;
    }
    let (at, distance) = announced.unwrap();
    let o = e.outcome(&pos).unwrap().expect("the game ends");
    assert_eq!(o.winner, Some(0), "{o:?} after {plies} plies");
    assert!(plies <= at + distance + 2, "won after {plies} plies, announced {distance}");
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    // Two threads, each with its share of the iterations and its own seed: still reproducible.
    let run = || {
        let text = std::fs::read_to_string("games/tablut.game").unwrap();
        let e = rulebook::load_text(&text, &[]).unwrap();
        let mut seats =
            [agents::by_name("mcts:iterations=200,threads=2").unwrap(), agents::by_name("alphabeta:depth=2").unwrap()];
        let played = agents::play_game(&e, &e.start(), &mut seats, &mut GameRng::new(11), 30, true).unwrap();
        played.record
    };
    let first = run();
    assert!(first.len() >= 4, "{first:?}");
    assert_eq!(first, run());
}

#[test]
fn every_shipped_game_finishes_a_few_plies_with_each_agent() {
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let e = rulebook::load_text(&text, &[]).unwrap();
        // And each number of players a game offers, every seat taken.
        let mut engines = vec![e];
        if let Some(counts) = engines[0].game.options.iter().find(|o| o.name == "players").map(|o| o.values.clone()) {
            for n in counts.iter().skip(1) {
                engines.push(rulebook::load_text(&text, &[("players", n.as_str())]).unwrap());
            }
        }
        for e in &engines {
            for spec in ["mcts:iterations=50", "alphabeta:depth=2", "greedy", "random"] {
                let mut seats: Vec<_> = (0..e.players()).map(|_| agents::by_name(spec).unwrap()).collect();
                let played = agents::play_game(e, &e.start(), &mut seats, &mut GameRng::new(1), 6, true).unwrap();
                assert!(!played.record.is_empty(), "{spec} in {}", path.display());
                assert_eq!(played.work.len(), e.players() as usize);
            }
        }
    }
}

#[test]
fn the_searches_count_repetitions_as_the_game_does() {
    // Random games that often undo their last move, played three ways: by the game
    // (`play_in`, which forgets what a capture or a one-way move made unrepeatable), by a
    // plain count of every position of the game, and as a search does (`enter`, stepping
    // out of a sibling first).
    use rand::Rng;
    for file in ["english-draughts.game", "copenhagen-hnefatafl.game", "chess.game"] {
        let e = rulebook::load_text(&std::fs::read_to_string(format!("games/{file}")).unwrap(), &[]).unwrap();
        let mut rng = GameRng::new(3);
        let mut repeated = 0;
        for _ in 0..20 {
            let mut pos = e.start();
            let (mut game, mut search) = (e.history_from(&pos), e.history_from(&pos));
            let mut every = vec![pos.hash()];
            let mut moves = Vec::new();
            let mut last: [Option<Move>; 2] = [None, None];
            for _ in 0..300 {
                e.moves(&pos, None, &mut moves).unwrap();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                let me = pos.turn as usize;
                let back = last[me].and_then(|l| moves.iter().find(|m| m.from == l.to && m.to == l.from));
                let m = match back {
                    Some(b) if rng.gen_bool(0.8) => *b,
                    _ => moves[rng.gen_range(0..moves.len())],
                };
                last[me] = Some(m);
                // A sibling entered and left changes nothing.
                let mut sibling = e.play_unchecked(&pos, &moves[0]);
                let mark = e.enter(pos.turn, &mut search, &mut sibling);
                e.leave(&mut search, mark);
                assert!(search.ends_at(&pos));
                let mut searched = e.play_unchecked(&pos, &m);
                e.enter(pos.turn, &mut search, &mut searched);
                let next = e.play_in(&pos, &m, &mut game);
                every.push(next.hash());
                let stood = every.iter().filter(|&&h| h == next.hash()).count();
                let by_rule = next.decided().is_some_and(|o| matches!(o.reason, Reason::Repeated(_)));
                assert_eq!(by_rule, stood >= 3, "{file}: a position stood {stood} times");
                assert_eq!(searched.decided(), next.decided(), "{file}");
                repeated += by_rule as u32;
                pos = next;
            }
        }
        assert!(repeated >= 5, "{file}: only {repeated} games ended by repetition");
    }
}

/// Chess: white's queen on d1 may take d5, which the pawn on e6 defends.
fn queen_may_take_a_defended_pawn() -> (Engine, Position, Vec<Move>) {
    let e = crate::common::engine("games/chess.game", &[]);
    let pos = e.parse_position("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1").unwrap();
    let mut moves: Vec<Move> = Vec::new();
    e.moves(&pos, None, &mut moves).unwrap();
    assert!(moves.iter().any(|m| e.notation(m) == "d1xd5"));
    (e, pos, moves)
}

/// In chess, captures are optional: a search that stopped at its depth
/// would count a queen's capture of a defended pawn as a pawn won.
#[test]
fn alphabeta_does_not_take_a_defended_pawn_with_its_queen() {
    let (e, pos, moves) = queen_may_take_a_defended_pawn();
    for spec in ["alphabeta:depth=1", "alphabeta:depth=2"] {
        let mut agent = agents::by_name(spec).unwrap();
        let chosen = agent.choose(&e, &pos, &e.history_from(&pos), &moves, &mut GameRng::new(7)).unwrap();
        assert_ne!(e.notation(&chosen), "d1xd5", "{spec}");
    }
}

#[test]
fn the_evaluation_drives_a_bare_king_to_the_edge() {
    let e = crate::common::engine("games/chess.game", &[]);
    let eval = agents::Evaluation::new(&e);
    let score = |fen: &str| eval.evaluate(&e, &e.parse_position(fen).unwrap());
    // White, a rook ahead, to move: better with black's king on the edge than in the middle,
    // and with its own king near it, by more than the kings' mobility alone makes (a few
    // points a square). Black, behind, sees the same the other way.
    // (The white king is three steps from the black king in both.)
    let (middle, edge) = ("8/8/8/8/3k4/8/7R/K7 w - - 0 1", "8/8/8/8/k7/8/7R/K7 w - - 0 1");
    assert!(score(edge) - score(middle) >= 40, "{} {}", score(edge), score(middle));
    let (far, near) = ("3k4/8/8/8/8/8/8/R3K3 w - - 0 1", "3k4/8/3K4/8/8/8/8/R7 w - - 0 1");
    assert!(score(near) - score(far) >= 40, "{} {}", score(near), score(far));
    let black = |fen: &str| score(&fen.replace(" w ", " b "));
    assert!(black(middle) - black(edge) >= 40, "{} {}", black(middle), black(edge));
}

#[test]
fn mcts_at_a_small_budget_sees_the_recapture() {
    // d1xd5 gives the queen for a pawn. The children's evaluations, backed up as minimax
    // values, show the recapture once d1xd5 is expanded; the playouts' mean alone can miss
    // it at this budget (plain UCT, `minimax=0`, takes the pawn with some seeds).
    let (e, pos, moves) = queen_may_take_a_defended_pawn();
    let taking = |spec: &str| {
        (0..24)
            .filter(|&seed| {
                let mut agent = agents::by_name(spec).unwrap();
                let chosen = agent.choose(&e, &pos, &e.history_from(&pos), &moves, &mut GameRng::new(seed)).unwrap();
                e.notation(&chosen) == "d1xd5"
            })
            .count()
    };
    assert_eq!(taking("mcts:iterations=100"), 0);
    assert!(taking("mcts:iterations=100,minimax=0") > 0, "the case no longer tells the two apart");
}
