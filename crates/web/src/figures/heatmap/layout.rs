//! The staircase heatmap's geometry and colours, as plain functions: where
//! each cell is, which cell is under the pointer, the boundary line, axis
//! labels that do not collide. The canvas code only paints these.

use crate::draw::geometry::{nice_step, text_width, Coord};
use crate::draw::palette::{self, Scheme};
use dlock_core::boundary;
use dlock_core::sweep::{Cell, Grid};
use dlock_core::words::count;
use dlock_core::{Outcome, Tick};

/// What the tooltip says of the cell at `ttl` × `pause_len`.
pub fn cell_tooltip(cell: &Cell, ttl: Tick, pause_len: Tick) -> String {
    let wait = cell.b_waited.map_or("B never gets the lock".to_owned(), |w| {
        format!("B waits {}", count(w, "tick", "ticks"))
    });
    format!(
        "ttl {ttl} · pause {pause_len} → {} · {wait}",
        cell.outcome.label()
    )
}

/// The plotting rectangle and cell size, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeatGeometry {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub rows: usize,
    pub cols: usize,
}

const MARGIN_LEFT: f64 = 52.0;
const MARGIN_BOTTOM: f64 = 40.0;
const MARGIN_TOP: f64 = 8.0;
const MARGIN_RIGHT: f64 = 10.0;
const MIN_HEIGHT: f64 = 240.0;

impl HeatGeometry {
    /// Rows are ttls (the first at the bottom), columns pause lengths.
    pub fn new(width: f64, rows: usize, cols: usize) -> HeatGeometry {
        let width = width.max(280.0);
        let height = (width * 0.62).clamp(MIN_HEIGHT, 560.0);
        HeatGeometry {
            width,
            height,
            left: MARGIN_LEFT,
            top: MARGIN_TOP,
            right: width - MARGIN_RIGHT,
            bottom: height - MARGIN_BOTTOM,
            rows: rows.max(1),
            cols: cols.max(1),
        }
    }

    /// The same plot no taller than `max_height` (a projected figure that
    /// must fit its window with its axis and key), and never under the
    /// smallest height [`HeatGeometry::new`] draws.
    pub fn no_taller_than(self, max_height: f64) -> HeatGeometry {
        let height = self.height.min(max_height).max(MIN_HEIGHT);
        HeatGeometry {
            height,
            bottom: height - MARGIN_BOTTOM,
            ..self
        }
    }

    pub fn cell_w(&self) -> f64 {
        (self.right - self.left) / self.cols as f64
    }

    pub fn cell_h(&self) -> f64 {
        (self.bottom - self.top) / self.rows as f64
    }

    /// `(x, y, w, h)` of a cell; row 0 sits on the bottom edge.
    pub fn cell_rect(&self, row: usize, col: usize) -> (f64, f64, f64, f64) {
        let (w, h) = (self.cell_w(), self.cell_h());
        (
            self.left + col as f64 * w,
            self.bottom - (row + 1) as f64 * h,
            w,
            h,
        )
    }

    /// The cell under a point, if the point is on the plot.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        if x < self.left || x >= self.right || y < self.top || y >= self.bottom {
            return None;
        }
        let col = ((x - self.left) / self.cell_w()) as usize;
        let row = ((self.bottom - y) / self.cell_h()) as usize;
        Some((row.min(self.rows - 1), col.min(self.cols - 1)))
    }
}

/// The colour of an outcome's cell (`palette::outcome`). Clean cells take
/// a stronger shade with B's wait (`wait_fraction` in 0..=1), so the cost of
/// long leases shows; on a dark page they sit near the page's background,
/// so a clean region reads as "nothing happened" there as it does on white.
pub fn outcome_rgb(outcome: Outcome, wait_fraction: f64, scheme: Scheme) -> (u8, u8, u8) {
    if outcome == Outcome::Clean {
        let (none, longest) = palette::clean_wait_ramp(scheme);
        blend(none.channels(), longest.channels(), wait_fraction)
    } else {
        palette::outcome(outcome, scheme).fill.channels()
    }
}

