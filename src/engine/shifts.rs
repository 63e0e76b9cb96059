//! Point sets as bits, stepped a direction at a time: where every link in
//! a direction joins points one of a few fixed index offsets apart (a
//! lattice, with a few longer or bent lines like Alquerque's triangles or
//! draughts' dark squares), a step of every piece of a kind at once is a few
//! masked shifts. Playouts count moves this way and find the pieces that
//! may capture (see `counting.rs`, `movegen.rs`).

use super::*;

/// At most this many offsets per direction (a lattice with a few longer
/// or bent lines, like Alquerque's triangles or draughts' dark squares).
const MAX_SHIFT_GROUPS: usize = 4;

/// Where every link in a direction joins points one of a few fixed index
/// offsets apart (the board has at most 128 points): a step in that
/// direction is a few shifts of the point bits, each masked to the points
/// its links lead to.
#[derive(Clone, Debug)]
pub(crate) struct Shifts {
    /// Per direction, its offsets: the points the links with it lead to,
    /// and the offset itself (an unused group has no points).
    groups: [[Shift; MAX_SHIFT_GROUPS]; 8],
    /// The most groups any direction has: the steps loop that many times,
    /// unrolled, with no test of how many each direction uses.
    most: usize,
    /// The board fits in 64 bits: a step is a rotation of a u64, one
    /// instruction (a bit that wraps round lands off the mask).
    narrow: bool,
    /// Every offset is less than 64 either way: a step of 128 bits is a
    /// double-word shift with no test of whether the amount passes a word.
    short: bool,
    /// The same steps on the board's lattice, where that needs fewer offsets
    /// a direction ([`Spread`]).
    lattice: Option<Box<LatticeShifts>>,
}

/// The steps of a board whose points, numbered rank by rank, sit on a
/// lattice of at most 64 cells: numbered so, rows of different lengths
/// (Alquerque's triangles, draughts' dark squares, a cross) join by
/// several offsets a direction, where on the lattice most directions have
/// one. A point's bit is deposited on its cell (PDEP) and gathered back
/// (PEXT): the points in order are the lattice's marked cells in order.
#[derive(Clone, Debug)]
pub(crate) struct LatticeShifts {
    /// The cells that are points.
    cells: u64,
    groups: [[Shift; MAX_SHIFT_GROUPS]; 8],
    most: usize,
}

#[derive(Clone, Copy, Debug, Default)]
struct Shift {
    /// The points a link with this offset leads to. A shift is one-to-one,
    /// so masking what it lands on keeps the same bits as masking what it
    /// starts from with the links' other ends; and a loop that also masks
    /// each step with a fixed set masks once with both (`step_within`).
    to: u128,
    offset: i16,
    /// The offset as a left rotation of 64 bits.
    rot: u32,
}

impl Shifts {
    /// The shifts of `board`, if it has at most 128 points, every link is
    /// met from both ends (one back in the opposite direction), and no
    /// direction needs more than [`MAX_SHIFT_GROUPS`] offsets.
    pub(super) fn of(board: &Board) -> Option<Shifts> {
        if board.len() > 128 {
            return None;
        }
        let (groups, most) = groups_of(board, |p| p as u32)?;
        let short = groups.iter().flatten().all(|s| s.offset.abs() < 64);
        let lattice = LatticeShifts::of(board).filter(|l| l.most < most).map(Box::new);
        Some(Shifts { groups, most, narrow: board.len() <= 64, short, lattice })
    }

    /// Whether the board has a lattice stepper ([`LatticeShifts`]).
    pub(super) fn has_lattice(&self) -> bool {
        self.lattice.is_some()
    }

    /// [`Shifts::with_stepper`], but with the lattice's stepper where the
    /// board has one, the caller is compiled for BMI2 (`PDEP`) and `spread`
    /// (the CPU's PDEP is fast).
    #[inline(always)]
    pub(super) fn with_spread_stepper<T, const PDEP: bool>(&self, spread: bool, f: impl StepperFn<T>) -> T {
        match &self.lattice {
            Some(l) if PDEP && spread => {
                if l.most == 1 {
                    f.call(Spread::<1>(l))
                } else if l.most == 2 {
                    f.call(Spread::<2>(l))
                } else {
                    f.call(Spread::<MAX_SHIFT_GROUPS>(l))
                }
            }
            _ => self.with_stepper(f),
        }
    }

