//! What every command's flags share: the second stage that checks a raw
//! value against dlock-core's range and says in one line what was wrong,
//! and the one cell (ttl, pause length) a run and a lab run take.

use clap::Args;
use dlock_core::list::parse_list;
use dlock_core::names;
use dlock_core::params::{self, Limit};
use dlock_core::Params;

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

/// The two parameters a grid sweeps, as one run takes them.
#[derive(Args, Debug)]
pub struct OneCell {
    /// Lease length in ticks [1..=10000]
    #[arg(long = names::TTL.flag, value_name = "T", default_value = "10", allow_hyphen_values = true)]
    ttl: String,
    /// How long A is paused [0..=10000]
    #[arg(long = names::PAUSE_LEN.flag, value_name = "L", default_value = "14", allow_hyphen_values = true)]
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
