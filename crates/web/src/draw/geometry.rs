//! Plain geometry shared by the figures: a tick scale, tidy axis steps and
//! label placement that never lets two labels collide. No Leptos here, so
//! every function is tested natively.

use dlock_core::Tick;

/// Maps ticks `[t0, t1]` onto pixels `[x0, x1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub t0: Tick,
    pub t1: Tick,
    pub x0: f64,
    pub x1: f64,
}

impl Scale {
    pub fn px_per_tick(&self) -> f64 {
        (self.x1 - self.x0) / f64::from((self.t1 - self.t0).max(1))
    }

    pub fn x(&self, t: Tick) -> f64 {
        self.x0 + f64::from(t.saturating_sub(self.t0)) * self.px_per_tick()
    }

    /// The column the playback cursor shades for tick `t`: a band centred
    /// on the tick's instant `x(t)`, where its events sit and its spans
    /// begin and end, half a tick wide and at least `min_px`.
    /// `(left, width)`.
    pub fn cursor_band(&self, t: Tick, min_px: f64) -> (f64, f64) {
        let t = t.min(self.t1);
        let width = (self.px_per_tick() / 2.0).max(min_px);
        (self.x(t) - width / 2.0, width)
    }

    /// The tick nearest to pixel `x`, kept inside the scale.
    pub fn tick_at(&self, x: f64) -> Tick {
        let t = ((x - self.x0) / self.px_per_tick()).round();
        let t = t.clamp(0.0, f64::from(self.t1 - self.t0));
        self.t0 + t as Tick
    }
}

/// An SVG coordinate with at most two decimals: shorter markup, the same
/// picture. Rounded, then printed in Rust's shortest form; fixed-precision
/// formatting (`{:.2}`) would link a second float formatter into the wasm,
/// while the shortest one is there anyway (the canvas backend uses it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coord(pub f64);

impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = (self.0 * 100.0).round() / 100.0;
        if r == r.trunc() && r.abs() < 1e15 {
            write!(f, "{}", r as i64)
        } else {
            write!(f, "{r}")
        }
    }
}

/// The same for a whole-number reading (sizes in exports, a percentage).
pub fn whole(v: f64) -> i64 {
    v.round() as i64
}

/// The smallest "nice" step (1, 2, 5, 10, 20, 50, …) that keeps axis
/// labels at least `min_px` apart.
pub fn nice_step(px_per_tick: f64, min_px: f64) -> Tick {
    let mut step: Tick = 1;
    for factor in [2, 5, 10].into_iter().cycle() {
        if f64::from(step) * px_per_tick >= min_px || step >= 1_000_000 {
            return step;
        }
        // 1, 2, 5, 10, 20, 50, 100, …
        step = match factor {
            2 => step * 2,
            5 => step / 2 * 5,
            _ => step / 5 * 10,
        };
    }
    step
}

/// How a text sits on its point: the SVG `text-anchor` values, which the
/// canvas's `textAlign` mirrors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    pub fn svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }

    pub fn canvas(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "center",
            Anchor::End => "end",
        }
    }

    /// The centre of a text `width` wide drawn at `x` with this anchor.
    #[cfg(test)]
    pub fn centre(self, x: f64, width: f64) -> f64 {
        match self {
            Anchor::Start => x + width / 2.0,
            Anchor::Middle => x,
            Anchor::End => x - width / 2.0,
        }
    }
}

/// Where and how to draw a label placed with its centre at `centre` and an
/// estimated `width`, inside `[lo, hi]`. A label within an eighth of its
/// width of an edge is anchored at its own end on that side, so a text
/// wider than `text_width` guessed (a reader's text-spacing override, a
/// wider font) grows into the drawing instead of out of it; where the
/// guess is right, it covers the same pixels either way.
pub fn pinned_to_edge(centre: f64, width: f64, lo: f64, hi: f64) -> (f64, Anchor) {
    let (left, right) = (centre - width / 2.0, centre + width / 2.0);
    if right + width / 8.0 >= hi {
        (right, Anchor::End)
    } else if left - width / 8.0 <= lo {
        (left, Anchor::Start)
    } else {
        (centre, Anchor::Middle)
    }
}

