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

/// The table or one cell, and the exit status: a cell exits as its check
/// does (0 holds, 1 fails, 3 unknown), so a script can ask one cell; the
/// whole table is a display of many answers, and exits 0.
pub fn output(args: &ArgumentArgs) -> (String, u8) {
    if let Some(cell) = args.cell {
        return crate::check::output(&CheckArgs {
            config: cell.config(),
            bound: cell.bound(),
            engine: Engine::Explorer,
            reduction: Reduction::All,
            json: args.json,
            trace: None,
        });
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
        return (crate::to_json(&rows), 0);
    }
    let text = format!(
        "{}\nOne cell in full, with its counterexample: dlock argument --cell FAULT.REMEDY (e.g. --cell {})\n",
        argument::text(&reports),
        Cell::all()[0].code()
    );
    (text, 0)
}
