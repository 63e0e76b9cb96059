//! The board drawn in text: points, the lines between them, pieces, and
//! coordinates on the edges.

pub mod svg;

use crate::engine::{kind_of, owner, Cell, Engine, Position};
use crate::game::{Board, Game, Point, PointSet, NONE};

/// The players who can ever have a piece of `kind` (bit per player): placed
/// at the start, or promoted into from a kind they have.
pub(crate) fn owners(game: &Game, kind: usize) -> u8 {
    let placed = |k: usize| {
        let on_board = game.setup.iter().filter(|s| s.1 as usize == k).fold(0u8, |m, s| m | 1 << s.0);
        game.hand.iter().filter(|h| h.1 as usize == k).fold(on_board, |m, h| m | 1 << h.0)
    };
    let mut mask = placed(kind);
    for (from, k) in game.kinds.iter().enumerate() {
        if k.promotion.as_ref().is_some_and(|pr| pr.into as usize == kind) {
            mask |= placed(from);
        }
    }
    mask
}

/// The character that shows a piece: the player's letter for the first kind
/// (unless a player's letter is another kind's too: chess's black and its
/// bishop), else the kind's letter, small for the player who does not move
/// first when both can have it (so the drawing does not depend on which
/// player the file declares first).
pub fn piece_char(game: &Game, c: Cell) -> char {
    let (p, k) = (owner(c), kind_of(c));
    let clash = || game.players.iter().any(|pl| game.kinds.iter().skip(1).any(|kind| kind.letter == pl.letter));
    if k == 0 && !clash() {
        return game.players[p as usize].letter;
    }
    let l = game.kinds[k as usize].letter;
    if p == game.first || owners(game, k as usize).count_ones() < 2 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// Points that are special sites (restricted or hostile): drawn `+` when empty.
fn sites(game: &Game) -> PointSet {
    let mut s = PointSet::default();
    for r in &game.stops {
        s = s.union(&r.region);
    }
    for h in &game.hostile {
        s = s.union(&h.region);
    }
    s
}

/// What to mark on a drawing besides the pieces: the last move's start and
/// end (`(` `)` and `[` `]` around them) and the points it captured (`x`),
/// and whether to colour it for a terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks {
    pub from: Option<Point>,
    pub to: Option<Point>,
    pub captured: PointSet,
    pub colour: bool,
}

/// ANSI colours: the first player's pieces, the other's, the last move, captures.
const COLOURS: [&str; 4] = ["\x1b[1;36m", "\x1b[1;35m", "\x1b[1;33m", "\x1b[1;31m"];
const RESET: &str = "\x1b[0m";

/// Draws `pos`, with a legend of the pieces.
pub fn render(engine: &Engine, pos: &Position) -> String {
    render_marked(engine, pos, &Marks::default())
}

/// Draws `pos` with the last move and its captures marked.
pub fn render_marked(engine: &Engine, pos: &Position, marks: &Marks) -> String {
    let board = &engine.game.board;
    let mut canvas = Canvas::new(board);
    canvas.draw_lines(board);
    let (sites_drawn, occupied_drawn) = canvas.draw_points(engine, pos, marks);
    let mut out = canvas.text(board, marks.colour);
    out.push_str(&footer(engine, pos, sites_drawn, occupied_drawn));
    out
}

/// The text drawing being made: a character and perhaps a colour (an index
/// into `COLOURS`) per cell, two rows and four columns a lattice step.
struct Canvas {
    cells: Vec<Vec<char>>,
    paint: Vec<Vec<Option<usize>>>,
    /// The lattice's height, and the columns of a row.
    h: usize,
    cols: usize,
}

impl Canvas {
    fn new(board: &Board) -> Canvas {
        let (w, h) = (board.width.max(1) as usize, board.height.max(1) as usize);
        // A column either side for the marks of the last move at the edges.
        let cols = (w - 1) * 4 + 3;
        let rows = (h - 1) * 2 + 1;
        Canvas { cells: vec![vec![' '; cols]; rows], paint: vec![vec![None; cols]; rows], h, cols }
    }

    /// The row and column of lattice point `(x, y)`.
    fn at(&self, x: i32, y: i32) -> (usize, usize) {
        ((self.h as i32 - 1 - y) as usize * 2, x as usize * 4 + 1)
    }

