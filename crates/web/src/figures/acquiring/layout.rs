//! Where the acquire staircase's cells, titles and axis labels go: two
//! panels, with the validity check and without, side by side when the
//! width allows and one above the other when it does not. Pure, so it is
//! tested natively and shared by the drawing and its PNG.

use dlock_core::acquire_grid::AcquireGrid;

/// Room for the rows' labels, left of each panel.
const LEFT: f64 = 34.0;
/// Room for a panel's title above it.
const TITLE: f64 = 22.0;
/// Room for the columns' labels and the axis name under each panel.
const BELOW: f64 = 34.0;
/// Between two panels.
const GAP: f64 = 24.0;
/// A cell is never larger than this, however wide the page.
const MAX_CELL: f64 = 12.0;

/// One panel: its top-left corner (of the cells) and its cell size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Panel {
    pub x: f64,
    pub y: f64,
    pub cell: f64,
}

impl Panel {
    /// The rectangle of the cell at `(row, column)`.
    pub fn cell_rect(&self, row: usize, column: usize) -> (f64, f64) {
        (
            self.x + column as f64 * self.cell,
            self.y + row as f64 * self.cell,
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct AcquireLayout {
    pub width: f64,
    pub height: f64,
    /// With the check, then without.
    pub panels: [Panel; 2],
    pub columns: usize,
    pub rows: usize,
}

/// The two panels for a drawing `width` pixels wide.
pub fn layout(grid: &AcquireGrid, width: f64) -> AcquireLayout {
    let (columns, rows) = (grid.pauses.len(), grid.arrivals.len());
    let across = |cell: f64| 2.0 * (LEFT + columns as f64 * cell) + GAP;
    let side_by_side = across(MAX_CELL.min(6.0)) <= width;
    let cell = if side_by_side {
        ((width - GAP - 2.0 * LEFT) / (2.0 * columns as f64)).min(MAX_CELL)
    } else {
        ((width - LEFT) / columns as f64).min(MAX_CELL)
    };
    let panel_h = TITLE + rows as f64 * cell + BELOW;
    let first = Panel {
        x: LEFT,
        y: TITLE,
        cell,
    };
    let second = if side_by_side {
        Panel {
            x: 2.0 * LEFT + columns as f64 * cell + GAP,
            y: TITLE,
            cell,
        }
    } else {
        Panel {
            x: LEFT,
            y: panel_h + TITLE,
            cell,
        }
    };
    let height = if side_by_side { panel_h } else { 2.0 * panel_h };
    AcquireLayout {
        width: width.floor(),
        height: height.ceil(),
        panels: [first, second],
        columns,
        rows,
    }
}

/// Which of `count` ticks get a label: every fifth, and the last.
pub fn labelled(count: usize) -> Vec<usize> {
    (0..count).filter(|&i| i % 5 == 0 || i + 1 == count).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::Params;

    #[test]
    fn panels_sit_side_by_side_when_they_fit_and_stack_when_they_do_not() {
        let grid = dlock_core::acquire_grid::acquire_grid(&Params::default());
        let wide = layout(&grid, 1100.0);
        assert_eq!(wide.panels[0].y, wide.panels[1].y);
        assert!(wide.panels[1].x > wide.panels[0].x + 31.0 * wide.panels[0].cell);
        let narrow = layout(&grid, 340.0);
        assert_eq!(narrow.panels[0].x, narrow.panels[1].x);
        assert!(narrow.panels[1].y > narrow.panels[0].y + 31.0 * narrow.panels[0].cell);
        for l in [&wide, &narrow] {
            for p in &l.panels {
                let (x, y) = p.cell_rect(l.rows - 1, l.columns - 1);
                assert!(x + p.cell <= l.width + 0.5 && y + p.cell <= l.height, "{l:?}");
                assert!(p.cell > 4.0 && p.cell <= MAX_CELL);
            }
        }
        assert_eq!(labelled(31), [0, 5, 10, 15, 20, 25, 30]);
    }
}
