//! What a client process prints and the lab reads: one JSON line per
//! event, with the tick and the real milliseconds it happened at.

use dlock_core::{Client, Tick};
use serde::{Deserialize, Serialize};
use std::time::{SystemTime, UNIX_EPOCH};

/// What a client did, as it prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Acquired {
        votes: u16,
        token: u64,
        validity_ms: i64,
        /// How long the acquire round took.
        round_ms: u64,
    },
    Refused {
        votes: u16,
        round_ms: u64,
    },
    Read {
        value: String,
        seq: u32,
    },
    Paused {
        until: Tick,
    },
    Wrote {
        value: String,
        token: u64,
        accepted: bool,
    },
    Released {
        servers: u16,
    },
    GaveUp,
}

/// One printed line: the tick the client was in, the milliseconds since
/// tick 0, and the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub tick: Tick,
    pub ms: u64,
    pub event: Event,
}

/// One event as it really happened.
#[derive(Clone, Debug, Serialize)]
pub struct LabEvent {
    pub client: Client,
    pub tick: Tick,
    pub ms: u64,
    pub event: Event,
}

/// Milliseconds since the Unix epoch: the clock the lab and its clients
/// share, tick 0 being an instant on it.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
