//! Pass 2: declarations to a compiled [`Game`]: names resolved, the board's
//! links and regions built, every error collected rather than the first.

use std::collections::HashMap;

use crate::diagnostics::{self as diag, Diagnostic};
use crate::game::*;
use crate::span::{Span, Spanned};

use super::args::Sp;
use super::decls::*;

/// The language version this rulebook reads.
pub const LANGUAGE_VERSION: u64 = 1;

const ABSOLUTE: [&str; 8] = DIRECTION_NAMES;
const GROUPS: &[&str] = &["orthogonal", "diagonal", "any"];
const RELATIVE: &[&str] = &["forward", "backward", "sideways", "diagonal-forward", "diagonal-backward"];

/// The directions a word names, for a player facing `forward` (None where no
/// player is meant, so relative words are refused).
fn direction_word(word: &str, forward: Option<Dir>) -> Option<DirSet> {
    if let Some(d) = ABSOLUTE.iter().position(|n| *n == word) {
        return Some(1 << d);
    }
    let rel = |offsets: &[u8]| forward.map(|f| offsets.iter().fold(0u8, |s, o| s | 1 << ((f + o) % 8)));
    match word {
        "orthogonal" => Some(0b0101_0101),
        "diagonal" => Some(0b1010_1010),
        "any" => Some(0xFF),
        "forward" => rel(&[0]),
        "backward" => rel(&[4]),
        "sideways" => rel(&[2, 6]),
        "diagonal-forward" => rel(&[1, 7]),
        "diagonal-backward" => rel(&[3, 5]),
        _ => None,
    }
}

/// The direction word meant by a longer or more familiar one (`north` for
/// `n`, `diagonally` for `diagonal`), for "did you mean".
fn direction_alias(word: &str) -> Option<&'static str> {
    let w = word.to_ascii_lowercase().replace(['-', '_'], "");
    let names = [
        ("north", "n"),
        ("south", "s"),
        ("east", "e"),
        ("west", "w"),
        ("northeast", "ne"),
        ("northwest", "nw"),
        ("southeast", "se"),
        ("southwest", "sw"),
        ("up", "n"),
        ("down", "s"),
        ("right", "e"),
        ("left", "w"),
        ("orthogonally", "orthogonal"),
        ("orthogonals", "orthogonal"),
        ("diagonally", "diagonal"),
        ("diagonals", "diagonal"),
        ("all", "any"),
        ("forwards", "forward"),
        ("backwards", "backward"),
        ("back", "backward"),
        ("sideway", "sideways"),
        ("diagonalforwards", "diagonal-forward"),
        ("diagonalbackwards", "diagonal-backward"),
    ];
    names.iter().find(|(long, _)| *long == w).map(|&(_, short)| short)
}

struct Region {
    /// Per player; a region declared without `for` has the same set for both.
    sets: [PointSet; MAX_PLAYERS],
}

pub struct Compiler<'a> {
    d: &'a Decls,
    diags: &'a mut Vec<Diagnostic>,
    /// Where the file ends, for "missing" diagnostics with no better place.
    file_end: Span,
    labels: HashMap<String, Point>,
    /// Lattice coordinates of the files and ranks, by letter and number.
    files: Option<(u8, u8)>,
    ranks: Option<(u64, u64)>,
    board: Option<Board>,
    players: Vec<Player>,
    kinds: Vec<Kind>,
    regions: Vec<Region>,
    /// The point at each lattice place.
    coord_index: HashMap<(i32, i32), Point>,
    player_names: Names<'a>,
    kind_names: Names<'a>,
    region_names: Names<'a>,
    broken: std::collections::HashSet<(&'static str, &'a str)>,
}

/// Declared names in order, with an index for finding one quickly.
#[derive(Default)]
struct Names<'a> {
    list: Vec<&'a str>,
    index: HashMap<&'a str, usize>,
}

impl<'a> Names<'a> {
    fn new(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut n = Names::default();
        names.into_iter().for_each(|name| n.push(name));
        n
    }
    fn push(&mut self, name: &'a str) {
        self.index.entry(name).or_insert(self.list.len());
        self.list.push(name);
    }
}

/// A board's labels, coordinates and lattice size.
type BoardPoints = (Vec<String>, Vec<(i32, i32)>, (i32, i32));

/// Square numbers for `number points from top|bottom left|right`.
fn numbering(coords: &[(i32, i32)], (top, left): (bool, bool)) -> Vec<u16> {
    let mut order: Vec<usize> = (0..coords.len()).collect();
    order.sort_by_key(|&i| {
        let (x, y) = coords[i];
        (if top { -y } else { y }, if left { x } else { -x })
    });
    let mut numbers = vec![0u16; coords.len()];
    for (n, &i) in order.iter().enumerate() {
        numbers[i] = n as u16 + 1;
    }
    numbers
}

/// Why a point's name would make move notation ambiguous (`x` separates the
/// landings of a capture, `-` the ends of a move), if it would.
fn notation_clash(name: &str) -> Option<&'static str> {
    if name.contains('x') {
        Some("contains `x`")
    } else if name.contains('-') {
        Some("contains `-`")
    } else {
        None
    }
}

impl<'a> Compiler<'a> {
    pub fn new(d: &'a Decls, diags: &'a mut Vec<Diagnostic>, file_end: Span) -> Self {
        Compiler {
            d,
            diags,
            file_end,
            labels: HashMap::new(),
            files: None,
            ranks: None,
            board: None,
            players: Vec::new(),
            kinds: Vec::new(),
            regions: Vec::new(),
            coord_index: HashMap::new(),
            player_names: Names::new(d.players.iter().map(|p| p.name.value.as_str())),
            kind_names: Names::new(d.pieces.iter().map(|p| p.name.value.as_str())),
            region_names: Names::default(),
            broken: d.broken.iter().map(|(w, n)| (*w, n.as_str())).collect(),
        }
    }

    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Compiles; `errors_before` counts the errors in `diags` before this
    /// option choice was read, so that errors from reading it count too.
    pub fn compile(mut self, options: Vec<OptionValue>, errors_before: usize) -> Option<Game> {
        let d = self.d;
        self.heading();
        self.players();
        super::players::check(d, self.players.len(), self.diags);
        let first = match &d.first {
            Some(p) => self.player(p).unwrap_or(0),
            None => 0,
        };
        self.regions();
        self.kinds();
        self.points_named_like_pieces();
        let setup = self.setup();
        let hand = self.hand();
        self.bases(&setup, &hand);
        let supply = self.supply();
        let stops = self.stops();
        let hostile = self.hostile();
        let jumps = self.jumps();
        let custodial = self.custodial();
        let traps = self.traps();
        let sowing = self.sowing();
        let goals = self.goals(custodial.as_ref(), &traps, sowing.is_some());
        let announcements = self.announcements();
        let tracks = self.tracks();
        let dice = d.dice.as_ref().map(|s| self.dice(&s.value));
        self.track_moves(&tracks, dice);
        let race = self.race_rules();
        let another_turn = d.another_turn.as_ref().and_then(|r| self.region(r)).map(|sets| sets[0].union(&sets[1]));
        let return_to_hand = d.return_to_hand.is_some();
        let change_sides = d.change_sides.is_some();
        let mill = d.mill.as_ref().map(|n| self.bounded(n, "pieces in a row", 2, 26) as u8);
        self.hand_room();
        if let (Some(span), false) = (d.forbid_facing, self.kinds.iter().any(|k| k.royal)) {
            self.err(diag::no_royal_piece(span));
        }
        let errors_after = self.diags.iter().filter(|d| d.is_error()).count();
        if errors_after > errors_before {
            return None; // warnings about a game with errors would mostly echo them
        }
        self.unowned_kinds(&setup, &hand, &supply);
        Some(Game {
            name: d.name.as_ref().map(|n| n.value.clone()).unwrap_or_default(),
            sources: d.sources.clone(),
            options,
            board: self.board?,
            players: self.players,
            first,
            kinds: self.kinds,
            setup,
            hand,
            supply,
            jumps,
            custodial,
            traps,
            hostile,
            stops,
            dice,
            tracks,
            another_turn,
            return_to_hand,
            stacks: race.stacks,
            enter_first: race.enter_first,
            bear_off_from: race.bear_off_from,
            bear_off_higher: race.bear_off_higher,
            another_turn_rolls: race.another_turn_rolls,
            enter_rolls: race.enter_rolls,
            swap_places: race.swap_places,
            safe_rows: race.safe_rows,
            block_rows: race.block_rows,
            must_stop: race.must_stop,
            landing_returns: race.landing_returns,
            change_sides,
            forbid_stranded: d.forbid_stranded.is_some(),
            mill,
            forbid_previous: d.forbid_returning.as_ref().is_some_and(|r| !r.value),
            forbid_earlier: d.forbid_returning.as_ref().is_some_and(|r| r.value),
            forbid_facing: d.forbid_facing.is_some(),
            sowing,
            goals,
            announcements,
        })
    }

    /// The version line, the name and the board.
    fn heading(&mut self) {
        let d = self.d;
        match &d.version {
            None => self.err(diag::missing_statement(Span::new(0, 0), "language version", "rulebook 1")),
            Some(v) if v.value != LANGUAGE_VERSION => {
                self.err(diag::unsupported_version(v.span, v.value, LANGUAGE_VERSION))
            }
            _ => {}
        }
        if d.name.is_none() {
            self.err(diag::missing_statement(Span::new(0, 0), "name", "game \"My game\""));
        }
        match &d.board {
            Some(b) => self.board(b),
            None if self.is_broken("board", "") => {}
            None => self.err(diag::missing_statement(self.file_end, "board", "board { files a..h  ranks 1..8 ... }")),
        }
    }

    /// Where captured pieces go to a hand, the hands must have room for every
    /// kind they may hold, of every player.
    fn hand_room(&mut self) {
        let d = self.d;
        if let (Some(span), true) = (d.return_to_hand, self.players.len() * self.kinds.len() > MAX_HANDS) {
            self.err(diag::bad_number(span, "the kinds held in hand (players times kinds)", 1, MAX_HANDS as u64));
        }
        let held = (0..self.kinds.len()).filter(|&k| self.kinds.iter().any(|j| !j.royal && j.base as usize == k));
        if let (Some(span), true) = (d.change_sides, self.players.len() * held.count() > MAX_HANDS) {
            self.err(diag::bad_number(span, "the kinds held in hand (players times kinds)", 1, MAX_HANDS as u64));
        }
    }

    // ------------------------------------------------------------- board

