//! Pieces in hand: entering them onto empty points (`enter`), and holding
//! back the pieces on the board while some wait in hand (`before moving`).

use super::*;

impl Engine {
    /// The entries of the side to move: each kind it has in hand, onto each
    /// empty point where the kind may enter.
    pub(super) fn entries(&self, pos: &Position, empty: &PointSet, out: &mut Vec<Move>) {
        let me = pos.turn;
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let Some(enter) = &kind.enter else { continue };
            if self.in_hand(pos, me, k as KindId) == 0 {
                continue;
            }
            for to in enter.on[me as usize].and(empty).iter() {
                if self.no_stop[to as usize] & (1 << k) != 0 {
                    continue;
                }
                out.push(Move { kind: MoveType::Enter, to, distance: 1, becomes: k as KindId, ..Move::PASS });
            }
        }
    }

    /// Whether pieces of `kind` wait on the board while the side to move
    /// still has some in hand (`enter ... before moving`).
    #[inline]
    pub(super) fn held_back(&self, pos: &Position, kind: KindId) -> bool {
        self.game.kinds[kind as usize].enter.is_some_and(|e| e.before_moving) && self.in_hand(pos, pos.turn, kind) > 0
    }
}
