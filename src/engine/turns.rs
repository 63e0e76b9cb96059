//! Two dice used separately (`dice 2 d6 used separately`, Backgammon's
//! rule): a turn moves a piece by each die, one after the other (the same
//! piece may use both), a double four times. As many dice must be used as
//! can be; where only one of two can, the larger where it can. A turn is one
//! move, written as its steps in the order played (`a2-e1,h1-l1`); turns
//! that leave the same position are one move.

use super::*;

/// What the engine knows of the game's dice before play.
#[derive(Debug)]
pub(super) struct RollRules {
    /// Two dice used separately: a turn is one move of each die.
    pub(super) pair: bool,
    /// Every roll of the dice, lowest first (none without dice).
    pub(super) rolls: Vec<u8>,
    /// The roll is the exact distance (`sets distance`).
    pub(super) exact: bool,
    /// The dice's highest face: the most any roll allows (`ANY_ROLL` without dice).
    pub(super) max_roll: u8,
}

impl RollRules {
    pub(super) fn of(game: &Game) -> RollRules {
        RollRules {
            pair: game.dice.is_some_and(|d| d.pair),
            rolls: game.dice.map_or(Vec::new(), |d| d.rolls().collect()),
            exact: game.dice.is_some_and(|d| d.exact),
            max_roll: game.dice.map_or(ANY_ROLL, |d| d.highest_face()),
        }
    }
}

/// The most steps a turn holds: a double's four.
const MOST_STEPS: usize = 4;

/// A turn being built: its steps so far as (from, to, kind it becomes), `NONE`
/// for the hand and for off the board; and the dice they used.
#[derive(Clone, Copy)]
struct Steps {
    steps: [(Point, Point, KindId); MOST_STEPS],
    dice: [u8; MOST_STEPS],
    len: usize,
}

/// The dice of a turn not yet used: up to four, the first `.1` of them.
#[derive(Clone, Copy)]
struct Dice4([u8; MOST_STEPS], usize);

impl Dice4 {
    /// The dice left once the `i`-th is used.
    fn without(self, i: usize) -> Dice4 {
        let mut rest = self;
        rest.0.copy_within(i + 1..self.1, i);
        rest.1 -= 1;
        rest
    }
}

/// Typed steps played as far as they are legal: the position they leave,
/// the dice left, and how many were played.
struct Typed {
    now: Position,
    left: Vec<u8>,
    played: usize,
}

/// What the search for a roll's turns keeps: the sequences found, each with
/// the position it leaves (its hash, what each side has borne off), and
/// move buffers for reuse, one a level.
struct TurnSearch {
    found: Vec<(Steps, (u64, [u8; MAX_PLAYERS]))>,
    buffers: Vec<Vec<Move>>,
    /// Positions searched and sequences found so far, up to [`MAX_TURN_STEPS`].
    steps: u32,
}

impl TurnSearch {
    /// Room for a usual roll's sequences and steps: growing them step by step
    /// cost more than the search itself.
    fn new() -> TurnSearch {
        let buffers = (0..MOST_STEPS).map(|_| Vec::with_capacity(16)).collect();
        TurnSearch { found: Vec::with_capacity(64), buffers, steps: 0 }
    }
}

/// The positions a turn's steps are played on, one a step: each step copies
/// the board's cells of the one before (`copy_on_board`) rather than cloning
/// a whole position, ten times the board's size.
type Levels = [Position; MOST_STEPS];

impl Engine {
    /// The turns a roll allows (every roll's, one after another, where
    /// `roll` is None), each a [`MoveType::Turn`] whose `distance` is the roll.
    pub(super) fn turn_moves(&self, pos: &Position, roll: Option<u8>, out: &mut Vec<Move>) -> Result<(), Limit> {
        let dice = self.game.dice.expect("a turn of two dice comes with dice");
        let mut levels: Levels = std::array::from_fn(|_| pos.clone());
        let mut search = TurnSearch::new();
        match roll {
            Some(r) => self.turns_of_roll(pos, r, &mut levels, &mut search, out),
            None => {
                for r in dice.rolls() {
                    let before = out.len();
                    self.turns_of_roll(pos, r, &mut levels, &mut search, out)?;
                    if out.len() == before + 1 && out[before].kind == MoveType::Pass {
                        out.pop();
                    }
                }
                Ok(())
            }
        }
    }