    fn board(&mut self, b: &BoardDecl) {
        self.files_and_ranks(b);
        let Some((labels, coords, (w, h))) = self.board_points(b) else {
            return;
        };
        self.labels = labels.iter().enumerate().map(|(i, l)| (l.clone(), i as Point)).collect();
        self.coord_index = coords.iter().enumerate().map(|(i, &c)| (c, i as Point)).collect();
        let numbers = b.numbering.as_ref().map(|n| numbering(&coords, n.value));
        let drawn = b.drawn.as_ref().map(|d| d.value);
        let river = b.river.as_ref().and_then(|r| {
            let (first, last) = self.ranks?;
            if !(first..last).contains(&r.value) {
                self.err(diag::bad_number(r.span, "the rank a river follows", first, last.saturating_sub(1)));
                return None;
            }
            Some((r.value - first) as i32)
        });
        let mut board = Board {
            neighbour: vec![[NONE; 8]; labels.len()],
            labels,
            coords,
            width: w,
            height: h,
            numbers,
            drawn,
            river,
        };
        let mut link_spans: HashMap<(Point, Dir), Span> = HashMap::new();
        for line in &b.lines {
            match line {
                LineDecl::Explicit(span, points) => self.explicit_line(&mut board, &mut link_spans, *span, points),
                LineDecl::Generated { span, shape, area } => {
                    self.generated_lines(&mut board, &mut link_spans, *span, *shape, area)
                }
            }
        }
        self.board = Some(board);
    }

    fn files_and_ranks(&mut self, b: &BoardDecl) {
        if let Some(f) = &b.files {
            let (x, y) = (&f.value.0, &f.value.1);
            let letter = |s: &str| (s.len() == 1 && s.as_bytes()[0].is_ascii_lowercase()).then(|| s.as_bytes()[0]);
            match (letter(x), letter(y)) {
                (Some(a), Some(z)) if a <= z => self.files = Some((a, z)),
                (Some(_), Some(_)) => {
                    self.err(diag::bad_board_range(f.span, &format!("{x}..{y}"), "the first file comes after the last"))
                }
                _ => self.err(diag::bad_board_range(f.span, &format!("{x}..{y}"), "files are single small letters")),
            }
        }
        if let Some(r) = &b.ranks {
            let (x, y) = (&r.value.0, &r.value.1);
            match (x.parse::<u64>(), y.parse::<u64>()) {
                (Ok(a), Ok(z)) if a >= 1 && a <= z && z <= 99 => self.ranks = Some((a, z)),
                (Ok(a), Ok(z)) if a > z => {
                    self.err(diag::bad_board_range(r.span, &format!("{x}..{y}"), "the first rank comes after the last"))
                }
                (Ok(_), Ok(_)) => {
                    self.err(diag::bad_board_range(r.span, &format!("{x}..{y}"), "ranks are numbered from 1 to 99"))
                }
                _ => self.err(diag::bad_board_range(r.span, &format!("{x}..{y}"), "ranks are numbers")),
            }
        }
        if (b.files.is_some() != b.ranks.is_some()) && !b.points.is_empty() {
            let span = b.files.as_ref().or(b.ranks.as_ref()).map_or(b.span, |s| s.span);
            let what = if b.files.is_none() { "files" } else { "ranks" };
            self.err(diag::missing_statement(span, what, if what == "files" { "files a..h" } else { "ranks 1..8" }));
        }
    }

    /// The board's points: lattice points in rank-then-file order, then named
    /// points; their labels, coordinates and the lattice's size. Names the
    /// notation cannot carry and points sharing a place are refused.
    fn board_points(&mut self, b: &BoardDecl) -> Option<BoardPoints> {
        let (mut w, mut h) = match (self.files, self.ranks) {
            (Some((a, z)), Some((lo, hi))) => ((z - a + 1) as i32, (hi - lo + 1) as i32),
            _ => (0, 0),
        };
        // Where each place was first declared, for "two points at one place".
        let mut places: HashMap<(i32, i32), Span> = HashMap::new();
        for item in &b.points {
            for c in self.lattice_cells(item).unwrap_or_default() {
                places.entry(c).or_insert(item.span());
            }
        }
        let mut lattice: Vec<(i32, i32)> = places.keys().copied().collect();
        lattice.sort_by_key(|&(x, y)| (y, x));
        let mut labels: Vec<String> = lattice.iter().map(|&(x, y)| self.lattice_label(x, y)).collect();
        let mut coords = lattice.clone();
        let lattice_set: std::collections::HashSet<(i32, i32)> = lattice.into_iter().collect();
        let mut index: HashMap<(i32, i32), usize> = coords.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        if let Some(i) = labels.iter().position(|l| l.contains('x')) {
            let d = diag::ambiguous_point_name(places[&coords[i]], &labels[i], "contains `x`");
            self.err(d);
        }
        let mut names: HashMap<&str, Span> = HashMap::new();
        for (name, x, y) in &b.named_points {
            let first = names.get(name.value.as_str()).copied();
            // A lattice point of this name: "first named" points at the `points` that made it.
            let on_lattice = self.on_lattice(&name.value).filter(|c| lattice_set.contains(c));
            if let Some(first) = first.or_else(|| on_lattice.map(|c| places[&c])) {
                self.err(diag::duplicate_name(name.span, first, "point", &name.value));
                continue;
            }
            if x.value > 98 || y.value > 98 {
                let s = if x.value > 98 { x.span } else { y.span };
                self.err(diag::bad_number(s, "a coordinate", 0, 98));
                continue;
            }
            let at = (x.value as i32, y.value as i32);
            if let Some(&first) = places.get(&at) {
                let first_name = &labels[index[&at]];
                self.err(diag::same_place(name.span.to(y.span), &name.value, first, first_name));
                continue;
            }
            if let Some(why) = notation_clash(&name.value) {
                self.err(diag::ambiguous_point_name(name.span, &name.value, why));
            }
            places.insert(at, name.span);
            index.insert(at, labels.len());
            names.insert(&name.value, name.span);
            labels.push(name.value.clone());
            coords.push(at);
            w = w.max(at.0 + 1);
            h = h.max(at.1 + 1);
        }
        if labels.len() > MAX_POINTS {
            let span = b.points.first().map_or(b.span, |p| p.span());
            self.err(diag::board_too_large(span, labels.len(), MAX_POINTS));
            return None;
        }
        if labels.is_empty() {
            if b.files.is_some() == b.ranks.is_some()
                && self.files.is_some() == b.files.is_some()
                && self.ranks.is_some() == b.ranks.is_some()
                && b.points.is_empty()
            {
                self.err(diag::no_points(b.span));
            }
            return None;
        }
        Some((labels, coords, (w, h)))
    }

    fn generated_lines(
        &mut self,
        board: &mut Board,
        spans: &mut HashMap<(Point, Dir), Span>,
        span: Span,
        shape: LineShape,
        area: &[SetItem],
    ) {
        let mut cells = std::collections::HashSet::new();
        for item in area {
            cells.extend(self.lattice_cells(item).unwrap_or_default());
        }
        let steps: &[(i32, i32)] = match shape {
            LineShape::Orthogonal => &[(1, 0), (0, 1)],
            LineShape::Diagonal => &[(1, 1), (1, -1)],
            LineShape::Hexagonal => &[(1, 0), (0, 1), (1, -1)],
        };
        // Only the board's points inside the area can be linked.
        for p in 0..board.len() as Point {
            let (x, y) = board.coords[p as usize];
            if !cells.contains(&(x, y)) {
                continue;
            }
            for &(dx, dy) in steps {
                let q = (x + dx, y + dy);
                if let (true, Some(&q)) = (cells.contains(&q), self.coord_index.get(&q)) {
                    self.link(board, spans, p, q, span);
                }
            }
        }
    }

    fn lattice_label(&self, x: i32, y: i32) -> String {
        let (a, _) = self.files.unwrap_or((b'a', b'z'));
        let (lo, _) = self.ranks.unwrap_or((1, 99));
        format!("{}{}", (a + x as u8) as char, lo as i32 + y)
    }

    /// The lattice coordinates of a label like `c3`, if it is on the lattice.
    fn on_lattice(&self, label: &str) -> Option<(i32, i32)> {
        let (fa, fz) = self.files?;
        let (lo, hi) = self.ranks?;
        let bytes = label.as_bytes();
        let f = *bytes.first()?;
        let r: u64 = label.get(1..)?.parse().ok()?;
        if label.len() < 2 || !(fa..=fz).contains(&f) || !(lo..=hi).contains(&r) || label[1..].starts_with('0') {
            return None;
        }
        Some(((f - fa) as i32, (r - lo) as i32))
    }

    /// Lattice cells named by a board item (`points`, `lines` areas).
    fn lattice_cells(&mut self, item: &SetItem) -> Option<Vec<(i32, i32)>> {
        if self.files.is_none() || self.ranks.is_none() {
            return None; // reported once by `board`
        }
        let (fa, fz) = self.files?;
        let (lo, hi) = self.ranks?;
        let all_x = 0..=(fz - fa) as i32;
        let all_y = 0..=(hi - lo) as i32;
        let rect = |x0: i32, y0: i32, x1: i32, y1: i32| -> Vec<(i32, i32)> {
            let mut v = Vec::new();
            for y in y0.min(y1)..=y0.max(y1) {
                for x in x0.min(x1)..=x0.max(x1) {
                    v.push((x, y));
                }
            }
            v
        };
        match item {
            SetItem::Point(p) => match self.on_lattice(&p.value) {
                Some(c) => Some(vec![c]),
                None => {
                    self.err(diag::off_lattice(p.span, &format!("`{}`", p.value)));
                    None
                }
            },
            SetItem::Range(r) => match (self.on_lattice(&r.value.0), self.on_lattice(&r.value.1)) {
                (Some(a), Some(b)) => Some(rect(a.0, a.1, b.0, b.1)),
                _ => {
                    self.err(diag::off_lattice(r.span, &format!("`{}..{}`", r.value.0, r.value.1)));
                    None
                }
            },
            SetItem::Ranks(span, a, b) => {
                if *a < lo || *b > hi || a > b {
                    self.err(diag::off_lattice(*span, "this rank"));
                    return None;
                }
                Some(rect(*all_x.start(), (*a - lo) as i32, *all_x.end(), (*b - lo) as i32))
            }
            SetItem::Files(span, a, b) => {
                let (Some(x0), Some(x1)) = (self.file_index(a), self.file_index(b)) else {
                    self.err(diag::off_lattice(*span, "this file"));
                    return None;
                };
                Some(rect(x0, *all_y.start(), x1, *all_y.end()))
            }
            SetItem::Parity(_, even, inner) => {
                let cells = self.lattice_cells(inner)?;
                Some(cells.into_iter().filter(|(x, y)| ((x + y) % 2 == 0) == *even).collect())
            }
        }
    }

    /// Why a label names no point: on the lattice but left out, outside the
    /// lattice, or not a coordinate at all (then perhaps a typo of a name).
    fn unknown_point(&self, board: &Board, p: &Sp<String>) -> Diagnostic {
        let coordinate = p.value.len() >= 2
            && p.value.as_bytes()[0].is_ascii_lowercase()
            && p.value[1..].bytes().all(|b| b.is_ascii_digit());
        if self.on_lattice(&p.value).is_some() {
            diag::link_to_missing_point(p.span, &p.value)
        } else if coordinate && self.files.is_some() {
            diag::off_lattice(p.span, &format!("`{}`", p.value))
        } else {
            let known: Vec<&str> = board.labels.iter().map(String::as_str).collect();
            diag::unknown_name(p.span, "point", &p.value, &known)
        }
    }

    /// The point a label names, or an error where it names none.
    fn point_named(&mut self, p: &Sp<String>) -> Option<Point> {
        if let Some(&i) = self.labels.get(&p.value) {
            return Some(i);
        }
        let board = self.board.clone()?;
        let d = self.unknown_point(&board, p);
        self.err(d);
        None
    }

