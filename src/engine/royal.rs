//! Royal pieces (`royal`): no move may leave one of its side's royal pieces
//! attacked (check). A move is tried on a copy unless it surely cannot: a
//! move of another piece, while the royal piece is not attacked, from a point
//! on no straight line through it, where attacks pass along lines only.

use super::*;

impl Engine {
    /// The points of `who`'s royal pieces.
    pub(super) fn royals(&self, pos: &Position, who: PlayerId) -> impl Iterator<Item = Point> + '_ {
        let royal = self.royal_kinds;
        let cells = pos.cells;
        pos.occupied[who as usize].iter().filter(move |&p| royal & (1 << kind_of(cells[p as usize])) != 0)
    }

    /// A piece attacking one of `who`'s royal pieces, if any: (royal,
    /// attacker); under `forbid royal pieces facing each other`, an enemy
    /// royal piece on a straight line with nothing between counts as one.
    pub(super) fn check(&self, pos: &Position, who: PlayerId) -> Option<(Point, Point)> {
        self.royals(pos, who).find_map(|r| self.attacker(pos, r, 1 - who).or_else(|| self.facing(pos, r)).map(|a| (r, a)))
    }

    /// Under `forbid royal pieces facing each other`: an enemy royal piece
    /// the royal piece on `r` faces, along a straight line with nothing between.
    fn facing(&self, pos: &Position, r: Point) -> Option<Point> {
        if !self.game.forbid_facing {
            return None;
        }
        let me = owner(pos.at(r));
        (0..8).find_map(|d| {
            let q = *self.ray(r, d).iter().find(|&&q| pos.at(q) != 0)?;
            let c = pos.at(q);
            (owner(c) != me && self.royal_kinds & (1 << kind_of(c)) != 0).then_some(q)
        })
    }

    /// Whether `who` is in check.
    pub fn in_check(&self, pos: &Position, who: PlayerId) -> bool {
        self.royal_kinds != 0 && self.check(pos, who).is_some()
    }

    /// Removes the moves that leave the mover in check.
    pub(super) fn keep_safe(&self, pos: &Position, out: &mut Vec<Move>) {
        let me = pos.turn;
        let checked = self.check(pos, me).is_some();
        let royals: Vec<Point> = self.royals(pos, me).collect();
        let n = self.game.board.len();
        let mut next = pos.clone();
        out.retain(|m| {
            if m.kind == MoveType::Pass {
                return true;
            }
            let moves_royal = m.from != NONE && self.royal_kinds & (1 << kind_of(pos.at(m.from))) != 0;
            let passant = m.kind == MoveType::Jumps && m.taken[0] != m.to;
            if !checked && !moves_royal && !passant && self.quick_royal && m.from != NONE {
                let aligned = royals.iter().any(|&r| self.line_distance[r as usize * n + m.from as usize] != 0);
                if !aligned {
                    return true;
                }
            }
            self.play_into(pos, m, &mut next);
            self.check(&next, me).is_none()
        });
    }

    /// Why a move the pieces could make leaves its side in check, in words
    /// (None if it does not): for `why`.
    pub(super) fn check_verdict(&self, pos: &Position, m: &Move) -> Option<String> {
        if self.royal_kinds == 0 || m.kind == MoveType::Pass {
            return None;
        }
        let next = self.play_unchecked(pos, m);
        let (royal, by) = self.check(&next, pos.turn)?;
        if self.facing(&next, royal) == Some(by) && self.attacker(&next, royal, 1 - pos.turn).is_none() {
            let name = |p: Point| {
                let kind = &self.game.kinds[kind_of(next.at(p)) as usize].name;
                format!("the {kind} on {}", self.game.board.labels[p as usize])
            };
            return Some(format!(
                "{} would face {} with nothing between them, which the rules forbid",
                name(royal),
                name(by)
            ));
        }
        let name = |p: Point| {
            let kind = &self.game.kinds[kind_of(next.at(p)) as usize].name;
            format!("the {kind} on {}", self.game.board.labels[p as usize])
        };
        Some(format!(
            "{} would be attacked by {}, and it is royal: no move may leave it in check",
            name(royal),
            name(by)
        ))
    }
}
