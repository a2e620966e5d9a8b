//! Where every mark of the lease timeline goes, as plain data: lanes, bars,
//! points and labels in pixels. The component only turns these into SVG.
//! Everything drawn comes from a dlock-core `Run` and its `history`. This
//! module stacks the lanes and settles where labels go; what each lane
//! holds is in `lanes`.

use super::client_a::client_a_marks;
use super::drag::Handle;
use super::lanes::{client_b_marks, hold_marks, place_instants, resource_marks, server_marks};
use super::marks::{bar, spread_same_tick, BAR_LABEL_INSET, TEXT_LINE_H};
pub use super::marks::{Instant, Lane, Mark, DIAMOND_R, FONT_PX};
use super::recorded::{lane_label, recorded_marks};
use crate::draw::geometry::{
    nice_step, pinned_to_edge, place_labels, read_downwards, text_width, LabelBox, Scale,
};
use dlock_core::audit::Held;
use dlock_core::history;
use dlock_core::recording::RecordedEvent;
use dlock_core::words;
use dlock_core::{Client, Run, Tick};

const LANE_H: f64 = 28.0;
/// Where an 11 px lane label's baseline sits below the middle of its lane,
/// and how far its capitals and descenders reach from the baseline.
const LABEL_BASELINE: f64 = 4.0;
const LABEL_CAP: f64 = 10.0;
const LABEL_DESCENT: f64 = 3.0;
const LABEL_W: f64 = 86.0;
const RIGHT_PAD: f64 = 16.0;
const TOP_PAD: f64 = 8.0;
/// Server lanes never take more height than this many full lanes; a large
/// cluster is drawn as thin stripes.
const SERVER_BLOCK_LANES: f64 = 6.0;

#[derive(Clone, Debug, PartialEq)]
pub struct AxisTick {
    pub x: f64,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub scale: Scale,
    pub lanes: Vec<Lane>,
    pub marks: Vec<Mark>,
    pub axis_y: f64,
    pub axis: Vec<AxisTick>,
    pub instants: Vec<Instant>,
}

/// Later marks are drawn on top: spans and refusal ticks first, then the
/// event diamonds, so that no bar hides a diamond or its tooltip (A's check
/// shares a tick with the start of its pause), then the drag handles, which
/// must stay within reach. Order within a layer is kept.
fn in_drawing_order(mut marks: Vec<Mark>) -> Vec<Mark> {
    let mut points = Vec::new();
    let mut grips = Vec::new();
    marks.retain(|m| match m {
        Mark::Point { .. } => {
            points.push(m.clone());
            false
        }
        Mark::Grip { .. } => {
            grips.push(m.clone());
            false
        }
        Mark::Bar { .. } | Mark::Tick { .. } => true,
    });
    marks.append(&mut points);
    marks.append(&mut grips);
    marks
}

/// Moves a bar's label past any diamond drawn over its start, so that
/// "paused" does not sit under A's check when A checks at the very tick its
/// pause begins (every re-check multiple does), nor "retrying" under B's
/// arrival. Only diamonds on the bar's own lane count. A label that then
/// has no room gives way to the bar's short label, placed the same way.
fn clear_labels_of_points(marks: &mut [Mark]) {
    let diamonds: Vec<(f64, f64)> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Point { x, y, .. } => Some((*x, *y)),
            _ => None,
        })
        .collect();
    for m in marks.iter_mut() {
        if let Mark::Bar {
            x,
            y,
            w,
            h,
            label: Some(text),
            label_inset,
            short_label,
            ..
        } = m
        {
            let on_this_lane: Vec<f64> = diamonds
                .iter()
                .filter(|(_, dy)| (*y..=*y + *h).contains(dy))
                .map(|(dx, _)| *dx - *x)
                .collect();
            let inset = inset_clear_of(&on_this_lane, text, *label_inset);
            match short_label.take() {
                Some(short) if !bar_label_fits(text, inset, *w) => {
                    *label_inset = inset_clear_of(&on_this_lane, &short, *label_inset);
                    *text = short;
                }
                _ => *label_inset = inset,
            }
        }
    }
}

/// Where a value bar of the resource lane is too short for its label (a
/// phone, a two-tick value), the write that made the value says it
/// instead, above the lane: "B token 2 ✓ → 'B'". The value is never lost
/// from the drawing.
fn values_onto_writes(marks: &mut [Mark], resource_lane: usize) {
    let unlabelled: Vec<(f64, f64, String)> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Bar {
                x,
                w,
                class,
                label: Some(text),
                label_inset,
                ..
            } if class == "value" && !bar_label_fits(text, *label_inset, *w) => Some((*x, *w, text.clone())),
            _ => None,
        })
        .collect();
    for (x, w, value) in unlabelled {
        let writer = marks.iter_mut().rev().find(|m| {
            matches!(m, Mark::Point { lane, x: px, label: Some(_), .. }
                if *lane == resource_lane && *px >= x - 0.5 && *px < x + w)
        });
        if let Some(Mark::Point {
            label: Some(label), ..
        }) = writer
        {
            *label = format!("{label} → {value}");
        }
    }
}

/// The first inset from `inset` on at which `text` covers none of the
/// diamonds at `diamonds` (offsets from the bar's left end). Each step
/// moves the label past the rightmost diamond it covers; it only ever
/// moves right, so it stops.
fn inset_clear_of(diamonds: &[f64], text: &str, mut inset: f64) -> f64 {
    let width = text_width(text, FONT_PX - 1.0);
    while let Some(d) = diamonds
        .iter()
        .copied()
        .filter(|d| d + DIAMOND_R > inset && d - DIAMOND_R < inset + width)
        .reduce(f64::max)
    {
        inset = d + DIAMOND_R + BAR_LABEL_INSET;
    }
    inset
}

