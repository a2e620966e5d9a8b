//! What every command's flags share: the second stage that checks a raw
//! value against dlock-core's range and says in one line what was wrong,
//! and the one cell (ttl, pause length) a run and a lab run take.

use clap::Args;
use dlock_core::list::parse_list;
use dlock_core::names;
use dlock_core::params::{self, Limit};
use dlock_core::{Comparison, Params};

/// How to leave when the arguments are not a command: the text to print and
/// the exit code (0 for --help and --version).
#[derive(Debug)]
pub struct Exit {
    pub message: String,
    pub code: u8,
}

pub fn usage(message: String) -> Exit {
    Exit {
        message: format!("dlock: {message}"),
        code: 2,
    }
}

/// A flag's help: what it sets, then the range its value is checked
/// against, read from that range so the two cannot differ.
pub fn ranged(text: &str, limit: Limit) -> String {
    format!("{text} [{limit}]")
}

/// A list flag's help: what it sets, the range of each value, and how many
/// values a list may have.
pub fn listed(text: &str, limit: Limit) -> String {
    format!(
        "{text} [{limit}, at most {} values]",
        dlock_core::list::MAX_AXIS_VALUES
    )
}

pub fn number(flag: &str, text: &str, limit: &Limit) -> Result<u32, Exit> {
    let range = format!("a whole number in {limit}");
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| usage(format!("--{flag} '{text}' is not {range}")))?;
    if !limit.contains(n) {
        return Err(usage(format!("--{flag} {n} is out of range: expected {range}")));
    }
    Ok(n as u32)
}

pub fn list(flag: &str, text: &str, limit: &Limit) -> Result<Vec<u32>, Exit> {
    parse_list(text, limit).map_err(|e| {
        usage(format!(
            "--{flag}: {}",
            e.message.split_once(": ").map_or(&*e.message, |x| x.1)
        ))
    })
}

/// The schedule's parameters every command takes, the lab included: the
/// cluster, A's pause start, B's arrival, and fencing.
#[derive(Args, Debug)]
pub struct Schedule {
    #[arg(long = names::SERVERS.flag, value_name = "N", default_value = "5", allow_hyphen_values = true, help = ranged("Number of lock servers", params::SERVERS))]
    servers: String,
    #[arg(long = names::PAUSE_FROM.flag, value_name = "F", default_value = "2", allow_hyphen_values = true, help = ranged("Tick at which A's pause starts", params::PAUSE_FROM))]
    pause_from: String,
    #[arg(long = names::B_ARRIVES.flag, value_name = "B", default_value = "12", allow_hyphen_values = true, help = ranged("Tick at which B first asks for the lock", params::B_ARRIVES))]
    b_arrives: String,
    /// The resource rejects writes carrying a stale token
    #[arg(long = names::FENCING.flag)]
    fencing: bool,
    /// Stale means token <= max (one write per lease) instead of token < max
    #[arg(long = names::COMPARISON.flag)]
    loose: bool,
}

impl Schedule {
    /// The study's parameters with these, checked.
    pub fn params(&self) -> Result<Params, Exit> {
        Ok(Params {
            servers: number(names::SERVERS.flag, &self.servers, &params::SERVERS)? as u16,
            pause_from: number(names::PAUSE_FROM.flag, &self.pause_from, &params::PAUSE_FROM)?,
            b_arrives: number(names::B_ARRIVES.flag, &self.b_arrives, &params::B_ARRIVES)?,
            fencing: self.fencing,
            comparison: if self.loose {
                Comparison::Le
            } else {
                Comparison::Lt
            },
            ..Params::default()
        })
    }
}

/// The run's switches beyond the schedule, which a run, a grid and the
/// acquire staircase all take.
#[derive(Args, Debug)]
pub struct Switches {
    /// Leases never expire: held until released
    #[arg(long = names::EXPIRY.flag)]
    no_expiry: bool,
    /// A crashes when its pause starts and never returns
    #[arg(long = names::A_CRASHES.flag)]
    a_crashes: bool,
    /// B writes twice under its one lease
    #[arg(long = names::B_WRITES_TWICE.flag)]
    b_writes_twice: bool,
    /// B tells the resource its token as soon as it acquires
    #[arg(long = names::REGISTER_TOKEN.flag)]
    register_token: bool,
    /// Check-and-set at the resource instead of an ordered token: each holder registers its lock id as it acquires, and only writes carrying the id registered last apply
    #[arg(long = names::CAS.flag)]
    cas: bool,
}

impl Switches {
    /// `p` with these switches.
    pub fn apply(&self, p: Params) -> Params {
        Params {
            expiry: !self.no_expiry,
            a_crashes: self.a_crashes,
            b_writes_twice: self.b_writes_twice,
            register_token: self.register_token,
            cas: self.cas,
            ..p
        }
    }
}

/// The two parameters a grid sweeps, as one run takes them.
#[derive(Args, Debug)]
pub struct OneCell {
    #[arg(long = names::TTL.flag, value_name = "T", default_value = "10", allow_hyphen_values = true, help = ranged("Lease length in ticks", params::TTL))]
    ttl: String,
    #[arg(long = names::PAUSE_LEN.flag, value_name = "L", default_value = "14", allow_hyphen_values = true, help = ranged("How long A is paused", params::PAUSE_LEN))]
    pause_len: String,
}

impl OneCell {
    /// `p` with this cell's ttl and pause length, checked.
    pub fn apply(&self, mut p: Params) -> Result<Params, Exit> {
        p.ttl = number(names::TTL.flag, &self.ttl, &params::TTL)?;
        p.pause_len = number(names::PAUSE_LEN.flag, &self.pause_len, &params::PAUSE_LEN)?;
        Ok(p)
    }
}
