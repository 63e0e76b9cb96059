//! `help` at the `play` prompt: how this game's moves are written, with
//! examples taken from the game itself, its dice, and the commands.

use rand::Rng;
use rulebook::agents::GameRng;
use rulebook::engine::{Engine, Move, MoveType, Position};

/// The shapes of move notation, in the order help lists them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Plain,
    Capture,
    Chain,
    ApproachWithdrawal,
    Enter,
    Lift,
    Leave,
    BearOff,
    Pass,
    Sow,
    Turn,
}

impl Shape {
    fn of(mv: &Move, text: &str) -> Shape {
        match mv.kind {
            MoveType::Plain | MoveType::Castle => Shape::Plain,
            MoveType::Jumps if text.ends_with('A') || text.ends_with('W') => Shape::ApproachWithdrawal,
            MoveType::Jumps if mv.landings().len() > 1 => Shape::Chain,
            MoveType::Jumps => Shape::Capture,
            MoveType::Enter => Shape::Enter,
            MoveType::Lift => Shape::Lift,
            MoveType::Leave => Shape::Leave,
            MoveType::BearOff => Shape::BearOff,
            MoveType::Pass => Shape::Pass,
            MoveType::Sow => Shape::Sow,
            MoveType::Turn => Shape::Turn,
        }
    }

    fn says(self) -> &'static str {
        match self {
            Shape::Plain => "a move: from, to",
            Shape::Capture => "a capture: from, x, where it lands",
            Shape::Chain => "a capture that goes on: every landing in turn",
            Shape::ApproachWithdrawal => "a capture by approach (A) or withdrawal (W)",
            Shape::Enter => "a piece entered from the hand (a letter first for other kinds)",
            Shape::Lift => "one of your pieces lifted off the board",
            Shape::Leave => "a piece leaving the board, and the direction",
            Shape::BearOff => "a piece borne off the end of its track",
            Shape::Pass => "no move, when none is possible",
            Shape::Sow => "a pit of yours, its seeds sown round",
            Shape::Turn => "a turn: a move for each die, joined by commas, in the order played",
        }
    }
}

/// How many random plies are looked at for examples: enough to meet every
/// shape the shipped games have, cheap on any board.
const SAMPLED_PLIES: usize = 2000;
const SAMPLED_GAME: usize = 200;

/// One example of each shape of move met in a few random games from `start`.
fn examples(engine: &Engine, start: &Position) -> Vec<(Shape, String)> {
    let mut rng = GameRng::new(1);
    let mut found: Vec<(Shape, String)> = Vec::new();
    let mut moves = Vec::new();
    let (mut pos, mut plies) = (start.clone(), 0);
    for _ in 0..SAMPLED_PLIES {
        let over = !matches!(engine.outcome(&pos), Ok(None));
        if over || plies == SAMPLED_GAME {
            (pos, plies) = (start.clone(), 0);
        }
        let roll = engine.roll(&mut rng);
        if engine.moves(&pos, roll, &mut moves).is_err() || moves.is_empty() {
            break;
        }
        for mv in &moves {
            let text = engine.notation(mv);
            let shape = Shape::of(mv, &text);
            if !found.iter().any(|(s, _)| *s == shape) {
                found.push((shape, text));
            }
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        pos = engine.play_unchecked(&pos, &mv);
        plies += 1;
    }
    found.sort();
    found
}

/// What `help` prints; every line fits 80 columns.
pub fn text(engine: &Engine, start: &Position) -> String {
    let mut out = String::from("Type a move as this game writes it, for example:\n");
    let examples = examples(engine, start);
    let width = examples.iter().map(|(_, t)| t.len()).max().unwrap_or(0).max(10);
    for (shape, text) in &examples {
        out.push_str(&format!("  {text:<width$}  {}\n", shape.says()));
    }
    if let Some(d) = &engine.game.dice {
        let what = if d.binary { format!("{} two-sided dice", d.sides) } else { format!("a {}-sided die", d.sides) };
        out.push_str(&format!("Each turn starts with a throw of {what}, shown before you move;\n"));
        out.push_str("type the move alone (the roll is added for you).\n");
    }
    out.push_str(
        "Commands:\n\
         \x20 moves       list the legal moves\n\
         \x20 undo        take back your last move and the replies to it\n\
         \x20 save FILE   write the game to FILE (save! FILE replaces it)\n\
         \x20 position    print the position in position notation\n\
         \x20 help        this text\n\
         \x20 quit        stop (save first, then go on with: rulebook play --resume FILE)",
    );
    out
}
