//! Every special rule on a small crafted position, the expected moves worked
//! out by hand from the rules in docs/rules.md.

use crate::common;

use crate::common::{moves, play};
use rulebook::engine::{Engine, Outcome, Position, Reason, SowEnd, Verdict};

fn tabal(options: &[(&str, &str)]) -> Engine {
    common::engine("games/tabal.game", options)
}

fn tablut(options: &[(&str, &str)]) -> Engine {
    common::engine("games/tablut.game", options)
}

// ------------------------------------------------------------ Tabal (draughts)

#[test]
fn flying_king_captures_with_every_landing_point() {
    // King a3 looks north-east along a3-b4-c5-d6-e7: b4 vacant, c5 black,
    // then d6 and e7 vacant. Capture is compulsory, so only the two leaps.
    assert_eq!(moves(&tabal(&[]), "W:WKa3:Bc5", None), ["a3xd6", "a3xe7"]);
}

#[test]
fn a_capture_sequence_must_continue() {
    // a3 leaps b4 to c5, and from c5 must leap d6 to e7: stopping at c5 is not a move.
    assert_eq!(moves(&tabal(&[]), "W:Wa3:Bb4,d6", None), ["a3xc5xe7"]);
}

#[test]
fn no_piece_is_jumped_twice() {
    // King a5 leaps b5 and may land on c5, d5 or e5; from there the only
    // enemy in reach is b5 again, which may not be jumped a second time.
    assert_eq!(moves(&tabal(&[]), "W:WKa5:Bb5", None), ["a5xc5", "a5xd5", "a5xe5"]);
}

/// One rank of eight points and a king that captures flying: the smallest
/// board on which the removal timing changes the legal moves.
const LINE_GAME: &str = r#"
rulebook 1
game "Line"
option removal = end, once "when jumped pieces leave"
board {
  files a..h
  ranks 1..1
  points a1..h1
  lines orthogonal a1..h1
}
player white W forward n
player black B forward s
piece king K {
  slide any
  jump any flying
}
place white king on d1
place black king on b1 e1 g1
capture {
  compulsory
  continue
  if removal = once {
    remove at once
  } else {
    remove at end
  }
}
goals {
  lose when no move
}
"#;

#[test]
fn jumped_pieces_block_until_the_sequence_ends() {
    // From d1: west over b1 to a1, then b1 (jumped, still there) blocks the way back.
    // East over e1 to f1, over g1 to h1, then g1 blocks the way back.
    let end = rulebook::load_text(LINE_GAME, &[]).unwrap();
    assert_eq!(end.move_list(&end.start(), None).unwrap(), ["d1xa1", "d1xf1xh1"]);
    // Removed at once, the king crosses the emptied points and takes all three.
    let once = rulebook::load_text(LINE_GAME, &[("removal", "once")]).unwrap();
    assert_eq!(once.move_list(&once.start(), None).unwrap(), ["d1xa1xf1xh1", "d1xf1xa1xh1", "d1xf1xh1xa1"]);
}

#[test]
fn the_start_point_counts_as_vacant_during_the_sequence() {
    // c7 leaps d8 to e9, c9 to a9, b8 back to c7 (its own start), and the
    // other way round; crowned only where the move ends, so it stays a man.
    let e = tabal(&[]);
    assert_eq!(moves(&e, "W:Wc7:Bb8,c9,d8", None), ["c7xa9xe9xc7", "c7xe9xa9xc7"]);
    let (after, _) = play(&e, "W:Wc7:Bb8,c9,d8", "c7xa9xe9xc7");
    assert_eq!(after, "B:Wc7:B");
}

#[test]
fn promotion_at_once_continues_as_a_king() {
    // Crowned on landing at a9 (or e9), the piece goes on with king leaps:
    // flying along e9-d8-c7-b6-a5 (or a9-b8-c7-d6-e5) to any point behind.
    let e = tabal(&[("promotion", "immediate")]);
    assert_eq!(
        moves(&e, "W:Wc7:Bb8,c9,d8", None),
        ["c7xa9xe9xa5", "c7xa9xe9xb6", "c7xa9xe9xc7", "c7xe9xa9xc7", "c7xe9xa9xd6", "c7xe9xa9xe5"]
    );
    let (after, _) = play(&e, "W:Wc7:Bb8,c9,d8", "c7xa9xe9xb6");
    assert_eq!(after, "B:WKb6:B");
}

#[test]
fn a_man_ending_its_move_on_the_far_rank_is_crowned() {
    let (after, _) = play(&tabal(&[]), "W:Wc8:Ba1", "c8-c9");
    assert_eq!(after, "B:WKc9:Ba1");
}

#[test]
fn majority_capture_keeps_only_the_longest_sequences() {
    // a3 can take one piece (b3, landing c3, where nothing more is in reach)
    // or two (a4 to a5, then a6 to a7).
    let free = tabal(&[]);
    assert_eq!(moves(&free, "W:Wa3:Bb3,a4,a6", None), ["a3xa5xa7", "a3xc3"]);
    let majority = tabal(&[("majority", "true")]);
    assert_eq!(moves(&majority, "W:Wa3:Bb3,a4,a6", None), ["a3xa5xa7"]);
}

#[test]
fn capture_is_compulsory_for_men_and_kings_alike() {
    // The man on a3 must capture; the king on a1 (whose lines a1-e5 and
    // a1-e1 hold no enemy) may not just move.
    assert_eq!(moves(&tabal(&[]), "W:Wa3,Ka1:Bb4", None), ["a3xc5"]);
}

#[test]
fn no_pieces_or_no_move_loses() {
    let e = tabal(&[]);
    let (_, outcome) = play(&e, "W:Wa3:Bb4", "a3xc5");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::NoPieces(1) }));
    // Black's only man on c1: nothing lies south; a1 and e1 are taken and
    // have nothing behind them; c2 has c3 behind it. No move, so black loses.
    let pos = e.parse_position("B:Wa1,e1,c2,c3:Bc1").unwrap();
    assert_eq!(e.outcome(&pos).unwrap(), Some(Outcome { winner: Some(0), reason: Reason::NoMove(1) }));
}

// -------------------------------------------------------------------- Tablut

#[test]
fn custodial_capture_opposite_and_one_of_each() {
    let e = tablut(&[("dice", "false")]);
    // e1-e4: d4 is caught between e4 and c4.
    assert_eq!(play(&e, "A:Ac4,e1:Dd4,Ka9", "e1-e4").0, "D:Ac4,e4:DKa9");
    // e1-e4 with a partner on d5: "one of each" captures...
    assert_eq!(play(&e, "A:Ad5,e1:Dd4,Ka9", "e1-e4").0, "D:Ae4,d5:DKa9");
    // ...the classic rule does not.
    let classic = tablut(&[("dice", "false"), ("capture", "opposite")]);
    assert_eq!(play(&classic, "A:Ad5,e1:Dd4,Ka9", "e1-e4").0, "D:Ae4,d5:Dd4,Ka9");
}

#[test]
fn the_king_is_an_armed_partner() {
    let e = tablut(&[("dice", "false")]);
    // Defender g1-g4 takes f4 against the king on e4.
    assert_eq!(play(&e, "D:Af4,a9:Dg1,Ke4", "g1-g4").0, "A:Aa9:DKe4,g4");
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let e = tablut(&[("dice", "false")]);
    assert_eq!(play(&e, "D:Ac4,e4:Dd1,Ka9", "d1-d4").0, "A:Ac4,e4:Dd4,Ka9");
}

#[test]
fn the_king_is_captured_against_the_empty_throne() {
    let e = tablut(&[("dice", "false")]);
    // King e6: attackers d6, f6, and e9 comes to e7; the fourth side is the empty throne.
    let (after, outcome) = play(&e, "A:Ad6,f6,e9:DKe6", "e9-e7");
    assert_eq!(after, "D:Ad6,f6,e7:D");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Captured(1) }));
}

#[test]
fn a_king_already_surrounded_is_not_taken_by_a_move_elsewhere() {
    let e = tablut(&[("dice", "false")]);
    // The king on e6 stands between d6, f6, e7 and the throne, but a9-a8 closes nothing.
    let (after, outcome) = play(&e, "A:Ad6,f6,e7,a9:DKe6,i1", "a9-a8");
    assert_eq!(after, "D:Ad6,f6,e7,a8:Di1,Ke6");
    assert_eq!(outcome, None);
}

#[test]
fn the_king_is_never_captured_on_the_edge() {
    let e = tablut(&[("dice", "false")]);
    // King a5 on the edge, attackers a4, b5 and a6 arriving: not captured.
    let (_, outcome) = play(&e, "A:Aa4,b5,c6:DKa5,i9", "c6-a6");
    assert_eq!(outcome, None);
}

#[test]
fn the_enclosed_pair_is_captured() {
    let e = tablut(&[("dice", "false")]);
    // King e7 and defender e8: every other side of both is an attacker once
    // a9 comes to e9. The king is captured; e8 is taken custodially too
    // (e9 and d8, one of each).
    let (after, outcome) = play(&e, "A:Ad7,f7,e6,d8,f8,a9:DKe7,e8", "a9-e9");
    assert_eq!(after, "D:Ae6,d7,f7,d8,f8,e9:D");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Captured(1) }));
}

#[test]
fn only_the_king_stops_on_the_throne_and_anyone_crosses_it() {
    let e = tablut(&[("dice", "false")]);
    let soldier: Vec<String> =
        moves(&e, "D:Ad4,f4,e1,a9:De4,Ka1", None).into_iter().filter(|m| m.starts_with("e4")).collect();
    // e4 north: e5 is the throne (crossed, not stopped on), then e6..e9.
    assert_eq!(soldier, ["e4-e2", "e4-e3", "e4-e6", "e4-e7", "e4-e8", "e4-e9"]);
    let king: Vec<String> = moves(&e, "D:Ad4,f4,e3,a9:DKe4", None);
    assert!(king.contains(&"e4-e5".to_string()));
}

#[test]
fn leaving_counts_the_exit_as_a_space() {
    let e = tablut(&[]);
    // King c5 going west passes b5, a5 and then off: three spaces.
    let exits = |roll| moves(&e, "D:Ai9:DKc5", Some(roll)).into_iter().filter(|m| m.contains("off-w")).count();
    assert_eq!(exits(2), 0);
    assert_eq!(exits(3), 1);
    // A king on an edge square leaves with any roll; in a corner it has two exits.
    let corner = moves(&e, "D:Ai9:DKa1", Some(1));
    assert_eq!(corner.iter().filter(|m| m.contains("-off-")).count(), 2);
}

#[test]
fn a_roll_that_allows_nothing_is_a_pass() {
    let e = tablut(&[]);
    // The soldier on e4 can only cross the empty throne to e6: two spaces
    // (the king on h8 is walled in; a position without it would be over).
    assert_eq!(moves(&e, "D:Ad4,f4,e3,h7,g8,i8,h9:De4,Kh8", Some(1)), ["pass"]);
    assert_eq!(moves(&e, "D:Ad4,f4,e3,h7,g8,i8,h9:De4,Kh8", Some(2)), ["e4-e6"]);
    // With no die there is no pass: a side with no move loses.
    let pos = e.parse_position("D:Ad4,f4,e3,e6,h7,g8,i8,h9:De4,Kh8").unwrap();
    assert_eq!(e.outcome(&pos).unwrap(), Some(Outcome { winner: Some(0), reason: Reason::NoMove(1) }));
}