/// The colour a fraction `f` (0..=1) of the way from `from` to `to`.
pub fn blend(from: (u8, u8, u8), to: (u8, u8, u8), f: f64) -> (u8, u8, u8) {
    let f = f.clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    (mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
}

/// Shades of B's wait are drawn in this many steps, so neighbouring cells
/// usually share a colour and a row paints as a few long runs.
pub const WAIT_SHADES: f64 = 8.0;

/// The colour of a cell, with B's wait quantised to `WAIT_SHADES` steps.
pub fn cell_rgb(cell: &Cell, longest_wait: Tick, scheme: Scheme) -> (u8, u8, u8) {
    let fraction = f64::from(cell.b_waited.unwrap_or(0)) / f64::from(longest_wait.max(1));
    outcome_rgb(
        cell.outcome,
        (fraction * WAIT_SHADES).round() / WAIT_SHADES,
        scheme,
    )
}

/// One row as runs of equal colour: `(first column, one past last, colour)`.
pub fn row_runs(
    grid: &Grid,
    row: usize,
    longest_wait: Tick,
    scheme: Scheme,
) -> Vec<(usize, usize, (u8, u8, u8))> {
    let mut runs: Vec<(usize, usize, (u8, u8, u8))> = Vec::new();
    for col in 0..grid.pause_lens.len() {
        let Some(cell) = grid.cell(row, col) else { continue };
        let colour = cell_rgb(&cell, longest_wait, scheme);
        match runs.last_mut() {
            Some(run) if run.2 == colour && run.1 == col => run.1 = col + 1,
            _ => runs.push((col, col + 1, colour)),
        }
    }
    runs
}

/// B's longest wait in the grid, for scaling shades.
pub fn max_wait(cells: &[Cell]) -> Tick {
    cells.iter().filter_map(|c| c.b_waited).max().unwrap_or(0)
}

/// One entry of the staircase's colour key: a swatch shaded from `from` to
/// `to` (one colour, but for B's wait shading) and what it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyEntry {
    pub from: (u8, u8, u8),
    pub to: (u8, u8, u8),
    pub text: String,
}

impl KeyEntry {
    /// Whether the swatch is a shading rather than one colour.
    pub fn shaded(&self) -> bool {
        self.from != self.to
    }
}

/// The entry that explains the clean cells' shading, from no wait to the
/// grid's longest. `None` when no clean cell had B wait, so every clean
/// cell has the faintest shade and there is nothing to explain.
fn wait_legend(grid: &Grid, scheme: Scheme) -> Option<KeyEntry> {
    let longest = max_wait(&grid.cells);
    let shaded = grid
        .cells
        .iter()
        .any(|c| c.outcome == Outcome::Clean && c.b_waited.unwrap_or(0) > 0);
    (shaded && longest > 0).then(|| KeyEntry {
        text: format!(
            "clean cells {} the longer B waited for the lock (0 to {longest} ticks)",
            match scheme {
                Scheme::Light => "darker",
                Scheme::Dark => "lighter",
            }
        ),
        from: outcome_rgb(Outcome::Clean, 0.0, scheme),
        to: outcome_rgb(Outcome::Clean, 1.0, scheme),
    })
}

/// The staircase's colour key: each outcome on the grid with its count, in
/// core's order, then B's wait shading when it shows. The page lists it
/// under the canvas, and an exported picture draws it under the plot, so a
/// picture pasted into slides still says what its colours mean.
pub fn key(grid: &Grid, scheme: Scheme) -> Vec<KeyEntry> {
    let mut entries: Vec<KeyEntry> = grid
        .counts()
        .into_iter()
        .map(|(outcome, n)| {
            let colour = outcome_rgb(outcome, 0.0, scheme);
            KeyEntry {
                from: colour,
                to: colour,
                text: format!("{} {n}", outcome.label()),
            }
        })
        .collect();
    entries.extend(wait_legend(grid, scheme));
    entries
}

/// An exported swatch's steps: `(index, colour, how many)`. A shading
/// takes one step per shade the cells can have, so it shows exactly them.
pub fn key_steps(entry: &KeyEntry) -> impl Iterator<Item = (u32, (u8, u8, u8), u32)> + '_ {
    let n = if entry.shaded() { WAIT_SHADES as u32 + 1 } else { 1 };
    (0..n).map(move |i| {
        let f = if n > 1 {
            f64::from(i) / f64::from(n - 1)
        } else {
            0.0
        };
        (i, blend(entry.from, entry.to, f), n)
    })
}

