//! `dlock argument`: the fault × remedy table, each cell the explorer's
//! search of its row's bound; or one cell, printed as `dlock check`
//! prints it.

use crate::args::check::Engine;
use crate::args::{ArgumentArgs, CheckArgs};
use dlock_core::command::check_command;
use dlock_core::explore::argument::{self, Cell, CellReport};
use dlock_core::explore::{check, Reduction};
use serde::Serialize;

/// A cell in JSON: its answer, and the command that checks it alone.
#[derive(Serialize)]
struct Row {
    #[serde(flatten)]
    report: CellReport,
    command: String,
}

pub fn output(args: &ArgumentArgs) -> String {
    if let Some(cell) = args.cell {
        return crate::check::output(&CheckArgs {
            config: cell.config(),
            bound: cell.bound(),
            engine: Engine::Explorer,
            reduction: Reduction::All,
            json: args.json,
            trace: None,
        })
        // The cell's check printed in full, to read: its verdicts are the
        // table's, and a failing cell is no failure of this command.
        .0;
    }
    let reports: Vec<_> = Cell::all()
        .into_iter()
        .map(|cell| (cell, check(cell.config(), cell.bound())))
        .collect();
    if args.json {
        let rows: Vec<Row> = reports
            .iter()
            .map(|(cell, report)| Row {
                report: CellReport::new(*cell, report),
                command: check_command(&cell.config(), &cell.bound()),
            })
            .collect();
        return crate::to_json(&rows);
    }
    format!(
        "{}\nOne cell in full, with its counterexample: dlock argument --cell FAULT.REMEDY (e.g. --cell {})\n",
        argument::text(&reports),
        Cell::all()[0].code()
    )
}