#[test]
fn the_escape_wins_for_the_defenders() {
    let e = tablut(&[]);
    let (_, outcome) = play(&e, "D:Ai9:DKc5", "3:c5-off-w");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Escaped(1) }));
}

#[test]
fn announcements_count_the_clear_lines_of_exit() {
    let e = tablut(&[("dice", "false")]);
    let pos = e.parse_position("D:Ad1,b5,a9:DKb2,i9").unwrap();
    let (_, mv) = e.parse_ply(&pos, "i9-i8").unwrap();
    let next = e.play_unchecked(&pos, &mv);
    // From b2: west (a2), south (b1) and east (c2..i2) are clear; north is blocked by b5.
    assert_eq!(e.announcements(&next, 1, &mv), ["the king has 3 clear line(s) of exit"]);
    // Nothing is announced after an attacker's move.
    let pos = e.parse_position("A:Ad1,b5,a9:DKb2,i9").unwrap();
    let (_, mv) = e.parse_ply(&pos, "a9-a8").unwrap();
    assert!(e.announcements(&e.play_unchecked(&pos, &mv), 0, &mv).is_empty());
}

#[test]
fn play_checks_legality_and_play_unchecked_trusts_the_caller() {
    let e = tabal(&[]);
    let start = e.start();
    let mut legal = Vec::new();
    e.moves(&start, None, &mut legal).unwrap();
    let after = e.play(&start, None, &legal[0]).unwrap();
    assert_eq!(after, e.play_unchecked(&start, &legal[0]));
    // A move legal for white is not legal again once it is black's turn.
    assert_eq!(
        e.play(&after, None, &legal[0]).unwrap_err().to_string(),
        format!("`{}` is not legal here", e.notation(&legal[0]))
    );
}

/// Plays `plies` from the start with the history a front end keeps; returns
/// the outcome after each ply.
fn outcomes_along(e: &Engine, plies: &str) -> Vec<Option<Outcome>> {
    outcomes_from(e, e.start(), plies)
}

/// [`outcomes_along`] from `pos`.
fn outcomes_from(e: &Engine, mut pos: Position, plies: &str) -> Vec<Option<Outcome>> {
    let mut history = e.history_from(&pos);
    let mut out = Vec::new();
    for ply in plies.split_whitespace() {
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_in(&pos, &mv, &mut history);
        out.push(e.outcome(&pos).unwrap());
    }
    out
}

#[test]
fn a_position_repeated_three_times_is_a_draw_on_the_third() {
    let e = common::engine("tests/engine/endings.game", &[("ending", "repetition")]);
    // The start stands again after 4 plies (twice) and after 8 (three times).
    let cycle = "a1-a2 c3-c2 a2-a1 c2-c3";
    let seen = outcomes_along(&e, &format!("{cycle} {cycle}"));
    assert!(seen[..7].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[7], Some(Outcome { winner: None, reason: Reason::Repeated(3) }));
    // Without the history (as perft plays), no repetition is seen.
    let mut pos = e.start();
    for ply in format!("{cycle} {cycle}").split_whitespace() {
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_unchecked(&pos, &mv);
    }
    assert_eq!(e.outcome(&pos).unwrap(), None);
}

#[test]
fn repetition_can_lose_for_the_player_who_repeats() {
    // `lose when position repeated 2 times`: black's c2-c3 brings the start back.
    let e = common::engine("tests/engine/endings.game", &[("ending", "loss")]);
    let seen = outcomes_along(&e, "a1-a2 c3-c2 a2-a1 c2-c3");
    assert_eq!(seen[3], Some(Outcome { winner: Some(0), reason: Reason::Repeated(2) }));
    // Copenhagen hnefatafl: the defenders lose, whoever repeats.
    let c = common::engine("games/copenhagen-hnefatafl.game", &[]);
    let cycle = "a4-a3 d6-c6 a3-a4 c6-d6";
    let seen = outcomes_along(&c, &format!("{cycle} {cycle}"));
    assert!(seen[..7].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[7], Some(Outcome { winner: Some(0), reason: Reason::Repeated(3) }));
}

#[test]
fn perpetual_check_loses_for_the_checker_and_other_repetitions_draw() {
    let e = common::engine("games/xiangqi.game", &[]);
    let start = || e.parse_position("9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
    // The chariot checks on every move, the general steps away: the
    // position after a1-a9 stands the third time on ply 9, and red loses.
    let checks = "a1-a9 e9-e10 a9-a10 e10-e9 a10-a9 e9-e10 a9-a10 e10-e9 a10-a9";
    let seen = outcomes_from(&e, start(), checks);
    assert!(seen[..8].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[8], Some(Outcome { winner: Some(1), reason: Reason::PerpetualCheck(0, 3) }));
    // One quiet move in the cycle: the third standing is a plain draw.
    let quiet = "a1-a9 e9-e10 a9-a8 e10-e9 a8-a9 e9-e10 a9-a8 e10-e9 a8-a9";
    let seen = outcomes_from(&e, start(), quiet);
    assert!(seen[..8].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[8], Some(Outcome { winner: None, reason: Reason::Repeated(3) }));
    // From a position with red to move, black's step makes the third
    // standing: still the checker loses.
    let red_to_move = e.parse_position("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let cycle = "a9-a10 e10-e9 a10-a9 e9-e10";
    let seen = outcomes_from(&e, red_to_move, &format!("{cycle} {cycle}"));
    assert!(seen[..7].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[7], Some(Outcome { winner: Some(1), reason: Reason::PerpetualCheck(0, 3) }));
}

#[test]
fn moves_without_progress_end_in_a_draw() {
    // Three moves of each side without a capture: drawn on the sixth ply.
    let e = common::engine("tests/engine/endings.game", &[("ending", "progress")]);
    let seen = outcomes_along(&e, "a1-a2 c3-c2 a2-a1 c2-c3 a1-a2 c3-c2");
    assert!(seen[..5].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[5], Some(Outcome { winner: None, reason: Reason::NoProgress(3) }));
    // A man's move starts the count again: no draw until the ninth ply.
    let seen = outcomes_along(&e, "a1-a2 c3-c2 b1-b2 c2-c3 a2-a1 c3-c2 a1-a2 c2-c3 a2-a1");
    assert!(seen[..8].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[8], Some(Outcome { winner: None, reason: Reason::NoProgress(3) }));
}

#[test]
fn a_capture_starts_the_count_without_progress_again() {
    // English draughts: 40 moves each (80 plies) without a capture or a man's move draw.
    let e = common::engine("games/english-draughts.game", &[]);
    // One ply short, a quiet king's move draws...
    let (after, outcome) = play(&e, "B:WKh8,Ka1:BKd4:quiet 79", "d4-c5");
    assert_eq!(
        (after.as_str(), outcome),
        ("W:BKc5:WKa1,Kh8:quiet 80", Some(Outcome { winner: None, reason: Reason::NoProgress(40) }))
    );
    // ...and a king's capture starts the count again.
    let (after, outcome) = play(&e, "B:WKe5,Ka1:BKd4:quiet 79", "d4xf6");
    assert_eq!((after.as_str(), outcome), ("W:BKf6:WKa1", None));
}

#[test]
fn a_chain_at_will_stops_at_every_landing_and_counting_goals_end_the_game() {
    let e = common::engine("games/fox-and-geese.game", &[]);
    // The fox may stop after its first leap or go on: two moves.
    let position = "F:Gd4,d2,a3,b3,c3:FFd5";
    assert_eq!(moves(&e, position, None), ["d5-c5", "d5-d6", "d5-e5", "d5xd3", "d5xd3xd1"]);
    // Taking two of five leaves three geese: fewer than 4, and the fox wins.
    let (after, outcome) = play(&e, position, "d5xd3xd1");
    assert_eq!(after, "G:Ga3,b3,c3:Fd1");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::FewerThan(0, 4) }));
    // One leap leaves four: the game goes on.
    assert_eq!(play(&e, position, "d5xd3").1, None);
}

#[test]
fn pieces_enter_from_the_hand_and_wait_until_all_are_placed() {
    let e = common::engine("games/bagh-chal.game", &[]);
    // The start: twenty goats in hand, every empty point a placing move.
    let start = e.start();
    // Each side's plain kind goes without a letter: the goat, and the tiger.
    assert_eq!(e.position_notation(&start), "G:G@20:Ta1,e1,a5,e5");
    assert_eq!(e.move_list(&start, None).unwrap().len(), 21);
    // The letter may still be written.
    let (after, _) = play(&e, "G:G@20:TTa1,Te1,Ta5,Te5", "@c3");
    assert_eq!(after, "T:Gc3,@19:Ta1,e1,a5,e5");
    // Positions with hands read back as written.
    let pos = e.parse_position(&after).unwrap();
    assert_eq!(e.position_notation(&pos), after);
    assert_ne!(pos.hash(), e.parse_position("T:Gc3,@18:TTa1,Te1,Ta5,Te5").unwrap().hash());
    // While goats remain in hand, the goat on the board may not step.
    assert!(moves(&e, "G:Gc3,@19:TTa1,Te1,Ta5,Te5", None).iter().all(|m| m.starts_with('@')));
    // With none in hand (all sixteen left on the board), goats step.
    let placed = moves(&e, "G:Gb1,c1,d1,a2,c2,e2,a3,b3,c3,e3,a4,c4,e4,b5,c5,d5:TTa1,Te1,Ta5,Te5", None);
    assert!(!placed.is_empty() && placed.iter().all(|m| m.contains('-')), "{placed:?}");
    // Four goats taken (sixteen left with the hand), and a fifth: the tigers win.
    let (_, outcome) = play(&e, "T:Gb2,@15:TTa1,Te1,Ta5,Te5", "a1xc3");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::CapturedCount(0, 5) }));
    // `why` says what stops an entry.
    let why = |position: &str, text: &str| match e.why(&e.parse_position(position).unwrap(), None, text).unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(why("G:G@20:TTa1,Te1,Ta5,Te5", "@a1"), "a1 is occupied");
    assert_eq!(why("G:G@20:TTa1,Te1,Ta5,Te5", "T@b1"), "a tiger does not enter from the hand");
    assert_eq!(
        why("G:Gc3,@19:TTa1,Te1,Ta5,Te5", "c3-c4"),
        "a goat may not move while its side still has a goat in hand: enter one first (@POINT)"
    );
    // A hand the game does not have is refused.
    assert!(e.parse_position("G:G@20:TTa1,T@2").is_err());
}

