//! `alphabeta`: iterative deepening negamax with alpha-beta pruning, a
//! transposition table keyed by the positions' hashes, and move ordering (the
//! table's best move, moves that win, captures, killer moves, the history
//! heuristic). Leaves are scored by [`Evaluation`]; where captures by leaping
//! are compulsory, a leaf whose side must capture is searched on until the
//! captures are over, so a shot is never cut in half.
//!
//! Dice games: below the root (where the roll is known) each position is a
//! chance node, valued by expectimax: the mean over the rolls of the best move
//! each roll allows. Every move is searched once with a full window, and a
//! roll allows the moves of distance up to it.
//!
//! The game's own endings apply inside the search: a child is entered into
//! the history of the game so far before it is searched, so a repetition the
//! rules end the game on is scored where it happens (a winner avoids it, a
//! loser seeks it), as is a run of moves without progress (kept in the
//! position). Forced results are stored in the table as distances from the
//! node, so a "wins in N" found on one move stays true on the next.
//!
//! Nothing is allocated per node: each ply keeps its buffers of moves, child
//! positions and ordering keys from search to search.

use super::{least_roll, roll_allows, search_history, Agent, AlphaBetaSettings, Evaluation};
use crate::engine::{Engine, History, Limit, Move, MoveType, Outcome, Position, Reason};
use crate::game::{Dice, PlayerId, Point, MAX_POINTS};
use std::time::{Duration, Instant};

const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;
/// Scores beyond this are a forced result.
const DECIDED: i32 = WIN - 1000;
/// The deepest search without a depth budget.
const MAX_DEPTH: u32 = 64;
/// The plies a search may reach, quiescence included.
const MAX_PLY: usize = MAX_DEPTH as usize + 32;
/// How many plies of forced captures quiescence follows past the depth.
const QUIESCENCE_PLIES: i32 = 4;
/// Transposition table entries (16 bytes each).
const TT_SIZE: usize = 1 << 18;
/// The history table's side: a move's from (or [`NONE`](crate::game::NONE) for a drop) by its to.
const HISTORY_SIDE: usize = MAX_POINTS + 1;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    depth: i8,
    bound: Bound,
    /// The best move's index in generation order (deterministic for a position).
    best: u16,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// One ply's buffers, reused.
#[derive(Default)]
struct Ply {
    moves: Vec<Move>,
    children: Vec<Position>,
    /// (ordering key, move index), best first.
    order: Vec<(i32, u16)>,
    values: Vec<i32>,
}

/// A quiet move remembered for ordering.
type Quiet = (Point, Point, MoveType);

pub struct AlphaBeta {
    settings: AlphaBetaSettings,
    name: String,
    /// The evaluation, built for the engine at this address.
    eval: Option<(usize, Evaluation)>,
    tt: Vec<Entry>,
    plies: Vec<Ply>,
    killers: Vec<[Option<Quiet>; 2]>,
    history: Vec<u32>,
    /// The game's positions since the last capture, and the search's line below them.
    path: History,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Captures by leaping are compulsory: search on at leaves that must capture.
    quiesce: bool,
    /// Quiescence where captures are optional: stand on the evaluation, or capture.
    stand_pat: bool,
    last: Option<Report>,
    cancel: Option<super::Cancel>,
    /// The player searching. With more than two players the search is
    /// paranoid: every other player plays against it, as one side.
    root: PlayerId,
}

/// What the last search found, for `--verbose`.
struct Report {
    depth: u32,
    score: i32,
    nodes: u64,
    elapsed: Duration,
    line: Vec<String>,
}

impl AlphaBeta {
    pub fn new(settings: AlphaBetaSettings) -> AlphaBeta {
        let name = super::AgentSpec::AlphaBeta(settings.clone()).to_string();
        AlphaBeta {
            settings,
            name,
            eval: None,
            tt: Vec::new(),
            plies: Vec::new(),
            killers: Vec::new(),
            history: Vec::new(),
            path: History::default(),
            nodes: 0,
            deadline: None,
            stopped: false,
            quiesce: false,
            stand_pat: false,
            last: None,
            cancel: None,
            root: 0,
        }
    }

