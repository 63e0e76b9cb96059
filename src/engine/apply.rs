//! Playing a move: the piece moves, captures are judged on the board as it
//! stands when the piece lands, then removed; goals are checked.

use super::*;

/// Why [`Engine::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not among the legal moves of the position it was played in.
    Illegal { notation: String },
    /// The legal moves are not known in full, so the move cannot be judged.
    Limit(Limit),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Illegal { notation } => write!(f, "`{notation}` is not legal here"),
            PlayError::Limit(limit) => write!(f, "no verdict: {limit}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl Engine {
    /// The position after `mv`, if `mv` is legal at `pos` under `roll` (the
    /// die's value in a dice game). Use [`Engine::play_unchecked`] with moves
    /// that come from [`Engine::moves`].
    pub fn play(&self, pos: &Position, roll: Option<u8>, mv: &Move) -> Result<Position, PlayError> {
        let mut legal = Vec::new();
        self.moves(pos, roll, &mut legal).map_err(PlayError::Limit)?;
        if legal.contains(mv) {
            Ok(self.play_unchecked(pos, mv))
        } else {
            Err(PlayError::Illegal { notation: self.notation(mv) })
        }
    }

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
                // Room for every point: a shieldwall row can be as long as an edge.
                let mut doomed = [NONE; 256];
                let n = self.landing_captures(&next, mv.to, &mut doomed);
                let mut captured = 0u16;
                for &t in &doomed[..n] {
                    captured |= 1 << kind_of(next.at(t));
                    self.put(&mut next, t, 0);
                }
                result = self.goal_capture(me, captured).or_else(|| self.goal_reach(me, mv.becomes, mv.to));
            }
        }
        if result.is_none() && self.position_goals && mv.kind != MoveType::Pass {
            result = self.goal_position(&next, me);
        }
        if result.is_none() && self.count_goals {
            result = self.goal_count(&next, me);
        }
        if self.run_limits {
            next.run[me as usize] = self.run_after(pos, &next, mv);
        }
        next.turn = 1 - me;
        next.hash ^= self.zobrist_turn;
        next.ply += 1;
        next.result = result;
        self.no_progress_after(pos, &mut next, mv);
        next
    }

    /// The mover's run of moves that capture nothing, after `mv` (for kinds
    /// with `at most N moves in a row`): one longer if the same piece made it
    /// and nothing was captured, else begun anew or ended.
    fn run_after(&self, before: &Position, after: &Position, mv: &Move) -> Run {
        let me = before.turn as usize;
        let quiet = matches!(mv.kind, MoveType::Plain | MoveType::Leave)
            && before.occupied[1 - me].len() == after.occupied[1 - me].len();
        let limited =
            mv.kind == MoveType::Plain && self.game.kinds[kind_of(before.at(mv.from)) as usize].run_limit.is_some();
        if !quiet || !limited {
            return Run::NONE;
        }
        let last = before.run[me];
        let count = if last.at == mv.from { last.count.saturating_add(1) } else { 1 };
        Run { at: mv.to, count }
    }

    /// Whether the piece on `p` has made as many moves in a row without
    /// capturing as its kind allows, so that only a capture is left to it.
    #[inline]
    pub(super) fn run_exhausted(&self, pos: &Position, p: Point, kind: KindId) -> bool {
        let run = pos.run[pos.turn as usize];
        if run.at != p {
            return false;
        }
        let Some(limit) = self.game.kinds[kind as usize].run_limit else { return false };
        run.count >= limit.max
            && pos.occupied[pos.turn as usize].iter().any(|q| limit.while_has & (1 << kind_of(pos.at(q))) != 0)
    }

    /// Whether `p` holds a piece that custodial capture could take for `me`.
    fn run_target(&self, pos: &Position, p: Point, me: PlayerId, c: &Custodial) -> bool {
        let tc = pos.at(p);
        tc != 0
            && owner(tc) != me
            && c.targets & (1 << kind_of(tc)) != 0
            && !c.safe[kind_of(tc) as usize].is_some_and(|s| s.contains(p))
    }

    /// Custodial captures and traps caused by the piece that landed on `q`,
    /// judged before anything is removed. Returns how many points it wrote.
    fn landing_captures(&self, pos: &Position, q: Point, doomed: &mut [Point; 256]) -> usize {
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
                                add(r, &mut n);
                                r = board.step(r, d);
                            }
                            continue;
                        }
                        taken = len == 1 && flanked(end);
                    }
                    let in_zone = c.perpendicular_within.is_none_or(|z| z.contains(t));
                    if !taken && c.perpendicular && in_zone {
                        // The target's two sides at right angles to the mover's.
                        taken = [(d + 2) % 8, (d + 6) % 8]
                            .into_iter()
                            .any(|e| c.sides & (1 << e) != 0 && flanked(board.step(t, e)));
                    }
                    if taken {
                        add(t, &mut n);
                    }
                }
                if c.shieldwall {
                    let mut row = [NONE; 256];
                    for d in dirs(c.sides) {
                        let len = self.shieldwall(pos, q, d, c, &mut row);
                        for &t in &row[..len] {
                            add(t, &mut n);
                        }
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

    /// The shieldwall the mover on `q` closes going along the edge in direction
    /// `e`: a row of two or more enemies on the edge, bracketed at the far end
    /// by a captor or hostile site, each faced from the inside by the mover's
    /// side. Writes the row's targets into `row`; returns how many.
    fn shieldwall(&self, pos: &Position, q: Point, e: Dir, c: &Custodial, row: &mut [Point; 256]) -> usize {
        let board = &self.game.board;
        let me = owner(pos.at(q));
        // The inside is the side at right angles to the edge that is on the board.
        let Some(inside) = [(e + 2) % 8, (e + 6) % 8]
            .into_iter()
            .find(|&i| board.step(q, opposite(i)) == NONE && board.step(q, i) != NONE)
        else {
            return 0;
        };
        let mut members = [NONE; 256];
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

    /// Goals about the whole position, checked after `me` has moved.
    fn goal_position(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| {
            let (hit, subject, reason) = match g.condition {
                // The mover encircles the other side.
                Condition::Encircled(x) if x != me && !pos.occupied[x as usize].is_empty() => {
                    (self.encircled(pos, x), g.player.unwrap_or(x), Reason::Encircled(x))
                }
                Condition::Fortified(k) => {
                    let fort =
                        pos.occupied[me as usize].iter().any(|p| kind_of(pos.at(p)) == k && self.fortified(pos, p));
                    (fort, g.player.unwrap_or(me), Reason::Fortified(k))
                }
                _ => return None,
            };
            hit.then(|| Outcome { winner: g.winner(subject), reason })
        })
    }

    /// Whether `p` is on the edge: some orthogonal neighbour is off the board.
    fn on_edge(&self, p: Point) -> bool {
        [0u8, 2, 4, 6].iter().any(|&d| self.game.board.step(p, d) == NONE)
    }

    /// No piece of player `x` can reach the edge through empty points.
    fn encircled(&self, pos: &Position, x: PlayerId) -> bool {
        let board = &self.game.board;
        let mut seen = PointSet::default();
        let mut stack = [0 as Point; 256];
        let mut top = 0;
        for p in pos.occupied[x as usize].iter() {
            seen.insert(p);
            stack[top] = p;
            top += 1;
        }
        while top > 0 {
            top -= 1;
            let p = stack[top];
            if self.on_edge(p) {
                return false;
            }
            for d in [0u8, 2, 4, 6] {
                let q = board.step(p, d);
                if q != NONE && !seen.contains(q) && (pos.at(q) == 0 || owner(pos.at(q)) == x) {
                    seen.insert(q);
                    stack[top] = q;
                    top += 1;
                }
            }
        }
        true
    }

    /// An edge fort: the piece on `k` is on the edge and can move; the empty
    /// points it can reach touch no enemy; and no piece walling them in can
    /// ever be captured: along each line through it, one side is off the
    /// board, inside the fort, or another such piece (the largest set of
    /// friends with that property, found by removing the others until none
    /// is left to remove).
    fn fortified(&self, pos: &Position, k: Point) -> bool {
        let board = &self.game.board;
        let me = owner(pos.at(k));
        if !self.on_edge(k) {
            return false;
        }
        let orth = [0u8, 2, 4, 6];
        let mut inside = PointSet::default();
        inside.insert(k);
        let mut stack = [0 as Point; 256];
        let (mut top, mut room) = (1, false);
        stack[0] = k;
        let mut wall = PointSet::default();
        while top > 0 {
            top -= 1;
            let p = stack[top];
            for d in orth {
                let q = board.step(p, d);
                if q == NONE || inside.contains(q) {
                    continue;
                }
                match pos.at(q) {
                    0 => {
                        room = true;
                        inside.insert(q);
                        stack[top] = q;
                        top += 1;
                    }
                    c if owner(c) == me => wall.insert(q),
                    _ => return false, // an enemy touches the fort
                }
            }
        }
        if !room {
            return false; // the piece cannot move
        }
        let mut safe = pos.occupied[me as usize];
        safe.remove(k);
        loop {
            let shielded = |s: Point, safe: &PointSet| s == NONE || inside.contains(s) || safe.contains(s);
            let weak: Vec<Point> = safe
                .iter()
                .filter(|&w| {
                    ![0u8, 2]
                        .iter()
                        .all(|&d| shielded(board.step(w, d), &safe) || shielded(board.step(w, opposite(d)), &safe))
                })
                .collect();
            if weak.is_empty() {
                break;
            }
            for w in weak {
                safe.remove(w);
            }
        }
        wall.iter().all(|w| safe.contains(w))
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
                Some(Outcome { winner: g.winner(subject), reason: Reason::Captured(k) })
            }
            _ => None,
        })
    }

    fn goal_escape(&self, me: PlayerId, kind: KindId) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::Escapes(k) if k == kind => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: g.winner(subject), reason: Reason::Escaped(k) })
            }
            _ => None,
        })
    }

    fn goal_reach(&self, me: PlayerId, kind: KindId, to: Point) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match &g.condition {
            Condition::Reaches(k, zone) if *k == kind && zone[me as usize].contains(to) => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: g.winner(subject), reason: Reason::Reached(*k) })
            }
            _ => None,
        })
    }
}
