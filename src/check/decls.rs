//! Pass 1: the statements that apply (after options select the branches of
//! `if`) read into typed declarations. Names stay unresolved strings with
//! spans; pass 2 (`compile`) resolves them, because a name may be used
//! before the line that declares it.

use crate::diagnostics::{self as diag, Diagnostic};
use crate::game::{heading, Landing};
use crate::span::{Span, Spanned};
use crate::syntax::tree::{Arg, ArgKind, Node, Stmt};

use super::args::{Args, Sp};
use super::options::Selector;

/// A group of points, as written in `points`, `region` and `place`.
#[derive(Clone, Debug)]
pub enum SetItem {
    Point(Sp<String>),
    Range(Sp<(String, String)>),
    Ranks(Span, u64, u64),
    Files(Span, String, String),
    /// `even ITEM` / `odd ITEM`: the points of ITEM whose x + y is even (odd).
    Parity(Span, bool, Box<SetItem>),
}

impl SetItem {
    pub fn span(&self) -> Span {
        match self {
            SetItem::Point(s) => s.span,
            SetItem::Range(s) => s.span,
            SetItem::Ranks(s, ..) | SetItem::Files(s, ..) | SetItem::Parity(s, ..) => *s,
        }
    }
}

#[derive(Clone, Debug)]
pub enum LineDecl {
    /// `line a1 b2 c3`
    Explicit(Span, Vec<Sp<String>>),
    /// `lines orthogonal|diagonal|hexagonal AREA`
    Generated { span: Span, shape: LineShape, area: Vec<SetItem> },
}

/// Which neighbours `lines` joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineShape {
    Orthogonal,
    Diagonal,
    /// The six neighbours of a hexagonal grid on the lattice: orthogonal,
    /// and the diagonal from north-west to south-east.
    Hexagonal,
}

#[derive(Clone, Debug, Default)]
pub struct BoardDecl {
    pub span: Span,
    pub files: Option<Sp<(String, String)>>,
    pub ranks: Option<Sp<(String, String)>>,
    pub points: Vec<SetItem>,
    pub named_points: Vec<(Sp<String>, Sp<u64>, Sp<u64>)>,
    pub lines: Vec<LineDecl>,
    /// `number points from top left`: (rows from the top?, left to right?).
    pub numbering: Option<Sp<(bool, bool)>>,
    /// `drawn as squares|intersections|holes`.
    pub drawn: Option<Sp<crate::game::Drawing>>,
    /// `river after rank N`: drawn between rank N and the next.
    pub river: Option<Sp<u64>>,
}

#[derive(Clone, Debug)]
pub struct PlayerDecl {
    pub name: Sp<String>,
    pub letter: Sp<String>,
    /// `forward DIR`; without it the first player faces n, the second s.
    pub forward: Option<Sp<String>>,
}

#[derive(Clone, Debug)]
pub struct RegionDecl {
    pub name: Sp<String>,
    pub player: Option<Sp<String>>,
    pub items: Vec<SetItem>,
}

#[derive(Clone, Debug)]
pub enum MoveKind {
    Step,
    Slide(Option<Sp<u64>>),
    /// `leap A B [forward|backward] [lame]`: the offset, which of its forms.
    Leap {
        offset: (Sp<u64>, Sp<u64>),
        facing: Option<Sp<String>>,
        lame: Option<Span>,
    },
    /// `ride A B [forward|backward]`: the leap repeated over empty points.
    Ride {
        offset: (Sp<u64>, Sp<u64>),
        facing: Option<Sp<String>>,
    },
    /// `hop DIRECTIONS`: over exactly one piece along a line.
    Hop,
    Jump,
    /// `jump DIRECTIONS over any piece [chained]`: over an adjacent piece of
    /// either side, taking nothing; chained, again from where it lands.
    JumpOver {
        chained: bool,
    },
    /// `jump DIRECTIONS flying [landing behind]`: whether it lands only just behind.
    Fly {
        behind: bool,
    },
    Leave,
    Take,
    Approach,
    Withdraw,
}

#[derive(Clone, Debug)]
pub struct MoveDecl {
    pub kind: MoveKind,
    pub dirs: Vec<Sp<String>>,
    /// `or capture` / `capture only`: where it may land, if not on empty points only.
    pub landing: Option<Sp<Landing>>,
    /// `en passant` (a take or a step that captures only).
    pub en_passant: Option<Span>,
    /// `from REGION`: only from these points.
    pub from: Option<Sp<String>>,
    pub span: Span,
}

impl MoveDecl {
    /// Whether the statement is of the vector family (it says where it
    /// lands or starts, or leaps, rides or hops).
    pub fn is_vector(&self) -> bool {
        self.landing.is_some()
            || self.from.is_some()
            || self.en_passant.is_some()
            || matches!(
                self.kind,
                MoveKind::Leap { .. } | MoveKind::Ride { .. } | MoveKind::Hop | MoveKind::JumpOver { .. }
            )
    }
}

#[derive(Clone, Debug)]
pub struct PromoteDecl {
    pub into: Sp<String>,
    /// Further kinds to choose from (`promote to queen rook bishop knight in ...`).
    pub or_into: Vec<Sp<String>>,
    pub zone: Sp<String>,
    pub at_once: bool,
    pub stops: bool,
    /// `may promote ...`: the player chooses, on a move into, within or out of the zone.
    pub optional: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct EnterDecl {
    pub region: Option<Sp<String>>,
    /// `falling DIR`: the entered piece falls that way while the next point is empty.
    pub falling: Option<Sp<String>>,
    /// `capturing`: only where the piece captures as it lands.
    pub capturing: Option<Span>,
    pub before_moving: bool,
    /// `unless it checkmates`: never an entry that leaves the opponent checkmated.
    pub unless_mates: Option<Span>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub name: Sp<String>,
    pub letter: Sp<String>,
    pub moves: Vec<MoveDecl>,
    pub promote: Option<PromoteDecl>,
    pub value: Option<Sp<u64>>,
    /// `can capture KIND...`: the kinds it may take (None: all).
    pub can_capture: Option<(Vec<Sp<String>>, Span)>,
    /// `at most N moves in a row [while its side has KIND...]`.
    pub run_limit: Option<(Sp<u64>, Vec<Sp<String>>, Span)>,
    /// `enter [on REGION] [falling DIR] [before moving]`: placed from the hand.
    pub enter: Option<EnterDecl>,
    /// `lift [for PLAYER] (on REGION | next to empty) [first]`.
    pub lifts: Vec<LiftDecl>,
    /// `move along track`: moves exactly (or at most) the roll along its player's track.
    pub track: Option<Span>,
    /// `safe on REGION`: not taken by a piece landing on it there.
    pub safe: Option<Sp<String>>,
    /// `fly when at most N left`.
    pub fly: Option<(Sp<u64>, Span)>,
    /// `then shoot KIND DIRECTIONS`.
    pub shoot: Option<(Sp<String>, Vec<Sp<String>>, Span)>,
    /// `royal`.
    pub royal: Option<Span>,
    /// `castle with KIND`.
    pub castle: Option<(Sp<String>, Span)>,
    /// `confined to REGION`.
    pub confined: Option<Sp<String>>,
    /// `... once there`: only a piece standing in the region is held to it.
    pub confined_once: Option<Span>,
    /// `at most N per file`.
    pub per_file: Option<(Sp<u64>, Span)>,
    /// Some statement in its block could not be read.
    pub had_errors: bool,
}

/// `die dN limits distance`, `dice N binary sets distance`.
#[derive(Clone, Debug)]
pub struct DiceDecl {
    /// Faces of the die, or how many two-sided dice.
    pub sides: u64,
    pub binary: bool,
    /// `sets distance`: the roll is the exact distance (else the most).
    pub exact: bool,
    /// `dice 2 dN used separately`.
    pub pair: bool,
    /// `counting V...`: what each raw throw counts, at the list.
    pub counting: Option<Sp<Vec<u64>>>,
    /// `dice N dM sets distance`: N dice summed (1 otherwise).
    pub summed: u64,
}

/// How many pieces a player starts with in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandCount {
    Count(u64),
    /// `in hand unlimited`: a supply that never runs out.
    Unlimited,
}

#[derive(Clone, Debug)]
pub struct PlaceDecl {
    pub player: Sp<String>,
    pub kind: Sp<String>,
    pub items: Vec<SetItem>,
    /// `place PLAYER KIND in hand N`: N pieces in hand, none on the board.
    pub in_hand: Option<Sp<HandCount>>,
    /// `place PLAYER KIND on POINTS stacked N`: N pieces on each point.
    pub stacked: Option<Sp<u64>>,
}

#[derive(Clone, Debug)]
pub struct OnlyDecl {
    pub kinds: Vec<Sp<String>>,
    pub region: Sp<String>,
}

#[derive(Clone, Debug)]
pub struct HostileDecl {
    pub region: Sp<String>,
    pub to: Vec<Sp<String>>,
    pub when_empty: bool,
}

/// `lift [for PLAYER] (on REGION | next to empty) [first]`: the player
/// (None: both), the region (None: next to empty), and `first`.
#[derive(Clone, Debug)]
pub struct LiftDecl {
    pub player: Option<Sp<String>>,
    pub region: Option<Sp<String>>,
    pub first: bool,
    pub span: Span,
}

/// One `prefer` criterion, its kind still a name.
#[derive(Clone, Debug)]
pub enum PreferDecl {
    MostPieces(Span),
    MostValue(Span),
    With(Sp<String>),
    MostOf(Sp<String>),
    EarliestOf(Sp<String>),
}

#[derive(Clone, Debug, Default)]
pub struct JumpDecl {
    pub span: Span,
    pub compulsory: Option<Span>,
    pub continues: Option<Span>,
    /// `continue at will`: the piece may stop after any capture.
    pub at_will: bool,
    pub majority: Option<Span>,
    /// `prefer ...` criteria in order.
    pub prefer: Vec<PreferDecl>,
    pub no_reversal: Option<Span>,
    pub remove_at_once: Option<(bool, Span)>,
    pub land_to_continue: Option<Span>,
    pub straight: Option<Span>,
    pub no_repeated_direction: Option<Span>,
    pub no_revisiting: Option<Span>,
}

#[derive(Clone, Debug, Default)]
pub struct CustodialDecl {
    pub span: Span,
    pub targets: Vec<Sp<String>>,
    /// `targets KINDS outside REGION`
    pub safe: Vec<(Vec<Sp<String>>, Sp<String>)>,
    pub captors: Vec<Sp<String>>,
    pub sides: Vec<Sp<String>>,
    pub opposite: bool,
    pub perpendicular: bool,
    /// `flank perpendicular within REGION`: only targets there.
    pub perpendicular_within: Option<Sp<String>>,
    /// `flank run`: a partner beyond an unbroken run of targets takes them all.
    pub runs: bool,
    /// `convert`: the pieces taken change sides instead of leaving the board.
    pub convert: bool,
    pub shieldwall: bool,
    /// `intervention`: moving between two targets in a line takes both.
    pub intervention: bool,
}

/// `sowing { ... }`.
#[derive(Clone, Debug, Default)]
pub struct SowingDecl {
    pub span: Span,
    /// `pits PLAYER POINT...`, in the order seeds go round.
    pub pits: Vec<(Sp<String>, Vec<Sp<String>>)>,
    /// `store PLAYER POINT`.
    pub stores: Vec<(Sp<String>, Sp<String>)>,
    /// `seeds N`.
    pub seeds: Option<Sp<u64>>,
    pub skip_origin: bool,
    /// `capture N... [backwards]`: the counts, and `backwards`.
    pub capture_counts: Option<(Vec<Sp<u64>>, bool)>,
    /// `capture opposite`.
    pub capture_opposite: Option<Span>,
    pub grand_slam_takes_nothing: bool,
    pub feed: bool,
}

