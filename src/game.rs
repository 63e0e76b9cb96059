//! Stage 2's output: a checked, compiled game. No spans, no names to resolve:
//! everything is an index or a precomputed table, ready for the engine.

/// A point of the board, as an index into the board's tables.
pub type Point = u16;
/// A player, by turn-order index.
pub type PlayerId = u8;
/// A piece kind, by declaration index.
pub type KindId = u8;

/// The most points a board may have: enough for 19 x 19 Go. A position's
/// cells and sets of points have room for [`NONE`] too, so that reading "no
/// point" there finds nothing rather than failing.
pub const MAX_POINTS: usize = 383;
/// Marks "no neighbour" in [`Board::neighbour`]: one past the last point a
/// board may have.
pub const NONE: Point = MAX_POINTS as Point;
/// The words of a [`PointSet`]: a bit for every point and for [`NONE`].
pub const POINT_WORDS: usize = (MAX_POINTS + 1).div_ceil(64);
/// The rolls in a set of rolls (bit `r` for roll `r`), lowest first.
pub fn rolls_in(bits: u128) -> impl Iterator<Item = u8> {
    (0..128u8).filter(move |&r| bits & (1u128 << r) != 0)
}

/// The most piece kinds a game may declare.
pub const MAX_KINDS: usize = 16;

/// The most players a game may have; a game's own count is `Game::players.len()`.
pub const MAX_PLAYERS: usize = 6;

/// The eight lattice directions, clockwise from north. `d ^ 4` is not the
/// opposite; `(d + 4) % 8` is (see [`opposite`]).
pub const DIRECTION_NAMES: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
pub type Dir = u8;
/// A set of directions, bit `d` for direction `d`.
pub type DirSet = u8;

/// The lattice step of each direction, as (dx, dy).
pub const DIRECTION_STEPS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

pub fn opposite(d: Dir) -> Dir {
    (d + 4) % 8
}

/// The direction of a lattice step, by the signs of its parts.
pub fn direction_of(dx: i32, dy: i32) -> Option<Dir> {
    Some(match (dx.signum(), dy.signum()) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        (-1, 1) => 7,
        _ => return None,
    })
}

/// Iterates the directions in a set, lowest first.
#[inline]
pub fn dirs(set: DirSet) -> impl Iterator<Item = Dir> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let d = rest.trailing_zeros() as Dir;
        rest &= rest - 1;
        Some(d)
    })
}

/// The index of the `n`-th set bit of `w`, lowest first (`n` below its
/// count): the half, quarter and eighth that hold it found by counts, then
/// at most seven bits cleared (not up to 63, a bit at a time).
#[inline(always)]
pub(crate) fn nth_in_word(mut w: u64, mut n: u32) -> u32 {
    let mut base = 0;
    for width in [32, 16, 8] {
        let low = w & ((1u64 << width) - 1);
        let c = low.count_ones();
        if n >= c {
            (n, w, base) = (n - c, w >> width, base + width);
        } else {
            w = low;
        }
    }
    for _ in 0..n {
        w &= w - 1;
    }
    base + w.trailing_zeros()
}

/// A set of points: one bit a point.
#[derive(Clone, Copy, Debug, Default, Eq)]
pub struct PointSet([u64; POINT_WORDS]);

impl std::hash::Hash for PointSet {
    /// The words, as the derived hash would (equal sets have equal words).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialEq for PointSet {
    /// Word by word with no branch (the derived comparison calls `memcmp`,
    /// a call a ply where a rule compares sets, as a full board does).
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).fold(0, |diff, (a, b)| diff | (a ^ b)) == 0
    }
}

