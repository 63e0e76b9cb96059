//! Which capture must be chosen when several are possible: the game's
//! `prefer` criteria, applied in order, each keeping the captures that score
//! best on it (the most pieces, the greatest value, with a given kind, ...).

use super::*;

impl Engine {
    /// Keeps, of the captures in `moves`, those the game's criteria prefer.
    pub(super) fn keep_preferred(&self, pos: &Position, moves: &mut Vec<Move>) {
        for &criterion in &self.game.jumps.prefer {
            if moves.len() < 2 {
                return;
            }
            let best = moves.iter().map(|m| self.score(pos, m, criterion)).max().unwrap_or(0);
            moves.retain(|m| self.score(pos, m, criterion) == best);
        }
    }

    /// How well `m` does on `criterion`: higher is preferred.
    fn score(&self, pos: &Position, m: &Move, criterion: Preference) -> i64 {
        let taken = || m.jumped().iter().map(|&p| kind_of(pos.at(p)));
        match criterion {
            Preference::MostPieces => m.len as i64,
            Preference::MostValue => taken().map(|k| self.game.kinds[k as usize].value as i64).sum(),
            Preference::With(kind) => (kind_of(pos.at(m.from)) == kind) as i64,
            Preference::MostOf(kind) => taken().filter(|&k| k == kind).count() as i64,
            // Earlier pieces of the kind set higher bits: comparing the masks
            // compares the sequences' first such piece, then the next, ...
            Preference::EarliestOf(kind) => taken()
                .enumerate()
                .filter(|&(_, k)| k == kind)
                .fold(0i64, |mask, (i, _)| mask | 1 << (MAX_PATH - 1 - i)),
        }
    }
}

impl Engine {
    /// Whether a `prefer` criterion is what forbids the capture `text`: it is
    /// among the captures when every one may be chosen. Says which criterion,
    /// with the scores.
    pub(super) fn preference_against(&self, pos: &Position, text: &str) -> Option<String> {
        if self.game.jumps.prefer.is_empty() {
            return None;
        }
        let mut moves = Vec::new();
        self.without(|g| g.jumps.prefer.clear()).moves(pos, None, &mut moves).ok()?;
        moves.retain(|m| m.kind == MoveType::Jumps);
        let typed = *moves.iter().find(|m| self.notation(m) == text)?;
        for &criterion in &self.game.jumps.prefer {
            let best = moves.iter().map(|m| self.score(pos, m, criterion)).max()?;
            let mine = self.score(pos, &typed, criterion);
            if mine < best {
                return Some(self.explain(criterion, best, mine));
            }
            moves.retain(|m| self.score(pos, m, criterion) == best);
        }
        None
    }

    fn explain(&self, criterion: Preference, best: i64, mine: i64) -> String {
        let name = |k: KindId| &self.game.kinds[k as usize].name;
        match criterion {
            Preference::MostPieces => {
                format!("the capture taking the most pieces is compulsory: {best} pieces, not {mine}")
            }
            Preference::MostValue => {
                format!("the capture taking the greatest value is compulsory: {best}, not {mine}")
            }
            Preference::With(k) => format!("a capture with a {} takes precedence", name(k)),
            Preference::MostOf(k) => {
                format!("the capture taking the most {} pieces is compulsory: {best}, not {mine}", name(k))
            }
            Preference::EarliestOf(k) => {
                format!("the capture that meets a {} earliest in the sequence is compulsory", name(k))
            }
        }
    }
}