#[derive(Clone, Debug)]
pub struct TrapDecl {
    pub kind: Sp<String>,
    pub within: Option<Sp<String>>,
    pub sides: Vec<Sp<String>>,
    pub surrounded: Option<Sp<u64>>,
    /// `enclosed with N friends`; `u64::MAX` for `with any friends`.
    pub enclosed: Option<Sp<u64>>,
    pub never_on_edge: bool,
    /// `suicide forbidden` (true) or `suicide allowed` (false): no move may
    /// leave a piece of the kind caught, or one that does loses it.
    pub suicide: Option<Sp<bool>>,
}

#[derive(Clone, Debug)]
pub enum ConditionDecl {
    NoMove,
    /// `checkmated`: no move while a royal piece is attacked.
    Checkmated(Span),
    /// `stalemated`: no move while none is.
    Stalemated(Span),
    NoPieces,
    Captured(Sp<String>),
    Escapes(Sp<String>),
    Reaches(Sp<String>, Sp<String>),
    /// `PLAYER encircled`: none of the player's pieces can reach the edge.
    Encircled(Sp<String>),
    /// `KIND fortified`: the piece holds an edge fort that cannot be broken.
    Fortified(Sp<String>),
    /// `position repeated N times`.
    Repeated(Sp<u64>),
    /// `pits empty`: one player's pits are all empty (sowing).
    PitsEmpty(Span),
    /// `store holds N`: the player's store holds N seeds or more (sowing).
    StoreHolds(Sp<u64>),
    /// `position repeated N times checking every move`: perpetual check.
    PerpetualCheck(Sp<u64>, Span),
    /// `all pieces borne off`.
    BorneOff,
    /// `[exactly] N [KIND|pieces] in a row`: N of a player's pieces along
    /// one straight line (at least N, or exactly N).
    InARow {
        n: Sp<u64>,
        what: Option<Sp<String>>,
        exactly: bool,
    },
    /// `board full`: no empty point is left.
    BoardFull,
    /// `pass when no move`: a player with no move passes.
    Pass,
    /// `pass at any time`: passing is always a move; two in a row end the game.
    PassAtWill,
    /// `play on for places`: a player who wins drops out, and the others play
    /// on for the places after it.
    PlayOn,
    /// `most area [plus N for PLAYER]`: pieces and the empty points only one
    /// side's pieces reach; the bonus in half points.
    MostArea(Option<(Sp<u64>, Sp<String>)>),
    /// `connecting REGION and REGION ...`: a chain of the player's pieces
    /// along the board's lines touches every region.
    Connecting(Vec<Sp<String>>),
    /// `most pieces`: at the end, more pieces on the board than the other side.
    MostPieces,
    /// `N KIND captured`; `what` is a piece or `pieces` (any piece).
    CapturedCount {
        n: Sp<u64>,
        what: Sp<String>,
    },
    /// Clauses on the state of the board joined by `and`, groups of them by
    /// `or`: `fewer than 2 pieces left and opponent has at least 3 pieces left`.
    Holds(Vec<Vec<ClauseDecl>>),
    /// `after N moves in a row HEADING [or HEADING]`: a player's own moves;
    /// the headings as [`heading`] bits.
    Streak {
        moves: Sp<u64>,
        classes: u8,
    },
    /// `after N moves without capture or KIND move`: `capture` says whether
    /// a capture starts the count again, `kinds` whose moves do.
    NoProgress {
        moves: Sp<u64>,
        capture: bool,
        kinds: Vec<Sp<String>>,
    },
}

/// A clause of a condition on the state of the board, perhaps after `not`.
#[derive(Clone, Debug)]
pub struct ClauseDecl {
    pub not: bool,
    pub test: TestDecl,
}

#[derive(Clone, Debug)]
pub enum TestDecl {
    /// `[opponent has] (fewer than | at least) N KIND left`.
    Count { opponent: bool, at_least: bool, n: Sp<u64>, what: Sp<String> },
    /// `it moved last`: the player the goal is about made the move just played.
    MovedLast,
    /// `KIND past every KIND` (or `behind every`).
    Past { kind: Sp<String>, of: Sp<String>, behind: bool },
    /// `all KIND in REGION` (`pieces` for any kind).
    AllIn { what: Sp<String>, region: Sp<String> },
}

#[derive(Clone, Debug)]
pub struct GoalDecl {
    pub player: Option<Sp<String>>,
    pub wins: bool,
    /// `draw when ...` / `draw after ...`.
    pub draw: bool,
    /// `end when ...`: the score decides.
    pub ends: bool,
    pub condition: ConditionDecl,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct AnnounceDecl {
    pub text: Sp<String>,
    pub after: Sp<String>,
    pub kind: Sp<String>,
    pub dirs: Vec<Sp<String>>,
}

/// Everything a game file declares, for one choice of options.
#[derive(Clone, Debug, Default)]
pub struct Decls {
    pub version: Option<Sp<u64>>,
    pub name: Option<Sp<String>>,
    pub sources: Vec<String>,
    pub board: Option<BoardDecl>,
    pub players: Vec<PlayerDecl>,
    pub first: Option<Sp<String>>,
    pub regions: Vec<RegionDecl>,
    pub pieces: Vec<PieceDecl>,
    pub places: Vec<PlaceDecl>,
    pub only: Vec<OnlyDecl>,
    pub hostile: Vec<HostileDecl>,
    pub dice: Option<Sp<DiceDecl>>,
    /// A `die` or `dice` statement was written, even one in error: what
    /// needs dice is then not reported again as having none.
    pub dice_written: bool,
    /// `track PLAYER POINT...`: the player's track, in order.
    pub tracks: Vec<(Sp<String>, Vec<Sp<String>>)>,
    /// `another turn on REGION`.
    pub another_turn: Option<Sp<String>>,
    /// `pieces stack [up to N]`: the limit (0: none), at the statement.
    pub stacks: Option<Sp<u64>>,
    /// `pieces in hand enter first`.
    pub enter_first: Option<Sp<()>>,
    /// `bear off when all pieces in REGION`.
    pub bear_off_from: Option<Sp<String>>,
    /// `higher rolls bear off the rearmost piece`.
    pub bear_off_higher: Option<Sp<()>>,
    /// `captured pieces return to hand`.
    pub return_to_hand: Option<Span>,
    /// `captured pieces change sides`: into the captor's hand.
    pub change_sides: Option<Span>,
    /// `captured pieces swap places`.
    pub swap_places: Option<Span>,
    /// `another turn after rolls N...`.
    pub another_turn_rolls: Option<Sp<Vec<u64>>>,
    /// `pieces in hand enter on rolls N...`.
    pub enter_rolls: Option<Sp<Vec<u64>>>,
    /// `pieces safe in rows of N` and `pieces block in rows of N`.
    pub safe_rows: Option<Sp<u64>>,
    pub block_rows: Option<Sp<u64>>,
    /// `pieces stop on REGION`.
    pub must_stop: Option<Sp<String>>,
    /// `pieces landing on REGION return to POINT`.
    pub landing_returns: Vec<(Sp<String>, Sp<String>)>,
    /// `forbid stranded pieces`.
    pub forbid_stranded: Option<Span>,
    /// `after N in a row remove enemy`.
    pub mill: Option<Sp<u64>>,
    /// `forbid returning to the previous position` (the ko rule; false) or
    /// `... to any earlier position` (superko; true).
    pub forbid_returning: Option<Sp<bool>>,
    /// `forbid royal pieces facing each other`.
    pub forbid_facing: Option<Span>,
    pub jumps: Option<JumpDecl>,
    pub custodial: Option<CustodialDecl>,
    pub sowing: Option<SowingDecl>,
    pub traps: Vec<TrapDecl>,
    pub goals: Option<(Span, Vec<GoalDecl>)>,
    pub announcements: Vec<AnnounceDecl>,
    /// Names declared by statements that could not be read (`player`,
    /// `piece`, `region`): uses of them are not reported again.
    pub broken: Vec<(&'static str, String)>,
}

/// Where a statement may stand, for messages: (context, keywords).
const TOP: &[&str] = &[
    "rulebook",
    "game",
    "source",
    "option",
    "board",
    "player",
    "first",
    "region",
    "piece",
    "place",
    "pieces",
    "bear",
    "higher",
    "only",
    "hostile",
    "die",
    "dice",
    "track",
    "another",
    "captured",
    "capture",
    "custodial",
    "sowing",
    "goals",
    "announce",
    "after",
    "forbid",
];
const BOARD: &[&str] = &["files", "ranks", "points", "point", "lines", "line", "number", "drawn", "river"];
const PIECE: &[&str] = &[
    "step", "slide", "jump", "leave", "take", "approach", "withdraw", "move", "safe", "promote", "value", "can", "at",
    "enter", "lift", "fly", "then", "leap", "ride", "hop", "royal", "castle", "confined", "betza", "may",
];
const CAPTURE: &[&str] = &["compulsory", "continue", "majority", "prefer", "remove", "no", "land", "straight"];
const CUSTODIAL: &[&str] = &["targets", "captors", "sides", "flank", "shieldwall", "intervention", "convert"];
const SOWING: &[&str] = &["pits", "store", "seeds", "skip", "capture", "grand", "feed"];
const TRAP: &[&str] = &["sides", "surrounded", "enclosed", "never", "within", "suicide"];
/// Words that are never pieces' names in a list of pieces, but a mistaken
/// way of saying where.
const PREPOSITIONS: &[&str] = &["within", "inside", "in", "on", "at", "except", "only", "outside-of", "out"];
const GOALS: &[&str] = &["win", "wins", "lose", "loses", "draw", "pass", "end", "play"];
/// The goal statements that are not a player's win or loss (`pass when no
/// move`, `play on for places`), nor may follow a player's name.
const NOT_VERBS: &[&str] = &["draw", "pass", "end", "play"];

const CONTEXTS: &[(&str, &[&str])] = &[
    ("at the top level of the file", TOP),
    ("inside `board { ... }`", BOARD),
    ("inside `piece NAME LETTER { ... }`", PIECE),
    ("inside `capture { ... }`", CAPTURE),
    ("inside `custodial { ... }`", CUSTODIAL),
    ("inside `capture KIND { ... }`", TRAP),
    ("inside `sowing { ... }`", SOWING),
];

fn unknown(stmt: &Stmt, here: usize) -> Diagnostic {
    let word = &stmt.keyword.value;
    let (context, known) = CONTEXTS[here];
    for (i, (elsewhere, words)) in CONTEXTS.iter().enumerate() {
        if i != here && words.contains(&word.as_str()) {
            return diag::misplaced_statement(stmt.keyword.span, word, context, elsewhere);
        }
    }
    diag::unknown_statement(stmt.keyword.span, word, context, known)
}

/// Reads a statement's block, or reports that it has none.
fn block<'a>(stmt: &'a Stmt, example: &str, diags: &mut Vec<Diagnostic>) -> Option<&'a [Node]> {
    match &stmt.block {
        Some(b) => Some(&b.nodes),
        None => {
            diags.push(diag::missing_block(stmt.span, &stmt.keyword.value, example));
            None
        }
    }
}

