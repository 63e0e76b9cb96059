//! Options: declared in the game file, chosen by variants and the command
//! line, and applied by selecting the branches of `if` blocks.

use crate::diagnostics::{self as diag, Diagnostic};
use crate::span::{Span, Spanned};
use crate::syntax::tree::{ArgKind, Block, Node};
use std::collections::{HashMap, HashSet};

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
    let mut seen: std::collections::HashMap<String, Span> = std::collections::HashMap::new();
    loop {
        let v = match a.peek().map(|x| &x.kind) {
            Some(ArgKind::Number(n)) => {
                let x = a.number("a value")?;
                Spanned::new(n.to_string(), x.span)
            }
            _ => a.word("a value")?,
        };
        if let Some(&first) = seen.get(&v.value) {
            return Err(diag::option_duplicate_value(v.span, first, &v.value));
        }
        seen.insert(v.value.clone(), v.span);
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

/// Picks the statements that apply for one assignment of option values.
pub struct Selector<'o> {
    pub options: &'o [OptionDecl],
    pub assignment: &'o Assignment,
    /// Each option's index by name.
    index: HashMap<&'o str, usize>,
}

impl<'o> Selector<'o> {
    pub fn new(options: &'o [OptionDecl], assignment: &'o Assignment) -> Self {
        let index = options.iter().enumerate().map(|(i, o)| (o.name.value.as_str(), i)).collect();
        Selector { options, assignment, index }
    }

    /// Whether an `if` node selects its `then` block. Unknown options and
    /// values are reported once by [`check_conditions`].
    fn holds(&self, node: &crate::syntax::tree::IfNode) -> bool {
        let Some(&i) = self.index.get(node.option.value.as_str()) else {
            return false;
        };
        let chosen = &self.options[i].values[self.assignment[i]].value;
        match &node.value {
            None => chosen == "true",
            Some(v) => *chosen == v.text(),
        }
    }

    /// Flattens conditionals for one assignment: the statements that apply.
    pub fn select<'n>(&self, nodes: &'n [Node]) -> Vec<&'n crate::syntax::tree::Stmt> {
        let mut out = Vec::new();
        self.select_into(nodes, &mut out);
        out
    }

    fn select_into<'n>(&self, nodes: &'n [Node], out: &mut Vec<&'n crate::syntax::tree::Stmt>) {
        for node in nodes {
            match node {
                Node::Stmt(s) => out.push(s),
                Node::If(i) => {
                    if self.holds(i) {
                        self.select_into(&i.then.nodes, out);
                    } else if let Some(b) = &i.otherwise {
                        self.select_into(&b.nodes, out);
                    }
                }
            }
        }
    }
}

/// Reports every condition that names an unknown option or value, and
/// returns the options tested by some condition.
pub fn check_conditions(nodes: &[Node], options: &[OptionDecl], diags: &mut Vec<Diagnostic>) -> HashSet<String> {
    let index: HashMap<&str, usize> = options.iter().enumerate().map(|(i, o)| (o.name.value.as_str(), i)).collect();
    let names: Vec<&str> = options.iter().map(|o| o.name.value.as_str()).collect();
    let mut used = HashSet::new();
    conditions(nodes, options, (&index, &names), diags, &mut used);
    used
}

