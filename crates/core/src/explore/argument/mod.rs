//! The argument on one screen: every fault against every remedy, each
//! cell a search of every schedule within its row's bound, naming every
//! kind of harm it found (`harm`): the lock's own guarantee, mutual
//! exclusion, the data's, liveness; or nothing.
//!
//! A row is one fault alone, on Redlock's three servers: a client that
//! stops once it holds the lock or while it acquires, slow messages,
//! lost messages, a clock that runs fast, a clock that jumps, a server
//! that restarts empty, tokens drifting apart. A column is one remedy:
//! none (Redlock without its validity check, a plain resource),
//! Redlock's validity check, then the
//! validity check with a fenced resource (`<` or `<=`, or `<` with each
//! holder registering its token as it acquires) or check-and-set,
//! and for the restart, the delayed restart Redlock's author proposes.
//! The words are what the explorer found; nothing here is a result.

use super::config::{Bound, Config, LockKind, PauseAt, Pausing, ResourceKind, SearchedFault};
use super::property::Property;
use super::report::{CheckReport, CounterexampleReport, Verdict};
use crate::params::RestartRemedy;
use crate::types::Tick;
use serde::Serialize;
use std::collections::BTreeMap;

pub mod harm;

pub use harm::{Harms, Mark};

/// Every row's cluster: three servers, the smallest with a bare majority
/// that two clients can each reach through one shared server.
pub const SERVERS: u16 = 3;

/// One fault: a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fault {
    /// A stops for a while once it holds the lock: after acquiring, or
    /// just after its validity check.
    Pause,
    /// A stops for a while as it acquires: while its replies travel.
    PauseAcquiring,
    /// Each message may take a tick longer than one.
    SlowMessages,
    /// Up to two requests, replies or releases never arrive.
    LostMessages,
    /// One server's clock runs three times as fast as real time, so its
    /// lease ends within a holder's few ticks of work (at twice, the
    /// holder of this row's ttl is done first); one message may be lost,
    /// so that a client can hold a bare majority through that server.
    FastClock,
    /// One server's clock steps forward; one message may be lost, as for
    /// the fast clock.
    ClockJump,
    /// One server restarts and comes back with no leases.
    Restart,
    /// A reaches one server alone for a while, retrying there, then a
    /// bare majority, and B the other: each server's counter drifts on
    /// its own (Redlock has no one counter to draw tokens from), so a
    /// later lease may carry an earlier one's token. A may stop once it
    /// holds the lock: a tie harms the data only when the older holder
    /// writes last, and there `<` and `<=` part.
    TokenDrift,
}

/// One remedy: a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Remedy {
    Nothing,
    ValidityCheck,
    Fencing,
    FencingLe,
    /// Fencing `<`, each holder registering its token as it acquires.
    Register,
    CheckAndSet,
    DelayedRestart,
}

impl Fault {
    pub const ALL: [Fault; 8] = [
        Fault::Pause,
        Fault::PauseAcquiring,
        Fault::SlowMessages,
        Fault::LostMessages,
        Fault::FastClock,
        Fault::ClockJump,
        Fault::Restart,
        Fault::TokenDrift,
    ];

