//! Exported PNGs, painted mark by mark on an offscreen canvas with the 2D
//! API at twice the page's scale. Nothing is decoded from an image, which a
//! strict Content-Security-Policy would block.

use crate::browser::download::download_canvas_png;
use crate::draw::palette::{Rgb, Scheme, PAPER as P, PAPER_BOTH, PAPER_PAUSE, PAPER_RETRYING};
use crate::figures::heatmap::layout::{key, key_spots, key_steps, key_swatch_width, HeatGeometry, KEY_FONT};
use crate::figures::heatmap::paint::{paint, Marks, PAPER_INK};
use crate::figures::timeline::layout::{bar_label_fits, layout, Layout, Mark, DIAMOND_R};
use crate::state::AppState;
use dlock_core::sweep;
use dlock_core::sweep::Grid;
use leptos::prelude::GetUntracked;

/// Paints a title and lines of text from `y0` down (the text figures).
pub(super) fn paint_lines(
    context: &web_sys::CanvasRenderingContext2d,
    title: &str,
    lines: &[String],
    y0: f64,
) {
    context.set_fill_style_str(&P.fg.to_string());
    context.set_font("bold 12px system-ui, sans-serif");
    let _ = context.fill_text(title, 12.0, y0 + 22.0);
    context.set_font("12px system-ui, sans-serif");
    for (i, line) in lines.iter().enumerate() {
        let _ = context.fill_text(line, 12.0, y0 + 44.0 + i as f64 * 18.0);
    }
}

/// Fill colour for a timeline mark class, light theme (exports are light).
fn fill_for(class: &str) -> Rgb {
    let has = |c: &str| class.split(' ').any(|x| x == c);
    // Client A's colour, client B's, and the lock failing.
    if has("held-a") || has("hold-a") || has("send") {
        P.a
    } else if has("held-b") || has("hold-b") || has("register") {
        P.b
    } else if has("held-both") || has("restart") {
        PAPER_BOTH
    } else if has("held-none") || has("value") {
        P.none
    } else if has("lease-a") || has("in-flight") {
        P.a_soft
    } else if has("lease-b") {
        P.b_soft
    } else if has("pause") {
        PAPER_PAUSE
    } else if has("retrying") {
        PAPER_RETRYING
    } else if has("check-window") {
        P.muted
    } else if has("accepted") {
        P.good
    } else if has("rejected") {
        P.bg
    } else if has("acquire") {
        P.fg
    } else {
        P.bg
    }
}

/// Paints a timeline layout with the 2D canvas API, mark by mark, so the
/// PNG needs no image decoding (which a strict CSP would block).
pub(super) fn paint_timeline(context: &web_sys::CanvasRenderingContext2d, l: &Layout) {
    context.set_fill_style_str(&P.bg.to_string());
    context.fill_rect(0.0, 0.0, l.width, l.height);
    context.set_font("11px system-ui, sans-serif");
    for lane in &l.lanes {
        context.set_fill_style_str(&P.muted.to_string());
        let _ = context.fill_text(&lane.label, 4.0, lane.label_y);
    }
    for m in &l.marks {
        match m {
            Mark::Bar { .. } => paint_bar(context, m),
            Mark::Point { .. } => paint_point(context, m),
            Mark::Tick { x, y, h, .. } => {
                context.set_stroke_style_str(&P.b.to_string());
                context.begin_path();
                context.move_to(*x, *y);
                context.line_to(*x, y + h);
                context.stroke();
            }
            Mark::Grip { .. } => {}
        }
    }
    paint_axis(context, l);
}

fn paint_bar(context: &web_sys::CanvasRenderingContext2d, m: &Mark) {
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
    context.set_fill_style_str(&fill_for(class).to_string());
    context.fill_rect(*x, *y, *w, *h);
    let edge = if class.contains("lease-b") { P.b } else { P.a };
    context.set_stroke_style_str(&edge.to_string());
    if class.contains("lease") || class.contains("pause") {
        context.stroke_rect(*x, *y, *w, *h);
    }
    if let Some(text) = label.as_ref().filter(|t| bar_label_fits(t, *label_inset, *w)) {
        let on_dark = class.contains("held-a") || class.contains("held-b");
        context.set_fill_style_str(&(if on_dark { P.bg } else { P.fg }).to_string());
        let _ = context.fill_text(text, x + label_inset, y + h / 2.0 + 4.0);
    }
}

