//! Stage 1: text to syntax tree.
//!
//! pest reads the structure (grammar/rulebook.pest); this module turns its
//! pairs into [`tree::Node`]s with spans, and its errors into diagnostics a
//! person can read.

pub mod tree;

use crate::diagnostics::{self as diag, Diagnostic};
use crate::span::{Span, Spanned};
use pest::iterators::Pair;
use pest::Parser as _;
use tree::{Arg, ArgKind, Block, IfNode, Node, Stmt};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rulebook.pest"]
struct GameParser;

/// Files larger than this are refused before parsing: game files are small,
/// and a limit keeps untrusted input from costing unbounded time.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Blocks nested deeper than this are refused (the parser recurses on them).
pub const MAX_NESTING: usize = 32;

/// Parses a game file into its statements.
pub fn parse(text: &str) -> Result<Vec<Node>, Diagnostic> {
    if text.len() > MAX_FILE_BYTES {
        return Err(diag::file_too_large(None, MAX_FILE_BYTES));
    }
    if let Some(span) = too_deep(text) {
        return Err(diag::nesting_too_deep(span, MAX_NESTING));
    }
    let mut pairs = GameParser::parse(Rule::file, text).map_err(|e| syntax_error(text, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    Ok(file.into_inner().filter(|p| p.as_rule() == Rule::statement).map(node).collect())
}

fn node(pair: Pair<Rule>) -> Node {
    let inner = pair.into_inner().next().expect("a statement has one child");
    match inner.as_rule() {
        Rule::conditional => Node::If(conditional(inner)),
        _ => Node::Stmt(simple(inner)),
    }
}

fn simple(pair: Pair<Rule>) -> Stmt {
    let span = Span::from(pair.as_span());
    let mut inner = pair.into_inner();
    let kw = inner.next().expect("a statement starts with a word");
    let keyword = Spanned::new(kw.as_str().to_string(), kw.as_span().into());
    let mut args = Vec::new();
    let mut block = None;
    for p in inner {
        match p.as_rule() {
            Rule::block => block = Some(block_of(p)),
            _ => args.push(arg(p)),
        }
    }
    Stmt { keyword, args, block, span }
}

fn conditional(pair: Pair<Rule>) -> IfNode {
    let span = Span::from(pair.as_span());
    let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_if && p.as_rule() != Rule::kw_else);
    let cond = inner.next().expect("if has a condition");
    let head = Span::new(span.start, cond.as_span().end());
    let mut parts = cond.into_inner();
    let name = parts.next().expect("a condition names an option");
    let option = Spanned::new(name.as_str().to_string(), name.as_span().into());
    let value = parts.next().map(arg);
    let then = block_of(inner.next().expect("if has a block"));
    // `else if ...` is an `else` block holding that one conditional.
    let otherwise = inner.next().map(|p| match p.as_rule() {
        Rule::conditional => {
            let span = Span::from(p.as_span());
            Block { nodes: vec![Node::If(conditional(p))], span }
        }
        _ => block_of(p),
    });
    IfNode { option, value, then, otherwise, head, span }
}

fn block_of(pair: Pair<Rule>) -> Block {
    let span = Span::from(pair.as_span());
    let nodes = pair.into_inner().filter(|p| p.as_rule() == Rule::statement).map(node).collect();
    Block { nodes, span }
}

fn arg(pair: Pair<Rule>) -> Arg {
    let span = Span::from(pair.as_span());
    let kind = match pair.as_rule() {
        Rule::word => ArgKind::Word(pair.as_str().to_string()),
        // Digits only, so the one failure is overflow: saturate, and let the
        // checker's range checks report the huge number.
        Rule::number => ArgKind::Number(pair.as_str().parse().unwrap_or(u64::MAX)),
        Rule::decimal => ArgKind::Decimal(pair.as_str().to_string()),
        Rule::string => {
            let raw = pair.into_inner().next().map_or("", |p| p.as_str());
            ArgKind::Text(raw.replace("\\\"", "\"").replace("\\\\", "\\"))
        }
        Rule::range => {
            let mut ends = pair.into_inner();
            let a = ends.next().map_or("", |p| p.as_str()).to_string();
            let b = ends.next().map_or("", |p| p.as_str()).to_string();
            ArgKind::Range(a, b)
        }
        Rule::equals => ArgKind::Equals,
        Rule::comma => ArgKind::Comma,
        _ => ArgKind::Colon,
    };
    Arg { kind, span }
}

/// Finds a `{` nested deeper than [`MAX_NESTING`], skipping strings and comments.
fn too_deep(text: &str) -> Option<Span> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut in_comment = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
        } else if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' || c == '\n' {
                in_string = false;
            }
        } else {
            match c {
                '#' => in_comment = true,
                '"' => in_string = true,
                '{' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Some(Span::new(i, i + 1));
                    }
                }
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    None
}

/// The `{` left open at the end of the text, if any.
fn unclosed_brace(text: &str) -> Option<Span> {
    let mut open = Vec::new();
    let mut in_string = false;
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
        } else if in_string {
            in_string = !(c == '"' || c == '\n');
        } else {
            match c {
                '#' => in_comment = true,
                '"' => in_string = true,
                '{' => open.push(i),
                '}' => {
                    open.pop();
                }
                _ => {}
            }
        }
    }
    open.pop().map(|i| Span::new(i, i + 1))
}

