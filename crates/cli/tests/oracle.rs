//! The oracle: stateright's breadth-first checker, run over the same
//! transition system through `dlock::oracle` on one thread or several,
//! agrees with dlock-core's explorer on the count of distinct states (with
//! the reductions and without), on each property's verdict, and on the
//! counterexample each reports (its length, the tick where its property
//! broke, and its choices), and on which passes are vacuous.

use dlock::oracle::{run_in, Order};
use dlock_core::explore::config::{PauseAt, Pausing};
use dlock_core::explore::{
    check_reduced, Bound, Config, LockKind, Reduction, ResourceKind, SearchedFault, Verdict,
};
use dlock_core::params::RestartRemedy;

fn configurations() -> Vec<(Config, Bound)> {
    let small = Bound {
        max_arrival: 6,
        max_pause: 8,
        max_delay: 0,
        horizon: 30,
        within: 20,
        max_states: 1_000_000,
        fault: SearchedFault::None,
        max_lost: 0,
        pause_at: PauseAt::Anywhere,
        pausing: Pausing::A,
        clients: 2,
        max_a_arrival: 0,
    };
    let config = |lock, validity_check, resource| Config {
        lock,
        validity_check,
        resource,
        ttl: 5,
        servers: 3,
        drift_allowance: 0,
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
                fault: SearchedFault::Restart(RestartRemedy::None),
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
                fault: SearchedFault::ClockStep(2),
                ..small
            },
        ),
        // Requests, replies and releases lost, with a restart on top.
        (
            config(LockKind::Redlock, true, ResourceKind::Fencing),
            Bound {
                max_arrival: 2,
                max_pause: 1,
                horizon: 8,
                max_lost: 2,
                fault: SearchedFault::Restart(RestartRemedy::StaySilent),
                ..small
            },
        ),
        // One server's clock running fast, with a lost message for a bare
        // majority, and tokens registered as clients acquire.
        (
            config(LockKind::Redlock, true, ResourceKind::Register),
            Bound {
                max_arrival: 4,
                max_pause: 2,
                horizon: 10,
                max_lost: 1,
                fault: SearchedFault::ClockRate(300),
                pause_at: PauseAt::Acquiring,
                ..small
            },
        ),
        // Every client may pause: B anywhere A may, lost messages and
        // all.
        (
            config(LockKind::Redlock, true, ResourceKind::Fencing),
            Bound {
                max_arrival: 2,
                max_pause: 2,
                horizon: 8,
                max_lost: 1,
                pausing: Pausing::Every,
                ..small
            },
        ),
        // A third client, running B's script, every client pausing.
        (
            config(LockKind::Lease, true, ResourceKind::Fencing),
            Bound {
                max_arrival: 2,
                max_pause: 6,
                horizon: 14,
                clients: 3,
                pausing: Pausing::Every,
                ..small
            },
        ),
        // A asks late, and may find B holding the lock: over a network,
        // with a message lost.
        (
            config(LockKind::Redlock, true, ResourceKind::Fencing),
            Bound {
                max_arrival: 2,
                max_a_arrival: 3,
                max_pause: 2,
                horizon: 10,
                max_lost: 1,
                ..small
            },
        ),
        // Holds vacuously, all but two: a lease too short to leave any
        // validity, so nobody writes and the lock is never granted twice;
        // liveness fails, as being told "no validity" answers no one.
        dlock_core::explore::vacuity::no_validity_left(),
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

/// stateright searches to the end of the bound even where every property
/// (each break, and each thing that must happen for a pass to mean
/// something) is discovered early: here, where its default of stopping at
/// the last discovery counted 38,722 states of the explorer's 40,296 and
/// called the search complete.
#[test]
fn stateright_exhausts_the_bound_after_its_last_discovery() {
    let config = Config {
        lock: LockKind::Redlock,
        validity_check: false,
        resource: ResourceKind::Plain,
        servers: 3,
        ttl: 4,
        drift_allowance: 0,
    };
    let bound = Bound {
        max_arrival: 0,
        max_pause: 5,
        horizon: 8,
        within: 1,
        max_lost: 2,
        fault: SearchedFault::Restart(RestartRemedy::None),
        ..Bound::default()
    };
    let explorer = check_reduced(config, bound, Reduction::All);
    let stateright = dlock::oracle::run(config, bound, Reduction::All, 1);
    assert!(explorer.complete && stateright.complete);
    assert_eq!(stateright.states, explorer.states);
    assert_eq!(stateright.states, 40_296);
}