type OptionNames<'a> = (&'a HashMap<&'a str, usize>, &'a [&'a str]);

fn conditions(
    nodes: &[Node],
    options: &[OptionDecl],
    (index, names): OptionNames,
    diags: &mut Vec<Diagnostic>,
    used: &mut HashSet<String>,
) {
    for node in nodes {
        let (blocks, this): (Vec<&Block>, Option<&crate::syntax::tree::IfNode>) = match node {
            Node::Stmt(s) => (s.block.iter().collect(), None),
            Node::If(i) => (std::iter::once(&i.then).chain(i.otherwise.as_ref()).collect(), Some(i)),
        };
        if let Some(i) = this {
            match index.get(i.option.value.as_str()).map(|&k| &options[k]) {
                None => diags.push(diag::unknown_option(i.option.span, &i.option.value, names)),
                Some(o) => {
                    used.insert(o.name.value.clone());
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
            conditions(&b.nodes, options, (index, names), diags, used);
        }
    }
}

/// The most option choices `check` compiles a file for.
pub const MAX_ASSIGNMENTS: usize = 64;

/// For each option, the values that can make a difference: the default, the
/// values some `if` tests, and one value no `if` tests (all such values
/// select the same statements).
fn representatives(nodes: &[Node], options: &[OptionDecl]) -> Vec<Vec<usize>> {
    let index: HashMap<&str, usize> = options.iter().enumerate().map(|(i, o)| (o.name.value.as_str(), i)).collect();
    let mut tested: Vec<HashSet<String>> = vec![HashSet::new(); options.len()];
    walk_conditions(nodes, &mut |i| {
        if let Some(&o) = index.get(i.option.value.as_str()) {
            tested[o].insert(i.value.as_ref().map_or("true".to_string(), |v| v.text()));
        }
    });
    options
        .iter()
        .zip(&tested)
        .map(|(o, t)| {
            let is_tested = |v: &Sp<String>| t.contains(&v.value);
            let mut reps: Vec<usize> = (0..o.values.len()).filter(|&v| v == 0 || is_tested(&o.values[v])).collect();
            if is_tested(&o.values[0]) {
                reps.extend((1..o.values.len()).find(|&v| !is_tested(&o.values[v])));
                reps.sort_unstable();
            }
            reps
        })
        .collect()
}

fn walk_conditions(nodes: &[Node], f: &mut dyn FnMut(&crate::syntax::tree::IfNode)) {
    for node in nodes {
        match node {
            Node::Stmt(s) => {
                if let Some(b) = &s.block {
                    walk_conditions(&b.nodes, f);
                }
            }
            Node::If(i) => {
                f(i);
                walk_conditions(&i.then.nodes, f);
                if let Some(b) = &i.otherwise {
                    walk_conditions(&b.nodes, f);
                }
            }
        }
    }
}

/// The assignments `check` compiles: every combination of the values that
/// make a difference when there are few, else the defaults and each single
/// change from them, at most [`MAX_ASSIGNMENTS`] in all (so a file with many
/// options cannot make the checker run long). The second value tells whether
/// some choices were left out.
pub fn assignments_to_check(nodes: &[Node], options: &[OptionDecl]) -> (Vec<Assignment>, bool) {
    let reps = representatives(nodes, options);
    let total = reps.iter().try_fold(1usize, |acc, r| acc.checked_mul(r.len()).filter(|&n| n <= MAX_ASSIGNMENTS));
    let mut out = Vec::new();
    if total.is_some() {
        let mut current = vec![0; options.len()];
        loop {
            out.push(reps.iter().zip(&current).map(|(r, &c)| r[c]).collect());
            let mut i = 0;
            while i < options.len() {
                current[i] += 1;
                if current[i] < reps[i].len() {
                    break;
                }
                current[i] = 0;
                i += 1;
            }
            if i == options.len() {
                return (out, false);
            }
        }
    }
    let changes = reps.iter().enumerate().flat_map(|(i, r)| r.iter().filter(|&&v| v != 0).map(move |&v| (i, v)));
    let changes: Vec<(usize, usize)> = changes.take(MAX_ASSIGNMENTS).collect();
    let left_out = changes.len() >= MAX_ASSIGNMENTS;
    out.push(vec![0; options.len()]);
    for (i, v) in changes.into_iter().take(MAX_ASSIGNMENTS - 1) {
        let mut a = vec![0; options.len()];
        a[i] = v;
        out.push(a);
    }
    (out, left_out)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn assignments(text: &str) -> (Vec<Assignment>, bool) {
        let nodes = crate::syntax::parse(text).unwrap();
        let mut diags = Vec::new();
        let options = declarations(&nodes, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        assignments_to_check(&nodes, &options)
    }

    #[test]
    fn values_no_if_tests_are_compiled_once() {
        let values: Vec<String> = (0..5000).map(|i| format!("v{i}")).collect();
        let text = format!("option big = {} \"d\"\nif big = v7 {{\n  x\n}}\n", values.join(", "));
        // The default, the tested value; every other value selects what the default does.
        assert_eq!(assignments(&text), (vec![vec![0], vec![7]], false));
        let text = format!("option big = {} \"d\"\nif big = v0 {{\n  x\n}}\n", values.join(", "));
        assert_eq!(assignments(&text), (vec![vec![0], vec![1]], false));
    }

    #[test]
    fn combinations_are_bounded() {
        let mut text = String::new();
        for i in 0..1000 {
            text.push_str(&format!("option o{i} = true, false \"d\"\nif o{i} {{\n  x\n}}\n"));
        }
        let (list, left_out) = assignments(&text);
        assert_eq!(list.len(), MAX_ASSIGNMENTS);
        assert!(left_out);
        let (list, left_out) = assignments(&text[..text.find("option o6 ").unwrap()]);
        assert_eq!((list.len(), left_out), (64, false), "six true/false options: every combination");
    }
}