#[test]
fn the_opening_lifts_and_chains_that_go_straight_on() {
    let e = common::engine("games/konane.game", &[]);
    // Black lifts from a1, c3, d4 or f6; then white from next to the empty point.
    assert_eq!(moves(&e, &e.position_notation(&e.start()), None), ["xa1", "xc3", "xd4", "xf6"]);
    let (after, _) = play(&e, &e.position_notation(&e.start()), "xd4");
    assert_eq!(moves(&e, &after, None), ["xc4", "xd3", "xd5", "xe4"]);
    // After both have lifted, only captures: no more lifts.
    let (after, _) = play(&e, &after, "xd3");
    assert!(moves(&e, &after, None).iter().all(|m| !m.starts_with('x')));
    // c1 leaps c2 to c3 and may go on north over c4, but never turn east over d3.
    assert_eq!(moves(&e, "B:Bc1:Wc2,d3,c4", None), ["c1xc3", "c1xc3xc5"]);
}

#[test]
fn approach_and_withdrawal_take_whole_runs_and_chains_never_repeat_a_direction_or_a_point() {
    let e = common::engine("games/fanorona.game", &[]);
    // c3 steps west to b3, withdrawing from d3: it takes the run d3 e3 (f3 is empty).
    let (after, _) = play(&e, "W:Wc3:Bd3,e3,g3,b5", "c3-b3W");
    assert_eq!(after, "B:Wb3:Bg3,b5");
    // A step that could do both (approach a3, withdraw from d3) is two moves; capturing is
    // compulsory, so they are the only ones.
    assert_eq!(moves(&e, "W:Wc3:Ba3,d3", None), ["c3-b3A", "c3-b3W"]);
    let why = |position: &str, text: &str| match e.why(&e.parse_position(position).unwrap(), None, text).unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => reason,
        legal => panic!("{text} is legal: {legal:?}"),
    };
    // Compulsory: a plain step while a capture exists.
    assert!(why("W:Wc3:Bd3,e3", "c3-c4").starts_with("capturing is compulsory"));
    // After c3-d3W (taking b3), going on east to e3 repeats the direction.
    assert_eq!(
        why("W:Wc3:Bb3,f3,e4", "c3-d3W-e3A"),
        "a capturing sequence may not go the same direction twice in a row"
    );
}

#[test]
fn race_pieces_enter_run_take_and_bear_off_by_the_exact_roll() {
    let e = common::engine("games/ur.game", &[]);
    // From the hand a roll of 3 enters on the track's third point; 0 is a pass.
    assert_eq!(moves(&e, "W:W@7:B@7", Some(3)), ["@b1"]);
    assert_eq!(moves(&e, "W:W@7:B@7", Some(0)), ["pass"]);
    // Landing on an enemy on the shared row sends it back to its hand.
    let (after, _) = play(&e, "W:Wc2,@6:Be2,@6", "2:c2-e2");
    assert_eq!(after, "B:We2,@6:B@7");
    // A rosette gives another turn (white moves again), and its piece is safe.
    let (after, _) = play(&e, "W:Wb2,@6:Bg2,@6", "2:b2-d2");
    assert!(after.starts_with("W:"), "{after}");
    assert_eq!(moves(&e, "B:Wd2,@6:Bb2,@6", Some(2)), ["@c3"]);
    // Bearing off needs the exact roll; the last piece off wins.
    assert_eq!(moves(&e, "W:Wh1:B@7", Some(2)), ["h1-off"]);
    let (_, outcome) = play(&e, "W:Wh1:B@7", "2:h1-off");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::BorneOff(0) }));
    let why = |position: &str, text: &str| match e.why(&e.parse_position(position).unwrap(), None, text).unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => reason,
        legal => panic!("{text} is legal: {legal:?}"),
    };
    assert_eq!(why("W:Wh1:B@7", "1:h1-off"), "the roll is 1, and a move covers exactly the roll: this one covers 2");
    assert_eq!(why("W:Wb2,c2,@5:Bd2,@6", "2:b2-d2"), "the stone on d2 is safe there and cannot be taken");
    assert_eq!(why("W:Wb2,c2,@5:Bd2,@6", "1:b2-c2"), "c2 holds one of white's own pieces");
}

// ------------------------------------------------------------ placement games

#[test]
fn a_row_wins_for_the_player_who_makes_it_and_a_full_board_draws() {
    let e = common::engine("games/tic-tac-toe.game", &[]);
    // An unlimited supply writes no count: the start is just the two letters.
    assert_eq!(e.position_notation(&e.start()), "X:X:O");
    assert_eq!(moves(&e, "X:X:O", None).len(), 9);
    // X completes the diagonal a1-b2-c3.
    let (after, outcome) = play(&e, "X:Xa1,b2:Oa3,c1", "@c3");
    assert_eq!(after, "O:Xa1,b2,c3:Oc1,a3");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::InARow(0, 3) }));
    // The last empty square, with no row made: a draw.
    let (_, outcome) = play(&e, "X:Xa3,c3,a2,b1:Ob3,b2,c2,a1", "@c1");
    assert_eq!(outcome, Some(Outcome { winner: None, reason: Reason::BoardFull }));
    // The last square can also make a row: the row comes first.
    let (_, outcome) = play(&e, "X:Xa3,c3,c2,a1:Oa2,b2,b1,c1", "@b3");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::InARow(0, 3) }));
    // A position read with a row already made is over; so is a full one.
    let won = e.parse_position("O:Xa1,b1,c1:Oa2,b2").unwrap();
    assert_eq!(e.outcome(&won).unwrap(), Some(Outcome { winner: Some(0), reason: Reason::InARow(0, 3) }));
    assert!(moves(&e, "O:Xa1,b1,c1:Oa2,b2", None).is_empty());
    // A count for an unlimited supply is refused.
    assert!(e.parse_position("X:X@4:O").unwrap_err().to_string().contains("unlimited"));
}

#[test]
fn a_dropped_disc_falls_to_the_lowest_empty_square_of_its_column() {
    let e = common::engine("games/connect-four.game", &[]);
    assert_eq!(moves(&e, "R:R:Y", None), ["@a1", "@b1", "@c1", "@d1", "@e1", "@f1", "@g1"]);
    // Column c holds two discs; column g is full.
    let full_g = "R:Rc1,g1,g3,g5:Yc2,g2,g4,g6";
    assert_eq!(moves(&e, full_g, None), ["@a1", "@b1", "@c3", "@d1", "@e1", "@f1"]);
    let pos = e.parse_position(full_g).unwrap();
    let rulebook::engine::Verdict::Illegal { reason, .. } = e.why(&pos, None, "@c5").unwrap() else {
        panic!("@c5 is not legal")
    };
    assert_eq!(reason, "a disc falls s as far as the points are empty: it would come to rest on c3, not c5");
    // Four in a column wins; three does not.
    let (_, outcome) = play(&e, "R:Rd1,d2,d3:Ya1,b1,c1", "@d4");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::InARow(0, 4) }));
    let (_, outcome) = play(&e, "R:Rd1,d2:Ya1,b1", "@d3");
    assert_eq!(outcome, None);
}

#[test]
fn standard_gomoku_wins_by_exactly_five_and_free_style_by_five_or_more() {
    let free = common::engine("games/gomoku.game", &[]);
    let standard = common::engine("games/gomoku.game", &[("rule", "standard")]);
    // Black fills the gap in a1 b1 c1 _ e1 f1: a row of six.
    let six = "B:Ba1,b1,c1,e1,f1,h8:Wa2,b2,c2,e2,f2";
    let (_, outcome) = play(&free, six, "@d1");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::InARow(0, 5) }));
    let (_, outcome) = play(&standard, six, "@d1");
    assert_eq!(outcome, None, "an overline does not win standard gomoku");
    // Five exactly wins both; an overline along one line and five along another wins standard too.
    let five = "B:Ba1,b1,c1,e1,h8:Wa2,b2,c2,e2,f2";
    assert!(play(&standard, five, "@d1").1.is_some());
    let both = "B:Ba1,b1,c1,e1,f1,d2,d3,d4,d5:Wa9,c9,e9,g9,i9,a11,c11,e11";
    assert_eq!(play(&standard, both, "@d1").1, Some(Outcome { winner: Some(0), reason: Reason::InARow(0, 5) }));
}

#[test]
fn a_placed_disc_flips_what_it_outflanks_a_player_who_cannot_passes_and_the_most_discs_win() {
    let e = common::engine("games/reversi.game", &[]);
    assert_eq!(moves(&e, "B:Bd5,e4:Wd4,e5", None), ["@c4", "@d3", "@e6", "@f5"]);
    // d3 closes d4 against d5: d4 turns black.
    assert_eq!(play(&e, "B:Bd5,e4:Wd4,e5", "@d3").0, "W:Bd3,d4,e4,d5:We5");
    // Lines in several directions flip together; a line not closed by the mover's own disc does not.
    assert_eq!(play(&e, "B:Ba1,a3,c3,e1:Wa2,b2,c2,d1,b3", "@c1").0, "W:Ba1,c1,d1,e1,b2,c2,a3,c3:Wa2,b3");
    // White cannot outflank anything: its only move is to pass; black then takes the last white disc.
    assert_eq!(moves(&e, "W:Ba1,b1:Wc1", None), ["pass"]);
    let (after, outcome) = play(&e, "B:Ba1,b1:Wc1", "@d1");
    assert_eq!(after, "W:Ba1,b1,c1,d1:W");
    // Neither side can move: the game is over, and black has more discs.
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::MostPieces(4, 0) }));
}

#[test]
fn a_chain_along_the_hexagons_joins_a_players_two_edges() {
    let e = common::engine("games/hex.game", &[]);
    let file_a: Vec<String> = (1..=10).map(|r| format!("a{r}")).collect();
    let file_c: Vec<String> = (1..=10).map(|r| format!("c{r}")).collect();
    // Red joins rank 1 to rank 11 along file a.
    let (_, outcome) = play(&e, &format!("R:R{}:B{}", file_a.join(","), file_c.join(",")), "@a11");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Connected(0) }));
    // The same chain with a gap at a5 joins nothing.
    let gapped: Vec<&String> = file_a.iter().filter(|p| *p != "a5").collect();
    let gapped: Vec<&str> = gapped.iter().map(|s| s.as_str()).collect();
    let (_, outcome) = play(&e, &format!("R:R{},b9:B{}", gapped.join(","), file_c.join(",")), "@a11");
    assert_eq!(outcome, None);
    // Hexagons touch along the diagonal from upper left to lower right (a2-b1), not the other (a1-b2).
    let up: Vec<String> = (1..=10).map(|i| format!("{}{i}", (b'a' + i as u8 - 1) as char)).collect();
    let (_, outcome) = play(&e, &format!("R:R{}:Bb1,c1,d1,e1,f1,g1,h1,i1,j1,k1", up.join(",")), "@k11");
    assert_eq!(outcome, None, "a1 b2 c3 ... do not touch");
    let zigzag = "R:Rb1,a2,b2,a3,b3,a4,b4,a5,b5,a6,b6,a7,b7,a8,b8,a9,b9,a10,b10:Bd1,d2,d3,d4,d5,d6,d7,d8,d9,d10,e1,e2,e3,e4,e5,e6,e7,e8,e9";
    assert_eq!(play(&e, zigzag, "@a11").1, Some(Outcome { winner: Some(0), reason: Reason::Connected(0) }));
    // Blue joins file a to file k; a position read with a chain made is over.
    let rank5: Vec<String> = "abcdefghijk".chars().map(|f| format!("{f}5")).collect();
    let over = e.parse_position(&format!("R:Ra1,a2,a3,a4,a6,a7,a8,a9,a10,a11,c1:B{}", rank5.join(","))).unwrap();
    assert_eq!(e.outcome(&over).unwrap(), Some(Outcome { winner: Some(1), reason: Reason::Connected(1) }));
}

