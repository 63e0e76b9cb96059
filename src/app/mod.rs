//! The application layer: what every front end (the command line, the web
//! page, the language server, Python) does with a game beyond the engine:
//! loading a game or variant with options, records and saves, outcomes in
//! words, and the files they live in.
//!
//! **Architecture Invariant:** the front ends import this layer and the
//! library below it, never each other; this layer prints nothing and its
//! only I/O is reading and writing the files a front end names.

/// Exit codes of a command: 0 success, 1 the input is invalid (a bad game
/// file, move or record), 2 usage or I/O error.
pub const EXIT_INVALID: i32 = 1;
pub const EXIT_USAGE: i32 = 2;

pub mod actions;
pub mod balance;
pub mod files;
pub mod load;
pub mod matches;
pub mod observation;
pub mod records;
pub mod series;
pub mod session;
pub mod simulate;
pub mod stats;
pub mod words;
