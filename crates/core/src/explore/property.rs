//! What must hold in every run the explorer finds: the audits every run
//! already has, read as properties, and one of liveness.

use crate::audit::{answered, served, Audit, Finding};
use crate::run::Run;
use crate::scenario::Simulator;
use crate::types::{Client, Tick};
use serde::{Serialize, Serializer};

/// A property the explorer checks: that an audit finds nothing (safety,
/// over the one list of findings, `audit::Finding`), or that a client
/// asking for the lock is answered in time. Ordered as the columns of a
/// report: the findings in their order, then liveness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Property {
    /// The audit of this kind finds nothing. What each reads:
    /// - overlapping grants: no server grants a lease while another is
    ///   live on it (each server's own record: a server that restarted
    ///   empty breaks it, even where no second majority forms);
    /// - mutual exclusion: no two clients are at once between being
    ///   granted the lock and letting go of it (released, given up,
    ///   stopped by their own validity check); a paused client is still
    ///   inside, as a TLA+ or stateright model states it;
    /// - overlapping holds: no two clients each hold a live majority at
    ///   once, by what the lock told them and, for Redlock's clients,
    ///   within the validity they computed (the lock's side of the
    ///   contract; a paused client whose validity ran out is outside it,
    ///   so this holds where mutual exclusion fails);
    /// - token reversals and token ties: a later lease's token below an
    ///   earlier lease's, and equal to it (told apart: `audit::tokens`);
    /// - stale overwrites, lost updates and unlocked writes (read where
    ///   the write lands, accepted or not).
    Safety(Finding),
    /// Once a client asks, someone holds the lock within the bound's
    /// `within` ticks (or the client gives up having waited them all). A
    /// client told its lease has no validity has not been answered.
    Liveness,
    /// Each client that asks holds the lock itself within `within` ticks
    /// of asking, not counting the ticks it was itself stopped (or gives
    /// up having waited them all; a window the run ends before closing
    /// is no violation): liveness per client, which a client
    /// kept waiting behind a paused holder breaks while someone holds the
    /// lock all along (`audit::served`).
    Starvation,
}

impl Property {
    pub const ALL: [Property; 10] = [
        Property::Safety(Finding::OverlappingGrants),
        Property::Safety(Finding::MutualExclusion),
        Property::Safety(Finding::OverlappingHolds),
        Property::Safety(Finding::StaleOverwrites),
        Property::Safety(Finding::LostUpdates),
        Property::Safety(Finding::TokenReversals),
        Property::Safety(Finding::TokenTies),
        Property::Safety(Finding::UnlockedWrites),
        Property::Liveness,
        Property::Starvation,
    ];

    /// Its name in JSON and for other checkers (`overlapping_grants`).
    pub fn code(self) -> &'static str {
        match self {
            Property::Safety(Finding::OverlappingGrants) => "overlapping_grants",
            Property::Safety(Finding::MutualExclusion) => "mutual_exclusion",
            Property::Safety(Finding::OverlappingHolds) => "overlapping_holds",
            Property::Safety(Finding::StaleOverwrites) => "stale_overwrites",
            Property::Safety(Finding::LostUpdates) => "lost_updates",
            Property::Safety(Finding::TokenReversals) => "token_reversals",
            Property::Safety(Finding::TokenTies) => "token_ties",
            Property::Safety(Finding::UnlockedWrites) => "unlocked_writes",
            Property::Liveness => "liveness",
            Property::Starvation => "starvation",
        }
    }

    /// A column heading: the property's name in a few words.
    pub fn heading(self) -> &'static str {
        match self {
            Property::Safety(Finding::OverlappingHolds) => "overlapping valid leases",
            // The rest are their codes in words.
            Property::Safety(Finding::OverlappingGrants) => "overlapping grants",
            Property::Safety(Finding::MutualExclusion) => "mutual exclusion",
            Property::Safety(Finding::StaleOverwrites) => "stale overwrites",
            Property::Safety(Finding::LostUpdates) => "lost updates",
            Property::Safety(Finding::TokenReversals) => "token reversals",
            Property::Safety(Finding::TokenTies) => "token ties",
            Property::Safety(Finding::UnlockedWrites) => "unlocked writes",
            Property::Liveness => "liveness",
            Property::Starvation => "starvation",
        }
    }

    /// The property in words, as a reader would state it.
    pub fn describe(self) -> &'static str {
        match self {
            Property::Safety(Finding::OverlappingGrants) => {
                "no server grants a lease while another is live on it"
            }
            Property::Safety(Finding::MutualExclusion) => {
                "no two clients are at once between being granted the lock and letting go of it"
            }
            Property::Safety(Finding::OverlappingHolds) => {
                "no two clients each hold a live majority, within their own validity, at once"
            }
            Property::Safety(Finding::StaleOverwrites) => {
                "no write made under an older lease lands over a newer lease's write, whatever their tokens"
            }
            Property::Safety(Finding::LostUpdates) => "no update is lost",
            Property::Safety(Finding::TokenReversals) => {
                "no lease carries a lower token than an earlier lease"
            }
            Property::Safety(Finding::TokenTies) => "no lease carries the same token as an earlier lease",
            Property::Safety(Finding::UnlockedWrites) => "no client writes while it holds no majority",
            Property::Liveness => "once a client asks, some client holds the lock within the bound",
            Property::Starvation => {
                "each client that asks holds the lock itself within the bound, its own stops not counted"
            }
        }
    }

    /// What breaking it looks like, in the past tense of a run that broke
    /// it: the words a table uses to say what a cell found.
    pub fn violation(self) -> &'static str {
        match self {
            Property::Safety(Finding::OverlappingGrants) => {
                "a server granted a lease while another was live on it"
            }
            Property::Safety(Finding::MutualExclusion) => {
                "two clients were at once between being granted the lock and letting go of it"
            }
            Property::Safety(Finding::OverlappingHolds) => {
                "two clients each held a live majority, within their own validity, at once"
            }
            Property::Safety(Finding::StaleOverwrites) => {
                "a write made under an older lease landed over a newer lease's write"
            }
            Property::Safety(Finding::LostUpdates) => "an update was lost",
            Property::Safety(Finding::TokenReversals) => {
                "a lease carried a lower token than an earlier lease"
            }
            Property::Safety(Finding::TokenTies) => "a lease carried the same token as an earlier lease",
            Property::Safety(Finding::UnlockedWrites) => "a client wrote while it held no majority",
            Property::Liveness => "a client asked and no one held the lock within the bound",
            Property::Starvation => {
                "a client asked and, though running, did not hold the lock within the bound"
            }
        }
    }

    /// The audit this property reads, or none for liveness.
    pub fn finding(self) -> Option<Finding> {
        match self {
            Property::Safety(finding) => Some(finding),
            Property::Liveness | Property::Starvation => None,
        }
    }

    /// Whether `run`, a finished run (with `audit`, its audit), breaks
    /// the property.
    pub fn broken_by(self, run: &Run, audit: &Audit, within: Tick) -> bool {
        match self {
            Property::Safety(finding) => audit.found(finding),
            Property::Liveness => run
                .params
                .clients()
                .iter()
                .any(|&c| !answered_within(run, c, within)),
            // A window the run never closed (the horizon ended the
            // client's retries first) shows no starvation: a finished run
            // is read as a run so far.
            Property::Starvation => self.broken_so_far(run, audit, within),
        }
    }

    /// Whether `so_far`, the record of a run still going once its last
    /// tick is over ([`Simulator::record_so_far`]), already breaks the
    /// property for good: an audit finding, or a client whose liveness
    /// window has closed unanswered.
    pub fn broken_so_far(self, so_far: &Run, audit: &Audit, within: Tick) -> bool {
        let clients = so_far.params.clients();
        match self {
            Property::Safety(finding) => audit.found(finding),
            Property::Liveness => clients.iter().any(|&c| {
                let until = so_far.params.asks_at(c).saturating_add(within);
                until <= so_far.end_tick && !answered_within(so_far, c, within)
            }),
            Property::Starvation => clients.iter().any(|&c| {
                let asks = so_far.params.asks_at(c);
                let until = served::window_closes(&so_far.entries, c, (asks, within));
                until <= so_far.end_tick && !served_within(so_far, c, within)
            }),
        }
    }
}

