//! The end of a game both players passed (`pass at any time`): scored by
//! area (`most area`), by pieces (`most pieces`), or else a draw.

use super::*;

impl Engine {
    /// The outcome after two passes in a row.
    pub(super) fn scored_end(&self, pos: &Position) -> Outcome {
        let area = self.game.goals.iter().find_map(|g| match g.condition {
            Condition::MostArea { bonus, to } => Some((g, bonus, to)),
            _ => None,
        });
        if let Some((goal, bonus, to)) = area {
            let mut halves = self.area(pos).map(|a| 2 * a);
            halves[to as usize] += bonus;
            return Self::by_score(goal, halves[0], halves[1], Reason::Area(halves[0], halves[1]));
        }
        self.most_pieces(pos).unwrap_or(Outcome { winner: None, reason: Reason::Passed })
    }

    /// Each side's area: its pieces, and the empty points from which only
    /// its pieces can be reached along the lines (through empty points).
    pub fn area(&self, pos: &Position) -> [u16; MAX_PLAYERS] {
        let mut area: [u16; MAX_PLAYERS] = std::array::from_fn(|p| pos.pieces(p as PlayerId));
        let occupied = pos.taken;
        let mut seen = PointSet::default();
        let mut stack = [0 as Point; MAX_POINTS + 1];
        for start in self.points.all.minus(&occupied).iter() {
            if seen.contains(start) {
                continue;
            }
            // One empty region: its size, and whose pieces border it.
            let (mut size, mut borders) = (0u16, 0u8);
            stack[0] = start;
            seen.insert(start);
            let mut top = 1;
            while top > 0 {
                top -= 1;
                size += 1;
                for q in self.points.adjacent[stack[top] as usize].iter() {
                    let c = pos.at(q);
                    if c != 0 {
                        borders |= 1 << owner(c);
                    } else if !seen.contains(q) {
                        seen.insert(q);
                        stack[top] = q;
                        top += 1;
                    }
                }
            }
            if borders.count_ones() == 1 {
                area[borders.trailing_zeros() as usize] += size;
            }
        }
        area
    }
}
