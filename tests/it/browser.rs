//! The web page in a real browser: Debian's headless Chromium driven through
//! chromedriver (WebDriver, with the small client in `webdriver.rs`). It plays a whole game
//! of Tabal and one of Tablut with dice by clicks alone, choosing among the
//! page's clickable targets at random with a fixed seed, and after every ply
//! checks that the position the page shows is the one this test's own engine
//! reaches from the page's move list. It saves a picture of every shipped
//! board in target/tmp/browser/ and checks the page reports no error. The
//! other tests hold the page to what a newcomer needs: a long game's move
//! list readable, the status on a phone's screen, a reason for every click
//! that moves nothing, choices and dice named in words, and a whole move
//! made from the keyboard alone. One browser runs at a time.
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
use std::sync::Mutex;
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
                         plies: [...document.querySelectorAll('#plies .ply')].map(p => p.textContent),
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
        } else if v["choice"].as_u64() > Some(0) {
            click_any(client, "button.choice", &mut rng);
        } else if v["pass"].as_u64() > Some(0) && rng.gen_ratio(1, 8) {
            // A pass open beside other moves (Go) is taken now and then.
            click_any(client, "button.pass", &mut rng);
        } else if !click_any(client, "#board .target, #board .stop, #board .place", &mut rng)
            && !click_any(client, "#board .movable", &mut rng)
        {
            assert!(click_any(client, "button.pass", &mut rng), "nothing to click at {}", v["position"]);
        }
    }
    panic!("the game did not end");
}

/// Chromium's session, closed when the test is done with it (also when it fails).
struct Session(Option<Client>);

impl Drop for Session {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.close();
        }
    }
}

/// One browser at a time: the tests share two cores with everything else.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `test` in a new session of headless Chromium (1280 x 1000), or,
/// without Chromium, says so and passes (fails under CI).
fn with_browser(test: impl FnOnce(&Client)) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some((browser, driver)) = chromium() else {
        assert!(
            !in_ci(),
            "Chromium and chromedriver were not found on the PATH, and CI must run the browser test; {INSTALL}"
        );
        // Written to the stream itself: the test harness captures `eprintln!` of a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED a browser test: Chromium and chromedriver were not found on the PATH. ***\n\
             *** The page is untested here; {INSTALL}. ***\n"
        );
        return;
    };
    let port = free_port();
    let _driver = Process(
        Command::new(driver).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap(),
    );
    wait_for_port(port);
    let caps = json!({
        "goog:chromeOptions": {
            "binary": browser,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"]
        },
        "goog:loggingPrefs": {"browser": "ALL"}
    });
    let client = Client::connect(port, caps).unwrap_or_else(|e| panic!("a WebDriver session with chromedriver: {e}"));
    let session = Session(Some(client));
    test(session.0.as_ref().unwrap());
    let errors = console_errors(session.0.as_ref().unwrap());
    assert!(errors.is_empty(), "errors on the page: {errors:?}");
}

/// Where the test's pictures go.
fn pictures() -> PathBuf {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&out).unwrap();
    out
}

fn picture(client: &Client, css: &str, name: &str) {
    let png = client.find(css).screenshot();
    assert!(png.starts_with(b"\x89PNG"), "{name}: no picture");
    std::fs::write(pictures().join(format!("{name}.png")), png).unwrap();
}