    /// Calls `f` with this board's stepper: a type per shape (64 or 128
    /// bits, how many offsets), so the loops that step have no test of the
    /// shape inside them.
    #[inline(always)]
    pub(super) fn with_stepper<T>(&self, f: impl StepperFn<T>) -> T {
        // Tests, not a `match`: a jump table's indirect branch was
        // mispredicted where a test that always goes one way is not.
        macro_rules! by_offsets {
            ($stepper:ident) => {
                if self.most == 1 {
                    f.call($stepper::<1>(self))
                } else if self.most == 2 {
                    f.call($stepper::<2>(self))
                } else if self.most == 3 {
                    f.call($stepper::<3>(self))
                } else {
                    f.call($stepper::<MAX_SHIFT_GROUPS>(self))
                }
            };
        }
        if self.narrow {
            by_offsets!(Narrow)
        } else if self.short {
            by_offsets!(WideShort)
        } else {
            by_offsets!(Wide)
        }
    }
}

/// Each direction's offsets between the numbers `cell` gives the points
/// (grouped: the points each offset leads to), and the most any direction
/// has. None where a link is not met from both ends, or a direction needs
/// more than [`MAX_SHIFT_GROUPS`] offsets.
fn groups_of(board: &Board, cell: impl Fn(Point) -> u32) -> Option<([[Shift; MAX_SHIFT_GROUPS]; 8], usize)> {
    let mut groups = [[Shift::default(); MAX_SHIFT_GROUPS]; 8];
    let mut len = [0usize; 8];
    for (p, next) in board.neighbour.iter().enumerate() {
        for d in 0..8 {
            let q = next[d];
            if q == NONE {
                continue;
            }
            if board.neighbour[q as usize][opposite(d as Dir) as usize] != p as Point {
                return None;
            }
            let offset = cell(q) as i16 - cell(p as Point) as i16;
            let n = len[d];
            let g = match groups[d][..n].iter().position(|s| s.offset == offset) {
                Some(g) => g,
                None if n < MAX_SHIFT_GROUPS => {
                    len[d] += 1;
                    groups[d][n].offset = offset;
                    groups[d][n].rot = i32::from(offset).rem_euclid(64) as u32;
                    n
                }
                None => return None,
            };
            groups[d][g].to |= 1u128 << cell(q);
        }
    }
    Some((groups, len.into_iter().max().unwrap_or(0).max(1)))
}

impl LatticeShifts {
    /// The lattice's steps, where its cells number at most 64 and the
    /// points' numbers follow their cells' order.
    fn of(board: &Board) -> Option<LatticeShifts> {
        let (w, h) = (board.width, board.height);
        if w <= 0 || h <= 0 || w * h > 64 || board.coords.len() != board.len() {
            return None;
        }
        let cells: Vec<u32> = board
            .coords
            .iter()
            .map(|&(x, y)| ((0..w).contains(&x) && (0..h).contains(&y)).then_some((y * w + x) as u32))
            .collect::<Option<_>>()?;
        if !cells.windows(2).all(|c| c[0] < c[1]) {
            return None;
        }
        let (groups, most) = groups_of(board, |p| cells[p as usize])?;
        Some(LatticeShifts { cells: cells.iter().fold(0, |m, &c| m | 1 << c), groups, most })
    }
}

/// One step of every bit at once in a direction.
pub(super) trait Stepper: Copy {
    /// Points (as bits) as this stepper's bits: the same bits for all but
    /// [`Spread`], whose bits are lattice cells.
    #[inline(always)]
    fn enter(self, points: u128) -> u128 {
        points
    }

    /// This stepper's bits as points: [`Stepper::enter`] undone.
    #[inline(always)]
    fn leave(self, bits: u128) -> u128 {
        bits
    }

    /// Every bit of `bits` moved to its neighbour towards `d` (a bit with
    /// none is dropped).
    #[inline(always)]
    fn step(self, bits: u128, d: Dir) -> u128 {
        self.step_within(bits, d, !0)
    }

    /// `step(bits, d) & within`, masked once: in a loop with a fixed
    /// `within` the mask is worked out before it (one `and` a step, not two).
    fn step_within(self, bits: u128, d: Dir, within: u128) -> u128;
}

/// The points reached from `seed` through `within` by steps in the
/// directions `ways`, every point a step at a time at once, until they stop
/// growing or meet `stop` (a region that meets it is returned as it is then).
#[inline(always)]
pub(super) fn grow<S: Stepper>(s: S, seed: u128, within: u128, ways: &[Dir], stop: u128) -> u128 {
    let mut region = seed;
    while region & stop == 0 {
        let grown = region | ways.iter().fold(0, |out, &d| out | s.step(region, d)) & within;
        if grown == region {
            break;
        }
        region = grown;
    }
    region
}

/// What is done with a [`Stepper`] (a closure cannot be generic over it).
pub(super) trait StepperFn<T> {
    fn call<S: Stepper>(self, s: S) -> T;
}

/// Boards of at most 64 points, with at most `N` offsets a direction.
#[derive(Clone, Copy)]
struct Narrow<'a, const N: usize>(&'a Shifts);

