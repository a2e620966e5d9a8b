//! Acquiring over a network (issue 31): requests and replies take time,
//! and the client checks the validity left once a majority has answered
//! (Redlock's step 3). What the two sides of the 2016 debate say of it,
//! run: the check catches a pause *before* it (antirez's answer to the
//! GC example), and nothing in the lock catches one *after* it (the
//! window both authors grant every lease-based lock).

use dlock_core::audit::Held;
use dlock_core::params::Acquiring;
use dlock_core::trace::{Skipped, What};
use dlock_core::{simulate, Client, Outcome, Params, Tick};
use proptest::prelude::*;

#[path = "support/schedules.rs"]
mod schedules;
use schedules::basic_params;

fn slow(latency: Tick, a_pause: Tick, validity_check: bool) -> Acquiring {
    Acquiring {
        latency,
        a_pause,
        validity_check,
    }
}

/// The study's schedule with no pause after acquiring: the only pause is
/// the one while A's replies are in flight.
fn paused_while_acquiring(acquiring: Acquiring, b_arrives: Tick) -> Params {
    Params {
        pause_len: 0,
        b_arrives,
        acquiring,
        ..Params::default()
    }
}

/// Whether A wrote while B held the lock: A's stale write landing.
fn a_wrote_under_b(run: &dlock_core::Run) -> bool {
    run.audit()
        .unlocked_writes
        .iter()
        .any(|w| w.client == Client::A && w.holders != Held::Nobody)
}

#[test]
fn with_the_check_no_pause_while_acquiring_lets_a_write_under_b_s_lease() {
    for latency in 1..=3 {
        for a_pause in 0..=30 {
            for b_arrives in 0..=30 {
                let run = simulate(&paused_while_acquiring(slow(latency, a_pause, true), b_arrives));
                let audit = run.audit();
                let case = format!("latency {latency}, acquire pause {a_pause}, B at {b_arrives}");
                assert!(audit.overlapping_holds.is_empty(), "{case}: two holders");
                assert!(!a_wrote_under_b(&run), "{case}: A wrote under B's lease");
                assert_eq!(audit.outcome, Outcome::Clean, "{case}");
            }
        }
    }
}

/// Without the check some pause while acquiring lets A write under B's
/// lease and lose B's work — and every such write is one A made past the
/// validity Redlock's contract gives it: the audits blame the client that
/// broke the contract, never the lock (no server granted two leases, and
/// no two clients were entitled to the lock at once).
#[test]
fn without_the_check_some_pause_while_acquiring_does_and_the_client_is_blamed() {
    let (mut wrote_under_b, mut lost) = (0, 0);
    for latency in 1..=3 {
        for a_pause in 0..=30 {
            for b_arrives in 0..=30 {
                let run = simulate(&paused_while_acquiring(slow(latency, a_pause, false), b_arrives));
                let audit = run.audit();
                let case = format!("latency {latency}, acquire pause {a_pause}, B at {b_arrives}");
                assert!(audit.overlapping_grants.is_empty(), "{case}");
                assert!(audit.overlapping_holds.is_empty(), "{case}");
                if a_wrote_under_b(&run) {
                    wrote_under_b += 1;
                    assert!(
                        audit
                            .late_writes
                            .iter()
                            .any(|w| w.client == Client::A && w.broke_contract()),
                        "{case}: A wrote under B's lease within its validity"
                    );
                }
                lost += u32::from(audit.outcome == Outcome::LostUpdate);
            }
        }
    }
    assert!(wrote_under_b > 0 && lost > 0, "{wrote_under_b} {lost}");
}

/// The run: A acquires with one tick of validity left. Keeping the
/// contract it checks that validity immediately before writing, finds it
/// gone, and does not write.
#[test]
fn a_client_keeping_the_contract_does_not_write_once_its_validity_has_run_out() {
    let p = Params {
        ttl: 10,
        b_arrives: 10,
        ..paused_while_acquiring(slow(1, 8, true), 10)
    };
    let run = simulate(&p);
    let a: Vec<What> = run
        .entries
        .iter()
        .filter(|e| e.client == Client::A)
        .map(|e| e.what)
        .collect();
    assert!(
        a.iter().any(|w| matches!(
            w,
            What::ValidityChecked {
                valid_until: 10,
                ok: false
            }
        )),
        "{a:?}"
    );
    assert!(a.iter().any(|w| matches!(
        w,
        What::WriteSkipped {
            why: Skipped::ValidityEnded,
            ..
        }
    )));
    let audit = run.audit();
    assert!(audit.unlocked_writes.is_empty() && audit.late_writes.is_empty());
    assert_eq!(run.final_value.to_string(), "'B'");
}

/// Kleppmann's example, one tick per message: A's replies arrive while it
/// is stopped; by the time it reads them its lease has run out on every
/// server and B holds the lock. With the check A releases and tries
/// again; without it A believes it holds the lock too.
#[test]
fn the_check_turns_kleppmann_s_pause_into_a_retry() {
    let checked = simulate(&paused_while_acquiring(slow(1, 14, true), 12));
    assert!(checked
        .entries
        .iter()
        .any(|e| e.client == Client::A && matches!(e.what, What::TooLate { elapsed: 15, .. })));
    assert_eq!(checked.a_token, Some(3), "A's second round, after B's lease");
    assert!(checked.audit().overlapping_holds.is_empty());
    let trusting = simulate(&paused_while_acquiring(slow(1, 12, false), 12));
    let audit = trusting.audit();
    assert!(
        audit.overlapping_holds.is_empty(),
        "past its validity A was not entitled to the lock"
    );
    assert!(a_wrote_under_b(&trusting));
    let late = audit.late_writes.first().expect("A's write is late");
    assert_eq!((late.client, late.broke_contract()), (Client::A, true));
}

