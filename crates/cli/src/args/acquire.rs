//! `dlock acquire-grid`: the acquire staircase's flags. It takes what the
//! staircase keeps from a run and none of what it sweeps (B's arrival,
//! A's stop while its replies travel, the validity check), so a swept
//! flag is refused by name rather than silently ignored.

use super::checked::{number, ranged, Exit, Switches};
use clap::Args;
use dlock_core::names;
use dlock_core::params::{self, Acquiring};
use dlock_core::{Comparison, Params};

#[derive(Args, Debug)]
pub struct RawAcquireGrid {
    #[arg(long = names::SERVERS.flag, value_name = "N", default_value = "5", allow_hyphen_values = true, help = ranged("Number of lock servers", params::SERVERS))]
    servers: String,
    #[arg(long = names::TTL.flag, value_name = "T", default_value = "10", allow_hyphen_values = true, help = ranged("Lease length in ticks", params::TTL))]
    ttl: String,
    #[arg(long = names::PAUSE_FROM.flag, value_name = "F", default_value = "2", allow_hyphen_values = true, help = ranged("Tick at which A writes (its pause after acquiring is zero here)", params::PAUSE_FROM))]
    pause_from: String,
    /// The resource rejects writes carrying a stale token
    #[arg(long = names::FENCING.flag)]
    fencing: bool,
    /// Stale means token <= max (one write per lease) instead of token < max
    #[arg(long = names::COMPARISON.flag)]
    loose: bool,
    #[command(flatten)]
    switches: Switches,
    #[arg(long = names::ACQUIRE_LATENCY.flag, value_name = "L", default_value = "1", allow_hyphen_values = true, help = format!("Ticks each request takes to reach a lock server, and each reply to return [{}]; 0 is drawn as 1, as the staircase needs replies in flight", params::LATENCY))]
    acquire_latency: String,
    /// Print JSON instead of text
    #[arg(long, help_heading = "Output")]
    pub json: bool,
}

impl RawAcquireGrid {
    /// The run the staircase is drawn from, checked; core's
    /// `acquire_grid::base` then sets what the staircase fixes.
    pub fn params(&self) -> Result<Params, Exit> {
        let p = Params {
            servers: number(names::SERVERS.flag, &self.servers, &params::SERVERS)? as u16,
            ttl: number(names::TTL.flag, &self.ttl, &params::TTL)?,
            pause_from: number(names::PAUSE_FROM.flag, &self.pause_from, &params::PAUSE_FROM)?,
            fencing: self.fencing,
            comparison: if self.loose {
                Comparison::Le
            } else {
                Comparison::Lt
            },
            acquiring: Acquiring {
                latency: number(
                    names::ACQUIRE_LATENCY.flag,
                    &self.acquire_latency,
                    &params::LATENCY,
                )?,
                ..Params::default().acquiring
            },
            ..Params::default()
        };
        Ok(self.switches.apply(p))
    }
}