    /// The score of the last search for the side that moved (centi-pieces).
    pub fn last_score(&self) -> Option<i32> {
        self.last.as_ref().map(|r| r.score)
    }

    fn prepare(&mut self, engine: &Engine) {
        let at = engine as *const Engine as usize;
        if self.eval.as_ref().is_none_or(|(a, _)| *a != at) {
            self.eval = Some((at, Evaluation::new(engine)));
            self.tt.clear();
        }
        if self.tt.is_empty() {
            self.tt = vec![Entry::default(); TT_SIZE];
            self.plies = (0..=MAX_PLY).map(|_| Ply::default()).collect();
            self.killers = vec![[None; 2]; MAX_PLY + 1];
            self.history = vec![0; HISTORY_SIDE * HISTORY_SIDE];
        }
        self.quiesce = engine.game.jumps.compulsory && engine.dice().is_none();
        // Optional captures by landing (chess's family): past the depth, the
        // side to move may stand on the evaluation or go on capturing.
        let lands_on_enemies = engine.game.kinds.iter().any(|k| k.moves.vectors.iter().any(|v| v.landing.enemy()));
        self.stand_pat = !self.quiesce && lands_on_enemies && engine.dice().is_none();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.nodes = 0;
        self.stopped = false;
    }

    /// The evaluation for the side to move (its team, with more players).
    fn evaluate(&self, engine: &Engine, pos: &Position) -> i32 {
        let eval = &self.eval.as_ref().expect("prepared").1;
        if engine.players() == 2 {
            return eval.evaluate(engine, pos);
        }
        let v = eval.evaluate_for(engine, pos, self.root);
        if pos.turn == self.root {
            v
        } else {
            -v
        }
    }

