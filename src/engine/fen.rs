//! FEN, the position notation of chess and its relatives, for boards that
//! are full rectangles: ranks from the top, each from the left, a letter a
//! piece (the kind's, capital for the first player, small for the second),
//! a number for a run of empty points; then the side to move (`w` or `b`,
//! or its player's letter, small, where the second declared moves first),
//! castling rights (`KQkq`: the outermost partner on the king's right or
//! left; a file's letter for another), the point passed over en passant,
//! the plies without progress and the move number. A kind that
//! only a promotion makes is written `+` and the letter of the kind it came
//! from (shogi's `+P`); pieces in hand follow the board in brackets
//! (`[Pp]`, `[]` for none), as Fairy-Stockfish writes them.

use super::*;

impl Engine {
    /// Whether FEN can describe this game's positions: a full rectangle of
    /// points, two players, no unlimited supply nor track.
    pub fn has_fen(&self) -> bool {
        let b = &self.game.board;
        b.len() as i32 == b.width * b.height
            && !self.hands.any_unlimited
            && !self.race.tracks
            && self.sow.is_none()
            && self.game.players.len() == 2
    }

    /// A kind's letters in FEN, capital: `+` and its base's for a kind only
    /// a promotion makes.
    fn fen_letter(&self, kind: KindId) -> String {
        let k = &self.game.kinds[kind as usize];
        match k.base {
            b if b != kind => format!("+{}", self.game.kinds[b as usize].letter),
            _ => k.letter.to_string(),
        }
    }

    /// The pieces in hand, in brackets: the first player's capital.
    fn hand_field(&self, pos: &Position) -> String {
        let mut out = String::from("[");
        for pl in 0..self.players {
            for kind in 0..self.game.kinds.len() as KindId {
                let letter = self.fen_letter(kind);
                let letter = if pl == 0 { letter } else { letter.to_ascii_lowercase() };
                out.push_str(&letter.repeat(self.in_hand(pos, pl, kind) as usize));
            }
        }
        out.push(']');
        out
    }

    /// The position in FEN (None where [`Engine::has_fen`] is false).
    pub fn fen(&self, pos: &Position) -> Option<String> {
        if !self.has_fen() {
            return None;
        }
        let b = &self.game.board;
        let mut ranks = Vec::new();
        for y in (0..b.height).rev() {
            let mut rank = String::new();
            let mut empty = 0;
            for x in 0..b.width {
                let c = pos.at(self.vt.lattice[(y * b.width + x) as usize]);
                if c == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    rank.push_str(&empty.to_string());
                    empty = 0;
                }
                let letter = self.fen_letter(kind_of(c));
                rank.push_str(&if owner(c) == 0 { letter } else { letter.to_ascii_lowercase() });
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            ranks.push(rank);
        }
        // `w` and `b`, as every FEN reader expects, where the first player is
        // the first declared; the player's letter where that would misread
        // (a player whose letter is W or B, as Go's black moving first).
        let letters_read_as_sides = self.game.players.iter().any(|p| matches!(p.letter, 'W' | 'B'));
        let side = match (self.game.first, pos.turn) {
            (0, 0) if !letters_read_as_sides => 'w',
            (0, _) if !letters_read_as_sides => 'b',
            (_, t) => self.game.players[t as usize].letter.to_ascii_lowercase(),
        };
        let passed = match pos.passed {
            (NONE, _) => "-".to_string(),
            (from, to) => self.passed_points(from, to).first().map_or("-".into(), |&q| b.labels[q as usize].clone()),
        };
        let full = pos.ply / 2 + 1;
        let hand = if self.hands.any { self.hand_field(pos) } else { String::new() };
        Some(format!("{}{hand} {side} {} {passed} {} {full}", ranks.join("/"), self.castling_field(pos), pos.quiet))
    }

