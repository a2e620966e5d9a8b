//! The table as a drawing, for its SVG, its PNG and its slide: a column a
//! remedy, a row a fault, each cell's marks stacked in the colour and line
//! the page gives them. Laid out here with no browser, in CSS px, and
//! written as SVG here too; `share::export` paints the same words on a
//! canvas for the PNGs.

use super::cells::CellView;
use crate::draw::geometry::{text_width, Coord};
use crate::draw::markup::escape;
use crate::draw::palette::{Colours, Rgb};
use dlock_core::explore::argument::{Cell, Fault, Harms, Mark, Remedy};
use dlock_core::explore::CheckReport;

/// The size of every word but a row's bound: on a slide the table is
/// enlarged, and this is its smallest text there.
pub const WORD_PX: f64 = 14.0;
/// A row's bound, in the drawing with its bounds only (not on a slide).
const BOUND_PX: f64 = 11.0;
const CAPTION_PX: f64 = 12.0;
const PAD: f64 = 8.0;
/// A line of text, as a multiple of its size.
const LEADING: f64 = 1.3;
/// The row names' column at its narrowest, so a bound wraps in few lines.
const NAME_COLUMN_MIN: f64 = 280.0;

/// Which of the palette's inks a word is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Fg,
    Muted,
    Bad,
    Good,
}

impl Ink {
    pub fn of(self, c: &Colours) -> Rgb {
        match self {
            Ink::Fg => c.fg,
            Ink::Muted => c.muted,
            Ink::Bad => c.bad,
            Ink::Good => c.good,
        }
    }
}

/// The line under a word, as the page's table draws each mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Underline {
    None,
    Dashed,
    Double,
    Dotted,
}

/// One word (or line of words) of the drawing, `x` its centre when
/// `centred`, else its left edge; `y` its baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub x: f64,
    pub y: f64,
    pub text: String,
    pub size: f64,
    pub ink: Ink,
    pub bold: bool,
    pub italic: bool,
    pub underline: Underline,
    pub centred: bool,
}

impl Word {
    /// Its width, as the page estimates text (`text_width`).
    pub fn width(&self) -> f64 {
        text_width(&self.text, self.size)
    }

    /// Its left edge.
    pub fn left(&self) -> f64 {
        if self.centred {
            self.x - self.width() / 2.0
        } else {
            self.x
        }
    }

    /// The CSS font it is drawn in.
    pub fn font(&self) -> String {
        format!(
            "{}{}{}px system-ui, sans-serif",
            if self.italic { "italic " } else { "" },
            if self.bold { "600 " } else { "" },
            Coord(self.size)
        )
    }
}

/// The whole drawing: its size, its words, and a rule under the header
/// and under each row (their `y`, across the whole width).
#[derive(Clone, Debug, PartialEq)]
pub struct TableDrawing {
    pub width: f64,
    pub height: f64,
    pub words: Vec<Word>,
    pub rules: Vec<f64>,
}

/// How a mark is drawn: its ink, bold, italic and line, as the page's
/// stylesheet draws `.mark.broke-*`.
fn mark_style(mark: Mark) -> (Ink, bool, bool, Underline) {
    match mark {
        Mark::Lock => (Ink::Bad, true, false, Underline::None),
        Mark::Mutex => (Ink::Fg, false, true, Underline::None),
        Mark::Stale => (Ink::Bad, false, false, Underline::Dashed),
        Mark::Lost => (Ink::Bad, false, false, Underline::Double),
        Mark::Liveness => (Ink::Muted, false, false, Underline::Dotted),
    }
}

/// A heading in at most two lines: its last word under the rest (a sign
/// stays on its word: "+ fencing" over "<").
fn heading_lines(remedy: Remedy) -> Vec<String> {
    let joined = remedy.heading().replacen("+ ", "+\u{a0}", 1);
    let words: Vec<&str> = joined.split(' ').collect();
    let lines = match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => vec![rest.join(" "), (*last).to_owned()],
        _ => vec![joined.clone()],
    };
    lines.into_iter().map(|l| l.replace('\u{a0}', " ")).collect()
}

