//! Random playouts' fast path: count each piece's moves without making
//! them, pick one by number, and make only that piece's moves. It must agree
//! with [`Engine::moves`] move for move (tests/it/perft.rs checks the counts
//! over random games of every shipped game).

use super::shifts::{points_of, vacant_bits, PiecesByKind, Stepper, StepperFn};
use super::*;

/// The instructions the CPU has beyond the portable build, which the
/// counting uses where it can.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cpu {
    /// POPCNT: playouts count with it.
    pub(super) popcnt: bool,
    /// BMI2 (and POPCNT): placement playouts find the picked landing by PDEP
    /// and rows by PEXT (see `placing.rs`).
    pub(super) bmi2: bool,
    /// BMI2 whose PDEP and PEXT take a few cycles (not microcode, as on
    /// AMD's processors before Zen 3): the count may step on a board's
    /// lattice, depositing and gathering its points each ply (`shifts.rs`).
    pub(super) fast_pdep: bool,
}

impl Cpu {
    /// None of them, as in the portable build.
    pub(super) const PORTABLE: Cpu = Cpu { popcnt: false, bmi2: false, fast_pdep: false };

    pub(super) fn detect() -> Cpu {
        let bmi2 = has_bmi2();
        Cpu { popcnt: has_popcnt(), bmi2, fast_pdep: bmi2 && !pdep_in_microcode() }
    }
}

/// Whether this CPU has BMI2 with PDEP and PEXT in microcode (tens to
/// hundreds of cycles): AMD's and Hygon's families before 19h (Zen 3).
pub fn pdep_in_microcode() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // CPUID leaves 0 (the vendor) and 1 (the family) exist on every x86-64 processor.
        let (vendor, signature) = (core::arch::x86_64::__cpuid(0), core::arch::x86_64::__cpuid(1).eax);
        let amd_like = matches!((vendor.ebx, vendor.edx, vendor.ecx), (0x6874_7541, 0x6974_6e65, 0x444d_4163)) // "AuthenticAMD"
            || matches!((vendor.ebx, vendor.edx, vendor.ecx), (0x6f67_7948, 0x6e65_476e, 0x656e_6975)); // "HygonGenuine"
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF { base + ((signature >> 20) & 0xFF) } else { base };
        amd_like && family < 0x19
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether the CPU has POPCNT, which the portable build does not assume.
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// Whether the CPU has BMI2 and POPCNT.
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return has_popcnt() && std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// Moves counted, in the order [`Engine::nth_counted`] picks them.
#[derive(Clone, Copy, Debug)]
pub(super) enum Counted {
    /// One piece's moves: captures by taking (one space onto an enemy, as
    /// generated first), then its other moves.
    Piece { at: Point, takes: u32, others: u32 },
    /// On a lattice board, the steps or slides of every piece of a kind in
    /// one direction at once: `reach` holds their targets (no two pieces
    /// reach one point in one direction: the nearer blocks the farther).
    Ray { kind: KindId, dir: Dir, reach: u128, n: u32 },
    /// The ways one piece leaves the board.
    Leaves { at: Point, dirs: DirSet, n: u32 },
}

impl Counted {
    fn len(&self) -> u32 {
        match *self {
            Counted::Piece { takes, others, .. } => takes + others,
            Counted::Ray { n, .. } | Counted::Leaves { n, .. } => n,
        }
    }
}

/// Counting by rays with a given stepper: the capture test, then the count
/// (with `LIST`, its entries in `counts`, for picking a move by number).
struct CountByRay<'a, const LIST: bool> {
    engine: &'a Engine,
    pos: &'a Position,
    limit: u8,
    counts: &'a mut Vec<Counted>,
}

impl<const LIST: bool> StepperFn<Tally> for CountByRay<'_, LIST> {
    #[inline(always)]
    fn call<S: Stepper>(self, s: S) -> Tally {
        let by_kind = self.engine.pieces_by_kind(self.pos);
        let empty = vacant_bits(self.engine, self.pos);
        if self.engine.any_jumps {
            let candidates = self.engine.capture_candidates(s, self.pos, &by_kind, empty);
            if candidates != 0 {
                return Tally::Captures(candidates); // the capture search decides what is legal
            }
        }
        self.counts.clear();
        Tally::Moves(self.engine.count_by_ray::<S, LIST>(s, self.pos, self.limit, self.counts, &by_kind, empty))
    }
}

/// The weighed count of perft's last ply in a dice game (see
/// [`Engine::count_weighed`]), by rays with a given stepper.
struct WeighByRay<'a> {
    engine: &'a Engine,
    pos: &'a Position,
    sides: u8,
}

