//! The failure modes beyond the seed, each pinned by its numbers, and the
//! properties that say which system failed.

use dlock_core::audit::{self, Outcome};
use dlock_core::beyond::{verdict, Failed, Scenario};
use dlock_core::params::{Fault, Reach, RestartRemedy};
use dlock_core::trace::What;
use dlock_core::{simulate, simulate_with, transcript, Client, Mode, Params};
use proptest::prelude::*;

#[path = "support/misnumbered.rs"]
mod support;
use support::misnumbered;

fn tokens(s: Scenario, values: &[u32]) -> (Option<u64>, Option<u64>) {
    let run = s.run(values);
    (run.a_token, run.b_token)
}

#[test]
fn token_drift_sends_the_token_backwards_and_fencing_accepts_the_stale_write() {
    let s = Scenario::TokenDrift;
    let run = s.run(&s.defaults());
    // Four handed-back grants on server 1, then 1-3: server 1 gives token 5.
    assert_eq!((run.a_token, run.b_token), (Some(5), Some(2)));
    assert_eq!(run.b_acquired_at, Some(16));
    let found = run.audit();
    assert!(found.overlapping_grants.is_empty() && found.overlapping_holds.is_empty());
    assert!(
        run.writes.iter().all(|w| w.accepted),
        "fencing let A's write through"
    );
    assert_eq!(run.final_value.as_str(), "A");
    assert_eq!(run.outcome(), Outcome::Corrupt);
    assert_eq!(verdict(&run).failed, Failed::Lock, "the lock issued the tokens");

    let fixed = s.run(&s.with_remedy());
    assert_eq!((fixed.a_token, fixed.b_token), (Some(1), Some(2)));
    assert_eq!(fixed.outcome(), Outcome::StaleRejected);
    assert_eq!(fixed.final_value.as_str(), "B");
}

#[test]
fn token_drift_needs_only_one_handed_back_grant() {
    let s = Scenario::TokenDrift;
    for partition in 0..=20u32 {
        let (a, b) = tokens(s, &[partition, 0]);
        assert_eq!(a, Some(u64::from(partition) + 1));
        assert_eq!(b, Some(2));
        let outcome = s.run(&[partition, 0]).outcome();
        // partition 1 ties the tokens at 2: `<` cannot see a tie either.
        let expected = if partition == 0 {
            Outcome::StaleRejected
        } else {
            Outcome::Corrupt
        };
        assert_eq!(outcome, expected, "partition {partition}");
        assert_eq!(s.run(&[partition, 1]).outcome(), Outcome::StaleRejected);
    }
}

/// Knob values for the restart preset: how many servers restart, and
/// whether each client reaches a bare majority (as the sources tell it) or
/// every server.
fn restart(servers: u32, bare: bool) -> Vec<u32> {
    vec![servers, 0, u32::from(!bare)]
}

#[test]
fn one_restarted_node_breaks_exclusion_when_the_majorities_share_only_it() {
    let s = Scenario::Restart;
    assert_eq!(s.defaults(), restart(1, true), "the sources' case is the default");
    for restarted in 0..=5u32 {
        for bare in [true, false] {
            let run = s.run(&restart(restarted, bare));
            let found = run.audit();
            let breaks = if bare { restarted >= 1 } else { restarted >= 3 };
            if breaks {
                assert_eq!(run.b_acquired_at, Some(4), "{restarted} {bare}");
                assert!(!found.overlapping_grants.is_empty());
                assert_eq!(found.overlapping_holds.len(), 1);
                assert_eq!(
                    (run.a_token, run.b_token),
                    (Some(1), Some(1)),
                    "counters restarted too"
                );
                assert!(
                    !found.token_ties.is_empty() && found.token_reversals.is_empty(),
                    "the repeated token is the lock's failure"
                );
                assert_eq!(run.outcome(), Outcome::Corrupt);
                assert_eq!(verdict(&run).failed, Failed::Lock);
            } else {
                assert!(found.overlapping_grants.is_empty() && found.overlapping_holds.is_empty());
                assert_eq!(run.b_acquired_at, Some(9), "B waits for A's release");
                assert_eq!(run.outcome(), Outcome::Clean);
                assert_eq!(verdict(&run).failed, Failed::Nothing);
            }
        }
    }
}

