//! Pieces in hand: entering them onto empty points (`enter`), and holding
//! back the pieces on the board while some wait in hand (`before moving`).

use super::shifts::{Stepper, StepperFn};
use super::*;

/// Where pieces entered on `on` fall to in direction `d`, as bits: the empty
/// points with no empty point next to them that way, that an entry point
/// reaches falling through empty points.
struct Fall {
    on: u128,
    empty: u128,
    d: Dir,
}

/// The empty points where a piece would capture by custodial capture as it
/// lands, as bits: from the mover's pieces, through a run of enemies (one
/// enemy without `runs`), to the empty point beyond, in every direction.
struct Outflanks {
    own: u128,
    enemy: u128,
    empty: u128,
    sides: DirSet,
    runs: bool,
}

impl StepperFn<u128> for Outflanks {
    #[inline(always)]
    fn call<S: Stepper>(self, s: S) -> u128 {
        let mut found = 0;
        for d in dirs(self.sides) {
            // Walking from the mover's pieces away from the landing point.
            let back = opposite(d);
            let mut run = s.step(self.own, back) & self.enemy;
            if self.runs {
                loop {
                    let longer = run | (s.step(run, back) & self.enemy);
                    if longer == run {
                        break;
                    }
                    run = longer;
                }
            }
            found |= s.step(run, back) & self.empty;
        }
        found
    }
}