/// A block a file has once (`board`, `sowing`): how to read it.
struct OnceBlock<'a, 's> {
    example: &'static str,
    /// The block's shape (`board { ... }`), and what a second one is called in the error.
    shape: &'static str,
    what: &'static str,
    select_block: &'a Selector<'s>,
}

impl OnceBlock<'_, '_> {
    /// Reads the block's statements with `each` into a new declaration in
    /// `slot` (made with the keyword's span); a second block is an error
    /// beside the first. False when the statement has no block at all.
    fn read<T: Default + KeywordSpan>(
        &self,
        stmt: &Stmt,
        slot: &mut Option<T>,
        each: fn(&Stmt, &mut T) -> Result<(), Diagnostic>,
        diags: &mut Vec<Diagnostic>,
    ) -> Result<bool, Diagnostic> {
        let Some(nodes) = block(stmt, self.example, diags) else {
            return Ok(false);
        };
        Args::new(stmt, self.shape).end()?;
        if let Some(first) = slot {
            return Err(diag::duplicate_statement(stmt.keyword.span, *first.span_mut(), self.what));
        }
        let mut decl = T::default();
        *decl.span_mut() = stmt.keyword.span;
        for s in self.select_block.select(nodes) {
            if let Err(e) = each(s, &mut decl) {
                diags.push(e);
            }
        }
        *slot = Some(decl);
        Ok(true)
    }
}

/// A declaration that records where its block's keyword stands.
trait KeywordSpan {
    fn span_mut(&mut self) -> &mut Span;
}

impl KeywordSpan for JumpDecl {
    fn span_mut(&mut self) -> &mut Span {
        &mut self.span
    }
}

impl KeywordSpan for BoardDecl {
    fn span_mut(&mut self) -> &mut Span {
        &mut self.span
    }
}

impl KeywordSpan for SowingDecl {
    fn span_mut(&mut self) -> &mut Span {
        &mut self.span
    }
}

fn no_block(stmt: &Stmt) -> Result<(), Diagnostic> {
    match &stmt.block {
        Some(b) => Err(diag::unexpected_block(b.span, &stmt.keyword.value)),
        None => Ok(()),
    }
}

/// Reads the statements selected for one option assignment.
/// `select_block` flattens the conditionals inside nested blocks.
pub fn read(stmts: &[&Stmt], select_block: &Selector, diags: &mut Vec<Diagnostic>) -> Decls {
    let mut d = Decls::default();
    for &stmt in stmts {
        if let Err(e) = top(stmt, &mut d, select_block, diags) {
            diags.push(e);
            let declares = match stmt.keyword.value.as_str() {
                "player" => Some("player"),
                "piece" => Some("piece"),
                "region" => Some("region"),
                _ => None,
            };
            if let (Some(what), Some(name)) = (declares, stmt.args.first().and_then(|a| a.as_word())) {
                d.broken.push((what, name.to_string()));
            }
        }
    }
    d
}

/// Keeps a value given once; a second one is reported at its value, beside the first.
fn set_once<T>(slot: &mut Option<Sp<T>>, value: Sp<T>, what: &str) -> Result<(), Diagnostic> {
    if let Some(first) = slot {
        return Err(diag::duplicate_statement(value.span, first.span, what));
    }
    *slot = Some(value);
    Ok(())
}

fn top(stmt: &Stmt, d: &mut Decls, select_block: &Selector, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
    let kw = stmt.keyword.value.as_str();
    let block_statement = matches!(kw, "board" | "piece" | "capture" | "custodial" | "sowing" | "goals");
    if !block_statement && kw != "option" {
        no_block(stmt)?;
    }
    match kw {
        "rulebook" | "game" | "source" | "player" | "first" | "region" | "place" => declaration_stmt(stmt, d),
        "option" | "board" | "piece" => block_stmt(stmt, d, select_block, diags),
        "capture" | "custodial" | "sowing" | "goals" => rules_block_stmt(stmt, d, select_block, diags),
        "after" | "forbid" | "only" | "hostile" | "another" | "captured" | "announce" => rule_stmt(stmt, d),
        "die" | "dice" | "track" | "pieces" | "bear" | "higher" => chance_stmt(stmt, d),
        _ => Err(unknown(stmt, 0)),
    }
}

/// The statements that declare: the header, players, regions, the setup.
fn declaration_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    match stmt.keyword.value.as_str() {
        "rulebook" => {
            let mut a = Args::new(stmt, "rulebook 1");
            let v = a.number("the language version")?;
            a.end()?;
            set_once(&mut d.version, v, "the language version")?;
        }
        "game" => {
            let mut a = Args::new(stmt, "game \"Permainan Tabal\"");
            let name = a.text("the game's name in quotes")?;
            a.end()?;
            set_once(&mut d.name, name, "the game's name")?;
        }
        "source" => {
            let mut a = Args::new(stmt, "source \"where the rules come from\"");
            d.sources.push(a.text("the source in quotes")?.value);
            a.end()?;
        }
        "player" => {
            let mut a = Args::new(stmt, "player white W forward n");
            let name = a.word("the player's name")?;
            let letter = a.word("the player's letter")?;
            // `forward DIR` is optional; a misspelt `forward` is still named as such.
            let forward = match a.peek() {
                Some(_) => {
                    a.keyword("forward")?;
                    Some(a.word("a direction (n, s, e, w, ne, nw, se or sw)")?)
                }
                None => None,
            };
            a.end()?;
            d.players.push(PlayerDecl { name, letter, forward });
        }
        "first" => {
            let mut a = Args::new(stmt, "first white");
            let p = a.word("the player who moves first")?;
            a.end()?;
            set_once(&mut d.first, p, "who moves first")?;
        }
        "region" => {
            let mut a = Args::new(stmt, "region far-rank for white = rank 9");
            let name = a.word("the region's name")?;
            let player = match a.optional("for") {
                Some(_) => Some(a.word("a player")?),
                None => None,
            };
            a.equals()?;
            let items = set_items(&mut a)?;
            d.regions.push(RegionDecl { name, player, items });
        }
        "place" => {
            let mut a = Args::new(stmt, "place white man on ranks 1..3");
            let player = a.word("a player")?;
            let kind = a.word("a piece")?;
            if a.optional("in").is_some() {
                a.keyword("hand")?;
                let n = match a.optional("unlimited") {
                    Some(span) => Spanned::new(HandCount::Unlimited, span),
                    None => {
                        let n = a.number("how many, or `unlimited`")?;
                        Spanned::new(HandCount::Count(n.value), n.span)
                    }
                };
                a.end()?;
                d.places.push(PlaceDecl { player, kind, items: Vec::new(), in_hand: Some(n), stacked: None });
                return Ok(());
            }
            a.keyword("on")?;
            // `stacked N` ends the statement: N pieces on each point.
            let items = set_items_in(&a, a.clone().rest_until("stacked"))?;
            a.rest_until("stacked");
            let stacked = match a.optional("stacked") {
                Some(_) => Some(a.number("how many pieces on each point")?),
                None => None,
            };
            a.end()?;
            d.places.push(PlaceDecl { player, kind, items, in_hand: None, stacked });
        }
        _ => return Err(unknown(stmt, 0)),
    }
    Ok(())
}

/// The board and the pieces, statements with a block (`option` is read elsewhere).
fn block_stmt(
    stmt: &Stmt,
    d: &mut Decls,
    select_block: &Selector,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    match stmt.keyword.value.as_str() {
        "option" => {} // read by `options::declarations`
        "board" => {
            let example = "board {\n  files a..h\n  ranks 1..8\n  points a1..h8\n  lines orthogonal a1..h8\n}";
            let block = OnceBlock { example, shape: "board { ... }", what: "the board", select_block };
            if !block.read(stmt, &mut d.board, board_stmt, diags)? {
                d.broken.push(("board", String::new()));
            }
        }
        "piece" => {
            let example = "piece king K {\n  slide any\n}";
            let mut a = Args::new(stmt, "piece king K { ... }");
            let name = a.word("the piece's name")?;
            let letter = a.word("the piece's letter")?;
            a.end()?;
            let mut piece = PieceDecl {
                name,
                letter,
                moves: Vec::new(),
                promote: None,
                value: None,
                can_capture: None,
                run_limit: None,
                enter: None,
                lifts: Vec::new(),
                track: None,
                safe: None,
                fly: None,
                shoot: None,
                royal: None,
                castle: None,
                confined: None,
                confined_once: None,
                per_file: None,
                had_errors: false,
            };
            if let Some(nodes) = block(stmt, example, diags) {
                for s in select_block.select(nodes) {
                    if let Err(e) = piece_stmt(s, &mut piece) {
                        diags.push(e);
                        piece.had_errors = true;
                    }
                }
            }
            d.pieces.push(piece);
        }
        _ => return Err(unknown(stmt, 0)),
    }
    Ok(())
}

/// The blocks of captures and goals: `capture { ... }`, `capture KIND { ... }`, `custodial`, `goals`.
fn rules_block_stmt(
    stmt: &Stmt,
    d: &mut Decls,
    select_block: &Selector,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    match stmt.keyword.value.as_str() {
        "capture" if stmt.args.is_empty() => {
            let example = "capture {\n  compulsory\n  continue\n}";
            let block = OnceBlock { example, shape: "capture { ... }", what: "the capture block", select_block };
            block.read(stmt, &mut d.jumps, capture_stmt, diags)?;
        }
        "capture" => trap_block(stmt, d, select_block, diags)?,
        "custodial" => custodial_block(stmt, d, select_block, diags)?,
        "sowing" => {
            let example = "sowing {\n  pits south a1 b1 c1\n  pits north c2 b2 a2\n  seeds 4\n}";
            let block = OnceBlock { example, shape: "sowing { ... }", what: "the sowing block", select_block };
            block.read(stmt, &mut d.sowing, sowing_stmt, diags)?;
        }
        "goals" => goals_block(stmt, d, select_block, diags)?,
        _ => return Err(unknown(stmt, 0)),
    }
    Ok(())
}

/// `capture KIND { ... }`: the conditions that capture a piece of that kind.
fn trap_block(
    stmt: &Stmt,
    d: &mut Decls,
    select_block: &Selector,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "capture king { surrounded on 4 sides }");
    let kind = a.word("the piece these conditions capture")?;
    a.end()?;
    let mut t = TrapDecl {
        kind,
        within: None,
        sides: Vec::new(),
        surrounded: None,
        enclosed: None,
        never_on_edge: false,
        suicide: None,
    };
    if let Some(nodes) = block(stmt, "capture king {\n  sides orthogonal\n  surrounded on 4 sides\n}", diags) {
        for s in select_block.select(nodes) {
            if let Err(e) = trap_stmt(s, &mut t) {
                diags.push(e);
            }
        }
    }
    d.traps.push(t);
    Ok(())
}

/// `custodial { ... }`: capture by flanking.
fn custodial_block(
    stmt: &Stmt,
    d: &mut Decls,
    select_block: &Selector,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    let example = "custodial {\n  targets soldier\n  captors soldier king\n  sides orthogonal\n  flank opposite\n}";
    let Some(nodes) = block(stmt, example, diags) else {
        return Ok(());
    };
    Args::new(stmt, "custodial { ... }").end()?;
    if let Some(c) = &d.custodial {
        return Err(diag::duplicate_statement(stmt.keyword.span, c.span, "the custodial block"));
    }
    let mut c = CustodialDecl { span: stmt.keyword.span, ..Default::default() };
    for s in select_block.select(nodes) {
        if let Err(e) = custodial_stmt(s, &mut c) {
            if s.keyword.value == "targets" {
                d.broken.push(("targets", String::new())); // "no targets" would only echo it
            }
            diags.push(e);
        }
    }
    d.custodial = Some(c);
    Ok(())
}

