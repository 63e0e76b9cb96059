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
    output_errors_end_the_run();
    std::process::exit(cli::run(&web::serve));
}

/// Output that cannot be written (a full disk: `rulebook moves ... > /dev/full`)
/// makes `print!` panic; every command then ends with one line saying so and
/// exit code 2, rather than a panic's message and 101.
fn output_errors_end_the_run() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        let cause = message
            .strip_prefix("failed printing to stdout: ")
            .or_else(|| message.strip_prefix("failed printing to stderr: "));
        match cause {
            Some(cause) => {
                let cause = cause.split(" (os error").next().unwrap_or(cause);
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "error: writing the output: {cause}");
                std::process::exit(cli::EXIT_USAGE);
            }
            None => default(info),
        }
    }));
}