impl PointSet {
    /// The word holding point `p`'s bit. Every point is at most [`NONE`],
    /// whose word is the last: the bound spares a bounds check on each use.
    #[inline(always)]
    fn word(p: Point) -> usize {
        (p as usize >> 6).min(POINT_WORDS - 1)
    }
    #[inline]
    pub fn insert(&mut self, p: Point) {
        self.0[Self::word(p)] |= 1 << (p & 63);
    }
    /// (A point past [`NONE`] is in no set.)
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        // A test, not the bound of `word`: it always goes one way, where a
        // conditional move lengthens every test of a capture search.
        self.0.get(p as usize >> 6).is_some_and(|w| w & (1 << (p & 63)) != 0)
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        // The words past a small board are empty: skipping them spares a
        // count of bits each, which is long on a processor without `popcnt`.
        let mut n = 0;
        for &w in &self.0 {
            if w != 0 {
                n += w.count_ones() as usize;
            }
        }
        n
    }
    #[inline]
    pub fn remove(&mut self, p: Point) {
        self.0[Self::word(p)] &= !(1 << (p & 63));
    }
    /// The points in the set, lowest first.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        let words = &self.0;
        // Bit i: word i holds points not yet reached. Found at once, so that
        // the empty words past a small board cost nothing on the way.
        let mut live = words.iter().enumerate().fold(0u32, |m, (i, &w)| m | ((w != 0) as u32) << i);
        let (mut i, mut w) = (0, 0u64);
        std::iter::from_fn(move || {
            while w == 0 {
                if live == 0 {
                    return None;
                }
                i = (live.trailing_zeros() as usize).min(POINT_WORDS - 1);
                live &= live - 1;
                w = words[i];
            }
            let p = (i * 64) as u32 + w.trailing_zeros();
            w &= w - 1;
            Some(p as Point)
        })
    }
    /// The lowest point of the set.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some((i * 64) as Point + self.0[i].trailing_zeros() as Point)
    }
    /// The `n`-th point of the set, lowest first (`n < len()`).
    #[inline(always)]
    pub fn nth(&self, n: usize) -> Point {
        self.nth_by(n, nth_in_word)
    }
    /// [`PointSet::nth`], `select(word, k)` finding the `k`-th set bit of
    /// the word that holds it (a caller compiled for BMI2 passes PDEP).
    #[inline(always)]
    pub(crate) fn nth_by(&self, mut n: usize, select: impl Fn(u64, u32) -> u32) -> Point {
        for (i, &w) in self.0.iter().enumerate() {
            let c = w.count_ones() as usize;
            if n < c {
                return (i * 64) as Point + select(w, n as u32) as Point;
            }
            n -= c;
        }
        NONE
    }
    /// The points in `self` and not in `other`.
    // A loop over the words, not `array::from_fn`: that was left out of
    // line in the count and the move (a call a ply, 5% of Tablut's playout).
    #[inline(always)]
    pub fn minus(&self, other: &PointSet) -> PointSet {
        let mut words = self.0;
        words.iter_mut().zip(&other.0).for_each(|(w, o)| *w &= !o);
        PointSet(words)
    }
    /// The points in both.
    #[inline(always)]
    pub fn and(&self, other: &PointSet) -> PointSet {
        let mut words = self.0;
        words.iter_mut().zip(&other.0).for_each(|(w, o)| *w &= o);
        PointSet(words)
    }
    /// The first 128 points as one integer (boards of up to 128 points).
    #[inline]
    pub fn low128(&self) -> u128 {
        (self.0[1] as u128) << 64 | self.0[0] as u128
    }
    /// Makes the first 128 points of `self` those of `other` (the rest are
    /// left as they are: for sets on boards of up to 128 points).
    #[inline(always)]
    pub fn copy_low128(&mut self, other: &PointSet) {
        self.0[..2].copy_from_slice(&other.0[..2]);
    }
    /// [`PointSet::copy_low128`] for boards of up to 256 points.
    #[inline(always)]
    pub fn copy_low256(&mut self, other: &PointSet) {
        self.0[..4].copy_from_slice(&other.0[..4]);
    }
    /// The set of the points in `bits`.
    pub fn from_low128(bits: u128) -> PointSet {
        let mut words = [0; POINT_WORDS];
        words[0] = bits as u64;
        words[1] = (bits >> 64) as u64;
        PointSet(words)
    }
    /// Whether `self` meets `of` minus `but`, on a board of at most 128
    /// points (the words past the second are not read): word by word, with
    /// no set formed.
    #[inline(always)]
    pub fn meets_low128_minus(&self, of: &PointSet, but: &PointSet) -> bool {
        (self.0[0] & of.0[0] & !but.0[0]) | (self.0[1] & of.0[1] & !but.0[1]) != 0
    }
    /// [`PointSet::meets`] on a board of at most 128 points.
    #[inline(always)]
    pub fn meets_low128(&self, other: &PointSet) -> bool {
        (self.0[0] & other.0[0]) | (self.0[1] & other.0[1]) != 0
    }
    /// Whether the two sets share a point.
    pub fn meets(&self, other: &PointSet) -> bool {
        self.0.iter().zip(&other.0).fold(0, |acc, (a, b)| acc | (a & b)) != 0
    }
    pub fn union(&self, other: &PointSet) -> PointSet {
        let mut s = *self;
        for i in 0..POINT_WORDS {
            s.0[i] |= other.0[i];
        }
        s
    }
}

/// The board: points, their lattice coordinates, and links between them.
#[derive(Clone, Debug)]
pub struct Board {
    pub labels: Vec<String>,
    /// Lattice coordinates (x = file index, y = rank index).
    pub coords: Vec<(i32, i32)>,
    /// The lattice's size, for drawing: x in 0..width, y in 0..height.
    pub width: i32,
    pub height: i32,
    /// `neighbour[p][d]`: the point one space from `p` in direction `d`, or [`NONE`].
    pub neighbour: Vec<[Point; 8]>,
    /// Square numbers (PDN), where the board numbers its points: `numbers[p]`.
    pub numbers: Option<Vec<u16>>,
    /// How the file says its points are drawn (`drawn as squares`); None:
    /// as the picture judges from the board's shape.
    pub drawn: Option<Drawing>,
    /// `river after rank N`: pictures draw a river between lattice rows `y`
    /// and `y + 1` (the rules do not see it).
    pub river: Option<i32>,
}

/// How a board's points are drawn (`drawn as ...` in the board block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// A square for each point (draughts, tafl, Ur).
    Squares,
    /// A square for each point, dark and light in turn, a1 dark (chess).
    Chequerboard,
    /// The points where the lines meet (Alquerque, Go).
    Intersections,
    /// A hole for each point (Konane, peg boards).
    Holes,
    /// A hexagon for each point, each row of the lattice shifted half a cell
    /// from the one below (Hex: `lines hexagonal`).
    Hexagons,
}

impl Drawing {
    /// Every way, as the file writes it.
    pub const ALL: [(&'static str, Drawing); 5] = [
        ("squares", Drawing::Squares),
        ("chequerboard", Drawing::Chequerboard),
        ("intersections", Drawing::Intersections),
        ("holes", Drawing::Holes),
        ("hexagons", Drawing::Hexagons),
    ];

    /// The word the file writes.
    pub fn word(self) -> &'static str {
        Drawing::ALL.iter().find(|(_, d)| *d == self).map_or("squares", |(w, _)| w)
    }
}

impl Board {
    pub fn len(&self) -> usize {
        self.labels.len()
    }
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
    pub fn point(&self, label: &str) -> Option<Point> {
        self.labels.iter().position(|l| l == label).map(|i| i as Point)
    }
    /// The point with this label, or with this number on a numbered board.
    pub fn point_or_number(&self, text: &str) -> Option<Point> {
        self.point(text).or_else(|| {
            let n: u16 = text.parse().ok()?;
            self.numbers.as_ref()?.iter().position(|&m| m == n).map(|i| i as Point)
        })
    }
    #[inline]
    pub fn step(&self, p: Point, d: Dir) -> Point {
        self.neighbour[p as usize][d as usize]
    }
    /// The number of links (each counted once).
    pub fn link_count(&self) -> usize {
        self.neighbour.iter().map(|n| n.iter().filter(|&&q| q != NONE).count()).sum::<usize>() / 2
    }
    /// The maximal straight lines, each as its points in order.
    pub fn straight_lines(&self) -> Vec<Vec<Point>> {
        let mut lines = Vec::new();
        for p in 0..self.len() as Point {
            // A line starts at a point with a link in direction d and none behind it.
            for d in 0..4u8 {
                if self.step(p, d) != NONE && self.step(p, opposite(d)) == NONE {
                    let mut line = vec![p];
                    let mut q = p;
                    while self.step(q, d) != NONE {
                        q = self.step(q, d);
                        line.push(q);
                    }
                    lines.push(line);
                }
            }
        }
        lines
    }
}