/// `goals { ... }`: how the game is won, lost or drawn.
fn goals_block(
    stmt: &Stmt,
    d: &mut Decls,
    select_block: &Selector,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    let Some(nodes) = block(stmt, "goals {\n  lose when no move\n}", diags) else {
        return Ok(());
    };
    Args::new(stmt, "goals { ... }").end()?;
    if let Some((first, _)) = &d.goals {
        return Err(diag::duplicate_statement(stmt.keyword.span, *first, "the goals block"));
    }
    let mut goals = Vec::new();
    for s in select_block.select(nodes) {
        match goal_stmt(s) {
            Ok(g) => goals.push(g),
            Err(e) => {
                diags.push(e);
                d.broken.push(("goals", String::new())); // "no goal" would only echo it
            }
        }
    }
    d.goals = Some((stmt.keyword.span, goals));
    Ok(())
}

/// One-line rules: rows that remove, returning, restricted and hostile sites, another turn,
/// captured pieces to hand, announcements.
fn rule_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    match stmt.keyword.value.as_str() {
        "after" => {
            let mut a = Args::new(stmt, "after 3 in a row remove enemy");
            let n = a.number("how many in a row")?;
            for word in ["in", "a", "row", "remove", "enemy"] {
                a.keyword(word)?;
            }
            a.end()?;
            set_once(&mut d.mill, n, "what a row removes (`after ... remove enemy`)")?;
        }
        "forbid" if stmt.args.first().and_then(|a| a.as_word()) == Some("royal") => {
            let mut a = Args::new(stmt, "forbid royal pieces facing each other");
            for word in ["royal", "pieces", "facing", "each", "other"] {
                a.keyword(word)?;
            }
            a.end()?;
            if let Some(first) = d.forbid_facing {
                return Err(diag::duplicate_statement(stmt.span, first, "the rule against royal pieces facing"));
            }
            d.forbid_facing = Some(stmt.span);
        }
        "forbid" if stmt.args.first().and_then(|a| a.as_word()) == Some("stranded") => {
            let mut a = Args::new(stmt, "forbid stranded pieces");
            a.keyword("stranded")?;
            a.keyword("pieces")?;
            a.end()?;
            if let Some(first) = d.forbid_stranded {
                return Err(diag::duplicate_statement(stmt.span, first, "the rule against stranded pieces"));
            }
            d.forbid_stranded = Some(stmt.span);
        }
        "forbid" => {
            let mut a = Args::new(stmt, "forbid returning to the previous position");
            for word in ["returning", "to"] {
                a.keyword(word)?;
            }
            let earlier = a.choice(&["the", "any"])?.value == "any";
            a.keyword(if earlier { "earlier" } else { "previous" })?;
            a.keyword("position")?;
            a.end()?;
            set_once(&mut d.forbid_returning, Spanned::new(earlier, stmt.span), "the rule against returning")?;
        }
        "only" => {
            let mut a = Args::new(stmt, "only king may stop on throne");
            let kinds = a.words_until("may", "a piece")?;
            a.keyword("may")?;
            a.keyword("stop")?;
            a.keyword("on")?;
            let region = a.word("a region")?;
            a.end()?;
            d.only.push(OnlyDecl { kinds, region });
        }
        "hostile" => hostile_stmt(stmt, d)?,
        "another" => another_turn_stmt(stmt, d)?,
        "captured" => captured_pieces_stmt(stmt, d)?,
        "announce" => announce_stmt(stmt, d)?,
        _ => return Err(unknown(stmt, 0)),
    }
    Ok(())
}

/// `hostile REGION [to KINDS] [when empty]`.
fn hostile_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "hostile throne to king when empty");
    let region = a.word("a region")?;
    let mut to = Vec::new();
    if a.optional("to").is_some() {
        to = a.words_until("when", "a piece")?;
    }
    let when_empty = match a.optional("when") {
        Some(_) => {
            a.keyword("empty")?;
            true
        }
        None => false,
    };
    a.end()?;
    d.hostile.push(HostileDecl { region, to, when_empty });
    Ok(())
}

/// `another turn on REGION`, or `another turn after rolls N...`.
fn another_turn_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "another turn on rosettes");
    a.keyword("turn")?;
    if a.choice(&["on", "after"])?.value == "after" {
        a.example = "another turn after rolls 1 4 5";
        a.keyword("rolls")?;
        let rolls = rolls_list(&mut a, "the rolls after which the player throws again")?;
        set_once(&mut d.another_turn_rolls, rolls, "`another turn after rolls`")?;
        return Ok(());
    }
    let region = a.word("a region")?;
    a.end()?;
    set_once(&mut d.another_turn, region, "`another turn on`")?;
    Ok(())
}

/// `captured pieces return to hand | change sides | swap places`.
fn captured_pieces_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "captured pieces return to hand");
    a.keyword("pieces")?;
    let how = a.choice(&["return", "change", "swap"])?.value;
    let words: &[&str] = match how.as_str() {
        "change" => &["sides"],
        "swap" => &["places"],
        _ => &["to", "hand"],
    };
    for word in words {
        a.keyword(word)?;
    }
    a.end()?;
    if let Some(first) = d.return_to_hand.or(d.change_sides).or(d.swap_places) {
        return Err(diag::duplicate_statement(stmt.span, first, "where captured pieces go"));
    }
    match how.as_str() {
        "change" => d.change_sides = Some(stmt.span),
        "swap" => d.swap_places = Some(stmt.span),
        _ => d.return_to_hand = Some(stmt.span),
    }
    Ok(())
}

/// `announce "TEXT" after PLAYER when KIND sees edge DIRECTIONS`.
fn announce_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "announce \"{count} clear lines\" after defenders when king sees edge orthogonal");
    let text = a.text("the announcement in quotes")?;
    a.keyword("after")?;
    let after = a.word("a player")?;
    a.keyword("when")?;
    let kind = a.word("a piece")?;
    a.keyword("sees")?;
    a.keyword("edge")?;
    let dirs = a.words("directions")?;
    d.announcements.push(AnnounceDecl { text, after, kind, dirs });
    Ok(())
}

/// Dice and race tracks.
fn chance_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    match stmt.keyword.value.as_str() {
        "die" => {
            d.dice_written = true;
            let mut a = Args::new(stmt, "die d6 limits distance");
            let w = a.word("a die such as `d6`")?;
            let sides = die_faces(&w, a.example)?;
            if !(2..=20).contains(&sides) {
                return Err(diag::bad_number(w.span, "a die's number of faces", 2, 20));
            }
            let (exact, counting) = dice_use(&mut a)?;
            let decl = DiceDecl { sides, binary: false, exact, pair: false, counting, summed: 1 };
            set_once(&mut d.dice, Spanned::new(decl, w.span), "the dice")?;
        }
        "dice" => dice_stmt(stmt, d)?,
        "pieces" => pieces_rule_stmt(stmt, d)?,
        "bear" => {
            let mut a = Args::new(stmt, "bear off when all pieces in home");
            for word in ["off", "when", "all", "pieces", "in"] {
                a.keyword(word)?;
            }
            let region = a.word("a region")?;
            a.end()?;
            set_once(&mut d.bear_off_from, region, "`bear off when all pieces in`")?;
        }
        "higher" => {
            let mut a = Args::new(stmt, "higher rolls bear off the rearmost piece");
            for word in ["rolls", "bear", "off", "the", "rearmost", "piece"] {
                a.keyword(word)?;
            }
            a.end()?;
            set_once(
                &mut d.bear_off_higher,
                Spanned::new((), stmt.span),
                "`higher rolls bear off the rearmost piece`",
            )?;
        }
        "track" => {
            let mut a = Args::new(stmt, "track white d1 c1 b1 a1 a2 b2");
            let player = a.word("a player")?;
            let points = a.words("the track's points, in order")?;
            d.tracks.push((player, points));
        }
        _ => return Err(unknown(stmt, 0)),
    }
    Ok(())
}

/// `dice N binary ...`, `dice N dK limits|sets distance` (summed), or
/// `dice 2 dK used separately`.
fn dice_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    d.dice_written = true;
    let mut a = Args::new(stmt, "dice 4 binary sets distance");
    let n = a.number("how many dice")?;
    if a.peek_word().is_some_and(|w| w.starts_with('d') && w != "distance") {
        // `dice 2 d6 used separately`: each die moves a piece.
        a.example = "dice 2 d6 used separately";
        let w = a.word("a die such as `d6`")?;
        let sides = die_faces(&w, a.example)?;
        if a.peek_word().is_some_and(|w| w == "limits" || w == "sets") {
            // `dice 2 d6 sets distance`: the dice summed.
            a.example = "dice 2 d6 sets distance";
            if !(2..=20).contains(&sides) {
                return Err(diag::bad_number(w.span, "a die's number of faces", 2, 20));
            }
            if !(2..=4).contains(&n.value) || n.value * sides > 60 {
                return Err(diag::bad_number(n.span, "dice summed (their total at most 60)", 2, 4));
            }
            let (exact, counting) = dice_use(&mut a)?;
            let decl = DiceDecl { sides, binary: false, exact, pair: false, counting, summed: n.value };
            set_once(&mut d.dice, Spanned::new(decl, n.span), "the dice")?;
            return Ok(());
        }
        if !(2..=9).contains(&sides) {
            return Err(diag::bad_number(w.span, "the faces of each of two dice", 2, 9));
        }
        if n.value != 2 {
            let found = format!("`{}`", n.value);
            return Err(diag::wrong_argument(n.span, &found, "2: two dice are used separately", a.example));
        }
        a.keyword("used")?;
        a.keyword("separately")?;
        a.end()?;
        let decl = DiceDecl { sides, binary: false, exact: true, pair: true, counting: None, summed: 1 };
        set_once(&mut d.dice, Spanned::new(decl, n.span), "the dice")?;
        return Ok(());
    }
    if !(1..=8).contains(&n.value) {
        return Err(diag::bad_number(n.span, "the number of binary dice", 1, 8));
    }
    a.keyword("binary")?;
    let (exact, counting) = dice_use(&mut a)?;
    let decl = DiceDecl { sides: n.value, binary: true, exact, pair: false, counting, summed: 1 };
    set_once(&mut d.dice, Spanned::new(decl, n.span), "the dice")?;
    Ok(())
}

