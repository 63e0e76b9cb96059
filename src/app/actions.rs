//! Moves as numbered actions over a fixed space per game, for learning code
//! (the Python package's environments): a move is one action or a short
//! sequence of them, each a step a player would name.
//!
//! The space is made of blocks, each present only where the game needs it:
//! - a piece's step: from a point to a point, to off the board, off in a
//!   direction (a leave), or to a point by withdrawal;
//! - an entry: a kind from the hand onto a point;
//! - `pass` (also "end the move here", see below);
//! - a choice of kind (a promotion with a choice, `=Q`);
//! - a point acted on: a pit sown, a piece lifted, an enemy removed by a row.
//!
//! A move is the sequence of its steps: a capture sequence is one step per
//! landing, a turn of two dice one per die, a move then a shot or a removal
//! two, a promotion with a choice ends with the kind. Where one legal move's
//! sequence is the start of another's (a promotion that may be declined), the
//! shorter ends with `pass`. So the legal moves of a position always form a
//! tree of actions, and a move is played when its last action is.
//!
//! **Architecture Invariant:** every legal move of every position maps to an
//! action sequence no other legal move of that position has; a game where
//! this fails is reported ([`ActionError::Ambiguous`]), never played wrong.

use crate::engine::{Engine, Limit, Move, MoveType, Position};
use crate::game::{KindId, Point, DIRECTION_NAMES, NONE};

/// One action: a step of a move, as the space numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A piece from a point to `to`.
    Go { from: Point, to: Target },
    /// A piece of `kind` from the hand onto a point.
    Enter { kind: KindId, to: Point },
    /// No move, or the end of a move that could go on.
    Pass,
    /// The kind a promotion chose.
    Choose(KindId),
    /// A point acted on: a pit sown, a piece lifted, an enemy removed.
    At(Point),
}

/// Where a piece's step goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Point(Point),
    /// Off the board at the end of a track.
    Off,
    /// Off the board in a direction.
    Leave(u8),
    /// To a point, taking by withdrawal (where approach is also possible).
    Withdraw(Point),
}

/// Why a move could not be given as actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The engine's limit was reached listing the moves.
    Limit(Limit),
    /// Two legal moves have the same actions.
    Ambiguous { first: String, second: String },
    /// A move uses a block the game was not thought to need.
    Unencodable(String),
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::Limit(l) => write!(f, "no answer: {l}"),
            ActionError::Ambiguous { first, second } => {
                write!(f, "the moves {first} and {second} have the same actions; this game cannot be played by actions")
            }
            ActionError::Unencodable(m) => write!(f, "the move {m} has no action in this game's action space"),
        }
    }
}

/// The action space of one game.
#[derive(Clone, Debug)]
pub struct ActionSpace {
    points: usize,
    /// Targets per origin: the points, then off, the leave directions and
    /// the withdrawal landings where the game has them.
    targets: usize,
    off: Option<usize>,
    leave: Option<usize>,
    withdraw: Option<usize>,
    /// Where each block starts (None: absent).
    go_at: Option<usize>,
    /// Per kind, where its entries start.
    enter_at: Vec<Option<usize>>,
    pass_at: usize,
    choose_at: Option<usize>,
    at_at: Option<usize>,
    size: usize,
    kinds: usize,
}

impl ActionSpace {
    /// The space a game's rules need.
    pub fn new(engine: &Engine) -> ActionSpace {
        let game = &engine.game;
        let points = game.board.len();
        let moves = |k: &crate::game::Kind| {
            let m = &k.moves;
            let any = |sets: &[u8]| sets.iter().any(|&d| d != 0);
            any(&m.step)
                || any(&m.slide)
                || any(&m.jump)
                || any(&m.fly)
                || any(&m.leave)
                || any(&m.take)
                || any(&m.approach)
                || any(&m.withdraw)
                || m.track
                || !m.vectors.is_empty()
                || k.castle.is_some()
                || k.fly.is_some()
        };
        let board_moves = game.kinds.iter().any(moves);
        let tracks = game.kinds.iter().any(|k| k.moves.track);
        let leaves = game.kinds.iter().any(|k| k.moves.leave.iter().any(|&d| d != 0));
        let withdrawals = game.kinds.iter().any(|k| k.moves.withdraw.iter().any(|&d| d != 0));
        let mut targets = points;
        let mut extra = |n: usize, on: bool| {
            on.then(|| {
                targets += n;
                targets - n
            })
        };
        let off = extra(1, tracks);
        let leave = extra(8, leaves);
        let withdraw = extra(points, withdrawals);
        let mut size = 0;
        let mut block = |n: usize, on: bool| {
            on.then(|| {
                size += n;
                size - n
            })
        };
        let go_at = block(points * targets, board_moves);
        let enter_at = (0..game.kinds.len() as KindId)
            .map(|k| block(points, (0..game.players.len() as u8).any(|p| engine.has_hand(p, k))))
            .collect();
        let pass_at = block(1, true).unwrap_or_default();
        let choices =
            game.kinds.iter().any(|k| k.promotion.as_ref().is_some_and(|p| !p.or_into.is_empty() || p.optional));
        let choose_at = block(game.kinds.len(), choices);
        let single =
            engine.sows() || game.mill.is_some() || game.kinds.iter().any(|k| k.lift.iter().any(Option::is_some));
        let at_at = block(points, single);
        ActionSpace {
            points,
            targets,
            off,
            leave,
            withdraw,
            go_at,
            enter_at,
            pass_at,
            choose_at,
            at_at,
            size,
            kinds: game.kinds.len(),
        }
    }