impl StepperFn<Option<Weighed>> for WeighByRay<'_> {
    #[inline(always)]
    fn call<S: Stepper>(self, s: S) -> Option<Weighed> {
        let by_kind = self.engine.pieces_by_kind(self.pos);
        let empty = vacant_bits(self.engine, self.pos);
        if self.engine.any_jumps && self.engine.capture_candidates(s, self.pos, &by_kind, empty) != 0 {
            return None; // the capture search decides what is legal
        }
        Some(self.engine.weigh_by_ray(s, self.pos, self.sides, &by_kind, empty))
    }
}

/// The moves under every roll of a die that limits the distance, summed
/// over the rolls, and the shortest distance any move goes (the rolls below
/// it have no move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Weighed {
    pub(super) total: u128,
    pub(super) shortest: u8,
}

/// What counting found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tally {
    /// This many moves, in `counts`.
    Moves(u32),
    /// A capture by moving may be open: the side's pieces (as bits) that
    /// may have one, for [`Engine::moves_with`] to search from.
    Captures(u128),
    /// Only the full generation can tell.
    Unknown,
}

impl Tally {
    fn of(count: Option<u32>) -> Tally {
        count.map_or(Tally::Unknown, Tally::Moves)
    }

    /// The pieces that may capture, where counting found them.
    pub(super) fn candidates(self) -> Option<u128> {
        match self {
            Tally::Captures(bits) => Some(bits),
            _ => None,
        }
    }
}

/// Each kind's steps and slides for a player, as the directions a bulk
/// count walks and the most spaces in each (before the roll's limit).
pub(super) fn ray_plans(game: &Game) -> Vec<Vec<(Dir, u8)>> {
    let mut plans = Vec::new();
    for kind in &game.kinds {
        for pl in 0..MAX_PLAYERS {
            let m = &kind.moves;
            let (steps, slides) = (m.step[pl], m.slide[pl]);
            let slide_most = m.slide_limit.unwrap_or(u8::MAX);
            let plan = dirs(steps | slides)
                .map(|d| {
                    let step = u8::from(steps & (1 << d) != 0);
                    (d, if slides & (1 << d) != 0 { slide_most.max(step) } else { 1 })
                })
                .collect();
            plans.push(plan);
        }
    }
    plans
}

/// The point of the `k`-th set bit of `bits` (lowest first; `k` is below
/// their count). With `PDEP` (only where the caller is compiled for BMI2)
/// one bit deposit (`placing::nth_bit_pdep`); else the first few bits
/// cleared with no branch on `k` (which bit a random pick lands on is as
/// good as random).
#[inline(always)]
fn nth_bit<const PDEP: bool>(bits: u128, k: u32) -> Point {
    if PDEP {
        return super::placing::nth_bit_pdep(bits, k as usize) as Point;
    }
    let mut bits = bits;
    for i in 0..4 {
        let cleared = bits & (bits - 1);
        bits = if i < k { cleared } else { bits };
    }
    for _ in 4..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as Point
}

