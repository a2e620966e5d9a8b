//! The explorer against the simulator it drives: the study's runs are
//! paths it takes, its counterexamples are runs the ordinary audits
//! condemn, they are the shortest, and a smaller bound never finds more.

use dlock_core::audit::Finding;
use dlock_core::explore::config::{PauseAt, Pausing};
use dlock_core::explore::step::first_break;
use dlock_core::explore::{
    replay, Bound, Config, LockKind, Property, Question, ResourceKind, SearchedFault, Verdict,
};
use dlock_core::scenario::tape::Tape;
use dlock_core::trace::What;
use dlock_core::types::Client;
use dlock_core::{simulate, Mode, Params, Simulator};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn explore_all(config: Config, bound: Bound) -> dlock_core::explore::CheckReport {
    dlock_core::explore::check(config, bound)
}

fn failing(report: &dlock_core::explore::CheckReport) -> BTreeSet<Property> {
    report
        .properties
        .iter()
        .filter(|p| p.fails())
        .map(|p| p.name)
        .collect()
}

fn small(max_arrival: u32, max_pause: u32, max_delay: u32) -> Bound {
    Bound {
        max_arrival,
        max_pause,
        max_delay,
        horizon: 40,
        within: 20,
        max_states: 5_000_000,
        fault: SearchedFault::None,
        max_lost: 0,
        pause_at: PauseAt::Anywhere,
        pausing: Pausing::A,
        clients: 2,
        max_a_arrival: 0,
    }
}

fn config(lock: LockKind, validity_check: bool, resource: ResourceKind) -> Config {
    Config {
        lock,
        validity_check,
        resource,
        ..Config::default()
    }
}

const LOCKS: [(LockKind, bool); 3] = [
    (LockKind::Lease, true),
    (LockKind::Redlock, true),
    (LockKind::Redlock, false),
];

/// The choices that make the study's run of `p` (B's arrival, A's one
/// pause, every message on time), for a configuration's parameters.
fn study_choices(p: &Params, max_pause: u32, network: bool) -> Vec<u32> {
    let pause = if network && p.acquiring.a_pause > 0 {
        max_pause + p.acquiring.a_pause
    } else if network && p.acquiring.validity_check && p.recheck_at == Some(p.pause_from) && p.pause_len > 0 {
        2 * max_pause + p.pause_len
    } else {
        p.pause_len
    };
    let mut choices = vec![p.b_arrives, pause];
    choices.extend(p.third);
    // When A asks, chosen last (offered by the bounds that let A ask late).
    choices.push(p.a_arrives);
    choices
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Conformance: the study's deterministic run of any parameters a
    /// configuration can express is a path of the explorer, event for
    /// event and audit for audit; and so is it with a third client C, or
    /// with A asking late, whose runs the simulator gives from their
    /// parameters alone.
    #[test]
    fn the_study_s_run_is_a_path_the_explorer_takes(
        lock in 0usize..3,
        resource in 0usize..4,
        b_arrives in 0u32..=20,
        pause in 0u32..=20,
        placement in 0u8..3,
        ttl in 1u32..=20,
        third in proptest::option::of(0u32..=20),
        a_arrives in prop_oneof![Just(0u32), 1u32..=20],
    ) {
        let (lock, check) = LOCKS[lock];
        let config = Config { ttl, ..config(lock, check, ResourceKind::ALL[resource]) };
        let network = lock == LockKind::Redlock;
        let mut p = config.params();
        p.b_arrives = b_arrives;
        // Where A stops: after acquiring, while acquiring, or (checking
        // the validity left) just after its check.
        match placement {
            1 if network && pause > 0 => p.acquiring.a_pause = pause,
            2 if network && check && pause > 0 => {
                p.pause_len = pause;
                p.recheck_at = Some(p.pause_from);
            }
            _ => p.pause_len = pause,
        }
        p.third = third;
        p.a_arrives = a_arrives;
        // A horizon past the study's own, so B's patience is the study's.
        let clients = if third.is_some() { 3 } else { 2 };
        let bound = Bound { horizon: 400, clients, max_a_arrival: 20, ..small(20, 20, 0) };
        let explored = replay(&config, &bound, &study_choices(&p, bound.max_pause, network));
        let study = simulate(&p);
        prop_assert_eq!(&explored, &study);
        prop_assert_eq!(explored.audit(), study.audit());
    }

    /// A bound that offers fewer choices never finds more: every property
    /// broken within the smaller bound is broken within the larger, and
    /// the smaller explores no more states.
    #[test]
    fn a_smaller_bound_never_finds_more(
        lock in 0usize..3,
        resource in 0usize..4,
        (arrival, pause) in (0u32..=8, 0u32..=8),
        (more_arrival, more_pause) in (0u32..=4, 0u32..=4),
    ) {
        let (lock, check) = LOCKS[lock];
        let config = config(lock, check, ResourceKind::ALL[resource]);
        let smaller = explore_all(config, small(arrival, pause, 0));
        let larger = explore_all(config, small(arrival + more_arrival, pause + more_pause, 0));
        prop_assert!(smaller.complete && larger.complete);
        prop_assert!(failing(&smaller).is_subset(&failing(&larger)));
        prop_assert!(smaller.states <= larger.states);
    }
}

