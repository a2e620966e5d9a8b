//! Random schedules of the study's own kind (no fault, no switch but
//! fencing), shared by the property tests that sweep them. Included by
//! path, as `misnumbered.rs` is.

use dlock_core::Params;
use proptest::prelude::*;

/// A cluster of 1 to 7 servers, any lease, pause and arrival in a range
/// that covers the staircase's corner, fencing on or off.
pub fn basic_params() -> impl Strategy<Value = Params> {
    (
        1u16..=7,
        1u32..=60,
        2u32..=20,
        0u32..=60,
        0u32..=80,
        any::<bool>(),
    )
        .prop_map(
            |(servers, ttl, pause_from, pause_len, b_arrives, fencing)| Params {
                servers,
                ttl,
                pause_from,
                pause_len,
                b_arrives,
                fencing,
                ..Params::default()
            },
        )
}
