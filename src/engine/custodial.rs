//! Captures judged when a piece lands (the piece that moved captures):
//! custodial capture by a partner beyond one target or a run of them, at
//! right angles, by intervention, the shieldwall, and the traps of a kind
//! (a king surrounded or enclosed).

use super::*;

/// The points a landing captures, each once.
#[derive(Default)]
pub(super) struct Doomed(PointSet);

impl Doomed {
    pub fn new() -> Doomed {
        Doomed::default()
    }

    fn add(&mut self, p: Point) {
        self.0.insert(p);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter()
    }
}

impl Engine {
    /// Whether the sets share a point, on a small board by their low words.
    #[inline]
    fn meets(&self, a: &PointSet, b: &PointSet) -> bool {
        if self.small_board {
            a.meets_low128(b)
        } else {
            a.meets(b)
        }
    }

    /// Custodial captures and traps caused by the piece that landed on `q`,
    /// judged before anything is removed.
    #[inline(always)]
    pub(super) fn landing_captures(&self, pos: &Position, q: Point, doomed: &mut Doomed) {
        let mover = pos.at(q);
        // Every way a landing captures takes an enemy next to it first: with
        // none there, no direction need be looked at (one test, not one each).
        if self.game.custodial.is_none() && self.game.traps.is_empty() {
            return;
        }
        if !self.meets(&self.points.adjacent[q as usize], &pos.occupied[1 - owner(mover) as usize]) {
            return;
        }
        if let Some(c) = &self.game.custodial {
            if c.captors & (1 << kind_of(mover)) != 0 {
                for d in dirs(c.sides) {
                    self.custodial_towards(pos, q, owner(mover), d, c, doomed);
                }
                if c.intervention {
                    self.intervention(pos, q, c, doomed);
                }
                if c.shieldwall {
                    let mut row = [0 as Point; MAX_POINTS + 1];
                    for d in dirs(c.sides) {
                        let len = self.shieldwall(pos, q, d, c, &mut row);
                        row[..len].iter().for_each(|&t| doomed.add(t));
                    }
                }
            }
        }
        self.traps_closed(pos, q, doomed);
    }

    /// Whether a piece `c` landing on the empty point `q` would capture, read
    /// without placing it; None where a rule needs the piece on the board to
    /// tell (traps, intervention, the shieldwall).
    pub(super) fn would_capture_on(&self, pos: &Position, q: Point, c: Cell) -> Option<bool> {
        let cust = self.game.custodial.as_ref()?;
        if !self.game.traps.is_empty() || cust.intervention || cust.shieldwall {
            return None;
        }
        if cust.captors & (1 << kind_of(c)) == 0 {
            return Some(false);
        }
        let mut doomed = Doomed::new();
        Some(dirs(cust.sides).any(|d| {
            self.custodial_towards(pos, q, owner(c), d, cust, &mut doomed);
            !doomed.is_empty()
        }))
    }

    /// Custodial capture of the target next to `q` in direction `d`: a
    /// partner (or hostile site) beyond it, beyond a run of targets, or at
    /// right angles to it.
    #[inline(always)]
    fn custodial_towards(&self, pos: &Position, q: Point, me: PlayerId, d: Dir, c: &Custodial, doomed: &mut Doomed) {
        let board = &self.game.board;
        let t = board.step(q, d);
        if t == NONE || !self.run_target(pos, t, me, c) {
            return;
        }
        let tc = pos.at(t);
        let mut taken = c.opposite && self.flanks(pos, board.step(t, d), me, c.captors, tc);
        if !taken && c.runs {
            // An unbroken run of targets, closed by a partner beyond it.
            let mut end = t;
            let mut len = 0;
            while end != NONE && self.run_target(pos, end, me, c) {
                len += 1;
                end = board.step(end, d);
            }
            if len > 1 && end != NONE && self.flanker(pos, end, me, c.captors, tc) {
                let mut r = t;
                while r != end {
                    doomed.add(r);
                    r = board.step(r, d);
                }
                return;
            }
            taken = len == 1 && self.flanks(pos, end, me, c.captors, tc);
        }
        let in_zone = c.perpendicular_within.is_none_or(|z| z.contains(t));
        if !taken && c.perpendicular && in_zone {
            // The target's two sides at right angles to the mover's.
            // Two tests written out, not an iterator over the pair nor a
            // closure (either was left out of line: a call a landing).
            let (a, b) = ((d + 2) % 8, (d + 6) % 8);
            taken = c.sides & (1 << a) != 0 && self.flanks(pos, board.step(t, a), me, c.captors, tc)
                || c.sides & (1 << b) != 0 && self.flanks(pos, board.step(t, b), me, c.captors, tc);
        }
        if taken {
            doomed.add(t);
        }
    }

