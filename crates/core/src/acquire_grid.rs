//! The acquire staircase: A stopped while the replies to its acquire are
//! in flight, for each length of stop and each arrival of B, with
//! Redlock's validity check and without. A's pause after acquiring is
//! left out (zero), so the only danger is the one the check is for: a
//! majority granted long ago, read late. With the check every cell is
//! clean; without it, the cells where B got the lock while A's replies
//! travelled are not.

use crate::audit::Outcome;
use crate::params::{Acquiring, Params};
use crate::scenario::simulate;
use crate::types::Tick;
use serde::Serialize;

/// The pauses (columns) and arrivals (rows) drawn: 0 to 30 ticks, twice
/// the study's lease, so the edge shows with room on both sides.
pub const LAST: Tick = 30;

/// One side of the figure: every cell's outcome, row-major (`arrivals`
/// rows by `pauses` columns).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    pub validity_check: bool,
    pub cells: Vec<Outcome>,
}

/// Both sides over the same axes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AcquireGrid {
    pub base: Params,
    pub pauses: Vec<Tick>,
    pub arrivals: Vec<Tick>,
    pub checked: Side,
    pub unchecked: Side,
}

/// The parameters the staircase is drawn for, from the page's: no pause
/// after acquiring, and acquiring over a network (one tick a message if
/// the page's acquire is instantaneous).
pub fn base(p: &Params) -> Params {
    Params {
        pause_len: 0,
        recheck_at: None,
        acquiring: Acquiring {
            latency: p.acquiring.latency.max(1),
            ..p.acquiring
        },
        ..*p
    }
}

/// The run of one cell.
pub fn cell_params(base: &Params, a_pause: Tick, b_arrives: Tick, validity_check: bool) -> Params {
    Params {
        b_arrives,
        acquiring: Acquiring {
            a_pause,
            validity_check,
            ..base.acquiring
        },
        ..*base
    }
}

/// Both sides, every cell simulated.
pub fn acquire_grid(p: &Params) -> AcquireGrid {
    let base = base(p);
    let axis: Vec<Tick> = (0..=LAST).collect();
    let side = |validity_check| Side {
        validity_check,
        cells: axis
            .iter()
            .flat_map(|&b| {
                axis.iter()
                    .map(move |&pause| simulate(&cell_params(&base, pause, b, validity_check)).outcome())
            })
            .collect(),
    };
    let (checked, unchecked) = (side(true), side(false));
    AcquireGrid {
        base,
        pauses: axis.clone(),
        arrivals: axis,
        checked,
        unchecked,
    }
}

impl AcquireGrid {
    pub fn outcome(&self, side: &Side, row: usize, column: usize) -> Outcome {
        side.cells[row * self.pauses.len() + column]
    }

    /// What the figure shows, in two sentences: how many cells each side
    /// leaves unclean, and the first unsafe cell without the check.
    pub fn summary(&self) -> String {
        let unclean = |s: &Side| s.cells.iter().filter(|&&o| o != Outcome::Clean).count();
        let total = self.checked.cells.len();
        let first = (0..self.arrivals.len())
            .flat_map(|r| (0..self.pauses.len()).map(move |c| (r, c)))
            .find(|&(r, c)| self.outcome(&self.unchecked, r, c) != Outcome::Clean);
        let example = first.map_or_else(String::new, |(r, c)| {
            format!(
                " The first, row by row: A stopped {} while its replies travel, B arriving at t={}: {}.",
                crate::words::count(self.pauses[c], "tick", "ticks"),
                self.arrivals[r],
                self.outcome(&self.unchecked, r, c).label()
            )
        });
        format!(
            "With the validity check, {} of {total} cells are not clean; without it, {}.{example}",
            unclean(&self.checked),
            unclean(&self.unchecked)
        )
    }

    /// Both sides as text, a character a cell (`Outcome::glyph`): B's
    /// arrival down, A's pause across.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for side in [&self.checked, &self.unchecked] {
            out.push_str(if side.validity_check {
                "with the validity check (rows: B arrives 0.., columns: A's acquire pause 0..)\n"
            } else {
                "without it\n"
            });
            for (r, b) in self.arrivals.iter().enumerate() {
                let row: String = (0..self.pauses.len())
                    .map(|c| self.outcome(side, r, c).glyph())
                    .collect();
                out.push_str(&format!("{b:>4} {row}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_the_check_every_cell_is_clean_and_without_it_the_issue_s_cell_is_not() {
        let g = acquire_grid(&Params::default());
        assert_eq!(g.checked.cells.len(), 31 * 31);
        assert!(
            g.checked.cells.iter().all(|&o| o == Outcome::Clean),
            "{}",
            g.text()
        );
        // Latency 1, acquire pause 13, B at 12: A's update is lost.
        assert_eq!(g.outcome(&g.unchecked, 12, 13), Outcome::LostUpdate);
        let unsafe_cells = g.unchecked.cells.iter().filter(|&&o| o != Outcome::Clean).count();
        assert!(unsafe_cells > 0);
        assert!(g.summary().starts_with(&format!(
            "With the validity check, 0 of 961 cells are not clean; without it, {unsafe_cells}."
        )));
        // Each cell is the run its parameters give.
        let p = cell_params(&g.base, 13, 12, false);
        assert_eq!((p.pause_len, p.acquiring.latency, p.b_arrives), (0, 1, 12));
    }
}
