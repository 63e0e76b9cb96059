//! Moves of the vector family, chess's and its relatives': steps, slides,
//! leaps, rides and hops that may land on an enemy piece and take it, with
//! where they may start (`from REGION`), en passant and castling; and which
//! pieces attack a point, for royal pieces (`royal.rs`).

use super::shifts::points_of;
use super::*;

/// The tables of the moves of chess's family and of the royal rule, built
/// once from the game.
#[derive(Debug)]
pub(super) struct VectorTables {
    /// Each lattice point's board point (`y * width + x`), or NONE.
    pub(super) lattice: Vec<Point>,
    /// Some kind moves by vectors (`vectors.rs`): the counting does not know them.
    pub(super) vectors: bool,
    /// Per kind: it may take by landing (a take, or a vector that captures).
    pub(super) attacks: Vec<bool>,
    /// Per kind and player (`kind * MAX_PLAYERS + player`), its attacks along
    /// lines from anywhere: see [`LineAttacks`].
    pub(super) line_attacks: Vec<vectors::LineAttacks>,
    /// `direction_between[p * points + q]`: the direction from `p` along a
    /// straight line to `q` (8: none), for the royal rule's pins.
    pub(super) direction_between: Vec<u8>,
    /// Per kind: it attacks in ways the line table does not hold (leaps,
    /// rides, hops, moves from a region), which `attacker` tries one by one.
    pub(super) other_attacks: Vec<bool>,
    /// On boards of up to 128 points: per kind, player and point, the points
    /// its line table's steps and its plain leaps attack, as bits, at `(kind
    /// * MAX_PLAYERS + player) * points + point` (empty on larger boards).
    pub(super) step_attacks: Vec<u128>,
    /// Per kind: whatever it attacks beyond the line table, it attacks by
    /// plain leaps (so its attacks from a point are bits: [`Engine::danger`]).
    pub(super) leaps_beyond_lines: Vec<bool>,
    /// On boards of up to 128 points where some kind leaps (empty
    /// otherwise): `leap_sources[(kind * MAX_PLAYERS + player) * points + q]`,
    /// the points from which that kind's plain leaps that capture land on `q`.
    pub(super) leap_sources: Vec<u128>,
    /// Per kind: its vectors are all steps, slides and plain leaps, which
    /// [`Engine::vector_targets_bits`] finds by bits where the board allows.
    pub(super) bit_vectors: Vec<bool>,
    /// On boards of up to 128 points: per step and plain leap, per player and
    /// point, its landings as bits (whatever stands on them or between), at
    /// `fixed_landings_at[kind][vector] + player * points + point`.
    pub(super) fixed_landings: Vec<u128>,
    pub(super) fixed_landings_at: Vec<Vec<u32>>,
    /// Per kind: the kinds a promotion may make of it (itself if none).
    pub(super) promotion_kinds: Vec<Vec<KindId>>,
    /// Each kind's own id, to lend a one-kind slice.
    pub(super) kind_ids: Vec<KindId>,
    /// The royal kinds, as bits.
    pub(super) royal_kinds: u16,
    /// Attacks pass along straight lines only (no hop, ride, lame leap or
    /// slide from a region) and moves capture only what they list: a move
    /// from a point on no line through the royal piece reveals none.
    pub(super) quick_royal: bool,
    /// Where `quick_royal` fails only for hops and lame leaps (no ride, no
    /// hidden capture, a board of up to 128 points): per point of a royal
    /// piece, the points a lame leap toward it passes first, as bits. A move
    /// off those and off every line through the royal piece that holds an
    /// enemy, landing off those lines too where something hops, reveals no
    /// attack. Empty where that does not hold.
    pub(super) lame_legs: Vec<u128>,
    /// Some kind captures by a hop: a piece landing on a line may be a screen.
    pub(super) hops: bool,
    /// Whether a move may capture more than it lists (custodially, or a
    /// group without liberty): the royal test then plays the whole move.
    pub(super) hidden_captures: bool,
    /// The kinds that castle or are castled with, as bits.
    pub(super) castlers: u16,
    /// Per kind: it may be taken en passant (its kind takes so).
    pub(super) passable: Vec<bool>,
    /// Castling or en passant: the position keeps what they need.
    pub(super) history_state: bool,
    pub(super) zobrist_unmoved: Vec<u64>,
    pub(super) zobrist_passed: Vec<u64>,
    /// Per kind and player, the points from which it could never move, even
    /// on an empty board (all empty without `forbid stranded pieces`).
    pub(super) stranded: Vec<[PointSet; MAX_PLAYERS]>,
    /// Each point's file (its lattice column), for `at most N per file`.
    pub(super) file_of: Vec<u8>,
    /// Some kind enters unless it checkmates.
    pub(super) unmating: bool,
    /// Some kind is limited per file (`at most N per file`).
    pub(super) per_file: bool,
    /// Per kind and player: it lands as it is wherever it goes (no
    /// promotion, no limit per file, no point where it would be stranded),
    /// so its moves need no look at each landing.
    pub(super) lands_as_is: Vec<[bool; MAX_PLAYERS]>,
}