#[test]
fn the_page_plays_whole_games_by_clicks() {
    with_browser(|client| {
        // A picture of every shipped board.
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
            let v = settled(client);
            let expected = engine(file.to_str().unwrap());
            assert_eq!(v["position"], expected.position_notation(&expected.start()), "{}", file.display());
            picture(client, "#board", &file.file_stem().unwrap().to_string_lossy());
            let errors = console_errors(client);
            assert!(errors.is_empty(), "{}: errors on the page: {errors:?}", file.display());
        }

        // Tabal, both seats clicked; Tablut with dice against the random agent;
        // Connect Four and tic-tac-toe placed by one click a move, and so are sowings.
        for (file, query, seed) in [
            ("games/tabal.game", "seats=human,human", 7),
            ("games/tablut.game", "seats=human,random&delay=0&seed=5", 3),
            ("games/connect-four.game", "seats=human,human", 2),
            ("games/tic-tac-toe.game", "seats=human,random&delay=0&seed=4", 1),
            ("games/nine-mens-morris.game", "seats=human,random&delay=0&seed=6", 5),
            ("games/reversi.game", "seats=human,random&delay=0&seed=2", 4),
            ("games/hex.game", "seats=human,random&delay=0&seed=3", 6),
            ("games/amazons.game", "seats=human,random&delay=0&seed=8", 9),
            ("games/go.game", "seats=human,random&delay=0&seed=10", 11),
            // Sowings, played by one click on the pit.
            ("games/oware.game", "seats=human,random&delay=0&seed=12", 13),
            ("games/kalah.game", "seats=human,human", 14),
        ] {
            let (_server, url) = serve(Path::new(file));
            client.goto(&format!("{url}?{query}"));
            let (plies, result) = play_by_clicks(client, &engine(file), seed);
            eprintln!("{file}: {plies} plies by clicks, {result}");
            assert!(plies > 0);
            let errors = console_errors(client);
            assert!(errors.is_empty(), "{file}: errors on the page: {errors:?}");
        }
    });
}

#[test]
fn the_page_seats_three_players_and_plays_their_turns_in_order() {
    with_browser(|client| {
        let file = "games/chinese-checkers.game";
        let (_server, url) = serve(Path::new(file));
        client.goto(&format!("{url}?players=3&seats=human,random,random&delay=0&seed=3"));
        let v = settled(client);
        let seats = client.execute("return [...document.querySelectorAll('[data-seat]')].map(s => s.value);");
        assert_eq!(seats, serde_json::json!(["human", "random", "random"]));
        let text = std::fs::read_to_string(file).unwrap();
        let engine = rulebook::load_text(&text, &[("players", "3")]).unwrap();
        assert_eq!(v["position"], engine.position_notation(&engine.start()));
        // A few of red's moves by clicks, each answered by yellow and blue.
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let mut pos = engine.start();
        let mut checked = 0;
        while checked < 9 {
            let v = settled(client);
            assert_eq!(v["message"], "", "the page reported a problem");
            let plies: Vec<String> =
                v["plies"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().into()).collect();
            for ply in &plies[checked..] {
                let (_, mv) = engine.parse_ply(&pos, ply).unwrap();
                pos = engine.play_unchecked(&pos, &mv);
            }
            checked = plies.len();
            assert_eq!(v["position"], engine.position_notation(&pos));
            if !click_any(client, "#board .target, #board .stop", &mut rng) {
                assert!(click_any(client, "#board .movable", &mut rng), "nothing to click at {}", v["position"]);
            }
        }
        let errors = console_errors(client);
        assert!(errors.is_empty(), "errors on the page: {errors:?}");
    });
}

/// What is wrong with the move list as shown: a row, a ply or a number
/// outside the list's visible box once the row is scrolled to, a number cut
/// short, the list scrolling sideways.
const MOVE_LIST_PROBLEMS: &str = "
    const list = document.getElementById('plies');
    const problems = [];
    if (list.scrollWidth > list.clientWidth + 1) problems.push('the list scrolls sideways');
    const rows = [...list.querySelectorAll('li')];
    rows.forEach((li, i) => {
      li.scrollIntoView({block: 'nearest'});
      const box = list.getBoundingClientRect();
      const n = li.querySelector('.n');
      for (const e of [li, n, ...li.querySelectorAll('.ply')]) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.left < box.left - 0.5 || r.right > box.right + 0.5
            || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
          problems.push('row ' + (i + 1) + ': `' + e.textContent + '` at ' + JSON.stringify(r) + ' outside ' + JSON.stringify(box));
        }
      }
      if (n.textContent !== (i + 1) + '.' || n.scrollWidth > n.clientWidth) problems.push('row ' + (i + 1) + ': number cut');
    });
    list.scrollTop = list.scrollHeight;
    const last = list.querySelector('.ply.last');
    return {rows: rows.length, plies: list.querySelectorAll('.ply').length, problems,
            last: last ? last.textContent : null, width: innerWidth};";

