//! B arriving late: the corruption vanishes from the data, not from the run.

use super::Section;
use crate::figures::sweeps::LateArrival;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::sweep;
use dlock_core::words::count;
use dlock_core::{Client, Params, Tick};
use leptos::prelude::*;

/// B arriving later, and A still writing without the lock.
#[component]
pub fn VanishSection(state: AppState) -> impl IntoView {
    let vanishing = Memo::new(move |_| vanishing(&state.settled.get(), sweep::STUDY_LATE_B));
    view! {
        <Section id="vanish" title="Where the effect vanishes">
            <div class="columns wide-columns">
                <div class="columns-intro">
                    <p>"In the study's run, moving B's arrival later makes the corruption disappear — but A still writes without the lock. "
                       "Nobody was there to be hurt."</p>
                    <p data-testid="vanishing-sentence" prop:textContent=vanishing></p>
                </div>
                <div class="columns-figure">
                    <LateArrival state />
                    <FigureTools state figure=Figure::Sweeps />
                </div>
                <div class="columns-text">
                    <p>"This is why the bug is rare in production and bad when it happens: contention during a pause is the witness, not the "
                       "cause. Years without an incident show that pauses and contention have not yet coincided, not that the locking is sound."</p>
                </div>
            </div>
        </Section>
    }
}

/// The late-B comparison (§6.6): same schedule, B arriving at `late`.
pub fn vanishing(p: &Params, late: Tick) -> String {
    let run = dlock_core::simulate(&Params {
        b_arrives: late,
        ..*p
    });
    let found = run.audit();
    let a_unlocked = found.unlocked_writes.iter().any(|u| u.client == Client::A);
    format!(
        "With B arriving at t={late}: final value {}, {}, and A's write {}.",
        run.final_value,
        count(
            found.stale_overwrites.len() as u64,
            "stale overwrite",
            "stale overwrites"
        ),
        match (a_unlocked, run.first_write(Client::A)) {
            (true, _) => "is still made without the lock",
            (false, Some(_)) => "is made while A holds the lock",
            (false, None) => "is never made",
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_late_b_sentence_says_whether_a_s_write_is_locked_or_made() {
        let in_time = Params {
            pause_len: 5,
            ..Params::default()
        };
        assert!(vanishing(&in_time, 100).ends_with("A's write is made while A holds the lock."));
        let crashed = Params {
            a_crashes: true,
            ..Params::default()
        };
        assert!(vanishing(&crashed, 100).ends_with("A's write is never made."));
    }

    #[test]
    fn the_late_b_sentence_is_computed() {
        assert_eq!(vanishing(&Params::default(), 100), "With B arriving at t=100: final value 'AB', 0 stale overwrites, and A's write is still made without the lock.");
    }
}