impl VectorTables {
    pub(super) fn of(game: &Game, rays: &[Point], ray_at: &[u32]) -> VectorTables {
        let n = game.board.len();
        let game_kinds = game.kinds.len();
        let vectors = game.kinds.iter().any(|k| !k.moves.vectors.is_empty());
        let royal_kinds = game.kinds.iter().enumerate().filter(|(_, k)| k.royal).fold(0u16, |m, (i, _)| m | 1 << i);
        let castlers = game.kinds.iter().enumerate().fold(0u16, |m, (i, k)| match k.castle {
            Some(partner) => m | 1 << i | 1 << partner,
            None => m,
        });
        let passable: Vec<bool> = game.kinds.iter().map(|k| k.moves.vectors.iter().any(|v| v.en_passant)).collect();
        let history_state = castlers != 0 || passable.iter().any(|&p| p);
        let lattice = tables::lattice(&game.board);
        let attacks = game
            .kinds
            .iter()
            .map(|k| k.moves.take.iter().any(|&t| t != 0) || k.moves.vectors.iter().any(|v| v.landing.enemy()))
            .collect();
        let (line_attacks, other_attacks, leaps_beyond_lines) = LineAttacks::of(game);
        let leap_sources = leap_sources(game, &lattice);
        let (fixed_landings, fixed_landings_at) = fixed_landings(game, &lattice);
        let step_attacks = step_attacks(game, &line_attacks, (&fixed_landings, &fixed_landings_at));
        let direction_between = if royal_kinds != 0 { tables::directions_between(n, rays, ray_at) } else { Vec::new() };
        // Captures a move makes beyond those it lists (custodial ones, groups
        // without liberty) could open a line: those games play every move.
        let hidden_captures = game.custodial.is_some() || !game.traps.is_empty();
        let quick_royal = !hidden_captures && quick_royal(game);
        let rides = game.kinds.iter().flat_map(|k| &k.moves.vectors).any(|v| matches!(v.shape, Shape::Ride));
        let lame_legs = if royal_kinds != 0 && n <= 128 && !hidden_captures && !quick_royal && !rides {
            lame_legs(game, &lattice)
        } else {
            Vec::new()
        };
        let hops = game
            .kinds
            .iter()
            .flat_map(|k| &k.moves.vectors)
            .any(|v| v.landing.enemy() && matches!(v.shape, Shape::Hop));
        let stranded = stranded(game, &lattice);
        VectorTables {
            vectors,
            attacks,
            line_attacks,
            other_attacks,
            leaps_beyond_lines,
            step_attacks,
            leap_sources,
            bit_vectors: bit_vectors(game),
            fixed_landings,
            fixed_landings_at,
            direction_between,
            promotion_kinds: promotion_kinds(game),
            kind_ids: (0..game_kinds as KindId).collect(),
            royal_kinds,
            quick_royal,
            lame_legs,
            hops,
            hidden_captures,
            castlers,
            passable,
            history_state,
            zobrist_unmoved: tables::more_keys(n, 1),
            zobrist_passed: tables::more_keys(n, 2),
            lands_as_is: lands_as_is(game, &stranded),
            stranded,
            file_of: game.board.coords.iter().map(|&(x, _)| x.clamp(0, 255) as u8).collect(),
            per_file: game.kinds.iter().any(|k| k.per_file.is_some()),
            unmating: game.kinds.iter().any(|k| k.enter.is_some_and(|e| e.unless_mates)),
            lattice,
        }
    }
}

/// Per kind, what it may become on promotion: an optional promotion lists
/// staying as it is first.
fn promotion_kinds(game: &Game) -> Vec<Vec<KindId>> {
    (0..game.kinds.len())
        .map(|i| {
            let k = &game.kinds[i];
            let stay = k.promotion.as_ref().is_some_and(|pr| pr.optional).then_some(i as KindId);
            stay.into_iter().chain(k.promotion_choices()).collect()
        })
        .collect()
}

/// Per kind, whether its vectors are all steps, slides and plain leaps, on a
/// board of up to 128 points: its targets are found by bits.
fn bit_vectors(game: &Game) -> Vec<bool> {
    game.kinds
        .iter()
        .map(|k| {
            game.board.len() <= 128
                && k.moves.vectors.iter().all(|v| matches!(v.shape, Shape::Step | Shape::Slide(_)) || v.plain_leap())
        })
        .collect()
}

/// Whether every attack passes along straight lines (no hop, ride, jump
/// over, lame leap or slide from a region onto an enemy): half of
/// [`VectorTables`]'s `quick_royal`.
fn quick_royal(game: &Game) -> bool {
    game.kinds.iter().all(|k| {
        k.moves.vectors.iter().all(|v| {
            let region_slide = matches!(v.shape, Shape::Slide(_)) && v.from.is_some() && v.landing.enemy();
            !matches!(v.shape, Shape::Hop | Shape::Ride | Shape::JumpOver { .. }) && !v.lame && !region_slide
        })
    })
}

/// See [`VectorTables::lands_as_is`].
fn lands_as_is(game: &Game, stranded: &[[PointSet; MAX_PLAYERS]]) -> Vec<[bool; MAX_PLAYERS]> {
    game.kinds
        .iter()
        .zip(stranded)
        .map(|(k, stranded)| {
            std::array::from_fn(|pl| k.promotion.is_none() && k.per_file.is_none() && stranded[pl].is_empty())
        })
        .collect()
}

/// See [`VectorTables::step_attacks`].
fn step_attacks(
    game: &Game,
    line_attacks: &[LineAttacks],
    (landings, landings_at): (&[u128], &[Vec<u32>]),
) -> Vec<u128> {
    let n = game.board.len();
    if n > 128 {
        return Vec::new();
    }
    let mut table = vec![0u128; line_attacks.len() * n];
    for (i, a) in line_attacks.iter().enumerate() {
        for p in 0..n {
            for q in dirs(a.step).map(|d| game.board.step(p as Point, d)).filter(|&q| q != NONE) {
                table[i * n + p] |= 1 << q;
            }
        }
    }
    for (kind, k) in game.kinds.iter().enumerate() {
        for (i, _) in k.moves.vectors.iter().enumerate().filter(|(_, v)| v.plain_leap() && v.landing.enemy()) {
            let at = landings_at[kind][i] as usize;
            for pl in 0..MAX_PLAYERS {
                for p in 0..n {
                    table[(kind * MAX_PLAYERS + pl) * n + p] |= landings[at + pl * n + p];
                }
            }
        }
    }
    table
}

/// The point `(dx, dy)` lattice steps from `p`, or NONE off the board.
pub(super) fn lattice_offset(b: &Board, lattice: &[Point], p: usize, dx: i32, dy: i32) -> Point {
    let (x, y) = b.coords[p];
    let (x, y) = (x + dx, y + dy);
    if x < 0 || y < 0 || x >= b.width || y >= b.height {
        return NONE;
    }
    lattice[(y * b.width + x) as usize]
}