/// What a cell shows: each mark as a styled word, or its words.
fn cell_words(report: Option<&CheckReport>) -> Vec<(String, Ink, bool, bool, Underline)> {
    let Some(report) = report else {
        return vec![("…".to_owned(), Ink::Muted, false, false, Underline::None)];
    };
    let found: Vec<_> = Harms::of(report)
        .found
        .iter()
        .map(|(mark, _)| {
            let (ink, bold, italic, line) = mark_style(*mark);
            (mark.word().to_owned(), ink, bold, italic, line)
        })
        .collect();
    if !found.is_empty() {
        return found;
    }
    let view = CellView::of(Some(report));
    let ink = if view.class == "broke-nothing" {
        Ink::Good
    } else {
        Ink::Muted
    };
    vec![(view.words, ink, false, false, Underline::None)]
}

/// A line of text `size` px tall, with its leading.
fn line(size: f64) -> f64 {
    size * LEADING
}

/// The row names' column's width, then each remedy's: as wide as its
/// heading's lines or its widest word.
fn column_widths(reports: &[Option<CheckReport>]) -> (f64, Vec<f64>) {
    let name_width = Fault::ALL
        .iter()
        .map(|f| text_width(f.heading(), WORD_PX))
        .fold(NAME_COLUMN_MIN, f64::max)
        + 2.0 * PAD;
    let columns = Remedy::ALL
        .iter()
        .map(|&remedy| {
            let cells = Fault::ALL.iter().map(|&fault| Cell { fault, remedy });
            let widest_word = cells
                .filter(|c| c.applies())
                .flat_map(|c| cell_words(super::cells::report_of(reports, c)))
                .map(|(text, ..)| text_width(&text, WORD_PX))
                .chain(heading_lines(remedy).iter().map(|l| text_width(l, WORD_PX)))
                .fold(0.0, f64::max);
            widest_word + 2.0 * PAD
        })
        .collect();
    (name_width, columns)
}

/// The header from `top`: "fault", then each remedy in two lines at most,
/// set on the header's foot as the page's table sets them. Returns its
/// foot.
fn header(words: &mut Vec<Word>, top: f64, name_width: f64, columns: &[f64]) -> f64 {
    let foot = top + 2.0 * line(WORD_PX);
    words.push(Word {
        bold: true,
        ..plain(PAD, foot - 0.3 * WORD_PX, "fault", WORD_PX, Ink::Fg)
    });
    let mut x = name_width;
    for (remedy, column) in Remedy::ALL.iter().zip(columns) {
        let lines = heading_lines(*remedy);
        let first = foot - (lines.len() as f64 - 1.0) * line(WORD_PX) - 0.3 * WORD_PX;
        for (i, text) in lines.iter().enumerate() {
            words.push(Word {
                bold: true,
                centred: true,
                ..plain(
                    x + column / 2.0,
                    first + i as f64 * line(WORD_PX),
                    text,
                    WORD_PX,
                    Ink::Fg,
                )
            });
        }
        x += column;
    }
    foot + PAD / 2.0
}

