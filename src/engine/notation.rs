//! Move notation (docs/rules.md): `c3-c4`, `b2xd4xb6`, `c5-off-w`, `pass`, and in
//! a dice game `4:d1-d3`.

use super::*;
use std::fmt::Write as _;

impl Engine {
    /// The move in notation, without the roll.
    pub fn notation(&self, mv: &Move) -> String {
        self.notation_as(mv, false)
    }

    /// The move in notation, with square numbers instead of labels when
    /// `numbers` is set and the board numbers its points (PDN: `32-28`).
    pub fn notation_as(&self, mv: &Move, numbers: bool) -> String {
        // Each point written straight into the text: no string a point.
        let name = |s: &mut String, p: Point| self.write_point(s, p, numbers);
        let mut s = String::with_capacity(16);
        match mv.kind {
            MoveType::Pass => s.push_str("pass"),
            MoveType::Sow => name(&mut s, mv.from),
            MoveType::Lift => {
                s.push('x');
                name(&mut s, mv.from);
            }
            MoveType::Enter => {
                // `@c3`, or `K@c3` for a kind other than the first.
                if mv.becomes != 0 {
                    s.push(self.game.kinds[mv.becomes as usize].letter);
                }
                s.push('@');
                name(&mut s, mv.to);
            }
            MoveType::Plain | MoveType::Castle => {
                name(&mut s, mv.from);
                s.push('-');
                name(&mut s, mv.to);
            }
            MoveType::Turn => self.write_turn(&mut s, mv, numbers),
            MoveType::Leave => {
                name(&mut s, mv.from);
                s.push_str("-off-");
                s.push_str(DIRECTION_NAMES[mv.dir as usize]);
            }
            MoveType::BearOff => {
                name(&mut s, mv.from);
                s.push_str("-off");
            }
            MoveType::Jumps => self.write_jumps(&mut s, mv, numbers),
        }
        // A promotion with a choice: the kind chosen (`e7-e8=Q`).
        if mv.chose_kind() {
            let _ = write!(s, "={}", self.game.kinds[mv.becomes as usize].letter);
        }
        // Then a shot (`d1-d7/g7`).
        if let Some(shot) = mv.shot() {
            s.push('/');
            name(&mut s, shot);
        }
        // A row made: the enemy piece it removes (`a1-a4xd7`, `@a4xd7`).
        if matches!(mv.kind, MoveType::Plain | MoveType::Enter) && mv.ntaken > 0 {
            s.push('x');
            name(&mut s, mv.taken[0]);
        }
        s
    }

    /// A turn of two dice: its steps in the order played (`a2-e1,@c1,h1-off`).
    fn write_turn(&self, s: &mut String, mv: &Move, numbers: bool) {
        let name = |s: &mut String, p: Point| self.write_point(s, p, numbers);
        for (i, (from, to)) in Engine::turn_steps(mv).enumerate() {
            if i > 0 {
                s.push(',');
            }
            match (from, to) {
                (NONE, to) => {
                    if mv.taken[i] != 0 {
                        s.push(self.game.kinds[mv.taken[i] as usize].letter);
                    }
                    s.push('@');
                    name(s, to);
                }
                (from, NONE) => {
                    name(s, from);
                    s.push_str("-off");
                }
                (from, to) => {
                    name(s, from);
                    s.push('-');
                    name(s, to);
                }
            }
        }
    }

    /// A capture sequence: a leap is `x` and its landing; a capture by
    /// approach or withdrawal is a step, `-` and its landing marked A or W.
    fn write_jumps(&self, s: &mut String, mv: &Move, numbers: bool) {
        let name = |s: &mut String, p: Point| self.write_point(s, p, numbers);
        let take = mv.len == 1 && mv.taken[0] == mv.to;
        let mut prev = mv.from;
        for (i, &p) in mv.landings().iter().enumerate() {
            if i == 0 {
                name(s, mv.from);
            }
            let step = self.line_captures && !take && self.adjacent(prev, p);
            s.push(if step { '-' } else { 'x' });
            name(s, p);
            if step {
                s.push(if mv.withdrew(i) { 'W' } else { 'A' });
            }
            prev = p;
        }
    }