#[test]
fn persisting_or_staying_silent_restores_exclusion_at_a_price() {
    let s = Scenario::Restart;
    let persisted = s.run(&s.with("restart_remedy", 1));
    assert_eq!(persisted.b_acquired_at, Some(9));
    assert_eq!(persisted.final_value.as_str(), "AB");
    let silent = s.run(&s.with("restart_remedy", 2));
    // Silent until t = 3 + ttl 30: B waits long after A released at 9.
    assert_eq!(silent.b_acquired_at, Some(33));
    assert_eq!(silent.b_waited(), Some(29));
    for run in [persisted, silent] {
        assert!(run.audit().overlapping_grants.is_empty());
        assert!(
            run.audit().token_reversals.is_empty() && run.audit().token_ties.is_empty(),
            "no token repeats across the restart"
        );
        assert!(run.b_token > run.a_token);
        assert_eq!(run.outcome(), Outcome::Clean);
    }
    let p = s.params(&s.with("restart_remedy", 2));
    assert_eq!(
        p.fault,
        Fault::Restart {
            servers: 1,
            at: 3,
            remedy: RestartRemedy::StaySilent,
            reach: Reach::BareMajorities,
        }
    );
}

/// redis.io's delayed restart has no persistence: it keeps mutual
/// exclusion (no two holders, however many servers restart) but not the
/// tokens' order, since the restarted counters start again.
#[test]
fn a_delayed_restart_keeps_exclusion_but_can_repeat_a_token() {
    let s = Scenario::Restart;
    let mut repeated = 0;
    for restarted in 0..=5u32 {
        for reach in 0..=1u32 {
            let found = s.run(&[restarted, 2, reach]).audit();
            assert!(found.overlapping_holds.is_empty(), "{restarted} {reach}");
            assert!(found.overlapping_grants.is_empty(), "{restarted} {reach}");
            assert!(found.token_reversals.is_empty(), "{restarted} {reach}");
            repeated += u32::from(!found.token_ties.is_empty());
        }
    }
    assert!(repeated > 0, "some delayed restart repeats a token");
    let all = s.run(&[5, 2, 1]);
    assert_eq!(
        (all.a_token, all.b_token),
        (Some(1), Some(1)),
        "every counter started again"
    );
}

/// Knob values for the clock preset: fast servers, their rate, the drift
/// allowance, fencing, and bare majorities (or every server).
fn clocks(fast: u32, rate: u32, allowance: u32, fencing: bool, bare: bool) -> Vec<u32> {
    vec![fast, rate, allowance, u32::from(fencing), u32::from(!bare)]
}

#[test]
fn one_fast_clock_breaks_exclusion_unless_the_allowance_covers_the_drift() {
    let s = Scenario::ClockDrift;
    assert_eq!(
        s.defaults(),
        clocks(1, 200, 1, false, true),
        "Redlock's allowance, one fast node"
    );
    // Server 3 at 200%: a 10-tick lease ends at real tick 5 there.
    for allowance in 0..=10u32 {
        let run = s.run(&clocks(1, 200, allowance, false, true));
        let found = run.audit();
        assert!(
            found.overlapping_grants.is_empty(),
            "no server's own record overlaps"
        );
        if allowance >= 10 {
            // No validity at all: a failed acquire, for both clients.
            assert_eq!((run.a_token, run.b_acquired_at), (None, None));
            assert!(run.writes.is_empty());
            let gave_back = run
                .entries
                .iter()
                .filter(|e| matches!(e.what, What::NoValidity { .. }))
                .count();
            assert_eq!(gave_back, 2);
            continue;
        }
        assert_eq!(run.b_acquired_at, Some(5));
        // A trusts its lease over [0, 10 - allowance); B holds from 5.
        assert_eq!(
            !found.overlapping_holds.is_empty(),
            10 - allowance > 5,
            "allowance {allowance}"
        );
        // A writes at 8 only if it still trusts the lease; B, at 7, likewise.
        let wrote = |c| run.writes.iter().any(|w| w.client == c);
        assert_eq!(wrote(Client::A), 8 < 10 - allowance, "allowance {allowance}");
        assert_eq!(wrote(Client::B), 7 < 5 + 10 - allowance, "allowance {allowance}");
        let b_checked = run
            .entries
            .iter()
            .any(|e| e.client == Client::B && matches!(e.what, What::ValidityChecked { .. }));
        assert!(b_checked, "B checks its validity as A does");
        let expected = if wrote(Client::A) {
            Outcome::Corrupt
        } else {
            Outcome::Clean
        };
        assert_eq!(run.outcome(), expected, "allowance {allowance}");
    }
    // Reaching every server, one or two fast clocks are not a quorum.
    let minority = s.run(&clocks(2, 200, 1, false, false));
    assert!(minority.audit().overlapping_holds.is_empty());
    assert_eq!(minority.final_value.as_str(), "AB");
    assert!(!s
        .run(&clocks(3, 200, 1, false, false))
        .audit()
        .overlapping_holds
        .is_empty());
    // Accurate clocks: the study's world again.
    assert_eq!(s.run(&clocks(1, 100, 1, false, true)).final_value.as_str(), "AB");
}

