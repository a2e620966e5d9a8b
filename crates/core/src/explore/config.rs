//! What the explorer checks: a lock and a resource, and the bounds of the
//! choices it tries.

use crate::params::{Acquiring, Comparison, Params};
use crate::scenario::tape::Ranges;
use crate::types::Tick;
use serde::Serialize;

/// The lock: the seed's lease lock (an instantaneous acquire, so no
/// message can be late), or Redlock, whose requests, replies and releases
/// take a tick and may take more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LockKind {
    Lease,
    Redlock,
}

/// The resource: plain, fenced (`<` or `<=` against the highest token
/// seen), or check-and-set on the holder's registered id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResourceKind {
    Plain,
    Fencing,
    FencingLe,
    Cas,
}

impl ResourceKind {
    pub const ALL: [ResourceKind; 4] = [
        ResourceKind::Plain,
        ResourceKind::Fencing,
        ResourceKind::FencingLe,
        ResourceKind::Cas,
    ];

    /// The name the CLI takes and prints.
    pub fn code(self) -> &'static str {
        match self {
            ResourceKind::Plain => "plain",
            ResourceKind::Fencing => "fencing",
            ResourceKind::FencingLe => "fencing-le",
            ResourceKind::Cas => "cas",
        }
    }

    pub fn from_code(code: &str) -> Option<ResourceKind> {
        ResourceKind::ALL.into_iter().find(|r| r.code() == code)
    }
}

/// One configuration: the lock, whether clients check the validity left
/// (Redlock's step 3; meaningless for the lease lock), the resource, and
/// the cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Config {
    pub lock: LockKind,
    pub validity_check: bool,
    pub resource: ResourceKind,
    pub servers: u16,
    pub ttl: Tick,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            lock: LockKind::Lease,
            validity_check: true,
            resource: ResourceKind::Plain,
            servers: 5,
            ttl: 10,
        }
    }
}

impl Config {
    /// The study's parameters for this configuration. B's arrival and A's
    /// pauses are left at zero: the explorer chooses them.
    pub fn params(&self) -> Params {
        let study = Params::default();
        Params {
            servers: self.servers,
            ttl: self.ttl,
            pause_len: 0,
            b_arrives: 0,
            fencing: matches!(self.resource, ResourceKind::Fencing | ResourceKind::FencingLe),
            comparison: match self.resource {
                ResourceKind::FencingLe => Comparison::Le,
                _ => Comparison::Lt,
            },
            cas: self.resource == ResourceKind::Cas,
            acquiring: match self.lock {
                LockKind::Lease => Acquiring::INSTANT,
                LockKind::Redlock => Acquiring {
                    latency: 1,
                    a_pause: 0,
                    validity_check: self.validity_check,
                },
            },
            ..study
        }
    }

    /// The configuration in a few words, e.g. "Redlock without the
    /// validity check, 5 servers, ttl 10, resource: fencing".
    pub fn describe(&self) -> String {
        let lock = match (self.lock, self.validity_check) {
            (LockKind::Lease, _) => "the lease lock".to_owned(),
            (LockKind::Redlock, true) => "Redlock with the validity check".to_owned(),
            (LockKind::Redlock, false) => "Redlock without the validity check".to_owned(),
        };
        format!(
            "{lock}, {} servers, ttl {}, resource: {}",
            self.servers,
            self.ttl,
            self.resource.code()
        )
    }
}

/// How far the explorer looks: B arrives at any tick up to `max_arrival`,
/// A stops for any length up to `max_pause` (after acquiring, and with
/// Redlock while its first replies travel), each message may take up to
/// `max_delay` ticks more than one, clients stop retrying at `horizon`,
/// and a client that asks must hold the lock within `within` ticks. The
/// search stops, incomplete, after `max_states` states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Bound {
    pub max_arrival: Tick,
    pub max_pause: Tick,
    pub max_delay: Tick,
    pub horizon: Tick,
    pub within: Tick,
    pub max_states: u64,
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            max_arrival: 12,
            max_pause: 14,
            max_delay: 0,
            horizon: 40,
            within: 20,
            max_states: 2_000_000,
        }
    }
}

impl Bound {
    pub fn ranges(&self) -> Ranges {
        Ranges {
            max_arrival: self.max_arrival,
            max_pause: self.max_pause,
            max_delay: self.max_delay,
            horizon: self.horizon,
        }
    }

    /// The bound in a few words, for "holds within …".
    pub fn describe(&self) -> String {
        format!(
            "B arriving at t=0..{}, A stopped 0..{} ticks, messages up to {} ticks late, clients retrying until t={}",
            self.max_arrival, self.max_pause, self.max_delay, self.horizon
        )
    }
}
