//! The shipped games: their boards as docs/rules.md describes them, and their
//! `render` and `describe` output as snapshots.

use crate::common;

use rulebook::engine::Engine;
use rulebook::game::{Point, NONE};
use std::path::Path;

fn engine(path: &str) -> Engine {
    common::engine(path, &[])
}

fn labels(e: &Engine, line: &[Point]) -> String {
    line.iter().map(|&p| e.board().labels[p as usize].as_str()).collect::<Vec<_>>().join("-")
}

#[test]
fn tabal_board_has_37_points_76_links_and_20_straight_lines() {
    let e = engine("games/tabal.game");
    let b = e.board();
    assert_eq!(b.len(), 37);
    assert_eq!(b.link_count(), 76);
    let lines = b.straight_lines();
    assert_eq!(lines.len(), 20);
    let mut lengths: Vec<usize> = lines.iter().map(Vec::len).collect();
    lengths.sort_unstable();
    // Four cross lines of 3, fifteen lines of 5, the c-file of 9.
    assert_eq!(lengths, [vec![3; 4], vec![5; 15], vec![9]].concat());
    let names: Vec<String> = lines.iter().map(|l| labels(&e, l)).collect();
    for expected in ["a1-b2-c3-d4-e5", "c1-c2-c3-c4-c5-c6-c7-c8-c9", "a1-c1-e1", "e1-d2-c3-b4-a5", "a9-c9-e9"] {
        assert!(
            names.iter().any(|n| n == expected || n.split('-').rev().collect::<Vec<_>>().join("-") == expected),
            "{expected} should be a straight line; lines are {names:?}"
        );
    }
    // On a1-c1-e1 the neighbour of a1 is c1.
    assert_eq!(b.step(b.point("a1").unwrap(), 2), b.point("c1").unwrap());
    // Points with x + y odd have no diagonal lines (b3 has none, b4 has four).
    let diagonals = |p: &str| [1u8, 3, 5, 7].iter().filter(|&&d| b.step(b.point(p).unwrap(), d) != NONE).count();
    assert_eq!(diagonals("b3"), 0);
    assert_eq!(diagonals("b4"), 4);
}

#[test]
fn tablut_board_has_81_points() {
    let e = engine("games/tablut.game");
    assert_eq!(e.board().len(), 81);
    assert_eq!(e.board().link_count(), 144);
    assert_eq!(e.board().straight_lines().len(), 18);
}

#[test]
fn start_positions_follow_the_rules() {
    let tabal = engine("games/tabal.game");
    assert_eq!(
        tabal.position_notation(&tabal.start()),
        "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9"
    );
    let tablut = engine("games/tablut.game");
    assert_eq!(
        tablut.position_notation(&tablut.start()),
        "A:Ad1,e1,f1,e2,a4,i4,a5,b5,h5,i5,a6,i6,e8,d9,e9,f9:De3,e4,c5,d5,Ke5,f5,g5,e6,e7"
    );
}

#[test]
fn positions_read_back_what_they_write() {
    for file in ["games/tabal.game", "games/tablut.game"] {
        let e = engine(file);
        let start = e.start();
        let text = e.position_notation(&start);
        assert_eq!(e.parse_position(&text).unwrap(), start);
    }
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let e = engine("games/tabal.game");
    let err = |s: &str| e.parse_position(s).unwrap_err().to_string();
    assert_eq!(err("W:Wz9:B"), "`z9` is not a point of the board");
    assert_eq!(err("W:Wa1,a1:B"), "two pieces are on `a1`");
    assert_eq!(err("W:WQa1:B"), "`Q` is not a piece's letter");
    assert_eq!(err("X:Wa1:B"), "`X` is not a player's letter");
    assert!(err("W:Wa1").starts_with("not a position"));
}

#[test]
fn render_and_describe() {
    for file in ["games/tabal.game", "games/tablut.game", "games/breakthrough.game", "games/brandubh.game"] {
        let e = engine(file);
        let name = Path::new(file).file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("render-{name}"), rulebook::render::render(&e, &e.start()));
        insta::assert_snapshot!(format!("describe-{name}"), rulebook::describe::describe(&e.game));
    }
}

/// The SVG text of a few boards, one of each way of drawing: Tabal's lines
/// and triangles after a capture (last move and captured point marked),
/// draughts squares with numbers, tafl sites and crown, and a hand.
#[test]
fn svg_pictures() {
    use rulebook::render::svg::{svg, Options};
    let cases = [
        ("games/tabal.game", "c4-c5 c6xc4"),
        ("games/english-draughts.game", ""),
        ("games/brandubh.game", "d2-b2"),
        ("games/bagh-chal.game", "@c3"),
    ];
    for (file, plies) in cases {
        let e = engine(file);
        let mut pos = e.start();
        let mut last = None;
        for ply in plies.split_whitespace() {
            let (_, mv) = e.parse_ply(&pos, ply).unwrap();
            let next = e.play_unchecked(&pos, &mv);
            last = Some((pos, mv));
            pos = next;
        }
        let opts = Options { last: last.as_ref().map(|(p, m)| (p, m)), interactive: false };
        let name = Path::new(file).file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("svg-{name}"), svg(&e, &pos, &opts));
    }
}

