//! Rules that judge a move by the position it leaves: no piece of a kind
//! with `suicide forbidden` may be left caught by its trap, and under
//! `forbid returning to the previous position` (ko) no move but a pass may
//! leave the board as it stood before the opponent's last move. Such a move
//! is tried on a copy of the position; most are seen to be allowed without.

use super::*;
use std::sync::Arc;

/// The boards of a game before a position, newest first: a list shared by
/// the positions that follow one another (`forbid returning to any earlier
/// position`).
#[derive(Debug)]
pub struct Earlier {
    board: u64,
    before: Option<Arc<Earlier>>,
}

impl Earlier {
    /// The list with `board` in front of `before`.
    pub(super) fn after(board: u64, before: Option<Arc<Earlier>>) -> Arc<Earlier> {
        Arc::new(Earlier { board, before })
    }

    fn boards(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::successors(Some(self), |e| e.before.as_deref()).map(|e| e.board)
    }
}

impl Drop for Earlier {
    /// One at a time: a long game's list dropped by recursion could
    /// overflow the stack.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(e) = next {
            next = match Arc::try_unwrap(e) {
                Ok(mut alone) => alone.before.take(),
                Err(_) => None,
            };
        }
    }
}

/// What the engine knows of the game's guards before play.
#[derive(Debug)]
pub(super) struct Guards {
    /// Each move is tried before it is listed: a kind may not be left caught
    /// (`suicide forbidden`), or the board may not go back to the previous
    /// position.
    pub(super) on: bool,
    /// Where every guarded kind is caught only by enclosure: the sides along
    /// which an empty neighbour of the landing point keeps a move allowed
    /// untried, when it lands next to no enemy.
    pub(super) quick_liberty: Option<DirSet>,
    /// Where every move is an entry or a pass and every capture takes a
    /// group left with no liberty (Go): the sides along which an empty
    /// neighbour keeps an entry allowed untried, enemies beside it or not
    /// ([`entry_liberty`]).
    pub(super) entry_liberty: Option<DirSet>,
    /// Some trap has `suicide allowed`: a move may lose the piece it moved.
    pub(super) suicide_taken: bool,
}

impl Guards {
    pub(super) fn of(game: &Game) -> Guards {
        let suicide_traps = || game.traps.iter().filter(|t| t.suicide_forbidden);
        let on = game.forbid_previous || game.forbid_earlier || suicide_traps().next().is_some();
        Guards {
            on,
            quick_liberty: suicide_traps()
                .all(|t| t.surrounded.is_none() && t.enclosed.is_some())
                .then(|| suicide_traps().fold(0xFF, |sides, t| sides & t.sides)),
            entry_liberty: entry_liberty(game, on),
            suicide_taken: game.traps.iter().any(|t| t.suicide_taken),
        }
    }
}

/// The sides along which a liberty keeps an entry allowed untried, where
/// every move is an entry (capturing nothing as it lands) or a pass, every
/// capture takes a piece or group with no liberty (`enclosed`), and the
/// guards are `suicide forbidden` and `forbid returning to the previous
/// position` (None otherwise). Such an entry is no suicide: its own
/// captures only empty more points. Nor does it bring back the board of
/// before the opponent's last move: that would need it to take exactly the
/// piece that move entered, and stand where that piece took exactly one of
/// the mover's, alone and, then, with no liberty; the liberty it has now
/// was empty then too. (Superko looks further back: there, only
/// [`Engine::surely_allowed`]'s narrower test applies.)
fn entry_liberty(game: &Game, guarded: bool) -> Option<DirSet> {
    let plain_entries = tables::only_entries(game)
        && game.kinds.iter().all(|k| k.shoot.is_none() && k.lift.iter().all(Option::is_none) && k.fly.is_none())
        && game.dice.is_none()
        && game.sowing.is_none()
        && game.mill.is_none()
        && game.custodial.is_none();
    let by_enclosure = game.traps.iter().all(|t| t.surrounded.is_none() && t.enclosed.is_some());
    (guarded && plain_entries && by_enclosure && !game.forbid_earlier)
        .then(|| game.traps.iter().fold(0xFF, |sides, t| sides & t.sides))
}

