//! The integration tests, in one binary: each file below is a module, so the
//! crate and its dependencies are linked once rather than once a file.
//! Test data (game files, records, references) stays beside it in tests/.

mod actions;
mod agents;
mod browser;
mod check;
mod check_cli;
mod cli;
mod common;
mod docs;
mod families;
mod fmt;
mod games;
mod lsp;
mod matches;
mod mutation;
mod perft;
mod rules;
mod web;
mod webdriver;