    /// The castling rights: per player, each unmoved partner of an unmoved
    /// castling piece on its line sideways.
    fn castling_field(&self, pos: &Position) -> String {
        let mut out = String::new();
        for pl in 0..self.players {
            for (right, _) in self.castling_rights(pos, pl) {
                out.push(if pl == 0 { right } else { right.to_ascii_lowercase() });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// A player's castling rights as FEN letters (capital), with the partner's point.
    fn castling_rights(&self, pos: &Position, pl: PlayerId) -> Vec<(char, Point)> {
        let mut rights = Vec::new();
        let forward = self.game.players[pl as usize].forward;
        for king in pos.unmoved.iter().filter(|&p| owner(pos.at(p)) == pl) {
            let Some(partner) = self.game.kinds[kind_of(pos.at(king)) as usize].castle else { continue };
            // East of the king is the king's side (K), west the queen's (Q).
            for (d, letter) in [(2u8, 'K'), (6u8, 'Q')] {
                if d == forward || d == opposite(forward) {
                    continue;
                }
                let ray = self.ray(king, d);
                let partners: Vec<Point> = ray.iter().copied().filter(|&q| pos.at(q) == cell(pl, partner)).collect();
                for &q in partners.iter().filter(|&&q| pos.unmoved.contains(q)) {
                    let outermost = partners.last() == Some(&q);
                    let file = (b'A' + self.game.board.coords[q as usize].0 as u8) as char;
                    rights.push((if outermost { letter } else { file }, q));
                }
            }
        }
        rights.sort_by_key(|&(c, _)| (c != 'K', c != 'Q', c));
        rights
    }

    /// Reads a position in FEN.
    pub fn parse_fen(&self, text: &str) -> Result<Position, PositionError> {
        let bad = PositionError::Fen;
        if !self.has_fen() {
            return Err(bad("this board is not a full rectangle of points (or a supply or track holds pieces)".into()));
        }
        let g = &self.game;
        let b = &g.board;
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(bad("the pieces, then the side to move, castling, en passant, plies and move number".into()));
        }
        // The player's letter, or chess's `w` and `b` for the first and second.
        let turn = g
            .players
            .iter()
            .position(|p| fields[1].eq_ignore_ascii_case(&p.letter.to_string()))
            .or_else(|| ["w", "b"].iter().position(|&c| c == fields[1]).filter(|_| g.first == 0))
            .ok_or_else(|| bad(format!("`{}` is not a player's letter", fields[1])))? as PlayerId;
        let mut pos = self.empty_position(turn);
        let (board, hand) = match fields[0].split_once('[') {
            Some((board, hand)) => {
                (board, Some(hand.strip_suffix(']').ok_or_else(|| bad("a `[` without `]`".into()))?))
            }
            None => (fields[0], None),
        };
        if let Some(hand) = hand {
            self.read_hand(&mut pos, hand)?;
        }
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != b.height as usize {
            return Err(bad(format!("{} ranks, not {}", b.height, ranks.len())));
        }
        for (i, rank) in ranks.iter().enumerate() {
            let y = b.height - 1 - i as i32;
            let mut x = 0;
            let mut chars = rank.chars().peekable();
            while let Some(mut c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as i32;
                    while let Some(more) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = (n * 10 + more as i32).min(1000); // past any board's width
                        chars.next();
                    }
                    x += n;
                    continue;
                }
                let promoted = c == '+';
                if promoted {
                    c = chars.next().ok_or_else(|| bad(format!("`+` ends rank {}", y + 1)))?;
                }
                let who = if c.is_ascii_uppercase() { 0 } else { 1 };
                let kind = self.fen_kind(c, promoted)?;
                if x >= b.width {
                    return Err(bad(format!("rank {} has more than {} points", y + 1, b.width)));
                }
                self.put(&mut pos, self.vt.lattice[(y * b.width + x) as usize], cell(who, kind as KindId));
                x += 1;
            }
            if x != b.width {
                return Err(bad(format!("`{rank}` covers {x} points of a rank of {}", b.width)));
            }
        }
        if let Some(&rights) = fields.get(2).filter(|&&f| f != "-") {
            for c in rights.chars() {
                self.set_castling_right(&mut pos, c).map_err(bad)?;
            }
        }
        if let Some(&passed) = fields.get(3).filter(|&&f| f != "-") {
            let q = b.point(passed).ok_or_else(|| PositionError::UnknownPoint(passed.to_string()))?;
            self.set_passed_over(&mut pos, q)?;
        }
        if let Some(&plies) = fields.get(4) {
            pos.quiet = plies.parse().map_err(|_| bad(format!("`{plies}` plies without progress is not a number")))?;
        }
        if let Some(&full) = fields.get(5) {
            let n: u32 = full.parse().map_err(|_| bad(format!("`{full}` is not a move number")))?;
            pos.ply = n.saturating_sub(1) * 2 + u32::from(turn != g.first);
        }
        self.settle(pos)
    }