/// `pieces stack [up to N]`, `pieces in hand enter first | on rolls ...`,
/// `pieces safe|block in rows of N`, `pieces stop on REGION`, `pieces landing on REGION return to POINT`.
fn pieces_rule_stmt(stmt: &Stmt, d: &mut Decls) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "pieces stack");
    if a.optional("in").is_some() {
        a.example = "pieces in hand enter first";
        for word in ["hand", "enter"] {
            a.keyword(word)?;
        }
        if a.choice(&["first", "on"])?.value == "on" {
            a.example = "pieces in hand enter on rolls 6";
            a.keyword("rolls")?;
            let rolls = rolls_list(&mut a, "the rolls on which a piece in hand enters")?;
            set_once(&mut d.enter_rolls, rolls, "`pieces in hand enter on rolls`")?;
            return Ok(());
        }
        a.end()?;
        set_once(&mut d.enter_first, Spanned::new((), stmt.span), "`pieces in hand enter first`")?;
        return Ok(());
    }
    match a.choice(&["stack", "in", "safe", "block", "stop", "landing"])?.value.as_str() {
        "safe" | "block" => {
            let safe = stmt.args[0].as_word() == Some("safe");
            a.example = if safe { "pieces safe in rows of 2" } else { "pieces block in rows of 3" };
            for word in ["in", "rows", "of"] {
                a.keyword(word)?;
            }
            let n = a.number("how many in a row")?;
            if !(2..=20).contains(&n.value) {
                return Err(diag::bad_number(n.span, "pieces in a row", 2, 20));
            }
            a.end()?;
            let (slot, what) = if safe {
                (&mut d.safe_rows, "`pieces safe in rows of`")
            } else {
                (&mut d.block_rows, "`pieces block in rows of`")
            };
            set_once(slot, n, what)?;
            return Ok(());
        }
        "stop" => {
            a.example = "pieces stop on happiness";
            a.keyword("on")?;
            let region = a.word("a region")?;
            a.end()?;
            set_once(&mut d.must_stop, region, "`pieces stop on`")?;
            return Ok(());
        }
        "landing" => {
            a.example = "pieces landing on water return to rebirth";
            a.keyword("on")?;
            let region = a.word("a region")?;
            a.keyword("return")?;
            a.keyword("to")?;
            let point = a.word("a point")?;
            a.end()?;
            d.landing_returns.push((region, point));
            return Ok(());
        }
        _ => {}
    }
    let limit = match a.optional("up") {
        Some(_) => {
            a.keyword("to")?;
            let n = a.number("the most pieces on one point")?;
            if !(2..=200).contains(&n.value) {
                return Err(diag::bad_number(n.span, "the most pieces on one point", 2, 200));
            }
            n.value
        }
        None => 0,
    };
    a.end()?;
    set_once(&mut d.stacks, Spanned::new(limit, stmt.span), "`pieces stack`")?;
    Ok(())
}

/// Point-set items to the end of the statement.
fn set_items(a: &mut Args) -> Result<Vec<SetItem>, Diagnostic> {
    let at = a.clone();
    let args = a.rest();
    set_items_in(&at, args)
}

/// Point-set items made of `args` (what follows `a`'s cursor).
fn set_items_in(a: &Args, args: &[Arg]) -> Result<Vec<SetItem>, Diagnostic> {
    let example = a.example;
    if args.is_empty() {
        return Err(a.missing("points"));
    }
    let mut out = Vec::new();
    let mut i = 0;
    // `even` / `odd` before an item filters it; they may not stand alone.
    let mut parity: Option<(bool, Span)> = None;
    while i < args.len() {
        let arg = &args[i];
        let before = out.len();
        match &arg.kind {
            ArgKind::Word(w) if (w == "even" || w == "odd") && parity.is_none() => {
                parity = Some((w == "even", arg.span));
                i += 1;
                if i == args.len() {
                    return Err(diag::missing_argument(arg.span, "points after it", example));
                }
                continue;
            }
            ArgKind::Word(w) if matches!(w.as_str(), "rank" | "ranks" | "file" | "files") => {
                let Some(next) = args.get(i + 1) else {
                    return Err(diag::missing_argument(arg.span, &format!("which {w}"), example));
                };
                let span = arg.span.to(next.span);
                let item = match (&next.kind, w.starts_with("rank")) {
                    (ArgKind::Number(n), true) => SetItem::Ranks(span, *n, *n),
                    (ArgKind::Range(x, y), true) => match (x.parse(), y.parse()) {
                        (Ok(x), Ok(y)) => SetItem::Ranks(span, x, y),
                        _ => {
                            return Err(diag::wrong_argument(next.span, &next.describe(), "ranks like `1..3`", example))
                        }
                    },
                    (ArgKind::Word(x), false) => SetItem::Files(span, x.clone(), x.clone()),
                    (ArgKind::Range(x, y), false) => SetItem::Files(span, x.clone(), y.clone()),
                    (_, true) => {
                        return Err(diag::wrong_argument(next.span, &next.describe(), "a rank number", example))
                    }
                    (_, false) => {
                        return Err(diag::wrong_argument(next.span, &next.describe(), "a file letter", example))
                    }
                };
                out.push(item);
                i += 2;
            }
            ArgKind::Word(w) => {
                out.push(SetItem::Point(Spanned::new(w.clone(), arg.span)));
                i += 1;
            }
            ArgKind::Range(x, y) => {
                out.push(SetItem::Range(Spanned::new((x.clone(), y.clone()), arg.span)));
                i += 1;
            }
            _ => return Err(diag::wrong_argument(arg.span, &arg.describe(), "points", example)),
        }
        if let Some((even, span)) = parity.take() {
            let item = out.pop().expect("an item was just read");
            debug_assert_eq!(out.len(), before);
            out.push(SetItem::Parity(span.to(item.span()), even, Box::new(item)));
        }
    }
    Ok(out)
}

fn board_stmt(stmt: &Stmt, b: &mut BoardDecl) -> Result<(), Diagnostic> {
    no_block(stmt)?;
    match stmt.keyword.value.as_str() {
        "files" => {
            let mut a = Args::new(stmt, "files a..h");
            let r = file_or_rank_range(&mut a, "files like `a..h`")?;
            set_once(&mut b.files, r, "the board's files")?;
        }
        "ranks" => {
            let mut a = Args::new(stmt, "ranks 1..8");
            let r = file_or_rank_range(&mut a, "ranks like `1..8`")?;
            set_once(&mut b.ranks, r, "the board's ranks")?;
        }
        "points" => {
            let mut a = Args::new(stmt, "points a1..h8");
            b.points.extend(set_items(&mut a)?);
        }
        "point" => {
            let mut a = Args::new(stmt, "point centre at 2 2");
            let name = a.word("the point's name")?;
            a.keyword("at")?;
            let x = a.number("the x coordinate")?;
            let y = a.number("the y coordinate")?;
            a.end()?;
            b.named_points.push((name, x, y));
        }
        "lines" => {
            let mut a = Args::new(stmt, "lines orthogonal a1..h8");
            let which = a.choice(&["orthogonal", "diagonal", "hexagonal"])?;
            let shape = match which.value.as_str() {
                "diagonal" => LineShape::Diagonal,
                "hexagonal" => LineShape::Hexagonal,
                _ => LineShape::Orthogonal,
            };
            // `lines diagonal even a3..e7`: links between neighbours inside the area.
            let area = set_items(&mut a)?;
            b.lines.push(LineDecl::Generated { span: stmt.span, shape, area });
        }
        "number" => {
            let mut a = Args::new(stmt, "number points from top left");
            a.keyword("points")?;
            a.keyword("from")?;
            let rows = a.choice(&["top", "bottom"])?;
            let cols = a.choice(&["left", "right"])?;
            a.end()?;
            let value = Spanned::new((rows.value == "top", cols.value == "left"), stmt.span);
            set_once(&mut b.numbering, value, "the numbering of the points")?;
        }
        "river" => {
            let mut a = Args::new(stmt, "river after rank 5");
            a.keyword("after")?;
            a.keyword("rank")?;
            let rank = a.number("a rank")?;
            a.end()?;
            set_once(&mut b.river, rank, "the river")?;
        }
        "drawn" => {
            let mut a = Args::new(stmt, "drawn as squares");
            a.keyword("as")?;
            let words: Vec<&str> = crate::game::Drawing::ALL.iter().map(|(w, _)| *w).collect();
            let how = a.choice(&words)?;
            a.end()?;
            let drawing = crate::game::Drawing::ALL.iter().find(|(w, _)| *w == how.value).map(|(_, d)| *d);
            let drawing = drawing.expect("a word of the list");
            set_once(&mut b.drawn, Spanned::new(drawing, stmt.span), "how the board is drawn")?;
        }
        "line" => {
            let mut a = Args::new(stmt, "line a1 b2 c3");
            let points = a.words("points")?;
            if points.len() < 2 {
                return Err(diag::missing_argument(points[0].span, "a second point", a.example));
            }
            b.lines.push(LineDecl::Explicit(stmt.span, points));
        }
        _ => return Err(unknown(stmt, 1)),
    }
    Ok(())
}

/// `limits distance` (the roll is the most spaces) or `sets distance` (exactly): true if exact.
/// The faces of a die written `dN`.
fn die_faces(w: &Sp<String>, example: &'static str) -> Result<u64, Diagnostic> {
    w.value
        .strip_prefix('d')
        .and_then(|n| n.parse::<u64>().ok())
        .ok_or_else(|| diag::wrong_argument(w.span, &format!("`{}`", w.value), "a die such as `d6`", example))
}

/// What each throw counts, as written after `counting`.
type Counting = Sp<Vec<u64>>;

/// `limits distance` or `sets distance`, then perhaps `counting V...`:
/// whether the roll is exact, and what each throw counts.
fn dice_use(a: &mut Args) -> Result<(bool, Option<Counting>), Diagnostic> {
    let how = a.choice(&["limits", "sets"])?;
    a.keyword("distance")?;
    let counting = match a.optional("counting") {
        Some(at) => {
            let mut values = Vec::new();
            let mut span = at;
            while !a.at_end() {
                let n = a.number("what a throw counts")?;
                span = at.to(n.span);
                values.push(n.value);
            }
            if values.is_empty() {
                return Err(a.missing("what each throw counts, lowest throw first"));
            }
            Some(Spanned::new(values, span))
        }
        None => None,
    };
    a.end()?;
    Ok((how.value == "sets", counting))
}

fn file_or_rank_range(a: &mut Args, expected: &str) -> Result<Sp<(String, String)>, Diagnostic> {
    let r = a.range(expected)?;
    a.end()?;
    Ok(r)
}

fn piece_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    no_block(stmt)?;
    let kw = stmt.keyword.value.as_str();
    match kw {
        "step" | "leave" | "take" | "approach" | "withdraw" => line_move_stmt(stmt, kw, p)?,
        "slide" | "hop" => slide_stmt(stmt, kw, p)?,
        "leap" | "ride" => leap_stmt(stmt, kw, p)?,
        "royal" => flag(&mut p.royal, stmt, "`royal`", "royal")?,
        "betza" => {
            let mut a = Args::new(stmt, "betza fmWfcF");
            let word = a.word("moves in Betza's notation (`N`, `fmWfcF`, `mRcpR`)")?;
            a.end()?;
            p.moves.extend(super::betza::moves(&word, stmt.span)?);
        }
        "confined" => confined_stmt(stmt, p)?,
        "castle" => {
            let mut a = Args::new(stmt, "castle with rook");
            a.keyword("with")?;
            let kind = a.word("the piece it castles with")?;
            a.end()?;
            if let Some((_, first)) = &p.castle {
                return Err(diag::duplicate_statement(stmt.span, *first, "`castle`"));
            }
            p.castle = Some((kind, stmt.span));
        }
        "jump" => jump_stmt(stmt, p)?,
        "move" => {
            let mut a = Args::new(stmt, "move along track");
            a.keyword("along")?;
            a.keyword("track")?;
            a.end()?;
            if let Some(first) = p.track {
                return Err(diag::duplicate_statement(stmt.span, first, "`move along track`"));
            }
            p.track = Some(stmt.span);
        }
        "safe" => {
            let mut a = Args::new(stmt, "safe on rosettes");
            a.keyword("on")?;
            let region = a.word("a region")?;
            a.end()?;
            if let Some(first) = &p.safe {
                return Err(diag::duplicate_statement(stmt.span, first.span, "`safe on`"));
            }
            p.safe = Some(region);
        }
        "value" => {
            let mut a = Args::new(stmt, "value 2");
            let n = a.number("what the piece is worth")?;
            a.end()?;
            if let Some(first) = &p.value {
                return Err(diag::duplicate_statement(stmt.span, first.span, "`value`"));
            }
            p.value = Some(n);
        }
        "at" => at_most_stmt(stmt, p)?,
        "lift" => lift_stmt(stmt, p)?,
        "enter" => enter_stmt(stmt, p)?,
        "then" => shoot_stmt(stmt, p)?,
        "fly" => fly_stmt(stmt, p)?,
        "can" => {
            let mut a = Args::new(stmt, "can capture man");
            a.keyword("capture")?;
            let kinds = a.words("pieces")?;
            if let Some((_, first)) = &p.can_capture {
                return Err(diag::duplicate_statement(stmt.span, *first, "`can capture`"));
            }
            p.can_capture = Some((kinds, stmt.span));
        }
        "promote" | "may" => promote_stmt(stmt, kw, p)?,
        _ => return Err(unknown(stmt, 2)),
    }
    Ok(())
}