/// Every shipped game and variant draws: one piece drawn per piece on the
/// board or kind in hand, one target per point, the elements closed.
#[test]
fn every_shipped_game_renders_as_svg() {
    use rulebook::render::svg::{svg, Options};
    let mut files: Vec<_> = std::fs::read_dir("games").unwrap().map(|e| e.unwrap().path()).collect();
    files.extend(std::fs::read_dir("games/variants").unwrap().map(|e| e.unwrap().path()));
    let files: Vec<_> = files.into_iter().filter(|p| p.is_file()).collect();
    assert!(files.len() >= 29, "{files:?}");
    for file in files {
        let e = engine(file.to_str().unwrap());
        let pos = e.start();
        let text = svg(&e, &pos, &Options { last: None, interactive: true });
        let on_board = (0..e.board().len() as Point).filter(|&p| pos.at(p) != 0).count();
        let held = (0..e.players())
            .flat_map(|pl| (0..e.game.kinds.len() as u8).map(move |k| (pl, k)))
            .filter(|&(pl, k)| e.counted_in_hand(&pos, pl, k) > 0)
            .count();
        assert_eq!(text.matches("class=\"piece\"").count(), on_board + held, "{}", file.display());
        assert_eq!(text.matches("data-point=").count(), e.board().len(), "{}", file.display());
        assert!(text.starts_with("<svg ") && text.ends_with("</svg>\n"), "{}", file.display());
        assert_eq!(text.matches('<').count(), text.matches('>').count(), "{}", file.display());
        assert!(!text.contains("NaN") && !text.contains("inf"), "{}", file.display());
    }
}

/// A printed position read back is the same game: its notation, hash, legal
/// moves under every roll and outcome, in every position of random games of
/// every shipped game, variant and option value (and the same through FEN
/// where the board has one).
#[test]
fn printed_positions_read_back_as_the_same_game() {
    let mut files: Vec<_> = std::fs::read_dir("games").unwrap().map(|e| e.unwrap().path()).collect();
    files.extend(std::fs::read_dir("games/variants").unwrap().map(|e| e.unwrap().path()));
    files.retain(|p| p.is_file());
    files.sort();
    for file in files {
        let file = file.to_str().unwrap();
        let plain = engine(file);
        read_back_along_random_games(&plain, file);
        // Each value of each option, the others at their defaults.
        for option in &plain.game.options {
            for value in &option.values[1..] {
                let e = common::engine(file, &[(option.name.as_str(), value.as_str())]);
                read_back_along_random_games(&e, &format!("{file} {}={value}", option.name));
            }
        }
    }
}

fn read_back_along_random_games(e: &Engine, what: &str) {
    use rand::{seq::SliceRandom, SeedableRng};
    let rolls: Vec<Option<u8>> = match e.dice() {
        Some(d) => d.rolls().map(Some).collect(),
        None => vec![None],
    };
    let same_game = |pos: &rulebook::engine::Position, text: &str, how: &str| {
        let read = e.parse_position(text).unwrap_or_else(|err| panic!("{what}: {how} {text}: {err}"));
        for &roll in &rolls {
            let (read_moves, played_moves) = (e.move_list(&read, roll).unwrap(), e.move_list(pos, roll).unwrap());
            if e.game.forbid_earlier {
                // Superko looks at the whole game, which a position does not hold:
                // read alone, it may allow a move that brings back an earlier board.
                assert!(played_moves.iter().all(|m| read_moves.contains(m)), "{what}: {how} {text}, roll {roll:?}");
            } else {
                assert_eq!(read_moves, played_moves, "{what}: {how} {text}, roll {roll:?}");
            }
        }
        assert_eq!(e.outcome(&read).unwrap(), e.outcome(pos).unwrap(), "{what}: {how} {text}");
        read
    };
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
    let mut moves = Vec::new();
    for _ in 0..4 {
        let mut pos = e.start();
        for _ in 0..300 {
            let text = e.position_notation(&pos);
            let read = same_game(&pos, &text, "notation");
            assert_eq!(e.position_notation(&read), text, "{what}");
            assert_eq!(read.hash(), pos.hash(), "{what}: hash of {text}");
            if let Some(fen) = e.fen(&pos) {
                same_game(&pos, &fen, "FEN");
            }
            if e.outcome(&pos).unwrap().is_some() {
                break;
            }
            let roll = e.roll(&mut rng);
            e.moves(&pos, roll, &mut moves).unwrap();
            let Some(mv) = moves.choose(&mut rng) else { break };
            pos = e.play_unchecked(&pos, mv);
        }
    }
}