    fn file_index(&self, f: &str) -> Option<i32> {
        let (fa, fz) = self.files?;
        let b = f.as_bytes();
        (b.len() == 1 && (fa..=fz).contains(&b[0])).then(|| (b[0] - fa) as i32)
    }

    fn explicit_line(
        &mut self,
        board: &mut Board,
        spans: &mut HashMap<(Point, Dir), Span>,
        span: Span,
        points: &[Sp<String>],
    ) {
        let mut resolved = Vec::new();
        for p in points {
            match self.labels.get(&p.value) {
                Some(&i) => resolved.push((i, p)),
                None => {
                    let d = self.unknown_point(board, p);
                    self.err(d);
                    return;
                }
            }
        }
        let c = |i: Point| board.coords[i as usize];
        let (ax, ay) = c(resolved[0].0);
        let (bx, by) = c(resolved[1].0);
        let (dx, dy) = (bx - ax, by - ay);
        for w in resolved.windows(2) {
            let (p, q) = (c(w[0].0), c(w[1].0));
            let (sx, sy) = (q.0 - p.0, q.1 - p.1);
            let cross = dx * sy - dy * sx;
            let dot = dx * sx + dy * sy;
            if (sx, sy) == (0, 0) || cross != 0 || dot <= 0 {
                self.err(diag::not_collinear(span, w[1].1.span, &w[1].1.value));
                return;
            }
        }
        for w in resolved.windows(2) {
            self.link(board, spans, w[0].0, w[1].0, span);
        }
    }

    fn link(&mut self, board: &mut Board, spans: &mut HashMap<(Point, Dir), Span>, p: Point, q: Point, span: Span) {
        let (px, py) = board.coords[p as usize];
        let (qx, qy) = board.coords[q as usize];
        let Some(d) = direction_of(qx - px, qy - py) else {
            return;
        };
        for (a, b, dir) in [(p, q, d), (q, p, opposite(d))] {
            let existing = board.neighbour[a as usize][dir as usize];
            if existing != NONE && existing != b {
                let first = spans.get(&(a, dir)).copied().unwrap_or(span);
                let label = board.labels[a as usize].clone();
                self.err(diag::crossing_lines(span, first, &label, DIRECTION_NAMES[dir as usize]));
                return;
            }
        }
        board.neighbour[p as usize][d as usize] = q;
        board.neighbour[q as usize][opposite(d) as usize] = p;
        spans.entry((p, d)).or_insert(span);
        spans.entry((q, opposite(d))).or_insert(span);
    }

    // ------------------------------------------------------------ names

    fn players(&mut self) {
        let d = self.d;
        let mut seen: Vec<&PlayerDecl> = Vec::new();
        for p in &d.players {
            if let Some(first) = seen.iter().find(|q| q.name.value == p.name.value) {
                self.err(diag::duplicate_name(p.name.span, first.name.span, "player", &p.name.value));
                continue;
            }
            let letter = single_capital(&p.letter.value);
            if letter.is_none() {
                self.err(diag::bad_letter(p.letter.span, "player"));
            } else if let Some(first) = seen.iter().find(|q| q.letter.value == p.letter.value) {
                self.err(diag::duplicate_name(p.letter.span, first.letter.span, "player letter", &p.letter.value));
            }
            // Without `forward`, the first player faces n and the second s.
            let forward = match &p.forward {
                None => {
                    if seen.is_empty() {
                        0
                    } else {
                        4
                    }
                }
                Some(f) => match ABSOLUTE.iter().position(|n| *n == f.value) {
                    Some(f) => f as Dir,
                    None => {
                        let d = diag::bad_forward(f.span, &f.value);
                        let alias = direction_alias(&f.value).filter(|a| ABSOLUTE.contains(a));
                        self.err(alias.map_or(d.clone(), |a| diag::with_suggestion(d, a)));
                        0
                    }
                },
            };
            if seen.len() == MAX_PLAYERS {
                self.err(diag::too_many_players(p.name.span, MAX_PLAYERS));
                continue;
            }
            seen.push(p);
            self.players.push(Player { name: p.name.value.clone(), letter: letter.unwrap_or('?'), forward });
        }
        let broken = d.broken.iter().filter(|(w, _)| *w == "player").count();
        match (d.players.last(), self.players.len() + broken) {
            (_, n) if n >= 2 => {}
            (None, _) => self.err(diag::missing_statement(
                self.file_end,
                "players",
                "player white W forward n\nplayer black B forward s",
            )),
            (Some(last), _) => {
                self.err(diag::missing_statement(last.name.span, "second player", "player black B forward s"))
            }
        }
    }

    /// Finds `name` among `names`, or reports it as unknown (unless the
    /// statement declaring it could not be read, which was reported already).
    fn resolve(&mut self, what: &'static str, name: &Sp<String>, names: &Names) -> Option<usize> {
        if let Some(&i) = names.index.get(name.value.as_str()) {
            return Some(i);
        }
        if !self.is_broken(what, &name.value) {
            self.diags.push(diag::unknown_name(name.span, what, &name.value, &names.list));
        }
        None
    }

    fn player(&mut self, name: &Sp<String>) -> Option<PlayerId> {
        let names = std::mem::take(&mut self.player_names);
        let i = self.resolve("player", name, &names);
        self.player_names = names;
        // Declarations past the second player (reported) have no index.
        let name = self.player_names.list[i?];
        self.players.iter().position(|p| p.name == name).map(|i| i as PlayerId)
    }

    fn is_broken(&self, what: &'static str, name: &str) -> bool {
        self.broken.contains(&(what, name))
    }

    fn kind(&mut self, name: &Sp<String>) -> Option<KindId> {
        let names = std::mem::take(&mut self.kind_names);
        let i = self.resolve("piece", name, &names);
        self.kind_names = names;
        i.map(|i| i as KindId)
    }

    fn kind_mask(&mut self, names: &[Sp<String>]) -> u16 {
        names.iter().filter_map(|n| self.kind(n)).fold(0, |m, k| m | 1 << k)
    }

    fn region(&mut self, name: &Sp<String>) -> Option<[PointSet; MAX_PLAYERS]> {
        let names = std::mem::take(&mut self.region_names);
        let i = self.resolve("region", name, &names);
        self.region_names = names;
        i.map(|i| self.regions[i].sets)
    }

    /// Directions for each player (relative words resolved by their forward).
    fn directions(&mut self, words: &[Sp<String>]) -> [DirSet; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        for w in words {
            let mut ok = true;
            for (i, slot) in out.iter_mut().enumerate() {
                let forward = self.players.get(i).map_or(Some(0), |p| Some(p.forward));
                match direction_word(&w.value, forward) {
                    Some(s) => *slot |= s,
                    None => ok = false,
                }
            }
            if !ok {
                self.unknown_direction(w, true);
            }
        }
        out
    }