#[test]
fn a_long_games_move_list_stays_readable() {
    // 150 plies of random Copenhagen hnefatafl, loaded as a record.
    let file = "games/copenhagen-hnefatafl.game";
    let e = engine(file);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    let (mut pos, mut plies) = (e.start(), Vec::new());
    let mut history = e.history_from(&pos);
    while plies.len() < 150 && e.outcome(&pos).unwrap().is_none() {
        let mut moves = Vec::new();
        e.moves(&pos, None, &mut moves).unwrap();
        let mv = moves[rng.gen_range(0..moves.len())];
        plies.push(e.notation(&mv));
        pos = e.play_in(&pos, &mv, &mut history);
    }
    assert!(plies.len() >= 100, "a random game this short: {plies:?}");
    let record = pictures().join("long-game.txt");
    std::fs::write(&record, format!("{}\n", plies.join(" "))).unwrap();
    with_browser(|client| {
        let (_server, url) = serve(Path::new(file));
        for (width, height) in [(1280, 1000), (390, 844)] {
            client.set_window_size(width, height);
            client.goto(&format!("{url}?seats=human,human"));
            settled(client);
            client.find("#load").send_keys(record.canonicalize().unwrap().to_str().unwrap());
            let start = Instant::now();
            while settled(client)["ply"].as_u64() != Some(plies.len() as u64) {
                assert!(start.elapsed() < Duration::from_secs(20), "the record did not load: {}", settled(client));
                std::thread::sleep(Duration::from_millis(50));
            }
            let v = settled(client);
            assert_eq!(v["position"], e.position_notation(&pos));
            let list = client.execute(MOVE_LIST_PROBLEMS);
            assert_eq!(list["plies"], plies.len(), "{list}");
            assert_eq!(list["rows"], plies.len().div_ceil(2), "a row per move: {list}");
            assert_eq!(list["last"], plies.last().unwrap().as_str(), "{list}");
            assert_eq!(list["problems"], json!([]), "at {width} x {height}");
            picture(client, "#plies", &format!("move-list-{width}"));
        }
    });
}

#[test]
fn on_a_phone_the_status_is_in_view_and_each_label_beside_its_list() {
    with_browser(|client| {
        client.set_window_size(390, 844);
        for file in ["games/tabal.game", "games/ur.game", "games/copenhagen-hnefatafl.game"] {
            let (_server, url) = serve(Path::new(file));
            client.goto(&format!("{url}?seats=human,human"));
            settled(client);
            let v = client.execute(
                "scrollTo(0, 0);
                 const s = document.getElementById('status').getBoundingClientRect();
                 const apart = [...document.querySelectorAll('#setup label')].filter(label => {
                   const range = document.createRange();
                   range.selectNodeContents(label.firstChild);
                   const text = range.getBoundingClientRect();
                   const list = label.querySelector('select').getBoundingClientRect();
                   return Math.abs((text.top + text.bottom) / 2 - (list.top + list.bottom) / 2) > list.height / 2
                     || list.left < text.right - 1 || list.left - text.right > 20;
                 }).map(label => label.textContent);
                 return {top: s.top, bottom: s.bottom, text: document.getElementById('status').textContent,
                         width: innerWidth, height: innerHeight, apart,
                         sideways: document.documentElement.scrollWidth > innerWidth};",
            );
            assert!(v["width"].as_f64().unwrap() <= 400.0, "not a phone's width: {v}");
            let (top, bottom) = (v["top"].as_f64().unwrap(), v["bottom"].as_f64().unwrap());
            assert!(
                top >= 0.0 && bottom <= v["height"].as_f64().unwrap() / 3.0,
                "{file}: the status is not near the top: {v}"
            );
            assert!(v["text"].as_str().unwrap().ends_with("to move"), "{v}");
            assert_eq!(v["apart"], json!([]), "{file}: labels apart from their lists");
            assert_eq!(v["sideways"], false, "{file}: the page scrolls sideways at 390 px");
            let name = Path::new(file).file_stem().unwrap().to_string_lossy().to_string();
            std::fs::write(pictures().join(format!("phone-{name}.png")), client.screenshot()).unwrap();
        }
    });
}