impl<const N: usize> Stepper for Narrow<'_, N> {
    #[inline(always)]
    fn step_within(self, bits: u128, d: Dir, within: u128) -> u128 {
        rotated_step::<N>(&self.0.groups, bits, d, within)
    }
}

/// A step of 64 bits by rotations, with at most `N` offsets a direction.
#[inline(always)]
fn rotated_step<const N: usize>(groups: &[[Shift; MAX_SHIFT_GROUPS]; 8], bits: u128, d: Dir, within: u128) -> u128 {
    let bits = bits as u64;
    // A rotation is one-to-one too: a bit lands on `to` only from the
    // other end of one of those links.
    groups[d as usize][..N].iter().fold(0u64, |out, s| out | bits.rotate_left(s.rot) & (s.to & within) as u64) as u128
}

/// A board's lattice of at most 64 cells ([`LatticeShifts`]), with at most
/// `N` offsets a direction: only in code compiled for BMI2.
#[derive(Clone, Copy)]
struct Spread<'a, const N: usize>(&'a LatticeShifts);

impl<const N: usize> Stepper for Spread<'_, N> {
    #[inline(always)]
    fn enter(self, points: u128) -> u128 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: chosen only by callers compiled for BMI2, run where the CPU has it.
        return u128::from(unsafe { core::arch::x86_64::_pdep_u64(points as u64, self.0.cells) });
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("the lattice's stepper needs PDEP")
    }

    #[inline(always)]
    fn leave(self, bits: u128) -> u128 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as for `enter`.
        return u128::from(unsafe { core::arch::x86_64::_pext_u64(bits as u64, self.0.cells) });
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("the lattice's stepper needs PEXT")
    }

    #[inline(always)]
    fn step_within(self, bits: u128, d: Dir, within: u128) -> u128 {
        rotated_step::<N>(&self.0.groups, bits, d, within)
    }
}

/// Boards of at most 128 points, with at most `N` offsets a direction.
#[derive(Clone, Copy)]
struct Wide<'a, const N: usize>(&'a Shifts);

impl<const N: usize> Stepper for Wide<'_, N> {
    #[inline(always)]
    fn step_within(self, bits: u128, d: Dir, within: u128) -> u128 {
        self.0.groups[d as usize][..N].iter().fold(0u128, |out, s| {
            let moved = if s.offset >= 0 { bits << s.offset } else { bits >> -s.offset };
            out | moved & (s.to & within)
        })
    }
}

/// Boards of at most 128 points whose offsets are all below 64, with at
/// most `N` offsets a direction: a `u128` shift by an amount that may pass
/// 64 compiles to two double shifts and a select; one known to be below 64
/// is one.
#[derive(Clone, Copy)]
struct WideShort<'a, const N: usize>(&'a Shifts);

impl<const N: usize> Stepper for WideShort<'_, N> {
    #[inline(always)]
    fn step_within(self, bits: u128, d: Dir, within: u128) -> u128 {
        self.0.groups[d as usize][..N].iter().fold(0u128, |out, s| {
            let moved =
                if s.offset >= 0 { shl_short(bits, s.offset as u32) } else { shr_short(bits, (-s.offset) as u32) };
            out | moved & (s.to & within)
        })
    }
}

/// `bits << by` for `by` below 64 (masked to six bits, so never more).
#[inline(always)]
fn shl_short(bits: u128, by: u32) -> u128 {
    let by = by & 63;
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    // `low >> (64 - by)`, in two shifts so that `by == 0` shifts by 64 in none.
    let carried = (low >> 1) >> (63 - by);
    u128::from(low << by) | u128::from(high << by | carried) << 64
}

/// `bits >> by` for `by` below 64 (masked to six bits, so never more).
#[inline(always)]
fn shr_short(bits: u128, by: u32) -> u128 {
    let by = by & 63;
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    let carried = (high << 1) << (63 - by);
    u128::from(low >> by | carried) | u128::from(high >> by) << 64
}

/// The points whose bits are set in `bits`, lowest first.
#[inline(always)]
pub(super) fn points_of(mut bits: u128) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let p = bits.trailing_zeros() as Point;
            bits &= bits - 1;
            p
        })
    })
}

/// The vacant points of a board of at most 128 points, as bits.
#[inline(always)]
pub(super) fn vacant_bits(engine: &Engine, pos: &Position) -> u128 {
    engine.points.all.minus(&pos.taken).low128()
}

/// [`Engine::capture_candidates`] with a given stepper, for `captures`.
pub(super) struct Candidates<'a> {
    pub engine: &'a Engine,
    pub pos: &'a Position,
}

impl StepperFn<u128> for Candidates<'_> {
    fn call<S: Stepper>(self, s: S) -> u128 {
        let by_kind = self.engine.pieces_by_kind(self.pos);
        self.engine.capture_candidates(s, self.pos, &by_kind, vacant_bits(self.engine, self.pos))
    }
}

