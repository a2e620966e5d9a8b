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
            // A check the new pause would swallow holds the start (A ran
            // the check), before the length is clamped, so the end stays.
            let from = match p.recheck_at {
                Some(c) if c > from && c < end => c.min(limit.max),
                _ => from,
            };
            next.pause_from = from;
            next.pause_len = end.saturating_sub(from).min(PAUSE_LEN.max);
        }
        Handle::PauseEnd => {
            let end = t.max(p.pause_from);
            next.pause_len = (end - p.pause_from).min(PAUSE_LEN.max);
            // A check just before the write follows the write, as it does
            // when the length is typed (`settings::field`): left behind, it
            // would fall inside the longer pause and move its start.
            if p.recheck_at == Some(p.write_tick()) {
                next.recheck_at = Some(next.write_tick());
            }
        }
        Handle::BArrival => next.b_arrives = t.min(B_ARRIVES.max),
        Handle::Recheck => next.recheck_at = Some(t),
    }
    next.with_recheck_no_later_than_write()
        .with_pause_from_its_check()
}

/// The tick `handle` sits at in the drawing: where A's pause really starts
/// (a check inside the pause starts it), where A writes, when B arrives,
/// when A checks.
pub fn position(p: &Params, handle: Handle) -> Tick {
    match handle {
        Handle::PauseStart => p.effective_pause_from(),
        Handle::PauseEnd => p.write_tick(),
        Handle::BArrival => p.b_arrives,
        Handle::Recheck => p.recheck_at.unwrap_or(0),
    }
}

/// The lowest and highest ticks a drag of `handle` can put it at: the range
/// it announces as a slider, and where Home and End take it. Read off
/// `apply_drag` itself, so the two cannot disagree.
pub fn reach(p: &Params, handle: Handle) -> (Tick, Tick) {
    let at = |t| position(&apply_drag(p, handle, t), handle);
    (at(0), at(Tick::MAX))
}

/// Where a key pressed on a focused handle at `now` sends it, kept within
/// `reach`: arrows step a tick, Page Up and Page Down ten, Home and End go
/// to the ends (as on any slider). `None` for other keys.
pub fn key_target(key: &str, now: Tick, (lowest, highest): (Tick, Tick)) -> Option<Tick> {
    let target = match key {
        "ArrowLeft" | "ArrowDown" => now.saturating_sub(1),
        "ArrowRight" | "ArrowUp" => now.saturating_add(1),
        "PageDown" => now.saturating_sub(10),
        "PageUp" => now.saturating_add(10),
        "Home" => lowest,
        "End" => highest,
        _ => return None,
    };
    Some(target.clamp(lowest, highest.max(lowest)))
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
        // A check just before the write follows a later write too, and the
        // pause keeps its start.
        let later = apply_drag(&checked, Handle::PauseEnd, 20);
        assert_eq!(
            (later.recheck_at, later.pause_from),
            (Some(20), checked.pause_from)
        );
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

    #[test]
    fn a_handle_reaches_from_its_lowest_to_its_highest_tick() {
        let p = Params::default();
        assert_eq!(reach(&p, Handle::PauseStart), (2, 16), "not past the write");
        assert_eq!(reach(&p, Handle::PauseEnd), (2, 2 + PAUSE_LEN.max));
        assert_eq!(reach(&p, Handle::BArrival), (B_ARRIVES.min, B_ARRIVES.max));
        assert_eq!(reach(&p, Handle::Recheck), (0, 16));
        // A check inside the pause starts it: the start's handle sits at
        // the check and cannot be dragged before it.
        let checked = Params {
            recheck_at: Some(9),
            ..p
        };
        assert_eq!(position(&checked, Handle::PauseStart), 9);
        assert_eq!(reach(&checked, Handle::PauseStart), (9, 16));
    }

    #[test]
    fn keys_step_a_handle_and_home_and_end_take_it_to_its_ends() {
        let range = (2, 16);
        assert_eq!(key_target("ArrowRight", 5, range), Some(6));
        assert_eq!(key_target("ArrowDown", 5, range), Some(4));
        assert_eq!(key_target("PageUp", 5, range), Some(15));
        assert_eq!(key_target("PageUp", 10, range), Some(16), "not past the end");
        assert_eq!(key_target("PageDown", 5, range), Some(2), "not before the start");
        assert_eq!(key_target("ArrowLeft", 0, (0, 3)), Some(0));
        assert_eq!(key_target("Home", 9, range), Some(2));
        assert_eq!(key_target("End", 9, range), Some(16));
        assert_eq!(key_target("End", 9, (0, Tick::MAX)), Some(Tick::MAX));
        assert_eq!(key_target("Enter", 9, range), None);
        assert_eq!(key_target(" ", 9, range), None, "space stays the player's");
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
            // before it, it is pulled back to the write. One just before
            // the write moves with the pause's end.
            let follows = handle == Handle::PauseEnd && p.recheck_at == Some(p.write_tick());
            if follows {
                prop_assert_eq!(next.recheck_at, Some(next.write_tick()));
            } else if handle != Handle::Recheck {
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
                    // A check dragged into the pause starts the pause there;
                    // the write stays where it was.
                    prop_assert_eq!(next.write_tick(), p.write_tick());
                    (restored.pause_from, restored.pause_len) = (p.pause_from, p.pause_len);
                }
            }
            prop_assert_eq!(next, next.with_pause_from_its_check(), "kept as drawn");
            prop_assert_eq!(restored, p);
        }

        /// Wherever a drag or a key sends a handle, it lands inside the
        /// range it announces, and every tick of that range can be reached.
        #[test]
        fn a_handle_lands_inside_its_reach(
            p in any_params(),
            handle in any_handle(),
            t in prop_oneof![near_the_ends(), 0u32..=25_000],
        ) {
            let (lowest, highest) = reach(&p, handle);
            prop_assert!(lowest <= highest);
            prop_assert!((lowest..=highest).contains(&position(&p, handle)));
            let landed = position(&apply_drag(&p, handle, t), handle);
            prop_assert!((lowest..=highest).contains(&landed), "{landed} outside {lowest}..={highest}");
            // Every tick of the range can be reached, unless a start is
            // dragged so early that the pause would outgrow its limit and
            // the write comes forward with it.
            let inside = t.clamp(lowest, highest);
            if handle != Handle::PauseStart || p.write_tick() - lowest <= PAUSE_LEN.max {
                prop_assert_eq!(position(&apply_drag(&p, handle, inside), handle), inside);
            }
        }
    }
}