#[test]
fn a_mill_removes_a_man_in_no_mill_and_three_men_fly() {
    let e = common::engine("games/nine-mens-morris.game", &[]);
    // Placing g1 closes a1-d1-g1: one move per black man it may remove.
    let moves_g1: Vec<String> =
        moves(&e, "W:Wa1,d1,@7:Ba4,b4,@7", None).into_iter().filter(|m| m.starts_with("@g1")).collect();
    assert_eq!(moves_g1, ["@g1xa4", "@g1xb4"]);
    let (after, _) = play(&e, "W:Wa1,d1,@7:Ba4,b4,@7", "@g1xb4");
    assert_eq!(after, "B:Wa1,d1,g1,@6:Ba4,@7");
    // g4-g1 closes a1-d1-g1. A man in a mill (b2-d2-f2) is safe while another (a7) is not ...
    let from_g4 = |position: &str| -> Vec<String> {
        moves(&e, position, None).into_iter().filter(|m| m.starts_with("g4-")).collect()
    };
    assert_eq!(from_g4("W:Wa1,d1,g4,c5,e5:Bb2,d2,f2,a7"), ["g4-f4", "g4-g1xa7", "g4-g7"]);
    // ... and when all are in mills, any may go.
    assert_eq!(from_g4("W:Wa1,d1,g4,c5,e5:Bb2,d2,f2"), ["g4-f4", "g4-g1xb2", "g4-g1xd2", "g4-g1xf2", "g4-g7"]);
    // Three men fly to any empty point; four step.
    assert_eq!(moves(&e, "W:Wa1,d1,g4:Ba7,d7,g7,b6", None).len(), 3 * (24 - 7));
    assert!(moves(&e, "W:Wa1,d1,g4,b2:Ba7,d7,g7,b6", None).iter().all(|m| !m.ends_with("-e5")));
    // Down to two men: lost.
    let (_, outcome) = play(&e, "W:Wa1,d1,g4,b2:Ba7,d7,g7", "a1-a4");
    assert_eq!(outcome, None);
    let (_, outcome) = play(&e, "W:Wd1,g1,b4,b2:Bd7,g7,f6", "b4-a4");
    assert_eq!(outcome, None);
    let (_, outcome) = play(&e, "W:Wa1,g1,d2,b2:Bd7,g7,f6", "d2-d1xf6");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::FewerThan(1, 3) }));
}

/// The position after `plies` from the start (so that the board before the
/// last move is known, for the ko rule), its notation and outcome.
fn after_plies(e: &Engine, plies: &str) -> (rulebook::engine::Position, String, Option<Outcome>) {
    let mut pos = e.start();
    for ply in plies.split_whitespace() {
        let (roll, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play(&pos, roll, &mv).unwrap();
    }
    let outcome = e.outcome(&pos).unwrap();
    (pos.clone(), e.position_notation(&pos), outcome)
}

#[test]
fn a_group_without_liberty_is_taken_suicide_and_an_immediate_retake_are_forbidden_and_area_decides() {
    let e = common::engine("games/go.game", &[]);
    let legal_in = |e: &Engine, pos: &rulebook::engine::Position, mv: &str| e.parse_ply(pos, mv).is_ok();
    let legal = |pos: &rulebook::engine::Position, mv: &str| legal_in(&e, pos, mv);
    // White's pair a1-b1 loses its last liberty to black's c1: both stones go.
    let (_, after, _) = after_plies(&e, "@a2 @a1 @b2 @b1 @c1");
    assert_eq!(after, "W:Bc1,a2,b2:W");
    // A stone placed where it would have no liberty is refused, unless it captures.
    let (pos, _, _) = after_plies(&e, "@a2 @e5 @b1");
    assert!(!legal(&pos, "@a1"));
    let (pos, _, _) = after_plies(&e, "@a2 @a3 @b1 @b2 @e5 @c1 @e6");
    assert!(legal(&pos, "@a1"), "a1 takes b1 and a2, which had only a1 left");
    let (_, taken, _) = after_plies(&e, "@a2 @a3 @b1 @b2 @e5 @c1 @e6 @a1");
    assert_eq!(taken, "B:Be5,e6:Wa1,c1,b2,a3");
    // Ko: white's c5 takes d5; black may not take back at once, but may after a move elsewhere.
    let ko = "@b5 @d4 @c4 @d6 @c6 @e5 @d5 @c5";
    let (pos, _, _) = after_plies(&e, ko);
    assert!(!legal(&pos, "@d5"));
    let (pos, _, _) = after_plies(&e, &format!("{ko} @i9 @i8"));
    assert!(legal(&pos, "@d5"));
    // Superko: black's c1 would bring back the board that stood after ply 14 (before white's c3
    // took c1 and c2), which simple ko, looking back two plies only, allows.
    let superko = common::engine("games/go.game", &[("ko", "superko")]);
    let long = "@c1 @b1 @d4 @c3 @d3 @a2 @b3 @d1 @a4 @d2 @c4 @b2 @a3 @b4 @c2 @c3";
    assert!(!legal_in(&superko, &after_plies(&superko, long).0, "@c1"));
    assert!(legal(&after_plies(&e, long).0, "@c1"));
    // Under `suicide = allowed` the stone is placed and its group taken.
    let loose = common::engine("games/go.game", &[("suicide", "allowed")]);
    assert_eq!(after_plies(&loose, "@b1 @e5 @a2 @a1").1, "B:Bb1,a2:We5");
    // Two passes end the game: area (stones and the empty points only they reach) plus 7.5 for white.
    let (_, _, outcome) = after_plies(&e, "@e5 pass pass");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Area(162, 15) }));
    let (_, _, outcome) = after_plies(&e, "@e5 @e4 pass pass");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Area(2, 17) }));
    // A pass alone ends nothing.
    assert_eq!(after_plies(&e, "@e5 pass").2, None);
}

// ------------------------------------------------------------ Chess and xiangqi

fn chess(options: &[(&str, &str)]) -> Engine {
    common::engine("games/chess.game", options)
}

