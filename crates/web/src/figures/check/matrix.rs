//! What each cell of the matrix says, and the line over it: plain
//! functions of core's reports, tested natively.

use super::job::Progress;
use dlock_core::audit::{Finding, Promise};
use dlock_core::explore::{Bound, CheckReport, Config, Property};
use dlock_core::run::Run;
use dlock_core::trace::{Entry, What};
use dlock_core::types::{Client, Tick};
use dlock_core::words::count;

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
        // A pass that says nothing is not drawn as one that does.
        None if report.complete && p.vacuous => Cell {
            mark: "○".to_owned(),
            class: "vacuous",
            title,
            fails: false,
        },
        None if report.complete => Cell {
            mark: "✔".to_owned(),
            class: "holds",
            title,
            fails: false,
        },
        None => Cell {
            mark: "?".to_owned(),
            class: "unknown",
            title,
            fails: false,
        },
    }
}

/// The heading over a counterexample: its configuration and bound, the
/// property it breaks, and where (`broke`: the steps to its first broken
/// state and that state's tick), the run drawn on to its end.
pub fn counterexample_heading(
    config: &Config,
    bound: &Bound,
    property: Property,
    broke: Option<(u32, Tick)>,
) -> String {
    let at = match broke {
        Some((length, t)) => {
            format!(": broken after {length} steps, at t={t}; the run is drawn on to its end")
        }
        None => String::new(),
    };
    format!(
        "{} — {}: a shortest counterexample to “{}”{at}",
        row_heading(config),
        bound.describe(),
        property.describe()
    )
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
    if let Some(why) = &progress.failed {
        return format!(
            "The check could not start: {why}. The rest of the page works without it; Check again tries once more."
        );
    }
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
    let cut_short = progress.reports.iter().flatten().filter(|r| !r.complete).count() as u64;
    let limit = if cut_short == 0 {
        String::new()
    } else {
        format!(
            " But {} stopped at the limit of {} states before the bound was exhausted: there, ? means unknown, no counterexample among the states explored, and a terminal (`dlock check --max-states`) takes the same search further.",
            count(cut_short, "configuration", "configurations"),
            bound.max_states
        )
    };
    format!("{within} Every configuration checked: {states} distinct states in all.{limit}")
}

