//! Sentences that cannot contradict their own run (issue 38, item 5).
//!
//! Every number a transcript line states about acquiring, validity and
//! pauses is recomputed here from the parameters and the record, not read
//! back from the entry that printed it; and a client that gave up does
//! nothing more. Random schedules cover the study's, acquiring over a
//! network with and without the validity check, and the faults.

use dlock_core::params::{Acquiring, Fault, Reach, RestartRemedy};
use dlock_core::trace::{Entry, What};
use dlock_core::{simulate, transcript, Client, Params, Run, Tick};
use proptest::prelude::*;

#[path = "support/schedules.rs"]
mod schedules;
use schedules::basic_params;

/// A fault the study leaves out, or none.
fn fault(ttl: Tick) -> impl Strategy<Value = Fault> {
    let reach = prop_oneof![Just(Reach::All), Just(Reach::BareMajorities)];
    prop_oneof![
        Just(Fault::None),
        (0u16..=5, 100u32..=400, 0..=ttl, reach.clone()).prop_map(|(fast, rate_pct, allowance, reach)| {
            Fault::ClockDrift {
                fast,
                rate_pct,
                allowance,
                reach,
            }
        }),
        (0u16..=5, 1u32..=20, 0usize..3, reach).prop_map(|(servers, at, remedy, reach)| Fault::Restart {
            servers,
            at,
            remedy: RestartRemedy::ALL[remedy],
            reach,
        }),
        (0u32..=6, any::<bool>()).prop_map(|(partition, ordered)| Fault::TokenDrift { partition, ordered }),
    ]
}

fn any_run_params() -> impl Strategy<Value = Params> {
    (
        basic_params(),
        0u32..=3,
        0u32..=20,
        any::<bool>(),
        proptest::option::of(0u32..=20),
    )
        .prop_flat_map(|(p, latency, a_pause, validity_check, recheck)| {
            fault(p.ttl).prop_map(move |fault| Params {
                servers: 5,
                fault,
                recheck_at: recheck.map(|c| c.min(p.write_tick())),
                acquiring: Acquiring {
                    latency,
                    a_pause,
                    validity_check,
                },
                ..p
            })
        })
        .prop_filter("valid parameters", |p| p.validate().is_ok())
}

/// The whole numbers in a line, in order ("t=12", "[9, 10)", "3 of 5").
fn numbers(line: &str) -> Vec<u64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("digits"))
        .collect()
}

fn allowance(p: &Params) -> Tick {
    match p.fault {
        Fault::ClockDrift { allowance, .. } => allowance,
        _ => 0,
    }
}

/// T1 of the acquire an entry belongs to: the client's latest requests,
/// or the entry itself when acquiring takes no time.
fn t1(run: &Run, index: usize) -> Tick {
    let e = &run.entries[index];
    run.entries[..index]
        .iter()
        .rev()
        .take_while(|x| x.client != e.client || !matches!(x.what, What::Acquired { .. }))
        .find(|x| x.client == e.client && matches!(x.what, What::Requested { .. }))
        .map_or(e.t, |x| x.t)
}

/// The T1 of the lease the client holds at entry `index`.
fn held_since(run: &Run, index: usize) -> Option<Tick> {
    let client = run.entries[index].client;
    (0..index)
        .rev()
        .find(|&i| run.entries[i].client == client && matches!(run.entries[i].what, What::Acquired { .. }))
        .map(|i| t1(run, i))
}