/// Clicks the point (or piece in hand) `key` and returns the page's message once it is settled.
fn click_and_read(client: &Client, css: &str) -> (String, String) {
    client.find(css).click();
    let start = Instant::now();
    loop {
        let v = settled(client);
        let class = client.execute("return document.getElementById('message').className;");
        if v["message"] != "" {
            return (v["message"].as_str().unwrap().to_string(), class.as_str().unwrap_or("").to_string());
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no message after clicking {css}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_click_that_moves_nothing_says_why() {
    with_browser(|client| {
        let (_server, url) = serve(Path::new("games/tabal.game"));
        client.goto(&format!("{url}?seats=human,human"));
        settled(client);
        let point = |p: &str| format!("#board .hit[data-point=\"{p}\"]");
        let (why, class) = click_and_read(client, &point("c3"));
        assert_eq!(why, "The man on c3 cannot move: c4, d4, d3, b3 and b4 are occupied.");
        assert_eq!(class, "why");
        let (why, _) = click_and_read(client, &point("c6"));
        assert_eq!(why, "The man on c6 is black's, and white is to move.");
        // A piece chosen, then a point it cannot go to.
        client.find(&point("a4")).click();
        assert_eq!(settled(client)["message"], "", "choosing a piece that can move clears the message");
        let (why, _) = click_and_read(client, &point("c5"));
        assert_eq!(why, "a4-c5 is not legal: no straight line of the board leads from a4 to c5.");
        // The engine's reasons: a capture is compulsory.
        client.find(&point("c4")).click();
        client.find(&point("c5")).click();
        settled(client);
        client.find(&point("c6")).click();
        client.find(&point("c4")).click();
        assert_eq!(settled(client)["ply"], 2);
        let (why, _) = click_and_read(client, &point("b3"));
        assert_eq!(why, "The man on b3 cannot move: capturing is compulsory, and captures exist: c3xc5.");

        // Before the dice are thrown.
        let (_server, url) = serve(Path::new("games/ur.game"));
        client.goto(&format!("{url}?seats=human,human"));
        settled(client);
        let (why, _) = click_and_read(client, "#board [data-hand=\"0:0\"]");
        assert_eq!(why, "Throw the dice first: the throw is how far a piece moves.");
    });
}

#[test]
fn choices_and_dice_are_named_in_words() {
    with_browser(|client| {
        let file = "games/fanorona.game";
        let (_server, url) = serve(Path::new(file));
        client.goto(&format!("{url}?seats=human,human"));
        settled(client);
        client.find("#board .hit[data-point=\"d3\"]").click();
        client.find("#board .hit[data-point=\"e3\"]").click();
        let v = settled(client);
        assert_eq!(v["choice"], 2, "{v}");
        let labels: Vec<String> = client.find_all("button.choice").iter().map(|b| b.text()).collect();
        assert_eq!(labels, ["d3-e3 approach (takes f3)", "d3-e3 withdrawal (takes c3)"]);
        picture(client, "#bar", "fanorona-choices");
        client.find_all("button.choice")[1].click();
        let v = settled(client);
        assert_eq!(v["plies"], json!(["d3-e3W"]));
        let e = engine(file);
        let (_, mv) = e.parse_ply(&e.start(), "d3-e3W").unwrap();
        assert_eq!(v["position"], e.position_notation(&e.play_unchecked(&e.start(), &mv)));

        let (_server, url) = serve(Path::new("games/ur.game"));
        client.goto(&format!("{url}?seats=human,human"));
        settled(client);
        assert_eq!(client.find("#roll").text(), "Throw the dice");
        let (_server, url) = serve(Path::new("games/tablut.game"));
        client.goto(&format!("{url}?seats=human,human"));
        settled(client);
        assert_eq!(client.find("#roll").text(), "Roll the die");
    });
}

/// The focused element's point and label.
fn focused(client: &Client) -> (String, String, String) {
    let v = client.execute(
        "const e = document.activeElement;
         return [e.dataset ? (e.dataset.point || e.dataset.hand || '') : '', e.getAttribute('aria-label') || '',
                 e.getAttribute('class') || ''];",
    );
    let s = |i: usize| v[i].as_str().unwrap_or("").to_string();
    (s(0), s(1), s(2))
}

const TAB: &str = "\u{E004}";
const ENTER: &str = "\u{E007}";
const UP: &str = "\u{E013}";
const DOWN: &str = "\u{E015}";

#[test]
fn a_whole_move_by_keyboard_alone() {
    with_browser(|client| {
        let file = "games/tabal.game";
        let e = engine(file);
        let (_server, url) = serve(Path::new(file));
        client.goto(&format!("{url}?seats=human,human"));
        settled(client);
        // Tab from the top of the page to the board: one stop there, a piece that can move.
        let mut tabs = 0;
        while !client
            .execute("return document.getElementById('board').contains(document.activeElement);")
            .as_bool()
            .unwrap()
        {
            assert!(tabs < 40, "Tab never reaches the board");
            client.send_keys(TAB);
            tabs += 1;
        }
        let (point, label, _) = focused(client);
        assert_eq!((point.as_str(), label.as_str()), ("a4", "white man on a4, can move"));
        client.send_keys(ENTER);
        assert_eq!(focused(client).1, "white man on a4, chosen: Enter again puts it back");
        client.send_keys(UP);
        assert_eq!(focused(client).1, "a5, empty, can go here");
        client.send_keys(ENTER);
        let v = settled(client);
        assert_eq!(v["plies"], json!(["a4-a5"]));
        // The reply with Space: the focus stays on the board, on a5.
        assert_eq!(focused(client).1, "white man on a5");
        client.send_keys(UP);
        assert_eq!(focused(client).1, "black man on a6, can move");
        client.send_keys(" ");
        client.send_keys(DOWN);
        client.send_keys(DOWN);
        assert_eq!(focused(client).1, "a4, empty, can go here");
        client.send_keys(" ");
        let v = settled(client);
        assert_eq!(v["plies"], json!(["a4-a5", "a6xa4"]));
        let mut pos = e.start();
        for ply in ["a4-a5", "a6xa4"] {
            let (_, mv) = e.parse_ply(&pos, ply).unwrap();
            pos = e.play_unchecked(&pos, &mv);
        }
        assert_eq!(v["position"], e.position_notation(&pos));
        picture(client, "#board", "keyboard");

        // With dice: Tab to the dice, Enter throws them, and the focus goes on to the board.
        let (_server, url) = serve(Path::new("games/ur.game"));
        client.goto(&format!("{url}?seats=human,human&seed=4"));
        settled(client);
        let mut tabs = 0;
        while client.execute("return document.activeElement.id;") != "roll" {
            assert!(tabs < 40, "Tab never reaches the dice");
            client.send_keys(TAB);
            tabs += 1;
        }
        client.send_keys(ENTER);
        assert_eq!(settled(client)["roll"], false, "the dice were thrown");
        assert_eq!(focused(client).1, "white stone in hand (7), can move");
        client.send_keys(ENTER);
        assert_eq!(focused(client).1, "white stone in hand (7), chosen: Enter again puts it back");
    });
}
