//! The lanes of a run recorded on real servers, drawn under the model's
//! lanes on the same axis: each event a real client reported sits at its
//! tick, labelled with the milliseconds it happened at, so a reader sees
//! the real run and the model's run tick against tick. The pause is a
//! hatched span, as on the model's lane: there the process was stopped.

use super::marks::{bar, point, Lane, Mark};
use crate::draw::geometry::Scale;
use dlock_core::recording::{Event, RecordedEvent};
use dlock_core::{Client, Tick};

/// The lane label of a client's real events.
pub fn lane_label(client: Client) -> String {
    format!("{client}, real")
}

/// The marks of one client's real events on its lane.
pub(super) fn recorded_marks(
    events: &[RecordedEvent],
    client: Client,
    scale: &Scale,
    lane: &Lane,
    t_end: Tick,
    marks: &mut Vec<Mark>,
) {
    for e in events.iter().filter(|e| e.client == client) {
        let title = format!("t={} · {} ms: {} {}", e.tick, e.ms, e.client, e.event.describe());
        let label = Some(format!("{} ms", e.ms));
        let class = match &e.event {
            Event::Paused { until } => {
                // Drawn under the point, so the point's tooltip stays reachable.
                let end = (*until).clamp(e.tick, t_end);
                marks.push(bar(
                    scale,
                    lane,
                    e.tick,
                    end,
                    "pause".into(),
                    Some("stopped".into()),
                    title.clone(),
                ));
                "ev pause-start"
            }
            Event::Acquired { .. } => "ev acquire",
            Event::Refused { .. } | Event::GaveUp => "ev refused",
            Event::Read { .. } => "ev read",
            Event::Wrote { accepted: true, .. } => "ev write accepted",
            Event::Wrote { accepted: false, .. } => "ev write rejected",
            Event::Released { .. } => "ev release",
        };
        marks.push(point(scale, lane, e.tick, class, label, title));
    }
}
