//! The acquire staircase as SVG markup: each panel's title, its cells
//! coloured by outcome (the stylesheet's `.o-*` classes), and its axes.
//! Each cell names its run in a tooltip and in data attributes, which a
//! click reads to open that run.

use super::layout::{labelled, AcquireLayout, Panel};
use crate::draw::markup::escape;
use crate::draw::palette::outcome_class;
use dlock_core::acquire_grid::{AcquireGrid, Side};
use std::fmt::Write;

fn panel(out: &mut String, grid: &AcquireGrid, side: &Side, p: &Panel, l: &AcquireLayout) {
    let title = if side.validity_check {
        "with the validity check"
    } else {
        "without it"
    };
    let _ = write!(
        out,
        r#"<text class="panel-title" x="{}" y="{}">{title}</text>"#,
        p.x,
        p.y - 8.0
    );
    let check = u8::from(side.validity_check);
    for row in 0..l.rows {
        for column in 0..l.columns {
            let (x, y) = p.cell_rect(row, column);
            let o = grid.outcome(side, row, column);
            let (pause, b) = (grid.pauses[column], grid.arrivals[row]);
            let _ = write!(
                out,
                r#"<rect class="cell {}" x="{x:.1}" y="{y:.1}" width="{c:.1}" height="{c:.1}" data-pause="{pause}" data-b="{b}" data-check="{check}"><title>A stopped {pause} while its replies travel, B arrives at t={b}: {}</title></rect>"#,
                outcome_class(o),
                escape(o.label()),
                c = p.cell,
            );
        }
    }
    let bottom = p.y + l.rows as f64 * p.cell;
    for i in labelled(l.columns) {
        let x = p.x + (i as f64 + 0.5) * p.cell;
        let _ = write!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            bottom + 12.0,
            grid.pauses[i]
        );
    }
    for i in labelled(l.rows) {
        let y = p.y + (i as f64 + 0.5) * p.cell + 4.0;
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{y:.1}" text-anchor="end">{}</text>"#,
            p.x - 4.0,
            grid.arrivals[i]
        );
    }
    let _ = write!(
        out,
        r#"<text class="axis-name" x="{:.1}" y="{:.1}" text-anchor="middle">A's pause while its replies travel (ticks) →</text>"#,
        p.x + l.columns as f64 * p.cell / 2.0,
        bottom + 28.0
    );
}

/// The whole drawing, inside its `<svg>`: rows are B's arrival (down),
/// columns A's pause (across).
pub fn body(grid: &AcquireGrid, l: &AcquireLayout) -> String {
    let mut out = String::with_capacity(200 * 2 * l.rows * l.columns);
    panel(&mut out, grid, &grid.checked, &l.panels[0], l);
    panel(&mut out, grid, &grid.unchecked, &l.panels[1], l);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::Params;

    #[test]
    fn each_cell_names_its_run_and_is_coloured_by_its_outcome() {
        let grid = dlock_core::acquire_grid::acquire_grid(&Params::default());
        let l = super::super::layout::layout(&grid, 1100.0);
        let svg = body(&grid, &l);
        assert_eq!(svg.matches("<rect class=\"cell ").count(), 2 * 31 * 31);
        assert!(svg.contains(r#"data-pause="13" data-b="12" data-check="0"><title>A stopped 13 while its replies travel, B arrives at t=12: lost update</title>"#), "{}", &svg[..400]);
        assert_eq!(
            svg.matches("data-check=\"1\"").count(),
            svg.matches("class=\"cell o-clean\"").count().min(31 * 31)
        );
        assert!(svg.contains("with the validity check") && svg.contains("without it"));
    }
}
