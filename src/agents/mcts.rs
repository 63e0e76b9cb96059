//! `mcts`: Monte Carlo tree search (UCT) over the generic engine, with random
//! playouts (the engine's own, which count moves instead of making them where
//! it can) cut short and scored by the evaluation against the root's.
//!
//! Two players: implicit minimax backups (Lanctot, Winands, Pepels and
//! Sturtevant 2014). Each new child is scored by the evaluation, each node on
//! a walk takes the best of its children's scores (over a dice game's rolls,
//! their expectation), and UCT ranks a child by a mix of its playouts' mean
//! and that score. A reply that wins or takes back is seen as soon as the
//! move before it is expanded. A side that only keeps an enemy piece in
//! leans further on those values ([`LEAN_MINIMAX`]).
//!
//! Dice games: a node stands for a position before its roll. Its children are
//! every move any roll allows, sorted by the least roll that allows each (a
//! move of distance k is legal under rolls k and up), and a pass if some roll
//! allows none. Each descent samples the roll and chooses among the children
//! it allows: a chance node sampled, not enumerated. At the root the roll is
//! known and the children are the moves given.
//!
//! Every descent and playout starts from the game's history (the positions
//! since the last capture) and goes on with the game's own repetition rule,
//! so a draw or loss by repetition is scored where the rules make it.
//!
//! Reproducible: the search is seeded from the caller's generator, so the
//! same seed and iteration budget give the same move (with any number of
//! threads, each tree getting its share of iterations and its own seed).

use super::{least_roll, reward, roll_allows, search_history, Agent, Budget, Evaluation, MctsSettings};
use crate::engine::{Engine, History, Limit, Move, MoveType, Outcome, PlyBuffers, Position, Reason};
use crate::game::{Dice, PlayerId, MAX_PLAYERS};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::time::{Duration, Instant};

/// The most nodes kept, over all threads (about 100 bytes each); past it the
/// trees stop growing and iterations end in playouts from their leaves.
const MAX_NODES: usize = 1 << 20;

/// The weight of the evaluation's minimax values where the settings leave
/// it unset: the playouts' mean counts for the rest.
const MINIMAX: f64 = 0.4;

/// For a side that only keeps an enemy piece in ([`Evaluation::keeps_in`]:
/// Tablut's attackers), random playouts, which it almost never wins, tell
/// its moves apart by little, so its search leans on the evaluation: the
/// minimax values weigh this much, a new node is scored by its children's
/// values where another would be played out from, and the backups are soft
/// ([`SOFTNESS`]). Measured in docs/agents.md.
const LEAN_MINIMAX: f64 = 0.9;

/// The temperature of soft backups, in chances to win: a node takes the
/// mean of its children's values, each weighed by e^((v - best) / T), so a
/// reply a little worse than the best counts nearly as much (an opponent
/// may play it) and a far worse one not at all. Against a side that errs, a
/// search that assumes every reply is the best judges most lines lost.
/// A sure win (see [`best_of`]) is not softened: any opponent takes it (among
/// forty children a little worse, the softened best had counted for less
/// than half, and a move leaving the king a clear line looked safe).
const SOFTNESS: f32 = 0.15;

/// The evaluation's gain over the root's (centi-pieces) that counts as 73%
/// to win: one of e/(1+e); two pieces won is a good chance, not a certainty.
const EVAL_SCALE: f64 = 200.0;

