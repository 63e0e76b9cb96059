//! Every diagnostic rulebook reports, one constructor each, with a stable code.
//!
//! The codes are documented in docs/diagnostics.md (a test checks that each
//! code here has its section there). Codes: E01 syntax, E02 statements,
//! E03 names, E04 board, E05 pieces and rules, E06 options and variants,
//! W01 warnings.

use crate::span::{line_col, Span};
use serde::Serialize;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Label {
    pub span: Span,
    pub text: String,
    pub primary: bool,
}

/// One finding about a game or variant file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic { code, severity: Severity::Error, message: message.into(), labels: Vec::new(), help: None }
    }

    fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Self::error(code, message) }
    }

    fn label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label { span, text: text.into(), primary: true });
        self
    }

    pub fn secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label { span, text: text.into(), primary: false });
        self
    }

    fn help(mut self, text: impl Into<String>) -> Self {
        self.help = Some(text.into());
        self
    }

    /// Where the diagnostic points first (for sorting and JSON).
    pub fn primary_span(&self) -> Span {
        self.labels.iter().find(|l| l.primary).or(self.labels.first()).map_or(Span::default(), |l| l.span)
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

/// A list of words for a message: `a`, `a or b`, `a, b or c`.
pub fn one_of(words: &[impl AsRef<str>]) -> String {
    match words {
        [] => "nothing".into(),
        [a] => a.as_ref().into(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(|w| w.as_ref()).collect();
            format!("{} or {}", init.join(", "), last.as_ref())
        }
    }
}

/// The closest candidate to `word`, if it is close enough to be a likely typo.
/// Only candidates of about the same length are compared, and at most
/// [`MAX_COMPARED`] of them, so that a file with thousands of names and
/// thousands of mistakes costs no more than linear time.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if word.len() > 64 {
        return None; // no typo of a keyword or a name is this long; comparing would cost its square
    }
    candidates
        .into_iter()
        .filter(|c| c.len().abs_diff(word.len()) <= 2.max(c.len() / 4))
        .take(MAX_COMPARED)
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|&(d, c)| d <= 2.max(c.len() / 4) && d < c.len().max(word.len()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// The most candidates [`did_you_mean`] compares a word with.
pub const MAX_COMPARED: usize = 64;

/// Replaces a diagnostic's help with "did you mean `word`?", keeping the
/// example it gave, if any.
pub fn with_suggestion(mut d: Diagnostic, word: &str) -> Diagnostic {
    let example = d.help.take().filter(|h| h.starts_with("for example"));
    d.help = Some(match example {
        Some(e) => format!("did you mean `{word}`? ({e})"),
        None => format!("did you mean `{word}`?"),
    });
    d
}

fn suggest(d: Diagnostic, word: &str, candidates: &[&str]) -> Diagnostic {
    match did_you_mean(word, candidates.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None if candidates.is_empty() => d,
        None if candidates.len() <= 12 => d.help(format!("expected {}", one_of(&quoted(candidates)))),
        None => d,
    }
}

/// An option's values for a message: all of them when there are few.
fn values_list(values: &[&str]) -> String {
    if values.len() > 12 {
        format!(
            "{} or {} others (`rulebook options FILE` lists them)",
            quoted(&values[..3]).join(", "),
            values.len() - 3
        )
    } else {
        one_of(&quoted(values))
    }
}

fn quoted(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| format!("`{w}`")).collect()
}

// ---------------------------------------------------------------- E01 syntax

pub fn unexpected_token(span: Span, found: &str, expected: &[&str]) -> Diagnostic {
    let d = Diagnostic::error("E0101", format!("unexpected `{found}`"));
    if expected.is_empty() {
        d.label(span, "not expected here")
    } else {
        d.label(span, format!("expected {} here", one_of(expected)))
    }
    .help("a statement is a keyword and its words on one line; blocks are `{ ... }`")
}

pub fn unterminated_text(span: Span) -> Diagnostic {
    Diagnostic::error("E0102", "this text has no closing `\"`")
        .label(span, "the text starts here and runs to the end of the line")
        .help("close the text with `\"` on the same line; write `\\\"` for a quote inside it")
}

pub fn unclosed_block(open: Span, end: Span) -> Diagnostic {
    Diagnostic::error("E0103", "a block is never closed")
        .label(open, "this `{` has no matching `}`")
        .secondary(end, "the file ends here")
        .help("add `}` on a line of its own where the block should end")
}

