//! Why a move is illegal, in words: the rule that forbids it.

use super::*;

/// The verdict on a typed ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Legal(Option<u8>, Move),
    Illegal { reason: String, legal: Vec<String> },
}

impl Engine {
    /// Says whether `text` is a legal ply at `pos` (with `roll` the die's value
    /// in a dice game, if the ply does not give its own) and, if not, why not.
    pub fn why(&self, pos: &Position, roll: Option<u8>, text: &str) -> Verdict {
        let text = text.trim();
        if let (Some(r), Some((typed, _))) = (roll, text.split_once(':')) {
            if typed.trim() != r.to_string() {
                let legal = self.move_list(pos, Some(r)).iter().map(|m| format!("{r}:{m}")).collect();
                return Verdict::Illegal { reason: format!("the roll is {r}, not {typed}"), legal };
            }
        }
        let with_roll = match (self.game.dice, roll) {
            (Some(_), Some(r)) if !text.contains(':') => format!("{r}:{text}"),
            _ => text.to_string(),
        };
        let err = match self.parse_ply(pos, &with_roll) {
            Ok((r, mv)) => return Verdict::Legal(r, mv),
            Err(e) => e,
        };
        let (roll, legal) = match &err {
            ParseMoveError::Illegal { roll, legal, .. } => (*roll, legal.clone()),
            other => return Verdict::Illegal { reason: other.to_string(), legal: Vec::new() },
        };
        let mv_text = with_roll.split_once(':').map_or(with_roll.as_str(), |(_, m)| m);
        let reason = self.reason(pos, roll, mv_text, &legal);
        Verdict::Illegal { reason, legal }
    }

    fn reason(&self, pos: &Position, roll: Option<u8>, text: &str, legal: &[String]) -> String {
        let g = &self.game;
        let labels = &g.board.labels;
        let me = pos.turn;
        if self.outcome(pos).is_some() {
            return "the game is over".into();
        }
        let strip = |m: &String| m.split_once(':').map_or(m.clone(), |(_, x)| x.to_string());
        let legal_moves: Vec<String> = legal.iter().map(strip).collect();
        if text == "pass" {
            return "a pass is legal only when the roll allows no move".into();
        }
        let from_label = text.split(['-', 'x']).next().unwrap_or("");
        let Some(from) = g.board.point(from_label) else { return format!("`{from_label}` is not a point") };
        let c = pos.at(from);
        if c == 0 {
            return format!("there is no piece on {from_label}");
        }
        if owner(c) != me {
            return format!(
                "the piece on {from_label} belongs to {}, and the player to move is {}",
                g.players[owner(c) as usize].name,
                g.players[me as usize].name
            );
        }
        let kind = &g.kinds[kind_of(c) as usize];
        // A capture that stops too early, or a capture sequence that is not the longest.
        if let Some(longer) = legal_moves.iter().find(|m| m.starts_with(&format!("{text}x"))) {
            return format!("the capture must go on while it can: {longer} continues it");
        }
        let all_captures = legal_moves.iter().all(|m| m.contains('x'));
        let is_capture = text.contains('x');
        if !is_capture && all_captures && g.jumps.compulsory && !legal_moves.is_empty() {
            return format!("capturing is compulsory, and captures exist: {}", legal_moves.join(" "));
        }
        if is_capture && g.jumps.majority {
            let taken = text.matches('x').count();
            if let Some(most) = legal_moves.iter().map(|m| m.matches('x').count()).max() {
                if most > taken {
                    return format!("the capture taking the most pieces is compulsory: {most} pieces, not {taken}");
                }
            }
        }
        // Under a die: would the move be legal with a higher roll?
        if let (Some(r), Some(d)) = (roll, g.dice) {
            let mut any = Vec::new();
            self.generate(pos, d.sides, &mut any);
            if let Some(m) = any.iter().find(|m| self.notation(m) == text) {
                return format!("the roll is {r}, and this move covers {} spaces", m.distance);
            }
        }
        // A plain move: check the destination's rules.
        if let Some((_, to_label)) = text.split_once('-') {
            if let Some(to) = g.board.point(to_label) {
                let bit = 1u16 << kind_of(c);
                if g.stops.iter().any(|s| s.region.contains(to) && s.allowed & bit == 0) {
                    let allowed: Vec<&str> = g
                        .stops
                        .iter()
                        .filter(|s| s.region.contains(to))
                        .flat_map(|s| g.kinds.iter().enumerate().filter(move |(i, _)| s.allowed & (1 << i) != 0))
                        .map(|(_, k)| k.name.as_str())
                        .collect();
                    return format!("only a {} may stop on {to_label}", crate::diagnostics::one_of(&allowed));
                }
                // Along which direction does it go, and is the way clear?
                let (fx, fy) = g.board.coords[from as usize];
                let (tx, ty) = g.board.coords[to as usize];
                if let Some(d) = direction_of(tx - fx, ty - fy) {
                    let mut q = g.board.step(from, d);
                    let mut distance = 1;
                    while q != NONE && q != to {
                        if pos.at(q) != 0 {
                            return format!(
                                "the way from {from_label} to {to_label} is blocked at {}",
                                labels[q as usize]
                            );
                        }
                        q = g.board.step(q, d);
                        distance += 1;
                    }
                    if q == NONE {
                        return format!("no straight line of the board leads from {from_label} to {to_label}");
                    }
                    if pos.at(to) != 0 {
                        return format!("{to_label} is occupied");
                    }
                    let m = &kind.moves;
                    let p = me as usize;
                    let dir = DIRECTION_NAMES[d as usize];
                    let steps = m.step[p] & (1 << d) != 0;
                    let slides = m.slide[p] & (1 << d) != 0;
                    if !steps && !slides {
                        return format!("a {} does not move towards {dir}", kind.name);
                    }
                    if !slides && distance > 1 {
                        return format!("a {} moves one space at a time", kind.name);
                    }
                    if let Some(limit) = m.slide_limit {
                        if distance > limit as usize {
                            return format!("a {} slides at most {limit} spaces", kind.name);
                        }
                    }
                }
            }
        }
        let mine: Vec<&String> = legal_moves.iter().filter(|m| m.starts_with(from_label)).collect();
        if mine.is_empty() {
            format!("the {} on {from_label} has no legal move", kind.name)
        } else {
            let list: Vec<&str> = mine.iter().map(|s| s.as_str()).collect();
            format!("no rule allows it; the {} on {from_label} can play {}", kind.name, list.join(" "))
        }
    }
}
