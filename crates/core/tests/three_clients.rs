//! A third client (`Bound::clients`): C runs B's script, arriving at any
//! tick B may, so "every schedule" covers three clients contending. The
//! debate's point does not depend on there being two: a client stopped
//! past its lease erases newer holders' work, however many there are,
//! and fencing refuses it however many there are.

use dlock_core::audit::Finding;
use dlock_core::explore::config::Pausing;
use dlock_core::explore::{check, Bound, CheckReport, Config, LockKind, Property, ResourceKind, Verdict};
use dlock_core::types::Client;
use dlock_core::{Run, Value};

#[path = "support/every_run.rs"]
mod support;
use support::{every_run, paused};

fn lease(resource: ResourceKind) -> Config {
    Config {
        lock: LockKind::Lease,
        validity_check: true,
        resource,
        servers: 3,
        ttl: 5,
        drift_allowance: 0,
    }
}

/// B and C arrive at any of t=0..4; A stops for up to twelve ticks, past
/// its five-tick lease and long enough for two holders after it.
fn bound(clients: u8, pausing: Pausing) -> Bound {
    Bound {
        max_arrival: 4,
        max_pause: 12,
        horizon: 24,
        clients,
        pausing,
        ..Bound::default()
    }
}

fn verdict(report: &CheckReport, finding: Finding) -> Verdict {
    let property = Property::Safety(finding);
    report
        .properties
        .iter()
        .find(|p| p.name == property)
        .map(|p| p.verdict)
        .unwrap()
}

fn accepted(run: &Run, client: Client) -> bool {
    run.writes.iter().any(|w| w.client == client && w.accepted)
}

/// Finding 4: with three clients and a pause, mutual exclusion breaks and
/// a stale write lands. In some run both newer holders, B then C, do
/// their work and A, waking, writes what it read before either: the
/// resource ends as 'A', with B's and C's work gone.
#[test]
fn a_stopped_client_erases_the_work_of_two_newer_holders() {
    let config = lease(ResourceKind::Plain);
    let report = check(config, bound(3, Pausing::A));
    assert!(report.complete);
    assert_eq!(verdict(&report, Finding::MutualExclusion), Verdict::Fails);
    assert_eq!(verdict(&report, Finding::StaleOverwrites), Verdict::Fails);
    let mut both_erased = None;
    let runs = every_run(&config, &bound(3, Pausing::A), |run| {
        let erased = run.final_value == Value::parse("A").unwrap()
            && accepted(run, Client::B)
            && accepted(run, Client::C);
        if erased && both_erased.is_none() {
            both_erased = Some(run.clone());
        }
    });
    let run = both_erased.unwrap_or_else(|| panic!("no run of {runs} erases both"));
    assert!(run.audit().found(Finding::StaleOverwrites), "{run:?}");
    assert_eq!(run.serial_answer().as_str().len(), 3, "{run:?}");
}

/// With three clients as with two, fencing refuses the stale write and the
/// tokens keep their order; the lock's side is unchanged (mutual exclusion
/// still breaks: the fix is in the resource). The search has more states
/// with C than without.
#[test]
fn fencing_holds_with_three_clients_as_with_two() {
    let config = lease(ResourceKind::Fencing);
    let two = check(config, bound(2, Pausing::A));
    let three = check(config, bound(3, Pausing::A));
    assert!(two.complete && three.complete);
    assert!(three.states > two.states);
    for finding in [Finding::StaleOverwrites, Finding::TokenReversals] {
        assert_eq!(verdict(&three, finding), Verdict::Holds, "{finding:?}");
    }
    assert_eq!(verdict(&three, Finding::MutualExclusion), Verdict::Fails);
}

/// Every client pausing, three of them: B too can be the stale writer,
/// stopped past its lease while C takes the lock and writes.
#[test]
fn with_every_client_pausing_b_can_erase_c_s_work() {
    let config = lease(ResourceKind::Plain);
    let small = Bound {
        max_arrival: 3,
        max_pause: 7,
        horizon: 18,
        ..bound(3, Pausing::Every)
    };
    let mut found = None;
    every_run(&config, &small, |run| {
        let last = run.writes.iter().rfind(|w| w.accepted);
        let b_over_c = last.is_some_and(|w| w.client == Client::B && w.lease.mine < w.lease.newest)
            && accepted(run, Client::C)
            && paused(run, Client::B);
        if b_over_c && found.is_none() {
            found = Some(run.clone());
        }
    });
    let run = found.expect("a run in which B, stopped, overwrites C");
    assert!(run.audit().found(Finding::StaleOverwrites), "{run:?}");
}

/// The clients' symmetry: a run in which C arrives before B is its twin's
/// with the names swapped, so the reduced search keeps one of the two.
/// It finds what the whole search finds, at the same lengths, from fewer
/// states; `--reduce none` switches it off with the servers' symmetry.
#[test]
fn c_arriving_before_b_is_searched_once_as_its_twin() {
    use dlock_core::explore::{check_reduced, Reduction};
    let redlock = Config {
        lock: LockKind::Redlock,
        ..lease(ResourceKind::Fencing)
    };
    let small = Bound {
        max_arrival: 3,
        max_pause: 6,
        horizon: 16,
        ..bound(3, Pausing::Every)
    };
    for (config, bound) in [
        (lease(ResourceKind::Plain), bound(3, Pausing::A)),
        (lease(ResourceKind::Cas), small),
        (
            redlock,
            Bound {
                max_arrival: 1,
                max_pause: 2,
                horizon: 8,
                max_lost: 1,
                ..small
            },
        ),
    ] {
        let reduced = check_reduced(config, bound, Reduction::All);
        let whole = check_reduced(config, bound, Reduction::Whole);
        assert!(reduced.complete && whole.complete, "{config:?}");
        assert!(reduced.states < whole.states, "{config:?}");
        for (r, w) in reduced.properties.iter().zip(&whole.properties) {
            assert_eq!(r.verdict, w.verdict, "{config:?} {:?}", r.name);
            let length =
                |p: &dlock_core::explore::report::PropertyReport| p.counterexample.as_ref().map(|c| c.length);
            assert_eq!(length(r), length(w), "{config:?} {:?}", r.name);
        }
    }
}