/// The height of one row of an exported key, and its text size.
pub const KEY_ROW: f64 = 20.0;
pub const KEY_FONT: f64 = 11.0;

/// A swatch's width in an exported key: a shading needs room to show.
pub fn key_swatch_width(entry: &KeyEntry) -> f64 {
    if entry.shaded() {
        32.0
    } else {
        12.0
    }
}

/// Where an exported key draws each entry, from `left` in a picture
/// `width` wide: the swatch's left edge and the row's top (from the top of
/// the key), wrapping to a new row as the page's list does. Also the
/// height of the rows.
pub fn key_spots(entries: &[KeyEntry], left: f64, width: f64) -> (Vec<(f64, f64)>, f64) {
    let (mut x, mut y) = (left, 0.0);
    let mut spots = Vec::with_capacity(entries.len());
    for entry in entries {
        let w = key_swatch_width(entry) + 4.0 + text_width(&entry.text, KEY_FONT);
        if x > left && x + w > width {
            x = left;
            y += KEY_ROW;
        }
        spots.push((x, y));
        x += w + 16.0;
    }
    let rows = if entries.is_empty() { 0.0 } else { y + KEY_ROW };
    (spots, rows)
}

/// The closed form's edge as a polyline: for each ttl row, the left edge of
/// the first column whose pause is long enough for A's write to be stale
/// (corrupt, or refused by a guarded resource). `None` when the
/// run's variant is outside the closed form.
pub fn staircase(grid: &Grid, g: &HeatGeometry) -> Option<Vec<(f64, f64)>> {
    boundary::predicted(&grid.base)?;
    let mut points = Vec::new();
    for (row, &ttl) in grid.ttls.iter().enumerate() {
        let threshold = boundary::shortest_stale_pause(&grid.base, ttl);
        let col = grid
            .pause_lens
            .iter()
            .position(|&p| p >= threshold)
            .unwrap_or(grid.pause_lens.len());
        let x = g.left + col as f64 * g.cell_w();
        let (_, y_top, _, h) = g.cell_rect(row, 0);
        points.push((x, y_top + h));
        points.push((x, y_top));
    }
    Some(points)
}

/// Which of `count` evenly spaced positions `step_px` apart get a label, so
/// labels `min_px` wide never collide.
fn label_every(count: usize, step_px: f64, min_px: f64) -> usize {
    if count == 0 || step_px <= 0.0 {
        return 1;
    }
    (min_px / step_px).ceil().max(1.0) as usize
}

/// Which of `values` — one per cell, cells `step_px` apart — get an axis
/// label, so labels `min_px` apart never collide. An evenly spaced list is
/// labelled at round values (20, 40, 60 rather than 1, 16, 31); any other
/// list every so many cells from its first. The canvas, the exported SVG
/// and the lease-length chart all label through this.
pub fn labelled(values: &[Tick], step_px: f64, min_px: f64) -> Vec<usize> {
    let fewest = label_every(values.len(), step_px, min_px);
    let every = |stride: usize| (0..values.len()).step_by(stride).collect::<Vec<usize>>();
    let difference = values
        .get(1)
        .zip(values.first())
        .map(|(b, a)| i64::from(*b) - i64::from(*a));
    let even = difference
        .filter(|d| *d > 0)
        .filter(|d| values.windows(2).all(|w| i64::from(w[1]) - i64::from(w[0]) == *d));
    let Some(d) = even else {
        return every(fewest);
    };
    // The smallest of 1, 2, 5, 10, 20, 50, … cells that is wide enough.
    let stride = nice_step(1.0, fewest as f64) as usize;
    let round_value = d * stride as i64;
    let round: Vec<usize> = (0..values.len())
        .filter(|&i| i64::from(values[i]) % round_value == 0)
        .collect();
    if round.len() >= 2 {
        round
    } else {
        every(stride)
    }
}