#[test]
fn checkmate_loses_and_stalemate_draws() {
    let e = chess(&[]);
    // Fool's mate: after 1. f3 e5 2. g4, Qh4 mates.
    let (_, outcome) = play(&e, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8-h4");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Checkmated(0) }));
    // Black king h8, white queen f7 after Qf7: not check, and no move.
    let (_, outcome) = play(&e, "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", "f2-f7");
    assert_eq!(outcome, Some(Outcome { winner: None, reason: Reason::Stalemated(1) }));
}

#[test]
fn a_king_may_not_castle_out_of_through_or_into_check() {
    let e = chess(&[]);
    let castles = |fen: &str| -> Vec<String> {
        moves(&e, fen, None).into_iter().filter(|m| m == "e1-g1" || m == "e1-c1").collect()
    };
    assert_eq!(castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), ["e1-c1", "e1-g1"]);
    assert_eq!(castles("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"), ["e1-c1"], "f1 is attacked");
    assert_eq!(castles("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1"), ["e1-c1"], "g1 is attacked");
    assert!(castles("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1").is_empty(), "in check");
    // b1 attacked does not matter: the king does not cross it.
    assert_eq!(castles("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1"), ["e1-c1", "e1-g1"]);
    assert!(castles("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1").is_empty(), "rights lost");
    let (after, _) = play(&e, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1-g1");
    assert_eq!(after, "B:WRa1*,Rf1,Kg1:BRa8*,Ke8*,Rh8*:quiet 1");
    // A rook that moves and comes back has lost its right.
    let pos = e.parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mut pos = pos;
    for ply in ["h1-h2", "a8-b8", "h2-h1", "b8-a8"] {
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_unchecked(&pos, &mv);
    }
    assert_eq!(e.fen(&pos).unwrap(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
}

#[test]
fn en_passant_only_at_once_and_promotion_by_choice() {
    let e = chess(&[]);
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert!(moves(&e, fen, None).contains(&"e5xd6".to_string()));
    let (after, _) = play(&e, fen, "e5xd6");
    assert_eq!(after, "B:WKe1,d6:BKe8", "the pawn on d5 is taken");
    // One move later the right is gone.
    let pos = e.parse_position(fen).unwrap();
    let mut pos = pos;
    for ply in ["e1-f1", "e8-f8"] {
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_unchecked(&pos, &mv);
    }
    assert!(!e.move_list(&pos, None).unwrap().contains(&"e5xd6".to_string()));
    let rulebook::engine::Verdict::Illegal { reason, .. } = e.why(&pos, None, "e5xd6").unwrap() else {
        panic!("e5xd6 is not legal a move later")
    };
    assert!(reason.contains("only en passant"), "{reason}");
    let promotions: Vec<String> =
        moves(&e, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", None).into_iter().filter(|m| m.starts_with("e7")).collect();
    assert_eq!(promotions, ["e7-e8=B", "e7-e8=N", "e7-e8=Q", "e7-e8=R", "e7xd8=B", "e7xd8=N", "e7xd8=Q", "e7xd8=R"]);
}

#[test]
fn a_pinned_piece_may_move_only_along_its_pin() {
    let e = chess(&[]);
    // The rook on e4 is pinned by the rook on e8: it may move along the e-file only.
    let rook: Vec<String> =
        moves(&e, "k3r3/8/8/8/4R3/8/8/4K3 w - - 0 1", None).into_iter().filter(|m| m.starts_with("e4")).collect();
    assert_eq!(rook, ["e4-e2", "e4-e3", "e4-e5", "e4-e6", "e4-e7", "e4xe8"]);
    let why = e.why(&e.parse_position("k3r3/8/8/8/4R3/8/8/4K3 w - - 0 1").unwrap(), None, "e4-d4").unwrap();
    let rulebook::engine::Verdict::Illegal { reason, .. } = why else { panic!("e4-d4 is not legal") };
    assert!(reason.contains("the king on e1 would be attacked by the rook on e8"), "{reason}");
}

#[test]
fn fen_reads_back_what_it_writes() {
    let e = chess(&[]);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ] {
        let pos = e.parse_position(fen).unwrap();
        assert_eq!(e.fen(&pos).unwrap(), fen);
        let again = e.parse_position(&e.position_notation(&pos)).unwrap();
        assert_eq!(again.hash(), pos.hash(), "{fen} through position notation");
    }
    for bad in ["8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"] {
        assert!(e.parse_position(bad).is_err(), "{bad}");
    }
}

#[test]
fn xiangqi_generals_stay_in_their_palace_and_never_face() {
    let e = common::engine("games/xiangqi.game", &[]);
    // Red general d1, black general e10: e1 would face it across an empty
    // file, and c1 is outside the palace.
    let general: Vec<String> =
        moves(&e, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", None).into_iter().filter(|m| m.starts_with("d1")).collect();
    assert_eq!(general, ["d1-d2"]);
    // Facing generals are a position no game reaches.
    assert!(e.parse_position("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").is_err());
    // A cannon takes over one screen, and moves without taking over none.
    let cannon: Vec<String> =
        moves(&e, "3k5/9/9/9/9/4p4/9/9/4C4/5K3 w - - 0 1", None).into_iter().filter(|m| m.starts_with("e2")).collect();
    assert!(cannon.contains(&"e2-e3".to_string()) && !cannon.iter().any(|m| m.contains('x')), "{cannon:?}");
    let cannon: Vec<String> = moves(&e, "3k5/9/4p4/9/9/4p4/9/9/4C4/5K3 w - - 0 1", None)
        .into_iter()
        .filter(|m| m.starts_with("e2x"))
        .collect();
    assert_eq!(cannon, ["e2xe8"]);
}

/// Attacks a move opens by hops and lame leaps: a piece landing between a
/// cannon and the general is the cannon's screen, and one leaving the leg of
/// a horse's leap at the general unblocks it (the moves that cannot open
/// one are not tried; these are the ones that can).
#[test]
fn xiangqi_moves_may_not_give_a_screen_or_free_a_horse() {
    let e = common::engine("games/xiangqi.game", &[]);
    let chariot =
        |fen: &str| -> Vec<String> { moves(&e, fen, None).into_iter().filter(|m| m.starts_with("a5")).collect() };
    // A black cannon on e8 over the red general on e1: the chariot may stop anywhere but e5.
    let screened = chariot("3k5/9/4c4/9/9/R8/9/9/9/4K4 w - - 0 1");
    assert!(!screened.contains(&"a5-e5".to_string()) && screened.contains(&"a5-d5".to_string()), "{screened:?}");
    assert_eq!(screened.len(), 16, "{screened:?}");
    // A black horse on d3, its leg d2 held by a red chariot: only taking the horse keeps it blocked.
    let leg: Vec<String> =
        moves(&e, "3k5/9/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1", None).into_iter().filter(|m| m.starts_with("d2")).collect();
    assert_eq!(leg, ["d2xd3"]);
}

/// A game of one kind of piece with these moves.
fn one_piece_game(moves: &str) -> String {
    format!(
        "rulebook 1\ngame \"x\"\nboard {{\n  files a..e\n  ranks 1..5\n  points a1..e5\n  lines orthogonal a1..e5\n  \
         lines diagonal a1..e5\n}}\nplayer white W forward n\nplayer black B forward s\npiece piece X {{\n{moves}\n}}\n\
         place white piece on a1\nplace black piece on e5\ngoals {{\n  lose when no move\n}}\n"
    )
}

/// A piece's moves as the file spells them, compiled.
fn vectors_of(moves: &str) -> Vec<rulebook::game::Vector> {
    let e = rulebook::load_text(&one_piece_game(moves), &[]).unwrap_or_else(|d| panic!("{moves}: {d:?}"));
    e.game.kinds[0].moves.vectors.clone()
}

#[test]
fn betza_spells_the_same_moves_as_the_long_form() {
    for (betza, long) in [
        ("betza N", "leap 1 2 or capture"),
        ("betza fmWfcF", "step forward\n  step diagonal-forward capture only"),
        ("betza mRcpR", "slide orthogonal\n  hop orthogonal capture only"),
        ("betza K", "step orthogonal or capture\n  step diagonal or capture"),
        ("betza Q", "slide orthogonal or capture\n  slide diagonal or capture"),
        ("betza R4", "slide orthogonal up to 4 or capture"),
        ("betza NN", "ride 1 2 or capture"),
        ("betza nN", "leap 1 2 lame or capture"),
        ("betza fN", "leap 1 2 forward or capture\n  leap 2 1 forward or capture"),
        ("betza ffN", "leap 1 2 forward or capture"),
        ("betza mfD", "leap 0 2 forward"),
        ("betza sW", "step sideways or capture"),
        ("betza vW", "step forward backward or capture"),
    ] {
        assert_eq!(vectors_of(betza), vectors_of(long), "{betza}");
    }
    // The same chess, spelled either way.
    let text = std::fs::read_to_string("games/chess.game").unwrap();
    let spelled = text
        .replace("  leap 1 2 or capture\n", "  betza N\n")
        .replace("  slide diagonal or capture\n", "  betza B\n")
        .replace("  slide orthogonal or capture\n", "  betza R\n")
        .replace("  slide any or capture\n", "  betza Q\n")
        .replace("  step any or capture\n", "  betza K\n");
    assert_eq!(spelled.matches("betza").count(), 5);
    let (plain, betza) = (chess(&[]), rulebook::load_text(&spelled, &[]).unwrap());
    assert_eq!(betza.perft(&betza.start(), 4), plain.perft(&plain.start(), 4));
    for bad in ["betza X", "betza lW", "betza sF", "betza m", "betza pN"] {
        let refused = rulebook::load_text(&one_piece_game(bad), &[]).err().unwrap_or_default();
        assert!(format!("{refused:?}").contains("E0530"), "{bad}: {refused:?}");
    }
}

#[test]
fn a_river_is_drawn_and_the_rules_do_not_see_it() {
    let e = common::engine("games/xiangqi.game", &[]);
    let svg = rulebook::render::svg::svg(&e, &e.start(), &Default::default());
    assert!(svg.contains("class=\"river\""), "no river drawn");
    // The links across are there to move along (a chariot crosses), not drawn but at the edges.
    assert!(moves(&e, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", None).contains(&"a1-a10".to_string()));
    let lines = |svg: &str| svg.matches("<line ").count();
    let text = std::fs::read_to_string("games/xiangqi.game").unwrap().replace("  river after rank 5\n", "");
    let without = rulebook::load_text(&text, &[]).unwrap();
    let plain = rulebook::render::svg::svg(&without, &without.start(), &Default::default());
    assert_eq!(lines(&plain) - lines(&svg), 7, "the seven inner files stop at the river");
}

// ------------------------------------------------------------ Shogi: drops

fn shogi() -> Engine {
    common::engine("games/shogi.game", &[])
}

#[test]
fn a_captured_piece_changes_sides_unpromoted_and_drops() {
    let e = shogi();
    // Sente's rook takes gote's dragon (a promoted rook) on e5: a rook goes into sente's hand.
    let (after, _) = play(&e, "4k4/9/9/9/4+r4/9/9/9/K3R4[] w - - 0 1", "e1xe5");
    assert_eq!(after, "G:SKa1,Re5,R@1:GKe9");
    let e5 = e.parse_position(&after).unwrap();
    let drops: Vec<String> = e.move_list(&e5, None).unwrap().into_iter().filter(|m| m.contains('@')).collect();
    assert!(drops.is_empty(), "a piece in sente's hand is not gote's to drop: {drops:?}");
    // A promoted piece is written `+` and its base's letter in FEN, and the hand in brackets.
    assert_eq!(e.fen(&e5).unwrap(), "4k4/9/9/9/4R4/9/9/9/K8[R] b - - 0 1");
}

#[test]
fn promotion_is_a_choice_in_the_zone_and_forced_where_a_piece_could_never_move() {
    let e = shogi();
    let from =
        |fen: &str, p: &str| -> Vec<String> { moves(&e, fen, None).into_iter().filter(|m| m.starts_with(p)).collect() };
    // A silver entering the zone may promote or not; so may one leaving it.
    let silver = from("4k4/9/9/4S4/9/9/9/9/K8[] w - - 0 1", "e6");
    assert_eq!(silver, ["e6-d5", "e6-d7", "e6-d7=E", "e6-e7", "e6-e7=E", "e6-f5", "e6-f7", "e6-f7=E"]);
    let silver = from("4k4/9/2S6/9/9/9/9/9/K8[] w - - 0 1", "c7");
    assert!(silver.contains(&"c7-d6=E".to_string()) && silver.contains(&"c7-d6".to_string()), "{silver:?}");
    // A pawn reaching the last rank, a knight the last two, must promote.
    assert_eq!(from("4k4/P8/9/9/9/9/9/9/K8[] w - - 0 1", "a8"), ["a8-a9=T"]);
    assert_eq!(from("k8/9/9/1N7/9/9/9/9/K8[] w - - 0 1", "b6"), ["b6-a8=M", "b6-c8=M"]);
    assert_eq!(from("k8/9/9/9/1N7/9/9/9/K8[] w - - 0 1", "b5"), ["b5-a7", "b5-a7=M", "b5-c7", "b5-c7=M"]);
}

#[test]
fn drops_keep_shogi_s_rules() {
    let e = shogi();
    let drops = |fen: &str| -> Vec<String> { moves(&e, fen, None).into_iter().filter(|m| m.contains('@')).collect() };
    // Never a pawn on the last rank, a knight on the last two, nor a pawn on a file with a pawn.
    let pawns = drops("4k4/9/9/9/9/9/P8/9/4K4[P] w - - 0 1");
    assert!(!pawns.iter().any(|m| m.starts_with("@a") || m.ends_with('9')), "{pawns:?}");
    assert_eq!(pawns.len(), 8 * 8 - 1, "files b..i, ranks 1..8, less e1 (the king)");
    let knights = drops("4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1");
    assert!(!knights.iter().any(|m| m.ends_with('9') || m.ends_with('8')), "{knights:?}");
    // A pawn drop that mates is refused; the same drop giving check but no mate is allowed.
    assert!(!drops("k8/2S6/1G7/9/9/9/9/9/8K[P] w - - 0 1").contains(&"@a8".to_string()));
    assert!(drops("k8/9/1G7/9/9/9/9/9/8K[P] w - - 0 1").contains(&"@a8".to_string()));
    // A silver may drop to mate.
    assert!(drops("k8/2S6/1G7/9/9/9/9/9/8K[S] w - - 0 1").contains(&"S@a8".to_string()));
    // `why` names each rule.
    let why = |fen: &str, ply: &str| -> String {
        match e.why(&e.parse_position(fen).unwrap(), None, ply).unwrap() {
            rulebook::engine::Verdict::Illegal { reason, .. } => reason,
            rulebook::engine::Verdict::Legal(..) => panic!("{ply} is legal"),
        }
    };
    assert!(why("k8/2S6/1G7/9/9/9/9/9/8K[P] w - - 0 1", "@a8").contains("would checkmate"));
    assert!(why("4k4/9/9/9/9/9/P8/9/4K4[P] w - - 0 1", "@a5").contains("on one file"));
    assert!(why("4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1", "N@c8").contains("could never move again"));
    assert!(why("4k4/P8/9/9/9/9/9/9/K8[] w - - 0 1", "a8-a9").contains("must promote there (`a8-a9=T`)"));
}

// ------------------------------------------------------------ Counts joined by `and`

#[test]
fn a_bare_king_loses_unless_it_can_bare_the_other_at_once() {
    let e = common::engine("games/shatranj.game", &[]);
    // The white shah takes the last black piece; white keeps two (shah and rukh): black has one reply.
    let (after, outcome) = play(&e, "3k4/8/8/8/8/8/4n3/R2K4 w - - 0 1", "d1xe2");
    assert_eq!(outcome, None, "{after}");
    // The reply fails to bare white: black, who moved last, is bare and loses.
    let (_, outcome) = play(&e, &after, "d8-c7");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::FewerThan(1, 2) }));
    // Bare against three pieces: over before the reply.
    let (_, outcome) = play(&e, "3k4/8/8/8/8/8/4n3/R2KR3 w - - 0 1", "d1xe2");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::FewerThan(1, 2) }));
    // Bared, it bares the other back: the game goes on.
    let (after, _) = play(&e, "8/8/8/8/3R4/2k5/8/Kn6 w - - 0 1", "a1xb1");
    let (_, outcome) = play(&e, &after, "c3xd4");
    assert_eq!(outcome, None);
}

