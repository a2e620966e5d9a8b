//! Each figure as a [`Picture`]: painted mark by mark with the 2D API, in
//! the colours given (the palette on screen), at whatever width it is laid
//! out for. Nothing is decoded from an image, which a strict
//! Content-Security-Policy would block.

use super::painter::paint_timeline;
use super::picture::Picture;
use crate::draw::palette::{Colours, Scheme};
use crate::figures::argument::drawing::{underline_segments, TableDrawing};
use crate::figures::heatmap::layout::{key, key_spots, key_steps, key_swatch_width, HeatGeometry, KEY_FONT};
use crate::figures::heatmap::paint::{paint, Marks};
use crate::figures::timeline::layout::{layout, Layout};
use dlock_core::sweep::{self, Grid};
use dlock_core::{Params, Run, Tick};
use web_sys::CanvasRenderingContext2d as Context;

/// The scheme whose colours `c` are: outcome fills differ between them.
fn scheme_of(c: &Colours) -> Scheme {
    Scheme::for_ink(c.fg.channels())
}

/// One run's timeline, with the cursor's band where one is set.
pub(super) fn timeline<'a>(
    run: &Run,
    width: f64,
    t_end: Tick,
    cursor: Option<Tick>,
    c: &'static Colours,
) -> Picture<'a> {
    let l = layout(run, width, t_end);
    Picture::drawn(l.width, l.height, c, move |context| {
        paint_timeline(context, &l, c, cursor)
    })
}

/// The fault × remedy table, drawn word by word where its layout puts each
/// (`figures::argument::drawing`), the marks in their colours and lines.
pub(super) fn argument_table<'a>(d: TableDrawing, c: &'static Colours) -> Picture<'a> {
    let (width, height) = (d.width, d.height);
    Picture::drawn(width, height, c, move |context| {
        context.set_stroke_style_str(&c.border.to_string());
        context.set_line_width(1.0);
        for y in &d.rules {
            context.begin_path();
            context.move_to(0.0, *y);
            context.line_to(width, *y);
            context.stroke();
        }
        for word in &d.words {
            let ink = word.ink.of(c).to_string();
            context.set_fill_style_str(&ink);
            context.set_font(&word.font());
            context.set_text_align(if word.centred { "center" } else { "left" });
            let _ = context.fill_text(&word.text, word.x, word.y);
            context.set_stroke_style_str(&ink);
            for (x1, x2, y, dash) in underline_segments(word) {
                let dash: js_sys::Array = dash.iter().map(|d| wasm_bindgen::JsValue::from_f64(*d)).collect();
                let _ = context.set_line_dash(&dash);
                context.begin_path();
                context.move_to(x1, y);
                context.line_to(x2, y);
                context.stroke();
            }
            let _ = context.set_line_dash(&js_sys::Array::new());
        }
        context.set_text_align("left");
    })
}

/// A title and lines of text (the text figures).
pub(super) fn text<'a>(title: &str, lines: &[String], c: &'static Colours) -> Picture<'a> {
    let width = lines
        .iter()
        .map(|l| crate::draw::geometry::text_width(l, 12.0))
        .fold(240.0, f64::max)
        + 24.0;
    let height = 36.0 + lines.len() as f64 * 18.0;
    let (title, lines) = (title.to_owned(), lines.to_vec());
    Picture::drawn(width, height, c, move |context| {
        context.set_fill_style_str(&c.fg.to_string());
        // Fixed-width: the lines' columns are runs of spaces.
        context.set_font("bold 12px ui-monospace, monospace");
        let _ = context.fill_text(&title, 12.0, 22.0);
        context.set_font("12px ui-monospace, monospace");
        for (i, line) in lines.iter().enumerate() {
            let _ = context.fill_text(line, 12.0, 44.0 + i as f64 * 18.0);
        }
    })
}

/// The re-check figure: each multiple under its caption, in the page's
/// columns.
pub(super) fn recheck<'a>(p: &Params, width: f64, t_end: Tick, c: &'static Colours) -> Picture<'a> {
    const CAPTION: f64 = 22.0;
    const GAP: f64 = 16.0;
    let (columns, column_width) = crate::figures::recheck::columns_for(width);
    let multiples: Vec<(String, Layout)> = sweep::recheck_ticks(p)
        .iter()
        .map(|&check| {
            let run = dlock_core::simulate(&crate::figures::recheck::with_check(p, check));
            let end = t_end.max(dlock_core::history::horizon(&run));
            (
                crate::figures::recheck::caption::recheck_caption(&run, check),
                layout(&run, column_width, end),
            )
        })
        .collect();
    // Each row as tall as its tallest multiple.
    let row_heights: Vec<f64> = multiples
        .chunks(columns)
        .map(|row| {
            row.iter()
                .map(|(_, l)| CAPTION + l.height + GAP)
                .fold(0.0, f64::max)
        })
        .collect();
    let height = row_heights.iter().sum();
    Picture::drawn(width, height, c, move |context| {
        let mut y = 0.0;
        for (row, row_height) in multiples.chunks(columns).zip(&row_heights) {
            for (i, (caption, l)) in row.iter().enumerate() {
                let x = i as f64 * (column_width + GAP);
                context.set_font("12px system-ui, sans-serif");
                context.set_fill_style_str(&c.muted.to_string());
                let _ = context.fill_text(caption, x + 4.0, y + 15.0);
                context.save();
                let _ = context.translate(x, y + CAPTION);
                paint_timeline(context, l, c, None);
                context.restore();
            }
            y += row_height;
        }
    })
}