    /// The board's lines (drawn first, the points over them).
    fn draw_lines(&mut self, board: &Board) {
        for p in 0..board.len() as Point {
            let (x, y) = board.coords[p as usize];
            for d in 0..8u8 {
                let q = board.step(p, d);
                if q == NONE || q < p {
                    continue;
                }
                let (qx, qy) = board.coords[q as usize];
                let (r0, c0) = self.at(x, y);
                let (r1, c1) = self.at(qx, qy);
                let (r0, c0, r1, c1) = (r0 as i32, c0 as i32, r1 as i32, c1 as i32);
                let (dr, dc) = ((r1 - r0).signum(), (c1 - c0).signum());
                if dr == 0 || dc == 0 {
                    // Straight: fill every cell between.
                    let mut r = r0 + dr;
                    let mut c = c0 + dc;
                    while (r, c) != (r1, c1) {
                        let cell = &mut self.cells[r as usize][c as usize];
                        if *cell == ' ' {
                            *cell = if dr == 0 { '-' } else { '|' };
                        }
                        r += dr;
                        c += dc;
                    }
                } else {
                    // Slanted: one mark in the middle of each lattice step.
                    let ch = if dr == dc { '\\' } else { '/' };
                    for j in 0..(r1 - r0).abs() / 2 {
                        let (r, c) = ((r0 + dr * (2 * j + 1)) as usize, (c0 + dc * (4 * j + 2)) as usize);
                        let cell = &mut self.cells[r][c];
                        *cell = if *cell == ' ' || *cell == ch { ch } else { 'X' };
                    }
                }
            }
        }
    }

    /// The points, pieces, seeds and stacks, the last move's marks; whether
    /// an empty site, and a piece on one, were drawn (for the legend).
    fn draw_points(&mut self, engine: &Engine, pos: &Position, marks: &Marks) -> (bool, bool) {
        let game = &engine.game;
        let board = &game.board;
        let special = sites(game);
        let cols = self.cols;
        // Empty special sites drawn `+`, and pieces standing on one drawn `{K}`.
        let (mut sites_drawn, mut occupied_drawn) = (false, false);
        for p in 0..board.len() as Point {
            let (x, y) = board.coords[p as usize];
            let (r, c) = self.at(x, y);
            let cell = pos.at(p);
            if let Some(n) = engine.seeds_on(pos, p) {
                // A pit or store: its count, its last digit on the point.
                let digits: Vec<char> = if n == 0 { vec!['.'] } else { n.to_string().chars().collect() };
                for (i, &ch) in digits.iter().rev().enumerate() {
                    if let Some(col) = c.checked_sub(i) {
                        self.cells[r][col] = ch;
                    }
                }
                continue;
            }
            sites_drawn |= cell == 0 && special.contains(p);
            self.cells[r][c] = if cell != 0 {
                self.paint[r][c] = Some(if owner(cell) == game.first { 0 } else { 1 });
                piece_char(game, cell)
            } else if marks.captured.contains(p) {
                self.paint[r][c] = Some(3);
                'x'
            } else if special.contains(p) {
                '+'
            } else {
                '.'
            };
            let brackets = if marks.to == Some(p) {
                Some(('[', ']'))
            } else if marks.from == Some(p) {
                Some(('(', ')'))
            } else if cell != 0 && special.contains(p) {
                occupied_drawn = true;
                Some(('{', '}'))
            } else {
                None
            };
            let height = engine.height(pos, p);
            if height > 1 && brackets.is_none() {
                // A stack: its height after the piece (`+` past two digits).
                let text = if height > 99 { "+".to_string() } else { height.to_string() };
                for (i, ch) in text.chars().enumerate() {
                    if let Some(cell) = self.cells[r].get_mut(c + 1 + i) {
                        *cell = ch;
                        self.paint[r][c + 1 + i] = self.paint[r][c];
                    }
                }
            }
            if let Some((open, close)) = brackets {
                for (col, ch) in [(c.checked_sub(1), open), (Some(c + 1).filter(|&k| k < cols), close)] {
                    if let Some(col) = col {
                        self.cells[r][col] = ch;
                        self.paint[r][col] = Some(2);
                    }
                }
            }
        }
        (sites_drawn, occupied_drawn)
    }

    /// The rows as text, rank numbers on the left and file letters below
    /// (lattice boards), in colour if asked.
    fn text(&self, board: &Board, colour: bool) -> String {
        let (h, cols) = (self.h, self.cols);
        let rank_label = |y: usize| -> String {
            board
                .coords
                .iter()
                .position(|&(_, cy)| cy == y as i32)
                .map(|i| board.labels[i].trim_start_matches(|c: char| c.is_ascii_alphabetic()).to_string())
                .unwrap_or_default()
        };
        let margin = (0..h).map(|y| rank_label(y).len()).max().unwrap_or(0);
        let mut out = String::new();
        for (i, row) in self.cells.iter().enumerate() {
            let label = if i % 2 == 0 { rank_label(h - 1 - i / 2) } else { String::new() };
            let len = row.iter().rposition(|&ch| ch != ' ').map_or(0, |k| k + 1);
            let mut line = String::new();
            for (k, &ch) in row[..len].iter().enumerate() {
                match self.paint[i][k].filter(|_| colour) {
                    Some(colour) => line.push_str(&format!("{}{ch}{RESET}", COLOURS[colour])),
                    None => line.push(ch),
                }
            }
            out.push_str(&format!("{label:>margin$} {line}\n"));
        }
        let mut files = vec![' '; cols];
        for (i, l) in board.labels.iter().enumerate() {
            let (x, _) = board.coords[i];
            if let Some(f) = l.chars().next().filter(|c| c.is_ascii_lowercase()) {
                files[x as usize * 4 + 1] = f;
            }
        }
        out.push_str(&format!("{:margin$} {}\n", "", files.iter().collect::<String>().trim_end()));
        out
    }
}