/// See [`VectorTables::lame_legs`]: for each point, where the first step
/// of every capturing lame leap that lands on it passes (any kind, either
/// side).
fn lame_legs(game: &Game, lattice: &[Point]) -> Vec<u128> {
    let b = &game.board;
    let n = b.len();
    let mut legs = vec![0u128; n];
    let lame = game.kinds.iter().flat_map(|k| &k.moves.vectors).filter(|v| v.lame && v.landing.enemy());
    for v in lame {
        for &(dx, dy) in v.offsets.iter().flatten() {
            let (dx, dy) = (dx as i32, dy as i32);
            let (sx, sy) = lame_step(dx, dy);
            for (target, legs) in legs.iter_mut().enumerate() {
                let from = lattice_offset(b, lattice, target, -dx, -dy);
                let leg = if from == NONE { NONE } else { lattice_offset(b, lattice, from as usize, sx, sy) };
                if leg != NONE {
                    *legs |= 1 << leg;
                }
            }
        }
    }
    legs
}

/// See [`VectorTables::fixed_landings`].
fn fixed_landings(game: &Game, lattice: &[Point]) -> (Vec<u128>, Vec<Vec<u32>>) {
    let b = &game.board;
    let n = b.len();
    let mut table = Vec::new();
    let mut at = Vec::new();
    for k in &game.kinds {
        let mut starts = Vec::new();
        for v in &k.moves.vectors {
            let step = matches!(v.shape, Shape::Step);
            if n > 128 || !(step || v.plain_leap()) {
                starts.push(u32::MAX);
                continue;
            }
            starts.push(table.len() as u32);
            for pl in 0..MAX_PLAYERS {
                for p in 0..n {
                    let mut bits = 0u128;
                    let steps = dirs(v.dirs[pl]).filter(|_| step).map(|d| b.step(p as Point, d));
                    let leaps =
                        v.offsets[pl].iter().map(|&(dx, dy)| lattice_offset(b, lattice, p, dx as i32, dy as i32));
                    for q in steps.chain(leaps).filter(|&q| q != NONE) {
                        bits |= 1 << q;
                    }
                    table.push(bits);
                }
            }
        }
        at.push(starts);
    }
    (table, at)
}

/// See [`VectorTables::leap_sources`].
fn leap_sources(game: &Game, lattice: &[Point]) -> Vec<u128> {
    let b = &game.board;
    let n = b.len();
    fn leaps(k: &Kind) -> impl Iterator<Item = &Vector> {
        k.moves.vectors.iter().filter(|v| v.plain_leap() && v.landing.enemy())
    }
    if n > 128 || game.kinds.iter().all(|k| leaps(k).next().is_none()) {
        return Vec::new();
    }
    let mut table = vec![0u128; game.kinds.len() * MAX_PLAYERS * n];
    for (kind, k) in game.kinds.iter().enumerate() {
        for v in leaps(k) {
            for (pl, offsets) in v.offsets.iter().enumerate() {
                for p in 0..n {
                    for &(dx, dy) in offsets {
                        let q = lattice_offset(b, lattice, p, dx as i32, dy as i32);
                        if q != NONE {
                            table[(kind * MAX_PLAYERS + pl) * n + q as usize] |= 1 << p;
                        }
                    }
                }
            }
        }
    }
    table
}

/// Per kind and player, the points from which the kind has no move on an
/// empty board, under `forbid stranded pieces` (a kind with no move at all,
/// a placed stone, is never stranded).
fn stranded(game: &Game, lattice: &[Point]) -> Vec<[PointSet; MAX_PLAYERS]> {
    let b = &game.board;
    let at = |p: Point, dx: i32, dy: i32| lattice_offset(b, lattice, p as usize, dx, dy);
    let on_board = |q: Point| q != NONE;
    let moves_from = |k: &Kind, pl: usize, p: Point| -> bool {
        let m = &k.moves;
        let plain = m.step[pl] | m.slide[pl] | m.take[pl] | m.jump[pl] | m.fly[pl] | m.approach[pl] | m.withdraw[pl];
        if dirs(plain).any(|d| on_board(b.step(p, d))) || m.leave[pl] != 0 || m.track {
            return true;
        }
        m.vectors.iter().filter(|v| v.from.as_ref().is_none_or(|z| z[pl].contains(p))).any(|v| match v.shape {
            Shape::Step | Shape::Slide(_) => dirs(v.dirs[pl]).any(|d| on_board(b.step(p, d))),
            Shape::Hop | Shape::JumpOver { .. } => {
                dirs(v.dirs[pl]).any(|d| on_board(b.step(p, d)) && on_board(b.step(b.step(p, d), d)))
            }
            Shape::Leap | Shape::Ride => v.offsets[pl].iter().any(|&(dx, dy)| on_board(at(p, dx as i32, dy as i32))),
        })
    };
    game.kinds
        .iter()
        .map(|k| {
            let m = &k.moves;
            let moves = !m.vectors.is_empty()
                || m.track
                || (0..MAX_PLAYERS).any(|pl| m.directions(pl) | m.approach[pl] | m.withdraw[pl] | m.leave[pl] != 0);
            std::array::from_fn(|pl| {
                let mut set = PointSet::default();
                if game.forbid_stranded && moves {
                    (0..b.len() as Point).filter(|&p| !moves_from(k, pl, p)).for_each(|p| set.insert(p));
                }
                set
            })
        })
        .collect()
}

/// A kind's attacks along lines for one player, from any point: the
/// directions of its capturing steps (and takes) and slides, the most
/// spaces a slide covers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LineAttacks {
    pub step: DirSet,
    pub slide: DirSet,
    pub slide_most: u8,
}