    /// Its name in a link (`cell=clock-jump.fencing`).
    pub fn code(self) -> &'static str {
        match self {
            Fault::Pause => "pause",
            Fault::PauseAcquiring => "pause-acquiring",
            Fault::SlowMessages => "slow",
            Fault::LostMessages => "lost",
            Fault::FastClock => "fast-clock",
            Fault::ClockJump => "clock-jump",
            Fault::Restart => "restart",
            Fault::TokenDrift => "token-drift",
        }
    }

    /// The row's heading.
    pub fn heading(self) -> &'static str {
        match self {
            Fault::Pause => "a client stops after acquiring",
            Fault::PauseAcquiring => "a client stops while acquiring",
            Fault::SlowMessages => "slow lock messages",
            Fault::LostMessages => "lost lock messages",
            Fault::FastClock => "a clock runs fast",
            Fault::ClockJump => "a clock jumps",
            Fault::Restart => "a server restarts empty",
            Fault::TokenDrift => "tokens drift apart, and A stops",
        }
    }

    /// The lease length of the row: long enough that a client which does
    /// not stop writes within it, validity check and all (at 4 ticks a
    /// client that checks finds too little left after its round trip and
    /// never writes, so every data property holds for want of a write),
    /// short enough that the search is quick. At 5 a reply one tick late
    /// still eats the lease of a client that does not check.
    pub fn ttl(self) -> Tick {
        match self {
            Fault::Pause
            | Fault::PauseAcquiring
            | Fault::FastClock
            | Fault::ClockJump
            | Fault::TokenDrift => 6,
            Fault::SlowMessages | Fault::LostMessages | Fault::Restart => 5,
        }
    }

    /// The drift allowance the row's clients subtract: Redlock's rule
    /// where a clock is wrong, the allowance being what such a row tests;
    /// none elsewhere, as in the study. Every schedule of the row, the
    /// clock's fault striking or not, has the same clients.
    pub fn drift_allowance(self) -> Tick {
        match self {
            Fault::FastClock | Fault::ClockJump => crate::params::redlock_allowance(self.ttl()),
            _ => 0,
        }
    }

    /// The row's bound: this fault and no other, so a cell's verdict is
    /// this fault's doing. `remedy` only matters to the restart, whose
    /// delayed form is a column.
    pub fn bound(self, remedy: Remedy) -> Bound {
        let quiet = Bound {
            max_arrival: 4,
            max_pause: 0,
            max_delay: 0,
            horizon: 12,
            within: 10,
            max_states: 2_000_000,
            fault: SearchedFault::None,
            max_lost: 0,
            pause_at: PauseAt::Anywhere,
            pausing: Pausing::A,
            clients: 2,
            max_a_arrival: 0,
        };
        match self {
            Fault::Pause | Fault::PauseAcquiring => Bound {
                max_arrival: 6,
                max_pause: 10,
                horizon: 16,
                pause_at: if self == Fault::Pause {
                    PauseAt::Acquired
                } else {
                    PauseAt::Acquiring
                },
                ..quiet
            },
            Fault::SlowMessages => Bound {
                max_arrival: 3,
                max_delay: 1,
                horizon: 10,
                ..quiet
            },
            Fault::LostMessages => Bound {
                max_arrival: 3,
                max_lost: 2,
                horizon: 10,
                ..quiet
            },
            Fault::FastClock => Bound {
                fault: SearchedFault::ClockRate(300),
                max_lost: 1,
                ..quiet
            },
            Fault::ClockJump => Bound {
                fault: SearchedFault::ClockStep(5),
                max_lost: 1,
                ..quiet
            },
            Fault::TokenDrift => Bound {
                max_arrival: 6,
                fault: SearchedFault::Partition(4),
                max_pause: 10,
                pause_at: PauseAt::Acquired,
                horizon: 16,
                ..quiet
            },
            Fault::Restart => Bound {
                fault: SearchedFault::Restart(if remedy == Remedy::DelayedRestart {
                    RestartRemedy::StaySilent
                } else {
                    RestartRemedy::None
                }),
                ..quiet
            },
        }
    }

    pub fn from_code(code: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|f| f.code() == code)
    }

    /// What else the row lets strike besides its fault, and why: without
    /// it the fault could not show what it does. `None` for a row that
    /// is its fault alone.
    pub fn also(self) -> Option<&'static str> {
        match self {
            Fault::FastClock | Fault::ClockJump => Some(
                "one message may be lost too, so that a client can count the wrong clock's server in a bare \
                 majority",
            ),
            Fault::TokenDrift => Some(
                "A may stop after it acquires, since a tied token harms the data only when the older \
                 holder writes last",
            ),
            _ => None,
        }
    }

    /// The row's bound in one short line, for the row itself: the
    /// cluster and its ttl, who arrives when, who stops and where, the
    /// messages' delays and losses, the fault's range, and the horizon.
    /// Read from the bound, so it says what the search searched.
    pub fn bound_line(self) -> String {
        let b = self.bound(Remedy::Nothing);
        let mut parts = vec![
            format!("{SERVERS} servers, ttl {}", self.ttl()),
            format!("B asks at t=0..{}", b.max_arrival),
        ];
        parts.push(match (b.max_pause, b.pause_at) {
            (0, _) => "no pause".to_owned(),
            (n, PauseAt::Acquired) => format!("A stops 0..{n} ticks after acquiring"),
            (n, PauseAt::Acquiring) => format!("A stops 0..{n} ticks while acquiring"),
            (n, PauseAt::Anywhere) => format!("A stops 0..{n} ticks"),
        });
        parts.push(match b.max_delay {
            0 => "no delay".to_owned(),
            n => format!("messages 0..{n} ticks late"),
        });
        if b.max_lost > 0 {
            parts.push(format!(
                "{} lost",
                crate::words::count(b.max_lost, "message", "messages")
            ));
        }
        parts.extend(b.fault.short_words());
        parts.push(format!("until t={}", b.horizon));
        parts.join(" · ")
    }
}

