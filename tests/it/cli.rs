//! The `rulebook` binary, driven as a user drives it: exit codes, messages,
//! and the files it writes and reads back.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook")).args(args).output().unwrap()
}

fn with_input(args: &[&str], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
    command.args(args);
    run_with_input(command, input)
}

/// Runs `command` with `input` typed on its standard input.
fn run_with_input(mut command: Command, input: &str) -> Output {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // A command that fails before reading its input closes the pipe: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
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
fn simulate_played_on_for_places_counts_each_place_and_the_records_replay() {
    let dir = temp_dir("places");
    let mut args = vec!["simulate", "games/ludo.game", "--option", "places=all", "--games", "40", "--seed", "3"];
    args.extend(["--max-plies", "5000", "--record", dir.to_str().unwrap(), "--format", "json"]);
    let o = rulebook(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["unfinished"], 0, "{v}");
    // Each place is someone's in every game; the winner is whoever is first.
    let players = ["red", "green", "yellow", "blue"];
    for place in 0..4 {
        let held: u64 = players.iter().map(|p| v["players"][p]["places"][place].as_u64().unwrap()).sum();
        assert_eq!(held, 40, "place {}: {v}", place + 1);
    }
    for p in players {
        assert_eq!(v["players"][p]["wins"], v["players"][p]["places"][0], "{v}");
    }
    let record = dir.join("game-00007.txt");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("finished first") && text.contains("last"), "{text}");
    let o = rulebook(&["replay", "games/ludo.game", "--option", "places=all", record.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("all legal"), "{}", stdout(&o));
}

#[test]
fn play_refuses_illegal_moves_saves_and_resumes() {
    let dir = temp_dir("play");
    let save = dir.join("game.txt");
    let input = format!("b3-b4\nc4-c5\nundo\nc4-c5\nsave {}\nquit\n", save.display());
    let o = with_input(&["play", "games/tabal.game", "--seed", "1", "--player", "black=random"], &input);
    let out = stdout(&o);
    assert!(
        out.contains("`b3-b4` is not legal: the way from b3 to b4 is blocked")
            || out.contains("`b3-b4` is not legal: b4 is occupied"),
        "{out}"
    );
    assert!(out.contains("black (random) plays"), "{out}");
    let command = format!("continue later with: rulebook play --resume {}", save.display());
    assert!(out.contains(&format!("Saved to {}; {command}.", save.display())), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("c4-c5 c6xc4"), "{saved}");
    // Resumed, it goes on from there: white must capture back.
    let o = with_input(&["play", "games/tabal.game", "--resume", save.to_str().unwrap()], "moves\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("Resumed after 2 plies"), "{out}");
    assert!(out.contains("c3xc5"), "{out}");
    // The command `save` prints works as it is: the save names its game file.
    let o = with_input(&["play", "--resume", save.to_str().unwrap()], "moves\nquit\n");
    assert!(stdout(&o).contains("Resumed after 2 plies") && stdout(&o).contains("c3xc5"), "{}", stderr(&o));
    // A save without its File tag says how to name the game.
    let bare = dir.join("bare.txt");
    std::fs::write(&bare, saved.lines().filter(|l| !l.starts_with("[File")).collect::<Vec<_>>().join("\n")).unwrap();
    let o = with_input(&["play", "--resume", bare.to_str().unwrap()], "quit\n");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("rulebook play GAME --resume SAVE"), "{}", stderr(&o));
}

#[test]
fn play_says_who_plays_whom_and_what_help_and_undo_did() {
    let args = ["play", "games/tabal.game", "--seed", "1", "--player", "black=random"];
    let o = with_input(&args, "help\nhello\nc4-c5\nundo\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("white: a person at this keyboard; black: the computer (random)."), "{out}");
    // help shows this game's own notation, in lines that fit a terminal.
    let help: Vec<&str> = out.lines().skip_while(|l| !l.contains("Type a move as this game writes it")).collect();
    assert!(help.iter().any(|l| l.trim_start().starts_with("c4-c5") || l.contains("a move: from, to")), "{out}");
    assert!(help.iter().any(|l| l.contains("a capture that goes on")), "{out}");
    assert!(help.iter().take_while(|l| !l.contains("white> ")).all(|l| l.chars().count() <= 80), "{out}");
    assert!(!out.contains("throw of"), "Tabal has no dice: {out}");
    assert!(out.contains("`hello` is not a command or a move here; type help for both."), "{out}");
    assert!(!out.contains("`hello` is not legal"), "{out}");
    assert!(out.contains("Took back 1. white c4-c5, 2. black (random) c6xc4."), "{out}");
    // A dice game's help says how the dice are thrown.
    let o = with_input(&["play", "games/ur.game", "--seed", "1"], "help\nquit\n");
    assert!(stdout(&o).contains("Each turn starts with a throw of 4 two-sided dice"), "{}", stdout(&o));
    let o = with_input(&["play", "games/tablut.game", "--seed", "1"], "help\nquit\n");
    assert!(stdout(&o).contains("Each turn starts with a throw of a 6-sided die"), "{}", stdout(&o));
}

#[test]
fn a_piece_on_a_special_site_is_drawn_with_the_site() {
    // Tablut's king starts on the throne: it is drawn `{K}`, and the legend says so.
    let o = rulebook(&["render", "games/tablut.game"]);
    let out = stdout(&o);
    assert!(out.contains("{K}"), "{out}");
    assert!(out.contains("{ } piece on a special site"), "{out}");
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

/// Where the engine reaches a limit (a capture search cut short), every
/// command that uses it says so, exits 1, and gives no verdict: a cut-short
/// list of moves would call legal moves illegal.
#[test]
fn every_command_reports_an_engine_limit_and_gives_no_verdict() {
    let dir = temp_dir("limits");
    let record = dir.join("explosion.txt");
    std::fs::write(&record, "[Game \"Explosion\"]\nh8xh4\n").unwrap();
    let record = record.to_str().unwrap();
    let steps = "stopped at its limit";
    let cases: &[&[&str]] = &[
        &["moves", "tests/engine/explosion.game"],
        &["moves", "tests/engine/turn-explosion.game", "--roll", "11"],
        &["perft", "tests/engine/turn-explosion.game", "1"],
        &["perft", "tests/engine/explosion.game", "1", "--divide"],
        &["why", "tests/engine/explosion.game", "h8-h9"],
        &["position", "tests/engine/explosion.game", "--plies", "h8-h9"],
        &["replay", "tests/engine/explosion.game", record],
        &["play", "tests/engine/explosion.game", "--player", "white=random", "--player", "black=random"],
    ];
    for args in cases {
        let o = with_input(args, "a1xa3\nmoves\nquit\n");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(steps), "{args:?}: {err}");
        let out = stdout(&o);
        assert!(!out.contains("legal") && !out.contains("perft(") && !out.contains("won"), "{args:?}: {out}");
    }
}

/// A capture sequence longer than a move holds in itself (here 49 leaps, up a
/// file of 99 points) is one move like any other: listed, written, read back,
/// played, counted.
#[test]
fn a_capture_sequence_of_any_length_is_one_move() {
    let chain: Vec<String> = (1..=49).map(|i| format!("a{}", 2 * i)).collect();
    let long = format!("W:Wa1:B{}", chain.join(","));
    let whole: String = std::iter::once("a1".to_string())
        .chain((1..=49).map(|i| format!("a{}", 2 * i + 1)))
        .collect::<Vec<_>>()
        .join("x");
    let o = rulebook(&["moves", "tests/engine/long-chain.game", "--position", &long]);
    assert_eq!(stdout(&o).trim(), whole, "{}", stderr(&o));
    let o = rulebook(&["why", "tests/engine/long-chain.game", &whole, "--position", &long]);
    assert!(stdout(&o).contains("is legal, and ends the game: white wins: black has no pieces"), "{}", stdout(&o));
    let o = rulebook(&["position", "tests/engine/long-chain.game", "--position", &long, "--plies", &whole]);
    assert_eq!(stdout(&o).trim(), "B:Wa99:B", "{}", stderr(&o));
    let o = rulebook(&["perft", "tests/engine/long-chain.game", "2", "--position", &long]);
    assert!(stdout(&o).contains("perft(1) = 1") && stdout(&o).contains("perft(2) = 0"), "{}", stdout(&o));
}

/// A game with more pieces a side than a move holds captures in itself is
/// no longer refused: 40 men a side with sequences that go on.
#[test]
fn a_big_setup_with_continuing_captures_is_played() {
    let o = rulebook(&["check", "tests/engine/forty-a-side.game"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = rulebook(&["simulate", "tests/engine/forty-a-side.game", "--games", "20"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
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

/// Every record in `tests/records/` is run as its `# run:` line says (`{record}`
/// standing for its path) and must give the `# exit:` code and print each
/// `# stdout:` and `# stderr:` text. Adding a case is adding a file.
#[test]
fn records_in_tests_records_give_the_errors_they_expect() {
    let mut cases = 0;
    for entry in std::fs::read_dir("tests/records").unwrap() {
        let path = entry.unwrap().path();
        let shown = path.display().to_string();
        let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
        let directive = |name: &str| -> Vec<String> {
            let prefix = format!("# {name}: ");
            text.trim_start_matches('\u{feff}')
                .lines()
                .filter_map(|l| l.strip_prefix(&prefix).map(|v| v.replace("{record}", &shown)))
                .collect()
        };
        let run = directive("run");
        assert_eq!(run.len(), 1, "{shown}: one `# run:` line");
        let args: Vec<&str> = run[0].split_whitespace().collect();
        let o = with_input(&args, "quit\n");
        let exit: i32 = directive("exit")[0].parse().unwrap();
        assert_eq!(o.status.code(), Some(exit), "{shown}\nstdout: {}\nstderr: {}", stdout(&o), stderr(&o));
        for want in directive("stdout") {
            assert!(stdout(&o).contains(&want), "{shown}: stdout lacks `{want}`:\n{}", stdout(&o));
        }
        for want in directive("stderr") {
            assert!(stderr(&o).contains(&want), "{shown}: stderr lacks `{want}`:\n{}", stderr(&o));
        }
        cases += 1;
    }
    assert!(cases >= 10, "only {cases} cases");
}

fn with_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// The lines of a played game's output that say what happened (no boards).
fn events(out: &str) -> Vec<String> {
    out.lines().filter(|l| l.starts_with("Roll for ") || l.contains(" plays ")).map(String::from).collect()
}

#[test]
fn save_writes_a_new_file_replaces_one_only_when_asked_and_never_the_game() {
    let dir = temp_dir("save-over");
    let save = dir.join("game.txt");
    std::fs::write(&save, "an earlier save\n").unwrap();
    let game = dir.join("tabal.game");
    std::fs::copy("games/tabal.game", &game).unwrap();
    let input = format!("c4-c5\nsave {s}\nsave! {g}\nsave {g}\nquit\n", s = save.display(), g = game.display());
    let o = with_input(&["play", game.to_str().unwrap(), "--seed", "1", "--player", "black=random"], &input);
    let out = stdout(&o);
    assert!(out.contains(&format!("{} exists; `save! {}` replaces it.", save.display(), save.display())), "{out}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "an earlier save\n");
    assert!(out.contains("is a file the game was read from"), "{out}");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), std::fs::read_to_string("games/tabal.game").unwrap());
    let o = with_input(
        &["play", game.to_str().unwrap(), "--seed", "1", "--player", "black=random"],
        &format!("save! {}\nquit\n", save.display()),
    );
    assert!(stdout(&o).contains("Saved to"), "{}", stdout(&o));
    assert!(std::fs::read_to_string(&save).unwrap().contains("[Game \"Permainan Tabal\"]"));
    // --record is checked before the game starts, and --force replaces.
    let agents = ["--player", "white=random", "--player", "black=random", "--seed", "3"];
    let o = rulebook(&[&["play", "games/tabal.game", "--record", save.to_str().unwrap()], &agents[..]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("add --force to replace it"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("plays"), "{}", stdout(&o));
    let o =
        rulebook(&[&["play", "games/tabal.game", "--force", "--record", save.to_str().unwrap()], &agents[..]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&save).unwrap().contains("[Result \""));
}

/// A file-size limit makes every write past it fail, as a full disk does.
#[cfg(unix)]
#[test]
fn a_failed_write_keeps_the_earlier_save_and_leaves_nothing_behind() {
    let dir = temp_dir("full-disk");
    // A game file deep enough that the record's File tag alone outgrows the limit.
    let mut deep = dir.clone();
    for i in 0..12 {
        deep.push(format!("{i}{}", "x".repeat(150)));
    }
    std::fs::create_dir_all(&deep).unwrap();
    let game = deep.join("tabal.game");
    std::fs::copy("games/tabal.game", &game).unwrap();
    let save = dir.join("game.txt");
    std::fs::write(&save, "an earlier save\n").unwrap();
    let limited = |args: &[&str], input: &str| {
        let mut command = Command::new("sh");
        command
            .args(["-c", "trap '' XFSZ; ulimit -f 1 && exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_rulebook")])
            .args(args);
        run_with_input(command, input)
    };
    let input = format!("c4-c5\nsave! {}\nquit\n", save.display());
    let o = limited(&["play", game.to_str().unwrap(), "--seed", "1", "--player", "black=random"], &input);
    assert!(stdout(&o).contains("Cannot save to"), "{}\n{}", stdout(&o), stderr(&o));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "an earlier save\n");
    let record = dir.join("record.txt");
    let args = ["play", game.to_str().unwrap(), "--player", "white=random", "--record", record.to_str().unwrap()];
    let o = limited(&[&args[..], &["--player", "black=random", "--seed", "2"]].concat(), "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write the record"), "{}", stderr(&o));
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "only the save and the folder remain: {left:?}");
}

/// The first move a `moves` command printed at the `prompt` of a `play` transcript.
fn first_listed_move(out: &str, prompt: &str) -> String {
    let line = out.lines().find(|l| l.starts_with(prompt)).expect("the prompt is shown");
    line.split_whitespace().nth(1).expect("a move is listed").to_string()
}

#[test]
fn a_resumed_game_keeps_its_seats_dice_and_roll() {
    let dir = temp_dir("resume");
    let save = dir.join("game.txt");
    let args =
        ["play", "games/tablut.game", "--seed", "5", "--player", "defenders=human", "--player", "attackers=random"];
    // Defenders to move with a roll shown: list the moves, pick the first.
    let o = with_input(&args, "moves\nquit\n");
    let first = first_listed_move(&stdout(&o), "defenders> ");
    let straight = with_input(&args, &format!("{first}\nquit\n"));
    let o = with_input(&args, &format!("save {}\nquit\n", save.display()));
    assert!(stdout(&o).contains("Saved to"), "{}", stdout(&o));
    let resume = ["play", "games/tablut.game", "--resume", save.to_str().unwrap()];
    let once = with_input(&resume, &format!("{first}\nquit\n"));
    let twice = with_input(&resume, &format!("{first}\nquit\n"));
    assert_eq!(stdout(&once), stdout(&twice));
    // The same roll, the same opponent, the same dice as the game never saved.
    let (resumed, unsaved) = (events(&stdout(&once)), events(&stdout(&straight)));
    assert!(resumed.len() >= 3 && resumed.len() < unsaved.len(), "{resumed:?}");
    assert_eq!(resumed, unsaved[unsaved.len() - resumed.len()..]);
    assert!(resumed.iter().any(|l| l.contains(". attackers (random) plays")), "{}", stdout(&once));
    assert_eq!(rulebook(&["play", "games/tablut.game", "--resume", "x", "--seed", "1"]).status.code(), Some(2));
}

#[test]
fn undo_takes_back_a_person_s_move_not_the_computer_s() {
    let args =
        ["play", "games/tablut.game", "--seed", "7", "--player", "defenders=human", "--player", "attackers=random"];
    let o = with_input(&args, "undo\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("Nothing to undo"), "{out}");
    assert_eq!(out.matches("attackers (random) plays").count(), 1, "{out}");
    // A move, the computer's reply, then undo: the same roll comes back, not a new one.
    let o = with_input(&args, "moves\nquit\n");
    let first = first_listed_move(&stdout(&o), "defenders> ");
    let o = with_input(&args, &format!("{first}\nundo\nposition\nquit\n"));
    let ev = events(&stdout(&o));
    let rolls: Vec<&String> = ev.iter().filter(|l| l.starts_with("Roll for defenders")).collect();
    assert_eq!(rolls.len(), 3, "{ev:?}");
    assert_eq!(rolls[0], rolls[2], "{ev:?}");
    assert_eq!(ev.iter().filter(|l| l.contains("plays")).count(), 2, "{ev:?}");
    let start = stdout(&with_input(&args, "position\nquit\n"));
    let before = start.lines().filter(|l| l.starts_with("position ")).nth(1).unwrap().to_string();
    let after = stdout(&o).lines().rfind(|l| l.starts_with("position ")).unwrap().to_string();
    assert_eq!(before, after);
}

#[test]
fn naming_one_seat_makes_the_others_the_computer() {
    // The default computer player is mcts at about a second a move.
    let o = with_input(&["play", "games/tablut.game", "--seed", "1", "--player", "defenders=human"], "quit\n");
    assert!(stdout(&o).contains("attackers (mcts) plays"), "{}", stdout(&o));
    let o = with_input(&["play", "games/tabal.game", "--seed", "1", "--player", "black=greedy"], "quit\n");
    assert!(stdout(&o).contains("white> "), "{}", stdout(&o));
    let o = rulebook(&["play", "games/tabal.game", "--player", "black=greedy", "--player", "black=human"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`black` is named twice"), "{}", stderr(&o));
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let o = with_bytes(
        &["play", "games/tabal.game", "--seed", "1", "--player", "black=random"],
        b"\xff\xfe\nc4-c5\nquit\n",
    );
    let out = stdout(&o);
    assert!(out.contains("That line is not text"), "{out}");
    assert!(out.contains("black (random) plays"), "{out}");
}

#[test]
fn a_file_name_with_a_line_break_cannot_break_the_record() {
    let odd = temp_dir("newline").join("two\nlines");
    std::fs::create_dir_all(&odd).unwrap();
    let game = odd.join("tabal.game");
    std::fs::copy("games/tabal.game", &game).unwrap();
    let save = temp_dir("newline-save").join("game.txt");
    let o = with_input(
        &["play", game.to_str().unwrap(), "--seed", "1", "--player", "black=random"],
        &format!("c4-c5\nsave {}\nquit\n", save.display()),
    );
    assert!(stdout(&o).contains("Saved to"), "{}", stdout(&o));
    let o = rulebook(&["replay", save.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Away from the game: the File tag, read back, names the folder with the line break.
    let away = temp_dir("newline-away").join("game.txt");
    std::fs::copy(&save, &away).unwrap();
    let o = rulebook(&["replay", away.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 plies, all legal"), "{}", stdout(&o));
}

#[test]
fn simulate_refuses_a_record_folder_already_used() {
    let dir = temp_dir("reused");
    let run = |extra: &[&str]| {
        let args = ["simulate", "games/tabal.game", "--games", "3", "--record", dir.to_str().unwrap()];
        rulebook(&[&args[..], extra].concat())
    };
    assert_eq!(run(&[]).status.code(), Some(0));
    let o = run(&["--seed", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("already holds 3 files"), "{}", stderr(&o));
    let o = run(&["--seed", "2", "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning"), "{}", stderr(&o));
    // Records name their game relative to themselves: `replay RECORD` finds it.
    let o = rulebook(&["replay", dir.join("game-00003.txt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Without `--max-plies`, a game stops at 200 plies a player, or four a
/// point where that is more (19 x 19 Go's games are longer than 400, four
/// players' Ludo's too).
#[test]
fn the_default_ply_limit_grows_with_the_board() {
    let limit = |file: &str| {
        let o = rulebook(&["simulate", file, "--games", "1", "--format", "json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        v["max_plies"].as_u64().unwrap()
    };
    assert_eq!(limit("games/tabal.game"), 400);
    assert_eq!(limit("games/variants/go-19x19.toml"), 4 * 361);
    assert_eq!(limit("games/ludo.game"), 4 * 200);
    // Asked for, it is what was asked.
    let o = rulebook(&["simulate", "games/variants/go-19x19.toml", "--games", "1", "--max-plies", "50"]);
    assert!(stdout(&o).contains("ply limit 50,"), "{}", stdout(&o));
    // `balance` over files of both sizes names each file's.
    let o = rulebook(&["balance", "games/tic-tac-toe.game", "games/hex.game", "--agent", "random", "--games", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("(seed 1, ply limits 400, 484)"), "{}", stdout(&o));
}

#[test]
fn play_between_agents_stops_at_the_ply_limit() {
    let dir = temp_dir("ply-limit");
    let record = dir.join("game.txt");
    let o = rulebook(&[
        "play",
        "games/tablut.game",
        "--player",
        "attackers=random",
        "--player",
        "defenders=random",
        "--seed",
        "4",
        "--max-plies",
        "7",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Game over: unfinished (ply limit 7)."), "{}", stdout(&o));
    let o = rulebook(&["replay", record.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("7 plies, all legal"), "{}", stdout(&o));
}

#[test]
fn undo_in_a_long_resumed_game_gives_the_position_replayed_from_the_start() {
    // A 150-ply record: undo goes back across the kept positions to ply 149.
    let dir = temp_dir("long");
    let o = rulebook(&[
        "simulate",
        "games/variants/tablut-no-dice.toml",
        "--games",
        "20",
        "--max-plies",
        "150",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let long = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| std::fs::read_to_string(p).unwrap().contains("[Plies \"150\"]"))
        .expect("a game reaches the ply limit");
    let game = "games/variants/tablut-no-dice.toml";
    let o =
        with_input(&["play", game, "--resume", long.to_str().unwrap(), "--max-plies", "500"], "undo\nposition\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("Resumed after 150 plies"), "{out}");
    let after_undo =
        out.lines().rfind(|l| l.starts_with("position ")).unwrap().trim_start_matches("position ").to_string();
    let record = rulebook::record::Record::parse(&std::fs::read_to_string(&long).unwrap()).unwrap();
    let plies = record.plies[..148].join(" ");
    let o = rulebook(&["position", game, "--plies", &plies]);
    assert_eq!(stdout(&o).trim(), after_undo);
}

#[test]
fn moves_under_a_roll_are_plies_that_plies_reads() {
    let o = rulebook(&["moves", "games/tablut.game", "--roll", "1"]);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert!(!lines.is_empty() && lines.iter().all(|l| l.starts_with("1:")), "{lines:?}");
    let o = rulebook(&["moves", "games/tablut.game", "--plies", &lines[0]]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn perft_gives_no_speed_for_weighted_dice_counts() {
    let o = rulebook(&["perft", "games/tablut.game", "2"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("perft(2) = 99272"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("nodes/s"), "{}", stdout(&o));
}

#[test]
fn a_variant_is_called_by_its_name() {
    let v = "games/variants/tablut-no-dice.toml";
    let o = rulebook(&["describe", v]);
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("Tablut without dice (variant of Tablut)"));
    assert!(lines.next().unwrap().contains("no die is rolled"), "{out}");
    let o = rulebook(&["simulate", v, "--games", "2"]);
    assert!(stdout(&o).starts_with("Tablut without dice: 2 random games"), "{}", stdout(&o));
    let dir = temp_dir("variant");
    rulebook(&["simulate", v, "--games", "1", "--record", dir.to_str().unwrap()]);
    let text = std::fs::read_to_string(dir.join("game-00001.txt")).unwrap();
    assert!(text.contains("[Game \"Tablut without dice\"]") && text.contains("[Rules \"Tablut\"]"), "{text}");
}

// Numbered (PDN) boards. English draughts numbers its dark squares 1-32 from
// Black's side: 1-4 are b8 d8 f8 h8, 9-12 are b6 d6 f6 h6, 13-16 a5 c5 e5 g5,
// 17-20 b4 d4 f4 h4 and 21-24 a3 c3 e3 g3. Black moves first.
const ENGLISH: &str = "games/english-draughts.game";

#[test]
fn why_reads_square_numbers_as_the_squares_they_name() {
    // 21-17 is a3-b4: White's man, on Black's turn.
    let o = rulebook(&["why", ENGLISH, "21-17"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("the piece on 21 belongs to white, and the player to move is black"), "{out}");
    // Typed in numbers, answered in numbers: b6-a5 is 9-13, h6-g5 is 12-16.
    assert!(out.contains("Legal moves: 9-13 9-14 10-14 10-15 11-15 11-16 12-16\n"), "{out}");
    assert!(!out.contains("b6") && !out.contains("is not a point"), "{out}");
    // The same move in labels gets the same verdict, in labels.
    let o = rulebook(&["why", ENGLISH, "a3-b4"]);
    assert!(stdout(&o).contains("the piece on a3 belongs to white"), "{}", stdout(&o));
    // And a legal move in numbers is legal.
    let o = rulebook(&["why", ENGLISH, "9-13"]);
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(0), "9-13 is legal."));
}

#[test]
fn an_unknown_square_number_is_quoted_as_typed() {
    let o = rulebook(&["why", ENGLISH, "99-13"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("`99-13` is not a move") && out.contains("`99` is not a square"), "{out}");
    assert!(!out.contains("a5"), "{out}");
    let o = rulebook(&["moves", ENGLISH, "--plies", "9-13 33-28"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("`33-28` is not a move: `33` is not a square"), "{}", stderr(&o));
}

#[test]
fn moves_in_square_numbers() {
    let o = rulebook(&["moves", ENGLISH, "--numbers"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // In the order of their numbers, not of their bytes.
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
    // Each is read back as the move it names: the position after it is the one after the labelled move.
    let labelled = rulebook(&["position", ENGLISH, "--plies", "b6-a5"]);
    let numbered = rulebook(&["position", ENGLISH, "--plies", "9-13"]);
    assert_eq!(stdout(&labelled), stdout(&numbered));
    // A board without numbers says so.
    let o = rulebook(&["moves", "games/tabal.game", "--numbers"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("does not number its points"), "{}", stderr(&o));
}

#[test]
fn positions_take_pdn_square_ranges() {
    // International draughts starts with White on 31-50 and Black on 1-20.
    let game = "games/international-draughts.game";
    let start = stdout(&rulebook(&["position", game]));
    let o = rulebook(&["position", game, "--position", "W:W31-50:B1-20"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), start);
    // Ranges mix with single squares and kings: 21-24 is a3 c3 e3 g3.
    let o = rulebook(&["position", ENGLISH, "--position", "B:W21-23,K28:B1", "--numbers"]);
    assert_eq!(stdout(&o).trim(), "B:B1:W21,22,23,K28", "{}", stderr(&o));
    let o = rulebook(&["position", ENGLISH, "--position", "B:WK21-22:B1"]);
    assert_eq!(stdout(&o).trim(), "B:Bb8:WKa3,Kc3", "{}", stderr(&o));
    let refused = [
        (ENGLISH, "W:W30-33:B1", "`33` is not a point"),
        (ENGLISH, "W:W20-10:B1", "runs backwards"),
        (ENGLISH, "W:W20-25:B1,24", "two pieces are on `24`"),
        ("games/tabal.game", "W:Wa1-c1:Bc9", "need a board that numbers its points"),
    ];
    for (game, position, message) in refused {
        let o = rulebook(&["position", game, "--position", position]);
        assert_eq!(o.status.code(), Some(1), "{position}");
        assert!(stderr(&o).contains(message), "{position}: {}", stderr(&o));
    }
}

#[test]
fn play_numbers_plies_says_what_they_take_and_compact_leaves_out_the_position_line() {
    let seats = ["--player", "white=human", "--player", "black=random"];
    let o = with_input(&[&["play", "games/tabal.game", "--seed", "11"][..], &seats].concat(), "c4-c5\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("1. white c4-c5\n"), "{out}");
    assert!(out.contains("2. black (random) plays c6xc4, takes c5.\n"), "{out}");
    // The last move's start and end, and the point it took, are marked; no colour into a pipe.
    assert!(out.contains("B--(.)--B") && out.contains("W--[B]--W") && out.contains(".---x---."), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
    let o = with_input(
        &[&["play", "games/tabal.game", "--seed", "11", "--compact"][..], &seats].concat(),
        "c4-c5\nposition\nquit\n",
    );
    let out = stdout(&o);
    assert!(!out.lines().any(|l| l.starts_with("position ")), "{out}");
    assert!(out.contains("white> W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,d4,e4:B"), "{out}");
    assert_eq!(out.matches("1  W-------W-------W").count(), 2, "{out}");
}

#[test]
fn absurd_counts_and_a_full_disk_get_a_reason_and_exit_2() {
    // Arguments, and what stderr must say; each exits 2 without a panic.
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "match",
                "games/tabal.game",
                "--player",
                "white=random",
                "--player",
                "black=random",
                "--games",
                "18446744073709551615",
            ],
            "at most 1000000 games",
        ),
        (&["balance", "games/tabal.game", "--games", "100000000000"], "at most 1000000 games"),
        (&["perft", "games/tabal.game", "2", "--threads", "1000000"], "at most 64 threads"),
        (&["simulate", "games/tabal.game", "--threads", "0"], "at least 1 thread"),
        (&["play", "games/tabal.game", "--player", "black=mcts:time=1e30s"], "at most a day"),
    ];
    for (args, says) in cases {
        let o = rulebook(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
    // Output to a full disk, in the commands that print a lot and a little.
    for args in [&["moves", "games/tabal.game"][..], &["render", "games/tablut.game"], &["describe", "games/ur.game"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_rulebook")).args(args).stdout(full).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).trim(), "error: writing the output: No space left on device", "{args:?}");
    }
}

#[test]
fn perft_expected_weighs_each_roll_by_its_odds() {
    // Tablut's die is fair: the expectation is the sum over the six rolls divided by 6
    // (384 and 99272, as tests/perft.txt has them).
    let o = rulebook(&["perft", "games/tablut.game", "2", "--expected"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(|l| l.split("  (").next().unwrap_or("").to_string()).collect();
    assert_eq!(lines, ["perft(1) = 64.000000 expected", "perft(2) = 2757.555556 expected"]);
    // Ur's four binary dice at the start: every roll but 0 enters one piece, and 0 passes.
    let o = rulebook(&["perft", "games/ur.game", "1", "--expected"]);
    assert!(stdout(&o).starts_with("perft(1) = 1.000000 expected"), "{}", stdout(&o));
}

#[test]
fn a_game_file_may_start_with_a_byte_order_mark() {
    let dir = temp_dir("bom");
    let file = dir.join("bom.game");
    let text = std::fs::read_to_string("games/breakthrough.game").unwrap();
    std::fs::write(&file, format!("\u{feff}{text}")).unwrap();
    let o = rulebook(&["check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let plain = rulebook(&["perft", "games/breakthrough.game", "2"]);
    let marked = rulebook(&["perft", file.to_str().unwrap(), "2"]);
    assert_eq!(stdout(&plain).lines().next(), stdout(&marked).lines().next());
}

#[test]
fn a_record_that_is_not_text_is_refused_with_its_place() {
    let dir = temp_dir("not-utf8");
    let record = dir.join("game.txt");
    std::fs::write(&record, b"[Game \"Permainan Tabal\"]\n[File \"x\"]\nc4-c5 \xff\xfe\n").unwrap();
    let o = rulebook(&["replay", "games/tabal.game", record.to_str().unwrap()]);
    assert_ne!(o.status.code(), Some(0));
    let want = format!("{}:3: not UTF-8 text (byte 43 of the file)", record.display());
    assert!(stderr(&o).contains(&want), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn writes_keep_the_mode_go_through_links_and_clear_what_a_kill_left() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("modes");
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // fmt on a file kept private, and on a link to another.
    let text = std::fs::read_to_string("games/breakthrough.game").unwrap().replace("\n\n", "\n\n\n");
    let private = dir.join("private.game");
    std::fs::write(&private, &text).unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    let target = dir.join("target.game");
    std::fs::write(&target, &text).unwrap();
    let link = dir.join("link.game");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for path in [&private, &link] {
        let o = rulebook(&["fmt", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    assert_eq!(mode(&private), 0o600);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_ne!(std::fs::read_to_string(&target).unwrap(), text, "the file it leads to was formatted");
    // save! over a private save keeps it private; a temporary file left by a
    // killed save (its process gone) is cleared.
    let save = dir.join("save.txt");
    std::fs::write(&save, "old").unwrap();
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o600)).unwrap();
    let stale = dir.join(".save.txt.999999999.0.tmp");
    std::fs::write(&stale, "half a save").unwrap();
    let o = with_input(
        &["play", "games/tabal.game", "--player", "black=random"],
        &format!("c4-c5\nsave! {}\nquit\n", save.display()),
    );
    assert!(stdout(&o).contains("Saved to"), "{}", stdout(&o));
    assert_eq!(mode(&save), 0o600);
    assert!(!stale.exists(), "the stale temporary file is removed");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn why_on_an_empty_track_point_says_so() {
    for ply in ["2:d1-c1", "2:d1-off", "3:a1-b1"] {
        let o = rulebook(&["why", "games/ur.game", ply]);
        assert_eq!(o.status.code(), Some(1), "{ply}: {}", stderr(&o));
        assert!(stdout(&o).contains("is not legal: there is no piece on"), "{ply}: {}", stdout(&o));
    }
}

/// `bench`'s fixed search workload finds the same moves and fingerprints on
/// every run: its figures change only when the search does.
#[test]
fn bench_search_workload_is_the_same_on_every_run() {
    let searches = || {
        let o = rulebook(&["bench", "games/tic-tac-toe.game", "--seconds", "0.05", "--format", "json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let rows = v["searches"].as_array().unwrap().clone();
        rows.iter()
            .map(|r| (r["agent"].to_string(), r["move"].to_string(), r["fingerprint"].as_u64().unwrap()))
            .collect::<Vec<_>>()
    };
    let first = searches();
    assert_eq!(first.len(), 4);
    assert!(first.iter().all(|(_, _, f)| *f > 0), "{first:?}");
    assert_eq!(first, searches());
}
