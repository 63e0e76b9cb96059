//! Series of games over threads (`simulate`, `match`, `balance`): game `i`
//! played from its own seed, whatever thread takes it, so a seed gives the
//! same figures with any number of threads.

use crate::engine::{Engine, Limit};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The most games `match` and `balance` play in one run: their results are
/// kept game by game, so a mistyped count must be refused, not allocated.
pub const MAX_GAMES: usize = 1_000_000;

/// A game's ply limit where none is asked for: 200 plies a player (400 for
/// two), or four a point where that is more. Games of more players and on
/// larger boards run longer: Ludo's random games up to 600 plies, 19 x 19
/// Go's between agents 700.
pub fn ply_limit(engine: &Engine, asked: Option<u32>) -> u32 {
    let players = engine.players() as u32;
    asked.unwrap_or_else(|| (PLY_LIMIT_PER_PLAYER * players).max(4 * engine.board().len() as u32))
}

/// See [`ply_limit`].
const PLY_LIMIT_PER_PLAYER: u32 = 200;

/// The most worker threads `simulate` starts.
pub const MAX_THREADS: usize = 64;

/// Plays `n` games over `threads` threads, game `i` by `play(i)`; the results
/// in the order of the games, whatever order the threads finish in. The first
/// error stops the rest. `done` is called as each game ends (a progress bar).
pub fn run_games<T: Send>(
    n: usize,
    threads: usize,
    play: impl Fn(usize) -> Result<T, String> + Sync,
    done: impl Fn() + Sync,
) -> Result<Vec<T>, String> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    let error: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, MAX_THREADS).min(n.max(1)) {
            let spawned = std::thread::Builder::new().spawn_scoped(s, || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                match play(i) {
                    Ok(r) => results.lock().expect("no panics while held")[i] = Some(r),
                    Err(e) => {
                        error.lock().expect("no panics while held").get_or_insert(e);
                        next.store(n, Ordering::Relaxed);
                        break;
                    }
                }
                done();
            });
            if let Err(e) = spawned {
                next.store(n, Ordering::Relaxed);
                error
                    .lock()
                    .expect("no panics while held")
                    .get_or_insert(format!("cannot start {threads} threads: {e}; try fewer with --threads"));
                break;
            }
        }
    });
    if let Some(e) = error.into_inner().expect("threads done") {
        return Err(e);
    }
    Ok(results.into_inner().expect("threads done").into_iter().map(|r| r.expect("every game played")).collect())
}

/// An engine limit met in a game, as the error `run_games` passes on.
pub fn limit_text(l: Limit) -> String {
    format!("no verdict: {l}")
}
