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
            let on = enter.on[me as usize];
            let landings = match enter.falling[me as usize] {
                Some(d) => self.falls(&on, empty, d),
                None => on.and(empty),
            };
            for to in landings.iter() {
                if self.no_stop[to as usize] & (1 << k) != 0 {
                    continue;
                }
                out.push(Move { kind: MoveType::Enter, to, distance: 1, becomes: k as KindId, ..Move::PASS });
            }
        }
    }

    /// Where pieces entered on the empty points of `on` come to rest falling
    /// in direction `d`: the empty points whose next point that way is off
    /// the board or taken, that some entry point falls to (each once).
    pub(super) fn falls(&self, on: &PointSet, empty: &PointSet, d: Dir) -> PointSet {
        let board = &self.game.board;
        let mut landings = PointSet::default();
        for l in empty.iter() {
            let below = board.step(l, d);
            if below != NONE && empty.contains(below) {
                continue;
            }
            // Up the column from the landing, through empty points, to an entry point.
            let mut q = l;
            while q != NONE && empty.contains(q) {
                if on.contains(q) {
                    landings.insert(l);
                    break;
                }
                q = board.step(q, opposite(d));
            }
        }
        landings
    }

    /// The lifts of the side to move: its pieces of kinds that may be lifted,
    /// from where the kind allows, when it allows.
    pub(super) fn lifts(&self, pos: &Position, empty: &PointSet, out: &mut Vec<Move>) {
        let me = pos.turn;
        let board = &self.game.board;
        let untouched = self.untouched(pos, me);
        for p in pos.occupied[me as usize].iter() {
            let kind = kind_of(pos.at(p));
            let Some(lift) = self.game.kinds[kind as usize].lift[me as usize] else { continue };
            if lift.first && !untouched {
                continue;
            }
            let allowed = match lift.on {
                Some(on) => on.contains(p),
                None => (0..8).any(|d| {
                    let q = board.step(p, d);
                    q != NONE && empty.contains(q)
                }),
            };
            if allowed {
                out.push(Move { kind: MoveType::Lift, from: p, distance: 1, becomes: kind, ..Move::PASS });
            }
        }
    }

    /// Whether the player still has every piece it started with (so has not
    /// moved yet, in a game whose first move is a lift).
    pub(super) fn untouched(&self, pos: &Position, player: PlayerId) -> bool {
        pos.pieces(player) as usize + self.held(pos, player, u16::MAX) == self.setup_count(player, u16::MAX)
    }

    /// How many pieces of the kinds in `kinds` the player holds in hand.
    pub(super) fn held(&self, pos: &Position, player: PlayerId, kinds: u16) -> usize {
        if !self.hands {
            return 0;
        }
        (0..self.game.kinds.len() as KindId)
            .filter(|&k| kinds & (1 << k) != 0)
            .map(|k| self.counted_in_hand(pos, player, k) as usize)
            .sum()
    }

    /// How many pieces of the kinds in `kinds` the player has at the start,
    /// on the board and in hand.
    pub(super) fn setup_count(&self, player: PlayerId, kinds: u16) -> usize {
        let counts = &self.setup_count[player as usize];
        (0..MAX_KINDS).filter(|&k| kinds & (1 << k) != 0).map(|k| counts[k] as usize).sum()
    }

    /// Whether pieces of `kind` wait on the board while the side to move
    /// still has some in hand (`enter ... before moving`).
    #[inline]
    pub(super) fn held_back(&self, pos: &Position, kind: KindId) -> bool {
        self.game.kinds[kind as usize].enter.is_some_and(|e| e.before_moving) && self.in_hand(pos, pos.turn, kind) > 0
    }
}