/// `step`, `leave`, `take`, `approach` or `withdraw` and its directions (a
/// step or take with the tail of [`move_tail`]).
fn line_move_stmt(stmt: &Stmt, kw: &str, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let example = match kw {
        "step" => "step forward sideways",
        "take" => "take diagonal-forward",
        "approach" => "approach any",
        "withdraw" => "withdraw any",
        _ => "leave orthogonal",
    };
    if let Some(up) = stmt.args.iter().find(|a| a.as_word() == Some("up")) {
        let to = stmt.args.iter().rev().find(|a| a.as_word() == Some("to") || a.as_word() == Some("up"));
        return Err(diag::limit_not_on_slide(up.span.to(to.map_or(up.span, |t| t.span)), kw));
    }
    let mut a = Args::new(stmt, example);
    let vector = matches!(kw, "step" | "take");
    let dirs = if vector { a.words_until_any(TAIL, "directions")? } else { a.words("directions")? };
    let kind = match kw {
        "step" => MoveKind::Step,
        "take" => MoveKind::Take,
        "approach" => MoveKind::Approach,
        "withdraw" => MoveKind::Withdraw,
        _ => MoveKind::Leave,
    };
    let mut m = MoveDecl { kind, dirs, landing: None, en_passant: None, from: None, span: stmt.span };
    if vector {
        move_tail(&mut a, &mut m, kw == "step")?;
    }
    p.moves.push(m);
    Ok(())
}

/// `slide DIRECTIONS [up to N]` or `hop DIRECTIONS`, with a move's tail.
fn slide_stmt(stmt: &Stmt, kw: &str, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, if kw == "hop" { "hop orthogonal capture only" } else { "slide orthogonal up to 3" });
    let mut stops = TAIL.to_vec();
    stops.push("up");
    let dirs = a.words_until_any(&stops, "directions")?;
    let limit = match a.optional("up") {
        Some(up) if kw == "hop" => return Err(diag::limit_not_on_slide(up, kw)),
        Some(_) => {
            a.keyword("to")?;
            Some(a.number("the most spaces")?)
        }
        None => None,
    };
    let kind = if kw == "hop" { MoveKind::Hop } else { MoveKind::Slide(limit) };
    let mut m = MoveDecl { kind, dirs, landing: None, en_passant: None, from: None, span: stmt.span };
    move_tail(&mut a, &mut m, true)?;
    p.moves.push(m);
    Ok(())
}

/// `leap X Y` or `ride X Y` (`forward`/`backward`, `lame`), with a move's tail.
fn leap_stmt(stmt: &Stmt, kw: &str, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, if kw == "leap" { "leap 1 2 or capture" } else { "ride 1 2 or capture" });
    let offset = (a.number("the leap's first part")?, a.number("the leap's second part")?);
    let facing = match a.peek_word() {
        Some("forward" | "backward") => Some(a.word("forward or backward")?),
        _ => None,
    };
    let kind = if kw == "leap" {
        MoveKind::Leap { offset, facing, lame: a.optional("lame") }
    } else {
        MoveKind::Ride { offset, facing }
    };
    let mut m = MoveDecl { kind, dirs: Vec::new(), landing: None, en_passant: None, from: None, span: stmt.span };
    move_tail(&mut a, &mut m, true)?;
    p.moves.push(m);
    Ok(())
}

/// `jump DIRECTIONS`: short, `flying [landing behind]`, or `over any piece [chained]`.
fn jump_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "jump any flying");
    let dirs = a.words_until_any(&["flying", "over"], "directions")?;
    let over = a.optional("over").is_some();
    let chained = over && {
        a.example = "jump any over any piece chained";
        a.keyword("any")?;
        a.keyword("piece")?;
        a.optional("chained").is_some()
    };
    let flying = !over && a.optional("flying").is_some();
    let behind = flying && a.optional("landing").is_some();
    if behind {
        a.keyword("behind")?;
    }
    a.end()?;
    p.moves.push(MoveDecl {
        kind: match (over, flying) {
            (true, _) => MoveKind::JumpOver { chained },
            (false, true) => MoveKind::Fly { behind },
            (false, false) => MoveKind::Jump,
        },
        dirs,
        landing: None,
        en_passant: None,
        from: None,
        span: stmt.span,
    });
    Ok(())
}

/// `confined to REGION [once there]`.
fn confined_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "confined to palace");
    a.keyword("to")?;
    let region = a.word("a region")?;
    if let Some(once) = a.optional("once") {
        a.example = "confined to target once there";
        p.confined_once = Some(once.to(a.keyword("there")?));
    }
    a.end()?;
    if let Some(first) = &p.confined {
        return Err(diag::duplicate_statement(stmt.span, first.span, "`confined to`"));
    }
    p.confined = Some(region);
    Ok(())
}

/// `at most N per file`, or `at most N moves in a row [while its side has KINDS]`.
fn at_most_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "at most 3 moves in a row while its side has man");
    a.keyword("most")?;
    let n = a.number("how many moves")?;
    if a.optional("per").is_some() {
        a.keyword("file")?;
        a.end()?;
        if let Some((_, first)) = &p.per_file {
            return Err(diag::duplicate_statement(stmt.span, *first, "`at most ... per file`"));
        }
        p.per_file = Some((n, stmt.span));
        return Ok(());
    }
    for word in ["moves", "in", "a", "row"] {
        a.keyword(word)?;
    }
    let mut kinds = Vec::new();
    if a.optional("while").is_some() {
        for word in ["its", "side", "has"] {
            a.keyword(word)?;
        }
        kinds = a.words("pieces")?;
    }
    a.end()?;
    if let Some((_, _, first)) = &p.run_limit {
        return Err(diag::duplicate_statement(stmt.span, *first, "`at most ... moves in a row`"));
    }
    p.run_limit = Some((n, kinds, stmt.span));
    Ok(())
}

/// `lift [for PLAYER] on REGION | next to empty [first]`.
fn lift_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "lift for black on centre first");
    let player = if a.optional("for").is_some() { Some(a.word("a player")?) } else { None };
    let how = a.choice(&["on", "next"])?;
    let region = if how.value == "on" {
        Some(a.word("a region")?)
    } else {
        a.keyword("to")?;
        a.keyword("empty")?;
        None
    };
    let first = a.optional("first").is_some();
    a.end()?;
    p.lifts.push(LiftDecl { player, region, first, span: stmt.span });
    Ok(())
}

/// `enter [on REGION] [falling DIR] [capturing] [before moving] [unless it checkmates]`.
fn enter_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "enter on own-half before moving");
    let region = if a.optional("on").is_some() { Some(a.word("a region")?) } else { None };
    let falling = if a.optional("falling").is_some() { Some(a.word("a direction")?) } else { None };
    let capturing = a.optional("capturing");
    let before_moving = a.optional("before").is_some();
    if before_moving {
        a.keyword("moving")?;
    }
    let unless_mates = match a.optional("unless") {
        Some(unless) => {
            a.keyword("it")?;
            Some(unless.to(a.keyword("checkmates")?))
        }
        None => None,
    };
    a.end()?;
    if let Some(first) = &p.enter {
        return Err(diag::duplicate_statement(stmt.span, first.span, "`enter`"));
    }
    p.enter = Some(EnterDecl { region, falling, capturing, before_moving, unless_mates, span: stmt.span });
    Ok(())
}

/// `then shoot KIND DIRECTIONS`.
fn shoot_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "then shoot arrow any");
    a.keyword("shoot")?;
    let kind = a.word("the piece it shoots")?;
    let dirs = a.words("directions")?;
    a.end()?;
    if let Some((_, _, first)) = &p.shoot {
        return Err(diag::duplicate_statement(stmt.span, *first, "`then shoot`"));
    }
    p.shoot = Some((kind, dirs, stmt.span));
    Ok(())
}

/// `fly when at most N left`.
fn fly_stmt(stmt: &Stmt, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let mut a = Args::new(stmt, "fly when at most 3 left");
    for word in ["when", "at", "most"] {
        a.keyword(word)?;
    }
    let n = a.number("how many pieces")?;
    a.keyword("left")?;
    a.end()?;
    if let Some((_, first)) = &p.fly {
        return Err(diag::duplicate_statement(stmt.span, *first, "`fly`"));
    }
    p.fly = Some((n, stmt.span));
    Ok(())
}

/// `[may] promote to KIND [KIND...] in REGION [at once | and stop]`.
fn promote_stmt(stmt: &Stmt, kw: &str, p: &mut PieceDecl) -> Result<(), Diagnostic> {
    let optional = kw == "may";
    let example = if optional { "may promote to tokin in promotion-zone" } else { "promote to king in far-rank" };
    let mut a = Args::new(stmt, example);
    if optional {
        a.keyword("promote")?;
    }
    a.keyword("to")?;
    let into = a.word("the piece it becomes")?;
    let mut or_into = Vec::new();
    while a.peek().is_some() && a.peek_word() != Some("in") {
        or_into.push(a.word("a piece it may become, or `in`")?);
    }
    a.keyword("in")?;
    let zone = a.word("a region")?;
    let (at_once, stops) = match a.peek_word() {
        Some("at") => {
            a.keyword("at")?;
            a.keyword("once")?;
            (true, false)
        }
        Some("and") => {
            a.keyword("and")?;
            a.keyword("stop")?;
            (false, true)
        }
        _ => (false, false),
    };
    a.end()?;
    if let Some(first) = &p.promote {
        return Err(diag::duplicate_statement(stmt.span, first.span, "the promotion"));
    }
    p.promote = Some(PromoteDecl { into, or_into, zone, at_once, stops, optional, span: stmt.span });
    Ok(())
}

/// The words that may end a move's directions: where it lands and starts.
const TAIL: &[&str] = &["or", "capture", "en", "from"];

/// A move's tail: `or capture` or `capture only`, then `en passant` (only
/// for what captures by a step alone), then `from REGION`.
fn move_tail(a: &mut Args, m: &mut MoveDecl, landing: bool) -> Result<(), Diagnostic> {
    if landing {
        if let Some(or) = a.optional("or") {
            let capture = a.keyword("capture")?;
            m.landing = Some(Spanned::new(Landing::EmptyOrEnemy, or.to(capture)));
        } else if let Some(capture) = a.optional("capture") {
            let only = a.keyword("only")?;
            m.landing = Some(Spanned::new(Landing::Enemy, capture.to(only)));
        }
    }
    if let Some(en) = a.optional("en") {
        let passant = a.keyword("passant")?;
        m.en_passant = Some(en.to(passant));
    }
    if a.optional("from").is_some() {
        m.from = Some(a.word("a region")?);
    }
    a.end()
}