    /// How many actions the space holds.
    pub fn len(&self) -> usize {
        self.size
    }

    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The action's number, if the space has it.
    pub fn index(&self, step: Step) -> Option<usize> {
        let p = self.points;
        match step {
            Step::Go { from, to } => {
                let t = match to {
                    Target::Point(q) => Some(q as usize),
                    Target::Off => self.off,
                    Target::Leave(d) => self.leave.map(|l| l + d as usize),
                    Target::Withdraw(q) => self.withdraw.map(|w| w + q as usize),
                }?;
                Some(self.go_at? + from as usize * self.targets + t).filter(|_| (from as usize) < p)
            }
            Step::Enter { kind, to } => Some(self.enter_at.get(kind as usize).copied()?? + to as usize),
            Step::Pass => Some(self.pass_at),
            Step::Choose(k) => Some(self.choose_at? + k as usize),
            Step::At(q) => Some(self.at_at? + q as usize),
        }
    }

    /// The step an action number stands for.
    pub fn step(&self, a: usize) -> Option<Step> {
        let p = self.points;
        let within = |start: Option<usize>, n: usize| start.filter(|&s| (s..s + n).contains(&a)).map(|s| a - s);
        if let Some(i) = within(self.go_at, p * self.targets) {
            let (from, t) = ((i / self.targets) as Point, i % self.targets);
            let to = if t < p {
                Target::Point(t as Point)
            } else if let Some(d) = self.leave.and_then(|l| t.checked_sub(l)).filter(|&d| d < 8) {
                Target::Leave(d as u8)
            } else if let Some(q) = self.withdraw.and_then(|w| t.checked_sub(w)).filter(|&q| q < p) {
                Target::Withdraw(q as Point)
            } else {
                Target::Off
            };
            return Some(Step::Go { from, to });
        }
        for (k, &start) in self.enter_at.iter().enumerate() {
            if let Some(i) = within(start, p) {
                return Some(Step::Enter { kind: k as KindId, to: i as Point });
            }
        }
        if a == self.pass_at {
            return Some(Step::Pass);
        }
        if let Some(k) = within(self.choose_at, self.kinds) {
            return Some(Step::Choose(k as KindId));
        }
        within(self.at_at, p).map(|q| Step::At(q as Point))
    }

    /// An action in words, as the move notation writes its parts: `c3-c4`,
    /// `K@c3`, `pass`, `=Q`, `@c3` for a point acted on, `c5-off`, `e3-off-w`.
    pub fn name(&self, engine: &Engine, a: usize) -> Option<String> {
        let label = |q: Point| engine.point_name(q, false);
        let kinds = &engine.game.kinds;
        Some(match self.step(a)? {
            Step::Go { from, to } => match to {
                Target::Point(q) => format!("{}-{}", label(from), label(q)),
                Target::Off => format!("{}-off", label(from)),
                Target::Leave(d) => format!("{}-off-{}", label(from), DIRECTION_NAMES[d as usize]),
                Target::Withdraw(q) => format!("{}-{}W", label(from), label(q)),
            },
            Step::Enter { kind, to } => format!("{}@{}", kinds[kind as usize].letter, label(to)),
            Step::Pass => "pass".to_string(),
            Step::Choose(k) => format!("={}", kinds[k as usize].letter),
            Step::At(q) => format!("x{}", label(q)),
        })
    }

