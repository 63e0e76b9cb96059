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
pub mod game;
pub mod render;
pub mod span;
pub mod syntax;
pub mod variant;
