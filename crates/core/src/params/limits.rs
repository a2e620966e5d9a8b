//! Every parameter's allowed range, once: the CLI's messages, the page's
//! clamping and the simulation's caps all read these.

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
