//! Goals on the state of the board, judged after every move: counts of
//! pieces (`fewer than 2 pieces left and opponent has at least 3 pieces
//! left`, `5 goat captured`), where pieces stand (`hare past every hound`),
//! joined by `and`, `or` and `not`; and runs of a player's own moves by
//! heading (`hounds lose after 10 moves in a row sideways`), counted in the
//! position.

use super::*;

impl Engine {
    /// The goals on the state of the board (`Holds`, `CapturedCount`),
    /// judged after `mover` has moved: about each player, the other side first
    /// (a move takes the opponent's pieces).
    pub(super) fn goal_state(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        if self.players == 2 {
            // The common case, kept free of the turn-order arithmetic.
            return self.goal_state_about(pos, mover, [1 - mover, mover].into_iter());
        }
        self.goal_state_about(pos, mover, self.judged_after(pos, mover))
    }

    /// [`Engine::goal_state`] about the players `judged`, in that order.
    #[inline(always)]
    pub(super) fn goal_state_about(
        &self,
        pos: &Position,
        mover: PlayerId,
        judged: impl Iterator<Item = PlayerId> + Clone,
    ) -> Option<Outcome> {
        self.game.goals.iter().enumerate().find_map(|(i, g)| match &g.condition {
            Condition::CapturedCount { n, kinds } => judged.clone().find_map(|x| {
                let start = self.goal_start[i][x as usize] as usize;
                let every = kinds & self.every_kind == self.every_kind;
                let lost = start.saturating_sub(self.pieces_left(pos, x, *kinds, every));
                // Without a named player: the capturer wins, or the one who lost them loses.
                let subject = g.player.unwrap_or(if g.wins { 1 - x } else { x });
                (start > 0 && lost >= *n as usize)
                    .then_some(Outcome { winner: g.winner(subject), reason: Reason::CapturedCount(x, *n) })
            }),
            Condition::Holds { any } => judged
                .clone()
                .find_map(|x| holds_about(g, i, any, x, |c, head| self.clause_holds(pos, c, (x, mover), head))),
            _ => None,
        })
    }

    /// [`Engine::goal_state`] where every goal is a `Holds` of counts of
    /// pieces left and who moved last (see `mills.rs`): `left[p]` is player
    /// `p`'s pieces, on the board and in hand, of the game's one kind.
    pub(super) fn goal_state_on_counts(&self, left: [usize; 2], mover: PlayerId) -> Option<Outcome> {
        self.game.goals.iter().enumerate().find_map(|(i, g)| match &g.condition {
            Condition::Holds { any } => [1 - mover, mover].into_iter().find_map(|x| {
                holds_about(g, i, any, x, |c, head| {
                    let holds = match c.test {
                        Test::Left { .. } => self.left_holds(&c.test, x, head, |whose, _| left[whose as usize]),
                        Test::MovedLast => x == mover,
                        _ => unreachable!("a mill plan holds only counts and who moved last"),
                    };
                    holds != c.not
                })
            }),
            _ => None,
        })
    }

    /// Whether the `Left` test `test` holds about player `x`, its pieces
    /// counted by `left_of(player, kinds)`; `head`: it opens its group.
    #[inline(always)]
    fn left_holds(&self, test: &Test, x: PlayerId, head: bool, left_of: impl Fn(PlayerId, u16) -> usize) -> bool {
        let Test::Left { opponent, at_least, n, kinds } = *test else { unreachable!("a test of pieces left") };
        let whose = if opponent { 1 - x } else { x };
        let left = left_of(whose, kinds);
        if at_least {
            left >= n as usize
        } else {
            // A group that opens with it is about a player who had such
            // pieces at the start (the fox is never short of geese).
            left < n as usize && !(head && !opponent && self.setup_count(whose, kinds) == 0)
        }
    }