/// Where the matrix answers differently from what a source claims, or
/// needs a word to be read right: a sentence each, only once the
/// configurations it reads are checked, and only when the answer is the
/// one the sentence explains.
pub fn differences(progress: &Progress, rows: &[Config]) -> Vec<String> {
    use dlock_core::explore::{LockKind, ResourceKind};
    let report = |lock: LockKind, check: bool, resource: ResourceKind| -> Option<&CheckReport> {
        let row = rows
            .iter()
            .position(|c| c.lock == lock && c.validity_check == check && c.resource == resource)?;
        progress.reports.get(row)?.as_ref()
    };
    let fails = |lock: LockKind, check: bool, resource: ResourceKind, property: Property| -> Option<bool> {
        report(lock, check, resource)?
            .properties
            .iter()
            .find(|p| p.name == property)
            .map(|p| p.fails())
    };
    let mut notes = Vec::new();
    if fails(
        LockKind::Lease,
        true,
        ResourceKind::Fencing,
        Property::Safety(Finding::LostUpdates),
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
    let stopped_after_check = report(LockKind::Redlock, true, ResourceKind::Plain)
        .and_then(|r| {
            r.properties
                .iter()
                .find(|p| p.name == Property::Safety(Finding::StaleOverwrites))
        })
        .and_then(|p| p.counterexample.as_ref())
        .is_some_and(|c| c.run.params.recheck_at.is_some() && c.run.params.acquiring.a_pause == 0);
    if stopped_after_check {
        let fenced = match fails(
            LockKind::Redlock,
            true,
            ResourceKind::Fencing,
            Property::Safety(Finding::StaleOverwrites),
        ) {
            Some(false) => " With fencing, the storage refuses that write in every schedule of the bound.",
            _ => "",
        };
        notes.push(format!(
            "With the validity check, Redlock's shortest stale overwrite has A stopped just after its check, writing on its answer \
             once its lease has ended. Kleppmann: no check made before a pause can prevent this. antirez: true of every lock that \
             expires by itself, not of Redlock alone; his claim for Redlock is about pauses while acquiring.{fenced}"
        ));
    }
    notes.extend(split_note(report(LockKind::Redlock, true, ResourceKind::Plain)));
    if fails(
        LockKind::Lease,
        true,
        ResourceKind::Plain,
        Property::Safety(Finding::OverlappingHolds),
    ) == Some(true)
    {
        notes.push(
            "Overlapping valid leases are the lock's own failure, not yet damage: two clients each hold a live majority, by \
             their own validity, at once, and nothing breaks until one of them writes."
                .to_owned(),
        );
    }
    notes
}

/// The split vote, if the liveness counterexample of Redlock with the
/// validity check (`report`) shows one: the clients split the servers and
/// nobody holds the lock; and whether it came back in the next round.
fn split_note(report: Option<&CheckReport>) -> Option<String> {
    let splits = report?
        .properties
        .iter()
        .find(|p| p.name == Property::Liveness)?
        .counterexample
        .as_ref()
        .map_or(0, |c| split_rounds(&c.run.events));
    let again = match splits {
        0 => return None,
        1 => "A later horizon and a longer window let the check look for the split coming back in the next round.",
        _ => {
            "Here the split comes back round after round: both clients retry after that tick, and the late requests split the \
             servers again."
        }
    };
    Some(format!(
        "Late requests can split the servers between the two clients: each gets less than a majority and hands back what it got, \
         so nobody holds the lock. redis.io asks a client that fails to retry after a random delay, so that the clients fall out of \
         step; the model's clients retry after one fixed tick. {again}"
    ))
}

/// How many rounds each client failed in a run (its `events`), short of a
/// majority, the fewer of the two: each such round split the servers
/// between them.
fn split_rounds(events: &[Entry]) -> usize {
    let failed = |client| {
        events
            .iter()
            .filter(|e| e.client == client && matches!(e.what, What::AcquireFailed { .. }))
            .count()
    };
    failed(Client::A).min(failed(Client::B))
}

/// Below a counterexample to mutual exclusion or overlapping valid
/// leases, which say two clients were inside at once, not that a write
/// suffered: whether this run did harm, and the row's shortest schedules
/// that do (its failing harm properties, with their lengths), to open
/// instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarmNote {
    pub text: String,
    pub harmful: Vec<(Property, u32)>,
}

/// Whether `property` is one of harm, a write lost or overwritten: core's
/// split between the lock's promises and the data's.
fn is_harm(property: Property) -> bool {
    property.finding().is_some_and(|f| f.breaks() == Promise::Data)
}