pub fn stray_close(span: Span) -> Diagnostic {
    Diagnostic::error("E0104", "`}` closes no block")
        .label(span, "there is no `{` open here")
        .help("remove it, or add the `{` it was meant to close")
}

pub fn unexpected_end(span: Span, expected: &[&str]) -> Diagnostic {
    Diagnostic::error("E0105", "the file ends too early")
        .label(span, format!("expected {} after this", one_of(expected)))
}

pub fn nesting_too_deep(span: Span, max: usize) -> Diagnostic {
    Diagnostic::error("E0106", format!("blocks are nested more than {max} deep"))
        .label(span, "this block is too deep")
        .help("game files need only a few levels of blocks; check for a missing `}`")
}

pub fn unexpected_line_end(span: Span, expected: &[&str]) -> Diagnostic {
    Diagnostic::error("E0107", "the line ends too early")
        .label(span, format!("expected {} before the end of the line", one_of(expected)))
}

pub fn bad_character(span: Span, c: char) -> Diagnostic {
    Diagnostic::error("E0108", format!("the character {c:?} cannot appear here"))
        .label(span, "not part of the language")
        .help("names use letters, digits, `-` and `_`; other text belongs in quotes or after `#`")
}

/// `name` is the file's name where it is known (an extended game names it).
pub fn file_too_large(name: Option<&str>, max: usize) -> Diagnostic {
    let what = name.map_or("the file".to_string(), |n| format!("`{n}`"));
    Diagnostic::error("E0109", format!("{what} is larger than a game file may be ({max} bytes)"))
        .help("game files are a few kilobytes; check that this is the file you meant")
}

pub fn not_utf8(span: Span) -> Diagnostic {
    Diagnostic::error("E0111", "the file is not UTF-8 text")
        .label(span, "the first byte that is not UTF-8")
        .help("save the file as UTF-8; game files are plain text")
}

pub fn control_character(span: Span, c: char) -> Diagnostic {
    Diagnostic::error("E0110", format!("the text holds the control character U+{:04X}", c as u32))
        .label(span, "a control character")
        .help("texts are printed to the terminal as they are: remove it (tabs included)")
}

// ------------------------------------------------------------ E02 statements

pub fn unknown_statement(span: Span, word: &str, context: &str, known: &[&str]) -> Diagnostic {
    let d =
        Diagnostic::error("E0201", format!("unknown statement `{word}` {context}")).label(span, "not a statement here");
    suggest(d, word, known)
}

pub fn misplaced_statement(span: Span, word: &str, context: &str, belongs: &str) -> Diagnostic {
    Diagnostic::error("E0202", format!("`{word}` cannot be used {context}"))
        .label(span, format!("`{word}` belongs {belongs}"))
        .help(format!("move this line {belongs}"))
}

pub fn wrong_argument(span: Span, found: &str, expected: &str, example: &str) -> Diagnostic {
    Diagnostic::error("E0203", format!("expected {expected}, found {found}"))
        .label(span, format!("expected {expected}"))
        .help(format!("for example: {example}"))
}

pub fn missing_argument(span: Span, expected: &str, example: &str) -> Diagnostic {
    Diagnostic::error("E0204", format!("expected {expected}"))
        .label(span, format!("{expected} is missing after this"))
        .help(format!("for example: {example}"))
}

pub fn extra_argument(span: Span, found: &str, statement: &str, example: &str) -> Diagnostic {
    Diagnostic::error("E0205", format!("`{statement}` does not take {found} here"))
        .label(span, "unexpected")
        .help(format!("for example: {example}"))
}

pub fn missing_block(span: Span, statement: &str, example: &str) -> Diagnostic {
    Diagnostic::error("E0206", format!("`{statement}` needs a block of statements"))
        .label(span, "expected `{` after this")
        .help(format!("for example: {example}"))
}

pub fn unexpected_block(span: Span, statement: &str) -> Diagnostic {
    Diagnostic::error("E0206", format!("`{statement}` does not take a block")).label(span, "remove this block")
}

pub fn duplicate_statement(span: Span, first: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0207", format!("{what} is given twice"))
        .label(span, "given again here")
        .secondary(first, "first given here")
        .help("keep one of them")
}