/// The grid as a self-contained SVG document (for export): one rect per
/// cell, the staircase, axis labels, and a title.
pub fn grid_svg(grid: &Grid, g: &HeatGeometry, scheme: Scheme) -> String {
    let c = scheme.colours();
    let entries = key(grid, scheme);
    let (spots, key_height) = key_spots(&entries, g.left, g.width);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"system-ui, sans-serif\" font-size=\"11\" fill=\"{fg}\"><title>dlock: outcome by lease ttl and pause length</title><rect width=\"100%\" height=\"100%\" fill=\"{bg}\"/>",
        w = g.width,
        bg = c.bg,
        fg = c.fg,
        h = Coord(g.height + key_height)
    );
    svg_key(&mut out, &entries, &spots, g.height, c);
    svg_cells(&mut out, grid, g, scheme);
    if let Some(line) = staircase(grid, g) {
        let points: Vec<String> = line
            .iter()
            .map(|(x, y)| format!("{},{}", Coord(*x), Coord(*y)))
            .collect();
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>",
            points.join(" "),
            c.fg
        ));
    }
    svg_axes(&mut out, grid, g);
    out.push_str("</svg>");
    out
}

/// The key under the plot, a shading in as many steps as the cells use;
/// outlined as on the page, so the palest shade still shows.
fn svg_key(out: &mut String, entries: &[KeyEntry], spots: &[(f64, f64)], top: f64, c: &palette::Colours) {
    for (entry, &(x, y)) in entries.iter().zip(spots) {
        let y = top + y;
        let w = key_swatch_width(entry);
        for (i, (r, gr, b), n) in key_steps(entry) {
            out.push_str(&format!(
                "<rect class=\"key\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"12\" fill=\"rgb({r},{gr},{b})\"/>",
                Coord(x + w * f64::from(i) / f64::from(n)),
                Coord(y + 4.0),
                Coord(w / f64::from(n)),
            ));
        }
        out.push_str(&format!(
            "<rect class=\"key\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"12\" fill=\"none\" stroke=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>",
            Coord(x),
            Coord(y + 4.0),
            Coord(w),
            c.border,
            Coord(x + w + 4.0),
            Coord(y + 14.0),
            crate::draw::markup::escape(&entry.text)
        ));
    }
}

/// Every cell in the page's shades (`cell_rgb`), which the key shows.
fn svg_cells(out: &mut String, grid: &Grid, g: &HeatGeometry, scheme: Scheme) {
    let longest = max_wait(&grid.cells);
    for row in 0..grid.ttls.len() {
        for col in 0..grid.pause_lens.len() {
            let Some(cell) = grid.cell(row, col) else { continue };
            let (x, y, w, h) = g.cell_rect(row, col);
            let (r, gr, b) = cell_rgb(&cell, longest, scheme);
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"rgb({r},{gr},{b})\"><title>ttl {} pause {}: {}</title></rect>",
                Coord(x),
                Coord(y),
                Coord(w + 0.05),
                Coord(h + 0.05),
                grid.ttls[row],
                grid.pause_lens[col],
                cell.outcome.label()
            ));
        }
    }
}

