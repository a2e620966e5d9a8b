//! A timeline painted on a canvas with the 2D API, mark by mark, as the
//! page's stylesheet draws the same marks in SVG: the same fills, the
//! dashed borders of a lease released early, left open or still in
//! flight, A's pause hatched, the bold labels, and the cursor's band. No
//! image is decoded, which a strict Content-Security-Policy would block.
//!
//! What each mark class looks like is plain data ([`look_of`]), tested
//! natively against the stylesheet's rules; the painting only follows it.

use crate::draw::palette::{Colours, Rgb};
use crate::figures::timeline::layout::{bar_label_fits, Layout, Mark, DIAMOND_R};
use dlock_core::Tick;
use web_sys::CanvasRenderingContext2d as Context;

/// How one mark class is drawn, as `www/style.css` draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub fill: Rgb,
    /// Drawn at this opacity (the page's `opacity`).
    pub alpha: f64,
    /// The border, if any: its colour and dashes (empty for solid).
    pub stroke: Option<(Rgb, &'static [f64])>,
    /// Hatched over the fill, in A's colour (`url(#dlock-hatch)`).
    pub hatched: bool,
    /// The label's ink and weight.
    pub label: (Rgb, &'static str),
}

/// The look of a mark with these classes, in these colours.
pub fn look_of(class: &str, c: &Colours) -> Look {
    let has = |name: &str| class.split(' ').any(|x| x == name);
    let plain = Look {
        fill: c.bg,
        alpha: 1.0,
        stroke: None,
        hatched: false,
        label: (c.fg, "normal"),
    };
    bordered(&has, c, plain)
        .or_else(|| filled(&has, c, plain))
        .unwrap_or_else(|| diamond(&has, c, plain))
}

/// The spans drawn with a border: A's pause, messages in flight, leases.
fn bordered(has: &dyn Fn(&str) -> bool, c: &Colours, plain: Look) -> Option<Look> {
    if has("pause") {
        let dash: &'static [f64] = if has("crashed") { &[4.0, 2.0] } else { &[] };
        return Some(Look {
            hatched: true,
            stroke: Some((c.a, dash)),
            ..plain
        });
    }
    if has("in-flight") {
        return Some(Look {
            fill: c.a_soft,
            alpha: 0.6,
            stroke: Some((c.a, &[4.0, 2.0])),
            ..plain
        });
    }
    if !(has("lease-a") || has("lease-b")) {
        return None;
    }
    let (edge, fill) = if has("lease-b") {
        (c.b, c.b_soft)
    } else {
        (c.a, c.a_soft)
    };
    let dash: &'static [f64] = if has("truncated") {
        &[3.0, 2.0]
    } else if has("open") {
        &[1.0, 3.0]
    } else {
        &[]
    };
    Some(Look {
        fill,
        stroke: Some((edge, dash)),
        ..plain
    })
}

/// The spans drawn as a fill: who holds the lock, holds, restarts,
/// retries, the resource's value.
fn filled(has: &dyn Fn(&str) -> bool, c: &Colours, plain: Look) -> Option<Look> {
    let strong = |fill| Look {
        fill,
        label: (c.on_strong, "600"),
        ..plain
    };
    let fill = |fill| Look { fill, ..plain };
    Some(if has("held-a") {
        strong(c.a)
    } else if has("held-b") {
        strong(c.b)
    } else if has("held-both") {
        strong(c.bad)
    } else if has("hold-a") || has("send") {
        fill(c.a)
    } else if has("hold-b") || has("register") {
        fill(c.b)
    } else if has("restart") {
        fill(c.bad)
    } else if has("retrying") {
        Look {
            fill: c.b_soft,
            alpha: 0.45,
            ..plain
        }
    } else if has("held-none") {
        fill(c.none)
    } else if has("value") {
        Look {
            fill: c.panel,
            stroke: Some((c.border, &[])),
            ..plain
        }
    } else {
        return None;
    })
}

/// The diamonds: an event's outline in ink, a write's fill its fate, a
/// stale or unlocked write outlined and labelled in red.
fn diamond(has: &dyn Fn(&str) -> bool, c: &Colours, plain: Look) -> Look {
    if has("write") && has("rejected") {
        return Look {
            stroke: Some((c.bad, &[2.0, 1.0])),
            label: (c.bad, "600"),
            ..plain
        };
    }
    if has("write") && has("unlocked") {
        return Look {
            fill: if has("accepted") { c.good } else { c.bg },
            stroke: Some((c.bad, &[])),
            label: (c.bad, "600"),
            ..plain
        };
    }
    let fill = if has("accepted") || (has("recheck") && has("yes")) {
        c.good
    } else if has("recheck") && has("no") {
        c.bad
    } else if has("acquire") {
        c.fg
    } else {
        c.bg
    };
    Look {
        fill,
        stroke: Some((c.fg, &[])),
        ..plain
    }
}

