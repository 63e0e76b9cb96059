//! Race tracks: a piece that moves along its player's track by the roll,
//! entering from the hand and bearing off past the end (the Royal Game of
//! Ur, Senet-like games). Landing on an enemy takes it, unless it stands
//! where its kind is safe.

use super::*;

/// What the engine knows of the game's tracks before play.
#[derive(Debug)]
pub(super) struct Race {
    /// Some piece moves along a track.
    pub(super) tracks: bool,
    /// `track_at[player * points + p]`: 1 + the index of `p` on the player's track, 0 off it.
    track_at: Vec<u16>,
    /// Some race rule beyond the plain track (stacks, entering first, bearing
    /// off from home or by higher rolls, swaps, rows, points with rules): the
    /// plain race games keep their short path.
    pub(super) extras: bool,
    /// The kinds whose only moves without capture are along their track (as
    /// bits): `piece_moves_only` goes straight to the track.
    pub(super) track_only: u16,
}

impl Race {
    pub(super) fn of(game: &Game) -> Race {
        Race {
            tracks: game.kinds.iter().any(|k| k.moves.track),
            track_at: track_table(game),
            extras: extras(game),
            track_only: track_only(game),
        }
    }
}

/// `track_at[player * points + p]`: 1 + the index of `p` on the player's track, 0 off it.
fn track_table(game: &Game) -> Vec<u16> {
    let n = game.board.len();
    let mut track_at = vec![0u16; n * MAX_PLAYERS];
    for (pl, track) in game.tracks.iter().enumerate() {
        for (i, &p) in track.iter().enumerate() {
            track_at[pl * n + p as usize] = i as u16 + 1;
        }
    }
    track_at
}

/// [`Race`]'s `track_only`: kinds that move along a track and by no
/// step, slide, exit, vector or flight.
fn track_only(game: &Game) -> u16 {
    let only = |k: &Kind| {
        let m = &k.moves;
        m.track
            && k.fly.is_none()
            && m.vectors.is_empty()
            && (0..MAX_PLAYERS).all(|pl| m.step[pl] | m.slide[pl] | m.leave[pl] == 0)
    };
    game.kinds.iter().enumerate().filter(|(_, k)| only(k)).fold(0, |bits, (i, _)| bits | 1 << i)
}

/// Whether a race game has a rule beyond the plain track ([`Race`]'s `extras`).
fn extras(game: &Game) -> bool {
    game.stacks.is_some()
        || game.enter_first
        || game.bear_off_from.is_some()
        || game.bear_off_higher
        || game.swap_places
        || game.safe_rows.is_some()
        || game.block_rows.is_some()
        || game.must_stop.is_some()
        || !game.landing_returns.is_empty()
}

impl Engine {
    /// Where `p` is on `player`'s track: its index, or None off the track.
    #[inline]
    pub(super) fn track_index(&self, player: PlayerId, p: Point) -> Option<usize> {
        match self.race.track_at[player as usize * self.game.board.len() + p as usize] {
            0 => None,
            i => Some(i as usize - 1),
        }
    }

    /// The distances a track move may cover under `limit`: exactly the roll
    /// with `sets distance`, up to it otherwise; every roll when `limit` is
    /// [`ANY_ROLL`].
    fn track_distances(&self, limit: u8) -> std::ops::RangeInclusive<u8> {
        let highest = if self.game.dice.is_some() { self.dice.max_roll } else { 0 };
        match (self.dice.exact, limit) {
            (_, ANY_ROLL) => 1..=highest,
            (true, r) => r.max(1)..=r, // a roll of 0 moves nothing
            (false, r) => 1..=r.min(highest),
        }
    }

    /// Whether a piece of `me` (of kind `kind`) may end a track move on `q`:
    /// empty, or an enemy it may take that is not on a safe point.
    #[inline(always)]
    fn track_landing(&self, pos: &Position, q: Point, me: PlayerId, kind: KindId) -> bool {
        let c = pos.at(q);
        if c == 0 {
            return self.points.no_stop[q as usize] & (1 << kind) == 0;
        }
        if self.race.extras {
            return self.track_landing_extras(pos, q, me, kind);
        }
        self.may_take_on(q, c, me, kind)
    }

    /// Whether a piece of `me` of kind `kind` may take the piece `c` on `q`.
    #[inline(always)]
    fn may_take_on(&self, q: Point, c: Cell, me: PlayerId, kind: KindId) -> bool {
        let (them, victim) = (owner(c), kind_of(c));
        them != me
            && self.game.kinds[kind as usize].can_capture & (1 << victim) != 0
            && !self.game.kinds[victim as usize].safe[them as usize].contains(q)
    }

