//! Race tracks: a piece that moves along its player's track by the roll,
//! entering from the hand and bearing off past the end (the Royal Game of
//! Ur, Senet-like games). Landing on an enemy takes it, unless it stands
//! where its kind is safe.

use super::*;

impl Engine {
    /// Where `p` is on `player`'s track: its index, or None off the track.
    #[inline]
    fn track_index(&self, player: PlayerId, p: Point) -> Option<usize> {
        match self.track_at[player as usize * self.game.board.len() + p as usize] {
            0 => None,
            i => Some(i as usize - 1),
        }
    }

    /// The distances a track move may cover under `limit`: exactly the roll
    /// with `sets distance`, up to it otherwise; every roll when `limit` is
    /// [`ANY_ROLL`].
    fn track_distances(&self, limit: u8) -> std::ops::RangeInclusive<u8> {
        let highest = self.game.dice.map_or(0, |d| d.highest());
        match (self.exact_dice, limit) {
            (_, ANY_ROLL) => 1..=highest,
            (true, r) => r.max(1)..=r, // a roll of 0 moves nothing
            (false, r) => 1..=r.min(highest),
        }
    }

    /// Whether a piece of `me` (of kind `kind`) may end a track move on `q`:
    /// empty, or an enemy it may take that is not on a safe point.
    #[inline]
    fn track_landing(&self, pos: &Position, q: Point, me: PlayerId, kind: KindId) -> bool {
        let c = pos.at(q);
        if c == 0 {
            return self.no_stop[q as usize] & (1 << kind) == 0;
        }
        let (them, victim) = (owner(c), kind_of(c));
        them != me
            && self.game.kinds[kind as usize].can_capture & (1 << victim) != 0
            && !self.game.kinds[victim as usize].safe[them as usize].contains(q)
    }

    /// The track moves of the piece on `p`: along the track, or off its end
    /// with the exact distance.
    pub(super) fn track_moves(&self, pos: &Position, p: Point, kind: KindId, limit: u8, out: &mut Vec<Move>) {
        let me = pos.turn;
        let track = &self.game.tracks[me as usize];
        let Some(i) = self.track_index(me, p) else { return };
        for d in self.track_distances(limit) {
            let j = i + d as usize;
            if j == track.len() {
                out.push(Move { kind: MoveType::BearOff, from: p, distance: d, becomes: kind, ..Move::PASS });
            }
            if j >= track.len() {
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
    /// before the track's first point, so a roll of `d` enters on point `d`.
    pub(super) fn track_entries(&self, pos: &Position, limit: u8, out: &mut Vec<Move>) {
        let me = pos.turn;
        let track = &self.game.tracks[me as usize];
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let k = k as KindId;
            if !kind.moves.track || kind.enter.is_some() || self.in_hand(pos, me, k) == 0 {
                continue;
            }
            for d in self.track_distances(limit) {
                let Some(&q) = track.get(d as usize - 1) else { break };
                if self.track_landing(pos, q, me, k) {
                    let becomes = self.promoted(k, me, q);
                    out.push(Move { kind: MoveType::Enter, to: q, distance: d, becomes, ..Move::PASS });
                }
            }
        }
    }

    /// After a bear-off: the goal of a player with every piece borne off.
    pub(super) fn goal_borne_off(&self, pos: &Position, me: PlayerId) -> Option<Outcome> {
        if !pos.occupied[me as usize].is_empty() || self.holds_any(pos, me) {
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
}