pub fn missing_statement(span: Span, what: &str, example: &str) -> Diagnostic {
    Diagnostic::error("E0208", format!("the game has no {what}"))
        .label(span, format!("a game needs {what}"))
        .help(format!("add, for example: {example}"))
}

pub fn unsupported_version(span: Span, version: u64, supported: u64) -> Diagnostic {
    Diagnostic::error("E0209", format!("language version {version} is not known to this rulebook"))
        .label(span, format!("this rulebook reads version {supported}"))
        .help(format!("write `rulebook {supported}`, or use a newer rulebook"))
}

// ----------------------------------------------------------------- E03 names

/// An unknown name of some kind (`what` is "point", "piece", ...).
pub fn unknown_name(span: Span, what: &str, name: &str, known: &[&str]) -> Diagnostic {
    let d =
        Diagnostic::error("E0301", format!("unknown {what} `{name}`")).label(span, format!("no {what} has this name"));
    suggest(d, name, known)
}

pub fn duplicate_name(span: Span, first: Span, what: &str, name: &str) -> Diagnostic {
    Diagnostic::error("E0302", format!("two {what}s are named `{name}`"))
        .label(span, "named again here")
        .secondary(first, "first named here")
        .help(format!("give each {what} its own name"))
}

pub fn bad_letter(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0303", format!("a {what}'s letter must be one capital letter"))
        .label(span, "not one capital letter")
        .help("positions name pieces by these letters, for example `W` or `K`")
}

// ----------------------------------------------------------------- E04 board

pub fn not_collinear(span: Span, at: Span, point: &str) -> Diagnostic {
    Diagnostic::error("E0401", "the points of a line are not on one straight line")
        .label(at, format!("`{point}` leaves the line's direction"))
        .secondary(span, "this line")
        .help("a line lists points in order along one lattice direction, like `line a1 b2 c3`")
}

pub fn bad_board_range(span: Span, text: &str, why: &str) -> Diagnostic {
    Diagnostic::error("E0402", format!("`{text}` is not a usable range: {why}"))
        .label(span, why.to_string())
        .help("files are letters (`files a..h`), ranks are numbers from 1 (`ranks 1..8`)")
}

pub fn board_too_large(span: Span, count: usize, max: usize) -> Diagnostic {
    Diagnostic::error("E0403", format!("the board has {count} points; at most {max} are allowed"))
        .label(span, "this makes the board too large")
}

pub fn crossing_lines(span: Span, first: Span, point: &str, dir: &str) -> Diagnostic {
    Diagnostic::error("E0404", format!("two lines leave `{point}` in direction {dir}"))
        .label(span, "this line")
        .secondary(first, "and this one")
        .help("a point has at most one neighbour in each direction; split or remove one line")
}

pub fn off_lattice(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0405", format!("{what} is outside the board's files and ranks"))
        .label(span, "outside the lattice")
        .help("widen `files` or `ranks`, or use a point inside them")
}

pub fn link_to_missing_point(span: Span, point: &str) -> Diagnostic {
    Diagnostic::error("E0406", format!("`{point}` is on the lattice but is not a point of the board"))
        .label(span, "not declared with `points`")
        .help(format!("add `points {point}` to the board, or use another point"))
}

pub fn no_points(span: Span) -> Diagnostic {
    Diagnostic::error("E0407", "the board has no points")
        .label(span, "this board is empty")
        .help("declare points, for example `points a1..h8`")
}

pub fn ambiguous_point_name(span: Span, name: &str, why: &str) -> Diagnostic {
    Diagnostic::error("E0408", format!("the point name `{name}` {why}, which move notation cannot carry"))
        .label(span, format!("names the point `{name}`"))
        .help(
            "moves are written `c3-c4` and `b2xd4`, so a point's name may contain neither `x` nor `-`: \
             rename the point (or leave the file `x` out of the board)",
        )
}

pub fn same_place(span: Span, name: &str, first: Span, first_name: &str) -> Diagnostic {
    Diagnostic::error("E0409", format!("`{name}` is at the same place as `{first_name}`"))
        .label(span, "this point")
        .secondary(first, format!("`{first_name}` is declared here"))
        .help("give each point its own place; a board draws one point per place")
}

