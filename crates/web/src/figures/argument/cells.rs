//! The table's words, worked out from core's reports with no browser: what
//! a cell says, which cell an arrow key moves to, and the sentences under
//! the table. Tested natively.

use crate::draw::markup::escape;
use dlock_core::explore::argument::{self, Cell, CellReport, Fault, Harms, Mark, Remedy};
use dlock_core::explore::CheckReport;
use dlock_core::words::count;

/// What one cell shows: the kinds of harm its search found, each a mark
/// of its own with the properties behind it; "nothing" (and "○" for a
/// vacuous pass); "unfinished"; or "…" while it searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellView {
    /// Each mark: its word, its class, and the properties that failed.
    pub marks: Vec<(&'static str, &'static str, String)>,
    /// The class of the cell as a whole, for its colour.
    pub class: &'static str,
    /// The words the cell says, as `dlock argument` prints them.
    pub words: String,
    /// Every property's verdict, as `dlock argument --json` words them
    /// ("overlapping_grants:holds …"), for a script reading the page.
    pub verdicts: String,
}

impl CellView {
    /// The cell from its report, or a cell still waiting for its search.
    pub fn of(report: Option<&CheckReport>) -> CellView {
        let Some(report) = report else {
            return CellView {
                marks: Vec::new(),
                class: "pending",
                words: "…".to_owned(),
                verdicts: String::new(),
            };
        };
        let harms = Harms::of(report);
        let marks = harms
            .found
            .iter()
            .map(|(mark, properties)| {
                let names: Vec<&str> = properties.iter().map(|p| p.heading()).collect();
                (mark.word(), mark_class(*mark), names.join(", "))
            })
            .collect();
        let class = match harms.shown() {
            Some(mark) => mark_class(mark),
            None if harms.nothing() => "broke-nothing",
            None => "pending",
        };
        let verdicts: Vec<String> = CellReport::verdicts(report)
            .into_iter()
            .map(|(property, verdict)| format!("{property}:{verdict}"))
            .collect();
        CellView {
            marks,
            class,
            words: harms.words(),
            verdicts: verdicts.join(" "),
        }
    }

    /// The button's content: a line a mark, or the cell's words.
    fn inner(&self) -> String {
        if self.marks.is_empty() {
            return escape(&self.words);
        }
        let mut out: String = self
            .marks
            .iter()
            .map(|(word, class, _)| format!("<span class=\"mark {class}\">{word}</span>"))
            .collect();
        if self.words.ends_with('…') {
            out += "<span class=\"mark\">…</span>";
        }
        out
    }

    /// What hovering the cell says: each mark with the properties behind it.
    fn title(&self) -> String {
        let named: Vec<String> = self
            .marks
            .iter()
            .map(|(word, _, properties)| format!("{word}: {properties}"))
            .collect();
        named.join("; ")
    }
}

/// What the table shows, said above it on the page and in its drawing.
pub const CAPTION: &str =
    "What breaks, fault by remedy: Redlock on three servers, every schedule within each row's bound.";

/// A mark's class, for its colour and line, in the table and its legend.
pub fn mark_class(mark: Mark) -> &'static str {
    match mark {
        Mark::Lock => "broke-lock",
        Mark::Mutex => "broke-mutex",
        Mark::Stale => "broke-stale",
        Mark::Lost => "broke-lost",
        Mark::Liveness => "broke-liveness",
    }
}

/// A column's heading, its "+" kept on its word ("+ fencing" above
/// "<", not "+" alone above "fencing"): a header row two lines tall,
/// not three, and columns no wider than their cells need.
fn column_heading(remedy: Remedy) -> String {
    remedy.heading().replacen("+ ", "+\u{a0}", 1)
}

