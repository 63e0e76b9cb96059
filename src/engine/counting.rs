//! Random playouts' fast path: count each piece's moves without making
//! them, pick one by number, and make only that piece's moves. It must agree
//! with [`Engine::moves`] move for move (tests/perft.rs checks the counts
//! over random games of every shipped game).

use super::*;

/// The moves of one piece, counted: captures by taking (one space onto an
/// enemy, as generated first), then its other moves.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counted {
    pub at: Point,
    pub takes: u32,
    pub others: u32,
}

impl Engine {
    /// Where no capture by moving but a take is open to the side, and on a
    /// board where slides are bit operations: each of the side's pieces'
    /// moves (distance at most `limit`), counted. None where only the full
    /// generation can tell what is legal.
    pub(super) fn count_by_piece(&self, pos: &Position, limit: u8, counts: &mut Vec<Counted>) -> Option<u32> {
        if !self.bit_slides || self.hands || self.lifts || self.tracks || self.exact_dice {
            return None;
        }
        if self.any_jumps && !self.takes_only && self.side_can_capture(pos) {
            return None; // the capture search decides what is legal
        }
        counts.clear();
        let me = pos.turn;
        let pl = me as usize;
        let occupied = pos.occupied[0].union(&pos.occupied[1]);
        let empty = self.all_points.minus(&occupied);
        let occupied_bits = occupied.low128();
        let (mut total, mut total_takes) = (0, 0);
        for p in pos.occupied[pl].iter() {
            let kind = kind_of(pos.at(p));
            let moves = &self.game.kinds[kind as usize].moves;
            let takes = if self.takes_only && moves.take[pl] != 0 {
                self.take_targets(pos, p, kind, me).len() as u32
            } else {
                0
            };
            let mut n = 0;
            if !(self.run_limits && self.run_exhausted(pos, p, kind)) {
                let mut stepped = 0u128;
                if limit >= 1 && moves.step[pl] != 0 {
                    let steps = self.step_targets(p, kind, me, &empty);
                    n += steps.len() as u32;
                    stepped = steps.low128();
                }
                if moves.slide[pl] != 0 {
                    let max = limit.min(moves.slide_limit.unwrap_or(u8::MAX));
                    n += (self.slide_targets(p, kind, pl, max, occupied_bits) & !stepped).count_ones();
                }
                if moves.leave[pl] != 0 {
                    n += self.leave_dirs(pos, p, kind, pl, limit).count_ones();
                }
            }
            if n + takes > 0 {
                counts.push(Counted { at: p, takes, others: n });
                total += n + takes;
                total_takes += takes;
            }
        }
        if total_takes > 0 && self.game.jumps.compulsory {
            // Only the takes are legal.
            counts.retain_mut(|c| {
                c.others = 0;
                c.takes > 0
            });
            return Some(total_takes);
        }
        Some(total)
    }

    /// The `k`-th move (in [`Engine::count_by_piece`]'s order) of the pieces counted.
    pub(super) fn nth_counted(
        &self,
        pos: &Position,
        limit: u8,
        counts: &[Counted],
        mut k: u32,
        out: &mut Vec<Move>,
    ) -> Move {
        let occupied = pos.occupied[0].union(&pos.occupied[1]);
        let empty = self.all_points.minus(&occupied);
        for c in counts {
            if k < c.takes + c.others {
                out.clear();
                if c.takes > 0 {
                    self.takes_of(pos, c.at, out);
                }
                if k >= c.takes {
                    self.piece_moves(pos, c.at, limit, &occupied, &empty, out);
                }
                return out[k as usize];
            }
            k -= c.takes + c.others;
        }
        unreachable!("k is below the total of the counts")
    }

    /// Whether any piece of the side to move has a capture by moving.
    pub(super) fn side_can_capture(&self, pos: &Position) -> bool {
        let me = pos.turn;
        pos.occupied[me as usize].iter().any(|p| self.can_capture(pos, p, kind_of(pos.at(p)), me))
    }

    /// The enemy pieces the piece on `p` can take (one space onto them).
    #[inline]
    pub(super) fn take_targets(&self, pos: &Position, p: Point, kind: KindId, me: PlayerId) -> PointSet {
        let mut t = self.take_to[self.table_index(kind, me, p)].and(&pos.occupied[1 - me as usize]);
        let prey = self.game.kinds[kind as usize].can_capture;
        if prey != u16::MAX && !t.is_empty() {
            for q in t.iter() {
                if prey & (1 << kind_of(pos.at(q))) == 0 {
                    t.remove(q);
                }
            }
        }
        t
    }
}