/// Every counterexample, run again as an ordinary run, breaks its
/// property in the ordinary audits, and is the run the report carries.
#[test]
fn every_counterexample_replays_to_the_same_finding() {
    let bound = small(12, 14, 0);
    let mut seen = 0;
    for (lock, check) in LOCKS {
        for resource in ResourceKind::ALL {
            let config = config(lock, check, resource);
            let report = explore_all(config, bound);
            for p in &report.properties {
                let Some(found) = &p.counterexample else { continue };
                let run = replay(&config, &bound, &found.steps);
                assert!(
                    p.name.broken_by(&run, &run.audit(), bound.within),
                    "{:?} {:?}",
                    config,
                    p.name
                );
                assert_eq!(found.run.final_value, run.final_value);
                assert_eq!(found.run.events, run.entries);
                seen += 1;
            }
        }
    }
    assert!(seen >= 10, "only {seen} counterexamples");
}

/// The steps (the set-up, then one an event) into the run `choices` make
/// at which its state first breaks `property`, if any does; and, as a
/// pair check on how a state is judged, the finished run then breaks it
/// too, read by the ordinary audits.
fn steps_to_break(config: &Config, bound: &Bound, choices: &[u32], property: Property) -> Option<u32> {
    let first = first_break(config, bound, choices, property).map(|(length, _)| length);
    let run = replay(config, bound, choices);
    assert_eq!(
        first.is_some(),
        property.broken_by(&run, &run.audit(), bound.within),
        "{config:?} {choices:?} {property:?}"
    );
    first
}

/// Breadth first means shortest: under the lease lock every run is one
/// choice of B's arrival and A's pause, so trying them all, each step by
/// step, finds the fewest steps to a state breaking each property, and
/// the explorer's counterexample takes exactly that many: it counts the
/// steps to the break, not to the end of the run.
#[test]
fn each_counterexample_is_a_shortest_one() {
    let bound = small(12, 14, 0);
    for resource in ResourceKind::ALL {
        let config = config(LockKind::Lease, true, resource);
        let report = explore_all(config, bound);
        for p in &report.properties {
            let shortest = (0..=bound.max_arrival)
                .flat_map(|b| (0..=bound.max_pause).map(move |pause| vec![b, pause]))
                .filter_map(|choices| steps_to_break(&config, &bound, &choices, p.name))
                .min();
            assert_eq!(
                p.counterexample.as_ref().map(|c| c.length),
                shortest,
                "{resource:?} {:?}",
                p.name
            );
        }
    }
}

/// A counterexample stops where its property breaks, not where its run
/// ends: the study's stale overwrite breaks at A's write, with A's
/// release still to come.
#[test]
fn a_counterexample_ends_at_its_break() {
    let report = explore_all(Config::default(), small(12, 14, 0));
    let stale = report
        .properties
        .iter()
        .find(|p| p.name == Property::Safety(Finding::StaleOverwrites))
        .and_then(|p| p.counterexample.as_ref())
        .expect("a stale overwrite");
    let write = stale
        .run
        .events
        .iter()
        .find(|e| e.client == Client::A && matches!(e.what, What::Wrote { .. }))
        .expect("A writes");
    assert_eq!(stale.broken_at, write.t);
    assert_eq!(
        first_break(
            &Config::default(),
            &small(12, 14, 0),
            &stale.steps,
            Property::Safety(Finding::StaleOverwrites)
        ),
        Some((stale.length, stale.broken_at))
    );
    assert!(stale.run.events.iter().any(|e| e.t > stale.broken_at));
}

/// What the debate claims, checked over every schedule within the bound.
#[test]
fn the_debate_s_claims_within_the_default_bound() {
    let bound = Bound::default();
    let fails = |lock, check, resource| failing(&explore_all(config(lock, check, resource), bound));
    use Finding::*;
    use LockKind::*;
    let safety = Property::Safety;
    use ResourceKind::*;
    // The seed's lease lock: a pause past the lease corrupts a plain resource.
    assert!(fails(Lease, true, Plain).contains(&safety(StaleOverwrites)));
    // Fencing stops stale overwrites, yet in the tick both write it accepts
    // the older token's write, and the newer then builds on nothing it read.
    let fenced = fails(Lease, true, Fencing);
    assert!(!fenced.contains(&safety(StaleOverwrites)));
    assert!(fenced.contains(&safety(LostUpdates)));
    // Check-and-set, its holder registered as it acquires, loses nothing.
    assert!(!fails(Lease, true, Cas).contains(&safety(LostUpdates)));
    // The lock itself never grants two majorities at once.
    for (lock, check) in LOCKS {
        assert!(!fails(lock, check, Plain).contains(&safety(OverlappingGrants)));
    }
    // Redlock's validity check does not cover a client stopped after it:
    // the shortest stale overwrite has A check, stop and write on the
    // check's answer, and fencing refuses that write. Without the check,
    // a client writes stale too.
    let checked = explore_all(config(Redlock, true, Plain), bound);
    let stale = checked
        .properties
        .iter()
        .find(|p| p.name == safety(StaleOverwrites));
    let run = &stale
        .and_then(|p| p.counterexample.as_ref())
        .expect("a stale overwrite")
        .run;
    assert!(run.params.recheck_at.is_some() && run.params.acquiring.a_pause == 0);
    assert!(!fails(Redlock, true, Fencing).contains(&safety(StaleOverwrites)));
    assert!(fails(Redlock, false, Plain).contains(&safety(StaleOverwrites)));
}

