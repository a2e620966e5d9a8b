//! A figure as a slide: a 16:9 PNG with a title, the parameters it was
//! computed with in `dlock run`'s words, and the figure scaled to fill
//! what is left, in the palette on screen. Where the slide goes it must be
//! read from the back of a room, so a figure is laid out narrower than the
//! slide ([`LAYOUT_WIDTHS`]) and enlarged, as presentation mode does on
//! screen; it is painted at the scale it is shown, so it stays sharp.

use super::picture::{screen_colours, Picture};
use super::Format;
use crate::browser::document;
use crate::browser::download::download_canvas_png;
use crate::draw::palette::Colours;
use crate::settings::Figure;
use dlock_core::Run;

/// The slide's size in CSS px; the file is twice that (2560 × 1440).
pub const SLIDE: (f64, f64) = (1280.0, 720.0);
/// Room at the top for the title and the parameter line, and the margin
/// on every side.
const HEADER: f64 = 96.0;
const MARGIN: f64 = 32.0;
/// The widths a figure is laid out at for a slide; it goes on the slide
/// at the one where it is shown largest ([`best_layout`]). A timeline is
/// largest at the narrowest: its 11 px labels come out at 11 × (1216 /
/// 760) ≈ 17.6 px of a 1280 px slide, as large relative to the slide as
/// 26 px on a 1920 px projector. Figures whose height does not shrink
/// with their width (the four re-check multiples) come out the same at
/// every width, and take the widest.
pub const LAYOUT_WIDTHS: [f64; 3] = [760.0, 988.0, 1216.0];

/// `picture` laid out at the width of [`LAYOUT_WIDTHS`] at which the slide
/// shows it largest, the widest of those that tie.
pub fn best_layout<'a>(picture: &dyn Fn(f64) -> Picture<'a>) -> Picture<'a> {
    let mut best: Option<(f64, Picture<'a>)> = None;
    for width in LAYOUT_WIDTHS {
        let candidate = picture(width);
        let scale = placement(candidate.width, candidate.height).2;
        if best.as_ref().is_none_or(|(s, _)| scale >= *s - 1e-9) {
            best = Some((scale, candidate));
        }
    }
    match best {
        Some((_, picture)) => picture,
        None => picture(LAYOUT_WIDTHS[0]),
    }
}

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

/// Paints the slide, `title` and `line` over `picture`, and hands it
/// over as `{stem}.png`.
pub fn download_slide(
    stem: &str,
    title: &str,
    line: Option<&str>,
    picture: Picture,
    c: &Colours,
) -> Result<(), String> {
    let (width, height) = SLIDE;
    let (canvas, context) = document::offscreen_canvas(width, height, 2.0)?;
    context.set_fill_style_str(&c.bg.to_string());
    context.fill_rect(0.0, 0.0, width, height);
    context.set_fill_style_str(&c.fg.to_string());
    context.set_font("600 30px system-ui, sans-serif");
    let _ = context.fill_text(title, MARGIN, 48.0);
    if let Some(line) = line {
        context.set_fill_style_str(&c.muted.to_string());
        context.set_font("18px system-ui, sans-serif");
        let _ = context.fill_text(line, MARGIN, 80.0);
    }
    let (x, y, scale) = placement(picture.width, picture.height);
    let (shown_w, shown_h) = (picture.width * scale, picture.height * scale);
    // Painted at the slide's own resolution there: one of its pixels to
    // one of the file's.
    let painted = picture.paint(2.0 * scale)?;
    context
        .draw_image_with_html_canvas_element_and_dw_and_dh(&painted, x, y, shown_w, shown_h)
        .map_err(|_| "could not place the figure on the slide".to_owned())?;
    let kept = KEPT.with(|kept| kept.borrow_mut().as_mut().map(|k| k.push(canvas.clone())));
    match kept {
        Some(()) => Ok(()),
        None => download_canvas_png(&format!("{stem}.png"), &canvas),
    }
}

thread_local! {
    /// Slides painted while [`painted_slide`] asks for them: kept, not
    /// downloaded.
    static KEPT: std::cell::RefCell<Option<Vec<web_sys::HtmlCanvasElement>>> =
        const { std::cell::RefCell::new(None) };
}

