//! The board as an SVG picture, from the board's own coordinates: lines
//! between linked points (or squares, where the board is a grid of cells),
//! the sites and zones the file marks, pieces in each player's colour with
//! their kinds told apart, coordinates on the edges, the last move, the
//! captured points, and the pieces in hand.

use super::owners;
use crate::engine::{cell, kind_of, owner, Cell, Engine, Move, MoveType, Position};
use crate::game::{Board, Condition, Drawing, Game, Point, PointSet, NONE};
use std::fmt::Write;

/// Pixels between two neighbouring lattice points.
pub const STEP: f64 = 56.0;
/// Room for the coordinates around the board.
const MARGIN: f64 = 30.0;
/// The pieces' radius, as a share of a step.
const PIECE: f64 = 0.36;

/// What to draw besides the position.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// The move that led to the position, and the position before it.
    pub last: Option<(&'a Position, &'a Move)>,
    /// Adds a transparent target on every point (`data-point="LABEL"`) and on
    /// the pieces in hand (`data-hand="PLAYER:KIND"`) for a page to click.
    pub interactive: bool,
}

/// How the board is drawn: lines between points, or squares where the
/// points form a full grid or a chequerboard (draughts, tafl, shogi boards);
/// a file may say which (`drawn as squares|intersections|holes`). `Cells` is
/// a square for each point and no more (a board with gaps, like Ur's);
/// `Holes` a hole for each point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    Lines,
    Squares {
        chequered: bool,
    },
    /// Every square a point, dark and light in turn (a1 dark): chess.
    Chequerboard,
    Cells,
    Holes,
    Hexagons,
}

/// The style the file asks for (`drawn as ...`), or else the one the
/// board's shape suggests: squares when every point of the lattice is a
/// point (and diagonals, if any, join every square), or exactly one colour
/// of a chequerboard; lines otherwise (Alquerque's diagonals through every
/// other point, triangles, crosses and tracks).
pub fn style(board: &Board) -> Style {
    match (board.drawn, shape(board)) {
        (None, auto) => auto,
        (Some(Drawing::Squares), squares @ Style::Squares { .. }) => squares,
        (Some(Drawing::Squares), _) => Style::Cells,
        (Some(Drawing::Chequerboard), _) => Style::Chequerboard,
        (Some(Drawing::Intersections), _) => Style::Lines,
        (Some(Drawing::Holes), _) => Style::Holes,
        (Some(Drawing::Hexagons), _) => Style::Hexagons,
    }
}

/// The style the board's shape suggests (what a file without `drawn` gets).
/// A special site on a board of lines or holes: a disc wider than a piece,
/// so that a piece on it leaves a ring showing.
fn site_disc(out: &mut String, cx: f64, cy: f64) {
    let _ = writeln!(
        out,
        "<circle class=\"site\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#b9955a\" stroke=\"#5a4630\" stroke-width=\"2\"/>",
        STEP * 0.45
    );
}

fn shape(board: &Board) -> Style {
    let (w, h) = (board.width.max(1) as i64, board.height.max(1) as i64);
    let n = board.len() as i64;
    let diagonal_links = (0..board.len() as Point)
        .flat_map(|p| [1u8, 3].map(move |d| (p, d)))
        .filter(|&(p, d)| board.step(p, d) != NONE)
        .count() as i64;
    if n == w * h && (diagonal_links == 0 || diagonal_links == 2 * (w - 1) * (h - 1)) {
        return Style::Squares { chequered: false };
    }
    let parity = board.coords.first().map_or(0, |&(x, y)| (x + y).rem_euclid(2));
    let one_colour = board.coords.iter().all(|&(x, y)| (x + y).rem_euclid(2) == parity);
    let half = (w * h + if parity == 0 { 1 } else { 0 }) / 2;
    let half = if (w * h) % 2 == 0 { w * h / 2 } else { half };
    if w > 1 && h > 1 && one_colour && n == half {
        return Style::Squares { chequered: true };
    }
    Style::Lines
}

/// A player's piece colours: fill, outline, and the mark drawn on it.
#[derive(Clone, Copy)]
struct Colours {
    fill: &'static str,
    stroke: &'static str,
    mark: &'static str,
}

const LIGHT: Colours = Colours { fill: "#f7f1e3", stroke: "#3b3125", mark: "#3b3125" };
const DARK: Colours = Colours { fill: "#2d2a26", stroke: "#0d0c0b", mark: "#f2e6c9" };

/// Pieces of players named for a colour other than black and white.
const NAMED: [(&str, Colours); 6] = [
    ("red", Colours { fill: "#c0392b", stroke: "#641e16", mark: "#fdebd0" }),
    ("blue", Colours { fill: "#2471a3", stroke: "#153e5c", mark: "#eaf2f8" }),
    ("yellow", Colours { fill: "#f4d03f", stroke: "#7d6608", mark: "#3b3125" }),
    ("green", Colours { fill: "#229954", stroke: "#0b5345", mark: "#eafaf1" }),
    ("purple", Colours { fill: "#7d3c98", stroke: "#4a235a", mark: "#f5eef8" }),
    ("orange", Colours { fill: "#e67e22", stroke: "#7e5109", mark: "#3b3125" }),
];

