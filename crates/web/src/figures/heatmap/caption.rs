//! The sentence under the staircase: how far the closed form agrees with
//! the simulated cells.

use dlock_core::boundary;
use dlock_core::sweep::Grid;
use dlock_core::words::count;

/// Under the staircase: how many of the simulated cells the closed form
/// predicts, or why it does not apply to them.
pub fn agreement(grid: &Grid) -> String {
    if boundary::predicted(&grid.base).is_none() {
        return "This variant (no expiry, a crash, a re-check or a double write) is outside the closed form; the cells are simulated all the same.".to_owned();
    }
    let (agree, total) = boundary::agreement(grid);
    let all = if agree == total { "all " } else { "" };
    format!(
        "The closed form agrees with {all}{agree} of {total} cells: {}.",
        rule(&grid.base)
    )
}

/// What registering first costs on this grid, when the resource
/// registers: the clean cells it refuses, with one of them.
pub fn registration_cost(grid: &Grid) -> Option<String> {
    let cost = dlock_core::cost::registration_cost(grid)?;
    let what = if grid.base.cas { "its id" } else { "its token" };
    let example = cost.example.map_or_else(String::new, |e| {
        format!(
            " At ttl {}, pause {}, the final value {} becomes {}.",
            e.ttl, e.pause_len, e.without, e.with
        )
    });
    Some(format!(
        "What registering costs: B registering {what} as it acquires refuses {} that end clean without it, where A's write lands after B's acquire and B reads it and builds on it. A must redo work that did no harm.{example}",
        count(u64::from(cost.cells), "write", "writes")
    ))
}

/// The staircase's rule in words, for the variant drawn: B's write must
/// come first, unless B registers its token (or id) as it acquires, when
/// its acquire is enough.
pub fn rule(p: &dlock_core::Params) -> String {
    let acquire = "max(b_arrives, min(ttl, A's release))";
    match boundary::stale_margin(p) {
        0 => format!(
            "A's write is refused exactly when {acquire} < pause_from + pause_len, because B registers its {} as it acquires",
            if p.cas { "id" } else { "token" }
        ),
        margin => format!("B writes before A exactly when {acquire} + {margin} < pause_from + pause_len"),
    }
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
        // B registering first moves the edge; the sentence follows it.
        let registered = Params {
            fencing: true,
            register_token: true,
            ..Params::default()
        };
        let g = grid(
            &registered,
            &(1..=40).collect::<Vec<_>>(),
            &(0..=40).collect::<Vec<_>>(),
        );
        assert_eq!(
            agreement(&g),
            "The closed form agrees with all 1640 of 1640 cells: A's write is refused exactly when max(b_arrives, min(ttl, A's release)) < pause_from + pause_len, because B registers its token as it acquires."
        );
        assert_eq!(
            registration_cost(&g).unwrap(),
            "What registering costs: B registering its token as it acquires refuses 40 writes that end clean without it, where A's write lands after B's acquire and B reads it and builds on it. A must redo work that did no harm. At ttl 1, pause 11, the final value 'AB' becomes 'B'."
        );
        assert_eq!(registration_cost(&grid(&Params::default(), &[10], &[14])), None);
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
