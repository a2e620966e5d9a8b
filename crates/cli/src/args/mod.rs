//! Flags in two stages: clap reads raw values, then they are checked against
//! dlock-core's ranges. Every mistake becomes one line naming the flag and
//! what it accepts, and exit code 2.

mod acquire;
pub mod check;
mod checked;
mod lab;

pub use checked::Exit;
use checked::{list, listed, number, ranged, usage, OneCell, Schedule, Switches};
use clap::{Args, Parser, Subcommand};
use dlock_core::beyond::Scenario;
use dlock_core::names;
use dlock_core::params::{self, Limit};
use dlock_core::{Params, Tick};
pub use lab::LabArgs;
use lab::RawLab;
use std::ffi::OsString;

#[derive(Parser, Debug)]
#[command(
    name = "dlock",
    version,
    about = "A distributed lock that never fails, and a resource that gets corrupted anyway."
)]
struct Cli {
    #[command(subcommand)]
    command: RawCommand,
}

#[derive(Subcommand, Debug)]
enum RawCommand {
    /// Print every transcript and table of the study, in order.
    Demo,
    /// Run one schedule and print its transcript (or JSON).
    Run(RawRun),
    /// Sweep ttl x pause length and print the staircase (or JSON).
    Grid(RawGrid),
    /// Sweep A's stop while its acquire's replies travel x B's arrival,
    /// with Redlock's validity check and without, and print both
    /// staircases (or JSON).
    AcquireGrid(acquire::RawAcquireGrid),
    /// Check every schedule within a bound: B's arrival, A's pauses and
    /// late messages, breadth first; per property, "holds within the
    /// bound" or its shortest counterexample.
    #[command(after_help = check::EXIT_STATUS)]
    // Boxed, as the lab's is: its flags are many, and the other commands' few.
    Check(Box<check::RawCheck>),
    /// Every fault against every remedy: each cell a check of every
    /// schedule within its row's bound, saying what broke (the lock, the
    /// data, both, or nothing).
    Argument(RawArgument),
    /// Replay a counterexample `dlock check --trace` wrote (an ITF trace):
    /// print its run's transcript, having checked that its choices still
    /// make the states it records.
    Replay {
        /// The trace file (JSON, Informal Trace Format)
        file: String,
    },
    /// Run the schedule on real lock servers (redis-server, or etcd), with
    /// A really stopped (SIGSTOP) and SQLite as the resource, beside the
    /// simulation.
    Lab(Box<RawLab>),
    /// One of the lab's clients (the lab starts these itself).
    #[command(hide = true)]
    LabClient { orders: String },
}

/// What a single run and a grid share: every parameter but the two a grid
/// sweeps and the re-check, whose range differs (a run's ends at A's write,
/// which a grid moves from cell to cell). The page's staircase follows the
/// same switches.
///
/// Numbers are read as text so that "-1", "1e3" and "ten" all get the same
/// one-line answer naming the flag and its range.
#[derive(Args, Debug)]
struct Shared {
    #[command(flatten)]
    schedule: Schedule,
    #[command(flatten)]
    switches: Switches,
    #[arg(long = names::ACQUIRE_LATENCY.flag, value_name = "L", default_value = "0", allow_hyphen_values = true, help = ranged("Ticks each acquire or release request takes to reach a lock server, and each reply to return", params::LATENCY))]
    acquire_latency: String,
    #[arg(long = names::ACQUIRE_PAUSE.flag, value_name = "P", default_value = "0", allow_hyphen_values = true, help = ranged("Ticks A is stopped while the replies to its first acquire are in flight", params::ACQUIRE_PAUSE))]
    acquire_pause: String,
    /// Clients keep any majority, without checking the validity left (Redlock's step 3)
    #[arg(long = names::VALIDITY_CHECK.flag)]
    no_validity_check: bool,
    /// Print JSON instead of text
    // Its own heading, so the help lists the run's parameters together.
    #[arg(long, help_heading = "Output")]
    json: bool,
}