/// What the rows let strike, in one sentence: each its fault alone,
/// but for the rows that say what else strikes and why ([`Fault::also`]),
/// rows with the same reason named together.
pub fn rows_sentence() -> String {
    let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
    for fault in Fault::ALL {
        let Some(also) = fault.also() else { continue };
        match reasons.iter_mut().find(|(reason, _)| *reason == also) {
            Some((_, rows)) => rows.push(fault.heading()),
            None => reasons.push((also, vec![fault.heading()])),
        }
    }
    let excepts: Vec<String> = reasons
        .iter()
        .map(|(also, rows)| {
            let quoted: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
            format!("{}, where {}", quoted.join(" and "), also)
        })
        .collect();
    format!(
        "Each row's fault strikes alone, but for {}.",
        excepts.join("; and ")
    )
}

impl Remedy {
    pub const ALL: [Remedy; 7] = [
        Remedy::Nothing,
        Remedy::ValidityCheck,
        Remedy::Fencing,
        Remedy::FencingLe,
        Remedy::Register,
        Remedy::CheckAndSet,
        Remedy::DelayedRestart,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Remedy::Nothing => "none",
            Remedy::ValidityCheck => "validity",
            Remedy::Fencing => "fencing",
            Remedy::FencingLe => "fencing-le",
            Remedy::Register => "register",
            Remedy::CheckAndSet => "cas",
            Remedy::DelayedRestart => "delayed-restart",
        }
    }

    /// The column's heading.
    pub fn heading(self) -> &'static str {
        match self {
            Remedy::Nothing => "no remedy",
            Remedy::ValidityCheck => "validity check",
            Remedy::Fencing => "+ fencing <",
            Remedy::FencingLe => "+ fencing <=",
            Remedy::Register => "+ register token",
            Remedy::CheckAndSet => "+ check-and-set",
            Remedy::DelayedRestart => "+ delayed restart",
        }
    }

    pub fn from_code(code: &str) -> Option<Remedy> {
        Remedy::ALL.into_iter().find(|r| r.code() == code)
    }

    fn resource(self) -> ResourceKind {
        match self {
            Remedy::Fencing => ResourceKind::Fencing,
            Remedy::FencingLe => ResourceKind::FencingLe,
            Remedy::Register => ResourceKind::Register,
            Remedy::CheckAndSet => ResourceKind::Cas,
            Remedy::Nothing | Remedy::ValidityCheck | Remedy::DelayedRestart => ResourceKind::Plain,
        }
    }
}

/// One cell: a fault and a remedy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Cell {
    pub fault: Fault,
    pub remedy: Remedy,
}

impl Cell {
    /// Every cell that applies, row by row.
    pub fn all() -> Vec<Cell> {
        Fault::ALL
            .into_iter()
            .flat_map(|fault| Remedy::ALL.into_iter().map(move |remedy| Cell { fault, remedy }))
            .filter(|c| c.applies())
            .collect()
    }

    /// Its place in [`Cell::all`], where a page keeps its report.
    pub fn index(self) -> Option<usize> {
        Cell::all().iter().position(|&c| c == self)
    }

    /// Whether the remedy means anything for the fault: the delayed
    /// restart is a remedy for restarts alone.
    pub fn applies(self) -> bool {
        self.remedy != Remedy::DelayedRestart || self.fault == Fault::Restart
    }

    /// Its name in a link: `fault.remedy`.
    pub fn code(self) -> String {
        format!("{}.{}", self.fault.code(), self.remedy.code())
    }

