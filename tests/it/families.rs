//! The games of the draughts and tafl families: positions whose legal moves or
//! outcome were worked out by hand, each exercising a rule that sets the game
//! apart from its relatives.

use crate::common;

use crate::common::{engine as game, play};
use rulebook::engine::{Engine, Outcome, Reason};

fn moves(e: &Engine, position: &str) -> Vec<String> {
    common::moves(e, position, None)
}

#[test]
fn majority_capture_with_two_kings() {
    // International draughts. King a1 leaps b2 to c3, then d4 to any of
    // e5..j10: two pieces. King c1 takes one: over e3 to f4..j8, or over b2
    // to a3, and finds nothing more. Majority keeps only the first king's six.
    let e = game("games/international-draughts.game", &[]);
    let position = "W:WKa1,Kc1:Bb2,d4,e3";
    assert_eq!(moves(&e, position), ["a1xc3xe5", "a1xc3xf6", "a1xc3xg7", "a1xc3xh8", "a1xc3xi9", "a1xc3xj10"]);
    let free = game("games/international-draughts.game", &[("majority", "false")]);
    assert_eq!(moves(&free, position).len(), 12);
    // The same position in PDN numbers (a1 = 46, c1 = 47, b2 = 41, d4 = 32, e3 = 38).
    let pdn = e.parse_position("W:WK46,K47:B32,38,41").unwrap();
    assert_eq!(e.position_notation(&pdn), "W:WKa1,Kc1:Bb2,e3,d4");
    assert_eq!(e.position_notation_as(&pdn, true), "W:WK46,K47:B32,38,41");
    // Moves may be typed in numbers too: a1xc3xj10 is 46x37x5.
    let (_, mv) = e.parse_ply(&pdn, "46x37x5").unwrap();
    assert_eq!(e.notation(&mv), "a1xc3xj10");
}

#[test]
fn crowning_ends_the_move_or_not_as_each_game_says() {
    // White man b6 leaps c7 and lands on d8, the far rank; e7 stands next.
    let position = "W:Wb6:Bc7,e7";
    // English: crowned there, and the move ends.
    let english = game("games/english-draughts.game", &[]);
    assert_eq!(moves(&english, position), ["b6xd8"]);
    assert_eq!(play(&english, position, "b6xd8").0, "B:Be7:WKd8");
    // International: not crowned in passing; as a man it takes e7 backward, to f6.
    let international = game("games/international-draughts.game", &[("size", "8")]);
    assert_eq!(moves(&international, position), ["b6xd8xf6"]);
    // Russian: crowned in passing, it goes on as a flying king to f6, g5 or h4.
    let russian = game("games/variants/russian-draughts.toml", &[]);
    assert_eq!(moves(&russian, position), ["b6xd8xf6", "b6xd8xg5", "b6xd8xh4"]);
    assert_eq!(play(&russian, position, "b6xd8xg5").0, "B:WKg5:B");
}

#[test]
fn turkish_kings_may_not_turn_back() {
    // King d1 flies east over f1 (to g1 or h1) or west over b1 (to a1). The
    // jumped piece leaves at once, so turning back would cross its square and
    // take the other; the 180-degree turn is forbidden, so one piece each.
    let e = game("games/turkish-draughts.game", &[]);
    assert_eq!(moves(&e, "W:WKd1:Bb1,f1"), ["d1xa1", "d1xg1", "d1xh1"]);
    // A right-angle turn is allowed: from g1 north over g3.
    assert_eq!(moves(&e, "W:WKd1:Bb1,f1,g3"), ["d1xg1xg4", "d1xg1xg5", "d1xg1xg6", "d1xg1xg7", "d1xg1xg8"]);
}

#[test]
fn turkish_men_capture_forward_and_sideways_only() {
    let e = game("games/turkish-draughts.game", &[]);
    // The man d4 has enemies on all four sides with room behind: not backward (d3).
    assert_eq!(moves(&e, "W:Wd4:Bc4,e4,d5,d3"), ["d4xb4", "d4xd6", "d4xf4"]);
}

#[test]
fn breakthrough_captures_diagonally_and_wins_on_the_far_rank() {
    let e = game("games/breakthrough.game", &[]);
    // b4 faces b5 (blocked: no straight capture), a5 and c5 (enemies: captured by moving there).
    assert_eq!(moves(&e, "W:Wb4:Ba5,b5,c5,h8"), ["b4xa5", "b4xc5"]);
    let (_, outcome) = play(&e, "W:Wa7:Bh8", "a7-a8");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Reached(0) }));
}

