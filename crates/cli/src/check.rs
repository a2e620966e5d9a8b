//! `dlock check`: runs the explorer to its end, then prints its answer as
//! text (a counterexample as a transcript, with the command that repeats
//! it where `dlock run` can) or as JSON with the time it took.

use crate::args::check::Engine;
use crate::args::CheckArgs;
use dlock_core::explore::report::{CheckReport, PropertyReport, Verdict};
use dlock_core::explore::{replay, Explorer, Reduction};
use dlock_core::trace::What;
use dlock_core::types::Client;
use dlock_core::{command, simulate, transcript};
use serde::Serialize;
use std::time::{Duration, Instant};

/// States expanded between two looks at the clock.
const SLICE: u32 = 20_000;

#[derive(Serialize)]
struct Timed<'a> {
    #[serde(flatten)]
    report: &'a CheckReport,
    /// Who searched: `explorer` or `stateright`.
    engine: &'static str,
    /// On how many threads: the explorer searches on one.
    threads: usize,
    elapsed_ms: u64,
    /// The explorer's distinct states by the tick of the event that made
    /// them (`Explorer::states_by_tick`); stateright does not count them.
    #[serde(skip_serializing_if = "Option::is_none")]
    states_by_tick: Option<Vec<u64>>,
}

/// The exit status of a check (`args::check::EXIT_STATUS`): 1 if a
/// property fails, else 3 if one is unknown, else 0.
pub fn exit_status(report: &CheckReport) -> u8 {
    let verdicts = || report.properties.iter().map(|p| p.verdict);
    if verdicts().any(|v| v == Verdict::Fails) {
        1
    } else if verdicts().any(|v| v == Verdict::Unknown) {
        3
    } else {
        0
    }
}

/// The check's text or JSON, and its exit status.
pub fn output(args: &CheckArgs) -> (String, u8) {
    let began = Instant::now();
    let (report, states_by_tick) = match args.engine {
        Engine::Explorer => {
            let (report, by_tick) = explore(args, began);
            (report, Some(by_tick))
        }
        Engine::Stateright { threads } => (
            dlock::oracle::run(args.config, args.bound, args.reduction, threads),
            None,
        ),
    };
    let elapsed = began.elapsed();
    let status = exit_status(&report);
    let traces = match args.trace.as_deref().map(|to| write_traces(&report, to)) {
        // A path that cannot be written is the caller's to fix, as a bad
        // flag is (exit 2); 1 would say a property failed.
        Some(Err(message)) => {
            eprintln!("dlock: check: {message}");
            return (String::new(), 2);
        }
        Some(Ok(paths)) => paths,
        None => Vec::new(),
    };
    if args.json {
        let (engine, threads) = match args.engine {
            Engine::Explorer => ("explorer", 1),
            Engine::Stateright { threads } => ("stateright", threads),
        };
        let elapsed_ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        let json = crate::to_json(&Timed {
            report: &report,
            engine,
            threads,
            elapsed_ms,
            states_by_tick,
        });
        return (json, status);
    }
    let mut text = text(args, &report, elapsed);
    if !traces.is_empty() {
        text.push('\n');
    }
    for path in traces {
        text += &format!("trace written: {path} (dlock replay {path})\n");
    }
    (text, status)
}

/// Writes each counterexample of `report` as an ITF trace, one file a
/// property, named from `to` (`to.PROPERTY.itf.json`); returns the paths.
fn write_traces(report: &CheckReport, to: &str) -> Result<Vec<String>, String> {
    let stem = to
        .strip_suffix(".itf.json")
        .or_else(|| to.strip_suffix(".json"))
        .unwrap_or(to);
    let mut written = Vec::new();
    for property in &report.properties {
        let Some(counterexample) = &property.counterexample else {
            continue;
        };
        let trace = dlock_core::explore::itf::trace(
            &report.config,
            &report.bound,
            property.name,
            counterexample.into(),
        );
        let path = format!("{stem}.{}.itf.json", property.name.code());
        std::fs::write(&path, crate::to_json(&trace))
            .map_err(|e| format!("--trace: cannot write {path}: {e}"))?;
        written.push(path);
    }
    Ok(written)
}

