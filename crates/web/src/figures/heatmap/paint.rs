//! Paints a computed grid onto canvases: cells, staircase and marks through
//! plotters' canvas backend, axis labels on the 2D context directly. The
//! page stacks three layers (cells, axes, marks) so each repaints only when
//! what it shows changes; the PNG export paints all three on one canvas.
//! The canvas holds `devicePixelRatio` device pixels per CSS pixel, so cells
//! and text stay sharp on high-DPI screens; all geometry arrives in CSS
//! pixels from `layout` and is scaled here, once.

use super::layout::{labelled, max_wait, row_runs, staircase, HeatGeometry};
use crate::draw::geometry::Coord;
use crate::draw::palette::{self, Scheme};
use dlock_core::sweep::Grid;
use dlock_core::Tick;
use plotters_backend::{BackendColor, BackendStyle, DrawingBackend};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;

/// Parses the `rgb(r, g, b)` string a computed style gives for `color`.
pub fn parse_css_rgb(text: &str) -> Option<(u8, u8, u8)> {
    let inner = text
        .trim()
        .strip_prefix("rgb")?
        .trim_start_matches('a')
        .trim_start_matches('(')
        .trim_end_matches(')');
    let mut parts = inner.split(',').map(parse_channel);
    Some((parts.next()??, parts.next()??, parts.next()??))
}

/// One colour channel: a number from 0 to 255, any fraction dropped (a
/// computed style writes whole numbers; the integer parse keeps Rust's
/// float parser out of the page).
fn parse_channel(text: &str) -> Option<u8> {
    let whole: u32 = text.trim().split('.').next()?.parse().ok()?;
    u8::try_from(whole.min(255)).ok()
}

struct Stroke {
    color: BackendColor,
    width: u32,
}

impl BackendStyle for Stroke {
    fn color(&self) -> BackendColor {
        self.color
    }
    fn stroke_width(&self) -> u32 {
        self.width
    }
}

fn rgb(c: (u8, u8, u8)) -> BackendColor {
    BackendColor { alpha: 1.0, rgb: c }
}

/// The light theme's text colour (`--fg`): the ink on paper, in exports,
/// and whenever the page's own colour cannot be read.
pub const PAPER_INK: (u8, u8, u8) = (palette::PAPER.fg.0, palette::PAPER.fg.1, palette::PAPER.fg.2);

/// What to highlight on top of the cells.
pub struct Marks {
    pub current: Option<(usize, usize)>,
    pub focused: Option<(usize, usize)>,
    pub foreground: (u8, u8, u8),
}

fn context_2d(canvas: &web_sys::HtmlCanvasElement) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

fn clear(canvas: &web_sys::HtmlCanvasElement) {
    if let Some(context) = context_2d(canvas) {
        context.clear_rect(0.0, 0.0, f64::from(canvas.width()), f64::from(canvas.height()));
    }
}

/// Clears `canvas`, draws on it through plotters' canvas backend, and
/// presents. Drawing errors leave a partly drawn canvas; they are not worth
/// stopping the page for.
fn repaint(canvas: &web_sys::HtmlCanvasElement, draw: impl FnOnce(&mut CanvasBackend)) {
    clear(canvas);
    let Some(mut backend) = CanvasBackend::with_canvas_object(canvas.clone()) else {
        return;
    };
    draw(&mut backend);
    let _ = backend.present();
}

/// Paints `grid` laid out by `g` on `canvas` (already sized to
/// `g.width * dpr` × `g.height * dpr`), with its marks: the PNG export.
pub fn paint(canvas: web_sys::HtmlCanvasElement, grid: &Grid, g: &HeatGeometry, dpr: f64, marks: &Marks) {
    repaint(&canvas, |backend| {
        draw_grid(backend, grid, g, dpr, marks.foreground);
        draw_marks(backend, g, dpr, marks);
    });
    paint_axes(&canvas, &grid.ttls, &grid.pause_lens, g, dpr, marks.foreground);
}

/// The page's lower layer: cells and staircase. Repainted only when the
/// grid, the size or the theme changes.
pub fn paint_grid(
    canvas: web_sys::HtmlCanvasElement,
    grid: &Grid,
    g: &HeatGeometry,
    dpr: f64,
    ink: (u8, u8, u8),
) {
    repaint(&canvas, |backend| draw_grid(backend, grid, g, dpr, ink));
}

/// The page's axis layer: the labels of the grid's lease lengths and pause
/// lengths. A layer of its own because drawing text makes the browser
/// bring the page's styles up to date first (≈ 2 ms just after a drag step
/// changed the page), and a new grid over the same axes (B's arrival moved)
/// does not change a label.
pub fn paint_axis_layer(
    canvas: web_sys::HtmlCanvasElement,
    ttls: &[Tick],
    pause_lens: &[Tick],
    g: &HeatGeometry,
    dpr: f64,
    ink: (u8, u8, u8),
) {
    clear(&canvas);
    paint_axes(&canvas, ttls, pause_lens, g, dpr, ink);
}

