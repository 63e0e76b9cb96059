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

fn wait(mut child: Child, limit: Duration, args: &[&str]) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("`rulebook {}` did not finish within {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
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