/// A bound too large for the state limit says so.
#[test]
fn a_search_stopped_by_the_state_limit_is_incomplete() {
    let report = explore_all(
        Config::default(),
        Bound {
            max_states: 100,
            ..Bound::default()
        },
    );
    assert!(!report.complete);
    assert_eq!(report.states, 100);
    assert!(explore_all(Config::default(), Bound::default()).complete);
}

/// A link's counterexample is checked before it is drawn: a value its
/// point does not offer, or more values than the run has points, is named.
#[test]
fn steps_from_outside_are_checked() {
    let config = Config::default();
    let bound = Bound::default();
    let report = explore_all(config, bound);
    let stale = report
        .properties
        .iter()
        .find(|p| p.name == Property::Safety(Finding::StaleOverwrites));
    let steps = &stale.unwrap().counterexample.as_ref().unwrap().steps;
    assert_eq!(
        dlock_core::explore::step::check_steps(&config, &bound, steps),
        Ok(())
    );
    let too_big = dlock_core::explore::step::check_steps(&config, &bound, &[99, 0]);
    assert_eq!(
        too_big,
        Err("choice 1 is 99, but its point offers only 0 to 12".to_owned())
    );
    let too_many = dlock_core::explore::step::check_steps(&config, &bound, &[1, 2, 3]);
    assert_eq!(too_many, Err("the run makes 2 choices, not 3".to_owned()));
}

/// Each request is late to each server on its own, so two servers can
/// see two clients' requests in opposite orders. An even cluster can then
/// split between them, half each, and neither gets a majority: the split
/// redis.io's random retry delay is there to break. On time, one client
/// always wins. Asked as the page's question, and on two servers too.
#[test]
fn late_requests_split_an_even_cluster_and_liveness_fails() {
    let question = Question::split_vote();
    for servers in [2, question.servers] {
        let config = Config {
            servers,
            ttl: question.ttl,
            ..config(LockKind::Redlock, true, ResourceKind::Plain)
        };
        let bound = |max_delay| Bound {
            max_delay,
            ..question.bound
        };
        // On time, one client holds the lock and the other waits behind
        // its lease, longer than the window: the lock is live, and the
        // second asker starves.
        let on_time = explore_all(config, bound(0));
        assert!(on_time.complete);
        assert_eq!(failing(&on_time), BTreeSet::from([Property::Starvation]));
        let late = explore_all(config, bound(1));
        assert!(late.complete);
        assert_eq!(
            failing(&late),
            BTreeSet::from([Property::Liveness, Property::Starvation])
        );
        let found = late.properties.iter().find(|p| p.fails()).unwrap();
        let run = replay(&config, &bound(1), &found.counterexample.as_ref().unwrap().steps);
        let half = servers / 2;
        let split: Vec<Client> = run
            .entries
            .iter()
            .filter(|e| matches!(e.what, What::AcquireFailed { votes } if votes == half))
            .map(|e| e.client)
            .collect();
        assert!(
            split.contains(&Client::A) && split.contains(&Client::B),
            "{servers} servers: {split:?}"
        );
        // The requests of one round reached the servers at different ticks.
        assert!(run
            .entries
            .iter()
            .any(|e| matches!(e.what, What::Requested { spread: 1, .. })));
        let starts: BTreeSet<(Client, u32)> = run.grants.iter().map(|g| (g.client, g.start)).collect();
        assert!(starts.len() >= 2);
    }
}

/// The livelock redis.io's random retry delay is there to break: with a
/// later horizon and a longer window than the question's, four servers
/// split between the two clients again in the next round, each client
/// retrying after its one fixed tick, and nobody ever holds the lock.
#[test]
fn a_split_comes_back_round_after_round() {
    let question = Question::split_vote();
    let config = Config {
        servers: question.servers,
        ttl: question.ttl,
        ..config(LockKind::Redlock, true, ResourceKind::Plain)
    };
    // A window that a single split round cannot use up: a round is read
    // by t=4 with both its messages late, its retry a tick later by t=9,
    // so the break needs the second round to split too.
    let bound = Bound {
        horizon: 9,
        within: 9,
        ..question.bound
    };
    let report = explore_all(config, bound);
    assert!(report.complete);
    // Nobody holds the lock, so each client starves as well.
    assert_eq!(
        failing(&report),
        BTreeSet::from([Property::Liveness, Property::Starvation])
    );
    let found = report.properties.iter().find(|p| p.fails()).unwrap();
    let run = replay(&config, &bound, &found.counterexample.as_ref().unwrap().steps);
    let half = question.servers / 2;
    for client in Client::ALL {
        let splits = run
            .entries
            .iter()
            .filter(|e| {
                e.client == client && matches!(e.what, What::AcquireFailed { votes } if votes == half)
            })
            .count();
        assert!(splits >= 2, "{client:?} split {splits} times");
    }
    assert!(run
        .entries
        .iter()
        .all(|e| !matches!(e.what, What::Acquired { .. })));
}