    /// The players in the order goals are judged about after `mover` has
    /// moved: those after it in turn order, then the mover itself; none who
    /// has finished (`places.rs`).
    fn judged_after(&self, pos: &Position, mover: PlayerId) -> impl Iterator<Item = PlayerId> + Clone + '_ {
        let places = pos.places;
        (1..=self.players).map(move |i| (mover + i) % self.players).filter(move |&x| !places.contains(x))
    }

    /// Whether `c` holds about player `x`, `mover` having just moved; `head`:
    /// it opens its group.
    pub(super) fn clause_holds(
        &self,
        pos: &Position,
        c: &Clause,
        (x, mover): (PlayerId, PlayerId),
        head: bool,
    ) -> bool {
        let holds = match c.test {
            Test::AllIn { kinds, ref zone, .. } => self.all_in(pos, x, kinds, &zone[x as usize]),
            Test::Left { .. } => self.left_holds(&c.test, x, head, |whose, kinds| {
                self.pieces_left(pos, whose, kinds, kinds & self.every_kind == self.every_kind)
            }),
            Test::MovedLast => x == mover,
            Test::Past { kind, of, behind } => self.past(pos, x, kind, of, behind),
        };
        holds != c.not
    }

    /// Whether every piece of `x`'s of `kinds` stands in `zone`, none is in
    /// hand, and there is one at least.
    fn all_in(&self, pos: &Position, x: PlayerId, kinds: u16, zone: &PointSet) -> bool {
        let every = kinds & self.every_kind == self.every_kind;
        let count = |set: PointSet| {
            if every {
                set.len()
            } else {
                set.iter().filter(|&p| kinds & (1 << kind_of(pos.at(p))) != 0).count()
            }
        };
        let mine = pos.occupied[x as usize];
        let on_board = count(mine);
        on_board > 0 && count(mine.and(zone)) == on_board && self.pieces_left(pos, x, kinds, every) == on_board
    }

    /// Whether a piece of `x`'s of `kind` stands farther along `x`'s forward
    /// direction than every opponent's piece of `of` (`behind`: less far).
    fn past(&self, pos: &Position, x: PlayerId, kind: KindId, of: u16, behind: bool) -> bool {
        let (fx, fy) = DIRECTION_STEPS[self.game.players[x as usize].forward as usize];
        let coords = &self.game.board.coords;
        // Farther along forward, or with `behind`, along backward.
        let sign = if behind { -1 } else { 1 };
        let reach = |p: Point| sign * (coords[p as usize].0 * fx + coords[p as usize].1 * fy);
        let most = |player: PlayerId, kinds: u16| {
            pos.occupied[player as usize].iter().filter(|&p| kinds & (1 << kind_of(pos.at(p))) != 0).map(reach).max()
        };
        match (most(x, 1 << kind), most(1 - x, of)) {
            (Some(mine), Some(theirs)) => mine > theirs,
            (mine, None) => mine.is_some(),
            (None, Some(_)) => false,
        }
    }

    /// The run of `mover`'s moves of the headings a `Streak` goal counts,
    /// after `mv` took `before` to `after`, and the end if it is long enough.
    pub(super) fn streak_after(&self, before: &Position, after: &mut Position, mv: &Move) {
        let Some(goal) = self.goals.streak else { return };
        let g = &self.game.goals[goal];
        let Condition::Streak { moves, classes } = g.condition else { return };
        let me = before.turn;
        if g.player.is_some_and(|p| p != me) {
            return;
        }
        let counts = self.heading(before, mv) & classes != 0;
        after.streak[me as usize] = if counts { before.streak[me as usize].saturating_add(1) } else { 0 };
        if after.result.is_none() && after.streak[me as usize] >= moves {
            after.result = Some(Outcome { winner: g.winner(me), reason: Reason::Streak(me, moves) });
        }
    }

    /// The end by a `Streak` goal in a position read from notation, if a
    /// run in it is already long enough.
    pub(super) fn streak_reached(&self, pos: &Position) -> Option<Outcome> {
        let g = &self.game.goals[self.goals.streak?];
        let Condition::Streak { moves, .. } = g.condition else { return None };
        (0..self.players)
            .find(|&p| pos.streak[p as usize] >= moves)
            .map(|p| Outcome { winner: g.winner(p), reason: Reason::Streak(p, moves) })
    }

    /// Where `mv` takes its piece along its mover's forward direction, as a
    /// [`heading`] bit: 0 for a move that does not take a piece from one
    /// point to another (an entry, a pass, a sowing).
    fn heading(&self, before: &Position, mv: &Move) -> u8 {
        let (fx, fy) = DIRECTION_STEPS[self.game.players[before.turn as usize].forward as usize];
        let coords = &self.game.board.coords;
        let (dx, dy) = match mv.kind {
            MoveType::Plain | MoveType::Jumps | MoveType::Castle if mv.from != NONE && mv.to != NONE => {
                let (a, b) = (coords[mv.from as usize], coords[mv.to as usize]);
                (b.0 - a.0, b.1 - a.1)
            }
            MoveType::Leave => DIRECTION_STEPS[mv.dir as usize],
            _ => return 0,
        };
        match (dx * fx + dy * fy).signum() {
            1 => heading::FORWARD,
            0 => heading::SIDEWAYS,
            _ => heading::BACKWARD,
        }
    }
}

/// The outcome the `i`-th goal `g`, `Holds { any }`, gives about player `x`:
/// the first group whose clauses all hold (`clause(c, head)`, `head` for
/// the first of its group).
#[inline(always)]
fn holds_about(
    g: &Goal,
    i: usize,
    any: &[Vec<Clause>],
    x: PlayerId,
    clause: impl Fn(&Clause, bool) -> bool,
) -> Option<Outcome> {
    let group = any.iter().position(|all| all.iter().enumerate().all(|(j, c)| clause(c, j == 0)))?;
    let reason = match any[group][0] {
        Clause { not: false, test: Test::Left { opponent: false, at_least: false, n, .. } } => Reason::FewerThan(x, n),
        _ => Reason::Holds(x, i as u8, group as u8),
    };
    Some(Outcome { winner: g.winner(g.player.unwrap_or(x)), reason })
}
