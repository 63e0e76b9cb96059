//! The language server driven over stdio as an editor drives it.

#[path = "lsp/client.rs"]
mod client;

use client::{pos, Client};
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_rulebook");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

fn uri(path: &str) -> String {
    format!("file://{ROOT}/{path}")
}

fn at(uri: &str, line: u64, character: u64) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": pos(line, character) })
}

/// The line and column of the first `needle` in the text (ASCII text).
fn find(text: &str, needle: &str) -> (u64, u64) {
    let offset = text.find(needle).unwrap_or_else(|| panic!("{needle} not in text"));
    let line = text[..offset].matches('\n').count();
    let col = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    (line as u64, col as u64)
}

/// Applies LSP text edits (ranges into `text`, ASCII) from last to first.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| (offset(&e["range"]["start"]), offset(&e["range"]["end"]), e["newText"].as_str().unwrap()))
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (a, b, new) in spans {
        out.replace_range(a..b, new);
    }
    out
}

#[test]
fn a_misspelled_piece_is_underlined_with_its_fix() {
    let mut c = Client::start(BIN);
    let path = "tests/check/fail/name-unknown-piece.game";
    let (u, text) = (uri(path), read(path));
    c.open(&u, &text);
    let d = c.diagnostics(&u);
    let diags = d["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{d}");
    let diag = &diags[0];
    assert_eq!(diag["code"], "E0301");
    assert_eq!(diag["severity"], 1);
    assert_eq!(diag["range"], json!({ "start": pos(16, 13), "end": pos(16, 17) }));
    assert!(diag["message"].as_str().unwrap().contains("help: did you mean `king`?"), "{diag}");
    let href = diag["codeDescription"]["href"].as_str().unwrap();
    assert!(href.ends_with("docs/diagnostics.md#e0301-unknown-name"), "{href}");
    assert_eq!(diag["relatedInformation"][0]["message"], "no piece has this name");

    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": diag["range"], "context": { "diagnostics": [diag] } }),
    );
    let action = &actions["result"][0];
    assert_eq!(action["title"], "Replace `kign` with `king`");
    let fixed = apply(&text, action["edit"]["changes"][&u].as_array().unwrap());
    assert!(fixed.contains("promote to king in far"));
    c.change(&u, 2, json!([{ "text": fixed }]));
    assert_eq!(c.diagnostics(&u)["diagnostics"], json!([]));
    assert_eq!(c.stop(), "");
}

#[test]
fn warnings_are_warnings_and_ranges_count_utf16() {
    let mut c = Client::start(BIN);
    let text = read("games/tabal.game").replace(
        "region far-rank for black = rank 1",
        "region far-rank for black = rank 1\nregion unused = a1 # \u{1F600}\u{e9}",
    );
    // A misspelled direction after text with characters of two UTF-16 units.
    let text = text.replace("game \"Permainan Tabal\"", "game \"Permainan Tabal \u{1F600}\" source \"x\"");
    let u = "untitled:Tabal.game";
    c.open(u, &text);
    let diags = c.diagnostics(u)["diagnostics"].as_array().unwrap().clone();
    let warning = diags.iter().find(|d| d["code"] == "W0101").expect("the unused region");
    assert_eq!(warning["severity"], 2);
    let (line, _) = find(&text, "region unused");
    assert_eq!(warning["range"], json!({ "start": pos(line, 7), "end": pos(line, 13) }));
    let extra = diags.iter().find(|d| d["code"] == "E0205").expect("an extra argument");
    let (line, _) = find(&text, "game \"Permainan");
    // `game "Permainan Tabal 😀" ` is 25 characters, 26 UTF-16 units.
    assert_eq!(extra["range"]["start"], pos(line, 26), "{extra}");
    c.stop();
}

