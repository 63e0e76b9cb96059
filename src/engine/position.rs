//! Position notation (docs/rules.md): `TURN:SIDE1:SIDE2[:SIDE3...]`, each side its letter and
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
    /// FEN that could not be read.
    Fen(String),
    /// A position the rules could not reach.
    Unreachable(String),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Shape(why) => {
                write!(
                    f,
                    "not a position: {why} (expected TURN:SIDE:SIDE..., a side a player, like `W:Wa1,c1,Kc5:Bd6,e7`)"
                )
            }
            PositionError::UnknownPlayer(p) => write!(f, "`{p}` is not a player's letter"),
            PositionError::UnknownPoint(p) => write!(f, "`{p}` is not a point of the board"),
            PositionError::UnknownKind(k) => write!(f, "`{k}` is not a piece's letter"),
            PositionError::Occupied(p) => write!(f, "two pieces are on `{p}`"),
            PositionError::Fen(why) => write!(f, "not FEN: {why}"),
            PositionError::Unreachable(why) => write!(f, "a position no game could reach: {why}"),
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
        if self.sow.is_some() {
            return self.sow_notation(pos);
        }
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
                    let plain = k == self.plain_kind[pi];
                    let mut text = if plain { label } else { format!("{}{label}", g.kinds[k as usize].letter) };
                    let height = self.height(pos, p);
                    if height > 1 {
                        text.push_str(&format!("={height}")); // a stack
                    }
                    if pos.unmoved.contains(p) {
                        text.push('*'); // a piece that castles or is castled with, not moved yet
                    }
                    pieces.push((key, text));
                }
            }
            pieces.sort();
            let mut pieces: Vec<String> = pieces.into_iter().map(|(_, t)| t).collect();
            // Pieces in hand last: `@20`, or `K@2` for a kind other than the plain one.
            for (k, kind) in g.kinds.iter().enumerate() {
                let n = self.counted_in_hand(pos, pi as PlayerId, k as KindId);
                if n > 0 {
                    let plain = k as KindId == self.plain_kind[pi];
                    let letter = if plain { String::new() } else { kind.letter.to_string() };
                    pieces.push(format!("{letter}@{n}"));
                }
            }
            out.push_str(&pieces.join(","));
        }
        if pos.passed.0 != NONE {
            let passed = self.passed_points(pos.passed.0, pos.passed.1);
            let labels: Vec<&str> = passed.iter().map(|&q| g.board.labels[q as usize].as_str()).collect();
            out.push_str(&format!(":en passant {}", labels.join(" ")));
        }
        out.push_str(&self.state_parts(pos));
        out
    }

    /// What the rules remember beyond the pieces, where it matters: plies
    /// without progress (`:quiet 12`), a piece's run of moves that captured
    /// nothing (`:run a4 3`, its owner the piece's), passes in a row just
    /// made (`:passes 1`), the move that would bring back the position
    /// before the opponent's last move, which the rules forbid (`:ko @e5`).
    fn state_parts(&self, pos: &Position) -> String {
        let mut out = String::new();
        if self.goals.no_progress.is_some() && pos.quiet > 0 {
            out.push_str(&format!(":quiet {}", pos.quiet));
        }
        if self.goals.streak.is_some() && pos.streak.iter().any(|&n| n > 0) {
            let counts: Vec<String> = (0..self.players as usize)
                .filter(|&pl| pos.streak[pl] > 0)
                .map(|pl| format!("{}{}", self.game.players[pl].letter, pos.streak[pl]))
                .collect();
            out.push_str(&format!(":streak {}", counts.join(" ")));
        }
        for (pl, run) in pos.run.iter().enumerate() {
            let held = run.at != NONE && pos.at(run.at) != 0 && owner(pos.at(run.at)) as usize == pl;
            if self.run_limits && held && run.count > 0 {
                out.push_str(&format!(":run {} {}", self.game.board.labels[run.at as usize], run.count));
            }
        }
        if self.goals.pass_at_will && pos.passes > 0 {
            out.push_str(&format!(":passes {}", pos.passes));
        }
        if let Some(back) = self.move_back(pos) {
            out.push_str(&format!(":ko {}", self.notation(&back)));
        }
        // Where a capture takes a piece for good, what is off the board and
        // out of hand is not all borne off.
        if self.race.tracks && !self.game.return_to_hand && pos.borne_off.iter().any(|&n| n > 0) {
            let counts: Vec<String> = (0..self.players as usize)
                .filter(|&pl| pos.borne_off[pl] > 0)
                .map(|pl| format!("{}{}", self.game.players[pl].letter, pos.borne_off[pl]))
                .collect();
            out.push_str(&format!(":borne off {}", counts.join(" ")));
        }
        out.push_str(&self.places_part(pos));
        out
    }

    /// Under `forbid returning to the previous position`, the move that
    /// would return to it, if any.
    fn move_back(&self, pos: &Position) -> Option<Move> {
        if !self.game.forbid_previous || pos.previous == 0 || pos.result.is_some() {
            return None;
        }
        let mut free = pos.clone();
        free.previous = 0;
        let mut moves = Vec::new();
        self.moves(&free, None, &mut moves).ok()?;
        moves.into_iter().find(|m| m.kind != MoveType::Pass && self.play_unchecked(&free, m).hash == pos.previous)
    }

    /// A player's letter and a count (`W3`), in the part `part` of a position.
    fn player_count(&self, part: &str, text: &str) -> Result<(usize, u16), PositionError> {
        let bad = || PositionError::Shape(format!("`{part}`: a player's letter and a count, like `W3`"));
        let mut chars = text.chars();
        let letter = chars.next().unwrap_or(' ');
        let who = self.game.players.iter().position(|p| p.letter == letter).ok_or_else(bad)?;
        Ok((who, chars.as_str().parse::<u16>().map_err(|_| bad())?))
    }

    /// Reads one of [`Engine::state_parts`] (or `en passant`; it and `ko`
    /// need the whole position first: returned); false if `part` is none of them.
    fn parse_state_part<'a>(
        &self,
        pos: &mut Position,
        part: &'a str,
        (passant, back): (&mut Option<&'a str>, &mut Option<&'a str>),
    ) -> Result<bool, PositionError> {
        let part = part.trim();
        let (word, rest) = part.split_once(' ').unwrap_or((part, ""));
        let number = |text: &str, what: &str| {
            text.trim().parse::<u16>().map_err(|_| PositionError::Shape(format!("`{part}`: {what} is a number")))
        };
        // Each part only where the game has its rule.
        let (has_rule, rule) = match word {
            "quiet" => (self.goals.no_progress.is_some(), "moves without progress"),
            "run" => (self.run_limits, "moves in a row"),
            "streak" => (self.goals.streak.is_some(), "moves in a row by heading"),
            "passes" => (self.goals.pass_at_will, "passing at any time"),
            "ko" => (self.game.forbid_previous, "returning to the previous position"),
            "borne" => (self.race.tracks && !self.game.return_to_hand, "bearing off with captures for good"),
            "places" => (self.ranked, "playing on for places"),
            _ => (true, ""),
        };
        if !has_rule {
            return Err(PositionError::Shape(format!("`{part}`: this game has no rule on {rule}")));
        }
        match word {
            "en" if rest.starts_with("passant") => *passant = Some(rest["passant".len()..].trim()),
            "quiet" => pos.quiet = number(rest, "the count of plies without progress")?,
            "passes" => pos.passes = number(rest, "the count of passes")?.min(2) as u8,
            "ko" => *back = Some(rest.trim()),
            "places" => self.parse_places(pos, part, rest)?,
            "streak" => {
                for count in rest.split_whitespace() {
                    let (who, n) = self.player_count(part, count)?;
                    pos.streak[who] = n.min(u8::MAX as u16) as u8;
                }
            }
            "borne" if rest.starts_with("off") => {
                for count in rest["off".len()..].split_whitespace() {
                    let (who, n) = self.player_count(part, count)?;
                    self.set_borne_off(pos, who as PlayerId, n.min(u8::MAX as u16) as u8);
                }
            }
            "run" => {
                let (at, count) = rest.trim().split_once(' ').unwrap_or((rest, ""));
                let p = self.game.board.point(at).ok_or_else(|| PositionError::UnknownPoint(at.to_string()))?;
                if pos.at(p) == 0 {
                    return Err(PositionError::Shape(format!("`{part}`: no piece stands on {at}")));
                }
                let count = number(count, "the length of the run")?.min(u8::MAX as u16) as u8;
                pos.run[owner(pos.at(p)) as usize] = Run { at: p, count };
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Reads `@N` or `K@N`: N pieces of the kind in the player's hand.
    fn parse_hand(&self, pos: &mut Position, who: PlayerId, kind: &str, count: &str) -> Result<(), PositionError> {
        let k = match kind.chars().collect::<Vec<_>>().as_slice() {
            [] => self.plain_kind[who as usize] as usize,
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
        if text.contains('/') {
            return self.parse_fen(text);
        }
        let mut parts: Vec<&str> = text.trim().split(':').collect();
        // The state after the sides: read once the pieces stand.
        let state = parts.split_off(parts.len().min(1 + g.players.len()));
        if parts.len() != 1 + g.players.len() {
            return Err(PositionError::Shape(format!(
                "the turn and a side for each of the {} players make {} parts separated by `:`, not {}",
                g.players.len(),
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
        if self.sow.is_some() {
            if let Some(extra) = state.first() {
                return Err(PositionError::Shape(format!("a sowing game's position has no `:{extra}`")));
            }
            let mut sides = [""; MAX_PLAYERS];
            for side in &parts[1..] {
                let who = player(side.get(..1).ok_or_else(|| PositionError::Shape("a side is empty".into()))?)?;
                if !std::mem::replace(&mut sides[who as usize], side).is_empty() {
                    return Err(PositionError::Shape(format!("the side `{}` is given twice", &side[..1])));
                }
            }
            self.sow_sides(&mut pos, &sides[..self.players as usize])?;
            pos.result = self.sow_goal(&pos, 1 - turn);
            return Ok(pos);
        }
        let mut seen = [false; MAX_PLAYERS];
        for side in &parts[1..] {
            let letter = side.get(..1).ok_or_else(|| PositionError::Shape("a side is empty".into()))?;
            let who = player(letter)?;
            if std::mem::replace(&mut seen[who as usize], true) {
                return Err(PositionError::Shape(format!("the side `{letter}` is given twice")));
            }
            self.place_side(&mut pos, who, &side[1..])?;
        }
        let (mut passant, mut back) = (None, None);
        for part in &state {
            if !self.parse_state_part(&mut pos, part, (&mut passant, &mut back))? {
                return Err(PositionError::Shape(format!(
                    "`{}`: after the sides come only `en passant`, `quiet`, `run`, `passes`, `ko`, `borne off` and `places`",
                    part.trim()
                )));
            }
        }
        if self.race.tracks && self.game.return_to_hand {
            // Every piece not on the board nor in hand has been borne off.
            for pl in 0..self.players {
                let here = self.pieces_left(&pos, pl, self.every_kind, true) as u16;
                let off = self.pieces_at_start(pl).saturating_sub(here).min(u8::MAX as u16) as u8;
                self.set_borne_off(&mut pos, pl, off);
            }
        }
        if let Some(points) = passant {
            let first = points.split_whitespace().next().unwrap_or("");
            let q = g.board.point(first).ok_or_else(|| PositionError::UnknownPoint(first.to_string()))?;
            self.set_passed_over(&mut pos, q)?;
        }
        if let Some(text) = back {
            let (_, m) = self
                .parse_ply(&pos, text)
                .map_err(|e| PositionError::Shape(format!("`ko {text}`: not a move here ({e})")))?;
            pos.previous = self.play_unchecked(&pos, &m).hash;
        }
        self.settle(pos)
    }

    /// Places one side's pieces (`pieces`: the side's text after its
    /// letter): points, stacks, pieces in hand, unmoved castlers.
    fn place_side(&self, pos: &mut Position, who: PlayerId, pieces: &str) -> Result<(), PositionError> {
        let g = &self.game;
        for piece in pieces.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (piece, unmoved) = match piece.strip_suffix('*') {
                Some(bare) => (bare, true),
                None => (piece, false),
            };
            if let Some((kind, count)) = piece.split_once('@') {
                self.parse_hand(pos, who, kind, count)?;
                continue;
            }
            let (piece, height) = self.stack_height(piece)?;
            let (kind, points) = self.parse_pieces(piece, self.plain_kind[who as usize])?;
            for p in points {
                if pos.at(p) != 0 {
                    // Named as it was typed: a label, or a square number.
                    let numbers = piece
                        .trim_start_matches(|c: char| c.is_ascii_uppercase())
                        .starts_with(|c: char| c.is_ascii_digit());
                    return Err(PositionError::Occupied(self.point_name(p, numbers)));
                }
                self.put_stack(pos, p, cell(who, kind), height);
                if unmoved {
                    if self.vt.castlers & (1 << kind) == 0 {
                        return Err(PositionError::Shape(format!(
                            "`{piece}*`: `*` marks a piece that castles or is castled with and has not moved, \
                             and a {} does neither",
                            g.kinds[kind as usize].name
                        )));
                    }
                    self.set_unmoved(pos, p);
                }
            }
        }
        Ok(())
    }

    /// `a2=5`: a piece's text and the height of its stack (1 without `=N`),
    /// where pieces stack.
    fn stack_height<'t>(&self, piece: &'t str) -> Result<(&'t str, u8), PositionError> {
        Ok(match piece.split_once('=') {
            Some((bare, n)) if self.game.stacks.is_some() => {
                let limit = self.game.stacks.unwrap_or(1);
                match n.parse::<u8>() {
                    Ok(h) if (1..=limit).contains(&h) => (bare, h),
                    _ => {
                        return Err(PositionError::Shape(format!(
                            "`{piece}`: a stack's height is a number from 1 to {limit}"
                        )))
                    }
                }
            }
            Some(_) => {
                return Err(PositionError::Shape(format!(
                    "`{piece}`: `=N` is a stack's height, and pieces do not stack in this game"
                )))
            }
            None => (piece, 1),
        })
    }

    /// A position read from notation (rulebook's or FEN), refused if the
    /// rules could not reach it, and over if a goal already holds in it.
    pub(super) fn settle(&self, mut pos: Position) -> Result<Position, PositionError> {
        self.check_setup(&pos)?;
        if self.ranked {
            return self.settle_ranked(pos);
        }
        let mover = self.previous_player(pos.turn);
        // A piece standing on its goal, or one gone that only the last move
        // could have taken or moved off: the game ended with that move.
        pos.result = self.goal_reached_before(&pos, mover).or_else(|| self.goal_gone_before(&pos, mover));
        if self.goals.position_goals && pos.result.is_none() {
            pos.result = self.goal_position(&pos, mover);
        }
        // A position already past a counting goal (the fox facing three
        // geese) is over, as if the last move had made it so.
        if self.goals.count_goals && pos.result.is_none() {
            pos.result = self.goal_state(&pos, mover);
        }
        // So is one with a line or a full board that a goal asks for.
        if (self.goals.line_goals || self.goals.board_full_goal) && pos.result.is_none() {
            pos.result = self.goal_lines_anywhere(&pos, mover).or_else(|| self.goal_lines_anywhere(&pos, pos.turn));
            if pos.result.is_none() {
                pos.result = self.goal_board_full(&pos, mover);
            }
        }
        // So is one where a side has borne off every piece.
        if self.race.tracks && pos.result.is_none() {
            pos.result = self.goal_borne_off(&pos, mover).or_else(|| self.goal_borne_off(&pos, pos.turn));
        }
        // Two passes in a row, or the plies without progress the rule allows.
        if self.goals.pass_at_will && pos.passes >= 2 && pos.result.is_none() {
            pos.result = Some(self.scored_end(&pos));
        }
        if pos.result.is_none() {
            pos.result = self.no_progress_reached(&pos, mover).or_else(|| self.streak_reached(&pos));
        }
        Ok(pos)
    }

    /// A `reaches` goal that a piece of `mover`'s stands on.
    pub(super) fn goal_reached_before(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        pos.occupied[mover as usize].iter().find_map(|p| self.goal_reach(mover, kind_of(pos.at(p)), p))
    }

    /// A `captured` or `escapes` goal on a kind whose pieces neither
    /// promote, nor change sides, nor come from nowhere, when a side has
    /// fewer of them than it started with: taken by `mover`'s last move, or
    /// moved off the board by it.
    fn goal_gone_before(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        let fewer = |x: PlayerId, k: KindId| {
            self.kind_count_only_falls(k)
                && self.pieces_left(pos, x, 1 << k, false) < self.setup_count[x as usize][k as usize] as usize
        };
        // (`captured` goals are for two players: the other is the victim.)
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::Captured(k) if fewer(1 - mover, k) => self.goal_capture(mover, 1 << k),
            Condition::Escapes(k) if fewer(mover, k) => self.goal_escape(mover, k),
            _ => None,
        })
    }

    /// Whether a player's count of the kind changes only by losing pieces
    /// (no promotion into or out of it, no change of sides, no arrows shot,
    /// no unlimited supply).
    fn kind_count_only_falls(&self, k: KindId) -> bool {
        let g = &self.game;
        let kind = &g.kinds[k as usize];
        !g.change_sides
            && kind.promotion.is_none()
            && !g.kinds.iter().any(|o| o.promotion_choices().any(|c| c == k) || o.shoot.is_some_and(|s| s.0 == k))
            && !g.custodial.as_ref().is_some_and(|c| c.convert)
            && (0..self.players).all(|pl| !self.unlimited(pl, k))
    }

    /// The points strictly between `from` and `to` on their straight line.
    pub(super) fn passed_points(&self, from: Point, to: Point) -> Vec<Point> {
        (0..8)
            .find_map(|d| {
                let ray = self.ray(from, d);
                ray.iter().position(|&r| r == to).map(|i| ray[..i].to_vec())
            })
            .unwrap_or_default()
    }

    /// Sets that the last move (by the side not to move) passed over `q`,
    /// so that a piece may take on it en passant: the piece that passed
    /// stands just beyond `q` in its player's forward direction.
    pub(super) fn set_passed_over(&self, pos: &mut Position, q: Point) -> Result<(), PositionError> {
        let mover = self.previous_player(pos.turn);
        let forward = self.game.players[mover as usize].forward;
        let board = &self.game.board;
        let (to, from) = (board.step(q, forward), board.step(q, opposite(forward)));
        let label = &board.labels[q as usize];
        let ok = to != NONE
            && from != NONE
            && pos.at(from) == 0
            && pos.at(to) != 0
            && owner(pos.at(to)) == mover
            && self.vt.passable[kind_of(pos.at(to)) as usize];
        if !ok {
            return Err(PositionError::Shape(format!(
                "en passant on `{label}`: no piece that may be taken so has just passed over it"
            )));
        }
        // Kept only where an enemy could take it, as a move would keep it.
        if self.en_passant_taker(pos, q, kind_of(pos.at(to)), pos.turn) {
            self.set_passed(pos, from, to);
        }
        Ok(())
    }

    /// Refuses a position the rules could not reach: the side that has just
    /// moved in check.
    pub(super) fn check_setup(&self, pos: &Position) -> Result<(), PositionError> {
        if let Some((royal, by)) = self.check(pos, self.previous_player(pos.turn)) {
            let labels = &self.game.board.labels;
            return Err(PositionError::Unreachable(format!(
                "the royal piece on {} is attacked by the piece on {} while its side is not to move",
                labels[royal as usize], labels[by as usize]
            )));
        }
        Ok(())
    }

    /// One comma-separated item of a side: a point (`c5`, or a square
    /// number), or on a numbered board a range of numbers (`31-50`), after
    /// the kind's letter unless it is the side's `plain` kind.
    fn parse_pieces(&self, piece: &str, plain: KindId) -> Result<(KindId, Vec<Point>), PositionError> {
        let g = &self.game;
        let (kind, label) = match g.board.point_or_number(piece) {
            Some(_) => (plain, piece),
            None => {
                let first = piece.chars().next().expect("not empty");
                let rest = &piece[first.len_utf8()..];
                if !first.is_ascii_uppercase() {
                    (plain, piece)
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