/// The colours of each player: a name that says red, blue, yellow, green,
/// purple or orange gives that colour; one that says white or black
/// decides; otherwise, of two players, the one who moves first is dark (the
/// convention of tafl's attackers) and the other light, and of more, each
/// a colour of its own in turn order.
fn colours(game: &Game) -> Vec<Colours> {
    let says = |i: usize, word: &str| {
        let p = &game.players[i];
        p.name.to_ascii_lowercase().contains(word)
    };
    (0..game.players.len())
        .map(|i| {
            if let Some((_, c)) = NAMED.iter().find(|(word, _)| says(i, word)) {
                return *c;
            }
            if game.players.len() > 2 && !says(i, "white") && !says(i, "black") {
                return NAMED[i % NAMED.len()].1;
            }
            let dark = if says(i, "white") || says(i, "black") { says(i, "black") } else { i == game.first as usize };
            if dark {
                DARK
            } else {
                LIGHT
            }
        })
        .collect()
}

/// Kinds drawn with a crown: a kind promoted into, or one a goal is about
/// (captured, escaped, reaching a zone), unless it is the only kind its
/// owners have.
fn crowned(game: &Game, kind: usize) -> bool {
    let first_of_owner = (0..game.players.len())
        .filter(|&p| owners(game, kind) & (1 << p) != 0)
        .all(|p| (0..kind).all(|k| owners(game, k) & (1 << p) == 0));
    if first_of_owner {
        return false;
    }
    // A promotion with a choice has its kinds told by their letters.
    let promoted = game
        .kinds
        .iter()
        .any(|k| k.promotion.as_ref().is_some_and(|pr| pr.into as usize == kind && pr.or_into.is_empty()));
    let goal = game.goals.iter().any(|g| match g.condition {
        Condition::Captured(k) | Condition::Escapes(k) | Condition::Reaches(k, _) => k as usize == kind,
        _ => false,
    });
    promoted || goal
}

/// Whether a kind is told by its letter: not crowned, and not the first
/// kind its owners have.
fn lettered(game: &Game, kind: usize) -> bool {
    let first = (0..game.players.len())
        .filter(|&p| owners(game, kind) & (1 << p) != 0)
        .all(|p| (0..kind).all(|k| owners(game, k) & (1 << p) == 0));
    !first && !crowned(game, kind)
}

/// Text safe inside an SVG element or attribute.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The lattice step of each direction, clockwise from north (as `game::DIRECTION_NAMES`).
const STEPS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Where lattice points fall in the picture.
pub struct Frame {
    width: i32,
    height: i32,
    /// Hexagons: each row shifted half a cell right of the one below, rows
    /// closer together (neighbours along `lines hexagonal` one cell apart).
    hex: bool,
}

/// The height of a row of hexagons, in cells.
const HEX_ROW: f64 = 0.866_025_403_784_438_6;

impl Frame {
    pub fn of(board: &Board) -> Frame {
        Frame { width: board.width.max(1), height: board.height.max(1), hex: board.drawn == Some(Drawing::Hexagons) }
    }
    /// The centre of lattice point (x, y), in pixels.
    pub fn at(&self, x: i32, y: i32) -> (f64, f64) {
        let row = (self.height - 1 - y) as f64;
        if self.hex {
            return (MARGIN + (x as f64 + 0.5 + 0.5 * y as f64) * STEP, MARGIN + (row * HEX_ROW + 0.5) * STEP);
        }
        (MARGIN + (x as f64 + 0.5) * STEP, MARGIN + (row + 0.5) * STEP)
    }
    fn board_size(&self) -> (f64, f64) {
        if self.hex {
            let rows = (self.height - 1) as f64;
            return ((self.width as f64 + 0.5 * rows) * STEP, (rows * HEX_ROW + 1.0) * STEP);
        }
        (self.width as f64 * STEP, self.height as f64 * STEP)
    }
    /// Where a piece leaving from `p` in direction `d` is drawn: a step past the edge.
    pub fn exit(&self, board: &Board, p: Point, d: u8) -> (f64, f64) {
        let mut q = p;
        while board.step(q, d) != NONE {
            q = board.step(q, d);
        }
        let (x, y) = board.coords[q as usize];
        let (dx, dy) = STEPS[d as usize % 8];
        let (cx, cy) = self.at(x, y);
        (cx + dx as f64 * STEP * 0.78, cy - dy as f64 * STEP * 0.78)
    }
}