#[derive(Args, Debug)]
struct RawRun {
    #[command(flatten)]
    shared: Shared,
    #[command(flatten)]
    cell: OneCell,
    /// A re-checks that it holds a quorum at tick C, and writes only if so [0..=write tick]
    #[arg(long = names::RECHECK.flag, value_name = "C", allow_hyphen_values = true)]
    recheck_at: Option<String>,
    /// Run a failure mode beyond the seed instead: token-drift, restart,
    /// clock-drift, clock-jump, slow-network or stale-accepted
    #[arg(
        long,
        value_name = "NAME",
        conflicts_with_all = ["servers", "pause_from", "b_arrives", "fencing", "loose", "ttl", "pause_len",
                              "no_expiry", "a_crashes", "recheck_at", "b_writes_twice", "register_token", "cas",
                              "acquire_latency", "acquire_pause", "no_validity_check"]
    )]
    scenario: Option<String>,
    /// Set one of the scenario's knobs, e.g. drift_ordered=1 (repeatable)
    #[arg(long, value_name = "CODE=VALUE", requires = "scenario")]
    knob: Vec<String>,
    /// Apply the scenario's remedy (as the page's "show the remedy" link)
    #[arg(long, requires = "scenario")]
    remedy: bool,
}

#[derive(Args, Debug)]
struct RawArgument {
    /// Check one cell only, FAULT.REMEDY (e.g. clock-jump.validity), and print its check in full
    #[arg(long, value_name = "FAULT.REMEDY")]
    cell: Option<String>,
    /// Print JSON instead of text
    #[arg(long, help_heading = "Output")]
    json: bool,
}

#[derive(Args, Debug)]
struct RawGrid {
    #[command(flatten)]
    shared: Shared,
    #[arg(long = names::TTL.flag, value_name = "LIST", default_value = "1,5,10,12,15,20,25,30,50,1000", help = listed("Lease lengths: a list like 1,5,10 or a range like 1..30:2", params::TTL))]
    ttl: String,
    #[arg(long = names::PAUSE_LEN.flag, value_name = "LIST", default_value = "2..41:3", help = listed("Pause lengths: a list or a range", params::PAUSE_LEN))]
    pause_len: String,
    #[arg(long = names::RECHECK.flag, value_name = "C", allow_hyphen_values = true, help = ranged("A re-checks at tick C in every cell; a cell whose write comes first checks at its write", GRID_RECHECK))]
    recheck_at: Option<String>,
}

/// A grid's re-check tick: any tick A can write at, as the cells' writes
/// move with their pause lengths.
const GRID_RECHECK: Limit = Limit {
    name: "recheck",
    min: 0,
    max: params::PAUSE_FROM.max + params::PAUSE_LEN.max,
};

pub struct RunArgs {
    pub params: Params,
    pub json: bool,
    /// The scenario beyond the seed and its knob values, if one was asked for.
    pub scenario: Option<(Scenario, Vec<u32>)>,
}

pub struct GridArgs {
    pub base: Params,
    pub ttls: Vec<Tick>,
    pub pause_lens: Vec<Tick>,
    pub json: bool,
}

/// The acquire staircase: the run it is drawn from.
pub struct AcquireGridArgs {
    pub params: Params,
    pub json: bool,
}

/// `dlock argument`: the whole table, or one cell of it.
pub struct ArgumentArgs {
    pub cell: Option<dlock_core::explore::argument::Cell>,
    pub json: bool,
}

/// `dlock check`: what to explore, and how far.
pub struct CheckArgs {
    pub config: dlock_core::explore::Config,
    pub bound: dlock_core::explore::Bound,
    pub engine: check::Engine,
    pub reduction: dlock_core::explore::Reduction,
    pub json: bool,
    /// Where `--trace` writes each counterexample, as an ITF trace.
    pub trace: Option<String>,
}

