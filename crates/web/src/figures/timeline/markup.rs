//! The timeline's drawing as SVG markup, from its layout. The component
//! sets it as the inner markup of one `<g>`: a parameter change replaces a
//! few hundred elements in one parse instead of patching each element's
//! attributes through the framework, which was most of a drag's frame.
//!
//! Every piece of text is escaped here. The text comes from dlock-core
//! (numbers, fixed words, the letters A and B), never from the URL.

use super::drag::Handle;
use super::layout::{bar_label_fits, Instant, Layout, Mark, DIAMOND_R};
use crate::draw::geometry::Coord;
use crate::draw::markup::escape;
use dlock_core::Run;
use std::fmt::Write;

/// The test id and the `data-handle` name of a drag handle.
pub fn handle_code(handle: Handle) -> &'static str {
    match handle {
        Handle::PauseStart => "pause-start",
        Handle::PauseEnd => "pause-end",
        Handle::BArrival => "b-arrival",
        Handle::Recheck => "recheck",
    }
}

pub fn handle_from_code(code: &str) -> Option<Handle> {
    [
        Handle::PauseStart,
        Handle::PauseEnd,
        Handle::BArrival,
        Handle::Recheck,
    ]
    .into_iter()
    .find(|&h| handle_code(h) == code)
}

/// Coordinates with at most two decimals: shorter markup, same picture.
fn n(v: f64) -> Coord {
    Coord(v)
}

fn mark(out: &mut String, m: &Mark) {
    match m {
        Mark::Bar { .. } => bar(out, m),
        Mark::Point { .. } => point(out, m),
        Mark::Tick { x, y, h, class } => {
            let _ = write!(
                out,
                r#"<line class="tick {}" x1="{}" x2="{}" y1="{}" y2="{}"></line>"#,
                escape(class),
                n(*x),
                n(*x),
                n(*y),
                n(y + h)
            );
        }
        Mark::Grip { .. } => grip(out, m),
    }
}

/// A span, with its label inside its left end where the label fits.
fn bar(out: &mut String, m: &Mark) {
    let Mark::Bar {
        x,
        y,
        w,
        h,
        class,
        label,
        label_inset,
        title,
        ..
    } = m
    else {
        return;
    };
    let _ = write!(
        out,
        r#"<g class="bar {}"><rect x="{}" y="{}" width="{}" height="{}" rx="2"><title>{}</title></rect>"#,
        escape(class),
        n(*x),
        n(*y),
        n(*w),
        n(*h),
        escape(title)
    );
    if let Some(t) = label.as_ref().filter(|t| bar_label_fits(t, *label_inset, *w)) {
        let _ = write!(
            out,
            r#"<text class="bar-label" x="{}" y="{}">{}</text>"#,
            n(x + label_inset),
            n(y + h / 2.0 + 4.0),
            escape(t)
        );
    }
    out.push_str("</g>");
}

/// An event's diamond, with its label where the layout placed it.
fn point(out: &mut String, m: &Mark) {
    let Mark::Point {
        x,
        y,
        class,
        label,
        label_x,
        label_y,
        label_anchor,
        title,
        ..
    } = m
    else {
        return;
    };
    let r = DIAMOND_R;
    let _ = write!(
        out,
        r#"<g class="point {}"><polygon points="{},{} {},{} {},{} {},{}"><title>{}</title></polygon>"#,
        escape(class),
        n(*x),
        n(y - r),
        n(x + r),
        n(*y),
        n(*x),
        n(y + r),
        n(x - r),
        n(*y),
        escape(title)
    );
    if let Some(t) = label {
        let _ = write!(
            out,
            r#"<text class="point-label" x="{}" y="{}" text-anchor="{}">{}</text>"#,
            n(*label_x),
            n(*label_y),
            label_anchor.svg(),
            escape(t)
        );
    }
    out.push_str("</g>");
}

