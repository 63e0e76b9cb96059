//! Loading for the commands: the application layer's loading, with its
//! diagnostics printed to stderr and turned into exit codes.

use rulebook::app::load as app_load;
pub use rulebook::app::load::{check_path, is_io, parse_choices, shown, Loaded, MAX_PRINTED};
use rulebook::diagnostics;
use rulebook::variant::Report;

/// Prints a report's diagnostics to stderr.
pub fn print_report(report: &Report) {
    for (source, d) in shown(report) {
        let (name, text) = &report.sources[*source];
        eprint!("{}", diagnostics::render(d, name, text, super::style()));
    }
    print_left_out(report);
}

/// Says how many diagnostics [`shown`] left out, if any.
pub fn print_left_out(report: &Report) {
    let more = report.diagnostics.len().saturating_sub(MAX_PRINTED);
    if more > 0 {
        let errors = report.diagnostics[MAX_PRINTED..].iter().filter(|(_, d)| d.is_error()).count();
        eprintln!(
            "... and {more} more diagnostic{} not shown ({errors} error{}); fix these first",
            if more == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" }
        );
    }
}

/// Loads a game (or variant) with `--option` choices, printing diagnostics on failure.
pub fn game(args: &super::GameArgs) -> Result<Loaded, i32> {
    let choices = parse_choices(&args.options).map_err(|m| {
        eprintln!("error: {m}");
        super::EXIT_USAGE
    })?;
    app_load::load(&args.file, &choices).map_err(|report| {
        print_report(&report);
        if is_io(&report) {
            super::EXIT_USAGE
        } else {
            super::EXIT_INVALID
        }
    })
}

/// Reads a game record, printing its warnings (unknown tags).
pub fn read_record(path: &std::path::Path) -> Result<rulebook::record::Record, String> {
    let (record, warnings) = rulebook::app::files::read_record(path)?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    Ok(record)
}