impl LineAttacks {
    /// Each kind's line attacks per player, whether it also attacks in
    /// other ways (those `Engine::attacker` tries one by one), and whether
    /// those other ways are all plain leaps.
    pub(super) fn of(game: &Game) -> (Vec<LineAttacks>, Vec<bool>, Vec<bool>) {
        let mut table = Vec::new();
        let mut other = Vec::new();
        let mut leaps_beyond = Vec::new();
        for k in &game.kinds {
            let mut slow = false;
            let mut not_leap = false;
            for pl in 0..MAX_PLAYERS {
                let mut a = LineAttacks { step: k.moves.take[pl], slide: 0, slide_most: u8::MAX };
                for v in k.moves.vectors.iter().filter(|v| v.landing.enemy()) {
                    let most = match v.shape {
                        Shape::Slide(0) => u8::MAX,
                        Shape::Slide(n) => n,
                        _ => 0,
                    };
                    match v.shape {
                        Shape::Step if v.from.is_none() => a.step |= v.dirs[pl],
                        Shape::Slide(_) if v.from.is_none() && (a.slide == 0 || a.slide_most == most) => {
                            a.slide |= v.dirs[pl];
                            a.slide_most = most;
                        }
                        _ => {
                            slow = true;
                            not_leap |= !v.plain_leap();
                        }
                    }
                }
                table.push(a);
            }
            other.push(slow);
            leaps_beyond.push(!not_leap);
        }
        (table, other, leaps_beyond)
    }

    /// Whether these attacks reach a point `distance` spaces away in direction `d`.
    #[inline]
    pub(super) fn reaches(&self, d: Dir, distance: usize) -> bool {
        (distance == 1 && self.step & (1 << d) != 0)
            || (self.slide & (1 << d) != 0 && distance <= self.slide_most as usize)
    }
}

impl Engine {
    /// The point `(dx, dy)` lattice steps from `p`, if it is on the board.
    #[inline]
    pub(super) fn offset_point(&self, p: Point, dx: i32, dy: i32) -> Point {
        lattice_offset(&self.game.board, &self.vt.lattice, p as usize, dx, dy)
    }

    /// Whether the lame leap by `(dx, dy)` from `p` is blocked: the point of
    /// its first step is occupied.
    #[inline]
    fn lame_blocked(&self, pos: &Position, p: Point, dx: i32, dy: i32) -> bool {
        self.lame_blocked_on(|q| pos.at(q), p, dx, dy)
    }

    #[inline]
    fn lame_blocked_on(&self, at: impl Fn(Point) -> Cell, p: Point, dx: i32, dy: i32) -> bool {
        let (sx, sy) = lame_step(dx, dy);
        let q = self.offset_point(p, sx, sy);
        q != NONE && at(q) != 0
    }

    /// Where the piece on `p` lands by jumps over adjacent pieces of either
    /// side in `dirs` onto the empty point just behind, each point once (by
    /// any path), the start excluded; `chained`: from each landing again.
    /// The point it left counts as empty.
    pub(super) fn jumps_over(&self, pos: &Position, p: Point, dirs_set: DirSet, chained: bool) -> PointSet {
        let board = &self.game.board;
        let empty = |q: Point| q != NONE && (q == p || pos.at(q) == 0);
        let mut reached = PointSet::default();
        reached.insert(p);
        let mut stack = [0 as Point; MAX_POINTS + 1];
        let (mut top, mut from) = (0, p);
        loop {
            for d in dirs(dirs_set) {
                let over = board.step(from, d);
                if over == NONE || empty(over) {
                    continue;
                }
                let land = board.step(over, d);
                if empty(land) && !reached.contains(land) {
                    reached.insert(land);
                    if chained {
                        stack[top] = land;
                        top += 1;
                    }
                }
            }
            if top == 0 {
                break;
            }
            top -= 1;
            from = stack[top];
        }
        reached.remove(p);
        reached
    }

    /// The moves of the vector family of the piece on `p`: each destination
    /// once, however many of its moves reach it (captures first).
    pub(super) fn vector_moves(&self, pos: &Position, p: Point, limit: u8, out: &mut Vec<Move>) {
        let kind = kind_of(pos.at(p));
        if self.bit_slides && self.vt.bit_vectors[kind as usize] {
            let (quiet, taken, passant) = self.vector_targets_bits(pos, p, kind, limit);
            self.vector_moves_to(pos, p, kind, points_of(taken), passant, points_of(quiet), out);
        } else {
            let (quiet, taken, passant) = self.vector_targets(pos, p, kind, limit);
            self.vector_moves_to(pos, p, kind, taken.iter(), passant, quiet.iter(), out);
        }
        if self.game.kinds[kind as usize].castle.is_some() && pos.unmoved.contains(p) {
            self.castles(pos, p, kind, out);
        }
    }

    /// Where the piece of `kind` on `p` may go by its vectors, point by
    /// point: (the empty points, the enemies it may take, the point it may
    /// take en passant on or NONE).
    fn vector_targets(&self, pos: &Position, p: Point, kind: KindId, limit: u8) -> (PointSet, PointSet, Point) {
        let me = pos.turn;
        let pl = me as usize;
        let k = &self.game.kinds[kind as usize];
        let stop_bit = 1u16 << kind;
        let mut quiet = PointSet::default();
        let mut taken = PointSet::default();
        let mut passant = NONE;
        let confined = k.confined.as_ref().map(|z| &z[pl]).filter(|z| !k.confined_once || z.contains(p));
        let mut consider = |q: Point, v: &Vector| {
            if self.points.no_stop[q as usize] & stop_bit != 0 || confined.is_some_and(|z| !z.contains(q)) {
                return;
            }
            match pos.at(q) {
                0 if v.landing.empty() => quiet.insert(q),
                0 => {}
                c if owner(c) != me && v.landing.enemy() && k.can_capture & (1 << kind_of(c)) != 0 => taken.insert(q),
                _ => {}
            }
        };
        for v in &k.moves.vectors {
            if v.from.as_ref().is_some_and(|z| !z[pl].contains(p)) {
                continue;
            }
            let found = self.vector_reach(pos, (p, kind), v, limit, &mut consider);
            if found != NONE {
                passant = found;
            }
        }
        (quiet, taken, passant)
    }