pub enum Command {
    Demo,
    Check(CheckArgs),
    Argument(ArgumentArgs),
    Run(RunArgs),
    Grid(GridArgs),
    AcquireGrid(AcquireGridArgs),
    Lab(LabArgs),
    LabClient(String),
    Replay(String),
}

fn shared_params(s: &Shared) -> Result<Params, Exit> {
    Ok(Params {
        acquiring: params::Acquiring {
            latency: number(names::ACQUIRE_LATENCY.flag, &s.acquire_latency, &params::LATENCY)?,
            a_pause: number(
                names::ACQUIRE_PAUSE.flag,
                &s.acquire_pause,
                &params::ACQUIRE_PAUSE,
            )?,
            validity_check: !s.no_validity_check,
        },
        ..s.switches.apply(s.schedule.params()?)
    })
}

/// `--scenario NAME`, `--remedy` and every `--knob CODE=VALUE`, checked
/// against the scenario's knobs and their ranges.
fn scenario_args(name: &str, remedy: bool, knobs: &[String]) -> Result<(Scenario, Vec<u32>), Exit> {
    let scenario = Scenario::from_code(name.trim()).ok_or_else(|| {
        let names: Vec<&str> = Scenario::ALL.iter().map(|s| s.code()).collect();
        usage(format!("--scenario '{name}' is not one of {}", names.join(", ")))
    })?;
    let mut values = if remedy {
        scenario.with_remedy()
    } else {
        scenario.defaults()
    };
    for given in knobs {
        let (code, value) = given
            .split_once('=')
            .ok_or_else(|| usage(format!("--knob '{given}' is not CODE=VALUE")))?;
        let index = scenario
            .knobs()
            .iter()
            .position(|k| k.code == code.trim())
            .ok_or_else(|| {
                let codes: Vec<&str> = scenario.knobs().iter().map(|k| k.code).collect();
                usage(format!(
                    "--knob '{}' is not a knob of {} ({})",
                    code.trim(),
                    scenario.code(),
                    codes.join(", ")
                ))
            })?;
        let knob = scenario.knobs()[index];
        values[index] = number(&format!("knob {}", knob.code), value, &knob.limit)?;
    }
    Ok((scenario, values))
}

/// clap's refusal as dlock's: one line naming the flag (exit 2), or the
/// help and version texts whole (exit 0).
fn clap_exit(e: clap::Error) -> Exit {
    let code = if e.use_stderr() { 2 } else { 0 };
    let rendered = e.render().to_string();
    let message = if code == 0 {
        rendered
    } else if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // clap prints the whole help here, and its first line is the
        // tagline: say what is missing instead.
        "dlock: a command is required: demo, run, grid, acquire-grid, check or lab (dlock --help says what each does)".to_owned()
    } else {
        // clap's first line names the flag (or ends with a colon and
        // names it on the next); the rest is a usage hint.
        let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next().unwrap_or("invalid arguments");
        let line = match lines.next() {
            Some(next) if first.ends_with(':') => format!("{first} {next}"),
            _ => first.to_owned(),
        };
        format!("dlock: {}", line.trim_start_matches("error: "))
    };
    Exit { message, code }
}