    pub fn from_code(code: &str) -> Option<Cell> {
        let (fault, remedy) = code.split_once('.')?;
        let cell = Cell {
            fault: Fault::from_code(fault)?,
            remedy: Remedy::from_code(remedy)?,
        };
        cell.applies().then_some(cell)
    }

    /// What the explorer checks for this cell: Redlock, with its validity
    /// check unless the column has no remedy at all.
    pub fn config(self) -> Config {
        Config {
            lock: LockKind::Redlock,
            validity_check: self.remedy != Remedy::Nothing,
            resource: self.remedy.resource(),
            servers: SERVERS,
            ttl: self.fault.ttl(),
            drift_allowance: self.fault.drift_allowance(),
        }
    }

    pub fn bound(self) -> Bound {
        self.fault.bound(self.remedy)
    }
}

/// The cells that share a bound, in the table's order: one search
/// request each (a row, or part of the restart's row), since the cells of
/// one request share its bound.
pub fn groups() -> Vec<(Bound, Vec<Cell>)> {
    let mut groups: Vec<(Bound, Vec<Cell>)> = Vec::new();
    for cell in Cell::all() {
        match groups.last_mut() {
            Some((bound, cells)) if *bound == cell.bound() => cells.push(cell),
            _ => groups.push((cell.bound(), vec![cell])),
        }
    }
    groups
}

/// The counterexample a cell draws: the shortest among the properties
/// of the kind of harm [`Harms::shown`] picks (the data's, where that
/// broke).
pub fn counterexample(report: &CheckReport) -> Option<(Property, &CounterexampleReport)> {
    let mark = Harms::of(report).shown()?;
    report
        .properties
        .iter()
        .filter(|p| Mark::of(p.name) == mark)
        .filter_map(|p| p.counterexample.as_ref().map(|c| (p.name, c)))
        .min_by_key(|(_, c)| c.length)
}

/// One cell's answer, as `dlock argument --json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct CellReport {
    pub cell: String,
    /// The cell's words, as the table shows them.
    pub words: String,
    /// Each kind of harm found, with the properties that failed.
    pub found: BTreeMap<Mark, Vec<&'static str>>,
    /// Every property's verdict: `holds`, `fails`, `unknown`, or
    /// `vacuous` for a pass that says nothing.
    pub properties: BTreeMap<&'static str, &'static str>,
    pub states: u64,
    pub complete: bool,
    /// The property its counterexample breaks, and that run's choices.
    pub shown: Option<&'static str>,
    pub choices: Option<Vec<u32>>,
}

impl CellReport {
    /// Every property's verdict in the properties' order, by code:
    /// `holds`, `fails`, `unknown`, or `vacuous` for a pass that says
    /// nothing.
    pub fn verdicts(report: &CheckReport) -> Vec<(&'static str, &'static str)> {
        report
            .properties
            .iter()
            .map(|p| {
                let verdict = match p.verdict {
                    Verdict::Holds if p.vacuous => "vacuous",
                    Verdict::Holds => "holds",
                    Verdict::Fails => "fails",
                    Verdict::Unknown => "unknown",
                };
                (p.name.code(), verdict)
            })
            .collect()
    }

    pub fn new(cell: Cell, report: &CheckReport) -> CellReport {
        let shown = counterexample(report);
        let harms = Harms::of(report);
        CellReport {
            cell: cell.code(),
            words: harms.words(),
            found: harms
                .found
                .iter()
                .map(|(mark, properties)| (*mark, properties.iter().map(|p| p.code()).collect()))
                .collect(),
            properties: CellReport::verdicts(report).into_iter().collect(),
            states: report.states,
            complete: report.complete,
            shown: shown.map(|(p, _)| p.code()),
            choices: shown.map(|(_, c)| c.steps.clone()),
        }
    }
}

