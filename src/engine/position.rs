//! Position notation (docs/rules.md): `TURN:SIDE1:SIDE2`, each side its letter and
//! comma-separated pieces, a piece being its point preceded by its kind's
//! letter unless it is the first kind: `W:Wa1,c1,Kc5:Bd6,e7`. On a board that
//! numbers its points, square numbers may stand for labels (`W:W31,32:B18,K24`)
//! and a range of numbers for every square in it (`W:W31-50:B1-20`).

use super::*;

/// Why a position could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Shape(String),
    UnknownPlayer(String),
    UnknownPoint(String),
    UnknownKind(char),
    Occupied(String),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Shape(why) => {
                write!(f, "not a position: {why} (expected TURN:SIDE:SIDE, like `W:Wa1,c1,Kc5:Bd6,e7`)")
            }
            PositionError::UnknownPlayer(p) => write!(f, "`{p}` is not a player's letter"),
            PositionError::UnknownPoint(p) => write!(f, "`{p}` is not a point of the board"),
            PositionError::UnknownKind(k) => write!(f, "`{k}` is not a piece's letter"),
            PositionError::Occupied(p) => write!(f, "two pieces are on `{p}`"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Engine {
    /// Writes a position in notation.
    pub fn position_notation(&self, pos: &Position) -> String {
        self.position_notation_as(pos, false)
    }

    /// Writes a position in notation, with square numbers instead of labels
    /// when `numbers` is set and the board numbers its points (PDN FEN).
    pub fn position_notation_as(&self, pos: &Position, numbers: bool) -> String {
        let g = &self.game;
        let mut out = g.players[pos.turn as usize].letter.to_string();
        for (pi, player) in g.players.iter().enumerate() {
            out.push(':');
            out.push(player.letter);
            // (sort key, text): board order, or by square number as PDN lists them.
            let mut pieces: Vec<(usize, String)> = Vec::new();
            for p in 0..g.board.len() as Point {
                let c = pos.at(p);
                if c != 0 && owner(c) as usize == pi {
                    let k = kind_of(c);
                    let (key, label) = match (&g.board.numbers, numbers) {
                        (Some(n), true) => (n[p as usize] as usize, n[p as usize].to_string()),
                        _ => (p as usize, g.board.labels[p as usize].clone()),
                    };
                    let text = if k == 0 { label } else { format!("{}{label}", g.kinds[k as usize].letter) };
                    pieces.push((key, text));
                }
            }
            pieces.sort();
            let mut pieces: Vec<String> = pieces.into_iter().map(|(_, t)| t).collect();
            // Pieces in hand last: `@20`, or `K@2` for a kind other than the first.
            for (k, kind) in g.kinds.iter().enumerate() {
                let n = self.counted_in_hand(pos, pi as PlayerId, k as KindId);
                if n > 0 {
                    let letter = if k == 0 { String::new() } else { kind.letter.to_string() };
                    pieces.push(format!("{letter}@{n}"));
                }
            }
            out.push_str(&pieces.join(","));
        }
        out
    }

    /// Reads `@N` or `K@N`: N pieces of the kind in the player's hand.
    fn parse_hand(&self, pos: &mut Position, who: PlayerId, kind: &str, count: &str) -> Result<(), PositionError> {
        let k = match kind.chars().collect::<Vec<_>>().as_slice() {
            [] => 0,
            [c] => self.game.kinds.iter().position(|k| k.letter == *c).ok_or(PositionError::UnknownKind(*c))?,
            _ => return Err(PositionError::Shape(format!("`{kind}@{count}`: one kind letter before `@`"))),
        };
        let n: u8 = count
            .parse()
            .map_err(|_| PositionError::Shape(format!("`{kind}@{count}`: the count in hand is a number")))?;
        if self.unlimited(who, k as KindId) {
            return Err(PositionError::Shape(format!(
                "`{kind}@{count}`: this player's supply of {} is unlimited, so no count is written",
                self.game.kinds[k].name
            )));
        }
        if !self.set_hand(pos, who, k as KindId, n) {
            return Err(PositionError::Shape(format!(
                "`{kind}@{count}`: this player holds no {} in hand in this game (or too many)",
                self.game.kinds[k].name
            )));
        }
        Ok(())
    }

    /// Reads a position in notation.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let g = &self.game;
        let parts: Vec<&str> = text.trim().split(':').collect();
        if parts.len() != 1 + g.players.len() {
            return Err(PositionError::Shape(format!(
                "{} parts separated by `:`, not {}",
                1 + g.players.len(),
                parts.len()
            )));
        }
        let player = |s: &str| -> Result<PlayerId, PositionError> {
            let mut ch = s.chars();
            match (ch.next(), ch.next()) {
                (Some(c), None) => g.players.iter().position(|p| p.letter == c).map(|i| i as PlayerId),
                _ => None,
            }
            .ok_or_else(|| PositionError::UnknownPlayer(s.to_string()))
        };
        let turn = player(parts[0])?;
        let mut pos = self.empty_position(turn);
        let mut seen = [false; PLAYERS];
        for side in &parts[1..] {
            let letter = side.get(..1).ok_or_else(|| PositionError::Shape("a side is empty".into()))?;
            let who = player(letter)?;
            if std::mem::replace(&mut seen[who as usize], true) {
                return Err(PositionError::Shape(format!("the side `{letter}` is given twice")));
            }
            for piece in side[1..].split(',').map(str::trim).filter(|s| !s.is_empty()) {
                if let Some((kind, count)) = piece.split_once('@') {
                    self.parse_hand(&mut pos, who, kind, count)?;
                    continue;
                }
                let (kind, points) = self.parse_pieces(piece)?;
                for p in points {
                    if pos.at(p) != 0 {
                        // Named as it was typed: a label, or a square number.
                        let numbers = piece
                            .trim_start_matches(|c: char| c.is_ascii_uppercase())
                            .starts_with(|c: char| c.is_ascii_digit());
                        return Err(PositionError::Occupied(self.point_name(p, numbers)));
                    }
                    self.put(&mut pos, p, cell(who, kind));
                }
            }
        }
        // A position already past a counting goal (the fox facing three
        // geese) is over, as if the last move had made it so.
        if self.count_goals {
            pos.result = self.goal_count(&pos, 1 - pos.turn);
        }
        // So is one with a line or a full board that a goal asks for.
        if (self.line_goals || self.board_full_goal) && pos.result.is_none() {
            pos.result =
                self.goal_lines_anywhere(&pos, 1 - pos.turn).or_else(|| self.goal_lines_anywhere(&pos, pos.turn));
            if pos.result.is_none() {
                pos.result = self.goal_board_full(&pos, 1 - pos.turn);
            }
        }
        // So is one where a side has borne off every piece.
        if self.tracks && pos.result.is_none() {
            pos.result = self.goal_borne_off(&pos, 1 - pos.turn).or_else(|| self.goal_borne_off(&pos, pos.turn));
        }
        Ok(pos)
    }

    /// One comma-separated item of a side: a point (`c5`, or a square
    /// number), or on a numbered board a range of numbers (`31-50`), after
    /// the kind's letter unless it is the first kind.
    fn parse_pieces(&self, piece: &str) -> Result<(KindId, Vec<Point>), PositionError> {
        let g = &self.game;
        let (kind, label) = match g.board.point_or_number(piece) {
            Some(_) => (0, piece),
            None => {
                let first = piece.chars().next().expect("not empty");
                let rest = &piece[first.len_utf8()..];
                if !first.is_ascii_uppercase() {
                    (0, piece)
                } else {
                    let k = g.kinds.iter().position(|k| k.letter == first).ok_or(PositionError::UnknownKind(first))?;
                    (k as KindId, rest)
                }
            }
        };
        if let Some((a, b)) = label.split_once('-') {
            return Ok((kind, self.square_range(a, b)?));
        }
        let p = g.board.point_or_number(label).ok_or_else(|| PositionError::UnknownPoint(label.to_string()))?;
        Ok((kind, vec![p]))
    }

    /// Every square numbered from `a` to `b` (PDN `31-50`).
    fn square_range(&self, a: &str, b: &str) -> Result<Vec<Point>, PositionError> {
        let board = &self.game.board;
        let range = format!("{a}-{b}");
        let Some(numbers) = &board.numbers else {
            return Err(PositionError::Shape(format!(
                "`{range}`: ranges of squares need a board that numbers its points"
            )));
        };
        let number = |t: &str| -> Result<u16, PositionError> {
            t.parse::<u16>()
                .ok()
                .filter(|n| numbers.contains(n))
                .ok_or_else(|| PositionError::UnknownPoint(t.to_string()))
        };
        let (from, to) = (number(a)?, number(b)?);
        if from > to {
            return Err(PositionError::Shape(format!("the range `{range}` runs backwards")));
        }
        Ok((from..=to).filter_map(|n| board.point_or_number(&n.to_string())).collect())
    }
}
