//! The `rulebook` binary, driven as a user drives it: exit codes, messages,
//! and the files it writes and reads back.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook")).args(args).output().unwrap()
}

fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn check_exit_codes_are_0_valid_1_invalid_2_unreadable() {
    assert_eq!(rulebook(&["check", "games/tabal.game", "games/tablut.game"]).status.code(), Some(0));
    assert_eq!(rulebook(&["check", "tests/check/fail/statement-unknown.game"]).status.code(), Some(1));
    assert_eq!(rulebook(&["check", "games/no-such.game"]).status.code(), Some(2));
    assert_eq!(rulebook(&["check"]).status.code(), Some(2));
}

#[test]
fn check_prints_json_for_editors() {
    let o = rulebook(&["check", "--format", "json", "tests/check/fail/statement-unknown.game"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let d = &v[0];
    assert_eq!(d["code"], "E0201");
    assert_eq!(d["severity"], "error");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(16), Some(3)));
    assert_eq!(d["help"], "did you mean `step`?");
}

#[test]
fn check_takes_variants_and_options() {
    assert_eq!(rulebook(&["check", "games/variants/tablut-no-dice.toml"]).status.code(), Some(0));
    let o = rulebook(&["check", "games/tablut.game", "--option", "dice=maybe"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("option `dice` cannot be `maybe`"), "{}", stderr(&o));
}

#[test]
fn moves_lists_sorted_moves_and_rolls() {
    let o = rulebook(&["moves", "games/tabal.game"]);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        ["a4-a5", "b4-a5", "b4-b5", "b4-c5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "e4-e5"]
    );
    let o = rulebook(&["moves", "games/tablut.game"]);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 384);
    assert!(lines.contains(&"3:d1-d4".to_string()) && !lines.contains(&"2:d1-d4".to_string()));
    let o = rulebook(&["moves", "games/tablut.game", "--roll", "1"]);
    assert_eq!(stdout(&o).lines().count(), 24);
}