#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    pub letter: char,
    pub forward: Dir,
}

/// How a kind of piece moves, per player (directions are resolved against
/// each player's forward).
#[derive(Clone, Debug, Default)]
pub struct Moves {
    pub step: [DirSet; MAX_PLAYERS],
    pub slide: [DirSet; MAX_PLAYERS],
    /// The most spaces a slide may cover (None: no limit but the die).
    pub slide_limit: Option<u8>,
    /// Short leaps: over an adjacent enemy to the point just behind it.
    pub jump: [DirSet; MAX_PLAYERS],
    /// Flying leaps: over vacant points, one enemy, onto any vacant point behind.
    pub fly: [DirSet; MAX_PLAYERS],
    /// Of the flying leaps, those that land only on the point just behind
    /// the enemy (`flying landing behind`).
    pub fly_behind: [DirSet; MAX_PLAYERS],
    /// Leaving the board along a clear line; the exit counts as one space.
    pub leave: [DirSet; MAX_PLAYERS],
    /// Capture by moving one space onto an enemy piece (replacement).
    pub take: [DirSet; MAX_PLAYERS],
    /// Moves along its player's track by the roll (`move along track`),
    /// entering from the hand and bearing off past the end; landing on an
    /// enemy takes it.
    pub track: bool,
    /// Capture by approach: a step toward an enemy takes it and the unbroken
    /// run of enemies behind it.
    pub approach: [DirSet; MAX_PLAYERS],
    /// Capture by withdrawal: a step away from an adjacent enemy takes it and
    /// the unbroken run of enemies behind it.
    pub withdraw: [DirSet; MAX_PLAYERS],
    /// Steps, slides, leaps, rides and hops that may land on an enemy or
    /// have a condition on where they start (`or capture`, `capture only`,
    /// `from REGION`, `leap`, `ride`, `hop`): see [`Vector`]. A kind with any
    /// has all its steps, slides and takes here.
    pub vectors: Vec<Vector>,
}

/// What a move of the vector family may land on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// An empty point only (the default).
    Empty,
    /// An empty point, or an enemy piece, which it takes (`or capture`).
    EmptyOrEnemy,
    /// Only an enemy piece, which it takes (`capture only`; a `take`).
    Enemy,
}

impl Landing {
    pub fn empty(self) -> bool {
        self != Landing::Enemy
    }
    pub fn enemy(self) -> bool {
        self != Landing::Empty
    }
}

/// How a move of the vector family goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One space along a line.
    Step,
    /// Along a straight line over empty points, at most this many spaces (0: no limit).
    Slide(u8),
    /// To the point a lattice offset away, over anything (`leap 1 2`).
    Leap,
    /// The same offset again and again while the points are empty (`ride 1 2`).
    Ride,
    /// Along a straight line over empty points, over exactly one piece (the
    /// screen), then over empty points (`hop`: the xiangqi cannon).
    Hop,
    /// Over an adjacent piece of either side onto the empty point just
    /// behind it, taking nothing; `chained`: again from there, any number of
    /// times, the move ending on any point so reached (`jump any over any
    /// piece chained`: Chinese checkers, Halma).
    JumpOver { chained: bool },
}

/// One way a kind moves, of the family that can land on an enemy: chess's
/// and its relatives' pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    pub shape: Shape,
    pub landing: Landing,
    /// Steps, slides and hops: the directions, per player.
    pub dirs: [DirSet; MAX_PLAYERS],
    /// Leaps and rides: the lattice offsets (dx, dy), per player.
    pub offsets: [Vec<(i8, i8)>; MAX_PLAYERS],
    /// `lame`: a leap blocked when the point of its first step is occupied
    /// (one step along the longer part of the offset, diagonally when equal).
    pub lame: bool,
    /// `from REGION`: only from these points, per player.
    pub from: Option<[PointSet; MAX_PLAYERS]>,
    /// `en passant`: may also land on a point that an enemy piece of its own
    /// kind passed over in the last move, taking that piece.
    pub en_passant: bool,
}

impl Vector {
    /// A leap from anywhere that nothing blocks: where it attacks a point
    /// from depends on that point alone.
    pub fn plain_leap(&self) -> bool {
        matches!(self.shape, Shape::Leap) && !self.lame && self.from.is_none()
    }
}

/// The first step of a lame leap by `(dx, dy)`: along the longer part,
/// diagonally when the parts are equal.
pub fn lame_step(dx: i32, dy: i32) -> (i32, i32) {
    match dx.abs().cmp(&dy.abs()) {
        std::cmp::Ordering::Greater => (dx.signum(), 0),
        std::cmp::Ordering::Less => (0, dy.signum()),
        std::cmp::Ordering::Equal => (dx.signum(), dy.signum()),
    }
}

impl Moves {
    /// Whether the piece captures by its own move (a leap or a take), as
    /// opposed to custodially.
    pub fn captures_by_moving(&self, player: usize) -> bool {
        self.jump[player] | self.fly[player] | self.take[player] | self.approach[player] | self.withdraw[player] != 0
    }

    /// Whether the piece captures by leaping or by approach or withdrawal
    /// (captures a sequence may continue from), not only by a take.
    pub fn leaps_or_lines(&self, player: usize) -> bool {
        self.jump[player] | self.fly[player] | self.approach[player] | self.withdraw[player] != 0
    }

    /// Whether the piece captures by its own move in any way: a leap, a
    /// take, a capturing step, or a move of the vector family that may land
    /// on an enemy.
    pub fn captures_any(&self, player: usize) -> bool {
        self.captures_by_moving(player) || self.vectors.iter().any(|v| v.landing.enemy())
    }

    /// The directions of its moves along lines, of every sort.
    pub fn directions(&self, player: usize) -> DirSet {
        let vectors = self.vectors.iter().fold(0, |d, v| d | v.dirs[player]);
        self.step[player] | self.slide[player] | self.jump[player] | self.fly[player] | self.take[player] | vectors
    }

    /// Whether the kind captures by moving for some player.
    pub fn captures_by_moving_any(&self) -> bool {
        (0..MAX_PLAYERS).any(|p| self.captures_by_moving(p))
    }
}

