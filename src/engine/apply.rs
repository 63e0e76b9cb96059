//! Playing a move: the piece moves, captures are judged on the board as it
//! stands when the piece lands, then removed; goals are checked.

use super::*;

impl Engine {
    /// The position after `mv`, which must be legal here (from [`Engine::moves`]).
    pub fn play_unchecked(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = pos.clone();
        let me = pos.turn;
        let mut result = None;
        match mv.kind {
            MoveType::Pass => {}
            MoveType::Leave => {
                let kind = kind_of(pos.at(mv.from));
                self.put(&mut next, mv.from, 0);
                result = self.goal_escape(me, kind);
            }
            MoveType::Jumps => {
                let mut captured = 0u16;
                for &t in mv.jumped() {
                    captured |= 1 << kind_of(next.at(t));
                    self.put(&mut next, t, 0);
                }
                self.put(&mut next, mv.from, 0);
                self.put(&mut next, mv.to, cell(me, mv.becomes));
                result = self.goal_capture(me, captured).or_else(|| self.goal_reach(me, mv.becomes, mv.to));
            }
            MoveType::Plain => {
                self.put(&mut next, mv.from, 0);
                self.put(&mut next, mv.to, cell(me, mv.becomes));
                let mut doomed = [NONE; 16];
                let n = self.landing_captures(&next, mv.to, &mut doomed);
                let mut captured = 0u16;
                for &t in &doomed[..n] {
                    captured |= 1 << kind_of(next.at(t));
                    self.put(&mut next, t, 0);
                }
                result = self.goal_capture(me, captured).or_else(|| self.goal_reach(me, mv.becomes, mv.to));
            }
        }
        next.turn = 1 - me;
        next.hash ^= self.zobrist_turn;
        next.ply += 1;
        next.result = result;
        next
    }

    /// Custodial captures and traps caused by the piece that landed on `q`,
    /// judged before anything is removed. Returns how many points it wrote.
    fn landing_captures(&self, pos: &Position, q: Point, doomed: &mut [Point; 16]) -> usize {
        let mut n = 0;
        let board = &self.game.board;
        let mover = pos.at(q);
        let me = owner(mover);
        let mut add = |p: Point, n: &mut usize| {
            if *n < doomed.len() && !doomed[..*n].contains(&p) {
                doomed[*n] = p;
                *n += 1;
            }
        };
        if let Some(c) = &self.game.custodial {
            if c.captors & (1 << kind_of(mover)) != 0 {
                for d in dirs(c.sides) {
                    let t = board.step(q, d);
                    if t == NONE {
                        continue;
                    }
                    let tc = pos.at(t);
                    if tc == 0 || owner(tc) == me || c.targets & (1 << kind_of(tc)) == 0 {
                        continue;
                    }
                    if c.safe[kind_of(tc) as usize].is_some_and(|s| s.contains(t)) {
                        continue;
                    }
                    let flanked = |b: Point| b != NONE && self.flanker(pos, b, me, c.captors, tc);
                    let mut taken = c.opposite && flanked(board.step(t, d));
                    if !taken && c.perpendicular {
                        // The target's two sides at right angles to the mover's.
                        taken = [(d + 2) % 8, (d + 6) % 8]
                            .into_iter()
                            .any(|e| c.sides & (1 << e) != 0 && flanked(board.step(t, e)));
                    }
                    if taken {
                        add(t, &mut n);
                    }
                }
            }
        }
        for trap in &self.game.traps {
            // Candidates: the trapped kind next to q, or next to a friend next to q.
            for d in dirs(trap.sides) {
                let a = board.step(q, d);
                if a == NONE || pos.at(a) == 0 || owner(pos.at(a)) == me {
                    continue;
                }
                if kind_of(pos.at(a)) == trap.kind && self.trapped(pos, a, q, trap) {
                    add(a, &mut n);
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
                        add(k, &mut n);
                    }
                }
            }
        }
        n
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
        let i = b as usize * PLAYERS + owner(victim) as usize;
        if c == 0 {
            self.hostile_empty[i] & bit != 0
        } else {
            owner(c) == owner(victim) && self.hostile_always[i] & bit != 0
        }
    }

    /// Is the piece at `k` captured by its trap rule, the mover standing on `q`?
    fn trapped(&self, pos: &Position, k: Point, q: Point, trap: &Trap) -> bool {
        let board = &self.game.board;
        let victim = pos.at(k);
        let (vo, vk) = (owner(victim), kind_of(victim));
        if trap.never_on_edge && dirs(trap.sides).any(|d| board.step(k, d) == NONE) {
            return false;
        }
        if trap.within.is_some_and(|w| !w.contains(k)) {
            return false;
        }
        let next_to = |p: Point, x: Point| dirs(trap.sides).any(|d| board.step(p, d) == x);
        if let Some(needed) = trap.surrounded {
            let hostile = dirs(trap.sides)
                .filter(|&d| {
                    let s = board.step(k, d);
                    s != NONE && self.hostile_to(pos, s, vo, vk)
                })
                .count();
            if hostile >= needed as usize && next_to(k, q) {
                return true;
            }
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
            let closes = group[..size].iter().any(|&g| next_to(g, q));
            if closes {
                return true;
            }
        }
        false
    }

    fn goal_capture(&self, me: PlayerId, captured: u16) -> Option<Outcome> {
        if captured == 0 {
            return None;
        }
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::Captured(k) if captured & (1 << k) != 0 => {
                // Without a named player, the capturer wins (or the owner loses).
                let subject = g.player.unwrap_or(if g.wins { me } else { 1 - me });
                Some(Outcome { winner: Some(if g.wins { subject } else { 1 - subject }), reason: Reason::Captured(k) })
            }
            _ => None,
        })
    }

    fn goal_escape(&self, me: PlayerId, kind: KindId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::Escapes(k) if k == kind => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: Some(if g.wins { subject } else { 1 - subject }), reason: Reason::Escaped(k) })
            }
            _ => None,
        })
    }

    fn goal_reach(&self, me: PlayerId, kind: KindId, to: Point) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match &g.condition {
            Condition::Reaches(k, zone) if *k == kind && zone[me as usize].contains(to) => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: Some(if g.wins { subject } else { 1 - subject }), reason: Reason::Reached(*k) })
            }
            _ => None,
        })
    }
}