impl StepperFn<u128> for Fall {
    #[inline(always)]
    fn call<S: Stepper>(self, s: S) -> u128 {
        let Fall { on, empty, d } = self;
        let resting = empty & !s.step(empty, opposite(d));
        if empty & !on == 0 {
            return resting;
        }
        // Entry points fall through the empty points below them.
        let mut reach = on & empty;
        loop {
            let more = reach | (s.step(reach, d) & empty);
            if more == reach {
                return resting & reach;
            }
            reach = more;
        }
    }
}

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
            let kind = k as KindId;
            let landings = self.landings(pos, kind, enter, empty).minus(&self.vt.stranded[k][me as usize]);
            for to in landings.iter() {
                let checked = self.outflanks_by_shifts;
                if enter.capturing && !checked && !self.captures_on_entry(pos, to, cell(me, kind)) {
                    continue;
                }
                if self.vt.per_file && self.file_full(pos, kind, to, NONE, true) {
                    continue;
                }
                out.push(Move { kind: MoveType::Enter, to, distance: 1, becomes: kind, ..Move::PASS });
            }
        }
    }

    /// Drops out the entries that would checkmate, of kinds that `enter
    /// unless it checkmates`: of legal moves only, since judging one means
    /// listing the opponent's legal replies.
    pub(super) fn keep_unmating(&self, pos: &Position, out: &mut Vec<Move>) {
        out.retain(|m| {
            let unless =
                m.kind == MoveType::Enter && self.game.kinds[m.becomes as usize].enter.is_some_and(|e| e.unless_mates);
            !(unless && self.mates(pos, m))
        });
    }

    /// Whether `m` leaves the opponent's royal piece attacked and the
    /// opponent without a legal move (`enter unless it checkmates`).
    pub(super) fn mates(&self, pos: &Position, m: &Move) -> bool {
        let next = self.play_unchecked(pos, m);
        if self.check(&next, next.turn).is_none() {
            return false;
        }
        let mut replies = Vec::new();
        // A position past a limit cannot be judged: the entry stands.
        self.generate(&next, ANY_ROLL, &mut replies).is_ok() && replies.is_empty()
    }

    /// Whether a piece `c` entered on `to` would capture as it lands
    /// (`enter capturing`: Reversi's placements must flip).
    fn captures_on_entry(&self, pos: &Position, to: Point, c: Cell) -> bool {
        if !self.points.adjacent[to as usize].meets(&pos.enemies(owner(c))) {
            return false;
        }
        if let Some(captures) = self.would_capture_on(pos, to, c) {
            return captures;
        }
        let mut after = pos.clone();
        self.put(&mut after, to, c);
        let mut doomed = super::custodial::Doomed::new();
        self.landing_captures(&after, to, &mut doomed);
        !doomed.is_empty()
    }

    /// Where a piece of kind `k` entered by `me` may come to rest.
    #[inline]
    pub(super) fn landings(&self, pos: &Position, k: KindId, enter: &Enter, empty: &PointSet) -> PointSet {
        let me = pos.turn;
        let on = enter.on[me as usize];
        let landings = match enter.falling[me as usize] {
            Some(d) => self.falls(&on, empty, d),
            None => on.and(empty),
        };
        let landings = landings.minus(&self.points.no_stop_set[k as usize]);
        match (&self.shifts, &self.game.custodial) {
            (Some(shifts), Some(c)) if enter.capturing && self.outflanks_by_shifts => {
                let found = shifts.with_stepper(Outflanks {
                    own: pos.occupied[me as usize].low128(),
                    enemy: pos.enemies(me).low128(),
                    empty: empty.low128(),
                    sides: c.sides,
                    runs: c.runs,
                });
                landings.and(&PointSet::from_low128(found))
            }
            _ => landings,
        }
    }

    /// For playouts in games where every move is an entry (no piece moves
    /// once placed): a move chosen by `pick` from the count of the legal
    /// ones, without listing them; the same move that `pick` would choose
    /// from [`Engine::moves`]. None where there is no legal move.
    #[inline]
    pub(super) fn pick_placement(&self, pos: &Position, pick: impl FnOnce(usize) -> usize) -> Option<(Move, usize)> {
        if pos.result.is_some() {
            return None;
        }
        let me = pos.turn;
        let empty = self.points.all.minus(&pos.taken);
        let each = |k: usize| {
            let kind = &self.game.kinds[k];
            let enter = kind.enter.as_ref()?;
            (self.in_hand(pos, me, k as KindId) > 0).then(|| self.landings(pos, k as KindId, enter, &empty))
        };
        self.pick_entry(each, 0, pick)
    }

    /// The `n`-th of the entries whose points `landings` gives, kind by kind
    /// (None for a kind that cannot enter now), then of `passes` passes, `n`
    /// chosen by `pick` from their number; with that number. None where
    /// there is none.
    #[inline]
    pub(super) fn pick_entry(
        &self,
        mut landings: impl FnMut(usize) -> Option<PointSet>,
        passes: usize,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<(Move, usize)> {
        // The first kind's points are kept: most such games have one kind.
        // (With its count: a count of a large board's set is long without `popcnt`.)
        let (mut total, mut first) = (0, None);
        for k in 0..self.game.kinds.len() {
            let Some(set) = landings(k) else { continue };
            let len = self.points_in(&set);
            total += len;
            first.get_or_insert((k, set, len));
        }
        total += passes;
        if total == 0 {
            return None;
        }
        let mut n = pick(total);
        if let Some((first_kind, first_set, first_len)) = first {
            for k in first_kind..self.game.kinds.len() {
                let (set, len) = if k == first_kind {
                    (first_set, first_len)
                } else {
                    let Some(set) = landings(k) else { continue };
                    (set, self.points_in(&set))
                };
                if n < len {
                    let to = self.nth_point(&set, n);
                    let m = Move { kind: MoveType::Enter, to, distance: 1, becomes: k as KindId, ..Move::PASS };
                    return Some((m, total));
                }
                n -= len;
            }
        }
        (passes > 0).then_some((Move::PASS, total))
    }

    /// [`PointSet::nth`], by POPCNT where the CPU has it (and PDEP with BMI2).
    #[inline]
    fn nth_point(&self, set: &PointSet, n: usize) -> Point {
        #[cfg(target_arch = "x86_64")]
        if self.cpu.bmi2 {
            // SAFETY: `bmi2` is set only where the CPU has BMI1, BMI2 and POPCNT.
            return unsafe { nth_point_bmi2(set, n) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            // SAFETY: `popcnt` is set only where the CPU has the instruction.
            return unsafe { nth_point_popcnt(set, n) };
        }
        set.nth(n)
    }

    /// Where pieces entered on the empty points of `on` come to rest falling
    /// in direction `d`: the empty points whose next point that way is off
    /// the board or taken, that some entry point falls to (each once).
    pub(super) fn falls(&self, on: &PointSet, empty: &PointSet, d: Dir) -> PointSet {
        if let Some(shifts) = &self.shifts {
            let fall = Fall { on: on.low128(), empty: empty.low128(), d };
            return PointSet::from_low128(shifts.with_stepper(fall));
        }
        self.falls_by_walks(on, empty, d)
    }

    /// [`Engine::falls`] point by point, on any board (and the plain path
    /// the shifts are tested against).
    pub(super) fn falls_by_walks(&self, on: &PointSet, empty: &PointSet, d: Dir) -> PointSet {
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
        if !self.hands.any {
            return 0;
        }
        (0..self.game.kinds.len() as KindId)
            .filter(|&k| kinds & (1 << k) != 0)
            .map(|k| self.counted_in_hand(pos, player, k) as usize)
            .sum()
    }

    /// How many pieces of the kinds in `kinds` the player has at the start,
    /// on the board and in hand.
    pub fn setup_count(&self, player: PlayerId, kinds: u16) -> usize {
        let counts = &self.setup_count[player as usize];
        if kinds & self.every_kind == self.every_kind {
            return counts.iter().map(|&c| c as usize).sum();
        }
        (0..MAX_KINDS).filter(|&k| kinds & (1 << k) != 0).map(|k| counts[k] as usize).sum()
    }

    /// Whether pieces of `kind` wait on the board while the side to move
    /// still has some in hand (`enter ... before moving`).
    #[inline]
    pub(super) fn held_back(&self, pos: &Position, kind: KindId) -> bool {
        self.game.kinds[kind as usize].enter.is_some_and(|e| e.before_moving) && self.in_hand(pos, pos.turn, kind) > 0
    }
}

/// [`PointSet::nth`] compiled for CPUs with BMI2: the bit within its word by
/// one bit deposit.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn nth_point_bmi2(set: &PointSet, n: usize) -> Point {
    set.nth_by(n, |w, k| std::arch::x86_64::_pdep_u64(1 << k, w).trailing_zeros())
}

/// [`PointSet::nth`] compiled for CPUs with POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn nth_point_popcnt(set: &PointSet, n: usize) -> Point {
    set.nth(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The n-th point by PDEP and by POPCNT is the n-th point counted up.
    #[test]
    fn the_nth_point_is_the_same_by_every_build() {
        let mut set = PointSet::default();
        for p in [0, 1, 5, 63, 64, 65, 127, 128, 200, 255, 300, 382] {
            set.insert(p);
        }
        let points: Vec<Point> = set.iter().collect();
        for (n, &p) in points.iter().enumerate() {
            assert_eq!(set.nth(n), p);
            #[cfg(target_arch = "x86_64")]
            {
                if std::is_x86_feature_detected!("bmi2") {
                    // SAFETY: the CPU has BMI2 (and so POPCNT).
                    assert_eq!(unsafe { nth_point_bmi2(&set, n) }, p, "point {n} by PDEP");
                }
                if std::is_x86_feature_detected!("popcnt") {
                    // SAFETY: the CPU has POPCNT.
                    assert_eq!(unsafe { nth_point_popcnt(&set, n) }, p, "point {n} by POPCNT");
                }
            }
        }
    }
}
