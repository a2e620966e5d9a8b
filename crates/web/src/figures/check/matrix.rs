//! What each cell of the matrix says, and the line over it: plain
//! functions of core's reports, tested natively.

use super::job::Progress;
use dlock_core::explore::{Bound, CheckReport, Config, Property};

/// One cell: its mark, its class, and the sentence behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub mark: String,
    pub class: &'static str,
    pub title: String,
    /// Whether it has a counterexample to open.
    pub fails: bool,
}

/// The cell of `property` in a row whose report is `report` (`None`: not
/// checked yet).
pub fn cell(report: Option<&CheckReport>, property: Property) -> Cell {
    let Some(report) = report else {
        return Cell {
            mark: "…".to_owned(),
            class: "pending",
            title: "not checked yet".to_owned(),
            fails: false,
        };
    };
    let Some(p) = report.properties.iter().find(|p| p.name == property) else {
        return Cell {
            mark: "?".to_owned(),
            class: "pending",
            title: String::new(),
            fails: false,
        };
    };
    let title = format!("{}: {}", p.description, report.verdict(p));
    match &p.counterexample {
        Some(c) => Cell {
            mark: format!("✘ {}", c.length),
            class: "fails",
            title,
            fails: true,
        },
        None if report.complete => Cell {
            mark: "✔".to_owned(),
            class: "holds",
            title,
            fails: false,
        },
        None => Cell {
            mark: "✔?".to_owned(),
            class: "incomplete",
            title,
            fails: false,
        },
    }
}

/// The row's heading: the lock, then the resource.
pub fn row_heading(config: &Config) -> String {
    format!("{}, {}", config.lock_words(), config.resource.code())
}

/// The rows grouped by lock, in order: the lock, then its rows' indices.
pub fn groups(rows: &[Config]) -> Vec<(&'static str, Vec<usize>)> {
    let mut groups: Vec<(&'static str, Vec<usize>)> = Vec::new();
    for (i, config) in rows.iter().enumerate() {
        match groups.last_mut() {
            Some((lock, members)) if *lock == config.lock_words() => members.push(i),
            _ => groups.push((config.lock_words(), vec![i])),
        }
    }
    groups
}

/// The line over the matrix: what is checked within what, and how far
/// the search has got.
pub fn status(progress: &Progress, rows: &[Config], bound: &Bound) -> String {
    let states: u64 = progress.reports.iter().flatten().map(|r| r.states).sum();
    let within = format!("Within the bound: {}.", bound.describe());
    if progress.reports.is_empty() {
        return format!("{within} Starting the check…");
    }
    if let Some((row, now)) = progress.current {
        let name = rows.get(row).map(row_heading).unwrap_or_default();
        return format!(
            "{within} Checking {name} ({} of {}): {} states so far.",
            row + 1,
            rows.len(),
            states + now
        );
    }
    let done = progress.done();
    if progress.stopped {
        return format!(
            "{within} Stopped after {done} of {} configurations, {states} states.",
            rows.len()
        );
    }
    format!(
        "{within} Every configuration checked: {states} distinct states in all, each breadth first, so every counterexample is a shortest one in steps."
    )
}

/// Where the matrix answers differently from what a source claims, or
/// needs a word to be read right: a sentence each, only once the
/// configurations it reads are checked, and only when the answer is the
/// one the sentence explains.
pub fn differences(progress: &Progress, rows: &[Config]) -> Vec<String> {
    use dlock_core::explore::{LockKind, ResourceKind};
    let fails = |lock: LockKind, check: bool, resource: ResourceKind, property: Property| -> Option<bool> {
        let row = rows
            .iter()
            .position(|c| c.lock == lock && c.validity_check == check && c.resource == resource)?;
        let report = progress.reports.get(row)?.as_ref()?;
        report
            .properties
            .iter()
            .find(|p| p.name == property)
            .map(|p| !p.holds)
    };
    let mut notes = Vec::new();
    if fails(
        LockKind::Lease,
        true,
        ResourceKind::Fencing,
        Property::LostUpdates,
    ) == Some(true)
    {
        notes.push(
            "Kleppmann's claim, that fencing makes a paused client harmless to the storage, is met for stale overwrites but not for lost updates: \
             in the tick both clients write, the older token's write lands first and is accepted, and the newer holder then writes over it without \
             having read it. The source assumes the storage has seen the new holder's token before the old one writes; registering it as the lock \
             is acquired, or check-and-set, closes the gap."
                .to_owned(),
        );
    }
    if fails(
        LockKind::Redlock,
        false,
        ResourceKind::Plain,
        Property::StaleOverwrites,
    ) == Some(true)
        && fails(
            LockKind::Redlock,
            true,
            ResourceKind::Plain,
            Property::StaleOverwrites,
        ) == Some(false)
    {
        notes.push(
            "antirez's claim, that a pause while acquiring cannot hurt a Redlock client, holds here for clients that check the validity left, \
             and fails for clients that skip the check: the claim rests on Redlock's step three."
                .to_owned(),
        );
    }
    if fails(
        LockKind::Lease,
        true,
        ResourceKind::Plain,
        Property::OverlappingHolds,
    ) == Some(true)
    {
        notes.push(
            "Overlapping holds are a belief, not damage: a client that still believes it holds the lock after its lease ran out breaks \
             nothing until it writes."
                .to_owned(),
        );
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::explore::Bound;

    fn report(config: Config, bound: Bound) -> CheckReport {
        dlock_core::explore::check(config, bound)
    }

    #[test]
    fn a_cell_says_holds_with_its_bound_or_fails_with_its_length() {
        let rows = Config::matrix(5, 10);
        let r = report(rows[0], Bound::default());
        let stale = cell(Some(&r), Property::StaleOverwrites);
        assert!(stale.fails && stale.mark.starts_with("✘ "));
        let length = stale.mark.trim_start_matches("✘ ");
        assert_eq!(
            length.parse::<u32>().ok(),
            r.properties[2].counterexample.as_ref().map(|c| c.length)
        );
        let grants = cell(Some(&r), Property::OverlappingGrants);
        assert_eq!(grants.mark, "✔");
        assert!(
            grants.title.contains(&format!("({} states)", r.states)),
            "{}",
            grants.title
        );
        let cut = report(
            rows[0],
            Bound {
                max_states: 10,
                ..Bound::default()
            },
        );
        assert_eq!(cell(Some(&cut), Property::OverlappingGrants).class, "incomplete");
        assert_eq!(cell(None, Property::Liveness).mark, "…");
    }

    #[test]
    fn the_status_line_counts_what_was_checked() {
        let rows = Config::matrix(5, 10);
        let bound = Bound::default();
        assert!(status(&Progress::default(), &rows, &bound).ends_with("Starting the check…"));
        let mut progress = Progress {
            reports: vec![None; rows.len()],
            current: Some((0, 7)),
            stopped: false,
        };
        assert!(status(&progress, &rows, &bound).contains("(1 of 12): 7 states so far"));
        progress.reports = rows.iter().map(|&c| Some(report(c, bound))).collect();
        progress.current = None;
        let total: u64 = progress.reports.iter().flatten().map(|r| r.states).sum();
        assert!(status(&progress, &rows, &bound).contains(&format!("{total} distinct states in all")));
    }
}
