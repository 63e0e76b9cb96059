//! rulebook: board games written as text files, checked like a compiler
//! checks code, and run by one generic interpreter.
//!
//! The pipeline, one module a stage (data flows one way):
//! text -> [`syntax`] (tree with spans) -> [`check`] (compiled [`game::Game`])
//! -> [`engine`] (positions, moves, outcomes) -> front ends ([`render`],
//! [`describe`], the `rulebook` binary).

pub mod check;
pub mod describe;
pub mod diagnostics;
pub mod engine;
pub mod fmt;
pub mod game;
pub mod lsp;
pub mod render;
pub mod span;
pub mod syntax;
pub mod variant;

use check::Choice;

/// Compiles a game from its text with `name=value` option choices: the short
/// way in for programs and tests. Files (and variants) go through
/// [`variant::load`].
pub fn load_text(text: &str, options: &[(&str, &str)]) -> Result<engine::Engine, Vec<diagnostics::Diagnostic>> {
    let choices: Vec<Choice> =
        options.iter().map(|(n, v)| Choice { name: n.to_string(), value: v.to_string(), span: None }).collect();
    check::load(text, &choices).map(|(game, _warnings)| engine::Engine::new(game))
}
pub mod agents;
pub mod app;
#[cfg(feature = "python")]
mod python;
pub mod record;