/// The side to move's pieces of each kind, as bits (boards of at most 128
/// points): the first kind's and the others' from the position's sets, and
/// in a game of more than two kinds a further kind's by a look at the
/// others' points (no table of every kind filled a ply).
#[derive(Clone, Copy)]
pub(super) struct PiecesByKind<'a> {
    first: u128,
    others: u128,
    two_kinds: bool,
    pos: &'a Position,
}

impl PiecesByKind<'_> {
    /// The pieces of kind `k`.
    #[inline(always)]
    pub(super) fn of(&self, k: usize) -> u128 {
        if k == 0 {
            self.first
        } else if self.two_kinds {
            self.others
        } else {
            points_of(self.others).filter(|&p| kind_of(self.pos.at(p)) as usize == k).fold(0, |bits, p| bits | 1 << p)
        }
    }
}

impl Engine {
    /// The side to move's pieces of each kind, as bits (boards of at most 128 points).
    #[inline(always)]
    pub(super) fn pieces_by_kind<'a>(&self, pos: &'a Position) -> PiecesByKind<'a> {
        let mine = pos.occupied[pos.turn as usize];
        let others = mine.and(&pos.other_kinds).low128();
        PiecesByKind { first: mine.low128() & !others, others, two_kinds: self.game.kinds.len() <= 2, pos }
    }

    /// The side to move's pieces that may have a capture by moving: a
    /// superset of those with one, and no larger than the pieces
    /// [`Engine::can_capture`] passes. Short leaps by shifts, every piece
    /// of a kind in a direction at once; a kind that captures otherwise too
    /// (flying leaps, approach, takes, chosen prey) piece by piece.
    #[inline(always)]
    pub(super) fn capture_candidates<S: Stepper>(
        &self,
        s: S,
        pos: &Position,
        by_kind: &PiecesByKind,
        empty: u128,
    ) -> u128 {
        let me = pos.turn;
        let pl = me as usize;
        let enemy = s.enter(pos.enemies(me).low128());
        let empty = s.enter(empty);
        let mut found = 0;
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let pieces = by_kind.of(k);
            let m = &kind.moves;
            if pieces == 0 || !m.captures_by_moving(pl) {
                continue;
            }
            if kind.can_capture != u16::MAX || m.fly[pl] | m.approach[pl] | m.withdraw[pl] | m.take[pl] != 0 {
                for p in points_of(pieces) {
                    if self.can_capture(pos, p, k as KindId, me) {
                        found |= 1 << p;
                    }
                }
                continue;
            }
            let (pieces, mut leapers) = (s.enter(pieces), 0);
            for d in dirs(m.jump[pl]) {
                // Enemies with a vacant point behind them, then the pieces before them.
                let back = opposite(d);
                leapers |= s.step(s.step(empty, back) & enemy, back) & pieces;
            }
            found |= s.leave(leapers);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn short_shifts_are_shifts() {
        let patterns = [
            1u128,
            1 << 63,
            1 << 64,
            u128::MAX,
            0x8000_0000_0000_0001_8000_0000_0000_0001,
            0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
        ];
        for bits in patterns {
            for by in 0..64 {
                assert_eq!(shl_short(bits, by), bits << by, "{bits:#x} << {by}");
                assert_eq!(shr_short(bits, by), bits >> by, "{bits:#x} >> {by}");
            }
        }
    }

    /// The step of one point's bit is its neighbour's bit (or nothing), in
    /// every direction of every shipped board that has shifts.
    struct OnePoint<'a>(&'a Board);

    impl StepperFn<usize> for OnePoint<'_> {
        fn call<S: Stepper>(self, s: S) -> usize {
            for p in 0..self.0.len() as Point {
                for d in 0..8 {
                    let q = self.0.step(p, d);
                    let want = if q == NONE { 0 } else { 1u128 << q };
                    assert_eq!(s.step(1u128 << p, d), want, "{} towards {d}", self.0.labels[p as usize]);
                }
            }
            self.0.len()
        }
    }

    #[test]
    fn a_step_of_one_point_is_its_neighbour() {
        let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        let mut with_shifts = Vec::new();
        for entry in std::fs::read_dir(games).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "game") {
                continue;
            }
            let loaded = crate::variant::load(&path, &[], &|p| std::fs::read_to_string(p)).unwrap_or_else(|_| panic!());
            if let Some(shifts) = Shifts::of(&loaded.game.board) {
                shifts.with_stepper(OnePoint(&loaded.game.board));
                with_shifts.push(path.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
        // Boards with bent or longer lines have shifts too.
        for game in ["tabal.game", "english-draughts.game", "alquerque.game", "tablut.game", "breakthrough.game"] {
            assert!(with_shifts.iter().any(|g| g == game), "{game} has no shifts");
        }
    }
}