/// The points taken by the move from `before` to `after`: the other side's
/// pieces that are gone (or changed sides).
pub fn captured(before: &Position, after: &Position, board_len: usize) -> PointSet {
    let mut set = PointSet::default();
    let mover = before.turn;
    for p in 0..board_len as Point {
        let was = before.at(p);
        if was != 0 && owner(was) != mover && (after.at(p) == 0 || owner(after.at(p)) != owner(was)) {
            set.insert(p);
        }
    }
    set
}

/// Sites the file restricts or makes hostile (thrones, corners), gives
/// another turn on, or makes safe (rosettes).
fn sites(game: &Game) -> PointSet {
    game.stops
        .iter()
        .map(|r| r.region)
        .chain(game.hostile.iter().map(|h| h.region))
        .chain(game.another_turn)
        .chain(game.kinds.iter().flat_map(|k| k.safe))
        .fold(PointSet::default(), |a, b| a.union(&b))
}

/// Each player's track, as a dashed line through its points (a little to
/// one side, so shared stretches show each): of two players, in two hues
/// that read on the board whatever the pieces' colours; of more, in each
/// player's colour.
fn tracks(out: &mut String, game: &Game, frame: &Frame) {
    const HUES: [&str; 2] = ["#2f6db3", "#b8432f"];
    let n = game.players.len();
    let own = colours(game);
    for (pl, track) in game.tracks.iter().enumerate().take(n) {
        if track.len() < 2 {
            continue;
        }
        let shift = match n {
            2 if pl == 0 => 7.0,
            2 => -7.0,
            _ => -9.0 + 18.0 * pl as f64 / (n - 1) as f64,
        };
        let hue = if n == 2 { HUES[pl % 2] } else { own[pl].fill };
        let mut d = String::new();
        for (i, &p) in track.iter().enumerate() {
            let (x, y) = game.board.coords[p as usize];
            let (cx, cy) = frame.at(x, y);
            let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, cx + shift, cy + shift);
        }
        let _ = writeln!(
            out,
            "<path class=\"track\" d=\"{d}\" fill=\"none\" stroke=\"{hue}\" stroke-opacity=\"0.6\" stroke-width=\"3\" stroke-dasharray=\"8 5\"/>"
        );
    }
}

/// Each player's zones: where its pieces promote or reach a goal.
fn zones(game: &Game) -> Vec<PointSet> {
    (0..game.players.len())
        .map(|pl| {
            let mut s = PointSet::default();
            for k in &game.kinds {
                if let Some(pr) = &k.promotion {
                    s = s.union(&pr.zone[pl]);
                }
            }
            for g in &game.goals {
                if let Condition::Reaches(_, z) = &g.condition {
                    s = s.union(&z[pl]);
                }
            }
            s
        })
        .collect()
}

