//! The timeline as a slide: a 16:9 PNG with a title, the run's parameters
//! in `dlock run`'s words, and the drawing scaled to fill what is left, in
//! the palette on screen. Where the slide goes it must be read from the
//! back of a room, so the drawing is laid out narrower than the slide and
//! enlarged, as presentation mode does on screen.

use super::painter::paint_timeline;
use crate::browser::document;
use crate::browser::download::download_canvas_png;
use crate::draw::palette::Colours;
use crate::figures::timeline::layout::layout;
use dlock_core::{transcript, Run, Tick};

/// The slide's size in CSS px; the file is twice that (2560 × 1440).
pub const SLIDE: (f64, f64) = (1280.0, 720.0);
/// Room at the top for the title and the parameter line, and the margin
/// on every side.
const HEADER: f64 = 96.0;
const MARGIN: f64 = 32.0;
/// The width the drawing is laid out at before it is enlarged to the
/// slide: its 11 px labels come out at 11 × (1216 / 760) ≈ 17.6 px of a
/// 1280 px slide, as large relative to the slide as 26 px on a 1920 px
/// projector.
const LAYOUT_WIDTH: f64 = 760.0;

/// Where the drawing goes: its top-left corner and its scale, so that a
/// drawing `width` × `height` fits below the header, centred.
pub fn placement(width: f64, height: f64) -> (f64, f64, f64) {
    let (slide_w, slide_h) = SLIDE;
    let room_w = slide_w - 2.0 * MARGIN;
    let room_h = slide_h - HEADER - MARGIN;
    let scale = (room_w / width).min(room_h / height);
    let x = (slide_w - width * scale) / 2.0;
    (x, HEADER, scale)
}

/// The slide's title for a run: the figure and the run's outcome, in the
/// page's outcome words.
pub fn title(run: &Run) -> String {
    format!("The lease timeline: {}", run.outcome().label())
}

/// Paints the slide and hands it over as `{stem}.png`.
pub fn timeline_slide(
    stem: &str,
    run: &Run,
    t_end: Tick,
    cursor: Option<Tick>,
    c: &Colours,
) -> Result<(), String> {
    let (width, height) = SLIDE;
    let (canvas, context) = document::offscreen_canvas(width, height, 2.0)?;
    context.set_fill_style_str(&c.bg.to_string());
    context.fill_rect(0.0, 0.0, width, height);
    context.set_fill_style_str(&c.fg.to_string());
    context.set_font("600 30px system-ui, sans-serif");
    let _ = context.fill_text(&title(run), MARGIN, 48.0);
    context.set_fill_style_str(&c.muted.to_string());
    context.set_font("18px system-ui, sans-serif");
    let _ = context.fill_text(&transcript::describe(&run.params), MARGIN, 80.0);
    let l = layout(run, LAYOUT_WIDTH, t_end);
    let (x, y, scale) = placement(l.width, l.height);
    context.save();
    let _ = context.translate(x, y);
    let _ = context.scale(scale, scale);
    paint_timeline(&context, &l, c, cursor);
    context.restore();
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slide_is_16_by_9_and_the_drawing_fits_below_its_header_centred() {
        assert_eq!(SLIDE.0 * 9.0, SLIDE.1 * 16.0);
        for (w, h) in [(LAYOUT_WIDTH, 300.0), (LAYOUT_WIDTH, 900.0), (400.0, 100.0)] {
            let (x, y, scale) = placement(w, h);
            assert!(y >= HEADER && y + h * scale <= SLIDE.1 - MARGIN + 1e-9, "{w}×{h}");
            assert!(
                x >= MARGIN - 1e-9 && x + w * scale <= SLIDE.0 - MARGIN + 1e-9,
                "{w}×{h}"
            );
            assert!((x - (SLIDE.0 - x - w * scale)).abs() < 1e-9, "centred: {w}×{h}");
        }
        // The study's run is enlarged: its labels grow on the slide.
        let l = layout(
            &dlock_core::simulate(&dlock_core::Params::default()),
            LAYOUT_WIDTH,
            20,
        );
        assert!(placement(l.width, l.height).2 > 1.0);
    }
}