#[derive(Clone, Debug)]
pub struct Promotion {
    pub into: KindId,
    /// Further kinds it may become instead, the player's choice
    /// (`promote to queen rook bishop knight in far-rank`); the move is
    /// written with the kind's letter (`e7-e8=Q`).
    pub or_into: Vec<KindId>,
    pub zone: [PointSet; MAX_PLAYERS],
    /// Crowned the moment a leap lands in the zone, continuing as the new kind.
    pub at_once: bool,
    /// Landing in the zone ends the move (a capture sequence stops there).
    pub stops: bool,
    /// `may promote ...`: a move that ends in, or starts in, the zone may
    /// promote or not, the player's choice (written `=X` when it does).
    pub optional: bool,
}

#[derive(Clone, Debug)]
pub struct Kind {
    pub name: String,
    pub letter: char,
    pub moves: Moves,
    pub promotion: Option<Promotion>,
    /// What the piece is worth (`value N`, default 1): for `prefer most value`
    /// and for agents' material counts.
    pub value: u32,
    /// The kinds it may capture by leaping or taking (`can capture ...`; all by default).
    pub can_capture: u16,
    /// `at most N moves in a row while its side has KIND`.
    pub run_limit: Option<RunLimit>,
    /// `enter ...`: placed from the hand onto an empty point.
    pub enter: Option<Enter>,
    /// `lift ...`: a move that takes one of the player's own pieces off, per player.
    pub lift: [Option<Lift>; MAX_PLAYERS],
    /// `safe on REGION`: where a piece landing on it cannot take it, by the
    /// piece's owner (a region may differ per player).
    pub safe: [PointSet; MAX_PLAYERS],
    /// `fly when at most N left`: while its side has at most N pieces (on
    /// the board and in hand), it moves to any empty point instead.
    pub fly: Option<u8>,
    /// `then shoot KIND DIRECTIONS`: after its move, it places one of its
    /// side's KIND on an empty point a slide away from where it landed, per
    /// player's directions (Amazons' arrows).
    pub shoot: Option<(KindId, [DirSet; MAX_PLAYERS])>,
    /// `royal`: its side may make no move that leaves it attacked (check).
    pub royal: bool,
    /// `castle with KIND`: two spaces sideways toward an unmoved piece of
    /// KIND of its side, over empty points, that piece then standing on the
    /// point crossed; neither may have moved (nor, for a royal piece, may it
    /// stand on or cross an attacked point).
    pub castle: Option<KindId>,
    /// `confined to REGION`: its moves end only on these points (per player).
    pub confined: Option<[PointSet; MAX_PLAYERS]>,
    /// `confined to REGION once there`: only while it stands in the region
    /// (a kind that captures nothing, so no attack is ever confined).
    pub confined_once: bool,
    /// `at most N per file`: no move or entry may leave a side more than N
    /// of this kind on one file.
    pub per_file: Option<u8>,
    /// The kind a captured piece of this kind becomes in its captor's hand
    /// under `captured pieces change sides`: the kind it was promoted from,
    /// if exactly one kind promotes into it, else itself.
    pub base: KindId,
}

impl Kind {
    /// The kinds its promotion may make of it, the first one first.
    pub fn promotion_choices(&self) -> impl Iterator<Item = KindId> + '_ {
        self.promotion.iter().flat_map(|pr| std::iter::once(pr.into).chain(pr.or_into.iter().copied()))
    }
}

/// Where a piece may be lifted off the board as a move, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lift {
    /// The points it may be lifted from (`lift on REGION`); None with `next_to_empty`.
    pub on: Option<PointSet>,
    /// `lift next to empty`: from a point with an empty neighbour along a line.
    pub next_to_empty: bool,
    /// `... first`: only as the player's first move (while it has every
    /// piece it started with).
    pub first: bool,
}

/// Where a kind enters from the hand, and whether its pieces wait on the
/// board until the hand is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enter {
    /// Per player, the points it may enter on.
    pub on: [PointSet; MAX_PLAYERS],
    /// `before moving`: while the player has any in hand, pieces of this kind do not move.
    pub before_moving: bool,
    /// `falling DIR`, per player: the entered piece goes on that way while
    /// the next point is empty, and lands where it stops (a dropped disc).
    pub falling: [Option<Dir>; MAX_PLAYERS],
    /// `capturing`: only onto points where it captures as it lands.
    pub capturing: bool,
    /// `unless it checkmates`: not where the entry leaves the opponent checkmated.
    pub unless_mates: bool,
}

/// The same piece may make at most `max` moves in a row that capture nothing,
/// while its side has a piece of one of the kinds in `while_has` (any piece
/// at all when it names none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLimit {
    pub max: u8,
    pub while_has: u16,
}

/// One criterion of which capture must be chosen, applied in order: each keeps
/// the captures that score best on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    /// The most pieces taken (`prefer most pieces`, or `majority`).
    MostPieces,
    /// The greatest value taken (`prefer most value`).
    MostValue,
    /// Capturing with a piece of this kind (`prefer with king`).
    With(KindId),
    /// The most pieces of this kind taken (`prefer most king`).
    MostOf(KindId),
    /// Pieces of this kind met earliest in the sequence (`prefer earliest king`).
    EarliestOf(KindId),
}

/// Rules for captures by jumping.
#[derive(Clone, Debug, Default)]
pub struct JumpRules {
    /// If any capture exists, the turn must capture.
    pub compulsory: bool,
    /// A capturing piece goes on while it can capture again.
    pub continues: bool,
    /// With `continues`: the piece may also stop after any capture (`continue at will`).
    pub at_will: bool,
    /// Jumped pieces leave at once, instead of when the sequence ends.
    pub remove_at_once: bool,
    /// Which captures are legal when several are possible: criteria in order
    /// (empty: free choice).
    pub prefer: Vec<Preference>,
    /// A leap may not go back the way the previous leap came (no 180-degree turn).
    pub no_reversal: bool,
    /// A flying leap must land where the sequence can go on, if any of its
    /// landings allows that.
    pub land_to_continue: bool,
    /// A sequence goes on only in the direction of its first leap (`straight`).
    pub straight: bool,
    /// No two steps of a sequence in the same direction in a row (`no repeated direction`).
    pub no_repeated_direction: bool,
    /// A sequence never lands on a point the piece has stood on during the
    /// move, its start included (`no revisiting`).
    pub no_revisiting: bool,
}