#[test]
fn hover_keywords_from_the_manual_and_names_from_describe() {
    let mut c = Client::start(BIN);
    let (tablut, tabal) = (read("games/tablut.game"), read("games/tabal.game"));
    c.open(&uri("games/tablut.game"), &tablut);
    c.open(&uri("games/tabal.game"), &tabal);
    let (line, col) = find(&tablut, "custodial {");
    let h = c.request("textDocument/hover", at(&uri("games/tablut.game"), line, col + 3));
    let value = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("**Custodial capture**"), "{value}");
    assert!(value.contains("flank opposite"), "{value}");
    assert_eq!(h["result"]["range"], json!({ "start": pos(line, 0), "end": pos(line, 9) }));

    let (line, col) = find(&tabal, "promote to king");
    let h = c.request("textDocument/hover", at(&uri("games/tabal.game"), line, col + 12));
    let value = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(value.contains("piece `king`") && value.contains("piece king K {"), "{value}");
    assert!(value.contains("Slides any number of spaces"), "what describe says: {value}");

    // Nothing to say in a comment's plain word: null, not an error.
    let h = c.request("textDocument/hover", at(&uri("games/tabal.game"), 2, 3));
    assert_eq!(h["result"], Value::Null, "{h}");
    // Nor on a keyword in a comment (`# - Men step forward, ...`).
    let (line, col) = find(&tabal, "Men step forward");
    let h = c.request("textDocument/hover", at(&uri("games/tabal.game"), line, col + 5));
    assert_eq!(h["result"], Value::Null, "{h}");
    // A word that only comes later in a statement (`jump any flying`) has its row of the manual.
    let (line, col) = find(&tabal, "flying");
    let h = c.request("textDocument/hover", at(&uri("games/tabal.game"), line, col + 2));
    let value = h["result"]["contents"]["value"].as_str().unwrap_or_else(|| panic!("no hover on flying: {h}"));
    assert!(value.contains("`jump DIRECTIONS flying`") && value.contains("flying leap"), "{value}");
    c.stop();
}

#[test]
fn completion_offers_whole_statements_as_snippets() {
    let mut c = Client::start(BIN);
    let text = read("games/tabal.game");
    let u = uri("games/tabal.game");
    c.open(&u, &text);
    // At the start of a line in a piece block.
    let (line, _) = find(&text, "  promote to king");
    let r = c.request("textDocument/completion", at(&u, line, 2));
    let items = r["result"].as_array().unwrap();
    let snippet = |label: &str| {
        items.iter().find(|i| i["label"] == label).unwrap_or_else(|| panic!("no `{label}` in {items:?}")).clone()
    };
    let promote = snippet("promote to KIND in REGION");
    assert_eq!(promote["insertText"], "promote to ${1:KIND} in ${2:REGION}", "{promote}");
    assert_eq!(promote["insertTextFormat"], 2, "a snippet: {promote}");
    assert_eq!(snippet("can capture KIND...")["insertText"], "can capture ${1:KIND}");
    assert_eq!(snippet("at most N moves in a row")["insertText"], "at most ${1:N} moves in a row");
    assert!(items.iter().any(|i| i["label"] == "step"), "the bare keywords stay");
    // Only the statements of the block: no board statement in a piece.
    assert!(!items.iter().any(|i| i["label"].as_str().unwrap().starts_with("points ")), "{items:?}");
    c.stop();
}

#[test]
fn completion_offers_keywords_by_block_and_names_in_scope() {
    let mut c = Client::start(BIN);
    let text = read("games/tabal.game");
    let u = uri("games/tabal.game");
    c.open(&u, &text);
    let labels = |r: &Value| -> Vec<String> {
        r["result"].as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap().to_string()).collect()
    };
    // At the start of a line inside `board { ... }`.
    let (line, _) = find(&text, "  ranks 1..9");
    let r = c.request("textDocument/completion", at(&u, line, 2));
    let l = labels(&r);
    assert!(l.contains(&"points".into()) && l.contains(&"lines".into()) && !l.contains(&"piece".into()), "{l:?}");
    // After `place white `: pieces, players, regions, points.
    let (line, col) = find(&text, "man on ranks 1..4");
    let r = c.request("textDocument/completion", at(&u, line, col));
    let l = labels(&r);
    for name in ["man", "king", "white", "black", "far-rank", "c3"] {
        assert!(l.contains(&name.to_string()), "{name} in {l:?}");
    }
    // After `if first = `: the option's values.
    let (line, col) = find(&text, "black {");
    let r = c.request("textDocument/completion", at(&u, line, col));
    assert_eq!(labels(&r), ["white", "black"]);
    // In a half-written file: names from the last version that parsed.
    let half = format!("{text}\npiece queen Q {{\n  promote to ");
    c.change(&u, 2, json!([{ "text": half }]));
    let last = half.lines().count() as u64 - 1;
    let r = c.request("textDocument/completion", at(&u, last, 13));
    assert!(labels(&r).contains(&"king".into()), "{:?}", labels(&r));
    c.stop();
}