/// One answer whoever searches: the explorer and stateright on 1, 2 and
/// 4 threads count the same distinct states and give the same verdicts,
/// with the reductions and without; and stateright's own shortest
/// counterexamples are as long as the explorer's. Depth-first, it counts
/// the same states too.
#[test]
fn stateright_and_the_explorer_agree_on_states_findings_and_lengths() {
    let (mut holding, mut failing, mut vacuous) = (0, 0, 0);
    for (config, bound) in configurations() {
        let what = config.describe();
        for reduction in Reduction::ALL {
            let explorer = check_reduced(config, bound, reduction);
            assert!(explorer.complete, "{what}");
            for threads in [1, 2, 4] {
                let stateright = dlock::oracle::run(config, bound, reduction, threads);
                let who = format!("{what}, --reduce {}, {threads} threads", reduction.code());
                assert!(stateright.complete, "{who}");
                assert_eq!(explorer.states, stateright.states, "{who}: distinct states");
                if threads == 1 {
                    assert_eq!(explorer.transitions, stateright.transitions, "{who}: transitions");
                    assert_eq!(explorer.max_depth, stateright.max_depth, "{who}: depth");
                    // Each distinct state reached first by the same step.
                    assert_eq!(
                        explorer.coverage.states, stateright.coverage.states,
                        "{who}: coverage"
                    );
                }
                for (a, b) in explorer.properties.iter().zip(&stateright.properties) {
                    assert_eq!(a.name, b.name);
                    assert_eq!(a.verdict, b.verdict, "{who}: {:?}", a.name);
                    assert_eq!(a.vacuous, b.vacuous, "{who}: {:?} vacuous", a.name);
                    let broke = |p: &dlock_core::explore::report::PropertyReport| {
                        p.counterexample
                            .as_ref()
                            .map(|c| (c.length, c.broken_at, c.steps.clone()))
                    };
                    assert_eq!(broke(a), broke(b), "{who}: {:?}'s counterexample", a.name);
                }
            }
        }
        // Met in another order, the same states (see below).
        let depth_first = run_in(config, bound, Reduction::All, Order::DepthFirst, 1);
        let explorer = dlock_core::explore::check(config, bound);
        assert_eq!(
            explorer.states, depth_first.states,
            "{what}: depth-first, distinct states"
        );
        if explorer.properties.iter().all(|p| p.verdict == Verdict::Holds) {
            holding += 1;
        } else {
            failing += 1;
        }
        vacuous += u32::from(explorer.properties.iter().any(|p| p.vacuous));
    }
    assert!(
        holding >= 1 && failing >= 1 && vacuous >= 1,
        "{holding} configurations hold, {failing} fail, {vacuous} pass vacuously"
    );
}

/// A search cut short by the limit says "unknown", not "holds", for each
/// property it found no counterexample to, whoever searched; stateright
/// judges its completeness by its own count of generated states.
#[test]
fn a_cut_search_is_unknown_whoever_searches() {
    let config = Config {
        lock: LockKind::Redlock,
        servers: 3,
        ttl: 3,
        ..Config::default()
    };
    let bound = Bound {
        horizon: 8,
        max_delay: 1,
        max_states: 1000,
        ..Bound::default()
    };
    let explorer = dlock_core::explore::check(config, bound);
    let stateright = dlock::oracle::run(config, bound, Reduction::All, 2);
    for report in [explorer, stateright] {
        assert!(!report.complete);
        for p in &report.properties {
            match &p.counterexample {
                Some(_) => assert_eq!((p.verdict, p.holds), (Verdict::Fails, Some(false))),
                None => assert_eq!((p.verdict, p.holds), (Verdict::Unknown, None), "{:?}", p.name),
            }
        }
        assert!(report.properties.iter().any(|p| p.verdict == Verdict::Unknown));
    }
}

/// The symmetry reduction's fingerprint is canonical: a state and the same
/// state with its servers renumbered count once, whichever the search
/// meets first. Depth-first and breadth-first searches meet them in other
/// orders, as several threads do from run to run, so they count the same
/// states only if it is. The split vote's four servers, with requests late
/// to each on its own, until t=5: grants of one tick logged in the order
/// of their servers' numbers made this count differ by one between the
/// two orders.
#[test]
fn the_same_states_whichever_order_the_search_meets_them() {
    let question = dlock_core::explore::Question::split_vote();
    let config = Config {
        lock: LockKind::Redlock,
        validity_check: true,
        resource: ResourceKind::Plain,
        servers: question.servers,
        ttl: question.ttl,
        drift_allowance: 0,
    };
    let bound = Bound {
        horizon: 5,
        within: 5,
        ..question.bound
    };
    let explorer = check_reduced(config, bound, Reduction::All);
    assert!(explorer.complete);
    for (order, threads) in [
        (Order::DepthFirst, 1),
        (Order::BreadthFirst, 2),
        (Order::DepthFirst, 2),
    ] {
        let stateright = run_in(config, bound, Reduction::All, order, threads);
        assert!(stateright.complete, "{order:?} on {threads} threads");
        assert_eq!(
            explorer.states, stateright.states,
            "{order:?} on {threads} threads: distinct states"
        );
    }
}
