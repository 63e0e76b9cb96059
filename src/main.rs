//! The `rulebook` command. Only this binary reads files and prints; the
//! library returns values and typed errors.

mod cli;
mod web;

fn main() {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`rulebook moves ... | head`)
    // would panic; the default action ends the process quietly, as other tools do.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default at startup, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::run());
}
