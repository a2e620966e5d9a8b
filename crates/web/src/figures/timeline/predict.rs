//! Predicting the run (`predict=1`): under the timeline, the question its
//! next event answers, with an answer to click; once the event is shown,
//! whether the answer was right and what happened. Questions and answers
//! are core's (`dlock_core::predict`), read off the run on show. Page
//! Down reveals the next event with no answer given, so a lecturer can
//! ask the room, then show it.

use crate::controls::playback::Playback;
use crate::state::AppState;
use dlock_core::predict::{next_prediction, predictions, Prediction};
use dlock_core::Tick;
use leptos::prelude::*;

/// What a reader says once an event is shown: right or not, then the
/// right answer and the transcript's sentence. `given` is the answer the
/// reader clicked, if any.
pub fn told(p: &Prediction, given: Option<u8>) -> String {
    let right = p.answers[usize::from(p.correct)];
    match given {
        Some(given) if given == p.correct => format!("Right: {right}. {}", p.told),
        Some(_) => format!("Not quite: {right}. {}", p.told),
        None => format!("{right}. {}", p.told),
    }
}

/// The "Predict" switch beside Play. Switched on, the run starts again
/// from before its first event.
#[component]
pub fn PredictSwitch(state: AppState, playback: Playback) -> impl IntoView {
    let on = move || state.settings.with(|s| s.predict);
    let toggle = move |_| {
        let predict = !state.settings.with_untracked(|s| s.predict);
        playback.playing.set(false);
        state.settings.update(|s| {
            s.predict = predict;
            if predict {
                s.cursor = None;
            }
        });
    };
    view! {
        <button type="button" class="predict-button" data-testid="predict" on:click=toggle
            aria-pressed=move || on().to_string()
            title="Hide what has not happened yet, and ask what happens next before showing it">
            {move || if on() { "Predicting ✓" } else { "Predict" }}
        </button>
    }
}

/// The question before the next event, and the answer to the one just
/// shown.
#[component]
pub fn PredictPanel(state: AppState, playback: Playback) -> impl IntoView {
    let asked = Memo::new(move |_| state.run.with(predictions));
    // The tick an answer revealed, and the answer: forgotten on the next.
    let given = RwSignal::new(None::<(Tick, u8)>);
    let shown = move || {
        let now = state.cursor()?;
        let p = asked.with(|a| a.iter().find(|p| p.at == now).cloned())?;
        let answer = given.get().filter(|&(at, _)| at == p.at).map(|(_, a)| a);
        let right = answer.map(|a| a == p.correct);
        Some(view! {
            <p class="predict-told" data-testid="predict-told"
                data-right=right.map(|r| r.to_string())>{told(&p, answer)}</p>
        })
    };
    let next = move || {
        let Some(p) = asked.with(|a| next_prediction(a, state.cursor()).cloned()) else {
            return view! { <p class="predict-ask" data-testid="predict-done">"Every event is shown."</p> }
                .into_any();
        };
        let at = p.at;
        let buttons = p
            .answers
            .iter()
            .enumerate()
            .map(|(i, &answer)| {
                let choose = move |_| {
                    given.set(Some((at, i as u8)));
                    playback.playing.set(false);
                    playback.cursor.set.run(Some(at));
                };
                view! {
                    <button type="button" data-testid="predict-answer" data-answer=i.to_string() on:click=choose>{answer}</button>
                }
            })
            .collect_view();
        view! {
            <p class="predict-ask" data-testid="predict-ask" data-at=at.to_string()>{p.ask.clone()}</p>
            <div class="predict-answers">{buttons}</div>
        }
        .into_any()
    };
    view! {
        <div class="predict" data-testid="predict-panel" aria-live="polite">
            {shown}
            {next}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::{simulate, Params};

    #[test]
    fn the_reveal_says_right_or_not_from_core_s_answer() {
        let asked = predictions(&simulate(&Params {
            fencing: true,
            ..Params::default()
        }));
        let late = asked.last().expect("A's late write is asked about");
        let wrong = 1 - late.correct;
        assert!(told(late, Some(late.correct)).starts_with("Right: It is rejected."));
        assert!(told(late, Some(wrong)).starts_with("Not quite: It is rejected."));
        assert!(told(late, None).starts_with("It is rejected."));
        assert!(told(late, None).ends_with(&late.told));
    }
}
