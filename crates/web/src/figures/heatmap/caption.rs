//! The sentence under the staircase: how far the closed form agrees with
//! the simulated cells.

use dlock_core::boundary;
use dlock_core::params::WRITE_AFTER_ACQUIRE;
use dlock_core::sweep::Grid;

/// Under the staircase: how many of the simulated cells the closed form
/// predicts, or why it does not apply to them.
pub fn agreement(grid: &Grid) -> String {
    if boundary::predicted(&grid.base).is_none() {
        return "This variant (no expiry, a crash, a re-check or a double write) is outside the closed form; the cells are simulated all the same.".to_owned();
    }
    let (agree, total) = boundary::agreement(grid);
    let all = if agree == total { "all " } else { "" };
    format!(
        "The closed form agrees with {all}{agree} of {total} cells: B writes before A exactly when max(b_arrives, min(ttl, A's release)) + {WRITE_AFTER_ACQUIRE} < pause_from + pause_len."
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::Params;

    #[test]
    fn the_agreement_counts_the_grid_s_cells_or_says_why_it_cannot() {
        use dlock_core::sweep::grid;
        let g = grid(&Params::default(), &[1, 10, 30], &[0, 14, 40]);
        let (agree, total) = boundary::agreement(&g);
        assert_eq!((agree, total), (9, 9));
        assert_eq!(
            agreement(&g),
            "The closed form agrees with all 9 of 9 cells: B writes before A exactly when max(b_arrives, min(ttl, A's release)) + 2 < pause_from + pause_len."
        );
        let crashed = grid(
            &Params {
                a_crashes: true,
                ..Params::default()
            },
            &[10],
            &[14],
        );
        assert!(agreement(&crashed).contains("outside the closed form"));
    }
}