pub fn parse<I: IntoIterator<Item = OsString>>(args: I) -> Result<Command, Exit> {
    let cli = Cli::try_parse_from(args).map_err(clap_exit)?;
    match cli.command {
        RawCommand::Demo => Ok(Command::Demo),
        RawCommand::Run(raw) => {
            if let Some(name) = &raw.scenario {
                let (scenario, values) = scenario_args(name, raw.remedy, &raw.knob)?;
                return Ok(Command::Run(RunArgs {
                    params: scenario.params(&values),
                    json: raw.shared.json,
                    scenario: Some((scenario, values)),
                }));
            }
            let mut p = raw.cell.apply(shared_params(&raw.shared)?)?;
            if let Some(c) = &raw.recheck_at {
                // The range depends on the other flags; say which tick ends it.
                let check = number(names::RECHECK.flag, c, &p.recheck_limit()).map_err(|mut e| {
                    e.message += &format!(" (A writes at t={})", p.write_tick());
                    e
                })?;
                p.recheck_at = Some(check);
            }
            Ok(Command::Run(RunArgs {
                params: p,
                json: raw.shared.json,
                scenario: None,
            }))
        }
        RawCommand::Grid(raw) => {
            let mut base = shared_params(&raw.shared)?;
            if let Some(c) = &raw.recheck_at {
                base.recheck_at = Some(number(names::RECHECK.flag, c, &GRID_RECHECK)?);
            }
            let ttls = list(names::TTL.flag, &raw.ttl, &params::TTL)?;
            let pause_lens = list(names::PAUSE_LEN.flag, &raw.pause_len, &params::PAUSE_LEN)?;
            Ok(Command::Grid(GridArgs {
                base,
                ttls,
                pause_lens,
                json: raw.shared.json,
            }))
        }
        RawCommand::AcquireGrid(raw) => Ok(Command::AcquireGrid(AcquireGridArgs {
            params: raw.params()?,
            json: raw.json,
        })),
        RawCommand::Check(raw) => {
            let config = raw.config()?;
            Ok(Command::Check(CheckArgs {
                config,
                bound: raw.bound(&config)?,
                engine: raw.engine()?,
                reduction: raw.reduction()?,
                json: raw.json,
                trace: raw.trace.clone(),
            }))
        }
        RawCommand::Replay { file } => Ok(Command::Replay(file)),
        RawCommand::Argument(raw) => argument_args(&raw).map(Command::Argument),
        RawCommand::Lab(raw) => lab::lab_args(&raw).map(Command::Lab),
        RawCommand::LabClient { orders } => Ok(Command::LabClient(orders)),
    }
}

/// `--cell FAULT.REMEDY`, one of the table's cells.
fn argument_args(raw: &RawArgument) -> Result<ArgumentArgs, Exit> {
    use dlock_core::explore::argument::Cell;
    let cell = match &raw.cell {
        None => None,
        Some(code) => Some(Cell::from_code(code.trim()).ok_or_else(|| {
            let codes: Vec<String> = Cell::all().iter().map(|c| c.code()).collect();
            usage(format!("--cell '{code}' is not one of {}", codes.join(", ")))
        })?),
    };
    Ok(ArgumentArgs { cell, json: raw.json })
}

#[cfg(test)]
mod tests {
    //! The page prints `dlock_core::command`'s lines beside each transcript
    //! and under the staircase; these check that the CLI reads them back to
    //! the very same run or grid, anywhere in every flag's range.
    use super::*;
    use dlock_core::acquire_grid;
    use dlock_core::command::{acquire_grid_command, grid_command, run_command, scenario_command};
    use dlock_core::params::Fault;
    use dlock_core::sweep::grid_base;
    use dlock_core::Comparison;
    use proptest::prelude::*;

    fn params_of(line: &str) -> Params {
        match parse(line.split(' ').map(OsString::from)) {
            Ok(Command::Run(run)) => run.params,
            Ok(_) => panic!("{line}: not a run"),
            Err(e) => panic!("{line}: {}", e.message),
        }
    }

    fn within(limit: Limit) -> std::ops::RangeInclusive<u32> {
        limit.min..=limit.max
    }

