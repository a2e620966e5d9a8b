//! The corrupted run in numbers: who held the lock when, and why A's write matters.

use super::Section;
use crate::state::AppState;
use dlock_core::words::count;
use dlock_core::{Client, Outcome, Run};
use leptos::prelude::*;

/// The run's numbers, computed.
#[component]
pub fn ArithmeticSection(state: AppState) -> impl IntoView {
    let arithmetic = Memo::new(move |_| state.run.with(arithmetic));
    let holders = Memo::new(move |_| state.run.with(holders));
    let a_write_explained = Memo::new(move |_| state.run.with(|run| a_write_explained(run).to_owned()));
    view! {
        <Section id="arithmetic" title="The arithmetic">
            // The steps, and beside them where the page is wide what they add up to.
            <div class="columns wide-columns">
                <div class="columns-figure">
                    <ul data-testid="arithmetic">{move || arithmetic.get().into_iter().map(|s| view! { <li prop:textContent=s></li> }).collect_view()}</ul>
                </div>
                <div class="columns-intro"><p data-testid="holders" prop:textContent=holders></p></div>
                <div class="columns-text"><p data-testid="a-write-explained" prop:textContent=a_write_explained></p></div>
            </div>
        </Section>
    }
}

/// The corrupted run's story in numbers (§6.2).
pub fn arithmetic(run: &Run) -> Vec<String> {
    let p = run.params;
    let mut out = Vec::new();
    let start = p.a_acquires_at();
    match (p.expiry, run.a_lease_end()) {
        // A write that lands before the lease runs out is followed by a
        // release, which ends the lease early.
        (true, Some(end)) if end < start.saturating_add(p.ttl) => out.push(format!(
            "A acquires at t={start} with a {}-tick lease, and releases it at t={end}, once its write is done.",
            p.ttl
        )),
        (true, Some(end)) => out.push(format!(
            "A acquires at t={start} with a {}-tick lease, so its lease is the interval [{start}, {end}) and it is dead from t={end} on.",
            p.ttl
        )),
        _ => out.push(format!(
            "A acquires at t={start} and, with expiry switched off, holds the lock until it releases it."
        )),
    }
    match (run.b_acquired_at, run.votes_of(Client::B)) {
        (Some(t), Some(votes)) => out.push(format!(
            "B starts asking at t={}, waits {}, and gets {votes} of {} at t={t} — a quorum is {}.",
            p.b_arrives,
            count(t - p.b_arrives, "tick", "ticks"),
            count(p.servers, "vote", "votes"),
            p.quorum()
        )),
        _ => out.push(format!(
            "B starts asking at t={} and never gets the lock before the run ends.",
            p.b_arrives
        )),
    }
    if let Some(b) = run.first_write(Client::B) {
        out.push(format!(
            "B writes {} with token {} at t={}: {}.",
            b.value,
            b.token,
            b.t,
            if b.accepted { "accepted" } else { "rejected" }
        ));
    }
    match run.first_write(Client::A) {
        Some(a) => {
            let since = run
                .a_lease_end()
                .filter(|&e| e <= a.t)
                .map(|e| format!(", {} after its lease ended", count(a.t - e, "tick", "ticks")));
            out.push(format!(
                "A comes back from its pause and writes {} with token {} at t={}{}: {}.",
                a.value,
                a.token,
                a.t,
                since.unwrap_or_default(),
                if a.accepted {
                    "accepted"
                } else {
                    "rejected as stale"
                }
            ));
        }
        None if p.a_crashes => out.push("A crashed and never writes.".to_owned()),
        None => out.push("A never sends its write: its re-check said the lock was lost.".to_owned()),
    }
    out.push(format!(
        "The resource ends at {}; a serial run — A's critical section, then B's — ends at {}.",
        run.final_value,
        run.serial_answer()
    ));
    out
}

/// Who held the lock at each write, and just before and at A's lease end
/// (at the run's end when there is neither: core's `holder_ticks`).
pub fn holders(run: &Run) -> String {
    let parts: Vec<String> = dlock_core::transcript::holder_ticks(run)
        .iter()
        .map(|&t| format!("at t={t}, {}", run.held_at(t).name()))
        .collect();
    format!("Who holds a quorum: {}.", parts.join("; "))
}