/// A copy of [`Engine::count_moves`] compiled with the CPU features named,
/// for the count to call where the CPU has them (each is one line; the
/// macro keeps the copies alike).
macro_rules! count_compiled_for {
    ($(#[$doc:meta])* $name:ident, $features:literal, $pdep:literal) => {
        $(#[$doc])*
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        unsafe fn $name<const LIST: bool>(
            &self,
            pos: &Position,
            limit: u8,
            counts: &mut Vec<Counted>,
        ) -> Tally {
            self.count_moves::<LIST, $pdep>(pos, limit, counts)
        }
    };
}

impl Engine {
    /// Whether counting can stand for the move list: slides are bit
    /// operations, and no move enters from a hand, lifts, runs a track, must
    /// go the roll's exact distance, and nothing else the counting does not
    /// know is open (rows that remove, flights, guarded moves, passes at will).
    pub(super) fn counts(&self) -> bool {
        self.bit_slides
            && !self.hands.any
            && !self.lifts
            && !self.race.tracks
            && !self.dice.exact
            && !self.plans.rows_or_flight
    }

    /// Whether, where a capture is open, the side's moves are its capture
    /// sequences and nothing else, so that perft's last ply may count them
    /// ([`Engine::count_captures`]): capture is compulsory, no preference
    /// among captures, no rule that judges the position a move leaves (a
    /// guard, a royal piece), no pass at will, no row that removes a piece.
    pub(super) fn counts_captures(&self) -> bool {
        self.game.jumps.compulsory
            && self.game.jumps.prefer.is_empty()
            && !self.paths.royal_masks
            && !self.guards.on
            && self.vt.royal_kinds == 0
            && !self.goals.pass_at_will
            && self.game.mill.is_none()
            && self.sow.is_none()
    }

    /// Where no capture by moving but a take is open to the side, and on a
    /// board where slides are bit operations: the side's moves (distance at
    /// most `limit`), counted by ray where the board has shifts, else piece
    /// by piece.
    pub(super) fn count_by_piece(&self, pos: &Position, limit: u8, counts: &mut Vec<Counted>) -> Tally {
        self.count_dispatched::<true>(pos, limit, counts)
    }

    /// [`Engine::count_by_piece`] where only the total is wanted (perft's
    /// last ply, with no die): counts by rays leave no entries to pick from.
    pub(super) fn count_total(&self, pos: &Position, counts: &mut Vec<Counted>) -> Tally {
        self.count_dispatched::<false>(pos, ANY_ROLL, counts)
    }

    /// The count, by the build for the CPU's instructions.
    #[inline(always)]
    fn count_dispatched<const LIST: bool>(&self, pos: &Position, limit: u8, counts: &mut Vec<Counted>) -> Tally {
        // Games that never count return before the call (and its frame).
        if !self.paths.counts_moves {
            return Tally::Unknown;
        }
        #[cfg(target_arch = "x86_64")]
        if self.cpu.bmi2 {
            // SAFETY: `bmi2` is set only where the CPU has BMI1, BMI2 and POPCNT.
            return unsafe { self.count_by_piece_bmi2::<LIST>(pos, limit, counts) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            // SAFETY: `popcnt` is set only where the CPU has the instruction.
            return unsafe { self.count_by_piece_popcnt::<LIST>(pos, limit, counts) };
        }
        self.count_moves::<LIST, false>(pos, limit, counts)
    }

    count_compiled_for! {
        /// [`Engine::count_moves`] compiled for CPUs with BMI2 too: a shift by
        /// a variable amount takes any register (`shlx`), not only `cl`, so the
        /// steps of a direction need no moves to line their amounts up.
        count_by_piece_bmi2, "popcnt,bmi1,bmi2", true
    }

    count_compiled_for! {
        /// [`Engine::count_moves`] compiled for CPUs with POPCNT (the portable
        /// build has none): counting is mostly popcounts.
        count_by_piece_popcnt, "popcnt", false
    }

    /// The count; with `PDEP` (compiled for BMI2) on the board's lattice
    /// where it has one (`shifts.rs`).
    #[inline(always)]
    fn count_moves<const LIST: bool, const PDEP: bool>(
        &self,
        pos: &Position,
        limit: u8,
        counts: &mut Vec<Counted>,
    ) -> Tally {
        if self.paths.bulk_counting {
            let shifts = self.shifts.as_ref().expect("bulk counting needs shifts");
            let spread = PDEP && self.cpu.fast_pdep;
            return shifts
                .with_spread_stepper::<_, PDEP>(spread, CountByRay::<LIST> { engine: self, pos, limit, counts });
        }
        Tally::of(self.count_piece_by_piece(pos, limit, counts))
    }

    /// [`Engine::count_moves`] where the board has no shifts, or takes.
    #[inline(always)]
    fn count_piece_by_piece(&self, pos: &Position, limit: u8, counts: &mut Vec<Counted>) -> Option<u32> {
        if self.any_jumps && !self.takes_only && self.side_can_capture(pos) {
            return None;
        }
        counts.clear();
        let me = pos.turn;
        let pl = me as usize;
        let occupied = pos.taken;
        let empty = self.points.all.minus(&occupied);
        let enemies = pos.enemies(me);
        let occupied_bits = occupied.low128();
        let small = self.small_board;
        let (mut total, mut total_takes) = (0, 0);
        for p in pos.occupied[pl].iter() {
            let kind = kind_of(pos.at(p));
            let moves = &self.game.kinds[kind as usize].moves;
            let takes = if self.takes_only && moves.take[pl] != 0 {
                self.take_count(pos, p, kind, me, &enemies, small)
            } else {
                0
            };
            let mut n = 0;
            if !(self.run_limits && self.run_exhausted(pos, p, kind)) {
                let mut stepped = 0u128;
                if limit >= 1 && moves.step[pl] != 0 {
                    n += if small {
                        stepped = self.step_bits(p, kind, me, empty.low128());
                        stepped.count_ones()
                    } else {
                        let steps = self.step_targets(p, kind, me, &empty);
                        stepped = steps.low128();
                        steps.len() as u32
                    };
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
                counts.push(Counted::Piece { at: p, takes, others: n });
                total += n + takes;
                total_takes += takes;
            }
        }
        if total_takes > 0 && self.game.jumps.compulsory {
            // Only the takes are legal.
            counts.retain_mut(|c| match c {
                Counted::Piece { takes, others, .. } => {
                    *others = 0;
                    *takes > 0
                }
                _ => false,
            });
            return Some(total_takes);
        }
        Some(total)
    }

    /// Where the board has shifts and no capture is open: each kind's steps
    /// and slides counted a direction at a time, by shifting all its pieces
    /// at once, and each piece's leaves.
    #[inline(always)]
    fn count_by_ray<S: Stepper, const LIST: bool>(
        &self,
        shifts: S,
        pos: &Position,
        limit: u8,
        counts: &mut Vec<Counted>,
        by_kind: &PiecesByKind,
        empty: u128,
    ) -> u32 {
        let pl = pos.turn as usize;
        let mut total = 0;
        let empty = shifts.enter(empty);
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let pieces = by_kind.of(k);
            if pieces == 0 {
                continue;
            }
            let moves = &kind.moves;
            // On the stepper's bits (a lattice's cells, where it has one).
            let (starts, stops) = (shifts.enter(pieces), shifts.enter(!self.points.no_stop_bits[k]));
            for &(d, most) in self.ray_plans[k * MAX_PLAYERS + pl].iter() {
                let (mut front, mut reach) = (starts, 0u128);
                if limit < ANY_ROLL {
                    // A roll's few spaces, with no test of whether any piece
                    // is still moving: where the last one stops is as good
                    // as random, the roll is the same in every direction.
                    for _ in 0..most.min(limit) {
                        front = shifts.step_within(front, d, empty);
                        reach |= front;
                    }
                } else {
                    for _ in 0..most {
                        front = shifts.step_within(front, d, empty);
                        if front == 0 {
                            break;
                        }
                        reach |= front;
                    }
                }
                reach &= stops;
                let n = reach.count_ones();
                if LIST && n > 0 {
                    counts.push(Counted::Ray { kind: k as KindId, dir: d, reach: shifts.leave(reach), n });
                }
                total += n;
            }
            if moves.leave[pl] != 0 {
                for p in points_of(pieces) {
                    let dirs = self.leave_dirs(pos, p, k as KindId, pl, limit);
                    if LIST && dirs != 0 {
                        counts.push(Counted::Leaves { at: p, dirs, n: dirs.count_ones() });
                    }
                    total += dirs.count_ones();
                }
            }
        }
        total
    }

    /// Where a die of `sides` faces limits the distance: the count of
    /// [`Engine::count_by_piece`] under every roll, summed, in one pass. A
    /// move of distance k is legal under the rolls k..=sides, so each
    /// direction's points reached after k steps weigh `sides + 1 - k`. None
    /// where counting cannot tell.
    pub(super) fn count_weighed(&self, pos: &Position, sides: u8) -> Option<Weighed> {
        if !self.paths.bulk_counting || !self.paths.counts_moves {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            // SAFETY: `popcnt` is set only where the CPU has the instruction.
            return unsafe { self.count_weighed_popcnt(pos, sides) };
        }
        let shifts = self.shifts.as_ref().expect("bulk counting needs shifts");
        shifts.with_stepper(WeighByRay { engine: self, pos, sides })
    }

    /// [`Engine::count_weighed`] compiled for CPUs with POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_weighed_popcnt(&self, pos: &Position, sides: u8) -> Option<Weighed> {
        let shifts = self.shifts.as_ref().expect("bulk counting needs shifts");
        shifts.with_stepper(WeighByRay { engine: self, pos, sides })
    }

    #[inline(always)]
    fn weigh_by_ray<S: Stepper>(
        &self,
        shifts: S,
        pos: &Position,
        sides: u8,
        by_kind: &PiecesByKind,
        empty: u128,
    ) -> Weighed {
        let pl = pos.turn as usize;
        let (mut total, mut shortest) = (0u32, u8::MAX);
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let pieces = by_kind.of(k);
            if pieces == 0 {
                continue;
            }
            let stops = !self.points.no_stop_bits[k];
            for &(d, most) in self.ray_plans[k * MAX_PLAYERS + pl].iter() {
                let mut front = pieces;
                for steps in 1..=most.min(sides) {
                    front = shifts.step_within(front, d, empty);
                    if front == 0 {
                        break;
                    }
                    let n = (front & stops).count_ones();
                    if n > 0 {
                        total += n * u32::from(sides + 1 - steps);
                        shortest = shortest.min(steps);
                    }
                }
            }
            if kind.moves.leave[pl] != 0 {
                for p in points_of(pieces) {
                    // Leaving goes one space past the last point of the ray.
                    for d in dirs(self.leave_dirs(pos, p, k as KindId, pl, sides)) {
                        let steps = self.ray(p, d).len() as u8 + 1;
                        total += u32::from(sides + 1 - steps);
                        shortest = shortest.min(steps);
                    }
                }
            }
        }
        Weighed { total: total.into(), shortest }
    }

    /// The `k`-th move (in [`Engine::count_by_piece`]'s order) of the moves counted.
    pub(super) fn nth_counted(
        &self,
        pos: &Position,
        limit: u8,
        counts: &[Counted],
        k: u32,
        out: &mut Vec<Move>,
    ) -> Move {
        #[cfg(target_arch = "x86_64")]
        if self.cpu.bmi2 {
            // SAFETY: `bmi2` is set only where the CPU has BMI1, BMI2 and POPCNT.
            return unsafe { self.nth_counted_bmi2(pos, limit, counts, k, out) };
        }
        self.nth_counted_with::<false>(pos, limit, counts, k, out)
    }

    /// [`Engine::nth_counted`] compiled for CPUs with BMI2: the k-th bit of
    /// a ray's targets by a bit deposit, not by clearing k bits.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn nth_counted_bmi2(
        &self,
        pos: &Position,
        limit: u8,
        counts: &[Counted],
        k: u32,
        out: &mut Vec<Move>,
    ) -> Move {
        self.nth_counted_with::<true>(pos, limit, counts, k, out)
    }

    /// [`Engine::nth_counted`], the k-th bit found by `pdep` with `PDEP`
    /// (only in a function compiled for BMI2).
    #[inline(always)]
    fn nth_counted_with<const PDEP: bool>(
        &self,
        pos: &Position,
        limit: u8,
        counts: &[Counted],
        mut k: u32,
        out: &mut Vec<Move>,
    ) -> Move {
        // The entry holding move `k`: the number of entries whose moves all
        // come before it, summed without a branch (which entry it is, is
        // random: a branch on it is mispredicted about once a ply).
        let (mut index, mut before, mut end) = (0, 0, 0);
        for c in counts {
            end += c.len();
            let passed = k >= end;
            index += passed as usize;
            before = if passed { end } else { before };
        }
        k -= before;
        if let Some(c) = counts.get(index) {
            return match *c {
                Counted::Piece { at, takes, .. } => {
                    let occupied = pos.taken;
                    let empty = self.points.all.minus(&occupied);
                    out.clear();
                    if takes > 0 {
                        self.takes_of(pos, at, out);
                    }
                    if k >= takes {
                        self.piece_moves(pos, at, limit, &occupied, &empty, out);
                    }
                    out[k as usize]
                }
                Counted::Ray { kind, dir, reach, .. } => self.ray_move(pos, kind, dir, nth_bit::<PDEP>(reach, k)),
                Counted::Leaves { at, dirs: set, .. } => {
                    self.leave_move(pos, at, dirs(set).nth(k as usize).expect("k is below the count"))
                }
            };
        }
        unreachable!("k is below the total of the counts")
    }

    /// The move of a kind's piece to `to` by a step or slide in direction
    /// `dir` (a [`Counted::Ray`]'s point): from the piece that got there,
    /// back along the line.
    #[inline(always)]
    fn ray_move(&self, pos: &Position, kind: KindId, dir: Dir, to: Point) -> Move {
        let back = opposite(dir);
        let slides = self.game.kinds[kind as usize].moves.slide[pos.turn as usize] & (1 << dir) != 0;
        let (from, distance) = if slides {
            // The first piece that way, by a bit scan: how far a slide went
            // is as good as random, a walk's end is not predicted.
            let ray = &self.rays.slide_rays[to as usize * 8 + back as usize];
            let blockers = ray.bits & pos.taken.low128();
            let (lowest, highest) = (blockers.trailing_zeros(), 127 - blockers.leading_zeros());
            let from = [highest, lowest][usize::from(ray.rises)] as Point;
            (from, self.rays.line_distance[from as usize * self.game.board.len() + to as usize])
        } else {
            (self.game.board.step(to, back), 1)
        };
        let becomes = self.promoted(kind, pos.turn, to);
        Move { kind: MoveType::Plain, from, to, distance, becomes, ..Move::PASS }
    }

    /// The piece on `at` leaving the board in direction `d`.
    fn leave_move(&self, pos: &Position, at: Point, d: Dir) -> Move {
        let distance = (self.ray(at, d).len() + 1) as u8;
        Move { kind: MoveType::Leave, from: at, dir: d, distance, becomes: kind_of(pos.at(at)), ..Move::PASS }
    }

    /// Every move of `counts` as counted by rays (entries of kinds and
    /// directions, not pieces), into `out`: the legal moves, where the count
    /// found no capture, in the counting's order rather than
    /// [`Engine::moves`]'s. For perft's plies above the last.
    pub(super) fn moves_of_rays(&self, pos: &Position, counts: &[Counted], out: &mut Vec<Move>) {
        out.clear();
        out.reserve(counts.iter().map(Counted::len).sum::<u32>() as usize);
        for c in counts {
            match *c {
                Counted::Ray { kind, dir, reach, .. } => {
                    for to in points_of(reach) {
                        out.push(self.ray_move(pos, kind, dir, to));
                    }
                }
                Counted::Leaves { at, dirs: set, .. } => {
                    for d in dirs(set) {
                        out.push(self.leave_move(pos, at, d));
                    }
                }
                Counted::Piece { .. } => unreachable!("counts by rays hold no pieces"),
            }
        }
    }

    /// Whether any piece of the side to move has a capture by moving.
    pub(super) fn side_can_capture(&self, pos: &Position) -> bool {
        let me = pos.turn;
        pos.occupied[me as usize].iter().any(|p| self.can_capture(pos, p, kind_of(pos.at(p)), me))
    }

    /// How many enemy pieces the piece on `p` can take (one space onto
    /// them), `enemies` those of the players other than `me`, `small` a board
    /// of up to 128 points.
    #[inline(always)]
    fn take_count(&self, pos: &Position, p: Point, kind: KindId, me: PlayerId, enemies: &PointSet, small: bool) -> u32 {
        if self.game.kinds[kind as usize].can_capture != u16::MAX {
            return self.take_targets(pos, p, kind, me).len() as u32;
        }
        let to = &self.points.take_to[self.table_index(kind, me, p)];
        if small {
            (to.low128() & enemies.low128()).count_ones()
        } else {
            to.and(enemies).len() as u32
        }
    }

    /// [`Engine::take_targets`] as bits on a board of up to 128 points,
    /// given the enemy pieces as bits.
    #[inline]
    pub(super) fn take_bits(&self, pos: &Position, p: Point, kind: KindId, me: PlayerId, enemies: u128) -> u128 {
        let t = self.points.take_to[self.table_index(kind, me, p)].low128() & enemies;
        self.only_prey(pos, self.game.kinds[kind as usize].can_capture, t)
    }

    /// The points of `bits` holding a kind in `prey` (a kind's `can
    /// capture`), on a board of up to 128 points.
    #[inline]
    pub(super) fn only_prey(&self, pos: &Position, prey: u16, bits: u128) -> u128 {
        if prey & self.every_kind == self.every_kind {
            return bits;
        }
        points_of(bits).filter(|&q| prey & (1 << kind_of(pos.at(q))) != 0).fold(0, |t, q| t | 1u128 << q)
    }

    /// The enemy pieces the piece on `p` can take (one space onto them).
    #[inline]
    pub(super) fn take_targets(&self, pos: &Position, p: Point, kind: KindId, me: PlayerId) -> PointSet {
        let mut t = self.points.take_to[self.table_index(kind, me, p)].and(&pos.enemies(me));
        let prey = self.game.kinds[kind as usize].can_capture;
        if prey != u16::MAX && !t.is_empty() {
            let all = t;
            for q in all.iter() {
                if prey & (1 << kind_of(pos.at(q))) == 0 {
                    t.remove(q);
                }
            }
        }
        t
    }
}