/// The table as markup: a row a fault, a column a remedy, each cell that
/// applies a button carrying its code (`data-cell`), the one on show
/// pressed and the only one in the tab order (the first cell when none
/// is). Markup, not components: the page's bytes are budgeted, and one
/// listener on the table serves every cell.
pub fn table_markup(reports: &[Option<CheckReport>], picked: Option<Cell>) -> String {
    let tab_stop = picked.unwrap_or(Cell::all()[0]);
    let mut out = format!(
        "<table class=\"data argument-table\" data-testid=\"argument-table\"><caption>{}</caption>\
         <thead><tr><th scope=\"col\">fault</th>",
        escape(CAPTION)
    );
    for remedy in Remedy::ALL {
        out += &format!("<th scope=\"col\">{}</th>", escape(&column_heading(remedy)));
    }
    out += "</tr></thead><tbody>";
    for fault in Fault::ALL {
        // The row's bound, seen without a click: what "nothing" is about.
        out += &format!(
            "<tr><th scope=\"row\">{}<span class=\"row-bound\">{}</span></th>",
            fault.heading(),
            escape(&fault.bound_line())
        );
        for remedy in Remedy::ALL {
            let cell = Cell { fault, remedy };
            if !cell.applies() {
                out += "<td class=\"na\">—</td>";
                continue;
            }
            let view = CellView::of(report_of(reports, cell));
            let code = cell.code();
            let title = view.title();
            let title = if title.is_empty() {
                String::new()
            } else {
                format!(" title=\"{}\"", escape(&title))
            };
            out += &format!(
                "<td class=\"{}\" data-testid=\"argument-cell-{code}\" data-verdicts=\"{}\"><button type=\"button\" data-cell=\"{code}\" \
                 tabindex=\"{}\" aria-pressed=\"{}\"{title}>{}</button></td>",
                view.class,
                view.verdicts,
                if cell == tab_stop { 0 } else { -1 },
                picked == Some(cell),
                view.inner()
            );
        }
        out += "</tr>";
    }
    out + "</tbody></table>"
}

/// `cell`'s report among a report a cell, in `Cell::all`'s order.
pub fn report_of(reports: &[Option<CheckReport>], cell: Cell) -> Option<&CheckReport> {
    reports.get(cell.index()?)?.as_ref()
}

/// The cell an arrow key (or Home, End) moves to from `from`, among the
/// cells that apply: left and right along the row, up and down the column.
pub fn neighbour(from: Cell, key: &str) -> Option<Cell> {
    let row = Fault::ALL.iter().position(|&f| f == from.fault)?;
    let column = Remedy::ALL.iter().position(|&r| r == from.remedy)?;
    let at = |row: usize, column: usize| {
        let cell = Cell {
            fault: *Fault::ALL.get(row)?,
            remedy: *Remedy::ALL.get(column)?,
        };
        cell.applies().then_some(cell)
    };
    let along = |columns: Vec<usize>| columns.into_iter().find_map(|c| at(row, c));
    let last = Remedy::ALL.len();
    match key {
        "ArrowRight" => along((column + 1..last).collect()),
        "ArrowLeft" => along((0..column).rev().collect()),
        "Home" => along((0..last).collect()),
        "End" => along((0..last).rev().collect()),
        "ArrowDown" => (row + 1..Fault::ALL.len()).find_map(|r| at(r, column)),
        "ArrowUp" => (0..row).rev().find_map(|r| at(r, column)),
        _ => None,
    }
}

/// The sentence under the table for the cell on show: every kind of harm
/// it found with the properties behind each, then the property its
/// drawing breaks and when, and the bound; or that nothing did, with the
/// states searched and any pass that was only vacuous.
pub fn shown_sentence(cell: Cell, report: Option<&CheckReport>) -> String {
    let name = format!("{}, {}", cell.fault.heading(), cell.remedy.heading());
    let Some(report) = report else {
        return format!("{name}: still searching.");
    };
    let states = count(report.states, "state", "states");
    let harms = Harms::of(report);
    let headings = |properties: &[dlock_core::explore::Property]| -> String {
        let names: Vec<&str> = properties.iter().map(|p| p.heading()).collect();
        names.join(", ")
    };
    let said = match argument::counterexample(report) {
        Some((property, c)) => {
            let kinds: Vec<String> = harms
                .found
                .iter()
                .map(|(mark, properties)| format!("{} ({})", mark.word(), headings(properties)))
                .collect();
            let more = if report.complete {
                String::new()
            } else {
                format!(" (the search stopped at {states}: there may be more)")
            };
            format!(
                "found {}{more}. Below, the shortest schedule that breaks \"{}\", broken at t={}",
                kinds.join("; "),
                property.describe(),
                c.broken_at
            )
        }
        None if report.complete && harms.vacuous.is_empty() => format!("nothing broke in {states}"),
        None if report.complete => format!(
            "nothing broke in {states}, and {} held only vacuously: what they constrain never happened",
            headings(&harms.vacuous)
        ),
        None => format!("no claim: the search stopped at {states}, its bound not exhausted"),
    };
    format!(
        "{name}: {said}. Within ttl {}, {}.",
        cell.fault.ttl(),
        report.bound.describe()
    )
}