pub fn point_named_like_piece(span: Span, name: &str, letter: Span, kind: &str) -> Diagnostic {
    let (head, rest) = name.split_at(name.chars().next().map_or(0, char::len_utf8));
    Diagnostic::error("E0410", format!("the point name `{name}` reads as a `{kind}` on `{rest}` in a position"))
        .label(span, format!("`{head}` followed by the point `{rest}`"))
        .secondary(letter, format!("`{head}` is the letter of the piece `{kind}`"))
        .help("in position notation a piece is its letter then its point; rename the point")
}

// -------------------------------------------------------- E05 pieces, rules

pub fn placed_twice(span: Span, first: Span, point: &str) -> Diagnostic {
    Diagnostic::error("E0501", format!("two pieces are placed on `{point}`"))
        .label(span, "placed again here")
        .secondary(first, "first placed here")
}

pub fn never_moves(span: Span, kind: &str) -> Diagnostic {
    Diagnostic::error("E0502", format!("the piece `{kind}` can never move"))
        .label(span, "this piece has no move")
        .help("give it a move: `step`, `slide`, `jump`, `leave` or `enter`")
}

pub fn promotes_into_itself(span: Span, kind: &str) -> Diagnostic {
    Diagnostic::error("E0503", format!("`{kind}` is promoted into itself"))
        .label(span, "the same kind")
        .help("promote into another kind, such as `promote to king in far-rank`")
}

pub fn unreachable_goal(span: Span, why: &str, help: &str) -> Diagnostic {
    Diagnostic::error("E0504", format!("this goal can never be reached: {why}"))
        .label(span, "never reached")
        .help(help.to_string())
}

pub fn bad_forward(span: Span, dir: &str) -> Diagnostic {
    Diagnostic::error("E0505", format!("`{dir}` cannot be a player's forward direction"))
        .label(span, "expected one of n, s, e, w, ne, nw, se, sw")
}

pub fn bad_number(span: Span, what: &str, low: u64, high: u64) -> Diagnostic {
    Diagnostic::error("E0506", format!("{what} must be from {low} to {high}")).label(span, "out of range")
}

pub fn no_such_direction_on_board(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0104", format!("no line of the board runs in the directions `{name}`"))
        .label(span, "these moves can never be made")
        .help("check the board's lines and the player's `forward`")
}

pub fn needs_jump(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0507", format!("`{what}` needs a piece that captures by moving"))
        .label(span, "no piece has `jump`, `take`, `approach` or `withdraw`")
        .help("add `jump DIRECTIONS` (or `approach`, `withdraw`, `take`) to a piece, or remove this line")
}

pub fn track_revisits(span: Span, first: Span) -> Diagnostic {
    Diagnostic::error("E0522", "a track passes a point twice")
        .label(span, "already on this track")
        .label(first, "first here")
        .help("a track lists each point once, in the order pieces run along it")
}

pub fn circuit_revisits(span: Span, first: Span) -> Diagnostic {
    Diagnostic::error("E0522", "the sowing circuit passes a point twice")
        .label(span, "already a pit or store")
        .label(first, "first here")
        .help("each point is one player's pit or store, listed once, in the order seeds go round")
}

pub fn track_without(span: Span, why: &str, help: &str) -> Diagnostic {
    Diagnostic::error("E0523", "`move along track` cannot be played")
        .label(span, why.to_string())
        .help(help.to_string())
}

pub fn landing_rule_idle(span: Span, why: &str) -> Diagnostic {
    Diagnostic::error("E0520", "`land where it can continue` can never apply")
        .label(span, why.to_string())
        .help("it chooses among the landings of a flying leap in a sequence: add `continue` and a `jump ... flying`, or remove this line")
}

pub fn not_one_direction(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error("E0524", format!("`{word}` is several directions; a piece falls one way"))
        .label(span, "names more than one direction")
        .help("name one direction, such as `falling s` (toward rank 1) or `falling forward`")
}

pub fn supply_never_enters(span: Span, kind: &str) -> Diagnostic {
    Diagnostic::error("E0525", format!("a supply of `{kind}` that never enters the board"))
        .label(span, format!("`{kind}` has no `enter`, so these pieces stay in hand"))
        .help(format!("add `enter` to the piece `{kind}`: `piece {kind} ... {{ enter }}`"))
}

pub fn capturing_without_capture(span: Span) -> Diagnostic {
    Diagnostic::error("E0526", "`enter capturing` with no rule that captures as a piece lands")
        .label(span, "no piece could ever be entered")
        .help("add a `custodial { ... }` block (Reversi: `sides any`, `flank run`, `convert`), or remove `capturing`")
}

