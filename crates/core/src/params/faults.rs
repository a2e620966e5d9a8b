//! The failure modes beyond the seed, as parameters: which servers each
//! client reaches, what a restarted server does, and the faults a run may
//! carry.

use super::quorum_of;
use crate::types::{ServerId, Tick};
use serde::{Deserialize, Serialize};

/// Which lock servers each client can reach.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// Both clients reach every server.
    #[default]
    All,
    /// A reaches the first quorum of servers and B the last quorum, so
    /// their majorities share only the middle (server 3 of 5): the way
    /// redis.io's restart example and Kleppmann's clock example are told,
    /// where one faulty node is enough.
    BareMajorities,
}

/// The servers a fault strikes when it strikes `count` of `servers`: the
/// ones both bare majorities share first, then the rest of A's, then B's.
/// With [`Reach::BareMajorities`] one faulty node is the shared one.
pub fn faulty_servers(servers: u16, count: u16) -> Vec<ServerId> {
    let quorum = quorum_of(servers);
    let shared = servers - quorum..quorum;
    shared
        .chain(0..servers - quorum)
        .chain(quorum..servers)
        .take(usize::from(count))
        .collect()
}

/// What a restarted lock server does about the state it lost.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestartRemedy {
    /// Comes back empty and answers at once: it may grant a lease that is
    /// still held elsewhere.
    #[default]
    None,
    /// Wrote its state to disk before every answer, and reads it back.
    Persist,
    /// redis.io's delayed restart: comes back empty, token counter
    /// included (no persistence), but refuses every request for one ttl,
    /// by which time any lease it might have granted before the crash has
    /// expired.
    StaySilent,
}

impl RestartRemedy {
    pub const ALL: [RestartRemedy; 3] = [
        RestartRemedy::None,
        RestartRemedy::Persist,
        RestartRemedy::StaySilent,
    ];

    /// Its word in `dlock check --restart` and the page's links.
    pub fn code(self) -> &'static str {
        match self {
            RestartRemedy::None => "empty",
            RestartRemedy::Persist => "persist",
            RestartRemedy::StaySilent => "delayed",
        }
    }

    pub fn from_code(code: &str) -> Option<RestartRemedy> {
        RestartRemedy::ALL.into_iter().find(|r| r.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            RestartRemedy::None => "restart empty",
            RestartRemedy::Persist => "persist state",
            RestartRemedy::StaySilent => "delayed restart",
        }
    }
}

/// A failure mode outside the study's main schedule. Each changes one
/// thing about the world; the schedule, audits and transcript are shared.
/// In JSON it is externally tagged (`"none"`, `{"token_drift": {...}}`),
/// serde's default, which every run file written so far uses.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    #[default]
    None,
    /// A can reach only server 1 for the first `partition` ticks, retrying
    /// every tick and handing its single grant back each time, then servers
    /// 1..=quorum. B reaches only the last quorum of servers. The
    /// per-server counters drift apart. `ordered` replaces them with one
    /// ordered counter for the whole service.
    TokenDrift { partition: Tick, ordered: bool },
    /// `servers` lock servers ([`faulty_servers`]) crash at `at` and
    /// restart at once.
    Restart {
        servers: u16,
        at: Tick,
        remedy: RestartRemedy,
        /// Absent in files written before clients could reach fewer than
        /// all servers: those runs had every client reach every server.
        #[serde(default)]
        reach: Reach,
    },
    /// `fast` servers' clocks ([`faulty_servers`]) run at `rate_pct`
    /// percent of real time, so their leases end early in real time. Each
    /// client trusts its lease only until `ttl - allowance` after acquiring
    /// (Redlock's validity time) and does not write after that.
    ClockDrift {
        fast: u16,
        rate_pct: u32,
        allowance: Tick,
        #[serde(default)]
        reach: Reach,
    },
    /// A's write takes `delay` ticks to travel to the resource.
    SlowNetwork { delay: Tick },
    /// At `at`, `servers` servers' clocks ([`faulty_servers`]) step
    /// forward `jump` ticks (an NTP step, a hand-set clock): every lease
    /// they hold ends `jump` ticks sooner in real time. Clients subtract
    /// Redlock's drift allowance from their validity, as under clock drift.
    ClockJump {
        servers: u16,
        at: Tick,
        jump: Tick,
        #[serde(default)]
        reach: Reach,
    },
}

/// What the explorer's reductions read of a run's fault, asked here so
/// that a new fault answers for itself (each match names every fault).
impl Fault {
    /// Whether every client reaches every server: else servers cannot be
    /// renumbered (`scenario::symmetry`).
    pub fn reaches_every_server(self) -> bool {
        match self {
            Fault::None | Fault::SlowNetwork { .. } => true,
            Fault::TokenDrift { .. } => false,
            Fault::Restart { reach, .. }
            | Fault::ClockDrift { reach, .. }
            | Fault::ClockJump { reach, .. } => reach == Reach::All,
        }
    }

    /// How many servers it strikes ([`faulty_servers`] says which).
    pub fn struck(self) -> u16 {
        match self {
            Fault::Restart { servers, .. }
            | Fault::ClockJump { servers, .. }
            | Fault::ClockDrift { fast: servers, .. } => servers,
            Fault::None | Fault::SlowNetwork { .. } | Fault::TokenDrift { .. } => 0,
        }
    }

    /// The fault without the tick it strikes at: once its event waits in
    /// the queue nothing else reads the tick (`scenario::relative`).
    pub fn timeless(self) -> Fault {
        match self {
            Fault::Restart {
                at: _,
                servers,
                remedy,
                reach,
            } => Fault::Restart {
                servers,
                at: 0,
                remedy,
                reach,
            },
            Fault::ClockJump {
                at: _,
                servers,
                jump,
                reach,
            } => Fault::ClockJump {
                servers,
                at: 0,
                jump,
                reach,
            },
            Fault::None | Fault::SlowNetwork { .. } | Fault::TokenDrift { .. } | Fault::ClockDrift { .. } => {
                self
            }
        }
    }
}
