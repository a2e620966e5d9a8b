//! The table's searches, done when the page is built: its cells are fixed
//! bounds, so the build (src/bin/prerender.rs) searches every one natively
//! with dlock-core and ships the answers in index.html, in the words the
//! explorer's worker would send them (`wire`). The page reads them as it
//! draws the table: the cells are there at once, in a frame that may not
//! start a Worker, on paper, and the table never grows when a search ends.
//! The worker searches them only if the answers are missing.

use crate::browser::document::element_by_id;
use crate::state::CheckProgress;
use dlock_core::explore::argument::Cell;
use dlock_core::explore::wire::{self, Answer, Said};
use dlock_core::explore::{answer, CheckReport};

/// The element index.html carries the answers on, hidden.
const ELEMENT_ID: &str = "argument-answers";
/// Its attribute holding them.
const ATTRIBUTE: &str = "data-answers";

/// Every cell's answer, searched here and now (natively, at build time).
pub fn search_every_cell() -> Vec<Answer> {
    Cell::all()
        .iter()
        .map(|cell| answer(cell.config(), cell.bound()))
        .collect()
}

/// The answers as text: a cell's words joined by commas, the cells by
/// spaces, in `Cell::all`'s order.
pub fn encode(answers: &[Answer]) -> String {
    let cells: Vec<String> = answers
        .iter()
        .enumerate()
        .map(|(row, answer)| {
            let said = Said::Done {
                row: row as u32,
                answer: Box::new(answer.clone()),
            };
            let words: Vec<String> = wire::say(&said).iter().map(u32::to_string).collect();
            words.join(",")
        })
        .collect();
    cells.join(" ")
}

/// The text read back as every cell's report, or `None` unless it holds
/// exactly one answer a cell, each in its place.
pub fn decode(text: &str) -> Option<Vec<CheckReport>> {
    let cells = Cell::all();
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != cells.len() {
        return None;
    }
    parts
        .iter()
        .zip(cells)
        .enumerate()
        .map(|(index, (part, cell))| {
            let words = part
                .split(',')
                .map(|w| w.parse::<u32>().ok())
                .collect::<Option<Vec<u32>>>()?;
            match wire::heard(&words)? {
                Said::Done { row, answer } if row as usize == index => {
                    Some(answer.report(cell.config(), cell.bound()))
                }
                _ => None,
            }
        })
        .collect()
}

/// The hidden element index.html inlines.
pub fn markup(answers: &[Answer]) -> String {
    format!(
        "<div hidden id=\"{ELEMENT_ID}\" {ATTRIBUTE}=\"{}\"></div>\n",
        encode(answers)
    )
}

/// Fills `progress` with the answers the page shipped, if it is empty and
/// they are there and whole; says whether it is filled now.
pub fn fill(progress: &mut CheckProgress) -> bool {
    if progress.done() == Cell::all().len() {
        return true;
    }
    if progress.done() > 0 || progress.current.is_some() {
        return false;
    }
    let shipped = element_by_id(ELEMENT_ID)
        .and_then(|e| e.get_attribute(ATTRIBUTE))
        .and_then(|text| decode(&text));
    match shipped {
        Some(reports) => {
            progress.reports = reports.into_iter().map(Some).collect();
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::explore::check;

    /// What the build ships reads back as the very reports a search on the
    /// page would make: every cell, its verdicts, states and counterexamples.
    #[test]
    fn the_shipped_answers_read_back_as_every_cells_report() {
        let shipped = markup(&search_every_cell());
        let text = shipped
            .split("data-answers=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the attribute");
        let reports = decode(text).expect("every cell");
        for (cell, report) in Cell::all().into_iter().zip(reports) {
            let searched = check(cell.config(), cell.bound());
            assert_eq!(format!("{report:?}"), format!("{searched:?}"), "{}", cell.code());
        }
    }

    /// Its twin: text that is not a whole table is refused, and the page
    /// falls back on its worker.
    #[test]
    fn a_table_cut_short_or_out_of_order_is_refused() {
        let answers = search_every_cell();
        let whole = encode(&answers);
        assert!(decode(&whole).is_some());
        assert!(decode(&encode(&answers[1..])).is_none());
        let cells: Vec<String> = whole.split(' ').map(str::to_owned).collect();
        let reordered = [&cells[1..2], &cells[0..1], &cells[2..]].concat().join(" ");
        assert!(decode(&reordered).is_none());
        assert!(decode("").is_none());
        assert!(decode(&whole.replacen(',', ",x", 1)).is_none());
    }
}
