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
            if !matches!(engine.outcome(&pos), Ok(None)) {
                break;
            }
            if engine.moves(&pos, engine.dice(), &mut moves).is_err() || moves.is_empty() {
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
        // A short random playout, which counts moves instead of making them in some games.
        let mut rng = Lcg(data.len() as u64);
        if let Ok(p) = engine.playout(&engine.start(), 24, &mut rng, &mut moves, None) {
            assert!(p.plies <= 24);
        }
    }
});

/// A tiny deterministic generator, so the target needs no RNG crate of its own.
struct Lcg(u64);

impl rand::RngCore for Lcg {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        rand::RngCore::try_fill_bytes(self, dest).expect("infallible")
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        for b in dest {
            *b = self.next_u64() as u8;
        }
        Ok(())
    }
}