    /// Intervention: the piece on `q` stands between two targets on a line
    /// (both adjacent): both are taken, on each line.
    fn intervention(&self, pos: &Position, q: Point, c: &Custodial, doomed: &mut Doomed) {
        let board = &self.game.board;
        let me = owner(pos.at(q));
        for d in dirs(c.sides).filter(|&d| d < 4) {
            let (a, b) = (board.step(q, d), board.step(q, opposite(d)));
            if a != NONE && b != NONE && self.run_target(pos, a, me, c) && self.run_target(pos, b, me, c) {
                doomed.add(a);
                doomed.add(b);
            }
        }
    }

    /// Whether `p` holds a piece that custodial capture could take for `me`.
    fn run_target(&self, pos: &Position, p: Point, me: PlayerId, c: &Custodial) -> bool {
        let tc = pos.at(p);
        tc != 0
            && owner(tc) != me
            && c.targets & (1 << kind_of(tc)) != 0
            && !c.safe[kind_of(tc) as usize].is_some_and(|s| s.contains(p))
    }

    /// The traps of a kind (`capture KIND { ... }`) that the piece landing
    /// on `q` closes: on a trapped piece next to it, or next to a friend of
    /// that piece beside it.
    fn traps_closed(&self, pos: &Position, q: Point, doomed: &mut Doomed) {
        let board = &self.game.board;
        let me = owner(pos.at(q));
        // The enemy pieces of any kind but the first (a superset of a
        // trapped kind's, where that is not the first kind).
        let enemies = pos.enemies(me);
        let others = enemies.and(&pos.other_kinds);
        for trap in &self.game.traps {
            if trap.enclosed == Some(ANY_FRIENDS) {
                self.groups_closed(pos, q, me, trap, doomed);
                if trap.surrounded.is_none() {
                    continue;
                }
            }
            // No piece of the trapped kind within two steps: none to look for
            // (one test of the sets, where most landings are far from a king).
            let of_kind = if trap.kind == 0 { enemies.minus(&pos.other_kinds) } else { others };
            if !self.meets(&self.points.near_two[q as usize], &of_kind) {
                continue;
            }
            // Candidates: the trapped kind next to q, or next to a friend next to q.
            for d in dirs(trap.sides) {
                let a = board.step(q, d);
                if a == NONE || pos.at(a) == 0 || owner(pos.at(a)) == me {
                    continue;
                }
                if kind_of(pos.at(a)) == trap.kind && self.trapped(pos, a, q, trap) {
                    doomed.add(a);
                }
                for e in dirs(trap.sides) {
                    let k = board.step(a, e);
                    if k != NONE
                        && k != q
                        && pos.at(k) != 0
                        && owner(pos.at(k)) != me
                        && kind_of(pos.at(k)) == trap.kind
                        && self.trapped(pos, k, q, trap)
                    {
                        doomed.add(k);
                    }
                }
            }
        }
    }

    /// The shieldwall the mover on `q` closes going along the edge in direction
    /// `e`: a row of two or more enemies on the edge, bracketed at the far end
    /// by a captor or hostile site, each faced from the inside by the mover's
    /// side. Writes the row's targets into `row`; returns how many.
    fn shieldwall(&self, pos: &Position, q: Point, e: Dir, c: &Custodial, row: &mut [Point; MAX_POINTS + 1]) -> usize {
        let board = &self.game.board;
        let me = owner(pos.at(q));
        // The inside is the side at right angles to the edge that is on the board.
        let Some(inside) = [(e + 2) % 8, (e + 6) % 8]
            .into_iter()
            .find(|&i| board.step(q, opposite(i)) == NONE && board.step(q, i) != NONE)
        else {
            return 0;
        };
        let mut members = [0 as Point; MAX_POINTS + 1];
        let mut len = 0;
        let mut r = board.step(q, e);
        while r != NONE && pos.at(r) != 0 && owner(pos.at(r)) != me {
            let faced = board.step(r, inside);
            let on_edge = board.step(r, opposite(inside)) == NONE;
            if !on_edge || faced == NONE || pos.at(faced) == 0 || owner(pos.at(faced)) != me || len == members.len() {
                return 0;
            }
            members[len] = r;
            len += 1;
            r = board.step(r, e);
        }
        if len < 2 || r == NONE || !self.flanker(pos, r, me, c.captors, pos.at(members[0])) {
            return 0;
        }
        let mut n = 0;
        for &m in &members[..len] {
            if c.targets & (1 << kind_of(pos.at(m))) != 0 {
                row[n] = m;
                n += 1;
            }
        }
        n
    }

    /// [`Engine::flanker`], where `b` may be off the board ([`NONE`]).
    #[inline(always)]
    fn flanks(&self, pos: &Position, b: Point, me: PlayerId, captors: u16, victim: Cell) -> bool {
        b != NONE && self.flanker(pos, b, me, captors, victim)
    }