/// Written as its code (`"overlapping_grants"`), as checkers name it.
impl Serialize for Property {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// The properties among those `open` accepts that the state `sim` breaks
/// for good: a finished run on its whole record, a run between two ticks
/// on its record so far ([`Simulator::record_so_far`]); mid-tick, none.
/// The explorer and the stateright oracle judge every state by this, so a
/// counterexample's length counts the steps to the first state at which
/// its property is broken, not to the end of the run.
pub fn broken_in(sim: &Simulator, within: Tick, open: impl Fn(Property) -> bool) -> Vec<Property> {
    if !Property::ALL.into_iter().any(&open) {
        return Vec::new();
    }
    let finished = sim.finished();
    let Some(run) = (if finished {
        Some(sim.to_run())
    } else {
        sim.record_so_far()
    }) else {
        return Vec::new();
    };
    let audit = run.audit();
    Property::ALL
        .into_iter()
        .filter(|&p| open(p))
        .filter(|p| match finished {
            true => p.broken_by(&run, &audit, within),
            false => p.broken_so_far(&run, &audit, within),
        })
        .collect()
}

/// Whether, from the tick `client` first asks, some client holds the lock
/// within `within` ticks, or the client gives up having waited them all
/// ([`answered`]). Someone, not necessarily the client: a client stopped
/// while it acquires cannot expect the lock, but the lock must not sit
/// unheld while clients ask for it, as when two clients split the servers
/// round after round.
fn answered_within(run: &Run, client: Client, within: Tick) -> bool {
    let asks = run.params.asks_at(client);
    answered(&run.entries, client, (asks, within), Tick::MAX)
}

/// Whether `client` held the lock itself within `within` ticks of its
/// wait ([`served::served`]).
fn served_within(run: &Run, client: Client, within: Tick) -> bool {
    let asks = run.params.asks_at(client);
    served::served(&run.entries, client, (asks, within), Tick::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` is every finding as a safety property, in the findings'
    /// order, then liveness: a finding the settled past remembers is a
    /// property broken, and the columns follow the derived order.
    #[test]
    fn every_finding_is_a_safety_property_in_order_then_liveness() {
        let mut expected: Vec<Property> = Finding::ALL.into_iter().map(Property::Safety).collect();
        expected.extend([Property::Liveness, Property::Starvation]);
        assert_eq!(Property::ALL.to_vec(), expected);
        let mut sorted = Property::ALL.to_vec();
        sorted.sort();
        assert_eq!(sorted, expected);
    }

    #[test]
    fn a_property_is_written_as_its_code() {
        for p in Property::ALL {
            assert_eq!(
                serde_json::to_string(&p).expect("json"),
                format!("\"{}\"", p.code())
            );
        }
    }
}
