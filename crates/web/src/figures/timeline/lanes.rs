//! What each lane of the lease timeline shows, as marks: the clients'
//! events and holds, every server's leases, the resource's values, and the
//! key instants under the axis. `layout` places the lanes and calls these.

use super::acquiring::acquiring_marks;
use super::drag::{self, Handle};
use super::marks::{
    bar, point, Instant, Lane, Mark, BAR_LABEL_INSET, FONT_PX, MAX_REFUSAL_TICKS, TEXT_LINE_H,
};
use crate::draw::geometry::{place_hung_labels, text_width, Anchor, LabelBox, Scale};
use dlock_core::audit;
use dlock_core::history::{self, Span};
use dlock_core::params::{faulty_servers, Fault};
use dlock_core::trace::{Entry, What};
use dlock_core::transcript::event_sentence;
use dlock_core::transcript::key_instants;
use dlock_core::types::NEVER;
use dlock_core::words;
use dlock_core::{Client, Params, Run, Tick};

/// A thin bar under each client's lane for the stretch it was entitled, by
/// what the lock told it, to act as the holder. Two of them overlapping is
/// the lock failing (a restart, or fast clocks).
pub(super) fn hold_marks(
    run: &Run,
    scale: &Scale,
    client_lanes: [&Lane; 2],
    t_end: Tick,
    marks: &mut Vec<Mark>,
) {
    for h in audit::holds(&run.entries) {
        let lane = client_lanes[usize::from(h.client == Client::B)];
        let end = h.end.min(t_end);
        if end <= h.start {
            continue;
        }
        let (x0, x1) = (scale.x(h.start), scale.x(end));
        marks.push(Mark::Bar {
            x: x0,
            y: lane.track_y + lane.track_h - 3.0,
            w: (x1 - x0).max(1.0),
            h: 2.0,
            class: format!("hold hold-{}", h.client.to_string().to_ascii_lowercase()),
            label: None,
            label_inset: BAR_LABEL_INSET,
            short_label: None,
            title: format!(
                "{}: {} is entitled to act as the lock holder",
                words::ticks(h.start, end - 1),
                h.client
            ),
        });
    }
}

/// The mark of an event either client has, drawn the same on both lanes:
/// a minority acquire, an acquire without validity, a validity check, a
/// read, a write made or held back, a release. `None` for the events
/// only one client has, which its own function draws. The tooltip is the
/// transcript's sentence for the event.
pub(super) fn shared_event_mark(run: &Run, scale: &Scale, lane: &Lane, e: &Entry) -> Option<Mark> {
    let title = event_sentence(e, &run.params);
    Some(match e.what {
        What::AcquireFailed { .. } => point(scale, lane, e.t, "ev refused", None, title),
        What::NoValidity { .. } => point(scale, lane, e.t, "ev refused", Some("no validity".into()), title),
        What::ValidityChecked { ok, .. } => {
            let (class, label) = if ok {
                ("ev recheck yes", "valid")
            } else {
                ("ev recheck no", "expired")
            };
            point(scale, lane, e.t, class, Some(label.into()), title)
        }
        What::WriteSkipped { .. } => point(
            scale,
            lane,
            e.t,
            "ev write skipped",
            Some("write skipped".into()),
            title,
        ),
        What::Read { .. } => point(scale, lane, e.t, "ev read", None, title),
        What::Wrote {
            value,
            token,
            accepted,
        } => write_point(run, scale, lane, e, (value, token, accepted), title),
        What::Released { .. } => point(scale, lane, e.t, "ev release", None, title),
        _ => return None,
    })
}

/// A write's diamond: accepted or rejected, and marked when the writer
/// did not hold the lock, which its tooltip says after the transcript's
/// sentence.
fn write_point(
    run: &Run,
    scale: &Scale,
    lane: &Lane,
    e: &Entry,
    (value, token, accepted): (dlock_core::Value, u64, bool),
    sentence: String,
) -> Mark {
    // The audit reads the tick's events in order, so a lease granted later
    // in the same tick does not count as held when this write landed.
    let unlocked = audit::unlocked_writes(&run.entries, &run.grants, run.quorum)
        .into_iter()
        .find(|u| u.t == e.t && u.client == e.client);
    let verdict = if accepted { "ACCEPTED" } else { "REJECTED" };
    let mut class = format!("ev write {}", if accepted { "accepted" } else { "rejected" });
    let mut title = sentence;
    if let Some(u) = unlocked {
        class.push_str(" unlocked");
        title += &format!(", {}", u.while_held());
    }
    let label = format!("write {value} · token {token} · {verdict}");
    point(scale, lane, e.t, &class, Some(label), title)
}