/// Paints a timeline layout in the colours `c`, with the band of the
/// cursor at `cursor` if one is set.
pub fn paint_timeline(context: &Context, l: &Layout, c: &Colours, cursor: Option<Tick>) {
    fill(context, c.bg);
    context.fill_rect(0.0, 0.0, l.width, l.height);
    context.set_font("11px system-ui, sans-serif");
    for lane in &l.lanes {
        fill(context, c.muted);
        let _ = context.fill_text(&lane.label, 4.0, lane.label_y);
    }
    if let Some(t) = cursor {
        // Under the marks, as on the page: a band the width of half a tick.
        let (x, width) = l.scale.cursor_band(t, 3.0);
        context.set_global_alpha(0.25);
        fill(context, c.focus);
        context.fill_rect(x, 0.0, width, l.axis_y);
        context.set_global_alpha(1.0);
    }
    for m in &l.marks {
        match m {
            Mark::Bar { .. } => paint_bar(context, m, c),
            Mark::Point { .. } => paint_point(context, m, c),
            Mark::Tick { x, y, h, class } => {
                let (ink, alpha, width) = if *class == "handed-back" {
                    (c.muted, 1.0, 2.0)
                } else {
                    (c.b, 0.5, 1.0)
                };
                context.set_global_alpha(alpha);
                context.set_line_width(width);
                stroke(context, ink, &[]);
                context.begin_path();
                context.move_to(*x, *y);
                context.line_to(*x, y + h);
                context.stroke();
                context.set_global_alpha(1.0);
                context.set_line_width(1.0);
            }
            Mark::Grip { .. } => {}
        }
    }
    paint_axis(context, l, c);
}

fn fill(context: &Context, colour: Rgb) {
    context.set_fill_style_str(&colour.to_string());
}

fn stroke(context: &Context, colour: Rgb, dashes: &[f64]) {
    context.set_stroke_style_str(&colour.to_string());
    let segments: js_sys::Array = dashes.iter().map(|&d| wasm_bindgen::JsValue::from(d)).collect();
    let _ = context.set_line_dash(&segments);
}

fn paint_bar(context: &Context, m: &Mark, c: &Colours) {
    let Mark::Bar {
        x,
        y,
        w,
        h,
        class,
        label,
        label_inset,
        ..
    } = m
    else {
        return;
    };
    let look = look_of(class, c);
    context.set_global_alpha(look.alpha);
    fill(context, look.fill);
    context.fill_rect(*x, *y, *w, *h);
    if look.hatched {
        hatch(context, (*x, *y, *w, *h), c.a);
    }
    if let Some((edge, dashes)) = look.stroke {
        stroke(context, edge, dashes);
        context.stroke_rect(*x, *y, *w, *h);
        stroke(context, edge, &[]);
    }
    context.set_global_alpha(1.0);
    if let Some(text) = label.as_ref().filter(|t| bar_label_fits(t, *label_inset, *w)) {
        let (ink, weight) = look.label;
        context.set_font(&format!("{weight} 11px system-ui, sans-serif"));
        fill(context, ink);
        let _ = context.fill_text(text, x + label_inset, y + h / 2.0 + 4.0);
        context.set_font("11px system-ui, sans-serif");
    }
}

/// The page's hatching: lines at 45°, 6 px apart, 2 px wide, in A's colour
/// at 0.35 opacity, clipped to the bar.
fn hatch(context: &Context, (x, y, w, h): (f64, f64, f64, f64), colour: Rgb) {
    context.save();
    context.begin_path();
    context.rect(x, y, w, h);
    context.clip();
    context.set_global_alpha(0.35);
    context.set_line_width(2.0);
    stroke(context, colour, &[]);
    context.begin_path();
    let mut offset = -h;
    while offset < w {
        context.move_to(x + offset, y + h);
        context.line_to(x + offset + h, y);
        offset += 6.0 * std::f64::consts::SQRT_2;
    }
    context.stroke();
    context.restore();
}