/// A label to place: where it is drawn (its centre `x`, kept inside the
/// drawing), its width in pixels, and the x of what it names (`anchor`).
/// Near an edge the two differ, and a wider label is drawn further in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelBox {
    pub x: f64,
    pub width: f64,
    pub anchor: f64,
}

/// Gives every label a row (0 = nearest the axis) so that labels sharing a
/// row never overlap, leaving `gap` pixels between them. Greedy, in the
/// order of what the labels name (ties in the input order), so stacked
/// labels read in that order even where the drawing's edge pushed a wide
/// one in past a narrow one; returns rows in the input order. Labels
/// naming the same x take rows further and further from the axis, in
/// order, never one back nearer it that happens to be free.
pub fn place_labels(labels: &[LabelBox], gap: f64) -> Vec<u8> {
    place_rows(labels, gap, |last, anchor| match last {
        Some((at, row)) if at == anchor => row + 1,
        _ => 0,
    })
}

/// `rows` (from [`place_labels`], for labels stacked *above* what they
/// name) turned over within each cluster of labels that pushed one another
/// apart, so a cluster reads from the top down in the order of what it
/// names: the earlier event's label on top, as text is read. A label that
/// crowds nothing keeps its row, next to its mark. Rows stay a bijection
/// within each cluster and clusters never share an x, so no two labels in
/// a row overlap that did not before.
pub fn read_downwards(labels: &[LabelBox], rows: &[u8], gap: f64) -> Vec<u8> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| {
        let left = |i: usize| labels[i].x - labels[i].width / 2.0;
        left(a).total_cmp(&left(b))
    });
    let mut out = rows.to_vec();
    let mut cluster: Vec<usize> = Vec::new();
    let mut right = f64::NEG_INFINITY;
    let flush = |cluster: &mut Vec<usize>, out: &mut Vec<u8>| {
        let top = cluster.iter().map(|&i| rows[i]).max().unwrap_or(0);
        for &i in cluster.iter() {
            out[i] = top - rows[i];
        }
        cluster.clear();
    };
    for i in order {
        let left = labels[i].x - labels[i].width / 2.0;
        if !cluster.is_empty() && left >= right + gap {
            flush(&mut cluster, &mut out);
            right = f64::NEG_INFINITY;
        }
        cluster.push(i);
        right = right.max(labels[i].x + labels[i].width / 2.0);
    }
    flush(&mut cluster, &mut out);
    out
}

/// Rows for labels hung from leader lines that drop from an axis to each
/// label (0 = nearest the axis): like [`place_labels`], but a label never
/// takes a row nearer the axis than a label left of it. With each label
/// ending at its own line (drawn right-aligned to it), a line then only
/// passes labels to its right in rows above its own, never through one:
/// every label it passes ends before the line's x.
pub fn place_hung_labels(labels: &[LabelBox], gap: f64) -> Vec<u8> {
    place_rows(labels, gap, |last, _| last.map_or(0, |(_, row)| row))
}

/// The greedy placement both share: in the order of what the labels name,
/// each takes the first row from `lowest(last, anchor)` on where it fits
/// after that row's rightmost label, or a new row. `last` is the anchor and
/// row of the label placed before it.
fn place_rows(labels: &[LabelBox], gap: f64, lowest: impl Fn(Option<(f64, usize)>, f64) -> usize) -> Vec<u8> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| labels[a].anchor.total_cmp(&labels[b].anchor));
    let mut row_right_edges: Vec<f64> = Vec::new();
    let mut rows = vec![0u8; labels.len()];
    let mut last: Option<(f64, usize)> = None;
    for i in order {
        let left = labels[i].x - labels[i].width / 2.0;
        let right = labels[i].x + labels[i].width / 2.0;
        let from = lowest(last, labels[i].anchor);
        let free = row_right_edges
            .iter()
            .skip(from)
            .position(|&edge| edge + gap <= left);
        let row = match free {
            Some(r) => from + r,
            None => {
                row_right_edges.push(f64::NEG_INFINITY);
                row_right_edges.len() - 1
            }
        };
        row_right_edges[row] = right;
        rows[i] = row.min(u8::MAX as usize) as u8;
        last = Some((labels[i].anchor, row));
    }
    rows
}