pub fn en_passant_not_a_take(span: Span) -> Diagnostic {
    Diagnostic::error("E0527", "`en passant` belongs to a capture by one step")
        .label(span, "this move is not a capture by one step")
        .help("write it on a take: `take diagonal-forward en passant` (or `step diagonal-forward capture only en passant`)")
}

pub fn castles_with_itself(span: Span, kind: &str) -> Diagnostic {
    Diagnostic::error("E0528", format!("a {kind} cannot castle with another {kind}"))
        .label(span, "castling moves two different pieces: the one that castles and its partner")
        .help("name the partner's kind: `castle with rook` in the king's block")
}

pub fn bad_betza(span: Span, word: &str, why: &str) -> Diagnostic {
    Diagnostic::error("E0530", format!("`{word}` cannot be read in Betza's notation: {why}"))
        .label(span, "not a piece this spelling can say")
        .help("for example: `betza N` (a knight), `betza fmWfcF` (a pawn without its double step), `betza mRcpR` (a cannon); or write the moves in the long form")
}

pub fn sowing_unplayable(span: Span, why: &str, help: &str) -> Diagnostic {
    Diagnostic::error("E0531", "the sowing cannot be played as written")
        .label(span, why.to_string())
        .help(help.to_string())
}

pub fn race_rule_unplayable(span: Span, why: &str, help: &str) -> Diagnostic {
    Diagnostic::error("E0532", "this race rule cannot apply as written")
        .label(span, why.to_string())
        .help(help.to_string())
}

pub fn no_royal_piece(span: Span) -> Diagnostic {
    Diagnostic::error("E0529", "this rule is about royal pieces, and no piece is royal")
        .label(span, "it could never apply")
        .help("say `royal` in the block of the piece whose safety the rule is about (the general, the king)")
}

pub fn too_many_players(span: Span, max: usize) -> Diagnostic {
    Diagnostic::error("E0508", format!("a game has at most {max} players")).label(span, "one player too many")
}

/// A statement a game of more than two players may not have yet.
pub fn two_players_only(span: Span, what: &str, players: usize) -> Diagnostic {
    Diagnostic::error("E0533", format!("{what} is for games of two players"))
        .label(span, format!("this game has {players} players"))
        .help(
            "with more players, a game has steps, slides, leaps, rides, hops, `jump ... over any piece`, \
             promotion, races along tracks with one die, and goals a player wins (`win when ...`, with \
             `all KIND in REGION`, `KIND reaches REGION`, `N in a row`, `all pieces borne off`), \
             `draw when board full`, `pass when no move` and `play on for places`",
        )
}

/// `play on for places` in a game where no goal is a player's win.
pub fn places_without_win(span: Span) -> Diagnostic {
    Diagnostic::error("E0535", "`play on for places` needs a goal a player wins")
        .label(span, "no player ever finishes")
        .help("a player finishes, and takes the next place, when a `win when ...` goal holds for it")
}

/// `confined to REGION once there` on a piece that captures.
pub fn confined_once_captures(span: Span, kind: &str) -> Diagnostic {
    Diagnostic::error("E0534", format!("`once there` is for pieces that capture nothing, and `{kind}` captures"))
        .label(span, "only while it stands in the region")
        .help("drop `once there` (the piece is then always confined), or its capturing moves")
}

pub fn limit_not_on_slide(span: Span, statement: &str) -> Diagnostic {
    Diagnostic::error("E0509", format!("`up to` belongs to `slide`, not to `{statement}`"))
        .label(span, format!("a `{statement}` cannot take a limit"))
        .help(match statement {
            "step" => "a `step` always moves one space; for longer moves write `slide DIRECTIONS up to N`",
            _ => "only `slide` takes a limit: `slide DIRECTIONS up to N`",
        })
}

pub fn several_dice(span: Span, text: &str) -> Diagnostic {
    Diagnostic::error("E0510", format!("`{text}` is several dice; a game has one die"))
        .label(span, "one die is written `d` and its number of faces")
        .help("write `die d6 limits distance`: one die, rolled once a turn")
}