/// Whether a bar `w` pixels wide has room for its label `text` starting
/// `label_inset` from its left end; a label that does not fit is not drawn
/// (the bar's tooltip still has it). The SVG, the PNG export and the tests
/// all ask this.
pub fn bar_label_fits(text: &str, label_inset: f64, w: f64) -> bool {
    label_inset + text_width(text, FONT_PX - 1.0) + BAR_LABEL_INSET <= w
}

/// Lays out one run over ticks `[0, t_end)` in `width` pixels. Pass the
/// same `t_end` to stacked timelines so they share one axis.
pub fn layout(run: &Run, width: f64, t_end: Tick) -> Layout {
    layout_beside(run, &[], width, t_end)
}

/// Lays out one run as `layout` does, with the events of a real run of the
/// same parameters (`recorded`) on two more lanes under the resource, one
/// per client: none when `recorded` is empty.
pub fn layout_beside(run: &Run, recorded: &[RecordedEvent], width: f64, t_end: Tick) -> Layout {
    // Label rows depend only on x positions, so one trial pass finds how
    // many rows each lane needs and the second pass makes room for them.
    let mut trial = build(run, recorded, width, t_end, &[]);
    let rows = place_point_labels(&mut trial);
    let mut final_layout = build(run, recorded, width, t_end, &rows);
    place_point_labels(&mut final_layout);
    final_layout
}

/// The layout without its drag handles, for timelines whose parameters
/// are not dragged (a scenario's preset run).
pub fn without_grips(mut l: Layout) -> Layout {
    l.marks.retain(|m| !matches!(m, Mark::Grip { .. }));
    l
}

/// The layout without the drag handle for `fixed`, for a figure that sets
/// that parameter itself: a re-check multiple places its own check, so a
/// handle for it would move the page's check instead and spring back.
pub fn without_grip(mut l: Layout, fixed: Handle) -> Layout {
    l.marks
        .retain(|m| !matches!(m, Mark::Grip { handle, .. } if *handle == fixed));
    l
}

/// Height of one row of point labels.
const LABEL_ROW_H: f64 = 14.0;

/// Gives every point label a row above its lane's track, so labels in a
/// row never overlap and never leave the drawing; returns each lane's row
/// count.
fn place_point_labels(l: &mut Layout) -> Vec<u8> {
    let mut needed = vec![0u8; l.lanes.len()];
    for (index, lane) in l.lanes.iter().enumerate() {
        let mut boxes = Vec::new();
        let mut which = Vec::new();
        for (i, m) in l.marks.iter().enumerate() {
            if let Mark::Point {
                lane: li,
                label: Some(text),
                x,
                ..
            } = m
            {
                if *li == index {
                    let w = text_width(text, FONT_PX - 1.0);
                    let cx = x.clamp(
                        l.scale.x0 + w / 2.0,
                        (l.width - w / 2.0).max(l.scale.x0 + w / 2.0),
                    );
                    boxes.push(LabelBox {
                        x: cx,
                        width: w,
                        anchor: *x,
                    });
                    which.push(i);
                }
            }
        }
        let rows = read_downwards(&boxes, &place_labels(&boxes, 6.0), 6.0);
        needed[index] = rows.iter().map(|r| r + 1).max().unwrap_or(0);
        let track_y = lane.track_y;
        for ((i, b), row) in which.into_iter().zip(boxes).zip(rows) {
            if let Mark::Point {
                label_x,
                label_y,
                label_anchor,
                ..
            } = &mut l.marks[i]
            {
                (*label_x, *label_anchor) = pinned_to_edge(b.x, b.width, l.scale.x0, l.width);
                *label_y = track_y - 3.0 - f64::from(row) * LABEL_ROW_H;
            }
        }
    }
    needed
}

fn build(run: &Run, recorded: &[RecordedEvent], width: f64, t_end: Tick, label_rows: &[u8]) -> Layout {
    let width = width.max(320.0);
    let scale = Scale {
        t0: 0,
        t1: t_end.max(1),
        x0: LABEL_W,
        x1: width - RIGHT_PAD,
    };
    let (lanes, at, axis_y) = stack_lanes(run.params.servers, !recorded.is_empty(), label_rows);
    let servers = &lanes[at.first_server..at.first_server + usize::from(run.params.servers)];
    let mut marks = Vec::new();
    client_a_marks(run, &scale, &lanes[at.a], &mut marks);
    client_b_marks(run, &scale, &lanes[at.b], servers, &mut marks);
    hold_marks(run, &scale, [&lanes[at.a], &lanes[at.b]], t_end, &mut marks);
    server_marks(run, &scale, servers, t_end, &mut marks);
    holder_marks(run, &scale, &lanes[at.holder], t_end, &mut marks);
    resource_marks(run, &scale, &lanes[at.resource], t_end, &mut marks);
    if let Some(first) = at.first_recorded {
        for (offset, client) in [Client::A, Client::B].into_iter().enumerate() {
            recorded_marks(
                recorded,
                client,
                &scale,
                &lanes[first + offset],
                t_end,
                &mut marks,
            );
        }
    }
    spread_same_tick(&mut marks, scale.px_per_tick());
    clear_labels_of_points(&mut marks);
    values_onto_writes(&mut marks, at.resource);
    let marks = in_drawing_order(marks);
    let step = nice_step(scale.px_per_tick(), 32.0);
    let axis = (0..=t_end)
        .step_by(step as usize)
        .map(|t| AxisTick {
            x: scale.x(t),
            label: t.to_string(),
        })
        .collect();
    let instants = place_instants(run, &scale, width);
    let rows = instants.iter().map(|i| i.row).max().map_or(0, |r| r + 1);
    let height = axis_y + 22.0 + f64::from(rows) * 16.0 + 6.0;
    Layout {
        width,
        height,
        scale,
        lanes,
        marks,
        axis_y,
        axis,
        instants,
    }
}

