//! Any text: the checker must answer (never panic, never hang), and a game it
//! accepts must run: moves generated are played, and their positions written
//! and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = rulebook::check::check(&text);
    if let Ok(engine) = rulebook::load_text(&text, &[]) {
        let mut pos = engine.start();
        let mut moves = Vec::new();
        for ply in 0..16u32 {
            if engine.outcome(&pos).is_some() {
                break;
            }
            engine.moves(&pos, engine.dice(), &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(ply as usize * 7) % moves.len()];
            // Every generated move reads back as itself.
            let text = engine.ply_notation(engine.dice(), &mv);
            let (_, again) = engine.parse_ply(&pos, &text).expect("a generated move parses");
            assert_eq!(engine.notation(&again), engine.notation(&mv));
            pos = engine.play_unchecked(&pos, &mv);
            let written = engine.position_notation(&pos);
            let read = engine.parse_position(&written).expect("a written position reads back");
            assert_eq!(engine.position_notation(&read), written);
        }
    }
});
