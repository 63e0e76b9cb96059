//! The formatter: one canonical layout for game files.
//!
//! It walks the grammar's own parse tree (pest pairs with spans), so it
//! knows nothing of statements' meaning: a statement is a keyword, words and
//! perhaps a block. A construct it does not know (a rule added to the grammar
//! later) is copied verbatim. The layout:
//!
//! - one statement a line, two spaces of indent a block level, `{` at the end
//!   of the line that opens a block and `}` on a line of its own;
//! - words separated by one space, none before `,`;
//! - at most one blank line in a row, none after `{` or before `}`;
//! - comments kept where they were: on their own line (at the indent of the
//!   code they stand in), or after the code of their line, aligned with the
//!   comments of the lines next to it in the same block;
//! - the quoted text that ends a statement with other words before it (an
//!   option's description) aligned over consecutive statements of the same
//!   keyword.
//!
//! Before returning, [`format()`] parses what it wrote and compares every token
//! and comment with the input's: a difference is an error, never a changed
//! file.

use crate::diagnostics::Diagnostic;
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rulebook.pest"]
struct Grammar;

/// Spaces between code and an aligned column (a description, a comment).
const GAP: usize = 2;

/// Why a file could not be formatted.
#[derive(Debug)]
pub enum FormatError {
    /// The file does not parse: its diagnostics (formatting needs a tree).
    Invalid(Vec<Diagnostic>),
    /// The output would not mean what the input does (a bug in the
    /// formatter, reported rather than written).
    WouldChange(String),
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::Invalid(d) => match d.first() {
                Some(d) => write!(f, "the file has a syntax error ({}: {})", d.code, d.message),
                None => write!(f, "the file has a syntax error"),
            },
            FormatError::WouldChange(why) => write!(f, "formatting would change the file's meaning ({why})"),
        }
    }
}

/// Formats a game file's text.
pub fn format(text: &str) -> Result<String, FormatError> {
    // The syntax stage's checks first (size, nesting) and its readable errors.
    crate::syntax::parse(text).map_err(|d| FormatError::Invalid(vec![d]))?;
    let file = parse(text)?;
    let mut w = Writer { text, lines: Vec::new(), last_end: 0, indent: 0 };
    w.statements(file.into_inner().filter(|p| p.as_rule() != Rule::EOI));
    w.gap(text.len(), GapEnd::File);
    let out = w.finish();
    let before = fingerprint(text)?;
    let after = fingerprint(&out).map_err(|_| FormatError::WouldChange("its output does not parse".into()))?;
    if before != after {
        let at = before.iter().zip(&after).position(|(a, b)| a != b).unwrap_or(before.len().min(after.len()));
        let what = |t: &[String]| t.get(at).cloned().unwrap_or_else(|| "the end".into());
        return Err(FormatError::WouldChange(format!("`{}` became `{}`", what(&before), what(&after))));
    }
    Ok(out)
}

fn parse(text: &str) -> Result<Pair<'_, Rule>, FormatError> {
    let mut pairs = Grammar::parse(Rule::file, text)
        .map_err(|_| FormatError::Invalid(crate::syntax::parse(text).err().into_iter().collect::<Vec<_>>()))?;
    Ok(pairs.next().expect("the file rule yields one pair"))
}

/// What a file means to the parser, and its comments: every pair's rule in
/// order (with the text of leaves), then every comment's text.
fn fingerprint(text: &str) -> Result<Vec<String>, FormatError> {
    fn walk(pair: Pair<Rule>, out: &mut Vec<String>) {
        let rule = pair.as_rule();
        let mut inner = pair.clone().into_inner().peekable();
        if inner.peek().is_none() {
            // An empty block is the same however it is spread over lines.
            let text = if rule == Rule::block { "{}" } else { pair.as_str() };
            out.push(format!("{rule:?} {text}"));
            return;
        }
        out.push(format!("{rule:?} ("));
        inner.for_each(|p| walk(p, out));
        out.push(")".into());
    }
    let mut out = Vec::new();
    walk(parse(text)?, &mut out);
    out.extend(comments(text).into_iter().map(|c| format!("# {}", c.trim_end())));
    Ok(out)
}