    /// Each point vector `v` of the piece on `p` reaches, passed to `reach`
    /// (which keeps those it may land on); the last landing there that takes
    /// en passant, or NONE. Part of [`Engine::vector_targets`].
    #[inline(always)]
    fn vector_reach(
        &self,
        pos: &Position,
        (p, kind): (Point, KindId),
        v: &Vector,
        limit: u8,
        reach: &mut impl FnMut(Point, &Vector),
    ) -> Point {
        let pl = pos.turn as usize;
        let board = &self.game.board;
        let mut passant = NONE;
        match v.shape {
            Shape::Step => {
                if limit == 0 {
                    return NONE;
                }
                for d in dirs(v.dirs[pl]) {
                    let q = board.step(p, d);
                    if q == NONE {
                        continue;
                    }
                    reach(q, v);
                    if v.en_passant && pos.at(q) == 0 && self.passed_over(pos, q, kind) {
                        passant = q;
                    }
                }
            }
            Shape::Slide(most) => {
                let most = if most == 0 { limit } else { most.min(limit) } as usize;
                for d in dirs(v.dirs[pl]) {
                    for &q in self.ray(p, d).iter().take(most) {
                        reach(q, v);
                        if pos.at(q) != 0 {
                            break;
                        }
                    }
                }
            }
            Shape::Hop => {
                for d in dirs(v.dirs[pl]) {
                    let mut screen = false;
                    for &q in self.ray(p, d) {
                        if !screen {
                            screen = pos.at(q) != 0;
                            continue;
                        }
                        reach(q, v);
                        if pos.at(q) != 0 {
                            break;
                        }
                    }
                }
            }
            Shape::Leap => {
                for &(dx, dy) in &v.offsets[pl] {
                    let (dx, dy) = (dx as i32, dy as i32);
                    let q = self.offset_point(p, dx, dy);
                    if q != NONE && !(v.lame && self.lame_blocked(pos, p, dx, dy)) {
                        reach(q, v);
                    }
                }
            }
            Shape::JumpOver { chained } => {
                for q in self.jumps_over(pos, p, v.dirs[pl], chained).iter() {
                    reach(q, v);
                }
            }
            Shape::Ride => {
                for &(dx, dy) in &v.offsets[pl] {
                    let mut q = p;
                    loop {
                        q = self.offset_point(q, dx as i32, dy as i32);
                        if q == NONE {
                            break;
                        }
                        reach(q, v);
                        if pos.at(q) != 0 {
                            break;
                        }
                    }
                }
            }
        }
        passant
    }

    /// [`Engine::vector_targets`] as bits, for kinds whose vectors are all
    /// steps, slides and plain leaps (`bit_vectors`) on boards of up to 128
    /// points (`bit_slides`): each line's reach up to its first piece by one
    /// bit scan, each leap's landings from a table. Always inlined: its
    /// result, returned through memory, stalled the caller's first read of
    /// it (a store not forwarded to a wider load).
    #[inline(always)]
    pub(super) fn vector_targets_bits(&self, pos: &Position, p: Point, kind: KindId, limit: u8) -> (u128, u128, Point) {
        let me = pos.turn;
        let pl = me as usize;
        let k = &self.game.kinds[kind as usize];
        let occupied = pos.taken.low128();
        let (mut to_empty, mut to_enemy) = (0u128, 0u128);
        let mut passant = NONE;
        for (i, v) in k.moves.vectors.iter().enumerate() {
            if v.from.as_ref().is_some_and(|z| !z[pl].contains(p)) {
                continue;
            }
            let reach = match v.shape {
                Shape::Step if limit == 0 => continue,
                Shape::Slide(most) => {
                    self.ray_reach(p, v.dirs[pl], if most == 0 { limit } else { most.min(limit) }, occupied)
                }
                _ => {
                    let at = self.vt.fixed_landings_at[kind as usize][i] as usize;
                    self.vt.fixed_landings[at + pl * self.game.board.len() + p as usize]
                }
            };
            if v.landing.empty() {
                to_empty |= reach;
            }
            if v.landing.enemy() {
                to_enemy |= reach;
            }
            if v.en_passant && limit > 0 {
                for d in dirs(v.dirs[pl]) {
                    let q = self.game.board.step(p, d);
                    if q != NONE && pos.at(q) == 0 && self.passed_over(pos, q, kind) {
                        passant = q;
                    }
                }
            }
        }
        let mut allowed = !self.points.no_stop_bits[kind as usize];
        if let Some(z) = k.confined.as_ref().map(|z| &z[pl]).filter(|z| !k.confined_once || z.contains(p)) {
            allowed &= z.low128();
        }
        let enemies = occupied & !pos.occupied[pl].low128();
        let taken = self.only_prey(pos, k.can_capture, to_enemy & enemies & allowed);
        (to_empty & !occupied & allowed, taken, passant)
    }

    /// The points the lines `dirs` from `p` reach within `most` spaces, each
    /// up to and including its first piece (`occupied` as bits).
    #[inline]
    pub(super) fn ray_reach(&self, p: Point, dirs_set: DirSet, most: u8, occupied: u128) -> u128 {
        let mut reach = 0;
        for d in dirs(dirs_set) {
            let ray = &self.rays.slide_rays[p as usize * 8 + d as usize];
            let blockers = ray.bits & occupied;
            let upto = if blockers == 0 {
                !0
            } else if ray.rises {
                // Up to the lowest blocker, with it.
                blockers ^ (blockers - 1)
            } else {
                // From the highest blocker up.
                !((1u128 << (127 - blockers.leading_zeros())) - 1)
            };
            let within =
                if most >= ray.len { ray.bits } else { self.rays.ray_prefix[ray.prefix_at as usize + most as usize] };
            reach |= within & upto;
        }
        reach
    }

