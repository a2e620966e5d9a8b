//! What dragging a timeline handle does to the parameters: pure, so the
//! page's drags and the tests ask the same function.

use dlock_core::{Params, Tick};

/// What a drag on the timeline changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    PauseStart,
    PauseEnd,
    BArrival,
    Recheck,
}

/// Applies a drag of `handle` to tick `t`, keeping every parameter in range.
/// Dragging the pause's start keeps its end where it is; dragging the end
/// moves only the end. The pause's earliest start is the parameters' own
/// (`pause_from_limit`): a fault that delays A's acquire delays it too.
pub fn apply_drag(p: &Params, handle: Handle, t: Tick) -> Params {
    use dlock_core::params::{B_ARRIVES, PAUSE_LEN};
    let mut next = *p;
    match handle {
        Handle::PauseStart => {
            let end = p.write_tick();
            let limit = p.pause_from_limit();
            let from = t.clamp(limit.min, end.min(limit.max).max(limit.min));
            next.pause_from = from;
            next.pause_len = end.saturating_sub(from).min(PAUSE_LEN.max);
        }
        Handle::PauseEnd => {
            let end = t.max(p.pause_from);
            next.pause_len = (end - p.pause_from).min(PAUSE_LEN.max);
        }
        Handle::BArrival => next.b_arrives = t.min(B_ARRIVES.max),
        Handle::Recheck => next.recheck_at = Some(t),
    }
    next.with_recheck_no_later_than_write()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbitrary::{any_params, near_the_ends};
    use dlock_core::params::{B_ARRIVES, PAUSE_LEN};
    use proptest::prelude::*;

    #[test]
    fn drags_keep_parameters_in_range() {
        let p = Params::default();
        let shorter = apply_drag(&p, Handle::PauseEnd, 13);
        assert_eq!((shorter.pause_from, shorter.pause_len), (2, 11));
        let later_start = apply_drag(&p, Handle::PauseStart, 5);
        assert_eq!(
            (later_start.pause_from, later_start.write_tick()),
            (5, 16),
            "the end stays put"
        );
        assert_eq!(apply_drag(&p, Handle::PauseStart, 0).pause_from, 2);
        assert_eq!(apply_drag(&p, Handle::PauseEnd, 0).pause_len, 0);
        assert_eq!(apply_drag(&p, Handle::BArrival, 100).b_arrives, 100);
        assert_eq!(
            apply_drag(&p, Handle::Recheck, 40).recheck_at,
            Some(16),
            "a check never follows the write"
        );
        assert_eq!(apply_drag(&p, Handle::Recheck, 5).recheck_at, Some(5));
        let checked = Params {
            recheck_at: Some(16),
            ..p
        };
        assert_eq!(apply_drag(&checked, Handle::PauseEnd, 12).recheck_at, Some(12));
        assert!(apply_drag(&p, Handle::PauseEnd, Tick::MAX).validate().is_ok());
        // A pause that ends past the latest start it may have: the start
        // stops at that limit, short of the end.
        let long = Params {
            pause_from: 2_867,
            pause_len: 7_134,
            ..p
        };
        assert_eq!(apply_drag(&long, Handle::PauseStart, 10_001).pause_from, 10_000);
    }

    fn any_handle() -> impl Strategy<Value = Handle> {
        prop_oneof![
            Just(Handle::PauseStart),
            Just(Handle::PauseEnd),
            Just(Handle::BArrival),
            Just(Handle::Recheck),
        ]
    }

    proptest! {
        #[test]
        fn a_drag_anywhere_leaves_valid_parameters_and_moves_only_its_handle(
            p in any_params(),
            handle in any_handle(),
            t in prop_oneof![near_the_ends(), 0u32..=25_000, 19_960u32..=20_040],
        ) {
            let next = apply_drag(&p, handle, t);
            prop_assert!(next.validate().is_ok(), "{:?}", next.validate());
            // A re-check never follows the write: when the write moves
            // before it, it is pulled back to the write.
            if handle != Handle::Recheck {
                prop_assert_eq!(next.recheck_at, p.recheck_at.map(|c| c.min(next.write_tick())));
            }
            // Put back what the handle moves: the rest is untouched.
            let mut restored = Params { recheck_at: p.recheck_at, ..next };
            match handle {
                Handle::PauseStart => {
                    (restored.pause_from, restored.pause_len) = (p.pause_from, p.pause_len);
                    // The end stays put whenever the pause can stretch that far.
                    if p.write_tick() - next.pause_from <= PAUSE_LEN.max {
                        prop_assert_eq!(next.write_tick(), p.write_tick());
                    }
                }
                Handle::PauseEnd => {
                    restored.pause_len = p.pause_len;
                    prop_assert!(next.write_tick() >= p.pause_from);
                }
                Handle::BArrival => {
                    restored.b_arrives = p.b_arrives;
                    prop_assert_eq!(next.b_arrives, t.min(B_ARRIVES.max));
                }
                Handle::Recheck => {
                    prop_assert_eq!(next.recheck_at, Some(t.min(p.write_tick())));
                }
            }
            prop_assert_eq!(restored, p);
        }
    }
}