fn paint_point(context: &web_sys::CanvasRenderingContext2d, m: &Mark) {
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
    context.begin_path();
    context.move_to(*x, y - DIAMOND_R);
    context.line_to(x + DIAMOND_R, *y);
    context.line_to(*x, y + DIAMOND_R);
    context.line_to(x - DIAMOND_R, *y);
    context.close_path();
    context.set_fill_style_str(&fill_for(class).to_string());
    context.fill();
    let ink = if class.contains("unlocked") || class.contains("rejected") {
        &P.bad.to_string()
    } else {
        &P.fg.to_string()
    };
    context.set_stroke_style_str(ink);
    context.stroke();
    if let Some(text) = label {
        context.set_text_align(label_anchor.canvas());
        context.set_fill_style_str(ink);
        let _ = context.fill_text(text, *label_x, *label_y);
        context.set_text_align("start");
    }
}

/// The time axis, its numbers, and the key instants' labels under it.
fn paint_axis(context: &web_sys::CanvasRenderingContext2d, l: &Layout) {
    context.set_stroke_style_str(&P.muted.to_string());
    context.begin_path();
    context.move_to(l.scale.x0, l.axis_y);
    context.line_to(l.scale.x1, l.axis_y);
    context.stroke();
    context.set_text_align("center");
    context.set_fill_style_str(&P.muted.to_string());
    for a in &l.axis {
        let _ = context.fill_text(&a.label, a.x, l.axis_y + 15.0);
    }
    context.set_fill_style_str(&P.fg.to_string());
    for i in &l.instants {
        context.set_text_align(i.anchor.canvas());
        let _ = context.fill_text(&i.label, i.label_x, l.axis_y + 32.0 + f64::from(i.row) * 16.0);
    }
}