    /// Whether players `a` and `b` are on one side of the search: the same
    /// player, or (with more than two) both against the searching one.
    fn same_side(&self, a: PlayerId, b: PlayerId) -> bool {
        (a == self.root) == (b == self.root)
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.nodes & 1023 == 0 {
            let cancelled = self.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
            self.stopped = cancelled || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// The value of `pos` for its side to move, searched `depth` plies deep.
    fn negamax(
        &mut self,
        engine: &Engine,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Limit> {
        self.nodes += 1;
        if self.out_of_time() {
            return Ok(0);
        }
        if let Some(o) = pos.decided() {
            return Ok(self.terminal(Some(o), engine, pos.turn, ply));
        }
        if ply >= MAX_PLY {
            return Ok(self.evaluate(engine, pos));
        }
        let slot = (pos.hash() as usize) & (TT_SIZE - 1);
        let entry = self.tt[slot];
        let known = entry.key == pos.hash();
        if known && entry.depth as i32 >= depth {
            let v = from_table(entry.value, ply);
            match entry.bound {
                Bound::Exact => return Ok(v),
                Bound::Lower if v >= beta => return Ok(v),
                Bound::Upper if v <= alpha => return Ok(v),
                _ => {}
            }
        }
        // Quiescence follows forced captures past the nominal depth, but only
        // so far: in games where most positions hold a capture (Fanorona) an
        // unbounded one would search the whole tree.
        if depth <= 0 && (!(self.quiesce || self.stand_pat) || depth <= -QUIESCENCE_PLIES) {
            return Ok(self.evaluate(engine, pos));
        }
        let mut buf = std::mem::take(&mut self.plies[ply]);
        let result = self.node(engine, pos, depth, &mut alpha, beta, ply, &mut buf, known.then_some(entry.best));
        self.plies[ply] = buf;
        let (value, best) = result?;
        if !self.stopped && depth > 0 {
            // No move raised alpha: the value is only an upper bound.
            let bound = if best.is_none() {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let (key, depth, best) = (pos.hash(), depth.min(127) as i8, best.unwrap_or(0));
            self.tt[slot] = Entry { key, value: to_table(value, ply), depth, bound, best };
        }
        Ok(value)
    }

    /// [`AlphaBeta::negamax`] at `child`, a position after a move from
    /// `pos`, entered into the history while it is searched: its value for
    /// the side to move at `pos`, within (`alpha`, `beta`) as that side sees
    /// them. A move that gives its side another turn (`another turn on`, a
    /// sowing into its store) is not negated.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        engine: &Engine,
        pos: &Position,
        child: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Limit> {
        let mark = engine.enter(pos.turn, &mut self.path, child);
        let v = if self.same_side(child.turn, pos.turn) {
            self.negamax(engine, child, depth, alpha, beta, ply)
        } else {
            self.negamax(engine, child, depth, -beta, -alpha, ply).map(|v| -v)
        };
        engine.leave(&mut self.path, mark);
        v
    }

    /// The moves of a node searched: its value and best move (None if no
    /// move raised alpha: an upper bound).
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        engine: &Engine,
        pos: &Position,
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
        buf: &mut Ply,
        tt_best: Option<u16>,
    ) -> Result<(i32, Option<u16>), Limit> {
        engine.moves(pos, None, &mut buf.moves)?;
        if buf.moves.is_empty() {
            let o = engine.outcome(pos)?;
            return Ok((self.terminal(o, engine, pos.turn, ply), Some(0)));
        }
        let mut best = (-INF, None);
        if depth <= 0 && self.stand_pat {
            // Quiescence: the evaluation stands unless a capture does better.
            let stand = self.evaluate(engine, pos);
            if stand >= beta {
                return Ok((stand, Some(0)));
            }
            *alpha = (*alpha).max(stand);
            buf.moves.retain(|m| m.kind == MoveType::Jumps);
            if buf.moves.is_empty() {
                return Ok((stand, Some(0)));
            }
            best.0 = stand;
        } else if depth <= 0 && buf.moves[0].kind != MoveType::Jumps {
            // Quiescence: only a side that must capture is searched on.
            return Ok((self.evaluate(engine, pos), Some(0)));
        }
        if let Some(dice) = engine.dice() {
            return self.chance(engine, pos, depth, ply, buf, &dice).map(|v| (v, Some(0)));
        }
        self.order(engine, pos, ply, buf, tt_best);
        for k in 0..buf.order.len() {
            let i = buf.order[k].1 as usize;
            let v = self.child(engine, pos, &mut buf.children[i], depth - 1, *alpha, beta, ply + 1)?;
            if self.stopped {
                break;
            }
            if v > best.0 {
                best.0 = v;
            }
            if v > *alpha {
                *alpha = v;
                best.1 = Some(i as u16);
            }
            if *alpha >= beta {
                self.remember(&buf.moves[i], pos, &buf.children[i], ply, depth);
                break;
            }
        }
        Ok(best)
    }

    /// Plays every move and sorts them best first for the search.
    fn order(&self, engine: &Engine, pos: &Position, ply: usize, buf: &mut Ply, tt_best: Option<u16>) {
        let me = pos.turn;
        buf.children.clear();
        buf.order.clear();
        for (i, m) in buf.moves.iter().enumerate() {
            let child = engine.play_unchecked(pos, m);
            let taken = engine.enemy_material(pos, me) as i32 - engine.enemy_material(&child, me) as i32;
            let key = if child.decided().is_some_and(|o| o.winner == Some(me)) {
                1 << 30
            } else if tt_best == Some(i as u16) {
                1 << 29
            } else if taken > 0 {
                (1 << 24) + taken
            } else if self.killers[ply].contains(&Some(quiet(m))) {
                1 << 23
            } else {
                self.history[m.from as usize * HISTORY_SIDE + m.to as usize].min((1 << 22) - 1) as i32
            };
            buf.children.push(child);
            buf.order.push((key, i as u16));
        }
        buf.order.sort_unstable_by_key(|&(key, i)| (std::cmp::Reverse(key), i));
    }

    /// The score of a finished game for the side to move, sooner wins first;
    /// a ranking by places scores the root's place between a win and a loss.
    fn terminal(&self, outcome: Option<Outcome>, engine: &Engine, turn: PlayerId, ply: usize) -> i32 {
        if let Some(Outcome { reason: Reason::Placed(places), .. }) = outcome {
            let worth = 2.0 * places.score(self.root, engine.players() as usize) - 1.0;
            let for_root = (worth * (WIN - ply as i32) as f64).round() as i32;
            return if self.same_side(self.root, turn) { for_root } else { -for_root };
        }
        match outcome.and_then(|o| o.winner) {
            Some(w) if self.same_side(w, turn) => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
            None => 0,
        }
    }

    /// A quiet move that cut the search off: a killer at this ply, and its history.
    fn remember(&mut self, m: &Move, pos: &Position, child: &Position, ply: usize, depth: i32) {
        if child.enemies(pos.turn).len() < pos.enemies(pos.turn).len() {
            return;
        }
        let q = Some(quiet(m));
        if self.killers[ply][0] != q {
            self.killers[ply] = [q, self.killers[ply][0]];
        }
        let h = &mut self.history[m.from as usize * HISTORY_SIDE + m.to as usize];
        *h = h.saturating_add((depth * depth) as u32);
    }

    /// Expectimax at a dice game's position before its roll.
    fn chance(
        &mut self,
        engine: &Engine,
        pos: &Position,
        depth: i32,
        ply: usize,
        buf: &mut Ply,
        dice: &Dice,
    ) -> Result<i32, Limit> {
        if depth <= 0 {
            return Ok(self.evaluate(engine, pos));
        }
        buf.moves.sort_unstable_by_key(|m| least_roll(m, dice));
        buf.values.clear();
        for i in 0..buf.moves.len() {
            let mut child = engine.play_unchecked(pos, &buf.moves[i]);
            let v = self.child(engine, pos, &mut child, depth - 1, -INF, INF, ply + 1)?;
            buf.values.push(v);
        }
        // Each roll, weighed by how often it comes: the best move it allows,
        // or the pass when it allows none.
        let mut pass = None;
        let (mut total, mut weight) = (0i64, 0i64);
        // Where a pass keeps its roll (which may give another turn), each roll's pass is its own.
        let own_passes = engine.game.another_turn_rolls != 0;
        for roll in dice.rolls() {
            let allowed = (0..buf.moves.len()).filter(|&i| roll_allows(&buf.moves[i], dice, roll));
            let value = match allowed.map(|i| buf.values[i]).max() {
                Some(best) => best,
                None => match pass.filter(|_| !own_passes) {
                    Some(v) => v,
                    None => {
                        let mv = if own_passes { Move { distance: roll, ..Move::PASS } } else { Move::PASS };
                        let mut child = engine.play_unchecked(pos, &mv);
                        let v = self.child(engine, pos, &mut child, depth - 1, -INF, INF, ply + 1)?;
                        pass = Some(v);
                        v
                    }
                },
            };
            let ways = dice.ways(roll) as i64;
            total += ways * value as i64;
            weight += ways;
        }
        Ok((total / weight.max(1)) as i32)
    }

    /// One iteration at the root: the best of `moves` at `depth`, searching
    /// `first` first. None if the time ran out before any move was searched.
    fn root(
        &mut self,
        engine: &Engine,
        pos: &Position,
        children: &mut [Position],
        depth: i32,
        first: usize,
    ) -> Result<Option<(i32, usize)>, Limit> {
        let mut alpha = -INF;
        let mut best = None;
        let order = std::iter::once(first).chain((0..children.len()).filter(|&i| i != first));
        for i in order {
            let v = self.child(engine, pos, &mut children[i], depth - 1, alpha, INF, 1)?;
            if self.stopped {
                break;
            }
            if v > alpha || best.is_none() {
                alpha = alpha.max(v);
                best = Some((v, i));
            }
        }
        Ok(best)
    }

    /// The expected line after `first` from the table (no dice: a roll-free line).
    fn line(&self, engine: &Engine, pos: &Position, first: &Move, depth: u32) -> Vec<String> {
        let mut line = vec![engine.notation(first)];
        if engine.dice().is_some() {
            return line;
        }
        let mut pos = engine.play_unchecked(pos, first);
        let mut moves = Vec::new();
        for _ in 1..depth {
            let e = self.tt[(pos.hash() as usize) & (TT_SIZE - 1)];
            if e.key != pos.hash() || e.bound != Bound::Exact || engine.moves(&pos, None, &mut moves).is_err() {
                break;
            }
            let Some(m) = moves.get(e.best as usize) else { break };
            line.push(engine.notation(m));
            pos = engine.play_unchecked(&pos, m);
        }
        line
    }
}

fn quiet(m: &Move) -> Quiet {
    (m.from, m.to, m.kind)
}

/// A value as the table keeps it: a forced result counted from the node, not the root.
fn to_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= DECIDED => v + ply as i32,
        v if v <= -DECIDED => v - ply as i32,
        v => v,
    }
}

/// A value from the table at `ply`: a forced result counted from the root again.
fn from_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= DECIDED => v - ply as i32,
        v if v <= -DECIDED => v + ply as i32,
        v => v,
    }
}