/// Custodial capture: an enemy is taken when the piece that moved and a
/// partner (or a hostile site) flank it.
#[derive(Clone, Debug)]
pub struct Custodial {
    pub targets: u16,
    /// Kinds that are not taken custodially while on these points
    /// (`targets king outside near-throne`).
    pub safe: [Option<PointSet>; MAX_KINDS],
    pub captors: u16,
    pub sides: DirSet,
    /// Partner on the far side of the target.
    pub opposite: bool,
    /// Partner on one of the target's two sides at right angles ("one of each"),
    /// for targets within this set (all points unless the file limits it).
    pub perpendicular: bool,
    pub perpendicular_within: Option<PointSet>,
    /// A partner beyond an unbroken run of targets takes the whole run.
    pub runs: bool,
    /// A row of targets along an edge, bracketed at both ends and each faced
    /// by an enemy from the inside, is captured together (the mover brackets).
    pub shieldwall: bool,
    /// A piece that moves between two targets on one line (both adjacent)
    /// takes both: intervention.
    pub intervention: bool,
    /// `convert`: the pieces taken change sides instead of leaving the board.
    pub convert: bool,
}

/// `enclosed with any friends`: the whole group of the piece's side joined to it.
pub const ANY_FRIENDS: u8 = u8::MAX;

/// Special capture conditions for one kind (such as a king).
#[derive(Clone, Copy, Debug)]
pub struct Trap {
    pub kind: KindId,
    pub sides: DirSet,
    /// Captured when at least this many of its sides are hostile.
    pub surrounded: Option<u8>,
    /// Captured when it and at most this many friends ([`ANY_FRIENDS`]: its
    /// whole group), together, have only hostile points around them.
    pub enclosed: Option<u8>,
    pub never_on_edge: bool,
    /// No move may leave the piece it moved caught by these conditions
    /// (after the move's own captures): Go's rule against suicide.
    pub suicide_forbidden: bool,
    /// A move that leaves the piece it moved caught by these conditions
    /// (after its own captures) loses it, with its group when enclosed
    /// with any friends (`suicide allowed`).
    pub suicide_taken: bool,
    /// The conditions apply only while the piece stands here (None: anywhere).
    pub within: Option<PointSet>,
}

/// A site that counts as an enemy of some kinds.
#[derive(Clone, Copy, Debug)]
pub struct Hostile {
    pub region: PointSet,
    /// Hostile to pieces of these kinds...
    pub to: u16,
    /// ...belonging to these players (bit per player).
    pub to_players: u8,
    pub when_empty: bool,
}

/// Only some kinds may end a move on these points.
#[derive(Clone, Copy, Debug)]
pub struct StopRule {
    pub region: PointSet,
    pub allowed: u16,
}

/// The dice rolled before each move, and what the roll means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    /// One die with faces 1..=sides; or, when `binary`, this many two-sided
    /// dice whose marked sides up are counted (0..=sides).
    pub sides: u8,
    pub binary: bool,
    /// The roll is the exact number of spaces a piece moves (`sets distance`);
    /// otherwise the most (`limits distance`).
    pub exact: bool,
    /// Two dice of `sides` faces used separately (`dice 2 d6 used
    /// separately`): each moves a piece its number, doubles four times, and
    /// a roll is written by its two faces, the larger first (`65` is 6 and 5).
    pub pair: bool,
    /// `counting V...`: what each raw throw counts (a die's faces 1..=sides,
    /// or binary dice's 0..=sides marked sides up), in `values[..]`; the
    /// throw itself where `counted` is false.
    pub counted: bool,
    pub values: [u8; MAX_FACES],
    /// How many dice of `sides` faces are thrown and summed (`dice 2 d6
    /// sets distance`); 1 for one die, and for binary dice and pairs.
    pub summed: u8,
}

/// The most faces a die may have (and binary dice, plus one, their counts).
pub const MAX_FACES: usize = 20;

impl Dice {
    /// The raw throws: a die's faces, or how many binary dice land marked side up.
    fn raw(&self) -> std::ops::RangeInclusive<u8> {
        if self.binary {
            0..=self.sides
        } else {
            self.summed.max(1)..=self.sides * self.summed.max(1)
        }
    }

    /// What a raw throw counts.
    #[inline]
    fn value(&self, raw: u8) -> u8 {
        if self.counted {
            self.values[(raw - self.raw().start()) as usize]
        } else {
            raw
        }
    }

    /// In how many equally likely ways the dice make the raw throw `raw`:
    /// binary dice, how many ways `raw` of them land marked side up; summed
    /// dice, how many ways their faces add up to it.
    fn raw_ways(&self, raw: u8) -> u32 {
        let n = self.sides as u32;
        if self.binary {
            return (1..=raw as u32).fold(1u32, |acc, i| acc * (n + 1 - i) / i);
        }
        // Ways to make each total with the dice thrown so far.
        let mut ways = vec![1u32];
        for _ in 0..self.summed.max(1) {
            let mut next = vec![0u32; ways.len() + self.sides as usize];
            for (t, &w) in ways.iter().enumerate() {
                for f in 1..=self.sides as usize {
                    next[t + f] += w;
                }
            }
            ways = next;
        }
        ways.get(raw as usize).copied().unwrap_or(0)
    }

    /// The lowest roll.
    pub fn lowest(&self) -> u8 {
        if self.pair {
            11
        } else {
            self.raw().map(|r| self.value(r)).min().unwrap_or(0)
        }
    }

    /// The highest roll.
    pub fn highest(&self) -> u8 {
        if self.pair {
            self.sides * 11
        } else {
            self.raw().map(|r| self.value(r)).max().unwrap_or(0)
        }
    }

    /// The highest number a piece may move by one roll's die.
    pub fn highest_face(&self) -> u8 {
        if self.pair {
            self.sides
        } else {
            self.highest()
        }
    }

    /// Every roll, lowest first (for a pair, by the larger die, then the smaller: 11, 21, 22, 31...).
    pub fn rolls(&self) -> impl Iterator<Item = u8> + Clone {
        let d = *self;
        (self.lowest()..=self.highest()).filter(move |&r| d.can_roll(r))
    }