/// Each question answers something within its bound, quickly: the
/// default finds the study's stale overwrite, the split vote a liveness
/// failure, the empty restart overlapping grants; every search finishes.
#[test]
fn every_question_is_answered_within_its_bound() {
    let expect = [
        ("pauses", Property::Safety(Finding::StaleOverwrites)),
        ("split-vote", Property::Liveness),
        ("restart-empty", Property::Safety(Finding::OverlappingGrants)),
    ];
    for (question, (code, property)) in Question::all().into_iter().zip(expect) {
        assert_eq!(question.code, code);
        let rows = Config::matrix(question.servers, question.ttl);
        let reports: Vec<_> = rows.iter().map(|&c| explore_all(c, question.bound)).collect();
        assert!(reports.iter().all(|r| r.complete), "{code}");
        assert!(
            reports.iter().any(|r| failing(r).contains(&property)),
            "{code}: {property:?}"
        );
    }
}

/// Every request and release late to each server on its own still keeps
/// the lock's own promise: no two majorities at once.
#[test]
fn late_messages_per_server_never_grant_two_majorities() {
    for (lock, check) in [(LockKind::Redlock, true), (LockKind::Redlock, false)] {
        let config = Config {
            servers: 3,
            ttl: 5,
            ..config(lock, check, ResourceKind::Plain)
        };
        let bound = Bound {
            horizon: 5,
            ..small(1, 1, 1)
        };
        let report = explore_all(config, bound);
        assert!(report.complete);
        assert!(!failing(&report).contains(&Property::Safety(Finding::OverlappingGrants)));
    }
}

/// One server restarting at a tick the explorer chooses: restarted empty
/// it grants a lease still live elsewhere in its record, as redis.io's
/// example says; a restart that persists its state, or waits out a ttl
/// before answering (redis.io's remedy), does not. The finding is the
/// run of the restart preset's fault, so its transcript is the study's.
#[test]
fn a_chosen_restart_breaks_grants_unless_persisted_or_delayed() {
    use dlock_core::params::{Fault, RestartRemedy};
    let config = Config {
        servers: 3,
        ttl: 5,
        ..config(LockKind::Redlock, true, ResourceKind::Plain)
    };
    let bound = |restart| Bound {
        horizon: 12,
        fault: SearchedFault::Restart(restart),
        ..small(3, 2, 0)
    };
    let grants = |restart| {
        let report = explore_all(config, bound(restart));
        assert!(report.complete);
        report.properties[0].clone()
    };
    let empty = grants(RestartRemedy::None);
    assert_eq!(empty.name, Property::Safety(Finding::OverlappingGrants));
    let found = empty.counterexample.expect("a restart empty breaks grants");
    let run = replay(&config, &bound(RestartRemedy::None), &found.steps);
    assert!(matches!(
        run.params.fault,
        Fault::Restart {
            servers: 1,
            remedy: RestartRemedy::None,
            ..
        }
    ));
    assert_eq!(simulate(&run.params), run);
    assert_eq!(grants(RestartRemedy::Persist).holds, Some(true));
    assert_eq!(grants(RestartRemedy::StaySilent).holds, Some(true));
    // Without the restart on offer, the same bound finds nothing.
    let without = explore_all(
        config,
        Bound {
            fault: SearchedFault::None,
            ..bound(RestartRemedy::None)
        },
    );
    assert_eq!(without.properties[0].holds, Some(true));
    assert!(without.states < explore_all(config, bound(RestartRemedy::None)).states);
}

/// A clock step the explorer chooses: none, or 1 to J ticks on one server
/// at any tick before the horizon, each a run of the clock-jump fault.
#[test]
fn a_chosen_clock_step_is_a_clock_jump_of_that_size_at_that_tick() {
    use dlock_core::params::Fault;
    let config = config(LockKind::Redlock, true, ResourceKind::Plain);
    let bound = Bound {
        horizon: 12,
        fault: SearchedFault::ClockStep(3),
        ..small(3, 2, 0)
    };
    // B at 1, A not stopped, a 2-tick step at tick 4.
    let run = replay(&config, &bound, &[1, 0, 2, 4]);
    assert!(matches!(
        run.params.fault,
        Fault::ClockJump {
            servers: 1,
            at: 4,
            jump: 2,
            ..
        }
    ));
    assert_eq!(simulate(&run.params), run);
    // No step: no fault at all, and the clients subtract what they would
    // with a step (the configuration's allowance), as they cannot tell.
    let still = replay(&config, &bound, &[1, 0, 0]);
    assert_eq!(still.params.fault, Fault::None);
    assert_eq!(still.params.drift_allowance(), run.params.drift_allowance());
    assert_eq!(
        dlock_core::explore::step::check_steps(&config, &bound, &[1, 0, 0, 4]),
        Err("the run makes 3 choices, not 4".to_owned())
    );
    let report = explore_all(config, bound);
    assert!(report.complete);
    assert!(
        report.states
            > explore_all(
                config,
                Bound {
                    fault: SearchedFault::None,
                    ..bound
                }
            )
            .states
    );
}

