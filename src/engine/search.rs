//! Perft and random playouts, as RULES.md defines them.

use super::*;
use rand::Rng;

impl Engine {
    /// perft(pos, depth): leaf nodes at `depth`. In a dice game each ply is a
    /// roll and a move, summed over the rolls.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let mut buffers = vec![Vec::new(); depth as usize + 1];
        self.perft_with(pos, depth, &mut buffers)
    }

    fn perft_with(&self, pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer a ply");
        if pos.result.is_some() {
            return 0;
        }
        moves.clear();
        self.generate(pos, self.max_roll, moves);
        if moves.is_empty() {
            return 0;
        }
        let Some(dice) = self.game.dice else {
            if depth == 1 {
                return moves.len() as u64;
            }
            return moves.iter().map(|m| self.perft_with(&self.play_unchecked(pos, m), depth - 1, rest)).sum();
        };
        // A move of distance k is legal under the rolls k..=sides; a roll below
        // every move's distance is a pass.
        let sides = dice.sides as u64;
        let weight = |m: &Move| sides + 1 - (m.distance.max(1) as u64).min(sides);
        let least = moves.iter().map(|m| m.distance.max(1) as u64).min().unwrap_or(1);
        let passes = least - 1;
        if depth == 1 {
            return moves.iter().map(weight).sum::<u64>() + passes;
        }
        let mut total = 0;
        let list = moves.clone();
        for m in &list {
            total += weight(m) * self.perft_with(&self.play_unchecked(pos, m), depth - 1, rest);
        }
        if passes > 0 {
            total += passes * self.perft_with(&self.play_unchecked(pos, &Move::PASS), depth - 1, rest);
        }
        total
    }

    /// The number of legal moves by counting, where [`Engine::playout`] counts
    /// instead of generating (None elsewhere): for tests that the two agree.
    #[doc(hidden)]
    pub fn counted_moves(&self, pos: &Position, roll: Option<u8>) -> Option<u32> {
        let mut counts = Vec::new();
        self.count_by_piece(pos, roll.unwrap_or(u8::MAX), &mut counts)
    }

    /// perft split by first ply: (ply notation, count), sorted by notation.
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        let rolls: Vec<Option<u8>> = match self.game.dice {
            Some(d) => (1..=d.sides).map(Some).collect(),
            None => vec![None],
        };
        let mut moves = Vec::new();
        for roll in rolls {
            self.moves(pos, roll, &mut moves);
            for m in &moves {
                let n = if depth <= 1 { 1 } else { self.perft(&self.play_unchecked(pos, m), depth - 1) };
                out.push((self.ply_notation(roll, m), n));
            }
        }
        out.sort();
        out
    }

    /// One random game from `pos`: uniform among the legal moves (after a
    /// roll in a dice game), stopping when the game ends or at `max_plies`.
    /// With `record`, the plies are written there in notation.
    pub fn playout<R: Rng>(
        &self,
        pos: &Position,
        max_plies: u32,
        rng: &mut R,
        moves: &mut Vec<Move>,
        mut record: Option<&mut Vec<String>>,
    ) -> Playout {
        let mut pos = pos.clone();
        let mut plies = 0;
        let mut choices = 0u64;
        let mut counts = Vec::with_capacity(32);
        loop {
            if let Some(outcome) = pos.result {
                return Playout { outcome, plies, choices };
            }
            if plies >= max_plies {
                return Playout { outcome: Outcome { winner: None, reason: Reason::PlyLimit }, plies, choices };
            }
            let roll = self.game.dice.map(|d| rng.gen_range(1..=d.sides));
            // Where pieces never capture by moving, count the moves and make only
            // the chosen one; passes and the end of the game take the long way.
            let limit = roll.unwrap_or(u8::MAX);
            if let Some(total @ 1..) = self.count_by_piece(&pos, limit, &mut counts) {
                choices += total as u64;
                let m = self.nth_counted(&pos, limit, &counts, rng.gen_range(0..total), moves);
                if let Some(r) = record.as_deref_mut() {
                    r.push(self.ply_notation(roll, &m));
                }
                pos = self.play_unchecked(&pos, &m);
                plies += 1;
                continue;
            }
            self.moves(&pos, roll, moves);
            if moves.is_empty() {
                let outcome = self.outcome(&pos).unwrap_or(Outcome { winner: None, reason: Reason::NoMove(pos.turn) });
                return Playout { outcome, plies, choices };
            }
            choices += moves.len() as u64;
            let m = moves[rng.gen_range(0..moves.len())];
            if let Some(r) = record.as_deref_mut() {
                r.push(self.ply_notation(roll, &m));
            }
            pos = self.play_unchecked(&pos, &m);
            plies += 1;
        }
    }
}

/// How a random game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    pub outcome: Outcome,
    pub plies: u32,
    /// The legal moves summed over the plies (for the mean branching factor).
    pub choices: u64,
}