    /// Whether `r` is a roll these dice can make.
    pub fn can_roll(&self, r: u8) -> bool {
        if self.pair {
            let (high, low) = (r / 10, r % 10);
            (1..=self.sides).contains(&high) && (1..=high).contains(&low)
        } else {
            self.raw().any(|raw| self.value(raw) == r)
        }
    }

    /// The dice of a roll of a pair, the larger first: `65` is (6, 5).
    pub fn faces(roll: u8) -> (u8, u8) {
        (roll / 10, roll % 10)
    }

    /// A random roll: uniform on a die; binomial for binary dice (each die
    /// shows its marked side with even odds); two dice thrown for a pair.
    #[inline(always)]
    pub fn roll<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> u8 {
        if self.binary {
            self.value((rng.gen::<u32>() & ((1u32 << self.sides) - 1)).count_ones() as u8)
        } else if self.pair {
            let (a, b) = (rng.gen_range(1..=self.sides), rng.gen_range(1..=self.sides));
            a.max(b) * 10 + a.min(b)
        } else {
            let sum = (0..self.summed.max(1)).map(|_| rng.gen_range(1..=self.sides)).sum();
            self.value(sum)
        }
    }

    /// In how many of the equally likely ways of throwing the dice the roll is `r`.
    pub fn ways(&self, r: u8) -> u32 {
        if self.pair {
            let (a, b) = Self::faces(r);
            return if a == b { 1 } else { 2 };
        }
        self.raw().filter(|&k| self.value(k) == r).map(|k| self.raw_ways(k)).sum()
    }

    /// Which rolls there are, for messages: `from 1 to 6`.
    pub fn roll_words(&self) -> String {
        if self.pair {
            format!("two faces from 1 to {}, the larger first, like `31` or `{}`", self.sides, self.sides * 11)
        } else {
            format!("from {} to {}", self.lowest(), self.highest())
        }
    }

    /// How the dice are written in the language: `d6`, `4 binary dice`.
    pub fn describe(&self) -> String {
        if self.binary {
            format!("{} binary dice", self.sides)
        } else if self.pair {
            format!("two d{}", self.sides)
        } else if self.summed > 1 {
            format!("{} d{} summed", self.summed, self.sides)
        } else {
            format!("a d{}", self.sides)
        }
    }
}

// A game has a handful of conditions, read in place on every goal test: a
// box for the large one would cost a pointer chase where size costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Condition {
    NoMove,
    NoPieces,
    Captured(KindId),
    Escapes(KindId),
    Reaches(KindId, [PointSet; MAX_PLAYERS]),
    /// None of this player's pieces can reach the edge of the board: every
    /// path from them through empty points is closed by enemy pieces.
    Encircled(PlayerId),
    /// A piece of this kind stands on the edge, can move, and is walled in by
    /// its own pieces that no enemy can capture or get behind (an edge fort).
    Fortified(KindId),
    /// The same position (board and side to move) has stood this many times.
    Repeated(u8),
    /// A sowing game: one player's pits are all empty.
    PitsEmpty,
    /// A sowing game: the player's store holds at least this many seeds.
    StoreHolds(u16),
    /// The same position has stood this many times, and one player gave
    /// check with every move it made since the position first stood: it is
    /// the player this goal is about (perpetual check).
    PerpetualCheck(u8),
    /// The player has borne off every piece: none left on the board or in hand.
    BorneOff,
    /// `n` of a player's pieces of the kinds in `kinds` stand in a row along
    /// one straight line through the piece that moved: at least `n`, or with
    /// `exactly`, a run of exactly `n` (a longer run does not count).
    InARow {
        n: u8,
        kinds: u16,
        exactly: bool,
    },
    /// No point of the board is empty.
    BoardFull,
    /// No legal move while a royal piece of the player's is attacked (`checkmated`).
    Checkmated,
    /// No legal move while no royal piece of the player's is attacked (`stalemated`).
    Stalemated,
    /// `pass when no move`: a player with no legal move passes while the
    /// other has one; when neither has, the game ends.
    Pass,
    /// At the end, more pieces on the board than the other side (equal: a draw).
    MostPieces,
    /// `pass at any time`: a player may always pass; two passes in a row end
    /// the game.
    PassAtWill,
    /// `play on for places`: with more than two players, one who wins drops
    /// out with the next place, and the others play on; the game ends when
    /// one is left (last) or none of those left can move (they share the
    /// places left).
    PlayOn,
    /// At the end, the larger area: a side's pieces and the empty points that
    /// reach only its pieces along the lines, `bonus` half points added to
    /// player `to`'s (a komi); equal is a draw.
    MostArea {
        bonus: u16,
        to: PlayerId,
    },
    /// A chain of the player's pieces, linked along the board's lines, touches
    /// every region (each player's own part of it).
    Connects(Vec<[PointSet; MAX_PLAYERS]>),
    /// A condition on the state of the board about a player, judged after
    /// every move: one of the groups of `any` holds, each with all its
    /// clauses (`fewer than 2 pieces left and opponent has at least 3 pieces
    /// left`, `hare past every hound`; groups joined by `or`).
    Holds {
        any: Vec<Vec<Clause>>,
    },
    /// At least `n` pieces of the kinds in `kinds` captured from a player,
    /// counted from the game's setup (`N KIND captured`).
    CapturedCount {
        n: u16,
        kinds: u16,
    },
    /// The player made `moves` moves in a row, each of the classes in
    /// `classes` ([`heading`]): `hounds lose after 10 moves in a row sideways`.
    Streak {
        moves: u8,
        classes: u8,
    },
    /// This many plies (two per move of each side) have passed without a
    /// capture (if `capture`) or a move of a kind in `kinds`.
    NoProgress {
        plies: u16,
        capture: bool,
        kinds: u16,
    },
}

/// One clause of a [`Condition::Holds`], about a player (the subject): its
/// test, or with `not`, the test failing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub not: bool,
    pub test: Test,
}