/// The page's upper layer: the current and focused cells. Moving them
/// (dragging the lease length or the end of A's pause) repaints only this.
pub fn paint_marks(canvas: web_sys::HtmlCanvasElement, g: &HeatGeometry, dpr: f64, marks: &Marks) {
    repaint(&canvas, |backend| draw_marks(backend, g, dpr, marks));
}

fn draw_grid(backend: &mut CanvasBackend, grid: &Grid, g: &HeatGeometry, dpr: f64, ink: (u8, u8, u8)) {
    let px = |v: f64| (v * dpr).round() as i32;
    let longest = max_wait(&grid.cells);
    let scheme = Scheme::for_ink(ink);
    for row in 0..grid.ttls.len() {
        for (start, end, colour) in row_runs(grid, row, longest, scheme) {
            let (x0, y, _, ch) = g.cell_rect(row, start);
            let (x1, _, cw, _) = g.cell_rect(row, end - 1);
            let _ = backend.draw_rect((px(x0), px(y)), (px(x1 + cw), px(y + ch)), &rgb(colour), true);
        }
    }
    if let Some(line) = staircase(grid, g) {
        let path: Vec<(i32, i32)> = line.iter().map(|&(x, y)| (px(x), px(y))).collect();
        let _ = backend.draw_path(
            path,
            &Stroke {
                color: rgb(ink),
                width: (2.0 * dpr).round() as u32,
            },
        );
    }
}

fn draw_marks(backend: &mut CanvasBackend, g: &HeatGeometry, dpr: f64, marks: &Marks) {
    let px = |v: f64| (v * dpr).round() as i32;
    let fg = rgb(marks.foreground);
    for (cell, width) in [(marks.current, 2.0), (marks.focused, 3.0)] {
        if let Some((row, col)) = cell {
            let (x, y, cw, ch) = g.cell_rect(row, col);
            let stroke = Stroke {
                color: fg,
                width: (width * dpr).round() as u32,
            };
            let corners = [(x, y), (x + cw, y), (x + cw, y + ch), (x, y + ch), (x, y)];
            let _ = backend.draw_path(corners.iter().map(|&(a, b)| (px(a), px(b))), &stroke);
        }
    }
}

/// Axis labels straight on the 2D context, in one font (plotters set the
/// font for every label, each a style pass). The context keeps its font
/// between repaints, so it is set only when the canvas is new or resized.
fn paint_axes(
    canvas: &web_sys::HtmlCanvasElement,
    ttls: &[Tick],
    pause_lens: &[Tick],
    g: &HeatGeometry,
    dpr: f64,
    fg: (u8, u8, u8),
) {
    let Some(context) = context_2d(canvas) else {
        return;
    };
    let px = |v: f64| (v * dpr).round();
    let font = format!("{}px sans-serif", Coord(11.0 * dpr));
    if context.font() != font {
        context.set_font(&font);
    }
    context.set_fill_style_str(&format!("rgb({},{},{})", fg.0, fg.1, fg.2));
    context.set_text_align("center");
    context.set_text_baseline("top");
    for col in labelled(pause_lens, g.cell_w(), 30.0) {
        let p = pause_lens[col];
        let (x, _, cw, _) = g.cell_rect(0, col);
        let _ = context.fill_text(&p.to_string(), px(x + cw / 2.0), px(g.bottom + 3.0));
    }
    context.set_text_align("end");
    context.set_text_baseline("middle");
    for row in labelled(ttls, g.cell_h(), 14.0) {
        let t = ttls[row];
        let (_, y, _, ch) = g.cell_rect(row, 0);
        let _ = context.fill_text(&t.to_string(), px(g.left - 4.0), px(y + ch / 2.0));
    }
    context.set_text_align("center");
    context.set_text_baseline("bottom");
    let _ = context.fill_text(
        "pause length (ticks)",
        px((g.left + g.right) / 2.0),
        px(g.height - 2.0),
    );
    // The ttl title reads bottom to top along the left edge.
    context.save();
    let _ = context.translate(px(4.0), px((g.top + g.bottom) / 2.0));
    let _ = context.rotate(-std::f64::consts::FRAC_PI_2);
    context.set_text_baseline("top");
    let _ = context.fill_text("lease ttl (ticks)", 0.0, 0.0);
    context.restore();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computed_colours_parse() {
        assert_eq!(parse_css_rgb("rgb(27, 31, 36)"), Some((27, 31, 36)));
        assert_eq!(parse_css_rgb("rgba(230, 237, 243, 1)"), Some((230, 237, 243)));
        assert_eq!(parse_css_rgb("red"), None);
        assert_eq!(parse_css_rgb(""), None);
        assert_eq!(parse_css_rgb("rgb(12.7, 300, 0)"), Some((12, 255, 0)));
        assert_eq!(parse_css_rgb("rgb(1, x, 2)"), None);
        assert_eq!(parse_css_rgb("rgb(1, -2, 2)"), None);
    }
}
