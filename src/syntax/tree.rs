//! The syntax tree: statements, arguments and blocks, each with its span.
//!
//! The tree keeps the shape of the file and nothing more; `check` gives the
//! statements their meaning.

use crate::span::{Span, Spanned};

/// A statement or a conditional, as written.
#[derive(Clone, Debug)]
pub enum Node {
    Stmt(Stmt),
    If(IfNode),
}

impl Node {
    pub fn span(&self) -> Span {
        match self {
            Node::Stmt(s) => s.span,
            Node::If(i) => i.span,
        }
    }
}

/// `keyword arg arg ... { block }`
#[derive(Clone, Debug)]
pub struct Stmt {
    pub keyword: Spanned<String>,
    pub args: Vec<Arg>,
    pub block: Option<Block>,
    pub span: Span,
}

/// `if option = value { ... } else { ... }`
#[derive(Clone, Debug)]
pub struct IfNode {
    pub option: Spanned<String>,
    /// `None` for a bare `if flag`, which means `if flag = true`.
    pub value: Option<Arg>,
    pub then: Block,
    pub otherwise: Option<Block>,
    /// The span of `if ... {`'s head, for messages about the condition.
    pub head: Span,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub nodes: Vec<Node>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    Word(String),
    Number(u64),
    /// A number with a fraction, as written (`7.5`).
    Decimal(String),
    Text(String),
    Range(String, String),
    Equals,
    Comma,
    Colon,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    pub kind: ArgKind,
    pub span: Span,
}

impl Arg {
    /// How the argument is named in messages.
    pub fn describe(&self) -> String {
        match &self.kind {
            ArgKind::Word(w) => format!("`{w}`"),
            ArgKind::Number(n) => format!("the number {n}"),
            ArgKind::Decimal(n) => format!("the number {n}"),
            ArgKind::Text(_) => "a quoted text".to_string(),
            ArgKind::Range(a, b) => format!("the range `{a}..{b}`"),
            ArgKind::Equals => "`=`".to_string(),
            ArgKind::Comma => "`,`".to_string(),
            ArgKind::Colon => "`:`".to_string(),
        }
    }

    pub fn as_word(&self) -> Option<&str> {
        match &self.kind {
            ArgKind::Word(w) => Some(w),
            _ => None,
        }
    }

    /// The value as it would be written, for option values.
    pub fn text(&self) -> String {
        match &self.kind {
            ArgKind::Word(w) | ArgKind::Text(w) | ArgKind::Decimal(w) => w.clone(),
            ArgKind::Number(n) => n.to_string(),
            ArgKind::Range(a, b) => format!("{a}..{b}"),
            ArgKind::Equals => "=".into(),
            ArgKind::Comma => ",".into(),
            ArgKind::Colon => ":".into(),
        }
    }
}
