//! Goals of the whole board that a placement game ends by: pieces in a row
//! along a straight line (`N in a row`, `exactly N in a row`) and a full
//! board (`board full`).

use super::shifts::{Stepper, StepperFn};
use super::*;

/// Whether `bits` hold `n` points in a row along some direction: each AND
/// with the set stepped once more keeps the points that start a longer run.
struct AnyRun {
    bits: u128,
    n: u8,
}

impl StepperFn<bool> for AnyRun {
    #[inline(always)]
    fn call<S: Stepper>(self, s: S) -> bool {
        (0..4).any(|d| {
            let mut run = self.bits;
            for _ in 1..self.n {
                run &= s.step(run, d);
                if run == 0 {
                    return false;
                }
            }
            true
        })
    }
}

/// A goal of lines: a row (`N in a row`, its kinds, `exactly`), or regions to connect.
#[derive(Clone, Copy)]
enum LineRule<'a> {
    Row(u8, u16, bool),
    Connects(&'a [[PointSet; MAX_PLAYERS]]),
}

impl Engine {
    /// The run of `player`'s pieces of the kinds in `kinds` through `at`
    /// along the line of direction `d` (both ways), `at` counted.
    #[inline]
    fn run_through(&self, pos: &Position, at: Point, d: Dir, player: PlayerId, kinds: u16) -> usize {
        let mine = &pos.occupied[player as usize];
        let every = ((1u32 << self.game.kinds.len()) - 1) as u16;
        let all_kinds = kinds & every == every;
        self.run_along(at, d, |q| mine.contains(q) && (all_kinds || kinds & (1 << kind_of(pos.at(q))) != 0))
    }

    /// The points in a row along the line of direction `d` through `at`
    /// (both ways) while `ours` holds of them, `at` counted.
    #[inline]
    pub(super) fn run_along(&self, at: Point, d: Dir, ours: impl Fn(Point) -> bool) -> usize {
        let count = |dir: Dir| self.ray(at, dir).iter().take_while(|&&q| ours(q)).count();
        1 + count(d) + count(opposite(d))
    }

    /// Whether `player`'s pieces through `at` make a run the rule asks for
    /// along some line: at least `n`, or with `exactly`, exactly `n`.
    pub(super) fn line_at(
        &self,
        pos: &Position,
        at: Point,
        player: PlayerId,
        (n, kinds, exactly): (u8, u16, bool),
    ) -> bool {
        let c = pos.at(at);
        if c == 0 || owner(c) != player || kinds & (1 << kind_of(c)) == 0 {
            return false;
        }
        (0..4).any(|d| {
            let run = self.run_through(pos, at, d, player, kinds);
            if exactly {
                run == n as usize
            } else {
                run >= n as usize
            }
        })
    }

    /// After `me` moved a piece to `at`: a line through it that a goal asks for.
    pub(super) fn goal_line(&self, pos: &Position, me: PlayerId, at: Point) -> Option<Outcome> {
        self.line_goal(me, |rule| match rule {
            LineRule::Row(n, kinds, exactly) => self.line_made(pos, at, me, (n, kinds, exactly)),
            LineRule::Connects(regions) => self.connects_at(pos, at, me, regions),
        })
    }

    /// [`Engine::line_at`], by shifts where the board has them and the rule
    /// counts every kind at least `n` long: any such run of the mover's is
    /// new (an older one would have ended the game), so it runs through `at`.
    #[inline]
    fn line_made(&self, pos: &Position, at: Point, me: PlayerId, (n, kinds, exactly): (u8, u16, bool)) -> bool {
        let every = ((1u32 << self.game.kinds.len()) - 1) as u16;
        match &self.shifts {
            Some(shifts) if !exactly && kinds & every == every => {
                shifts.with_stepper(AnyRun { bits: pos.occupied[me as usize].low128(), n })
            }
            _ => self.line_at(pos, at, me, (n, kinds, exactly)),
        }
    }

    /// A line of `player`'s anywhere on the board (for a position read from
    /// notation, where no last move says where to look).
    pub(super) fn goal_lines_anywhere(&self, pos: &Position, player: PlayerId) -> Option<Outcome> {
        self.line_goal(player, |rule| {
            pos.occupied[player as usize].iter().any(|p| match rule {
                LineRule::Row(n, kinds, exactly) => self.line_at(pos, p, player, (n, kinds, exactly)),
                LineRule::Connects(regions) => self.connects_at(pos, p, player, regions),
            })
        })
    }

