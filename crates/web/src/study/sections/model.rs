//! The model: what the simulation is made of, and the parameters in force,
//! said in one line that follows them.
//!
//! The model section's one line on the parameters in force: what the
//! cluster and leases are, what A does and when B arrives, in the words
//! the transcript uses for the same run.

use super::Section;
use crate::state::AppState;
use dlock_core::words::count;
use dlock_core::Params;
use leptos::prelude::*;

/// The model in words, and the parameters.
#[component]
pub fn ModelSection(state: AppState) -> impl IntoView {
    let model = move || state.params.with(right_now);
    view! {
        <Section id="model" title="The model">
            <p>"Two clients, a cluster of lock servers, one storage service. Time is a whole number of ticks; every run is a pure "
               "function of its parameters, computed in your browser. A acquires the lock, reads the resource, stops running "
               "for a while (think of a long garbage-collection pause), then appends its letter to what it read and writes it back. "
               "B asks for the lock every tick from its arrival until it gets it, then does the same with its own letter. "
               "Letters rather than a counter, so the final value tells the story: it holds each critical section that was "
               "applied, in the order applied, and a missing letter is work that was lost or refused."</p>
            <p data-testid="model-sentence" prop:textContent=model></p>
            <p>"The parameters are set under the lease timeline at the top of the page ("<a href="#corrupted">"The corrupted run"</a>"); every figure on the page follows them."</p>
        </Section>
    }
}

/// The model section's summary of the current parameters. A pause of no
/// length, a crash and leases without expiry each read as what they are.
/// Acquiring over a network, A's script counts from when it holds the
/// lock (as the transcript's heading does), and a stop while its first
/// replies travel comes first.
pub fn right_now(p: &Params) -> String {
    let (from, to) = (p.effective_pause_from(), p.write_tick());
    let after = " ticks after it holds the lock";
    let script = match (p.acquiring.takes_time(), p.a_crashes, to > from) {
        (false, true, _) => format!("A crashing at t={from}"),
        (true, true, _) => format!("A crashing {from}{after}"),
        (false, false, true) => format!("A paused from t={from} to t={to}"),
        (true, false, true) => format!("A paused from {from} to {to}{after}"),
        (false, false, false) => format!("A writing at t={to} without a pause"),
        (true, false, false) => format!("A writing {to}{after}, without a pause there"),
    };
    let acquiring = p.acquiring;
    let a = if acquiring.takes_time() && acquiring.a_pause > 0 {
        let stopped = p.a_acquires_at() + acquiring.latency;
        format!(
            "A stopped from t={stopped} to t={} while its first replies travel, then {}",
            stopped + acquiring.a_pause,
            script.trim_start_matches("A ")
        )
    } else {
        script
    };
    let leases = if p.expiry {
        format!("leases of {}", count(p.ttl, "tick", "ticks"))
    } else {
        "leases that never expire".to_owned()
    };
    format!(
        "Right now: {} (a quorum is {}), {leases}, {a}, B arriving at t={}.",
        count(p.servers, "lock server", "lock servers"),
        p.quorum(),
        p.b_arrives
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::Client;

    #[test]
    fn the_summary_says_what_a_does_and_how_long_leases_last() {
        let p = Params::default();
        assert_eq!(
            right_now(&p),
            "Right now: 5 lock servers (a quorum is 3), leases of 10 ticks, A paused from t=2 to t=16, B arriving at t=12."
        );
        let one = Params {
            servers: 1,
            ttl: 1,
            pause_len: 0,
            ..p
        };
        assert_eq!(
            right_now(&one),
            "Right now: 1 lock server (a quorum is 1), leases of 1 tick, A writing at t=2 without a pause, B arriving at t=12."
        );
        // Stopped while its replies travel (issue 52, finding 5: this
        // read "A writing at t=2 without a pause" beside a transcript
        // where A is stopped from 1 to 14).
        let acquire_pause = Params {
            pause_len: 0,
            acquiring: dlock_core::params::Acquiring {
                latency: 1,
                a_pause: 13,
                validity_check: true,
            },
            ..p
        };
        let run = dlock_core::simulate(&acquire_pause);
        let paused = run
            .entries
            .iter()
            .find_map(|e| match e.what {
                dlock_core::trace::What::Paused { until } if e.client == Client::A => Some((e.t, until)),
                _ => None,
            })
            .expect("A pauses");
        assert_eq!(paused, (1, 14));
        assert_eq!(
            right_now(&acquire_pause),
            "Right now: 5 lock servers (a quorum is 3), leases of 10 ticks, A stopped from t=1 to t=14 while its first replies travel, then writing 2 ticks after it holds the lock, without a pause there, B arriving at t=12."
        );
        let crash = Params {
            a_crashes: true,
            expiry: false,
            ..p
        };
        assert!(right_now(&crash).contains("leases that never expire, A crashing at t=2,"));
    }
}