#[test]
fn definition_references_rename_and_outline() {
    let mut c = Client::start(BIN);
    let text = read("games/tabal.game");
    let u = uri("games/tabal.game");
    c.open(&u, &text);
    let (line, col) = find(&text, "far-rank at once");
    let d = c.request("textDocument/definition", at(&u, line, col + 2));
    let (dl, dc) = find(&text, "far-rank for white");
    assert_eq!(d["result"]["range"], json!({ "start": pos(dl, dc), "end": pos(dl, dc + 8) }), "{d}");
    assert_eq!(d["result"]["uri"], u);

    let mut params = at(&u, line, col + 2);
    params["context"] = json!({ "includeDeclaration": true });
    let r = c.request("textDocument/references", params);
    // Two declarations (one per player) and two promotions.
    assert_eq!(r["result"].as_array().unwrap().len(), 4, "{r}");

    let (line, col) = find(&text, "piece man M");
    let mut params = at(&u, line, col + 7);
    params["newName"] = json!("soldier");
    let r = c.request("textDocument/rename", params);
    let edits = r["result"]["changes"][&u].as_array().unwrap();
    let renamed = apply(&text, edits);
    assert!(
        renamed.contains("piece soldier M {") && renamed.contains("place black soldier on ranks 6..9"),
        "{renamed}"
    );
    assert_eq!(edits.len(), 3, "the declaration and the two places");
    c.change(&u, 2, json!([{ "text": renamed }]));
    assert_eq!(c.diagnostics(&u)["diagnostics"], json!([]), "the renamed game still checks");

    let mut params = at(&u, line, col + 7);
    params["newName"] = json!("9lives");
    let r = c.request("textDocument/rename", params);
    assert!(r["error"]["message"].as_str().unwrap().contains("is not a name"), "{r}");

    let s = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": u } }));
    let names: Vec<&str> = s["result"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    for want in ["board", "player white", "piece soldier", "piece king", "capture", "goals"] {
        assert!(names.contains(&want), "{want} in {names:?}");
    }
    c.stop();
}

#[test]
fn formatting_gives_the_formatter_s_layout() {
    let mut c = Client::start(BIN);
    let tidy = read("games/tablut.game");
    let messy = tidy.replace("\n  ", "\n       ").replace(" {\n", "   {\n").replace("\n}", "\n   }");
    assert_ne!(messy, tidy);
    let u = uri("games/tablut.game");
    c.open(&u, &messy);
    let r = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": u }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let edits = r["result"].as_array().unwrap();
    assert_eq!(apply(&messy, edits), tidy);
    // A file that does not parse is not formatted: an error, and the server goes on.
    c.change(&u, 2, json!([{ "text": "board {\n" }]));
    let r = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": u }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert!(r["error"]["message"].as_str().unwrap().contains("E0103"), "{r}");
    c.stop();
}

#[test]
fn a_bad_option_value_can_be_added_to_the_option() {
    let mut c = Client::start(BIN);
    let text = read("games/tabal.game").replace("if first = black {", "if first = blue {");
    let u = "untitled:t.game";
    c.open(u, &text);
    let d = c.diagnostics(u);
    let diag = d["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "E0602").unwrap().clone();
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": diag["range"], "context": { "diagnostics": [diag] } }),
    );
    let add =
        actions["result"].as_array().unwrap().iter().find(|a| a["title"].as_str().unwrap().starts_with("Add")).unwrap();
    let fixed = apply(&text, add["edit"]["changes"][u].as_array().unwrap());
    assert!(fixed.contains("option first = white, black, blue"), "{fixed}");
    c.stop();
}

#[test]
fn variant_files_are_checked_completed_and_lead_to_their_game() {
    let mut c = Client::start(BIN);
    let path = "games/variants/tabal-black-first.toml";
    let u = uri(path);
    let text = read(path).replace("first = \"black\"", "first = \"blak\"");
    c.open(&u, &text);
    let d = c.diagnostics(&u);
    let diag = &d["diagnostics"][0];
    assert_eq!(diag["code"], "E0602", "{d}");
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": diag["range"], "context": { "diagnostics": [diag] } }),
    );
    let fixed = apply(&text, actions["result"][0]["edit"]["changes"][&u].as_array().unwrap());
    assert!(fixed.contains("first = \"black\""), "{fixed}");

    let (line, _) = find(&text, "first =");
    let r = c.request("textDocument/completion", at(&u, line, 0));
    let labels: Vec<&str> = r["result"].as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["first", "promotion", "removal", "majority"]);
    let r = c.request("textDocument/completion", at(&u, line, 8));
    let labels: Vec<&str> = r["result"].as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["\"white\"", "\"black\""]);

    let (line, col) = find(&text, "../tabal.game");
    let r = c.request("textDocument/definition", at(&u, line, col + 3));
    assert_eq!(r["result"]["uri"], uri("games/tabal.game"), "{r}");

    // The extended game as the editor has it, not as it is on disk.
    let game = read("games/tabal.game").replace("option first = white, black", "option first = white, black, blak");
    c.open(&uri("games/tabal.game"), &game);
    let d = c.diagnostics(&u);
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    c.stop();
}