    /// Does `b` flank an enemy `victim` for player `me`: a captor of `me`'s, or a
    /// site hostile to the victim?
    #[inline]
    fn flanker(&self, pos: &Position, b: Point, me: PlayerId, captors: u16, victim: Cell) -> bool {
        let c = pos.at(b);
        if c != 0 && owner(c) == me && captors & (1 << kind_of(c)) != 0 {
            return true;
        }
        let bit = 1u16 << kind_of(victim);
        let i = b as usize * MAX_PLAYERS + owner(victim) as usize;
        if c == 0 {
            self.points.hostile_empty[i] & bit != 0
        } else {
            owner(c) == owner(victim) && self.points.hostile_always[i] & bit != 0
        }
    }

    /// Is the piece at `k` captured by its trap rule, the mover standing on `q`?
    fn trapped(&self, pos: &Position, k: Point, q: Point, trap: &Trap) -> bool {
        self.caught(pos, k, Some(q), trap)
    }

    /// `enclosed with any friends`: each enemy group next to `q` that has no
    /// point beside it but friends and hostile ones loses its pieces of the
    /// trap's kind.
    fn groups_closed(&self, pos: &Position, q: Point, me: PlayerId, trap: &Trap, doomed: &mut Doomed) {
        let mut seen = PointSet::default();
        for d in dirs(trap.sides) {
            let a = self.game.board.step(q, d);
            if a == NONE || pos.at(a) == 0 || owner(pos.at(a)) == me || seen.contains(a) {
                continue;
            }
            let mut group = PointSet::default();
            if self.group_enclosed(pos, a, trap, &mut group) {
                for g in group.iter() {
                    if kind_of(pos.at(g)) == trap.kind && self.trap_applies(g, trap) {
                        doomed.add(g);
                    }
                }
            }
            seen = seen.union(&group);
        }
    }

    /// Whether the group of pieces of `k`'s side joined to `k` along the
    /// trap's sides has no point beside it that is empty and not hostile
    /// (no liberty). `group` gathers the pieces seen: the whole group when
    /// it is enclosed, else those seen before a liberty was found.
    pub(super) fn group_enclosed(&self, pos: &Position, k: Point, trap: &Trap, group: &mut PointSet) -> bool {
        let board = &self.game.board;
        let side = owner(pos.at(k));
        // The group's pieces whose neighbours are still to be seen.
        let mut todo = PointSet::default();
        todo.insert(k);
        group.insert(k);
        while let Some(g) = todo.first() {
            todo.remove(g);
            let gk = kind_of(pos.at(g));
            for d in dirs(trap.sides) {
                let s = board.step(g, d);
                if s == NONE || group.contains(s) {
                    continue;
                }
                let c = pos.at(s);
                if c != 0 && owner(c) == side {
                    group.insert(s);
                    todo.insert(s);
                } else if !self.hostile_to(pos, s, side, gk) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the trap's places (`within`, `never on edge`) let it take a piece on `k`.
    fn trap_applies(&self, k: Point, trap: &Trap) -> bool {
        let on_edge = || dirs(trap.sides).any(|d| self.game.board.step(k, d) == NONE);
        trap.within.is_none_or(|w| w.contains(k)) && !(trap.never_on_edge && on_edge())
    }

    /// Whether the piece on `k` is caught by the trap's conditions, closed
    /// by a piece on `closer` next to it (or its group), or by anyone.
    pub(super) fn caught(&self, pos: &Position, k: Point, closer: Option<Point>, trap: &Trap) -> bool {
        let board = &self.game.board;
        let victim = pos.at(k);
        let (vo, vk) = (owner(victim), kind_of(victim));
        if !self.trap_applies(k, trap) {
            return false;
        }
        let next_to = |p: Point| closer.is_none_or(|x| dirs(trap.sides).any(|d| board.step(p, d) == x));
        if let Some(needed) = trap.surrounded {
            let hostile = dirs(trap.sides)
                .filter(|&d| {
                    let s = board.step(k, d);
                    s != NONE && self.hostile_to(pos, s, vo, vk)
                })
                .count();
            if hostile >= needed as usize && next_to(k) {
                return true;
            }
        }
        if trap.enclosed == Some(ANY_FRIENDS) {
            return self.group_enclosed(pos, k, trap, &mut PointSet::default());
        }
        if let Some(friends) = trap.enclosed {
            // The group: the piece and its friends connected to it, at most 1 + friends.
            let mut group = [NONE; 9];
            group[0] = k;
            let mut size = 1;
            let mut i = 0;
            while i < size {
                let g = group[i];
                for d in dirs(trap.sides) {
                    let s = board.step(g, d);
                    if s == NONE || group[..size].contains(&s) {
                        continue;
                    }
                    let c = pos.at(s);
                    if c != 0 && owner(c) == vo {
                        if size > friends as usize {
                            return false;
                        }
                        group[size] = s;
                        size += 1;
                    } else if !self.hostile_to(pos, s, vo, vk) {
                        return false;
                    }
                }
                i += 1;
            }
            let closes = group[..size].iter().any(|&g| next_to(g));
            if closes {
                return true;
            }
        }
        false
    }
}