fn check_line(run: &Run, index: usize) -> Result<(), TestCaseError> {
    let p = &run.params;
    let e: &Entry = &run.entries[index];
    let line = transcript::entry_line(e, p);
    let n = numbers(&line);
    let (ttl, allow) = (u64::from(p.ttl), u64::from(allowance(p)));
    let network = p.acquiring.takes_time();
    match e.what {
        What::NoValidity { .. } => {
            let trip = if network {
                2 * u64::from(p.acquiring.latency)
            } else {
                0
            };
            // t, votes, servers, quorum, ttl, [round trip,] allowance
            let stated = if trip > 0 {
                n[4..7].to_vec()
            } else {
                vec![n[4], 0, n[5]]
            };
            prop_assert_eq!(stated.clone(), vec![ttl, trip, allow], "{}", line);
            prop_assert!(ttl <= trip + allow, "{}: validity is above zero", line);
        }
        What::TooLate { .. } => {
            // t, votes, servers, quorum, elapsed, ttl, elapsed, allowance, retry
            let elapsed = u64::from(e.t - t1(run, index));
            prop_assert_eq!(n[4], elapsed, "{}", line);
            prop_assert_eq!(&n[5..8], &[ttl, elapsed, allow], "{}", line);
            prop_assert!(ttl <= elapsed + allow, "{}: validity is above zero", line);
        }
        What::Acquired { votes, .. } => {
            prop_assert!(votes >= p.quorum() && votes <= p.servers, "{}", line);
            // t, votes, servers, quorum, token, lease start, lease end
            let trusting = network && !p.acquiring.validity_check;
            let end = if !p.expiry {
                None
            } else if trusting {
                Some(u64::from(e.t) + ttl - allow)
            } else {
                Some(u64::from(t1(run, index)) + ttl - allow)
            };
            if let Some(end) = end {
                prop_assert_eq!(n[5..7].to_vec(), vec![u64::from(e.t), end], "{}", line);
            }
        }
        What::ValidityChecked { ok, .. } => {
            let since = held_since(run, index).expect("a check follows an acquire");
            let until = u64::from(since) + ttl - allow;
            prop_assert_eq!(n[1], until, "{}", line);
            prop_assert_eq!(ok, u64::from(e.t) < until, "{}", line);
        }
        What::Paused { until } => {
            prop_assert_eq!(n[1], u64::from(until), "{}", line);
            let next = run.entries[index + 1..].iter().find(|x| x.client == e.client);
            if let Some(next) = next {
                prop_assert!(next.t >= until, "{}: {:?} runs during the pause", line, next);
            }
        }
        What::Released { servers } => prop_assert!(servers <= p.servers, "{}", line),
        _ => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn every_stated_number_agrees_with_the_run(p in any_run_params()) {
        let run = simulate(&p);
        for i in 0..run.entries.len() {
            check_line(&run, i)?;
        }
    }

    #[test]
    fn a_client_that_gave_up_does_nothing_more(p in any_run_params()) {
        let run = simulate(&p);
        for client in Client::ALL {
            let mine: Vec<&Entry> = run.entries.iter().filter(|e| e.client == client).collect();
            if let Some(at) = mine.iter().position(|e| matches!(e.what, What::NoValidity { .. } | What::GaveUp)) {
                let after: Vec<&&Entry> = mine[at + 1..].iter().filter(|e| e.what != What::GaveUp).collect();
                prop_assert!(after.is_empty(), "{:?}: {} after giving up: {:?}", p, client, after);
            }
        }
    }

    /// A fast clock's lease is said at its real length, to a tenth of a
    /// tick, and the whole tick it is over by is the one the servers use.
    #[test]
    fn a_fast_clock_s_lease_is_said_at_its_real_length(ttl in 1u32..=200, rate in 100u32..=400) {
        let p = Params {
            ttl,
            fault: Fault::ClockDrift { fast: 1, rate_pct: rate, allowance: 0, reach: Reach::All },
            ..Params::default()
        };
        let line = transcript::describe(&p);
        let stated = line.split("lasts ").nth(1).expect("a length");
        let real: f64 = stated.split(' ').next().expect("a number").parse().expect("a decimal");
        let exact = f64::from(ttl) * 100.0 / f64::from(rate);
        prop_assert!((real - exact).abs() <= 0.05 + 1e-9, "{}: {} is not {}", line, real, exact);
        prop_assert!(f64::from(dlock_core::params::real_ticks(ttl, rate)) >= exact);
    }
}
