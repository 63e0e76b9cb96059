//! Stacks (`pieces stack`): a point holds several pieces of one side
//! (Backgammon's points). The point's own cell holds the piece, as in any
//! game, so every rule that asks who stands where sees one piece; how many
//! more stand under it is kept in the cells past the board (`cells[points +
//! p]`), copied and hashed with the position.

use super::*;

impl Engine {
    /// How many pieces stand on `p` (0 where it is empty).
    #[inline]
    pub fn height(&self, pos: &Position, p: Point) -> u8 {
        match pos.at(p) {
            0 => 0,
            _ if self.game.stacks.is_none() => 1,
            _ => 1 + pos.cells[self.game.board.len() + p as usize],
        }
    }

    /// Sets how many pieces beyond the first stand on `p`, in the hash.
    fn set_extra(&self, pos: &mut Position, p: Point, extra: u8) {
        let at = self.game.board.len() + p as usize;
        let keys = &self.keys.stack[p as usize * 256..];
        pos.hash ^= keys[pos.cells[at] as usize] ^ keys[extra as usize];
        pos.cells[at] = extra;
    }

    /// Takes one piece off `p`: the top of a stack, or the only piece.
    pub(super) fn lift_one(&self, pos: &mut Position, p: Point) {
        match self.height(pos, p) {
            0 => {}
            1 => self.put(pos, p, 0),
            h => self.set_extra(pos, p, h - 2),
        }
        // (Without stacks every height is 0 or 1.)
    }

    /// Puts a piece `c` on `p`: on top of its side's stack there, or alone
    /// on an empty point (the caller has taken any enemy).
    pub(super) fn land_one(&self, pos: &mut Position, p: Point, c: Cell) {
        match self.height(pos, p) {
            h if h == 0 || self.game.stacks.is_none() => self.put(pos, p, c),
            h => self.set_extra(pos, p, h),
        }
    }

    /// Sets a whole stack on `p` (a position being set up): `n` pieces `c`.
    pub(super) fn put_stack(&self, pos: &mut Position, p: Point, c: Cell, n: u8) {
        if self.game.stacks.is_none() {
            return self.put(pos, p, if n == 0 { 0 } else { c });
        }
        if self.height(pos, p) > 0 {
            self.set_extra(pos, p, 0);
        }
        self.put(pos, p, if n == 0 { 0 } else { c });
        if n > 1 {
            self.set_extra(pos, p, n - 1);
        }
    }

    /// Whether a piece may be added to a stack of `height` of its own side.
    #[inline]
    pub(super) fn room_on_stack(&self, height: u8) -> bool {
        self.game.stacks.is_some_and(|limit| height < limit)
    }
}
