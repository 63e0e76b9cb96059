//! Stage 3: the generic interpreter. Runs any compiled [`Game`]: positions,
//! legal moves, playing a move, outcomes. It reads the tables built here,
//! never the syntax tree, and knows no game by name.

mod apply;
mod conditions;
mod counting;
mod custodial;
mod endings;
mod fen;
mod guard;
mod hands;
mod legal;
mod lines;
mod mills;
mod movegen;
pub mod notation;
mod paths;
mod placement;
mod places;
mod placing;
pub mod position;
mod precedence;
mod race;
mod royal;
mod scoring;
pub mod search;
mod shifts;
mod sowing;
mod stacks;
mod tables;
mod turns;
mod vectors;
mod why;

pub use counting::pdep_in_microcode;
pub use search::{Counting, Playout, PlyBuffers, RandomPly};
pub use why::Verdict;

use crate::game::*;
use hands::{Hands, UNLIMITED};

pub use apply::PlayError;
pub use endings::{History, Mark};
pub use notation::ParseMoveError;
pub use places::Places;
pub use position::PositionError;
pub use sowing::SowEnd;

/// The landings (and pieces taken) a move holds in itself; a longer capture
/// sequence keeps the whole of it out of line ([`Move::long`]), so that
/// common moves stay small.
pub const INLINE: usize = 24;

/// The most landings, or pieces taken, in one move (each landing takes a
/// piece, and no piece is taken twice). Only a board of more than 255 points
/// crowded with enemies could hold a longer sequence; one is reported as a
/// limit reached, never cut short.
pub const MAX_PATH: usize = u8::MAX as usize;

/// The most steps the capture search takes for one position. Real games need
/// a few thousand mostly, but a flying king's longest captures can take a
/// few hundred thousand (Zamma, about one random game in 20,000: some 4,000
/// legal moves taking 17 pieces, in 30 ms); a crafted file could otherwise
/// make the number of capture sequences explode. Past it (in well under a
/// second) the search stops and the engine returns [`Limit::SearchSteps`]
/// rather than answer silently wrong.
pub const MAX_SEARCH_STEPS: u32 = 1 << 22;

/// The most positions searched and sequences found for the turns of one
/// roll of two dice used separately (`turns.rs`): [`Limit::TurnSteps`] past it.
pub const MAX_TURN_STEPS: u32 = 1 << 18;

/// The move limit that stands for "any roll": every distance.
pub(crate) const ANY_ROLL: u8 = u8::MAX;

/// A limit of the engine was reached: the answer it would give is incomplete,
/// so it gives none. Every function that generates moves returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// The capture search of one position took more than [`MAX_SEARCH_STEPS`] steps.
    SearchSteps,
    /// The turns of one roll took more than [`MAX_TURN_STEPS`] steps.
    TurnSteps,
    /// A capture sequence went on past [`MAX_PATH`] landings, or the
    /// process already keeps [`MAX_LONG_SEQUENCES`] long ones.
    PathLength,
    /// A count did not fit in 128 bits.
    Count,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::SearchSteps => write!(
                f,
                "the capture search of one position stopped at its limit of {MAX_SEARCH_STEPS} steps, \
                 so the legal moves are not known in full"
            ),
            Limit::TurnSteps => write!(
                f,
                "the search of one roll's turns stopped at its limit of {MAX_TURN_STEPS} steps, \
                 so the legal moves are not known in full"
            ),
            Limit::PathLength => write!(
                f,
                "a capture sequence of more than {INLINE} landings is one of more than {MAX_LONG_SEQUENCES} \
                 such sequences this run has met, the most it keeps, so the legal moves are not known in full"
            ),
            Limit::Count => write!(f, "the count does not fit in 128 bits"),
        }
    }
}

impl std::error::Error for Limit {}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveType {
    /// A step or slide to `to` (custodial captures, if any, are implied).
    Plain,
    /// A capture sequence by jumping: `path[..len]` are the landing points.
    Jumps,
    /// Off the board from `from` in direction `dir`.
    Leave,
    /// Off the end of the player's track from `from` (`h1-off`).
    BearOff,
    /// No move: the roll allowed none.
    Pass,
    /// A piece of kind `becomes` placed from the hand onto `to`.
    Enter,
    /// The mover's own piece on `from` taken off the board.
    Lift,
    /// A castling: the piece on `from` moves to `to`, and its partner on
    /// `path[0]` to `path[1]` (the point it crossed).
    Castle,
    /// A sowing: every seed of the pit on `from` lifted and sown round, the
    /// last dropped on `to`.
    Sow,
    /// A turn of several steps, one a die (two dice used separately):
    /// `path[2i]` to `path[2i + 1]` for `i < len`, `NONE` standing for the
    /// hand and for off the board; `taken[i]` the kind the piece becomes.
    Turn,
}

/// One legal move. Fixed size and `Copy`: generating moves allocates
/// nothing (but for the rare capture sequence longer than [`INLINE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: MoveType,
    pub from: Point,
    /// Where the piece ends (the last landing of a capture); `NONE` for a leave or pass.
    pub to: Point,
    /// Direction of a leave; [`Move::CHOSE_KIND`] for a move whose piece
    /// chose the kind it promotes to (kept here so that a move stays small).
    pub dir: Dir,
    /// Spaces covered by a plain move or leave (the exit counts as one).
    pub distance: u8,
    /// Number of landings of a capture sequence.
    pub len: u8,
    /// Number of pieces a capture sequence takes: one a leap, a whole run a
    /// capture by approach or withdrawal.
    pub ntaken: u8,
    /// The kind the piece is when the move ends.
    pub becomes: KindId,
    /// Bit `i`: the `i`-th landing was a capture by withdrawal (by approach,
    /// if it was a step rather than a leap, when the bit is clear); read
    /// with [`Move::withdrew`].
    pub withdrawals: u32,
    /// The first landings (and the points of a castling or a turn's steps).
    pub path: [Point; INLINE],
    /// The first pieces taken (and the kinds a turn's pieces become).
    pub taken: [Point; INLINE],
    /// A capture sequence with more than [`INLINE`] landings or pieces taken:
    /// the whole of it (the arrays above hold its start too).
    pub long: Option<&'static LongSequence>,
}

/// A capture sequence too long for a move to hold in itself. Each is kept
/// once for the whole process (interned, [`LongSequence::intern`]) so that
/// moves stay `Copy`: they are rare (a real game seldom takes more than a
/// dozen pieces in one move), and their number is bounded.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct LongSequence {
    pub landings: Box<[Point]>,
    pub taken: Box<[Point]>,
    /// Per landing: a capture by withdrawal.
    pub withdrawals: Box<[bool]>,
}

/// The most long capture sequences one process keeps: past it, a search
/// that meets another reports [`Limit::PathLength`].
pub const MAX_LONG_SEQUENCES: usize = 1 << 16;