/// The table as text: a row a fault, a column a remedy, then each row's
/// bound.
pub fn text(reports: &[(Cell, CheckReport)]) -> String {
    let words = |cell: Cell| {
        reports
            .iter()
            .find(|(c, _)| *c == cell)
            .map_or("—".to_owned(), |(_, report)| Harms::of(report).words())
    };
    // As wide as the widest cell, so that every column lines up.
    let width = Cell::all()
        .into_iter()
        .map(|c| words(c).chars().count())
        .chain(Remedy::ALL.map(|r| r.heading().len()))
        .max()
        .unwrap_or(0)
        + 2;
    let mut out = format!("{:<32}", "fault \\ remedy");
    for r in Remedy::ALL {
        out += &format!("{:<width$}", r.heading());
    }
    out.push('\n');
    for fault in Fault::ALL {
        out += &format!("{:<32}", fault.heading());
        for remedy in Remedy::ALL {
            out += &format!("{:<width$}", words(Cell { fault, remedy }));
        }
        out = out.trim_end().to_owned();
        out.push('\n');
    }
    out.push('\n');
    let vacuous = reports.iter().any(|(_, report)| {
        let harms = Harms::of(report);
        harms.nothing() && !harms.vacuous.is_empty()
    });
    for (word, meaning) in harm::legend(vacuous) {
        out += &format!("\"{word}\": {meaning}.\n");
    }
    out += &format!("\nEach cell is Redlock on {SERVERS} servers, every schedule within its row's bound:\n");
    for fault in Fault::ALL {
        out += &format!(
            "  {}: ttl {}, {}\n",
            fault.heading(),
            fault.ttl(),
            fault.bound(Remedy::Nothing).describe()
        );
    }
    out += &format!("{}\n", rows_sentence());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::check;

    #[test]
    fn every_cell_has_a_code_that_reads_back() {
        for (i, cell) in Cell::all().into_iter().enumerate() {
            assert_eq!(Cell::from_code(&cell.code()), Some(cell));
            assert_eq!(cell.index(), Some(i));
        }
        assert_eq!(Cell::all().len(), Fault::ALL.len() * (Remedy::ALL.len() - 1) + 1);
        assert_eq!(Cell::from_code("pause.delayed-restart"), None);
        assert_eq!(Cell::from_code("pause"), None);
    }

    #[test]
    fn the_groups_hold_every_cell_once_each_with_its_own_bound() {
        let groups = groups();
        let cells: Vec<Cell> = groups.iter().flat_map(|(_, cells)| cells.clone()).collect();
        assert_eq!(cells, Cell::all());
        for (bound, cells) in &groups {
            assert!(cells.iter().all(|c| c.bound() == *bound));
        }
        // The restart's row splits where its column changes the restart.
        assert_eq!(groups.len(), Fault::ALL.len() + 1);
    }

    /// Each row's line names what its search ranged over: the ttl, B's
    /// arrivals, the horizon, and the fault that sets it apart.
    #[test]
    fn a_row_states_its_bound_in_a_line() {
        for fault in Fault::ALL {
            let line = fault.bound_line();
            let b = fault.bound(Remedy::Nothing);
            for part in [
                format!("ttl {}", fault.ttl()),
                format!("t=0..{}", b.max_arrival),
                format!("until t={}", b.horizon),
            ] {
                assert!(line.contains(&part), "{line} lacks {part}");
            }
        }
        let lines = |fault: Fault, part: &str| assert!(fault.bound_line().contains(part), "{part}");
        lines(Fault::Pause, "A stops 0..10 ticks after acquiring");
        lines(Fault::PauseAcquiring, "A stops 0..10 ticks while acquiring");
        lines(Fault::SlowMessages, "messages 0..1 ticks late");
        lines(Fault::LostMessages, "2 messages lost");
        lines(Fault::FastClock, "a clock at 300%");
        lines(Fault::ClockJump, "a clock jumps 1..5 ticks");
        lines(Fault::TokenDrift, "A alone with one server 0..4 ticks");
        assert!(Fault::Restart.bound_line().contains("restarts empty"));
    }

    #[test]
    fn a_row_is_its_fault_alone_or_says_what_else_strikes_and_why() {
        for cell in Cell::all() {
            let b = cell.bound();
            let faults = [
                b.max_pause > 0,
                b.max_delay > 0,
                b.max_lost > 0,
                b.fault != SearchedFault::None,
            ];
            let expected = if cell.fault.also().is_some() { 2 } else { 1 };
            assert_eq!(faults.iter().filter(|&&f| f).count(), expected, "{}", cell.code());
        }
        assert!(Fault::TokenDrift.also().is_some_and(|a| a.contains("A may stop")));
        assert!(Fault::FastClock.also().is_some_and(|a| a.contains("one message")));
        let sentence = rows_sentence();
        assert!(
            sentence
                .contains("\"a clock runs fast\" and \"a clock jumps\", where one message may be lost too"),
            "{sentence}"
        );
        assert!(
            sentence.contains("; and \"tokens drift apart, and A stops\", where A may stop"),
            "{sentence}"
        );
    }

    /// The search of one cell, within its row's bound.
    fn searched(fault: Fault, remedy: Remedy) -> CheckReport {
        let cell = Cell { fault, remedy };
        check(cell.config(), cell.bound())
    }

    /// What the search of one cell finds, in the cell's words.
    fn found(fault: Fault, remedy: Remedy) -> String {
        Harms::of(&searched(fault, remedy)).words()
    }

    #[test]
    fn a_pause_breaks_the_data_until_the_resource_learns_of_the_new_holder() {
        assert_eq!(found(Fault::Pause, Remedy::ValidityCheck), "mutex, stale, lost");
        // Fencing refuses A's stale write once B has written, so no stale
        // write lands over B's; but A's may land first, and B's erase it.
        // A token registered as B acquires refuses it from then on. Two
        // clients are still inside at once: the data is safe, not the
        // critical section.
        assert_eq!(found(Fault::Pause, Remedy::Fencing), "mutex, lost");
        assert_eq!(found(Fault::Pause, Remedy::Register), "mutex");
        assert_eq!(found(Fault::Pause, Remedy::CheckAndSet), "mutex");
    }

    #[test]
    fn the_validity_check_answers_a_pause_while_acquiring_and_not_one_after() {
        assert_eq!(found(Fault::PauseAcquiring, Remedy::Nothing), "lock, mutex, lost");
        // Safe, not live: the paused client's lease, which it cannot use,
        // keeps the other waiting past its window (starvation).
        let report = searched(Fault::PauseAcquiring, Remedy::ValidityCheck);
        assert_eq!(Harms::of(&report).words(), "liveness");
        let failed: Vec<Property> = report
            .properties
            .iter()
            .filter(|p| p.fails())
            .map(|p| p.name)
            .collect();
        assert_eq!(failed, [Property::Starvation]);
        assert_eq!(found(Fault::Pause, Remedy::Nothing), "mutex, stale, lost");
    }

    #[test]
    fn a_clock_past_the_drift_allowance_breaks_the_lock_whatever_the_resource() {
        assert_eq!(found(Fault::FastClock, Remedy::Nothing), "lock, mutex");
        assert_eq!(found(Fault::FastClock, Remedy::Register), "lock, mutex");
        // At the true rate the same bound breaks nothing: the clock did it.
        let cell = Cell {
            fault: Fault::FastClock,
            remedy: Remedy::ValidityCheck,
        };
        let true_time = Bound {
            fault: SearchedFault::None,
            ..cell.bound()
        };
        assert_eq!(Harms::of(&check(cell.config(), true_time)).words(), "nothing");
    }

    /// Alone, drifting counters hand a later lease an earlier one's
    /// token and harm nothing else, whatever the resource.
    #[test]
    fn drifting_counters_alone_tie_tokens_and_harm_nothing_else() {
        let cell = Cell {
            fault: Fault::TokenDrift,
            remedy: Remedy::Register,
        };
        let alone = Bound {
            max_pause: 0,
            ..cell.bound()
        };
        let report = check(cell.config(), alone);
        let harms = Harms::of(&report);
        let ties = Property::Safety(crate::audit::Finding::TokenTies);
        assert_eq!(harms.found, vec![(Mark::Lock, vec![ties])]);
        // The counters repeat a token but never go below one: the row's
        // words must not say "lower".
        let reversals = report
            .properties
            .iter()
            .find(|p| p.name == Property::Safety(crate::audit::Finding::TokenReversals))
            .expect("checked");
        assert_eq!(reversals.verdict, crate::explore::Verdict::Holds);
    }

    /// The tie row: with A stopping, a tied token lets `<` accept the
    /// older holder's write over the newer one's, and `<=` refuses it.
    /// Both still lose an update that lands before the newer holder
    /// writes, and check-and-set loses neither.
    #[test]
    fn a_tied_token_is_where_less_than_and_at_most_part() {
        let stale = Property::Safety(crate::audit::Finding::StaleOverwrites);
        let fails = |remedy: Remedy, property: Property| {
            searched(Fault::TokenDrift, remedy)
                .properties
                .iter()
                .any(|p| p.name == property && p.fails())
        };
        assert!(fails(Remedy::Fencing, stale));
        assert!(!fails(Remedy::FencingLe, stale));
        assert_eq!(
            found(Fault::TokenDrift, Remedy::Fencing),
            "lock, mutex, stale, lost"
        );
        assert_eq!(found(Fault::TokenDrift, Remedy::FencingLe), "lock, mutex, lost");
        assert_eq!(found(Fault::TokenDrift, Remedy::CheckAndSet), "lock, mutex");
        // No other row parts them: the tie is this row's.
        for fault in Fault::ALL.into_iter().filter(|&f| f != Fault::TokenDrift) {
            assert_eq!(
                found(fault, Remedy::Fencing),
                found(fault, Remedy::FencingLe),
                "{}",
                fault.code()
            );
        }
    }

    /// Every kind a search found is named, not only the first: the cell
    /// lists them all, and its report names each failed property under
    /// its kind.
    #[test]
    fn a_cell_names_every_kind_of_harm_and_every_property_behind_it() {
        let cell = Cell {
            fault: Fault::PauseAcquiring,
            remedy: Remedy::Nothing,
        };
        let report = searched(cell.fault, cell.remedy);
        let harms = Harms::of(&report);
        let failed: Vec<Property> = report
            .properties
            .iter()
            .filter(|p| p.fails())
            .map(|p| p.name)
            .collect();
        let named: Vec<Property> = harms.found.iter().flat_map(|(_, ps)| ps.clone()).collect();
        let mut sorted = named.clone();
        sorted.sort_by_key(|&p| (Mark::of(p), Property::ALL.iter().position(|&q| q == p)));
        assert_eq!(named, sorted, "by kind, then in the properties' order");
        let mut both = named;
        both.sort_by_key(|&p| Property::ALL.iter().position(|&q| q == p));
        assert_eq!(both, failed);
        assert!(harms.found.len() >= 3, "{harms:?}");
        let json = CellReport::new(cell, &report);
        assert_eq!(json.properties.len(), Property::ALL.len());
        assert_eq!(json.found.values().map(Vec::len).sum::<usize>(), failed.len());
    }

    /// The legend says what each kind of harm is, in its properties'
    /// words: every violation of its properties, and none of another's.
    #[test]
    fn a_mark_means_every_violation_of_its_properties() {
        for mark in Mark::ALL {
            let words = mark.meaning();
            for p in Property::ALL {
                assert_eq!(
                    words.contains(p.violation()),
                    Mark::of(p) == mark,
                    "{p:?} in {words}"
                );
            }
        }
        assert!(Mark::Lock
            .meaning()
            .contains("; or token ties (a lease carried the same token"));
        let legend = harm::legend(true);
        assert_eq!(legend.len(), Mark::ALL.len() + 2);
        assert!(legend.iter().any(|(word, _)| *word == "○"));
        // Its twin: without a vacuous cell, no "○" to explain.
        let legend = harm::legend(false);
        assert_eq!(legend.len(), Mark::ALL.len() + 1);
        assert!(legend.iter().all(|(word, _)| *word != "○"));
    }

    #[test]
    fn a_restart_breaks_the_lock_unless_it_is_delayed() {
        assert_eq!(found(Fault::Restart, Remedy::Fencing), "lock");
        assert!(found(Fault::Restart, Remedy::DelayedRestart).starts_with("nothing"));
    }

    #[test]
    fn a_cut_short_search_claims_nothing_it_did_not_find() {
        let cell = Cell {
            fault: Fault::LostMessages,
            remedy: Remedy::Fencing,
        };
        let bound = Bound {
            max_states: 10,
            ..cell.bound()
        };
        let report = check(cell.config(), bound);
        assert!(!report.complete);
        assert_eq!(Harms::of(&report).words(), "unfinished");
        assert!(counterexample(&report).is_none());
    }
}