    /// The turns of one roll: the longest sequences of steps, distinct by
    /// the position they leave; a pass where no die can be used.
    fn turns_of_roll(
        &self,
        pos: &Position,
        roll: u8,
        levels: &mut Levels,
        search: &mut TurnSearch,
        out: &mut Vec<Move>,
    ) -> Result<(), Limit> {
        let (high, low) = Dice::faces(roll);
        let dice = if high == low { Dice4([high; MOST_STEPS], MOST_STEPS) } else { Dice4([high, low, 0, 0], 2) };
        search.found.clear();
        search.steps = 0;
        let start = Steps { steps: [(NONE, NONE, 0); MOST_STEPS], dice: [0; MOST_STEPS], len: 0 };
        self.extend_turn(pos, levels, dice, start, 0, search)?;
        let found = &search.found;
        let longest = found.iter().map(|(s, _)| s.len).max().unwrap_or(0);
        if longest == 0 {
            out.push(Move { distance: roll, ..Move::PASS });
            return Ok(());
        }
        // Only one die can be used: the larger, where it can.
        let larger_used = longest == 1 && found.iter().any(|(s, _)| s.dice[0] == high);
        // The first sequence found of each position left, in the order found.
        let mut kept: Vec<((u64, [u8; MAX_PLAYERS]), usize)> = Vec::with_capacity(found.len());
        kept.extend(
            (found.iter().enumerate())
                .filter(|(_, (steps, _))| steps.len == longest && !(larger_used && steps.dice[0] != high))
                .map(|(i, (_, after))| (*after, i)),
        );
        if kept.len() <= 64 {
            // Few: a look back at each is quicker than sorting.
            for k in 0..kept.len() {
                if !kept[..k].iter().any(|(after, _)| *after == kept[k].0) {
                    out.push(Self::turn_move(&found[kept[k].1].0, roll));
                }
            }
            return Ok(());
        }
        kept.sort_unstable();
        kept.dedup_by_key(|(after, _)| *after);
        let mut firsts: Vec<usize> = kept.into_iter().map(|(_, i)| i).collect();
        firsts.sort_unstable();
        out.extend(firsts.into_iter().map(|i| Self::turn_move(&found[i].0, roll)));
        Ok(())
    }

    /// Every way to go on from `steps` (played on `pos`) with the dice
    /// `left`, into `search.found`: each sequence that cannot go on, with the
    /// position it leaves (its hash and what is borne off). With a double,
    /// the steps go from the rear forward (a step's start no farther back on
    /// the track than the last one's, `floor`): any set of steps of one
    /// number can be played in that order, so the other orders add nothing.
    fn extend_turn(
        &self,
        pos: &Position,
        levels: &mut [Position],
        left: Dice4,
        steps: Steps,
        floor: usize,
        search: &mut TurnSearch,
    ) -> Result<(), Limit> {
        let me = pos.turn;
        // A step at most for each die: there is a level for each.
        let (next, deeper) = levels.split_first_mut().expect("a level for each die");
        let double = steps.len + left.1 == MOST_STEPS; // a double's four dice
        let mut went_on = false;
        search.steps += 1;
        if search.steps > MAX_TURN_STEPS {
            return Err(Limit::TurnSteps); // a crafted board could make the sequences explode
        }
        let mut singles = search.buffers.pop().unwrap_or_default();
        for i in 0..left.1 {
            let die = left.0[i];
            if left.0[..i].contains(&die) {
                continue; // the same number again: the same steps
            }
            singles.clear();
            self.generate(pos, die, &mut singles)?;
            let rest = left.without(i);
            for m in singles.iter() {
                // Where on the track it starts: 0 the hand, i + 1 the track's point i.
                let at = if m.kind == MoveType::Enter { 0 } else { self.track_index(me, m.from).map_or(0, |i| i + 1) };
                if double && at < floor {
                    continue;
                }
                next.copy_on_board(pos, self.cells_used, self.players);
                let (from, to) = self.race_step(next, me, m);
                let mut more = steps;
                more.steps[more.len] = (from, to, m.becomes);
                more.dice[more.len] = die;
                more.len += 1;
                went_on = true;
                if rest.1 == 0 || next.result.is_some() {
                    search.steps += 1;
                    if search.steps > MAX_TURN_STEPS {
                        return Err(Limit::TurnSteps);
                    }
                    search.found.push((more, (next.hash, next.borne_off)));
                } else {
                    self.extend_turn(next, deeper, rest, more, at, search)?;
                }
            }
        }
        search.buffers.push(singles);
        if !went_on {
            search.found.push((steps, (pos.hash, pos.borne_off)));
        }
        Ok(())
    }