impl LongSequence {
    /// The one copy of `seq` the process keeps, made if it is new; None once
    /// [`MAX_LONG_SEQUENCES`] are kept.
    pub fn intern(seq: LongSequence) -> Option<&'static LongSequence> {
        use std::collections::HashSet;
        use std::sync::{Mutex, OnceLock};
        static KEPT: OnceLock<Mutex<HashSet<&'static LongSequence>>> = OnceLock::new();
        // A panic elsewhere while the lock was held leaves the set whole.
        let mut kept = KEPT.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&known) = kept.get(&seq) {
            return Some(known);
        }
        if kept.len() >= MAX_LONG_SEQUENCES {
            return None;
        }
        let kept_once: &'static LongSequence = Box::leak(Box::new(seq));
        kept.insert(kept_once);
        Some(kept_once)
    }
}

impl Move {
    pub const PASS: Move = Move {
        kind: MoveType::Pass,
        from: NONE,
        to: NONE,
        dir: 0,
        distance: 0,
        len: 0,
        ntaken: 0,
        becomes: 0,
        withdrawals: 0,
        path: [NONE; INLINE],
        taken: [NONE; INLINE],
        long: None,
    };

    /// `dir` of a move whose piece chose its promotion among several kinds.
    pub const CHOSE_KIND: Dir = 8;

    /// Whether the piece chose the kind it became (written `=Q`).
    #[inline]
    pub fn chose_kind(&self) -> bool {
        self.dir == Move::CHOSE_KIND && self.kind != MoveType::Leave
    }

    /// Where a step or slide then shoots (`then shoot KIND DIRECTIONS`: an
    /// arrow placed after the move). Kept in the first of the path's slots,
    /// which such a move does not use, so that a move stays small.
    #[inline]
    pub fn shot(&self) -> Option<Point> {
        (self.kind == MoveType::Plain && self.path[0] != NONE).then_some(self.path[0])
    }

    /// A move of the piece on `from` that lands on `to` and takes the piece
    /// on `victim` (`to` itself but en passant), becoming `becomes`.
    pub fn landing_capture(from: Point, to: Point, victim: Point, becomes: KindId) -> Move {
        let mut m = Move { kind: MoveType::Jumps, from, to, len: 1, ntaken: 1, distance: 1, becomes, ..Move::PASS };
        m.path[0] = to;
        m.taken[0] = victim;
        m
    }

    /// This step or slide, then a shot at `q`.
    pub fn with_shot(mut self, q: Point) -> Move {
        self.path[0] = q;
        self
    }

    /// This step or entry, which makes a row, removing the enemy piece on `r`.
    pub fn with_removal(mut self, r: Point) -> Move {
        self.taken[0] = r;
        self.ntaken = 1;
        self
    }

