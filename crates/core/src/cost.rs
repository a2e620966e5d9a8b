//! What registering first costs. B registering its token (or, with
//! check-and-set, its id) as it acquires refuses every write after that
//! acquire. That catches the stale write fencing alone accepts, and it also
//! refuses a write B would have read and built on: a run that ended with
//! the serial answer ends with A's work withheld, and A must redo it.

use crate::audit::Outcome;
use crate::boundary;
use crate::scenario::simulate;
use crate::sweep::Grid;
use crate::types::{Tick, Value};
use crate::Params;
use serde::Serialize;

/// The clean cells a registering resource refuses, counted on a grid.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegistrationCost {
    /// Cells clean under fencing without registration, refused with it.
    pub cells: u32,
    /// The grid's cells.
    pub of: u32,
    /// The first such cell, row by row.
    pub example: Option<CostExample>,
}

/// One cell the cost counts: its lease and pause, and the final value
/// without registration and with it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostExample {
    pub ttl: Tick,
    pub pause_len: Tick,
    pub without: Value,
    pub with: Value,
}

/// `p` guarded by fencing alone: the same resource without registration.
pub fn unregistered(p: &Params) -> Params {
    Params {
        fencing: true,
        register_token: false,
        cas: false,
        ..*p
    }
}

/// What registering costs on `grid`, or `None` if its resource does not
/// register (nothing to compare). Only refused cells are simulated again.
pub fn registration_cost(grid: &Grid) -> Option<RegistrationCost> {
    if boundary::stale_margin(&grid.base) != 0 {
        return None;
    }
    let mut cells = 0;
    let mut example = None;
    for (params, cell) in grid.iter() {
        if cell.outcome != Outcome::StaleRejected {
            continue;
        }
        let before = simulate(&unregistered(&params));
        if before.outcome() != Outcome::Clean {
            continue;
        }
        cells += 1;
        example.get_or_insert_with(|| CostExample {
            ttl: params.ttl,
            pause_len: params.pause_len,
            without: before.final_value,
            with: simulate(&params).final_value,
        });
    }
    Some(RegistrationCost {
        cells,
        of: grid.cells.len() as u32,
        example,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::grid;

    #[test]
    fn registering_refuses_one_clean_cell_per_row_where_b_builds_on_a() {
        let ttls: Vec<Tick> = (1..=40).collect();
        let pauses: Vec<Tick> = (0..=40).collect();
        let registered = Params {
            fencing: true,
            register_token: true,
            ..Params::default()
        };
        let cost = registration_cost(&grid(&registered, &ttls, &pauses)).unwrap();
        assert_eq!((cost.cells, cost.of), (40, 1640));
        // Check-and-set registers as it acquires too, and pays the same.
        let cas = Params {
            cas: true,
            ..Params::default()
        };
        assert_eq!(registration_cost(&grid(&cas, &ttls, &pauses)).unwrap().cells, 40);
        // The cell: ttl 10, pause 11 ends 'AB' without, 'B' with.
        let at = Params {
            ttl: 10,
            pause_len: 11,
            ..registered
        };
        assert_eq!(simulate(&unregistered(&at)).final_value.to_string(), "'AB'");
        assert_eq!(simulate(&at).final_value.to_string(), "'B'");
        assert!(registration_cost(&grid(&Params::default(), &ttls, &pauses)).is_none());
    }
}