    /// A turn's steps as one move: `path` holds each step's from and to,
    /// `taken` the kind each piece becomes.
    fn turn_move(steps: &Steps, roll: u8) -> Move {
        let mut m = Move { kind: MoveType::Turn, distance: roll, len: steps.len as u8, ..Move::PASS };
        for (i, &(from, to, kind)) in steps.steps[..steps.len].iter().enumerate() {
            (m.path[2 * i], m.path[2 * i + 1], m.taken[i]) = (from, to, kind as Point);
        }
        m
    }

    /// One step of a race (`m` a plain move, an entry or a bear-off) played
    /// on `pos` without passing the turn: the piece leaves its point (the
    /// top of a stack) or the hand, and takes a lone enemy where it lands.
    /// Sets the outcome when the last piece is borne off. Returns where the
    /// step went from and to (`NONE` for the hand and for off the board).
    pub(super) fn race_step(&self, pos: &mut Position, me: PlayerId, m: &Move) -> (Point, Point) {
        let from = if m.kind == MoveType::Enter { NONE } else { m.from };
        let to = if m.kind == MoveType::BearOff { NONE } else { m.to };
        self.step_between(pos, me, from, to, m.becomes);
        (from, to)
    }

    /// Moves one piece of `me` from `from` (`NONE`: the hand) to `to`
    /// (`NONE`: off the board), as the kind `becomes`.
    fn step_between(&self, pos: &mut Position, me: PlayerId, from: Point, to: Point, becomes: KindId) {
        if from == NONE {
            let n = self.in_hand(pos, me, becomes);
            self.set_hand(pos, me, becomes, n.saturating_sub(1));
        } else {
            self.lift_one(pos, from);
        }
        if to == NONE {
            self.set_borne_off(pos, me, pos.borne_off[me as usize].saturating_add(1));
            if pos.result.is_none() {
                pos.result = self.goal_borne_off(pos, me);
            }
            return;
        }
        let c = pos.at(to);
        if c != 0 && owner(c) != me {
            self.take(pos, to);
        }
        self.land_one(pos, to, cell(me, becomes));
    }

    /// Plays a turn's steps on `next`; returns the outcome it decides.
    pub(super) fn make_turn(&self, me: PlayerId, mv: &Move, next: &mut Position) -> Option<Outcome> {
        for i in 0..mv.len as usize {
            self.step_between(next, me, mv.path[2 * i], mv.path[2 * i + 1], mv.taken[i] as KindId);
        }
        next.result.take()
    }