/// Where each kind of lane sits in the stack.
struct LaneIndex {
    a: usize,
    b: usize,
    first_server: usize,
    holder: usize,
    resource: usize,
    /// The real A's lane, the real B's after it, when a recording is drawn.
    first_recorded: Option<usize>,
}

/// The lanes from the top: A, B, every server, who holds the lock, the
/// resource, and with `recorded` the real A and B; each with room above
/// its track for `label_rows` rows of point labels. Returns them, where
/// each kind is, and where the axis goes.
fn stack_lanes(servers: u16, recorded: bool, label_rows: &[u8]) -> (Vec<Lane>, LaneIndex, f64) {
    let mut lanes = Vec::new();
    let mut y = TOP_PAD;
    let mut lane = |label: String, class: &'static str, track_h: f64| {
        let index = lanes.len();
        let above = f64::from(label_rows.get(index).copied().unwrap_or(0)) * LABEL_ROW_H;
        lanes.push(Lane {
            index,
            y,
            height: above + track_h,
            label,
            class,
            track_y: y + above,
            track_h,
            label_y: y + above + track_h / 2.0 + LABEL_BASELINE,
        });
        y += above + track_h;
        index
    };
    let a = lane("client A".into(), "lane-client", LANE_H);
    let b = lane("client B".into(), "lane-client", LANE_H);
    let server_h = (SERVER_BLOCK_LANES * LANE_H / f64::from(servers)).min(LANE_H * 0.8);
    let first_server = b + 1;
    for s in 0..servers {
        let label = if server_h >= TEXT_LINE_H || s == 0 || s + 1 == servers {
            format!("server {}", s + 1)
        } else {
            String::new()
        };
        lane(label, "lane-server", server_h);
    }
    let holder = lane("lock held by".into(), "lane-holder", LANE_H);
    let resource = lane("resource".into(), "lane-resource", LANE_H);
    let first_recorded = recorded.then(|| {
        let first = lane(lane_label(Client::A), "lane-recorded", LANE_H);
        lane(lane_label(Client::B), "lane-recorded", LANE_H);
        first
    });
    if server_h < TEXT_LINE_H {
        // Thinner than a line of text: the two labels mark the block's
        // ends, inside it, instead of spilling over the client lanes above
        // and the holder lane below.
        let last = first_server + usize::from(servers) - 1;
        lanes[first_server].label_y = lanes[first_server].y + LABEL_CAP;
        lanes[last].label_y = lanes[last].y + lanes[last].height - LABEL_DESCENT;
    }
    let at = LaneIndex {
        a,
        b,
        first_server,
        holder,
        resource,
        first_recorded,
    };
    (lanes, at, y + 4.0)
}