#[test]
fn fencing_catches_what_the_drift_allowance_cannot() {
    let s = Scenario::ClockDrift;
    let fenced = s.run(&s.with_remedy());
    assert!(fenced.params.fencing);
    assert!(fenced.a_token < fenced.b_token, "A's token is older than B's");
    assert_eq!(fenced.outcome(), Outcome::StaleRejected);
    assert_eq!(fenced.final_value.as_str(), "B");
    // The lock still failed; the resource kept the data right.
    assert_eq!(verdict(&fenced).failed, Failed::Lock);
    let text = verdict(&s.run(&s.defaults())).sentences.join(" ");
    assert!(text.contains("covers only 1 tick"), "{text}");
    // An allowance as large as the drift does absorb it, at the cost of
    // half the lease.
    let covering = dlock_core::beyond::allowance_covering_the_drift();
    assert_eq!(covering, 5);
    let covered = s.run(&s.with("clock_allowance", covering));
    assert!(covered.audit().overlapping_holds.is_empty());
    assert_eq!(verdict(&covered).failed, Failed::Nothing);
}

#[test]
fn a_slow_network_corrupts_exactly_like_a_pause_and_fencing_catches_it() {
    let s = Scenario::SlowNetwork;
    let run = s.run(&s.defaults());
    let sent = run
        .entries
        .iter()
        .find(|e| matches!(e.what, dlock_core::trace::What::Sent { .. }))
        .expect("A sends");
    assert_eq!(sent.t, 2);
    assert!(run.a_lease_end() > Some(2), "sent while the lease is valid");
    assert_eq!(
        run.writes.iter().find(|w| w.client == Client::A).map(|w| w.t),
        Some(16)
    );
    assert_eq!(run.outcome(), Outcome::Corrupt);
    assert!(!run
        .entries
        .iter()
        .any(|e| matches!(e.what, dlock_core::trace::What::Paused { .. })));
    assert_eq!(s.run(&s.with_remedy()).outcome(), Outcome::StaleRejected);
}

#[test]
fn fencing_accepts_a_stale_write_that_lands_before_the_new_holders_first_write() {
    let s = Scenario::StaleAccepted;
    for pause in 0..=20u32 {
        let run = s.run(&[pause, 0]);
        let w = 2 + pause;
        // B acquires at 12, reads at 13 and writes at 14. At 13 A's write
        // lands before B's read, which builds on it: accepted, harmless.
        let expected = match w {
            14 => Outcome::StaleAccepted,
            w if w > 14 => Outcome::StaleRejected,
            _ => Outcome::Clean,
        };
        assert_eq!(run.outcome(), expected, "A writes at {w}");
        let registered = s.run(&[pause, 1]).outcome();
        assert_ne!(registered, Outcome::StaleAccepted, "A writes at {w}");
        if w > 12 {
            assert_eq!(registered, Outcome::StaleRejected, "A writes at {w}");
        }
    }
    let tie = s.run(&s.defaults());
    assert_eq!(
        tie.final_value.as_str(),
        "B",
        "B's write clobbers A's accepted one"
    );
    assert_eq!(audit::stale_accepts(&tie.writes).count(), 1);
}

/// A clock that steps forward ends the leases on it early: with the
/// majorities sharing that server, B's majority forms while A still holds
/// its own, and the drift allowance (one tick) cannot absorb a step.
/// Without a step nothing overlaps; fencing saves the data either way.
#[test]
fn a_clock_that_jumps_breaks_exclusion_unless_it_does_not_jump() {
    let s = Scenario::ClockJump;
    let jumped = s.run(&s.defaults());
    let found = jumped.audit();
    assert_eq!(found.overlapping_holds.len(), 1);
    // Kleppmann's example: the stepped server granted B's lease inside
    // A's, as it had granted A's. The step cut A's short on that server
    // only (`end`), not the lease it granted (`promised`).
    let overlap = found
        .overlapping_grants
        .first()
        .expect("the stepped server granted over A");
    assert_eq!(found.overlapping_grants.len(), 1);
    assert_eq!(
        (overlap.first.client, overlap.second.client),
        (Client::A, Client::B)
    );
    assert!(overlap.first.end <= overlap.second.start && overlap.second.start < overlap.first.promised);
    assert_eq!(found.outcome, Outcome::Corrupt);
    assert_eq!(
        dlock_core::beyond::verdict(&jumped).failed,
        dlock_core::beyond::Failed::Lock
    );
    for jump in 0..=1 {
        let small = s.run(&s.with("jump", jump)).audit();
        if jump == 0 {
            assert!(
                small.overlapping_grants.is_empty(),
                "no step, no grant over a lease"
            );
        }
        assert!(
            small.overlapping_holds.is_empty(),
            "a step of {jump} is within the allowance"
        );
    }
    let fenced = s.run(&s.with_remedy());
    assert_eq!(fenced.audit().outcome, Outcome::StaleRejected);
    assert_eq!(fenced.final_value.to_string(), "'B'");
}