#[test]
fn brandubh_king_is_strong_only_by_the_throne() {
    let e = game("games/brandubh.game", &[]);
    // Away from the throne two attackers take the king: b4 and, arriving, b2.
    let (_, outcome) = play(&e, "A:Ab4,e2:DKb3", "e2-b2");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Captured(1) }));
    // Next to the throne (c4) two are not enough.
    let (_, outcome) = play(&e, "A:Ac5,e3:DKc4,g7", "e3-c3");
    assert_eq!(outcome, None);
    // A corner is hostile: a defender on b1 is taken by an attacker arriving on c1.
    let (after, _) = play(&e, "A:Ac3:Db1,Kd4", "c3-c1");
    assert_eq!(after, "D:Ac1:DKd4");
}

#[test]
fn copenhagen_king_by_the_throne_falls_to_three() {
    let e = game("games/copenhagen-hnefatafl.game", &[]);
    // King f5, the empty throne f6 north of it: attackers e5, g5 and f4 arriving.
    let (_, outcome) = play(&e, "A:Ae5,g5,f3:DKf5", "f3-f4");
    assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Captured(1) }));
    // The king escapes to a corner.
    let (_, outcome) = play(&e, "D:Af6:DKa5", "a5-a1");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Reached(1) }));
}

#[test]
fn alquerque_opens_with_four_moves_into_the_centre() {
    let e = game("games/alquerque.game", &[]);
    assert_eq!(e.move_list(&e.start(), None).unwrap(), ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
}

#[test]
fn copenhagen_shieldwall() {
    let e = game("games/copenhagen-hnefatafl.game", &[]);
    // d1 and e1 on the edge, faced by d2 and e2, bracketed by c1 and the
    // attacker arriving on f1: both taken.
    assert_eq!(play(&e, "A:Ac1,d2,e2,f3:Dd1,e1,Kf6", "f3-f1").0, "D:Ac1,f1,d2,e2:DKf6");
    // A corner stands in for one end.
    assert_eq!(play(&e, "A:Ab2,c2,d3:Db1,c1,Kf6", "d3-d1").0, "D:Ad1,b2,c2:DKf6");
    // The king may be part of the row, and is not taken.
    assert_eq!(play(&e, "A:Ac1,d2,e2,f3:Dd1,Ke1", "f3-f1").0, "D:Ac1,f1,d2,e2:DKe1");
    // A row with a gap in its front is no shieldwall.
    assert_eq!(play(&e, "A:Ac1,d2,f3:Dd1,e1,Kf6", "f3-f1").0, "D:Ac1,f1,d2:Dd1,e1,Kf6");
}

#[test]
fn copenhagen_encirclement() {
    // The region grown by shifts, and the walk point by point.
    let mut walks = game("games/copenhagen-hnefatafl.game", &[]);
    walks.use_bit_slides(false);
    for e in [game("games/copenhagen-hnefatafl.game", &[]), walks] {
        // A ring around the king closes when g9 comes to g7.
        let (_, outcome) = play(&e, "A:Af4,e5,g5,d6,h6,e7,f8,g9:DKf6", "g9-g7");
        assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Encircled(1) }));
        // Still a gap (g7 empty, g9 elsewhere): not yet.
        let (_, outcome) = play(&e, "A:Af4,e5,g5,d6,h6,e7,f8,a9:DKf6", "a9-a10");
        assert_eq!(outcome, None);
        // Defenders inside the ring count with the king; one of them on
        // the edge (a6) is not encircled.
        let (_, outcome) = play(&e, "A:Af4,e5,g5,d6,h6,e7,f8,g9:DKf6,f5", "g9-g7");
        assert_eq!(outcome, Some(Outcome { winner: Some(0), reason: Reason::Encircled(1) }));
        let (_, outcome) = play(&e, "A:Af4,e5,g5,d6,h6,e7,f8,g9:DKf6,a6", "g9-g7");
        assert_eq!(outcome, None);
    }
}

#[test]
fn copenhagen_edge_fort() {
    let e = game("games/copenhagen-hnefatafl.game", &[]);
    // King f1 with room on e2, f2, g2, walled in by d1 e1 g1 h1, d2 h2, e3 f3 g3:
    // every wall piece has, along each line, the edge, the fort or a friend.
    // The fort closes when g5 comes to g3.
    let (_, outcome) = play(&e, "D:Aa6:DKf1,d1,e1,g1,h1,d2,h2,e3,f3,g5", "g5-g3");
    assert_eq!(outcome, Some(Outcome { winner: Some(1), reason: Reason::Fortified(1) }));
    // Without h1, h2 could be taken between h1 and h3: no fort.
    let (_, outcome) = play(&e, "D:Aa6:DKf1,d1,e1,g1,d2,h2,e3,f3,g5", "g5-g3");
    assert_eq!(outcome, None);
}

#[test]
fn sixteen_soldiers_step_backward_and_capture_is_optional() {
    let e = game("games/sixteen-soldiers.game", &[]);
    // c5 may step anywhere along its lines, backward to c4 too, or leap d6 to e7;
    // the capture is not forced.
    assert_eq!(moves(&e, "W:Wc5:Bd6,a9"), ["c5-b4", "c5-b5", "c5-b6", "c5-c4", "c5-c6", "c5-d4", "c5-d5", "c5xe7"]);
}