fn flag(slot: &mut Option<Span>, stmt: &Stmt, what: &str, example: &'static str) -> Result<(), Diagnostic> {
    Args::new(stmt, example).end()?;
    if let Some(first) = slot {
        return Err(diag::duplicate_statement(stmt.span, *first, what));
    }
    *slot = Some(stmt.span);
    Ok(())
}

fn capture_stmt(stmt: &Stmt, j: &mut JumpDecl) -> Result<(), Diagnostic> {
    no_block(stmt)?;
    match stmt.keyword.value.as_str() {
        "compulsory" => flag(&mut j.compulsory, stmt, "`compulsory`", "compulsory")?,
        "continue" => {
            let mut a = Args::new(stmt, "continue at will");
            let at_will = a.optional("at").is_some();
            if at_will {
                a.keyword("will")?;
            }
            a.end()?;
            if let Some(first) = j.continues {
                return Err(diag::duplicate_statement(stmt.span, first, "`continue`"));
            }
            j.continues = Some(stmt.span);
            j.at_will = at_will;
        }
        "majority" => flag(&mut j.majority, stmt, "`majority`", "majority")?,
        "straight" => flag(&mut j.straight, stmt, "`straight`", "straight")?,
        "no" => {
            let mut a = Args::new(stmt, "no reversing");
            let what = a.choice(&["reversing", "repeated", "revisiting"])?;
            let (slot, text) = match what.value.as_str() {
                "reversing" => (&mut j.no_reversal, "`no reversing`"),
                "repeated" => {
                    a.keyword("direction")?;
                    (&mut j.no_repeated_direction, "`no repeated direction`")
                }
                _ => (&mut j.no_revisiting, "`no revisiting`"),
            };
            a.end()?;
            if let Some(first) = slot {
                return Err(diag::duplicate_statement(stmt.span, *first, text));
            }
            *slot = Some(stmt.span);
        }
        "prefer" => {
            let mut a = Args::new(stmt, "prefer most pieces");
            let how = a.choice(&["most", "with", "earliest"])?;
            let what = a.word(match how.value.as_str() {
                "most" => "`pieces`, `value` or a piece",
                _ => "a piece",
            })?;
            a.end()?;
            j.prefer.push(match (how.value.as_str(), what.value.as_str()) {
                ("most", "pieces") => PreferDecl::MostPieces(stmt.span),
                ("most", "value") => PreferDecl::MostValue(stmt.span),
                ("most", _) => PreferDecl::MostOf(what),
                ("with", _) => PreferDecl::With(what),
                _ => PreferDecl::EarliestOf(what),
            });
        }
        "land" => {
            let mut a = Args::new(stmt, "land where it can continue");
            for word in ["where", "it", "can", "continue"] {
                a.keyword(word)?;
            }
            a.end()?;
            if let Some(first) = j.land_to_continue {
                return Err(diag::duplicate_statement(stmt.span, first, "`land where it can continue`"));
            }
            j.land_to_continue = Some(stmt.span);
        }
        "remove" => {
            let mut a = Args::new(stmt, "remove at end");
            a.keyword("at")?;
            let when = a.choice(&["end", "once"])?;
            a.end()?;
            if let Some((_, first)) = j.remove_at_once {
                return Err(diag::duplicate_statement(stmt.span, first, "when jumped pieces are removed"));
            }
            j.remove_at_once = Some((when.value == "once", stmt.span));
        }
        _ => return Err(unknown(stmt, 3)),
    }
    Ok(())
}

fn sowing_stmt(stmt: &Stmt, s: &mut SowingDecl) -> Result<(), Diagnostic> {
    no_block(stmt)?;
    match stmt.keyword.value.as_str() {
        "pits" => {
            let mut a = Args::new(stmt, "pits south a1 b1 c1 d1 e1 f1");
            let player = a.word("a player")?;
            let points = a.words("the player's pits, in the order seeds go round")?;
            s.pits.push((player, points));
        }
        "store" => {
            let mut a = Args::new(stmt, "store south g1");
            let player = a.word("a player")?;
            let point = a.word("the point of the player's store")?;
            a.end()?;
            s.stores.push((player, point));
        }
        "seeds" => {
            let mut a = Args::new(stmt, "seeds 4");
            let n = a.number("the seeds in each pit at the start")?;
            a.end()?;
            if !(1..=50).contains(&n.value) {
                return Err(diag::bad_number(n.span, "the seeds in each pit", 1, 50));
            }
            set_once(&mut s.seeds, n, "the seeds in each pit")?;
        }
        "skip" => {
            let mut a = Args::new(stmt, "skip origin");
            a.keyword("origin")?;
            a.end()?;
            s.skip_origin = true;
        }
        "capture" => {
            let mut a = Args::new(stmt, "capture 2 3 backwards");
            if a.optional("opposite").is_some() {
                a.end()?;
                s.capture_opposite = Some(stmt.span);
            } else {
                let mut counts = vec![a.number("the counts that capture, or `opposite`")?];
                while matches!(a.peek().map(|x| &x.kind), Some(ArgKind::Number(_))) {
                    counts.push(a.number("a count")?);
                }
                if let Some(c) = counts.iter().find(|c| !(1..=63).contains(&c.value)) {
                    return Err(diag::bad_number(c.span, "a count that captures", 1, 63));
                }
                let backwards = a.optional("backwards").is_some();
                a.end()?;
                s.capture_counts = Some((counts, backwards));
            }
        }
        "grand" => {
            let mut a = Args::new(stmt, "grand slam takes nothing");
            for word in ["slam", "takes", "nothing"] {
                a.keyword(word)?;
            }
            a.end()?;
            s.grand_slam_takes_nothing = true;
        }
        "feed" => {
            let mut a = Args::new(stmt, "feed the opponent");
            a.keyword("the")?;
            a.keyword("opponent")?;
            a.end()?;
            s.feed = true;
        }
        _ => return Err(unknown(stmt, 6)),
    }
    Ok(())
}

fn custodial_stmt(stmt: &Stmt, c: &mut CustodialDecl) -> Result<(), Diagnostic> {
    no_block(stmt)?;
    match stmt.keyword.value.as_str() {
        "targets" => {
            let mut a = Args::new(stmt, "targets king outside near-throne");
            let kinds = a.words_until("outside", "pieces")?;
            // `targets pawn within corners`: a preposition is not a piece.
            if let Some(w) = kinds.iter().skip(1).find(|w| PREPOSITIONS.contains(&w.value.as_str())) {
                let mut d = diag::wrong_argument(w.span, &format!("`{}`", w.value), "a piece or `outside`", a.example);
                d.help = Some(format!(
                    "`targets` lists pieces; `targets KINDS outside REGION` keeps them safe while they stand in \
                     REGION (there is no `{}`)",
                    w.value
                ));
                return Err(d);
            }
            if a.optional("outside").is_some() {
                let region = a.word("a region")?;
                a.end()?;
                c.safe.push((kinds.clone(), region));
            }
            c.targets.extend(kinds);
        }
        "captors" => c.captors.extend(Args::new(stmt, "captors soldier king").words("pieces")?),
        "sides" => c.sides.extend(Args::new(stmt, "sides orthogonal").words("directions")?),
        "intervention" => {
            Args::new(stmt, "intervention").end()?;
            c.intervention = true;
        }
        "convert" => {
            Args::new(stmt, "convert").end()?;
            c.convert = true;
        }
        "shieldwall" => {
            Args::new(stmt, "shieldwall").end()?;
            c.shieldwall = true;
        }
        "flank" => {
            let mut a = Args::new(stmt, "flank opposite");
            let mut perpendicular = false;
            for w in a.words_until("within", "`opposite`, `run` or `perpendicular`")? {
                match w.value.as_str() {
                    "opposite" => c.opposite = true,
                    "run" => c.runs = true,
                    "perpendicular" => perpendicular = true,
                    other => {
                        return Err(diag::wrong_argument(
                            w.span,
                            &format!("`{other}`"),
                            "`opposite`, `run` or `perpendicular`",
                            a.example,
                        ))
                    }
                }
            }
            if let Some(span) = a.optional("within") {
                if !perpendicular {
                    return Err(diag::wrong_argument(
                        span,
                        "`within`",
                        "`perpendicular` before it (`flank perpendicular within corners`)",
                        a.example,
                    ));
                }
                c.perpendicular_within = Some(a.word("a region")?);
            }
            a.end()?;
            c.perpendicular |= perpendicular;
        }
        _ => return Err(unknown(stmt, 4)),
    }
    Ok(())
}

fn trap_stmt(stmt: &Stmt, t: &mut TrapDecl) -> Result<(), Diagnostic> {
    no_block(stmt)?;
    match stmt.keyword.value.as_str() {
        "sides" => t.sides.extend(Args::new(stmt, "sides orthogonal").words("directions")?),
        "surrounded" => {
            let mut a = Args::new(stmt, "surrounded on 4 sides");
            a.keyword("on")?;
            let n = a.number("how many sides")?;
            a.keyword("sides")?;
            a.end()?;
            if !(1..=8).contains(&n.value) {
                return Err(diag::bad_number(n.span, "the number of sides", 1, 8));
            }
            t.surrounded = Some(n);
        }
        "enclosed" => {
            let mut a = Args::new(stmt, "enclosed with 1 friend");
            a.keyword("with")?;
            let n = match a.optional("any") {
                Some(span) => Spanned::new(u64::MAX, span),
                None => a.number("how many friends, or `any`")?,
            };
            a.choice(&["friend", "friends"])?;
            a.end()?;
            if n.value > 8 && n.value != u64::MAX {
                return Err(diag::bad_number(n.span, "the number of friends", 0, 8));
            }
            t.enclosed = Some(n);
        }
        "within" => {
            let mut a = Args::new(stmt, "within near-throne");
            let region = a.word("a region")?;
            a.end()?;
            t.within = Some(region);
        }
        "suicide" => {
            let mut a = Args::new(stmt, "suicide forbidden");
            let rule = a.choice(&["forbidden", "allowed"])?;
            a.end()?;
            set_once(&mut t.suicide, Spanned::new(rule.value == "forbidden", stmt.span), "the suicide rule")?;
        }
        "never" => {
            let mut a = Args::new(stmt, "never on edge");
            a.keyword("on")?;
            a.keyword("edge")?;
            a.end()?;
            t.never_on_edge = true;
        }
        _ => return Err(unknown(stmt, 5)),
    }
    Ok(())
}

fn goal_stmt(stmt: &Stmt) -> Result<GoalDecl, Diagnostic> {
    no_block(stmt)?;
    let example = "attackers win when king captured";
    // `[PLAYER] win|lose when CONDITION`: the keyword is the player or the verb.
    let mut a = Args::new(stmt, example);
    let (player, verb) = goal_subject(stmt, &mut a, example)?;
    if verb.value == "play" {
        for word in ["on", "for", "places"] {
            a.keyword(word)?;
        }
        a.end()?;
        let condition = ConditionDecl::PlayOn;
        return Ok(GoalDecl { player, wins: false, draw: false, ends: false, condition, span: stmt.span });
    }
    if verb.value == "pass" {
        let condition = if a.optional("at").is_some() {
            a.keyword("any")?;
            a.keyword("time")?;
            ConditionDecl::PassAtWill
        } else {
            for word in ["when", "no", "move"] {
                a.keyword(word)?;
            }
            ConditionDecl::Pass
        };
        a.end()?;
        return Ok(GoalDecl { player, wins: false, draw: false, ends: false, condition, span: stmt.span });
    }
    let draw = verb.value == "draw";
    let ends = verb.value == "end";
    let wins = verb.value.starts_with("win");
    if !ends && a.optional("after").is_some() {
        let condition = after(&mut a, draw)?;
        a.end()?;
        return Ok(GoalDecl { player, wins, draw, ends, condition, span: stmt.span });
    }
    a.keyword("when")?;
    // `N KIND captured` and `[exactly] N [KIND] in a row`: a count first.
    let exactly = a.optional("exactly").is_some();
    let condition = if exactly || matches!(a.peek().map(|x| &x.kind), Some(ArgKind::Number(_))) {
        count_condition(&mut a, exactly)?
    } else if starts_clause(&a) {
        ConditionDecl::Holds(clauses(&mut a)?)
    } else {
        worded_condition(&mut a)?
    };
    a.end()?;
    Ok(GoalDecl { player, wins, draw, ends, condition, span: stmt.span })
}

