//! `dlock`: the study on the command line. Parsing and printing only; every
//! number comes from dlock-core.

mod args;
mod argument;
mod check;
mod lab;
mod replay;

use args::{AcquireGridArgs, Command, GridArgs, RunArgs};
use dlock_core::report::{RunReport, ScenarioReport};
use dlock_core::{simulate, sweep, transcript};
use std::io::Write;
use std::process::ExitCode;

/// `dlock check` on a bound with late messages allocates a simulator's
/// buffers for every state it keeps, and frees them as it goes: with
/// mimalloc instead of the system's allocator, BENCHMARKS.md's t=8 bound
/// took 25.1 s rather than 28.7 s, and 15.1 s rather than 17.0 s with
/// more states kept (2026-12-04).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let command = match args::parse(std::env::args_os()) {
        Ok(command) => command,
        Err(args::Exit { message, code }) => {
            if code == 0 {
                return print(&message);
            }
            eprintln!("{message}");
            return ExitCode::from(code);
        }
    };
    let text = match command {
        Command::Demo => transcript::demo(),
        Command::Check(args) => return print_with_status(check::output(&args)),
        Command::Argument(args) => return print_with_status(argument::output(&args)),
        Command::Replay(file) => match replay::output(&file) {
            Ok(text) => text,
            Err((message, code)) => {
                eprintln!("dlock: replay: {message}");
                return ExitCode::from(code);
            }
        },
        Command::Run(run) => run_output(&run),
        Command::Grid(grid) => grid_output(&grid),
        Command::AcquireGrid(args) => acquire_grid_output(&args),
        Command::Lab(args) => match lab::output(&args) {
            Ok(text) => text,
            Err((message, code)) => {
                eprintln!("dlock: lab: {message}");
                return ExitCode::from(code);
            }
        },
        Command::LabClient(orders) => {
            let run = serde_json::from_str(&orders)
                .map_err(|e| e.to_string())
                .and_then(dlock_lab::client::run);
            return match run {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("dlock: lab client: {e}");
                    ExitCode::FAILURE
                }
            };
        }
    };
    print(&text)
}

/// Prints a check's text and exits with its status (0, 1 or 3), unless the
/// text could not be written.
fn print_with_status((text, status): (String, u8)) -> ExitCode {
    let printed = print(&text);
    if printed == ExitCode::SUCCESS {
        ExitCode::from(status)
    } else {
        printed
    }
}

/// Writes `text` to standard output. A reader who stopped reading
/// (`dlock demo | head`) is not an error; any other failure (a full disk
/// under `dlock grid --json > grid.json`) is, or a script would take a cut
/// file for a whole one.
fn print(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dlock: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_output(args: &RunArgs) -> String {
    let run = simulate(&args.params);
    match (&args.scenario, args.json) {
        (Some((scenario, values)), true) => to_json(&ScenarioReport::new(*scenario, values)),
        (None, true) => to_json(&RunReport::new(&run)),
        (Some((scenario, values)), false) => dlock_core::beyond::scenario_text(*scenario, values),
        (None, false) => transcript::run_text(&run),
    }
}

fn grid_output(args: &GridArgs) -> String {
    let grid = sweep::grid(&args.base, &args.ttls, &args.pause_lens);
    if args.json {
        to_json(&dlock_core::report::GridReport::new(grid))
    } else {
        format!(
            "grid: {}\n\n{}",
            transcript::describe_grid(&args.base),
            transcript::grid_text(&grid)
        )
    }
}

fn acquire_grid_output(args: &AcquireGridArgs) -> String {
    let grid = dlock_core::acquire_grid::acquire_grid(&args.params);
    if args.json {
        to_json(&grid)
    } else {
        format!(
            "acquire grid: B's arrival (rows) by A's stop while its replies travel (columns), from the run of {}\n\n{}\n\n{}",
            transcript::describe(&grid.base),
            grid.summary(),
            grid.text()
        )
    }
}

pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Serialising plain data structs with string keys cannot fail.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
