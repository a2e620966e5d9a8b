//! A may ask late (`Bound::max_a_arrival`): the study's A asks at tick 0,
//! so "every schedule" had meant every schedule in which A asks first.
//! Asking late, A can find B holding the lock; it then retries as B does,
//! and its script (read, pause, write, release) runs from when it holds
//! the lock.

use dlock_core::audit::Finding;
use dlock_core::explore::config::{PauseAt, Pausing};
use dlock_core::explore::{check, Bound, Config, LockKind, Property, ResourceKind, Verdict};
use dlock_core::params::Params;
use dlock_core::trace::What;
use dlock_core::types::{Client, Tick};
use dlock_core::{simulate, Run};
use proptest::prelude::*;

#[path = "support/every_run.rs"]
#[allow(dead_code)]
mod support;
use support::every_run;

fn lease_lock(resource: ResourceKind) -> Config {
    Config {
        lock: LockKind::Lease,
        validity_check: true,
        resource,
        servers: 3,
        ttl: 4,
        drift_allowance: 0,
    }
}

/// B at 0..2, A asking at 0..6 and stopped for up to 6 ticks.
fn late_a() -> Bound {
    Bound {
        max_arrival: 2,
        max_a_arrival: 6,
        max_pause: 6,
        horizon: 24,
        ..Bound::default()
    }
}

/// The tick at which `client` was first told it holds the lock.
fn acquired_at(run: &Run, client: Client) -> Option<Tick> {
    run.entries
        .iter()
        .find(|e| e.client == client && matches!(e.what, What::Acquired { .. }))
        .map(|e| e.t)
}

/// Each write: who, when (`shift` ticks earlier), its token and value,
/// and whether the resource took it.
fn writes(run: &Run, shift: Tick) -> Vec<(Client, Tick, u64, String, bool)> {
    run.writes
        .iter()
        .map(|w| (w.client, w.t - shift, w.token, w.value.to_string(), w.accepted))
        .collect()
}

/// A asks after B holds the lock: refused, it asks again until B lets go,
/// then holds the lock with the newer token, and its script (its read
/// one tick after) runs from there.
#[test]
fn a_asking_late_waits_for_b_and_runs_its_script_from_when_it_holds_the_lock() {
    let mut waited = None;
    let runs = every_run(&lease_lock(ResourceKind::Plain), &late_a(), |run| {
        let (Some(a), Some(b)) = (acquired_at(run, Client::A), acquired_at(run, Client::B)) else {
            return;
        };
        let refused_first = run
            .entries
            .iter()
            .any(|e| e.client == Client::A && e.t < a && matches!(e.what, What::Refused { .. }));
        if b < run.params.a_arrives && refused_first && waited.is_none() {
            waited = Some(run.clone());
        }
    });
    let run = waited.unwrap_or_else(|| panic!("in none of {runs} runs does A wait for B"));
    let a = acquired_at(&run, Client::A).expect("A holds the lock");
    assert!(run.a_token > run.b_token, "{run:?}");
    let read = run
        .entries
        .iter()
        .find(|e| e.client == Client::A && matches!(e.what, What::Read { .. }))
        .expect("A reads");
    assert_eq!(read.t, a + 1, "{run:?}");
    // B's turn came first, and its write landed.
    assert!(run.writes.iter().any(|w| w.client == Client::B && w.accepted));
    assert_eq!(run.params.asks_at(Client::A), run.params.a_arrives);
}

/// Left at its default, the bound keeps the study's A: every run has A
/// ask at tick 0, and no choice is spent on it.
#[test]
fn by_default_a_asks_at_once_in_every_run() {
    let bound = Bound {
        max_a_arrival: 0,
        ..late_a()
    };
    let runs = every_run(&lease_lock(ResourceKind::Plain), &bound, |run| {
        assert_eq!(run.params.a_arrives, 0, "{run:?}");
    });
    let late = every_run(&lease_lock(ResourceKind::Plain), &late_a(), |_| {});
    assert_eq!(late, runs * 7, "each run once for each tick A may ask at");
}

/// The study's break with A asking late: still there, and fencing still
/// refuses the stale write, whichever client asks first.
#[test]
fn a_late_a_still_breaks_the_plain_resource_and_fencing_still_holds() {
    let verdict = |resource, property| {
        let report = check(lease_lock(resource), late_a());
        assert!(report.complete);
        report
            .properties
            .iter()
            .find(|p| p.name == property)
            .expect("a property")
            .verdict
    };
    let stale = Property::Safety(Finding::StaleOverwrites);
    assert_eq!(verdict(ResourceKind::Plain, stale), Verdict::Fails);
    assert_eq!(verdict(ResourceKind::Fencing, stale), Verdict::Holds);
    let overlap = Property::Safety(Finding::OverlappingGrants);
    assert_eq!(verdict(ResourceKind::Plain, overlap), Verdict::Holds);
}

/// The study's story with the names swapped needs A to ask late on the
/// lease lock: asking first, A always holds the lock before B, so B,
/// stopped past its lease, has no newer holder to overwrite; asking late,
/// A can be that holder.
#[test]
fn on_the_lease_lock_b_overwrites_a_newer_holder_only_if_a_asks_late() {
    let bound = |max_a_arrival| Bound {
        max_arrival: 0,
        max_a_arrival,
        max_pause: 8,
        pause_at: PauseAt::Acquired,
        pausing: Pausing::Every,
        ..late_a()
    };
    let b_stale = |run: &Run| {
        run.writes
            .iter()
            .any(|w| w.client == Client::B && w.accepted && w.lease.mine < w.lease.newest)
    };
    let config = lease_lock(ResourceKind::Plain);
    let mut first = 0;
    let runs = every_run(&config, &bound(0), |run| first += u32::from(b_stale(run)));
    assert_eq!(first, 0, "B overwrote a newer holder in {first} of {runs} runs");
    let mut late = None;
    every_run(&config, &bound(3), |run| {
        if b_stale(run) && late.is_none() {
            late = Some(run.clone());
        }
    });
    let run = late.expect("a run in which B overwrites A's newer work");
    assert!(run.params.a_arrives > 0, "{run:?}");
    assert!(run.audit().found(Finding::StaleOverwrites), "{run:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Both clients asking `k` ticks late is the run in which both ask at
    /// once, `k` ticks later: the same writes, shifted, the same final
    /// value and the same findings. (Both arrive together, so no event of
    /// one shares a tick with the other's in a different order.)
    #[test]
    fn asking_together_later_is_the_same_run_later(
        k in 1u32..=12,
        ttl in 1u32..=16,
        pause_len in 0u32..=20,
        fencing in any::<bool>(),
        a_crashes in any::<bool>(),
    ) {
        let at_once = Params {
            ttl,
            pause_len,
            b_arrives: 0,
            fencing,
            a_crashes,
            ..Params::default()
        };
        let later = Params { a_arrives: k, b_arrives: k, ..at_once };
        let (now, then) = (simulate(&at_once), simulate(&later));
        prop_assert_eq!(writes(&now, 0), writes(&then, k));
        prop_assert_eq!(now.final_value, then.final_value);
        prop_assert_eq!(now.b_acquired_at.map(|t| t + k), then.b_acquired_at);
        let (a, b) = (now.audit(), then.audit());
        for finding in Finding::ALL {
            prop_assert_eq!(a.found(finding), b.found(finding), "{:?}", finding);
        }
    }
}
