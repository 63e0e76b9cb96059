//! Move notation (RULES.md): `c3-c4`, `b2xd4xb6`, `c5-off-w`, `pass`, and in
//! a dice game `4:d1-d3`.

use super::*;
use std::fmt::Write as _;

impl Engine {
    /// The move in notation, without the roll.
    pub fn notation(&self, mv: &Move) -> String {
        let labels = &self.game.board.labels;
        let mut s = String::new();
        match mv.kind {
            MoveType::Pass => s.push_str("pass"),
            MoveType::Plain => {
                let _ = write!(s, "{}-{}", labels[mv.from as usize], labels[mv.to as usize]);
            }
            MoveType::Leave => {
                let _ = write!(s, "{}-off-{}", labels[mv.from as usize], DIRECTION_NAMES[mv.dir as usize]);
            }
            MoveType::Jumps => {
                s.push_str(&labels[mv.from as usize]);
                for &p in mv.landings() {
                    s.push('x');
                    s.push_str(&labels[p as usize]);
                }
            }
        }
        s
    }

    /// A ply in notation: with its roll first in a dice game.
    pub fn ply_notation(&self, roll: Option<u8>, mv: &Move) -> String {
        match roll {
            Some(r) if self.game.dice.is_some() => format!("{r}:{}", self.notation(mv)),
            _ => self.notation(mv),
        }
    }

    /// The legal moves in notation, sorted in byte order.
    pub fn move_list(&self, pos: &Position, roll: Option<u8>) -> Result<Vec<String>, Limit> {
        let mut moves = Vec::new();
        self.moves(pos, roll, &mut moves)?;
        let mut out: Vec<String> = moves.iter().map(|m| self.notation(m)).collect();
        out.sort();
        Ok(out)
    }

    /// Reads a ply (`MOVE`, or `ROLL:MOVE` in a dice game) against the legal
    /// moves of `pos`. Returns the roll and the move.
    pub fn parse_ply(&self, pos: &Position, text: &str) -> Result<(Option<u8>, Move), ParseMoveError> {
        let text = text.trim();
        let (roll, mv_text) = match (self.game.dice, text.split_once(':')) {
            (Some(d), Some((r, m))) => match r.parse::<u8>() {
                Ok(r) if (1..=d.sides).contains(&r) => (Some(r), m),
                _ => return Err(ParseMoveError::BadRoll { text: text.to_string(), sides: d.sides }),
            },
            (Some(d), None) => return Err(ParseMoveError::MissingRoll { text: text.to_string(), sides: d.sides }),
            (None, Some(_)) => return Err(ParseMoveError::UnexpectedRoll { text: text.to_string() }),
            (None, None) => (None, text),
        };
        let numbered = self.labels_for_numbers(mv_text);
        let mv_text = numbered.as_str();
        self.check_shape(mv_text)?;
        let mut moves = Vec::new();
        self.moves(pos, roll, &mut moves).map_err(ParseMoveError::Limit)?;
        match moves.iter().find(|m| self.notation(m) == mv_text) {
            Some(m) => Ok((roll, *m)),
            None => {
                let mut legal: Vec<String> = moves.iter().map(|m| self.ply_notation(roll, m)).collect();
                legal.sort();
                Err(ParseMoveError::Illegal { text: text.to_string(), roll, legal })
            }
        }
    }

    /// On a board that numbers its points, `32-28` and `15x22` are read as the
    /// labels of those squares.
    fn labels_for_numbers(&self, text: &str) -> String {
        let Some(numbers) = &self.game.board.numbers else { return text.to_string() };
        let mut out = String::new();
        let mut token = String::new();
        let flush = |token: &mut String, out: &mut String| {
            let label = token
                .parse::<u16>()
                .ok()
                .and_then(|n| numbers.iter().position(|&m| m == n))
                .map(|p| self.game.board.labels[p].clone());
            out.push_str(label.as_deref().unwrap_or(token));
            token.clear();
        };
        for c in text.chars() {
            if c == '-' || c == 'x' {
                flush(&mut token, &mut out);
                out.push(c);
            } else {
                token.push(c);
            }
        }
        flush(&mut token, &mut out);
        out
    }

    /// Rejects text that is not a move at all (unknown points, bad shape),
    /// so that the message can say so rather than "illegal".
    fn check_shape(&self, text: &str) -> Result<(), ParseMoveError> {
        if text == "pass" {
            return Ok(());
        }
        let labels = &self.game.board.labels;
        let known = |l: &str| labels.iter().any(|x| x == l);
        let parts: Vec<&str> = if let Some((from, dir)) = text.split_once("-off-") {
            if !DIRECTION_NAMES.contains(&dir) {
                return Err(ParseMoveError::NotAMove {
                    text: text.to_string(),
                    why: format!("`{dir}` is not a direction"),
                });
            }
            vec![from]
        } else if text.contains('x') && !text.contains('-') {
            text.split('x').collect()
        } else {
            text.split('-').collect()
        };
        if parts.len() < 2 && !text.contains("-off-") {
            return Err(ParseMoveError::NotAMove {
                text: text.to_string(),
                why: "a move is FROM-TO, FROMxTOxTO..., FROM-off-DIR or pass".into(),
            });
        }
        for p in parts {
            if !known(p) {
                return Err(ParseMoveError::NotAMove {
                    text: text.to_string(),
                    why: format!("`{p}` is not a point of the board"),
                });
            }
        }
        Ok(())
    }
}

/// Why a typed ply was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    NotAMove {
        text: String,
        why: String,
    },
    MissingRoll {
        text: String,
        sides: u8,
    },
    BadRoll {
        text: String,
        sides: u8,
    },
    UnexpectedRoll {
        text: String,
    },
    Illegal {
        text: String,
        roll: Option<u8>,
        legal: Vec<String>,
    },
    /// The legal moves are not known in full: no verdict can be given.
    Limit(Limit),
}

impl std::fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseMoveError::NotAMove { text, why } => write!(f, "`{text}` is not a move: {why}"),
            ParseMoveError::MissingRoll { text, sides } => {
                write!(f, "`{text}` has no roll: in this dice game a ply is ROLL:MOVE, ROLL from 1 to {sides}")
            }
            ParseMoveError::BadRoll { text, sides } => {
                write!(f, "`{text}`: the roll must be a number from 1 to {sides}")
            }
            ParseMoveError::UnexpectedRoll { text } => {
                write!(f, "`{text}`: this game has no die, so a ply has no roll")
            }
            ParseMoveError::Illegal { text, legal, .. } if legal.is_empty() => {
                write!(f, "`{text}` is not legal: there is no legal move here")
            }
            ParseMoveError::Illegal { text, legal, .. } => {
                write!(f, "`{text}` is not legal here; the legal moves are: {}", legal.join(" "))
            }
            ParseMoveError::Limit(limit) => write!(f, "no verdict: {limit}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}
