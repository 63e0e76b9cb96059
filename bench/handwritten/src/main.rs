//! `handwritten`: single-purpose engines for Permainan Tabal and Tablut, written from
//! the rules of docs/rules.md alone, as the speed yardstick for rulebook.

mod chess;
mod tabal;
mod tablut;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::process::exit;
use std::time::Instant;

const USAGE: &str = "usage:
  handwritten perft tabal DEPTH [--position FEN] [--divide]
  handwritten perft tablut DEPTH [--position FEN] [--no-dice] [--opposite]
  handwritten randpos tabal|tablut PLIES COUNT [--seed N] [--no-dice] [--opposite]
  handwritten bench tabal|tablut [--seconds S] [--games N] [--seed N] [--max-plies N] [--no-dice] [--opposite]";

fn die(msg: &str) -> ! {
    eprintln!("{msg}\n{USAGE}");
    exit(2)
}

struct Opts {
    dice: bool,
    one_of_each: bool,
    divide: bool,
    seconds: f64,
    games: Option<u64>,
    seed: u64,
    position: Option<String>,
    max_plies: u32,
}

fn parse_opts(args: &[String]) -> Opts {
    let mut o = Opts {
        dice: true,
        one_of_each: true,
        divide: false,
        seconds: 3.0,
        games: None,
        seed: 1,
        max_plies: 400,
        position: None,
    };
    let mut i = 0;
    let val = |i: usize| -> &String { args.get(i + 1).unwrap_or_else(|| die("missing value")) };
    while i < args.len() {
        match args[i].as_str() {
            "--no-dice" => o.dice = false,
            "--opposite" => o.one_of_each = false,
            "--divide" => o.divide = true,
            "--seconds" => {
                o.seconds = val(i).parse().unwrap_or_else(|_| die("bad --seconds"));
                i += 1
            }
            "--games" => {
                o.games = Some(val(i).parse().unwrap_or_else(|_| die("bad --games")));
                i += 1
            }
            "--seed" => {
                o.seed = val(i).parse().unwrap_or_else(|_| die("bad --seed"));
                i += 1
            }
            "--position" => {
                o.position = Some(val(i).clone());
                i += 1
            }
            "--max-plies" => {
                o.max_plies = val(i).parse().unwrap_or_else(|_| die("bad --max-plies"));
                i += 1
            }
            a => die(&format!("unknown argument {a}")),
        }
        i += 1;
    }
    o
}

fn pct(n: u64, of: u64) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn perft_tabal(depth: usize, o: &Opts) {
    let t = tabal::Tables::new();
    let p = match &o.position {
        Some(s) => tabal::parse_fen(&t, s).unwrap_or_else(|| die("bad position")),
        None => tabal::Pos::start(&t),
    };
    let mut bufs: Vec<Vec<tabal::Move>> = (0..depth + 1).map(|_| Vec::with_capacity(256)).collect();
    if o.divide {
        let mut ms = Vec::new();
        tabal::gen(&t, &p, &mut ms);
        let mut lines: Vec<(String, u64)> = ms
            .iter()
            .map(|m| {
                let mut c = p;
                tabal::make(&t, &mut c, m);
                (tabal::notation(&t, m), tabal::perft(&t, &c, depth - 1, &mut bufs))
            })
            .collect();
        lines.sort();
        for (m, n) in lines {
            println!("{m} {n}");
        }
        return;
    }
    for d in 1..=depth {
        let t0 = Instant::now();
        let n = tabal::perft(&t, &p, d, &mut bufs);
        let s = t0.elapsed().as_secs_f64();
        println!("perft({d}) = {n}");
        eprintln!("  ({s:.3} s, {:.0} leaves/s)", n as f64 / s.max(1e-9));
    }
}

fn perft_tablut(depth: usize, o: &Opts) {
    let t = tablut::Tables::new();
    let p = match &o.position {
        Some(s) => tablut::parse_fen(s).unwrap_or_else(|| die("bad position")),
        None => tablut::Pos::start(),
    };
    for d in 1..=depth {
        let t0 = Instant::now();
        let n = tablut::perft(&t, &p, d, o.dice, o.one_of_each);
        let s = t0.elapsed().as_secs_f64();
        println!("perft({d}) = {n}");
        eprintln!("  ({s:.3} s, {:.0} leaves/s)", n as f64 / s.max(1e-9));
    }
}

/// Runs playouts for `o.seconds` (or `o.games` games); returns the elapsed seconds.
fn run_for(o: &Opts, mut one: impl FnMut() -> u64) -> f64 {
    let t0 = Instant::now();
    let mut g = 0u64;
    loop {
        if let Some(n) = o.games {
            if g >= n {
                break;
            }
        } else if g % 16 == 0 && t0.elapsed().as_secs_f64() >= o.seconds {
            break;
        }
        one();
        g += 1;
    }
    t0.elapsed().as_secs_f64()
}

