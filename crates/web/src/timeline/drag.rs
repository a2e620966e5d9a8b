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
/// moves only the end.
pub fn apply_drag(p: &Params, handle: Handle, t: Tick) -> Params {
    use dlock_core::params::{B_ARRIVES, PAUSE_FROM, PAUSE_LEN};
    let mut next = *p;
    match handle {
        Handle::PauseStart => {
            let end = p.write_tick();
            let from = t.clamp(PAUSE_FROM.min, end.max(PAUSE_FROM.min));
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
    if let Some(c) = next.recheck_at {
        next.recheck_at = Some(c.min(next.write_tick()));
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