    /// A move of the vector family: a step, slide, take, leap, ride or hop
    /// with where it lands and starts (None where the checker refused it).
    fn vector(&mut self, m: &MoveDecl, board_dirs: DirSet) -> Option<Vector> {
        let landing = match (&m.kind, &m.landing) {
            (MoveKind::Take, _) => Landing::Enemy,
            (_, Some(l)) => l.value,
            (_, None) => Landing::Empty,
        };
        if let Some(span) = m.en_passant {
            if landing != Landing::Enemy || !matches!(m.kind, MoveKind::Step | MoveKind::Take) {
                self.err(diag::en_passant_not_a_take(span));
            }
        }
        let from = match &m.from {
            Some(r) => Some(self.region(r)?),
            None => None,
        };
        let mut v = Vector {
            shape: Shape::Step,
            landing,
            dirs: [0; MAX_PLAYERS],
            offsets: Default::default(),
            lame: false,
            from,
            en_passant: m.en_passant.is_some(),
        };
        let (offset, facing) = match &m.kind {
            MoveKind::Step | MoveKind::Take | MoveKind::Hop | MoveKind::Slide(_) | MoveKind::JumpOver { .. } => {
                v.dirs = self.directions(&m.dirs);
                if v.dirs.iter().all(|&d| d != 0 && d & board_dirs == 0) {
                    let words: Vec<&str> = m.dirs.iter().map(|w| w.value.as_str()).collect();
                    self.err(diag::no_such_direction_on_board(m.span, &words.join(" ")));
                }
                v.shape = match &m.kind {
                    MoveKind::Hop => Shape::Hop,
                    MoveKind::JumpOver { chained } => Shape::JumpOver { chained: *chained },
                    MoveKind::Slide(None) => Shape::Slide(0),
                    MoveKind::Slide(Some(l)) => {
                        if !(1..=99).contains(&l.value) {
                            self.err(diag::bad_number(l.span, "a slide's limit", 1, 99));
                        }
                        Shape::Slide(l.value.clamp(1, 99) as u8)
                    }
                    _ => Shape::Step,
                };
                return Some(v);
            }
            MoveKind::Leap { offset, facing, lame } => {
                v.shape = Shape::Leap;
                v.lame = lame.is_some();
                (offset, facing)
            }
            MoveKind::Ride { offset, facing } => {
                v.shape = Shape::Ride;
                (offset, facing)
            }
            _ => return None,
        };
        let (a, b) = (&offset.0, &offset.1);
        for part in [a, b] {
            if part.value > 15 {
                self.err(diag::bad_number(part.span, "a part of a leap", 0, 15));
                return None;
            }
        }
        if a.value == 0 && b.value == 0 {
            self.err(diag::bad_number(b.span, "a leap's second part where the first is 0", 1, 15));
            return None;
        }
        let (a, b) = (a.value as i32, b.value as i32);
        for pl in 0..MAX_PLAYERS {
            // The player's frame: forward, and the side to its right.
            let forward = self.players.get(pl).map_or(0, |p| p.forward);
            let (fx, fy) = DIRECTION_STEPS[forward as usize];
            let (rx, ry) = (fy, -fx);
            let mut forms: Vec<(i32, i32)> = match facing.as_ref().map(|f| f.value.as_str()) {
                Some(way) => {
                    let b = if way == "forward" { b } else { -b };
                    [a, -a].iter().map(|&a| (a * rx + b * fx, a * ry + b * fy)).collect()
                }
                None => [(a, b), (b, a)].iter().flat_map(|&(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)]).collect(),
            };
            forms.sort();
            forms.dedup();
            v.offsets[pl] = forms.into_iter().map(|(x, y)| (x as i8, y as i8)).collect();
        }
        Some(v)
    }

    /// One direction for each player (`falling s`, `falling forward`).
    fn one_direction(&mut self, word: &Sp<String>) -> [Option<Dir>; MAX_PLAYERS] {
        let sets = self.directions(std::slice::from_ref(word));
        if sets.iter().any(|s| s.count_ones() > 1) {
            self.err(diag::not_one_direction(word.span, &word.value));
        }
        sets.map(|s| (s != 0).then(|| s.trailing_zeros() as Dir))
    }

    /// Directions that mean the same for everyone (no forward, sideways...).
    fn absolute_directions(&mut self, words: &[Sp<String>], default: DirSet) -> DirSet {
        if words.is_empty() {
            return default;
        }
        let mut out = 0;
        for w in words {
            match direction_word(&w.value, None) {
                Some(s) => out |= s,
                None => self.unknown_direction(w, false),
            }
        }
        out
    }

    fn unknown_direction(&mut self, w: &Sp<String>, relative_ok: bool) {
        let mut known: Vec<&str> = ABSOLUTE.iter().chain(GROUPS).copied().collect();
        if relative_ok {
            known.extend(RELATIVE);
        } else if RELATIVE.contains(&w.value.as_str()) {
            self.err(diag::wrong_argument(
                w.span,
                &format!("`{}`", w.value),
                "directions that are the same for both players",
                "sides orthogonal",
            ));
            return;
        }
        let d = diag::unknown_name(w.span, "direction", &w.value, &known);
        self.err(match direction_alias(&w.value) {
            Some(s) => diag::with_suggestion(d, s),
            None => d,
        });
    }

    fn points(&mut self, items: &[SetItem]) -> Vec<(Point, Span)> {
        let Some(board) = self.board.take() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            match item {
                SetItem::Point(p) => match self.labels.get(&p.value) {
                    Some(&i) => out.push((i, p.span)),
                    None => {
                        let d = self.unknown_point(&board, p);
                        self.err(d);
                    }
                },
                _ => {
                    if let Some(cells) = self.lattice_cells(item) {
                        for c in cells {
                            if let Some(&i) = self.coord_index.get(&c) {
                                out.push((i, item.span()));
                            }
                        }
                    }
                }
            }
        }
        self.board = Some(board);
        out
    }

    /// `track PLAYER POINT...`: each player's track, in order, no point twice.
    fn tracks(&mut self) -> [Vec<Point>; MAX_PLAYERS] {
        let d = self.d;
        let mut out: [Vec<Point>; MAX_PLAYERS] = Default::default();
        let mut said: [Option<Span>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        for (player, points) in &d.tracks {
            let Some(who) = self.player(player) else { continue };
            let span = player.span.to(points.last().map_or(player.span, |p| p.span));
            if let Some(first) = said[who as usize] {
                self.err(diag::duplicate_statement(span, first, "a track for this player"));
                continue;
            }
            said[who as usize] = Some(span);
            let items: Vec<SetItem> = points.iter().map(|p| SetItem::Point(p.clone())).collect();
            let resolved = self.points(&items);
            let mut seen: HashMap<Point, Span> = HashMap::new();
            for &(p, at) in &resolved {
                if let Some(&first) = seen.get(&p) {
                    self.err(diag::track_revisits(at, first));
                }
                seen.entry(p).or_insert(at);
            }
            out[who as usize] = resolved.into_iter().map(|(p, _)| p).collect();
        }
        out
    }

    /// A piece that moves along a track needs its player's track and dice to say how far.
    fn track_moves(&mut self, tracks: &[Vec<Point>; MAX_PLAYERS], dice: Option<Dice>) {
        let d = self.d;
        for p in d.pieces.iter() {
            let Some(span) = p.track else { continue };
            if dice.is_none() && !d.dice_written {
                self.err(diag::track_without(
                    span,
                    "no dice say how far",
                    "add `dice 4 binary sets distance` or `die d6 sets distance`",
                ));
            }
            let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
            for (i, name) in names.iter().enumerate() {
                if tracks[i].is_empty() {
                    let help = format!("add `track {name} POINT POINT ...`, its points in the order it runs");
                    self.err(diag::track_without(span, &format!("{name} has no track"), &help));
                }
            }
        }
    }

    /// The rules of race games that go with pieces moving along tracks:
    /// stacks, entering first, bearing off, two dice used separately. Each
    /// needs a piece that moves along a track, and stacks need every piece
    /// to move only so (the other moves know one piece a point).
    fn race_rules(&mut self) -> RaceRules {
        let d = self.d;
        let racer = d.pieces.iter().any(|p| p.track.is_some());
        let named = [
            (d.stacks.as_ref().map(|s| s.span), "`pieces stack`"),
            (d.enter_first.as_ref().map(|s| s.span), "`pieces in hand enter first`"),
            (d.bear_off_from.as_ref().map(|s| s.span), "`bear off when all pieces in`"),
            (d.bear_off_higher.as_ref().map(|s| s.span), "`higher rolls bear off the rearmost piece`"),
            (d.dice.as_ref().filter(|s| s.value.pair).map(|s| s.span), "two dice used separately"),
            (d.swap_places, "`captured pieces swap places`"),
            (d.safe_rows.as_ref().map(|s| s.span), "`pieces safe in rows of`"),
            (d.block_rows.as_ref().map(|s| s.span), "`pieces block in rows of`"),
            (d.must_stop.as_ref().map(|s| s.span), "`pieces stop on`"),
            (d.enter_rolls.as_ref().map(|s| s.span), "`pieces in hand enter on rolls`"),
        ];
        let mut rules: Vec<(Span, &str)> = named.into_iter().filter_map(|(at, what)| Some((at?, what))).collect();
        for (r, _) in &d.landing_returns {
            rules.push((r.span, "`pieces landing on ... return to`"));
        }
        if !racer {
            for (span, what) in rules {
                self.err(diag::race_rule_unplayable(
                    span,
                    &format!("{what} is about pieces moving along a track, and none does"),
                    "give a piece `move along track`, and each player a `track`",
                ));
            }
        } else if let Some(s) = &d.stacks {
            for p in d.pieces.iter().filter(|p| !p.moves.is_empty() || p.enter.is_some() || !p.lifts.is_empty()) {
                let why = format!("`{}` moves otherwise than along its track", p.name.value);
                let help = "in a game whose pieces stack, pieces move only along their tracks";
                self.err(diag::race_rule_unplayable(s.span, &why, help).secondary(p.name.span, "this piece"));
            }
            // Swaps and returns move a single piece: not a stack's top.
            let single = [
                (d.swap_places, "`captured pieces swap places`"),
                (d.landing_returns.first().map(|r| r.0.span), "`pieces landing on ... return to`"),
            ];
            for (at, what) in single.into_iter().filter_map(|(at, what)| Some((at?, what))) {
                let why = format!("{what} moves single pieces, and here pieces stack");
                self.err(diag::race_rule_unplayable(at, &why, "use one or the other"));
            }
            if self.board.as_ref().is_some_and(|b| b.len() > 128) {
                let why = "a board of more than 128 points";
                self.err(diag::race_rule_unplayable(s.span, why, "pieces stack on boards of up to 128 points"));
            }
        }
        if let Some(s) = &d.bear_off_higher {
            if !d.dice.as_ref().is_some_and(|d| d.value.exact) {
                let why = "a roll only limits the distance here, so any roll that reaches off bears off";
                let help = "this rule is for dice that set the distance (`sets distance`, or two dice used separately)";
                self.err(diag::race_rule_unplayable(s.span, why, help));
            }
        }
        let another_turn_rolls = self.another_turn_rolls();
        let why = "a piece enters on given rolls only where the roll sets the distance";
        let enter_rolls = self.rolls(d.enter_rolls.as_ref(), why);
        let must_stop = d.must_stop.as_ref().and_then(|r| self.region(r)).map(|z| z[0].union(&z[1]));
        let mut landing_returns = Vec::new();
        for (r, to) in &d.landing_returns {
            let (Some(z), Some(p)) = (self.region(r), self.point_named(to)) else { continue };
            landing_returns.push((z[0].union(&z[1]), p));
        }
        let bear_off_from = d.bear_off_from.as_ref().and_then(|r| self.region(r));
        let stacks = d.stacks.as_ref().map(|s| if s.value == 0 { u8::MAX } else { s.value.min(200) as u8 });
        RaceRules {
            stacks,
            enter_first: d.enter_first.is_some(),
            bear_off_from,
            bear_off_higher: d.bear_off_higher.is_some(),
            another_turn_rolls,
            enter_rolls,
            swap_places: d.swap_places.is_some(),
            safe_rows: d.safe_rows.as_ref().map(|n| n.value as u8),
            block_rows: d.block_rows.as_ref().map(|n| n.value as u8),
            must_stop,
            landing_returns,
        }
    }

    /// The dice as declared, with what each throw counts (`counting`): one
    /// value a throw, from 0 to 30.
    fn dice(&mut self, s: &DiceDecl) -> Dice {
        let mut dice = Dice {
            sides: s.sides as u8,
            binary: s.binary,
            exact: s.exact,
            pair: s.pair,
            counted: false,
            values: [0; MAX_FACES],
            summed: s.summed as u8,
        };
        if let Some(counting) = &s.counting {
            let throws =
                if s.binary { s.sides as usize + 1 } else { (s.sides * s.summed) as usize + 1 - s.summed as usize };
            if counting.value.len() != throws || throws > MAX_FACES {
                let what = if s.binary {
                    format!("{throws} values, for 0 to {} marked sides up", s.sides)
                } else if s.summed > 1 {
                    format!("{throws} values, one a total from {} to {}", s.summed, s.summed * s.sides)
                } else {
                    format!("{throws} values, one a face")
                };
                self.err(diag::wrong_argument(
                    counting.span,
                    &format!("{} values", counting.value.len()),
                    &what,
                    "dice 4 binary sets distance counting 5 1 2 3 4",
                ));
            } else if let Some(&v) = counting.value.iter().find(|&&v| v > 30) {
                self.err(diag::bad_number(counting.span, &format!("a throw's count ({v})"), 0, 30));
            } else {
                dice.counted = true;
                for (i, &v) in counting.value.iter().enumerate() {
                    dice.values[i] = v as u8;
                }
            }
        }
        dice
    }

    /// `another turn after rolls N...`: the rolls as bits; each must be a
    /// roll of the dice, and the roll must set the distance (a move's
    /// distance is then its roll).
    fn another_turn_rolls(&mut self) -> u128 {
        let d = self.d;
        let why = "the player throws again after given rolls only where the roll sets the distance";
        self.rolls(d.another_turn_rolls.as_ref(), why)
    }

    /// Rolls named by a rule (`another turn after rolls 6`, `pieces in hand
    /// enter on rolls 6`) as bits, each one the dice can make, the dice
    /// setting the distance (else `why` is reported).
    fn rolls(&mut self, rolls: Option<&Sp<Vec<u64>>>, why: &str) -> u128 {
        let d = self.d;
        let Some(rolls) = rolls else { return 0 };
        let dice = d.dice.as_ref().map(|s| self.dice(&s.value));
        let Some(dice) = dice.filter(|d| d.exact) else {
            self.err(diag::race_rule_unplayable(rolls.span, why, "use dice that set the distance (`sets distance`)"));
            return 0;
        };
        let mut bits = 0u128;
        for &r in &rolls.value {
            if r > 127 || !dice.can_roll(r as u8) {
                let why = format!("{r} is not a roll of these dice");
                self.err(diag::race_rule_unplayable(rolls.span, &why, "name rolls the dice can make"));
                return 0;
            }
            bits |= 1 << r;
        }
        bits
    }

    fn regions(&mut self) {
        let d = self.d;
        // By name: (player or None for everyone, where declared).
        let mut declared: HashMap<&str, Vec<(Option<PlayerId>, Span)>> = HashMap::new();
        for r in &d.regions {
            let player = match &r.player {
                Some(p) => match self.player(p) {
                    Some(i) => Some(i),
                    None => continue,
                },
                None => None,
            };
            let earlier = declared.entry(&r.name.value).or_default();
            let clash = earlier.iter().find(|(p, _)| p.is_none() || player.is_none() || *p == player);
            if let Some(&(_, first)) = clash {
                self.diags.push(diag::duplicate_name(r.name.span, first, "region", &r.name.value));
                continue;
            }
            earlier.push((player, r.name.span));
            let mut set = PointSet::default();
            for (p, _) in self.points(&r.items) {
                set.insert(p);
            }
            match (self.region_names.index.get(r.name.value.as_str()), player) {
                (Some(&i), Some(p)) => self.regions[i].sets[p as usize] = set,
                (_, None) => self.push_region(&r.name.value, [set; MAX_PLAYERS]),
                (None, Some(p)) => {
                    let mut sets = [PointSet::default(); MAX_PLAYERS];
                    sets[p as usize] = set;
                    self.push_region(&r.name.value, sets);
                }
            }
        }
    }

    fn push_region(&mut self, name: &'a str, sets: [PointSet; MAX_PLAYERS]) {
        self.region_names.push(name);
        self.regions.push(Region { sets });
    }

    fn kinds(&mut self) {
        let d = self.d;
        let mut names: HashMap<&str, Span> = HashMap::new();
        let mut letters: HashMap<&str, Span> = HashMap::new();
        for (i, p) in d.pieces.iter().enumerate() {
            let letter = self.kind_name(i, p, &mut names, &mut letters);
            let mut moves = self.kind_moves(p);
            // A kind that is only shot (an arrow) never moves, and need not.
            let shot = d.pieces.iter().any(|q| q.shoot.as_ref().is_some_and(|s| s.0.value == p.name.value));
            let idle = p.enter.is_none() && p.lifts.is_empty() && p.fly.is_none() && !shot;
            if p.moves.is_empty() && p.track.is_none() && idle && !p.had_errors {
                self.err(diag::never_moves(p.name.span, &p.name.value));
            }
            let promotion = self.promotion(i as KindId, p);
            let value = match &p.value {
                Some(v) if !(1..=1_000_000).contains(&v.value) => {
                    self.err(diag::bad_number(v.span, "a piece's value", 1, 1_000_000));
                    1
                }
                Some(v) => v.value as u32,
                None => 1,
            };
            let can_capture = match &p.can_capture {
                Some((kinds, _)) => self.kind_mask(kinds),
                None => u16::MAX,
            };
            let run_limit = p.run_limit.as_ref().map(|(n, kinds, _)| {
                let max = self.bounded(n, "a run of moves", 1, 99) as u8;
                RunLimit { max, while_has: if kinds.is_empty() { u16::MAX } else { self.kind_mask(kinds) } }
            });
            let enter = self.entry(p);
            moves.track = p.track.is_some();
            let safe = p.safe.as_ref().and_then(|r| self.region(r)).unwrap_or_default();
            let lift = self.lifts(p);
            let fly = p.fly.as_ref().map(|(n, _)| self.bounded(n, "pieces left", 1, 255) as u8);
            let shoot = p.shoot.as_ref().and_then(|(kind, dirs, _)| {
                let dirs = self.directions(dirs);
                Some((self.kind(kind)?, dirs))
            });
            let castle = p.castle.as_ref().and_then(|(kind, span)| {
                let partner = self.kind(kind)?;
                if partner == i as KindId {
                    self.err(diag::castles_with_itself(*span, &p.name.value));
                }
                Some(partner)
            });
            let confined = p.confined.as_ref().and_then(|r| self.region(r));
            if let Some(span) = p.confined_once {
                if (0..MAX_PLAYERS).any(|pl| moves.captures_any(pl)) {
                    self.err(diag::confined_once_captures(span, &p.name.value));
                }
            }
            let per_file = p.per_file.as_ref().map(|(n, _)| self.bounded(n, "pieces on a file", 1, 99) as u8);
            self.kinds.push(Kind {
                per_file,
                base: i as KindId,
                fly,
                shoot,
                royal: p.royal.is_some(),
                castle,
                confined,
                confined_once: p.confined_once.is_some(),
                name: p.name.value.clone(),
                letter: letter.unwrap_or('?'),
                moves,
                promotion,
                value,
                can_capture,
                run_limit,
                enter,
                lift,
                safe,
            });
        }
        let royal = self.kinds.iter().any(|k| k.royal);
        for span in d.pieces.iter().filter_map(|p| p.enter.as_ref()?.unless_mates) {
            if !royal {
                self.err(diag::no_royal_piece(span));
            }
        }
        if d.pieces.is_empty() && d.sowing.is_none() {
            self.err(diag::missing_statement(self.file_end, "pieces", "piece man M {\n  step forward\n}"));
        }
    }

    /// The `i`-th kind's letter, its name and letter checked against those
    /// before it (`names`, `letters`, which it joins) and its number against the most.
    fn kind_name<'d>(
        &mut self,
        i: usize,
        p: &'d PieceDecl,
        names: &mut HashMap<&'d str, Span>,
        letters: &mut HashMap<&'d str, Span>,
    ) -> Option<char> {
        if let Some(&first) = names.get(p.name.value.as_str()) {
            self.err(diag::duplicate_name(p.name.span, first, "piece", &p.name.value));
        }
        let letter = single_capital(&p.letter.value);
        if letter.is_none() {
            self.err(diag::bad_letter(p.letter.span, "piece"));
        } else if let Some(&first) = letters.get(p.letter.value.as_str()) {
            self.err(diag::duplicate_name(p.letter.span, first, "piece letter", &p.letter.value));
        }
        if i == MAX_KINDS {
            self.err(diag::bad_number(p.name.span, "the number of piece kinds", 1, MAX_KINDS as u64));
        }
        names.entry(&p.name.value).or_insert(p.name.span);
        letters.entry(&p.letter.value).or_insert(p.letter.span);
        letter
    }

    /// A kind's moves as its statements declare them, each direction word
    /// checked against the board.
    fn kind_moves(&mut self, p: &PieceDecl) -> Moves {
        let d = self.d;
        let mut moves = Moves::default();
        let board_dirs = self.board.as_ref().map_or(0xFF, |b| {
            b.neighbour.iter().fold(0u8, |m, n| (0..8).filter(|&d| n[d] != NONE).fold(m, |m, d| m | 1 << d))
        });
        // A kind with any move of the vector family has all its steps,
        // slides and takes there: one generator makes each move once.
        let vector_kind = p.moves.iter().any(MoveDecl::is_vector)
            || p.royal.is_some()
            || p.castle.is_some()
            || p.confined.is_some()
            || p.per_file.is_some()
            || d.forbid_stranded.is_some()
            || p.promote.as_ref().is_some_and(|pr| !pr.or_into.is_empty() || pr.optional);
        for m in &p.moves {
            if vector_kind {
                if let Some(v) = self.vector(m, board_dirs) {
                    moves.vectors.push(v);
                    continue;
                }
            }
            if matches!(
                m.kind,
                MoveKind::Leap { .. } | MoveKind::Ride { .. } | MoveKind::Hop | MoveKind::JumpOver { .. }
            ) {
                continue; // a vector the checker refused
            }
            let dirs = self.directions(&m.dirs);
            if dirs.iter().all(|&d| d != 0 && d & board_dirs == 0) {
                let words: Vec<&str> = m.dirs.iter().map(|w| w.value.as_str()).collect();
                self.err(diag::no_such_direction_on_board(m.span, &words.join(" ")));
            }
            let slot = match &m.kind {
                MoveKind::Step => &mut moves.step,
                MoveKind::Slide(limit) => {
                    if let Some(l) = limit {
                        if !(1..=99).contains(&l.value) {
                            self.err(diag::bad_number(l.span, "a slide's limit", 1, 99));
                        }
                        moves.slide_limit = Some(l.value.min(99) as u8);
                    }
                    &mut moves.slide
                }
                MoveKind::Jump => &mut moves.jump,
                MoveKind::Fly { behind } => {
                    if *behind {
                        for (s, d) in moves.fly_behind.iter_mut().zip(dirs) {
                            *s |= d;
                        }
                    }
                    &mut moves.fly
                }
                MoveKind::Leave => &mut moves.leave,
                MoveKind::Take => &mut moves.take,
                MoveKind::Approach => &mut moves.approach,
                MoveKind::Withdraw => &mut moves.withdraw,
                MoveKind::Leap { .. } | MoveKind::Ride { .. } | MoveKind::Hop | MoveKind::JumpOver { .. } => continue,
            };
            for (s, d) in slot.iter_mut().zip(dirs) {
                *s |= d;
            }
        }
        moves
    }

    /// A kind's promotion (`kind` is its own index, which it may not promote into).
    fn promotion(&mut self, kind: KindId, p: &PieceDecl) -> Option<Promotion> {
        let pr = p.promote.as_ref()?;
        let into = self.kind(&pr.into);
        if into == Some(kind) {
            self.err(diag::promotes_into_itself(pr.into.span, &p.name.value));
        }
        let zone = self.region(&pr.zone);
        let or_into: Vec<KindId> = pr.or_into.iter().filter_map(|k| self.kind(k)).collect();
        Some(Promotion {
            into: into?,
            or_into,
            zone: zone?,
            at_once: pr.at_once,
            stops: pr.stops,
            optional: pr.optional,
        })
    }

    /// A kind's `enter` from the hand.
    fn entry(&mut self, p: &PieceDecl) -> Option<Enter> {
        if let Some(span) = p.enter.as_ref().and_then(|e| e.capturing) {
            if self.d.custodial.is_none() && self.d.traps.is_empty() {
                self.err(diag::capturing_without_capture(span));
            }
        }
        let e = p.enter.as_ref()?;
        let falling = match &e.falling {
            Some(dir) => self.one_direction(dir),
            None => [None; MAX_PLAYERS],
        };
        let on = match &e.region {
            Some(r) => self.region(r)?,
            None => [self.board.as_ref().map_or(PointSet::default(), all_points); MAX_PLAYERS],
        };
        Some(Enter {
            on,
            before_moving: e.before_moving,
            falling,
            capturing: e.capturing.is_some(),
            unless_mates: e.unless_mates.is_some(),
        })
    }

    /// A kind's `lift` moves, per player.
    fn lifts(&mut self, p: &PieceDecl) -> [Option<Lift>; MAX_PLAYERS] {
        let mut lift: [Option<Lift>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        for LiftDecl { player, region, first, span } in &p.lifts {
            let on = match region {
                Some(r) => match self.region(r) {
                    Some(sets) => Some(sets),
                    None => continue,
                },
                None => None,
            };
            let players: Vec<usize> = match player {
                Some(pl) => match self.player(pl) {
                    Some(i) => vec![i as usize],
                    None => continue,
                },
                None => (0..MAX_PLAYERS).collect(),
            };
            for pl in players {
                if lift[pl].is_some() {
                    self.err(diag::duplicate_statement(*span, *span, "`lift` for this player"));
                }
                let on = on.map(|sets| sets[pl]);
                lift[pl] = Some(Lift { on, next_to_empty: region.is_none(), first: *first });
            }
        }
        lift
    }

    /// One clause of a condition on the state of the board (None if it
    /// names an unknown kind, reported).
    fn clause(&mut self, c: &ClauseDecl) -> Option<Clause> {
        let test = match &c.test {
            TestDecl::Count { opponent, at_least, n, what } => {
                let (n, kinds) = self.count_of(n, what)?;
                Test::Left { opponent: *opponent, at_least: *at_least, n, kinds }
            }
            TestDecl::MovedLast => Test::MovedLast,
            TestDecl::Past { kind, of, behind } => {
                let kind_id = self.kind(kind);
                let of = if of.value == "pieces" { Some(u16::MAX) } else { self.kind(of).map(|k| 1 << k) };
                Test::Past { kind: kind_id?, of: of?, behind: *behind }
            }
            TestDecl::AllIn { what, region } => {
                let kinds = if what.value == "pieces" { Some(u16::MAX) } else { self.kind(what).map(|k| 1 << k) };
                let zone = self.region(region);
                Test::AllIn { kinds: kinds?, zone: Box::new(zone?), region: region.value.clone() }
            }
        };
        Some(Clause { not: c.not, test })
    }

    /// A count of pieces in a goal (`fewer than 2 pieces left`): how many, and
    /// of which kinds as bits (None if the kind is unknown, reported).
    fn count_of(&mut self, n: &Sp<u64>, what: &Sp<String>) -> Option<(u16, u16)> {
        let kinds = if what.value == "pieces" { u16::MAX } else { 1 << self.kind(what)? };
        if !(1..=255).contains(&n.value) {
            self.err(diag::bad_number(n.span, "a count of pieces", 1, 255));
        }
        Some((n.value.clamp(1, 255) as u16, kinds))
    }

    /// A kind that only a promotion makes, of exactly one kind, goes back to
    /// that kind when captured (the base of `captured pieces change sides`).
    fn bases(&mut self, setup: &[(PlayerId, KindId, Point)], hand: &[(PlayerId, KindId, u8)]) {
        for k in 0..self.kinds.len() {
            let placed = setup.iter().any(|s| s.1 as usize == k) || hand.iter().any(|h| h.1 as usize == k);
            let from: Vec<usize> = (0..self.kinds.len())
                .filter(|&j| j != k && self.kinds[j].promotion_choices().any(|c| c as usize == k))
                .collect();
            if let ([one], false) = (&from[..], placed) {
                self.kinds[k].base = *one as KindId;
            }
        }
    }

    /// A point named by a piece's letter and then another point's name or
    /// number (`Ky` beside `y`, with a piece `K`): in position notation `Ky`
    /// would be both a piece on `Ky` and a `K` on `y`.
    fn points_named_like_pieces(&mut self) {
        let (Some(decl), Some(board)) = (&self.d.board, &self.board) else {
            return;
        };
        let mut found = Vec::new();
        for (name, ..) in &decl.named_points {
            let mut chars = name.value.chars();
            let (Some(first), rest) = (chars.next(), chars.as_str()) else { continue };
            let Some(k) = self.kinds.iter().position(|k| k.letter == first) else { continue };
            let numbered = board.numbers.is_some()
                && rest.parse::<usize>().is_ok_and(|n| (1..=board.len()).contains(&n) && !rest.starts_with('0'));
            if self.labels.contains_key(&name.value) && (self.labels.contains_key(rest) || numbered) {
                let piece = &self.d.pieces[k];
                found.push(diag::point_named_like_piece(name.span, &name.value, piece.letter.span, &piece.name.value));
            }
        }
        for d in found {
            self.err(d);
        }
    }

    /// The pieces on the board at the start, one entry a piece (a stack of
    /// N is N entries on its point).
    fn setup(&mut self) -> Vec<(PlayerId, KindId, Point)> {
        let d = self.d;
        let limit = d.stacks.as_ref().map(|s| if s.value == 0 { u64::MAX } else { s.value });
        let mut out = Vec::new();
        // Per point: where it was first placed, by whom, how many stand there.
        let mut placed: HashMap<Point, (Span, PlayerId, KindId, u64)> = HashMap::new();
        for pl in d.places.iter().filter(|p| p.in_hand.is_none()) {
            let player = self.player(&pl.player);
            let kind = self.kind(&pl.kind);
            let points = self.points(&pl.items);
            let (Some(player), Some(kind)) = (player, kind) else {
                continue;
            };
            let count = pl.stacked.as_ref().map_or(1, |n| n.value);
            if let Some(n) = &pl.stacked {
                if limit.is_none() && n.value != 1 {
                    let why = "pieces are placed one a point unless the game says `pieces stack`";
                    self.err(diag::race_rule_unplayable(n.span, why, "add `pieces stack`, or remove `stacked`"));
                    continue;
                }
                if n.value == 0 || n.value > limit.unwrap_or(1).min(200) {
                    self.err(diag::bad_number(n.span, "pieces stacked on a point", 1, limit.unwrap_or(1).min(200)));
                    continue;
                }
            }
            let placed_before = out.iter().filter(|s: &&(PlayerId, KindId, Point)| s.0 == player).count() as u64;
            if limit.is_some() && placed_before + count * points.len() as u64 > 99 {
                let at = pl.stacked.as_ref().map_or(pl.kind.span, |n| n.span);
                self.err(diag::bad_number(at, "pieces a player has on the board where pieces stack", 1, 99));
                continue;
            }
            for (p, span) in points {
                match placed.get_mut(&p) {
                    Some(at)
                        if limit.is_some() && (at.1, at.2) == (player, kind) && at.3 + count <= limit.unwrap_or(1) =>
                    {
                        at.3 += count
                    }
                    Some(at) => {
                        let first = at.0;
                        let label = self.label(p);
                        self.err(diag::placed_twice(span, first, &label));
                        continue;
                    }
                    None => {
                        placed.insert(p, (span, player, kind, count));
                    }
                }
                out.extend(std::iter::repeat_n((player, kind, p), count as usize));
            }
        }
        out
    }

    /// `place PLAYER KIND in hand unlimited`: a supply that never runs out,
    /// of a kind that enters.
    fn supply(&mut self) -> Vec<(PlayerId, KindId)> {
        let d = self.d;
        let mut out: Vec<(PlayerId, KindId)> = Vec::new();
        // The first `in hand` of each player and kind: another beside an unlimited one is an error.
        let mut first: Vec<(PlayerId, KindId, Span, bool)> = Vec::new();
        for pl in d.places.iter() {
            let Some(n) = &pl.in_hand else { continue };
            let (Some(player), Some(kind)) = (self.player(&pl.player), self.kind(&pl.kind)) else { continue };
            let unlimited = n.value == HandCount::Unlimited;
            match first.iter().find(|f| f.0 == player && f.1 == kind) {
                Some(&(.., span, was_unlimited)) if unlimited || was_unlimited => {
                    self.err(diag::duplicate_statement(n.span, span, "`in hand` for this player and piece"));
                    continue;
                }
                Some(_) => {}
                None => first.push((player, kind, n.span, unlimited)),
            }
            if !unlimited {
                continue;
            }
            if self.kinds.get(kind as usize).is_some_and(|k| k.enter.is_none()) {
                self.err(diag::supply_never_enters(n.span, &pl.kind.value));
            }
            out.push((player, kind));
        }
        out
    }

    /// `place PLAYER KIND in hand N`: at most 8 player-kind pairs, 99 each.
    fn hand(&mut self) -> Vec<(PlayerId, KindId, u8)> {
        let d = self.d;
        let mut out: Vec<(PlayerId, KindId, u8)> = Vec::new();
        for pl in d.places.iter() {
            let Some(Spanned { value: HandCount::Count(count), span }) = pl.in_hand else { continue };
            let n = Spanned::new(count, span);
            let (Some(player), Some(kind)) = (self.player(&pl.player), self.kind(&pl.kind)) else { continue };
            if !(1..=99).contains(&n.value) {
                self.err(diag::bad_number(n.span, "pieces in hand", 1, 99));
            }
            let full = out.len() == MAX_HANDS;
            match out.iter_mut().find(|h| h.0 == player && h.1 == kind) {
                Some(h) => h.2 = (h.2 as u64 + n.value).min(99) as u8,
                None if full => self.err(diag::bad_number(n.span, "the kinds held in hand", 1, MAX_HANDS as u64)),
                None => out.push((player, kind, n.value.clamp(1, 99) as u8)),
            }
        }
        out
    }

    fn label(&self, p: Point) -> String {
        self.board.as_ref().map_or(String::new(), |b| b.labels[p as usize].clone())
    }

    fn stops(&mut self) -> Vec<StopRule> {
        let d = self.d;
        d.only
            .iter()
            .filter_map(|o| {
                let allowed = self.kind_mask(&o.kinds);
                let region = self.region(&o.region)?;
                Some(StopRule { region: region[0].union(&region[1]), allowed })
            })
            .collect()
    }

    fn hostile(&mut self) -> Vec<Hostile> {
        let d = self.d;
        d.hostile
            .iter()
            .filter_map(|h| {
                // `to` names kinds and players: hostile to those kinds of those players.
                let (mut kinds, mut players) = (Vec::new(), 0u8);
                for n in &h.to {
                    match self.players.iter().position(|p| p.name == n.value) {
                        Some(i) => players |= 1 << i,
                        None => kinds.push(n.clone()),
                    }
                }
                let to = if kinds.is_empty() { u16::MAX } else { self.kind_mask(&kinds) };
                let to_players = if players == 0 { u8::MAX } else { players };
                let region = self.region(&h.region)?;
                Some(Hostile { region: region[0].union(&region[1]), to, to_players, when_empty: h.when_empty })
            })
            .collect()
    }

    fn jumps(&mut self) -> JumpRules {
        let Some(j) = &self.d.jumps else {
            return JumpRules::default();
        };
        let any_jump = self.kinds.iter().any(|k| (0..MAX_PLAYERS).any(|p| k.moves.captures_by_moving(p)));
        // `compulsory` also binds captures by landing (chess's pieces): losing chess.
        let any_capture = self.kinds.iter().any(|k| (0..MAX_PLAYERS).any(|p| k.moves.captures_any(p)));
        let mut prefer = Vec::new();
        let mut said: Vec<Span> = Vec::new();
        if let Some(span) = j.majority {
            prefer.push(Preference::MostPieces);
            said.push(span);
        }
        for p in &j.prefer {
            let (criterion, span) = match p {
                PreferDecl::MostPieces(span) => (Some(Preference::MostPieces), *span),
                PreferDecl::MostValue(span) => (Some(Preference::MostValue), *span),
                PreferDecl::With(k) => (self.kind(k).map(Preference::With), k.span),
                PreferDecl::MostOf(k) => (self.kind(k).map(Preference::MostOf), k.span),
                PreferDecl::EarliestOf(k) => (self.kind(k).map(Preference::EarliestOf), k.span),
            };
            let Some(criterion) = criterion else { continue };
            if let Some(i) = prefer.iter().position(|&c| c == criterion) {
                self.err(diag::duplicate_statement(span, said[i], "this `prefer` criterion"));
            }
            if !any_jump {
                self.err(diag::needs_jump(span, "prefer"));
            }
            prefer.push(criterion);
            said.push(span);
        }
        let flags = [
            (j.continues, "continue"),
            (j.majority, "majority"),
            (j.compulsory, "compulsory"),
            (j.no_reversal, "no reversing"),
            (j.straight, "straight"),
            (j.no_repeated_direction, "no repeated direction"),
            (j.no_revisiting, "no revisiting"),
        ];
        for (flag, what) in flags {
            let applies = if what == "compulsory" { any_capture } else { any_jump };
            if let (Some(span), false) = (flag, applies) {
                self.err(diag::needs_jump(span, what));
            }
        }
        if let Some(span) = j.land_to_continue {
            // A flying leap that lands only just behind has one landing too.
            let flies =
                self.kinds.iter().any(|k| k.moves.fly.iter().zip(&k.moves.fly_behind).any(|(&d, &b)| d & !b != 0));
            if j.continues.is_none() {
                self.err(diag::landing_rule_idle(span, "the capture block has no `continue`: a sequence is one leap"));
            } else if !flies {
                self.err(diag::landing_rule_idle(
                    span,
                    "no piece has `jump ... flying` landing anywhere behind: a short leap, or one landing behind, \
                     has one landing, so there is no choice",
                ));
            }
        }
        JumpRules {
            land_to_continue: j.land_to_continue.is_some(),
            straight: j.straight.is_some(),
            compulsory: j.compulsory.is_some(),
            continues: j.continues.is_some(),
            at_will: j.at_will,
            remove_at_once: j.remove_at_once.is_some_and(|(once, _)| once),
            prefer,
            no_reversal: j.no_reversal.is_some(),
            no_repeated_direction: j.no_repeated_direction.is_some(),
            no_revisiting: j.no_revisiting.is_some(),
        }
    }

    fn custodial(&mut self) -> Option<Custodial> {
        let c = self.d.custodial.as_ref()?;
        if c.targets.is_empty() && !self.is_broken("targets", "") {
            self.err(diag::missing_statement(c.span, "`targets` in the custodial block", "targets soldier"));
        }
        let targets = self.kind_mask(&c.targets);
        let captors = if c.captors.is_empty() { u16::MAX } else { self.kind_mask(&c.captors) };
        let sides = self.absolute_directions(&c.sides, 0b0101_0101);
        let opposite = c.opposite || (!c.perpendicular && !c.runs);
        let perpendicular_within = match &c.perpendicular_within {
            Some(r) => self.region(r).map(|r| r[0].union(&r[1])),
            None => None,
        };
        let mut safe: [Option<PointSet>; MAX_KINDS] = [None; MAX_KINDS];
        for (kinds, region) in &c.safe {
            let mask = self.kind_mask(kinds);
            if let Some(r) = self.region(region) {
                for (k, slot) in safe.iter_mut().enumerate() {
                    if mask & (1 << k) != 0 {
                        *slot = Some(r[0].union(&r[1]));
                    }
                }
            }
        }
        Some(Custodial {
            targets,
            safe,
            captors,
            sides,
            opposite,
            perpendicular: c.perpendicular,
            perpendicular_within,
            runs: c.runs,
            shieldwall: c.shieldwall,
            intervention: c.intervention,
            convert: c.convert,
        })
    }

    fn traps(&mut self) -> Vec<Trap> {
        let d = self.d;
        d.traps
            .iter()
            .filter_map(|t| {
                let kind = self.kind(&t.kind);
                let sides = self.absolute_directions(&t.sides, 0b0101_0101);
                let within = match &t.within {
                    Some(r) => Some(self.region(r).map(|r| r[0].union(&r[1]))?),
                    None => None,
                };
                if t.surrounded.is_none() && t.enclosed.is_none() {
                    self.err(diag::missing_statement(t.kind.span, "capture condition", "surrounded on 4 sides"));
                }
                Some(Trap {
                    kind: kind?,
                    sides,
                    surrounded: t.surrounded.as_ref().map(|n| n.value as u8),
                    enclosed: t.enclosed.as_ref().map(|n| n.value.min(ANY_FRIENDS as u64) as u8),
                    never_on_edge: t.never_on_edge,
                    suicide_forbidden: t.suicide.as_ref().is_some_and(|s| s.value),
                    suicide_taken: t.suicide.as_ref().is_some_and(|s| !s.value),
                    within,
                })
            })
            .collect()
    }

    /// `sowing { ... }`: each player's pits and store, checked to make one circuit.
    fn sowing(&mut self) -> Option<Sowing> {
        let d = self.d;
        let decl = d.sowing.as_ref()?;
        let unplayable = |why: &str, help: &str| diag::sowing_unplayable(decl.span, why, help);
        if let Some(p) = d.pieces.first() {
            self.err(diag::sowing_unplayable(
                p.name.span,
                "a sowing game's points hold seeds, not pieces",
                "remove the piece: `seeds N` fills the pits, and a move sows one of the mover's pits",
            ));
        }
        let (pits, stores) = self.sowing_circuit(decl);
        if let Some(who) = (0..self.players.len()).find(|&p| pits[p].is_empty()) {
            let name = self.players.get(who).map_or("a player".to_string(), |p| format!("`{}`", p.name));
            self.err(unplayable(
                &format!("{name} has no pits"),
                "list each player's pits in the order seeds go round: `pits north f2 e2 d2 c2 b2 a2`",
            ));
        }
        if self.board.as_ref().is_some_and(|b| b.len() > 128) {
            self.err(unplayable("a sowing board has at most 128 points", "use fewer points"));
        }
        let Some(seeds) = &decl.seeds else {
            self.err(unplayable("no `seeds N` says how many seeds each pit starts with", "add `seeds 4`"));
            return None;
        };
        let total = (pits[0].len() + pits[1].len()) as u64 * seeds.value;
        if total > 255 {
            self.err(diag::sowing_unplayable(
                seeds.span,
                &format!("{total} seeds in all, more than the 255 a game may hold"),
                "use fewer pits or fewer seeds in each",
            ));
        }
        let capture = self.sowing_capture(decl, &pits);
        Some(Sowing {
            pits,
            stores,
            seeds: seeds.value as u8,
            skip_origin: decl.skip_origin,
            capture,
            grand_slam_takes_nothing: decl.grand_slam_takes_nothing,
            feed: decl.feed,
        })
    }

    /// A sowing's pits and stores, each player's, each point in one of them at most.
    fn sowing_circuit(&mut self, decl: &SowingDecl) -> ([Vec<Point>; MAX_PLAYERS], [Option<Point>; MAX_PLAYERS]) {
        let mut pits: [Vec<Point>; MAX_PLAYERS] = Default::default();
        let mut stores: [Option<Point>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        let mut seen: HashMap<Point, Span> = HashMap::new();
        let mut once = |this: &mut Self, p: Point, at: Span| {
            if let Some(&first) = seen.get(&p) {
                this.err(diag::circuit_revisits(at, first));
            }
            seen.entry(p).or_insert(at);
        };
        for (player, points) in &decl.pits {
            let Some(who) = self.player(player) else { continue };
            if !pits[who as usize].is_empty() {
                self.err(diag::duplicate_statement(player.span, player.span, "the pits of this player"));
                continue;
            }
            let items: Vec<SetItem> = points.iter().map(|p| SetItem::Point(p.clone())).collect();
            for (p, at) in self.points(&items) {
                once(self, p, at);
                pits[who as usize].push(p);
            }
        }
        for (player, point) in &decl.stores {
            let Some(who) = self.player(player) else { continue };
            if stores[who as usize].is_some() {
                self.err(diag::duplicate_statement(player.span, player.span, "the store of this player"));
                continue;
            }
            if let Some(&(p, at)) = self.points(&[SetItem::Point(point.clone())]).first() {
                once(self, p, at);
                stores[who as usize] = Some(p);
            }
        }
        (pits, stores)
    }

    /// How a sowing captures: by the counts it leaves, opposite, or not at all.
    fn sowing_capture(&mut self, decl: &SowingDecl, pits: &[Vec<Point>; MAX_PLAYERS]) -> SowCapture {
        let unplayable = |why: &str, help: &str| diag::sowing_unplayable(decl.span, why, help);
        let capture = match (&decl.capture_counts, decl.capture_opposite) {
            (Some(_), Some(at)) => {
                self.err(diag::sowing_unplayable(at, "a second way to capture", "keep one `capture` statement"));
                SowCapture::None
            }
            (Some((counts, backwards)), None) => {
                SowCapture::Counts { counts: counts.iter().fold(0, |m, c| m | 1 << c.value), backwards: *backwards }
            }
            (None, Some(_)) => SowCapture::Opposite,
            (None, None) => SowCapture::None,
        };
        if let (SowCapture::Opposite, true) = (capture, pits[0].len() != pits[1].len()) {
            self.err(unplayable(
                "`capture opposite` needs as many pits on each side",
                "give both players the same number of pits",
            ));
        }
        capture
    }

    fn goals(&mut self, custodial: Option<&Custodial>, traps: &[Trap], sowing: bool) -> Vec<Goal> {
        let Some((span, decls)) = &self.d.goals else {
            self.err(diag::missing_statement(self.file_end, "goals", "goals {\n  lose when no move\n}"));
            return Vec::new();
        };
        if decls.is_empty() && !self.is_broken("goals", "") {
            self.err(diag::missing_statement(*span, "goal", "lose when no move"));
        }
        if let Some(play_on) = decls.iter().find(|g| matches!(g.condition, ConditionDecl::PlayOn)) {
            if !decls.iter().any(|g| g.wins) {
                self.err(diag::places_without_win(play_on.span));
            }
        }
        let mut out = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        for g in decls {
            let player = match &g.player {
                Some(p) => match self.player(p) {
                    Some(i) => Some(i),
                    None => continue,
                },
                None => None,
            };
            let Some(condition) = self.condition(g, custodial, traps, sowing) else { continue };
            self.check_ending_goal(g, &condition, &out, &spans);
            spans.push(g.span);
            out.push(Goal { player, wins: g.wins, draw: g.draw, ends: g.ends, condition });
        }
        out
    }

    /// A goal's condition, checked; None where an error was found that leaves it out.
    fn condition(
        &mut self,
        g: &GoalDecl,
        custodial: Option<&Custodial>,
        traps: &[Trap],
        sowing: bool,
    ) -> Option<Condition> {
        Some(match &g.condition {
            ConditionDecl::NoMove => Condition::NoMove,
            ConditionDecl::Checkmated(at) => self.needs_royal(*at, Condition::Checkmated),
            ConditionDecl::Stalemated(at) => self.needs_royal(*at, Condition::Stalemated),
            ConditionDecl::NoPieces => Condition::NoPieces,
            ConditionDecl::BorneOff => {
                if !self.kinds.iter().any(|k| k.moves.track) {
                    self.err(diag::unreachable_goal(
                        g.span,
                        "no piece moves along a track, so none is borne off",
                        "give a piece `move along track`",
                    ));
                }
                Condition::BorneOff
            }
            ConditionDecl::Captured(k) => self.captured_goal(g.span, k, custodial, traps)?,
            ConditionDecl::Escapes(k) => self.escapes_goal(g.span, k)?,
            ConditionDecl::Reaches(k, r) => self.reaches_goal(g.span, k, r)?,
            ConditionDecl::Encircled(p) => Condition::Encircled(self.player(p)?),
            ConditionDecl::Fortified(k) => Condition::Fortified(self.kind(k)?),
            ConditionDecl::CapturedCount { n, what } => {
                let (n, kinds) = self.count_of(n, what)?;
                Condition::CapturedCount { n, kinds }
            }
            ConditionDecl::Holds(any) => {
                let groups: Vec<Option<Vec<Clause>>> =
                    any.iter().map(|all| all.iter().map(|c| self.clause(c)).collect()).collect();
                Condition::Holds { any: groups.into_iter().collect::<Option<_>>()? }
            }
            ConditionDecl::Streak { moves, classes } => {
                Condition::Streak { moves: self.bounded(moves, "a number of moves", 1, 255) as u8, classes: *classes }
            }
            ConditionDecl::InARow { n, what, exactly } => self.in_a_row_goal(g.span, n, what.as_ref(), *exactly)?,
            ConditionDecl::BoardFull => Condition::BoardFull,
            ConditionDecl::Pass => Condition::Pass,
            ConditionDecl::PassAtWill => Condition::PassAtWill,
            ConditionDecl::PlayOn => Condition::PlayOn,
            ConditionDecl::MostArea(bonus) => {
                let (bonus, to) = match bonus {
                    Some((n, p)) => {
                        let to = self.player(p)?;
                        if n.value > 2 * 999 {
                            self.err(diag::bad_number(n.span, "the points added", 0, 999));
                        }
                        (n.value.min(2 * 999) as u16, to)
                    }
                    None => (0, 0),
                };
                Condition::MostArea { bonus, to }
            }
            ConditionDecl::MostPieces => Condition::MostPieces,
            ConditionDecl::Connecting(names) => self.connecting_goal(g.span, names)?,
            ConditionDecl::PitsEmpty(at) | ConditionDecl::StoreHolds(Sp { span: at, .. }) if !sowing => {
                self.err(diag::sowing_unplayable(
                    *at,
                    "only a sowing game has pits and stores",
                    "add a `sowing { ... }` block, or use a goal about pieces",
                ));
                return None;
            }
            ConditionDecl::PitsEmpty(_) => Condition::PitsEmpty,
            ConditionDecl::StoreHolds(n) => Condition::StoreHolds(self.bounded(n, "seeds in a store", 1, 999) as u16),
            ConditionDecl::Repeated(n) => Condition::Repeated(self.bounded(n, "a number of repetitions", 2, 99) as u8),
            ConditionDecl::PerpetualCheck(n, at) => self.perpetual_goal(n, *at),
            ConditionDecl::NoProgress { moves, capture, kinds } => {
                let plies = 2 * self.bounded(moves, "a number of moves", 1, 1000) as u16;
                Condition::NoProgress { plies, capture: *capture, kinds: self.kind_mask(kinds) }
            }
        })
    }

    /// A goal about check (`checkmated`, `stalemated`, at `at`): a royal piece is needed.
    fn needs_royal(&mut self, at: Span, condition: Condition) -> Condition {
        if !self.kinds.iter().any(|k| k.royal) {
            self.err(diag::unreachable_goal(
                at,
                "no piece is royal, so no side is ever in check",
                "say `royal` in the block of the piece whose capture would end the game",
            ));
        }
        condition
    }

    /// `KIND captured`: some rule must capture the kind.
    fn captured_goal(
        &mut self,
        span: Span,
        k: &Sp<String>,
        custodial: Option<&Custodial>,
        traps: &[Trap],
    ) -> Option<Condition> {
        let kind = self.kind(k)?;
        let by_jump = self.kinds.iter().any(|k| (0..MAX_PLAYERS).any(|p| k.moves.captures_any(p)));
        let by_custody = custodial.is_some_and(|c| c.targets & (1 << kind) != 0);
        let by_trap = traps.iter().any(|t| t.kind == kind);
        if !(by_jump || by_custody || by_trap) {
            self.err(diag::unreachable_goal(
                span,
                &format!("no rule captures a `{}`", k.value),
                &format!("add `capture {} {{ ... }}`, list it in `targets`, or give a piece `jump`", k.value),
            ));
        }
        Some(Condition::Captured(kind))
    }

    /// `KIND escapes`: the kind must have a move off the board.
    fn escapes_goal(&mut self, span: Span, k: &Sp<String>) -> Option<Condition> {
        let kind = self.kind(k)?;
        if self.kinds[kind as usize].moves.leave.iter().all(|&d| d == 0) {
            self.err(diag::unreachable_goal(
                span,
                &format!("a `{}` can never leave the board", k.value),
                &format!("give `{}` a move such as `leave orthogonal`", k.value),
            ));
        }
        Some(Condition::Escapes(kind))
    }

    /// `KIND reaches REGION`: the region must have points.
    fn reaches_goal(&mut self, span: Span, k: &Sp<String>, r: &Sp<String>) -> Option<Condition> {
        let kind = self.kind(k);
        let zone = self.region(r);
        let (kind, zone) = (kind?, zone?);
        if zone.iter().all(|z| z.is_empty()) {
            self.err(diag::unreachable_goal(
                span,
                &format!("the region `{}` has no points", r.value),
                "add points to the region",
            ));
        }
        Some(Condition::Reaches(kind, zone))
    }

    /// `N [KIND] in a row [exactly]`: a line of the board must be long enough.
    fn in_a_row_goal(
        &mut self,
        span: Span,
        n: &Sp<u64>,
        what: Option<&Sp<String>>,
        exactly: bool,
    ) -> Option<Condition> {
        let kinds = match what {
            Some(w) if w.value != "pieces" => 1 << self.kind(w)?,
            _ => u16::MAX,
        };
        let in_a_row = self.bounded(n, "pieces in a row", 2, 26);
        let longest = self.board.as_ref().map_or(0, |b| b.straight_lines().iter().map(Vec::len).max().unwrap_or(1));
        if self.board.is_some() && (longest as u64) < n.value {
            self.err(diag::unreachable_goal(
                span,
                &format!("the longest straight line of the board has {}", crate::describe::plural(longest, "point")),
                "ask for fewer in a row, or add lines to the board",
            ));
        }
        Some(Condition::InARow { n: in_a_row as u8, kinds, exactly })
    }

    /// `connecting REGION REGION...`: every region must have points.
    fn connecting_goal(&mut self, span: Span, names: &[Sp<String>]) -> Option<Condition> {
        let regions: Vec<[PointSet; MAX_PLAYERS]> = names.iter().filter_map(|r| self.region(r)).collect();
        if regions.len() < names.len() {
            return None;
        }
        if let Some(r) = names.iter().zip(&regions).find(|(_, z)| z.iter().all(PointSet::is_empty)) {
            self.err(diag::unreachable_goal(
                span,
                &format!("the region `{}` has no points", r.0.value),
                "add points to the region",
            ));
        }
        Some(Condition::Connects(regions))
    }

    /// `perpetual check N times`: a sensible count, and a royal piece to check.
    fn perpetual_goal(&mut self, n: &Sp<u64>, at: Span) -> Condition {
        let times = self.bounded(n, "a number of repetitions", 2, 99);
        if !self.kinds.iter().any(|k| k.royal) {
            self.err(diag::unreachable_goal(
                at,
                "no piece is royal, so no move ever gives check",
                "say `royal` in the block of the piece whose capture would end the game",
            ));
        }
        Condition::PerpetualCheck(times as u8)
    }

    /// `n`, reported if it is not from `least` to `most`, and brought within them.
    fn bounded(&mut self, n: &Sp<u64>, what: &str, least: u64, most: u64) -> u64 {
        if !(least..=most).contains(&n.value) {
            self.err(diag::bad_number(n.span, what, least, most));
        }
        n.value.clamp(least, most)
    }

    /// The rules every goal's condition shares: one rule of each ending kind
    /// (repetition, perpetual check, no progress, streak; `out` and `spans`
    /// are the goals so far), and only some conditions after `end when`.
    fn check_ending_goal(&mut self, g: &GoalDecl, condition: &Condition, out: &[Goal], spans: &[Span]) {
        let ending = matches!(
            condition,
            Condition::Repeated(_)
                | Condition::PerpetualCheck(_)
                | Condition::NoProgress { .. }
                | Condition::Streak { .. }
        );
        if let Some(first) = out.iter().zip(spans).find(|(o, _): &(&Goal, _)| {
            ending && std::mem::discriminant(&o.condition) == std::mem::discriminant(condition)
        }) {
            let what = match condition {
                Condition::Repeated(_) => "a repetition rule",
                Condition::PerpetualCheck(_) => "a perpetual check rule",
                Condition::Streak { .. } => "a rule on moves in a row (`after N moves in a row ...`)",
                _ => "a no-progress rule (`draw after ...`)",
            };
            self.err(diag::duplicate_statement(g.span, *first.1, what));
        }
        if g.ends && !matches!(condition, Condition::NoMove | Condition::Repeated(_) | Condition::PitsEmpty) {
            self.err(diag::wrong_argument(
                g.span,
                "this condition",
                "`no move`, `position repeated N times` or `pits empty` after `end when`",
                "end when no move",
            ));
        }
    }

    fn announcements(&mut self) -> Vec<Announcement> {
        let d = self.d;
        d.announcements
            .iter()
            .filter_map(|a| {
                let after = self.player(&a.after);
                let kind = self.kind(&a.kind);
                let dirs = self.absolute_directions(&a.dirs, 0);
                Some(Announcement { text: a.text.value.clone(), after: after?, kind: kind?, dirs })
            })
            .collect()
    }

    fn unowned_kinds(
        &mut self,
        setup: &[(PlayerId, KindId, Point)],
        hand: &[(PlayerId, KindId, u8)],
        supply: &[(PlayerId, KindId)],
    ) {
        let d = self.d;
        for (i, p) in d.pieces.iter().enumerate() {
            let placed = setup.iter().any(|s| s.1 as usize == i)
                || hand.iter().any(|h| h.1 as usize == i)
                || supply.iter().any(|h| h.1 as usize == i);
            let promoted = self.kinds.iter().any(|k| {
                k.promotion.as_ref().is_some_and(|pr| pr.into as usize == i)
                    || k.shoot.is_some_and(|s| s.0 as usize == i)
            });
            if !placed && !promoted && !p.moves.is_empty() {
                self.err(diag::unowned_kind(p.name.span, &p.name.value));
            }
        }
    }
}

fn single_capital(s: &str) -> Option<char> {
    let mut c = s.chars();
    match (c.next(), c.next()) {
        (Some(l), None) if l.is_ascii_uppercase() => Some(l),
        _ => None,
    }
}

/// The rules of race games beside the tracks, as [`Game`] holds them.
struct RaceRules {
    stacks: Option<u8>,
    enter_first: bool,
    bear_off_from: Option<[PointSet; MAX_PLAYERS]>,
    bear_off_higher: bool,
    another_turn_rolls: u128,
    enter_rolls: u128,
    swap_places: bool,
    safe_rows: Option<u8>,
    block_rows: Option<u8>,
    must_stop: Option<PointSet>,
    landing_returns: Vec<(PointSet, Point)>,
}
