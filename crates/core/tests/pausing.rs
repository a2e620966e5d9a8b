//! Every client may pause (`Bound::pausing`): B gets A's choice points
//! (stopped after acquiring, while its first replies travel, or just after
//! its validity check), so "every schedule" no longer means "every
//! schedule in which only A stops". Off by default: the study's script is
//! A's pause alone, and each of B's pauses multiplies the states.

use dlock_core::audit::Finding;
use dlock_core::explore::config::{PauseAt, Pausing};
use dlock_core::explore::{check, Bound, Config, LockKind, Property, ResourceKind, Verdict};
use dlock_core::trace::What;
use dlock_core::types::Client;

#[path = "support/every_run.rs"]
mod support;
use support::{every_run, paused};

fn redlock(resource: ResourceKind) -> Config {
    Config {
        lock: LockKind::Redlock,
        validity_check: true,
        resource,
        servers: 3,
        ttl: 8,
        drift_allowance: 0,
    }
}

/// Both clients ask at once; a request may be lost, so either can end up
/// with the bare majority, and either may stop, once it holds the lock,
/// for up to ten ticks (past its lease's validity).
fn bound(pausing: Pausing) -> Bound {
    Bound {
        max_arrival: 0,
        max_pause: 10,
        horizon: 24,
        within: 24,
        max_lost: 2,
        pause_at: PauseAt::Acquired,
        pausing,
        ..Bound::default()
    }
}

/// The study's story with the names swapped: B wins the bare majority, A's
/// lost requests send it back to retry, B stops past its lease, A takes
/// the lock and writes, and B, waking, overwrites A's newer work.
#[test]
fn b_stopped_past_its_lease_overwrites_a_newer_holder_as_a_does_in_the_study() {
    let config = redlock(ResourceKind::Plain);
    let mut mirrored = None;
    let runs = every_run(&config, &bound(Pausing::Every), |run| {
        let last = run.writes.iter().rfind(|w| w.accepted);
        let b_stale = last.is_some_and(|w| w.client == Client::B && w.lease.mine < w.lease.newest);
        if b_stale && paused(run, Client::B) && !paused(run, Client::A) && mirrored.is_none() {
            mirrored = Some(run.clone());
        }
    });
    let run = mirrored.unwrap_or_else(|| panic!("no run of {runs} has B's stale write"));
    assert!(run.audit().found(Finding::StaleOverwrites), "{run:?}");
    let acquired = |client| {
        run.entries
            .iter()
            .position(|e| e.client == client && matches!(e.what, What::Acquired { .. }))
    };
    assert!(
        acquired(Client::B) < acquired(Client::A),
        "A asked first, and B holds first: {run:?}"
    );
}

/// By default only A pauses, as in the study: no run has B stop, and the
/// search with every client pausing has more states and finds no less.
#[test]
fn only_a_pauses_unless_every_client_is_asked_for() {
    let config = redlock(ResourceKind::Plain);
    let mut b_paused = 0;
    every_run(&config, &bound(Pausing::A), |run| {
        b_paused += u32::from(paused(run, Client::B));
    });
    assert_eq!(b_paused, 0);
    let only_a = check(config, bound(Pausing::A));
    let every = check(config, bound(Pausing::Every));
    assert!(only_a.complete && every.complete);
    assert!(every.states > only_a.states);
    for (a, e) in only_a.properties.iter().zip(&every.properties) {
        if a.verdict == Verdict::Fails {
            assert_eq!(e.verdict, Verdict::Fails, "{:?}", a.name);
        }
    }
    let stale = every
        .properties
        .iter()
        .find(|p| p.name == Property::Safety(Finding::StaleOverwrites));
    assert_eq!(stale.map(|p| p.verdict), Some(Verdict::Fails));
}
