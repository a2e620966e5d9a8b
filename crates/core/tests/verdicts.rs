//! A verdict is a function of what happened, and the audits read a tick's
//! events in the order the transcript prints them. Checked over every
//! scenario and every value of every knob (the clock rate in steps).

use dlock_core::audit::{self, Held, Hold};
use dlock_core::beyond::{verdict, Failed, KnobKind, Scenario};
use dlock_core::trace::What;
use dlock_core::types::{Client, Tick, Token};
use dlock_core::Run;
use std::collections::BTreeMap;

/// Every combination of knob values of `s` (numbers with a wide range are
/// stepped so the product stays small).
fn every_setting(s: Scenario) -> Vec<Vec<u32>> {
    let mut settings = vec![Vec::new()];
    for k in s.knobs() {
        let step = match k.kind {
            KnobKind::Number if k.limit.max - k.limit.min > 40 => 25,
            _ => 1,
        };
        let values: Vec<u32> = (k.limit.min..=k.limit.max).step_by(step).collect();
        settings = settings
            .into_iter()
            .flat_map(|prefix| {
                values.iter().map(move |&v| {
                    let mut next = prefix.clone();
                    next.push(v);
                    next
                })
            })
            .collect();
    }
    settings
}

fn every_run() -> impl Iterator<Item = (Scenario, Vec<u32>, Run)> {
    Scenario::ALL.into_iter().flat_map(|s| {
        every_setting(s).into_iter().map(move |values| {
            let run = s.run(&values);
            (s, values, run)
        })
    })
}

/// What happened, and nothing about how it was configured: who held the
/// lock when, the tokens the lock issued in grant order, the writes in the
/// order they landed, and the value left behind next to the serial one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Happened {
    holds: Vec<(Client, Tick, Tick)>,
    tokens: Vec<(Client, Token)>,
    writes: Vec<(Tick, Client, String, Token, bool)>,
    final_value: String,
    serial: String,
}

fn happened(run: &Run) -> Happened {
    Happened {
        holds: audit::holds(&run.entries)
            .iter()
            .map(|h: &Hold| (h.client, h.start, h.end))
            .collect(),
        tokens: run
            .entries
            .iter()
            .filter_map(|e| match e.what {
                What::Acquired { token, .. } => Some((e.client, token)),
                _ => None,
            })
            .collect(),
        writes: run
            .writes
            .iter()
            .map(|w| (w.t, w.client, w.value.as_str().to_owned(), w.token, w.accepted))
            .collect(),
        final_value: run.final_value.as_str().to_owned(),
        serial: run.serial_answer().as_str().to_owned(),
    }
}

#[test]
fn runs_in_which_the_same_things_happened_get_the_same_verdict() {
    let mut seen: BTreeMap<Happened, (Failed, String)> = BTreeMap::new();
    let mut groups_with_several = 0;
    for (s, values, run) in every_run() {
        let failed = verdict(&run).failed;
        let name = format!("{} {values:?}", s.code());
        match seen.get(&happened(&run)) {
            Some((first, first_name)) => {
                groups_with_several += 1;
                assert_eq!(
                    failed, *first,
                    "{name} and {first_name}: the same run, two verdicts"
                );
            }
            None => {
                seen.insert(happened(&run), (failed, name));
            }
        }
    }
    assert!(
        groups_with_several > 100,
        "the property compared runs ({groups_with_several})"
    );
}

/// Where each client's last acquire and release sit before entry `k`.
fn held_by_transcript(run: &Run, k: usize, client: Client) -> bool {
    let acquired = run.entries[..k]
        .iter()
        .rposition(|e| e.client == client && matches!(e.what, What::Acquired { .. }));
    let Some(a) = acquired else { return false };
    !run.entries[a..k]
        .iter()
        .any(|e| e.client == client && matches!(e.what, What::Released { .. }))
}

#[test]
fn every_unlocked_write_line_agrees_with_the_transcripts_order() {
    let mut checked = 0;
    for (s, values, run) in every_run() {
        let found = audit::unlocked_writes(&run.entries, &run.grants, run.quorum);
        for u in &found {
            let k = run
                .entries
                .iter()
                .position(|e| e.t == u.t && e.client == u.client && matches!(e.what, What::Wrote { .. }))
                .expect("the write is in the transcript");
            for c in u.holders.clients() {
                assert!(
                    held_by_transcript(&run, k, c),
                    "{} {values:?}: t={} names {c} as holder, but the transcript has {c} acquire after the write or release before it",
                    s.code(),
                    u.t
                );
            }
            if u.holders == Held::Nobody || !u.holders.clients().contains(&u.client.other()) {
                // The other client, if it acquired before the write and had
                // not released, must have lost its quorum to expiry.
                let other = u.client.other();
                if held_by_transcript(&run, k, other) {
                    let quorum_live = run
                        .grants
                        .iter()
                        .filter(|g| g.client == other && g.start <= u.t && u.t < g.expires)
                        .count();
                    assert!(
                        quorum_live < usize::from(run.quorum),
                        "{} {values:?}: t={} says {other} did not hold, yet its leases were live",
                        s.code(),
                        u.t
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "the property saw unlocked writes ({checked})");
}

#[test]
fn a_write_before_an_acquire_on_the_same_tick_is_not_made_under_it() {
    // B acquires at 12; A's slow write lands at 12, earlier in the tick.
    let run = Scenario::SlowNetwork.run(&Scenario::SlowNetwork.with("net_delay", 10));
    let found = run.audit();
    let holders: Vec<Held> = found.unlocked_writes.iter().map(|u| u.holders).collect();
    assert_eq!(holders, [Held::Nobody]);
    // A's write at 12 before B acquires and registers its token at 12:
    // nobody held the lock, and the resource had no newer token to refuse.
    let s = Scenario::StaleAccepted;
    let registered = s.run(&[10, 1]);
    let found = registered.audit();
    let holders: Vec<Held> = found.unlocked_writes.iter().map(|u| u.holders).collect();
    assert_eq!(holders, [Held::Nobody]);
    assert!(found.stale_accepts.is_empty(), "no newer lease existed yet");
    // And a release later in the tick still held the lock when A wrote.
    let drift = Scenario::ClockDrift.run(&Scenario::ClockDrift.defaults());
    let holders: Vec<Held> = drift.audit().unlocked_writes.iter().map(|u| u.holders).collect();
    assert_eq!(holders, [Held::Only(Client::B)]);
}

#[test]
fn token_drift_blames_the_lock_and_its_ordered_counter_clears_it() {
    let s = Scenario::TokenDrift;
    let run = s.run(&s.defaults());
    assert_eq!(verdict(&run).failed, Failed::Lock);
    assert!(!run.audit().token_reversals.is_empty());
    let fixed = s.run(&s.with_remedy());
    assert!(fixed.audit().token_reversals.is_empty());
    assert_eq!(verdict(&fixed).failed, Failed::Nothing);
}

#[test]
fn a_verdict_that_blames_the_lock_says_so_first_and_one_that_does_not_never_says_it_failed() {
    for (s, values, run) in every_run() {
        let v = verdict(&run);
        let first = v.sentences.first().cloned().unwrap_or_default();
        assert_eq!(
            first.starts_with("The lock failed"),
            v.failed == Failed::Lock,
            "{} {values:?}: {first}",
            s.code()
        );
    }
}
