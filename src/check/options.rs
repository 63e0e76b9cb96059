//! Options: declared in the game file, chosen by variants and the command
//! line, and applied by selecting the branches of `if` blocks.

use crate::diagnostics::{self as diag, Diagnostic};
use crate::span::{Span, Spanned};
use crate::syntax::tree::{ArgKind, Block, Node};

use super::args::{Args, Sp};

/// `option NAME = V1, V2, ... "description"`: the first value is the default.
#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: Sp<String>,
    pub values: Vec<Sp<String>>,
    pub description: String,
    pub span: Span,
}

impl OptionDecl {
    pub fn is_bool(&self) -> bool {
        let mut v: Vec<&str> = self.values.iter().map(|v| v.value.as_str()).collect();
        v.sort_unstable();
        v == ["false", "true"]
    }
    pub fn default(&self) -> &str {
        &self.values[0].value
    }
    pub fn value_names(&self) -> Vec<&str> {
        self.values.iter().map(|v| v.value.as_str()).collect()
    }
}

/// A choice of value for every option, by index into `values`.
pub type Assignment = Vec<usize>;

pub const OPTION_EXAMPLE: &str = "option first = white, black \"who moves first\"";

/// Reads the option declarations (top level only) and reports options
/// declared inside conditionals.
pub fn declarations(nodes: &[Node], diags: &mut Vec<Diagnostic>) -> Vec<OptionDecl> {
    let mut out: Vec<OptionDecl> = Vec::new();
    for node in nodes {
        match node {
            Node::Stmt(s) if s.keyword.value == "option" => match read(s) {
                Ok(o) => {
                    if let Some(first) = out.iter().find(|p| p.name.value == o.name.value) {
                        diags.push(diag::duplicate_name(o.name.span, first.name.span, "option", &o.name.value));
                    } else {
                        out.push(o);
                    }
                }
                Err(d) => diags.push(d),
            },
            Node::If(i) => nested_options(&i.then, diags, i.otherwise.as_ref()),
            _ => {}
        }
    }
    out
}

fn nested_options(block: &Block, diags: &mut Vec<Diagnostic>, other: Option<&Block>) {
    for b in std::iter::once(block).chain(other) {
        for node in &b.nodes {
            match node {
                Node::Stmt(s) if s.keyword.value == "option" => diags.push(diag::option_in_conditional(s.keyword.span)),
                Node::If(i) => nested_options(&i.then, diags, i.otherwise.as_ref()),
                _ => {}
            }
        }
    }
}

fn read(stmt: &crate::syntax::tree::Stmt) -> Result<OptionDecl, Diagnostic> {
    let mut a = Args::new(stmt, OPTION_EXAMPLE);
    let name = a.word("an option name")?;
    a.equals()?;
    let mut values: Vec<Sp<String>> = Vec::new();
    loop {
        let v = match a.peek().map(|x| &x.kind) {
            Some(ArgKind::Number(n)) => {
                let x = a.number("a value")?;
                Spanned::new(n.to_string(), x.span)
            }
            _ => a.word("a value")?,
        };
        if let Some(first) = values.iter().find(|w| w.value == v.value) {
            return Err(diag::option_duplicate_value(v.span, first.span, &v.value));
        }
        values.push(v);
        match a.peek().map(|x| &x.kind) {
            Some(ArgKind::Comma) => a.skip(),
            _ => break,
        }
    }
    let description = a.text("a description in quotes")?.value;
    a.end()?;
    if values.len() < 2 {
        return Err(diag::option_needs_values(name.span.to(values[0].span)));
    }
    Ok(OptionDecl { name, values, description, span: stmt.span })
}

/// The value an `if` node selects: `Some(true)` for its `then` block.
/// Unknown options and values are reported once by [`check_conditions`].
pub fn condition_holds(node: &crate::syntax::tree::IfNode, options: &[OptionDecl], assignment: &Assignment) -> bool {
    let Some(i) = options.iter().position(|o| o.option_is(&node.option.value)) else {
        return false;
    };
    let chosen = &options[i].values[assignment[i]].value;
    match &node.value {
        None => chosen == "true",
        Some(v) => *chosen == v.text(),
    }
}

impl OptionDecl {
    fn option_is(&self, name: &str) -> bool {
        self.name.value == name
    }
}

/// Picks the statements that apply for one assignment of option values.
pub struct Selector<'o> {
    pub options: &'o [OptionDecl],
    pub assignment: &'o Assignment,
}

impl Selector<'_> {
    pub fn select<'n>(&self, nodes: &'n [Node]) -> Vec<&'n crate::syntax::tree::Stmt> {
        select(nodes, self.options, self.assignment)
    }
}

/// Flattens conditionals for one assignment: the statements that apply.
pub fn select<'a>(
    nodes: &'a [Node],
    options: &[OptionDecl],
    assignment: &Assignment,
) -> Vec<&'a crate::syntax::tree::Stmt> {
    let mut out = Vec::new();
    select_into(nodes, options, assignment, &mut out);
    out
}

fn select_into<'a>(
    nodes: &'a [Node],
    options: &[OptionDecl],
    assignment: &Assignment,
    out: &mut Vec<&'a crate::syntax::tree::Stmt>,
) {
    for node in nodes {
        match node {
            Node::Stmt(s) => out.push(s),
            Node::If(i) => {
                if condition_holds(i, options, assignment) {
                    select_into(&i.then.nodes, options, assignment, out);
                } else if let Some(b) = &i.otherwise {
                    select_into(&b.nodes, options, assignment, out);
                }
            }
        }
    }
}

