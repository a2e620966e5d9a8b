//! `dlock lab` and `dlock lab grid`: the study's schedule on real servers.
//! Its help lists only what the lab can run; a run flag it cannot apply is
//! still read (hidden), so that it is refused by name, with the reason,
//! rather than as an unknown flag.

use super::checked::{list, listed, number, ranged, usage, Exit, OneCell, Schedule};
use clap::{Args, Subcommand};
use dlock_core::names;
use dlock_core::params::{self, Limit};
use dlock_core::{Params, Tick};

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct RawLab {
    #[command(subcommand)]
    grid: Option<RawLabSub>,
    #[command(flatten)]
    shared: LabShared,
    #[command(flatten)]
    cell: OneCell,
    #[command(flatten)]
    parts: RawParts,
    #[command(flatten)]
    refused: Refused,
}

/// The schedule's parameters the lab can play, for a run and a grid.
#[derive(Args, Debug)]
struct LabShared {
    #[command(flatten)]
    schedule: Schedule,
    /// Print JSON instead of text
    #[arg(long, help_heading = "Output")]
    json: bool,
}

/// `dlock run`'s flags that the lab cannot apply, each with the reason.
#[derive(Args, Debug)]
struct Refused {
    #[arg(long = names::EXPIRY.flag, hide = true)]
    no_expiry: bool,
    #[arg(long = names::A_CRASHES.flag, hide = true)]
    a_crashes: bool,
    #[arg(long = names::B_WRITES_TWICE.flag, hide = true)]
    b_writes_twice: bool,
    #[arg(long = names::REGISTER_TOKEN.flag, hide = true)]
    register_token: bool,
    #[arg(long = names::CAS.flag, hide = true)]
    cas: bool,
    #[arg(long = names::ACQUIRE_LATENCY.flag, hide = true)]
    acquire_latency: Option<String>,
    #[arg(long = names::ACQUIRE_PAUSE.flag, hide = true)]
    acquire_pause: Option<String>,
    #[arg(long = names::VALIDITY_CHECK.flag, hide = true)]
    no_validity_check: bool,
    #[arg(long = names::RECHECK.flag, hide = true)]
    recheck_at: Option<String>,
    #[arg(long, hide = true)]
    scenario: Option<String>,
}

impl Refused {
    /// The first flag given that the lab cannot apply, and why.
    fn check(&self) -> Result<(), Exit> {
        let network = "the lab's network is real: it measures how long acquiring takes instead of setting it";
        let given: [(bool, &str, &str); 10] = [
            (
                self.no_expiry,
                names::EXPIRY.flag,
                "Redis and etcd leases always expire",
            ),
            (
                self.a_crashes,
                names::A_CRASHES.flag,
                "the lab stops A with SIGSTOP and resumes it; it never kills A",
            ),
            (
                self.b_writes_twice,
                names::B_WRITES_TWICE.flag,
                "the lab's B writes once",
            ),
            (
                self.register_token,
                names::REGISTER_TOKEN.flag,
                "the lab's store has no token registration",
            ),
            (
                self.cas,
                names::CAS.flag,
                "the lab's store fences by token, and has no holder ids",
            ),
            (
                self.acquire_latency.is_some(),
                names::ACQUIRE_LATENCY.flag,
                network,
            ),
            (
                self.acquire_pause.is_some(),
                names::ACQUIRE_PAUSE.flag,
                "the lab's A pauses after it acquires, with SIGSTOP",
            ),
            (
                self.no_validity_check,
                names::VALIDITY_CHECK.flag,
                "the lab's clients take Redlock's validity check as redis.io describes it",
            ),
            (
                self.recheck_at.is_some(),
                names::RECHECK.flag,
                "the lab's A does not re-check the lock",
            ),
            (
                self.scenario.is_some(),
                "scenario",
                "the lab runs the study's schedule, not the failures beyond it",
            ),
        ];
        match given.iter().find(|(on, ..)| *on) {
            Some((_, flag, why)) => Err(usage(format!("lab: --{flag} cannot apply to the lab: {why}"))),
            None => Ok(()),
        }
    }
}

/// What the lab plays a schedule on, for a run and a grid alike.
#[derive(Args, Debug)]
struct RawParts {
    #[arg(long, value_name = "MS", default_value = "100", allow_hyphen_values = true, help = ranged("Milliseconds per tick", TICK_MS))]
    tick_ms: String,
    /// The lock: redis (Redlock over --servers redis-servers) or etcd (a try-lock on an etcd cluster; ttl x tick-ms whole seconds, at least 2)
    #[arg(long, value_name = "LOCK", default_value = "redis")]
    lock: String,
    /// Members of the etcd cluster with --lock etcd [1, 3 or 5]
    #[arg(long, value_name = "N", default_value = "3", allow_hyphen_values = true)]
    etcd_members: String,
    /// The resource in a PostgreSQL you have (postgres://…) instead of a SQLite file
    #[arg(long, value_name = "URL")]
    store: Option<String>,
    #[arg(long, value_name = "S", allow_hyphen_values = true, help = format!("Seed for the clients' random retry delays, to play a run's retries again [0..={}; default: a new one, printed]", u64::MAX))]
    seed: Option<String>,
}

