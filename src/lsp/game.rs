//! What the server knows of a game file, and the answers it gives about one:
//! hover, completion, definitions, references, rename, outline, code actions.

use super::keywords;
use super::symbols::{Index, Kind};
use super::text::{word_at, LineIndex};
use crate::check;
use crate::diagnostics::Diagnostic;
use crate::game::Game;
use crate::span::Span;
use crate::syntax::tree::Node;
use lsp_types::{CompletionItem, CompletionItemKind, DocumentSymbol, SymbolKind};

/// A game file's analysis, made on every change.
pub struct GameDoc {
    pub diagnostics: Vec<Diagnostic>,
    /// The syntax tree, when the file parses.
    pub nodes: Option<Vec<Node>>,
    pub index: Index,
    /// The game with its default options, when the file compiles.
    pub game: Option<Game>,
}

impl GameDoc {
    /// Analyses a game file. Names of the last version that parsed are kept
    /// in `previous` for completion while the file is half-written.
    pub fn new(text: &str) -> GameDoc {
        match check::parse(text) {
            Ok(parsed) => {
                let diagnostics = parsed.check();
                let game = if diagnostics.iter().any(Diagnostic::is_error) {
                    None
                } else {
                    parsed.game(&[]).ok().map(|(g, _)| g)
                };
                let points = game.as_ref().map(|g| g.board.labels.clone()).unwrap_or_default();
                let index = Index::new(&parsed.nodes, &points);
                GameDoc { diagnostics, nodes: Some(parsed.nodes), index, game }
            }
            Err(diagnostics) => GameDoc { diagnostics, nodes: None, index: Index::default(), game: None },
        }
    }

    /// Hover text at a byte offset: a name's declaration and what `describe`
    /// says of it, or a keyword's documentation.
    pub fn hover(&self, text: &str, offset: usize) -> Option<(String, Span)> {
        if let Some(o) = self.index.at(offset) {
            let s = &self.index.symbols[o.symbol];
            let line = first_line(text, s.statement);
            let mut out = format!("{} `{}`\n\n```rulebook\n{line}\n```", s.kind.word(), s.name);
            if let Some(said) = self.game.as_ref().and_then(|g| described(g, s.kind, &s.name)) {
                out.push_str(&format!("\n\n```text\n{said}\n```"));
            }
            return Some((out, o.span));
        }
        if super::text::in_comment(text, offset) {
            return None;
        }
        let (word, span) = word_at(text, offset)?;
        keywords::doc(word).map(|d| (d, span))
    }

    pub fn completion(&self, text: &str, offset: usize, previous: Option<&Index>) -> Vec<CompletionItem> {
        let before = &text[..floor_boundary(text, offset)];
        let line = before.rsplit('\n').next().unwrap_or("");
        let words: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
        let typing_first = words.len() <= 1 && !line.ends_with([' ', '\t']) || words.is_empty();
        let index = if self.nodes.is_some() { &self.index } else { previous.unwrap_or(&self.index) };
        if typing_first {
            let context = block_context(before);
            let mut items: Vec<CompletionItem> = check::statement_keywords()
                .iter()
                .filter(|(c, _)| *c == context)
                .flat_map(|(_, words)| words.iter())
                .chain(["if", "else"].iter())
                .map(|kw| keyword_item(kw))
                .collect();
            items.dedup_by(|a, b| a.label == b.label);
            // Whole statements of several words, as snippets with their placeholders.
            let firsts: Vec<String> = items.iter().map(|i| i.label.clone()).collect();
            for (first, form) in keywords::statement_forms() {
                if firsts.contains(&first) {
                    items.push(snippet_item(&first, &form));
                }
            }
            return items;
        }
        // After `if`: options, then after `=`, the option's values.
        if words.first() == Some(&"if") || words.contains(&"else") && words.contains(&"if") {
            let option = words.iter().skip_while(|w| **w != "if").nth(1).copied();
            let after_equals = line.contains('=');
            return index
                .symbols
                .iter()
                .filter(|s| match (after_equals, option) {
                    (true, Some(o)) => s.kind == Kind::Value && s.option.as_deref() == Some(o.trim_end_matches('=')),
                    _ => s.kind == Kind::Option,
                })
                .map(name_item)
                .collect();
        }
        let directions = crate::game::DIRECTION_NAMES.iter().chain(&GROUPS).map(|d| CompletionItem {
            label: d.to_string(),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            detail: Some("direction".into()),
            ..CompletionItem::default()
        });
        let names = index.symbols.iter().filter(|s| !matches!(s.kind, Kind::Option | Kind::Value)).map(name_item);
        names.chain(directions).collect()
    }

