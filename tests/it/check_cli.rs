//! `rulebook check` on untrusted input, driven as a user drives it: files
//! that are not game files, FIFOs and devices, bad encodings, and
//! diagnostics as JSON. Every command must answer, never wait forever.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary with stdin a pipe that stays open, and fails the test if
/// it has not finished within a few seconds (it would be blocked on a read).
fn rulebook(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take(); // kept open: reading it would block
    let output = wait(child, Duration::from_secs(20), args);
    drop(stdin);
    output
}

/// Waits for the child, reading its output meanwhile (a full pipe would
/// block it); kills it and fails if it runs past `limit`.
fn wait(child: Child, limit: Duration, args: &[&str]) -> Output {
    let pid = child.id();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output().unwrap()));
    match receive.recv_timeout(limit) {
        Ok(output) => output,
        Err(_) => {
            #[cfg(unix)]
            unsafe {
                libc::kill(pid as i32, libc::SIGKILL);
            }
            panic!("`rulebook {}` did not finish within {limit:?} (pid {pid})", args.join(" "));
        }
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-check-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_without_waiting() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("pipe.game");
    mkfifo(&fifo);
    let variant = dir.join("v.toml");
    std::fs::write(&variant, "extends = \"pipe.game\"\n").unwrap();
    let o = rulebook(&["check", fifo.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let o = rulebook(&["check", variant.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("E0606") && stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let o = rulebook(&["describe", "/dev/stdin"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("E0614"), "{}", stderr(&o));
    // A `.game` name does not make a device readable.
    let link = dir.join("stdin.game");
    std::os::unix::fs::symlink("/dev/stdin", &link).unwrap();
    let o = rulebook(&["check", link.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // A FIFO given as a record or a save is refused at once, not waited on.
    let record = dir.join("record.txt");
    mkfifo(&record);
    for args in [
        &["replay", "games/tabal.game", record.to_str().unwrap()][..],
        &["play", "games/tabal.game", "--resume", record.to_str().unwrap()],
    ] {
        let start = std::time::Instant::now();
        let o = rulebook(args);
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "{args:?} waited");
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        assert!(stderr(&o).contains("not a regular file"), "{args:?}: {}", stderr(&o));
    }
}

#[cfg(unix)]
#[test]
fn a_link_named_game_is_read_only_if_it_leads_to_a_game_file() {
    let dir = temp_dir("links");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "password = hunter2\n").unwrap();
    for (name, target) in [("environ.game", Path::new("/proc/self/environ")), ("secret.game", secret.as_path())] {
        let link = dir.join(name);
        std::os::unix::fs::symlink(target, &link).unwrap();
        let variant = dir.join(format!("{name}.toml"));
        std::fs::write(&variant, format!("extends = \"{name}\"\n")).unwrap();
        for path in [&link, &variant] {
            let o = rulebook(&["check", path.to_str().unwrap()]);
            assert_ne!(o.status.code(), Some(0), "{}", path.display());
            let err = stderr(&o);
            assert!(!err.contains("hunter2") && !err.contains("PATH="), "{}: {err}", path.display());
            assert!(err.contains("a link to"), "{}: {err}", path.display());
        }
    }
    // A link to a game file is read as the game.
    let link = dir.join("tabal.game");
    std::os::unix::fs::symlink(std::fs::canonicalize("games/tabal.game").unwrap(), &link).unwrap();
    assert_eq!(rulebook(&["check", link.to_str().unwrap()]).status.code(), Some(0));
}

#[test]
fn files_that_are_not_game_files_are_never_echoed() {
    let dir = temp_dir("echo");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "password = hunter2\n").unwrap();
    let variant = dir.join("v.toml");
    std::fs::write(&variant, "extends = \"secret.txt\"\n").unwrap();
    for path in [&secret, &variant] {
        let o = rulebook(&["check", path.to_str().unwrap()]);
        assert_ne!(o.status.code(), Some(0));
        assert!(!stderr(&o).contains("hunter2"), "{}", stderr(&o));
    }
}

#[test]
fn a_file_that_is_not_utf8_gets_a_located_json_diagnostic() {
    let o = rulebook(&["check", "--format", "json", "tests/check/fail/syntax-not-utf8.game"]);
    assert_eq!(o.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let d = &json[0];
    assert_eq!((d["code"].as_str(), d["line"].as_u64(), d["column"].as_u64()), (Some("E0111"), Some(3), Some(10)));
}

#[test]
fn unreadable_files_are_reported_in_json_too() {
    let o = rulebook(&["check", "--format", "json", "games/no-such.game"]);
    assert_eq!(o.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json[0]["code"].as_str(), Some("E0613"), "{json}");
}

const GAME_END: &str = "board {\n  files a..c\n  ranks 1..3\n  points a1..c3\n  lines orthogonal a1..c3\n}\n\
    player white W forward n\nplayer black B forward s\npiece man M {\n  step forward\n}\n\
    place white man on rank 1\nplace black man on rank 3\ngoals {\n  lose when no move\n}\n";

/// Files near the size limit that made `check` quadratic: they must be
/// checked in seconds (the limit here only catches a return to minutes),
/// and a flood of diagnostics is cut short, saying how many were left out.
#[test]
fn large_inputs_are_checked_in_bounded_time() {
    let dir = temp_dir("large");
    let values: Vec<String> = (0..100_000).map(|i| format!("v{i}")).collect();
    let cases = [
        ("one-option.game", format!("rulebook 1\ngame \"G\"\noption big = {} \"d\"\n{GAME_END}", values.join(", "))),
        ("bad-lines.game", format!("rulebook 1\ngame \"G\"\n{GAME_END}{}", "foo bar\n".repeat(90_000))),
        ("regions.game", format!("rulebook 1\ngame \"G\"\n{GAME_END}{}", region_lines(40_000))),
    ];
    for (name, text) in cases {
        assert!(text.len() < 1 << 20, "{name} must stay under the size limit");
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let start = Instant::now();
        let o = rulebook(&["check", path.to_str().unwrap()]);
        assert!(start.elapsed() < Duration::from_secs(20), "{name} took {:?}", start.elapsed());
        let shown = stderr(&o).matches("\n  x ").count() + stderr(&o).matches("\n  ! ").count();
        assert!(shown <= 50, "{name}: {shown} diagnostics printed");
        if name != "one-option.game" {
            assert!(stderr(&o).contains("more diagnostics not shown"), "{name}: {}", stderr(&o));
        }
    }
}

fn region_lines(n: usize) -> String {
    (0..n).map(|i| format!("region r{i} = a1\n")).collect()
}

/// `simulate --threads` is refused at 0 and above 64 (more gains nothing),
/// rather than panicking when the system cannot start so many threads, or
/// being cut down in silence.
#[test]
fn simulate_threads_are_bounded() {
    let o = rulebook(&["simulate", "games/tabal.game", "--games", "3", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at least 1 thread"), "{}", stderr(&o));
    let o = rulebook(&["simulate", "games/tabal.game", "--games", "500", "--threads", "100000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("at most 64 threads"), "{}", stderr(&o));
    let o = rulebook(&["simulate", "games/tabal.game", "--games", "500", "--threads", "64"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
