//! Betza's notation for chess pieces, a second spelling of the vector
//! family: `betza NmWcF` in a piece block is read here into the same moves
//! the long form would give (`leap 1 2 or capture`, `step forward`, `take
//! diagonal-forward`), so both spellings run the same code.
//!
//! Atoms: W (1,0) F (1,1) D (2,0) N (1,2) A (2,2) H (3,0) C (1,3) Z (2,3)
//! G (3,3); K = WF, R = WW, B = FF, Q = WWFF. A doubled atom rides (NN, WW),
//! a number after it limits the ride (R4; 0 is no limit). Before an atom:
//! `m` moves only, `c` captures only, `f` `b` `s` `v` (`l` and `r` together)
//! choose directions relative to its player's forward (`ff` on a leap: the
//! two narrow forward forms), `n` makes a leap lame, `p` makes a slide a hop.

use super::args::Sp;
use super::decls::{MoveDecl, MoveKind};
use crate::diagnostics::{self as diag, Diagnostic};
use crate::game::Landing;
use crate::span::{Span, Spanned};

/// The atoms and what each is: a lattice offset, or a compound of atoms.
fn atom(letter: char) -> Option<&'static [(u64, u64, bool)]> {
    // (a, b, rides): an offset, and whether the letter itself rides (R, B, Q).
    Some(match letter {
        'W' => &[(1, 0, false)],
        'F' => &[(1, 1, false)],
        'D' => &[(2, 0, false)],
        'N' => &[(1, 2, false)],
        'A' => &[(2, 2, false)],
        'H' => &[(3, 0, false)],
        'C' => &[(1, 3, false)],
        'Z' => &[(2, 3, false)],
        'G' => &[(3, 3, false)],
        'K' => &[(1, 0, false), (1, 1, false)],
        'R' => &[(1, 0, true)],
        'B' => &[(1, 1, true)],
        'Q' => &[(1, 0, true), (1, 1, true)],
        _ => return None,
    })
}

/// The moves `word` spells, each with the word's span.
pub fn moves(word: &Sp<String>, stmt: Span) -> Result<Vec<MoveDecl>, Diagnostic> {
    let bad = |why: &str| diag::bad_betza(word.span, &word.value, why);
    let chars: Vec<char> = word.value.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mods_start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let mods: String = chars[mods_start..i].iter().collect();
        let Some(&letter) = chars.get(i) else { return Err(bad("modifiers must come before an atom")) };
        let Some(parts) = atom(letter) else {
            return Err(bad(&format!("`{letter}` is not an atom (W F D N A H C Z G, or K R B Q)")));
        };
        i += 1;
        let mut rides = false;
        let mut limit = None;
        if chars.get(i) == Some(&letter) {
            rides = true;
            i += 1;
        }
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > digits_start {
            let n: u64 = chars[digits_start..i].iter().collect::<String>().parse().map_err(|_| bad("a bad count"))?;
            rides = true;
            limit = (n > 0).then_some(n);
        }
        for &(a, b, letter_rides) in parts {
            out.extend(spell(&mods, (a, b), rides || letter_rides, limit, word.span, stmt).map_err(|why| bad(&why))?);
        }
    }
    Ok(out)
}

/// One atom with its modifiers, as long-form moves.
fn spell(
    mods: &str,
    (a, b): (u64, u64),
    rides: bool,
    limit: Option<u64>,
    span: Span,
    stmt: Span,
) -> Result<Vec<MoveDecl>, String> {
    if let Some(c) = mods.chars().find(|c| !"mcfbslrvnp".contains(*c)) {
        return Err(format!("`{c}` is not a modifier this spelling knows (m c f b s l r v n p)"));
    }
    let landing = match (mods.contains('m'), mods.contains('c')) {
        (true, false) => None,
        (false, true) => Some(Landing::Enemy),
        _ => Some(Landing::EmptyOrEnemy),
    };
    let decl = |kind: MoveKind, dirs: Vec<Sp<String>>| MoveDecl {
        kind,
        dirs,
        landing: landing.map(|l| Spanned::new(l, span)),
        en_passant: None,
        from: None,
        span: stmt,
    };
    if (a, b) == (1, 0) || (a, b) == (1, 1) {
        let (kind, dirs) = unit_move(mods, b == 1, rides, limit, span)?;
        return Ok(vec![decl(kind, dirs)]);
    }
    Ok(leaps(mods, (a, b), rides, limit, span)?.into_iter().map(|kind| decl(kind, Vec::new())).collect())
}