impl Engine {
    /// Removes the moves the guards forbid.
    pub(super) fn keep_allowed(&self, pos: &Position, out: &mut Vec<Move>) {
        let mut next = pos.clone();
        out.retain(|m| {
            if m.kind == MoveType::Pass || self.surely_allowed(pos, m) {
                return true;
            }
            self.play_into(pos, m, &mut next);
            self.allowed_after(pos, m, &next)
        });
    }

    /// Whether `m` is allowed without trying it: a step or entry that lands
    /// next to no enemy captures nothing, so it cannot bring back the board
    /// of before the opponent's move (that move placed or moved a piece of
    /// the opponent's, and only a capture could undo it), and the board it
    /// leaves is known without playing it, to look for among the earlier
    /// ones; with an empty point beside it, the piece is not enclosed.
    #[inline]
    fn surely_allowed(&self, pos: &Position, m: &Move) -> bool {
        if let (Some(sides), MoveType::Enter) = (self.guards.entry_liberty, m.kind) {
            return self.has_liberty(pos, m.to, sides, m.becomes);
        }
        let Some(sides) = self.guards.quick_liberty else { return false };
        if !matches!(m.kind, MoveType::Plain | MoveType::Enter) || m.shot().is_some() || m.ntaken > 0 {
            return false;
        }
        let enemy = &pos.occupied[1 - pos.turn as usize];
        if self.points.adjacent[m.to as usize].meets(enemy) {
            return false;
        }
        let kind = m.becomes;
        let free = self.has_liberty(pos, m.to, sides, kind);
        if !free || !self.game.forbid_earlier {
            return free;
        }
        let before = self.board_hash(pos);
        let mut after = before ^ self.keys.cells[m.to as usize * CELL_VALUES + cell(pos.turn, kind) as usize];
        if m.kind == MoveType::Plain {
            after ^= self.keys.cells[m.from as usize * CELL_VALUES + pos.at(m.from) as usize];
        }
        after != before && !pos.earlier.as_ref().is_some_and(|e| e.boards().any(|b| b == after))
    }

    /// Whether a piece of `kind` of the side to move on `q` would have an
    /// empty neighbour along `sides` that is not hostile to it: a liberty.
    #[inline]
    fn has_liberty(&self, pos: &Position, q: Point, sides: DirSet, kind: KindId) -> bool {
        let board = &self.game.board;
        dirs(sides).any(|d| {
            let s = board.step(q, d);
            s != NONE && pos.at(s) == 0 && !self.hostile_to(pos, s, pos.turn, kind)
        })
    }