/// Where and how a lab run is played, checked.
pub struct Parts {
    pub lock: dlock_lab::LockKind,
    pub tick_ms: u64,
    pub etcd_members: u16,
    /// A PostgreSQL URL, or `None` for SQLite.
    pub postgres: Option<String>,
    pub seed: u64,
}

impl RawParts {
    fn read(&self) -> Result<Parts, Exit> {
        let members = number("etcd-members", &self.etcd_members, &ETCD_MEMBERS)? as u16;
        if !dlock_lab::etcd::MEMBERS.contains(&members) {
            return Err(usage(format!("--etcd-members {members} is not one of 1, 3, 5")));
        }
        let seed = match self.seed.as_deref().map(str::trim) {
            None => rand_seed(),
            Some(text) => text.parse().map_err(|_| {
                usage(format!(
                    "--seed '{text}' is not a whole number in 0..={}",
                    u64::MAX
                ))
            })?,
        };
        Ok(Parts {
            lock: lock_kind(&self.lock)?,
            tick_ms: u64::from(number("tick-ms", &self.tick_ms, &TICK_MS)?),
            etcd_members: members,
            postgres: store_url(&self.store)?,
            seed,
        })
    }
}

/// A new seed for a run that was given none: the clock's nanoseconds,
/// mixed with the process id. It is printed, so the run can be repeated.
fn rand_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}

#[derive(Subcommand, Debug)]
enum RawLabSub {
    /// Run every cell of ttl x pause length for real, and say cell by cell
    /// whether the simulation agrees
    Grid(RawLabGrid),
}

#[derive(Args, Debug)]
struct RawLabGrid {
    #[command(flatten)]
    shared: LabShared,
    #[arg(long = names::TTL.flag, value_name = "LIST", default_value = "10", help = listed("Lease lengths: a list like 5,10 or a range like 8..12:2", params::TTL))]
    ttl: String,
    #[arg(long = names::PAUSE_LEN.flag, value_name = "LIST", default_value = "8,14", help = listed("Pause lengths: a list or a range", params::PAUSE_LEN))]
    pause_len: String,
    #[command(flatten)]
    parts: RawParts,
    #[command(flatten)]
    refused: Refused,
}

/// A lab tick: long enough for a round on every server, short enough for
/// a run to take seconds.
const TICK_MS: Limit = Limit {
    name: "tick-ms",
    min: 10,
    max: 10_000,
};

const ETCD_MEMBERS: Limit = Limit {
    name: "etcd-members",
    min: 1,
    max: 5,
};

/// A lab run or grid, its flags checked.
pub struct LabArgs {
    pub params: Params,
    pub parts: Parts,
    pub json: bool,
    /// `dlock lab grid`: the ttls and pause lengths to run.
    pub grid: Option<(Vec<Tick>, Vec<Tick>)>,
}

/// `--store`: a PostgreSQL URL, or nothing for the lab's SQLite file.
fn store_url(given: &Option<String>) -> Result<Option<String>, Exit> {
    match given.as_deref().map(str::trim) {
        None => Ok(None),
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Ok(Some(url.to_owned()))
        }
        Some(other) => Err(usage(format!("--store '{other}' is not a postgres:// URL"))),
    }
}

fn lock_kind(text: &str) -> Result<dlock_lab::LockKind, Exit> {
    match text.trim() {
        "redis" => Ok(dlock_lab::LockKind::Redis),
        "etcd" => Ok(dlock_lab::LockKind::Etcd),
        other => Err(usage(format!("--lock '{other}' is not one of redis, etcd"))),
    }
}

fn lab_params(s: &LabShared) -> Result<Params, Exit> {
    s.schedule.params()
}

/// `dlock lab`, or `dlock lab grid`: the schedule, checked cell by cell.
pub fn lab_args(raw: &RawLab) -> Result<LabArgs, Exit> {
    if let Some(RawLabSub::Grid(grid)) = &raw.grid {
        return lab_grid_args(grid);
    }
    raw.refused.check()?;
    let p = raw.cell.apply(lab_params(&raw.shared)?)?;
    let parts = raw.parts.read()?;
    dlock_lab::check_params(&p, parts.lock, parts.tick_ms).map_err(|e| usage(format!("lab: {e}")))?;
    Ok(LabArgs {
        params: p,
        parts,
        json: raw.shared.json,
        grid: None,
    })
}

/// `dlock lab grid`: every cell of ttl × pause length on real servers.
fn lab_grid_args(raw: &RawLabGrid) -> Result<LabArgs, Exit> {
    raw.refused.check()?;
    let base = lab_params(&raw.shared)?;
    let parts = raw.parts.read()?;
    let ttls = list(names::TTL.flag, &raw.ttl, &params::TTL)?;
    let pause_lens = list(names::PAUSE_LEN.flag, &raw.pause_len, &params::PAUSE_LEN)?;
    for &ttl in &ttls {
        for &pause_len in &pause_lens {
            let cell = Params {
                ttl,
                pause_len,
                ..base
            };
            dlock_lab::check_params(&cell, parts.lock, parts.tick_ms)
                .map_err(|e| usage(format!("lab: {e}")))?;
        }
    }
    Ok(LabArgs {
        params: base,
        parts,
        json: raw.shared.json,
        grid: Some((ttls, pause_lens)),
    })
}