    pub fn symbols(&self, text: &str, lines: &LineIndex) -> Vec<DocumentSymbol> {
        self.nodes.as_deref().map(|n| outline(n, text, lines)).unwrap_or_default()
    }

    /// Where a new value of `option` goes: after its last value.
    pub fn new_value_at(&self, option: &str) -> Option<usize> {
        let values = self.index.symbols.iter().filter(|s| s.kind == Kind::Value && s.option.as_deref() == Some(option));
        values.map(|s| s.span.end).max()
    }
}

/// Direction groups, completed beside the compass directions.
const GROUPS: [&str; 8] =
    ["orthogonal", "diagonal", "any", "forward", "backward", "sideways", "diagonal-forward", "diagonal-backward"];

fn keyword_item(kw: &str) -> CompletionItem {
    CompletionItem {
        label: kw.to_string(),
        kind: Some(CompletionItemKind::KEYWORD),
        documentation: keywords::doc(kw).map(|d| {
            lsp_types::Documentation::MarkupContent(lsp_types::MarkupContent {
                kind: lsp_types::MarkupKind::Markdown,
                value: d,
            })
        }),
        ..CompletionItem::default()
    }
}

/// `promote to KIND in REGION`, inserted with KIND and REGION as tab stops.
fn snippet_item(first: &str, form: &str) -> CompletionItem {
    CompletionItem {
        label: form.to_string(),
        kind: Some(CompletionItemKind::SNIPPET),
        filter_text: Some(form.to_string()),
        insert_text: Some(keywords::snippet(form)),
        insert_text_format: Some(lsp_types::InsertTextFormat::SNIPPET),
        ..keyword_item(first)
    }
}

fn name_item(s: &super::symbols::Symbol) -> CompletionItem {
    let kind = match s.kind {
        Kind::Player => CompletionItemKind::VARIABLE,
        Kind::Piece => CompletionItemKind::CLASS,
        Kind::Region => CompletionItemKind::MODULE,
        Kind::Option => CompletionItemKind::PROPERTY,
        Kind::Value => CompletionItemKind::VALUE,
        Kind::Point => CompletionItemKind::CONSTANT,
    };
    CompletionItem {
        label: s.name.clone(),
        kind: Some(kind),
        detail: Some(s.kind.word().to_string()),
        ..CompletionItem::default()
    }
}

/// The keyword of the block the text ends inside, as `statement_keywords`
/// names it ("" at the top level); read from the text, so it works on a
/// half-written file. `if` and `else` blocks belong to their enclosing block.
pub fn block_context(before: &str) -> &'static str {
    let mut stack: Vec<&'static str> = Vec::new();
    for line in before.split('\n') {
        let code = strip_comment(line);
        let words: Vec<&str> = code.split_whitespace().collect();
        for (i, c) in code.char_indices() {
            match c {
                '{' => {
                    let head: Vec<&str> = code[..i].split_whitespace().collect();
                    let opened = match head.iter().rposition(|w| *w == "if" || *w == "else") {
                        Some(_) => stack.last().copied().unwrap_or(""),
                        None => context_of(&words),
                    };
                    stack.push(opened);
                }
                '}' => {
                    stack.pop();
                }
                _ => {}
            }
        }
    }
    stack.last().copied().unwrap_or("")
}

fn context_of(words: &[&str]) -> &'static str {
    match words {
        ["capture", "{", ..] => "capture",
        ["capture", ..] => "capture KIND",
        [w, ..] => {
            check::statement_keywords().iter().map(|(c, _)| *c).find(|c| c == w && !c.is_empty()).unwrap_or("unknown")
        }
        [] => "unknown",
    }
}

/// A line without its comment (a `#` outside quotes).
fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
    }
    line
}

fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut o = offset.min(text.len());
    while !text.is_char_boundary(o) {
        o -= 1;
    }
    o
}