/// At a node of a dice game: the best child's value under each roll, the
/// rolls weighed by how often they come (a chance node by expectimax). A
/// roll that allows no move takes its pass, as [`Tree::select`] does.
fn expected_best(children: &[Node], dice: &Dice, softness: f32) -> f32 {
    let (mut sum, mut weight) = (0.0f32, 0.0f32);
    for r in dice.rolls() {
        let allowed = children.iter().filter(|c| c.mv.kind != MoveType::Pass && roll_allows(&c.mv, dice, r));
        let best = best_of(allowed.map(|c| c.value), softness);
        let value = if best > f32::NEG_INFINITY {
            best
        } else {
            let pass = children.iter().rposition(|c| c.mv.kind == MoveType::Pass && c.mv.distance == r);
            children[pass.unwrap_or(children.len() - 1)].value
        };
        let ways = dice.ways(r) as f32;
        sum += ways * value;
        weight += ways;
    }
    if weight > 0.0 {
        sum / weight
    } else {
        0.5
    }
}

/// The best of `values` (none: -infinity), or with a softness, their mean
/// weighed as [`SOFTNESS`] says, unless the best is a sure win (1: a win
/// at once, or a move every reply to which loses at once).
fn best_of(values: impl Iterator<Item = f32> + Clone, softness: f32) -> f32 {
    let best = values.clone().fold(f32::NEG_INFINITY, f32::max);
    if softness <= 0.0 || best == f32::NEG_INFINITY || best >= 1.0 {
        return best;
    }
    let (mut sum, mut weight) = (0.0f32, 0.0f32);
    for v in values {
        let w = ((v - best) / softness).exp();
        sum += w * v;
        weight += w;
    }
    sum / weight
}

/// How a tree weighs and backs up the evaluation's values.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Mode {
    /// The weight of the minimax values in selection: 0 where they are not
    /// kept (more than two players).
    minimax: f64,
    /// 0 for plain backups (a node takes its best child's value).
    softness: f32,
    /// A new node is expanded at its first visit and scored by its value,
    /// with no playout.
    expand_first: bool,
}

impl Mode {
    /// The settings' weight, or where they leave it unset, the one for the side to move.
    fn of(settings: &MctsSettings, engine: &Engine, eval: &Evaluation, turn: PlayerId) -> Mode {
        let plain = |minimax| Mode { minimax, softness: 0.0, expand_first: false };
        if engine.players() != 2 {
            return plain(0.0);
        }
        match settings.minimax {
            Some(weight) => plain(weight),
            None if eval.keeps_in(turn) => Mode { minimax: LEAN_MINIMAX, softness: SOFTNESS, expand_first: true },
            None => plain(MINIMAX),
        }
    }
}

/// An evaluation (centi-pieces for the side to move) as its chance to win.
fn eval_chance(score: i32) -> f64 {
    1.0 / (1.0 + (-(score as f64) / EVAL_SCALE).exp())
}

/// A chance the evaluation gives, kept as a node's value: never 0 or 1,
/// which only a decided game is (past a gain of about 3,300 centi-pieces,
/// e^(-gain / 200) is below f32's step at 1, and a mere lead would
/// otherwise count as a sure win in [`best_of`]).
fn unsure(chance: f64) -> f32 {
    (chance as f32).clamp(f32::EPSILON, 1.0 - f32::EPSILON)
}

/// One tree's root children (in the order of the moves given), and its iterations.
type TreeResult = (Vec<RootChild>, u64);

/// What a tree found of one root move: its visits, the sum of their rewards,
/// and its minimax value (summed over the trees, once all have run).
#[derive(Clone, Copy, Debug, Default)]
struct RootChild {
    visits: u32,
    wins: f64,
    value: f64,
}

/// What a playout is worth to each player (max-n: each player's own
/// reward is backed up at the moves it made).
type Rewards = [f64; MAX_PLAYERS];

/// A finished game's rewards ([`Outcome::score`]): 1 for the winner; a draw
/// shares one out; a ranking by places spreads them from first to last.
fn outcome_rewards(outcome: Option<Outcome>, players: PlayerId) -> Rewards {
    let o = outcome.unwrap_or(Outcome { winner: None, reason: Reason::PlyLimit });
    if players == 2 {
        return rewards_of_first(reward(o.winner, 0));
    }
    std::array::from_fn(|p| if p < players as usize { o.score(p as PlayerId, players as usize) } else { 0.0 })
}