impl Agent for AlphaBeta {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        history: &History,
        moves: &[Move],
        _rng: &mut dyn rand::RngCore,
    ) -> Result<Move, Limit> {
        let start = Instant::now();
        self.prepare(engine);
        if engine.players() > 2 && self.root != pos.turn {
            // The table's values are for sides of one searching player.
            self.tt.iter_mut().for_each(|e| *e = Entry::default());
        }
        self.root = pos.turn;
        self.deadline = self.settings.time.map(|t| start + t);
        let max_depth = self.settings.depth.unwrap_or(MAX_DEPTH);
        self.path = search_history(engine, pos, history);
        let mut children: Vec<Position> = moves.iter().map(|m| engine.play_unchecked(pos, m)).collect();
        let (mut best, mut score, mut reached) = (0, 0, 0);
        for depth in 1..=max_depth {
            match self.root(engine, pos, &mut children, depth as i32, best)? {
                Some((v, i)) => (best, score) = (i, v),
                None => break,
            }
            if self.stopped {
                break;
            }
            reached = depth;
            // A forced result within the depth searched is not improved on
            // (one from the table, further off, may be: deepening goes on);
            // a next iteration that cannot end in time is not begun.
            let proven = score.abs() >= DECIDED && WIN - score.abs() <= depth as i32;
            let half_gone = self.settings.time.is_some_and(|t| start.elapsed() * 2 > t);
            if proven || moves.len() == 1 || half_gone {
                break;
            }
        }
        let line = self.line(engine, pos, &moves[best], reached.max(1));
        self.last = Some(Report { depth: reached, score, nodes: self.nodes, elapsed: start.elapsed(), line });
        Ok(moves[best])
    }

    fn stop_on(&mut self, flag: super::Cancel) {
        self.cancel = Some(flag);
    }

    fn work(&self) -> Option<super::Work> {
        let r = self.last.as_ref()?;
        Some(super::Work { amount: r.nodes, unit: "nodes", seconds: r.elapsed.as_secs_f64(), fingerprint: r.nodes })
    }

    fn thought(&self, _engine: &Engine) -> Option<String> {
        let r = self.last.as_ref()?;
        let secs = r.elapsed.as_secs_f64();
        let score = if r.score >= DECIDED {
            format!("wins in {}", WIN - r.score)
        } else if r.score <= -DECIDED {
            format!("loses in {}", WIN + r.score)
        } else {
            format!("{:+.2}", r.score as f64 / 100.0)
        };
        Some(format!(
            "  {}: depth {}, score {score}, {} nodes in {secs:.2} s ({:.0}/s)\n    line: {}",
            self.name,
            r.depth,
            r.nodes,
            r.nodes as f64 / secs.max(1e-9),
            r.line.join(" ")
        ))
    }
}