#[test]
fn an_illegal_ply_names_its_index_and_the_alternatives() {
    let o = rulebook(&["moves", "games/tabal.game", "--plies", "c4-c5 a6-a5"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("ply 2 of --plies"), "{e}");
    assert!(e.contains("c6xc4"), "{e}");
}

#[test]
fn why_names_the_rule() {
    let o = rulebook(&["why", "games/tabal.game", "b3-b4", "--plies", "c4-c5 c6xc4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("capturing is compulsory, and captures exist: c3xc5"), "{}", stdout(&o));
    let o = rulebook(&["why", "games/tablut.game", "2:d1-d4"]);
    assert!(stdout(&o).contains("the roll is 2, and this move covers 3 spaces"), "{}", stdout(&o));
    let o = rulebook(&["why", "games/tablut.game", "6:e4-e5", "--position", "D:Aa1:De4,Kb2"]);
    assert!(stdout(&o).contains("only a king may stop on e5"), "{}", stdout(&o));
    assert_eq!(rulebook(&["why", "games/tabal.game", "c4-c5"]).status.code(), Some(0));
}

#[test]
fn positions_are_printed_and_read() {
    let o = rulebook(&["position", "games/tabal.game", "--plies", "c4-c5 c6xc4"]);
    let text = stdout(&o).trim().to_string();
    assert!(text.starts_with("W:W") && text.contains(":B") && text.contains(":Bc4,"), "{text}");
    let o = rulebook(&["moves", "games/tabal.game", "--position", &text]);
    assert_eq!(stdout(&o).trim(), "c3xc5");
    let o = rulebook(&["moves", "games/tabal.game", "--position", "W:Wa1,a1:B"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("two pieces are on `a1`"));
}

#[test]
fn perft_prints_each_depth() {
    let o = rulebook(&["perft", "games/tabal.game", "3"]);
    let out = stdout(&o);
    let counts: Vec<&str> = out.lines().map(|l| l.split_whitespace().nth(2).unwrap()).collect();
    assert_eq!(counts, ["9", "21", "61"]);
    let o = rulebook(&["perft", "games/tabal.game", "2", "--divide"]);
    assert!(stdout(&o).contains("b4-a5 7\n"));
}

#[test]
fn simulate_is_deterministic_whatever_the_threads() {
    let run = |threads: &str| {
        let o = rulebook(&["simulate", "games/tabal.game", "--games", "200", "--seed", "9", "--threads", threads]);
        // Everything but the speed line.
        stdout(&o).lines().filter(|l| !l.contains("playouts/s") && !l.contains("thread")).collect::<Vec<_>>().join("\n")
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert!(one.contains("white won") && one.contains("game length"));
}

#[test]
fn simulated_records_replay() {
    let dir = temp_dir("records");
    let o =
        rulebook(&["simulate", "games/tablut.game", "--games", "3", "--seed", "4", "--record", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record = dir.join("game-00002.txt");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Game \"Tablut\"]") && text.contains("[Result "));
    let o = rulebook(&["replay", "games/tablut.game", record.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("all legal"));
    // A tampered record: the illegal ply is reported with its index.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "[Game \"Tablut\"]\n4:d1-d3 1:e9-e2\n").unwrap();
    let o = rulebook(&["replay", "games/tablut.game", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("ply 2 `1:e9-e2` is not legal"), "{}", stderr(&o));
}

#[test]
fn play_refuses_illegal_moves_saves_and_resumes() {
    let dir = temp_dir("play");
    let save = dir.join("game.txt");
    let input = format!("b3-b4\nc4-c5\nundo\nc4-c5\nsave {}\nquit\n", save.display());
    let o = with_input(&["play", "games/tabal.game", "--seed", "1"], &input);
    let out = stdout(&o);
    assert!(
        out.contains("`b3-b4` is not legal: the way from b3 to b4 is blocked")
            || out.contains("`b3-b4` is not legal: b4 is occupied"),
        "{out}"
    );
    assert!(out.contains("black (random) plays"), "{out}");
    assert!(out.contains("Saved to"), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("c4-c5 c6xc4"), "{saved}");
    // Resumed, it goes on from there: white must capture back.
    let o = with_input(&["play", "games/tabal.game", "--resume", save.to_str().unwrap()], "moves\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("Resumed after 2 plies"), "{out}");
    assert!(out.contains("c3xc5"), "{out}");
}

#[test]
fn play_between_agents_ends_with_a_result() {
    let o = with_input(
        &["play", "games/tabal.game", "--seed", "2", "--player", "white=greedy", "--player", "black=random"],
        "",
    );
    let out = stdout(&o);
    assert!(out.contains("Game over: "), "{out}");
    let o = rulebook(&["play", "games/tabal.game", "--player", "red=random"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the players are white and black"));
}

#[test]
fn options_and_describe_show_the_game() {
    let o = rulebook(&["options", "games/variants/tabal-majority.toml"]);
    let out = stdout(&o);
    assert!(out.contains("Tabal with majority capture (variant of Permainan Tabal)"), "{out}");
    assert!(out.contains("majority=true"), "{out}");
    let o = rulebook(&["describe", "games/tablut.game", "--option", "capture=opposite"]);
    assert!(stdout(&o).contains("capture = opposite"));
}

#[test]
fn an_exploding_capture_search_is_cut_short_and_reported() {
    let o = rulebook(&["moves", "tests/engine/explosion.game"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("more capture sequences than rulebook explores"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

#[test]
fn endless_or_absurd_input_is_refused_not_run() {
    // /dev/zero never ends: a device is not a game file, and is refused unread.
    let o = rulebook(&["check", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a game file"), "{}", stderr(&o));
    let o = rulebook(&["perft", "games/tabal.game", "100000"]);
    assert_eq!(o.status.code(), Some(2));
}