#[test]
fn the_notation_carries_what_the_rules_remember() {
    // Frisian draughts: a king's third move in a row without capturing is
    // its last while its side has men; the run is part of the position.
    let e = common::engine("games/frisian-draughts.game", &[]);
    let position = "W:Wa1,Ke5:Ba9,j10";
    assert_eq!(moves(&e, position, None).len(), 15);
    assert_eq!(moves(&e, &format!("{position}:run e5 3"), None), ["a1-b2"]);
    let pos = e.parse_position(&format!("{position}:run e5 3")).unwrap();
    assert_eq!(e.position_notation(&pos), format!("{position}:run e5 3"));
    // Parts the game has no rule for, or that cannot be read, are refused.
    let refused = |text: &str| e.parse_position(text).unwrap_err().to_string();
    assert!(refused(&format!("{position}:passes 1")).contains("no rule on passing at any time"));
    assert!(refused(&format!("{position}:quiet 4")).contains("no rule on moves without progress"));
    assert!(refused(&format!("{position}:run e3 3")).contains("no piece stands on e3"));
    assert!(refused(&format!("{position}:run e5 x")).contains("is a number"));
    assert!(refused(&format!("{position}:bogus")).contains("after the sides come only"));
    // Chess: the 99th quiet ply is in the position, and the 100th draws.
    let chess = common::engine("games/chess.game", &[]);
    let (after, outcome) = play(&chess, "W:WKe1,Ra1:BKe8:quiet 99", "a1-a2");
    assert_eq!(
        (after.as_str(), outcome),
        ("B:WKe1,Ra2:BKe8:quiet 100", Some(Outcome { winner: None, reason: Reason::NoProgress(50) }))
    );
    // Go: two passes end the game; the ko is the move that would undo the last.
    let go = common::engine("games/go.game", &[]);
    let over = go.parse_position("B:Ba1:Wb1:passes 2").unwrap();
    assert!(matches!(go.outcome(&over).unwrap(), Some(Outcome { reason: Reason::Area(..), .. })));
    let ko = "W:Bb1,a2,c2,b3:Wc1,d2,c3:ko @b2";
    let pos = go.parse_position(ko).unwrap();
    assert!(!go.move_list(&pos, None).unwrap().contains(&"@b2".to_string()));
    assert_eq!(go.position_notation(&pos), ko);
}

#[test]
fn a_flying_leap_landing_behind_stops_just_beyond_the_piece_taken() {
    let thai = common::engine("games/thai-draughts.game", &[]);
    assert_eq!(moves(&thai, "W:WKa1:Bc3", None), ["a1xd4"]);
    // Taken at once, the piece no longer blocks: straight back past its point.
    assert_eq!(moves(&thai, "W:WKd4:Bb2,f6", None), ["d4xa1xg7", "d4xg7xa1"]);
    let why = match thai.why(&thai.parse_position("W:WKa1:Bc3").unwrap(), None, "a1xe5").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => reason,
        other => panic!("{other:?}"),
    };
    assert!(why.contains("a1xd4"), "{why}");
    // The plain flying leap lands anywhere behind.
    let czech = common::engine("games/czech-draughts.game", &[]);
    assert_eq!(moves(&czech, "W:WKa1:Bc3", None), ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
}

#[test]
fn pieces_borne_off_are_counted_where_captures_are_for_good() {
    // Ur: a captured piece returns to hand, so what is neither on the board
    // nor in hand is borne off, and the notation needs no count.
    let ur = common::engine("games/ur.game", &[]);
    let won = ur.parse_position("B:W:Bh3,@1").unwrap();
    assert_eq!(ur.outcome(&won).unwrap().map(|o| o.reason), Some(Reason::BorneOff(0)));
    // The same game with captures for good: the count is in the position.
    let dir = std::env::temp_dir().join(format!("rulebook-borne-off-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ur-for-good.game");
    let text = std::fs::read_to_string("games/ur.game").unwrap().replace("captured pieces return to hand\n", "");
    std::fs::write(&file, text).unwrap();
    let e = common::engine(file.to_str().unwrap(), &[]);
    let short = e.parse_position("B:W:Bh3,@1:borne off W5").unwrap();
    assert_eq!(e.outcome(&short).unwrap().map(|o| o.reason), None, "two were captured: not all borne off");
    assert_eq!(e.position_notation(&short), "B:W:Bh3,@1:borne off W5");
    let all = e.parse_position("B:W:Bh3,@1:borne off W7").unwrap();
    assert_eq!(e.outcome(&all).unwrap().map(|o| o.reason), Some(Reason::BorneOff(0)));
    assert!(ur.parse_position("B:W:Bh3,@1:borne off W7").unwrap_err().to_string().contains("no rule on bearing off"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_capture_the_move_does_not_list_may_not_open_a_line_to_the_royal_piece() {
    // c3-b3 takes the soldier on b2 by custody, which alone stood between
    // the king on a2 and the rook on e2.
    let e = common::engine("tests/engine/royal-custodial.game", &[]);
    let start = e.position_notation(&e.start());
    assert!(!moves(&e, &start, None).contains(&"c3-b3".to_string()));
    assert!(moves(&e, &start, None).contains(&"c3-d3".to_string()));
    let why = match e.why(&e.start(), None, "c3-b3").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => reason,
        other => panic!("{other:?}"),
    };
    assert!(why.contains("attacked by the rook on e2"), "{why}");
}

#[test]
fn sowing_games_end_by_their_end_rules_and_the_seeds_each_side_holds() {
    // South sows its one seed into north's pit (2), north sows both round
    // (one into each pit): the start stands again, with south to move.
    let e = common::engine("tests/engine/shuttle-seeds.game", &[("ending", "repetition")]);
    let seen = outcomes_along(&e, "a1 a2");
    assert_eq!(seen[0], None);
    assert_eq!(seen[1], Some(Outcome { winner: None, reason: Reason::Seeds(SowEnd::Repeated(2), 1, 1) }));
    // Without the repetition rule the game ends when a side cannot move:
    // north's sowing leaves south one seed, south's empties its pit again.
    let e = common::engine("tests/engine/shuttle-seeds.game", &[("ending", "no-move")]);
    let pos = e.parse_position("N:S0+0:N2+0").unwrap();
    let seen = outcomes_from(&e, pos, "a2");
    assert_eq!(seen[0], None);
    let stuck = e.parse_position("S:S0+3:N2+0").unwrap();
    assert_eq!(
        e.outcome(&stuck).unwrap(),
        Some(Outcome { winner: Some(0), reason: Reason::Seeds(SowEnd::NoMove(0), 3, 2) })
    );
    // Oware: a side that cannot be fed ends the game, each keeping its own seeds.
    let e = common::engine("games/oware.game", &[]);
    let unfed = e.parse_position("S:S1,0,0,0,0,0+10:N0,0,0,0,0,0+10").unwrap();
    assert_eq!(
        e.outcome(&unfed).unwrap(),
        Some(Outcome { winner: Some(0), reason: Reason::Seeds(SowEnd::NoMove(0), 11, 10) })
    );
    // A store that reaches 25 wins at once, also in a position read from notation.
    let won = e.parse_position("S:S1,0,0,0,0,0+10:N1,0,0,0,0,0+25").unwrap();
    assert_eq!(e.outcome(&won).unwrap(), Some(Outcome { winner: Some(1), reason: Reason::Stored(1, 25) }));
}

#[test]
fn sowing_captures_by_count_backwards_and_across_and_a_grand_slam_takes_nothing() {
    let e = common::engine("games/oware.game", &[]);
    let after = |position: &str, ply: &str| {
        let pos = e.parse_position(position).unwrap();
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        e.position_notation(&e.play(&pos, None, &mv).unwrap())
    };
    // f1's two seeds make north's f2 and e2 hold 2 each: both taken, d2 left.
    assert_eq!(after("S:S0,0,0,0,0,2+0:N1,1,1,0,0,0+0", "f1"), "N:S0,0,0,0,0,0+4:N0,0,1,0,0,0+0");
    // The same with nothing else on north's side: a grand slam, nothing taken
    // (unless the option lets it take all).
    assert_eq!(after("S:S0,0,0,0,0,2+0:N1,1,0,0,0,0+0", "f1"), "N:S0,0,0,0,0,0+0:N2,2,0,0,0,0+0");
    let all = common::engine("games/oware.game", &[("grand-slam", "takes-all")]);
    let pos = all.parse_position("S:S0,0,0,0,0,2+0:N1,1,0,0,0,0+0").unwrap();
    let (_, mv) = all.parse_ply(&pos, "f1").unwrap();
    assert_eq!(all.position_notation(&all.play(&pos, None, &mv).unwrap()), "N:S0,0,0,0,0,0+4:N0,0,0,0,0,0+0");
    // Twelve seeds go round once and pass over the pit they came from.
    assert_eq!(after("S:S12,0,0,0,0,0+0:N0,0,0,0,0,0+0", "a1"), "N:S0,2,1,1,1,1+0:N1,1,1,1,1,1+0");
    // North's side empty: only a sowing that reaches it may be played.
    assert_eq!(common::moves(&e, "S:S1,0,0,0,0,2+0:N0,0,0,0,0,0+0", None), ["f1"]);
    // Kalah: the last seed in an empty pit of one's own takes the pit across;
    // one in one's own store gives another turn.
    let k = common::engine("games/kalah.game", &[]);
    let pos = k.parse_position("S:S1,0,0,0,0,0+0:N0,0,0,0,3,1+0").unwrap();
    let (_, mv) = k.parse_ply(&pos, "b1").unwrap();
    assert_eq!(k.position_notation(&k.play(&pos, None, &mv).unwrap()), "N:S0,0,0,0,0,0+4:N0,0,0,0,0,1+0");
    let pos = k.start();
    let (_, mv) = k.parse_ply(&pos, "d1").unwrap();
    assert_eq!(k.play(&pos, None, &mv).unwrap().turn, 0);
}

// ------------------------------------------------------- Backgammon and Senet

fn backgammon() -> Engine {
    common::engine("games/backgammon.game", &[])
}

fn senet() -> Engine {
    common::engine("games/senet.game", &[])
}

#[test]
fn a_turn_uses_both_dice_where_it_can_even_when_the_last_checker_comes_off() {
    // White's last checker on l1 (its 2-point), 61: the 6 alone would bear it off, but 1 then 6
    // uses both dice, so only that is legal.
    assert_eq!(moves(&backgammon(), "W:Wl1:Bm2=15", Some(61)), ["l1-m1,m1-off"]);
}

#[test]
fn where_only_one_die_can_be_used_it_is_the_larger() {
    // a2 + 6 = f1, a2 + 5 = e1; both go on to l1, which black holds: either die alone, the 6.
    assert_eq!(moves(&backgammon(), "W:Wa2:Bl1=2,m2=13", Some(65)), ["a2-f1"]);
}

#[test]
fn a_checker_on_the_bar_enters_first_and_a_closed_board_is_a_pass() {
    let closed = "W:Wh1=14,@1:Ba1=3,h2=2,i2=2,j2=2,k2=2,l2=2,m2=2";
    assert_eq!(moves(&backgammon(), closed, Some(31)), ["pass"]);
    // With l2 open, the 2 enters; then the other die moves any checker.
    let open = "W:Wh1=14,@1:Ba1=5,h2=2,i2=2,j2=2,k2=2,m2=2";
    assert!(moves(&backgammon(), open, Some(21)).iter().all(|m| m.starts_with("@l2,")), "{open}");
}

#[test]
fn a_lone_checker_is_hit_to_the_bar_and_steps_are_read_in_any_order() {
    let e = backgammon();
    let start = "W:Wa2=2:Bc1,m2=14";
    let (after, _) = play(&e, start, "31:a2-c1,a2-a1");
    assert_eq!(after, "B:Wa1,c1:Bm2=14,@1");
    // The same turn written the other way round is the same move.
    assert_eq!(play(&e, start, "31:a2-a1,a2-c1").0, after);
}

#[test]
fn why_judges_each_step_of_a_turn_on_the_board_the_steps_before_it_left() {
    let e = backgammon();
    let start = e.start();
    // c1 is empty at the start; after a2-c1 it holds the checker that then moves 2, not 1.
    let Verdict::Illegal { reason, .. } = e.why(&start, None, "31:a2-c1,c1-e1").unwrap() else { panic!("legal") };
    assert!(reason.starts_with("`c1-e1` after a2-c1: the roll is 1"), "{reason}");
    // A step from a point the other side holds.
    let Verdict::Illegal { reason, .. } = e.why(&start, None, "31:a1-d1,e1-i1").unwrap() else { panic!("legal") };
    assert_eq!(reason, "`a1-d1`: a1 holds black's pieces, and it is white's turn");
}

#[test]
fn senet_swaps_protects_blocks_and_sends_back_from_the_water() {
    let e = senet();
    // A lone enemy is attacked: the two swap places; a 2 passes the turn.
    assert_eq!(play(&e, "W:Wa1:Bc1:borne off W4 B4", "2:a1-c1").0, "B:Wc1:Ba1:borne off W4 B4");
    // Two in a row cannot be attacked, three in a row cannot be passed.
    assert_eq!(moves(&e, "W:Wa1:Bc1,d1:borne off W4 B3", Some(3)), ["pass"]);
    assert_eq!(moves(&e, "W:Wa1:Bb1,c1,d1:borne off W4 B2", Some(5)), ["pass"]);
    // Every piece stops on f3: from d3 a 3 would pass it.
    assert_eq!(moves(&e, "W:Wd3:Bj1:borne off W4 B4", Some(3)), ["pass"]);
    // The water sends a piece to f2, or the nearest empty square before it; a 1 throws again.
    assert_eq!(play(&e, "W:Wf3:Bj2:borne off W4 B4", "1:f3-g3").0, "W:Wf2:Bj2:borne off W4 B4");
    assert_eq!(play(&e, "W:Wf3:Bf2,j2:borne off W4 B3", "1:f3-g3").0, "W:Wg2:Bf2,j2:borne off W4 B3");
}

// ------------------------------------------------------------ Conditions joined, pieces past others, stalling

#[test]
fn the_hare_wins_once_past_every_hound_even_by_a_hound_s_move() {
    let e = common::engine("games/hare-and-hounds.game", &[]);
    // Level with the hound on b2: not past it. The hound steps on: the hare is past all three.
    let (after, outcome) = play(&e, "H:Hb2,c1,c3:Rb3", "b2-c2");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Holds(1, 1, 0) }), "{after}");
    // A hound beside it holds it: the game goes on.
    assert_eq!(play(&e, "H:Hb2,c1,c3:Rb3", "c1-c2").1, None);
    // Read from notation, a hare already past every hound has won.
    assert_eq!(e.outcome(&e.parse_position("H:Hc1,c2,d3:Rb1").unwrap()).unwrap().map(|o| o.winner), Some(Some(1)));
    // Trapped, the hare loses.
    let trapped = e.parse_position("R:Hd1,d3,d2:Re2").unwrap();
    assert_eq!(e.outcome(&trapped).unwrap(), Some(Outcome { winner: Some(0), reason: Reason::NoMove(1) }));
}