/// Conformance for every scenario preset, as shipped and with its remedy:
/// the preset's run, driven through the explorer's tape (its choices
/// reproducing the preset's B and pause, every message on time), is the
/// study's run of the preset, event for event and audit for audit.
#[test]
fn every_preset_is_a_path_of_the_explorer_s_tape() {
    use dlock_core::beyond::Scenario;
    let bound = Bound {
        horizon: 400,
        ..small(60, 60, 0)
    };
    for scenario in Scenario::ALL {
        for values in [scenario.defaults(), scenario.with_remedy()] {
            let p = scenario.params(&values);
            let network = p.acquiring.takes_time();
            let choices = study_choices(&p, bound.max_pause, network);
            let mut sim = Simulator::default();
            *sim.tape_mut() = Tape::exploring(bound.ranges(), &choices);
            sim.start(&p, Mode::Skip, true);
            while sim.step() {}
            assert_eq!(sim.tape_mut().out_of_range(), None, "{scenario:?}");
            let explored = sim.to_run();
            let study = simulate(&p);
            assert_eq!(explored, study, "{scenario:?} {values:?}");
            assert_eq!(explored.audit(), study.audit(), "{scenario:?}");
        }
    }
}

/// The symmetry reduction is sound: counting states that differ only in
/// how servers are numbered as one finds the same broken properties, with
/// counterexamples of the same length, as keeping them apart, and never
/// more states. Late messages, restarts and clock steps included, where
/// the servers stop being alike.
#[test]
fn the_symmetry_reduction_finds_what_the_whole_search_finds() {
    use dlock_core::explore::{check_reduced, Reduction};
    use dlock_core::params::RestartRemedy;
    let bounds = [
        Bound {
            horizon: 6,
            ..small(1, 1, 1)
        },
        Bound {
            horizon: 12,
            fault: SearchedFault::Restart(RestartRemedy::None),
            ..small(3, 2, 0)
        },
        Bound {
            horizon: 10,
            fault: SearchedFault::ClockStep(2),
            ..small(2, 2, 0)
        },
    ];
    let mut reduced_somewhere = false;
    for bound in bounds {
        for (lock, check) in [(LockKind::Redlock, true), (LockKind::Redlock, false)] {
            for resource in [ResourceKind::Plain, ResourceKind::Fencing] {
                let config = Config {
                    servers: 3,
                    ttl: 5,
                    ..config(lock, check, resource)
                };
                let reduced = check_reduced(config, bound, Reduction::All);
                let whole = check_reduced(config, bound, Reduction::Whole);
                assert!(reduced.complete && whole.complete);
                assert!(reduced.states <= whole.states);
                reduced_somewhere |= reduced.states < whole.states;
                for (r, w) in reduced.properties.iter().zip(&whole.properties) {
                    assert_eq!(r.holds, w.holds, "{config:?} {bound:?} {:?}", r.name);
                    assert_eq!(
                        r.counterexample.as_ref().map(|c| c.length),
                        w.counterexample.as_ref().map(|c| c.length),
                        "{config:?} {bound:?} {:?}",
                        r.name
                    );
                }
            }
        }
    }
    assert!(reduced_somewhere);
}