/// A drag handle: a focusable slider with its value and reach.
fn grip(out: &mut String, m: &Mark) {
    let Mark::Grip {
        x,
        y,
        h,
        handle,
        t,
        reach: (lowest, highest),
        title,
    } = m
    else {
        return;
    };
    let code = handle_code(*handle);
    let title = escape(title);
    let _ = write!(
        out,
        r#"<rect class="grip" data-testid="grip-{code}" data-handle="{code}" x="{}" y="{}" width="10" height="{}" tabindex="0" role="slider" aria-label="{title}" aria-valuenow="{t}" aria-valuemin="{lowest}" aria-valuemax="{highest}" aria-valuetext="t={t}"><title>{title}</title></rect>"#,
        n(x - 5.0),
        n(*y),
        n(*h)
    );
}

/// Everything inside the timeline's `<svg>` but the cursor: lanes, axis,
/// instants and marks, in drawing order.
pub fn body(l: &Layout) -> String {
    let mut out = String::with_capacity(256 * (l.marks.len() + l.lanes.len()));
    // Every background before any label: a label may reach into the next
    // lane (thin server lanes), and must not be painted over by it.
    for lane in &l.lanes {
        let _ = write!(
            out,
            r#"<g class="lane {}"><rect class="lane-bg" x="0" y="{}" width="{}" height="{}"></rect></g>"#,
            escape(lane.class),
            n(lane.y),
            n(l.width),
            n(lane.height),
        );
    }
    for lane in l.lanes.iter().filter(|lane| !lane.label.is_empty()) {
        let _ = write!(
            out,
            r#"<text class="lane-label" x="4" y="{}">{}</text>"#,
            n(lane.label_y),
            escape(&lane.label)
        );
    }
    let _ = write!(
        out,
        r#"<line class="axis" x1="{}" x2="{}" y1="{}" y2="{}"></line>"#,
        n(l.scale.x0),
        n(l.scale.x1),
        n(l.axis_y),
        n(l.axis_y)
    );
    // An instant's line runs down past the axis' numbers and the labels of
    // the rows above its own. All lines go first, and every label (haloed
    // in the stylesheet) over them, so no line strikes through a label.
    let row_y = |i: &Instant| l.axis_y + 32.0 + f64::from(i.row) * 16.0;
    out.push_str(r#"<g class="instant-lines">"#);
    for i in &l.instants {
        let _ = write!(
            out,
            r#"<line x1="{}" x2="{}" y1="{}" y2="{}"></line>"#,
            n(i.x),
            n(i.x),
            n(l.axis_y),
            n(row_y(i) - 10.0),
        );
    }
    out.push_str("</g>");
    for a in &l.axis {
        let _ = write!(
            out,
            r#"<g class="axis-tick"><line x1="{}" x2="{}" y1="{}" y2="{}"></line><text x="{}" y="{}" text-anchor="middle">{}</text></g>"#,
            n(a.x),
            n(a.x),
            n(l.axis_y),
            n(l.axis_y + 4.0),
            n(a.x),
            n(l.axis_y + 15.0),
            escape(&a.label)
        );
    }
    out.push_str(r#"<g class="instant">"#);
    for i in &l.instants {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" text-anchor="{}">{}</text>"#,
            n(i.label_x),
            n(row_y(i)),
            i.anchor.svg(),
            escape(&i.label)
        );
    }
    out.push_str("</g>");
    for m in &l.marks {
        mark(&mut out, m);
    }
    out
}

/// The rows of the hidden event table: every entry of the run in order,
/// in dlock-core's transcript columns.
pub fn event_rows(run: &Run) -> String {
    let mut out = String::new();
    for e in &run.entries {
        let (when, verb, detail) = dlock_core::transcript::entry_parts(e, &run.params);
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&when),
            e.client,
            escape(verb),
            escape(&detail)
        );
    }
    out
}