/// The first line of a statement, as written.
fn first_line(text: &str, span: Span) -> &str {
    let s = text.get(span.start.min(text.len())..span.end.min(text.len())).unwrap_or("");
    s.lines().next().unwrap_or("").trim_end()
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// The lines of `describe` about a name: those naming it, with the lines
/// under a heading that names it (a piece's moves).
fn described(game: &Game, kind: Kind, name: &str) -> Option<String> {
    let text = crate::describe::describe(game);
    let lines: Vec<&str> = text.lines().collect();
    let names_it = |l: &str| {
        l.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_')).any(|w| w.eq_ignore_ascii_case(name))
    };
    let mut out: Vec<&str> = Vec::new();
    // A piece has a heading of its own ("King (K):"): its lines alone.
    let heading = format!("{} (", capital(name));
    if let Some(h) = lines.iter().position(|l| l.trim_start().starts_with(&heading) && l.ends_with(':')) {
        let indent = lines[h].len() - lines[h].trim_start().len();
        let under = lines[h + 1..].iter().copied().take_while(|l| l.len() - l.trim_start().len() > indent);
        return Some(std::iter::once(lines[h]).chain(under).map(|l| l.trim()).collect::<Vec<_>>().join("\n"));
    }
    let mut i = 0;
    while i < lines.len() && out.len() < 8 {
        let l = lines[i];
        let indent = l.len() - l.trim_start().len();
        if indent > 0 && names_it(l) && (kind != Kind::Option || l.trim_start().starts_with(name)) {
            out.push(l.trim());
            if l.ends_with(':') {
                while i + 1 < lines.len() && lines[i + 1].len() - lines[i + 1].trim_start().len() > indent {
                    i += 1;
                    out.push(lines[i].trim());
                }
            }
        }
        i += 1;
    }
    (!out.is_empty()).then(|| out.join("\n"))
}

#[allow(deprecated)] // DocumentSymbol's `deprecated` field must be written
fn outline(nodes: &[Node], text: &str, lines: &LineIndex) -> Vec<DocumentSymbol> {
    nodes
        .iter()
        .map(|n| {
            let (name, kind, selection, children) = match n {
                Node::Stmt(s) => {
                    let name = match s.args.first() {
                        Some(a) if !matches!(s.keyword.value.as_str(), "rulebook") => {
                            format!("{} {}", s.keyword.value, a.text())
                        }
                        _ => s.keyword.value.clone(),
                    };
                    let kind = match s.keyword.value.as_str() {
                        "board" => SymbolKind::MODULE,
                        "player" => SymbolKind::OBJECT,
                        "piece" => SymbolKind::CLASS,
                        "region" => SymbolKind::NAMESPACE,
                        "option" => SymbolKind::ENUM,
                        "goals" => SymbolKind::EVENT,
                        "capture" | "custodial" => SymbolKind::FUNCTION,
                        "game" | "rulebook" | "source" => SymbolKind::FILE,
                        _ => SymbolKind::PROPERTY,
                    };
                    let selection = s.args.first().filter(|a| a.as_word().is_some()).map_or(s.keyword.span, |a| a.span);
                    let children = s.block.as_ref().map(|b| outline(&b.nodes, text, lines));
                    (name, kind, selection, children)
                }
                Node::If(i) => {
                    let mut children = outline(&i.then.nodes, text, lines);
                    if let Some(b) = &i.otherwise {
                        children.extend(outline(&b.nodes, text, lines));
                    }
                    (first_line(text, i.head).to_string(), SymbolKind::OPERATOR, i.option.span, Some(children))
                }
            };
            DocumentSymbol {
                name: if name.trim().is_empty() { "statement".into() } else { name },
                detail: None,
                kind,
                tags: None,
                deprecated: None,
                range: lines.range(text, n.span()),
                selection_range: lines.range(text, selection),
                children,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contexts_from_half_written_text() {
        assert_eq!(block_context("board {\n  fi"), "board");
        assert_eq!(block_context("piece man M {\n  if x {\n    st"), "piece");
        assert_eq!(block_context("capture king {\n"), "capture KIND");
        assert_eq!(block_context("capture {\n} # {\n"), "");
        assert_eq!(block_context("goals {\n  "), "goals");
    }

    #[test]
    fn describe_lines_about_a_piece() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/tabal.game")).unwrap();
        let doc = GameDoc::new(&text);
        let said = described(doc.game.as_ref().unwrap(), Kind::Piece, "king").unwrap();
        assert!(said.starts_with("King (K):\nSlides"), "{said}");
    }
}
