//! Every parameter's allowed range, once: the CLI's messages and help, the
//! page's clamping and the simulation's caps all read these. A run's
//! parameters are at the top level; the explorer's bound (`dlock check`,
//! "Every schedule") is in [`bound`], whose ranges are narrower where the
//! two share a name, since every value in them multiplies a search.

use super::{Params, READ_AFTER_ACQUIRE};
use std::fmt;

/// An inclusive integer range a parameter must lie in, with its name so a
/// message can say which parameter was wrong.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Limit {
    pub name: &'static str,
    pub min: u32,
    pub max: u32,
}

impl Limit {
    pub fn contains(&self, v: u64) -> bool {
        u64::from(self.min) <= v && v <= u64::from(self.max)
    }

    /// The nearest allowed value.
    pub fn clamp(&self, v: u64) -> u32 {
        v.clamp(u64::from(self.min), u64::from(self.max)) as u32
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", self.min, self.max)
    }
}

/// Cluster size: one server up to 101 (quorum 51).
pub const SERVERS: Limit = Limit {
    name: "servers",
    min: 1,
    max: 101,
};
/// Lease length in ticks. Zero would be a lease that is dead when granted.
pub const TTL: Limit = Limit {
    name: "ttl",
    min: 1,
    max: 10_000,
};
/// A reads at tick 1, so the pause starts at 2 at the earliest.
pub const PAUSE_FROM: Limit = Limit {
    name: "pause_from",
    min: 2,
    max: 10_000,
};
/// A pause of zero ticks is allowed: it is the run without a pause.
pub const PAUSE_LEN: Limit = Limit {
    name: "pause_len",
    min: 0,
    max: 10_000,
};
/// When B first asks for the lock.
pub const B_ARRIVES: Limit = Limit {
    name: "b_arrives",
    min: 0,
    max: 10_000,
};

/// How long A may be cut off from all but one server (token drift).
pub const PARTITION: Limit = Limit {
    name: "partition",
    min: 0,
    max: 100,
};
/// When the restarting servers crash and come back.
pub const RESTART_AT: Limit = Limit {
    name: "restart_at",
    min: 1,
    max: 10_000,
};
/// A fast or slow server clock, in percent of real time.
pub const CLOCK_RATE: Limit = Limit {
    name: "rate",
    min: 50,
    max: 400,
};
/// How far a server's clock steps forward (clock jump).
pub const JUMP: Limit = Limit {
    name: "jump",
    min: 0,
    max: 1_000,
};
/// How long A's write is on the wire.
pub const DELAY: Limit = Limit {
    name: "delay",
    min: 0,
    max: 1_000,
};

/// How long each acquire request takes to reach a lock server, and each
/// reply to come back (issue 31). Zero is the study's model: instantaneous.
pub const LATENCY: Limit = Limit {
    name: "acquire_latency",
    min: 0,
    max: 10,
};
/// How long A is stopped while its acquire replies are in flight.
pub const ACQUIRE_PAUSE: Limit = Limit {
    name: "acquire_pause",
    min: 0,
    max: 1_000,
};

/// The ranges that depend on the other parameters.
impl Params {
    /// How many servers a fault may name: at most the whole cluster.
    pub fn servers_limit(&self, name: &'static str) -> Limit {
        Limit {
            name,
            min: 0,
            max: u32::from(self.servers),
        }
    }

    /// A's pause cannot start before A has acquired and read.
    pub fn pause_from_limit(&self) -> Limit {
        Limit {
            min: PAUSE_FROM.min.max(self.a_acquires_at() + READ_AFTER_ACQUIRE + 1),
            ..PAUSE_FROM
        }
    }

    /// A's safety margin cannot exceed the lease it is subtracted from.
    pub fn allowance_limit(&self) -> Limit {
        Limit {
            name: "allowance",
            min: 0,
            max: self.ttl,
        }
    }

    /// Where a re-check may be placed: after A acquired, no later than its write.
    pub fn recheck_limit(&self) -> Limit {
        Limit {
            name: "recheck",
            min: 0,
            max: self.write_tick(),
        }
    }
}

/// The explorer's ranges: what `dlock check` and "Every schedule" let a
/// reader ask for. Wide enough for the debate's questions, small enough
/// that a choice indexes the tape and a run stays short.
pub mod bound {
    use super::Limit;

    const fn limit(name: &'static str, min: u32, max: u32) -> Limit {
        Limit { name, min, max }
    }

    /// Servers in a searched cluster: a search over the run's 101 would
    /// never end.
    pub const SERVERS: Limit = limit("servers", 1, 7);
    pub const TTL: Limit = limit("ttl", 1, 60);
    pub const MAX_ARRIVAL: Limit = limit("max_arrival", 0, 60);
    /// At most the study's own pause range, so a counterexample's pause is
    /// one `dlock run --pause-len` takes.
    pub const MAX_PAUSE: Limit = limit("max_pause", 0, 60);
    pub const MAX_DELAY: Limit = limit("max_delay", 0, 5);
    pub const HORIZON: Limit = limit("horizon", 1, 400);
    pub const WITHIN: Limit = limit("within", 1, 400);
    pub const MAX_STATES: Limit = limit("max_states", 1, 50_000_000);
    /// How many messages a run may lose: enough for a bare majority of
    /// seven servers, or for Kleppmann's example (two lost on the way to
    /// five).
    pub const MAX_LOST: Limit = limit("max_lost", 0, 5);
    /// How far one server's clock may step forward, in ticks.
    pub const CLOCK_STEP: Limit = limit("clock_step", 0, 20);
    /// How long A may reach only one server, in ticks.
    pub const PARTITION: Limit = limit("partition", 0, 20);
    /// The last tick at which A may first ask for the lock (0: at once, as
    /// in the study), as B's arrival is chosen.
    pub const MAX_A_ARRIVAL: Limit = limit("max_a_arrival", 0, 60);
    /// How many clients run: the study's two, or a third running B's
    /// script.
    pub const CLIENTS: Limit = limit("clients", 2, 3);
    /// The rate one server's clock runs at, in percent of real time (100:
    /// true), within the range the study's clock drift takes.
    pub const CLOCK_RATE: Limit = limit("clock_rate", super::CLOCK_RATE.min, super::CLOCK_RATE.max);
    /// The drift allowance every client subtracts from its lease, in
    /// ticks: none by default, as in the study; Redlock's reference
    /// clients subtract 1% of the ttl plus 2 ms
    /// ([`crate::params::drift_allowance_ms`]), one tick at 100 ms a tick.
    pub const DRIFT_ALLOWANCE: Limit = limit("drift_allowance", 0, 20);
    /// Threads for stateright's checker (`--engine stateright`).
    pub const THREADS: Limit = limit("threads", 1, 256);
    const _: () = assert!(MAX_PAUSE.max <= super::PAUSE_LEN.max);
}
