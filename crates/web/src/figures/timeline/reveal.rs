//! What a predicting timeline shows: its drawing as far as the cursor's
//! tick and nothing later. Later events, refusals and key instants are
//! left out, not greyed, and a bar still running is cut where the cursor
//! stands, so nothing on screen tells what comes next. No grip is drawn:
//! a drag would change the run being predicted.

use super::layout::{bar_label_fits, Layout};
use super::marks::Mark;
use dlock_core::Tick;

/// `l` as far as tick `shown` (its events included), or, with `None`,
/// before the run's first tick: its lanes and axis alone.
pub fn up_to(mut l: Layout, shown: Option<Tick>) -> Layout {
    let half_tick = l.scale.px_per_tick() / 2.0;
    let cut = shown.map_or(f64::NEG_INFINITY, |t| l.scale.x(t) + half_tick);
    l.marks = l.marks.into_iter().filter_map(|mark| cut_at(mark, cut)).collect();
    l.instants.retain(|i| i.x <= cut);
    l
}

/// The part of `mark` left of `cut`, if any.
fn cut_at(mark: Mark, cut: f64) -> Option<Mark> {
    match mark {
        Mark::Point { x, .. } | Mark::Tick { x, .. } if x > cut => None,
        Mark::Point { .. } | Mark::Tick { .. } => Some(mark),
        Mark::Grip { .. } => None,
        Mark::Bar { x, .. } if x >= cut => None,
        Mark::Bar {
            x,
            y,
            w,
            h,
            class,
            label,
            label_inset,
            short_label,
            title,
        } => {
            let w = w.min(cut - x);
            let fits =
                |text: &Option<String>| text.as_deref().is_some_and(|t| bar_label_fits(t, label_inset, w));
            let label = if fits(&label) {
                label
            } else if fits(&short_label) {
                short_label
            } else {
                None
            };
            Some(Mark::Bar {
                x,
                y,
                w,
                h,
                class,
                label,
                label_inset,
                short_label: None,
                title,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::timeline::layout::layout;
    use dlock_core::{simulate, Params};

    fn right_edge(mark: &Mark) -> f64 {
        match mark {
            Mark::Bar { x, w, .. } => x + w,
            Mark::Point { x, .. } | Mark::Tick { x, .. } | Mark::Grip { x, .. } => *x,
        }
    }

    fn points(l: &Layout) -> usize {
        l.marks.iter().filter(|m| matches!(m, Mark::Point { .. })).count()
    }

    #[test]
    fn nothing_is_drawn_past_the_cursor_and_everything_is_by_the_end() {
        let run = simulate(&Params::default());
        let whole = layout(&run, 900.0, run.end_tick + 2);
        let scale = whole.scale;
        let mut before = 0;
        for t in 0..=run.end_tick {
            let shown = up_to(whole.clone(), Some(t));
            let cut = scale.x(t) + scale.px_per_tick() / 2.0;
            assert!(shown.marks.iter().all(|m| right_edge(m) <= cut + 1e-9), "t={t}");
            assert!(!shown.marks.iter().any(|m| matches!(m, Mark::Grip { .. })));
            assert!(points(&shown) >= before, "a later cursor shows at least as much");
            before = points(&shown);
            assert_eq!(
                (shown.lanes.len(), shown.axis.len()),
                (whole.lanes.len(), whole.axis.len())
            );
        }
        assert_eq!(before, points(&whole), "at the last event every event is shown");
    }

    #[test]
    fn before_the_first_tick_only_the_lanes_and_the_axis_are_drawn() {
        let run = simulate(&Params::default());
        let whole = layout(&run, 900.0, run.end_tick + 2);
        let empty = up_to(whole.clone(), None);
        assert!(empty.marks.is_empty() && empty.instants.is_empty());
        assert!(!whole.marks.is_empty(), "its twin: the whole run has marks");
        assert_eq!(empty.lanes, whole.lanes);
    }
}