    fn any_params() -> impl Strategy<Value = Params> {
        (
            (
                within(params::SERVERS),
                within(params::TTL),
                within(params::PAUSE_FROM),
                within(params::PAUSE_LEN),
                within(params::B_ARRIVES),
            ),
            prop::collection::vec(any::<bool>(), 9),
            any::<u32>(),
            (within(params::LATENCY), within(params::ACQUIRE_PAUSE)),
        )
            .prop_map(
                |((servers, ttl, pause_from, pause_len, b_arrives), on, check, (latency, a_pause))| {
                    let mut p = Params {
                        servers: servers as u16,
                        ttl,
                        pause_from,
                        pause_len,
                        b_arrives,
                        fencing: on[0],
                        comparison: if on[1] { Comparison::Le } else { Comparison::Lt },
                        expiry: on[2],
                        a_crashes: on[3],
                        recheck_at: None,
                        b_writes_twice: on[4],
                        register_token: on[5],
                        cas: on[8],
                        fault: Fault::None,
                        acquiring: params::Acquiring {
                            latency,
                            a_pause,
                            validity_check: on[7],
                        },
                        third: None,
                        a_arrives: 0,
                        allowance: None,
                    };
                    if on[6] {
                        p.recheck_at = Some(check % (p.write_tick() + 1));
                    }
                    p
                },
            )
    }

    /// An axis as the page keeps it: sorted, no repeats.
    fn axis(limit: Limit) -> impl Strategy<Value = Vec<u32>> {
        prop_oneof![
            prop::collection::btree_set(within(limit), 1..12).prop_map(|set| set.into_iter().collect()),
            (within(limit), 1u32..5, 1u32..60).prop_map(move |(first, step, count)| {
                (0..count)
                    .map(|i| first + i * step)
                    .take_while(|&v| v <= limit.max)
                    .collect()
            }),
        ]
    }

    proptest! {
        #[test]
        fn the_grid_command_the_page_shows_gives_back_its_staircase(
            p in any_params(),
            ttls in axis(params::TTL),
            pause_lens in axis(params::PAUSE_LEN),
        ) {
            let line = grid_command(&p, &ttls, &pause_lens);
            match parse(line.split(' ').map(OsString::from)) {
                Ok(Command::Grid(grid)) => {
                    prop_assert_eq!(grid_base(&grid.base), grid_base(&p), "{}", line);
                    prop_assert_eq!(grid.ttls, ttls, "{}", line);
                    prop_assert_eq!(grid.pause_lens, pause_lens, "{}", line);
                }
                Ok(_) => prop_assert!(false, "{}: not a grid", line),
                Err(e) => prop_assert!(false, "{}: {}", line, e.message),
            }
        }

        /// The staircase depends on its base but for what it sweeps, so
        /// equal bases with those set alike draw the same staircase.
        #[test]
        fn the_acquire_grid_command_the_page_shows_gives_back_its_staircase(p in any_params()) {
            let line = acquire_grid_command(&p);
            let swept_alike = |q: &Params| acquire_grid::cell_params(&acquire_grid::base(q), 0, 0, true);
            match parse(line.split(' ').map(OsString::from)) {
                Ok(Command::AcquireGrid(args)) => prop_assert_eq!(swept_alike(&args.params), swept_alike(&p), "{}", line),
                Ok(_) => prop_assert!(false, "{}: not an acquire grid", line),
                Err(e) => prop_assert!(false, "{}: {}", line, e.message),
            }
        }

        #[test]
        fn the_command_the_page_shows_gives_back_its_run(p in any_params()) {
            let line = run_command(&p);
            prop_assert_eq!(params_of(&line), p, "{}", line);
        }

        #[test]
        fn a_scenario_command_gives_back_its_knobs(which in 0..Scenario::ALL.len(), seeds in prop::collection::vec(any::<u32>(), 4)) {
            let scenario = Scenario::ALL[which];
            let values: Vec<u32> = scenario
                .knobs()
                .iter()
                .zip(&seeds)
                .map(|(knob, seed)| knob.limit.min + seed % (knob.limit.max - knob.limit.min + 1))
                .collect();
            let line = scenario_command(scenario, &values);
            prop_assert_eq!(params_of(&line), scenario.params(&values), "{}", line);
            // And a run with the fault on, however it was reached, is named
            // by a command that repeats it.
            let p = scenario.params(&values);
            prop_assert_eq!(params_of(&run_command(&p)), p);
        }
    }
}