    /// A landing written with its capture mark (`e3A`, `e3W`): the point's
    /// label without it. None for anything else, a label ending in A or W included.
    pub(super) fn without_capture_mark<'t>(&self, part: &'t str) -> Option<&'t str> {
        let labels = &self.game.board.labels;
        let bare = part.strip_suffix(['A', 'W'])?;
        (labels.iter().any(|l| l == bare) && !labels.iter().any(|l| l == part)).then_some(bare)
    }

    /// Whether `q` is next to `p` along a line of the board.
    fn adjacent(&self, p: Point, q: Point) -> bool {
        (0..8).any(|d| self.game.board.step(p, d) == q)
    }

    /// A point's label, or its square number when `numbers` is set and the
    /// board numbers its points.
    pub fn point_name(&self, p: Point, numbers: bool) -> String {
        let mut s = String::new();
        self.write_point(&mut s, p, numbers);
        s
    }

    /// [`Engine::point_name`], written at the end of `s`.
    fn write_point(&self, s: &mut String, p: Point, numbers: bool) {
        match (&self.game.board.numbers, numbers) {
            (Some(n), true) => {
                let _ = write!(s, "{}", n[p as usize]);
            }
            _ => s.push_str(&self.game.board.labels[p as usize]),
        }
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
        self.move_list_as(pos, roll, false)
    }

    /// The legal moves in notation, sorted in byte order; or in square
    /// numbers when `numbers` is set and the board numbers its points,
    /// sorted by number (`9-13` before `10-14`).
    pub fn move_list_as(&self, pos: &Position, roll: Option<u8>, numbers: bool) -> Result<Vec<String>, Limit> {
        let mut moves = Vec::new();
        self.moves(pos, roll, &mut moves)?;
        let mut out: Vec<String> = moves.iter().map(|m| self.notation_as(m, numbers)).collect();
        if numbers && self.game.board.numbers.is_some() {
            sort_by_numbers(&mut out);
        } else {
            out.sort();
        }
        Ok(out)
    }

    /// Reads a ply (`MOVE`, or `ROLL:MOVE` in a dice game) against the legal
    /// moves of `pos`. Returns the roll and the move.
    pub fn parse_ply(&self, pos: &Position, text: &str) -> Result<(Option<u8>, Move), ParseMoveError> {
        let text = text.trim();
        let (roll, mv_text) = match (self.game.dice, text.split_once(':')) {
            (Some(d), Some((r, m))) => match r.parse::<u8>() {
                Ok(r) if d.can_roll(r) => (Some(r), m),
                _ => return Err(ParseMoveError::BadRoll { text: text.to_string(), dice: d }),
            },
            (Some(d), None) => return Err(ParseMoveError::MissingRoll { text: text.to_string(), dice: d }),
            (None, Some(_)) => return Err(ParseMoveError::UnexpectedRoll { text: text.to_string() }),
            (None, None) => (None, text),
        };
        let labelled = self.labels_for_numbers(mv_text);
        // Errors quote the move as it was typed, numbers and all.
        self.check_shape(&labelled).map_err(|e| match e {
            ParseMoveError::NotAMove { why, .. } => ParseMoveError::NotAMove { text: mv_text.to_string(), why },
            other => other,
        })?;
        let mv_text = labelled.as_str();
        let mut moves = Vec::new();
        self.moves(pos, roll, &mut moves).map_err(ParseMoveError::Limit)?;
        // A turn's steps may be written in another order, or another way to
        // the same position: the turn that leaves the position they leave.
        let same =
            |m: &Move| self.notation(m) == mv_text || m.kind == MoveType::Turn && self.same_turn(pos, m, mv_text);
        match moves.iter().find(|m| same(m)) {
            Some(m) => Ok((roll, *m)),
            None => {
                let mut legal: Vec<String> = moves.iter().map(|m| self.ply_notation(roll, m)).collect();
                legal.sort();
                Err(ParseMoveError::Illegal { text: text.to_string(), roll, legal })
            }
        }
    }

    /// Whether `text` (a move) names its first point by a square number, on a
    /// board that numbers its points: replies then name squares the same way.
    pub fn typed_in_numbers(&self, text: &str) -> bool {
        let first = text.split(['-', 'x']).next().unwrap_or("");
        self.game.board.numbers.is_some() && first.parse::<u16>().is_ok()
    }

    /// A move or point in label notation (`b6xd4`), in square numbers when
    /// `numbers` is set and the board numbers its points (`9x18`). Anything
    /// that is not a label is left as it is.
    pub fn as_typed(&self, text: &str, numbers: bool) -> String {
        let board = &self.game.board;
        if !numbers || board.numbers.is_none() {
            return text.to_string();
        }
        let (roll, mv) = match text.split_once(':') {
            Some((r, m)) => (Some(r), m),
            None => (None, text),
        };
        let mut out: String = roll.map(|r| format!("{r}:")).unwrap_or_default();
        out.push_str(&each_point(mv, |token| match board.point(token) {
            Some(p) => self.point_name(p, true),
            None => token.to_string(),
        }));
        out
    }

    /// On a board that numbers its points, `32-28` and `15x22` are read as the
    /// labels of those squares.
    pub fn labels_for_numbers(&self, text: &str) -> String {
        let Some(numbers) = &self.game.board.numbers else { return text.to_string() };
        each_point(text, |token| {
            token
                .parse::<u16>()
                .ok()
                .and_then(|n| numbers.iter().position(|&m| m == n))
                .map_or_else(|| token.to_string(), |p| self.game.board.labels[p].clone())
        })
    }

    /// Rejects text that is not a move at all (unknown points, bad shape),
    /// so that the message can say so rather than "illegal".
    fn check_shape(&self, text: &str) -> Result<(), ParseMoveError> {
        if text == "pass" {
            return Ok(());
        }
        if self.dice.pair && text.contains(',') {
            // A turn: its steps, each a move.
            return text.split(',').try_for_each(|step| self.check_shape(step));
        }
        let labels = &self.game.board.labels;
        let known = |l: &str| labels.iter().any(|x| x == l);
        // A sowing is the pit sown.
        if self.sow.is_some() {
            return match known(text) {
                true => Ok(()),
                false => Err(ParseMoveError::NotAMove {
                    text: text.to_string(),
                    why: "a sowing is written as the pit sown, like `c1`".into(),
                }),
            };
        }
        let text = self.without_suffixes(text)?;
        if let Some(from) = text.strip_prefix('x').or_else(|| text.strip_suffix("-off")) {
            if known(from) {
                return Ok(());
            }
        }
        if let Some((kind, to)) = text.split_once('@') {
            let kind_ok = kind.is_empty() || self.game.kinds.iter().any(|k| k.letter.to_string() == kind);
            if kind_ok && known(to) {
                return Ok(());
            }
            return Err(ParseMoveError::NotAMove {
                text: text.to_string(),
                why: "a piece enters as @POINT, or KIND@POINT for a kind other than the first".into(),
            });
        }
        if text.contains(',') {
            return Err(ParseMoveError::NotAMove {
                text: text.to_string(),
                why: "steps joined by `,` make a turn only where two dice are used separately".into(),
            });
        }
        self.check_path(text)
    }

    /// `text` without what may follow a move: a promotion's `=LETTER`, a
    /// shot's `/POINT`, a row's removal `xPOINT`.
    fn without_suffixes<'t>(&self, text: &'t str) -> Result<&'t str, ParseMoveError> {
        let known = |l: &str| self.game.board.labels.iter().any(|x| x == l);
        // A promotion with a choice ends `=LETTER`.
        let text = match text.rsplit_once('=') {
            Some((before, letter)) if self.game.kinds.iter().any(|k| k.letter.to_string() == letter) => before,
            Some((_, letter)) => {
                return Err(ParseMoveError::NotAMove {
                    text: text.to_string(),
                    why: format!("`={letter}`: a promotion names the kind by its letter, and `{letter}` is none"),
                })
            }
            None => text,
        };
        // A move that then shoots ends `/POINT`.
        let text = match text.rsplit_once('/') {
            Some((before, shot)) if known(shot) => before,
            _ => text,
        };
        // Where rows remove a piece, a step or entry may end `xPOINT`.
        let text = match (self.game.mill, text.rsplit_once('x')) {
            (Some(_), Some((before, removed))) if known(removed) && !before.is_empty() && !before.contains('x') => {
                before
            }
            _ => text,
        };
        Ok(text)
    }

    /// A move's points, FROM-TO, FROMxTOxTO... or FROM-off-DIR: each one of the board.
    fn check_path(&self, text: &str) -> Result<(), ParseMoveError> {
        let known = |l: &str| self.game.board.labels.iter().any(|x| x == l);
        let parts: Vec<&str> = if let Some((from, dir)) = text.split_once("-off-") {
            if !DIRECTION_NAMES.contains(&dir) {
                return Err(ParseMoveError::NotAMove {
                    text: text.to_string(),
                    why: format!("`{dir}` is not a direction"),
                });
            }
            vec![from]
        } else {
            // Leaps are joined by `x`, steps by `-`; a capture by approach or
            // withdrawal marks its landing A or W.
            text.split(['x', '-']).map(|p| self.without_capture_mark(p).unwrap_or(p)).collect()
        };
        if parts.len() < 2 && !text.contains("-off-") {
            return Err(ParseMoveError::NotAMove {
                text: text.to_string(),
                why: "a move is FROM-TO, FROMxTOxTO..., FROM-off-DIR or pass".into(),
            });
        }
        for p in parts {
            if !known(p) {
                let why = match (&self.game.board.numbers, p.parse::<u16>()) {
                    (Some(n), Ok(_)) => {
                        format!("`{p}` is not a square of the board (squares are numbered 1 to {})", n.len())
                    }
                    _ => format!("`{p}` is not a point of the board"),
                };
                return Err(ParseMoveError::NotAMove { text: text.to_string(), why });
            }
        }
        Ok(())
    }
}

/// Sorts moves written in square numbers by their numbers, square by
/// square (`9-13` before `10-14`), where byte order would not.
pub fn sort_by_numbers(moves: &mut [String]) {
    let key = |m: &String| -> Vec<u32> { m.split(['-', 'x', ':']).map(|t| t.parse().unwrap_or(u32::MAX)).collect() };
    moves.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.cmp(b)));
}

/// `text` with each point of a move (the parts between `-` and `x`)
/// rewritten by `f`.
fn each_point(text: &str, f: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut token = String::new();
    for c in text.chars() {
        if c == '-' || c == 'x' {
            out.push_str(&f(&token));
            token.clear();
            out.push(c);
        } else {
            token.push(c);
        }
    }
    out.push_str(&f(&token));
    out
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
        dice: Dice,
    },
    BadRoll {
        text: String,
        dice: Dice,
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
            ParseMoveError::MissingRoll { text, dice } => {
                write!(f, "`{text}` has no roll: in this dice game a ply is ROLL:MOVE, ROLL {}", dice.roll_words())
            }
            ParseMoveError::BadRoll { text, dice } => {
                let number = if dice.pair { "" } else { "a number " };
                write!(f, "`{text}`: the roll must be {number}{}", dice.roll_words())
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
