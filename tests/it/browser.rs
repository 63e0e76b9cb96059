//! The web page in a real browser: Debian's headless Chromium driven through
//! chromedriver (WebDriver, with the small client in `webdriver.rs`). It plays a whole game
//! of Tabal and one of Tablut with dice by clicks alone, choosing among the
//! page's clickable targets at random with a fixed seed, and after every ply
//! checks that the position the page shows is the one this test's own engine
//! reaches from the page's move list. It saves a picture of every shipped
//! board in target/browser/ and checks the page reports no error.
//!
//! `.ci/run` installs chromium and chromium-driver when they are missing.
//! Without them the test says so loudly and passes, so that `cargo test`
//! passes on a machine with only the Rust toolchain; under CI (`CI` set to
//! anything but `false`) it fails instead, so the page is never left untested.

use crate::webdriver::Client;
use rand::{Rng, SeedableRng};
use rulebook::engine::Engine;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process ended when the test is done with it, whatever happens.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

const INSTALL: &str = "install them (as root: apt-get install -y chromium chromium-driver; .ci/run does this)";

/// Chromium and its driver, if both are on the PATH.
fn chromium() -> Option<(PathBuf, PathBuf)> {
    let browser = ["chromium", "chromium-browser"].iter().find_map(|n| on_path(n))?;
    Some((browser, on_path("chromedriver")?))
}

/// Whether this is a CI run, where a missing browser is a failure.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn wait_for_port(port: u16) {
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not start listening on port {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `rulebook serve FILE --port 0`, and the address it printed.
fn serve(file: &Path) -> (Process, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["serve", file.to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url =
        line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("no address in {line:?}"));
    (Process(child), url.to_string())
}

/// The browser's console messages of level SEVERE, and the errors the page kept.
fn console_errors(client: &Client) -> Vec<String> {
    let log = client.browser_log();
    let mut errors: Vec<String> = log
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["level"] == "SEVERE")
        .map(|e| e["message"].as_str().unwrap_or("").to_string())
        .collect();
    let page = client.execute("return window.__errors || ['the page script did not run'];");
    errors.extend(page.as_array().into_iter().flatten().map(|e| e.as_str().unwrap_or("").to_string()));
    errors
}