/// Who held a quorum, span by span, on the holder lane.
fn holder_marks(run: &Run, scale: &Scale, lane: &Lane, t_end: Tick, marks: &mut Vec<Mark>) {
    for span in history::holder_spans(run) {
        let class = match span.value {
            Held::Only(Client::A) => "held-a",
            Held::Only(Client::B) => "held-b",
            Held::Nobody => "held-none",
            // The page's runs have no C; a holder set with it is a failed
            // lock all the same.
            Held::Both | Held::Several(_) | Held::Only(Client::C) => "held-both",
        };
        // Two at once may be the servers' doing or each client's own
        // reckoning of its validity; the title says both may count.
        let by = match span.value {
            Held::Both | Held::Several(_) => ", at once: each by its own validity or by the servers' leases",
            _ => "",
        };
        let title = format!(
            "{}: lock held by {}{by}",
            words::ticks(span.start, span.end - 1),
            span.value.name()
        );
        let end = span.end.min(t_end);
        marks.push(bar(
            scale,
            lane,
            span.start,
            end,
            class.into(),
            Some(span.value.name()),
            title,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::geometry::Anchor;
    use dlock_core::trace::What;
    use dlock_core::{simulate, Params};
    use proptest::prelude::*;

    /// What every drawn run keeps to, whatever its parameters and width:
    /// the lanes stack without overlap, every mark stays in the drawing,
    /// and point labels sharing a row of a lane keep apart.
    fn check_drawing(run: &Run, width: f64) -> Result<(), TestCaseError> {
        check_layout(&layout(run, width, history::horizon(run)))
    }

    /// `check_drawing`'s rules, for any layout.
    fn check_layout(l: &Layout) -> Result<(), TestCaseError> {
        for pair in l.lanes.windows(2) {
            prop_assert!(pair[0].y + pair[0].height <= pair[1].y + 1e-9);
        }
        let inside = |from: f64, to: f64| from >= -1e-9 && to <= l.width + 1e-9;
        let mut labels: Vec<(usize, f64, f64, f64)> = Vec::new();
        for m in &l.marks {
            match m {
                Mark::Bar { x, w, .. } => prop_assert!(inside(*x, x + w), "{m:?}"),
                Mark::Point {
                    x,
                    lane,
                    label,
                    label_x,
                    label_y,
                    label_anchor,
                    ..
                } => {
                    prop_assert!(inside(x - DIAMOND_R, x + DIAMOND_R), "{m:?}");
                    if let Some(text) = label {
                        let width = text_width(text, FONT_PX - 1.0);
                        let centre = label_anchor.centre(*label_x, width);
                        let half = width / 2.0;
                        prop_assert!(inside(centre - half, centre + half), "{m:?}");
                        labels.push((*lane, *label_y, centre - half, centre + half));
                    }
                }
                Mark::Tick { x, .. } | Mark::Grip { x, .. } => prop_assert!(inside(*x, *x), "{m:?}"),
            }
        }
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[i + 1..] {
                if a.0 == b.0 && a.1 == b.1 {
                    prop_assert!(a.3 <= b.2 || b.3 <= a.2, "{a:?} overlaps {b:?}");
                }
            }
        }
        Ok(())
    }

    /// The widths the page draws at: a phone's column to the widest.
    fn any_width() -> impl Strategy<Value = f64> {
        280.0f64..1100.0
    }

    proptest! {
        // A run thousands of ticks long takes tens of milliseconds to lay
        // out in a debug build; fewer cases keep the native tests quick.
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The study's timeline: any parameters a link or the controls can set.
        #[test]
        fn any_run_of_the_study_is_drawn_inside_with_its_labels_apart(
            p in crate::arbitrary::any_params(),
            (fencing, expiry, a_crashes, twice, register) in (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
            width in any_width(),
        ) {
            let p = Params {
                fencing,
                expiry,
                a_crashes,
                b_writes_twice: twice,
                register_token: register,
                fault: dlock_core::params::Fault::None,
                ..p
            };
            check_drawing(&simulate(&p), width)?;
        }

        /// A scenario's timeline, at any setting of its knobs.
        #[test]
        fn any_run_of_a_scenario_is_drawn_inside_with_its_labels_apart(
            scenario in proptest::sample::select(dlock_core::beyond::Scenario::ALL.to_vec()),
            values in proptest::collection::vec(0u32..=500, 3),
            width in any_width(),
        ) {
            check_drawing(&scenario.run(&values), width)?;
        }
    }

    /// Two notions of "held" meet on one timeline: the holder lane's two
    /// at once may be each client's own validity, while a write's title
    /// counts live majorities. Each says which it counts, so a lane's
    /// "A and B" and a write's "nobody" at the same tick do not clash.
    #[test]
    fn the_holder_lane_and_a_write_name_the_notion_of_held_they_count() {
        let (mut both, mut unlocked) = (0, 0);
        for scenario in dlock_core::beyond::Scenario::ALL {
            let run = scenario.run(&scenario.defaults());
            for m in layout(&run, 960.0, history::horizon(&run)).marks {
                match m {
                    Mark::Bar { class, title, .. } if class == "held-both" => {
                        both += 1;
                        assert!(
                            title.contains("each by its own validity or by the servers' leases"),
                            "{title}"
                        );
                    }
                    Mark::Point { class, title, .. } if class.contains("unlocked") => {
                        unlocked += 1;
                        assert!(
                            title.contains("while nobody held a live majority")
                                || title.contains("held the lock"),
                            "{title}"
                        );
                    }
                    _ => {}
                }
            }
        }
        assert!(both > 0 && unlocked > 0, "{both} {unlocked}");
    }

    fn default_layout() -> Layout {
        let run = simulate(&Params::default());
        layout(&run, 960.0, history::horizon(&run))
    }

    /// A label's text box, from the top of its capitals to its descenders.
    fn label_box(lane: &Lane) -> (f64, f64) {
        (lane.label_y - LABEL_CAP, lane.label_y + LABEL_DESCENT)
    }

    #[test]
    fn lane_labels_stay_in_their_lane_or_server_block_and_never_overlap() {
        for servers in [1u16, 5, 7, 8, 12, 13, 20, 51, 101] {
            let run = simulate(&Params {
                servers,
                ..Params::default()
            });
            let l = layout(&run, 960.0, history::horizon(&run));
            let block: Vec<&Lane> = l.lanes.iter().filter(|x| x.class == "lane-server").collect();
            let (top, bottom) = (
                block[0].y,
                block[block.len() - 1].y + block[block.len() - 1].height,
            );
            let labelled: Vec<&Lane> = l.lanes.iter().filter(|x| !x.label.is_empty()).collect();
            for lane in &labelled {
                let (from, to) = label_box(lane);
                let (lo, hi) = if lane.class == "lane-server" {
                    (top, bottom)
                } else {
                    (lane.y, lane.y + lane.height)
                };
                assert!(
                    from >= lo - 1e-9 && to <= hi + 1e-9,
                    "{servers} servers: {} at {from}..{to} outside {lo}..{hi}",
                    lane.label
                );
            }
            for pair in labelled.windows(2) {
                assert!(
                    label_box(pair[0]).1 <= label_box(pair[1]).0 + 1e-9,
                    "{servers} servers: {} overlaps {}",
                    pair[0].label,
                    pair[1].label
                );
            }
            let names: Vec<&str> = labelled.iter().map(|x| x.label.as_str()).collect();
            assert!(
                names.contains(&"server 1") && names.contains(&format!("server {servers}").as_str()),
                "{names:?}"
            );
        }
    }

    #[test]
    fn b_s_acquire_label_names_b_and_its_votes() {
        let run = simulate(&Params::default());
        let l = layout(&run, 960.0, history::horizon(&run));
        let labels: Vec<&str> = l
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Point {
                    class,
                    label: Some(label),
                    ..
                } if class == "ev acquire" => Some(label.as_str()),
                _ => None,
            })
            .collect();
        // A's, on the top lane, names the token it got.
        assert_eq!(labels, ["token 1", "B acquires · 5 of 5 votes"]);
    }

    #[test]
    fn both_clients_events_are_worded_alike() {
        // B writes twice and both clients release: every event the two
        // lanes share has one wording, whoever did it.
        let run = simulate(&Params {
            b_writes_twice: true,
            ..Params::default()
        });
        let l = layout(&run, 960.0, history::horizon(&run));
        let titles = |class: &str| -> Vec<String> {
            l.marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Point { class: c, title, .. } if c == class => Some(title.clone()),
                    _ => None,
                })
                .collect()
        };
        // In the transcript's words, as dlock-core writes them.
        assert_eq!(
            titles("ev release"),
            [
                "t=17: A releases: let go on 0 of 5 servers (nothing left to release: a lease that has expired is already gone)",
                "t=16: B releases: let go on 5 of 5 servers"
            ]
        );
        let sentences = |kind: fn(&What) -> bool| -> Vec<String> {
            run.entries
                .iter()
                .filter(|e| kind(&e.what))
                .map(|e| dlock_core::transcript::event_sentence(e, &run.params))
                .collect()
        };
        assert_eq!(titles("ev read"), sentences(|w| matches!(w, What::Read { .. })));
        assert_eq!(
            titles("ev read"),
            ["t=1: A reads the resource: ''", "t=13: B reads the resource: ''"]
        );
    }

    #[test]
    fn events_of_one_tick_stand_side_by_side_in_the_transcript_s_order() {
        // A's stale write and B's write both land at t=14.
        let run = simulate(&Params {
            pause_len: 12,
            fencing: true,
            ..Params::default()
        });
        for width in [375.0, 1100.0] {
            let l = layout(&run, width, history::horizon(&run));
            let resource = l.lanes.len() - 1;
            let writes: Vec<(f64, String)> = l
                .marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Point {
                        x,
                        class,
                        title,
                        lane,
                        ..
                    } if class.contains("write") && *lane == resource => Some((*x, title.clone())),
                    _ => None,
                })
                .collect();
            assert_eq!(writes.len(), 2, "{writes:?}");
            let (first, second) = (&writes[0], &writes[1]);
            assert!(first.1.starts_with("t=14: A's write"), "{first:?}");
            assert!(second.1.starts_with("t=14: B's write"), "{second:?}");
            assert!(second.0 - first.0 >= 4.0, "apart at {width}: {writes:?}");
            assert_eq!(first.0, l.scale.x(14), "the first stays on the tick");
            assert!(second.0 < l.scale.x(15) - l.scale.px_per_tick() / 2.0);
        }
    }

    #[test]
    fn every_event_sits_on_its_tick_s_instant_where_spans_begin_and_end() {
        let run = simulate(&Params::default());
        let l = layout(&run, 1100.0, history::horizon(&run));
        // B arrives at 12, the first event of its tick: its marker sits
        // where B's leases begin; B's acquire, next, stands beside it.
        let on_b_at_12 = |wanted: &str| {
            l.marks.iter().find_map(|m| match m {
                Mark::Point { x, class, title, .. } if class == wanted && title.starts_with("t=12") => {
                    Some(*x)
                }
                _ => None,
            })
        };
        let lease_b = l.marks.iter().find_map(|m| match m {
            Mark::Bar { x, class, .. } if class.starts_with("lease lease-b") => Some(*x),
            _ => None,
        });
        assert_eq!(on_b_at_12("ev arrive"), lease_b);
        assert_eq!(lease_b, Some(l.scale.x(12)));
        let acquire = on_b_at_12("ev acquire").expect("B acquires at 12");
        assert!(acquire > l.scale.x(12) && acquire < l.scale.x(12) + l.scale.px_per_tick() / 2.0);
        // A's lease ends at 10: the marker under the axis is at the bars' end.
        let ends = l
            .instants
            .iter()
            .find(|i| i.label.starts_with("A's lease ends"))
            .expect("marker");
        assert_eq!(ends.x, l.scale.x(10));
    }

    #[test]
    fn a_value_too_short_for_its_bar_is_said_by_the_write_that_made_it() {
        let run = simulate(&Params::default());
        let l = layout(&run, 375.0, history::horizon(&run));
        let resource = l.lanes.len() - 1;
        let shown: Vec<String> = l
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Bar {
                    class,
                    label: Some(t),
                    label_inset,
                    w,
                    ..
                } if class == "value" && bar_label_fits(t, *label_inset, *w) => Some(t.clone()),
                Mark::Point {
                    lane, label: Some(t), ..
                } if *lane == resource => Some(t.clone()),
                _ => None,
            })
            .collect();
        for value in ["'B'", "'A'"] {
            assert!(shown.iter().any(|t| t.contains(value)), "{value} in {shown:?}");
        }
    }

    #[test]
    fn a_fixed_handle_is_left_out_and_the_others_stay() {
        let run = simulate(&Params {
            recheck_at: Some(9),
            ..Params::default()
        });
        let handles = |l: &Layout| -> Vec<Handle> {
            l.marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Grip { handle, .. } => Some(*handle),
                    _ => None,
                })
                .collect()
        };
        let l = layout(&run, 960.0, history::horizon(&run));
        assert_eq!(
            handles(&l),
            [
                Handle::Recheck,
                Handle::PauseStart,
                Handle::PauseEnd,
                Handle::BArrival
            ]
        );
        assert_eq!(
            handles(&without_grip(l.clone(), Handle::Recheck)),
            [Handle::PauseStart, Handle::PauseEnd, Handle::BArrival]
        );
        assert!(handles(&without_grips(l)).is_empty());
    }

    #[test]
    fn one_lane_per_server_between_the_clients_and_the_holder() {
        let l = default_layout();
        let labels: Vec<&str> = l.lanes.iter().map(|x| x.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "client A",
                "client B",
                "server 1",
                "server 2",
                "server 3",
                "server 4",
                "server 5",
                "lock held by",
                "resource"
            ]
        );
        for pair in l.lanes.windows(2) {
            assert!(
                pair[0].y + pair[0].height <= pair[1].y + 1e-9,
                "lanes never overlap"
            );
        }
    }

    #[test]
    fn leases_are_bars_and_b_s_are_truncated() {
        let l = default_layout();
        let leases: Vec<_> = l
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Bar { class, label, .. } if class.starts_with("lease") => {
                    Some((class.as_str(), label.clone()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(leases.len(), 10);
        assert_eq!(leases.iter().filter(|(c, _)| c.contains("truncated")).count(), 5);
        assert!(leases.iter().any(|(_, label)| label.as_deref() == Some("B·2")));
    }

    #[test]
    fn a_s_write_is_marked_unlocked_and_accepted() {
        let l = default_layout();
        let a_write = l.marks.iter().find_map(|m| match m {
            Mark::Point {
                class,
                label: Some(label),
                ..
            } if label.starts_with("write 'A'") => Some((class.clone(), label.clone())),
            _ => None,
        });
        let (class, label) = a_write.expect("A's write is drawn");
        assert!(
            class.contains("unlocked") && class.contains("accepted"),
            "{class}"
        );
        assert_eq!(label, "write 'A' · token 1 · ACCEPTED");
    }

    #[test]
    fn the_holder_lane_reads_a_nobody_b_nobody() {
        let l = default_layout();
        let holders: Vec<String> = l
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Bar {
                    class,
                    label: Some(label),
                    ..
                } if class.starts_with("held") => Some(label.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(holders, ["A", "nobody", "B", "nobody"]);
    }

    #[test]
    fn key_instants_come_from_the_run_and_do_not_collide() {
        let run = simulate(&Params::default());
        let narrow = layout(&run, 360.0, history::horizon(&run));
        let centre = |i: &Instant| i.anchor.centre(i.label_x, text_width(&i.label, FONT_PX - 1.0));
        for i in &narrow.instants {
            let w = text_width(&i.label, FONT_PX - 1.0);
            assert!(
                centre(i) - w / 2.0 >= -1e-6 && centre(i) + w / 2.0 <= 360.0 + 1e-6,
                "{} is cut off",
                i.label
            );
        }
        let l = default_layout();
        let labels: Vec<&str> = l.instants.iter().map(|i| i.label.as_str()).collect();
        assert!(labels.contains(&"A's lease ends (t=10)"));
        assert!(labels.contains(&"B writes (t=14)"));
        assert!(labels.contains(&"A writes (t=16)"));
        for (i, a) in l.instants.iter().enumerate() {
            for b in &l.instants[i + 1..] {
                if a.row == b.row {
                    let (wa, wb) = (
                        text_width(&a.label, FONT_PX - 1.0),
                        text_width(&b.label, FONT_PX - 1.0),
                    );
                    assert!(
                        (centre(a) - centre(b)).abs() >= (wa + wb) / 2.0,
                        "{} and {} collide",
                        a.label,
                        b.label
                    );
                }
            }
        }
    }

    #[test]
    fn instants_of_one_tick_stack_in_the_order_things_happen() {
        // The study's late B, and a lease that outlasts the read: at the
        // drawing's right edge and at one tick, the wider label is pushed
        // further in, yet the earlier event keeps the upper row.
        let cases = [
            (
                Params {
                    b_arrives: 100,
                    ..Params::default()
                },
                "B arrives (t=100)",
                "B acquires (t=100)",
            ),
            (
                Params {
                    ttl: 25,
                    pause_len: 26,
                    ..Params::default()
                },
                "A's lease ends (t=25)",
                "B acquires (t=25)",
            ),
        ];
        for (p, first, then) in cases {
            let run = simulate(&p);
            for width in [360.0, 400.0, 900.0] {
                let l = layout(&run, width, history::horizon(&run));
                let row_of = |label: &str| l.instants.iter().find(|i| i.label == label).map(|i| i.row);
                assert!(
                    row_of(first).expect(first) < row_of(then).expect(then),
                    "{then} at {width}"
                );
            }
        }
    }

    #[test]
    fn a_narrow_screen_still_fits_and_a_big_cluster_stays_short() {
        let run = simulate(&Params {
            servers: 101,
            ..Params::default()
        });
        let l = layout(&run, 360.0, history::horizon(&run));
        assert!(l.marks.iter().all(|m| match m {
            Mark::Bar { x, w, .. } => *x >= 0.0 && x + w <= 360.0 + 1e-6,
            _ => true,
        }));
        let servers: f64 = l
            .lanes
            .iter()
            .filter(|x| x.class == "lane-server")
            .map(|x| x.height)
            .sum();
        assert!(servers <= SERVER_BLOCK_LANES * LANE_H + 1e-6);
    }

    /// Point labels: lane, centre, baseline and text.
    fn point_labels(l: &Layout) -> Vec<(usize, f64, f64, String)> {
        l.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Point {
                    lane,
                    label: Some(text),
                    label_x,
                    label_y,
                    label_anchor,
                    ..
                } => Some((
                    *lane,
                    label_anchor.centre(*label_x, text_width(text, FONT_PX - 1.0)),
                    *label_y,
                    text.clone(),
                )),
                _ => None,
            })
            .collect()
    }

    /// Bar labels that are drawn, with where they start and end.
    fn drawn_bar_labels(l: &Layout) -> Vec<(f64, f64, f64, String)> {
        l.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Bar {
                    x,
                    y,
                    w,
                    h,
                    label: Some(text),
                    label_inset,
                    ..
                } => {
                    let width = text_width(text, FONT_PX - 1.0);
                    bar_label_fits(text, *label_inset, *w).then(|| {
                        (
                            x + label_inset,
                            x + label_inset + width,
                            y + h / 2.0,
                            text.clone(),
                        )
                    })
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn diamonds_are_drawn_over_every_bar_and_handles_over_everything() {
        let layer = |m: &Mark| match m {
            Mark::Bar { .. } | Mark::Tick { .. } => 0,
            Mark::Point { .. } => 1,
            Mark::Grip { .. } => 2,
        };
        // A checks at the tick its pause starts; B retries from its arrival.
        for params in [
            Params {
                recheck_at: Some(2),
                ..Params::default()
            },
            Params {
                b_arrives: 3,
                ..Params::default()
            },
        ] {
            let run = simulate(&params);
            let l = layout(&run, 960.0, history::horizon(&run));
            let layers: Vec<u8> = l.marks.iter().map(layer).collect();
            assert!(layers.contains(&0) && layers.contains(&1) && layers.contains(&2));
            // Later marks are drawn on top.
            assert!(layers.windows(2).all(|w| w[0] <= w[1]), "{layers:?}");
        }
    }

    #[test]
    fn the_resource_lane_shows_the_final_value_even_where_diamonds_crowd_it() {
        for fencing in [false, true] {
            for twice in [false, true] {
                let params = Params {
                    fencing,
                    b_writes_twice: twice,
                    ..Params::default()
                };
                let run = simulate(&params);
                // The page draws both schedules on one axis.
                let other = simulate(&Params {
                    fencing: !fencing,
                    ..params
                });
                let t_end = history::horizon(&run).max(history::horizon(&other));
                let value = run.final_value.to_string();
                // Below about 600 px the last span is too short for even
                // the value beside its diamonds; the write's own label
                // ("A token 1 ✓") and the tooltip say it there.
                for width in [600.0, 720.0, 960.0] {
                    let l = layout(&run, width, t_end);
                    let resource = l.lanes.last().expect("the resource lane");
                    let shown = drawn_bar_labels(&l).into_iter().any(|(_, _, mid_y, text)| {
                        (resource.y..resource.y + resource.height).contains(&mid_y)
                            && (text == value || text.starts_with(&format!("{value} · ")))
                    });
                    assert!(
                        shown,
                        "{params:?} at width {width}: no {value} on the resource lane"
                    );
                }
            }
        }
    }

    #[test]
    fn no_bar_label_sits_under_a_diamond() {
        use std::collections::BTreeSet;
        let base = Params::default();
        let mut seen = BTreeSet::new();
        let mut cases: Vec<Params> = Vec::new();
        for fencing in [false, true] {
            for check in 0..=base.write_tick() {
                cases.push(Params {
                    recheck_at: Some(check),
                    fencing,
                    ..base
                });
            }
            // B arriving while A holds the lock: "retrying" starts at B's arrival.
            for b_arrives in 0..10 {
                cases.push(Params {
                    b_arrives,
                    fencing,
                    ..base
                });
            }
        }
        for params in cases {
            let run = simulate(&params);
            for width in [360.0, 480.0, 960.0] {
                let l = layout(&run, width, history::horizon(&run));
                for (start, end, mid_y, text) in drawn_bar_labels(&l) {
                    seen.insert(text.clone());
                    for m in &l.marks {
                        if let Mark::Point { x, y, .. } = m {
                            let on_the_label = (y - mid_y).abs() < DIAMOND_R + 4.0
                                && x + DIAMOND_R > start
                                && x - DIAMOND_R < end;
                            assert!(
                                !on_the_label,
                                "{params:?} at width {width}: a diamond at x={x} covers {text:?} ({start}..{end})"
                            );
                        }
                    }
                }
            }
        }
        assert!(
            seen.contains("paused") && seen.contains("retrying"),
            "the labels this test is about were never drawn: {seen:?}"
        );
    }

    #[test]
    fn labels_pushed_against_an_edge_are_anchored_to_it() {
        // A reader's text-spacing override makes the text wider than
        // `text_width` guesses; anchored at the edge, it grows inward.
        let run = simulate(&Params::default());
        let l = layout(&run, 400.0, history::horizon(&run));
        let anchor_of = |wanted: &str| {
            l.marks.iter().find_map(|m| match m {
                Mark::Point {
                    label: Some(text),
                    label_x,
                    label_anchor,
                    ..
                } if text == wanted => Some((*label_x, *label_anchor)),
                _ => None,
            })
        };
        // Near the right edge: centred if it fits, else pinned to the edge.
        let label = "write 'A' · token 1 · ACCEPTED";
        let w = text_width(label, FONT_PX);
        match anchor_of(label) {
            Some((x, Anchor::End)) => assert_eq!(x, 400.0),
            Some((x, Anchor::Middle)) => assert!(x + w / 2.0 <= 400.0, "{x}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(anchor_of("token 1"), Some((l.scale.x0, Anchor::Start)));
        // Near the edge, with room to spare by the estimate: never past it.
        // (At this width A's value does not fit its bar: the write says it.)
        let near = anchor_of("A token 1 ✓ → 'A'");
        let w = text_width("A token 1 ✓ → 'A'", FONT_PX);
        assert!(
            matches!(near, Some((x, Anchor::End)) if x <= 400.0)
                || matches!(near, Some((x, Anchor::Middle)) if x + w / 2.0 <= 400.0),
            "{near:?}"
        );
        let late_b = simulate(&Params {
            b_arrives: 100,
            ..Params::default()
        });
        let l = layout(&late_b, 400.0, history::horizon(&late_b));
        // Instants hang their labels from their lines, ending there.
        let arrives = l
            .instants
            .iter()
            .find(|i| i.label == "B arrives (t=100)")
            .expect("B arrives");
        assert_eq!((arrives.label_x, arrives.anchor), (arrives.x, Anchor::End));
        // Too close to the left edge to end at its line: it starts at the edge.
        let first = l
            .instants
            .iter()
            .find(|i| i.label.starts_with("A's lease ends"))
            .expect("lease end");
        assert!(first.x < text_width(&first.label, FONT_PX - 1.0));
        assert_eq!((first.label_x, first.anchor), (0.0, Anchor::Start));
    }

    #[test]
    fn point_labels_never_collide_and_stay_inside_at_any_width() {
        for params in [
            Params::default(),
            Params {
                fencing: true,
                b_writes_twice: true,
                recheck_at: Some(9),
                ..Params::default()
            },
            Params {
                b_arrives: 0,
                ttl: 1,
                pause_len: 3,
                ..Params::default()
            },
        ] {
            let run = simulate(&params);
            for width in [360.0, 600.0, 960.0] {
                let l = layout(&run, width, history::horizon(&run));
                let labels = point_labels(&l);
                assert!(!labels.is_empty());
                for (i, a) in labels.iter().enumerate() {
                    let wa = text_width(&a.3, FONT_PX - 1.0);
                    assert!(
                        a.1 - wa / 2.0 >= l.scale.x0 - 1e-6 && a.1 + wa / 2.0 <= width + 1e-6,
                        "{} leaves the drawing",
                        a.3
                    );
                    for b in &labels[i + 1..] {
                        if a.0 == b.0 && a.2 == b.2 {
                            let wb = text_width(&b.3, FONT_PX - 1.0);
                            assert!(
                                (a.1 - b.1).abs() >= (wa + wb) / 2.0,
                                "{} and {} collide at width {width}",
                                a.3,
                                b.3
                            );
                        }
                    }
                    let lane = &l.lanes[a.0];
                    assert!(
                        a.2 >= lane.y && a.2 <= lane.track_y,
                        "{} sits above its own track",
                        a.3
                    );
                }
            }
        }
    }

    /// A run recorded on real servers: its events on two lanes of their
    /// own under the model's, each at its tick and labelled with its
    /// milliseconds, the stopped process as a span, all by the same rules
    /// as the model's lanes, on a phone and at the widest.
    #[test]
    fn a_real_run_is_drawn_under_the_model_at_its_ticks_with_its_milliseconds() {
        use dlock_core::recording::{Event, Recording};
        for (code, _, text) in crate::figures::real::SHIPPED {
            let value: serde_json::Value = serde_json::from_str(text).expect(code);
            let Ok(Recording::Run(real)) = Recording::read(value.clone(), value) else {
                panic!("{code} is not a lab run");
            };
            let model = simulate(&real.params);
            let t_end = crate::figures::real::axis_end(&model, &real.events);
            for width in [320.0, 375.0, 1100.0] {
                let l = layout_beside(&model, &real.events, width, t_end);
                check_layout(&l).unwrap();
                assert_eq!(l.lanes.len(), layout(&model, width, t_end).lanes.len() + 2);
                for e in &real.events {
                    let lane = l
                        .lanes
                        .iter()
                        .find(|lane| lane.label == lane_label(e.client))
                        .expect("a real lane");
                    let ms = format!("{} ms", e.ms);
                    let at_tick = |x: &f64| (x - l.scale.x(e.tick)).abs() < l.scale.px_per_tick() / 2.0;
                    assert!(
                        l.marks.iter().any(|m| matches!(m,
                            Mark::Point { lane: li, x, label: Some(t), title, .. }
                                if *li == lane.index && *t == ms && at_tick(x) && title.contains(&e.event.describe()))),
                        "{code} at {width}: no mark for {e:?}"
                    );
                    if let Event::Paused { until } = e.event {
                        let (from, to) = (l.scale.x(e.tick), l.scale.x(until));
                        assert!(
                            l.marks.iter().any(|m| matches!(m,
                                Mark::Bar { class, x, w, .. } if class == "pause" && (x - from).abs() < 1e-9 && (x + w - to).abs() < 1e-9)),
                            "{code} at {width}: no stopped span"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_run_without_a_recording_has_no_real_lanes() {
        let run = simulate(&Params::default());
        let l = layout(&run, 960.0, history::horizon(&run));
        assert!(l.lanes.iter().all(|lane| lane.class != "lane-recorded"));
        assert_eq!(l, layout_beside(&run, &[], 960.0, history::horizon(&run)));
    }
}