/// The rows of the hidden lease table: every lease every server granted.
pub fn lease_rows(run: &Run) -> String {
    let mut out = String::new();
    for cells in dlock_core::transcript::grant_rows(run) {
        out.push_str("<tr>");
        for cell in cells {
            let _ = write!(out, "<td>{}</td>", escape(&cell));
        }
        out.push_str("</tr>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::timeline::layout::layout;
    use dlock_core::{simulate, Params};

    #[test]
    fn lane_labels_are_drawn_after_every_lane_background() {
        let run = simulate(&Params {
            servers: 101,
            ..Params::default()
        });
        let svg = body(&layout(&run, 960.0, dlock_core::history::horizon(&run)));
        let last_background = svg.rfind("lane-bg").expect("backgrounds");
        let first_label = svg.find("lane-label").expect("labels");
        assert!(last_background < first_label);
        assert!(svg.contains(">server 1<") && svg.contains(">server 101<"));
        assert_eq!(
            svg.matches("class=\"lane-label\"").count(),
            6,
            "two clients, two server ends, holder, resource"
        );
    }

    #[test]
    fn every_label_below_the_axis_is_drawn_over_the_instant_lines() {
        let run = simulate(&Params::default());
        let l = layout(&run, 390.0, dlock_core::history::horizon(&run));
        assert!(
            l.instants.iter().any(|i| i.row > 0),
            "stacked rows, so lines pass labels"
        );
        let svg = body(&l);
        let lines_at = svg.find(r#"<g class="instant-lines">"#).expect("lines");
        let lines = &svg[lines_at..];
        let lines = &lines[..lines.find("</g>").expect("closed")];
        assert_eq!(lines.matches("<line").count(), l.instants.len());
        assert!(!lines.contains("<text"));
        let labels_at = svg.find(r#"<g class="instant">"#).expect("labels");
        let labels = &svg[labels_at..];
        let labels = &labels[..labels.find("</g>").expect("closed")];
        assert_eq!(labels.matches("<text").count(), l.instants.len());
        assert!(!labels.contains("<line"));
        assert!(lines_at < svg.find("axis-tick").expect("axis numbers"));
        assert!(lines_at < labels_at);
    }

    #[test]
    fn the_data_tables_have_a_row_per_event_and_per_lease() {
        let run = simulate(&Params::default());
        let events = event_rows(&run);
        assert_eq!(events.matches("<tr>").count(), run.entries.len());
        assert_eq!(lease_rows(&run).matches("<tr>").count(), run.grants.len());
        assert!(lease_rows(&run).starts_with("<tr><td>1</td><td>A</td>"));
        assert!(!events.contains('\''), "quotes in values are escaped");
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(escape(r#"<b a="x">&'"#), "&lt;b a=&quot;x&quot;&gt;&amp;&#39;");
        assert_eq!(n(1.0).to_string(), "1");
        assert_eq!(n(1.234).to_string(), "1.23");
    }

    #[test]
    fn every_mark_becomes_one_element_and_grips_carry_their_handle() {
        let run = simulate(&Params::default());
        let l = layout(&run, 900.0, 20);
        let svg = body(&l);
        let grips = l.marks.iter().filter(|m| matches!(m, Mark::Grip { .. })).count();
        assert_eq!(grips, 3);
        assert_eq!(svg.matches(r#"class="grip""#).count(), grips);
        for code in ["pause-start", "pause-end", "b-arrival"] {
            assert!(
                svg.contains(&format!(r#"data-testid="grip-{code}" data-handle="{code}""#)),
                "{code}"
            );
            assert_eq!(handle_from_code(code).map(handle_code), Some(code));
        }
        // A slider announces its value and its range, not ARIA's default
        // 0 to 100, which a handle past t=100 would overshoot.
        assert!(svg
            .contains(r#"aria-valuenow="16" aria-valuemin="2" aria-valuemax="10002" aria-valuetext="t=16""#));
        assert_eq!(
            svg.matches("<g class=\"point ").count(),
            l.marks.iter().filter(|m| matches!(m, Mark::Point { .. })).count()
        );
        assert!(svg.contains("write &#39;A&#39; · token 1 · ACCEPTED"));
        assert!(!svg.contains("<script"));
    }
}
