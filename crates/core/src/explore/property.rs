//! What must hold in every run the explorer finds: the audits every run
//! already has, read as properties, and one of liveness.

use crate::audit::{answered, Audit};
use crate::run::Run;
use crate::types::{Client, Tick};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// No server grants a lease while another is live on it (the audit
    /// compares each server's own record: a server that restarted empty
    /// breaks it, even where no second majority forms).
    OverlappingGrants,
    /// No two clients believe they hold the lock at once. A belief, not
    /// damage: its shortest counterexample is often a client about to
    /// let go of a lease that already ran out.
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
    pub const ALL: [Property; 7] = [
        Property::OverlappingGrants,
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
            Property::OverlappingHolds => "overlapping holds (a belief)",
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
            Property::OverlappingHolds => {
                "no two clients believe they hold the lock at once (a belief, not damage)"
            }
            Property::StaleOverwrites => "no older token overwrites a newer holder's write",
            Property::LostUpdates => "no update is lost",
            Property::TokenReversals => "tokens never go backwards",
            Property::UnlockedWrites => "no client writes while it holds no majority",
            Property::Liveness => "once a client asks, someone holds the lock within the bound",
        }
    }

    /// Whether `run` (with `audit`, its audit) breaks the property.
    pub fn broken_by(self, run: &Run, audit: &Audit, within: Tick) -> bool {
        match self {
            Property::OverlappingGrants => !audit.overlapping_grants.is_empty(),
            Property::OverlappingHolds => !audit.overlapping_holds.is_empty(),
            Property::StaleOverwrites => !audit.stale_overwrites.is_empty(),
            Property::LostUpdates => !audit.lost_updates.is_empty(),
            Property::TokenReversals => !audit.token_reversals.is_empty(),
            Property::UnlockedWrites => !audit.unlocked_writes.is_empty(),
            Property::Liveness => [Client::A, Client::B]
                .into_iter()
                .any(|c| !answered_within(run, c, within)),
        }
    }
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
