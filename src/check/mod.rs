//! Stage 2: the syntax tree checked and compiled into a [`Game`].
//!
//! `check` reports every problem in one run: it compiles the file once for
//! each choice of options it needs to see (so both sides of every `if` are
//! checked) and merges what it finds.

mod args;
mod betza;
mod compile;
mod decls;
pub mod options;
mod players;

pub use compile::LANGUAGE_VERSION;
pub use decls::statement_keywords;
pub use options::{Choice, ChoiceError, OptionDecl};

use crate::diagnostics::{self as diag, Diagnostic};
use crate::game::{Game, OptionValue};
use crate::span::Span;
use crate::syntax::{self, tree::Node};
use std::collections::HashMap;

/// A parsed game file with its option declarations.
pub struct Parsed {
    pub nodes: Vec<Node>,
    pub options: Vec<OptionDecl>,
    /// Problems found while reading the options.
    pub diagnostics: Vec<Diagnostic>,
    end: Span,
}

/// Parses a game file and reads its options.
pub fn parse(text: &str) -> Result<Parsed, Vec<Diagnostic>> {
    let nodes = syntax::parse(text).map_err(|d| vec![d])?;
    let mut diagnostics = Vec::new();
    control_characters(&nodes, text, &mut diagnostics);
    let options = options::declarations(&nodes, &mut diagnostics);
    Ok(Parsed { nodes, options, diagnostics, end: Span::new(text.len(), text.len()) })
}

impl Parsed {
    /// Compiles the game for one choice of options. Errors and warnings go to
    /// `diags`; the game is returned when there were no errors.
    fn compile(&self, assignment: &options::Assignment, diags: &mut Vec<Diagnostic>) -> Option<Game> {
        let opts = &self.options;
        let selector = options::Selector::new(opts, assignment);
        let stmts = selector.select(&self.nodes);
        let errors_before = diags.iter().filter(|d| d.is_error()).count();
        let decls = decls::read(&stmts, &selector, diags);
        let values = opts
            .iter()
            .zip(assignment)
            .map(|(o, &v)| OptionValue {
                name: o.name.value.clone(),
                values: o.value_names().iter().map(|s| s.to_string()).collect(),
                value: o.values[v].value.clone(),
                description: o.description.clone(),
            })
            .collect();
        compile::Compiler::new(&decls, diags, self.end).compile(values, errors_before)
    }

    /// Problems that do not depend on the options: conditions naming unknown
    /// options or values, unused regions and options.
    fn whole_file(&self, diags: &mut Vec<Diagnostic>) {
        let used = options::check_conditions(&self.nodes, &self.options, diags);
        for o in &self.options {
            if !used.contains(&o.name.value) {
                diags.push(diag::unused_option(o.name.span, &o.name.value));
            }
        }
        // A region is used when its name appears as a word anywhere but in its
        // declaration (a second declaration counts, as before).
        let mut words: Vec<(&str, Span)> = Vec::new();
        collect_words(&self.nodes, &mut words);
        let mut count: HashMap<&str, usize> = HashMap::new();
        for (w, _) in &words {
            *count.entry(w).or_default() += 1;
        }
        let mut regions: Vec<(&str, Span)> = Vec::new();
        collect_regions(&self.nodes, &mut regions);
        let mut reported = std::collections::HashSet::new();
        for (name, span) in &regions {
            let first_declaration = reported.insert(*name);
            if count.get(name).copied().unwrap_or(0) < 2 && first_declaration {
                diags.push(diag::unused_region(*span, name));
            }
        }
    }

    /// Checks the whole file: every combination of options that matters.
    pub fn check(&self) -> Vec<Diagnostic> {
        let mut diags = self.diagnostics.clone();
        self.whole_file(&mut diags);
        let (assignments, left_out) = options::assignments_to_check(&self.nodes, &self.options);
        if left_out {
            let span = self.options.first().map_or(Span::default(), |o| o.span);
            diags.push(diag::options_not_all_checked(span, options::MAX_ASSIGNMENTS));
        }
        for a in assignments {
            self.compile(&a, &mut diags);
        }
        finish(diags)
    }