/// Every comment's text, skipping `#` inside quoted text.
fn comments(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let (mut in_string, mut escaped) = (false, false);
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        let mut next = i + c.len_utf8();
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' | '\n' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if c == '#' {
            next = text[i..].find(['\n', '\r']).map_or(text.len(), |n| i + n);
            found.push(&text[i..next]);
        }
        i = next;
    }
    found
}

/// One line of output.
#[derive(Default)]
struct Line {
    indent: usize,
    code: String,
    /// The statement's keyword, when its last word is an alignable text.
    keyword: Option<String>,
    /// That text, aligned over statements of the same keyword.
    tail: Option<String>,
    comment: Option<String>,
}

/// What follows a gap: the next token, a block's `}`, or the end of the file.
#[derive(Clone, Copy, PartialEq)]
enum GapEnd {
    Token,
    Close,
    File,
}

struct Writer<'a> {
    text: &'a str,
    lines: Vec<Line>,
    /// Where the last token written ends in the input.
    last_end: usize,
    indent: usize,
}

impl<'a> Writer<'a> {
    fn statements(&mut self, pairs: impl Iterator<Item = Pair<'a, Rule>>) {
        for p in pairs {
            match p.as_rule() {
                Rule::statement => self.statement(p.into_inner().next().expect("a statement has one child")),
                _ => self.verbatim_line(p),
            }
        }
    }

    fn statement(&mut self, pair: Pair<'a, Rule>) {
        match pair.as_rule() {
            Rule::simple => self.simple(pair),
            Rule::conditional => {
                self.start_line(pair.as_span().start());
                self.conditional(pair);
            }
            _ => self.verbatim_line(pair),
        }
    }

    /// A construct the formatter does not know, on a line of its own as written.
    fn verbatim_line(&mut self, pair: Pair<'a, Rule>) {
        self.start_line(pair.as_span().start());
        self.word(pair.as_str(), pair.as_span().end());
    }

    fn simple(&mut self, pair: Pair<'a, Rule>) {
        self.start_line(pair.as_span().start());
        let children: Vec<Pair<Rule>> = pair.into_inner().collect();
        let args = children.iter().filter(|p| p.as_rule() != Rule::block).count();
        let keyword = children.first().map(|p| p.as_str().to_string());
        for (i, p) in children.into_iter().enumerate() {
            match p.as_rule() {
                Rule::block => self.block(p),
                Rule::string if i + 1 == args && i >= 2 => {
                    self.gap(p.as_span().start(), GapEnd::Token);
                    let line = self.lines.last_mut().expect("a line is open");
                    line.keyword = keyword.clone();
                    line.tail = Some(p.as_str().to_string());
                    self.last_end = p.as_span().end();
                }
                _ => {
                    self.gap(p.as_span().start(), GapEnd::Token);
                    self.word(p.as_str(), p.as_span().end());
                }
            }
        }
    }

    /// `if COND {` ... `} else if COND {` ... `} else {` ... `}`.
    fn conditional(&mut self, pair: Pair<'a, Rule>) {
        for p in pair.into_inner() {
            self.gap(p.as_span().start(), GapEnd::Token);
            match p.as_rule() {
                Rule::kw_if | Rule::kw_else => self.word(p.as_str(), p.as_span().end()),
                Rule::condition => {
                    let mut parts = p.into_inner();
                    if let Some(name) = parts.next() {
                        self.word(name.as_str(), name.as_span().end());
                    }
                    if let Some(value) = parts.next() {
                        self.word("=", value.as_span().start());
                        self.word(value.as_str(), value.as_span().end());
                    }
                }
                Rule::block => self.block(p),
                Rule::conditional => self.conditional(p),
                _ => self.word(p.as_str(), p.as_span().end()),
            }
        }
    }