/// What A's write has to do with the lock, for the run on screen. The
/// study's run shows the write the lock would have refused and the storage
/// service took; a reader's own parameters may instead have A write in
/// time, not at all, into a fenced resource, or where nobody is hurt.
pub fn a_write_explained(run: &Run) -> &'static str {
    let Some(a) = run.first_write(Client::A) else {
        return "A makes no write here, so there is nothing for anyone to refuse: the danger this study is about \
                is a write that outlives its lease.";
    };
    let found = run.audit();
    let unlocked = found
        .unlocked_writes
        .iter()
        .any(|w| w.client == Client::A && w.t == a.t);
    if !unlocked {
        return "A writes while it still holds a quorum, so here the lock does its job. The danger is a write made \
                after the lease is gone, which the storage service cannot tell apart from this one.";
    }
    if !a.accepted {
        return "A's write is still made without the lock: at that tick the lock service would have refused A. \
                But the write carries A's token, and the storage service, having seen a newer one, refuses it.";
    }
    match found.outcome {
        Outcome::Corrupt => {
            "The write that does the damage is not made by a rival holder: at that tick the lock service would \
             have refused A. But the storage service never asks the lock service anything, and the write carries \
             nothing that says how old it is."
        }
        Outcome::StaleAccepted => {
            "A's write is made without the lock: at that tick the lock service would have refused A. The storage \
             service checks A's token, but it has not yet seen B's newer one, so the old token still looks current."
        }
        Outcome::LostUpdate => {
            "A's write is made without the lock: at that tick the lock service would have refused A, and the storage \
             service, which never asks it, takes the write. Then B's write, computed from a read taken before A's \
             landed, erases it: here the damage falls on A's own work."
        }
        _ => {
            "A's write is still made without the lock: at that tick the lock service would have refused A, and the \
             storage service, which never asks it, takes the write. Nothing is lost only because no one else's work \
             was there to overwrite."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::{simulate, Params};

    #[test]
    fn the_arithmetic_follows_a_write_made_in_time_and_a_wedged_lock() {
        let p = Params::default();
        let in_time = dlock_core::simulate(&Params { pause_len: 5, ..p });
        let lines = arithmetic(&in_time);
        assert_eq!(
            lines[0],
            format!(
                "A acquires at t=0 with a 10-tick lease, and releases it at t={}, once its write is done.",
                in_time.a_lease_end().expect("A releases")
            )
        );
        assert!(a_write_explained(&in_time).starts_with("A writes while it still holds a quorum"));

        let wedged = dlock_core::simulate(&Params {
            expiry: false,
            a_crashes: true,
            ..p
        });
        assert_eq!(
            holders(&wedged),
            format!("Who holds a quorum: at t={}, A.", wedged.end_tick)
        );
        assert!(a_write_explained(&wedged).starts_with("A makes no write here"));
    }

    #[test]
    fn why_a_s_write_matters_is_worded_for_the_run_on_screen() {
        let p = Params::default();
        let explained = |changed: Params| a_write_explained(&dlock_core::simulate(&changed));
        assert!(explained(p).contains("the write carries nothing that says how old it is"));
        assert!(explained(Params { fencing: true, ..p }).contains("having seen a newer one, refuses it"));
        assert!(explained(Params {
            fencing: true,
            pause_len: 12,
            ..p
        })
        .contains("has not yet seen B's newer one"));
        assert!(explained(Params {
            ttl: 14,
            b_arrives: 14,
            ..p
        })
        .contains("the damage falls on A's own work"));
        assert!(explained(Params { b_arrives: 100, ..p }).contains("Nothing is lost only because"));
        // Only the corrupt run is told a write "does the damage".
        for changed in [
            Params { fencing: true, ..p },
            Params { b_arrives: 100, ..p },
            Params { pause_len: 5, ..p },
        ] {
            assert!(!explained(changed).contains("does the damage"), "{changed:?}");
        }
    }

    #[test]
    fn the_arithmetic_states_the_default_numbers() {
        let text = arithmetic(&simulate(&Params::default())).join(" ");
        for needle in [
            "[0, 10)",
            "t=10",
            "5 of 5 votes at t=12",
            "quorum is 3",
            "'B' with token 2 at t=14",
            "'A' with token 1 at t=16, 6 ticks after",
            "ends at 'A'",
            "ends at 'AB'",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in {text}");
        }
        assert_eq!(
            holders(&simulate(&Params::default())),
            "Who holds a quorum: at t=9, A; at t=10, nobody; at t=14, B; at t=16, nobody."
        );
    }

    #[test]
    fn the_sentences_follow_the_parameters() {
        let p = Params {
            ttl: 25,
            ..Params::default()
        };
        let text = arithmetic(&simulate(&p)).join(" ");
        assert!(
            text.contains("a 25-tick lease, and releases it at t=17"),
            "A's release cuts the lease: {text}"
        );
        assert!(text.contains("at t=17"), "{text}");
        assert!(text.contains("ends at 'AB'"), "{text}");
        assert!(!text.contains("[0, 10)"));
    }

    #[test]
    fn a_crashed_client_gets_its_own_wording() {
        let crashed = arithmetic(&simulate(&Params {
            a_crashes: true,
            expiry: false,
            ..Params::default()
        }))
        .join(" ");
        assert!(
            crashed.contains("never gets the lock") && crashed.contains("A crashed"),
            "{crashed}"
        );
    }
}