    pub fn landings(&self) -> &[Point] {
        match &self.long {
            Some(long) => &long.landings,
            None => &self.path[..self.len as usize],
        }
    }
    /// The pieces the move takes by leaping or by approach and withdrawal,
    /// in the order taken.
    pub fn jumped(&self) -> &[Point] {
        match &self.long {
            Some(long) => &long.taken,
            None => &self.taken[..self.ntaken as usize],
        }
    }
    /// Whether the `i`-th landing was a capture by withdrawal.
    pub fn withdrew(&self, i: usize) -> bool {
        match &self.long {
            Some(long) => long.withdrawals[i],
            None => i < 32 && self.withdrawals & (1 << i) != 0,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    /// The player had no legal move.
    NoMove(PlayerId),
    /// The player had no pieces.
    NoPieces(PlayerId),
    /// A piece of this kind was captured.
    Captured(KindId),
    /// A piece of this kind left the board.
    Escaped(KindId),
    /// A piece of this kind reached its goal region.
    Reached(KindId),
    /// This player's pieces were encircled.
    Encircled(PlayerId),
    /// A piece of this kind holds an edge fort.
    Fortified(KindId),
    /// The same position stood this many times (a repetition rule).
    Repeated(u8),
    /// The same position stood this many times, this player checking with
    /// every move since it first stood.
    PerpetualCheck(PlayerId, u8),
    /// This player bore off all its pieces.
    BorneOff(PlayerId),
    /// This player had fewer than this many pieces (of the goal's kinds) left.
    FewerThan(PlayerId, u16),
    /// A goal on the state of the board held about this player: the goal's
    /// index, and which of its groups joined by `or`.
    Holds(PlayerId, u8, u8),
    /// This player made this many moves in a row of the headings a goal counts.
    Streak(PlayerId, u8),
    /// This many of this player's pieces (of the goal's kinds) were captured.
    CapturedCount(PlayerId, u16),
    /// This many moves of each side passed without progress (a no-progress rule).
    NoProgress(u16),
    /// This player had this many pieces in a row.
    InARow(PlayerId, u8),
    /// No point of the board was empty.
    BoardFull,
    /// Neither side could move: the pieces each had on the board.
    MostPieces(u16, u16),
    /// This player's pieces connect the goal's regions.
    Connected(PlayerId),
    /// Both players passed in a row (`pass at any time`), and no goal scores the end.
    Passed,
    /// Both players passed in a row: each side's area in half points, any
    /// bonus (komi) included.
    Area(u16, u16),
    /// The player had no legal move while in check.
    Checkmated(PlayerId),
    /// The player had no legal move while not in check.
    Stalemated(PlayerId),
    /// A sowing game ended by an `end when` rule: why, and the seeds each
    /// player then held (store and pits).
    Seeds(SowEnd, u16, u16),
    /// This player's store held this many seeds.
    Stored(PlayerId, u16),
    /// The caller's ply limit was reached.
    PlyLimit,
    /// Under `play on for places`: the players in the order they finished
    /// (any not among them share the places left).
    Placed(Places),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// None: a draw, or unfinished at the ply limit.
    pub winner: Option<PlayerId>,
    pub reason: Reason,
}

impl Outcome {
    /// What the outcome is worth to `player` among `players`, from 0 to 1:
    /// 1 for a win and 0 for a loss; a draw or an unfinished game shares one
    /// out among the players; a ranking by places from 1 for first to 0 for
    /// last ([`Places::score`]).
    pub fn score(&self, player: PlayerId, players: usize) -> f64 {
        match (self.reason, self.winner) {
            (Reason::Placed(places), _) => places.score(player, players),
            (_, Some(w)) => (w == player) as u8 as f64,
            (_, None) => 1.0 / players.max(1) as f64,
        }
    }

    /// Each player's return, in seat order, as learning environments take
    /// it: 1 for the winner and -1 for the others, 0 each for a draw; a
    /// ranking by places from 1 for first to -1 for last.
    pub fn returns(&self, players: usize) -> Vec<f64> {
        (0..players as PlayerId)
            .map(|p| match (self.reason, self.winner) {
                (Reason::Placed(places), _) => {
                    (players as f64 + 1.0 - 2.0 * places.place_number(p, players)) / (players as f64 - 1.0).max(1.0)
                }
                (_, Some(w)) => {
                    if w == p {
                        1.0
                    } else {
                        -1.0
                    }
                }
                (_, None) => 0.0,
            })
            .collect()
    }
}

/// Each player's pieces of each kind at the start (on the board and in
/// hand), each player's plain kind, and per goal that counts pieces each
/// player's pieces of its kinds at the start.
fn setup_counts(game: &Game) -> ([[u16; MAX_KINDS]; MAX_PLAYERS], [KindId; MAX_PLAYERS], Vec<[u16; MAX_PLAYERS]>) {
    let mut setup_count = [[0u16; MAX_KINDS]; MAX_PLAYERS];
    for &(p, k, _) in &game.setup {
        setup_count[p as usize][k as usize] += 1;
    }
    for &(p, k, n) in &game.hand {
        setup_count[p as usize][k as usize] += n as u16;
    }
    let plain_kind =
        std::array::from_fn(|pl| (0..game.kinds.len()).find(|&k| setup_count[pl][k] > 0).unwrap_or(0) as KindId);
    let of_kinds =
        |pl: usize, kinds: u16| (0..MAX_KINDS).filter(|&k| kinds & 1 << k != 0).map(|k| setup_count[pl][k]).sum();
    let goal_start = game
        .goals
        .iter()
        .map(|g| match g.condition {
            Condition::CapturedCount { kinds, .. } => std::array::from_fn(|pl| of_kinds(pl, kinds)),
            _ => [0; MAX_PLAYERS],
        })
        .collect();
    (setup_count, plain_kind, goal_start)
}

/// What the playouts' ways of picking a turn without listing it depend on
/// (besides the game).
struct PlanFacts {
    lifts: bool,
    pass_rule: bool,
    guarded_or_lost: bool,
    pass_at_will: bool,
    any_jumps: bool,
    mill_rows: bool,
    hands: bool,
    bit_slides: bool,
    vectors_or_royal: bool,
}

/// Which of the playouts' ways of picking a turn without listing it apply
/// (placing.rs, counting.rs), and whether turns may hold more than moving
/// pieces (`rows_or_flight`: the general generator must run).
#[derive(Clone, Copy, Debug)]
struct TurnPlans {
    /// Every move is an entry: no piece moves once placed, no dice (playouts
    /// count the entries instead of listing them, `placement.rs`).
    placement_only: bool,
    /// A row removes a piece, a kind flies, moves are guarded or a pass is
    /// always open: moves the counting does not know.
    rows_or_flight: bool,
    /// Rows remove a piece, and nothing else keeps the playouts from
    /// weighing a row-making move by its removals instead of listing them
    /// (`counting.rs`, `pick_mill`).
    mill_counting: bool,
    /// Mill playouts by bits: every kind only enters, steps or flies, on a
    /// board of up to 128 points (`pick_mill_by_bits`).
    mill_bits: bool,
    /// Pieces shoot, and nothing else keeps the playouts from counting the
    /// shots instead of listing them (`counting.rs`, `pick_shot`).
    shot_counting: bool,
}

impl TurnPlans {
    fn of(game: &Game, f: PlanFacts) -> TurnPlans {
        let placement_only = game.dice.is_none()
            && game.sowing.is_none()
            && !f.lifts
            && !f.pass_rule
            && !f.guarded_or_lost
            && !f.pass_at_will
            && game.mill.is_none()
            && tables::only_entries(game);
        let rows_or_flight = game.mill.is_some()
            || f.guarded_or_lost
            || f.pass_at_will
            || f.vectors_or_royal
            || game.kinds.iter().any(|k| k.fly.is_some() || k.shoot.is_some());
        let mill_counting = game.mill.is_some()
            && !f.any_jumps
            && game.dice.is_none()
            && !f.guarded_or_lost
            && !f.pass_at_will
            && game.kinds.iter().all(|k| k.shoot.is_none());
        // Rows by bits: pieces that only step, enter (not capturing) and fly.
        let mill_bits = mill_counting
            && f.mill_rows
            && !f.lifts
            && game.kinds.iter().all(|k| {
                let m = &k.moves;
                k.promotion.is_none()
                    && k.run_limit.is_none()
                    && m.vectors.is_empty()
                    && k.enter.is_none_or(|e| !e.capturing)
                    && !m.track
                    && (0..MAX_PLAYERS).all(|p| {
                        m.slide[p] | m.jump[p] | m.fly[p] | m.leave[p] | m.take[p] | m.approach[p] | m.withdraw[p] == 0
                    })
            });
        let shot_counting = f.bit_slides
            && game.kinds.iter().any(|k| k.shoot.is_some())
            && game.kinds.iter().all(|k| k.fly.is_none() && k.enter.is_none() && !k.moves.track)
            && !f.any_jumps
            && !f.lifts
            && !f.hands
            && game.dice.is_none()
            && game.mill.is_none()
            && !f.guarded_or_lost
            && !f.pass_at_will;
        TurnPlans { placement_only, rows_or_flight, mill_counting, mill_bits, shot_counting }
    }
}

/// Which kinds of goal a game has, and where its ending rules are.
#[derive(Clone, Copy, Debug)]
struct GoalIndex {
    /// Whether some goal asks for pieces in a row, or a full board.
    line_goals: bool,
    board_full_goal: bool,
    /// The goals that are a repetition rule and a no-progress rule, if any.
    repetition: Option<usize>,
    /// The goal that is a perpetual check rule, if any.
    perpetual: Option<usize>,
    no_progress: Option<usize>,
    /// The goal that counts a player's moves in a row by heading, if any.
    streak: Option<usize>,
    /// Whether some goal is on the state of the board (counts, where pieces stand).
    count_goals: bool,
    /// Whether some goal looks at the whole position after each move.
    position_goals: bool,
    /// `pass when no move`: a player with no move passes while the other has one.
    pass_rule: bool,
    /// `pass at any time`.
    pass_at_will: bool,
}

impl GoalIndex {
    /// No rule of repetition, progress, streaks, counts or the whole
    /// position: the game ends by its moves alone.
    fn plain_endings(&self) -> bool {
        self.repetition.is_none()
            && self.perpetual.is_none()
            && self.no_progress.is_none()
            && self.streak.is_none()
            && !self.count_goals
            && !self.position_goals
    }

    fn of(game: &Game) -> GoalIndex {
        let any = |f: fn(&Condition) -> bool| game.goals.iter().any(|g| f(&g.condition));
        let find = |f: fn(&Condition) -> bool| game.goals.iter().position(|g| f(&g.condition));
        GoalIndex {
            line_goals: any(|c| matches!(c, Condition::InARow { .. } | Condition::Connects(_))),
            board_full_goal: any(|c| matches!(c, Condition::BoardFull)),
            repetition: find(|c| matches!(c, Condition::Repeated(_))),
            perpetual: find(|c| matches!(c, Condition::PerpetualCheck(_))),
            no_progress: find(|c| matches!(c, Condition::NoProgress { .. })),
            streak: find(|c| matches!(c, Condition::Streak { .. })),
            count_goals: any(|c| matches!(c, Condition::Holds { .. } | Condition::CapturedCount { .. })),
            position_goals: any(|c| matches!(c, Condition::Encircled(_) | Condition::Fortified(_))),
            pass_rule: any(|c| matches!(c, Condition::Pass)),
            pass_at_will: any(|c| matches!(c, Condition::PassAtWill)),
        }
    }
}

/// A cell of the board: 0 empty, else `1 + player * 16 + kind`.
pub type Cell = u8;

/// A position's cells: one a point, and past the board the counts of stacks
/// and pits. A power of two above [`NONE`], so that a point masked to it
/// indexes the cells with no bounds check (every point is below it anyway).
const CELLS: usize = (MAX_POINTS + 1).next_power_of_two();

/// The cell of point `p`.
#[inline(always)]
fn cell_index(p: Point) -> usize {
    p as usize & (CELLS - 1)
}
/// The number of cell values (for tables indexed by point and cell).
const CELL_VALUES: usize = 1 + MAX_PLAYERS * 16;

#[inline]
pub fn cell(player: PlayerId, kind: KindId) -> Cell {
    1 + player * 16 + kind
}
#[inline]
pub fn owner(c: Cell) -> PlayerId {
    (c - 1) >> 4
}
#[inline]
pub fn kind_of(c: Cell) -> KindId {
    (c - 1) & 15
}

/// A game position: cheap to copy, with its Zobrist hash kept up to date.
#[derive(Clone, Debug)]
pub struct Position {
    cells: [Cell; CELLS],
    /// Each player's occupied points (kept in step with `cells`).
    occupied: [PointSet; MAX_PLAYERS],
    /// Every occupied point, whoever's (the union of `occupied`).
    taken: PointSet,
    /// The points holding a piece of any kind but the first (kings, mostly):
    /// a kind's pieces as bits without a look at every piece (`shifts.rs`).
    other_kinds: PointSet,
    pub turn: PlayerId,
    pub ply: u32,
    hash: u64,
    /// Set by a move that ended the game (a capture, an escape, a goal reached).
    result: Option<Outcome>,
    /// Per player, the piece making a run of moves that capture nothing, for
    /// kinds with `at most N moves in a row` (not part of the position notation
    /// nor the hash: a position set up from notation starts with no run).
    run: [Run; MAX_PLAYERS],
    /// Plies since the last capture or move that counts as progress, for
    /// `draw after N moves without ...` (not in the notation nor the hash).
    quiet: u16,
    /// Each player's moves in a row of the headings a `Streak` goal counts
    /// (in the notation, not the hash, like `quiet`).
    streak: [u8; MAX_PLAYERS],
    /// Pieces in hand, per hand slot ([`Hands`]'s `slot`).
    hand: [u8; MAX_HANDS],
    /// The hash of the position before the last move, under `forbid
    /// returning to the previous position` (0 otherwise, and in a position
    /// set up from notation).
    previous: u64,
    /// Passes in a row just made, under `pass at any time` (two end the game).
    passes: u8,
    /// The boards that stood before this one, under `forbid returning to
    /// any earlier position` (shared between positions: a copy costs a count).
    earlier: Option<std::sync::Arc<guard::Earlier>>,
    /// The pieces that castle or are castled with and have not moved
    /// (in the hash, and in the notation).
    unmoved: PointSet,
    /// Where the last move went from and to, where it passed over points on
    /// which an enemy could take it en passant ((NONE, NONE) otherwise; in the hash).
    passed: (Point, Point),
    /// Pieces each player has borne off, in a game with tracks (in the hash).
    borne_off: [u8; MAX_PLAYERS],
    /// The players who have finished under `play on for places` (in the hash).
    places: Places,
}

/// A run of moves by one piece that captured nothing: where the piece stands
/// now, and how many moves long the run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub at: Point,
    pub count: u8,
}

impl Run {
    pub const NONE: Run = Run { at: NONE, count: 0 };
}

impl Position {
    /// The players who have finished under `play on for places`, in order.
    pub fn places(&self) -> Places {
        self.places
    }