impl Engine {
    /// A random move of a game whose pieces shoot (`then shoot`), as the
    /// playouts pick it, without listing every move and shot: the moves are
    /// listed (in `base`), each weighed by the shots it allows, counted by
    /// bits; the `k`-th of `total` (from `pick`) is then made whole. The
    /// same move as the `k`-th of [`Engine::moves`]' list. None where there
    /// is no move, or the game is not one this path knows.
    pub(super) fn pick_shot(
        &self,
        pos: &Position,
        pick: impl FnOnce(u32) -> u32,
        base: &mut Vec<Move>,
        weights: &mut Vec<u32>,
    ) -> Option<(Move, u32)> {
        let pl = pos.turn as usize;
        let occupied = pos.taken;
        let empty = self.points.all.minus(&occupied);
        let bits = occupied.low128();
        base.clear();
        weights.clear();
        let mut total = 0u32;
        for p in pos.occupied[pl].iter() {
            let first = base.len();
            self.piece_moves_only(pos, p, ANY_ROLL, &occupied, &empty, base);
            let shoot = self.game.kinds[kind_of(pos.at(p)) as usize].shoot;
            for m in &base[first..] {
                let w = match shoot {
                    None => 1,
                    Some(_) if m.kind != MoveType::Plain => 0,
                    Some((_, shot_dirs)) => {
                        let after = bits & !(1u128 << p) | 1u128 << m.to;
                        dirs(shot_dirs[pl]).map(|d| self.open_along(m.to, d, after)).sum()
                    }
                };
                weights.push(w);
                total += w;
            }
        }
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        for (m, &w) in base.iter().zip(weights.iter()) {
            if k >= w {
                k -= w;
                continue;
            }
            let Some((_, shot_dirs)) = self.game.kinds[kind_of(pos.at(m.from)) as usize].shoot else {
                return Some((*m, total));
            };
            let after = bits & !(1u128 << m.from) | 1u128 << m.to;
            for d in dirs(shot_dirs[pl]) {
                let open = self.open_along(m.to, d, after);
                if k < open {
                    return Some((m.with_shot(self.ray(m.to, d)[k as usize]), total));
                }
                k -= open;
            }
        }
        None
    }