#[test]
fn stalling_counts_only_the_hounds_own_moves_straight_up_or_down() {
    let e = common::engine("games/hare-and-hounds.game", &[]);
    // Two sideways hound moves with a hare move between: a run of two.
    let seen = outcomes_from(&e, e.parse_position("H:Hb1,c3,d1:Re2").unwrap(), "b1-b2 e2-d2 b2-b1");
    assert!(seen.iter().all(Option::is_none));
    let (after, _) = play(&e, "H:Hb1,c3,d1:Re2:streak H8", "b1-b2");
    assert!(after.ends_with(":streak H9"), "{after}");
    // The hare's move neither counts nor ends the run.
    let (after, _) = play(&e, &after, "e2-d2");
    assert!(after.ends_with(":streak H9"), "{after}");
    // The tenth ends the game; a move forward instead starts the count again.
    let (_, outcome) = play(&e, &after, "b2-b1");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Streak(0, 10) }));
    let (after, outcome) = play(&e, "H:Hb2,c3,d1:Rd2:streak H9", "b2-c2");
    assert_eq!((after.as_str(), outcome), ("R:Hd1,c2,c3:Rd2", None));
    // Only a game with the rule reads the count.
    let chess = common::engine("games/chess.game", &[]);
    let refused = chess.parse_position("W:WKe1:BKe8:streak W1").unwrap_err().to_string();
    assert!(refused.contains("no rule on moves in a row by heading"), "{refused}");
}

/// Kings and men on a line; goals joined by `or` and `not`.
const JOINED: &str = r#"
rulebook 1
game "Joined"
board {
  files a..f
  ranks 1..2
  points a1..f2
  lines orthogonal a1..f2
}
player white W forward n
player black B forward s
piece man M {
  step orthogonal
}
piece king K {
  step orthogonal
}
place white man on a1 b1
place white king on c1
place black man on d2 e2
place black king on f2
goals {
  lose when no move
  win when fewer than 2 man left and not opponent has fewer than 2 man left or king past every king
}
"#;

#[test]
fn conditions_join_with_and_or_and_not() {
    let e = rulebook::load_text(JOINED, &[]).unwrap();
    let outcome = |position: &str| e.outcome(&e.parse_position(position).unwrap()).unwrap();
    // Neither group holds: two men each, kings level.
    assert_eq!(outcome("W:Wa1,b1,Kc1:Bd1,e1,Kf1"), None);
    // White is down to one man and black is not: the first group holds, for white ...
    assert_eq!(outcome("W:Wa1,Kc1:Bd1,e1,Kf1"), Some(Outcome { winner: Some(0), reason: Reason::FewerThan(0, 2) }));
    // ... but `not` fails where black is down to one too.
    assert_eq!(outcome("W:Wa1,Kc1:Bd1,Kf1"), None);
    // The second group: the black king past the white one (black's forward is south). Facing each
    // other, each king is then past the other: the side that did not just move is judged first.
    assert_eq!(outcome("B:Wa2,b2,Kc2:Bd2,e2,Kf1"), Some(Outcome { winner: Some(1), reason: Reason::Holds(1, 1, 1) }));
    assert_eq!(outcome("W:Wa2,b2,Kc2:Bd2,e2,Kf1"), Some(Outcome { winner: Some(0), reason: Reason::Holds(0, 1, 1) }));
    let text = rulebook::describe::describe(&e.game);
    assert!(
        text.contains("and not (its opponent has fewer than 2 man pieces left), or it has a king past every king"),
        "{text}"
    );
}

#[test]
fn pieces_left_are_counted_by_kind() {
    // The pieces left of one kind, counted from the position's set of the
    // pieces of kinds other than the first: of the first kind alone (men)
    // and of every kind but the first (kings).
    for (kind, white_wins, black_wins) in
        [("man", "W:WKc1:Bd2,e2,Kf2", "W:Wa1,b1,Kc1:BKf2"), ("king", "W:Wa1:Bd2,Kf2", "B:Wa1,Kc1:Bd2")]
    {
        let text = JOINED.replace(
            "win when fewer than 2 man left and not opponent has fewer than 2 man left or king past every king",
            &format!("lose when fewer than 1 {kind} left"),
        );
        let e = rulebook::load_text(&text, &[]).unwrap();
        let outcome = |position: &str| e.outcome(&e.parse_position(position).unwrap()).unwrap().map(|o| o.winner);
        assert_eq!(outcome("W:Wa1,b1,Kc1:Bd2,e2,Kf2"), None, "{kind}");
        assert_eq!(outcome(white_wins), Some(Some(1)), "{kind}: white has none left");
        assert_eq!(outcome(black_wins), Some(Some(0)), "{kind}: black has none left");
    }
}

#[test]
fn a_sowing_cycle_that_gathers_and_spreads_seeds_is_a_repetition() {
    // Oware, two seeds a side: each sowing of one seed gathers it into the
    // next pit, each of two spreads them again, round the whole board with
    // nothing taken, so that fewer pits hold seeds halfway round than at
    // the start (the count kept for a repetition is of seeds, not of pits).
    let e = common::engine("games/oware.game", &[]);
    let start = e.parse_position("S:S1,1,0,0,0,0+22:N1,1,0,0,0,0+22").unwrap();
    let lap = "a1 f2 b1 e2 c1 d2 d1 c2 e1 b2 f1 a2";
    let seen = outcomes_from(&e, start, lap);
    assert!(seen[..11].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[11], Some(Outcome { winner: None, reason: Reason::Seeds(SowEnd::Repeated(2), 24, 24) }));
}

/// How many positions the history holds after each of `plies` from `pos`.
fn history_lengths(e: &Engine, mut pos: Position, plies: &str) -> Vec<usize> {
    let mut history = e.history_from(&pos);
    let mut out = Vec::new();
    for ply in plies.split_whitespace() {
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_in(&pos, &mv, &mut history);
        out.push(history.len());
    }
    out
}