pub(super) fn client_b_marks(run: &Run, scale: &Scale, lane: &Lane, servers: &[Lane], marks: &mut Vec<Mark>) {
    let p = run.params;
    marks.push(point(
        scale,
        lane,
        p.b_arrives,
        "ev arrive",
        None,
        format!("t={}: B arrives and starts asking for the lock", p.b_arrives),
    ));
    for (index, e) in run
        .entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.client == Client::B)
    {
        if let Some(acquiring) = acquiring_marks(run, scale, lane, index) {
            marks.extend(acquiring);
            continue;
        }
        let title = || event_sentence(e, &p);
        match e.what {
            What::Refused { until } => refusal_marks(scale, lane, servers, (e.t, until), title(), marks),
            What::Acquired { votes, .. } => {
                // Named for B and for what the count is: set above B's
                // lane in its labels' rows, a bare "5 of 5" read as
                // belonging to no lane.
                let label = format!(
                    "B acquires · {votes} of {}",
                    dlock_core::words::count(p.servers, "vote", "votes")
                );
                marks.push(point(scale, lane, e.t, "ev acquire", Some(label), title()));
            }
            What::Registered { .. } => marks.push(point(
                scale,
                lane,
                e.t,
                "ev register",
                Some("registers".into()),
                title(),
            )),
            What::GaveUp => marks.push(point(
                scale,
                lane,
                e.t,
                "ev gaveup",
                Some("gives up".into()),
                title(),
            )),
            _ => marks.extend(shared_event_mark(run, scale, lane, e)),
        }
    }
    marks.push(grip(
        &p,
        Handle::BArrival,
        scale,
        0.0,
        lane,
        "drag: when B arrives",
    ));
}

/// B's refusals, from `from` up to `until`: one bar on B's lane, titled
/// with the transcript's sentence, and a tick per attempt on every
/// server's lane while they stay legible.
fn refusal_marks(
    scale: &Scale,
    lane: &Lane,
    servers: &[Lane],
    (from, until): (Tick, Tick),
    title: String,
    marks: &mut Vec<Mark>,
) {
    let attempts = until - from;
    marks.push(bar(
        scale,
        lane,
        from,
        until,
        "retrying".into(),
        Some("retrying".into()),
        title,
    ));
    if attempts > MAX_REFUSAL_TICKS {
        return;
    }
    for t in from..until {
        let x = scale.x(t);
        for s in servers {
            marks.push(Mark::Tick {
                x,
                y: s.y + 2.0,
                h: (s.height - 4.0).max(1.0),
                class: "refused",
            });
        }
    }
}

pub(super) fn server_marks(run: &Run, scale: &Scale, lanes: &[Lane], t_end: Tick, marks: &mut Vec<Mark>) {
    let ttl = run.params.ttl;
    for g in &run.grants {
        let Some(lane) = lanes.get(usize::from(g.server)) else {
            continue;
        };
        if g.start == g.end {
            marks.push(Mark::Tick {
                x: scale.x(g.start),
                y: lane.y + 1.0,
                h: lane.height - 2.0,
                class: "handed-back",
            });
            continue;
        }
        let open = g.end == NEVER;
        let end = if open { t_end } else { g.end.min(t_end) };
        let real = run.params.server_lease_ticks(g.server);
        let fast_clock = real < ttl;
        let truncated = !open && g.end < g.start.saturating_add(real);
        let mut class = format!("lease lease-{}", g.client.to_string().to_ascii_lowercase());
        if truncated {
            class.push_str(" truncated");
        }
        if open {
            class.push_str(" open");
        }
        let label = (lane.height >= TEXT_LINE_H).then(|| format!("{}·{}", g.client, g.token));
        let end_text = if open {
            "never expires".to_owned()
        } else {
            format!("[{}, {})", g.start, g.end)
        };
        let why = match (truncated, fast_clock) {
            (true, _) => " — released early",
            (false, true) => " — its clock runs fast, so the lease ends early in real time",
            _ => "",
        };
        let title = format!(
            "server {}: lease to {} with token {}, {end_text}{why}",
            g.server + 1,
            g.client,
            g.token
        );
        marks.push(bar(scale, lane, g.start, end, class, label, title));
    }
    if let Fault::Restart {
        servers, at, remedy, ..
    } = run.params.fault
    {
        for i in faulty_servers(run.params.servers, servers)
            .into_iter()
            .map(usize::from)
        {
            let Some(lane) = lanes.get(i) else { continue };
            let x = scale.x(at);
            marks.push(Mark::Bar {
                x: x - 1.5,
                y: lane.y,
                w: 3.0,
                h: lane.height,
                class: "restart".into(),
                label: None,
                label_inset: BAR_LABEL_INSET,
                short_label: None,
                title: format!(
                    "t={at}: server {} crashes and restarts ({})",
                    i + 1,
                    remedy.label()
                ),
            });
        }
    }
}

