//! A's lane of the lease timeline: its events, the stretch it is paused
//! or crashed, a write on the wire, the window between a re-check and the
//! write, and the grips that drag A's schedule.

use super::acquiring::{acquired_label, acquiring_marks};
use super::drag::Handle;
use super::lanes::{grip, shared_event_mark};
use super::marks::{bar, point, Lane, Mark, BAR_LABEL_INSET};
use crate::draw::geometry::Scale;
use dlock_core::history;
use dlock_core::trace::{Entry, What};
use dlock_core::transcript::event_sentence;
use dlock_core::words;
use dlock_core::{Client, Params, Run};

pub(super) fn client_a_marks(run: &Run, scale: &Scale, lane: &Lane, marks: &mut Vec<Mark>) {
    for (index, e) in run
        .entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.client == Client::A)
    {
        if let Some(acquiring) = acquiring_marks(run, scale, lane, index) {
            marks.extend(acquiring);
            continue;
        }
        match e.what {
            What::Paused { until } => {
                let title = event_sentence(e, &run.params);
                marks.push(bar(
                    scale,
                    lane,
                    e.t,
                    until,
                    "pause".into(),
                    Some("paused".into()),
                    title,
                ))
            }
            What::Crashed => {
                let (end, title) = (history::horizon(run), event_sentence(e, &run.params));
                let label = Some("crashed".into());
                marks.push(bar(scale, lane, e.t, end, "pause crashed".into(), label, title))
            }
            What::Sent { .. } => marks.extend(sent_marks(scale, lane, e, event_sentence(e, &run.params))),
            _ => marks.extend(
                a_event_point(run, scale, lane, e).or_else(|| shared_event_mark(run, scale, lane, e)),
            ),
        }
    }
    let p = run.params;
    if let (Some(_), false) = (p.recheck_at, p.a_crashes) {
        marks.extend(check_window(&p, scale, lane));
    }
    // Acquiring over a network shifts A's script by the ticks its acquire
    // took, so the pause is not where its parameters put it: its grips
    // would drag a pause that is not drawn there. The inputs edit it.
    if !p.a_crashes && !p.acquiring.takes_time() {
        marks.push(grip(
            &p,
            Handle::PauseStart,
            scale,
            0.0,
            lane,
            "drag: when A's pause starts",
        ));
        marks.push(grip(
            &p,
            Handle::PauseEnd,
            scale,
            0.0,
            lane,
            "drag: when A's pause ends (A writes)",
        ));
    }
}

/// The diamond of an event only A has: its acquire (with the token) or a
/// re-check; the tooltip is the transcript's sentence.
fn a_event_point(run: &Run, scale: &Scale, lane: &Lane, e: &Entry) -> Option<Mark> {
    let (class, label) = match e.what {
        What::Acquired { token, .. } => ("ev acquire", acquired_label(run, token)),
        What::Rechecked { holds, .. } => (
            if holds { "ev recheck yes" } else { "ev recheck no" },
            format!("check: {}", if holds { "yes" } else { "no" }),
        ),
        _ => return None,
    };
    Some(point(
        scale,
        lane,
        e.t,
        class,
        Some(label),
        event_sentence(e, &run.params),
    ))
}

/// A write leaving A, and the stretch it spends on the network.
fn sent_marks(scale: &Scale, lane: &Lane, e: &Entry, title: String) -> Vec<Mark> {
    let What::Sent { lands, .. } = e.what else {
        return Vec::new();
    };
    vec![
        point(scale, lane, e.t, "ev send", Some("sent".into()), title),
        bar(
            scale,
            lane,
            e.t + 1,
            lands,
            "in-flight".into(),
            Some("on the wire".into()),
            format!(
                "{}: A's write is on the network",
                words::ticks(e.t + 1, lands.saturating_sub(1))
            ),
        ),
    ]
}

/// The window between A's re-check and its write (a pause that lands
/// anywhere in it makes the check's answer stale), and the grip that
/// drags the check.
fn check_window(p: &Params, scale: &Scale, lane: &Lane) -> Vec<Mark> {
    let Some(c) = p.recheck_at else {
        return Vec::new();
    };
    let (x0, x1) = (scale.x(c), scale.x(p.write_tick()));
    let window = Mark::Bar {
        x: x0,
        y: lane.track_y + lane.track_h - 6.0,
        w: (x1 - x0).max(1.0),
        h: 4.0,
        class: "check-window".into(),
        label: None,
        label_inset: BAR_LABEL_INSET,
        short_label: None,
        title: format!(
            "{}: the window between A's check and its write",
            words::ticks(c, p.write_tick())
        ),
    };
    let drag = grip(
        p,
        Handle::Recheck,
        scale,
        0.0,
        lane,
        "drag: when A re-checks the lock",
    );
    vec![window, drag]
}