    /// How many points from `t` along direction `d` come before the first
    /// one occupied in `occupied` (bits).
    #[inline]
    fn open_along(&self, t: Point, d: Dir, occupied: u128) -> u32 {
        let ray = &self.rays.slide_rays[t as usize * 8 + d as usize];
        let blockers = ray.bits & occupied;
        if blockers == 0 {
            return ray.len as u32;
        }
        // The points before the first blocker: one fewer than its distance
        // (a table, where a count of bits would need a population count the
        // build may lack).
        self.rays.line_distance[t as usize * self.game.board.len() + ray.nearest(blockers) as usize] as u32 - 1
    }
}

impl Engine {
    /// A random move of a game whose rows remove a piece (`after N in a row
    /// remove enemy`), as the playouts pick it, without the list in which
    /// each row-making move is one move per piece it may remove: the moves
    /// are listed (in `base`) and weighed by their removals. The same move
    /// as the `k`-th of [`Engine::moves`]' list; None where there is none.
    pub(super) fn pick_mill(
        &self,
        pos: &Position,
        n: u8,
        pick: impl FnOnce(u32) -> u32,
        base: &mut Vec<Move>,
        weights: &mut Vec<u32>,
    ) -> Result<Option<(Move, u32)>, Limit> {
        base.clear();
        weights.clear();
        self.generate_pieces(pos, ANY_ROLL, base, None)?;
        let mut removable = None;
        let mut total = 0u32;
        for m in base.iter() {
            let w = if self.row_made(pos, m, n) {
                match *removable.get_or_insert_with(|| self.removable(pos, n)) {
                    ref r if r.is_empty() => 1,
                    ref r => r.len() as u32,
                }
            } else {
                1
            };
            weights.push(w);
            total += w;
        }
        if total == 0 {
            return Ok(None);
        }
        let mut k = pick(total);
        for (m, &w) in base.iter().zip(weights.iter()) {
            if k >= w {
                k -= w;
                continue;
            }
            let removal = removable.filter(|r| !r.is_empty() && self.row_made(pos, m, n));
            return Ok(Some((nth_removal(*m, removal, k), total)));
        }
        Ok(None)
    }
}

