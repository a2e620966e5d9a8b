//! Test-only generators for the web crate's property tests: parameter
//! sets the page can hold, and ticks that land near the limits where
//! clamping has work to do.

use dlock_core::params::Fault;
use dlock_core::{Params, Tick};
use proptest::prelude::*;

/// Valid parameters, some with the fault that moves A's acquire later,
/// some with a re-check.
pub fn any_params() -> impl Strategy<Value = Params> {
    (
        (
            1u16..=101,
            near_the_ends(),
            near_the_ends(),
            near_the_ends(),
            near_the_ends(),
        ),
        (0u32..=30, any::<bool>(), proptest::option::of(near_the_ends())),
    )
        .prop_filter_map(
            "outside the parameters' limits",
            |((servers, ttl, pause_from, pause_len, b_arrives), (partition, drifted, recheck_at))| {
                let p = Params {
                    servers,
                    ttl,
                    pause_from,
                    pause_len,
                    b_arrives,
                    recheck_at,
                    fault: if drifted {
                        Fault::TokenDrift {
                            partition,
                            ordered: false,
                        }
                    } else {
                        Fault::None
                    },
                    ..Params::default()
                }
                // As the page keeps them: a pause starts no earlier than a
                // re-check inside it.
                .with_pause_from_its_check();
                p.validate().is_ok().then_some(p)
            },
        )
}

/// A tick, often near a limit, where clamping has work to do.
pub fn near_the_ends() -> impl Strategy<Value = Tick> {
    prop_oneof![0u32..=40, 0u32..=10_000, 9_960u32..=10_040]
}