pub fn unowned_kind(span: Span, kind: &str) -> Diagnostic {
    Diagnostic::warning("W0103", format!("the piece `{kind}` is never placed nor promoted into"))
        .label(span, "no player ever has this piece")
        .help("place it with `place PLAYER KIND on POINTS`, or remove it")
}

// ------------------------------------------------- E06 options and variants

pub fn unknown_option(span: Span, name: &str, known: &[&str]) -> Diagnostic {
    let d = Diagnostic::error("E0601", format!("unknown option `{name}`")).label(span, "no option has this name");
    match did_you_mean(name, known.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None if known.is_empty() => d.help("this game declares no options"),
        None if known.len() > 12 => d.help("`rulebook options FILE` lists the options"),
        None => d.help(format!("the options are {}", one_of(&quoted(known)))),
    }
}

pub fn bad_option_value(span: Span, option: &str, value: &str, values: &[&str]) -> Diagnostic {
    let d = Diagnostic::error("E0602", format!("option `{option}` cannot be `{value}`"))
        .label(span, format!("expected {}", values_list(values)));
    match did_you_mean(value, values.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None => d.help(format!("`{option}` is one of {}", values_list(values))),
    }
}

pub fn option_in_conditional(span: Span) -> Diagnostic {
    Diagnostic::error("E0603", "options cannot be declared inside `if`")
        .label(span, "declared inside a conditional")
        .help("declare every option at the top level of the file")
}

pub fn option_duplicate_value(span: Span, first: Span, value: &str) -> Diagnostic {
    Diagnostic::error("E0604", format!("the value `{value}` is listed twice"))
        .label(span, "listed again")
        .secondary(first, "first listed here")
}

pub fn option_needs_values(span: Span) -> Diagnostic {
    Diagnostic::error("E0605", "an option needs at least two values")
        .label(span, "this option has nothing to choose")
        .help("list the values, the default first: `option first = white, black \"who moves first\"`")
}

pub fn variant_base_missing(span: Span, path: &str, why: &str) -> Diagnostic {
    Diagnostic::error("E0606", format!("cannot read the game `{path}`: {why}"))
        .label(span, "this file")
        .help("`extends` is a path relative to the variant file")
}

pub fn variant_toml(span: Span, message: &str) -> Diagnostic {
    Diagnostic::error("E0607", "the variant file is not valid TOML").label(span, message.to_string())
}

pub fn variant_key(span: Span, key: &str) -> Diagnostic {
    let known = ["extends", "name", "description", "options"];
    let d =
        Diagnostic::error("E0608", format!("unknown key `{key}` in a variant file")).label(span, "not a variant key");
    suggest(d, key, &known)
}

pub fn variant_missing_extends(span: Span) -> Diagnostic {
    Diagnostic::error("E0609", "the variant does not say which game it extends")
        .label(span, "no `extends` here")
        .help("add `extends = \"../tablut.game\"` (a path relative to this file)")
}

pub fn variant_value_type(span: Span, option: &str, values: &[&str]) -> Diagnostic {
    Diagnostic::error("E0610", format!("option `{option}` takes a value written as in the game file"))
        .label(span, "wrong type of value")
        .help(format!("use one of {}", values_list(values)))
}

pub fn variant_chain_too_long(span: Span) -> Diagnostic {
    Diagnostic::error("E0611", "a variant must extend a game file (`.game`)")
        .label(span, "this is not a game file")
        .help("point `extends` at a `.game` file; variants of variants are not supported, nor other files")
}

pub fn condition_not_boolean(span: Span, option: &str) -> Diagnostic {
    Diagnostic::error("E0612", format!("`if {option}` needs a true/false option"))
        .label(span, "this option is not true/false")
        .help(format!("compare it with a value: `if {option} = VALUE`"))
}

/// A file that could not be read (not a finding about its text).
impl Diagnostic {
    pub fn io(path: &str, why: &str) -> Diagnostic {
        Diagnostic::error("E0613", format!("cannot read `{path}`: {why}"))
    }
}

pub fn not_a_game_file(path: &str) -> Diagnostic {
    Diagnostic::error("E0614", format!("`{path}` is not a game file (`.game`) or a variant file (`.toml`)"))
        .help("rulebook reads only `.game` and `.toml` files; rename the file if it is one")
}

// -------------------------------------------------------------- W01 warnings