    #[inline]
    pub fn at(&self, p: Point) -> Cell {
        self.cells[cell_index(p)]
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    pub fn pieces(&self, player: PlayerId) -> u16 {
        self.occupied[player as usize].len() as u16
    }
    /// The points a player's pieces stand on (for agents' evaluations).
    pub fn occupied_by(&self, player: PlayerId) -> &PointSet {
        &self.occupied[player as usize]
    }
    /// The points the pieces of every player but `me` stand on.
    #[inline]
    pub fn enemies(&self, me: PlayerId) -> PointSet {
        self.taken.minus(&self.occupied[me as usize])
    }
    /// [`Position::enemies`] on a board of at most 128 points, as bits.
    #[inline]
    pub(super) fn enemies_low128(&self, me: PlayerId) -> u128 {
        self.taken.low128() & !self.occupied[me as usize].low128()
    }
    /// How many pieces the players other than `me` have on the board.
    fn enemy_count(&self, me: PlayerId) -> usize {
        self.taken.len() - self.occupied[me as usize].len()
    }

    /// The outcome a move has already decided, if any (see [`Engine::outcome`]).
    pub fn decided(&self) -> Option<Outcome> {
        self.result
    }
}

impl Position {
    /// Makes `self` a copy of `other`, a position of the same game on a
    /// board of `points` points: the cells past the board are empty in
    /// both, so only the board's are copied (in a block of fixed size).
    #[inline(always)]
    fn copy_on_board(&mut self, other: &Position, points: usize, players: PlayerId) {
        fn copy<const N: usize>(to: &mut [Cell; CELLS], from: &[Cell; CELLS]) {
            to[..N].copy_from_slice(&from[..N]);
        }
        match points {
            0..=64 => copy::<64>(&mut self.cells, &other.cells),
            65..=128 => copy::<128>(&mut self.cells, &other.cells),
            // A mancala board's pits past its points (`sowing.rs`).
            129..=160 => copy::<160>(&mut self.cells, &other.cells),
            161..=256 => copy::<256>(&mut self.cells, &other.cells),
            _ => self.cells = other.cells,
        }
        // Every other field: a field added later must be copied here too.
        let Position {
            cells: _,
            occupied,
            taken,
            other_kinds,
            turn,
            ply,
            hash,
            result,
            run,
            quiet,
            streak,
            hand,
            previous,
            passes,
            earlier,
            unmoved,
            passed,
            borne_off,
            places,
        } = other;
        self.borne_off = *borne_off;
        self.places = *places;
        self.passed = *passed;
        if points <= 128 {
            // A small board's sets hold their points in two words: the rest
            // are empty in both, like the cells past the board. Two players'
            // sets with no loop: the common case.
            if players == 2 {
                self.occupied[0].copy_low128(&occupied[0]);
                self.occupied[1].copy_low128(&occupied[1]);
            } else {
                for (to, from) in self.occupied.iter_mut().zip(occupied).take(players as usize) {
                    to.copy_low128(from);
                }
            }
            self.taken.copy_low128(taken);
            self.other_kinds.copy_low128(other_kinds);
            self.unmoved.copy_low128(unmoved);
        } else if points <= 256 {
            // Four words, the same way (a 15x15 board's 225 points, say).
            for (to, from) in self.occupied.iter_mut().zip(occupied).take(players as usize) {
                to.copy_low256(from);
            }
            self.taken.copy_low256(taken);
            self.other_kinds.copy_low256(other_kinds);
            self.unmoved.copy_low256(unmoved);
        } else {
            // Only the players' sets: the rest are empty in both.
            self.occupied[..players as usize].copy_from_slice(&occupied[..players as usize]);
            self.taken = *taken;
            self.other_kinds = *other_kinds;
            self.unmoved = *unmoved;
        }
        self.turn = *turn;
        self.ply = *ply;
        self.hash = *hash;
        self.result = *result;
        self.run = *run;
        self.quiet = *quiet;
        self.streak = *streak;
        self.hand = *hand;
        self.previous = *previous;
        self.passes = *passes;
        if self.earlier.is_some() || earlier.is_some() {
            self.earlier.clone_from(earlier);
        }
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
            && self.turn == other.turn
            && self.result == other.result
            && self.run == other.run
            && self.quiet == other.quiet
            && self.streak == other.streak
            && self.hand == other.hand
            && self.previous == other.previous
            && self.passes == other.passes
            && self.unmoved == other.unmoved
            && self.passed == other.passed
    }
}
impl Eq for Position {}

/// A point set for every kind, player and point, in the order
/// [`Engine::table_index`] reads.
fn kind_table(game: &Game, f: impl Fn(usize, &Kind, usize, Point) -> PointSet) -> Vec<PointSet> {
    let n = game.board.len();
    let mut table = Vec::with_capacity(game.kinds.len() * MAX_PLAYERS * n);
    for (k, kind) in game.kinds.iter().enumerate() {
        for pl in 0..MAX_PLAYERS {
            for p in 0..n as Point {
                table.push(f(k, kind, pl, p));
            }
        }
    }
    table
}

/// Whether pieces of kind `k` have moves on the board besides captures
/// (which `captures` finds): steps, slides, exits, a track, vectors, flight,
/// castling. Konane's stones only jump: no piece is asked for other moves.
fn moves_on_board(k: &Kind) -> bool {
    let m = &k.moves;
    let any_dirs = (0..MAX_PLAYERS).any(|p| m.step[p] | m.slide[p] | m.leave[p] != 0);
    any_dirs || m.track || !m.vectors.is_empty() || k.fly.is_some() || k.castle.is_some()
}

/// One ray (`p * 8 + d`) for slides by bit operations, its facts side by
/// side: its points as bits, where its prefixes start in `ray_prefix` (the
/// first k points for k = 0..=len), its length, and whether its indexes rise.
#[derive(Clone, Copy, Debug)]
pub(super) struct SlideRay {
    bits: u128,
    prefix_at: u32,
    len: u8,
    rises: bool,
}

impl SlideRay {
    /// The nearest to the ray's start of `bits` (some of the ray's points):
    /// the lowest where its indexes rise, the highest where they fall.
    #[inline]
    pub(super) fn nearest(&self, bits: u128) -> Point {
        (if self.rises { bits.trailing_zeros() } else { 127 - bits.leading_zeros() }) as Point
    }
}

/// A compiled game with the runtime tables the move generator reads.
#[derive(Debug)]
pub struct Engine {
    pub game: Game,
    keys: tables::Keys,
    /// Which kinds of goal the game has, and where its ending rules are.
    goals: GoalIndex,
    /// Which of the playouts' ways of picking a turn without listing it apply.
    plans: TurnPlans,
    /// How many players the game has.
    players: PlayerId,
    /// `play on for places` with more than two players (`places.rs`).
    ranked: bool,
    /// What each point allows and where its neighbours are (`tables.rs`).
    points: tables::PointTables,
    /// Whether any kind can capture by jumping (draughts-like games).
    any_jumps: bool,
    /// The tracks pieces race along (`race.rs`).
    race: race::Race,
    /// The dice's rolls and how they limit a move (`turns.rs`).
    dice: turns::RollRules,
    /// Some piece captures by approach or withdrawal.
    line_captures: bool,
    /// The short leaps of every kind, player and point.
    leaps: tables::Leaps,
    /// Which fast paths the game takes (`paths.rs`).
    paths: paths::Paths,
    /// The only captures by moving are takes, with no preference among them:
    /// playouts can count them.
    takes_only: bool,
    /// Some kind moves on the board other than by capturing (not only
    /// enters, as in Reversi or Go, or jumps, as in Konane): otherwise no
    /// piece on the board is asked for its other moves.
    board_moves: bool,
    /// Shifts of point bits for a step in each direction, where a board of
    /// at most 128 points allows them (see `shifts.rs`).
    shifts: Option<shifts::Shifts>,
    /// Per kind and player (`kind * MAX_PLAYERS + player`), the directions of
    /// its steps and slides and the most spaces in each: see `counting.rs`.
    ray_plans: Vec<Vec<(Dir, u8)>>,
    /// The instructions the CPU has beyond the portable build (`counting.rs`).
    cpu: counting::Cpu,
    /// The straight line from each point in each direction, and what slides
    /// by bits read of them ([`tables::Rays`]).
    rays: tables::Rays,
    /// Slides by bit operations (the rays' bits, `tables::Rays::monotonic`),
    /// unless turned off ([`Engine::use_bit_slides`]) or the game sows.
    bit_slides: bool,
    /// A board of up to 128 points: its sets of points fit the two low
    /// words, where a piece's targets are worked out with no look at the rest.
    small_board: bool,
    /// Whether moves are tried before they are listed, and the tests that
    /// spare most of the tries (`guard.rs`).
    guards: guard::Guards,
    /// Playouts of a mill game on bits, where the game allows (`mills.rs`).
    mill_plan: Option<mills::MillPlan>,
    /// `after N in a row remove enemy` on a board of at most 128 points:
    /// the rows of N through each point, as bits.
    mill_rows: Option<lines::Rows>,
    /// Playouts of a placement game on bits (`placing.rs`), where it allows them.
    bit_placements: Option<placing::BitPlacements>,
    /// Where `enter capturing` may land is found for all points at once by
    /// shifts: custodial capture of whole lines or single pieces, of every
    /// kind by every kind, and no other capture on landing (`placement.rs`).
    outflanks_by_shifts: bool,
    /// Whether some kind has `at most N moves in a row`.
    run_limits: bool,
    /// The kinds some goal of reaching a zone names (a bit per kind).
    reach_goal_kinds: u16,
    /// Whether a move may earn another turn (a zone or a roll that does).
    extra_turns: bool,
    /// Which players and kinds hold pieces in hand (`hands.rs`).
    hands: Hands,
    /// When a history forgets the positions before a capture.
    forgetting: endings::Forgetting,
    /// Whether some kind can be lifted.
    lifts: bool,
    /// Each player's pieces of each kind at the start, on the board and in
    /// hand: for counting goals and to tell a player's first move.
    setup_count: [[u16; MAX_KINDS]; MAX_PLAYERS],
    /// Each player's plain kind, written without a letter in position
    /// notation: the first declared among the kinds it starts with.
    plain_kind: [KindId; MAX_PLAYERS],
    /// The game's kinds, as bits.
    every_kind: u16,
    /// Per goal that counts captures, each player's pieces of its kinds at the start.
    goal_start: Vec<[u16; MAX_PLAYERS]>,
    /// The tables of the moves of chess's family and the royal rule (`vectors.rs`).
    vt: vectors::VectorTables,
    /// A sowing game's tables (`sowing.rs`); None in other games.
    sow: Option<Box<sowing::SowTables>>,
    /// The cells a copy of a position copies: the board's, and in a sowing
    /// game the pits' counts past them.
    cells_used: usize,
}

impl Clone for Engine {
    fn clone(&self) -> Self {
        Engine::new(self.game.clone())
    }
}

impl Engine {
    pub fn new(game: Game) -> Engine {
        let n = game.board.len();
        let sow = game.sowing.as_ref().map(|s| Box::new(sowing::SowTables::new(s, n)));
        let hands = Hands::of(&game);
        let goals = GoalIndex::of(&game);
        let race = race::Race::of(&game);
        let guards = guard::Guards::of(&game);
        let lifts = game.kinds.iter().any(|k| k.lift.iter().any(Option::is_some));
        let any_jumps = game.kinds.iter().any(|k| (0..MAX_PLAYERS).any(|p| k.moves.captures_by_moving(p)));
        let shifts = shifts::Shifts::of(&game.board);
        let rays = tables::Rays::of(&game.board);
        let mill_rows = game.mill.and_then(|n| lines::Rows::of(&game.board, n));
        let vt = vectors::VectorTables::of(&game, &rays.points, &rays.ray_at);
        let plans = TurnPlans::of(
            &game,
            PlanFacts {
                lifts,
                pass_rule: goals.pass_rule,
                // A piece lost to its own move: the counting would not know it.
                guarded_or_lost: guards.on || guards.suicide_taken,
                pass_at_will: goals.pass_at_will,
                any_jumps,
                mill_rows: mill_rows.is_some(),
                hands: hands.any,
                bit_slides: rays.monotonic,
                vectors_or_royal: vt.vectors || vt.royal_kinds != 0,
            },
        );
        let (setup_count, plain_kind, goal_start) = setup_counts(&game);
        let mut engine = Engine {
            keys: tables::Keys::of(&game, race.tracks || sow.is_some()),
            bit_placements: placing::BitPlacements::of(&game, shifts.is_some(), plans.placement_only)
                .filter(|_| goals.plain_endings()),
            goals,
            plans,
            paths: paths::Paths::default(),
            points: tables::PointTables::of(&game),
            players: game.players.len() as PlayerId,
            ranked: game.players.len() > 2 && game.goals.iter().any(|g| matches!(g.condition, Condition::PlayOn)),
            any_jumps,
            race,
            dice: turns::RollRules::of(&game),
            line_captures: game
                .kinds
                .iter()
                .any(|k| (0..MAX_PLAYERS).any(|p| k.moves.approach[p] | k.moves.withdraw[p] != 0)),
            leaps: tables::Leaps::of(&game),
            takes_only: any_jumps && tables::takes_only(&game),
            board_moves: game.kinds.iter().any(moves_on_board),
            outflanks_by_shifts: shifts.is_some() && tables::outflanks_only(&game),
            shifts,
            ray_plans: counting::ray_plans(&game),
            cpu: counting::Cpu::detect(),
            bit_slides: rays.monotonic && sow.is_none(),
            rays,
            small_board: n <= 128,
            guards,
            mill_plan: None,
            mill_rows,
            run_limits: game.kinds.iter().any(|k| k.run_limit.is_some()),
            reach_goal_kinds: tables::reach_goal_kinds(&game),
            extra_turns: game.another_turn.is_some() || game.another_turn_rolls != 0,
            forgetting: endings::Forgetting::of(&game, &hands.unlimited, hands.any),
            hands,
            lifts,
            setup_count,
            plain_kind,
            every_kind: ((1u32 << game.kinds.len()) - 1) as u16,
            goal_start,
            vt,
            // A copy copies the board's cells, and the counts kept past them.
            cells_used: match &sow {
                Some(tables) => tables.cells_used(),
                None if game.stacks.is_none() => n,
                None => 2 * n,
            },
            sow,
            game,
        };
        engine.choose_paths();
        engine
    }

