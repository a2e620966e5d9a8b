//! Where an event sits in a run: its tick, then its place in the transcript.
//!
//! Events of one tick happen one after another, in the order the transcript
//! prints them; a lease that expires at tick `e` is dead before any event of
//! tick `e` runs. Audits that ask "who held the lock when this write landed"
//! must read that order, not the tick alone: at a tick where B acquires and
//! A writes, the answer depends on which came first.

use crate::lock::Grant;
use crate::trace::{Entry, What};
use crate::types::{Client, Tick};

/// A point in the run's total order: `(tick, position in the transcript)`.
/// Position 0 of a tick stands for "before every event of the tick" as well
/// as for the first entry; a span is half-open, so an end at `(e, 0)` is
/// dead for every event of tick `e`.
pub type Moment = (Tick, u32);

/// The moment of entry `index` of `entries`.
pub fn of_entry(entries: &[Entry], index: usize) -> Moment {
    (entries[index].t, index as u32)
}

/// The position of `client`'s first entry at tick `t` that `pick` accepts.
fn position(entries: &[Entry], client: Client, t: Tick, pick: impl Fn(&What) -> bool) -> Option<u32> {
    entries
        .iter()
        .position(|e| e.t == t && e.client == client && pick(&e.what))
        .map(|i| i as u32)
}

/// When `grant`'s lease was live, in the run's order: from the client's
/// acquire entry to its release entry, or to the start of the tick it
/// expired. `None` for a lease that was never live (handed back the tick it
/// was granted, or part of a round the client did not keep).
///
/// The acquire entry is the client's first inside the lease: at the grant
/// itself when acquiring is instantaneous; when it takes time, where the
/// client read the replies — a lease that had already run out by then was
/// never the client's to use.
pub fn live_span(entries: &[Entry], grant: &Grant) -> Option<(Moment, Moment)> {
    if grant.start >= grant.end {
        return None;
    }
    let (t, from) = entries.iter().enumerate().find_map(|(i, e)| {
        (e.client == grant.client
            && grant.start <= e.t
            && e.t < grant.end
            && matches!(e.what, What::Acquired { .. }))
        .then_some((e.t, i as u32))
    })?;
    let cut_by_release = grant.end < grant.expires;
    let to = if cut_by_release {
        position(entries, grant.client, grant.end, |w| {
            matches!(w, What::Released { .. })
        })
        .unwrap_or(0)
    } else {
        0
    };
    Some(((t, from), (grant.end, to)))
}

/// Whether `client` held live leases on at least `quorum` servers at
/// moment `at`.
pub fn holds_quorum_at(entries: &[Entry], grants: &[Grant], quorum: u16, client: Client, at: Moment) -> bool {
    let votes = grants
        .iter()
        .filter(|g| g.client == client)
        .filter_map(|g| live_span(entries, g))
        .filter(|&(from, to)| from <= at && at < to)
        .count();
    votes >= usize::from(quorum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;
    use crate::scenario::simulate;

    #[test]
    fn a_lease_lives_from_its_acquire_entry_to_its_expiry_tick() {
        let run = simulate(&Params::default());
        let a = run
            .grants
            .iter()
            .find(|g| g.client == Client::A)
            .expect("A's grant");
        let acquired = run
            .entries
            .iter()
            .position(|e| e.client == Client::A && matches!(e.what, What::Acquired { .. }))
            .expect("A acquires") as u32;
        assert_eq!(live_span(&run.entries, a), Some(((0, acquired), (10, 0))));
    }

    #[test]
    fn a_released_lease_lives_until_its_release_entry() {
        let run = simulate(&Params::default());
        let b = run
            .grants
            .iter()
            .find(|g| g.client == Client::B)
            .expect("B's grant");
        let released = run
            .entries
            .iter()
            .position(|e| e.client == Client::B && matches!(e.what, What::Released { .. }))
            .expect("B releases") as u32;
        let (_, to) = live_span(&run.entries, b).expect("live");
        assert_eq!(to, (15, released));
        assert!(holds_quorum_at(
            &run.entries,
            &run.grants,
            run.quorum,
            Client::B,
            (15, released - 1)
        ));
        assert!(!holds_quorum_at(
            &run.entries,
            &run.grants,
            run.quorum,
            Client::B,
            (15, released)
        ));
    }
}