fn bench_tabal(o: &Opts) {
    let t = tabal::Tables::new();
    let mut rng = Pcg64Mcg::seed_from_u64(o.seed);
    let mut buf = Vec::with_capacity(1024);
    let mut st = tabal::Stats::default();
    let secs = run_for(o, || {
        tabal::playout(&t, &mut rng, &mut buf, o.max_plies, &mut st);
        0
    });
    let g = st.games;
    let w: u64 = st.wins[0].iter().sum();
    let b: u64 = st.wins[1].iter().sum();
    println!("Permainan Tabal (handwritten): {g} random games (seed {}, ply limit {}, 1 thread)", o.seed, o.max_plies);
    println!("  white won     {w:>8}  ({:5.1}%)  black had no pieces {}, black had no move {}", pct(w, g), st.wins[0][0], st.wins[0][1]);
    println!("  black won     {b:>8}  ({:5.1}%)  white had no pieces {}, white had no move {}", pct(b, g), st.wins[1][0], st.wins[1][1]);
    println!("  unfinished    {:>8}  ({:5.1}%)", st.unfinished, pct(st.unfinished, g));
    println!("  game length   mean {:.1} plies", st.plies as f64 / g.max(1) as f64);
    println!("  branching     mean {:.1} legal moves a ply", st.moves_seen as f64 / st.plies.max(1) as f64);
    println!("  speed         {:.0} playouts/s, {:.0} plies/s ({secs:.2} s)", g as f64 / secs, st.plies as f64 / secs);
}

fn bench_chess(o: &Opts) {
    let mut rng = Pcg64Mcg::seed_from_u64(o.seed);
    let mut history = Vec::with_capacity(128);
    let mut st = chess::Stats::default();
    let secs = run_for(o, || {
        chess::playout(&mut rng, o.max_plies, &mut history, &mut st);
        0
    });
    let g = st.games;
    println!("Chess (shakmaty): {g} random games (seed {}, ply limit {}, 1 thread)", o.seed, o.max_plies);
    println!("  white won     {:>8}  ({:5.1}%)", st.wins[0], pct(st.wins[0], g));
    println!("  black won     {:>8}  ({:5.1}%)", st.wins[1], pct(st.wins[1], g));
    println!("  drawn         {:>8}  ({:5.1}%)", st.draws, pct(st.draws, g));
    println!("  unfinished    {:>8}  ({:5.1}%)", st.unfinished, pct(st.unfinished, g));
    println!("  game length   mean {:.1} plies", st.plies as f64 / g.max(1) as f64);
    println!("  branching     mean {:.1} legal moves a ply", st.moves_seen as f64 / st.plies.max(1) as f64);
    println!("  speed         {:.0} playouts/s, {:.0} plies/s ({secs:.2} s)", g as f64 / secs, st.plies as f64 / secs);
}

fn bench_tablut(o: &Opts) {
    let t = tablut::Tables::new();
    let mut rng = Pcg64Mcg::seed_from_u64(o.seed);
    let mut ms = tablut::Reach::new();
    let mut st = tablut::Stats::default();
    let secs = run_for(o, || {
        tablut::playout(&t, &mut rng, &mut ms, o.max_plies, o.dice, o.one_of_each, &mut st);
        0
    });
    let g = st.games;
    let a: u64 = st.att_wins.iter().sum();
    let d: u64 = st.def_wins.iter().sum();
    let opts = format!(
        "{}{}",
        if o.dice { "dice" } else { "no dice" },
        if o.one_of_each { "" } else { ", opposite capture" }
    );
    println!("Tablut (handwritten, {opts}): {g} random games (seed {}, ply limit {}, 1 thread)", o.seed, o.max_plies);
    println!("  attackers won {a:>8}  ({:5.1}%)  king captured {}, defenders had no move {}", pct(a, g), st.att_wins[0], st.att_wins[1]);
    println!("  defenders won {d:>8}  ({:5.1}%)  king escaped {}, attackers had no move {}", pct(d, g), st.def_wins[0], st.def_wins[1]);
    println!("  unfinished    {:>8}  ({:5.1}%)", st.unfinished, pct(st.unfinished, g));
    println!("  game length   mean {:.1} plies ({} passes)", st.plies as f64 / g.max(1) as f64, st.passes);
    println!("  branching     mean {:.1} legal moves a ply (a pass counts 1)", st.moves_seen as f64 / st.plies.max(1) as f64);
    println!("  speed         {:.0} playouts/s, {:.0} plies/s ({secs:.2} s)", g as f64 / secs, st.plies as f64 / secs);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        die("missing arguments");
    }
    match (args[0].as_str(), args[1].as_str()) {
        ("perft", game) => {
            let depth: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or_else(|| die("missing DEPTH"));
            let o = parse_opts(&args[3..]);
            match game {
                "tabal" => perft_tabal(depth, &o),
                "tablut" => perft_tablut(depth, &o),
                g => die(&format!("unknown game {g}")),
            }
        }
        ("randpos", game) => {
            // Test aid: COUNT positions reached after PLIES random plies (games still going).
            let plies: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or_else(|| die("missing PLIES"));
            let count: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or_else(|| die("missing COUNT"));
            let o = parse_opts(&args[4..]);
            let mut rng = Pcg64Mcg::seed_from_u64(o.seed);
            let mut made = 0;
            while made < count {
                let s = match game {
                    "tabal" => {
                        let t = tabal::Tables::new();
                        tabal::random_position(&t, &mut rng, plies).map(|p| tabal::fen(&t, &p))
                    }
                    "tablut" => {
                        let t = tablut::Tables::new();
                        tablut::random_position(&t, &mut rng, plies, o.dice, o.one_of_each).map(|p| tablut::fen(&p))
                    }
                    g => die(&format!("unknown game {g}")),
                };
                if let Some(s) = s {
                    println!("{s}");
                    made += 1;
                }
            }
        }
        ("bench", game) => {
            let o = parse_opts(&args[2..]);
            match game {
                "tabal" => bench_tabal(&o),
                "tablut" => bench_tablut(&o),
                "chess" => bench_chess(&o),
                g => die(&format!("unknown game {g}")),
            }
        }
        _ => die("unknown command"),
    }
}
