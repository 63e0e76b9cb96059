//! `play on for places`: in a game of more than two players, a player who
//! wins drops out with the next place, its pieces staying where they stand,
//! and the others play on. The turn skips the players who are out; the game
//! ends when one player is left, who takes the last place, or when none of
//! those left can move (or a draw goal holds), who then share the places left.
//!
//! The players out, in the order they went out, are part of the position: in
//! its hash and in its notation (`:places R Y`).

use super::*;

/// The players who have finished, in the order they finished: packed in
/// four bytes (three bits a place, first place lowest, from bit 0; the count
/// from bit 18; a bit for each player out from bit 21), so that an outcome
/// stays small.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Places([u8; 4]);

const COUNT_AT: u32 = 18;
const OUT_AT: u32 = 21;

impl Places {
    #[inline]
    fn bits(&self) -> u32 {
        u32::from_le_bytes(self.0)
    }

    pub fn len(&self) -> usize {
        (self.bits() >> COUNT_AT & 7) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The players in the order they finished.
    pub fn iter(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let bits = self.bits();
        (0..self.len() as u32).map(move |k| (bits >> (3 * k) & 7) as PlayerId)
    }

    #[inline]
    pub fn contains(&self, player: PlayerId) -> bool {
        self.bits() >> OUT_AT >> player & 1 != 0
    }

    /// The player's place, 0 for first, if it has one.
    pub fn place_of(&self, player: PlayerId) -> Option<usize> {
        self.iter().position(|p| p == player)
    }

    /// The player's place, 1 for first; a place shared among the players not
    /// placed is their mean.
    pub fn place_number(&self, player: PlayerId, players: usize) -> f64 {
        match self.place_of(player) {
            Some(k) => (k + 1) as f64,
            None => (self.len() + 1 + players) as f64 / 2.0,
        }
    }

    fn push(&mut self, player: PlayerId) {
        debug_assert!(!self.contains(player) && self.len() < MAX_PLAYERS);
        let k = self.len() as u32;
        let bits = self.bits() & !(7 << COUNT_AT);
        let bits = bits | (player as u32) << (3 * k) | (k + 1) << COUNT_AT | 1 << (OUT_AT + player as u32);
        self.0 = bits.to_le_bytes();
    }

    /// What the ranking is worth to `player` among `players`, from 1 for
    /// first to 0 for last, evenly spaced; the players not placed share the
    /// places left (so all of them unplaced score one half each).
    pub fn score(&self, player: PlayerId, players: usize) -> f64 {
        (players as f64 - self.place_number(player, players)) / (players as f64 - 1.0).max(1.0)
    }
}

impl Engine {
    /// Whether players who win drop out and the others play on (`play on
    /// for places`, with more than two players).
    #[inline]
    pub fn ranks_places(&self) -> bool {
        self.ranked
    }

    /// The player after `p` in turn order who has not finished.
    pub(super) fn next_in_play(&self, pos: &Position, p: PlayerId) -> PlayerId {
        let mut q = self.next_player(p);
        while pos.places.contains(q) && q != p {
            q = self.next_player(q);
        }
        q
    }

    /// After a move in a ranked game, what `result` (the outcome the move
    /// decided, if any) comes to: a player who won drops out, and the game
    /// goes on (None) unless one player is left; a draw ends it with the
    /// places so far.
    pub(super) fn place_finisher(&self, pos: &mut Position, result: Option<Outcome>) -> Option<Outcome> {
        let o = result?;
        let Some(w) = o.winner else {
            return Some(self.with_places(pos, o));
        };
        if !pos.places.contains(w) {
            self.finish(pos, w);
        }
        self.ended_by_places(pos)
    }

    /// Gives `player` the next place, its hash with it.
    fn finish(&self, pos: &mut Position, player: PlayerId) {
        pos.hash ^= self.keys.places[pos.places.len() * MAX_PLAYERS + player as usize];
        pos.places.push(player);
    }