/// What a [`Clause`] tests, about the subject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Test {
    /// The subject's (or its opponent's) pieces of `kinds`, on the board and
    /// in hand, are fewer than `n` (or at least `n`). A group that opens with
    /// the subject's `fewer than` is only about a player who had such pieces
    /// at the start.
    Left { opponent: bool, at_least: bool, n: u16, kinds: u16 },
    /// The subject made the move just played.
    MovedLast,
    /// A piece of the subject's of kind `kind` stands farther along the
    /// subject's forward direction than every opponent's piece of `of` (with
    /// `behind`, less far than every one): `hare past every hound`.
    Past { kind: KindId, of: u16, behind: bool },
    /// Every piece of the subject's of `kinds` stands in its part of the
    /// region named `region`, none in hand, and it has at least one: `all
    /// pieces in home` (Chinese checkers, Halma).
    AllIn { kinds: u16, zone: Box<[PointSet; MAX_PLAYERS]>, region: String },
}

/// The classes of a move by where it ends along its mover's forward
/// direction, for [`Condition::Streak`] (bits).
pub mod heading {
    pub const FORWARD: u8 = 1;
    pub const SIDEWAYS: u8 = 2;
    pub const BACKWARD: u8 = 4;
    /// The words a file writes, with their bits.
    pub const WORDS: [(&str, u8); 3] = [("forward", FORWARD), ("sideways", SIDEWAYS), ("backward", BACKWARD)];
}

#[derive(Clone, Debug)]
pub struct Goal {
    /// Whose goal: None means the player the condition is about (for
    /// `Repeated`, the player who made the last move).
    pub player: Option<PlayerId>,
    pub wins: bool,
    /// The game is drawn (`player` and `wins` unused).
    pub draw: bool,
    /// `end when ...`: the game ends and the score decides (`most pieces`;
    /// without one, a draw). `player`, `wins` and `draw` unused.
    pub ends: bool,
    pub condition: Condition,
}

/// A sowing game (`sowing { ... }`): each player owns a row of pits, seeds
/// go round the pits (and stores) in a circuit, and a move lifts every
/// seed of one of the mover's pits and drops them one a point along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// Each player's pits, in the order seeds go round (`pits PLAYER ...`).
    pub pits: [Vec<Point>; MAX_PLAYERS],
    /// A player's store on the circuit, just after its pits (`store PLAYER
    /// POINT`): its sowing drops a seed there, the opponent's passes it by.
    /// Without one, captured seeds are kept beside the board.
    pub stores: [Option<Point>; MAX_PLAYERS],
    /// Seeds in each pit at the start (`seeds N`).
    pub seeds: u8,
    /// `skip origin`: a lap that comes round passes over the pit lifted.
    pub skip_origin: bool,
    pub capture: SowCapture,
    /// `grand slam takes nothing`: a capture that would take every seed
    /// the opponent has on its side takes none (the move stands).
    pub grand_slam_takes_nothing: bool,
    /// `feed the opponent`: while the opponent's pits are empty, a move
    /// must sow into them; a player who cannot has no move.
    pub feed: bool,
}

/// What the last seed of a sowing takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SowCapture {
    None,
    /// `capture N... [backwards]`: ending in an enemy pit that now holds one
    /// of these counts (bit `n` for `n` seeds) takes its seeds, and with
    /// `backwards` those of each pit before it along the circuit while it is
    /// the enemy's and holds one of the counts.
    Counts {
        counts: u64,
        backwards: bool,
    },
    /// `capture opposite`: ending in an empty pit of one's own takes that
    /// seed and those of the pit across, when it has any.
    Opposite,
}

impl Sowing {
    /// The circuit: each player's pits, then its store, the first player's first.
    pub fn circuit(&self) -> Vec<Point> {
        let mut out = Vec::new();
        for (pits, store) in self.pits.iter().zip(self.stores) {
            out.extend(pits);
            out.extend(store);
        }
        out
    }
}

impl Game {
    /// The names of the kinds in `mask`, in declaration order.
    pub fn kind_names(&self, mask: u16) -> Vec<&str> {
        (0..self.kinds.len()).filter(|&k| mask & (1 << k) != 0).map(|k| self.kinds[k].name.as_str()).collect()
    }

    /// `while its side has a KIND [or a KIND...]` for a run limit's kinds,
    /// or None where they are every kind (the limit always holds).
    pub fn while_has(&self, limit: &RunLimit) -> Option<String> {
        let has = self.kind_names(limit.while_has);
        (has.len() != self.kinds.len()).then(|| format!("while its side has a {}", has.join(" or a ")))
    }
}