/// A small seeded generator, so a failure can be replayed.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// UTF-16 length of each line.
fn line_lengths(text: &str) -> Vec<u64> {
    text.split('\n').map(|l| l.trim_end_matches('\r').encode_utf16().count() as u64).collect()
}

fn utf16_position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let col = before.rsplit('\n').next().unwrap().encode_utf16().count();
    pos(line as u64, col as u64)
}

#[test]
fn a_thousand_random_edits_never_crash_or_misplace_a_range() {
    let mut c = Client::start(BIN);
    let sources: Vec<String> = ["tabal", "tablut", "international-draughts", "konane", "frisian-draughts"]
        .iter()
        .map(|g| read(&format!("games/{g}.game")))
        .collect();
    let u = "untitled:random.game";
    let mut text = sources[0].clone();
    c.open(u, &text);
    c.diagnostics(u);
    let mut rng = Lcg(13);
    for version in 2..1002 {
        let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        let a = boundaries[rng.below(boundaries.len())];
        let b = if rng.below(2) == 0 { a } else { boundaries[rng.below(boundaries.len())] };
        let (a, b) = (a.min(b), a.max(b).min(a + 40));
        let b = (b..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap();
        let new = match rng.below(4) {
            0 => String::new(),
            1 => "\u{1F600}{\u{e9}\"#".chars().nth(rng.below(5)).unwrap().to_string(),
            _ => {
                let s = &sources[rng.below(sources.len())];
                let start = (rng.below(s.len())..s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                s[start..].chars().take(rng.below(30)).collect()
            }
        };
        let range = json!({ "start": utf16_position(&text, a), "end": utf16_position(&text, b) });
        text.replace_range(a..b, &new);
        c.change(u, version, json!([{ "range": range, "text": new }]));
        let d = c.diagnostics(u);
        assert_eq!(d["version"], version);
        let lengths = line_lengths(&text);
        for diag in d["diagnostics"].as_array().unwrap() {
            for end in ["start", "end"] {
                let p = &diag["range"][end];
                let line = p["line"].as_u64().unwrap() as usize;
                assert!(
                    line < lengths.len() && p["character"].as_u64().unwrap() <= lengths[line],
                    "{diag} in {text:?}"
                );
            }
        }
        // Questions at random places, some of them past the ends of lines and of the file.
        if version % 10 == 0 {
            let line = rng.below(lengths.len() + 3) as u64;
            let col = rng.below(90) as u64;
            for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
                let r = c.request(method, at(u, line, col));
                assert!(r.get("error").is_none(), "{method} at {line}:{col}: {r}");
            }
        }
    }
    // The server's text is the editor's: the same text opened afresh gives the same diagnostics.
    let fresh = "untitled:fresh.game";
    c.open(fresh, &text);
    let brief = |d: Value| -> Vec<Value> {
        d["diagnostics"].as_array().unwrap().iter().map(|d| json!([d["code"], d["range"], d["message"]])).collect()
    };
    let a = brief(c.diagnostics(fresh));
    c.change(u, 2000, json!([{ "text": text }]));
    assert_eq!(brief(c.diagnostics(u)), a);
    // A change whose range lies past the end is clamped to it, not refused.
    c.change(u, 2001, json!([{ "range": { "start": pos(9999, 5), "end": pos(99999, 0) }, "text": "\n# end" }]));
    assert_eq!(c.diagnostics(u)["version"], 2001);
    let err = c.stop();
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn half_written_files_are_answered_line_by_line() {
    let mut c = Client::start(BIN);
    let text = read("games/tablut.game");
    let u = "untitled:typing.game";
    c.open(u, "");
    // Typed one line at a time: every prefix is answered, with ranges in it.
    let mut typed = String::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        typed.push_str(line);
        c.change(u, i as i64 + 2, json!([{ "text": typed }]));
        let d = c.diagnostics(u);
        let lengths = line_lengths(&typed);
        for diag in d["diagnostics"].as_array().unwrap() {
            let line = diag["range"]["end"]["line"].as_u64().unwrap() as usize;
            assert!(line < lengths.len(), "{diag}");
        }
    }
    assert_eq!(c.diagnostics(u)["diagnostics"], json!([]));
    c.stop();
}

#[test]
fn the_highlighting_grammar_knows_every_statement_keyword() {
    let grammar: Value = serde_json::from_str(&read("editors/vscode/syntaxes/rulebook.tmLanguage.json")).unwrap();
    let pattern = grammar["repository"]["statement"]["match"].as_str().unwrap();
    let listed = pattern.split_once('(').unwrap().1.split_once(')').unwrap().0;
    let listed: Vec<&str> = listed.split('|').collect();
    for (context, words) in rulebook::check::statement_keywords() {
        for kw in words {
            assert!(listed.contains(kw), "`{kw}` ({context}) is not highlighted as a statement");
        }
    }
}

#[test]
fn a_message_too_large_is_answered_with_an_error_not_read() {
    // A frame that announces 2^64 - 1 bytes: answered with an error at once,
    // with no buffer of that size; the server ends cleanly when its input does.
    let mut c = Client::start(BIN);
    c.send_raw(b"Content-Length: 18446744073709551615\r\n\r\n{");
    let error = c.next_message();
    assert_eq!(error["error"]["code"], -32600, "{error}");
    assert!(error["error"]["message"].as_str().unwrap().contains("over the"), "{error}");
    assert_eq!(error["id"], Value::Null);
    let (status, stderr) = c.close_input();
    assert!(!stderr.contains("panicked") && !stderr.contains("memory"), "{stderr}");
    assert!(status.code().is_some(), "ended by a signal: {status}");
    // One a little over the limit is skipped, and the server goes on.
    let mut c = Client::start(BIN);
    let n = (64 << 20) + 1;
    let mut frame = format!("Content-Length: {n}\r\n\r\n").into_bytes();
    frame.resize(frame.len() + n, b' ');
    c.send_raw(&frame);
    assert_eq!(c.next_message()["error"]["code"], -32600);
    let text = read("games/tabal.game");
    c.open(&uri("games/tabal.game"), &text);
    assert!(c.diagnostics(&uri("games/tabal.game"))["diagnostics"].is_array());
    c.stop();
}