/// Where a move of a mill game's playout may come from: an entry of `kind`
/// (`from` is `NONE`) or the piece on `from`, and its landing points as bits.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Source {
    pub(super) from: Point,
    pub(super) kind: KindId,
    pub(super) to: u128,
    /// The landings that make a row, found once for both passes.
    pub(super) rows: u128,
}

/// The moves of mill-game sources, a row-making landing weighed by the
/// pieces it may remove: `pick_mill_by_bits` and the bit playouts of
/// `mills.rs` count and pick with it, so they pick alike.
pub(super) struct RowWeights {
    /// The moves, with a row's removals counted one each.
    pub(super) total: u32,
    /// The moves a row-making landing stands for (1 where none may be removed).
    pub(super) per_row: u32,
}

impl RowWeights {
    /// Finds each source's row-making landings (`mine`: the mover's
    /// pieces) and weighs them; `removable` gives the pieces a row may
    /// remove, asked only if some landing makes one.
    pub(super) fn of(
        rows: &super::lines::Rows,
        mine: u128,
        sources: &mut [Source],
        removable: impl FnOnce() -> u32,
    ) -> RowWeights {
        let (mut moves, mut with_row) = (0u32, 0u32);
        for s in sources.iter_mut() {
            let landings = s.to.count_ones();
            s.rows = rows.row_landings(mine, s.from, s.to, landings);
            moves += landings;
            with_row += s.rows.count_ones();
        }
        let per_row = if with_row > 0 { removable().max(1) } else { 1 };
        RowWeights { total: moves - with_row + with_row * per_row, per_row }
    }