    /// The moves of the piece of `kind` on `p` to the points `taken` (each
    /// taking what stands there), `passant` (taking en passant, or NONE) and
    /// `quiet`, in each kind it may become there.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn vector_moves_to(
        &self,
        pos: &Position,
        p: Point,
        kind: KindId,
        taken: impl Iterator<Item = Point>,
        passant: Point,
        quiet: impl Iterator<Item = Point>,
        out: &mut Vec<Move>,
    ) {
        let pl = pos.turn as usize;
        let k = &self.game.kinds[kind as usize];
        let n = self.game.board.len();
        if self.vt.lands_as_is[kind as usize][pl] {
            // It stays what it is, wherever it lands.
            let victims = taken.map(|q| (q, q));
            for (to, victim) in victims.chain((passant != NONE).then_some((passant, pos.passed.1))) {
                out.push(Move::landing_capture(p, to, victim, kind));
            }
            for to in quiet {
                let distance = self.rays.line_distance[p as usize * n + to as usize].max(1);
                out.push(Move { kind: MoveType::Plain, from: p, to, distance, becomes: kind, ..Move::PASS });
            }
            return;
        }
        // Promotion from its start counts for every landing: looked at once.
        let from_zone = k.promotion.as_ref().is_some_and(|pr| pr.optional && pr.zone[pl].contains(p));
        let promotions = |to: Point| -> &[KindId] {
            match &k.promotion {
                Some(pr) if from_zone || pr.zone[pl].contains(to) => &self.vt.promotion_kinds[kind as usize],
                _ => std::slice::from_ref(&self.vt.kind_ids[kind as usize]),
            }
        };
        let allowed = |to: Point, becomes: KindId| {
            let stranded = self.vt.stranded[becomes as usize][pl].contains(to);
            !(stranded || self.vt.per_file && self.file_full(pos, becomes, to, p, becomes != kind))
        };
        // The moves landing on `to` (a capture of the piece on `victim`, the
        // same point but en passant; else a plain move of `distance`), in each
        // kind it may become there: a chosen kind is written `=Q`, staying
        // what it was plainly.
        let land = |out: &mut Vec<Move>, to: Point, victim: Option<Point>, distance: u8| {
            let kinds = promotions(to);
            let choice = kinds.len() > 1;
            for &becomes in kinds {
                if !allowed(to, becomes) {
                    continue;
                }
                let dir = if choice && becomes != kind { Move::CHOSE_KIND } else { 0 };
                out.push(match victim {
                    Some(victim) => Move { dir, ..Move::landing_capture(p, to, victim, becomes) },
                    None => Move { kind: MoveType::Plain, from: p, to, dir, distance, becomes, ..Move::PASS },
                });
            }
        };
        // The landings where it stays what it is with nothing to test (out
        // of the promotion zone, not stranded, no limit per file), as bits
        // on a board of up to 128 points: most of a shogi piece's moves.
        let as_is = if self.bit_slides && !from_zone && k.per_file.is_none() {
            let zone = k.promotion.as_ref().map_or(0, |pr| pr.zone[pl].low128());
            !zone & !self.vt.stranded[kind as usize][pl].low128()
        } else {
            0
        };
        let stays = |q: Point| u32::from(q) < 128 && as_is >> q & 1 != 0;
        for q in taken {
            if stays(q) {
                out.push(Move::landing_capture(p, q, q, kind));
            } else {
                land(out, q, Some(q), 1);
            }
        }
        if passant != NONE {
            land(out, passant, Some(pos.passed.1), 1);
        }
        for q in quiet {
            let distance = self.rays.line_distance[p as usize * n + q as usize].max(1);
            if stays(q) {
                out.push(Move { kind: MoveType::Plain, from: p, to: q, distance, becomes: kind, ..Move::PASS });
            } else {
                land(out, q, None, distance);
            }
        }
    }

    /// Whether a piece of `kind` arriving on `to` (from `from`, NONE for an
    /// entry; `changes` if it becomes that kind as it arrives) would make
    /// more of its side's pieces of that kind on the file than `at most N
    /// per file` allows.
    pub(super) fn file_full(&self, pos: &Position, kind: KindId, to: Point, from: Point, changes: bool) -> bool {
        let Some(most) = self.game.kinds[kind as usize].per_file else { return false };
        let file = self.vt.file_of[to as usize];
        if from != NONE && !changes && self.vt.file_of[from as usize] == file {
            return false; // the same piece, still on the file
        }
        let me = pos.turn;
        let c = cell(me, kind);
        let on_file = pos.occupied[me as usize]
            .iter()
            .filter(|&q| q != from && pos.at(q) == c && self.vt.file_of[q as usize] == file)
            .count();
        on_file >= most as usize
    }

    /// Whether an enemy piece of `kind` passed over `q` in the last move
    /// (a move of two or more spaces along a line), to be taken en passant.
    #[inline]
    fn passed_over(&self, pos: &Position, q: Point, kind: KindId) -> bool {
        let (from, to) = pos.passed;
        if from == NONE || kind_of(pos.at(to)) != kind {
            return false;
        }
        (0..8).any(|d| {
            let ray = self.ray(from, d);
            ray.iter().position(|&r| r == to).is_some_and(|i| ray[..i].contains(&q))
        })
    }

    /// The castlings of the unmoved piece on `p`: two spaces sideways
    /// toward an unmoved partner at least three spaces away over empty
    /// points, which then stands on the point crossed. A royal piece may not
    /// castle out of or through an attack (into one, the legality test sees).
    pub(super) fn castles(&self, pos: &Position, p: Point, kind: KindId, out: &mut Vec<Move>) {
        let me = pos.turn;
        let k = &self.game.kinds[kind as usize];
        let Some(partner) = k.castle else { return };
        let forward = self.game.players[me as usize].forward;
        for d in [(forward + 2) % 8, (forward + 6) % 8] {
            let ray = self.ray(p, d);
            let Some(i) = ray.iter().position(|&q| pos.at(q) != 0) else { continue };
            let rook = ray[i];
            if i < 2 || pos.at(rook) != cell(me, partner) || !pos.unmoved.contains(rook) {
                continue;
            }
            let (crossed, to) = (ray[0], ray[1]);
            if k.royal {
                let enemy = 1 - me;
                if self.attacker(pos, p, enemy).is_some() || self.attacker(pos, crossed, enemy).is_some() {
                    continue;
                }
            }
            let mut m = Move { kind: MoveType::Castle, from: p, to, distance: 2, becomes: kind, ..Move::PASS };
            m.path[0] = rook;
            m.path[1] = crossed;
            out.push(m);
        }
    }

    /// The pieces of the castling `m` from `pos` moved in `next`: the
    /// castling piece to `m.to`, its partner to the point crossed.
    pub(super) fn castle_pieces(&self, pos: &Position, m: &Move, next: &mut Position) {
        let partner = pos.at(m.path[0]);
        self.put(next, m.from, 0);
        self.put(next, m.path[0], 0);
        self.put(next, m.to, cell(pos.turn, m.becomes));
        self.put(next, m.path[1], partner);
    }

    /// Why `text`, a castling of the piece on its first point two spaces
    /// sideways, is not legal here, in words (None if it is no castling).
    pub(super) fn castle_refusal(&self, pos: &Position, text: &str) -> Option<String> {
        let (from, to) = text.split_once('-')?;
        let board = &self.game.board;
        let (p, to) = (board.point(from)?, board.point(to)?);
        let c = pos.at(p);
        if c == 0 || owner(c) != pos.turn {
            return None;
        }
        let me = pos.turn;
        let k = &self.game.kinds[kind_of(c) as usize];
        let partner = k.castle?;
        let forward = self.game.players[me as usize].forward;
        let d = [(forward + 2) % 8, (forward + 6) % 8].into_iter().find(|&d| self.ray(p, d).get(1) == Some(&to))?;
        let ray = self.ray(p, d);
        let name = |q: Point| {
            format!("the {} on {}", self.game.kinds[kind_of(pos.at(q)) as usize].name, board.labels[q as usize])
        };
        let partner_name = &self.game.kinds[partner as usize].name;
        if !pos.unmoved.contains(p) {
            return Some(format!("{} has moved, so it may no longer castle", name(p)));
        }
        let Some(i) = ray.iter().position(|&q| pos.at(q) != 0) else {
            return Some(format!("there is no {partner_name} to castle with on that side"));
        };
        let rook = ray[i];
        if pos.at(rook) != cell(me, partner) || i < 2 {
            return Some(format!(
                "castling needs every point between the {} and its {partner_name} empty, and {} stands between",
                k.name,
                name(rook)
            ));
        }
        if !pos.unmoved.contains(rook) {
            return Some(format!("{} has moved, so the {} may not castle with it", name(rook), k.name));
        }
        if k.royal {
            let enemy = 1 - me;
            if let Some(a) = self.attacker(pos, p, enemy) {
                return Some(format!("the {} may not castle out of check: {} attacks it", k.name, name(a)));
            }
            if let Some(a) = self.attacker(pos, ray[0], enemy) {
                return Some(format!(
                    "the {} may not castle across an attacked point: {} attacks {}",
                    k.name,
                    name(a),
                    board.labels[ray[0] as usize]
                ));
            }
        }
        None
    }

    /// Why `text`, a capture by one step onto an empty point by a piece that
    /// takes en passant, is not legal here, in words (None if it is no such move).
    pub(super) fn passant_refusal(&self, pos: &Position, text: &str) -> Option<String> {
        let (from, to) = text.split_once('x')?;
        let board = &self.game.board;
        let (p, q) = (board.point(from)?, board.point(to.split('=').next()?)?);
        let c = pos.at(p);
        if c == 0 || owner(c) != pos.turn || pos.at(q) != 0 {
            return None;
        }
        let kind = kind_of(c);
        let k = &self.game.kinds[kind as usize];
        let pl = pos.turn as usize;
        let steps_there =
            k.moves.vectors.iter().any(|v| v.en_passant && dirs(v.dirs[pl]).any(|d| board.step(p, d) == q));
        if !steps_there {
            return None;
        }
        Some(format!(
            "{to} is empty: a {} takes there only en passant, an enemy {} that passed over {to} in the last move, \
             and none did",
            k.name, k.name
        ))
    }

    /// A piece of `by` that could take a piece standing on `target` by
    /// landing on it (a take, or a step, slide, leap, ride or hop that may
    /// capture), if there is one: the royal rule's "attacked".
    pub(super) fn attacker(&self, pos: &Position, target: Point, by: PlayerId) -> Option<Point> {
        let bits = (pos.taken.low128(), pos.occupied[by as usize].low128());
        self.attacker_on(|q| pos.at(q), bits, target, by)
    }

    /// [`Engine::attacker`] on the board `at` describes (a position with
    /// pieces moved, without making it); where slides are bit operations
    /// (`bit_slides`), `(occupied, theirs)` hold its occupied points and
    /// those of `by` as bits.
    #[inline]
    pub(super) fn attacker_on(
        &self,
        at: impl Fn(Point) -> Cell + Copy,
        (occupied, theirs): (u128, u128),
        target: Point,
        by: PlayerId,
    ) -> Option<Point> {
        let victim = at(target);
        let can_take = |kind: KindId| {
            let k = &self.game.kinds[kind as usize];
            self.vt.attacks[kind as usize]
                && self.points.no_stop[target as usize] & (1 << kind) == 0
                && k.confined.as_ref().is_none_or(|z| z[by as usize].contains(target))
                && (victim == 0 || k.can_capture & (1 << kind_of(victim)) != 0)
        };
        // Along each line, the first piece: it attacks if its kind reaches that far back.
        let n = self.game.board.len();
        // No piece of theirs on a line through the target: none attacks along one.
        let lines = !self.bit_slides || self.rays.lines_through[target as usize] & theirs != 0;
        for d in (0..8u8).filter(|_| lines) {
            let q = if self.bit_slides {
                // The first piece is the nearest of the ray's occupied bits.
                let ray = &self.rays.slide_rays[target as usize * 8 + d as usize];
                let blockers = ray.bits & occupied;
                if blockers & theirs == 0 {
                    continue;
                }
                ray.nearest(blockers)
            } else {
                let Some(&q) = self.ray(target, d).iter().find(|&&q| at(q) != 0) else { continue };
                q
            };
            let c = at(q);
            if owner(c) != by {
                continue;
            }
            let kind = kind_of(c);
            let distance = self.rays.line_distance[target as usize * n + q as usize] as usize;
            if self.vt.line_attacks[kind as usize * MAX_PLAYERS + by as usize].reaches(opposite(d), distance)
                && can_take(kind)
            {
                return Some(q);
            }
        }
        let leaps = self.bit_slides && !self.vt.leap_sources.is_empty();
        for (kind, k) in self.game.kinds.iter().enumerate() {
            let kind = kind as KindId;
            if !self.vt.other_attacks[kind as usize] || !can_take(kind) {
                continue;
            }
            if leaps {
                // The points its plain leaps come from, as bits.
                let mine = cell(by, kind);
                let mut from =
                    self.vt.leap_sources[(kind as usize * MAX_PLAYERS + by as usize) * n + target as usize] & theirs;
                while from != 0 {
                    let q = from.trailing_zeros() as Point;
                    from &= from - 1;
                    if at(q) == mine {
                        return Some(q);
                    }
                }
            }
            if let Some(q) = self.other_attacker(at, target, by, kind, k, leaps) {
                return Some(q);
            }
        }
        None
    }

    /// A piece of `by` of `kind` that attacks `target` by a leap, a ride, a
    /// hop or a move from a region (what the line table does not hold);
    /// `skip_plain_leaps`: the leaps `leap_sources` holds were tried.
    fn other_attacker(
        &self,
        at: impl Fn(Point) -> Cell + Copy,
        target: Point,
        by: PlayerId,
        kind: KindId,
        k: &Kind,
        skip_plain_leaps: bool,
    ) -> Option<Point> {
        let board = &self.game.board;
        let bl = by as usize;
        let mine = cell(by, kind);
        let from_ok = |v: &Vector, q: Point| v.from.as_ref().is_none_or(|z| z[bl].contains(q));
        for v in k.moves.vectors.iter().filter(|v| v.landing.enemy() && !(skip_plain_leaps && v.plain_leap())) {
            let found = match v.shape {
                Shape::Step => dirs(v.dirs[bl])
                    .map(|d| board.step(target, opposite(d)))
                    .find(|&q| q != NONE && at(q) == mine && from_ok(v, q)),
                Shape::Slide(most) => dirs(v.dirs[bl]).find_map(|d| {
                    let ray = self.ray(target, opposite(d));
                    let i = ray.iter().position(|&q| at(q) != 0)?;
                    let q = ray[i];
                    (at(q) == mine && (most == 0 || i < most as usize) && from_ok(v, q)).then_some(q)
                }),
                Shape::Hop => dirs(v.dirs[bl]).find_map(|d| {
                    let ray = self.ray(target, opposite(d));
                    let screen = ray.iter().position(|&q| at(q) != 0)?;
                    let q = *ray[screen + 1..].iter().find(|&&q| at(q) != 0)?;
                    (at(q) == mine && from_ok(v, q)).then_some(q)
                }),
                Shape::Leap => v.offsets[bl].iter().find_map(|&(dx, dy)| {
                    let (dx, dy) = (dx as i32, dy as i32);
                    let q = self.offset_point(target, -dx, -dy);
                    (q != NONE && at(q) == mine && from_ok(v, q) && !(v.lame && self.lame_blocked_on(at, q, dx, dy)))
                        .then_some(q)
                }),
                Shape::JumpOver { .. } => None, // it lands on empty points only
                Shape::Ride => v.offsets[bl].iter().find_map(|&(dx, dy)| {
                    let mut q = target;
                    loop {
                        q = self.offset_point(q, -(dx as i32), -(dy as i32));
                        if q == NONE {
                            return None;
                        }
                        if at(q) != 0 {
                            return (at(q) == mine && from_ok(v, q)).then_some(q);
                        }
                    }
                }),
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// After `mv` from `pos` into `next`: the pieces that castle or are
    /// castled with that moved or were taken lose the right (`unmoved`), and
    /// a move of two or more spaces by a kind that is taken en passant
    /// leaves the points it passed to be taken on, for one ply, where an
    /// enemy could. Both are kept in the hash.
    pub(super) fn history_state_after(&self, pos: &Position, mv: &Move, next: &mut Position) {
        if next.passed.0 != NONE {
            next.hash ^= self.vt.zobrist_passed[next.passed.1 as usize];
            next.passed = (NONE, NONE);
        }
        if !next.unmoved.is_empty() {
            let touched = [mv.from, mv.to, mv.path[0]].into_iter().chain(mv.jumped().iter().copied());
            for q in touched {
                if q != NONE && next.unmoved.contains(q) {
                    next.unmoved.remove(q);
                    next.hash ^= self.vt.zobrist_unmoved[q as usize];
                }
            }
        }
        if mv.kind != MoveType::Plain || mv.distance < 2 || mv.from == NONE {
            return;
        }
        let kind = kind_of(pos.at(mv.from));
        if !self.vt.passable[kind as usize] {
            return;
        }
        // Only where an enemy stands to take it, so that equal positions hash equal.
        let enemy = 1 - pos.turn;
        let Some(d) = (0..8).find(|&d| self.ray(mv.from, d).contains(&mv.to)) else { return };
        let ray = self.ray(mv.from, d);
        let passed = &ray[..ray.iter().position(|&r| r == mv.to).unwrap_or(0)];
        let takes = passed.iter().any(|&q| self.en_passant_taker(next, q, kind, enemy));
        if takes {
            next.passed = (mv.from, mv.to);
            next.hash ^= self.vt.zobrist_passed[mv.to as usize];
        }
    }

    /// Whether a piece of `kind` of `by` could take en passant on `q`.
    pub(super) fn en_passant_taker(&self, pos: &Position, q: Point, kind: KindId, by: PlayerId) -> bool {
        let board = &self.game.board;
        let k = &self.game.kinds[kind as usize];
        k.moves.vectors.iter().filter(|v| v.en_passant).any(|v| {
            dirs(v.dirs[by as usize]).any(|d| {
                let r = board.step(q, opposite(d));
                r != NONE && pos.at(r) == cell(by, kind) && v.from.as_ref().is_none_or(|z| z[by as usize].contains(r))
            })
        })
    }
}