    /// The action of a move that is one plain step, taken or placed (most
    /// moves of most games), found without listing its steps; None for
    /// any other move. The same as `index` of its one step.
    #[inline]
    fn single(&self, mv: &Move) -> Option<u32> {
        if mv.chose_kind() {
            return None;
        }
        let (from, to) = match mv.kind {
            MoveType::Plain if mv.ntaken == 0 && mv.shot().is_none() => (mv.from, mv.to),
            MoveType::Jumps if mv.len == 1 && !mv.withdrew(0) => (mv.from, mv.path[0]),
            MoveType::Enter if mv.ntaken == 0 => {
                return self.enter_at.get(mv.becomes as usize).copied().flatten().map(|e| (e + mv.to as usize) as u32)
            }
            _ => return None,
        };
        Some((self.go_at? + from as usize * self.targets + to as usize) as u32)
            .filter(|_| (from as usize) < self.points)
    }

    /// The steps of a move, in the order played.
    pub fn steps(mv: &Move) -> Vec<Step> {
        let mut steps = Vec::with_capacity(2);
        Self::steps_into(mv, &mut steps);
        steps
    }

    /// [`ActionSpace::steps`], pushed onto `steps`.
    fn steps_into(mv: &Move, steps: &mut Vec<Step>) {
        let go = |from: Point, to: Point| Step::Go { from, to: Target::Point(to) };
        match mv.kind {
            MoveType::Pass => steps.push(Step::Pass),
            MoveType::Sow | MoveType::Lift => steps.push(Step::At(mv.from)),
            MoveType::Enter => steps.push(Step::Enter { kind: mv.becomes, to: mv.to }),
            MoveType::Plain | MoveType::Castle => steps.push(go(mv.from, mv.to)),
            MoveType::Leave => steps.push(Step::Go { from: mv.from, to: Target::Leave(mv.dir) }),
            MoveType::BearOff => steps.push(Step::Go { from: mv.from, to: Target::Off }),
            MoveType::Jumps => {
                let mut prev = mv.from;
                for (i, &q) in mv.landings().iter().enumerate() {
                    let to = if mv.withdrew(i) { Target::Withdraw(q) } else { Target::Point(q) };
                    steps.push(Step::Go { from: prev, to });
                    prev = q;
                }
            }
            MoveType::Turn => {
                for (i, (from, to)) in Engine::turn_steps(mv).enumerate() {
                    steps.push(match (from, to) {
                        (NONE, to) => Step::Enter { kind: mv.taken[i] as KindId, to },
                        (from, NONE) => Step::Go { from, to: Target::Off },
                        (from, to) => go(from, to),
                    });
                }
            }
        }
        if let Some(shot) = mv.shot() {
            steps.push(go(mv.to, shot));
        }
        if matches!(mv.kind, MoveType::Plain | MoveType::Enter) && mv.ntaken > 0 {
            steps.push(Step::At(mv.taken[0]));
        }
        if mv.chose_kind() {
            steps.push(Step::Choose(mv.becomes));
        }
    }
}

fn pair(action: u32, mv: u32) -> u64 {
    u64::from(action) << 32 | u64::from(mv)
}

fn action_of(pair: u64) -> u32 {
    (pair >> 32) as u32
}

fn move_of(pair: u64) -> u32 {
    pair as u32
}

/// A position's legal moves with their action sequences: each move's steps,
/// then `pass` where another legal move's sequence goes on from it.
#[derive(Clone, Debug, Default)]
pub struct Legal {
    pub moves: Vec<Move>,
    /// The sequences one after the other; move i's is `flat[ends[i - 1]..ends[i]]`.
    flat: Vec<u32>,
    ends: Vec<u32>,
    /// The distinct first actions, sorted, each with the move it is alone
    /// (`u32::MAX` where it starts longer sequences): `pair(action, move)`,
    /// one number so that sorting compares one number.
    first: Vec<u64>,
    /// A buffer for a move's steps.
    steps: Vec<Step>,
}

impl Legal {
    /// Lists the legal moves of `pos` under `roll` and their actions, in
    /// place of those held (the buffers are kept).
    pub fn refill(
        &mut self,
        engine: &Engine,
        space: &ActionSpace,
        pos: &Position,
        roll: Option<u8>,
    ) -> Result<(), ActionError> {
        engine.moves(pos, roll, &mut self.moves).map_err(ActionError::Limit)?;
        self.index(engine, space)
    }

    /// The actions of `moves`, the legal moves of a position.
    pub fn of(engine: &Engine, space: &ActionSpace, moves: Vec<Move>) -> Result<Legal, ActionError> {
        let mut legal = Legal { moves, ..Legal::default() };
        legal.index(engine, space)?;
        Ok(legal)
    }

