//! Games of more than two players: what they may say so far. A turn passes
//! round the players, each judged by its own goals, and one of them wins.
//! Races run as with two: a die, tracks, pieces entering from the hand (on
//! given rolls), stacking, hitting a lone enemy back to its hand, safe
//! points, another turn after given rolls. The other rules written for two
//! sides (captures by moving and their goals, two dice, sowing, royal pieces,
//! repetition) each ask who "the other" is, so until each has a meaning for
//! more sides, a file using it with more players gets E0533 at the statement
//! rather than a game that plays it wrongly.

use super::decls::*;
use crate::diagnostics::{self as diag, Diagnostic};
use crate::span::Span;

/// The statements of `d` that a game of `players` players may not have yet,
/// each with what it is called.
pub fn two_player_only(d: &Decls) -> Vec<(Span, &'static str)> {
    let mut found: Vec<(Span, &'static str)> = Vec::new();
    let mut note = |span: Option<Span>, what: &'static str| {
        if let Some(span) = span {
            found.push((span, what));
        }
    };
    note(d.dice.as_ref().filter(|x| x.value.pair).map(|x| x.span), "two dice used separately");
    note(d.enter_first.as_ref().map(|x| x.span), "entering first");
    note(d.bear_off_from.as_ref().map(|x| x.span), "bearing off");
    note(d.bear_off_higher.as_ref().map(|x| x.span), "bearing off");
    note(d.change_sides, "pieces changing sides");
    note(d.swap_places, "swapping places");
    note(d.safe_rows.as_ref().map(|x| x.span), "rows of pieces");
    note(d.block_rows.as_ref().map(|x| x.span), "rows of pieces");
    note(d.must_stop.as_ref().map(|x| x.span), "points that stop pieces");
    note(d.landing_returns.first().map(|x| x.0.span), "points that send pieces back");
    note(d.forbid_stranded, "`forbid stranded pieces`");
    note(d.mill.as_ref().map(|x| x.span), "removing a piece after a row");
    note(d.forbid_returning.as_ref().map(|x| x.span), "a rule against returning to a position");
    note(d.forbid_facing, "royal pieces facing each other");
    note(d.jumps.as_ref().map(|x| x.span), "a `capture` block");
    note(d.custodial.as_ref().map(|x| x.span), "custodial capture");
    note(d.sowing.as_ref().map(|x| x.span), "sowing");
    note(d.traps.first().map(|x| x.kind.span), "a special capture");
    note(d.hostile.first().map(|x| x.region.span), "hostile points");
    note(d.announcements.first().map(|x| x.text.span), "an announcement");
    for p in &d.pieces {
        note(p.enter.as_ref().map(|e| e.span), "entering from the hand");
        note(p.lifts.first().map(|l| l.span), "`lift`");
        note(p.fly.as_ref().map(|x| x.1), "flying");
        note(p.shoot.as_ref().map(|x| x.2), "`then shoot`");
        note(p.royal, "a royal piece");
        note(p.castle.as_ref().map(|x| x.1), "castling");
        note(p.per_file.as_ref().map(|x| x.1), "`at most N per file`");
        note(p.run_limit.as_ref().map(|x| x.2), "a limit on moves in a row");
        for m in &p.moves {
            let what = match m.kind {
                MoveKind::Jump | MoveKind::Fly { .. } | MoveKind::Take => "capturing",
                MoveKind::Approach | MoveKind::Withdraw => "capturing",
                MoveKind::Leave => "leaving the board",
                _ if m.landing.is_some() || m.en_passant.is_some() => "capturing",
                _ => continue,
            };
            note(Some(m.span), what);
        }
    }
    for g in d.goals.iter().flat_map(|(_, goals)| goals) {
        let what = match &g.condition {
            ConditionDecl::Pass | ConditionDecl::PlayOn => continue,
            _ if g.ends => "`end when`",
            _ if !g.wins && !g.draw => "a goal that a player loses",
            ConditionDecl::Holds(any) => {
                let two = any.iter().flatten().any(|c| match &c.test {
                    TestDecl::Count { opponent, .. } => *opponent,
                    TestDecl::Past { .. } => true,
                    _ => false,
                });
                if !two {
                    continue;
                }
                "a condition about the opponent"
            }
            ConditionDecl::Reaches(..)
            | ConditionDecl::BorneOff
            | ConditionDecl::InARow { .. }
            | ConditionDecl::BoardFull
            | ConditionDecl::NoMove => continue,
            _ => "this goal",
        };
        note(Some(g.span), what);
    }
    found
}

/// E0533 for each statement of `d` a game of `players` players may not have.
pub fn check(d: &Decls, players: usize, diags: &mut Vec<Diagnostic>) {
    if players <= 2 {
        return;
    }
    for (span, what) in two_player_only(d) {
        diags.push(diag::two_players_only(span, what, players));
    }
}