/// Draws `pos` as an SVG document.
pub fn svg(engine: &Engine, pos: &Position, opts: &Options) -> String {
    let game = &engine.game;
    let board = &game.board;
    let frame = Frame::of(board);
    let (bw, bh) = frame.board_size();
    let hand_rows = hand_lines(engine, pos);
    // Under the board: the pieces in hand, or a sowing game's stores.
    let rows_under = if engine.sows() { game.players.len() } else { hand_rows.len() };
    let hand_height = if rows_under == 0 { 0.0 } else { 12.0 + rows_under as f64 * STEP * 0.7 };
    let (width, height) = (bw + 2.0 * MARGIN, bh + 2.0 * MARGIN + hand_height);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" \
         role=\"{}\" font-family=\"sans-serif\">\n<title>{}</title>",
        // A picture, or a group of points to click (whose labels a screen reader reads).
        if opts.interactive { "group" } else { "img" },
        escape(&game.name)
    );
    let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#f3e3bf\"/>");
    let style = style(board);
    ground(&mut out, engine, &frame, style);
    coordinates(&mut out, board, &frame);
    if let Some((before, mv)) = opts.last {
        last_move(&mut out, engine, &frame, before, mv);
    }
    pieces(&mut out, engine, pos, &frame);
    if let Some((before, _)) = opts.last {
        for p in captured(before, pos, board.len()).iter() {
            let (x, y) = board.coords[p as usize];
            let (cx, cy) = frame.at(x, y);
            let r = STEP * 0.2;
            let _ = writeln!(
                out,
                "<path class=\"captured\" d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\" stroke=\"#c0392b\" stroke-width=\"4\" stroke-linecap=\"round\"/>",
                cx - r, cy - r, cx + r, cy + r, cx - r, cy + r, cx + r, cy - r
            );
        }
    }
    hands(&mut out, engine, &hand_rows, bh + 2.0 * MARGIN, opts.interactive);
    stores(&mut out, engine, pos, bh + 2.0 * MARGIN);
    if opts.interactive {
        for p in 0..board.len() {
            let (x, y) = board.coords[p];
            let (cx, cy) = frame.at(x, y);
            let _ = writeln!(
                out,
                "<circle class=\"hit\" data-point=\"{}\" data-name=\"{}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"transparent\"/>",
                escape(&board.labels[p]),
                escape(&point_name(engine, pos, p as Point)),
                STEP * 0.46
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A point as a screen reader says it: "white man on c3", or "c4, empty".
fn point_name(engine: &Engine, pos: &Position, p: Point) -> String {
    let game = &engine.game;
    let label = &game.board.labels[p as usize];
    if let Some(n) = engine.seeds_on(pos, p) {
        return format!("{label}, {}", crate::describe::plural(n as usize, "seed"));
    }
    match (pos.at(p), engine.height(pos, p)) {
        (0, _) => format!("{label}, empty"),
        (c, 1) => {
            format!("{} {} on {label}", game.players[owner(c) as usize].name, game.kinds[kind_of(c) as usize].name)
        }
        (c, n) => {
            let player = &game.players[owner(c) as usize].name;
            let kinds =
                crate::describe::plural(n as usize, &format!("{player} {}", game.kinds[kind_of(c) as usize].name));
            format!("{kinds} on {label}")
        }
    }
}

/// The board itself: squares, lines or holes, sites, zones, and the points.
fn ground(out: &mut String, engine: &Engine, frame: &Frame, style: Style) {
    let game = &engine.game;
    let board = &game.board;
    let special = sites(game);
    match style {
        Style::Lines | Style::Holes => lines(out, board, frame, style),
        _ => cells(out, board, frame, &special, style),
    }
    tracks(out, game, frame);
    zone_bands(out, board, frame, &zones(game), &colours(game), style);
    point_marks(out, board, frame, &special, style);
    square_numbers(out, board, frame);
}

/// A site (throne, corner, rosette) on a square: a frame inside the
/// square and a cross, both reaching past a piece on it, so it shows
/// around the piece.
fn site_cross(out: &mut String, cx: f64, cy: f64) {
    let half = STEP / 2.0;
    let r = half - 4.0;
    let _ = writeln!(
        out,
        "<rect class=\"site\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#5a4630\" stroke-width=\"2\"/>",
        cx - r,
        cy - r,
        2.0 * r,
        2.0 * r
    );
    let r = half - 6.0;
    let _ = writeln!(
        out,
        "<path class=\"site\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#5a4630\" stroke-width=\"1.5\"/>",
        cx - r,
        cy - r,
        cx + r,
        cy + r,
        cx - r,
        cy + r,
        cx + r,
        cy - r
    );
}

/// The squares or hexagons of a board drawn as cells, sites marked.
fn cells(out: &mut String, board: &Board, frame: &Frame, special: &PointSet, style: Style) {
    match style {
        Style::Chequerboard => chequerboard(out, board, frame, special),
        Style::Squares { chequered } => squares(out, board, frame, special, chequered),
        Style::Hexagons => {
            // Pointy-topped hexagons, a cell wide across the flats.
            let r = STEP / 3f64.sqrt();
            for (p, &(x, y)) in board.coords.iter().enumerate() {
                let (cx, cy) = frame.at(x, y);
                let fill = if special.contains(p as Point) { "#b9955a" } else { "#e6c98f" };
                let corners: Vec<String> = (0..6)
                    .map(|i| {
                        let a = std::f64::consts::PI / 3.0 * i as f64 - std::f64::consts::FRAC_PI_2;
                        format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#5a4630\" stroke-width=\"1.5\"/>",
                    corners.join(" ")
                );
            }
        }
        Style::Cells => {
            let fill = |_, site: bool| if site { "#b9955a" } else { "#e6c98f" };
            square_cells(out, board, frame, special, " stroke=\"#5a4630\" stroke-width=\"2\"", fill);
        }
        Style::Lines | Style::Holes => {}
    }
}

/// A chequerboard's squares, dark and light, the special ones marked.
fn chequerboard(out: &mut String, board: &Board, frame: &Frame, special: &PointSet) {
    let (bw, bh) = frame.board_size();
    let fill = |(x, y): (i32, i32), site: bool| match ((x + y).rem_euclid(2) == 0, site) {
        (_, true) => "#b9955a",
        (true, false) => "#9c7450",
        (false, false) => "#f0dcb0",
    };
    square_cells(out, board, frame, special, "", fill);
    let _ = writeln!(
        out,
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{bw}\" height=\"{bh}\" fill=\"none\" stroke=\"#5a4630\" stroke-width=\"2\"/>"
    );
}

/// Squares drawn one by one, chequered or plain, the special ones marked.
fn squares(out: &mut String, board: &Board, frame: &Frame, special: &PointSet, chequered: bool) {
    let (bw, bh) = frame.board_size();
    let light = if chequered { "#f0dcb0" } else { "#e6c98f" };
    let _ = writeln!(
        out,
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{bw}\" height=\"{bh}\" fill=\"{light}\" stroke=\"#5a4630\" stroke-width=\"2\"/>"
    );
    let fill = |_, site: bool| match (site, chequered) {
        (true, _) => "#b9955a",
        (false, true) => "#9c7450",
        (false, false) => light,
    };
    let stroke =
        if chequered { " stroke=\"#5a4630\" stroke-width=\"0\"" } else { " stroke=\"#5a4630\" stroke-width=\"1\"" };
    square_cells(out, board, frame, special, stroke, fill);
}

/// A square for each point, filled as `fill(coordinates, special)` says and
/// outlined by the `stroke` attributes; special sites crossed.
fn square_cells(
    out: &mut String,
    board: &Board,
    frame: &Frame,
    special: &PointSet,
    stroke: &str,
    fill: impl Fn((i32, i32), bool) -> &'static str,
) {
    let half = STEP / 2.0;
    for (p, &(x, y)) in board.coords.iter().enumerate() {
        let (cx, cy) = frame.at(x, y);
        let site = special.contains(p as Point);
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{STEP}\" height=\"{STEP}\" fill=\"{}\"{stroke}/>",
            cx - half,
            cy - half,
            fill((x, y), site)
        );
        if site {
            site_cross(out, cx, cy);
        }
    }
}

/// The lines between the points (under holes, only where the board is not
/// a plain grid), and a river's name.
fn lines(out: &mut String, board: &Board, frame: &Frame, style: Style) {
    if let Some(r) = board.river {
        // The river's name across its middle.
        let (x0, y0) = frame.at(0, r);
        let (x1, y1) = frame.at(board.width - 1, r + 1);
        let _ = writeln!(
            out,
            "<text class=\"river\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" dominant-baseline=\"middle\" font-size=\"{}\" fill=\"#5a4630\" font-style=\"italic\">river</text>",
            (x0 + x1) / 2.0,
            (y0 + y1) / 2.0,
            STEP * 0.35
        );
    }
    // Under holes, the lines only where the board is not a plain grid
    // (where a line may not join every neighbour).
    let width = match style {
        Style::Lines => "2.5",
        _ if shape(board) == Style::Lines => "1.5",
        _ => "0",
    };
    for p in 0..board.len() as Point {
        for d in 0..8u8 {
            let q = board.step(p, d);
            if q == NONE || q < p || width == "0" {
                continue;
            }
            // Across a river, only the edge files' lines are drawn.
            let ((px, py), (_, qy)) = (board.coords[p as usize], board.coords[q as usize]);
            let crosses = board.river.is_some_and(|r| py.min(qy) <= r && py.max(qy) > r);
            if crosses && px != 0 && px != board.width - 1 {
                continue;
            }
            let (x0, y0) = frame.at(board.coords[p as usize].0, board.coords[p as usize].1);
            let (x1, y1) = frame.at(board.coords[q as usize].0, board.coords[q as usize].1);
            let _ = writeln!(
                out,
                "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\" stroke=\"#5a4630\" stroke-width=\"{width}\"/>"
            );
        }
    }
}

/// Zones: a band of the player's colour inside each point's square.
fn zone_bands(out: &mut String, board: &Board, frame: &Frame, zones: &[PointSet], colours: &[Colours], style: Style) {
    let half = STEP / 2.0;
    for (pl, zone) in zones.iter().enumerate() {
        for p in zone.iter() {
            let (cx, cy) = frame.at(board.coords[p as usize].0, board.coords[p as usize].1);
            let r = match style {
                Style::Lines => STEP * 0.3,
                Style::Holes => STEP * 0.44,
                _ => half - 3.0,
            };
            let _ = writeln!(
                out,
                "<rect class=\"zone\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.7\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>",
                cx - r,
                cy - r,
                2.0 * r,
                2.0 * r,
                colours[pl].fill
            );
        }
    }
}

/// The points of a board drawn as lines (a dot, a site's diamond) or holes.
fn point_marks(out: &mut String, board: &Board, frame: &Frame, special: &PointSet, style: Style) {
    for (p, &(x, y)) in board.coords.iter().enumerate() {
        let (cx, cy) = frame.at(x, y);
        let site = special.contains(p as Point);
        if style == Style::Lines && site {
            // A disc wider than a piece, so a piece on the site leaves a
            // ring of it showing, and a diamond on it.
            let r = STEP * 0.22;
            site_disc(out, cx, cy);
            let _ = writeln!(
                out,
                "<rect class=\"site\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#b9955a\" stroke=\"#5a4630\" stroke-width=\"2\" transform=\"rotate(45 {cx} {cy})\"/>",
                cx - r,
                cy - r,
                2.0 * r,
                2.0 * r
            );
        } else if style == Style::Lines {
            let _ = writeln!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"5\" fill=\"#5a4630\"/>");
        } else if style == Style::Holes {
            if site {
                site_disc(out, cx, cy);
            }
            let _ = writeln!(
                out,
                "<circle class=\"hole\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#4e3823\" stroke=\"#c9a56f\" stroke-width=\"2.5\"/>",
                STEP * 0.3
            );
        }
    }
}

/// Square numbers (PDN), where the board numbers its points.
fn square_numbers(out: &mut String, board: &Board, frame: &Frame) {
    let half = STEP / 2.0;
    if let Some(numbers) = &board.numbers {
        for (p, n) in numbers.iter().enumerate() {
            let (cx, cy) = frame.at(board.coords[p].0, board.coords[p].1);
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#f3e3bf\">{n}</text>",
                cx - half + 3.0,
                cy - half + 11.0
            );
        }
    }
}

/// File letters below and above, rank numbers left and right.
fn coordinates(out: &mut String, board: &Board, frame: &Frame) {
    let (bw, bh) = frame.board_size();
    let mut files: Vec<(i32, char)> = Vec::new();
    let mut ranks: Vec<(i32, String)> = Vec::new();
    for (i, l) in board.labels.iter().enumerate() {
        let (x, y) = board.coords[i];
        if let Some(f) = l.chars().next().filter(|c| c.is_ascii_lowercase()) {
            if !files.iter().any(|(fx, _)| *fx == x) {
                files.push((x, f));
            }
        }
        let rank = l.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        if !rank.is_empty() && !ranks.iter().any(|(ry, _)| *ry == y) {
            ranks.push((y, rank.to_string()));
        }
    }
    files.sort();
    ranks.sort();
    let attrs = "font-size=\"14\" fill=\"#5a4630\" text-anchor=\"middle\" dominant-baseline=\"central\"";
    if frame.hex {
        // Along the slanted edges: files under the bottom row and over the top one,
        // ranks left of each row's first cell and right of its last.
        let top = frame.height - 1;
        for (x, f) in &files {
            let (bx, by) = frame.at(*x, 0);
            let (tx, ty) = frame.at(*x, top);
            let _ = writeln!(out, "<text x=\"{bx}\" y=\"{}\" {attrs}>{f}</text>", by + STEP * 0.8);
            let _ = writeln!(out, "<text x=\"{tx}\" y=\"{}\" {attrs}>{f}</text>", ty - STEP * 0.8);
        }
        for (y, r) in &ranks {
            let (lx, ly) = frame.at(0, *y);
            let (rx, _) = frame.at(frame.width - 1, *y);
            let _ = writeln!(out, "<text x=\"{}\" y=\"{ly}\" {attrs}>{}</text>", lx - STEP * 0.8, escape(r));
            let _ = writeln!(out, "<text x=\"{}\" y=\"{ly}\" {attrs}>{}</text>", rx + STEP * 0.8, escape(r));
        }
        return;
    }
    for (x, f) in files {
        let (cx, _) = frame.at(x, 0);
        for y in [MARGIN / 2.0, MARGIN * 1.5 + bh] {
            let _ = writeln!(out, "<text x=\"{cx}\" y=\"{y}\" {attrs}>{f}</text>");
        }
    }
    for (y, r) in ranks {
        let (_, cy) = frame.at(0, y);
        for x in [MARGIN / 2.0, MARGIN * 1.5 + bw] {
            let _ = writeln!(out, "<text x=\"{x}\" y=\"{cy}\" {attrs}>{}</text>", escape(&r));
        }
    }
}

/// The last move: its start and end shaded, the path of a capture drawn.
fn last_move(out: &mut String, engine: &Engine, frame: &Frame, before: &Position, mv: &Move) {
    let board = engine.board();
    let at = |p: Point| frame.at(board.coords[p as usize].0, board.coords[p as usize].1);
    let mut points: Vec<(f64, f64)> = Vec::new();
    if mv.from != NONE {
        points.push(at(mv.from));
    }
    match mv.kind {
        MoveType::Jumps => points.extend(mv.landings().iter().map(|&p| at(p))),
        MoveType::Leave => points.push(frame.exit(board, mv.from, mv.dir)),
        MoveType::Plain | MoveType::Enter if mv.to != NONE => points.push(at(mv.to)),
        _ => {}
    }
    let _ = before;
    let r = STEP * 0.47;
    for &(cx, cy) in points.iter().take(1).chain(points.last()) {
        let _ = writeln!(
            out,
            "<rect class=\"last\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"6\" fill=\"#f5c542\" fill-opacity=\"0.55\"/>",
            cx - r,
            cy - r,
            2.0 * r,
            2.0 * r
        );
    }
    if points.len() > 1 {
        let d: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1} {y:.1}")).collect();
        let _ = writeln!(
            out,
            "<path class=\"last-path\" d=\"M{}\" fill=\"none\" stroke=\"#d68910\" stroke-width=\"4\" stroke-opacity=\"0.8\" stroke-linejoin=\"round\" stroke-dasharray=\"8 5\"/>",
            d.join("L")
        );
    }
}