/// Words for what pest expected, in the order a person would read them.
fn expected_words(rules: &[Rule]) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = rules
        .iter()
        .filter_map(|r| match r {
            Rule::statement | Rule::simple | Rule::conditional | Rule::kw_if => Some("a statement"),
            Rule::word => Some("a word"),
            Rule::number => Some("a number"),
            Rule::string => Some("a quoted text"),
            Rule::range => Some("a range like `a1..c3`"),
            Rule::range_end => Some("the end of the range (like `c3` in `a1..c3`)"),
            Rule::block => Some("`{`"),
            Rule::condition => Some("an option name"),
            Rule::EOI => Some("the end of the file"),
            Rule::equals => Some("`=`"),
            Rule::comma => Some("`,`"),
            Rule::colon => Some("`:`"),
            _ => None,
        })
        .collect();
    words.dedup();
    words.sort_unstable();
    words.dedup();
    words
}

/// `2d6`: a number of dice and their faces.
fn is_dice(word: &str) -> bool {
    word.split_once('d').is_some_and(|(n, f)| {
        !n.is_empty() && !f.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && f.bytes().all(|b| b.is_ascii_digit())
    })
}

fn syntax_error(text: &str, err: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let rest = &text[pos.min(text.len())..];
    let found_char = rest.chars().next();
    // The thing found: a whole word, or one character.
    let found_len = match found_char {
        Some(c) if c.is_ascii_alphanumeric() => {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')).unwrap_or(rest.len())
        }
        Some(c) => c.len_utf8(),
        None => 0,
    };
    let span = Span::new(pos, pos + found_len);
    let expected = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => expected_words(positives),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    match found_char {
        None => match unclosed_brace(text) {
            Some(open) => diag::unclosed_block(open, Span::new(text.len(), text.len())),
            None => {
                // Point at the last thing written: the end itself has nothing to underline.
                let trimmed = text.trim_end();
                let last = trimmed.chars().next_back().map_or(0, char::len_utf8);
                diag::unexpected_end(Span::new(trimmed.len() - last, trimmed.len()), &expected)
            }
        },
        Some('"') => diag::unterminated_text(Span::new(pos, pos + rest.find('\n').unwrap_or(rest.len()))),
        Some('}') if unclosed_brace(&text[..pos]).is_none() => diag::stray_close(span),
        Some('\n') | Some('\r') => diag::unexpected_line_end(Span::new(pos, pos), &expected),
        Some(c) if !c.is_ascii() || !(c.is_ascii_graphic()) => diag::bad_character(span, c),
        Some(_) if is_dice(&rest[..found_len]) => diag::several_dice(span, &rest[..found_len]),
        Some(_) if text[..pos].rsplit('\n').next().is_some_and(|l| l.trim() == "if") => {
            diag::unexpected_token(span, &rest[..found_len], &["an option name, as in `if dice {`"])
        }
        Some(_) => diag::unexpected_token(span, &rest[..found_len], &expected),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> Vec<String> {
        parse(text)
            .unwrap()
            .iter()
            .map(|n| match n {
                Node::Stmt(s) => {
                    format!("{}/{}/{}", s.keyword.value, s.args.len(), s.block.is_some())
                }
                Node::If(i) => format!("if {}", i.option.value),
            })
            .collect()
    }

    #[test]
    fn statements_end_at_newlines_and_blocks() {
        assert_eq!(
            shape("# c\n\ngame \"x\" # c\nboard {\n  files a..e\n}\nif dice { die d6 limits distance } else {\n}\n"),
            vec!["game/1/false", "board/0/true", "if dice"]
        );
    }

    #[test]
    fn else_if_nests_a_conditional_in_the_else_block() {
        let nodes = parse("if size = 10 {\n  a\n} else if size = 12 {\n  b\n} else {\n  c\n}\n").unwrap();
        let Node::If(first) = &nodes[0] else { panic!() };
        let otherwise = first.otherwise.as_ref().unwrap();
        let [Node::If(second)] = otherwise.nodes.as_slice() else { panic!("{:?}", otherwise.nodes) };
        assert_eq!(second.option.value, "size");
        let Node::Stmt(c) = &second.otherwise.as_ref().unwrap().nodes[0] else { panic!() };
        assert_eq!(c.keyword.value, "c");
    }

    #[test]
    fn spans_point_at_the_words() {
        let text = "piece king K {\n  slide any\n}";
        let nodes = parse(text).unwrap();
        let Node::Stmt(s) = &nodes[0] else { panic!() };
        assert_eq!(&text[s.keyword.span.start..s.keyword.span.end], "piece");
        assert_eq!(&text[s.args[1].span.start..s.args[1].span.end], "K");
        let inner = &s.block.as_ref().unwrap().nodes[0];
        assert_eq!(&text[inner.span().start..inner.span().end], "slide any");
    }

    #[test]
    fn strings_ranges_numbers() {
        let nodes = parse("x \"a \\\"b\\\"\" a3..e7 12 = , :").unwrap();
        let Node::Stmt(s) = &nodes[0] else { panic!() };
        let kinds: Vec<_> = s.args.iter().map(|a| a.kind.clone()).collect();
        assert_eq!(
            kinds,
            vec![
                ArgKind::Text("a \"b\"".into()),
                ArgKind::Range("a3".into(), "e7".into()),
                ArgKind::Number(12),
                ArgKind::Equals,
                ArgKind::Comma,
                ArgKind::Colon
            ]
        );
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let text = "a {\n".repeat(100);
        assert_eq!(parse(&text).unwrap_err().code, "E0106");
    }
}
