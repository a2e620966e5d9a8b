//! A figure ready to be painted: its size in CSS px and how to paint it at
//! any device scale. A PNG paints it at twice the page's pixels; a slide
//! paints it at the scale it is shown on the slide, so its marks stay as
//! sharp as if drawn there.

use crate::browser::document;
use crate::browser::download::download_canvas_png;
use crate::draw::palette::{self, Colours};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

type Painter<'a> = Box<dyn FnOnce(f64) -> Result<HtmlCanvasElement, String> + 'a>;

pub(super) struct Picture<'a> {
    pub width: f64,
    pub height: f64,
    painter: Painter<'a>,
}

impl<'a> Picture<'a> {
    /// A picture drawn with the 2D API from its top-left corner, on a
    /// ground of `c.bg`, in CSS px (the context is scaled for the device).
    pub fn drawn(
        width: f64,
        height: f64,
        c: &'static Colours,
        draw: impl FnOnce(&CanvasRenderingContext2d) + 'a,
    ) -> Picture<'a> {
        Picture::painted(width, height, move |scale| {
            let (canvas, context) = document::offscreen_canvas(width.max(1.0), height.max(1.0), scale)?;
            context.set_fill_style_str(&c.bg.to_string());
            context.fill_rect(0.0, 0.0, width, height);
            draw(&context);
            Ok(canvas)
        })
    }

    /// A picture whose painter makes its own canvas at the device scale it
    /// is given (the staircase, painted by plotters).
    pub fn painted(
        width: f64,
        height: f64,
        painter: impl FnOnce(f64) -> Result<HtmlCanvasElement, String> + 'a,
    ) -> Picture<'a> {
        Picture {
            width,
            height,
            painter: Box::new(painter),
        }
    }

    /// The picture on a canvas of `scale` device pixels per CSS px.
    pub fn paint(self, scale: f64) -> Result<HtmlCanvasElement, String> {
        (self.painter)(scale)
    }

    /// The picture as `{stem}.png`, at twice its size.
    pub fn download(self, stem: &str) -> Result<(), String> {
        download_canvas_png(&format!("{stem}.png"), &self.paint(2.0)?)
    }
}

/// The palette the page is shown in right now (the reader's setting or
/// the link's `theme=`), read from the page's own ink.
pub(super) fn screen_colours() -> &'static palette::Colours {
    if ON_PAPER.get() {
        return palette::PAPER;
    }
    let ink = document::page_text_colour()
        .and_then(|c| crate::figures::heatmap::paint::parse_css_rgb(&c))
        .unwrap_or(palette::PAPER.fg.channels());
    palette::Scheme::for_ink(ink).colours()
}

thread_local! {
    /// Set while [`on_paper`] paints: the colours are paper's.
    static ON_PAPER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Paints with `paint` in paper's colours, whatever the screen's: the
/// deck's handout is for printing, and a dark slide would print as a
/// block of ink.
pub(super) fn on_paper<T>(paint: impl FnOnce() -> T) -> T {
    ON_PAPER.set(true);
    let painted = paint();
    ON_PAPER.set(false);
    painted
}