    /// [`Engine::track_landing`] on an occupied point under the race rules
    /// beyond the plain track: stacks, and rows that protect.
    fn track_landing_extras(&self, pos: &Position, q: Point, me: PlayerId, kind: KindId) -> bool {
        if let Some(verdict) = self.landing_on_stack(pos, q, me, kind) {
            return verdict;
        }
        let c = pos.at(q);
        self.may_take_on(q, c, me, kind)
            && self.game.safe_rows.is_none_or(|n| self.row_on_track(pos, me, q, owner(c)) < n as usize)
    }

    /// Where pieces stack, what the stack on `q` decides: its own side's may
    /// be landed on while there is room, an enemy's of two or more never.
    /// None where a lone enemy (or no stacking) leaves it to the usual rule.
    fn landing_on_stack(&self, pos: &Position, q: Point, me: PlayerId, kind: KindId) -> Option<bool> {
        self.game.stacks?;
        let (c, h) = (pos.at(q), self.height(pos, q));
        if owner(c) == me {
            return Some(
                kind_of(c) == kind && self.room_on_stack(h) && self.points.no_stop[q as usize] & (1 << kind) == 0,
            );
        }
        (h > 1).then_some(false)
    }

    /// How many pieces of `owner` stand in a row through `q` along `me`'s
    /// track (0 where `q` is off it or not `owner`'s).
    fn row_on_track(&self, pos: &Position, me: PlayerId, q: Point, owner_: PlayerId) -> usize {
        let Some(k) = self.track_index(me, q) else { return 0 };
        let track = &self.game.tracks[me as usize];
        let held = |x: usize| pos.at(track[x]) != 0 && owner(pos.at(track[x])) == owner_;
        if !held(k) {
            return 0;
        }
        let back = (0..k).rev().take_while(|&x| held(x)).count();
        let ahead = (k + 1..track.len()).take_while(|&x| held(x)).count();
        1 + back + ahead
    }

    /// Whether a piece of `me` may not pass over its track's point `k`: one
    /// every piece must stop on, or one of an enemy row that blocks.
    #[inline]
    fn bars_passage(&self, pos: &Position, me: PlayerId, k: usize) -> bool {
        let q = self.game.tracks[me as usize][k];
        if self.game.must_stop.as_ref().is_some_and(|z| z.contains(q)) {
            return true;
        }
        let c = pos.at(q);
        match self.game.block_rows {
            Some(n) if c != 0 && owner(c) != me => self.row_on_track(pos, me, q, owner(c)) >= n as usize,
            _ => false,
        }
    }

    /// Whether some rule may stop a piece passing over points (`pieces stop
    /// on`, `pieces block in rows of`).
    #[inline]
    fn passage_rules(&self) -> bool {
        self.game.must_stop.is_some() || self.game.block_rows.is_some()
    }

    /// Under `pieces in hand enter first`: whether the player must enter
    /// before any piece on the board moves.
    #[inline]
    pub(super) fn must_enter(&self, pos: &Position, me: PlayerId) -> bool {
        self.game.enter_first && self.held(pos, me, u16::MAX) > 0
    }

    /// Under `bear off when all pieces in REGION`: whether the player may
    /// bear off (every piece of its on the board in the region, none in hand).
    fn may_bear_off(&self, pos: &Position, me: PlayerId) -> bool {
        match &self.game.bear_off_from {
            None => true,
            Some(home) => {
                self.held(pos, me, u16::MAX) == 0 && pos.occupied[me as usize].minus(&home[me as usize]).is_empty()
            }
        }
    }

    /// Whether no piece of `me` stands behind track index `i` (on a point of
    /// its track with a lower index).
    fn rearmost(&self, pos: &Position, me: PlayerId, i: usize) -> bool {
        self.held(pos, me, u16::MAX) == 0
            && pos.occupied[me as usize].iter().all(|q| self.track_index(me, q).is_none_or(|j| j >= i))
    }

    /// The track moves of the piece on `p`: along the track, or off its end
    /// with the exact distance.
    pub(super) fn track_moves(&self, pos: &Position, p: Point, kind: KindId, limit: u8, out: &mut Vec<Move>) {
        if self.race.extras {
            self.track_moves_as::<true>(pos, p, kind, limit, out)
        } else {
            self.track_moves_as::<false>(pos, p, kind, limit, out)
        }
    }

