//! What a cell found, every kind of it. A cell's search checks nine
//! properties; a reader of the table needs to know which of five kinds of
//! harm they add up to, and all of them, not only the first: a pause
//! that lets two clients inside at once while check-and-set keeps the
//! data safe is a finding of its own, not "nothing".

use super::super::property::Property;
use super::super::report::{CheckReport, Verdict};
use crate::audit::{Finding, Promise};
use serde::Serialize;

/// A kind of harm, in the order a cell lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// The lock's own guarantee: one holder at a time by what it told
    /// its clients and its servers' records, tokens following leases.
    Lock,
    /// Mutual exclusion: two clients inside their critical sections at
    /// once, or a write with no majority held. Harmful only where the
    /// data loses work, which is the data's mark.
    Mutex,
    /// The data's guarantee, first half: a write made under an older
    /// lease landed over a newer lease's write. Fencing exists to stop
    /// this one; `<` and `<=` part on it where two leases tie.
    Stale,
    /// The data's guarantee, second half: an update was lost, as when a
    /// stale write lands before the newer holder writes over it, which
    /// fencing alone does not stop.
    Lost,
    /// A client asked and was neither given the lock nor gave up in time.
    Liveness,
}

impl Mark {
    pub const ALL: [Mark; 5] = [Mark::Lock, Mark::Mutex, Mark::Stale, Mark::Lost, Mark::Liveness];

    /// The kind of harm a property's violation is.
    pub fn of(property: Property) -> Mark {
        let Some(finding) = property.finding() else {
            return Mark::Liveness;
        };
        match finding.breaks() {
            Promise::Lock => Mark::Lock,
            Promise::Between => Mark::Mutex,
            // The data's two halves apart: fencing answers one and not
            // the other, and a reader must see which.
            Promise::Data if finding == Finding::StaleOverwrites => Mark::Stale,
            Promise::Data => Mark::Lost,
        }
    }

    /// Its word in a cell.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Lock => "lock",
            Mark::Mutex => "mutex",
            Mark::Stale => "stale",
            Mark::Lost => "lost",
            Mark::Liveness => "liveness",
        }
    }

    /// What it means, for a legend: each of its properties' violations,
    /// in the properties' order ("…; or …"). The page and `dlock
    /// argument` both print this, so a mark means what the search checked.
    pub fn meaning(self) -> String {
        // Each property by the name a cell's hover text and sentence use,
        // so the name is defined before a reader meets it there.
        let violations: Vec<String> = self
            .properties()
            .map(|p| format!("{} ({})", p.heading(), p.violation()))
            .collect();
        match violations.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            // Semicolons: a violation's own words may hold a comma.
            Some((last, rest)) => format!("{}; or {last}", rest.join("; ")),
        }
    }

    /// The properties whose violation is this kind of harm.
    pub fn properties(self) -> impl Iterator<Item = Property> {
        Property::ALL.into_iter().filter(move |&p| Mark::of(p) == self)
    }
}

/// Everything one search found, by kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Harms {
    /// Each kind of harm found, with the properties that failed, in
    /// [`Mark::ALL`]'s and the properties' order.
    pub found: Vec<(Mark, Vec<Property>)>,
    /// Properties whose search was cut short before a counterexample:
    /// no claim about them either way.
    pub unknown: Vec<Property>,
    /// Properties that hold only because what they constrain never
    /// happened within the bound (no write, no second grant).
    pub vacuous: Vec<Property>,
}

impl Harms {
    pub fn of(report: &CheckReport) -> Harms {
        let with = |verdict: Verdict| {
            report
                .properties
                .iter()
                .filter(move |p| p.verdict == verdict)
                .map(|p| p.name)
        };
        let failed: Vec<Property> = with(Verdict::Fails).collect();
        let found = Mark::ALL
            .into_iter()
            .map(|mark| {
                (
                    mark,
                    failed.iter().copied().filter(|&p| Mark::of(p) == mark).collect(),
                )
            })
            .filter(|(_, properties): &(Mark, Vec<Property>)| !properties.is_empty())
            .collect();
        let vacuous = report
            .properties
            .iter()
            .filter(|p| p.verdict == Verdict::Holds && p.vacuous)
            .map(|p| p.name)
            .collect();
        Harms {
            found,
            unknown: with(Verdict::Unknown).collect(),
            vacuous,
        }
    }

    /// The kinds found, in order.
    pub fn marks(&self) -> impl Iterator<Item = Mark> + '_ {
        self.found.iter().map(|(mark, _)| *mark)
    }

    /// Whether every property holds: the only "nothing".
    pub fn nothing(&self) -> bool {
        self.found.is_empty() && self.unknown.is_empty()
    }

    /// The cell's words: its marks ("lock, mutex"); "nothing", with "○"
    /// where a property held only vacuously; or "unfinished", where the
    /// search stopped before finding anything. Marks found by a search
    /// cut short end in ", …": there may be more.
    pub fn words(&self) -> String {
        if self.found.is_empty() {
            return match (self.unknown.is_empty(), self.vacuous.is_empty()) {
                (false, _) => "unfinished".to_owned(),
                (true, true) => "nothing".to_owned(),
                (true, false) => "nothing ○".to_owned(),
            };
        }
        let marks: Vec<&str> = self.marks().map(Mark::word).collect();
        let more = if self.unknown.is_empty() { "" } else { ", …" };
        format!("{}{more}", marks.join(", "))
    }

    /// The mark a cell's counterexample shows: the data's harm first,
    /// since the data is what a lock is for (a stale write over a newer
    /// one, then a lost update), then the lock's, the critical section's,
    /// and liveness.
    pub fn shown(&self) -> Option<Mark> {
        const FIRST: [Mark; 5] = [Mark::Stale, Mark::Lost, Mark::Lock, Mark::Mutex, Mark::Liveness];
        FIRST.into_iter().find(|m| self.marks().any(|found| found == *m))
    }
}

/// The table's legend: each kind's word and meaning, then "nothing", and
/// its "○" where a cell shows one (`vacuous`): the table's own bounds let
/// every cell write, so its legend needs none. `dlock argument` and the
/// page print these words.
pub fn legend(vacuous: bool) -> Vec<(&'static str, String)> {
    let mut lines: Vec<(&'static str, String)> = Mark::ALL
        .into_iter()
        .map(|mark| (mark.word(), mark.meaning()))
        .collect();
    lines.push((
        "nothing",
        "every property held in every schedule within the bound (a claim about that bound only)".to_owned(),
    ));
    if vacuous {
        lines.push((
            "○",
            "some property held only vacuously: what it constrains (a write, a second grant) never happened"
                .to_owned(),
        ));
    }
    lines
}