/// The re-check on a slide: each multiple's answer on a line, in the ink
/// of what it leaves (red where the data is harmed, green where it is
/// not). Four whole timelines on one slide would shrink their labels to a
/// third of what a hall can read; the timelines are the figure's PNG.
pub(super) fn recheck_answers<'a>(p: &Params, c: &'static Colours) -> Picture<'a> {
    const SIZE: f64 = 16.0;
    const LINE: f64 = 30.0;
    let lines: Vec<(String, bool)> = sweep::recheck_ticks(p)
        .iter()
        .map(|&check| {
            let run = dlock_core::simulate(&crate::figures::recheck::with_check(p, check));
            let harmed = !matches!(
                run.outcome(),
                dlock_core::Outcome::Clean | dlock_core::Outcome::StaleRejected
            );
            (
                crate::figures::recheck::caption::recheck_caption(&run, check),
                harmed,
            )
        })
        .collect();
    let width = lines
        .iter()
        .map(|(l, _)| crate::draw::geometry::text_width(l, SIZE))
        .fold(0.0, f64::max)
        + 16.0;
    let height = LINE * lines.len() as f64 + 8.0;
    Picture::drawn(width, height, c, move |context| {
        context.set_font(&format!("{SIZE}px system-ui, sans-serif"));
        for (i, (line, harmed)) in lines.iter().enumerate() {
            let ink = if *harmed { c.bad } else { c.good };
            context.set_fill_style_str(&ink.to_string());
            let _ = context.fill_text(line, 8.0, LINE * (i as f64 + 1.0) - 8.0);
        }
    })
}

/// Timelines one under another, 12 px apart (the runs on real servers).
pub(super) fn stacked_timelines<'a>(layouts: Vec<Layout>, c: &'static Colours) -> Picture<'a> {
    const GAP: f64 = 12.0;
    let width = layouts.iter().map(|l| l.width).fold(0.0, f64::max);
    let height = layouts.iter().map(|l| l.height + GAP).sum::<f64>();
    Picture::drawn(width, height, c, move |context| {
        let mut y = 0.0;
        for l in &layouts {
            context.save();
            let _ = context.translate(0.0, y);
            paint_timeline(context, l, c, None);
            context.restore();
            y += l.height + GAP;
        }
    })
}

/// The lease-length chart, with B's arrival strip below it, as in the SVG
/// export.
pub(super) fn sweeps<'a>(p: &Params, width: f64, c: &'static Colours) -> Picture<'a> {
    let rows = sweep::lease_lengths(p, &crate::figures::sweeps::chart_ttls(p));
    let chart = crate::figures::sweeps::lease_chart(&rows, width);
    let arrivals = sweep::arrivals(p, &crate::figures::sweeps::strip_arrivals());
    let strip_top = chart.height + 24.0;
    Picture::drawn(chart.width, strip_top + 30.0, c, move |context| {
        paint_lease_chart(context, &chart, c);
        paint_arrival_strip(context, &chart, &arrivals, strip_top, c);
    })
}

fn paint_lease_chart(context: &Context, chart: &crate::figures::sweeps::LeaseChart, c: &Colours) {
    context.set_stroke_style_str(&c.muted.to_string());
    context.begin_path();
    context.move_to(chart.left, chart.top);
    context.line_to(chart.left, chart.bottom);
    context.line_to(chart.right, chart.bottom);
    context.stroke();
    context.set_font("11px system-ui, sans-serif");
    context.set_fill_style_str(&c.fg.to_string());
    for l in crate::figures::sweeps::chart_labels(chart) {
        context.save();
        let _ = context.translate(l.x, l.y);
        if l.vertical {
            let _ = context.rotate(-std::f64::consts::FRAC_PI_2);
        }
        context.set_text_align(l.anchor.canvas());
        let _ = context.fill_text(&l.text, 0.0, 0.0);
        context.restore();
    }
    for pt in &chart.points {
        let (r, g, b) = crate::figures::heatmap::layout::outcome_rgb(pt.outcome, 0.0, scheme_of(c));
        context.set_fill_style_str(&format!("rgb({r},{g},{b})"));
        context.begin_path();
        let _ = context.arc(pt.x, pt.y, 5.0, 0.0, std::f64::consts::TAU);
        context.fill();
        context.stroke();
    }
}