/// The gap between a section's two columns, in pixels (the stylesheet's
/// `.columns.side-by-side` gap).
pub const COLUMN_GAP_PX: f64 = 24.0;

/// Where the content is at least this wide, a section's figure can stand
/// beside its words, so the study does not stack full-width figures with
/// their paragraphs above and below.
pub const COLUMNS_FROM_PX: f64 = 900.0;

/// A figure's width in a section `content` pixels wide: beside the words
/// (`Some`) where there is room for two columns, else the whole width
/// (`None`).
pub fn column_width(content: f64) -> Option<f64> {
    (content >= COLUMNS_FROM_PX).then(|| ((content - COLUMN_GAP_PX) * 0.54).floor())
}

/// The width a figure that stands beside its words is drawn at: its
/// column in the study where the page is wide, the whole width in an
/// embed (which has no words beside it) or on a narrow page. What the
/// page draws and what it exports share this one answer.
pub fn beside_width(content: f64, embedded: bool) -> f64 {
    column_width(content).filter(|_| !embedded).unwrap_or(content)
}

/// A rough text width for the page's 12 px system font, enough to keep
/// labels apart (digits and capitals are about 0.62 em wide).
pub fn text_width(text: &str, font_px: f64) -> f64 {
    text.chars().count() as f64 * font_px * 0.62
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacked_labels_read_downwards_in_time_order_and_a_lone_label_stays_by_its_mark() {
        let at = |anchor: f64, width: f64| LabelBox {
            x: anchor,
            width,
            anchor,
        };
        // B's label (x=100) and A's (x=130) collide; a third stands apart.
        let labels = [at(130.0, 80.0), at(100.0, 80.0), at(400.0, 40.0)];
        let rows = place_labels(&labels, 6.0);
        assert_eq!(rows, [1, 0, 0], "greedy: the earlier label nearest the track");
        assert_eq!(
            read_downwards(&labels, &rows, 6.0),
            [0, 1, 0],
            "the earlier label on top"
        );
    }

    proptest::proptest! {
        /// Hung labels, each ending at its line: no line passes through a
        /// label of a row nearer the axis than its own.
        #[test]
        fn no_leader_line_crosses_a_hung_label(
            xs in proptest::collection::vec(0.0f64..400.0, 1..12),
            widths in proptest::collection::vec(20.0f64..120.0, 12),
        ) {
            let labels: Vec<LabelBox> = xs
                .iter()
                .zip(&widths)
                .map(|(&x, &w)| LabelBox { x: x - w / 2.0, width: w, anchor: x })
                .collect();
            let rows = place_hung_labels(&labels, 6.0);
            for (i, a) in labels.iter().enumerate() {
                for (j, b) in labels.iter().enumerate() {
                    if rows[j] > rows[i] {
                        let (left, right) = (a.x - a.width / 2.0, a.x + a.width / 2.0);
                        proptest::prop_assert!(!(left < b.anchor && b.anchor < right), "{i} {j} {rows:?}");
                    }
                    if i != j && rows[i] == rows[j] {
                        let (l1, r1) = (a.x - a.width / 2.0, a.x + a.width / 2.0);
                        let (l2, r2) = (b.x - b.width / 2.0, b.x + b.width / 2.0);
                        proptest::prop_assert!(r1 + 6.0 <= l2 || r2 + 6.0 <= l1, "overlap");
                    }
                }
            }
        }
    }

    #[test]
    fn a_wide_section_puts_its_figure_beside_its_words_and_a_narrow_one_stacks() {
        assert_eq!(column_width(375.0), None);
        assert_eq!(column_width(COLUMNS_FROM_PX - 1.0), None);
        let beside = column_width(1100.0).expect("two columns");
        // More than half for the figure, room left for the words.
        assert!(
            beside > 1100.0 / 2.0 - COLUMN_GAP_PX && beside < 1100.0 - COLUMN_GAP_PX - 400.0,
            "{beside}"
        );
        // Never narrower than a phone's whole width.
        assert!(column_width(COLUMNS_FROM_PX).is_some_and(|w| w >= 320.0));
    }

    #[test]
    fn an_embed_draws_its_figure_across_the_frame_and_the_study_beside_the_words() {
        assert_eq!(beside_width(1100.0, true), 1100.0);
        assert_eq!(Some(beside_width(1100.0, false)), column_width(1100.0));
        assert_eq!(beside_width(375.0, false), 375.0);
    }

    #[test]
    fn a_label_against_an_edge_is_anchored_there_and_keeps_its_place() {
        // Centred at 380, 40 wide: it touches the right edge of [0, 400].
        assert_eq!(pinned_to_edge(380.0, 40.0, 0.0, 400.0), (400.0, Anchor::End));
        assert_eq!(pinned_to_edge(70.0, 40.0, 50.0, 400.0), (50.0, Anchor::Start));
        assert_eq!(pinned_to_edge(200.0, 40.0, 0.0, 400.0), (200.0, Anchor::Middle));
        // Within an eighth of its width of an edge: anchored at its own end.
        assert_eq!(pinned_to_edge(375.0, 40.0, 0.0, 400.0), (395.0, Anchor::End));
        assert_eq!(pinned_to_edge(374.0, 40.0, 0.0, 400.0), (374.0, Anchor::Middle));
        assert_eq!(pinned_to_edge(75.0, 40.0, 50.0, 400.0), (55.0, Anchor::Start));
        // Wherever it is anchored, the text covers the same pixels.
        for (centre, lo) in [
            (380.0, 0.0),
            (375.0, 0.0),
            (70.0, 50.0),
            (75.0, 50.0),
            (200.0, 0.0),
        ] {
            let (x, anchor) = pinned_to_edge(centre, 40.0, lo, 400.0);
            assert_eq!(anchor.centre(x, 40.0), centre);
        }
    }

    #[test]
    fn the_cursor_is_centred_on_its_tick_s_instant_and_stays_visible_when_ticks_are_thin() {
        let wide = Scale {
            t0: 0,
            t1: 20,
            x0: 100.0,
            x1: 500.0,
        };
        assert_eq!(wide.cursor_band(3, 2.0), (155.0, 10.0));
        // Past the axis: the last tick.
        assert_eq!(wide.cursor_band(99, 2.0), wide.cursor_band(20, 2.0));
        let thin = Scale {
            t0: 0,
            t1: 1000,
            x0: 0.0,
            x1: 500.0,
        };
        let (left, width) = thin.cursor_band(10, 2.0);
        assert_eq!(width, 2.0);
        assert_eq!(left + width / 2.0, thin.x(10), "centred on the tick");
    }

    #[test]
    fn coordinates_keep_at_most_two_decimals() {
        let shown: Vec<String> = [0.0, -0.0, 12.0, 12.345, 12.3, 0.005, -3.999, 1e20]
            .iter()
            .map(|&v| Coord(v).to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "0",
                "0",
                "12",
                "12.35",
                "12.3",
                "0.01",
                "-4",
                "100000000000000000000"
            ]
        );
        assert_eq!(whole(99.5), 100);
    }
    use proptest::prelude::*;

    #[test]
    fn scale_maps_both_ways() {
        let s = Scale {
            t0: 0,
            t1: 20,
            x0: 40.0,
            x1: 440.0,
        };
        assert_eq!(s.x(0), 40.0);
        assert_eq!(s.x(10), 240.0);
        assert_eq!(s.tick_at(245.0), 10);
        assert_eq!(s.tick_at(-100.0), 0);
        assert_eq!(s.tick_at(10_000.0), 20);
    }

    #[test]
    fn nice_steps_grow_in_ones_twos_and_fives() {
        assert_eq!(nice_step(40.0, 30.0), 1);
        assert_eq!(nice_step(20.0, 30.0), 2);
        assert_eq!(nice_step(8.0, 30.0), 5);
        assert_eq!(nice_step(4.0, 30.0), 10);
        assert_eq!(nice_step(1.0, 30.0), 50);
        assert_eq!(nice_step(0.1, 30.0), 500);
    }

    #[test]
    fn close_labels_go_to_separate_rows() {
        let rows = place_labels(
            &[
                LabelBox {
                    x: 100.0,
                    width: 60.0,
                    anchor: 100.0,
                },
                LabelBox {
                    x: 110.0,
                    width: 60.0,
                    anchor: 110.0,
                },
                LabelBox {
                    x: 300.0,
                    width: 60.0,
                    anchor: 300.0,
                },
            ],
            4.0,
        );
        assert_eq!(rows, [0, 1, 0]);
    }

    #[test]
    fn labels_pushed_in_by_the_edge_stack_in_the_order_of_what_they_name() {
        // Both name the drawing's last pixel; the first, wider, is drawn
        // further in, but still takes the row nearest the axis.
        let rows = place_labels(
            &[
                LabelBox {
                    x: 880.0,
                    width: 40.0,
                    anchor: 898.0,
                },
                LabelBox {
                    x: 890.0,
                    width: 20.0,
                    anchor: 899.0,
                },
                LabelBox {
                    x: 870.0,
                    width: 60.0,
                    anchor: 899.0,
                },
            ],
            4.0,
        );
        assert_eq!(rows, [0, 1, 2]);
    }

    #[test]
    fn labels_naming_one_x_stack_in_order_even_where_a_row_above_is_free() {
        // The first of two labels at x = 120 meets the one at 50 in row 0
        // and goes to row 1; the second, narrower, would fit in row 0, but
        // a reader reads the pair top to bottom, so it goes under.
        let at = |x: f64, width: f64, anchor: f64| LabelBox { x, width, anchor };
        let rows = place_labels(
            &[
                at(50.0, 100.0, 50.0),
                at(120.0, 60.0, 120.0),
                at(130.0, 40.0, 120.0),
            ],
            4.0,
        );
        assert_eq!(rows, [0, 1, 2]);
    }

    proptest! {
        #[test]
        fn labels_in_one_row_never_overlap(
            boxes in proptest::collection::vec((0.0f64..1000.0, 5.0f64..120.0, 0u8..25), 0..40),
        ) {
            // In any order of anchors: a label drawn away from what it names
            // (pushed in by an edge) must still keep apart from its row.
            // Anchors from a few values, so that labels naming one x meet.
            let labels: Vec<LabelBox> = boxes
                .iter()
                .map(|&(x, width, anchor)| LabelBox { x, width, anchor: f64::from(anchor) * 40.0 })
                .collect();
            let rows = place_labels(&labels, 4.0);
            for i in 0..labels.len() {
                for j in i + 1..labels.len() {
                    if rows[i] == rows[j] {
                        let (a, b) = (labels[i], labels[j]);
                        let apart = a.x + a.width / 2.0 + 4.0 <= b.x - b.width / 2.0 + 1e-9
                            || b.x + b.width / 2.0 + 4.0 <= a.x - a.width / 2.0 + 1e-9;
                        prop_assert!(apart, "{:?} and {:?} share row {}", a, b, rows[i]);
                    }
                    if labels[i].anchor == labels[j].anchor {
                        prop_assert_ne!(rows[i], rows[j], "one x, one row each");
                    }
                }
            }
        }

        #[test]
        fn tick_at_inverts_x(t in 0u32..500, t1 in 500u32..2000, width in 100.0f64..2000.0) {
            let s = Scale { t0: 0, t1, x0: 10.0, x1: 10.0 + width };
            prop_assert_eq!(s.tick_at(s.x(t)), t);
        }
    }
}
