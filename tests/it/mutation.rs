//! Mutated game files: whatever the edit, the checker answers without
//! panicking, and a game it accepts can be played. (The coverage-guided
//! fuzzer in `fuzz/` goes further; this runs in every `cargo test`.)

use proptest::prelude::*;

const WORDS: &[&str] = &[
    "{",
    "}",
    "if",
    "else",
    "=",
    ",",
    ":",
    "..",
    "\"",
    "#",
    "step",
    "slide",
    "jump",
    "flying",
    "leave",
    "any",
    "forward",
    "orthogonal",
    "king",
    "man",
    "a1",
    "z99",
    "0",
    "255",
    "99999999999999999999",
    "rank",
    "ranks",
    "1..9",
    "e5",
    "promote",
    "to",
    "in",
    "at",
    "once",
    "capture",
    "custodial",
    "goals",
    "board",
    "piece",
    "player",
    "place",
    "on",
    "region",
    "option",
    "die",
    "d6",
    "prefer",
    "most",
    "earliest",
    "with",
    "land where it can continue",
    "can capture",
    "value",
    "at most 3 moves in a row",
    "draw",
    "position repeated 2 times",
    "after 1 moves without capture",
    "fewer than 2 pieces left",
    "1 man captured",
    "continue at will",
    "flank run",
    "within",
    "intervention",
    "enter before moving",
    "in hand 3",
    "else if x",
    "approach any",
    "withdraw any",
    "no repeated direction",
    "no revisiting",
    "move along track",
    "safe on",
    "track white a1 b1",
    "dice 4 binary sets distance",
    "another turn on",
    "captured pieces return to hand",
    "all pieces borne off",
    "\n",
    "\t",
    "é",
];

#[derive(Debug, Clone)]
enum Edit {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    DeleteBytes(usize, usize),
    Insert(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::DeleteLine),
        any::<usize>().prop_map(Edit::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        (any::<usize>(), 1..40usize).prop_map(|(a, n)| Edit::DeleteBytes(a, n)),
        (any::<usize>(), 0..WORDS.len()).prop_map(|(a, w)| Edit::Insert(a, w)),
    ]
}

fn apply(text: &str, e: &Edit) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let n = lines.len().max(1);
    let floor = |mut i: usize, s: &str| {
        i %= s.len().max(1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    match *e {
        Edit::DeleteLine(i) => {
            lines.remove(i % n);
            lines.join("\n")
        }
        Edit::DuplicateLine(i) => {
            lines.insert(i % n, lines[i % n]);
            lines.join("\n")
        }
        Edit::SwapLines(a, b) => {
            lines.swap(a % n, b % n);
            lines.join("\n")
        }
        Edit::DeleteBytes(at, len) => {
            let a = floor(at, text);
            let b = floor(a + len, text).max(a);
            format!("{}{}", &text[..a], &text[b..])
        }
        Edit::Insert(at, w) => {
            let a = floor(at, text);
            format!("{} {} {}", &text[..a], WORDS[w], &text[a..])
        }
    }
}

fn exercise(text: &str) {
    let _ = rulebook::check::check(text);
    if let Ok(engine) = rulebook::load_text(text, &[]) {
        let mut pos = engine.start();
        let mut moves = Vec::new();
        for ply in 0..12usize {
            if engine.moves(&pos, engine.dice().map(|d| d.highest()), &mut moves).is_err() {
                break;
            }
            if moves.is_empty() {
                let _ = engine.outcome(&pos);
                break;
            }
            let mv = moves[ply * 5 % moves.len()];
            let _ = engine.notation(&mv);
            pos = engine.play_unchecked(&pos, &mv);
        }
        // A random playout (which counts moves instead of making them in some games).
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(text.len() as u64);
        if let Ok(p) = engine.playout(&engine.start(), 30, &mut rng, &mut moves, None) {
            assert!(p.plies <= 30);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn edited_game_files_never_panic(which in 0..5usize, edits in prop::collection::vec(edit(), 1..6)) {
        let file = [
            "games/tabal.game",
            "games/tablut.game",
            "games/italian-draughts.game",
            "games/bagh-chal.game",
            "games/hasami-shogi.game",
        ][which];
        let mut text = std::fs::read_to_string(file).unwrap();
        for e in &edits {
            text = apply(&text, e);
        }
        exercise(&text);
    }
}