/// The axes' numbers, as many as fit, and their titles.
fn svg_axes(out: &mut String, grid: &Grid, g: &HeatGeometry) {
    for col in labelled(&grid.pause_lens, g.cell_w(), 30.0) {
        let p = grid.pause_lens[col];
        let (x, _, w, _) = g.cell_rect(0, col);
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{p}</text>",
            Coord(x + w / 2.0),
            Coord(g.bottom + 14.0)
        ));
    }
    for row in labelled(&grid.ttls, g.cell_h(), 14.0) {
        let t = grid.ttls[row];
        let (_, y, _, h) = g.cell_rect(row, 0);
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{t}</text>",
            Coord(g.left - 4.0),
            Coord(y + h / 2.0 + 4.0)
        ));
    }
    out.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">pause length (ticks)</text><text transform=\"rotate(-90 12 {mid})\" x=\"12\" y=\"{mid}\" text-anchor=\"middle\">lease ttl (ticks)</text>",
        Coord((g.left + g.right) / 2.0),
        Coord(g.height - 4.0),
        mid = Coord((g.top + g.bottom) / 2.0)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plot_capped_in_height_keeps_its_width_margins_and_cells_inside() {
        let g = HeatGeometry::new(936.0, 40, 41);
        assert_eq!(g.height, 560.0);
        let capped = g.no_taller_than(330.0);
        assert_eq!(
            (capped.width, capped.height, capped.bottom),
            (936.0, 330.0, 290.0)
        );
        let (_, top, _, h) = capped.cell_rect(39, 0);
        assert!(top >= capped.top - 1e-9 && h > 0.0, "{top} {h}");
        // Never squeezed under the smallest plot drawn anywhere.
        assert_eq!(g.no_taller_than(10.0).height, MIN_HEIGHT);
        // Its twin: a cap above the plot's own height changes nothing.
        assert_eq!(g.no_taller_than(900.0), g);
    }
    use dlock_core::sweep;
    use dlock_core::Params;

    #[test]
    fn the_wait_shading_is_explained_only_when_it_shows() {
        // Long leases keep B waiting in clean cells: the legend names the range.
        let base = Params::default();
        let grid = sweep::grid(&base, &[1, 20, 30], &[0, 1, 14]);
        let longest = max_wait(&grid.cells);
        assert!(longest > 0);
        for (scheme, direction) in [(Scheme::Light, "darker"), (Scheme::Dark, "lighter")] {
            let legend = wait_legend(&grid, scheme).expect("clean cells with waits");
            assert!(
                legend.text.contains(&format!("0 to {longest} ticks")),
                "{legend:?}"
            );
            assert!(legend.text.starts_with(&format!("clean cells {direction} ")));
            assert_eq!(legend.from, outcome_rgb(Outcome::Clean, 0.0, scheme));
            assert_eq!(legend.to, outcome_rgb(Outcome::Clean, 1.0, scheme));
            assert!(legend.shaded());
        }
        // B arriving after A is done never waits: nothing to explain.
        let late = Params {
            b_arrives: 200,
            ..base
        };
        let grid = sweep::grid(&late, &[1, 5], &[0, 1]);
        assert!(grid.cells.iter().all(|c| c.outcome == Outcome::Clean));
        assert_eq!(wait_legend(&grid, Scheme::Light), None);
    }

    #[test]
    fn cells_tile_the_plot_and_invert() {
        let g = HeatGeometry::new(600.0, 40, 41);
        let (x, y, w, h) = g.cell_rect(0, 0);
        assert!((x - g.left).abs() < 1e-9 && (y + h - g.bottom).abs() < 1e-9);
        let (x, y, w2, h2) = g.cell_rect(39, 40);
        assert!((x + w2 - g.right).abs() < 1e-6 && (y - g.top).abs() < 1e-6);
        assert_eq!((w, h), (w2, h2));
        for (row, col) in [(0, 0), (12, 7), (39, 40)] {
            let (x, y, w, h) = g.cell_rect(row, col);
            assert_eq!(g.cell_at(x + w / 2.0, y + h / 2.0), Some((row, col)));
        }
        assert_eq!(g.cell_at(g.left - 1.0, g.top + 1.0), None);
        assert_eq!(g.cell_at(g.left + 1.0, g.bottom + 1.0), None);
    }

    #[test]
    fn every_outcome_has_its_own_colour_in_each_scheme() {
        for scheme in [Scheme::Light, Scheme::Dark] {
            // The longest wait's shade too: it must not pass for another outcome.
            let colours: Vec<_> = Outcome::ALL
                .iter()
                .map(|&o| outcome_rgb(o, 0.0, scheme))
                .chain([outcome_rgb(Outcome::Clean, 1.0, scheme)])
                .collect();
            for (i, a) in colours.iter().enumerate() {
                for b in &colours[i + 1..] {
                    assert_ne!(a, b, "{scheme:?}");
                }
            }
        }
    }

    /// Relative luminance (WCAG), 0 for black to 1 for white.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    #[test]
    fn clean_cells_sit_near_the_page_and_the_rest_stand_out_from_it() {
        // The stylesheet's backgrounds: white, and the dark theme's --bg.
        for (scheme, page) in [
            (Scheme::Light, (0xFF, 0xFF, 0xFF)),
            (Scheme::Dark, (0x0D, 0x11, 0x17)),
        ] {
            let contrast = |c| {
                let (a, b) = (luminance(c) + 0.05, luminance(page) + 0.05);
                a.max(b) / a.min(b)
            };
            assert!(
                contrast(outcome_rgb(Outcome::Clean, 0.0, scheme)) < 1.6,
                "{scheme:?}"
            );
            for outcome in Outcome::ALL.into_iter().filter(|&o| o != Outcome::Clean) {
                let c = contrast(outcome_rgb(outcome, 0.0, scheme));
                // Okabe–Ito's light hues on white are the weakest pair (2.25).
                assert!(c >= 2.0, "{scheme:?} {outcome:?}: {c:.2}");
            }
        }
    }

    #[test]
    fn the_scheme_is_the_one_the_ink_is_written_for() {
        assert_eq!(
            Scheme::for_ink(crate::figures::heatmap::paint::PAPER_INK),
            Scheme::Light
        );
        // The dark theme's --fg.
        assert_eq!(Scheme::for_ink((0xE6, 0xED, 0xF3)), Scheme::Dark);
        assert_eq!(Scheme::for_ink((0, 0, 0)), Scheme::Light);
        assert_eq!(Scheme::for_ink((255, 255, 255)), Scheme::Dark);
    }

    #[test]
    fn the_staircase_steps_where_the_simulation_turns_corrupt() {
        let base = Params::default();
        let ttls: Vec<u32> = (1..=40).collect();
        let pauses: Vec<u32> = (0..=40).collect();
        let grid = sweep::grid(&base, &ttls, &pauses);
        let g = HeatGeometry::new(800.0, ttls.len(), pauses.len());
        let line = staircase(&grid, &g).expect("in scope");
        assert_eq!(line.len(), 2 * ttls.len());
        for (row, pair) in line.chunks(2).enumerate() {
            let col = ((pair[0].0 - g.left) / g.cell_w()).round() as usize;
            if col < pauses.len() {
                assert_eq!(
                    grid.cell(row, col).map(|c| c.outcome),
                    Some(Outcome::Corrupt),
                    "row {row}"
                );
            }
            if col > 0 {
                assert_ne!(
                    grid.cell(row, col - 1).map(|c| c.outcome),
                    Some(Outcome::Corrupt),
                    "row {row}"
                );
            }
        }
        let crash = sweep::grid(
            &Params {
                a_crashes: true,
                ..base
            },
            &ttls,
            &pauses,
        );
        assert_eq!(staircase(&crash, &g), None);
    }

    #[test]
    fn the_exported_svg_has_one_rect_per_cell_and_the_staircase() {
        let grid = sweep::grid(&Params::default(), &[1, 10, 25], &[11, 14, 23, 26]);
        let svg = grid_svg(&grid, &HeatGeometry::new(600.0, 3, 4), Scheme::Light);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg.matches("<rect x=").count(), 12);
        assert!(svg.contains("<polyline"));
        assert!(svg.contains("ttl 10 pause 14: corrupt"));
        assert!(svg.ends_with("</svg>"));
        // The key under the plot: the page's entries, a swatch in the
        // shades each shows.
        let g = HeatGeometry::new(600.0, 3, 4);
        let entries = key(&grid, Scheme::Light);
        assert!(entries.iter().any(KeyEntry::shaded), "{entries:?}");
        for entry in &entries {
            assert!(svg.contains(&format!(">{}</text>", entry.text)), "{}", entry.text);
        }
        // Each swatch: its steps, then its outline.
        let steps: usize = entries.iter().map(|e| key_steps(e).count() + 1).sum();
        assert_eq!(svg.matches("<rect class=\"key\"").count(), steps);
        let height = g.height + key_spots(&entries, g.left, g.width).1;
        assert!(svg.contains(&format!("height=\"{}\"", Coord(height))));
        // In the theme asked for: the dark ground and ink, and its twin,
        // the light one.
        let dark = grid_svg(&grid, &g, Scheme::Dark);
        let (d, l) = (Scheme::Dark.colours(), Scheme::Light.colours());
        assert!(
            dark.contains(&format!("fill=\"{}\"/>", d.bg)) && dark.contains(&format!("fill=\"{}\">", d.fg))
        );
        assert!(!dark.contains(&format!("fill=\"{}\"/>", l.bg)));
        assert!(svg.contains(&format!("fill=\"{}\"/>", l.bg)));
    }

    #[test]
    fn the_key_lists_core_s_counts_then_the_wait_shading_in_the_cells_own_shades() {
        let grid = sweep::grid(&Params::default(), &[1, 20, 30], &[0, 1, 14]);
        for scheme in [Scheme::Light, Scheme::Dark] {
            let entries = key(&grid, scheme);
            let counts = grid.counts();
            assert_eq!(entries.len(), counts.len() + 1);
            for ((outcome, n), entry) in counts.iter().zip(&entries) {
                assert_eq!(entry.text, format!("{} {n}", outcome.label()));
                assert_eq!(entry.from, outcome_rgb(*outcome, 0.0, scheme));
                assert!(!entry.shaded() && key_steps(entry).count() == 1);
            }
            let shading = entries.last().expect("entries");
            assert_eq!(Some(shading), wait_legend(&grid, scheme).as_ref());
            // The swatch shows exactly the shades a clean cell can take.
            let shades: Vec<(u8, u8, u8)> = key_steps(shading).map(|(_, colour, _)| colour).collect();
            assert_eq!(shades.len(), WAIT_SHADES as usize + 1);
            assert_eq!((shades[0], shades[shades.len() - 1]), (shading.from, shading.to));
            let longest = max_wait(&grid.cells);
            for cell in grid.cells.iter().filter(|c| c.outcome == Outcome::Clean) {
                assert!(shades.contains(&cell_rgb(cell, longest, scheme)), "{cell:?}");
            }
        }
    }

    #[test]
    fn an_exported_key_wraps_inside_the_picture_and_its_entries_keep_apart() {
        let ttls: Vec<u32> = (1..=40).collect();
        let pauses: Vec<u32> = (0..=40).collect();
        let grid = sweep::grid(&Params::default(), &ttls, &pauses);
        let entries = key(&grid, Scheme::Light);
        let width_of = |e: &KeyEntry| key_swatch_width(e) + 4.0 + text_width(&e.text, KEY_FONT);
        for width in [280.0, 360.0, 600.0, 1100.0] {
            let (spots, height) = key_spots(&entries, 52.0, width);
            assert_eq!(spots.len(), entries.len());
            for (i, (entry, &(x, y))) in entries.iter().zip(&spots).enumerate() {
                // Inside the picture, unless an entry is wider than a row.
                assert!(
                    x == 52.0 || x + width_of(entry) <= width,
                    "{width}: {}",
                    entry.text
                );
                assert!(y >= 0.0 && y + KEY_ROW <= height);
                if i > 0 {
                    let (px, py) = spots[i - 1];
                    assert!(
                        (y == py && x >= px + width_of(&entries[i - 1]) + 16.0)
                            || (y == py + KEY_ROW && x == 52.0),
                        "{width}: {}",
                        entry.text
                    );
                }
            }
        }
        assert_eq!(key_spots(&entries, 52.0, 1100.0).1, KEY_ROW);
        assert!(key_spots(&entries, 52.0, 280.0).1 > KEY_ROW);
        assert_eq!(key_spots(&[], 52.0, 600.0), (vec![], 0.0));
    }

    #[test]
    fn rows_paint_as_runs_that_cover_every_cell_in_order() {
        let ttls: Vec<u32> = (1..=40).collect();
        let pauses: Vec<u32> = (0..=40).collect();
        let grid = sweep::grid(&Params::default(), &ttls, &pauses);
        let longest = max_wait(&grid.cells);
        let mut total_runs = 0;
        for row in 0..ttls.len() {
            let runs = row_runs(&grid, row, longest, Scheme::Light);
            total_runs += runs.len();
            assert_eq!(runs.first().map(|r| r.0), Some(0));
            assert_eq!(runs.last().map(|r| r.1), Some(pauses.len()));
            for pair in runs.windows(2) {
                assert_eq!(pair[0].1, pair[1].0, "runs are contiguous");
                assert_ne!(pair[0].2, pair[1].2, "neighbouring runs differ in colour");
            }
            for (start, end, colour) in runs {
                for col in start..end {
                    assert_eq!(
                        cell_rgb(&grid.cell(row, col).expect("cell"), longest, Scheme::Light),
                        colour
                    );
                }
            }
        }
        assert!(
            total_runs * 4 < ttls.len() * pauses.len(),
            "{total_runs} runs for {} cells",
            ttls.len() * pauses.len()
        );
    }

    #[test]
    fn labels_thin_out_when_cells_are_narrow() {
        assert_eq!(label_every(40, 20.0, 30.0), 2);
        assert_eq!(label_every(40, 40.0, 30.0), 1);
        assert_eq!(label_every(400, 2.0, 30.0), 15);
    }

    fn labelled_values(values: &[Tick], step_px: f64, min_px: f64) -> Vec<Tick> {
        labelled(values, step_px, min_px)
            .into_iter()
            .map(|i| values[i])
            .collect()
    }

    #[test]
    fn even_lists_are_labelled_at_round_values() {
        let ttls: Vec<Tick> = (1..=400).collect();
        let shown = labelled_values(&ttls, 2.0, 14.0);
        assert_eq!(shown[..3], [10, 20, 30], "not 1, 8, 15");
        let shown = labelled_values(&ttls, 2.0, 30.0);
        assert_eq!(shown[..3], [20, 40, 60], "not 1, 16, 31");
        assert_eq!(shown.last(), Some(&400));
        let pauses: Vec<Tick> = (0..=40).collect();
        assert_eq!(labelled_values(&pauses, 15.0, 30.0)[..3], [0, 2, 4]);
        assert_eq!(labelled_values(&pauses, 40.0, 30.0).len(), 41);
    }

    #[test]
    fn uneven_or_offset_lists_are_labelled_from_their_first_value() {
        // 2, 5, 8, …: no multiple of 6 among them, so every other one.
        let pauses: Vec<Tick> = (2..=41).step_by(3).collect();
        assert_eq!(labelled_values(&pauses, 20.0, 30.0)[..3], [2, 8, 14]);
        assert_eq!(labelled_values(&[5, 10, 1000], 100.0, 30.0), [5, 10, 1000]);
        assert_eq!(labelled_values(&[5, 10, 1000], 10.0, 30.0), [5]);
        assert_eq!(labelled_values(&[7], 1.0, 30.0), [7]);
        assert!(labelled(&[], 1.0, 30.0).is_empty());
    }

    proptest::proptest! {
        /// A pointer anywhere on the plot is on the cell `cell_at` names,
        /// for grids of every size the page draws, at every width.
        #[test]
        fn the_cell_under_the_pointer_contains_it(
            rows in 1usize..=500,
            cols in 1usize..=500,
            width in 280.0f64..1400.0,
            (fx, fy) in (0.0f64..1.0, 0.0f64..1.0),
        ) {
            let g = HeatGeometry::new(width, rows, cols);
            let x = g.left + fx * (g.right - g.left);
            let y = g.top + fy * (g.bottom - g.top);
            let (row, col) = g.cell_at(x, y).expect("a point on the plot is on a cell");
            proptest::prop_assert!(row < rows && col < cols);
            let (cx, cy, w, h) = g.cell_rect(row, col);
            let slack = 1e-9 * width;
            proptest::prop_assert!(cx - slack <= x && x <= cx + w + slack, "x {x} outside {cx}..{}", cx + w);
            proptest::prop_assert!(cy - slack <= y && y <= cy + h + slack, "y {y} outside {cy}..{}", cy + h);
        }

        /// Labels never come closer than the space one needs, and an axis
        /// with values always shows at least one.
        #[test]
        fn labels_keep_their_distance(first in 0u32..500, d in 1u32..7, len in 1usize..450, step in 0.5f64..40.0, min in 10.0f64..40.0) {
            let values: Vec<Tick> = (0..len as u32).map(|i| first + i * d).collect();
            let shown = labelled(&values, step, min);
            proptest::prop_assert!(!shown.is_empty());
            for pair in shown.windows(2) {
                proptest::prop_assert!((pair[1] - pair[0]) as f64 * step >= min - 1e-9, "{shown:?}");
            }
        }
    }
}