/// The seed's pause after acquiring: the study's lease client (an
/// instantaneous acquire) corrupts; a Redlock client that checks its
/// validity right before writing finds it gone and does not write; one
/// that never checks writes and corrupts, breaking the contract.
#[test]
fn the_seed_s_pause_after_acquiring_is_caught_by_a_check_made_after_it() {
    assert_eq!(simulate(&Params::default()).audit().outcome, Outcome::Corrupt);
    for latency in 1..=3 {
        let checked = simulate(&Params {
            acquiring: slow(latency, 0, true),
            ..Params::default()
        });
        assert_eq!(checked.audit().outcome, Outcome::Clean, "latency {latency}");
        assert!(checked.writes.iter().all(|w| w.client == Client::B));
        let trusting = simulate(&Params {
            acquiring: slow(latency, 0, false),
            ..Params::default()
        });
        let audit = trusting.audit();
        assert_eq!(audit.outcome, Outcome::Corrupt, "latency {latency}");
        assert!(audit.late_writes.iter().all(|w| w.broke_contract()) && !audit.late_writes.is_empty());
    }
}

/// The window the contract cannot close: A checks its validity (and the
/// lock) before the pause, finds time left, is stopped right after, and
/// writes on that answer. Corrupt at every latency, with the check — and
/// the audit names the window, not a broken contract.
#[test]
fn a_pause_between_the_check_and_the_write_corrupts_whatever_the_latency() {
    for latency in 1..=3 {
        let run = simulate(&Params {
            recheck_at: Some(2),
            acquiring: slow(latency, 0, true),
            ..Params::default()
        });
        let audit = run.audit();
        assert_eq!(audit.outcome, Outcome::Corrupt, "latency {latency}");
        let late = audit.late_writes.first().expect("A's write is late");
        assert_eq!(late.client, Client::A);
        assert_eq!(late.checked_at, Some(2 + 2 * latency), "latency {latency}");
        assert!(audit.overlapping_holds.is_empty());
    }
}

/// A lease shorter than a round trip is worthless however fast the client
/// is: with the check nobody ever holds it, and nobody keeps retrying.
#[test]
fn a_lease_shorter_than_a_round_trip_is_given_up() {
    let p = Params {
        ttl: 2,
        acquiring: slow(1, 0, true),
        ..Params::default()
    };
    let run = simulate(&p);
    assert!(run.a_token.is_none() && run.b_token.is_none());
    let gave_up = run
        .entries
        .iter()
        .filter(|e| matches!(e.what, What::NoValidity { .. }))
        .count();
    assert_eq!(gave_up, 2, "each client gives up after one round");
}

proptest! {
    /// Without time to acquire there is nothing for the check to catch:
    /// the instantaneous acquire gives the same run with it or without.
    #[test]
    fn an_instant_acquire_needs_no_check(p in basic_params()) {
        let unchecked = Params { acquiring: slow(0, 0, false), ..p };
        let (a, b) = (simulate(&p), simulate(&unchecked));
        prop_assert_eq!((a.entries, a.grants, a.writes), (b.entries, b.grants, b.writes));
    }

    /// With the check, whatever the latency, the pause while acquiring and
    /// the schedule after it, no two clients are ever entitled to the lock
    /// at once: each trusts its lease only until ttl after it sent its
    /// requests, and every server's lease began after that.
    #[test]
    fn with_the_check_the_lock_never_has_two_holders(
        p in basic_params(),
        latency in 0u32..=3,
        a_pause in 0u32..=30,
    ) {
        let p = Params { acquiring: slow(latency, a_pause, true), ..p };
        let run = simulate(&p);
        prop_assert!(run.audit().overlapping_holds.is_empty(), "{:?}", p);
        // Every lease a client keeps had validity left when it read the replies.
        for e in &run.entries {
            if let What::Acquired { lease_end, .. } = e.what {
                prop_assert!(lease_end > e.t, "{:?}: acquired at {} valid until {}", p, e.t, lease_end);
            }
        }
    }

    /// Each server's lease starts when the request reaches it, and a round
    /// the client did not keep is released on every server.
    #[test]
    fn leases_start_on_arrival_and_a_dropped_round_is_released(
        p in basic_params(),
        latency in 1u32..=3,
        a_pause in 0u32..=30,
    ) {
        let p = Params { acquiring: slow(latency, a_pause, true), ..p };
        let run = simulate(&p);
        for e in &run.entries {
            if let What::Requested { arrive, .. } = e.what {
                prop_assert_eq!(arrive, e.t + latency);
                prop_assert!(run.grants.iter().all(|g| g.client != e.client || g.start != e.t));
            }
            if let What::TooLate { .. } = e.what {
                // Released when the release arrives: no grant of that round
                // outlives it.
                let released_at = e.t + latency;
                prop_assert!(run
                    .grants
                    .iter()
                    .filter(|g| g.client == e.client && g.start <= e.t && e.t < g.expires)
                    .all(|g| g.end <= released_at));
            }
        }
    }
}