/// The re-check figure as a PNG: each multiple under its caption, as on
/// the page.
pub(super) fn recheck_png(state: AppState, stem: &str) -> Result<(), String> {
    let width = state.width.get_untracked().min(1100.0);
    let p = state.params.get_untracked();
    const CAPTION: f64 = 22.0;
    let multiples: Vec<(String, Layout)> = sweep::recheck_ticks(&p)
        .iter()
        .map(|&c| {
            let run = dlock_core::simulate(&crate::figures::recheck::with_check(&p, c));
            let end = state
                .t_end
                .get_untracked()
                .max(dlock_core::history::horizon(&run));
            (
                crate::figures::recheck::caption::recheck_caption(&run, c),
                layout(&run, width, end),
            )
        })
        .collect();
    let height: f64 = multiples.iter().map(|(_, l)| CAPTION + l.height + 12.0).sum();
    let (canvas, context) = crate::browser::document::offscreen_canvas(width, height, 2.0)?;
    context.set_fill_style_str(&P.bg.to_string());
    context.fill_rect(0.0, 0.0, width, height);
    let mut y = 0.0;
    for (caption, l) in &multiples {
        context.set_font("12px system-ui, sans-serif");
        context.set_fill_style_str(&P.muted.to_string());
        let _ = context.fill_text(caption, 4.0, y + 15.0);
        context.save();
        let _ = context.translate(0.0, y + CAPTION);
        paint_timeline(&context, l);
        context.restore();
        y += CAPTION + l.height + 12.0;
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

/// The lease-length chart as a PNG, with B's arrival strip below it, as
/// in the SVG export.
pub(super) fn sweeps_png(state: AppState, stem: &str) -> Result<(), String> {
    let p = state.params.get_untracked();
    let rows = sweep::lease_lengths(&p, &crate::figures::sweeps::chart_ttls(&p));
    let c = crate::figures::sweeps::lease_chart(&rows, state.width.get_untracked());
    let arrivals = sweep::arrivals(&p, &crate::figures::sweeps::strip_arrivals());
    let strip_top = c.height + 24.0;
    let height = strip_top + 30.0;
    let (canvas, context) = crate::browser::document::offscreen_canvas(c.width, height, 2.0)?;
    context.set_fill_style_str(&P.bg.to_string());
    context.fill_rect(0.0, 0.0, c.width, height);
    context.set_stroke_style_str(&P.muted.to_string());
    context.begin_path();
    context.move_to(c.left, c.top);
    context.line_to(c.left, c.bottom);
    context.line_to(c.right, c.bottom);
    context.stroke();
    context.set_font("11px system-ui, sans-serif");
    context.set_fill_style_str(&P.fg.to_string());
    for l in crate::figures::sweeps::chart_labels(&c) {
        context.save();
        let _ = context.translate(l.x, l.y);
        if l.vertical {
            let _ = context.rotate(-std::f64::consts::FRAC_PI_2);
        }
        context.set_text_align(l.anchor.canvas());
        let _ = context.fill_text(&l.text, 0.0, 0.0);
        context.restore();
    }
    for pt in &c.points {
        let (r, g, b) = crate::figures::heatmap::layout::outcome_rgb(pt.outcome, 0.0, Scheme::Light);
        context.set_fill_style_str(&format!("rgb({r},{g},{b})"));
        context.begin_path();
        let _ = context.arc(pt.x, pt.y, 5.0, 0.0, std::f64::consts::TAU);
        context.fill();
        context.stroke();
    }
    context.set_fill_style_str(&P.fg.to_string());
    context.set_text_align("start");
    let (first, last) = (
        arrivals.first().map_or(0, |r| r.b_arrives),
        arrivals.last().map_or(0, |r| r.b_arrives),
    );
    let _ = context.fill_text(
        &format!("B arriving at {first} (left) to {last} (right): the outcome, and below it in red A's write without the lock"),
        c.left,
        strip_top - 8.0,
    );
    let cell = (c.right - c.left) / arrivals.len().max(1) as f64;
    for (i, r) in arrivals.iter().enumerate() {
        let x = c.left + i as f64 * cell;
        // Half a pixel of overlap, so no hairline shows between cells.
        let w = if i + 1 < arrivals.len() { cell + 0.5 } else { cell };
        let (red, green, blue) = crate::figures::heatmap::layout::outcome_rgb(r.outcome, 0.0, Scheme::Light);
        context.set_fill_style_str(&format!("rgb({red},{green},{blue})"));
        context.fill_rect(x, strip_top, w, 16.0);
        context.set_fill_style_str(&(if r.a_write_unlocked { P.bad } else { P.none }).to_string());
        context.fill_rect(x, strip_top + 18.0, w, 6.0);
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

/// The staircase as a PNG, two device pixels per CSS pixel: the page's
/// painting of it, its key under the plot, on white like the other
/// exports (the page's canvas is transparent around the plot).
pub(super) fn heatmap_png(grid: &Grid, g: &HeatGeometry, stem: &str) -> Result<(), String> {
    let entries = key(grid, Scheme::Light);
    let (spots, key_height) = key_spots(&entries, g.left, g.width);
    let (canvas, context) = crate::browser::document::offscreen_canvas(g.width, g.height + key_height, 2.0)?;
    // The painter scales its geometry itself, so the context must not
    // scale it again.
    let _ = context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    let marks = Marks {
        current: None,
        focused: None,
        foreground: PAPER_INK,
    };
    paint(canvas.clone(), grid, g, 2.0, &marks);
    let _ = context.set_transform(2.0, 0.0, 0.0, 2.0, 0.0, 0.0);
    context.set_font(&format!("{KEY_FONT}px system-ui, sans-serif"));
    context.set_text_align("start");
    context.set_text_baseline("alphabetic");
    for (entry, &(x, y)) in entries.iter().zip(&spots) {
        let y = g.height + y;
        let w = key_swatch_width(entry);
        for (i, (r, gr, b), n) in key_steps(entry) {
            context.set_fill_style_str(&format!("rgb({r},{gr},{b})"));
            context.fill_rect(
                x + w * f64::from(i) / f64::from(n),
                y + 4.0,
                w / f64::from(n),
                12.0,
            );
        }
        // Outlined as on the page, so the palest shade still shows.
        context.set_stroke_style_str(&P.border.to_string());
        context.set_line_width(1.0);
        context.stroke_rect(x, y + 4.0, w, 12.0);
        context.set_fill_style_str(&P.fg.to_string());
        let _ = context.fill_text(&entry.text, x + w + 4.0, y + 14.0);
    }
    // Paper under everything drawn so far.
    let _ = context.set_global_composite_operation("destination-over");
    context.set_fill_style_str(&P.bg.to_string());
    context.fill_rect(0.0, 0.0, g.width, g.height + key_height);
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

/// The acquire staircase on paper: each panel's title, its cells in the
/// outcome colours, and every fifth tick on its axes.
pub(super) fn acquiring_png(
    grid: &dlock_core::acquire_grid::AcquireGrid,
    width: f64,
    stem: &str,
) -> Result<(), String> {
    use crate::figures::acquiring::layout::{labelled, layout};
    let l = layout(grid, width);
    let (canvas, context) = crate::browser::document::offscreen_canvas(l.width, l.height, 2.0)?;
    context.set_fill_style_str(&P.bg.to_string());
    context.fill_rect(0.0, 0.0, l.width, l.height);
    context.set_font("11px system-ui, sans-serif");
    for (side, panel) in [&grid.checked, &grid.unchecked].into_iter().zip(l.panels) {
        context.set_fill_style_str(&P.fg.to_string());
        context.set_text_align("start");
        let title = if side.validity_check {
            "with the validity check"
        } else {
            "without it"
        };
        let _ = context.fill_text(title, panel.x, panel.y - 8.0);
        for row in 0..l.rows {
            for column in 0..l.columns {
                let (x, y) = panel.cell_rect(row, column);
                let colour =
                    crate::draw::palette::outcome(grid.outcome(side, row, column), Scheme::Light).fill;
                context.set_fill_style_str(&colour.to_string());
                context.fill_rect(x, y, panel.cell, panel.cell);
            }
        }
        context.set_fill_style_str(&P.fg.to_string());
        let bottom = panel.y + l.rows as f64 * panel.cell;
        context.set_text_align("center");
        for i in labelled(l.columns) {
            let _ = context.fill_text(
                &grid.pauses[i].to_string(),
                panel.x + (i as f64 + 0.5) * panel.cell,
                bottom + 12.0,
            );
        }
        context.set_text_align("end");
        for i in labelled(l.rows) {
            let _ = context.fill_text(
                &grid.arrivals[i].to_string(),
                panel.x - 4.0,
                panel.y + (i as f64 + 0.5) * panel.cell + 4.0,
            );
        }
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

/// Timelines one under another on one canvas, 12 px apart.
pub(super) fn stacked_timelines_png(stem: &str, layouts: &[Layout]) -> Result<(), String> {
    const GAP: f64 = 12.0;
    let width = layouts.iter().map(|l| l.width).fold(0.0, f64::max);
    let height = layouts.iter().map(|l| l.height + GAP).sum::<f64>();
    let (canvas, context) = crate::browser::document::offscreen_canvas(width.max(1.0), height.max(1.0), 2.0)?;
    context.set_fill_style_str(&P.bg.to_string());
    context.fill_rect(0.0, 0.0, width, height);
    let mut y = 0.0;
    for l in layouts {
        let _ = context.set_transform(2.0, 0.0, 0.0, 2.0, 0.0, 2.0 * y);
        paint_timeline(&context, l);
        y += l.height + GAP;
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mark_classes_have_distinct_fills() {
        assert_ne!(fill_for("bar held-a"), fill_for("bar held-b"));
        assert_ne!(fill_for("ev write accepted"), fill_for("ev write rejected"));
    }
}
