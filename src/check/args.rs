//! Reading a statement's arguments one by one, with a diagnostic for each
//! thing that is missing or out of place.

use crate::diagnostics::{self as diag, Diagnostic};
use crate::span::{Span, Spanned};
use crate::syntax::tree::{Arg, ArgKind, Stmt};

pub type Sp<T> = Spanned<T>;

/// A cursor over one statement's arguments.
#[derive(Clone)]
pub struct Args<'a> {
    stmt: &'a Stmt,
    next: usize,
    /// How the statement is written, for "for example" in messages.
    pub example: &'static str,
}

impl<'a> Args<'a> {
    pub fn new(stmt: &'a Stmt, example: &'static str) -> Self {
        Args { stmt, next: 0, example }
    }

    /// The span just read (or the keyword), where "missing" labels point.
    fn last_span(&self) -> Span {
        if self.next == 0 {
            self.stmt.keyword.span
        } else {
            self.stmt.args[self.next - 1].span
        }
    }

    pub fn peek(&self) -> Option<&'a Arg> {
        self.stmt.args.get(self.next)
    }

    pub fn peek_word(&self) -> Option<&'a str> {
        self.peek().and_then(|a| a.as_word())
    }

    /// Passes over the next argument (already looked at with `peek`).
    pub fn skip(&mut self) {
        self.next += 1;
    }

    pub fn at_end(&self) -> bool {
        self.next >= self.stmt.args.len()
    }

    fn take(&mut self, expected: &str) -> Result<&'a Arg, Diagnostic> {
        match self.stmt.args.get(self.next) {
            Some(a) => {
                self.next += 1;
                Ok(a)
            }
            None => Err(self.missing(expected)),
        }
    }

    /// "expected X" pointing just after what was read.
    pub fn missing(&self, expected: &str) -> Diagnostic {
        diag::missing_argument(self.last_span(), expected, self.example)
    }

    fn wrong(&self, arg: &Arg, expected: &str) -> Diagnostic {
        diag::wrong_argument(arg.span, &arg.describe(), expected, self.example)
    }

    /// "expected X", with "did you mean" when the word found is close to one of `words`.
    fn wrong_word(&self, arg: &Arg, expected: &str, words: &[&str]) -> Diagnostic {
        let d = self.wrong(arg, expected);
        match arg.as_word().and_then(|w| diag::did_you_mean(w, words.iter().copied())) {
            Some(s) => diag::with_suggestion(d, s),
            None => d,
        }
    }

    /// A name (a word).
    pub fn word(&mut self, expected: &str) -> Result<Sp<String>, Diagnostic> {
        let a = self.take(expected)?;
        match &a.kind {
            ArgKind::Word(w) => Ok(Spanned::new(w.clone(), a.span)),
            _ => Err(self.wrong(a, expected)),
        }
    }

    /// Exactly the word `kw`.
    pub fn keyword(&mut self, kw: &str) -> Result<Span, Diagnostic> {
        let expected = format!("`{kw}`");
        let a = self.take(&expected)?;
        match &a.kind {
            ArgKind::Word(w) if w == kw => Ok(a.span),
            _ => Err(self.wrong_word(a, &expected, &[kw])),
        }
    }

    /// The word `kw` if it comes next.
    pub fn optional(&mut self, kw: &str) -> Option<Span> {
        match self.peek() {
            Some(a) if a.as_word() == Some(kw) => {
                self.next += 1;
                Some(a.span)
            }
            _ => None,
        }
    }

    /// One of the given words.
    pub fn choice(&mut self, choices: &[&str]) -> Result<Sp<String>, Diagnostic> {
        let quoted: Vec<String> = choices.iter().map(|c| format!("`{c}`")).collect();
        let expected = diag::one_of(&quoted);
        let a = self.take(&expected)?;
        match &a.kind {
            ArgKind::Word(w) if choices.contains(&w.as_str()) => Ok(Spanned::new(w.clone(), a.span)),
            _ => Err(self.wrong_word(a, &expected, choices)),
        }
    }

    pub fn number(&mut self, expected: &str) -> Result<Sp<u64>, Diagnostic> {
        let a = self.take(expected)?;
        match &a.kind {
            ArgKind::Number(n) => Ok(Spanned::new(*n, a.span)),
            _ => Err(self.wrong(a, expected)),
        }
    }

    /// A whole number or one with a half (`7`, `7.5`), in half points.
    pub fn half_points(&mut self, expected: &str) -> Result<Sp<u64>, Diagnostic> {
        let a = self.take(expected)?;
        let halves = match &a.kind {
            ArgKind::Number(n) => n.checked_mul(2),
            ArgKind::Decimal(d) => d.split_once('.').and_then(|(whole, fraction)| {
                let half = match fraction.trim_end_matches('0') {
                    "" => 0,
                    "5" => 1,
                    _ => return None,
                };
                whole.parse::<u64>().ok()?.checked_mul(2)?.checked_add(half)
            }),
            _ => None,
        };
        match halves {
            Some(h) => Ok(Spanned::new(h, a.span)),
            None => Err(self.wrong(a, expected)),
        }
    }

    pub fn text(&mut self, expected: &str) -> Result<Sp<String>, Diagnostic> {
        let a = self.take(expected)?;
        match &a.kind {
            ArgKind::Text(t) => Ok(Spanned::new(t.clone(), a.span)),
            _ => Err(self.wrong(a, expected)),
        }
    }

    pub fn equals(&mut self) -> Result<Span, Diagnostic> {
        let a = self.take("`=`")?;
        match &a.kind {
            ArgKind::Equals => Ok(a.span),
            _ => Err(self.wrong(a, "`=`")),
        }
    }

    /// A range `a..b`.
    pub fn range(&mut self, expected: &str) -> Result<Sp<(String, String)>, Diagnostic> {
        let a = self.take(expected)?;
        match &a.kind {
            ArgKind::Range(x, y) => Ok(Spanned::new((x.clone(), y.clone()), a.span)),
            _ => Err(self.wrong(a, expected)),
        }
    }

    /// One or more words to the end of the statement.
    pub fn words(&mut self, expected: &str) -> Result<Vec<Sp<String>>, Diagnostic> {
        let mut out = vec![self.word(expected)?];
        while !self.at_end() {
            out.push(self.word(expected)?);
        }
        Ok(out)
    }

    /// Words up to (not including) `stop`, at least one.
    pub fn words_until(&mut self, stop: &str, expected: &str) -> Result<Vec<Sp<String>>, Diagnostic> {
        let mut out = vec![self.word(expected)?];
        while self.peek().is_some() && self.peek_word() != Some(stop) {
            out.push(self.word(expected)?);
        }
        Ok(out)
    }

    /// Words up to (not including) any of `stops`, at least one.
    pub fn words_until_any(&mut self, stops: &[&str], expected: &str) -> Result<Vec<Sp<String>>, Diagnostic> {
        let mut out = vec![self.word(expected)?];
        while self.peek().is_some() && !self.peek_word().is_some_and(|w| stops.contains(&w)) {
            out.push(self.word(expected)?);
        }
        Ok(out)
    }

    /// The rest as raw arguments (for point sets, which read their own shapes).
    pub fn rest(&mut self) -> &'a [Arg] {
        let r = &self.stmt.args[self.next.min(self.stmt.args.len())..];
        self.next = self.stmt.args.len();
        r
    }

    /// The raw arguments before the word `stop` (or to the end), leaving
    /// the cursor on `stop`.
    pub fn rest_until(&mut self, stop: &str) -> &'a [Arg] {
        let start = self.next.min(self.stmt.args.len());
        let len = self.stmt.args[start..].iter().position(|a| a.as_word() == Some(stop));
        let end = len.map_or(self.stmt.args.len(), |n| start + n);
        self.next = end;
        &self.stmt.args[start..end]
    }

    /// Nothing may follow.
    pub fn end(&self) -> Result<(), Diagnostic> {
        match self.peek() {
            None => Ok(()),
            Some(a) => Err(diag::extra_argument(a.span, &a.describe(), &self.stmt.keyword.value, self.example)),
        }
    }
}
