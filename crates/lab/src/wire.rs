//! What a client process prints and the lab reads: one JSON line per
//! event, with the tick and the real milliseconds it happened at.

use dlock_core::Tick;
use serde::{Deserialize, Serialize};
use std::time::{SystemTime, UNIX_EPOCH};

/// What a client did, as it prints it: the format is core's, which reads
/// recordings back.
pub use dlock_core::recording::Event;

/// One printed line: the tick the client was in, the milliseconds since
/// tick 0, and the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub tick: Tick,
    pub ms: u64,
    pub event: Event,
}

/// One event as it really happened (core's reader reads it back).
pub use dlock_core::recording::RecordedEvent as LabEvent;

/// Milliseconds since the Unix epoch: the clock the lab and its clients
/// share, tick 0 being an instant on it.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