    fn block(&mut self, pair: Pair<'a, Rule>) {
        let span = pair.as_span();
        self.gap(span.start(), GapEnd::Token);
        self.word("{", span.start() + 1);
        self.indent += 1;
        self.statements(pair.into_inner());
        let close = span.end() - 1;
        self.gap(close, GapEnd::Close);
        self.indent -= 1;
        self.lines.push(Line { indent: self.indent, code: "}".into(), ..Line::default() });
        self.last_end = span.end();
    }

    /// Starts a statement's line, after the comments and blank lines before it.
    fn start_line(&mut self, at: usize) {
        self.gap(at, GapEnd::Token);
        self.lines.push(Line { indent: self.indent, ..Line::default() });
    }

    /// Appends a token to the open line.
    fn word(&mut self, token: &str, end: usize) {
        let line = self.lines.last_mut().expect("a line is open");
        if !line.code.is_empty() && token != "," {
            line.code.push(' ');
        }
        line.code.push_str(token);
        self.last_end = end;
    }

    /// The input between the last token and `to`: only spaces, line ends,
    /// comments and the `=` of a condition. Comments and blank lines are kept.
    fn gap(&mut self, to: usize, end: GapEnd) {
        let gap = &self.text[self.last_end.min(to)..to];
        let mut newlines = 0;
        let mut rest = gap;
        while let Some(c) = rest.chars().next() {
            if c == '\n' {
                newlines += 1;
                rest = &rest[1..];
            } else if c == '#' {
                let len = rest.find(['\n', '\r']).unwrap_or(rest.len());
                let comment = rest[..len].trim_end().to_string();
                rest = &rest[len..];
                let own_line = newlines > 0 || self.lines.is_empty();
                match self.lines.last_mut() {
                    Some(line) if !own_line => line.comment = Some(comment),
                    _ => {
                        self.blank_line_if(newlines >= 2);
                        self.lines.push(Line { indent: self.indent, comment: Some(comment), ..Line::default() });
                    }
                }
                newlines = 0;
            } else {
                rest = &rest[c.len_utf8()..];
            }
        }
        self.last_end = self.last_end.max(to);
        if end == GapEnd::Token {
            // A blank line before the next statement (none at a block's end or the file's).
            self.blank_line_if(newlines >= 2);
        }
    }

    /// A blank line, unless at the start of the file or of a block, or after one.
    fn blank_line_if(&mut self, wanted: bool) {
        let Some(last) = self.lines.last() else { return };
        let opens = last.code.ends_with('{');
        let blank = last.code.is_empty() && last.comment.is_none();
        if wanted && !opens && !blank {
            self.lines.push(Line::default());
        }
    }

    fn finish(mut self) -> String {
        while self.lines.last().is_some_and(|l| l.code.is_empty() && l.comment.is_none()) {
            self.lines.pop();
        }
        align_tails(&mut self.lines);
        let widths: Vec<usize> = self.lines.iter().map(code_width).collect();
        let columns = comment_columns(&self.lines, &widths);
        let mut out = String::new();
        for ((line, width), column) in self.lines.iter().zip(&widths).zip(columns) {
            if line.code.is_empty() && line.comment.is_none() {
                out.push('\n');
                continue;
            }
            out.push_str(&"  ".repeat(line.indent));
            out.push_str(&line.code);
            if let Some(c) = &line.comment {
                if !line.code.is_empty() {
                    out.push_str(&" ".repeat(column.saturating_sub(*width).max(1)));
                }
                out.push_str(c);
            }
            out.push('\n');
        }
        out
    }
}

/// Width of a line's code (with its text), in characters, indent included.
fn code_width(line: &Line) -> usize {
    if line.code.is_empty() {
        return 0;
    }
    2 * line.indent + line.code.chars().count()
}

