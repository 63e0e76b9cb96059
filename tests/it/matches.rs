//! `match` and `balance` as a user drives them: reproducible from the seed
//! with any number of threads, records that replay, JSON and CSV that
//! programs can read, clear errors. Small budgets keep them cheap.

use std::process::{Command, Output};

fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook")).args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The output without the line that depends on the machine's speed.
fn steady(o: &Output) -> String {
    stdout(o).lines().filter(|l| !l.contains("search speed")).collect::<Vec<_>>().join("\n")
}

const MATCH: &[&str] = &[
    "match",
    "games/tabal.game",
    "--player",
    "white=mcts:iterations=60",
    "--player",
    "black=alphabeta:depth=2",
    "--games",
    "4",
    "--swap",
];

#[test]
fn a_match_is_the_same_with_any_number_of_threads() {
    let one = rulebook(MATCH);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    let two = rulebook(&[MATCH, &["--threads", "2"]].concat());
    assert_eq!(steady(&one), steady(&two));
    let out = stdout(&one);
    assert!(out.contains("as white 2/2") || out.contains("as white 1/2") || out.contains("as white 0/2"), "{out}");
    assert!(out.contains("Elo"), "{out}");
    // Another seed, other games (the agents' choices and so the lengths differ).
    let other = rulebook(&[MATCH, &["--seed", "2"]].concat());
    assert_ne!(steady(&one), steady(&other));
}

#[test]
fn match_json_has_the_counts_and_the_records_replay() {
    let dir = std::env::temp_dir().join(format!("rulebook-test-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = rulebook(&[MATCH, &["--format", "json", "--record", dir.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 4);
    let wins = &v["wins"];
    let by_agent = wins["mcts:iterations=60"].as_u64().unwrap() + wins["alphabeta:depth=2"].as_u64().unwrap();
    let by_side = wins["white"].as_u64().unwrap() + wins["black"].as_u64().unwrap();
    let rest = v["draws"].as_u64().unwrap() + v["unfinished"].as_u64().unwrap();
    assert_eq!(by_agent, by_side);
    assert_eq!(by_agent + rest, 4);
    let records: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(records.len(), 4);
    for r in &records {
        let text = std::fs::read_to_string(r).unwrap();
        assert!(text.contains("[Seats \""), "{text}");
        let o = rulebook(&["replay", r.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    // A used folder is refused, as simulate refuses it.
    let o = rulebook(&[MATCH, &["--record", dir.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bad_players_and_agents_are_usage_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["match", "games/tabal.game", "--player", "white=greedy"], "an agent for each side"),
        (
            &["match", "games/tabal.game", "--player", "white=mcts:tme=1s", "--player", "black=greedy"],
            "no setting `tme`",
        ),
        (
            &["match", "games/tabal.game", "--player", "red=greedy", "--player", "black=greedy"],
            "the players are white and black",
        ),
        (&["match", "games/tabal.game", "--player", "white=deep", "--player", "black=greedy"], "is not an agent"),
        (&["balance", "games/tabal.game", "--agent", "mcts:iterations=x"], "whole number"),
        (&["play", "games/tabal.game", "--player", "black=mcts:time=soon"], "2s, 1.5s or 500ms"),
    ];
    for (args, message) in cases {
        let o = rulebook(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn balance_sets_files_side_by_side_in_every_format() {
    let args =
        ["balance", "games/breakthrough.game", "games/tabal.game", "--agent", "alphabeta:depth=1", "--games", "4"];
    let o = rulebook(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let header = out.lines().nth(1).unwrap();
    assert!(header.contains("games/breakthrough.game") && header.contains("games/tabal.game"), "{out}");
    assert!(out.lines().any(|l| l.trim_start().starts_with("white won")), "{out}");
    assert!(out.contains("branching"), "{out}");
    let csv = stdout(&rulebook(&[&args[..], &["--format", "csv"]].concat()));
    assert_eq!(csv.lines().next(), Some("file,measure,value,low,high"));
    assert!(csv.lines().any(|l| l.starts_with("games/tabal.game,white won,")), "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&rulebook(&[&args[..], &["--format", "json"]].concat()))).unwrap();
    assert_eq!(json["files"].as_array().unwrap().len(), 2);
    let f = &json["files"][1];
    let decided: u64 = f["decided_by"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(decided + f["unfinished"].as_u64().unwrap(), 4);
}

#[test]
fn a_match_of_three_seats_moves_the_agents_round_them() {
    let args = [
        "match",
        "games/chinese-checkers.game",
        "--option",
        "players=3",
        "--player",
        "red=alphabeta:depth=1",
        "--player",
        "yellow=random",
        "--player",
        "blue=greedy",
        "--games",
        "3",
        "--swap",
        "--max-plies",
        "12",
        "--format",
        "json",
    ];
    let out = rulebook(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let agents = v["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 3);
    // Each agent sat once in each seat over three games.
    for a in agents {
        for side in ["red", "yellow", "blue"] {
            assert_eq!(a["sides"][side]["games"], 1, "{a}");
        }
    }
    assert!(v["elo"].is_null(), "an Elo difference is between two: {v}");
    assert_eq!(v["unfinished"], 3);
    // Missing a seat names every one.
    let short = rulebook(&args[..8]);
    assert_eq!(short.status.code(), Some(2));
    assert!(
        stderr(&short).contains("--player red=AGENT --player yellow=AGENT --player blue=AGENT"),
        "{}",
        stderr(&short)
    );
}

#[test]
fn a_match_played_on_for_places_gives_each_agent_its_mean_place() {
    let mut args = vec!["match", "games/ludo.game", "--option", "places=all", "--games", "4", "--swap"];
    args.extend(["--max-plies", "5000"]);
    for seat in ["red=greedy", "green=random", "yellow=random", "blue=mcts:iterations=20"] {
        args.extend(["--player", seat]);
    }
    let out = rulebook(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["unfinished"], 0, "{v}");
    // Every agent played every game, and each game's places are 1 to 4: the
    // means add up to 1 + 2 + 3 + 4.
    let means: Vec<f64> = v["agents"].as_array().unwrap().iter().map(|a| a["mean_place"].as_f64().unwrap()).collect();
    assert_eq!(means.len(), 4);
    assert!((means.iter().sum::<f64>() - 10.0).abs() < 1e-9, "{means:?}");
    assert!(means.iter().all(|m| (1.0..=4.0).contains(m)), "{means:?}");
    // The words say so too.
    let text = rulebook(&args);
    assert!(stdout(&text).contains("mean place"), "{}", stdout(&text));
}