    /// The game with these option choices, and its warnings.
    pub fn game(&self, choices: &[Choice]) -> Result<(Game, Vec<Diagnostic>), Vec<Diagnostic>> {
        let mut diags = self.diagnostics.clone();
        let assignment = options::assign(&self.options, choices)
            .map_err(|errs| errs.iter().map(ChoiceError::to_diagnostic).collect::<Vec<_>>())?;
        let game = self.compile(&assignment, &mut diags);
        let diags = finish(diags);
        match game {
            Some(g) if !diags.iter().any(Diagnostic::is_error) => Ok((g, diags)),
            _ => Err(diags),
        }
    }
}

/// Checks a game file's text: every diagnostic, errors and warnings.
pub fn check(text: &str) -> Vec<Diagnostic> {
    match parse(text) {
        Ok(p) => p.check(),
        Err(d) => d,
    }
}

/// Compiles a game file's text with the given option choices.
pub fn load(text: &str, choices: &[Choice]) -> Result<(Game, Vec<Diagnostic>), Vec<Diagnostic>> {
    parse(text)?.game(choices)
}

/// Removes repeats (the same finding from several option choices) and sorts
/// by position.
fn finish(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert(d.clone()));
    diags.sort_by_key(|d| (d.primary_span(), d.code));
    diags
}

/// Quoted texts are printed by `describe`, `play` and `simulate`: a control
/// character in one (ESC, BEL, NUL...) would reach the terminal raw.
fn control_characters(nodes: &[Node], text: &str, diags: &mut Vec<Diagnostic>) {
    let mut check = |arg: &crate::syntax::tree::Arg| {
        if let crate::syntax::tree::ArgKind::Text(_) = &arg.kind {
            let raw = text.get(arg.span.start..arg.span.end).unwrap_or("");
            if let Some((i, c)) = raw.char_indices().find(|(_, c)| c.is_control()) {
                let at = arg.span.start + i;
                diags.push(diag::control_character(Span::new(at, at + c.len_utf8()), c));
            }
        }
    };
    walk_args(nodes, &mut check);
}

/// Calls `f` on every argument of every statement and condition.
fn walk_args(nodes: &[Node], f: &mut dyn FnMut(&crate::syntax::tree::Arg)) {
    for node in nodes {
        match node {
            Node::Stmt(s) => {
                s.args.iter().for_each(&mut *f);
                if let Some(b) = &s.block {
                    walk_args(&b.nodes, f);
                }
            }
            Node::If(i) => {
                i.value.iter().for_each(&mut *f);
                walk_args(&i.then.nodes, f);
                if let Some(b) = &i.otherwise {
                    walk_args(&b.nodes, f);
                }
            }
        }
    }
}

fn collect_words<'a>(nodes: &'a [Node], out: &mut Vec<(&'a str, Span)>) {
    for node in nodes {
        match node {
            Node::Stmt(s) => {
                for a in &s.args {
                    if let Some(w) = a.as_word() {
                        out.push((w, a.span));
                    }
                }
                if let Some(b) = &s.block {
                    collect_words(&b.nodes, out);
                }
            }
            Node::If(i) => {
                collect_words(&i.then.nodes, out);
                if let Some(b) = &i.otherwise {
                    collect_words(&b.nodes, out);
                }
            }
        }
    }
}

fn collect_regions<'a>(nodes: &'a [Node], out: &mut Vec<(&'a str, Span)>) {
    for node in nodes {
        match node {
            Node::Stmt(s) if s.keyword.value == "region" => {
                if let Some(a) = s.args.first() {
                    if let Some(w) = a.as_word() {
                        out.push((w, a.span));
                    }
                }
            }
            Node::Stmt(_) => {}
            Node::If(i) => {
                collect_regions(&i.then.nodes, out);
                if let Some(b) = &i.otherwise {
                    collect_regions(&b.nodes, out);
                }
            }
        }
    }
}