    fn index(&mut self, engine: &Engine, space: &ActionSpace) -> Result<(), ActionError> {
        let mut steps = std::mem::take(&mut self.steps);
        let moves = &self.moves;
        self.flat.clear();
        self.ends.clear();
        self.first.clear();
        for mv in moves {
            if let Some(a) = space.single(mv) {
                self.flat.push(a);
                self.ends.push(self.flat.len() as u32);
                continue;
            }
            steps.clear();
            ActionSpace::steps_into(mv, &mut steps);
            for &s in &steps {
                let a = space.index(s).ok_or_else(|| ActionError::Unencodable(engine.notation(mv)))?;
                self.flat.push(a as u32);
            }
            self.ends.push(self.flat.len() as u32);
        }
        self.steps = steps;
        if self.flat.len() == moves.len() {
            // One action a move, as in most games: sorted pairs suffice.
            self.first.extend(self.flat.iter().enumerate().map(|(i, &a)| pair(a, i as u32)));
            // The pairs are distinct (each holds its move's index): an
            // unstable sort orders them as a stable one would, and faster.
            self.first.sort_unstable();
            return match self.first.windows(2).find(|w| action_of(w[0]) == action_of(w[1])) {
                Some(w) => Err(self.ambiguous(engine, move_of(w[0]), move_of(w[1]))),
                None => Ok(()),
            };
        }
        // Sorted, a sequence that starts others is just before them; an
        // equal one is next to it.
        let legal = &mut *self;
        let mut order: Vec<u32> = (0..legal.moves.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| legal.seq(a as usize).cmp(legal.seq(b as usize)));
        let mut ended = Vec::new();
        for w in order.windows(2) {
            let (a, b) = (legal.seq(w[0] as usize), legal.seq(w[1] as usize));
            if a == b {
                return Err(legal.ambiguous(engine, w[0], w[1]));
            }
            if b.starts_with(a) {
                ended.push(w[0] as usize);
            }
        }
        if !ended.is_empty() {
            legal.end_with_pass(&ended, space.pass_at as u32);
        }
        for &i in &order {
            let seq = legal.seq(i as usize);
            let (head, alone) = (seq[0], if seq.len() == 1 { i } else { u32::MAX });
            match legal.first.last_mut() {
                Some(last) if action_of(*last) == head => *last = pair(head, u32::MAX),
                _ => legal.first.push(pair(head, alone)),
            }
        }
        Ok(())
    }

    fn ambiguous(&self, engine: &Engine, i: u32, j: u32) -> ActionError {
        let (first, second) = (engine.notation(&self.moves[i as usize]), engine.notation(&self.moves[j as usize]));
        ActionError::Ambiguous { first, second }
    }

    /// Adds `pass` to the sequences of the moves `ended`.
    fn end_with_pass(&mut self, ended: &[usize], pass: u32) {
        let mut flat = Vec::with_capacity(self.flat.len() + ended.len());
        let mut start = 0;
        for i in 0..self.moves.len() {
            let end = self.ends[i] as usize;
            flat.extend_from_slice(&self.flat[start..end]);
            if ended.contains(&i) {
                flat.push(pass);
            }
            (start, self.ends[i]) = (end, flat.len() as u32);
        }
        self.flat = flat;
    }

    /// Move i's actions.
    pub fn seq(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.flat[start..self.ends[i] as usize]
    }

    /// The actions open after `prefix`, sorted, each once.
    pub fn open(&self, prefix: &[u32]) -> Vec<u32> {
        if prefix.is_empty() {
            return self.first.iter().map(|&x| action_of(x)).collect();
        }
        let mut next: Vec<u32> = (0..self.moves.len())
            .map(|i| self.seq(i))
            .filter(|s| s.len() > prefix.len() && s.starts_with(prefix))
            .map(|s| s[prefix.len()])
            .collect();
        next.sort_unstable();
        next.dedup();
        next
    }

    /// Whether `action` is open after `prefix`.
    pub fn is_open(&self, prefix: &[u32], action: u32) -> bool {
        match prefix {
            [] => self.first.binary_search_by_key(&action, |&x| action_of(x)).is_ok(),
            _ => self.open(prefix).binary_search(&action).is_ok(),
        }
    }

    /// The move whose whole sequence `actions` is, if any.
    pub fn completed(&self, actions: &[u32]) -> Option<usize> {
        match actions {
            [a] => self
                .first
                .binary_search_by_key(a, |&x| action_of(x))
                .ok()
                .map(|j| move_of(self.first[j]))
                .filter(|&i| i != u32::MAX)
                .map(|i| i as usize),
            _ => (0..self.moves.len()).find(|&i| self.seq(i) == actions),
        }
    }
}