/// Two players' rewards from the first's: the second has the rest.
fn rewards_of_first(first: f64) -> Rewards {
    let mut r = [0.0; MAX_PLAYERS];
    (r[0], r[1]) = (first, 1.0 - first);
    r
}

pub struct Mcts {
    settings: MctsSettings,
    name: String,
    /// The evaluation playouts that stop early are scored by, for the engine at this address.
    eval: Option<(usize, Evaluation)>,
    last: Option<Report>,
    cancel: Option<super::Cancel>,
}

/// What the last search found, for `--verbose`.
struct Report {
    iterations: u64,
    elapsed: Duration,
    threads: usize,
    /// Root moves with their visits, mean reward and minimax value (where
    /// the trees keep one), most visited first.
    children: Vec<(Move, u32, f64, Option<f64>)>,
    /// Why no search was needed.
    note: &'static str,
}

impl Mcts {
    pub fn new(settings: MctsSettings) -> Mcts {
        let name = super::AgentSpec::Mcts(settings.clone()).to_string();
        Mcts { settings, name, eval: None, last: None, cancel: None }
    }
}

impl Agent for Mcts {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        history: &History,
        moves: &[Move],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Move, Limit> {
        let start = Instant::now();
        let history = search_history(engine, pos, history);
        // The only move, or one that wins at once, needs no search.
        let wins = |m: &&Move| {
            let next = engine.play_in(pos, m, &mut history.clone());
            next.decided().is_some_and(|o| o.winner == Some(pos.turn))
        };
        let sure = if moves.len() == 1 { Some((moves[0], "the only legal move")) } else { None };
        if let Some((m, why)) = sure.or_else(|| moves.iter().find(wins).map(|m| (*m, "wins at once"))) {
            let children = vec![(m, 0, 1.0, None)];
            self.last = Some(Report { iterations: 0, elapsed: start.elapsed(), threads: 1, children, note: why });
            return Ok(m);
        }
        let seed = rng.next_u64();
        let threads = self.settings.threads.max(1);
        let stop = Stop::new(self.settings.budget, threads, start, self.cancel.clone());
        let cap = MAX_NODES / threads;
        let at = engine as *const Engine as usize;
        if self.eval.as_ref().is_none_or(|(a, _)| *a != at) {
            self.eval = Some((at, Evaluation::new(engine)));
        }
        let eval = &self.eval.as_ref().expect("built above").1;
        let mode = Mode::of(&self.settings, engine, eval, pos.turn);
        let run = |t: usize| -> Result<TreeResult, Limit> {
            let mut rng = Pcg64Mcg::seed_from_u64(seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut tree = Tree::new(engine, eval, pos, moves, &self.settings, mode, cap);
            let mut done = 0u64;
            while !stop.done(done) {
                tree.iterate(pos, &history, &mut rng)?;
                done += 1;
            }
            Ok((tree.root_stats(), done))
        };
        let results: Vec<Result<TreeResult, Limit>> = if threads == 1 {
            vec![run(0)]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads).map(|t| s.spawn(move || run(t))).collect();
                handles.into_iter().map(|h| h.join().expect("a search thread does not panic")).collect()
            })
        };
        let mut totals = vec![RootChild::default(); moves.len()];
        let mut iterations = 0;
        for r in results {
            let (stats, done) = r?;
            iterations += done;
            for (total, c) in totals.iter_mut().zip(stats) {
                total.visits += c.visits;
                total.wins += c.wins;
                total.value += c.value;
            }
        }
        let kept = (mode.minimax > 0.0).then_some(threads as f64);
        let mut children: Vec<(Move, u32, f64, Option<f64>)> = moves
            .iter()
            .zip(&totals)
            .map(|(m, c)| {
                let mean = if c.visits > 0 { c.wins / c.visits as f64 } else { 0.0 };
                (*m, c.visits, mean, kept.map(|trees| c.value / trees))
            })
            .collect();
        // Most visited first; the order of generation breaks ties, so the choice is reproducible.
        children.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        let best = children[0].0;
        self.last = Some(Report { iterations, elapsed: start.elapsed(), threads, children, note: "" });
        Ok(best)
    }

    fn stop_on(&mut self, flag: super::Cancel) {
        self.cancel = Some(flag);
    }

    fn work(&self) -> Option<super::Work> {
        let r = self.last.as_ref()?;
        let fingerprint = r.children.first().map_or(0, |c| c.1 as u64);
        Some(super::Work { amount: r.iterations, unit: "iterations", seconds: r.elapsed.as_secs_f64(), fingerprint })
    }

    fn thought(&self, engine: &Engine) -> Option<String> {
        let r = self.last.as_ref()?;
        if r.iterations == 0 {
            return Some(format!("  {}: {}, {}", self.name, engine.notation(&r.children[0].0), r.note));
        }
        let secs = r.elapsed.as_secs_f64();
        let mut out = format!(
            "  {}: {} iterations in {:.2} s ({:.0}/s{})",
            self.name,
            r.iterations,
            secs,
            r.iterations as f64 / secs.max(1e-9),
            if r.threads > 1 { format!(", {} threads", r.threads) } else { String::new() }
        );
        for (m, v, w, value) in r.children.iter().take(5) {
            out.push_str(&format!("\n    {:<12} {:>7} visits  {:5.1}%", engine.notation(m), v, w * 100.0));
            if let Some(value) = value {
                out.push_str(&format!("  minimax {:5.1}%", value * 100.0));
            }
        }
        Some(out)
    }
}