/// Every counterexample the explorer finds is a list of choices a link
/// can carry: `check_steps` accepts it, restarts and late messages
/// included (it replays as the explorer does, record and all).
#[test]
fn a_counterexample_s_steps_pass_the_link_check() {
    use dlock_core::params::RestartRemedy;
    let config = Config {
        servers: 3,
        ttl: 5,
        ..config(LockKind::Redlock, true, ResourceKind::Plain)
    };
    let bound = Bound {
        horizon: 5,
        fault: SearchedFault::Restart(RestartRemedy::None),
        ..small(0, 0, 1)
    };
    let report = explore_all(config, bound);
    let mut checked = 0;
    for p in &report.properties {
        if let Some(c) = &p.counterexample {
            assert_eq!(
                dlock_core::explore::step::check_steps(&config, &bound, &c.steps),
                Ok(()),
                "{:?}",
                p.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 2, "{checked}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `--reduce all` against `--reduce none`: settling the past
    /// (`scenario::settle`: between ticks, each record is fingerprinted
    /// from its first live part on, with a summary of the rest) and the
    /// servers' symmetry lose nothing: over every lock, resource, fault
    /// (lost messages and a fast clock too), either client pausing, a
    /// third client, A asking late, and a sample of small bounds, the
    /// reduced search
    /// finds the same broken properties, with counterexamples of the same
    /// length, as the search that hashes every record whole.
    #[test]
    fn reduce_all_finds_what_reduce_none_finds(
        row in 0..15usize,
        servers in 1u16..5,
        ttl in 2u32..8,
        (max_arrival, max_pause, max_delay) in (0u32..4, 0u32..5, 0u32..2),
        (horizon, within) in (3u32..12, 1u32..8),
        fault in 0..11usize,
        max_lost in 0u8..3,
        pause_at in 0..3usize,
        pausing in 0..2usize,
        clients in 2u8..4,
        max_a_arrival in 0u32..3,
    ) {
        use dlock_core::explore::{check_reduced, Reduction};
        use dlock_core::params::RestartRemedy;
        // The matrix's twelve rows, then each lock with registered tokens.
        let config = match row {
            0..12 => Config::matrix(servers, ttl)[row],
            _ => Config { resource: ResourceKind::Register, ..Config::matrix(servers, ttl)[(row - 12) * 4] },
        };
        let bound = Bound {
            max_arrival,
            max_pause,
            max_delay,
            horizon,
            within,
            max_states: 100_000,
            // Three cases in eleven without a fault, three with a restart,
            // two with a clock step of one or two ticks, two with a clock
            // running at 200% or 300%, one with A reaching one server
            // alone for up to two ticks (servers not interchangeable).
            fault: match fault {
                3..=5 => SearchedFault::Restart(RestartRemedy::ALL[fault - 3]),
                6..=7 => SearchedFault::ClockStep(fault as u32 - 5),
                8..=9 => SearchedFault::ClockRate(100 * (fault as u32 - 6)),
                10 => SearchedFault::Partition(2),
                _ => SearchedFault::None,
            },
            max_lost,
            pause_at: PauseAt::ALL[pause_at],
            pausing: Pausing::ALL[pausing],
            clients,
            max_a_arrival,
        };
        let reduced = check_reduced(config, bound, Reduction::All);
        let whole = check_reduced(config, bound, Reduction::Whole);
        prop_assume!(whole.complete);
        prop_assert!(reduced.complete);
        prop_assert!(reduced.states <= whole.states);
        for (r, w) in reduced.properties.iter().zip(&whole.properties) {
            prop_assert_eq!(r.verdict, w.verdict, "{:?} {:?} {:?}", config, bound, r.name);
            prop_assert_eq!(
                r.counterexample.as_ref().map(|c| c.length),
                w.counterexample.as_ref().map(|c| c.length),
                "{:?} {:?} {:?}", config, bound, r.name
            );
        }
    }
}

/// Mutual exclusion as verification states it: two clients at once
/// between being granted the lock and letting go of it.
mod mutual_exclusion {
    use super::*;

    fn verdict(config: Config, bound: Bound) -> dlock_core::explore::report::PropertyReport {
        let report = explore_all(config, bound);
        assert!(report.complete);
        report
            .properties
            .into_iter()
            .find(|p| p.name == Property::Safety(Finding::MutualExclusion))
            .unwrap()
    }

    /// The seed's lease lock: A, paused past its lease, is still inside
    /// when B is granted the lock; no lease overlaps on any server.
    #[test]
    fn fails_for_the_seed_s_lease_lock() {
        let run = simulate(&Params::default());
        let found = run.audit();
        assert!(found.overlapping_grants.is_empty());
        let overlap = found.mutual_exclusion.first().expect("A and B inside at once");
        assert_eq!((overlap.first.client, overlap.first.start), (Client::A, 0));
        assert_eq!(overlap.second.client, Client::B);
        let p = verdict(Config::default(), Bound::default());
        assert_eq!(p.verdict, dlock_core::explore::Verdict::Fails);
    }

    /// Redlock's clients with the validity check, three servers, ttl 6:
    /// mutual exclusion fails while the lock's own side of the contract
    /// (overlapping valid leases) holds. Among its breaks is the schedule
    /// specl finds: A checks its validity, finds time left, and is stopped
    /// before it writes; B is granted the lock while A is still inside,
    /// and A's write lands on B's.
    #[test]
    fn fails_for_redlock_with_the_validity_check_between_check_and_write() {
        use dlock_core::explore::Verdict;
        let config = Config {
            lock: LockKind::Redlock,
            servers: 3,
            ttl: 6,
            ..Config::default()
        };
        let bound = small(8, 8, 0);
        let report = explore_all(config, bound);
        let by_name = |name| report.properties.iter().find(|p| p.name == name).unwrap();
        assert_eq!(
            by_name(Property::Safety(Finding::OverlappingHolds)).verdict,
            Verdict::Holds
        );
        assert_eq!(
            by_name(Property::Safety(Finding::MutualExclusion)).verdict,
            Verdict::Fails
        );
        let stale = by_name(Property::Safety(Finding::StaleOverwrites))
            .counterexample
            .as_ref()
            .expect("a stale overwrite");
        let run = replay(&config, &bound, &stale.steps);
        assert!(run.params.recheck_at.is_some(), "A stopped just after its check");
        let checked_ok = run
            .entries
            .iter()
            .any(|e| e.client == Client::A && matches!(e.what, What::ValidityChecked { ok: true, .. }));
        assert!(checked_ok);
        let found = run.audit();
        assert!(found.overlapping_holds.is_empty());
        let overlap = found.mutual_exclusion.first().expect("A and B inside at once");
        assert_eq!(
            (overlap.first.client, overlap.second.client),
            (Client::A, Client::B)
        );
    }

    /// The lease lock holds it when no pause outlasts the lease: A lets
    /// go before its lease can run out under B.
    #[test]
    fn holds_for_the_lease_lock_when_no_pause_outlasts_the_lease() {
        let ttl = Config::default().ttl;
        // A reads at t=1 and may pause from there: a pause of ttl - 3
        // still has A write and release before its lease ends.
        let p = verdict(Config::default(), small(12, ttl - 3, 0));
        assert_eq!(p.verdict, dlock_core::explore::Verdict::Holds);
        let longer = verdict(Config::default(), small(12, ttl + 2, 0));
        assert_eq!(longer.verdict, dlock_core::explore::Verdict::Fails);
    }
}

/// The page's matrix searches every row under one bound; a lease row under
/// a bound with late or lost messages is the search with none, as the
/// lease lock sends no message, and its report and its `dlock check` line
/// say so. A Redlock row keeps them.
#[test]
fn a_lease_row_under_late_messages_is_the_search_without_them() {
    let lease = config(LockKind::Lease, true, ResourceKind::Plain);
    let late = Bound {
        max_delay: 1,
        max_lost: 1,
        ..small(3, 3, 0)
    };
    let with = explore_all(lease, late);
    let without = explore_all(lease, small(3, 3, 0));
    assert_eq!(
        (with.states, with.transitions),
        (without.states, without.transitions)
    );
    assert_eq!((with.bound.max_delay, with.bound.max_lost), (0, 0));
    let line = dlock_core::command::check_command(&lease, &late);
    assert!(
        !line.contains("--max-delay") && !line.contains("--max-lost"),
        "{line}"
    );
    let redlock = config(LockKind::Redlock, true, ResourceKind::Plain);
    assert_eq!(Bound::for_config(late, &redlock), late);
    let line = dlock_core::command::check_command(&redlock, &late);
    assert!(
        line.contains("--max-delay 1") && line.contains("--max-lost 1"),
        "{line}"
    );
}

/// A pass that says nothing says so: with a lease too short to leave any
/// validity, nobody ever writes or holds the lock, so the data's
/// properties and those comparing two grants hold vacuously, and
/// liveness fails, as being told "no validity" answers no one. With a
/// usable lease, the same properties are not vacuous.
#[test]
fn a_property_whose_subject_never_happens_holds_vacuously() {
    let (short, bound) = dlock_core::explore::vacuity::no_validity_left();
    let report = explore_all(short, bound);
    assert!(report.complete);
    let vacuous: BTreeSet<Property> = report
        .properties
        .iter()
        .filter(|p| p.vacuous)
        .map(|p| p.name)
        .collect();
    let expected: BTreeSet<Property> = Property::ALL
        .into_iter()
        .filter(|p| {
            !matches!(
                p,
                Property::Safety(Finding::OverlappingGrants) | Property::Liveness | Property::Starvation
            )
        })
        .collect();
    assert_eq!(vacuous, expected);
    // Nobody holds the lock: the lock sits idle, and each asker starves.
    assert_eq!(
        failing(&report),
        BTreeSet::from([Property::Liveness, Property::Starvation])
    );
    let stale = report
        .properties
        .iter()
        .find(|p| p.name == Property::Safety(Finding::StaleOverwrites))
        .expect("checked");
    assert!(report
        .verdict(stale)
        .starts_with("holds, vacuously: no two clients both wrote"));
    assert_eq!(serde_json::to_value(stale).expect("json")["vacuous"], true);
    let usable = explore_all(Config { ttl: 6, ..short }, bound);
    assert!(
        usable.properties.iter().all(|p| !p.vacuous),
        "{:?}",
        usable.properties
    );
}

/// Vacuity is per property: where only A ever writes (B arrives while A
/// holds the lease, and the run ends before B is granted), a stale
/// overwrite and a lost update have no second writer's write to compare
/// and hold vacuously, while "no client writes without the lock", whose
/// subject is any write, holds and means it.
#[test]
fn with_one_writer_the_properties_comparing_two_hold_vacuously() {
    let config = Config {
        lock: LockKind::Lease,
        servers: 3,
        ttl: 5,
        ..Config::default()
    };
    let bound = Bound {
        max_arrival: 0,
        max_pause: 0,
        horizon: 3,
        ..Bound::default()
    };
    let report = explore_all(config, bound);
    let vacuous = |finding| {
        report
            .properties
            .iter()
            .find(|p| p.name == Property::Safety(finding))
            .map(|p| (p.verdict, p.vacuous))
    };
    for finding in [Finding::StaleOverwrites, Finding::LostUpdates] {
        assert_eq!(vacuous(finding), Some((Verdict::Holds, true)), "{finding:?}");
    }
    assert_eq!(vacuous(Finding::UnlockedWrites), Some((Verdict::Holds, false)));
}

/// Time only moves forward: in every counterexample of the fault × remedy
/// table, and in the split vote that comes back round after round (whose
/// last give-up fell due at a horizon already passed, and was once noted
/// at t=9 after a round closed at t=11), no event of the run and no
/// state of its trace comes before the one ahead of it.
#[test]
fn no_counterexample_goes_back_in_time() {
    use dlock_core::explore::argument::Cell;
    let split_vote = Config {
        servers: 4,
        ttl: 5,
        ..config(LockKind::Redlock, true, ResourceKind::Plain)
    };
    let split_bound = Bound {
        max_arrival: 0,
        max_pause: 0,
        max_delay: 1,
        horizon: 9,
        within: 9,
        ..Bound::default()
    };
    let searches = Cell::all()
        .into_iter()
        .map(|cell| (format!("{cell:?}"), cell.config(), cell.bound()))
        .chain([("split vote".to_owned(), split_vote, split_bound)]);
    let mut seen = 0;
    for (name, config, bound) in searches {
        let report = explore_all(config, bound);
        for p in &report.properties {
            let Some(found) = &p.counterexample else { continue };
            let run = replay(&config, &bound, &found.steps);
            let ticks: Vec<_> = run.entries.iter().map(|e| e.t).collect();
            assert!(ticks.is_sorted(), "{name} {:?}: events at {ticks:?}", p.name);
            let states: Vec<_> = dlock_core::explore::itf::states(&config, &bound, &found.steps)
                .iter()
                .map(|s| s.t)
                .collect();
            assert!(states.is_sorted(), "{name} {:?}: states at {states:?}", p.name);
            seen += 1;
        }
    }
    assert!(seen >= 100, "only {seen} counterexamples");
}

/// A state limit bounds the work of one step too: three clients that each
/// may pause make a set-up of tens of thousands of ways, and a search
/// limited to 1,000 states stops after about as many runs, "unknown",
/// rather than after running every way of the set-up first.
#[test]
fn a_state_limit_stops_the_search_inside_a_wide_step() {
    let bound = Bound {
        max_arrival: 8,
        max_pause: 8,
        horizon: 30,
        clients: 3,
        pausing: Pausing::Every,
        max_states: 1000,
        ..Bound::default()
    };
    let report = explore_all(config(LockKind::Redlock, true, ResourceKind::Plain), bound);
    assert!(!report.complete, "the limit cut it short");
    assert!(report.states <= 1000, "{} states", report.states);
    assert!(
        report.transitions <= 1100,
        "{} transitions run",
        report.transitions
    );
    // Its twin: without the limit, the set-up alone is far more ways.
    let whole = dlock_core::explore::Explorer::new(
        config(LockKind::Redlock, true, ResourceKind::Plain),
        Bound {
            max_states: 20_000,
            ..bound
        },
    );
    let mut whole = whole;
    whole.run_for(1);
    assert!(
        whole.states() > 5_000,
        "{} states after the set-up",
        whole.states()
    );
}

/// Liveness per client: B, kept out for 25 ticks by a paused holder of a
/// 30-tick lease, starves, though someone holds the lock all along; with
/// a window longer than the wait, it is served.
#[test]
fn a_client_behind_a_paused_holder_starves_while_the_lock_stays_live() {
    let config = Config {
        servers: 3,
        ttl: 30,
        ..config(LockKind::Lease, true, ResourceKind::Plain)
    };
    let bound = Bound {
        max_arrival: 0,
        max_pause: 25,
        horizon: 25,
        within: 20,
        ..small(0, 25, 0)
    };
    let report = explore_all(config, bound);
    assert!(report.complete);
    assert_eq!(failing(&report), BTreeSet::from([Property::Starvation]));
    let starved = report
        .properties
        .iter()
        .find(|p| p.name == Property::Starvation)
        .and_then(|p| p.counterexample.as_ref())
        .expect("a counterexample");
    let run = replay(&config, &bound, &starved.steps);
    assert!(
        run.entries
            .iter()
            .all(|e| e.client != Client::B || !matches!(e.what, What::Acquired { .. }) || e.t > 20),
        "B holds nothing within its window"
    );
    // Its twin: B's window past the holder's lease, and no one starves.
    let patient = explore_all(
        config,
        Bound {
            horizon: 40,
            within: 35,
            ..bound
        },
    );
    assert!(patient.complete);
    assert!(!failing(&patient).contains(&Property::Starvation));
}