pub fn harm_note(run: &Run, report: Option<&CheckReport>) -> HarmNote {
    let audit = run.audit();
    let (stale, lost) = (
        audit.stale_overwrites.len() as u64,
        audit.lost_updates.len() as u64,
    );
    let mut text = if stale + lost == 0 {
        "This schedule does no harm: no write in it is stale and none is lost. Two clients were inside at once, yet no write was overwritten or lost in this run.".to_owned()
    } else {
        format!(
            "This schedule does harm: {} and {}.",
            count(stale, "stale overwrite", "stale overwrites"),
            count(lost, "lost update", "lost updates")
        )
    };
    let harmful: Vec<(Property, u32)> = report
        .map(|r| {
            r.properties
                .iter()
                .filter(|p| is_harm(p.name))
                .filter_map(|p| p.counterexample.as_ref().map(|c| (p.name, c.length)))
                .collect()
        })
        .unwrap_or_default();
    match report {
        None => {}
        Some(_) if !harmful.is_empty() => {
            text += " The shortest schedules that do harm in this configuration:"
        }
        Some(r) if r.complete => text += " No schedule within the bound does harm in this configuration.",
        Some(_) => text += " None that does harm was met before the state limit.",
    }
    HarmNote { text, harmful }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::explore::{Bound, LockKind, ResourceKind};

    fn report(config: Config, bound: Bound) -> CheckReport {
        dlock_core::explore::check(config, bound)
    }

    /// The vacuous pass: a lease too short for any validity, so
    /// no client ever writes; the data's cells say so, and liveness,
    /// which being told "no validity" no longer answers, fails.
    #[test]
    fn a_pass_that_says_nothing_is_drawn_as_one() {
        let (config, bound) = dlock_core::explore::vacuity::no_validity_left();
        let r = report(config, bound);
        let stale = cell(Some(&r), Property::Safety(Finding::StaleOverwrites));
        assert_eq!((stale.mark.as_str(), stale.class), ("○", "vacuous"));
        assert!(
            stale
                .title
                .contains("holds, vacuously: no two clients both wrote"),
            "{}",
            stale.title
        );
        assert!(cell(Some(&r), Property::Liveness).fails);
    }

    #[test]
    fn a_cell_says_holds_with_its_bound_or_fails_with_its_length() {
        let rows = Config::matrix(5, 10);
        let r = report(rows[0], Bound::default());
        let stale = cell(Some(&r), Property::Safety(Finding::StaleOverwrites));
        assert!(stale.fails && stale.mark.starts_with("✘ "));
        let length = stale.mark.trim_start_matches("✘ ");
        assert_eq!(
            length.parse::<u32>().ok(),
            r.properties
                .iter()
                .find(|p| p.name == Property::Safety(Finding::StaleOverwrites))
                .and_then(|p| p.counterexample.as_ref())
                .map(|c| c.length)
        );
        let grants = cell(Some(&r), Property::Safety(Finding::OverlappingGrants));
        assert_eq!(grants.mark, "✔");
        assert_eq!(grants.class, "holds");
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
        let unknown = cell(Some(&cut), Property::Safety(Finding::OverlappingGrants));
        assert_eq!((unknown.class, unknown.mark.as_str()), ("unknown", "?"));
        assert!(
            unknown
                .title
                .contains("unknown: no counterexample among 10 states explored; the bound was not exhausted"),
            "{}",
            unknown.title
        );
        assert_eq!(cell(None, Property::Liveness).mark, "…");
    }

    #[test]
    fn an_overlapping_hold_says_whether_it_did_harm_and_where_harm_is() {
        use dlock_core::{simulate, Params};
        let rows = Config::matrix(5, 10);
        let bound = Bound::default();
        // A run with nothing lost or stale, against a row whose stale
        // overwrites and lost updates fail: both offered, with lengths.
        let clean = simulate(&Params {
            pause_len: 0,
            ..Params::default()
        });
        let plain = report(rows[0], bound);
        let note = harm_note(&clean, Some(&plain));
        assert!(
            note.text.starts_with("This schedule does no harm"),
            "{}",
            note.text
        );
        let length = |r: &CheckReport, name: Property| {
            let p = r.properties.iter().find(|p| p.name == name).unwrap();
            p.counterexample.as_ref().unwrap().length
        };
        assert_eq!(
            note.harmful,
            vec![
                (
                    Property::Safety(Finding::StaleOverwrites),
                    length(&plain, Property::Safety(Finding::StaleOverwrites))
                ),
                (
                    Property::Safety(Finding::LostUpdates),
                    length(&plain, Property::Safety(Finding::LostUpdates))
                )
            ]
        );
        // The study's corrupted run does harm; check-and-set has none.
        let corrupted = simulate(&Params::default());
        assert!(harm_note(&corrupted, None)
            .text
            .starts_with("This schedule does harm: 1 stale overwrite"));
        let cas = report(rows[3], bound);
        let none = harm_note(&clean, Some(&cas));
        assert!(none.harmful.is_empty());
        assert!(none
            .text
            .ends_with("No schedule within the bound does harm in this configuration."));
    }

    #[test]
    fn the_notes_explain_what_the_checked_rows_answer_and_only_then() {
        let rows = Config::matrix(5, 10);
        let bound = Bound::default();
        let mut progress = Progress {
            reports: vec![None; rows.len()],
            current: Some((0, 0)),
            ..Progress::default()
        };
        assert!(differences(&progress, &rows).is_empty());
        progress.reports = rows.iter().map(|&c| Some(report(c, bound))).collect();
        let notes = differences(&progress, &rows);
        assert_eq!(notes.len(), 2, "{notes:#?}");
        assert!(notes[0].starts_with("Kleppmann's claim, that fencing"));
        // Redlock with the check: the stale overwrite BFS finds has A stop
        // after its check, and fencing refuses it in every schedule.
        assert!(notes[1].contains("stopped just after its check"));
        assert!(notes[1].ends_with("in every schedule of the bound."));
        // Without the after-check stop (a pause bound of zero), no stale
        // overwrite is found there, and the note is not made.
        let still = Bound {
            max_pause: 0,
            ..bound
        };
        progress.reports = rows.iter().map(|&c| Some(report(c, still))).collect();
        assert!(differences(&progress, &rows)
            .iter()
            .all(|n| !n.contains("just after its check")));
        // No message late by default, so no split: asked for, it is noted.
        assert!(notes.iter().all(|n| !n.contains("split the servers")));
        let question = dlock_core::explore::Question::split_vote();
        let rows = Config::matrix(question.servers, question.ttl);
        progress.reports = rows.iter().map(|&c| Some(report(c, question.bound))).collect();
        let notes = differences(&progress, &rows);
        let split = notes
            .iter()
            .find(|n| n.starts_with("Late requests can split the servers"))
            .expect("the split is noted");
        assert!(split.ends_with("coming back in the next round."), "{split}");
        // With a later horizon and a window one split round cannot use
        // up, the split comes back.
        let again = Bound {
            horizon: 9,
            within: 9,
            ..question.bound
        };
        // Only the row the note reads is checked: it is the costly one.
        let reads =
            |c: &Config| c.lock == LockKind::Redlock && c.validity_check && c.resource == ResourceKind::Plain;
        progress.reports = rows
            .iter()
            .map(|&c| reads(&c).then(|| report(c, again)))
            .collect();
        let notes = differences(&progress, &rows);
        assert!(
            notes
                .iter()
                .any(|n| n.contains("the split comes back round after round")),
            "{notes:#?}"
        );
    }

    #[test]
    fn a_check_that_could_not_start_says_why() {
        let rows = Config::matrix(5, 10);
        let mut progress = Progress {
            reports: vec![None; rows.len()],
            current: Some((0, 0)),
            ..Progress::default()
        };
        progress.hear(
            Err("its module did not load".to_owned()),
            &rows,
            &Bound::default(),
        );
        assert_eq!(progress.current, None);
        assert!(status(&progress, &rows, &Bound::default())
            .starts_with("The check could not start: its module did not load."));
    }

    #[test]
    fn the_status_line_counts_what_was_checked() {
        let rows = Config::matrix(5, 10);
        let bound = Bound::default();
        assert!(status(&Progress::default(), &rows, &bound).ends_with("Starting the check…"));
        let mut progress = Progress {
            reports: vec![None; rows.len()],
            current: Some((0, 7)),
            ..Progress::default()
        };
        assert!(status(&progress, &rows, &bound).contains("(1 of 12): 7 states so far"));
        progress.reports = rows.iter().map(|&c| Some(report(c, bound))).collect();
        progress.current = None;
        let total: u64 = progress.reports.iter().flatten().map(|r| r.states).sum();
        assert!(status(&progress, &rows, &bound).contains(&format!("{total} distinct states in all")));
        assert!(!status(&progress, &rows, &bound).contains("stopped at the limit"));
        // A search cut short by its state limit says so, and what ? means.
        let small = Bound {
            max_states: 100,
            ..bound
        };
        progress.reports = rows.iter().map(|&c| Some(report(c, small))).collect();
        let cut: u64 = progress.reports.iter().flatten().filter(|r| !r.complete).count() as u64;
        assert!(cut > 0);
        assert!(
            status(&progress, &rows, &small).contains(&format!(
                "But {cut} configurations stopped at the limit of 100 states"
            )),
            "{}",
            status(&progress, &rows, &small)
        );
    }
}