/// Any scenario, any knob values in range (and a little beyond, to test the
/// clamping).
fn any_scenario() -> impl Strategy<Value = (Scenario, Vec<u32>)> {
    (0..Scenario::ALL.len(), prop::collection::vec(0u32..=450, 4))
        .prop_map(|(i, values)| (Scenario::ALL[i], values))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_scenario_is_valid_deterministic_and_skip_safe((s, values) in any_scenario()) {
        let p = s.params(&values);
        prop_assert_eq!(p.validate(), Ok(()));
        let skip = simulate_with(&p, Mode::Skip);
        let every = simulate_with(&p, Mode::EveryTick);
        prop_assert_eq!(transcript::run_text(&skip), transcript::run_text(&every));
        prop_assert_eq!(&skip, &every);
        prop_assert_eq!(skip, simulate(&p));
    }

    /// The page exports with serde and imports with serde's derived readers:
    /// whatever one writes, the other must read back exactly.
    #[test]
    fn every_exported_scenario_run_imports_to_its_parameters((s, values) in any_scenario(), pretty: bool) {
        let p = s.params(&values);
        let report = dlock_core::report::RunReport::new(&simulate(&p));
        let text = if pretty { serde_json::to_string_pretty(&report) } else { serde_json::to_string(&report) };
        let imported = dlock_core::report::ImportedRun::read(serde_json::from_str::<serde_json::Value>(&text.expect("serialise")).expect("JSON"));
        prop_assert_eq!(imported.map(|i| i.params), Ok(p));
    }

    #[test]
    fn an_ordered_counter_never_lets_drift_through(partition in 0u32..=20) {
        let run = Scenario::TokenDrift.run(&[partition, 1]);
        prop_assert_eq!(audit::stale_overwrites(&run.writes).count(), 0);
        prop_assert!(run.a_token < run.b_token);
    }

    #[test]
    fn a_slow_write_is_a_pause_by_another_name(
        delay in 0u32..=40, ttl in 1u32..=30, b_arrives in 0u32..=30, fencing: bool,
    ) {
        let slow = Params {
            ttl,
            b_arrives,
            fencing,
            pause_len: 0,
            fault: Fault::SlowNetwork { delay },
            ..Params::default()
        };
        let paused = Params { pause_len: delay, fault: Fault::None, ..slow };
        let (a, b) = (simulate(&slow), simulate(&paused));
        prop_assert_eq!(a.outcome(), b.outcome());
        prop_assert_eq!(a.final_value, b.final_value);
        prop_assert_eq!(a.writes, b.writes);
    }

    #[test]
    fn without_a_restart_or_a_clock_fault_the_lock_never_has_two_holders((s, values) in any_scenario()) {
        let run = s.run(&values);
        let holds = audit::overlapping_holds(&run.entries, dlock_core::contract::validity_ticks(&run.params));
        if !matches!(run.params.fault, Fault::Restart { .. } | Fault::ClockDrift { .. } | Fault::ClockJump { .. }) {
            prop_assert!(holds.is_empty());
            prop_assert!(audit::overlapping_grants(&run.grants).is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Scenario texts word their counts and server ranges right, including
    /// one restarted server, one fast clock and a one-tick network delay.
    #[test]
    fn scenario_texts_put_their_nouns_in_the_right_number(
        i in 0usize..5,
        values in prop::collection::vec(prop_oneof![0u32..=3, 0u32..=450], 3),
    ) {
        let s = Scenario::ALL[i];
        let text = dlock_core::beyond::scenario_text(s, &values);
        prop_assert_eq!(misnumbered(&text), None, "{}", text);
    }
}