/// The slide `export` paints (in paper's colours if `paper`, for a
/// handout), handed back rather than downloaded: a deck's
/// handout lays its slides out on the page, and its PNGs are named by
/// their place in the deck. Every figure's slide is made by the one path
/// its own menu's "PNG for a slide" takes.
pub fn painted_slide(
    paper: bool,
    export: impl FnOnce() -> Result<(), String>,
) -> Result<web_sys::HtmlCanvasElement, String> {
    KEPT.with(|kept| *kept.borrow_mut() = Some(Vec::new()));
    let done = if paper {
        super::picture::on_paper(export)
    } else {
        export()
    };
    let slides = KEPT.with(|kept| kept.borrow_mut().take()).unwrap_or_default();
    done?;
    slides
        .into_iter()
        .next()
        .ok_or_else(|| "the figure made no slide".to_owned())
}

/// The words over a figure on its slide: a title, and the parameters it
/// was computed with in `dlock run`'s words where it has them.
pub struct SlideWords {
    pub title: String,
    pub line: Option<String>,
}

impl SlideWords {
    /// The figure's title as the share menu says it, as a heading.
    pub fn of(figure: Figure, line: Option<String>) -> SlideWords {
        // Every title starts with an ASCII letter; `to_ascii_uppercase`
        // spares the page the Unicode case tables.
        let mut title = figure.title().to_owned();
        if let Some(first) = title.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        SlideWords { title, line }
    }
}

/// A figure as a PNG (laid out at `png_width`, twice the size) or as a
/// slide (laid out at the width that shows it largest, under `words`):
/// `picture` lays the figure out at the width it is given.
pub fn png_or_slide<'a>(
    stem: &str,
    format: Format,
    png_width: f64,
    words: &dyn Fn() -> SlideWords,
    picture: &dyn Fn(f64) -> Picture<'a>,
) -> Result<(), String> {
    if format == Format::Slide {
        let words = words();
        return download_slide(
            &format!("{stem}-slide"),
            &words.title,
            words.line.as_deref(),
            best_layout(picture),
            screen_colours(),
        );
    }
    picture(png_width).download(stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slide_is_16_by_9_and_the_drawing_fits_below_its_header_centred() {
        assert_eq!(SLIDE.0 * 9.0, SLIDE.1 * 16.0);
        for (w, h) in [(760.0, 300.0), (760.0, 900.0), (400.0, 100.0)] {
            let (x, y, scale) = placement(w, h);
            assert!(y >= HEADER && y + h * scale <= SLIDE.1 - MARGIN + 1e-9, "{w}×{h}");
            assert!(
                x >= MARGIN - 1e-9 && x + w * scale <= SLIDE.0 - MARGIN + 1e-9,
                "{w}×{h}"
            );
            assert!((x - (SLIDE.0 - x - w * scale)).abs() < 1e-9, "centred: {w}×{h}");
        }
        // The study's run is enlarged: its labels grow on the slide.
        let l = crate::figures::timeline::layout::layout(
            &dlock_core::simulate(&dlock_core::Params::default()),
            760.0,
            20,
        );
        assert!(placement(l.width, l.height).2 > 1.0);
    }

    /// A picture `width` × `height` that is never painted.
    fn sized(width: f64, height: f64) -> Picture<'static> {
        Picture::painted(width, height, |_| Err("not painted in a test".to_owned()))
    }

    #[test]
    fn a_figure_goes_on_its_slide_at_the_width_that_shows_it_largest_the_widest_of_a_tie() {
        // A timeline: its height hardly changes with its width, so the
        // narrowest layout is enlarged most.
        assert_eq!(best_layout(&|w| sized(w, 340.0)).width, LAYOUT_WIDTHS[0]);
        // Taller than the slide at any width: every layout is shrunk to the
        // same height, and the widest leaves the least room unused.
        assert_eq!(best_layout(&|w| sized(w, 2000.0)).width, LAYOUT_WIDTHS[2]);
        // As tall as it is wide: the height binds, and the narrowest is
        // the largest.
        assert_eq!(best_layout(&|w| sized(w, w)).width, LAYOUT_WIDTHS[0]);
    }

    #[test]
    fn a_slide_s_title_is_the_figure_s_title_as_a_heading() {
        for figure in Figure::ALL {
            let title = SlideWords::of(figure, None).title;
            let said = figure.title();
            assert!(title.starts_with(|c: char| c.is_ascii_uppercase()), "{title}");
            assert_eq!(title.to_lowercase(), said.to_lowercase());
        }
    }
}