pub(super) fn resource_marks(run: &Run, scale: &Scale, lane: &Lane, t_end: Tick, marks: &mut Vec<Mark>) {
    let fencing = run.params.fencing;
    for Span {
        start,
        end,
        value: (value, max_token),
    } in history::value_spans(run)
    {
        let label = if fencing {
            format!("{value} · max {max_token}")
        } else {
            value.to_string()
        };
        let title = format!(
            "{}: the resource holds {value}; highest token applied {max_token}",
            words::ticks(start, end - 1)
        );
        let mut span = bar(
            scale,
            lane,
            start,
            end.min(t_end),
            "value".into(),
            Some(label),
            title,
        );
        if let Mark::Bar { short_label, .. } = &mut span {
            // Where diamonds crowd the span, its value alone still shows.
            *short_label = fencing.then(|| value.to_string());
        }
        marks.push(span);
    }
    for w in &run.writes {
        let verdict = if w.accepted {
            "ACCEPTED"
        } else {
            "REJECTED (stale token)"
        };
        let class = if w.accepted {
            "ev write accepted"
        } else {
            "ev write rejected"
        };
        marks.push(point(
            scale,
            lane,
            w.t,
            class,
            Some(format!(
                "{} token {} {}",
                w.client,
                w.token,
                if w.accepted { "✓" } else { "✗ stale" }
            )),
            format!(
                "t={}: {}'s write {} with token {}: {verdict}",
                w.t, w.client, w.value, w.token
            ),
        ));
    }
}

/// The key instants under the axis, each label hung from its leader line
/// and ending at it, in rows that never let a line pass through a label
/// (see `place_hung_labels`). A label that would run off the drawing's
/// left edge starts at the edge instead.
pub(super) fn place_instants(run: &Run, scale: &Scale, width: f64) -> Vec<Instant> {
    let found = key_instants(run);
    let boxes: Vec<LabelBox> = found
        .iter()
        .map(|i| {
            let label = format!("{} (t={})", i.label, i.t);
            let w = text_width(&label, FONT_PX - 1.0);
            let x = scale.x(i.t);
            LabelBox {
                x: (x - w / 2.0).max(w / 2.0),
                width: w,
                anchor: x,
            }
        })
        .collect();
    let rows = place_hung_labels(&boxes, 6.0);
    found
        .iter()
        .zip(boxes)
        .zip(rows)
        .map(|((i, b), row)| {
            let x = scale.x(i.t);
            let (label_x, anchor) = if x - b.width >= 0.0 {
                (x.min(width), Anchor::End)
            } else {
                (0.0, Anchor::Start)
            };
            Instant {
                x,
                label_x,
                anchor,
                row,
                label: format!("{} (t={})", i.label, i.t),
            }
        })
        .collect()
}

/// A drag handle spanning the lane's track, drawn at the tick it sits at
/// (`nudge` pixels along) and announcing that tick and how far it can go,
/// all three from `drag`.
pub(super) fn grip(p: &Params, handle: Handle, scale: &Scale, nudge: f64, lane: &Lane, title: &str) -> Mark {
    let t = drag::position(p, handle);
    Mark::Grip {
        x: scale.x(t) + nudge,
        y: lane.track_y,
        h: lane.track_h,
        handle,
        t,
        reach: drag::reach(p, handle),
        title: title.into(),
    }
}
