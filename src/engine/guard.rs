//! Rules that judge a move by the position it leaves: no piece of a kind
//! with `suicide forbidden` may be left caught by its trap, and under
//! `forbid returning to the previous position` (ko) no move but a pass may
//! leave the board as it stood before the opponent's last move. Such a move
//! is tried on a copy of the position; most are seen to be allowed without.

use super::*;
use std::sync::Arc;

/// The boards of a game before a position, newest first: a list shared by
/// the positions that follow one another (`forbid returning to any earlier
/// position`).
#[derive(Debug)]
pub struct Earlier {
    board: u64,
    before: Option<Arc<Earlier>>,
}

impl Earlier {
    /// The list with `board` in front of `before`.
    pub(super) fn after(board: u64, before: Option<Arc<Earlier>>) -> Arc<Earlier> {
        Arc::new(Earlier { board, before })
    }

    fn boards(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::successors(Some(self), |e| e.before.as_deref()).map(|e| e.board)
    }
}

impl Drop for Earlier {
    /// One at a time: a long game's list dropped by recursion could
    /// overflow the stack.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(e) = next {
            next = match Arc::try_unwrap(e) {
                Ok(mut alone) => alone.before.take(),
                Err(_) => None,
            };
        }
    }
}

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
    /// the opponent's, and only a capture could undo it), and the board it
    /// leaves is known without playing it, to look for among the earlier
    /// ones; with an empty point beside it, the piece is not enclosed.
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
        let free = dirs(sides).any(|d| {
            let s = board.step(m.to, d);
            s != NONE && pos.at(s) == 0 && !self.hostile_to(pos, s, pos.turn, kind)
        });
        if !free || !self.game.forbid_earlier {
            return free;
        }
        let before = self.board_hash(pos);
        let mut after = before ^ self.zobrist[m.to as usize * CELL_VALUES + cell(pos.turn, kind) as usize];
        if m.kind == MoveType::Plain {
            after ^= self.zobrist[m.from as usize * CELL_VALUES + pos.at(m.from) as usize];
        }
        after != before && !pos.earlier.as_ref().is_some_and(|e| e.boards().any(|b| b == after))
    }

    /// Keeps in `next` what the rules against returning look back at: the
    /// position before the move, or every board before it.
    pub(super) fn keep_looking_back(&self, pos: &Position, next: &mut Position) {
        if self.game.forbid_previous {
            next.previous = pos.hash;
        }
        if self.game.forbid_earlier {
            next.earlier = Some(Earlier::after(self.board_hash(pos), pos.earlier.clone()));
        }
    }

    /// The hash of the pieces on the board alone: the position's, without
    /// the side to move and the counts in hand.
    pub(super) fn board_hash(&self, pos: &Position) -> u64 {
        let mut h = pos.hash ^ self.zobrist_turns[pos.turn as usize];
        for (s, &n) in pos.hand.iter().enumerate() {
            if n != 0 && n != UNLIMITED {
                h ^= self.zobrist_hand[s * 100] ^ self.zobrist_hand[s * 100 + n as usize];
            }
        }
        h
    }

    /// Whether `next` brings back a board forbidden from `pos`: the one
    /// before the opponent's move, or any earlier one.
    fn returns(&self, pos: &Position, next: &Position) -> bool {
        if self.game.forbid_previous && pos.previous != 0 && next.hash == pos.previous {
            return true;
        }
        if self.game.forbid_earlier {
            let board = self.board_hash(next);
            return board == self.board_hash(pos)
                || pos.earlier.as_ref().is_some_and(|e| e.boards().any(|b| b == board));
        }
        false
    }

    /// Whether the move `m` from `pos`, which left `next`, is allowed.
    pub(super) fn allowed_after(&self, pos: &Position, m: &Move, next: &Position) -> bool {
        if self.returns(pos, next) {
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
        if self.returns(pos, &next) {
            return Some(if self.game.forbid_earlier {
                "it would leave the pieces on the board as they stood earlier in the game, which the rules forbid \
                 (superko)"
                    .to_string()
            } else {
                "it would leave the board as it stood before the opponent's last move, which the rules forbid (ko): \
                 play elsewhere first"
                    .to_string()
            });
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