    /// [`Engine::track_moves`], compiled twice: with `EXTRAS`, under the race
    /// rules beyond the plain track (entering first, the points a move may
    /// not pass, bearing off only from home and by higher rolls); without,
    /// the plain race games' short path.
    fn track_moves_as<const EXTRAS: bool>(
        &self,
        pos: &Position,
        p: Point,
        kind: KindId,
        limit: u8,
        out: &mut Vec<Move>,
    ) {
        let me = pos.turn;
        let track = &self.game.tracks[me as usize];
        let Some(i) = self.track_index(me, p) else { return };
        if EXTRAS && self.must_enter(pos, me) {
            return;
        }
        for d in self.track_distances(limit) {
            let j = i + d as usize;
            // The points passed over: i + 1 .. j (a move off the end passes the rest).
            if EXTRAS && self.passage_rules() && (i + 1..j.min(track.len())).any(|k| self.bars_passage(pos, me, k)) {
                break;
            }
            let higher = EXTRAS && j > track.len() && self.game.bear_off_higher && self.rearmost(pos, me, i);
            if (j == track.len() || higher) && (!EXTRAS || self.may_bear_off(pos, me)) {
                out.push(Move { kind: MoveType::BearOff, from: p, distance: d, becomes: kind, ..Move::PASS });
            }
            if j >= track.len() {
                if EXTRAS && self.game.bear_off_higher {
                    continue;
                }
                break;
            }
            let q = track[j];
            if self.track_landing(pos, q, me, kind) {
                let becomes = self.promoted(kind, me, q);
                out.push(Move { kind: MoveType::Plain, from: p, to: q, distance: d, becomes, ..Move::PASS });
            }
        }
    }