    /// A turn's steps: (from, to), `NONE` for the hand and for off the board.
    pub fn turn_steps(mv: &Move) -> impl Iterator<Item = (Point, Point)> + '_ {
        (0..mv.len as usize).map(|i| (mv.path[2 * i], mv.path[2 * i + 1]))
    }

    /// Whether `text`, a turn's steps as typed, played one after the other
    /// each by a die of `turn`'s roll, leaves the position `turn` leaves.
    pub(super) fn same_turn(&self, pos: &Position, turn: &Move, text: &str) -> bool {
        let Some(typed) = self.typed_turn(pos, turn.distance, text) else { return false };
        let mut after = pos.clone();
        self.make_turn(pos.turn, turn, &mut after);
        (after.hash, after.borne_off) == (typed.hash, typed.borne_off)
    }

    /// The position the typed steps leave, each a legal step by one of the
    /// roll's dice not yet used; None if some step is not.
    fn typed_turn(&self, pos: &Position, roll: u8, text: &str) -> Option<Position> {
        let steps: Vec<&str> = text.split(',').collect();
        let typed = self.play_typed(pos, roll, &steps).ok()?;
        (typed.played == steps.len()).then_some(typed.now)
    }

    /// Plays typed steps one after another, each by a die of `roll` not yet
    /// used, as far as they are legal steps.
    fn play_typed(&self, pos: &Position, roll: u8, steps: &[&str]) -> Result<Typed, Limit> {
        let (high, low) = Dice::faces(roll);
        let left = if high == low { vec![high; MOST_STEPS] } else { vec![high, low] };
        let mut typed = Typed { now: pos.clone(), left, played: 0 };
        let mut singles = Vec::new();
        'steps: for step in steps {
            for i in 0..typed.left.len() {
                singles.clear();
                self.generate(&typed.now, typed.left[i], &mut singles)?;
                if let Some(m) = singles.iter().find(|s| self.notation(s) == *step).copied() {
                    self.race_step(&mut typed.now, pos.turn, &m);
                    typed.left.remove(i);
                    typed.played += 1;
                    continue 'steps;
                }
            }
            break;
        }
        Ok(typed)
    }

    /// Why the turn `text` is not legal under `roll`: the first step no die
    /// left allows (and the rule against it), or the dice it leaves unused.
    pub(super) fn turn_rule_against(
        &self,
        pos: &Position,
        roll: Option<u8>,
        text: &str,
        legal: &[String],
    ) -> Result<String, Limit> {
        let Some(roll) = roll else {
            return Ok("a turn is written after its roll, like `31:e1-i1,h1-i1`".into());
        };
        let (high, low) = Dice::faces(roll);
        let steps: Vec<&str> = text.split(',').collect();
        let Typed { now, left, played: n } = self.play_typed(pos, roll, &steps)?;
        if let Some(step) = steps.get(n) {
            if left.is_empty() {
                return Ok(format!("the roll {roll} moves {} pieces, and this turn has more steps", n));
            }
            let from = step.split_once('-').and_then(|(f, _)| self.game.board.point(f));
            if let Some(p) = from.filter(|&p| now.at(p) == 0 || owner(now.at(p)) != pos.turn) {
                let player = &self.game.players[pos.turn as usize].name;
                let label = &self.game.board.labels[p as usize];
                let whose = match now.at(p) {
                    0 => "no piece".to_string(),
                    c => format!("{}'s pieces", self.game.players[owner(c) as usize].name),
                };
                return Ok(format!("`{step}`: {label} holds {whose}, and it is {player}'s turn"));
            }
            let mut dice = left;
            dice.dedup();
            let words: Vec<String> = dice.iter().map(u8::to_string).collect();
            let why = dice.iter().find_map(|&d| self.track_rule_against(&now, Some(d), step));
            let after = if n == 0 { String::new() } else { format!(" after {}", steps[..n].join(",")) };
            return Ok(match why {
                Some(why) => format!("`{step}`{after}: {why}"),
                None => format!("`{step}`{after} is no move of a die left ({})", words.join(" or ")),
            });
        }
        let most = legal.iter().map(|m| m.split(',').count()).max().unwrap_or(0);
        let legal_pass = legal.iter().any(|m| m.ends_with(":pass"));
        let used = steps.len();
        let example = legal.first().map(|m| format!(" (for example `{m}`)")).unwrap_or_default();
        Ok(if legal_pass {
            format!("no piece can move by a die of {roll}: the turn is a pass")
        } else if used < most {
            format!("as many dice must be used as can be: this uses {used}, and {most} can be used{example}")
        } else if most == 1 && high != low {
            format!("only one die of {roll} can be used, and it must be the larger, {high}, where it can{example}")
        } else {
            format!("not a legal turn for {roll}{example}")
        })
    }
}