/// One piece drawn at (cx, cy) with radius `r`.
fn piece(out: &mut String, game: &Game, c: Cell, cx: f64, cy: f64, r: f64) {
    let colours = colours(game);
    let col = colours[owner(c) as usize];
    let kind = kind_of(c) as usize;
    let _ = writeln!(
        out,
        "<circle class=\"piece\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
        col.fill, col.stroke
    );
    let _ = writeln!(
        out,
        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"1.5\"/>",
        r * 0.72,
        col.mark
    );
    if crowned(game, kind) {
        // A crown: a band and three points.
        let (w, h) = (r * 1.1, r * 0.8);
        let (x0, y0) = (cx - w / 2.0, cy + h / 2.0);
        let _ = writeln!(
            out,
            "<path class=\"crown\" d=\"M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z\" fill=\"#d4a017\"/>",
            x0,
            y0,
            x0,
            y0 - h,
            x0 + w * 0.25,
            y0 - h * 0.45,
            x0 + w * 0.5,
            y0 - h * 1.05,
            x0 + w * 0.75,
            y0 - h * 0.45,
            x0 + w,
            y0 - h,
            x0 + w,
            y0,
        );
    } else if lettered(game, kind) {
        let _ = writeln!(
            out,
            "<text x=\"{cx:.1}\" y=\"{cy:.1}\" font-size=\"{:.0}\" font-weight=\"bold\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            r * 1.1,
            col.mark,
            escape(&game.kinds[kind].letter.to_string())
        );
    }
}