/// A move of one square at a time (W, F and their riders): a step, a slide
/// or a hop, and its directions.
fn unit_move(
    mods: &str,
    diagonal: bool,
    rides: bool,
    limit: Option<u64>,
    span: Span,
) -> Result<(MoveKind, Vec<Sp<String>>), String> {
    let has = |c: char| mods.contains(c);
    let word = |w: &str| Spanned::new(w.to_string(), span);
    let sideways = has('s') || (has('l') && has('r'));
    if !sideways && (has('l') || has('r')) {
        return Err("`l` or `r` alone: a piece's moves are the same on both sides here (write `s`)".into());
    }
    let mut dirs = Vec::new();
    if has('f') || has('v') {
        dirs.push(word(if diagonal { "diagonal-forward" } else { "forward" }));
    }
    if has('b') || has('v') {
        dirs.push(word(if diagonal { "diagonal-backward" } else { "backward" }));
    }
    if sideways {
        if diagonal {
            return Err("`s` on F or B: a diagonal is forward or backward (write `f` or `b`)".into());
        }
        dirs.push(word("sideways"));
    }
    if dirs.is_empty() {
        dirs.push(word(if diagonal { "diagonal" } else { "orthogonal" }));
    }
    let kind = match (rides, has('p')) {
        (true, true) => MoveKind::Hop,
        (true, false) => MoveKind::Slide(limit.map(|n| Spanned::new(n, span))),
        (false, true) => return Err("`p` (a hop) needs a slide: pR, pB, pQ".into()),
        (false, false) => MoveKind::Step,
    };
    Ok((kind, dirs))
}

/// A leap or a ride of a longer offset (N, A, D, NN...): one move a form,
/// all eight directions or those going forward (backward).
fn leaps(mods: &str, (a, b): (u64, u64), rides: bool, limit: Option<u64>, span: Span) -> Result<Vec<MoveKind>, String> {
    let has = |c: char| mods.contains(c);
    if has('p') || has('s') || has('l') || has('r') || has('v') {
        return Err("a leap takes only m, c, f, b and n here".into());
    }
    if rides && limit.is_some() {
        return Err("a leap rides without a limit (NN or N0)".into());
    }
    // Which forms: all eight, or those going forward (backward), narrow with `ff`.
    let facing = match (has('f'), has('b')) {
        (true, true) | (false, false) => None,
        (true, false) => Some("forward"),
        (false, true) => Some("backward"),
    };
    let narrow = mods.matches('f').count() > 1 || mods.matches('b').count() > 1;
    let offsets: Vec<(u64, u64)> = match facing {
        None => vec![(a, b)],
        // The long part forward first; the wide forms too unless narrow.
        Some(_) => {
            let (short, long) = (a.min(b), a.max(b));
            let mut forms = vec![(short, long)];
            if !narrow && short != long && short > 0 {
                forms.push((long, short));
            }
            forms
        }
    };
    Ok(offsets
        .into_iter()
        .map(|(x, y)| {
            let offset = (Spanned::new(x, span), Spanned::new(y, span));
            let facing = facing.map(|w| Spanned::new(w.to_string(), span));
            if rides {
                MoveKind::Ride { offset, facing }
            } else {
                MoveKind::Leap { offset, facing, lame: has('n').then_some(span) }
            }
        })
        .collect())
}
