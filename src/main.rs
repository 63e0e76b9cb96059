//! The `rulebook` command. Only this binary reads files and prints; the
//! library returns values and typed errors.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
