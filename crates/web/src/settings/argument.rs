//! The fault × remedy table's part of the URL: the cell on show
//! (`cell=clock-jump.fencing`), read with a notice for anything else.

use dlock_core::explore::argument::Cell;

/// Its URL name.
pub const CELL: &str = "cell";

/// The cell `text` names, or the notice saying it names none.
pub fn read(text: &str) -> Result<Cell, String> {
    Cell::from_code(text).ok_or_else(|| {
        format!(
            "{CELL} = '{text}' is not a cell of the table (fault.remedy, e.g. {}); no cell is selected",
            Cell::all()[0].code()
        )
    })
}

/// Its part of a link, if a cell is on show.
pub fn query_part(cell: Option<Cell>) -> Option<String> {
    cell.map(|c| format!("{CELL}={}", c.code()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_reads_back_from_its_link() {
        let cell = Cell::all()[7];
        let part = query_part(Some(cell)).expect("a part");
        assert_eq!(read(part.trim_start_matches("cell=")), Ok(cell));
        assert_eq!(query_part(None), None);
        let refused = read("pause.delayed-restart").expect_err("not a cell");
        assert!(
            refused.starts_with("cell = 'pause.delayed-restart' is not a cell"),
            "{refused}"
        );
    }
}