fn paint_point(context: &Context, m: &Mark, c: &Colours) {
    let Mark::Point {
        x,
        y,
        class,
        label,
        label_x,
        label_y,
        label_anchor,
        ..
    } = m
    else {
        return;
    };
    let look = look_of(class, c);
    context.begin_path();
    context.move_to(*x, y - DIAMOND_R);
    context.line_to(x + DIAMOND_R, *y);
    context.line_to(*x, y + DIAMOND_R);
    context.line_to(x - DIAMOND_R, *y);
    context.close_path();
    fill(context, look.fill);
    context.fill();
    let (edge, dashes) = look.stroke.unwrap_or((c.fg, &[]));
    let width = match (class.contains("unlocked"), class.contains("rejected")) {
        (true, _) => 3.0,
        (_, true) => 2.0,
        _ => 1.0,
    };
    context.set_line_width(width);
    stroke(context, edge, dashes);
    context.stroke();
    stroke(context, edge, &[]);
    context.set_line_width(1.0);
    if let Some(text) = label {
        let (ink, weight) = look.label;
        context.set_font(&format!("{weight} 11px system-ui, sans-serif"));
        context.set_text_align(label_anchor.canvas());
        fill(context, ink);
        let _ = context.fill_text(text, *label_x, *label_y);
        context.set_text_align("start");
        context.set_font("11px system-ui, sans-serif");
    }
}

/// The time axis, its numbers, and the key instants' labels under it.
fn paint_axis(context: &Context, l: &Layout, c: &Colours) {
    stroke(context, c.muted, &[]);
    context.begin_path();
    context.move_to(l.scale.x0, l.axis_y);
    context.line_to(l.scale.x1, l.axis_y);
    context.stroke();
    context.set_text_align("center");
    context.set_font("10px system-ui, sans-serif");
    fill(context, c.muted);
    for a in &l.axis {
        let _ = context.fill_text(&a.label, a.x, l.axis_y + 15.0);
    }
    context.set_font("10.5px system-ui, sans-serif");
    fill(context, c.fg);
    for i in &l.instants {
        context.set_text_align(i.anchor.canvas());
        let _ = context.fill_text(&i.label, i.label_x, l.axis_y + 32.0 + f64::from(i.row) * 16.0);
    }
    context.set_text_align("start");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::palette::{DARK, LIGHT};

    /// The stylesheet the page draws the same marks with.
    const STYLE: &str = include_str!("../../../../../www/style.css");

    #[test]
    fn the_borders_the_stylesheet_dashes_are_dashed_here_with_the_same_dashes() {
        for (class, selector) in [
            (
                "bar lease-a truncated",
                ".bar.truncated rect { stroke-dasharray: 3 2; }",
            ),
            ("bar lease-b open", ".bar.open rect { stroke-dasharray: 1 3; }"),
            ("bar in-flight", "stroke-dasharray: 4 2; }"),
            (
                "bar pause crashed",
                ".bar.pause.crashed rect { stroke-dasharray: 4 2; }",
            ),
            ("ev write rejected", "stroke-width: 2; stroke-dasharray: 2 1; }"),
        ] {
            assert!(STYLE.contains(selector), "{selector}");
            let dashes = look_of(class, &LIGHT).stroke.expect(class).1;
            let css: Vec<f64> = selector
                .split("stroke-dasharray: ")
                .nth(1)
                .and_then(|d| d.split(';').next())
                .map(|d| d.split(' ').filter_map(|n| n.parse().ok()).collect())
                .unwrap_or_default();
            assert_eq!(dashes, css.as_slice(), "{class}");
        }
        assert_eq!(
            look_of("bar lease-a", &LIGHT).stroke,
            Some((LIGHT.a, &[] as &[f64]))
        );
    }

    #[test]
    fn a_pause_is_hatched_strong_fills_have_bold_labels_and_a_stale_write_is_bold_and_red() {
        assert!(STYLE.contains(".bar.pause rect { fill: url(#dlock-hatch)"));
        assert!(look_of("bar pause", &LIGHT).hatched);
        assert!(STYLE.contains(
            ".bar.held-a .bar-label, .bar.held-b .bar-label { fill: var(--on-strong); font-weight: 600; }"
        ));
        for class in ["bar held-a", "bar held-b", "bar held-both"] {
            assert_eq!(look_of(class, &LIGHT).label, (LIGHT.on_strong, "600"), "{class}");
        }
        assert_eq!(look_of("ev write rejected", &LIGHT).label, (LIGHT.bad, "600"));
        assert_eq!(look_of("ev write accepted", &LIGHT).label.1, "normal");
        assert_ne!(
            look_of("bar held-a", &LIGHT).fill,
            look_of("bar held-b", &LIGHT).fill
        );
        assert_ne!(
            look_of("ev write accepted", &LIGHT).fill,
            look_of("ev write rejected", &LIGHT).fill
        );
    }

    #[test]
    fn the_same_marks_take_the_dark_palette_s_colours() {
        assert_eq!(look_of("bar held-a", &DARK).fill, DARK.a);
        assert_eq!(look_of("bar lease-b", &DARK).fill, DARK.b_soft);
        assert_eq!(look_of("ev acquire", &DARK).fill, DARK.fg);
    }
}