pub fn options_not_all_checked(span: Span, max: usize) -> Diagnostic {
    Diagnostic::warning("W0105", format!("the options have too many values to check each one ({max} choices were)"))
        .label(span, "the options start here")
        .help("`if` tests so many different values that some branches were not checked; test fewer values")
}

pub fn unused_region(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0101", format!("the region `{name}` is never used"))
        .label(span, "declared here, used nowhere")
        .help("use it in a rule, or remove it")
}

pub fn unused_option(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0102", format!("the option `{name}` changes nothing"))
        .label(span, "no `if` tests this option")
        .help(format!("use it in `if {name} = VALUE {{ ... }}`, or remove it"))
}

/// Every code with its one-line title, for docs and tests.
pub const CODES: &[(&str, &str)] = &[
    ("E0101", "unexpected word or symbol"),
    ("E0102", "unterminated text"),
    ("E0103", "unclosed block"),
    ("E0104", "stray `}`"),
    ("E0105", "file ends too early"),
    ("E0106", "blocks nested too deep"),
    ("E0107", "line ends too early"),
    ("E0108", "character not allowed"),
    ("E0109", "file too large"),
    ("E0110", "control character in text"),
    ("E0111", "file not UTF-8"),
    ("E0201", "unknown statement"),
    ("E0202", "statement in the wrong place"),
    ("E0203", "wrong argument"),
    ("E0204", "missing argument"),
    ("E0205", "extra argument"),
    ("E0206", "block missing or not allowed"),
    ("E0207", "statement given twice"),
    ("E0208", "required statement missing"),
    ("E0209", "unknown language version"),
    ("E0301", "unknown name"),
    ("E0302", "duplicate name"),
    ("E0303", "bad letter"),
    ("E0401", "line not straight"),
    ("E0402", "bad files or ranks"),
    ("E0403", "board too large"),
    ("E0404", "two lines in one direction"),
    ("E0405", "outside the lattice"),
    ("E0406", "line through a missing point"),
    ("E0407", "empty board"),
    ("E0408", "point name that notation cannot carry"),
    ("E0409", "two points at one place"),
    ("E0410", "point name that reads as a piece"),
    ("E0501", "two pieces on one point"),
    ("E0502", "piece that can never move"),
    ("E0503", "promotion into itself"),
    ("E0504", "goal that can never be reached"),
    ("E0505", "bad forward direction"),
    ("E0506", "number out of range"),
    ("E0507", "capture rule without jumps"),
    ("E0508", "too many players"),
    ("E0509", "a limit on a move that is not a slide"),
    ("E0510", "several dice"),
    ("E0520", "landing rule that can never apply"),
    ("E0522", "a track or sowing circuit passes a point twice"),
    ("E0523", "a piece moves along a track it does not have"),
    ("E0524", "a fall in several directions"),
    ("E0525", "a supply that never enters"),
    ("E0526", "a placement that must capture, with nothing to capture by"),
    ("E0527", "`en passant` on a move that is not a capture by one step"),
    ("E0528", "a piece that castles with its own kind"),
    ("E0529", "a rule about royal pieces in a game without one"),
    ("E0530", "moves in Betza's notation that cannot be read"),
    ("E0531", "a sowing that cannot be played"),
    ("E0532", "a race rule that cannot apply"),
    ("E0533", "a rule for two players in a game of more"),
    ("E0534", "`once there` on a piece that captures"),
    ("E0535", "`play on for places` without a goal to win"),
    ("E0601", "unknown option"),
    ("E0602", "bad option value"),
    ("E0603", "option inside a conditional"),
    ("E0604", "option value listed twice"),
    ("E0605", "option with one value"),
    ("E0606", "variant's game not found"),
    ("E0607", "variant not valid TOML"),
    ("E0608", "unknown variant key"),
    ("E0609", "variant without `extends`"),
    ("E0610", "variant option of the wrong type"),
    ("E0611", "variant extends a variant"),
    ("E0612", "`if` on an option that is not true/false"),
    ("E0613", "file cannot be read"),
    ("E0614", "not a game or variant file"),
    ("W0101", "unused region"),
    ("W0102", "option that changes nothing"),
    ("W0103", "piece nobody has"),
    ("W0104", "moves in directions with no lines"),
    ("W0105", "options with too many values to check"),
];

// ------------------------------------------------------------------ output

/// A diagnostic attached to its file, as miette renders it.
struct Attached<'a> {
    diag: &'a Diagnostic,
    source: miette::NamedSource<String>,
}

