//! The vocabulary of the timeline's drawing: lanes, and the marks placed
//! on them (bars, event diamonds, refusal ticks, drag grips), with the
//! sizes both `lanes` (what each lane shows) and `layout` (where the lanes
//! go) measure by. Plain data, no placement logic beyond one mark's own.

use super::drag::Handle;
use crate::draw::geometry::{Anchor, Scale};
use dlock_core::Tick;

/// The size of the timeline's text, in pixels.
pub const FONT_PX: f64 = 12.0;
/// The height a lane needs to hold a line of 11 px label text: thinner
/// server lanes lose their own labels and their leases' token labels.
pub const TEXT_LINE_H: f64 = 14.0;
/// Gap between a bar's start and its label.
pub const BAR_LABEL_INSET: f64 = 4.0;
/// Half the width of an event diamond.
pub const DIAMOND_R: f64 = 5.0;
/// Draw one refused-attempt tick per tick only while they stay legible.
pub const MAX_REFUSAL_TICKS: u32 = 80;

/// One horizontal lane: a client, a server, or the resource.
#[derive(Clone, Debug, PartialEq)]
pub struct Lane {
    pub index: usize,
    pub y: f64,
    pub height: f64,
    pub label: String,
    pub class: &'static str,
    /// Where bars and diamonds go; above it sit `label_rows` rows of
    /// point labels.
    pub track_y: f64,
    pub track_h: f64,
    /// The label's baseline: mid-track, or, for server lanes thinner than
    /// the text, the top and bottom of the server block.
    pub label_y: f64,
}

/// One thing drawn on a lane.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A span over ticks, e.g. a lease, the pause, who holds the lock.
    Bar {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        class: String,
        label: Option<String>,
        /// How far right of `x` the label starts: `BAR_LABEL_INSET`, or
        /// further when a diamond sits on the bar's first tick.
        label_inset: f64,
        /// A shorter label to fall back on when `label` has no room once it
        /// has moved past the diamonds (the resource's value without its
        /// highest token). The layout settles on one and clears this.
        short_label: Option<String>,
        title: String,
    },
    /// A momentary event: a diamond on its lane, with an optional label
    /// placed above the track at `(label_x, label_y)` so labels never collide,
    /// drawn there with `label_anchor`.
    Point {
        x: f64,
        y: f64,
        lane: usize,
        class: String,
        label: Option<String>,
        label_x: f64,
        label_y: f64,
        label_anchor: Anchor,
        title: String,
    },
    /// A thin vertical tick: one refused acquire attempt.
    Tick {
        x: f64,
        y: f64,
        h: f64,
        class: &'static str,
    },
    /// A draggable edge, currently at tick `t`.
    Grip {
        x: f64,
        y: f64,
        h: f64,
        handle: Handle,
        /// The tick it sits at, and the lowest and highest it can be
        /// dragged to: announced as a slider's value and range.
        t: Tick,
        reach: (Tick, Tick),
        title: String,
    },
}

/// A key instant under the axis, with its label placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Instant {
    /// Where the instant is on the axis.
    pub x: f64,
    /// Where its label is drawn, with `anchor` (kept inside the drawing).
    pub label_x: f64,
    pub anchor: Anchor,
    pub row: u8,
    pub label: String,
}

/// A span from `start` to `end` on `lane`, its label just inside its left end.
pub(super) fn bar(
    scale: &Scale,
    lane: &Lane,
    start: Tick,
    end: Tick,
    class: String,
    label: Option<String>,
    title: String,
) -> Mark {
    let x = scale.x(start);
    let w = (scale.x(end) - x).max(1.0);
    Mark::Bar {
        x,
        y: lane.track_y + 3.0,
        w,
        h: (lane.track_h - 6.0).max(1.0),
        class,
        label,
        label_inset: BAR_LABEL_INSET,
        short_label: None,
        title,
    }
}

/// A momentary event on `lane`, at tick `t`'s instant (where spans that
/// begin or end at `t` begin or end), its label above
/// the track until `layout` settles where labels go.
pub(super) fn point(
    scale: &Scale,
    lane: &Lane,
    t: Tick,
    class: &str,
    label: Option<String>,
    title: String,
) -> Mark {
    let x = scale.x(t);
    Mark::Point {
        x,
        y: lane.track_y + lane.track_h / 2.0,
        lane: lane.index,
        class: class.to_owned(),
        label,
        label_x: x,
        label_y: lane.track_y,
        label_anchor: Anchor::Middle,
        title,
    }
}

/// Moves apart the points of one lane that fall on one tick, in the order
/// they were made — the transcript's order — so every event of a tick can
/// be seen: the first stays on the tick's instant, each next one a step to
/// the right (under half a tick, so it never reaches the next tick).
pub(super) fn spread_same_tick(marks: &mut [Mark], px_per_tick: f64) {
    let step = (px_per_tick * 0.45).min(10.0);
    let mut seen: Vec<(usize, f64, u32)> = Vec::new();
    for m in marks.iter_mut() {
        if let Mark::Point { x, lane, label_x, .. } = m {
            let k = match seen
                .iter_mut()
                .find(|(l, at, _)| *l == *lane && (*at - *x).abs() < 0.5)
            {
                Some(entry) => {
                    entry.2 += 1;
                    entry.2
                }
                None => {
                    seen.push((*lane, *x, 0));
                    0
                }
            };
            *x += f64::from(k) * step;
            *label_x += f64::from(k) * step;
        }
    }
}