    /// The kind of a FEN letter (`promoted`: after a `+`).
    fn fen_kind(&self, c: char, promoted: bool) -> Result<KindId, PositionError> {
        let kinds = &self.game.kinds;
        let upper = c.to_ascii_uppercase();
        let found = if promoted {
            (0..kinds.len()).find(|&k| kinds[k].base as usize != k && kinds[kinds[k].base as usize].letter == upper)
        } else {
            kinds.iter().position(|k| k.letter == upper)
        };
        found.map(|k| k as KindId).ok_or(PositionError::UnknownKind(c))
    }

    /// The pieces in hand, as FEN's brackets hold them (`-` for none).
    fn read_hand(&self, pos: &mut Position, text: &str) -> Result<(), PositionError> {
        let mut chars = text.chars().filter(|&c| c != '-').peekable();
        while let Some(mut c) = chars.next() {
            let mut count = 1;
            if let Some(d) = c.to_digit(10) {
                count = d as u8;
                c = chars.next().ok_or_else(|| PositionError::Fen(format!("`{text}`: a count with no piece")))?;
            }
            let promoted = c == '+';
            if promoted {
                c = chars.next().ok_or_else(|| PositionError::Fen(format!("`{text}` ends with `+`")))?;
            }
            let who = if c.is_ascii_uppercase() { 0 } else { 1 };
            let kind = self.fen_kind(c, promoted)?;
            let n = self.in_hand(pos, who, kind).saturating_add(count);
            if !self.set_hand(pos, who, kind, n) {
                return Err(PositionError::Fen(format!("`{c}` cannot be held in hand in this game")));
            }
        }
        Ok(())
    }

    /// One letter of the castling field: `K`/`Q` (the outermost partner to
    /// the king's east or west), or a file's letter; capital for the first player.
    fn set_castling_right(&self, pos: &mut Position, c: char) -> Result<(), String> {
        let pl: PlayerId = if c.is_ascii_uppercase() { 0 } else { 1 };
        let upper = c.to_ascii_uppercase();
        let castler =
            pos.occupied[pl as usize].iter().find(|&p| self.game.kinds[kind_of(pos.at(p)) as usize].castle.is_some());
        let Some(king) = castler else {
            return Err(format!("castling `{c}`, but that side has no piece that castles"));
        };
        let partner = self.game.kinds[kind_of(pos.at(king)) as usize].castle.expect("a castler");
        let (kx, ky) = self.game.board.coords[king as usize];
        let on_rank: Vec<Point> = pos.occupied[pl as usize]
            .iter()
            .filter(|&q| pos.at(q) == cell(pl, partner) && self.game.board.coords[q as usize].1 == ky)
            .collect();
        let x = |q: Point| self.game.board.coords[q as usize].0;
        let rook = match upper {
            'K' => on_rank.iter().copied().filter(|&q| x(q) > kx).max_by_key(|&q| x(q)),
            'Q' => on_rank.iter().copied().filter(|&q| x(q) < kx).min_by_key(|&q| x(q)),
            f if f.is_ascii_uppercase() => on_rank.iter().copied().find(|&q| x(q) == (f as u8 - b'A') as i32),
            _ => None,
        };
        let Some(rook) = rook else {
            return Err(format!("castling `{c}`, but no {} stands there", self.game.kinds[partner as usize].name));
        };
        self.set_unmoved(pos, king);
        self.set_unmoved(pos, rook);
        Ok(())
    }
}