    /// A random move of a game of guarded entries (Go), as the playouts pick
    /// it, without listing every entry: those with a liberty are allowed
    /// untried ([`entry_liberty`]), the rest tried. The `k`-th of `total`
    /// (from `pick`) is the `k`-th of [`Engine::moves`]' list: entries by
    /// kind, then by point, a pass at will last. None where no move is open.
    pub(super) fn pick_guarded_entry(
        &self,
        pos: &Position,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<(Move, usize)> {
        let sides = self.guards.entry_liberty?;
        if pos.result.is_some() {
            return None;
        }
        let me = pos.turn;
        let empty = self.points.all.minus(&pos.taken);
        let mut next = None;
        let allowed = |k: usize| {
            let enter = self.game.kinds[k].enter.as_ref()?;
            (self.in_hand(pos, me, k as KindId) > 0)
                .then(|| self.allowed_entries(pos, k as KindId, enter, &empty, sides, &mut next))
        };
        self.pick_entry(allowed, usize::from(self.goals.pass_at_will), pick)
    }

    /// The points where a piece of `kind` may be entered from hand and the
    /// guards allow it (as [`Engine::entries`] then [`Engine::keep_allowed`]
    /// find them), `next` a position to try the doubtful ones on.
    fn allowed_entries(
        &self,
        pos: &Position,
        kind: KindId,
        enter: &Enter,
        empty: &PointSet,
        sides: DirSet,
        next: &mut Option<Position>,
    ) -> PointSet {
        let landings =
            self.landings(pos, kind, enter, empty).minus(&self.vt.stranded[kind as usize][pos.turn as usize]);
        let mut allowed = landings;
        for to in landings.iter() {
            if self.has_liberty(pos, to, sides, kind) {
                continue;
            }
            let m = Move { kind: MoveType::Enter, to, distance: 1, becomes: kind, ..Move::PASS };
            let next = next.get_or_insert_with(|| pos.clone());
            self.play_into(pos, &m, next);
            if !self.allowed_after(pos, &m, next) {
                allowed.remove(to);
            }
        }
        allowed
    }

    /// Keeps in `next` what the rules against returning look back at: the
    /// position before the move, or every board before it.
    pub(super) fn keep_looking_back(&self, pos: &Position, next: &mut Position) {
        if self.game.forbid_previous {
            next.previous = pos.hash;
        }
        if self.game.forbid_earlier {
            next.earlier = Some(Earlier::after(self.board_hash(pos), pos.earlier.clone()));
        }
    }

    /// The hash of the pieces on the board alone: the position's, without
    /// the side to move and the counts in hand.
    pub(super) fn board_hash(&self, pos: &Position) -> u64 {
        let mut h = pos.hash ^ self.keys.turns[pos.turn as usize];
        for (s, &n) in pos.hand.iter().enumerate() {
            if n != 0 && n != UNLIMITED {
                h ^= self.keys.hands[s * 100] ^ self.keys.hands[s * 100 + n as usize];
            }
        }
        h
    }

    /// Whether `next` brings back a board forbidden from `pos`: the one
    /// before the opponent's move, or any earlier one.
    fn returns(&self, pos: &Position, next: &Position) -> bool {
        if self.game.forbid_previous && pos.previous != 0 && next.hash == pos.previous {
            return true;
        }
        if self.game.forbid_earlier {
            let board = self.board_hash(next);
            return board == self.board_hash(pos)
                || pos.earlier.as_ref().is_some_and(|e| e.boards().any(|b| b == board));
        }
        false
    }

    /// Whether the move `m` from `pos`, which left `next`, is allowed.
    pub(super) fn allowed_after(&self, pos: &Position, m: &Move, next: &Position) -> bool {
        if self.returns(pos, next) {
            return false;
        }
        let c = next.at(m.to);
        if m.to == NONE || c == 0 || owner(c) != pos.turn {
            return true;
        }
        !self.game.traps.iter().any(|t| t.suicide_forbidden && t.kind == kind_of(c) && self.caught(next, m.to, None, t))
    }

    /// Why a move the pieces could make is forbidden by a guard, in words
    /// (None if it is not): for `why`.
    pub(super) fn guard_verdict(&self, pos: &Position, m: &Move) -> Option<String> {
        if !self.guards.on || m.kind == MoveType::Pass {
            return None;
        }
        let next = self.play_unchecked(pos, m);
        if self.allowed_after(pos, m, &next) {
            return None;
        }
        let at = &self.game.board.labels[m.to as usize];
        if self.returns(pos, &next) {
            return Some(if self.game.forbid_earlier {
                "it would leave the pieces on the board as they stood earlier in the game, which the rules forbid \
                 (superko)"
                    .to_string()
            } else {
                "it would leave the board as it stood before the opponent's last move, which the rules forbid (ko): \
                 play elsewhere first"
                    .to_string()
            });
        }
        let kind = &self.game.kinds[kind_of(next.at(m.to)) as usize].name;
        Some(format!(
            "the {kind} on {at} would be caught at once (its group would have no empty point beside it), and \
             suicide is forbidden"
        ))
    }
}

impl Engine {
    /// `suicide allowed`: the piece the move left on `q`, if its trap now
    /// catches it, is taken (with its group, for a group without liberty).
    pub(super) fn suicide(&self, next: &mut Position, q: Point) {
        let c = next.at(q);
        let Some(trap) = self.game.traps.iter().find(|t| t.suicide_taken && t.kind == kind_of(c)) else {
            return;
        };
        if !self.caught(next, q, None, trap) {
            return;
        }
        let mut group = PointSet::default();
        if trap.enclosed == Some(ANY_FRIENDS) {
            self.group_enclosed(next, q, trap, &mut group);
        } else {
            group.insert(q);
        }
        for g in group.iter() {
            if kind_of(next.at(g)) == trap.kind {
                self.put(next, g, 0);
            }
        }
    }
}