/// Reports every condition that names an unknown option or value, and
/// returns the options tested by some condition.
pub fn check_conditions(nodes: &[Node], options: &[OptionDecl], diags: &mut Vec<Diagnostic>, used: &mut Vec<String>) {
    for node in nodes {
        let (blocks, this): (Vec<&Block>, Option<&crate::syntax::tree::IfNode>) = match node {
            Node::Stmt(s) => (s.block.iter().collect(), None),
            Node::If(i) => (std::iter::once(&i.then).chain(i.otherwise.as_ref()).collect(), Some(i)),
        };
        if let Some(i) = this {
            let names: Vec<&str> = options.iter().map(|o| o.name.value.as_str()).collect();
            match options.iter().find(|o| o.name.value == i.option.value) {
                None => diags.push(diag::unknown_option(i.option.span, &i.option.value, &names)),
                Some(o) => {
                    used.push(o.name.value.clone());
                    match &i.value {
                        None if !o.is_bool() => diags.push(diag::condition_not_boolean(i.option.span, &o.name.value)),
                        None => {}
                        Some(v) => {
                            let text = v.text();
                            if !o.values.iter().any(|x| x.value == text) {
                                diags.push(diag::bad_option_value(v.span, &o.name.value, &text, &o.value_names()));
                            }
                        }
                    }
                }
            }
        }
        for b in blocks {
            check_conditions(&b.nodes, options, diags, used);
        }
    }
}

/// The assignments `check` compiles: every combination when there are few,
/// else the defaults and each single change from them (bounded, so a file with
/// many options cannot make the checker run long).
pub fn assignments_to_check(options: &[OptionDecl]) -> Vec<Assignment> {
    const MAX_COMBINATIONS: usize = 64;
    let total =
        options.iter().try_fold(1usize, |acc, o| acc.checked_mul(o.values.len()).filter(|&n| n <= MAX_COMBINATIONS));
    let mut out = Vec::new();
    if total.is_some() {
        let mut current = vec![0; options.len()];
        loop {
            out.push(current.clone());
            let mut i = 0;
            while i < options.len() {
                current[i] += 1;
                if current[i] < options[i].values.len() {
                    break;
                }
                current[i] = 0;
                i += 1;
            }
            if i == options.len() {
                break;
            }
        }
    } else {
        out.push(vec![0; options.len()]);
        for (i, o) in options.iter().enumerate() {
            for v in 1..o.values.len() {
                let mut a = vec![0; options.len()];
                a[i] = v;
                out.push(a);
            }
        }
    }
    out
}

/// An option value chosen from outside the file (a variant or `--option`).
#[derive(Clone, Debug)]
pub struct Choice {
    pub name: String,
    pub value: String,
    /// Where the choice was written (in a variant file), for diagnostics.
    pub span: Option<Span>,
}

/// Why a choice from outside the file was refused.
#[derive(Clone, Debug)]
pub enum ChoiceError {
    UnknownOption { name: String, known: Vec<String>, span: Option<Span> },
    BadValue { option: String, value: String, values: Vec<String>, span: Option<Span> },
}

impl ChoiceError {
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = self.diagnostic();
        let from_command_line = match self {
            ChoiceError::UnknownOption { span, .. } | ChoiceError::BadValue { span, .. } => span.is_none(),
        };
        if from_command_line {
            d.labels.clear(); // it points at no file
        }
        d
    }

    fn diagnostic(&self) -> Diagnostic {
        match self {
            ChoiceError::UnknownOption { name, known, span } => {
                let k: Vec<&str> = known.iter().map(String::as_str).collect();
                diag::unknown_option(span.unwrap_or_default(), name, &k)
            }
            ChoiceError::BadValue { option, value, values, span } => {
                let v: Vec<&str> = values.iter().map(String::as_str).collect();
                diag::bad_option_value(span.unwrap_or_default(), option, value, &v)
            }
        }
    }
}

impl std::fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = self.to_diagnostic();
        write!(f, "{}", d.message)?;
        if let Some(h) = d.help {
            write!(f, " ({h})")?;
        }
        Ok(())
    }
}

/// Applies choices over the defaults. Later choices win.
pub fn assign(options: &[OptionDecl], choices: &[Choice]) -> Result<Assignment, Vec<ChoiceError>> {
    let mut a = vec![0; options.len()];
    let mut errors = Vec::new();
    for c in choices {
        match options.iter().position(|o| o.name.value == c.name) {
            None => errors.push(ChoiceError::UnknownOption {
                name: c.name.clone(),
                known: options.iter().map(|o| o.name.value.clone()).collect(),
                span: c.span,
            }),
            Some(i) => match options[i].values.iter().position(|v| v.value == c.value) {
                Some(v) => a[i] = v,
                None => errors.push(ChoiceError::BadValue {
                    option: c.name.clone(),
                    value: c.value.clone(),
                    values: options[i].values.iter().map(|v| v.value.clone()).collect(),
                    span: c.span,
                }),
            },
        }
    }
    if errors.is_empty() {
        Ok(a)
    } else {
        Err(errors)
    }
}
