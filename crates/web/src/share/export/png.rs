//! Exported PNGs, painted mark by mark on an offscreen canvas with the 2D
//! API at twice the page's scale. Nothing is decoded from an image, which a
//! strict Content-Security-Policy would block.

use super::painter::paint_timeline;
use crate::browser::download::download_canvas_png;
use crate::draw::palette::{Scheme, PAPER as P};
use crate::figures::heatmap::layout::{key, key_spots, key_steps, key_swatch_width, HeatGeometry, KEY_FONT};
use crate::figures::heatmap::paint::{paint, Marks, PAPER_INK};
use crate::figures::timeline::layout::{layout, Layout};
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
        paint_timeline(&context, l, P, None);
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
        paint_timeline(&context, l, P, None);
        y += l.height + GAP;
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
}