fn pieces(out: &mut String, engine: &Engine, pos: &Position, frame: &Frame) {
    let board = engine.board();
    if engine.sows() {
        return pits(out, engine, pos, frame);
    }
    for p in 0..board.len() as Point {
        let c = pos.at(p);
        if c != 0 {
            let (cx, cy) = frame.at(board.coords[p as usize].0, board.coords[p as usize].1);
            piece(out, &engine.game, c, cx, cy, STEP * PIECE);
            let height = engine.height(pos, p);
            if height > 1 {
                // A stack: its height on the top piece.
                let col = colours(&engine.game)[owner(c) as usize];
                let _ = writeln!(
                    out,
                    "<text class=\"stack\" x=\"{cx:.1}\" y=\"{cy:.1}\" font-size=\"{:.0}\" font-weight=\"bold\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">{height}</text>",
                    STEP * PIECE * 1.1,
                    col.mark
                );
            }
        }
    }
}

/// A sowing game's pits and stores: a hollow each, with its count of seeds.
fn pits(out: &mut String, engine: &Engine, pos: &Position, frame: &Frame) {
    let board = engine.board();
    for p in 0..board.len() as Point {
        let Some(n) = engine.seeds_on(pos, p) else { continue };
        let (cx, cy) = frame.at(board.coords[p as usize].0, board.coords[p as usize].1);
        let _ = writeln!(
            out,
            "<circle class=\"pit\" cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\" fill=\"#7a5a3a\" stroke=\"#4a3520\" stroke-width=\"2\"/>",
            STEP * 0.4
        );
        if n > 0 {
            let _ = writeln!(
                out,
                "<text class=\"seeds\" x=\"{cx}\" y=\"{cy}\" font-size=\"{:.0}\" font-weight=\"bold\" fill=\"#fdf6e3\" text-anchor=\"middle\" dominant-baseline=\"central\">{n}</text>",
                STEP * 0.36
            );
        }
    }
}