/// A goal's player, if any, and its verb (`win`, `lose`, `draw`, `end`, `pass`, `play`):
/// `[PLAYER] VERB ...`, where the statement's keyword is the player or the verb.
fn goal_subject(stmt: &Stmt, a: &mut Args, example: &str) -> Result<(Option<Sp<String>>, Sp<String>), Diagnostic> {
    let kw = &stmt.keyword;
    Ok(if GOALS.contains(&kw.value.as_str()) {
        (None, kw.clone())
    } else if a.peek_word() == Some("when") {
        // `loose when ...`: the keyword stands where the verb goes.
        return Err(diag::unknown_statement(kw.span, &kw.value, "inside `goals { ... }`", GOALS));
    } else {
        let verb = a.word("`wins` or `loses`")?;
        if !GOALS.contains(&verb.value.as_str()) || NOT_VERBS.contains(&verb.value.as_str()) {
            let d = diag::wrong_argument(verb.span, &format!("`{}`", verb.value), "`wins` or `loses`", example);
            return Err(
                match diag::did_you_mean(&verb.value, GOALS.iter().copied().filter(|g| !NOT_VERBS.contains(g))) {
                    Some(s) => diag::with_suggestion(d, s),
                    None => d,
                },
            );
        }
        (Some(kw.clone()), verb)
    })
}

/// After `when`: `N KIND captured` or `[exactly] N [KIND] in a row`.
fn count_condition(a: &mut Args, exactly: bool) -> Result<ConditionDecl, Diagnostic> {
    let n = a.number("how many")?;
    let what = if a.peek_word() == Some("in") { None } else { Some(a.word("a piece, or `pieces`")?) };
    Ok(match what {
        Some(what) if !exactly && a.peek_word() == Some("captured") => {
            a.keyword("captured")?;
            ConditionDecl::CapturedCount { n, what }
        }
        what => {
            for word in ["in", "a", "row"] {
                a.keyword(word)?;
            }
            ConditionDecl::InARow { n, what, exactly }
        }
    })
}

/// After `when`, a condition that starts with a word: `position repeated N
/// times`, `no move`, `KIND captured` and the rest.
fn worded_condition(a: &mut Args) -> Result<ConditionDecl, Diagnostic> {
    let first = a.word(
        "a condition: `no move`, `no pieces`, `KIND captured`, `KIND escapes`, `KIND reaches REGION`, \
         `N in a row`, `board full`, `checkmated`, `stalemated`, `fewer than N KIND left` or `KIND past every KIND`",
    )?;
    Ok(if first.value == "position" {
        a.keyword("repeated")?;
        let n = a.number("how many times")?;
        a.keyword("times")?;
        match a.optional("checking") {
            Some(at) => {
                a.keyword("every")?;
                let end = a.keyword("move")?;
                ConditionDecl::PerpetualCheck(n, at.to(end))
            }
            None => ConditionDecl::Repeated(n),
        }
    } else if first.value == "pits" {
        ConditionDecl::PitsEmpty(first.span.to(a.keyword("empty")?))
    } else if first.value == "store" {
        a.keyword("holds")?;
        ConditionDecl::StoreHolds(a.number("how many seeds")?)
    } else if first.value == "checkmated" {
        ConditionDecl::Checkmated(first.span)
    } else if first.value == "stalemated" {
        ConditionDecl::Stalemated(first.span)
    } else if first.value == "board" {
        a.keyword("full")?;
        ConditionDecl::BoardFull
    } else if first.value == "connecting" {
        let mut regions = vec![a.word("a region")?];
        while a.optional("and").is_some() {
            regions.push(a.word("a region")?);
        }
        if regions.len() < 2 {
            a.keyword("and")?;
        }
        ConditionDecl::Connecting(regions)
    } else if first.value == "most" {
        if a.choice(&["pieces", "area"])?.value == "pieces" {
            ConditionDecl::MostPieces
        } else if a.optional("plus").is_some() {
            let bonus = a.half_points("points, whole or with a half (`7.5`)").map_err(|mut d| {
                d.help = Some("for example: win when most area plus 7.5 for white".into());
                d
            })?;
            a.keyword("for")?;
            ConditionDecl::MostArea(Some((bonus, a.word("a player")?)))
        } else {
            ConditionDecl::MostArea(None)
        }
    } else if first.value == "all" {
        for word in ["pieces", "borne", "off"] {
            a.keyword(word)?;
        }
        ConditionDecl::BorneOff
    } else if first.value == "no" {
        let what = a.choice(&["move", "pieces"])?;
        if what.value == "move" {
            ConditionDecl::NoMove
        } else {
            ConditionDecl::NoPieces
        }
    } else {
        let what = a.choice(&["captured", "escapes", "reaches", "encircled", "fortified"])?;
        match what.value.as_str() {
            "captured" => ConditionDecl::Captured(first),
            "escapes" => ConditionDecl::Escapes(first),
            "encircled" => ConditionDecl::Encircled(first),
            "fortified" => ConditionDecl::Fortified(first),
            _ => ConditionDecl::Reaches(first, a.word("a region")?),
        }
    })
}

/// After `after`: `N moves in a row HEADING [or HEADING]`, or (for a draw)
/// `N moves without capture or KIND move`.
fn after(a: &mut Args<'_>, draw: bool) -> Result<ConditionDecl, Diagnostic> {
    let moves = a.number("how many moves")?;
    a.keyword("moves")?;
    if draw && a.peek_word() != Some("in") {
        return no_progress(a, moves);
    }
    a.example = "hounds lose after 10 moves in a row sideways";
    for word in ["in", "a", "row"] {
        a.keyword(word)?;
    }
    let words = heading::WORDS.map(|w| w.0);
    let mut classes = 0;
    loop {
        let word = a.choice(&words)?;
        classes |= heading::WORDS.iter().find(|w| w.0 == word.value).map_or(0, |w| w.1);
        if a.optional("or").is_none() {
            return Ok(ConditionDecl::Streak { moves, classes });
        }
    }
}

/// The rest of a statement as a list of rolls, at least one: `1 4 5`.
fn rolls_list(a: &mut Args<'_>, what: &str) -> Result<Sp<Vec<u64>>, Diagnostic> {
    let mut rolls = Vec::new();
    while !a.at_end() {
        rolls.push(a.number("a roll")?);
    }
    if rolls.is_empty() {
        return Err(a.missing(what));
    }
    let span = rolls[0].span.to(rolls[rolls.len() - 1].span);
    Ok(Spanned::new(rolls.into_iter().map(|r| r.value).collect(), span))
}

/// Whether the condition ahead is one on the state of the board: a count
/// left, `it moved last`, `not ...`, `KIND past|behind every ...`.
fn starts_clause(a: &Args<'_>) -> bool {
    let second = || {
        let mut ahead = a.clone();
        ahead.skip();
        ahead.peek_word()
    };
    match a.peek_word() {
        Some("fewer" | "opponent" | "it" | "not") => true,
        Some("at") => second() == Some("least"),
        // `all pieces in home`; `all pieces borne off` is a goal of its own.
        Some("all") => {
            let mut ahead = a.clone();
            ahead.skip();
            ahead.skip();
            ahead.peek_word() == Some("in")
        }
        Some(_) => matches!(second(), Some("past" | "behind")),
        None => false,
    }
}

/// Clauses joined by `and`, groups of them by `or` (`and` binds closer).
fn clauses(a: &mut Args<'_>) -> Result<Vec<Vec<ClauseDecl>>, Diagnostic> {
    a.example = "draw when fewer than 2 pieces left and opponent has fewer than 2 pieces left";
    let mut any = vec![vec![clause(a)?]];
    loop {
        if a.optional("and").is_some() {
            any.last_mut().expect("a group").push(clause(a)?);
        } else if a.optional("or").is_some() {
            any.push(vec![clause(a)?]);
        } else {
            return Ok(any);
        }
    }
}

/// One clause: `[not] [opponent has] (fewer than | at least) N KIND left`,
/// `[not] it moved last`, `[not] KIND (past | behind) every KIND`.
fn clause(a: &mut Args<'_>) -> Result<ClauseDecl, Diagnostic> {
    let not = a.optional("not").is_some();
    let test = if a.optional("it").is_some() {
        a.keyword("moved")?;
        a.keyword("last")?;
        TestDecl::MovedLast
    } else if a.optional("all").is_some() {
        let what = a.word("a piece, or `pieces`")?;
        a.keyword("in")?;
        TestDecl::AllIn { what, region: a.word("a region")? }
    } else if matches!(a.peek_word(), Some("opponent" | "fewer" | "at")) {
        let opponent = a.optional("opponent").is_some();
        if opponent {
            a.keyword("has")?;
        }
        let at_least = a.choice(&["fewer", "at"])?.value == "at";
        a.keyword(if at_least { "least" } else { "than" })?;
        let n = a.number("how many")?;
        let what = a.word("a piece, or `pieces`")?;
        a.keyword("left")?;
        TestDecl::Count { opponent, at_least, n, what }
    } else {
        let kind = a.word(
            "a condition: `fewer than N KIND left`, `at least N KIND left`, `it moved last` or `KIND past every KIND`",
        )?;
        a.example = "hare wins when hare past every hound";
        let behind = a.choice(&["past", "behind"])?.value == "behind";
        a.keyword("every")?;
        let of = a.word("a kind of the opponent's pieces, or `pieces`")?;
        TestDecl::Past { kind, of, behind }
    };
    Ok(ClauseDecl { not, test })
}

/// `without capture or KIND move` (after `draw after N moves`).
fn no_progress(a: &mut Args<'_>, moves: Sp<u64>) -> Result<ConditionDecl, Diagnostic> {
    a.keyword("without")?;
    let (mut capture, mut kinds) = (false, Vec::new());
    loop {
        let what = a.word("`capture` or `KIND move`")?;
        if what.value == "capture" {
            capture = true;
        } else {
            a.keyword("move")?;
            kinds.push(what);
        }
        if a.optional("or").is_none() {
            break;
        }
    }
    a.end()?;
    Ok(ConditionDecl::NoProgress { moves, capture, kinds })
}

/// The statement keywords of each place a statement may stand, for editors
/// (completion, hover): the keyword that opens the block ("" for the top
/// level, "capture KIND" for a special capture), and its statements.
pub fn statement_keywords() -> [(&'static str, &'static [&'static str]); 8] {
    [
        ("", TOP),
        ("board", BOARD),
        ("piece", PIECE),
        ("capture", CAPTURE),
        ("custodial", CUSTODIAL),
        ("capture KIND", TRAP),
        ("sowing", SOWING),
        ("goals", GOALS),
    ]
}