#[test]
fn pool_checkers_captures_freely_with_men_backward() {
    // White man d4 may take c5 forward (to b6) or e3 backward (to f2): pool
    // checkers leaves the choice free, Brazilian too since both take one.
    let e = game("games/variants/pool-checkers.toml", &[]);
    assert_eq!(moves(&e, "W:Wd4:Bc5,e3,h8"), ["d4xb6", "d4xf2"]);
    // With a second piece behind b6, Brazilian's majority rule forces the double.
    let brazilian = game("games/variants/brazilian-draughts.toml", &[]);
    assert_eq!(moves(&brazilian, "W:Wd4:Bc5,e3,c7,h8"), ["d4xb6xd8"]);
    assert_eq!(moves(&e, "W:Wd4:Bc5,e3,c7,h8"), ["d4xb6xd8", "d4xf2"]);
}

#[test]
fn a_flying_king_lands_where_it_can_go_on_capturing() {
    // Pool checkers and Russian draughts: king a1 jumps c3 and may land on d4,
    // e5, f6, g7 or h8; only from e5 can it go on (over f4), so it must land
    // there. Without the rule (English-style free landing) all six would do.
    for file in ["games/variants/pool-checkers.toml", "games/variants/russian-draughts.toml"] {
        let e = game(file, &[]);
        assert_eq!(moves(&e, "W:WKa1:Bc3,f4"), ["a1xe5xg3", "a1xe5xh2"], "{file}");
        // Where no landing goes on, any landing will do.
        assert_eq!(moves(&e, "W:WKa1:Bc3"), ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"], "{file}");
    }
    // With the majority rule the landing rule is implied, not stated.
    let brazilian = game("games/variants/brazilian-draughts.toml", &[]);
    assert_eq!(moves(&brazilian, "W:WKa1:Bc3,f4"), ["a1xe5xg3", "a1xe5xh2"]);
    // `why` names the rule and the landing it requires.
    let pool = game("games/variants/pool-checkers.toml", &[]);
    let pos = pool.parse_position("W:WKa1:Bc3,f4").unwrap();
    match pool.why(&pos, None, "a1xf6").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => {
            assert_eq!(reason, "a king must land where it can go on capturing: e5")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn italian_capture_precedence() {
    let e = game("games/italian-draughts.game", &[]);
    // Men may not capture kings: the man on d3 cannot take the king on e4.
    assert_eq!(moves(&e, "W:Wd3:BKe4"), ["d3-c4"]);
    let pos = e.parse_position("W:Wd3:BKe4").unwrap();
    match e.why(&pos, None, "d3xf5").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => {
            assert_eq!(reason, "a man may capture only a man, and the piece on e4 is a king")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(moves(&e, "W:Wd3:Be4"), ["d3xf5"]);
    // One piece either way: the king's capture comes before the man's.
    assert_eq!(moves(&e, "W:Wd3,Kb5:Be4,c6"), ["b5xd7"]);
    // One piece either way, both with the king: the one taking a king.
    assert_eq!(moves(&e, "W:WKc4:BKd5,b5"), ["c4xe6"]);
    // Two pieces and one king either way: the king met first (b5, then b7)
    // rather than second (d5, then f7).
    assert_eq!(moves(&e, "W:WKc4:Bd5,Kf7,Kb5,b7"), ["c4xa6xc8"]);
    // `why` names the criterion that rules a capture out.
    let pos = e.parse_position("W:WKc4:Bd5,Kf7,Kb5,b7").unwrap();
    match e.why(&pos, None, "c4xe6xg8").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => {
            assert_eq!(reason, "the capture that meets a king earliest in the sequence is compulsory")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn czech_a_king_capture_takes_precedence() {
    // The man on c3 can take d4 and f6; the king on h2 can take g3, land on
    // e5 (the one landing from which it goes on), take f6 and land on g7 or
    // h8: two pieces each, and the king's capture must be played.
    let e = game("games/czech-draughts.game", &[]);
    assert_eq!(moves(&e, "W:Wc3,Kh2:Bd4,f6,g3"), ["h2xe5xg7", "h2xe5xh8"]);
    let pos = e.parse_position("W:Wc3,Kh2:Bd4,f6,g3").unwrap();
    match e.why(&pos, None, "c3xe5xg7").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => {
            assert_eq!(reason, "a capture with a king takes precedence")
        }
        other => panic!("{other:?}"),
    }
    // Without kings in play the choice is free: not the most pieces.
    assert_eq!(moves(&e, "W:Wc3,e3:Bd4,f6,f4"), ["c3xe5xg7", "e3xc5", "e3xg5xe7"]);
}

#[test]
fn frisian_king_makes_at_most_three_quiet_moves_in_a_row_while_men_remain() {
    let e = game("games/frisian-draughts.game", &[]);
    let start = "W:WKe1,a1:Bh10,j10";
    let three = "e1-f2 j10-i9 f2-e1 i9-h8 e1-f2 h8-g7";
    let at = |position: &str, plies: &str| {
        let mut pos = e.parse_position(position).unwrap();
        for ply in plies.split_whitespace() {
            let (_, mv) = e.parse_ply(&pos, ply).unwrap();
            pos = e.play_unchecked(&pos, &mv);
        }
        pos
    };
    // After three king moves in a row, only the man may move.
    assert_eq!(e.move_list(&at(start, three), None).unwrap(), ["a1-b2"]);
    match e.why(&at(start, three), None, "f2-e1").unwrap() {
        rulebook::engine::Verdict::Illegal { reason, .. } => assert_eq!(
            reason,
            "the king on f2 has made 3 moves in a row without capturing, the most it may make while its side has a man"
        ),
        other => panic!("{other:?}"),
    }
    // A move of the man starts the count again.
    let reset = at(start, &format!("{three} a1-b2 h10-i9"));
    assert!(e.move_list(&reset, None).unwrap().contains(&"f2-e1".to_string()));
    // With no men left the limit is lifted.
    let kings_only = at("W:WKe1:Bh10,j10", three);
    assert!(e.move_list(&kings_only, None).unwrap().contains(&"f2-e1".to_string()));
}

#[test]
fn frisian_captures_orthogonally_and_by_value() {
    let e = game("games/frisian-draughts.game", &[]);
    // The man on c3 leaps e3 orthogonally to g3 (squares of a rank are two apart).
    assert_eq!(moves(&e, "W:Wc3:Be3"), ["c3xg3"]);
    // One king (199) outweighs one man (100); two men (200) outweigh one king.
    assert_eq!(moves(&e, "W:Wc3:Bd4,Kb4"), ["c3xa5"]);
    assert_eq!(moves(&e, "W:Wc3:Bd4,f6,Kb4"), ["c3xe5xg7"]);
}

#[test]
fn hasami_shogi_sandwiches_runs_and_corners() {
    let e = game("games/hasami-shogi.game", &[]);
    // d1-d5 closes the run c5, b5 against a5: both are taken.
    assert_eq!(play(&e, "B:Ba5,d1,i1:Wb5,c5,h9,i9", "d1-d5").0, "W:Bi1,a5,d5:Wh9,i9");
    // A run that ends at the edge is not closed.
    assert_eq!(play(&e, "B:Bd1,i1,i2:Wa5,b5,c5,i9", "d1-d5").0, "W:Bi1,i2,d5:Wa5,b5,c5,i9");
    // The corner a1 is taken between a2 (the mover) and b1.
    assert_eq!(play(&e, "B:Bb1,c2,i5:Wa1,h9,i9", "c2-a2").0, "W:Bb1,a2,i5:Wh9,i9");
    // Moving between two enemies is safe.
    assert_eq!(play(&e, "B:Bd1,i1,i2:Wc5,e5,i9", "d1-d5").0, "W:Bi1,i2,d5:Wc5,e5,i9");
    // Left with one piece, white loses.
    assert_eq!(
        play(&e, "B:Ba5,d1:Wb5,c5,i9", "d1-d5").1,
        Some(Outcome { winner: Some(0), reason: Reason::FewerThan(1, 2) })
    );
    // The first to capture five wins, under the option: white had six of its
    // nine left, and loses two more.
    let five = game("games/hasami-shogi.game", &[("goal", "five-captured")]);
    assert_eq!(
        play(&five, "B:Bb1,c1,d1,e1,f1,g1,h1,i1,a5:Wb5,c5,f9,g9,h9,i9", "d1-d5").1,
        Some(Outcome { winner: Some(0), reason: Reason::CapturedCount(1, 5) })
    );
}

#[test]
fn mak_yek_captures_by_custody_and_intervention_together() {
    let e = game("games/mak-yek.game", &[]);
    // d1-d4 lands between c4 and e4: intervention takes both.
    assert_eq!(play(&e, "W:Wa1,d1:Bc4,e4,h8", "d1-d4").0, "B:Wa1,d4:Bh8");
    // Both tests at once: between c4 and e4 (intervention) and d5 closed
    // against d6 (custody): all three go.
    assert_eq!(play(&e, "W:Wd1,d6,a1:Bc4,e4,d5,h8", "d1-d4").0, "B:Wa1,d4,d6:Bh8");
    // Moving next to a single enemy with no friend beyond captures nothing.
    assert_eq!(play(&e, "W:Wd1,a1:Bc4,h8", "d1-d4").0, "B:Wa1,d4:Bc4,h8");
}