/// A sowing game's stores, a line per player under the board.
fn stores(out: &mut String, engine: &Engine, pos: &Position, top: f64) {
    if !engine.sows() {
        return;
    }
    let game = &engine.game;
    for (i, player) in game.players.iter().enumerate() {
        let cy = top + (i as f64 + 0.5) * STEP * 0.7;
        let n = engine.stored(pos, i as u8) as usize;
        let _ = writeln!(
            out,
            "<text class=\"store\" x=\"{MARGIN}\" y=\"{cy}\" font-size=\"14\" fill=\"#3b3125\" dominant-baseline=\"central\">{} in store: {}</text>",
            escape(&player.name),
            escape(&crate::describe::plural(n, "seed"))
        );
    }
}

/// The pieces in hand, a row per player who holds any: (player, [(kind, count)]).
type HandRow = (usize, Vec<(usize, u8)>);

fn hand_lines(engine: &Engine, pos: &Position) -> Vec<HandRow> {
    let game = &engine.game;
    (0..game.players.len())
        .filter_map(|pl| {
            let held: Vec<(usize, u8)> = (0..game.kinds.len())
                .map(|k| (k, engine.counted_in_hand(pos, pl as u8, k as u8)))
                .filter(|&(_, n)| n > 0)
                .collect();
            (!held.is_empty()).then_some((pl, held))
        })
        .collect()
}