fn paint_arrival_strip(
    context: &Context,
    chart: &crate::figures::sweeps::LeaseChart,
    arrivals: &[sweep::ArrivalRow],
    strip_top: f64,
    c: &Colours,
) {
    context.set_fill_style_str(&c.fg.to_string());
    context.set_text_align("start");
    let (first, last) = (
        arrivals.first().map_or(0, |r| r.b_arrives),
        arrivals.last().map_or(0, |r| r.b_arrives),
    );
    let _ = context.fill_text(
        &format!("B arriving at {first} (left) to {last} (right): the outcome, and below it in red A's write without the lock"),
        chart.left,
        strip_top - 8.0,
    );
    let cell = (chart.right - chart.left) / arrivals.len().max(1) as f64;
    for (i, r) in arrivals.iter().enumerate() {
        let x = chart.left + i as f64 * cell;
        // Half a pixel of overlap, so no hairline shows between cells.
        let w = if i + 1 < arrivals.len() { cell + 0.5 } else { cell };
        let (red, green, blue) = crate::figures::heatmap::layout::outcome_rgb(r.outcome, 0.0, scheme_of(c));
        context.set_fill_style_str(&format!("rgb({red},{green},{blue})"));
        context.fill_rect(x, strip_top, w, 16.0);
        context.set_fill_style_str(&(if r.a_write_unlocked { c.bad } else { c.none }).to_string());
        context.fill_rect(x, strip_top + 18.0, w, 6.0);
    }
}

/// The staircase: the page's painting of it, its key under the plot, on
/// the ground the page shows (the page's canvas is transparent around the
/// plot).
pub(super) fn heatmap<'a>(grid: &'a Grid, g: HeatGeometry, c: &'static Colours) -> Picture<'a> {
    let scheme = scheme_of(c);
    let entries = key(grid, scheme);
    let (spots, key_height) = key_spots(&entries, g.left, g.width);
    let height = g.height + key_height;
    Picture::painted(g.width, height, move |scale| {
        let (canvas, context) = crate::browser::document::offscreen_canvas(g.width, height, scale)?;
        // The painter scales its geometry itself, so the context must not
        // scale it again.
        let _ = context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        let marks = Marks {
            current: None,
            focused: None,
            foreground: c.fg.channels(),
        };
        paint(canvas.clone(), grid, &g, scale, &marks);
        let _ = context.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
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
            context.set_stroke_style_str(&c.border.to_string());
            context.set_line_width(1.0);
            context.stroke_rect(x, y + 4.0, w, 12.0);
            context.set_fill_style_str(&c.fg.to_string());
            let _ = context.fill_text(&entry.text, x + w + 4.0, y + 14.0);
        }
        // The ground under everything drawn so far.
        let _ = context.set_global_composite_operation("destination-over");
        context.set_fill_style_str(&c.bg.to_string());
        context.fill_rect(0.0, 0.0, g.width, height);
        Ok(canvas)
    })
}

/// The acquire staircase: each panel's title, its cells in the outcome
/// colours, and every fifth tick on its axes.
pub(super) fn acquiring<'a>(
    grid: &'a dlock_core::acquire_grid::AcquireGrid,
    width: f64,
    c: &'static Colours,
) -> Picture<'a> {
    use crate::figures::acquiring::layout::{labelled, layout};
    let l = layout(grid, width);
    let scheme = scheme_of(c);
    Picture::drawn(l.width, l.height, c, move |context| {
        context.set_font("11px system-ui, sans-serif");
        for (side, panel) in [&grid.checked, &grid.unchecked].into_iter().zip(&l.panels) {
            context.set_fill_style_str(&c.fg.to_string());
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
                    let colour = crate::draw::palette::outcome(grid.outcome(side, row, column), scheme).fill;
                    context.set_fill_style_str(&colour.to_string());
                    context.fill_rect(x, y, panel.cell, panel.cell);
                }
            }
            context.set_fill_style_str(&c.fg.to_string());
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::palette::PAPER;
    use crate::share::export::slide::{best_layout, placement, SLIDE};

    /// The re-check's slide: its smallest word at least 20 px where the
    /// slide is shown 1920 px wide, as the other slides' labels are.
    #[test]
    fn the_re_check_slide_s_words_are_20_px_on_a_1920_px_screen() {
        let answers = best_layout(&|_| recheck_answers(&Params::default(), PAPER));
        let (_, _, scale) = placement(answers.width, answers.height);
        assert!(16.0 * scale * 1920.0 / SLIDE.0 >= 20.0, "{scale}");
        // Its twin: the timelines themselves, four to a slide, could not be.
        let timelines = best_layout(&|w| recheck(&Params::default(), w, 20, PAPER));
        let (_, _, shrunk) = placement(timelines.width, timelines.height);
        assert!(10.0 * shrunk * 1920.0 / SLIDE.0 < 20.0, "{shrunk}");
    }
}