    fn line_goal(&self, player: PlayerId, found: impl Fn(LineRule) -> bool) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| {
            let reason = match &g.condition {
                Condition::InARow { n, kinds, exactly } if found(LineRule::Row(*n, *kinds, *exactly)) => {
                    Reason::InARow(player, *n)
                }
                Condition::Connects(regions) if found(LineRule::Connects(regions)) => Reason::Connected(player),
                _ => return None,
            };
            Some(Outcome { winner: g.winner(g.player.unwrap_or(player)), reason })
        })
    }

    /// Whether the chain of `player`'s pieces through `at` (linked along the
    /// board's lines) touches each region (the player's part of it).
    fn connects_at(&self, pos: &Position, at: Point, player: PlayerId, regions: &[[PointSet; MAX_PLAYERS]]) -> bool {
        let mine = &pos.occupied[player as usize];
        if !mine.contains(at) {
            return false;
        }
        let mut chain = PointSet::default();
        chain.insert(at);
        let mut stack = [0 as Point; MAX_POINTS + 1];
        let (mut top, mut touched) = (1, 0usize);
        stack[0] = at;
        let all = (1usize << regions.len()) - 1;
        while top > 0 {
            top -= 1;
            let p = stack[top];
            for (i, r) in regions.iter().enumerate() {
                if r[player as usize].contains(p) {
                    touched |= 1 << i;
                }
            }
            if touched == all {
                return true;
            }
            for q in self.points.adjacent[p as usize].and(mine).minus(&chain).iter() {
                chain.insert(q);
                stack[top] = q;
                top += 1;
            }
        }
        false
    }

    /// A full board, after `me` moved.
    pub(super) fn goal_board_full(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        if !self.goals.board_full_goal || pos.taken != self.points.all {
            return None;
        }
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::BoardFull => {
                Some(Outcome { winner: g.winner(g.player.unwrap_or(me)), reason: Reason::BoardFull })
            }
            _ => None,
        })
    }
}

/// Every row of `n` points in a row along a straight line of a board of at
/// most 128 points, as bits, listed for each of its points: whether a move
/// makes a row (a mill) is then a few masks, not walks along four lines.
#[derive(Clone, Debug)]
pub(super) struct Rows {
    at: Vec<u32>,
    rows: Vec<u128>,
    /// Each row once.
    distinct: Vec<u128>,
}

impl Rows {
    pub(super) fn of(board: &Board, n: u8) -> Option<Rows> {
        if board.len() > 128 || n == 0 {
            return None;
        }
        let mut per_point: Vec<Vec<u128>> = vec![Vec::new(); board.len()];
        let mut distinct = Vec::new();
        for line in board.straight_lines() {
            for window in line.windows(n as usize) {
                let bits = window.iter().fold(0u128, |b, &p| b | 1 << p);
                window.iter().for_each(|&p| per_point[p as usize].push(bits));
                distinct.push(bits);
            }
        }
        let mut at = vec![0];
        let mut rows = Vec::new();
        for list in per_point {
            rows.extend(list);
            at.push(rows.len() as u32);
        }
        Some(Rows { at, rows, distinct })
    }

    /// The points whose filling makes a row of `bits`: each row's one point
    /// not in `bits`, over the rows with no point of `except` (a piece that
    /// moves leaves every row through its start).
    #[inline]
    pub(super) fn makers(&self, bits: u128, except: u128) -> u128 {
        self.distinct.iter().fold(0, |makers, &row| {
            let miss = row & !bits;
            let one = miss != 0 && miss & (miss - 1) == 0 && row & except == 0;
            makers | if one { miss } else { 0 }
        })
    }

    /// Of `landings` (`count` of them), those where a piece of `bits`
    /// arriving from `from` (`NONE`: from the hand) makes a row: by each
    /// row's missing point where the landings are many, else one by one.
    #[inline]
    pub(super) fn row_landings(&self, bits: u128, from: Point, landings: u128, count: u32) -> u128 {
        let from = if from == NONE { 0 } else { 1u128 << from };
        if from == 0 || count > 4 {
            return self.makers(bits, from) & landings;
        }
        let rest = bits & !from;
        super::shifts::points_of(landings)
            .filter(|&t| self.complete(t, rest | 1u128 << t))
            .fold(0, |found, t| found | 1u128 << t)
    }

    /// The pieces of `bits` a row made may remove: those in no row of
    /// `bits`, or all of them where every one stands in one.
    #[inline]
    pub(super) fn removable(&self, bits: u128) -> u128 {
        let in_rows = self.distinct.iter().fold(0, |all, &row| all | if row & bits == row { row } else { 0 });
        match bits & !in_rows {
            0 => bits,
            free => free,
        }
    }

    /// How many (point, row) pairs are listed: points times the rows through each.
    pub(super) fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether some row through `p` is all in `bits`.
    #[inline]
    pub(super) fn complete(&self, p: Point, bits: u128) -> bool {
        for &row in &self.rows[self.at[p as usize] as usize..self.at[p as usize + 1] as usize] {
            if row & bits == row {
                return true;
            }
        }
        false
    }
}