impl Goal {
    /// Who wins when the goal is met about `subject` (the player it names, or
    /// the one its condition is about): None for a draw.
    pub fn winner(&self, subject: PlayerId) -> Option<PlayerId> {
        match (self.draw, self.wins) {
            (true, _) => None,
            (false, true) => Some(subject),
            (false, false) => Some(1 - subject),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Announcement {
    pub text: String,
    pub after: PlayerId,
    pub kind: KindId,
    pub dirs: DirSet,
}

/// An option and the value it has in this compiled game.
#[derive(Clone, Debug)]
pub struct OptionValue {
    pub name: String,
    pub values: Vec<String>,
    pub value: String,
    pub description: String,
}

/// The most player-kind pairs that hold pieces in hand.
pub const MAX_HANDS: usize = 16;

/// Every point of a board.
pub fn all_points(board: &Board) -> PointSet {
    let mut set = PointSet::default();
    for p in 0..board.len() as Point {
        set.insert(p);
    }
    set
}

#[derive(Clone, Debug)]
pub struct Game {
    pub name: String,
    pub sources: Vec<String>,
    pub options: Vec<OptionValue>,
    pub board: Board,
    pub players: Vec<Player>,
    pub first: PlayerId,
    pub kinds: Vec<Kind>,
    pub setup: Vec<(PlayerId, KindId, Point)>,
    /// Pieces in hand at the start: (player, kind, how many).
    pub hand: Vec<(PlayerId, KindId, u8)>,
    /// Kinds a player holds an unlimited supply of (`in hand unlimited`).
    pub supply: Vec<(PlayerId, KindId)>,
    pub jumps: JumpRules,
    pub custodial: Option<Custodial>,
    pub traps: Vec<Trap>,
    pub hostile: Vec<Hostile>,
    pub stops: Vec<StopRule>,
    pub dice: Option<Dice>,
    /// Each player's track (`track PLAYER ...`), in order; empty without one.
    pub tracks: [Vec<Point>; MAX_PLAYERS],
    /// A move that ends on one of these points gives the mover another turn.
    pub another_turn: Option<PointSet>,
    /// Captured pieces go back to their owner's hand (`captured pieces return to hand`).
    pub return_to_hand: bool,
    /// `pieces stack [up to N]`: a point may hold several pieces of one
    /// side (at most N; `u8::MAX` for no limit). A lone enemy piece is hit,
    /// never a stack of two or more.
    pub stacks: Option<u8>,
    /// `pieces in hand enter first`: while a player has a piece in hand, its
    /// moves are entries.
    pub enter_first: bool,
    /// `bear off when all pieces in REGION`: a piece bears off only while all
    /// of its side's pieces stand in the region (per player), none in hand.
    pub bear_off_from: Option<[PointSet; MAX_PLAYERS]>,
    /// `higher rolls bear off the rearmost piece`: a roll larger than the
    /// distance off bears off the piece farthest back on its track.
    pub bear_off_higher: bool,
    /// `another turn after rolls N...`: bit `r` set for each roll after
    /// which the same player throws again.
    pub another_turn_rolls: u128,
    /// `pieces in hand enter on rolls N...`: a piece in hand enters only on
    /// these rolls (bits), onto its track's first point (0: on any, by it).
    pub enter_rolls: u128,
    /// `captured pieces swap places`: a piece landing on an enemy sends it
    /// to the point it came from.
    pub swap_places: bool,
    /// `pieces safe in rows of N`: a piece in a row of N or more of its side
    /// along the track cannot be landed on by an enemy.
    pub safe_rows: Option<u8>,
    /// `pieces block in rows of N`: such a row cannot be passed by an enemy.
    pub block_rows: Option<u8>,
    /// `pieces stop on REGION`: no move passes over these points.
    pub must_stop: Option<PointSet>,
    /// `pieces landing on REGION return to POINT`: a piece ending a move
    /// there goes to the point (or the nearest empty point before it on its
    /// track).
    pub landing_returns: Vec<(PointSet, Point)>,
    /// Captured pieces go to the captor's hand, as their base kind
    /// (`captured pieces change sides`).
    pub change_sides: bool,
    /// `forbid stranded pieces`: no move or entry may leave a piece where
    /// its kind could never move again, even on an empty board.
    pub forbid_stranded: bool,
    /// `after N in a row remove enemy`: a move that leaves the moved piece in
    /// a row of at least N also removes an enemy piece (a mill).
    pub mill: Option<u8>,
    /// `forbid returning to the previous position`: no move (but a pass) may
    /// leave the board as it stood before the opponent's last move (ko).
    pub forbid_previous: bool,
    /// `forbid returning to any earlier position`: no move (but a pass) may
    /// leave the board, its pieces alone, as it stood at any earlier point
    /// of the game (positional superko).
    pub forbid_earlier: bool,
    /// `forbid royal pieces facing each other`: no move may leave two royal
    /// pieces of different sides on one straight line with nothing between
    /// (the xiangqi generals).
    pub forbid_facing: bool,
    /// `sowing { ... }`: the points are pits holding counts of seeds, and
    /// a move lifts a pit and sows it round (mancala).
    pub sowing: Option<Sowing>,
    pub goals: Vec<Goal>,
    pub announcements: Vec<Announcement>,
}

impl Game {
    pub fn kind_by_name(&self, name: &str) -> Option<KindId> {
        self.kinds.iter().position(|k| k.name == name).map(|i| i as KindId)
    }
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.iter().find(|o| o.name == name).map(|o| o.value.as_str())
    }
}

#[cfg(test)]
mod dice_tests {
    use super::*;

    fn dice(sides: u8, binary: bool, summed: u8, counting: &[u8]) -> Dice {
        let mut values = [0; MAX_FACES];
        values[..counting.len()].copy_from_slice(counting);
        Dice { sides, binary, exact: true, pair: false, counted: !counting.is_empty(), values, summed }
    }

    #[test]
    fn summed_dice_roll_every_total_as_often_as_the_faces_make_it() {
        let two_d6 = dice(6, false, 2, &[]);
        assert_eq!(two_d6.rolls().collect::<Vec<_>>(), (2..=12).collect::<Vec<_>>());
        let ways: Vec<u32> = two_d6.rolls().map(|r| two_d6.ways(r)).collect();
        assert_eq!(ways, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
        assert_eq!(dice(6, false, 3, &[]).ways(10), 27);
    }

    #[test]
    fn counting_maps_throws_to_rolls_and_sums_their_odds() {
        // Four sticks, none up counting 5: 1, 2, 3, 4 and 5 come 4, 6, 4, 1 and 1 times in 16.
        let sticks = dice(4, true, 1, &[5, 1, 2, 3, 4]);
        assert_eq!(sticks.rolls().collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
        assert_eq!(sticks.rolls().map(|r| sticks.ways(r)).collect::<Vec<_>>(), [4, 6, 4, 1, 1]);
        assert!(!sticks.can_roll(0));
        // A die whose faces repeat: 1 1 2 2 3 3.
        let die = dice(6, false, 1, &[1, 1, 2, 2, 3, 3]);
        assert_eq!((die.lowest(), die.highest(), die.ways(2)), (1, 3, 2));
    }
}

#[cfg(test)]
mod point_set_tests {
    use super::*;

    /// The `n`-th point found by halves is the one a bit at a time finds,
    /// in words of every density, and across words.
    #[test]
    fn nth_finds_the_point_a_bit_at_a_time_finds() {
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut words: Vec<u64> = vec![1, 1 << 63, u64::MAX, 0x8000_0000_0000_0001, 0xFF00_FF00_FF00_FF00];
        for _ in 0..2000 {
            let (a, b, c) = (next(), next(), next());
            words.extend([a, a & b, a & b & c, a | b]);
        }
        for &w in &words {
            let bits: Vec<u32> = (0..64).filter(|i| w >> i & 1 != 0).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(nth_in_word(w, n as u32), bit, "{w:#x} n {n}");
            }
        }
        let mut set = PointSet::default();
        for p in [3, 64, 65, 130, 200, 383] {
            set.insert(p);
        }
        let points: Vec<Point> = (0..set.len()).map(|n| set.nth(n)).collect();
        assert_eq!(points, set.iter().collect::<Vec<_>>());
    }
}
