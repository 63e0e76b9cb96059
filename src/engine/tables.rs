//! The engine's fixed tables, built once from the compiled game by
//! [`Engine::new`]: hashing keys, hostile and restricted sites, neighbours
//! and leaps, and the rays that slides and lines walk or read as bits.

use super::*;

/// The Zobrist keys of a game's positions. Fixed (splitmix64 from
/// constants), so hashes are the same on every run.
#[derive(Debug)]
pub(super) struct Keys {
    /// One per point and cell value (`p * CELL_VALUES + cell`).
    pub cells: Vec<u64>,
    /// One per player to move (the first player's is 0).
    pub turns: [u64; MAX_PLAYERS],
    /// One per hand slot and count (`slot * 100 + count`).
    pub hands: Vec<u64>,
    /// One per player finishing in a place (`place * MAX_PLAYERS + player`).
    pub places: Vec<u64>,
    /// One per count of pieces a player has borne off (`player * 256 +
    /// count`), in games with tracks or pits.
    pub borne_off: Vec<u64>,
    /// One per point and count of pieces under the top of its stack
    /// (`p * 256 + count`), where pieces stack (see `stacks.rs`).
    pub stack: Vec<u64>,
}

impl Keys {
    pub(super) fn of(game: &Game, tracks_or_pits: bool) -> Keys {
        let n = game.board.len();
        let (cells, turns, hands) = zobrist_keys(n);
        Keys {
            cells,
            turns,
            hands,
            places: more_keys(MAX_PLAYERS * MAX_PLAYERS, 17),
            borne_off: if tracks_or_pits { more_keys(MAX_PLAYERS * 256, 3) } else { Vec::new() },
            stack: if game.stacks.is_some() { more_keys(n * 256, 11) } else { Vec::new() },
        }
    }
}

/// Zobrist keys: one per point and cell value, the side to move, and one
/// per hand slot and count. Fixed (splitmix64 from a constant), so hashes
/// are the same on every run.
fn zobrist_keys(points: usize) -> (Vec<u64>, [u64; MAX_PLAYERS], Vec<u64>) {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let cells = (0..points * CELL_VALUES).map(|_| next()).collect();
    // The first player's turn has no key: with two players, one key flips.
    let mut turns = [0; MAX_PLAYERS];
    turns[1] = next();
    let hands = (0..MAX_HANDS * 100).map(|_| next()).collect();
    turns[2..].copy_from_slice(&more_keys(MAX_PLAYERS - 2, 13));
    (cells, turns, hands)
}

