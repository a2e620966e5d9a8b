//! What must hold in every run the explorer finds: the audits every run
//! already has, read as properties, and one of liveness.

use crate::audit::{answered, Audit, Finding};
use crate::run::Run;
use crate::scenario::Simulator;
use crate::types::{Client, Tick};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// No server grants a lease while another is live on it (the audit
    /// compares each server's own record: a server that restarted empty
    /// breaks it, even where no second majority forms).
    OverlappingGrants,
    /// No two clients are at once between being granted the lock and
    /// letting go of it (released, given up, stopped by their own
    /// validity check); a paused client is still inside. Mutual exclusion
    /// as a TLA+ or stateright model states it.
    MutualExclusion,
    /// No two clients each hold a live majority at once, by what the lock
    /// told them and, for Redlock's clients, within the validity they
    /// computed: the lock's side of the contract. A paused client whose
    /// validity ran out is outside it, so this holds where mutual
    /// exclusion fails.
    OverlappingHolds,
    /// No write with an older token overwrites a newer holder's.
    StaleOverwrites,
    /// No update is lost: each accepted write builds on the last.
    LostUpdates,
    /// Tokens never go backwards from one grant to the next.
    TokenReversals,
    /// No client writes while it holds no majority (the audit reads the
    /// write where it lands, accepted or not).
    UnlockedWrites,
    /// Once a client asks, someone holds the lock within the bound's
    /// `within` ticks, unless the client gave up on a lease with no
    /// validity at all.
    Liveness,
}

impl Property {
    pub const ALL: [Property; 8] = [
        Property::OverlappingGrants,
        Property::MutualExclusion,
        Property::OverlappingHolds,
        Property::StaleOverwrites,
        Property::LostUpdates,
        Property::TokenReversals,
        Property::UnlockedWrites,
        Property::Liveness,
    ];

    /// Its name in JSON and for other checkers (`overlapping_grants`).
    pub fn code(self) -> &'static str {
        match self {
            Property::OverlappingGrants => "overlapping_grants",
            Property::MutualExclusion => "mutual_exclusion",
            Property::OverlappingHolds => "overlapping_holds",
            Property::StaleOverwrites => "stale_overwrites",
            Property::LostUpdates => "lost_updates",
            Property::TokenReversals => "token_reversals",
            Property::UnlockedWrites => "unlocked_writes",
            Property::Liveness => "liveness",
        }
    }

    /// A column heading: the property's name in a few words.
    pub fn heading(self) -> &'static str {
        match self {
            Property::OverlappingGrants => "overlapping grants",
            Property::MutualExclusion => "mutual exclusion",
            Property::OverlappingHolds => "overlapping valid leases",
            Property::StaleOverwrites => "stale overwrites",
            Property::LostUpdates => "lost updates",
            Property::TokenReversals => "token reversals",
            Property::UnlockedWrites => "unlocked writes",
            Property::Liveness => "liveness",
        }
    }

    /// The property in words, as a reader would state it.
    pub fn describe(self) -> &'static str {
        match self {
            Property::OverlappingGrants => "no server grants a lease while another is live on it",
            Property::MutualExclusion => {
                "no two clients are at once between being granted the lock and letting go of it"
            }
            Property::OverlappingHolds => {
                "no two clients each hold a live majority, within their own validity, at once"
            }
            Property::StaleOverwrites => "no older token overwrites a newer holder's write",
            Property::LostUpdates => "no update is lost",
            Property::TokenReversals => "tokens never go backwards",
            Property::UnlockedWrites => "no client writes while it holds no majority",
            Property::Liveness => "once a client asks, someone holds the lock within the bound",
        }
    }

    /// The audit this property reads, or none for liveness.
    pub fn finding(self) -> Option<Finding> {
        match self {
            Property::OverlappingGrants => Some(Finding::OverlappingGrants),
            Property::MutualExclusion => Some(Finding::MutualExclusion),
            Property::OverlappingHolds => Some(Finding::OverlappingHolds),
            Property::StaleOverwrites => Some(Finding::StaleOverwrites),
            Property::LostUpdates => Some(Finding::LostUpdates),
            Property::TokenReversals => Some(Finding::TokenReversals),
            Property::UnlockedWrites => Some(Finding::UnlockedWrites),
            Property::Liveness => None,
        }
    }

    /// Whether `run`, a finished run (with `audit`, its audit), breaks
    /// the property.
    pub fn broken_by(self, run: &Run, audit: &Audit, within: Tick) -> bool {
        match self.finding() {
            Some(finding) => audit.found(finding),
            None => Client::ALL.into_iter().any(|c| !answered_within(run, c, within)),
        }
    }

    /// Whether `so_far`, the record of a run still going once its last
    /// tick is over ([`Simulator::record_so_far`]), already breaks the
    /// property for good: an audit finding, or a client whose liveness
    /// window has closed unanswered.
    pub fn broken_so_far(self, so_far: &Run, audit: &Audit, within: Tick) -> bool {
        match self.finding() {
            Some(finding) => audit.found(finding),
            None => Client::ALL.into_iter().any(|c| {
                let until = so_far.params.asks_at(c).saturating_add(within);
                until <= so_far.end_tick && !answered_within(so_far, c, within)
            }),
        }
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

/// Whether, from the tick `client` first asks, someone holds a majority
/// within `within` ticks (or the client is told its lease has no validity
/// at all, an answer too). Someone, not necessarily the client: a client
/// stopped while it acquires cannot expect the lock, but the lock must not
/// sit unheld while clients ask for it, as when two clients split the
/// servers round after round.
fn answered_within(run: &Run, client: Client, within: Tick) -> bool {
    let asks = run.params.asks_at(client);
    answered(
        &run.entries,
        &run.grants,
        run.quorum,
        client,
        asks,
        asks.saturating_add(within),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each safety property reads its own audit, and every audit the
    /// settled past remembers is read by one: the two lists cover each
    /// other, so a finding remembered is a property broken.
    #[test]
    fn each_finding_is_read_by_exactly_one_property() {
        for finding in Finding::ALL {
            let readers = Property::ALL.iter().filter(|p| p.finding() == Some(finding));
            assert_eq!(readers.count(), 1, "{finding:?}");
        }
        let unread = Property::ALL.iter().filter(|p| p.finding().is_none());
        assert_eq!(unread.collect::<Vec<_>>(), [&Property::Liveness]);
    }
}
