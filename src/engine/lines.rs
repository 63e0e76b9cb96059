//! Goals of the whole board that a placement game ends by: pieces in a row
//! along a straight line (`N in a row`, `exactly N in a row`) and a full
//! board (`board full`).

use super::*;

impl Engine {
    /// The run of `player`'s pieces of the kinds in `kinds` through `at`
    /// along the line of direction `d` (both ways), `at` counted.
    fn run_through(&self, pos: &Position, at: Point, d: Dir, player: PlayerId, kinds: u16) -> usize {
        let ours = |q: &&Point| {
            let c = pos.at(**q);
            c != 0 && owner(c) == player && kinds & (1 << kind_of(c)) != 0
        };
        1 + self.ray(at, d).iter().take_while(ours).count() + self.ray(at, opposite(d)).iter().take_while(ours).count()
    }

    /// Whether `player`'s pieces through `at` make a run the rule asks for
    /// along some line: at least `n`, or with `exactly`, exactly `n`.
    fn line_at(&self, pos: &Position, at: Point, player: PlayerId, (n, kinds, exactly): (u8, u16, bool)) -> bool {
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
        self.line_goal(me, |rule| self.line_at(pos, at, me, rule))
    }

    /// A line of `player`'s anywhere on the board (for a position read from
    /// notation, where no last move says where to look).
    pub(super) fn goal_lines_anywhere(&self, pos: &Position, player: PlayerId) -> Option<Outcome> {
        self.line_goal(player, |rule| pos.occupied[player as usize].iter().any(|p| self.line_at(pos, p, player, rule)))
    }

    fn line_goal(&self, player: PlayerId, found: impl Fn((u8, u16, bool)) -> bool) -> Option<Outcome> {
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::InARow { n, kinds, exactly } if found((n, kinds, exactly)) => {
                Some(Outcome { winner: g.winner(g.player.unwrap_or(player)), reason: Reason::InARow(player, n) })
            }
            _ => None,
        })
    }

    /// A full board, after `me` moved.
    pub(super) fn goal_board_full(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        if !self.board_full_goal || pos.occupied[0].len() + pos.occupied[1].len() < self.game.board.len() {
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
