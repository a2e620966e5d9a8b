//! `dlock`: the study on the command line. Parsing and printing only; every
//! number comes from dlock-core.

mod args;

use args::{Command, GridArgs, LabArgs, RunArgs};
use dlock_core::report::{RunReport, ScenarioReport};
use dlock_core::{simulate, sweep, transcript};
use std::io::Write;
use std::process::ExitCode;

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
        Command::Run(run) => run_output(&run),
        Command::Grid(grid) => grid_output(&grid),
        Command::Lab(lab) => match lab_output(&lab) {
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

/// A lab run or grid, as text or JSON; a missing server is a set-up
/// problem (exit 2, naming the set-up command), anything else a failed
/// run (1). A grid shows its progress on standard error.
fn lab_output(args: &LabArgs) -> Result<String, (String, u8)> {
    let parts = dlock_lab::Parts {
        lock: args.lock,
        postgres: args.postgres.clone(),
        tick_ms: args.tick_ms,
        exe: std::env::current_exe().map_err(|e| (format!("cannot find dlock itself: {e}"), 1))?,
    };
    let failed = |e: String| {
        let code = if e.contains("not installed") { 2 } else { 1 };
        (e, code)
    };
    let Some((ttls, pause_lens)) = &args.grid else {
        let run = dlock_lab::run(&args.params, &parts).map_err(failed)?;
        return Ok(if args.json { to_json(&run) } else { run.text() });
    };
    let bar = indicatif::ProgressBar::new((ttls.len() * pause_lens.len()) as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "lab grid {bar:30} {pos}/{len} cells, {elapsed} ({eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let grid = dlock_lab::grid(&args.params, &parts, (ttls, pause_lens), |done| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let grid = grid.map_err(failed)?;
    Ok(if args.json { to_json(&grid) } else { grid.text() })
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

fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Serialising plain data structs with string keys cannot fail.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