    /// The end, where one player is left: it takes the last place.
    fn ended_by_places(&self, pos: &mut Position) -> Option<Outcome> {
        if pos.places.len() + 1 < self.players as usize {
            return None;
        }
        if let Some(last) = (0..self.players).find(|&p| !pos.places.contains(p)) {
            self.finish(pos, last);
        }
        Some(Self::placed(pos.places))
    }

    fn placed(places: Places) -> Outcome {
        Outcome { winner: places.iter().next(), reason: Reason::Placed(places) }
    }

    /// A draw in a ranked game where some have finished: the ranking so far,
    /// the players left sharing the places left. Any other outcome as it is.
    pub(super) fn with_places(&self, pos: &Position, o: Outcome) -> Outcome {
        if self.ranked && !pos.places.is_empty() && o.winner.is_none() && o.reason != Reason::PlyLimit {
            Self::placed(pos.places)
        } else {
            o
        }
    }

    /// `:places R Y` for the players out, in the order they went out.
    pub(super) fn places_part(&self, pos: &Position) -> String {
        if !self.ranked || pos.places.is_empty() {
            return String::new();
        }
        let letters: Vec<String> =
            pos.places.iter().map(|p| self.game.players[p as usize].letter.to_string()).collect();
        format!(":places {}", letters.join(" "))
    }

    /// Reads the letters of `:places R Y` into `pos`.
    pub(super) fn parse_places(&self, pos: &mut Position, part: &str, letters: &str) -> Result<(), PositionError> {
        for letter in letters.split_whitespace() {
            let who = self
                .game
                .players
                .iter()
                .position(|p| letter.len() == p.letter.len_utf8() && letter.starts_with(p.letter))
                .ok_or_else(|| PositionError::Shape(format!("`{part}`: `{letter}` is not a player's letter")))?
                as PlayerId;
            if pos.places.contains(who) {
                return Err(PositionError::Shape(format!("`{part}`: `{letter}` is placed twice")));
            }
            if pos.places.len() + 1 >= self.players as usize {
                return Err(PositionError::Shape(format!(
                    "`{part}`: at most {} of the {} players finish before the game ends",
                    self.players - 2,
                    self.players
                )));
            }
            self.finish(pos, who);
        }
        Ok(())
    }

    /// A position read from notation in a ranked game. The player to move
    /// must still play; a player whose goal holds but who is not among the
    /// places finishes now, in turn order from the one to move (and the turn
    /// passes on if that is the one to move).
    pub(super) fn settle_ranked(&self, mut pos: Position) -> Result<Position, PositionError> {
        if pos.places.contains(pos.turn) {
            let name = &self.game.players[pos.turn as usize].name;
            return Err(PositionError::Unreachable(format!("{name} is to move, but has finished")));
        }
        pos.result = None;
        let mut p = pos.turn;
        for _ in 0..self.players {
            if !pos.places.contains(p) {
                if let Some(end) = self.goal_held_by(&pos, p).and_then(|o| self.place_finisher(&mut pos, Some(o))) {
                    pos.result = Some(end);
                    return Ok(pos);
                }
            }
            p = self.next_player(p);
        }
        if pos.places.contains(pos.turn) {
            let next = self.next_in_play(&pos, pos.turn);
            pos.hash ^= self.keys.turns[pos.turn as usize] ^ self.keys.turns[next as usize];
            pos.turn = next;
        }
        let mover = self.previous_player(pos.turn);
        let draw = self.goal_board_full(&pos, mover).or_else(|| self.no_progress_reached(&pos, mover));
        pos.result = draw.map(|o| self.with_places(&pos, o));
        Ok(pos)
    }

    /// A goal that holds for player `p` as the position stands.
    fn goal_held_by(&self, pos: &Position, p: PlayerId) -> Option<Outcome> {
        self.goal_reached_before(pos, p)
            .or_else(|| self.race.tracks.then(|| self.goal_borne_off(pos, p)).flatten())
            .or_else(|| self.goals.line_goals.then(|| self.goal_lines_anywhere(pos, p)).flatten())
            .or_else(|| self.goals.count_goals.then(|| self.goal_state_about(pos, p, std::iter::once(p))).flatten())
    }
}