/// Where the searches stand, in a line.
pub fn status(done: usize, current: Option<(usize, u64)>, failed: Option<&str>) -> String {
    let total = Cell::all().len();
    if let Some(why) = failed {
        return format!("The searches could not run: {why}.");
    }
    match current.and_then(|(i, states)| Some((*Cell::all().get(i)?, states))) {
        Some((cell, states)) => format!(
            "Searching {} of {total} cells: {}, {} ({} so far).",
            done + 1,
            cell.fault.heading(),
            cell.remedy.heading(),
            count(states, "state", "states")
        ),
        None if done == total => format!("All {total} cells searched, each to the end of its bound."),
        None => format!("{done} of {total} cells searched."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::explore::check;

    fn cell(code: &str) -> Cell {
        Cell::from_code(code).expect("a cell")
    }

    #[test]
    fn arrows_walk_the_cells_that_apply() {
        let pause = cell("pause.none");
        assert_eq!(neighbour(pause, "ArrowRight"), Some(cell("pause.validity")));
        assert_eq!(neighbour(pause, "ArrowLeft"), None);
        assert_eq!(neighbour(pause, "ArrowUp"), None);
        assert_eq!(neighbour(pause, "ArrowDown"), Some(cell("pause-acquiring.none")));
        // The delayed restart is a column of the restart's row alone.
        assert_eq!(neighbour(cell("pause.cas"), "ArrowRight"), None);
        assert_eq!(neighbour(pause, "End"), Some(cell("pause.cas")));
        assert_eq!(
            neighbour(cell("restart.none"), "End"),
            Some(cell("restart.delayed-restart"))
        );
        assert_eq!(neighbour(cell("restart.delayed-restart"), "ArrowUp"), None);
        assert_eq!(
            neighbour(cell("restart.cas"), "ArrowUp"),
            Some(cell("clock-jump.cas"))
        );
        assert_eq!(neighbour(pause, "Enter"), None);
    }

    #[test]
    fn a_cell_says_what_its_search_found_and_waits_without_one() {
        let restart = cell("restart.fencing");
        let report = check(restart.config(), restart.bound());
        let view = CellView::of(Some(&report));
        assert_eq!((view.words.as_str(), view.class), ("lock", "broke-lock"));
        assert_eq!(CellView::of(None).class, "pending");
        let sentence = shown_sentence(restart, Some(&report));
        assert!(
            sentence
                .starts_with("a server restarts empty, + fencing <: found lock (overlapping grants). Below,"),
            "{sentence}"
        );
        assert!(sentence.contains("Within ttl 5, B arriving"), "{sentence}");
    }

    #[test]
    fn a_cell_where_nothing_broke_says_how_far_it_looked() {
        let delayed = cell("restart.delayed-restart");
        let report = check(delayed.config(), delayed.bound());
        assert!(CellView::of(Some(&report)).words.starts_with("nothing"));
        let sentence = shown_sentence(delayed, Some(&report));
        assert!(
            sentence.contains(&format!("nothing broke in {} states", report.states)),
            "{sentence}"
        );
        let cut = check(
            delayed.config(),
            dlock_core::explore::Bound {
                max_states: 5,
                ..delayed.bound()
            },
        );
        assert!(shown_sentence(delayed, Some(&cut)).contains("no claim"));
    }

    /// A cell that found several kinds of harm shows each as its own
    /// mark, and its hover text and sentence name every property behind
    /// them; a pass that was only vacuous says so.
    #[test]
    fn a_cell_shows_every_kind_it_found_and_names_each_property() {
        let acquiring = cell("token-drift.fencing");
        let report = check(acquiring.config(), acquiring.bound());
        let view = CellView::of(Some(&report));
        let words: Vec<&str> = view.marks.iter().map(|(word, _, _)| *word).collect();
        assert_eq!(words, ["lock", "mutex", "stale", "lost"]);
        assert_eq!(view.class, "broke-stale", "the data's harm is the one drawn");
        let markup = view.inner();
        for class in ["broke-lock", "broke-mutex", "broke-stale", "broke-lost"] {
            assert!(markup.contains(&format!("class=\"mark {class}\"")), "{markup}");
        }
        let title = view.title();
        let sentence = shown_sentence(acquiring, Some(&report));
        for p in report.properties.iter().filter(|p| p.fails()) {
            assert!(title.contains(p.name.heading()), "{title}");
            assert!(sentence.contains(p.name.heading()), "{sentence}");
        }
        // At ttl 4 a client that checks its validity never writes: every
        // data property holds for want of a write, and the cell says so.
        // (With no message lost: a lost reply leaves a lease the asker
        // cannot use, and it starves.)
        let lost = cell("lost.fencing");
        let short = dlock_core::explore::Config {
            ttl: 4,
            ..lost.config()
        };
        let on_time = dlock_core::explore::Bound {
            max_lost: 0,
            ..lost.bound()
        };
        let report = check(short, on_time);
        assert_eq!(CellView::of(Some(&report)).words, "nothing ○");
        assert!(shown_sentence(lost, Some(&report)).contains("held only vacuously"));
    }

    #[test]
    fn a_column_heading_keeps_its_signs_on_their_words() {
        assert_eq!(column_heading(Remedy::FencingLe), "+\u{a0}fencing <=");
        assert_eq!(column_heading(Remedy::Register), "+\u{a0}register token");
        // Its twin: a heading with no sign is as core words it.
        assert_eq!(
            column_heading(Remedy::ValidityCheck),
            Remedy::ValidityCheck.heading()
        );
    }

    #[test]
    fn the_table_has_a_button_a_cell_and_one_tab_stop() {
        let restart = cell("restart.fencing");
        let mut reports = vec![None; Cell::all().len()];
        reports[restart.index().unwrap()] = Some(check(restart.config(), restart.bound()));
        let markup = table_markup(&reports, Some(restart));
        assert_eq!(markup.matches("<button").count(), Cell::all().len());
        assert_eq!(markup.matches("tabindex=\"0\"").count(), 1);
        assert!(
            markup.contains("data-cell=\"restart.fencing\" tabindex=\"0\" aria-pressed=\"true\""),
            "{markup}"
        );
        assert!(markup.contains("+\u{a0}fencing &lt;="), "headings are escaped");
        // Each row says its bound in the row.
        for fault in Fault::ALL {
            assert!(markup.contains(&escape(&fault.bound_line())), "{}", fault.code());
        }
        assert_eq!(
            markup
                .matches("><span class=\"mark broke-lock\">lock</span></button>")
                .count(),
            1
        );
        assert!(markup.contains("title=\"lock: overlapping grants\""), "{markup}");
        assert_eq!(markup.matches(">…</button>").count(), Cell::all().len() - 1);
        let none = table_markup(&[], None);
        assert!(none.contains("data-cell=\"pause.none\" tabindex=\"0\" aria-pressed=\"false\""));
    }

    #[test]
    fn the_status_counts_cells() {
        let total = Cell::all().len();
        assert_eq!(
            status(total, None, None),
            format!("All {total} cells searched, each to the end of its bound.")
        );
        assert!(status(0, Some((0, 12)), None).starts_with("Searching 1 of"));
        assert!(status(0, None, Some("no worker")).contains("no worker"));
    }
}