/// Below the board: the hands, the pieces borne off or the stores, the legend.
fn footer(engine: &Engine, pos: &Position, sites_drawn: bool, occupied_drawn: bool) -> String {
    let game = &engine.game;
    let mut out = String::new();
    out.push_str(&hands(engine, pos));
    let off: Vec<String> = (0..game.players.len())
        .map(|p| (p, engine.stored(pos, p as crate::game::PlayerId)))
        .filter(|&(_, n)| n > 0)
        .map(|(p, n)| format!("{} {n}", game.players[p].name))
        .collect();
    if !engine.sows() && !off.is_empty() {
        out.push_str(&format!("borne off: {}\n", off.join(", ")));
    }
    if engine.sows() {
        let stores: Vec<String> = (0..game.players.len())
            .map(|p| format!("{} {}", game.players[p].name, engine.stored(pos, p as crate::game::PlayerId)))
            .collect();
        out.push_str(&format!("in store: {}\n", stores.join(", ")));
        return out;
    }
    out.push_str(&legend(game, sites_drawn, occupied_drawn));
    out
}

/// `in hand: goats 17 goat`, a line for the pieces waiting in hand (none
/// when no player holds any).
fn hands(engine: &Engine, pos: &Position) -> String {
    let game = &engine.game;
    let mut held = Vec::new();
    for (pi, p) in game.players.iter().enumerate() {
        for (ki, k) in game.kinds.iter().enumerate() {
            let n = engine.counted_in_hand(pos, pi as crate::game::PlayerId, ki as crate::game::KindId);
            if n > 0 {
                held.push(format!("{} {n} {}", p.name, k.name));
            }
        }
    }
    if held.is_empty() {
        String::new()
    } else {
        format!("in hand: {}\n", held.join(", "))
    }
}

/// `W white man, K white king, ...` for the kinds each player can have,
/// the player who moves first first; `+ special site` when an empty one is
/// drawn, `{ } piece on a special site` when a piece on one is.
pub fn legend(game: &Game, sites_drawn: bool, occupied_drawn: bool) -> String {
    let mut parts = Vec::new();
    let first = game.first as usize;
    let order = std::iter::once(first).chain((0..game.players.len()).filter(|&p| p != first));
    for (pi, player) in order.map(|p| (p, &game.players[p])) {
        for (ki, kind) in game.kinds.iter().enumerate() {
            if owners(game, ki) & (1 << pi) != 0 {
                let c = crate::engine::cell(pi as u8, ki as u8);
                parts.push(format!("{} {} {}", piece_char(game, c), player.name, kind.name));
            }
        }
    }
    let mut s = parts.join(", ");
    if sites_drawn {
        s.push_str(", + special site");
    }
    if occupied_drawn {
        s.push_str(", { } piece on a special site");
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small draughts-like game; `players` is their two declaration lines.
    fn game(players: &str, first: &str, throne: &str) -> Engine {
        let text = format!(
            "rulebook 1\ngame \"T\"\nboard {{\n  files a..c\n  ranks 1..3\n  points a1..c3\n  lines orthogonal a1..c3\n}}\n\
             {players}\nfirst {first}\npiece man M {{\n  step forward\n  promote to king in far\n}}\n\
             piece king K {{\n  slide any\n}}\nregion far for white = rank 3\nregion far for black = rank 1\n\
             region throne = {throne}\nonly king may stop on throne\n\
             place white man on a1\nplace black man on c3\ngoals {{\n  lose when no move\n}}\n"
        );
        let (game, _) = crate::check::load(&text, &[]).unwrap_or_else(|d| panic!("{d:?}"));
        Engine::new(game)
    }

    #[test]
    fn small_letters_do_not_depend_on_declaration_order() {
        let white = "player white W forward n";
        let black = "player black B forward s";
        for players in [format!("{white}\n{black}"), format!("{black}\n{white}")] {
            let e = game(&players, "white", "b2");
            let legend = legend(&e.game, false, false);
            assert!(legend.contains("K white king") && legend.contains("k black king"), "{players}: {legend}");
        }
    }

    #[test]
    fn special_sites_are_in_the_legend_only_when_drawn() {
        let players = "player white W forward n\nplayer black B forward s";
        let e = game(players, "white", "b2");
        assert!(render(&e, &e.start()).contains("+ special site"));
        let e = game(players, "white", "a1"); // a man stands on the only site
        let drawn = render(&e, &e.start());
        assert!(!drawn.contains("+ special site"), "{drawn}");
        assert!(drawn.contains("{W}") && drawn.contains("{ } piece on a special site"), "{drawn}");
    }
}
