//! What happened in a run, as data. Transcripts and the timeline are both
//! drawn from these entries; neither re-derives anything.

use crate::frame::Frame;
use crate::types::{Client, Tick, Token, Value};
use serde::Serialize;

/// One thing a client did or had done to it.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub t: Tick,
    pub client: Client,
    pub what: What,
}

#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum What {
    /// A majority granted: the lock is held with `token` until `lease_end`.
    Acquired {
        votes: u16,
        token: Token,
        lease_end: Tick,
    },
    /// Some servers granted but not a majority; those grants were handed back.
    AcquireFailed {
        votes: u16,
    },
    /// A majority granted, but the lease's validity — the ttl less the
    /// shortest round trip and the drift allowance — is not above zero, so
    /// the client released every server at once (Redlock's failed acquire)
    /// and holds nothing. However fast a retry, it would fare the same: the
    /// client stops, and does nothing more.
    NoValidity {
        votes: u16,
        ttl: Tick,
        /// A request's trip and a reply's; left out of JSON when zero
        /// (instantaneous acquire), so such runs read as they always did.
        #[serde(skip_serializing_if = "is_zero")]
        round_trip: Tick,
        allowance: Tick,
    },
    /// Sent acquire requests to `servers` servers; they reach them at
    /// `arrive` (acquiring takes time: `Params::acquiring`), the last
    /// `spread` ticks later when the explorer delays some (left out of
    /// JSON when zero, so the study's runs read as they always did).
    Requested {
        servers: u16,
        arrive: Tick,
        #[serde(default, skip_serializing_if = "is_zero")]
        spread: Tick,
    },
    /// A majority granted, but reading the replies came `elapsed` ticks
    /// after sending: the lease's validity, `ttl - elapsed - allowance`, is
    /// not above zero. The client releases on every server and tries again
    /// at `retry` (Redlock's step 3, and its retry).
    TooLate {
        votes: u16,
        elapsed: Tick,
        ttl: Tick,
        allowance: Tick,
        retry: Tick,
    },
    /// Every attempt from `t` up to (not including) `until` was refused by
    /// every server: one attempt per tick, coalesced into one entry.
    Refused {
        until: Tick,
    },
    Read {
        value: Value,
    },
    /// Stopped running until `until` (a stop-the-world pause).
    Paused {
        until: Tick,
    },
    /// Stopped running for good.
    Crashed,
    /// Asked the lock service whether it still holds a quorum.
    Rechecked {
        holds: bool,
        votes: u16,
    },
    Wrote {
        value: Value,
        token: Token,
        accepted: bool,
    },
    /// Did not write, because the re-check said the lock was lost or the
    /// lease's validity had run out.
    WriteSkipped {
        value: Value,
        why: Skipped,
    },
    /// A compared the clock with the lease's validity, as Redlock's client
    /// does, before writing: `ok` if `t < valid_until`.
    ValidityChecked {
        valid_until: Tick,
        ok: bool,
    },
    /// The write left the client; it reaches the resource at `lands`
    /// (a slow network). The `Wrote` entry is at the landing tick.
    Sent {
        value: Value,
        token: Token,
        lands: Tick,
    },
    /// The new holder told the resource its token before doing anything
    /// else, so older tokens are refused from this tick on.
    Registered {
        token: Token,
    },
    /// The new holder registered its lock's id with the resource
    /// (check-and-set): from now on only writes carrying `id` apply.
    Claimed {
        id: u32,
    },
    /// Released; `servers` is how many servers had a live lease of the
    /// client's to end (an expired lease is already gone: releasing it
    /// ends nothing).
    Released {
        servers: u16,
    },
    /// Stopped retrying at the end of its patience without the lock.
    GaveUp,
    /// `count` of the client's messages of one kind never arrived (the
    /// explorer's `--max-lost`): requests no server heard, replies to
    /// grants the client never counted, releases that leave a lease to
    /// expire.
    Lost {
        message: Message,
        count: u16,
    },
}

/// A kind of message between a client and the lock servers.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Message {
    Request,
    Reply,
    Release,
}

/// Why a client held back its write.
#[derive(Clone, Copy, Debug, Hash, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Skipped {
    /// A re-check found the client no longer holds a quorum.
    #[default]
    LockLost,
    /// The lease's validity, by the client's own reckoning, had run out.
    ValidityEnded,
}

fn is_zero(t: &Tick) -> bool {
    *t == 0
}

impl Entry {
    /// Whether this entry is going on at tick `t`: a run of refusals and a
    /// pause span their ticks, a crash lasts for good, the rest are instants.
    pub fn covers(&self, t: Tick) -> bool {
        match self.what {
            What::Refused { until } | What::Paused { until } => self.t <= t && t < until,
            What::Crashed => self.t <= t,
            _ => self.t == t,
        }
    }

    /// The entry with its ticks in `frame` (the explorer's fingerprint):
    /// when it happened and the tick it names, not the lengths it names.
    /// Each kind names one tick at most.
    pub fn in_frame(mut self, frame: Frame) -> Entry {
        self.t = frame.tick(self.t);
        match &mut self.what {
            What::Acquired { lease_end: t, .. }
            | What::Requested { arrive: t, .. }
            | What::TooLate { retry: t, .. }
            | What::Refused { until: t }
            | What::Paused { until: t }
            | What::ValidityChecked { valid_until: t, .. }
            | What::Sent { lands: t, .. } => *t = frame.tick(*t),
            // The rest name no tick.
            What::AcquireFailed { .. }
            | What::NoValidity { .. }
            | What::Read { .. }
            | What::Crashed
            | What::Rechecked { .. }
            | What::Wrote { .. }
            | What::WriteSkipped { .. }
            | What::Registered { .. }
            | What::Claimed { .. }
            | What::Released { .. }
            | What::GaveUp
            | What::Lost { .. } => {}
        }
        self
    }

    /// The number of acquire attempts a `Refused` entry stands for.
    pub fn attempts(&self) -> u32 {
        match self.what {
            What::Refused { until } => until - self.t,
            _ => 0,
        }
    }
}
