//! The oracle: stateright's breadth-first checker, run over the same
//! transition system through `dlock::oracle`, agrees with dlock-core's
//! explorer on the count of distinct states, on which properties have a
//! counterexample, and on the length of each shortest counterexample
//! (stateright keeps the last violation it meets, so its shortest is
//! found by deepening its depth bound: `oracle::shortest_lengths`).

use dlock_core::explore::{Bound, Config, LockKind, ResourceKind};
use dlock_core::params::RestartRemedy;

fn configurations() -> Vec<(Config, Bound)> {
    let small = Bound {
        max_arrival: 6,
        max_pause: 8,
        max_delay: 0,
        horizon: 30,
        within: 20,
        max_states: 1_000_000,
        restart: None,
        clock_step: 0,
    };
    let config = |lock, validity_check, resource| Config {
        lock,
        validity_check,
        resource,
        ttl: 5,
        servers: 3,
    };
    vec![
        // Fails: a pause past the lease overwrites a newer holder's write.
        (config(LockKind::Lease, true, ResourceKind::Plain), small),
        (config(LockKind::Lease, true, ResourceKind::Fencing), small),
        (config(LockKind::Lease, true, ResourceKind::FencingLe), small),
        // Holds, everything: check-and-set under the lease lock.
        (config(LockKind::Lease, true, ResourceKind::Cas), small),
        (config(LockKind::Redlock, true, ResourceKind::Plain), small),
        (config(LockKind::Redlock, false, ResourceKind::Plain), small),
        // Late messages, each request and release late to each server
        // on its own.
        (
            config(LockKind::Redlock, true, ResourceKind::Fencing),
            Bound {
                max_arrival: 1,
                max_pause: 1,
                max_delay: 1,
                horizon: 4,
                ..small
            },
        ),
        // Fails: one server restarting empty at a chosen tick.
        (
            config(LockKind::Redlock, true, ResourceKind::Plain),
            Bound {
                max_arrival: 3,
                max_pause: 2,
                horizon: 12,
                restart: Some(RestartRemedy::None),
                ..small
            },
        ),
        // One server's clock stepping forward at a chosen tick.
        (
            config(LockKind::Lease, true, ResourceKind::Fencing),
            Bound {
                max_arrival: 3,
                max_pause: 6,
                horizon: 12,
                clock_step: 2,
                ..small
            },
        ),
        // Fails liveness: two clients split two servers.
        (
            Config {
                servers: 2,
                ..config(LockKind::Redlock, true, ResourceKind::Plain)
            },
            Bound {
                max_arrival: 0,
                max_pause: 0,
                max_delay: 1,
                horizon: 4,
                within: 2,
                ..small
            },
        ),
    ]
}

#[test]
fn stateright_and_the_explorer_agree_on_states_findings_and_lengths() {
    let mut holding = 0;
    let mut failing = 0;
    for (config, bound) in configurations() {
        let explorer = dlock_core::explore::check(config, bound);
        let stateright = dlock::oracle::run(config, bound, 1);
        let shortest = dlock::oracle::shortest_lengths(config, bound);
        let what = config.describe();
        assert!(explorer.complete && stateright.complete, "{what}");
        assert_eq!(explorer.states, stateright.states, "{what}: distinct states");
        assert_eq!(
            explorer.transitions, stateright.transitions,
            "{what}: transitions"
        );
        assert_eq!(explorer.max_depth, stateright.max_depth, "{what}: depth");
        for (a, b) in explorer.properties.iter().zip(&stateright.properties) {
            assert_eq!(a.name, b.name);
            assert_eq!(a.holds, b.holds, "{what}: {:?}", a.name);
            assert_eq!(
                a.counterexample.as_ref().map(|c| c.length),
                shortest.get(&a.name).copied(),
                "{what}: {:?}'s shortest counterexample",
                a.name
            );
        }
        if explorer.properties.iter().all(|p| p.holds) {
            holding += 1;
        } else {
            failing += 1;
        }
    }
    assert!(
        holding >= 1 && failing >= 1,
        "{holding} configurations hold, {failing} fail"
    );
}
