//! Which capture must be chosen when several are possible: the game's
//! `prefer` criteria, applied in order, each keeping the captures that score
//! best on it (the most pieces, the greatest value, with a given kind, ...).

use super::*;

/// How well a capture does on a criterion, higher preferred: a number, or
/// for `EarliestOf` a bit per piece taken (of at most [`MAX_PATH`]), the
/// first the most significant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    number: i64,
    earliest: [u64; MAX_PATH.div_ceil(64)],
}

impl Engine {
    /// Keeps, of the captures in `moves`, those the game's criteria prefer.
    pub(super) fn keep_preferred(&self, pos: &Position, moves: &mut Vec<Move>) {
        for &criterion in &self.game.jumps.prefer {
            if moves.len() < 2 {
                return;
            }
            let best = moves.iter().map(|m| self.score(pos, m, criterion)).max().unwrap_or_default();
            moves.retain(|m| self.score(pos, m, criterion) == best);
        }
    }

    /// How well `m` does on `criterion`: higher is preferred.
    fn score(&self, pos: &Position, m: &Move, criterion: Preference) -> Score {
        let taken = || m.jumped().iter().map(|&p| kind_of(pos.at(p)));
        let number = |n: i64| Score { number: n, ..Score::default() };
        match criterion {
            Preference::MostPieces => number(m.len as i64),
            Preference::MostValue => number(taken().map(|k| self.game.kinds[k as usize].value as i64).sum()),
            Preference::With(kind) => number((kind_of(pos.at(m.from)) == kind) as i64),
            Preference::MostOf(kind) => number(taken().filter(|&k| k == kind).count() as i64),
            // Earlier pieces of the kind set higher bits: comparing the masks
            // compares the sequences' first such piece, then the next, ...
            Preference::EarliestOf(kind) => {
                let mut score = Score::default();
                for (i, _) in taken().enumerate().filter(|&(_, k)| k == kind) {
                    score.earliest[i / 64] |= 1 << (63 - i % 64);
                }
                score
            }
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
                return Some(self.explain(criterion, best.number, mine.number));
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