/// Moves each tail into the code, padded so that consecutive statements of
/// one keyword in one block put it in the same column.
fn align_tails(lines: &mut [Line]) {
    let mut i = 0;
    while i < lines.len() {
        let Some(keyword) = lines[i].keyword.clone() else {
            i += 1;
            continue;
        };
        let indent = lines[i].indent;
        let mut j = i;
        while j < lines.len() && lines[j].keyword.as_ref() == Some(&keyword) && lines[j].indent == indent {
            j += 1;
        }
        let column = lines[i..j].iter().map(|l| l.code.chars().count()).max().unwrap_or(0) + GAP;
        for line in &mut lines[i..j] {
            let tail = line.tail.take().unwrap_or_default();
            let pad = column - line.code.chars().count();
            line.code = format!("{}{}{tail}", line.code, " ".repeat(pad));
            line.keyword = None;
        }
        i = j;
    }
}

/// The column of each line's trailing comment: runs of consecutive lines of
/// one block that all have code and a comment share one.
fn comment_columns(lines: &[Line], widths: &[usize]) -> Vec<usize> {
    let trailing = |l: &Line| !l.code.is_empty() && l.comment.is_some();
    let mut columns = vec![0; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        if !trailing(&lines[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < lines.len() && trailing(&lines[j]) && lines[j].indent == lines[i].indent {
            j += 1;
        }
        let column = widths[i..j].iter().max().copied().unwrap_or(0) + GAP;
        columns[i..j].iter_mut().for_each(|c| *c = column);
        i = j;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        format(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_empty_block_keeps_its_meaning_on_one_line_or_two() {
        for text in
            ["rulebook 1\npiece arrow A {}\n", "rulebook 1\npiece arrow A {\n}\n", "rulebook 1\npiece arrow A {   }\n"]
        {
            assert_eq!(format(text).unwrap(), "rulebook 1\npiece arrow A {\n}\n", "{text:?}");
        }
    }

    #[test]
    fn lays_out_blocks_and_words() {
        let text = "rulebook 1\n\n\n\ngame   \"x\"\nboard {  files a..e\n\n ranks 1..9 }\noption  a = x ,y\n";
        assert_eq!(fmt(text), "rulebook 1\n\ngame \"x\"\nboard {\n  files a..e\n\n  ranks 1..9\n}\noption a = x, y\n");
    }

    #[test]
    fn keeps_and_aligns_comments() {
        let text = "# head\n\nboard { # opens\n  # inside\n  files a..e # f\n  ranks 1..9      # r\n  # last\n}\n# end";
        let want = "# head\n\nboard {  # opens\n  # inside\n  files a..e  # f\n  ranks 1..9  # r\n  # last\n}\n# end\n";
        assert_eq!(fmt(text), want);
    }

    #[test]
    fn conditionals_and_else_if() {
        let text = "if  size=10 {\nx\n}   else if size = 12 { y }\nelse_ok 1\nif flag {\n} else {\n  z # c\n}\n";
        let want = "if size = 10 {\n  x\n} else if size = 12 {\n  y\n}\nelse_ok 1\nif flag {\n} else {\n  z  # c\n}\n";
        assert_eq!(fmt(text), want);
    }

    #[test]
    fn aligns_descriptions_of_consecutive_options() {
        let text = "option a = x, y \"one\"\noption long-name = p, q  \"two\"\ngame \"g\"\n";
        let want = "option a = x, y          \"one\"\noption long-name = p, q  \"two\"\ngame \"g\"\n";
        assert_eq!(fmt(text), want);
    }

    #[test]
    fn is_idempotent_and_keeps_hashes_in_text() {
        let text = "game \"a # b\" # c\r\npiece x X {\r\n  step n\r\n}\r\n";
        let once = fmt(text);
        assert_eq!(once, "game \"a # b\"  # c\npiece x X {\n  step n\n}\n");
        assert_eq!(fmt(&once), once);
    }

    #[test]
    fn refuses_a_file_that_does_not_parse() {
        assert!(matches!(format("board {\n"), Err(FormatError::Invalid(d)) if d[0].code == "E0103"));
    }
}
