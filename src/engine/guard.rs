//! Rules that judge a move by the position it leaves: no piece of a kind
//! with `suicide forbidden` may be left caught by its trap, and under
//! `forbid returning to the previous position` (ko) no move but a pass may
//! leave the board as it stood before the opponent's last move. Such a move
//! is tried on a copy of the position; most are seen to be allowed without.

use super::*;

impl Engine {
    /// Removes the moves the guards forbid.
    pub(super) fn keep_allowed(&self, pos: &Position, out: &mut Vec<Move>) {
        let mut next = pos.clone();
        out.retain(|m| {
            if m.kind == MoveType::Pass || self.surely_allowed(pos, m) {
                return true;
            }
            self.play_into(pos, m, &mut next);
            self.allowed_after(pos, m, &next)
        });
    }

    /// Whether `m` is allowed without trying it: a step or entry that lands
    /// next to no enemy captures nothing, so it cannot bring back the board
    /// of before the opponent's move (that move placed or moved a piece of
    /// the opponent's, and only a capture could undo it); and with an empty
    /// point beside it, the piece is not enclosed.
    #[inline]
    fn surely_allowed(&self, pos: &Position, m: &Move) -> bool {
        let Some(sides) = self.quick_liberty else { return false };
        if !matches!(m.kind, MoveType::Plain | MoveType::Enter) || m.shot().is_some() || m.ntaken > 0 {
            return false;
        }
        let enemy = &pos.occupied[1 - pos.turn as usize];
        if self.adjacent[m.to as usize].meets(enemy) {
            return false;
        }
        let board = &self.game.board;
        let kind = m.becomes;
        dirs(sides).any(|d| {
            let s = board.step(m.to, d);
            s != NONE && pos.at(s) == 0 && !self.hostile_to(pos, s, pos.turn, kind)
        })
    }

    /// Whether the move `m` from `pos`, which left `next`, is allowed.
    pub(super) fn allowed_after(&self, pos: &Position, m: &Move, next: &Position) -> bool {
        if self.game.forbid_previous && pos.previous != 0 && next.hash == pos.previous {
            return false;
        }
        let c = next.at(m.to);
        if m.to == NONE || c == 0 || owner(c) != pos.turn {
            return true;
        }
        !self.game.traps.iter().any(|t| t.suicide_forbidden && t.kind == kind_of(c) && self.caught(next, m.to, None, t))
    }

    /// Why a move the pieces could make is forbidden by a guard, in words
    /// (None if it is not): for `why`.
    pub(super) fn guard_verdict(&self, pos: &Position, m: &Move) -> Option<String> {
        if !self.guarded || m.kind == MoveType::Pass {
            return None;
        }
        let next = self.play_unchecked(pos, m);
        if self.allowed_after(pos, m, &next) {
            return None;
        }
        let at = &self.game.board.labels[m.to as usize];
        if self.game.forbid_previous && pos.previous != 0 && next.hash == pos.previous {
            return Some(
                "it would leave the board as it stood before the opponent's last move, which the rules forbid (ko): \
                 play elsewhere first"
                    .to_string(),
            );
        }
        let kind = &self.game.kinds[kind_of(next.at(m.to)) as usize].name;
        Some(format!(
            "the {kind} on {at} would be caught at once (its group would have no empty point beside it), and \
             suicide is forbidden"
        ))
    }
}

impl Engine {
    /// `suicide allowed`: the piece the move left on `q`, if its trap now
    /// catches it, is taken (with its group, for a group without liberty).
    pub(super) fn suicide(&self, next: &mut Position, q: Point) {
        let c = next.at(q);
        let Some(trap) = self.game.traps.iter().find(|t| t.suicide_taken && t.kind == kind_of(c)) else {
            return;
        };
        if !self.caught(next, q, None, trap) {
            return;
        }
        let mut group = PointSet::default();
        if trap.enclosed == Some(ANY_FRIENDS) {
            self.group_enclosed(next, q, trap, &mut group);
        } else {
            group.insert(q);
        }
        for g in group.iter() {
            if kind_of(next.at(g)) == trap.kind {
                self.put(next, g, 0);
            }
        }
    }
}
