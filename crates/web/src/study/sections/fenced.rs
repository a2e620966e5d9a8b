//! Fencing: the same run with the storage refusing older tokens.

use super::Section;
use crate::draw::geometry::{beside_width, column_width};
use crate::figures::panels::DiffLines;
use crate::figures::timeline::drag::apply_drag;
use crate::figures::timeline::view::Timeline;
use crate::state::AppState;
use dlock_core::Run;
use leptos::prelude::*;

/// The same schedule with fencing the other way round.
#[component]
pub fn FencedSection(state: AppState) -> impl IntoView {
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t))
    });
    let cursor = Signal::derive(move || state.cursor());
    let width = Signal::derive(move || state.width.get());
    let caption = Signal::derive(|| "The same schedule with fencing, on the same time axis.".to_owned());
    let fencing_effect = Memo::new(move |_| {
        state
            .unfenced
            .with(|unfenced| state.fenced.with(|fenced| fencing_effect(unfenced, fenced)))
    });
    // Beside its words where the page is wide, as the scenarios are.
    let beside = move || column_width(state.width.get());
    let figure_width = Signal::derive(move || beside_width(width.get(), false));
    view! {
        <Section id="fenced" title="The same schedule, fenced">
            <div class="columns" class:side-by-side=move || beside().is_some()>
                <div class="columns-intro">
                    <p>"Fencing changes one thing, and not in the lock: the storage service remembers the highest token it has applied and "
                       "refuses any write that carries a lower one."</p>
                    <p data-testid="fencing-sentence" prop:textContent=fencing_effect></p>
                </div>
                <div class="columns-figure" style:width=move || beside().map(|w| format!("{w}px"))>
                    <Timeline run=state.fenced t_end=state.settled_t_end width=figure_width cursor caption testid="timeline-other" on_handle />
                </div>
                <div class="columns-text">
                    <DiffLines state />
                    <p>"A's work is discarded, not merged: it was computed from a read taken before B's critical section, so applying it in any "
                       "form would be wrong. Fencing turns silent corruption into a refusal A can see and retry after."</p>
                </div>
            </div>
        </Section>
    }
}

/// What fencing does to the same schedule (§6.3).
pub fn fencing_effect(unfenced: &Run, fenced: &Run) -> String {
    let rejected: Vec<String> = fenced
        .writes
        .iter()
        .filter(|w| !w.accepted)
        .map(|w| format!("{}'s write with token {} at t={}", w.client, w.token, w.t))
        .collect();
    let lock_same = unfenced.grants == fenced.grants;
    let final_value = if fenced.final_value == unfenced.final_value {
        format!("the final value is {} either way", fenced.final_value)
    } else {
        format!(
            "the final value is {} instead of {}",
            fenced.final_value, unfenced.final_value
        )
    };
    format!(
        "With fencing the resource rejects {}; {final_value}. The grant record is {} with and without fencing.",
        if rejected.is_empty() { "nothing".to_owned() } else { rejected.join(" and ") },
        if lock_same { "identical" } else { "different" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::{simulate, Params};

    #[test]
    fn the_fencing_sentence_is_computed() {
        let unfenced = simulate(&Params::default());
        let fenced = simulate(&Params {
            fencing: true,
            ..Params::default()
        });
        let text = fencing_effect(&unfenced, &fenced);
        assert!(text.contains("A's write with token 1 at t=16"), "{text}");
        assert!(text.contains("final value is 'B' instead of 'A'"));
        let late_b = Params {
            b_arrives: 100,
            ..Params::default()
        };
        let same = fencing_effect(
            &simulate(&late_b),
            &simulate(&Params {
                fencing: true,
                ..late_b
            }),
        );
        assert!(
            same.contains("rejects nothing; the final value is 'AB' either way."),
            "{same}"
        );
        assert!(text.contains("identical"));
    }
}