/// `fault`'s row from `top`: its name (and with `full` its bound, wrapped
/// to the column), then each cell's words stacked. Returns its foot.
fn row(
    words: &mut Vec<Word>,
    fault: Fault,
    reports: &[Option<CheckReport>],
    full: bool,
    top: f64,
    (name_width, columns): (f64, &[f64]),
) -> f64 {
    let top = top + PAD;
    let mut name_lines = vec![(fault.heading().to_owned(), WORD_PX, Ink::Fg)];
    if full {
        let chars = ((name_width - 2.0 * PAD) / text_width("m", BOUND_PX)).floor() as usize;
        name_lines.extend(
            dlock_core::words::wrap(&fault.bound_line(), chars)
                .into_iter()
                .map(|l| (l, BOUND_PX, Ink::Muted)),
        );
    }
    let mut bottom = top;
    for (text, size, ink) in name_lines {
        bottom += line(size);
        words.push(plain(PAD, bottom - 0.3 * size, &text, size, ink));
    }
    let mut x = name_width;
    for (remedy, column) in Remedy::ALL.iter().zip(columns) {
        let cell = Cell {
            fault,
            remedy: *remedy,
        };
        let shown = if cell.applies() {
            cell_words(super::cells::report_of(reports, cell))
        } else {
            vec![("—".to_owned(), Ink::Muted, false, false, Underline::None)]
        };
        let mut y = top;
        for (text, ink, bold, italic, underline) in shown {
            y += line(WORD_PX);
            words.push(Word {
                bold,
                italic,
                underline,
                centred: true,
                ..plain(x + column / 2.0, y - 0.3 * WORD_PX, &text, WORD_PX, ink)
            });
        }
        bottom = bottom.max(y);
        x += column;
    }
    bottom + PAD
}

/// The table of `reports` (a report a cell, in `Cell::all`'s order) as a
/// drawing; `full` adds the caption above and each row's bound under its
/// name, which a slide leaves out to keep its text large.
pub fn table_drawing(reports: &[Option<CheckReport>], full: bool) -> TableDrawing {
    let (name_width, columns) = column_widths(reports);
    let mut words = Vec::new();
    let mut y = PAD;
    if full {
        y += line(CAPTION_PX);
        words.push(plain(
            PAD,
            y - 0.3 * CAPTION_PX,
            super::cells::CAPTION,
            CAPTION_PX,
            Ink::Muted,
        ));
        y += PAD;
    }
    y = header(&mut words, y, name_width, &columns);
    let mut rules = vec![y];
    for fault in Fault::ALL {
        y = row(&mut words, fault, reports, full, y, (name_width, &columns));
        rules.push(y);
    }
    TableDrawing {
        width: (name_width + columns.iter().sum::<f64>()).ceil(),
        height: (y + PAD).ceil(),
        words,
        rules,
    }
}

fn plain(x: f64, y: f64, text: &str, size: f64, ink: Ink) -> Word {
    Word {
        x,
        y,
        text: text.to_owned(),
        size,
        ink,
        bold: false,
        italic: false,
        underline: Underline::None,
        centred: false,
    }
}

/// The underline of `word` as line segments `(x1, x2, y, dash)`: one,
/// or two for a double line; `dash` the on-off lengths, empty for solid.
pub fn underline_segments(word: &Word) -> Vec<(f64, f64, f64, &'static [f64])> {
    let (x1, x2, y) = (word.left(), word.left() + word.width(), word.y + 2.5);
    match word.underline {
        Underline::None => Vec::new(),
        Underline::Dashed => vec![(x1, x2, y, &[4.0, 2.0])],
        Underline::Dotted => vec![(x1, x2, y, &[1.0, 2.0])],
        Underline::Double => vec![(x1, x2, y, &[]), (x1, x2, y + 2.5, &[])],
    }
}