/// What the page shows: waits until it is not busy (a request or the
/// computer's ply under way).
fn settled(client: &Client) -> Value {
    let start = Instant::now();
    loop {
        let v = client.execute(
            "const m = document.getElementById('game');
                 return {busy: m.dataset.busy, position: m.dataset.position, ply: Number(m.dataset.ply),
                         over: m.dataset.over, message: document.getElementById('message').textContent,
                         plies: [...document.querySelectorAll('#plies li')].map(li => li.textContent),
                         roll: !document.getElementById('roll').disabled && !document.getElementById('dice').hidden,
                         pass: document.querySelectorAll('button.pass').length,
                         choice: document.querySelectorAll('button.choice').length};",
        );
        if v["busy"] == "0" && !v["position"].as_str().unwrap_or("").is_empty() {
            return v;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the page stayed busy: {v}");
        std::thread::sleep(Duration::from_millis(15));
    }
}

fn engine(file: &str) -> Engine {
    let text = std::fs::read_to_string(file).unwrap();
    rulebook::load_text(&text, &[]).unwrap_or_else(|d| panic!("{file}: {d:?}"))
}

/// Clicks one of the elements matching `css`, chosen with `rng`; false if none.
fn click_any(client: &Client, css: &str, rng: &mut impl Rng) -> bool {
    let found = client.find_all(css);
    if found.is_empty() {
        return false;
    }
    found[rng.gen_range(0..found.len())].click();
    true
}

/// Plays the page's game to its end by clicks, checking every ply against
/// `engine`; returns the number of plies and the result.
fn play_by_clicks(client: &Client, engine: &Engine, seed: u64) -> (usize, String) {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut checked = 0;
    let mut pos = engine.start();
    let mut history = engine.history_from(&pos);
    for _ in 0..20_000 {
        let v = settled(client);
        assert_eq!(v["message"], "", "the page reported a problem");
        let plies: Vec<&str> = v["plies"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
        assert_eq!(plies.len(), v["ply"].as_u64().unwrap() as usize);
        if plies.len() != checked {
            for ply in &plies[checked..] {
                let (_, mv) = engine.parse_ply(&pos, ply).unwrap_or_else(|e| panic!("ply {ply} of the page: {e}"));
                pos = engine.play_in(&pos, &mv, &mut history);
            }
            checked = plies.len();
            assert_eq!(v["position"], engine.position_notation(&pos), "after {}", plies.join(" "));
        }
        if v["over"] != "" {
            assert!(engine.outcome(&pos).unwrap().is_some(), "the page says the game is over: {}", v["over"]);
            return (checked, v["over"].as_str().unwrap().to_string());
        }
        if v["roll"] == true {
            client.find("#roll").click();
        } else if v["pass"].as_u64() > Some(0) {
            click_any(client, "button.pass", &mut rng);
        } else if v["choice"].as_u64() > Some(0) {
            click_any(client, "button.choice", &mut rng);
        } else if !click_any(client, "#board .target, #board .stop", &mut rng) {
            assert!(click_any(client, "#board .movable", &mut rng), "nothing to click at {}", v["position"]);
        }
    }
    panic!("the game did not end");
}

fn run(driver_port: u16, browser: &Path) {
    let caps = json!({
        "goog:chromeOptions": {
            "binary": browser,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"]
        },
        "goog:loggingPrefs": {"browser": "ALL"}
    });
    let client =
        Client::connect(driver_port, caps).unwrap_or_else(|e| panic!("a WebDriver session with chromedriver: {e}"));

    // A picture of every shipped board.
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&out).unwrap();
    let mut games: Vec<PathBuf> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    games.sort();
    for file in &games {
        let (_server, url) = serve(file);
        let seats = ["human"; 2].join(",");
        client.goto(&format!("{url}?seats={seats}"));
        let v = settled(&client);
        let expected = engine(file.to_str().unwrap());
        assert_eq!(v["position"], expected.position_notation(&expected.start()), "{}", file.display());
        let png = client.find("#board").screenshot();
        assert!(png.starts_with(b"\x89PNG"), "{}: no picture", file.display());
        let name = file.file_stem().unwrap().to_string_lossy();
        std::fs::write(out.join(format!("{name}.png")), png).unwrap();
        let errors = console_errors(&client);
        assert!(errors.is_empty(), "{}: errors on the page: {errors:?}", file.display());
    }

    // Tabal, both seats clicked; Tablut with dice against the random agent.
    for (file, query, seed) in
        [("games/tabal.game", "seats=human,human", 7), ("games/tablut.game", "seats=human,random&delay=0&seed=5", 3)]
    {
        let (_server, url) = serve(Path::new(file));
        client.goto(&format!("{url}?{query}"));
        let (plies, result) = play_by_clicks(&client, &engine(file), seed);
        eprintln!("{file}: {plies} plies by clicks, {result}");
        assert!(plies > 0);
        let errors = console_errors(&client);
        assert!(errors.is_empty(), "{file}: errors on the page: {errors:?}");
    }
    client.close();
}

#[test]
fn the_page_plays_whole_games_by_clicks() {
    let Some((browser, driver)) = chromium() else {
        assert!(
            !in_ci(),
            "Chromium and chromedriver were not found on the PATH, and CI must run the browser test; {INSTALL}"
        );
        // Written to the stream itself: the test harness captures `eprintln!` of a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED the browser test: Chromium and chromedriver were not found on the PATH. ***\n\
             *** The page is untested here; {INSTALL}. ***\n"
        );
        return;
    };
    let port = free_port();
    let _driver = Process(
        Command::new(driver).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap(),
    );
    wait_for_port(port);
    run(port, &browser);
}