    /// Entering from the hand onto the track: a piece in hand stands just
    /// before the track's first point, so a roll of `d` enters on point `d`;
    /// under `pieces in hand enter on rolls`, only those rolls enter it, on
    /// the first point.
    pub(super) fn track_entries(&self, pos: &Position, limit: u8, out: &mut Vec<Move>) {
        let me = pos.turn;
        let track = &self.game.tracks[me as usize];
        let on = self.game.enter_rolls;
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let k = k as KindId;
            if !kind.moves.track || kind.enter.is_some() || self.in_hand(pos, me, k) == 0 {
                continue;
            }
            for d in self.track_distances(limit) {
                if on != 0 {
                    let first = track[0];
                    if on & (1u128 << d.min(127)) != 0 && self.track_landing(pos, first, me, k) {
                        let becomes = self.promoted(k, me, first);
                        out.push(Move { kind: MoveType::Enter, to: first, distance: d, becomes, ..Move::PASS });
                    }
                    continue;
                }
                let Some(&q) = track.get(d as usize - 1) else { break };
                if self.race.extras
                    && self.passage_rules()
                    && (0..d as usize - 1).any(|k| self.bars_passage(pos, me, k))
                {
                    break;
                }
                if self.track_landing(pos, q, me, k) {
                    let becomes = self.promoted(k, me, q);
                    out.push(Move { kind: MoveType::Enter, to: q, distance: d, becomes, ..Move::PASS });
                }
            }
        }
    }

    /// Why a track move (`b2-d2`, `@c1`, `h1-off`) is not legal: the roll,
    /// the track's direction, a friend or a safe enemy where it would land.
    /// None when the text is no track move of the side to move.
    pub(super) fn track_rule_against(&self, pos: &Position, roll: Option<u8>, text: &str) -> Option<String> {
        let g = &self.game;
        let me = pos.turn;
        let board = &g.board;
        let track = &g.tracks[me as usize];
        let player = &g.players[me as usize].name;
        let (from, to, kind) = self.track_move_of(pos, text)?;
        if !g.kinds[kind as usize].moves.track {
            return None;
        }
        if let Some(p) = from {
            if pos.at(p) == 0 || owner(pos.at(p)) != me {
                return None; // the general reasons say whose piece it is
            }
        } else if self.in_hand(pos, me, kind) == 0 {
            return Some(format!("{player} has no {} in hand", g.kinds[kind as usize].name));
        }
        let label = |p: Point| board.labels[p as usize].as_str();
        let start = match from {
            Some(p) => self.track_index(me, p)? as i32,
            None => -1,
        };
        let end = match to {
            Some(q) => match self.track_index(me, q) {
                Some(i) => i as i32,
                None => return Some(format!("{} is not on {player}'s track", label(q))),
            },
            None => track.len() as i32,
        };
        if end <= start {
            let at = from.map_or("the hand".to_string(), |p| label(p).to_string());
            let target = to.map_or("off the board".to_string(), |q| label(q).to_string());
            return Some(format!("pieces run forward along {player}'s track, and {target} is not ahead of {at}"));
        }
        if let Some(why) = self.track_roll_against(me, from, (start, end), roll) {
            return Some(why);
        }
        if to.is_none() && !self.may_bear_off(pos, me) {
            return Some(format!(
                "{player} bears off only while all its pieces on the board stand in its home, and none is in hand"
            ));
        }
        if let Some(why) = self.passage_against(pos, me, (start, end), to) {
            return Some(why);
        }
        if from.is_some() && self.must_enter(pos, me) {
            return Some(format!("{player} has a piece in hand, and must enter it before any other piece moves"));
        }
        let q = to?;
        self.landing_against(pos, me, q)
    }

    /// A track move's text read: where it starts (None: the hand, before
    /// the first point), where it ends (None: off the board), and the kind
    /// moved; None where it is no track move of the side to move's piece.
    fn track_move_of(&self, pos: &Position, text: &str) -> Option<(Option<Point>, Option<Point>, KindId)> {
        let (g, board, me) = (&self.game, &self.game.board, pos.turn);
        Some(if let Some((letter, to)) = text.split_once('@') {
            let k = match letter.chars().next() {
                None => 0,
                Some(c) => g.kinds.iter().position(|k| k.letter == c)? as KindId,
            };
            (None, Some(board.point(to)?), k)
        } else {
            let (from, to) = match text.strip_suffix("-off") {
                Some(from) => (from, None),
                None => text.split_once('-').map(|(a, b)| (a, Some(b)))?,
            };
            let p = board.point(from)?;
            // An empty point or an enemy's piece: the general reasons say so.
            if pos.at(p) == 0 || owner(pos.at(p)) != me {
                return None;
            }
            let to = match to {
                Some(b) => Some(board.point(b)?),
                None => None,
            };
            (Some(p), to, kind_of(pos.at(p)))
        })
    }

    /// Why the roll does not allow a track move from `start` to `end` (track
    /// indexes, -1 for the hand; `from` None for an entry).
    fn track_roll_against(
        &self,
        me: PlayerId,
        from: Option<Point>,
        (start, end): (i32, i32),
        roll: Option<u8>,
    ) -> Option<String> {
        let player = &self.game.players[me as usize].name;
        let mut distance = (end - start) as u8;
        let on = self.game.enter_rolls;
        if from.is_none() && on != 0 {
            if end != 0 {
                return Some(format!("a piece in hand enters on the first point of {player}'s track only"));
            }
            match roll {
                Some(r) if on & (1u128 << r.min(127)) == 0 => {
                    let rolls: Vec<String> = rolls_in(on).map(|r| r.to_string()).collect();
                    return Some(format!(
                        "the roll is {r}, and a piece in hand enters only on a roll of {}",
                        rolls.join(" or ")
                    ));
                }
                Some(r) => distance = r,
                None => {}
            }
        }
        if let Some(r) = roll {
            let fits = if self.dice.exact { distance == r } else { distance <= r };
            if !fits {
                let how = if self.dice.exact { "exactly" } else { "at most" };
                return Some(format!("the roll is {r}, and a move covers {how} the roll: this one covers {distance}"));
            }
        }
        None
    }

    /// Why a track move may not pass over the points between `start` and
    /// `end` (a point every piece stops on, a blocking row) or land on `to`
    /// (an enemy in a safe row).
    fn passage_against(
        &self,
        pos: &Position,
        me: PlayerId,
        (start, end): (i32, i32),
        to: Option<Point>,
    ) -> Option<String> {
        let g = &self.game;
        let track = &g.tracks[me as usize];
        let label = |p: Point| g.board.labels[p as usize].as_str();
        // The points passed over: one every piece stops on, or a row that blocks.
        let passed = (start + 1) as usize..(end as usize).min(track.len());
        if let Some(k) = passed.clone().find(|&k| self.game.must_stop.as_ref().is_some_and(|z| z.contains(track[k]))) {
            return Some(format!("every piece stops on {}, and this move would pass over it", label(track[k])));
        }
        if let Some(k) = passed.clone().find(|&k| self.bars_passage(pos, me, k)) {
            let (q, c) = (track[k], pos.at(track[k]));
            let n = self.row_on_track(pos, me, q, owner(c));
            return Some(format!(
                "{} stands in a row of {n} of {}'s pieces, and a row of {} or more cannot be passed",
                label(q),
                g.players[owner(c) as usize].name,
                self.game.block_rows.unwrap_or(0)
            ));
        }
        if let (Some(q), Some(n)) = (to, self.game.safe_rows) {
            let c = pos.at(q);
            let row = if c != 0 && owner(c) != me { self.row_on_track(pos, me, q, owner(c)) } else { 0 };
            if row >= n as usize {
                return Some(format!(
                "the {} on {} stands in a row of {row} of its side's pieces, and a row of {n} or more cannot be attacked",
                g.kinds[kind_of(c) as usize].name,
                label(q)
            ));
            }
        }
        None
    }

    /// Why a track move may not land on `q`: a stack of enemies, a full
    /// stack or a piece of its own, or a piece safe there.
    fn landing_against(&self, pos: &Position, me: PlayerId, q: Point) -> Option<String> {
        let g = &self.game;
        let player = &g.players[me as usize].name;
        let label = |p: Point| g.board.labels[p as usize].as_str();
        let c = pos.at(q);
        let height = self.height(pos, q);
        if c != 0 && self.game.stacks.is_some() && owner(c) != me && height > 1 {
            return Some(format!(
                "{} holds {height} enemy pieces, and a piece may land on a lone enemy piece only",
                label(q)
            ));
        }
        if c != 0 && owner(c) == me && self.game.stacks.is_some() {
            if self.room_on_stack(height) {
                return None;
            }
            return Some(format!("{} holds {height} of {player}'s pieces, as many as a point may hold", label(q)));
        }
        if c != 0 && owner(c) == me {
            return Some(format!("{} holds one of {player}'s own pieces", label(q)));
        }
        if c != 0 && g.kinds[kind_of(c) as usize].safe[owner(c) as usize].contains(q) {
            return Some(format!(
                "the {} on {} is safe there and cannot be taken",
                g.kinds[kind_of(c) as usize].name,
                label(q)
            ));
        }
        None
    }

    /// After a bear-off: the goal of a player with every piece borne off.
    pub(super) fn goal_borne_off(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        // Every piece it started with, borne off: a piece captured for good
        // leaves it short of them.
        if u16::from(pos.borne_off[me as usize]) < self.pieces_at_start(me) {
            return None;
        }
        self.game.goals.iter().find_map(|g| match g.condition {
            Condition::BorneOff => {
                let subject = g.player.unwrap_or(me);
                Some(Outcome { winner: g.winner(subject), reason: Reason::BorneOff(me) })
            }
            _ => None,
        })
    }

    /// How many pieces `player` starts with, on the board and in hand.
    pub(super) fn pieces_at_start(&self, player: PlayerId) -> u16 {
        self.setup_count[player as usize].iter().sum()
    }

    /// How many pieces `player` has borne off (in a sowing game, the seeds in its store).
    pub fn borne_off(&self, pos: &Position, player: PlayerId) -> u8 {
        pos.borne_off[player as usize]
    }

    /// Sets how many pieces `player` has borne off, its hash with it.
    pub(super) fn set_borne_off(&self, pos: &mut Position, player: PlayerId, n: u8) {
        let p = player as usize;
        if let (Some(old), Some(new)) = (
            self.keys.borne_off.get(p * 256 + pos.borne_off[p] as usize),
            self.keys.borne_off.get(p * 256 + n as usize),
        ) {
            pos.hash ^= old ^ new;
        }
        pos.borne_off[p] = n;
    }

    /// `pieces landing on REGION return to POINT`: the piece just landed on
    /// `at` goes to the rule's point, or the nearest empty point before it
    /// on its track (staying put where there is none).
    pub(super) fn return_from(&self, pos: &mut Position, me: PlayerId, at: Point) {
        let Some(&(_, target)) = self.game.landing_returns.iter().find(|(z, _)| z.contains(at)) else { return };
        let track = &self.game.tracks[me as usize];
        let to = match (pos.at(target), self.track_index(me, target)) {
            (0, _) => Some(target),
            (_, Some(k)) => (0..k).rev().map(|x| track[x]).find(|&q| pos.at(q) == 0),
            (_, None) => None,
        };
        if let Some(to) = to.filter(|&q| q != at) {
            let c = pos.at(at);
            self.put(pos, at, 0);
            self.put(pos, to, c);
        }
    }
}
