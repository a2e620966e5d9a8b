//! The fault × remedy table the page draws says, cell by cell, what `dlock
//! argument --json` prints for it: every property's verdict, a mark for
//! each kind of harm found in the CLI's order, the properties behind each
//! mark on hover, and the cell's words where nothing broke. The CLI prints
//! `CellReport::new` of each cell's search; the page draws `table_markup`
//! of the same searches. Runs natively; the browser suite keeps one pass
//! over the drawn table, to show the page draws this markup.
#![cfg(not(target_arch = "wasm32"))]

use dlock_core::explore::argument::{Cell, CellReport};
use dlock_core::explore::{check, Property};
use dlock_web::figures::argument::cells::table_markup;
use std::collections::BTreeMap;

/// The markup of one cell's `<td>`, found by its test id.
fn cell_markup<'a>(table: &'a str, code: &str) -> &'a str {
    let start = table
        .find(&format!("data-testid=\"argument-cell-{code}\""))
        .unwrap_or_else(|| panic!("no cell {code}"));
    let rest = &table[start..];
    &rest[..rest.find("</td>").expect("the cell ends")]
}

fn attribute<'a>(markup: &'a str, name: &str) -> Option<&'a str> {
    let start = markup.find(&format!("{name}=\""))? + name.len() + 2;
    Some(&markup[start..start + markup[start..].find('"')?])
}

/// The texts of the cell's marks, in order.
fn marks(markup: &str) -> Vec<&str> {
    markup
        .split("<span class=\"mark")
        .skip(1)
        .map(|s| {
            let text = &s[s.find('>').expect("tag") + 1..];
            &text[..text.find("</span>").expect("span ends")]
        })
        .collect()
}

#[test]
fn every_cell_says_what_dlock_argument_says_of_it() {
    let cells = Cell::all();
    // Eight faults by six remedies, and the delayed restart for the restart.
    assert_eq!(cells.len(), 49);
    let reports: Vec<_> = cells.iter().map(|c| Some(check(c.config(), c.bound()))).collect();
    let table = table_markup(&reports, None);
    assert_eq!(table.matches("data-testid=\"argument-cell-").count(), 49);
    for (cell, report) in cells.iter().zip(&reports) {
        let said = CellReport::new(*cell, report.as_ref().expect("searched"));
        // As a script reads `dlock argument --json`.
        let json = serde_json::to_value(&said).expect("JSON");
        let markup = cell_markup(&table, &said.cell);
        let verdicts: BTreeMap<&str, &str> = attribute(markup, "data-verdicts")
            .expect("verdicts")
            .split(' ')
            .map(|pv| pv.split_once(':').expect("property:verdict"))
            .collect();
        // Every property's verdict, not only the first that failed.
        assert_eq!(verdicts, said.properties, "{}", said.cell);
        assert_eq!(verdicts.len(), Property::ALL.len(), "{}", said.cell);
        let kinds: Vec<&String> = json["found"].as_object().expect("found").keys().collect();
        if kinds.is_empty() {
            assert!(marks(markup).is_empty(), "{}", said.cell);
            assert!(
                markup.contains(&format!(">{}</button>", said.words)),
                "{}: {markup}",
                said.cell
            );
        } else {
            assert_eq!(
                marks(markup),
                said.words.split(", ").collect::<Vec<_>>(),
                "{}",
                said.cell
            );
            let title = attribute(markup, "title").expect("a title");
            for kind in kinds {
                assert!(title.contains(&format!("{kind}: ")), "{}: {title}", said.cell);
            }
        }
    }
}