    /// Whether playouts of this game run on bits as a mill game (`mills.rs`).
    #[doc(hidden)]
    pub fn plays_mills_on_bits(&self) -> bool {
        self.mill_plan.is_some()
    }

    /// Whether playouts run on bits (`placing.rs`), for tests of that path.
    #[doc(hidden)]
    pub fn plays_placements_on_bits(&self) -> bool {
        self.bit_placements.is_some() && self.shifts.is_some()
    }

    /// Whether the count steps on the board's lattice (`shifts.rs`), for
    /// tests of that path: where the board has one and the CPU a fast PDEP.
    #[doc(hidden)]
    pub fn counts_on_lattice(&self) -> bool {
        self.paths.counts_moves
            && self.paths.bulk_counting
            && self.cpu.fast_pdep
            && self.shifts.as_ref().is_some_and(|s| s.has_lattice())
    }

    /// Where a kind's entry for `player` and point `p` is in a [`kind_table`].
    #[inline]
    fn table_index(&self, kind: KindId, player: PlayerId, p: Point) -> usize {
        (kind as usize * MAX_PLAYERS + player as usize) * self.game.board.len() + p as usize
    }

    /// How many points `set` holds: by POPCNT where the CPU has it (the
    /// portable build counts bits in software), and on a board of up to 128
    /// points from the two low words alone.
    #[inline(always)]
    pub(super) fn points_in(&self, set: &PointSet) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            // SAFETY: `popcnt` is set only where the CPU has the instruction.
            return unsafe { points_in_popcnt(set, self.small_board) };
        }
        if self.small_board {
            set.low128().count_ones() as usize
        } else {
            set.len()
        }
    }

