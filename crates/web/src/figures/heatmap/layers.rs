//! The staircase's three stacked canvases, each repainted only when what
//! it shows changes: the cells, the axis labels, and the marks (the
//! current and the focused cell) on top. Each leaves a performance mark
//! (`dlock:heatmap-*-painted`) that tests and the benchmark read.

use super::layout::HeatGeometry;
use super::paint::{paint_axis_layer, paint_grid, paint_marks, Marks};
use crate::browser::document;
use crate::browser::timing::mark;
use crate::draw::geometry::Coord;
use dlock_core::sweep::Grid;
use leptos::prelude::*;

/// What every layer is painted from.
#[derive(Clone, Copy)]
pub(super) struct Layers {
    pub grid: RwSignal<Option<Grid>>,
    pub geometry: Memo<HeatGeometry>,
    /// The text colour of the page's theme, which the marks are drawn in.
    pub ink: Memo<(u8, u8, u8)>,
    /// How many times its geometry's size the plot is shown: 1 on the
    /// page; projected, the presentation's enlargement, so the canvases
    /// are drawn at the size they are seen, not stretched to it.
    pub zoom: Memo<f64>,
}

impl Layers {
    /// The zoom, and device pixels per unit of the geometry.
    fn ratio(self) -> (f64, f64) {
        let zoom = self.zoom.get();
        (zoom, zoom * document::device_pixel_ratio())
    }

    /// The cells: only when the grid (or the size, or the theme) changes,
    /// and only once the grid on hand is the one the settings ask for.
    pub fn paint_grid(self, canvas_ref: NodeRef<leptos::html::Canvas>, up_to_date: Memo<bool>) {
        Effect::new(move |_| {
            let Some(canvas) = canvas_ref.get() else { return };
            if !up_to_date.get() {
                return;
            }
            let g = self.geometry.get();
            let (zoom, dpr) = self.ratio();
            fit(&canvas, &g, zoom, dpr);
            let ink = self.ink.get();
            self.grid.with(|grid| {
                if let Some(grid) = grid {
                    paint_grid(canvas.clone(), grid, &g, dpr, ink);
                    mark("dlock:heatmap-grid-painted");
                    mark("dlock:heatmap-painted");
                }
            });
        });
    }

    /// The axis labels: only when they change (the grid's axes, the size
    /// or the theme), not when B's arrival brings a new grid over the same
    /// axes.
    pub fn paint_axes(self, canvas_ref: NodeRef<leptos::html::Canvas>) {
        let grid = self.grid;
        let axes =
            Memo::new(move |_| grid.with(|g| g.as_ref().map(|g| (g.ttls.clone(), g.pause_lens.clone()))));
        Effect::new(move |_| {
            let Some(canvas) = canvas_ref.get() else { return };
            let g = self.geometry.get();
            let (zoom, dpr) = self.ratio();
            fit(&canvas, &g, zoom, dpr);
            let ink = self.ink.get();
            axes.with(|axes| {
                if let Some((ttls, pause_lens)) = axes {
                    paint_axis_layer(canvas.clone(), ttls, pause_lens, &g, dpr, ink);
                    mark("dlock:heatmap-axes-painted");
                }
            });
        });
    }

    /// The current and the focused cell.
    pub fn paint_marks(
        self,
        canvas_ref: NodeRef<leptos::html::Canvas>,
        current: Memo<Option<(usize, usize)>>,
        focused: RwSignal<Option<(usize, usize)>>,
    ) {
        Effect::new(move |_| {
            let Some(canvas) = canvas_ref.get() else { return };
            let g = self.geometry.get();
            let (zoom, dpr) = self.ratio();
            fit(&canvas, &g, zoom, dpr);
            let marks = Marks {
                current: current.get(),
                focused: focused.get(),
                foreground: self.ink.get(),
            };
            paint_marks(canvas.clone(), &g, dpr, &marks);
            mark("dlock:heatmap-painted");
        });
    }
}

/// Sizes a canvas to the geometry shown `zoom` times its size, in device
/// pixels (`dpr` a unit of the geometry), only when that changes: setting
/// a size, even the same one, drops the bitmap and the context's state
/// (its font among them), which a drag step should not pay for twice a
/// frame. The painters clear the canvas themselves.
fn fit(canvas: &web_sys::HtmlCanvasElement, g: &HeatGeometry, zoom: f64, dpr: f64) {
    let (width, height) = ((g.width * dpr).round() as u32, (g.height * dpr).round() as u32);
    if (canvas.width(), canvas.height()) != (width, height) {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    let style = web_sys::HtmlElement::style(canvas);
    let css_width = format!("{}px", Coord(g.width * zoom));
    if style.get_property_value("width").ok().as_deref() != Some(css_width.as_str()) {
        let _ = style.set_property("width", &css_width);
    }
}