    /// The `k`-th move (below `total`): its source, its landing, and which
    /// of the landing's moves (the removal's index where it makes a row).
    pub(super) fn nth<'a>(&self, sources: &'a [Source], mut k: u32) -> (&'a Source, Point, u32) {
        for s in sources {
            let weight = s.to.count_ones() + s.rows.count_ones() * (self.per_row - 1);
            if k >= weight {
                k -= weight;
                continue;
            }
            for t in points_of(s.to) {
                let w = if s.rows >> t & 1 != 0 { self.per_row } else { 1 };
                if k < w {
                    return (s, t, k);
                }
                k -= w;
            }
        }
        unreachable!("the draw is below the total")
    }
}

impl Engine {
    /// [`Engine::pick_mill`] without a list, where every kind only enters,
    /// steps or flies (Nine Men's Morris): each source's landing points as
    /// bits, a landing weighed by the removals of the row it makes. The same
    /// move as the list's `k`-th, in the list's order (entries first, then
    /// each piece's landings, lowest point first).
    pub(super) fn pick_mill_by_bits(
        &self,
        pos: &Position,
        n: u8,
        pick: impl FnOnce(u32) -> u32,
        sources: &mut Vec<Source>,
    ) -> Option<(Move, u32)> {
        let rows = self.mill_rows.as_ref()?;
        let me = pos.turn;
        let occupied = pos.taken;
        let empty = self.points.all.minus(&occupied);
        let mine = pos.occupied[me as usize].low128();
        sources.clear();
        for (k, kind) in self.game.kinds.iter().enumerate() {
            match &kind.enter {
                Some(enter) if self.in_hand(pos, me, k as KindId) > 0 => {
                    let to = self.landings(pos, k as KindId, enter, &empty).low128();
                    sources.push(Source { from: NONE, kind: k as KindId, to, rows: 0 });
                }
                _ => {}
            }
        }
        let flying = |kind: KindId| {
            self.game.kinds[kind as usize]
                .fly
                .is_some_and(|most| pos.pieces(me) as usize + self.held(pos, me, u16::MAX) <= most as usize)
        };
        for p in pos.occupied[me as usize].iter() {
            let kind = kind_of(pos.at(p));
            if self.hands.any && self.held_back(pos, kind) {
                continue;
            }
            let to = if flying(kind) {
                empty.minus(&self.points.no_stop_set[kind as usize]).low128()
            } else {
                self.step_targets(p, kind, me, &empty).low128()
            };
            sources.push(Source { from: p, kind, to, rows: 0 });
        }
        let mut removable = PointSet::default();
        let weights = RowWeights::of(rows, mine, sources, || {
            removable = self.removable(pos, n);
            removable.len() as u32
        });
        if weights.total == 0 {
            return None;
        }
        let (s, t, k) = weights.nth(sources, pick(weights.total));
        let row = s.rows >> t & 1 != 0;
        let kind = if s.from == NONE { MoveType::Enter } else { MoveType::Plain };
        let m = Move { kind, from: s.from, to: t, distance: 1, becomes: s.kind, ..Move::PASS };
        let removal = (row && !removable.is_empty()).then_some(removable);
        Some((nth_removal(m, removal, k), weights.total))
    }
}

/// The `k`-th of the moves a row-making `m` stands for: with the `k`-th of
/// the pieces it may remove, or `m` itself where it removes none.
fn nth_removal(m: Move, removable: Option<PointSet>, k: u32) -> Move {
    match removable {
        Some(r) => m.with_removal(r.iter().nth(k as usize).expect("k is below the removals' count")),
        None => m,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of finding the k-th set bit agree with counting bits up.
    #[test]
    fn the_kth_bit_is_the_kth_point() {
        let patterns =
            [1u128, 1 << 127, u128::MAX, 0x8000_0000_0000_0001_8000_0000_0000_0001, 0xf0f0 << 60, 0x1234_5678 << 50];
        for bits in patterns {
            let points: Vec<Point> = (0..128).filter(|&i| bits >> i & 1 == 1).map(|i| i as Point).collect();
            for (k, &p) in points.iter().enumerate() {
                assert_eq!(nth_bit::<false>(bits, k as u32), p, "{bits:#x}, bit {k}");
                #[cfg(target_arch = "x86_64")]
                if std::is_x86_feature_detected!("bmi2") {
                    assert_eq!(nth_bit::<true>(bits, k as u32), p, "{bits:#x}, bit {k} by pdep");
                }
            }
        }
    }
}