    /// The points along the straight line from `p` in direction `d`.
    #[inline]
    pub fn ray(&self, p: Point, d: Dir) -> &[Point] {
        let i = p as usize * 8 + d as usize;
        &self.rays.points[self.rays.ray_at[i] as usize..self.rays.ray_at[i + 1] as usize]
    }

    pub fn board(&self) -> &Board {
        &self.game.board
    }

    /// The game's dice, if it has any.
    pub fn dice(&self) -> Option<Dice> {
        self.game.dice
    }

    /// A roll of the game's dice (None without dice).
    #[inline(always)]
    #[allow(clippy::manual_map)]
    pub fn roll<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<u8> {
        // A match, not `Option::map`, whose closure the playout loop left as
        // a call a ply (19 instructions a ply in English draughts).
        match self.game.dice {
            Some(d) => Some(d.roll(rng)),
            None => None,
        }
    }

    /// How many players the game has.
    pub fn players(&self) -> PlayerId {
        self.players
    }

    /// Who moves after `p`, in turn order.
    #[inline]
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        if p + 1 == self.players {
            0
        } else {
            p + 1
        }
    }

    /// Who moved before `p`, in turn order (the mover of the last move, where
    /// no rule gave it another turn).
    #[inline]
    pub fn previous_player(&self, p: PlayerId) -> PlayerId {
        if p == 0 {
            self.players - 1
        } else {
            p - 1
        }
    }

    pub fn empty_position(&self, turn: PlayerId) -> Position {
        let mut p = Position {
            cells: [0; CELLS],
            occupied: [PointSet::default(); MAX_PLAYERS],
            taken: PointSet::default(),
            other_kinds: PointSet::default(),
            turn,
            ply: 0,
            hash: 0,
            result: None,
            run: [Run::NONE; MAX_PLAYERS],
            quiet: 0,
            streak: [0; MAX_PLAYERS],
            previous: 0,
            passes: 0,
            earlier: None,
            hand: [0; MAX_HANDS],
            unmoved: PointSet::default(),
            passed: (NONE, NONE),
            borne_off: [0; MAX_PLAYERS],
            places: Places::default(),
        };
        p.hash ^= self.keys.turns[turn as usize];
        for (s, _) in self.hands.unlimited.iter().enumerate().filter(|(_, &u)| u) {
            p.hand[s] = UNLIMITED;
        }
        p
    }

    /// Every roll the dice can make, lowest first (none without dice).
    pub fn rolls(&self) -> &[u8] {
        &self.dice.rolls
    }

    pub fn start(&self) -> Position {
        let mut p = self.empty_position(self.game.first);
        for &(player, kind, point) in &self.game.setup {
            self.land_one(&mut p, point, cell(player, kind));
        }
        for &(player, kind, n) in &self.game.hand {
            self.set_hand(&mut p, player, kind, n);
        }
        for &(_, kind, point) in &self.game.setup {
            if self.vt.castlers & (1 << kind) != 0 {
                self.set_unmoved(&mut p, point);
            }
        }
        if self.sow.is_some() {
            self.sow_start(&mut p);
        }
        p
    }

    /// Marks the piece on `p` as not having moved (for castling), in the hash.
    pub(super) fn set_unmoved(&self, pos: &mut Position, p: Point) {
        if !pos.unmoved.contains(p) {
            pos.unmoved.insert(p);
            pos.hash ^= self.vt.zobrist_unmoved[p as usize];
        }
    }

    /// Sets the last move as one that passed over points, from `from` to
    /// `to`, where a piece may take it en passant (in the hash).
    pub(super) fn set_passed(&self, pos: &mut Position, from: Point, to: Point) {
        if pos.passed.0 != NONE {
            pos.hash ^= self.vt.zobrist_passed[pos.passed.1 as usize];
        }
        pos.passed = (from, to);
        if from != NONE {
            pos.hash ^= self.vt.zobrist_passed[to as usize];
        }
    }

    #[inline]
    fn put(&self, pos: &mut Position, p: Point, c: Cell) {
        let old = pos.cells[cell_index(p)];
        if old != 0 {
            pos.hash ^= self.keys.cells[p as usize * CELL_VALUES + old as usize];
            pos.occupied[owner(old) as usize].remove(p);
            pos.taken.remove(p);
            if kind_of(old) != 0 {
                pos.other_kinds.remove(p);
            }
        }
        if c != 0 {
            pos.hash ^= self.keys.cells[p as usize * CELL_VALUES + c as usize];
            pos.occupied[owner(c) as usize].insert(p);
            pos.taken.insert(p);
            if kind_of(c) != 0 {
                pos.other_kinds.insert(p);
            }
        }
        pos.cells[cell_index(p)] = c;
    }

    /// The legal moves. In a dice game, `roll` is the die's value (`None`
    /// means the largest face) and a forced pass is returned as one move.
    pub fn moves(&self, pos: &Position, roll: Option<u8>, out: &mut Vec<Move>) -> Result<(), Limit> {
        self.moves_with(pos, roll, out, None)
    }

    /// [`Engine::moves`], given (as bits) the pieces that may capture where
    /// counting has found them.
    pub(super) fn moves_with(
        &self,
        pos: &Position,
        roll: Option<u8>,
        out: &mut Vec<Move>,
        candidates: Option<u128>,
    ) -> Result<(), Limit> {
        out.clear();
        if pos.result.is_some() {
            return Ok(());
        }
        if self.dice.pair {
            return self.turn_moves(pos, roll, out);
        }
        if self.dice.exact {
            // Exactly the roll; with none given, what any roll allows. A roll
            // with no move is a pass.
            self.generate(pos, roll.unwrap_or(ANY_ROLL), out)?;
            if let (true, Some(r)) = (out.is_empty(), roll) {
                out.push(Move { distance: r, ..Move::PASS }); // the roll kept: it may give another turn
            }
            return Ok(());
        }
        // `max_roll` is the dice's highest face (ANY_ROLL without dice).
        let limit = match roll {
            Some(r) if self.game.dice.is_some() => r.min(self.dice.max_roll),
            _ => self.dice.max_roll,
        };
        self.generate_with(pos, limit, out, candidates)?;
        if out.is_empty() && self.goals.pass_rule && self.other_can_move(pos)? {
            out.push(Move::PASS);
            return Ok(());
        }
        if out.is_empty() && limit < self.dice.max_roll && self.game.dice.is_some() {
            // Nothing fits this roll: a pass if another roll would allow a move.
            let mut any = Vec::new();
            self.generate(pos, self.dice.max_roll, &mut any)?;
            if !any.is_empty() {
                out.push(Move::PASS);
            }
        }
        Ok(())
    }

    /// The outcome, if the game is over at `pos` (this may generate moves).
    pub fn outcome(&self, pos: &Position) -> Result<Option<Outcome>, Limit> {
        if let Some(r) = pos.result {
            return Ok(Some(r));
        }
        if self.sow.is_some() {
            return Ok(self.sow_outcome(pos));
        }
        let me = pos.turn;
        if pos.occupied[me as usize].is_empty() && !self.holds_any(pos, me) {
            if let Some(o) = self.no_goal(me, true) {
                return Ok(Some(o));
            }
        }
        if self.dice.exact {
            return Ok(None); // a roll with no move is a pass, never the end
        }
        let mut moves = Vec::new();
        self.generate(pos, self.dice.max_roll, &mut moves)?;
        if moves.is_empty() && self.goals.pass_rule {
            // A pass while the other side can move; the end when neither can.
            if self.other_can_move(pos)? {
                return Ok(None);
            }
            let end = self.most_pieces(pos).unwrap_or(Outcome { winner: None, reason: Reason::NoMove(me) });
            return Ok(Some(self.with_places(pos, end)));
        }
        if moves.is_empty() {
            let end = self.mate_goal(pos).or_else(|| self.no_goal(me, false)).or_else(|| self.most_pieces(pos));
            return Ok(Some(
                self.with_places(pos, end.unwrap_or(Outcome { winner: None, reason: Reason::NoMove(me) })),
            ));
        }
        Ok(None)
    }

    /// [`Engine::outcome`] where `listed` are the legal moves of `pos`,
    /// listed already (a caller about to offer them): in a game without
    /// dice, a move that is not a pass means the game goes on, so they are
    /// not generated again.
    pub fn outcome_listed(&self, pos: &Position, listed: &[Move]) -> Result<Option<Outcome>, Limit> {
        let plain = self.game.dice.is_none() && self.sow.is_none();
        if pos.result.is_none() && plain && listed.iter().any(|m| m.kind != MoveType::Pass) {
            return Ok(None);
        }
        self.outcome(pos)
    }

    /// Whether the move that led from `before` (its mover's turn) to `after`
    /// took any of the other sides' pieces.
    #[inline(always)]
    fn captured_since(&self, before: &Position, after: &Position) -> bool {
        let me = before.turn;
        if self.players == 2 {
            let other = 1 - me as usize;
            // Most moves leave the other side's pieces as they were: a
            // comparison of the sets spares counting them (two counts of
            // bits a ply where the processor has no instruction for it).
            let (was, is) = (&before.occupied[other], &after.occupied[other]);
            return was != is && is.len() < was.len();
        }
        after.enemy_count(me) < before.enemy_count(me)
    }

    /// Whether a side not to move would have a move (for `pass when no move`).
    pub(super) fn other_can_move(&self, pos: &Position) -> Result<bool, Limit> {
        let mut other = pos.clone();
        let mut moves = Vec::new();
        let mut p = self.next_in_play(pos, pos.turn);
        while p != pos.turn {
            other.turn = p;
            self.generate(&other, self.dice.max_roll, &mut moves)?;
            if !moves.is_empty() {
                return Ok(true);
            }
            p = self.next_in_play(pos, p);
        }
        Ok(false)
    }

    /// The `most pieces` goal, at the end: who has more pieces on the board.
    fn most_pieces(&self, pos: &Position) -> Option<Outcome> {
        let g = self.game.goals.iter().find(|g| matches!(g.condition, Condition::MostPieces))?;
        let (a, b) = (pos.pieces(0), pos.pieces(1));
        Some(Self::by_score(g, a, b, Reason::MostPieces(a, b)))
    }

    /// The outcome of a goal that compares the two sides' scores at the end
    /// (`most pieces`, `most area`): the one ahead (or the goal's player)
    /// wins or loses by it; equal scores are a draw.
    pub(super) fn by_score(g: &Goal, a: u16, b: u16, reason: Reason) -> Outcome {
        let leader = match a.cmp(&b) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => return Outcome { winner: None, reason },
        };
        Outcome { winner: g.winner(g.player.unwrap_or(leader)), reason }
    }

    /// The outcome when the player to move has no move, by `checkmated` or
    /// `stalemated`, as it is or is not in check.
    fn mate_goal(&self, pos: &Position) -> Option<Outcome> {
        if self.vt.royal_kinds == 0 {
            return None;
        }
        let me = pos.turn;
        let checked = self.in_check(pos, me);
        self.game.goals.iter().find_map(|g| {
            let reason = match g.condition {
                Condition::Checkmated if checked => Reason::Checkmated(me),
                Condition::Stalemated if !checked => Reason::Stalemated(me),
                _ => return None,
            };
            Some(Outcome { winner: g.winner(g.player.unwrap_or(me)), reason })
        })
    }

    /// The outcome when `player` has no pieces (`pieces`) or no move.
    fn no_goal(&self, player: PlayerId, pieces: bool) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| {
            let applies = match g.condition {
                Condition::NoPieces => pieces,
                Condition::NoMove => true,
                _ => false,
            };
            if !applies {
                return None;
            }
            let reason = if pieces { Reason::NoPieces(player) } else { Reason::NoMove(player) };
            // `lose when no move` is about the player in question; a named player
            // wins or loses by it instead.
            let subject = g.player.unwrap_or(player);
            Some(Outcome { winner: g.winner(subject), reason })
        })
    }

    /// Who a site or piece at `p` is hostile to: does it count as an enemy
    /// of a piece of `victim_owner` and `victim_kind`?
    #[inline]
    fn hostile_to(&self, pos: &Position, p: Point, victim_owner: PlayerId, victim_kind: KindId) -> bool {
        let c = pos.at(p);
        let bit = 1u16 << victim_kind;
        let i = p as usize * MAX_PLAYERS + victim_owner as usize;
        if c != 0 {
            owner(c) != victim_owner || self.points.hostile_always[i] & bit != 0
        } else {
            self.points.hostile_empty[i] & bit != 0
        }
    }

    /// Texts announced after `mv` led to `pos` (output only; no rule reads them).
    pub fn announcements(&self, pos: &Position, mover: PlayerId, mv: &Move) -> Vec<String> {
        // A search limit here is reported by the next call that generates moves.
        if self.game.announcements.is_empty()
            || matches!(mv.kind, MoveType::Pass | MoveType::Leave)
            || !matches!(self.outcome(pos), Ok(None))
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        for a in &self.game.announcements {
            if a.after != mover {
                continue;
            }
            for p in 0..self.board().len() as Point {
                let c = pos.at(p);
                if c == 0 || kind_of(c) != a.kind {
                    continue;
                }
                let count = dirs(a.dirs)
                    .filter(|&d| {
                        let mut q = self.board().step(p, d);
                        while q != NONE {
                            if pos.at(q) != 0 {
                                return false;
                            }
                            q = self.board().step(q, d);
                        }
                        true
                    })
                    .count();
                if count > 0 {
                    out.push(a.text.replace("{count}", &count.to_string()));
                }
            }
        }
        out
    }
}

/// [`Engine::points_in`] compiled for CPUs with POPCNT (`small`: a board of
/// up to 128 points, whose points are the two low words).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn points_in_popcnt(set: &PointSet, small: bool) -> usize {
    if small {
        set.low128().count_ones() as usize
    } else {
        set.len()
    }
}