/// Further Zobrist keys, one a point, from a stream of their own
/// (`stream` tells the sets apart).
pub(super) fn more_keys(points: usize, stream: u64) -> Vec<u64> {
    let mut seed = 0xD1B5_4A32_D192_ED03u64.wrapping_mul(stream);
    (0..points)
        .map(|_| {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

/// `direction[p * points + q]`: the direction of the straight line from `p`
/// to `q`, or 8 where none joins them.
pub(super) fn directions_between(n: usize, rays: &[Point], ray_at: &[u32]) -> Vec<u8> {
    let mut table = vec![8u8; n * n];
    for i in 0..n * 8 {
        for &q in &rays[ray_at[i] as usize..ray_at[i + 1] as usize] {
            table[(i / 8) * n + q as usize] = (i % 8) as u8;
        }
    }
    table
}

/// Each lattice point's board point (`y * width + x`), or NONE.
pub(super) fn lattice(board: &Board) -> Vec<Point> {
    let mut at = vec![NONE; (board.width.max(0) * board.height.max(0)) as usize];
    for (p, &(x, y)) in board.coords.iter().enumerate() {
        if (0..board.width).contains(&x) && (0..board.height).contains(&y) {
            at[(y * board.width + x) as usize] = p as Point;
        }
    }
    at
}

/// What each point allows and where its neighbours are: the tables that
/// steps, captures and stops read.
#[derive(Debug)]
pub(super) struct PointTables {
    /// Kinds a point is hostile to while empty, and at all times, for pieces
    /// of each player: `hostile_empty[p * MAX_PLAYERS + player]`.
    pub(super) hostile_empty: Vec<u16>,
    pub(super) hostile_always: Vec<u16>,
    /// Kinds that may not end a move on a point.
    pub(super) no_stop: Vec<u16>,
    /// Per kind, the points (as bits) where it may not stop.
    pub(super) no_stop_bits: Vec<u128>,
    /// Per kind, the points where it may not stop, as a set.
    pub(super) no_stop_set: Vec<PointSet>,
    /// Each point's neighbours, in all directions.
    pub(super) adjacent: Vec<PointSet>,
    /// Each point's points within two steps, where the game has traps.
    pub(super) near_two: Vec<PointSet>,
    /// `step_to[(kind * MAX_PLAYERS + player) * points + p]`: where a step from
    /// `p` may end (neighbours in the step directions the kind may stop on).
    pub(super) step_to: Vec<PointSet>,
    /// `take_to[...]` (indexed as `step_to`): the neighbours in the kind's take directions.
    pub(super) take_to: Vec<PointSet>,
    /// Every point of the board.
    pub(super) all: PointSet,
    /// The points with an orthogonal neighbour off the board, as bits (on
    /// a board of at most 128 points: for the goal of encircling by shifts).
    pub(super) orthogonal_edge: u128,
}

impl PointTables {
    pub(super) fn of(game: &Game) -> PointTables {
        let (hostile_empty, hostile_always) = hostile(game);
        let no_stop = no_stop(game);
        let (no_stop_bits, no_stop_set) = no_stop_sets(game, &no_stop);
        let adjacent = adjacent(&game.board);
        let mut all = PointSet::default();
        (0..game.board.len() as Point).for_each(|p| all.insert(p));
        PointTables {
            hostile_empty,
            hostile_always,
            step_to: step_to(game, &no_stop),
            no_stop,
            no_stop_bits,
            no_stop_set,
            near_two: near_two(game, &adjacent),
            adjacent,
            take_to: kind_table(game, |_, kind, pl, p| neighbours(&game.board, p, kind.moves.take[pl])),
            all,
            orthogonal_edge: orthogonal_edge(&game.board),
        }
    }
}

/// The kinds each point is hostile to while empty, and at all times, for
/// pieces of each player (`p * MAX_PLAYERS + player`).
fn hostile(game: &Game) -> (Vec<u16>, Vec<u16>) {
    let n = game.board.len();
    let mut when_empty = vec![0u16; n * MAX_PLAYERS];
    let mut always = vec![0u16; n * MAX_PLAYERS];
    for h in &game.hostile {
        for p in h.region.iter() {
            for pl in (0..MAX_PLAYERS).filter(|pl| h.to_players & (1 << pl) != 0) {
                when_empty[p as usize * MAX_PLAYERS + pl] |= h.to;
                if !h.when_empty {
                    always[p as usize * MAX_PLAYERS + pl] |= h.to;
                }
            }
        }
    }
    (when_empty, always)
}

/// The kinds that may not end a move on each point.
fn no_stop(game: &Game) -> Vec<u16> {
    let mut no_stop = vec![0u16; game.board.len()];
    for s in &game.stops {
        for p in s.region.iter() {
            no_stop[p as usize] |= !s.allowed;
        }
    }
    no_stop
}

/// Per kind, where it may not stop: as bits (boards of up to 128 points) and as a set.
fn no_stop_sets(game: &Game, no_stop: &[u16]) -> (Vec<u128>, Vec<PointSet>) {
    let n = game.board.len();
    let barred = |k: usize| (0..n).filter(move |&p| no_stop[p] & (1 << k) != 0);
    let bits = (0..game.kinds.len()).map(|k| barred(k).filter(|&p| p < 128).fold(0u128, |b, p| b | 1 << p)).collect();
    let sets = (0..game.kinds.len())
        .map(|k| {
            let mut set = PointSet::default();
            barred(k).for_each(|p| set.insert(p as Point));
            set
        })
        .collect();
    (bits, sets)
}

/// The neighbours of `p` in the directions `ds`.
pub(super) fn neighbours(board: &Board, p: Point, ds: DirSet) -> PointSet {
    let mut set = PointSet::default();
    dirs(ds).map(|d| board.step(p, d)).filter(|&q| q != NONE).for_each(|q| set.insert(q));
    set
}

/// Each point's neighbours, in all directions.
fn adjacent(board: &Board) -> Vec<PointSet> {
    (0..board.len() as Point).map(|p| neighbours(board, p, 0xFF)).collect()
}

/// Each point's neighbours and theirs (within two steps, in all
/// directions, the point itself too), where the game has traps (a trap
/// closed by a landing is within two steps of it); else none.
fn near_two(game: &Game, adjacent: &[PointSet]) -> Vec<PointSet> {
    if game.traps.is_empty() {
        return Vec::new();
    }
    adjacent.iter().map(|near| near.iter().fold(*near, |all, a| all.union(&adjacent[a as usize]))).collect()
}

/// The short leaps (not flying) of every kind, player and point, as
/// [`kind_table`] orders them (`at`).
#[derive(Debug)]
pub(super) struct Leaps {
    /// `over[at]`: the points a short leap from `at` could jump over (a
    /// neighbour with a point behind it, in the kind's jump directions).
    pub over: Vec<PointSet>,
    /// The leaps as (direction, point jumped, landing), listed by direction,
    /// those from `at` at `list[starts[at]..starts[at + 1]]` ([`Leaps::from`]).
    list: Vec<(Dir, Point, Point)>,
    starts: Vec<u32>,
    /// Per player, the kinds whose capture sequences are short leaps and
    /// nothing else (no flying leap, no approach or withdrawal, any enemy
    /// jumpable, no promotion that changes or stops a sequence) under rules
    /// of going on that look at nothing but the leaps open and the last
    /// leap's direction (compulsory going on, no point barred), on a board of at most 64
    /// points: their sequences are found by bits ([`Engine::short_leaps`]).
    pub leapers: [u16; MAX_PLAYERS],
    /// Per player, the leapers that leap and have no take: where only these
    /// may capture, their sequences are counted or listed with no search set
    /// up ([`Engine::bare_leaps`]).
    pub bare: [u16; MAX_PLAYERS],
    /// A rule closes directions after a leap (`straight`, `no reversing`, `no
    /// repeated direction`): the leapers' walk asks which only then.
    pub closes: bool,
    /// On a board of at most 64 points where no two short leaps from a
    /// point jump the same neighbour: `landing[at * 64 + over]`, where the
    /// leap from `at` over `over` lands (else empty). A count of sequences
    /// needs no order, so it walks the enemies next to a piece (one or two)
    /// rather than every leap listed (up to eight).
    pub landing: Vec<Point>,
    /// `over_short[at]`: the points [`Leaps::landing`] has a landing behind.
    pub over_short: Vec<u64>,
}

impl Leaps {
    pub(super) fn of(game: &Game) -> Leaps {
        let board = &game.board;
        let over_to = |p: Point, d: Dir| {
            let over = board.step(p, d);
            (over != NONE && board.step(over, d) != NONE).then(|| (over, board.step(over, d)))
        };
        let over = kind_table(game, |_, kind, pl, p| {
            let mut set = PointSet::default();
            dirs(kind.moves.jump[pl]).filter_map(|d| over_to(p, d)).for_each(|(over, _)| set.insert(over));
            set
        });
        let (mut list, mut starts) = (Vec::new(), vec![0u32]);
        for kind in &game.kinds {
            for pl in 0..MAX_PLAYERS {
                for p in 0..board.len() as Point {
                    for d in dirs(kind.moves.jump[pl] & !kind.moves.fly[pl]) {
                        if let Some((over, to)) = over_to(p, d) {
                            list.push((d, over, to));
                        }
                    }
                    starts.push(list.len() as u32);
                }
            }
        }
        let rules = &game.jumps;
        let closes = rules.straight || rules.no_reversal || rules.no_repeated_direction;
        let leapers = short_leapers(game);
        let mut bare = [0u16; MAX_PLAYERS];
        for (pl, bare) in bare.iter_mut().enumerate() {
            for (k, kind) in game.kinds.iter().enumerate() {
                if kind.moves.jump[pl] != 0 && kind.moves.take[pl] == 0 {
                    *bare |= leapers[pl] & (1 << k);
                }
            }
        }
        // Only the leapers' walk reads them.
        let walked = leapers.iter().any(|&kinds| kinds != 0);
        let (landing, over_short) = walked.then(|| landings(board.len(), &list, &starts)).flatten().unwrap_or_default();
        Leaps { over, list, starts, leapers, bare, closes, landing, over_short }
    }

    /// Where a short leap from `at` over `over` lands ([`Leaps::landing`]).
    #[inline(always)]
    pub(super) fn landing(&self, at: usize, over: u32) -> Point {
        self.landing[at * 64 + over as usize]
    }

    /// The short leaps from the kind, player and point `at` (as [`kind_table`] orders them).
    #[inline]
    pub(super) fn from(&self, at: usize) -> &[(Dir, Point, Point)] {
        &self.list[self.starts[at] as usize..self.starts[at + 1] as usize]
    }
}

/// [`Leaps::landing`] and [`Leaps::over_short`], where the board has at most 64
/// points and no two leaps from a point jump the same neighbour.
fn landings(points: usize, list: &[(Dir, Point, Point)], starts: &[u32]) -> Option<(Vec<Point>, Vec<u64>)> {
    if points > 64 {
        return None;
    }
    let tables = starts.len() - 1;
    let (mut landing, mut over_short) = (vec![NONE; tables * 64], vec![0u64; tables]);
    for at in 0..tables {
        for &(_, over, land) in &list[starts[at] as usize..starts[at + 1] as usize] {
            if over_short[at] >> over & 1 != 0 {
                return None;
            }
            over_short[at] |= 1 << over;
            landing[at * 64 + over as usize] = land;
        }
    }
    Some((landing, over_short))
}

/// [`Leaps::leapers`].
fn short_leapers(game: &Game) -> [u16; MAX_PLAYERS] {
    let rules = &game.jumps;
    let plain_rules = rules.continues && !rules.at_will && !rules.no_revisiting;
    let mut kinds = [0u16; MAX_PLAYERS];
    if !plain_rules || game.board.len() > 64 {
        return kinds;
    }
    for (pl, kinds) in kinds.iter_mut().enumerate() {
        for (k, kind) in game.kinds.iter().enumerate() {
            let m = &kind.moves;
            let plain_promotion = kind
                .promotion
                .as_ref()
                .is_none_or(|pr| !pr.at_once && !pr.stops && !pr.optional && pr.or_into.is_empty());
            if m.fly[pl] == 0 && m.approach[pl] | m.withdraw[pl] == 0 && kind.can_capture == u16::MAX && plain_promotion
            {
                *kinds |= 1 << k;
            }
        }
    }
    kinds
}

/// Every capture is a take (no leap, flying or short, no approach or
/// withdrawal), and no preference among captures.
pub(super) fn takes_only(game: &Game) -> bool {
    game.jumps.prefer.is_empty()
        && game.kinds.iter().all(|k| {
            let m = &k.moves;
            (0..MAX_PLAYERS).all(|p| m.jump[p] | m.fly[p] | m.approach[p] | m.withdraw[p] == 0)
        })
}

/// Steps, as [`kind_table`] orders them: the neighbours in the kind's step
/// directions that it may stop on (`no_stop`, from [`no_stop`]).
fn step_to(game: &Game, no_stop: &[u16]) -> Vec<PointSet> {
    kind_table(game, |k, kind, pl, p| {
        let mut set = PointSet::default();
        let near = neighbours(&game.board, p, kind.moves.step[pl]);
        near.iter().filter(|&q| no_stop[q as usize] & (1 << k) == 0).for_each(|q| set.insert(q));
        set
    })
}

/// Every ray (the points from `p` along direction `d`, `p * 8 + d`), and
/// what slides by bits read of it.
#[derive(Debug)]
pub(super) struct Rays {
    /// The straight line from each point in each direction (not the point
    /// itself): `points[ray_at[p * 8 + d]..ray_at[p * 8 + d + 1]]`.
    pub points: Vec<Point>,
    pub ray_at: Vec<u32>,
    /// Every ray's point indexes rise or fall along it, on a board of up to
    /// 128 points (lattice boards): slides can be bit operations, reading
    /// for each ray (`p * 8 + d`) its points as bits and whether they rise,
    /// and its first k points for k = 0..=len at `ray_prefix[prefix_at + k]`.
    pub monotonic: bool,
    pub slide_rays: Vec<SlideRay>,
    pub ray_prefix: Vec<u128>,
    /// Per point, the points of its eight rays, as bits (where `monotonic`).
    pub lines_through: Vec<u128>,
    /// `line_distance[p * points + q]`: spaces from `p` to `q` along their straight line.
    pub line_distance: Vec<u8>,
    /// Every ray is another read backward: `q` is `i` points along `p`'s
    /// ray in a direction exactly when `p` is `i` along `q`'s the opposite way.
    pub symmetric: bool,
}

impl Rays {
    pub(super) fn of(board: &Board) -> Rays {
        let n = board.len();
        let mut rays = Vec::new();
        let mut ray_at = vec![0u32];
        for p in 0..n as Point {
            for d in 0..8 {
                let mut q = board.step(p, d);
                while q != NONE {
                    rays.push(q);
                    q = board.step(q, d);
                }
                ray_at.push(rays.len() as u32);
            }
        }
        let mut monotonic = n <= 128;
        let mut slide_rays = Vec::with_capacity(n * 8);
        let mut ray_prefix = Vec::new();
        let mut line_distance = vec![0u8; n * n];
        for i in 0..n * 8 {
            let ray = &rays[ray_at[i] as usize..ray_at[i + 1] as usize];
            let from = (i / 8) as Point;
            let rises = ray.first().is_none_or(|&q| q > from) && ray.windows(2).all(|w| w[0] < w[1]);
            let falls = ray.first().is_none_or(|&q| q < from) && ray.windows(2).all(|w| w[0] > w[1]);
            monotonic &= rises || falls;
            let prefix_at = ray_prefix.len() as u32;
            let mut bits = 0u128;
            ray_prefix.push(bits);
            for (k, &q) in ray.iter().enumerate() {
                bits |= 1u128.checked_shl(q as u32).unwrap_or(0);
                ray_prefix.push(bits);
                line_distance[from as usize * n + q as usize] = (k + 1).min(255) as u8;
            }
            slide_rays.push(SlideRay { bits, prefix_at, len: ray.len() as u8, rises });
        }
        let lines_through = slide_rays.chunks(8).map(|rays| rays.iter().fold(0, |all, r| all | r.bits)).collect();
        let symmetric = rays_symmetric(n, &rays, &ray_at);
        Rays { points: rays, ray_at, monotonic, slide_rays, ray_prefix, lines_through, line_distance, symmetric }
    }
}

/// Whether every ray, read backward, is the ray the opposite way: `q` is
/// `i` points along `p`'s ray in direction `d` exactly when `p` is `i`
/// points along `q`'s ray in the opposite direction.
fn rays_symmetric(n: usize, rays: &[Point], ray_at: &[u32]) -> bool {
    let ray = |p: usize, d: usize| &rays[ray_at[p * 8 + d] as usize..ray_at[p * 8 + d + 1] as usize];
    (0..n).all(|p| {
        (0..8).all(|d| {
            ray(p, d).iter().enumerate().all(|(i, &q)| {
                let back = ray(q as usize, opposite(d as Dir) as usize);
                back.get(i) == Some(&(p as Point))
            })
        })
    })
}

/// Custodial capture is the only capture on landing, of whole lines or
/// single pieces, of every kind by every kind: where a placement captures
/// can then be found for all points at once by shifts (`placement.rs`).
pub(super) fn outflanks_only(game: &Game) -> bool {
    let every_kind = ((1u32 << game.kinds.len()) - 1) as u16;
    game.traps.is_empty()
        && game.hostile.is_empty()
        && game.custodial.as_ref().is_some_and(|c| {
            c.targets & every_kind == every_kind
                && c.captors & every_kind == every_kind
                && c.safe.iter().all(Option::is_none)
                && !c.perpendicular
                && !c.intervention
                && !c.shieldwall
        })
}

/// Every move is an entry that need not capture: no kind moves once placed.
pub(super) fn only_entries(game: &Game) -> bool {
    game.kinds.iter().all(|k| {
        let m = &k.moves;
        k.enter.is_none_or(|e| !e.capturing)
            && !m.track
            && m.vectors.is_empty()
            && k.castle.is_none()
            && (0..MAX_PLAYERS).all(|p| {
                m.step[p] | m.slide[p] | m.jump[p] | m.fly[p] | m.leave[p] | m.take[p] | m.approach[p] | m.withdraw[p]
                    == 0
            })
    })
}

/// The kinds some goal of reaching a zone names, a bit per kind.
pub(super) fn reach_goal_kinds(game: &Game) -> u16 {
    game.goals.iter().fold(0, |kinds, g| match g.condition {
        Condition::Reaches(k, _) => kinds | 1 << k,
        _ => kinds,
    })
}

/// The points of the first 128 with an orthogonal neighbour off the board, as bits.
fn orthogonal_edge(board: &Board) -> u128 {
    (0..board.len().min(128) as Point)
        .filter(|&p| [0, 2, 4, 6].iter().any(|&d| board.step(p, d) == NONE))
        .fold(0, |bits, p| bits | 1 << p)
}