impl fmt::Debug for Attached<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.diag.message)
    }
}
impl fmt::Display for Attached<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.diag.message)
    }
}
impl std::error::Error for Attached<'_> {}

impl miette::Diagnostic for Attached<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diag.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        if self.diag.labels.is_empty() {
            None
        } else {
            Some(&self.source)
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.diag.labels.iter().map(|l| {
            let span = (l.span.start, l.span.len());
            if l.primary {
                miette::LabeledSpan::new_primary_with_span(Some(l.text.clone()), span)
            } else {
                miette::LabeledSpan::new_with_span(Some(l.text.clone()), span)
            }
        })))
    }
}

/// How a diagnostic is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub unicode: bool,
    pub width: usize,
}

impl Style {
    /// Fixed and plain: what snapshot tests use.
    pub const PLAIN: Style = Style { color: false, unicode: false, width: 100 };
}

/// Renders a diagnostic with its source, as the terminal shows it.
pub fn render(diag: &Diagnostic, name: &str, text: &str, style: Style) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let theme = match (style.unicode, style.color) {
        (true, true) => GraphicalTheme::unicode(),
        (true, false) => GraphicalTheme::unicode_nocolor(),
        (false, true) => GraphicalTheme::ascii(),
        (false, false) => GraphicalTheme::none(),
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    // Whatever a file holds, nothing but printable text reaches the terminal.
    let diag = &Diagnostic {
        message: escape_controls(&diag.message),
        labels: diag.labels.iter().map(|l| Label { text: escape_controls(&l.text), ..l.clone() }).collect(),
        help: diag.help.as_deref().map(escape_controls),
        ..diag.clone()
    };
    let attached = Attached { diag, source: miette::NamedSource::new(escape_controls(name), blank_controls(text)) };
    let mut out = String::new();
    handler.render_report(&mut out, &attached).expect("writing to a String cannot fail");
    out
}

/// Control characters other than line ends written as escapes (`\u{1b}`).
fn escape_controls(s: &str) -> String {
    let hidden = |c: char| c.is_control() && c != '\n';
    if !s.chars().any(hidden) {
        return s.to_string();
    }
    s.chars().map(|c| if hidden(c) { c.escape_default().to_string() } else { c.to_string() }).collect()
}

/// Control characters other than line ends and tabs blanked, byte for byte,
/// so that spans still point at the same places.
/// (Rendered for every diagnostic shown, of a file of up to a megabyte: a
/// text with no such character, the usual case, is copied whole.)
fn blank_controls(text: &str) -> String {
    let blanked = |c: char| c.is_control() && !matches!(c, '\n' | '\r' | '\t');
    if !text.chars().any(blanked) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if blanked(c) {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    out
}

/// A diagnostic as JSON for editors and scripts: code, severity, message,
/// file, line and column (1-based), byte spans, labels and help.
pub fn to_json(diag: &Diagnostic, name: &str, text: &str) -> serde_json::Value {
    let span = diag.primary_span();
    let (line, column) = line_col(text, span.start);
    serde_json::json!({
        "file": name,
        "code": diag.code,
        "severity": diag.severity,
        "message": diag.message,
        "line": line,
        "column": column,
        "span": span,
        "labels": diag.labels,
        "help": diag.help,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = CODES.iter().map(|c| c.0).collect();
        codes.sort_unstable();
        let n = codes.len();
        codes.dedup();
        assert_eq!(n, codes.len());
    }

    #[test]
    fn suggestions_are_close_words_only() {
        assert_eq!(did_you_mean("stpe", ["step", "slide", "jump"]), Some("step"));
        assert_eq!(did_you_mean("kign", ["man", "king"]), Some("king"));
        assert_eq!(did_you_mean("zebra", ["man", "king"]), None);
    }

    #[test]
    fn rendering_prints_no_control_characters() {
        let d = unknown_option(Span::new(0, 3), "a\u{1b}[2J", &[]);
        let out = render(&d, "f\u{7}.toml", "a\u{1b}b\u{85}c\n", Style::PLAIN);
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(out.contains("\\u{1b}"), "the message shows the escape: {out:?}");
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(one_of(&["a"]), "a");
        assert_eq!(one_of(&["a", "b", "c"]), "a, b or c");
    }
}