fn hands(out: &mut String, engine: &Engine, rows: &[HandRow], top: f64, interactive: bool) {
    let game = &engine.game;
    for (i, (pl, held)) in rows.iter().enumerate() {
        let cy = top + (i as f64 + 0.5) * STEP * 0.7;
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{cy}\" font-size=\"14\" fill=\"#3b3125\" dominant-baseline=\"central\">{} in hand:</text>",
            escape(&game.players[*pl].name)
        );
        let mut x = MARGIN + 150.0;
        for &(k, n) in held {
            piece(out, game, cell(*pl as u8, k as u8), x, cy, STEP * 0.28);
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{cy}\" font-size=\"14\" fill=\"#3b3125\" dominant-baseline=\"central\">× {}</text>",
                x + STEP * 0.4,
                escape(&crate::describe::plural(n as usize, &game.kinds[k].name))
            );
            if interactive {
                let name = format!("{} {} in hand ({n})", game.players[*pl].name, game.kinds[k].name);
                let _ = writeln!(
                    out,
                    "<circle class=\"hit\" data-hand=\"{pl}:{k}\" data-name=\"{}\" cx=\"{x}\" cy=\"{cy}\" r=\"{}\" fill=\"transparent\"/>",
                    escape(&name),
                    STEP * 0.32
                );
            }
            x += 130.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(points: &str, lines: &str) -> Board {
        let text = format!(
            "rulebook 1\ngame \"T\"\nboard {{\n  files a..d\n  ranks 1..4\n  points {points}\n{lines}\n}}\n\
             player white W forward n\nplayer black B forward s\nfirst white\npiece man M {{\n  step forward\n}}\n\
             place white man on a1\nplace black man on b2\ngoals {{\n  lose when no move\n}}\n"
        );
        crate::load_text(&text, &[]).unwrap_or_else(|d| panic!("{d:?}")).game.board
    }

    #[test]
    fn grids_and_chequerboards_are_squares_and_the_rest_lines() {
        assert_eq!(style(&board("a1..d4", "  lines orthogonal a1..d4")), Style::Squares { chequered: false });
        let all = "  lines orthogonal a1..d4\n  lines diagonal a1..d4";
        assert_eq!(style(&board("a1..d4", all)), Style::Squares { chequered: false });
        assert_eq!(style(&board("even a1..d4", "  lines diagonal a1..d4")), Style::Squares { chequered: true });
        let alquerque = "  lines orthogonal a1..d4\n  lines diagonal even a1..d4";
        assert_eq!(style(&board("a1..d4", alquerque)), Style::Lines);
        assert_eq!(style(&board("a1..d3 a4", "  lines orthogonal a1..d3")), Style::Lines);
    }

    #[test]
    fn a_file_may_say_how_its_points_are_drawn() {
        let grid = "  lines orthogonal a1..d4";
        // A board with a gap and no lines (Ur's kind) draws as lines without it.
        assert_eq!(style(&board("a1..b4 d1..d4", "")), Style::Lines);
        assert_eq!(style(&board("a1..b4 d1..d4", "  drawn as squares")), Style::Cells);
        assert_eq!(
            style(&board("a1..d4", &format!("{grid}\n  drawn as squares"))),
            Style::Squares { chequered: false }
        );
        let dark = "  lines diagonal a1..d4\n  drawn as squares";
        assert_eq!(style(&board("even a1..d4", dark)), Style::Squares { chequered: true });
        assert_eq!(style(&board("a1..d4", &format!("{grid}\n  drawn as intersections"))), Style::Lines);
        assert_eq!(style(&board("a1..d4", &format!("{grid}\n  drawn as holes"))), Style::Holes);
    }

    #[test]
    fn holes_and_cells_draw_one_mark_a_point() {
        let text = "rulebook 1\ngame \"T\"\nboard {\n  files a..d\n  ranks 1..4\n  points a1..b4 d1..d4\n  drawn as DRAWN\n}\n\
             player white W forward n\nplayer black B forward s\nfirst white\npiece man M {\n  step forward\n}\n\
             place white man on a1\nplace black man on b2\ngoals {\n  lose when no move\n}\n";
        for (drawn, mark) in [("holes", "class=\"hole\""), ("squares", "stroke-width=\"2\"/>")] {
            let e = crate::load_text(&text.replace("DRAWN", drawn), &[]).unwrap_or_else(|d| panic!("{d:?}"));
            let picture = svg(&e, &e.start(), &Options::default());
            let marks = picture.lines().filter(|l| l.contains(mark) && !l.contains("class=\"piece\"")).count();
            assert_eq!(marks, e.board().len(), "{drawn}: {picture}");
        }
    }
}