/// The explorer's search, in slices, saying how far it has got every two
/// seconds on standard error; with its states by tick.
fn explore(args: &CheckArgs, began: Instant) -> (CheckReport, Vec<u64>) {
    let mut explorer = Explorer::reduced(args.config, args.bound, args.reduction);
    let mut said = began;
    while !explorer.run_for(SLICE) {
        if said.elapsed() > Duration::from_secs(2) {
            eprintln!("dlock: check: {} states so far…", explorer.states());
            said = Instant::now();
        }
    }
    (explorer.report(), explorer.states_by_tick().to_vec())
}

fn text(args: &CheckArgs, report: &CheckReport, elapsed: Duration) -> String {
    let mut out = format!(
        "check: {}\nbound: {}\n",
        args.config.describe(),
        args.bound.describe()
    );
    out += &format!(
        "explored: {} distinct states ({}), {} transitions, {} steps deep, in {:.2} s\n",
        report.states,
        reduced_words(report.reduce),
        report.transitions,
        report.max_depth,
        elapsed.as_secs_f64()
    );
    out += &report.coverage.line();
    out.push('\n');
    if !report.complete {
        out += &format!(
            "INCOMPLETE: the search stopped at --max-states {} before the bound was exhausted; \
             a property with no counterexample below is unknown, not holding. \
             Try a smaller --max-pause, --max-arrival or --max-delay.\n",
            args.bound.max_states
        );
    }
    for property in &report.properties {
        out.push('\n');
        out += &property_text(args, report, property);
    }
    out
}

/// How states were counted, in the words of `--reduce`'s help.
fn reduced_words(reduction: Reduction) -> &'static str {
    match reduction {
        Reduction::All => {
            "--reduce all: renumbered servers, a settled past and time counted from now count once"
        }
        Reduction::Whole => "--reduce none: every state whole",
    }
}

fn property_text(args: &CheckArgs, report: &CheckReport, p: &PropertyReport) -> String {
    let Some(counterexample) = &p.counterexample else {
        return match p.verdict {
            Verdict::Holds if p.vacuous => format!(
                "holds, vacuously  {} ({} within the bound: the check says nothing)\n",
                p.description,
                p.name.subject().absent()
            ),
            Verdict::Holds => format!("holds  {} (every schedule within the bound)\n", p.description),
            _ => format!(
                "UNKNOWN  {}: no counterexample among {} states explored; the bound was not exhausted\n",
                p.description, report.states
            ),
        };
    };
    let run = replay(&args.config, &args.bound, &counterexample.steps);
    let which = match args.engine {
        Engine::Explorer => "a shortest counterexample",
        Engine::Stateright { .. } => "a shortest counterexample (stateright's, the explorer's too)",
    };
    let mut out = format!(
        "FAILS  {}: {which}, broken after {} steps, at t={} (choices {:?}); the run to its end:\n",
        p.description, counterexample.length, counterexample.broken_at, counterexample.steps
    );
    for line in transcript::run_text(&run).lines() {
        out += &format!("    {line}\n");
    }
    // Only runs with every message on time are the study's schedule, and
    // only a fault a preset makes has flags.
    let b_stops = run
        .entries
        .iter()
        .any(|e| e.client != Client::A && matches!(e.what, What::Paused { .. }));
    match command::exact_run_command(&run.params) {
        Some(line) if simulate(&run.params) == run => out += &format!("  repeat it: {line}\n"),
        Some(_) if b_stops => out += "  (B stops in it: no `dlock run` flags say so)\n",
        Some(_) => out += "  (a message in it is late: no `dlock run` flags say so)\n",
        None if run.params.third.is_some() => {
            out += "  (it has a third client: no `dlock run` flags say so)\n"
        }
        None if run.params.a_arrives > 0 => out += "  (A asks late in it: no `dlock run` flags say so)\n",
        None => out += "  (its fault is not one a preset makes: no `dlock run` flags say so)\n",
    }
    if !out.contains("  repeat it: ") {
        out += "  keep it with --trace FILE, and run it again with dlock replay\n";
    }
    out
}