/// The drawing as a standalone SVG document in the colours `c`, every
/// word placed where it goes (no run of spaces for a viewer to collapse).
pub fn table_svg(d: &TableDrawing, c: &Colours) -> String {
    let (w, h) = (Coord(d.width), Coord(d.height));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"system-ui, sans-serif\"><rect width=\"100%\" height=\"100%\" fill=\"{}\"/>",
        c.bg
    );
    for y in &d.rules {
        out += &format!(
            "<line x1=\"0\" x2=\"{w}\" y1=\"{y}\" y2=\"{y}\" stroke=\"{}\" stroke-width=\"1\"/>",
            c.border,
            y = Coord(*y)
        );
    }
    for word in &d.words {
        let anchor = if word.centred {
            " text-anchor=\"middle\""
        } else {
            ""
        };
        let weight = if word.bold { " font-weight=\"600\"" } else { "" };
        let style = if word.italic { " font-style=\"italic\"" } else { "" };
        out += &format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\"{anchor}{weight}{style}>{}</text>",
            Coord(word.x),
            Coord(word.y),
            Coord(word.size),
            word.ink.of(c),
            escape(&word.text)
        );
        for (x1, x2, y, dash) in underline_segments(word) {
            let dash: Vec<String> = dash.iter().map(|d| Coord(*d).to_string()).collect();
            let dash = if dash.is_empty() {
                String::new()
            } else {
                format!(" stroke-dasharray=\"{}\"", dash.join(" "))
            };
            out += &format!(
                "<line x1=\"{}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"{}\"{dash}/>",
                Coord(x1),
                Coord(x2),
                word.ink.of(c),
                y = Coord(y)
            );
        }
    }
    out + "</svg>"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::palette::{DARK, PAPER};
    use dlock_core::explore::check;

    fn every_report() -> Vec<Option<CheckReport>> {
        Cell::all()
            .into_iter()
            .map(|c| Some(check(c.config(), c.bound())))
            .collect()
    }

    #[test]
    fn every_cell_s_words_are_in_their_column_and_no_two_words_overlap() {
        let reports = every_report();
        let d = table_drawing(&reports, true);
        // Each mark the page shows, as many times as the table shows it.
        let marks: usize = reports
            .iter()
            .flatten()
            .map(|r| Harms::of(r).found.len().max(1))
            .sum();
        let dashes = Fault::ALL.len() * Remedy::ALL.len() - Cell::all().len();
        let in_cells = d.words.iter().filter(|w| w.size == WORD_PX && w.centred).count();
        let headings: usize = Remedy::ALL.iter().map(|r| heading_lines(*r).len()).sum();
        assert_eq!(in_cells, marks + dashes + headings);
        for (i, a) in d.words.iter().enumerate() {
            assert!(a.left() >= 0.0 && a.left() + a.width() <= d.width + 1e-9, "{a:?}");
            assert!(a.y > 0.0 && a.y < d.height, "{a:?}");
            for b in &d.words[i + 1..] {
                let apart_x =
                    a.left() + a.width() <= b.left() + 1e-9 || b.left() + b.width() <= a.left() + 1e-9;
                let apart_y = (a.y - b.y).abs() >= a.size.min(b.size) - 1e-9;
                assert!(apart_x || apart_y, "{a:?} over {b:?}");
            }
        }
    }

    #[test]
    fn on_a_slide_the_table_s_smallest_words_are_20_px_at_1920_wide() {
        let d = table_drawing(&every_report(), false);
        let smallest = d.words.iter().map(|w| w.size).fold(f64::MAX, f64::min);
        assert_eq!(smallest, WORD_PX);
        let (_, _, scale) = crate::share::export::slide_placement(d.width, d.height);
        let slide_width = crate::share::export::SLIDE.0;
        assert!(smallest * scale * 1920.0 / slide_width >= 20.0, "{scale}");
        // Its twin: the full drawing keeps every row's bound.
        let full = table_drawing(&every_report(), true);
        assert!(full.words.iter().any(|w| w.size == BOUND_PX));
        assert!(d.words.iter().all(|w| w.size != BOUND_PX));
    }

    #[test]
    fn the_svg_places_each_word_in_the_colours_given() {
        let d = table_drawing(&every_report(), true);
        let light = table_svg(&d, PAPER);
        let dark = table_svg(&d, &DARK);
        assert!(light.contains(&format!("fill=\"{}\"", PAPER.bg)));
        assert!(dark.contains(&format!("fill=\"{}\"", DARK.bg)));
        assert!(dark.contains(&format!(
            "fill=\"{}\" text-anchor=\"middle\" font-weight=\"600\">lock</text>",
            DARK.bad
        )));
        assert_eq!(light.matches("<text").count(), d.words.len());
        assert!(light.contains(">+ fencing</text>") && light.contains(">&lt;=</text>"));
        assert!(!light.contains("  "), "no run of spaces to collapse");
    }
}