#[test]
fn a_move_that_only_goes_one_way_forgets_every_earlier_position() {
    // English draughts: a king's step can be undone, a man's (forward only)
    // never, so after it the history holds the new position alone.
    let draughts = std::fs::read_to_string("games/english-draughts.game").unwrap();
    let e = rulebook::load_text(&draughts, &[]).unwrap();
    let kings_and_men = e.parse_position("B:WK32,21:BK1,12").unwrap();
    let plies = "1-5 32-28 12-16 21-17 5-1 28-32";
    assert_eq!(history_lengths(&e, kings_and_men, plies), [2, 3, 1, 1, 2, 3]);
    // Men that step back too may stand where they stood: nothing is forgotten.
    let back = draughts.replacen("step diagonal-forward", "step diagonal", 1);
    let e = rulebook::load_text(&back, &[]).unwrap();
    let kings_and_men = e.parse_position("B:WK32,21:BK1,12").unwrap();
    assert_eq!(history_lengths(&e, kings_and_men, plies), [2, 3, 4, 5, 6, 7]);
    // Chess: a pawn's move forgets, a knight's (which can leap back) does not,
    // nor would it if the rule counted knight moves as progress.
    let chess = std::fs::read_to_string("games/chess.game").unwrap();
    let e = rulebook::load_text(&chess, &[]).unwrap();
    assert_eq!(history_lengths(&e, e.start(), "g1-f3 g8-f6 e2-e4 b8-c6"), [2, 3, 1, 2]);
    let knights = chess.replace("without capture or pawn move", "without capture or knight move");
    let e = rulebook::load_text(&knights, &[]).unwrap();
    assert_eq!(history_lengths(&e, e.start(), "g1-f3 g8-f6 e2-e4 b8-c6"), [2, 3, 4, 5]);
}

#[test]
fn a_repetition_through_captures_and_drops_counts_every_standing() {
    // Minishogi, bare kings with a pawn in each hand: each side drops its pawn
    // with check and the other king takes it, and the kings go back. Every
    // capture goes to hand, so the start stands again after each cycle of 8
    // plies; the fourth standing draws (the checks are not every move's).
    let e = common::engine("games/minishogi.game", &[]);
    let start = e.parse_position("4k/5/5/5/K4[Pp] w - - 0 1").unwrap();
    let cycle = "@e4 e5xe4 a1-b1 @b2 b1xb2 e4-d5 b2-a1 d5-e5";
    let seen = outcomes_from(&e, start, &format!("{cycle} {cycle} {cycle}"));
    assert!(seen[..23].iter().all(Option::is_none), "{seen:?}");
    assert_eq!(seen[23], Some(Outcome { winner: None, reason: Reason::Repeated(4) }));
}

/// Chinese checkers' three sides, each home full: red m1.., yellow a13.., blue m10...
const THREE_HOMES: &str =
    "R:Rm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:Yd10,c11,d11,b12,c12,d12,a13,b13,c13,d13:Bm10,l11,m11,k12,l12,m12,j13,k13,l13,m13";

#[test]
fn more_players_take_turns_round_and_each_is_judged_by_its_own_goal() {
    let e = common::engine("games/chinese-checkers.game", &[("players", "3")]);
    assert_eq!(e.players(), 3);
    let start = e.start();
    assert_eq!(e.position_notation(&start), THREE_HOMES);
    // Red, yellow, blue, red: the turn passes round, and each side's turn hashes apart.
    let mut pos = start.clone();
    let mut hashes = vec![pos.hash()];
    for (ply, next) in [("j4-j5", "Y"), ("d10-e10", "B"), ("j13-j12", "R")] {
        let (_, mv) = e.parse_ply(&pos, ply).unwrap();
        pos = e.play_unchecked(&pos, &mv);
        assert!(e.position_notation(&pos).starts_with(&format!("{next}:")), "{}", e.position_notation(&pos));
        hashes.push(pos.hash());
    }
    let board = e.position_notation(&pos)[1..].to_string();
    let turns: Vec<u64> =
        ["R", "Y", "B"].iter().map(|t| e.parse_position(&format!("{t}{board}")).unwrap().hash()).collect();
    assert!(turns[0] != turns[1] && turns[1] != turns[2] && turns[0] != turns[2], "{turns:?}");
    assert_eq!(turns[0], pos.hash(), "a position read back hashes as the one played");
    // Yellow fills its target (white's home, n5..) with m5-n5: yellow wins, though
    // red moved before and blue moves after it.
    let near =
        "Y:Rm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:Yo5,p5,q5,n6,o6,p6,n7,o7,n8,m5:Bm10,l11,m11,k12,l12,m12,j13,k13,l13,m13";
    let (after, outcome) = common::play(&e, near, "m5-n5");
    assert_eq!(outcome.map(|o| o.winner), Some(Some(1)), "{after}");
    assert!(common::moves(&e, near, None).contains(&"m5-n5".to_string()));
    // A side with no move passes, and the turn goes on to the next.
    let boxed = "Y:Rh13,e14,f14,g14,e15,f15,g15,e16,f16,e17:Ym1:Bl2,m2,k3,m3";
    assert_eq!(common::moves(&e, boxed, None), ["pass"]);
    let (after, outcome) = common::play(&e, boxed, "pass");
    assert!(after.starts_with("B:") && outcome.is_none(), "{after}");
}

#[test]
fn jumps_over_any_piece_chain_and_each_landing_is_one_move() {
    let e = common::engine("games/chinese-checkers.game", &[]);
    // g7 jumps h7 to i7 and g8 to g9 and on: i9 is reached two ways (i7 then over
    // i8, or g9 then over h9), and is one move; no path may end on g7 itself.
    let moves = common::moves(&e, "R:Rg7:Gh7,i8,g8,h9", None);
    assert_eq!(moves.iter().filter(|m| *m == "g7-i9").count(), 1, "{moves:?}");
    assert!(!moves.contains(&"g7-g7".to_string()));
    assert_eq!(moves.len(), 7, "four steps and three landings: {moves:?}");
    // One jump, not chained: from the same start, only the first landings.
    let text = std::fs::read_to_string("games/chinese-checkers.game").unwrap();
    let single = rulebook::load_text(&text.replace("over any piece chained", "over any piece"), &[]).unwrap();
    let one = common::moves(&single, "R:Rg7:Gh7,i8,g8,h9", None);
    assert!(one.contains(&"g7-i7".to_string()) && !one.contains(&"g7-i9".to_string()), "{one:?}");
}

#[test]
fn ludo_enters_on_a_six_hits_back_to_the_yard_and_throws_again() {
    let e = common::engine("games/ludo.game", &[]);
    let moves = |pos: &str, roll: u8| common::moves(&e, pos, Some(roll));
    let start = "R:R@4:G@4:Y@4:B@4";
    // Out of the yard only on a 6, onto the start square; then red throws again.
    assert_eq!(moves(start, 5), ["pass"]);
    assert_eq!(moves(start, 6), ["@g2"]);
    let (after, _) = common::play(&e, start, "6:@g2");
    assert_eq!(after, "R:Rg2,@3:G@4:Y@4:B@4");
    // Blue, the fourth player, hits a lone red piece back to red's yard.
    let (after, _) = common::play(&e, "B:Rg5,@3:G@4:Y@4:Bg3,@3", "2:g3-g5");
    assert_eq!(after, "R:R@4:G@4:Y@4:Bg5,@3");
    // Two of one player's pieces block the others, who may pass over them.
    assert!(!moves("B:Rg5=2,@2:G@4:Y@4:Bg3,@3", 2).contains(&"g3-g5".to_string()));
    assert!(moves("B:Rg5=2,@2:G@4:Y@4:Bg3,@3", 3).contains(&"g3-g6".to_string()));
    // A lone piece on a safe square is not hit, and blocks a player's start.
    assert!(!moves("G:Rb9,@3:G@4:Y@4:B@4", 6).contains(&"@b9".to_string()));
    // Home by an exact throw (h5 is red's next to last square), and the last piece home wins.
    let near = "R:Rh5:G@4:Y@4:B@4";
    assert_eq!(moves(near, 2), ["h5-off"]);
    assert_eq!(moves(near, 3), ["pass"]);
    let (_, outcome) = common::play(&e, near, "2:h5-off");
    assert_eq!(outcome.map(|o| o.winner), Some(Some(0)));
}

#[test]
fn players_who_finish_drop_out_and_the_others_play_on_for_places() {
    let e = common::engine("games/ludo.game", &[("places", "all")]);
    // Red's last piece comes home on a 6: red is first, earns no further throw,
    // and the game goes on with green.
    let (after, outcome) = common::play(&e, "R:Rh1:G@4:Y@4:B@4", "6:h1-off");
    assert_eq!((after.as_str(), outcome), ("G:R:G@4:Y@4:B@4:places R", None));
    // The same board without the places part: red, whose goal holds, finishes.
    let read = e.parse_position("G:R:G@4:Y@4:B@4").unwrap();
    assert_eq!(read.hash(), e.parse_position(&after).unwrap().hash());
    assert_eq!(e.position_notation(&read), after);
    // Red is skipped: after blue comes green.
    let (after, _) = common::play(&e, "B:R:G@4:Y@4:Bn7,@3:places R", "2:n7-l7");
    assert!(after.starts_with("G:"), "{after}");
    // Green second; then yellow third leaves blue alone, last, and the game ends.
    let (after, outcome) = common::play(&e, "G:R:Ga8:Y@4:B@4:places R", "6:a8-off");
    assert_eq!((after.as_str(), outcome), ("Y:R:G:Y@4:B@4:places R G", None));
    let (_, outcome) = common::play(&e, "Y:R:G:Yh15:B@4:places R G", "6:h15-off");
    let outcome = outcome.expect("one player is left");
    assert_eq!(outcome.winner, Some(0));
    assert_eq!(
        rulebook::app::words::describe_outcome(&e, &outcome),
        "red wins: red finished first, green second, yellow third, blue last"
    );
    assert_eq!(outcome.returns(4), [1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0]);
    // A finished player is never to move, nor placed twice; without the rule there are no places.
    for bad in ["R:R:G@4:Y@4:B@4:places R", "G:R:G@4:Y@4:B@4:places R R"] {
        assert!(e.parse_position(bad).is_err(), "{bad}");
    }
    let first = common::engine("games/ludo.game", &[]);
    assert!(first.parse_position("G:Rh1:G@4:Y@4:B@4:places R").is_err());
    let (_, outcome) = common::play(&first, "R:Rh1:G@4:Y@4:B@4", "6:h1-off");
    assert_eq!(outcome.map(|o| o.winner), Some(Some(0)), "by default the first home wins");
}

#[test]
fn no_revisiting_stops_a_leap_back_onto_a_point_stood_on() {
    let text = std::fs::read_to_string("games/english-draughts.game").unwrap();
    let plain = rulebook::load_text(&text, &[]).unwrap();
    let once =
        rulebook::load_text(&text.replace("  remove at end\n", "  remove at end\n  no revisiting\n"), &[]).unwrap();
    // The white king on d4 goes round the black men on e5, e7, c7 and c5,
    // either way, and lands back on d4 only where it may stand there again.
    let position = "W:WKd4:Be5,e7,c7,c5,h8";
    assert_eq!(moves(&plain, position, None), ["d4xb6xd8xf6xd4", "d4xf6xd8xb6xd4"]);
    assert_eq!(moves(&once, position, None), ["d4xb6xd8xf6", "d4xf6xd8xb6"]);
}