/// When a search stops: after its iterations, or at its time, or once cancelled.
struct Stop {
    iterations: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<super::Cancel>,
}

impl Stop {
    fn new(budget: Budget, threads: usize, start: Instant, cancel: Option<super::Cancel>) -> Stop {
        let (iterations, deadline) = match budget {
            Budget::Iterations(n) => (Some(n.div_ceil(threads as u64).max(1)), None),
            Budget::Time(t) => (None, Some(start + t)),
            Budget::Depth(d) => (Some(d as u64), None),
        };
        Stop { iterations, deadline, cancel }
    }

    fn done(&self, done: u64) -> bool {
        // The flag is read every 16 iterations, as the clock is; at least one is made.
        let cancelled = |c: &super::Cancel| c.load(std::sync::atomic::Ordering::Relaxed);
        if done > 0 && done.is_multiple_of(16) && self.cancel.as_ref().is_some_and(cancelled) {
            return true;
        }
        if let Some(n) = self.iterations {
            return done >= n;
        }
        // The clock is read every 16 iterations; at least one is made.
        done > 0 && done.is_multiple_of(16) && self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    expanded: bool,
    /// The game ended at this node: how (None inside: the game went on with no move).
    terminal: Option<Option<Outcome>>,
    first: u32,
    count: u32,
    visits: u32,
    /// Rewards for the player who made `mv`.
    wins: f64,
    /// The evaluation's minimax value for the player who made `mv`, as a
    /// chance to win: of the position itself until the node is expanded,
    /// then backed up from its children (implicit minimax backups).
    value: f32,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node { mv, expanded: false, terminal: None, first: 0, count: 0, visits: 0, wins: 0.0, value: 0.5 }
    }
}

/// One search tree, with the buffers it reuses from iteration to iteration.
struct Tree<'e> {
    engine: &'e Engine,
    nodes: Vec<Node>,
    moves: Vec<Move>,
    /// The rollouts' buffers.
    buffers: PlyBuffers,
    /// The nodes of this iteration's descent, with the player who moved into each.
    path: Vec<(u32, u8)>,
    /// The game's history, and this iteration's descent and playout after it.
    history: History,
    c: f64,
    playout_plies: u32,
    dice: Option<Dice>,
    cap: usize,
    eval: &'e Evaluation,
    mode: Mode,
    /// The position this iteration has reached, and a second one that each
    /// ply is played into before the two swap (no position made a ply).
    /// (Boxed: a swap exchanges two pointers.)
    here: Box<Position>,
    spare: Box<Position>,
    /// The root's evaluation for the first player (two players), which
    /// stopped playouts and new children are scored against.
    baseline: i32,
}

