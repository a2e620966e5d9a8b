//! How a projected figure is enlarged: laid out at a fraction of the
//! window's width and shown at all of it, so its labels grow with the
//! window (`share::present`), and how tall a drawing may be to fit the
//! window with the words around it. Plain numbers, tested natively.

/// The smallest label of a drawing, in CSS px at its layout width (the
/// axis ticks; lane names and marks are 11).
const SMALLEST_LABEL_PX: f64 = 10.0;
/// The label size a projected figure needs at 1920 px wide.
const PROJECTED_LABEL_PX: f64 = 20.0;
/// The window width for which [`PROJECTED_LABEL_PX`] is promised.
const PROJECTOR_WIDTH_PX: f64 = 1920.0;

/// How much a presented drawing is enlarged in a window `width` px wide:
/// at a projector's 1920 px its smallest labels reach 20 px, and the
/// factor shrinks with the window (never below 1, the page's own size).
pub fn scale_for(width: f64) -> f64 {
    let at_projector = PROJECTED_LABEL_PX / SMALLEST_LABEL_PX;
    (at_projector * width / PROJECTOR_WIDTH_PX).max(1.0)
}

/// The stylesheet's root font size for a presented figure in a window
/// `width` px wide (`:root:has(.presented)`: `clamp(16px, 1.32vw, 40px)`),
/// what the words around a drawing are sized in.
fn root_font_px(width: f64) -> f64 {
    (0.0132 * width).clamp(16.0, 40.0)
}

/// The words around a presented drawing that must stay in the window with
/// it, in root ems: the bar, the settings line, the caption, and under the
/// drawing its key and the line that checks it.
const WORDS_AROUND_REM: f64 = 15.0;

/// How tall a presented drawing may be in its own units (shown
/// [`scale_for`] times larger) in a window `width` × `height` px, so that
/// it fits with the words around it.
pub fn drawing_height_for(width: f64, height: f64) -> f64 {
    (height - WORDS_AROUND_REM * root_font_px(width)) / scale_for(width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_a_projector_s_width_the_smallest_label_reaches_twenty_px_and_a_phone_keeps_its_size() {
        assert!(SMALLEST_LABEL_PX * scale_for(1920.0) >= 20.0);
        assert!(scale_for(1280.0) < scale_for(1920.0));
        assert_eq!(scale_for(375.0), 1.0);
    }

    #[test]
    fn a_projected_drawing_leaves_its_words_room_in_the_window() {
        // 1920 × 1080: 15 root ems of 25.3 px leave 700 px, or 350 units
        // of a drawing shown twice its size.
        let tall = drawing_height_for(1920.0, 1080.0);
        assert!((tall - (1080.0 - 15.0 * 25.344) / 2.0).abs() < 1e-9, "{tall}");
        assert!(tall * scale_for(1920.0) + 15.0 * root_font_px(1920.0) <= 1080.0);
        // A shorter window leaves less.
        assert!(drawing_height_for(1280.0, 720.0) < drawing_height_for(1280.0, 1080.0));
        assert_eq!(root_font_px(375.0), 16.0);
    }
}