impl<'e> Tree<'e> {
    fn new(
        engine: &'e Engine,
        eval: &'e Evaluation,
        root: &Position,
        moves: &[Move],
        s: &MctsSettings,
        mode: Mode,
        cap: usize,
    ) -> Tree<'e> {
        let mut nodes = Vec::with_capacity((moves.len() + 1) * 64);
        let mut top = Node::new(Move::PASS);
        (top.expanded, top.first, top.count) = (true, 1, moves.len() as u32);
        nodes.push(top);
        nodes.extend(moves.iter().map(|m| Node::new(*m)));
        let (c, playout_plies, dice) = (s.c, s.playout_plies, engine.dice());
        let (moves, path, history) = (Vec::new(), Vec::new(), History::default());
        let (here, spare, buffers) = (Box::new(root.clone()), Box::new(root.clone()), PlyBuffers::default());
        let mut tree = Tree {
            engine,
            nodes,
            moves,
            buffers,
            path,
            history,
            c,
            playout_plies,
            dice,
            cap,
            eval,
            mode,
            here,
            spare,
            baseline: if engine.players() == 2 { eval.evaluate_for(engine, root, 0) } else { 0 },
        };
        if mode.minimax > 0.0 {
            tree.evaluate_children(1, tree.nodes[0].count as usize);
        }
        tree
    }

    /// Visits, rewards and values of the root's children, in the order of the moves given.
    fn root_stats(&self) -> Vec<RootChild> {
        let root = &self.nodes[0];
        let children = self.nodes[root.first as usize..][..root.count as usize].iter();
        children.map(|n| RootChild { visits: n.visits, wins: n.wins, value: n.value as f64 }).collect()
    }

    /// One descent, expansion, playout and update.
    fn iterate(&mut self, root: &Position, history: &History, rng: &mut Pcg64Mcg) -> Result<(), Limit> {
        (*self.here).clone_from(root);
        self.history.clone_from(history);
        self.path.clear();
        let mut node = 0usize;
        let players = self.engine.players();
        let rewards = loop {
            if let Some(o) = self.nodes[node].terminal {
                break outcome_rewards(o, players);
            }
            if !self.nodes[node].expanded {
                let fresh = self.nodes[node].visits == 0;
                if fresh && !self.mode.expand_first || !self.expand(node)? {
                    break self.rollout(rng)?;
                }
                if self.mode.minimax > 0.0 {
                    self.back_up_values();
                }
                if let Some(o) = self.nodes[node].terminal {
                    break outcome_rewards(o, players);
                }
                if fresh {
                    // (`expand_first`, below the root: the path is not empty.)
                    break self.value_rewards(node);
                }
            }
            let mover = self.here.turn;
            let child = self.select(node, mover, rng);
            self.engine.play_unchecked_into(&self.here, &self.nodes[child].mv, &mut self.spare);
            std::mem::swap(&mut self.here, &mut self.spare);
            self.engine.enter(mover, &mut self.history, &mut self.here);
            self.path.push((child as u32, mover));
            if let Some(o) = self.here.decided() {
                self.nodes[child].terminal = Some(Some(o));
            }
            node = child;
        };
        self.nodes[0].visits += 1;
        for &(i, mover) in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.wins += rewards[mover as usize];
        }
        Ok(())
    }

    /// The rewards of a node's value (two players, minimax values kept), for
    /// an iteration that ends without a playout.
    fn value_rewards(&self, node: usize) -> Rewards {
        let value = self.nodes[node].value as f64;
        let mover = self.path.last().map_or(self.here.turn, |&(_, mover)| mover);
        rewards_of_first(if mover == 0 { value } else { 1.0 - value })
    }

    /// A random game from `pos` for at most `playout_plies` plies: its
    /// result if it ends, else the evaluation of where it stopped as each
    /// player's probability of winning.
    fn rollout(&mut self, rng: &mut Pcg64Mcg) -> Result<Rewards, Limit> {
        let players = self.engine.players();
        for _ in 0..self.playout_plies {
            if let Some(o) = self.here.decided() {
                return Ok(outcome_rewards(Some(o), players));
            }
            // The engine's own random ply: counted where it can, not listed.
            let mover = self.here.turn;
            if !self.engine.random_ply_into(&self.here, rng, &mut self.buffers, &mut self.spare)? {
                let o = self.engine.outcome(&self.here)?;
                return Ok(outcome_rewards(o, players));
            }
            std::mem::swap(&mut self.here, &mut self.spare);
            self.engine.enter(mover, &mut self.history, &mut self.here);
        }
        let pos = &self.here;
        if let Some(o) = pos.decided() {
            return Ok(outcome_rewards(Some(o), players));
        }
        if players > 2 {
            let mut each = [0.0; MAX_PLAYERS];
            for (p, r) in each.iter_mut().enumerate().take(players as usize) {
                *r = eval_chance(self.eval.evaluate_for(self.engine, pos, p as PlayerId));
            }
            return Ok(each);
        }
        Ok(rewards_of_first(self.first_chance(pos)))
    }

    /// The first player's chance at `pos` (two players), by the evaluation
    /// against the root's: a lead the root already had is no gain, so a
    /// side far ahead still tells better moves from worse.
    fn first_chance(&self, pos: &Position) -> f64 {
        let score = self.eval.evaluate_for(self.engine, pos, 0);
        eval_chance(score.saturating_sub(self.baseline))
    }

    /// Adds the children of `node` (at the position reached); false if the tree is full.
    fn expand(&mut self, node: usize) -> Result<bool, Limit> {
        self.engine.moves(&self.here, None, &mut self.moves)?;
        if self.moves.is_empty() {
            let outcome = self.engine.outcome(&self.here)?;
            self.nodes[node].terminal = Some(outcome);
            self.nodes[node].expanded = true;
            return Ok(true);
        }
        if self.nodes.len() + self.moves.len() + 1 > self.cap {
            return Ok(false);
        }
        let first = self.nodes.len() as u32;
        let mut count = self.moves.len() as u32;
        match &self.dice {
            Some(dice) => {
                self.moves.sort_unstable_by_key(|m| least_roll(m, dice));
                self.nodes.extend(self.moves.iter().map(|m| Node::new(*m)));
                // A pass for the rolls that allow no move (the child last).
                let passing = dice.rolls().filter(|&r| !self.moves.iter().any(|m| roll_allows(m, dice, r)));
                if self.engine.game.another_turn_rolls != 0 {
                    // A pass keeps its roll, which may give another turn: one child a roll.
                    for r in passing {
                        self.nodes.push(Node::new(Move { distance: r, ..Move::PASS }));
                        count += 1;
                    }
                } else if passing.count() > 0 {
                    self.nodes.push(Node::new(Move::PASS));
                    count += 1;
                }
            }
            None => self.nodes.extend(self.moves.iter().map(|m| Node::new(*m))),
        }
        if self.mode.minimax > 0.0 {
            self.evaluate_children(first as usize, count as usize);
        }
        let n = &mut self.nodes[node];
        (n.expanded, n.first, n.count) = (true, first, count);
        Ok(true)
    }

    /// Each new child's value for the player making its move: its result
    /// where the move decides the game, else the evaluation's chance.
    fn evaluate_children(&mut self, first: usize, count: usize) {
        let mover = self.here.turn;
        for i in first..first + count {
            let mv = self.nodes[i].mv;
            self.engine.play_unchecked_into(&self.here, &mv, &mut self.spare);
            self.nodes[i].value = match self.spare.decided() {
                Some(o) => {
                    self.nodes[i].terminal = Some(Some(o));
                    reward(o.winner, mover) as f32
                }
                None => {
                    let first = self.first_chance(&self.spare);
                    unsure(if mover == 0 { first } else { 1.0 - first })
                }
            };
        }
    }

    /// After an expansion at the end of the path: each node on it, deepest
    /// first, takes the best of its children's values for the player who
    /// moves there (the mover into the next node on the path; at the end,
    /// whose turn it is), turned to the player who moved into it.
    fn back_up_values(&mut self) {
        for k in (0..self.path.len()).rev() {
            let turn = self.path.get(k + 1).map_or(self.here.turn, |&(_, mover)| mover);
            let node = self.path[k].0 as usize;
            let n = self.nodes[node];
            if !n.expanded || n.terminal.is_some() || n.count == 0 {
                continue;
            }
            let children = &self.nodes[n.first as usize..][..n.count as usize];
            let best = match &self.dice {
                Some(dice) => expected_best(children, dice, self.mode.softness),
                None => best_of(children.iter().map(|c| c.value), self.mode.softness),
            };
            let mover = self.path[k].1;
            self.nodes[node].value = if turn == mover { best } else { 1.0 - best };
        }
    }

    /// The child to descend to, among those the roll allows (sampled below
    /// the root of a dice game): a child that wins at once, always; else an
    /// unvisited one (where new children are expanded at once and their
    /// values known, the best valued first: the reply that refutes a move
    /// is looked at before the replies that lose); else by UCT.
    fn select(&self, node: usize, mover: u8, rng: &mut Pcg64Mcg) -> usize {
        let n = &self.nodes[node];
        let (first, count) = (n.first as usize, n.count as usize);
        let children = &self.nodes[first..first + count];
        let mut roll = None;
        if let (Some(dice), true) = (&self.dice, node != 0) {
            let r = dice.roll(rng);
            let allows = |c: &Node| c.mv.kind != MoveType::Pass && roll_allows(&c.mv, dice, r);
            if !children.iter().any(allows) {
                // The pass: the one for this roll where passes keep their roll.
                let pass = children.iter().rposition(|c| c.mv.kind == MoveType::Pass && c.mv.distance == r);
                return first + pass.unwrap_or(count - 1);
            }
            roll = Some((r, *dice));
        }
        let log_n = (n.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, first);
        // An unvisited child, taken unless a later one wins at once.
        let mut unvisited = None;
        for (i, c) in self.nodes[first..first + count].iter().enumerate() {
            if let Some((r, dice)) = &roll {
                if c.mv.kind == MoveType::Pass || !roll_allows(&c.mv, dice, *r) {
                    continue;
                }
            }
            if c.terminal.flatten().is_some_and(|o| o.winner == Some(mover)) {
                return first + i;
            }
            if c.visits == 0 {
                let better = |u: usize| self.mode.expand_first && c.value > self.nodes[u].value;
                if unvisited.is_none_or(better) {
                    unvisited = Some(first + i);
                }
                continue;
            }
            if unvisited.is_some() {
                continue;
            }
            let v = c.visits as f64;
            let minimax = self.mode.minimax;
            let mean = (1.0 - minimax) * (c.wins / v) + minimax * c.value as f64;
            let score = mean + self.c * (log_n / v).sqrt();
            if score > best.0 {
                best = (score, first + i);
            }
        }
        unvisited.unwrap_or(best.1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::eval::shipped as engine;
    use super::*;

    #[test]
    fn soft_backups_weigh_near_replies_and_drop_far_ones() {
        let values = [0.2f32, 0.55, 0.6];
        assert_eq!(best_of(values.iter().copied(), 0.0), 0.6);
        assert_eq!(best_of([].into_iter(), SOFTNESS), f32::NEG_INFINITY);
        let soft = best_of(values.iter().copied(), SOFTNESS);
        // Below the best, above the mean of the two near ones: 0.2 counts for little.
        assert!(soft < 0.6 && soft > 0.54, "{soft}");
        // A sure win is taken whatever else there is.
        let many = std::iter::once(1.0f32).chain(std::iter::repeat_n(0.75, 40));
        assert_eq!(best_of(many, SOFTNESS), 1.0);
        // A lead however large is not: it is softened like any other value.
        for gain in [5_000, -5_000, i32::MAX] {
            let lead = unsure(eval_chance(gain));
            assert!(lead > 0.0 && lead < 1.0, "{gain}: {lead}");
            assert!(unsure(1.0 - eval_chance(gain)) < 1.0);
        }
        let many = std::iter::once(unsure(eval_chance(5_000))).chain(std::iter::repeat_n(0.75, 40));
        assert!(best_of(many, SOFTNESS) < 0.9);
    }

    /// The `--verbose` report of a search of `iterations` on `threads` trees from the start.
    fn report(e: Engine, iterations: u64, threads: usize) -> String {
        let pos = e.start();
        let mut moves = Vec::new();
        e.moves(&pos, None, &mut moves).unwrap();
        let settings = MctsSettings { budget: Budget::Iterations(iterations), threads, ..MctsSettings::default() };
        let mut agent = Mcts::new(settings);
        let mut rng = super::super::GameRng::new(1);
        agent.choose(&e, &pos, &e.history_from(&pos), &moves, &mut rng).unwrap();
        agent.thought(&e).unwrap()
    }

    #[test]
    fn the_report_gives_each_moves_minimax_value_where_the_trees_keep_one() {
        for threads in [1, 2] {
            let shown = report(engine("breakthrough.game"), 400, threads);
            let values: Vec<f64> = shown
                .lines()
                .filter_map(|l| l.split("minimax").nth(1))
                .map(|v| v.trim().trim_end_matches('%').parse().unwrap())
                .collect();
            assert_eq!(values.len(), 5, "{shown}");
            // A chance to win against the root's, near even at the start: averaged over the
            // trees, where their sum would be near 100%.
            assert!(values.iter().all(|v| (25.0..=75.0).contains(v)), "{shown}");
        }
        // With more than two players no minimax values are kept.
        let shown = report(super::super::eval::shipped_with("chinese-checkers.game", &[("players", "3")]), 100, 1);
        assert!(shown.contains("visits") && !shown.contains("minimax"), "{shown}");
    }

    #[test]
    fn a_side_that_keeps_a_piece_in_leans_on_the_evaluation() {
        let settings = MctsSettings::default();
        let mode = |file: &str, turn: PlayerId, s: &MctsSettings| {
            let e = engine(file);
            Mode::of(s, &e, &Evaluation::new(&e), turn)
        };
        let plain = Mode { minimax: MINIMAX, softness: 0.0, expand_first: false };
        let lean = Mode { minimax: LEAN_MINIMAX, softness: SOFTNESS, expand_first: true };
        // Tablut's attackers (first) keep the king in; its defenders and Breakthrough's sides race.
        assert_eq!(mode("tablut.game", 0, &settings), lean);
        assert_eq!(mode("tablut.game", 1, &settings), plain);
        assert_eq!(mode("breakthrough.game", 0, &settings), plain);
        // A weight given is kept, for either side.
        let given = MctsSettings { minimax: Some(0.7), ..settings.clone() };
        assert_eq!(mode("tablut.game", 0, &given), Mode { minimax: 0.7, ..plain });
        assert_eq!(mode("ludo.game", 0, &settings).minimax, 0.0);
    }
}
