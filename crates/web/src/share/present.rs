//! Presentation mode (`present=1`): one figure filling the window, drawn
//! large enough to read from the back of a lecture hall, with the page's
//! keys working wherever the focus is — Space, ← →, PageDown/PageUp (what
//! a presenter's clicker sends), Home/End — and Esc to leave. Under the
//! figure, the run's state at the cursor in one sentence, in large type.
//!
//! The figure is drawn at a fraction of the window's width and the
//! stylesheet stretches the drawing to the full width, so every label of
//! the drawing grows by the same factor ([`scale_for`], in `draw`).

use crate::controls::playback::KeysOnWindow;
use crate::settings::Figure;
use crate::state::AppState;
use dlock_core::history::state_at;
use dlock_core::transcript::{event_sentence, holder_line};
use dlock_core::types::holder_name;
use dlock_core::{Run, Tick};
use leptos::prelude::*;

pub use crate::draw::projection::scale_for;

/// The state sentence of a timeline predicting the run, before its first
/// event: the whole run's holders would give the answers away.
pub const BEFORE_THE_RUN: &str = "Before the first event: nothing has happened yet.";

/// The run at the cursor in one sentence: who holds the lock, what the
/// resource holds, and what happens at that tick; or, with no tick
/// chosen, who held a quorum when.
pub fn state_sentence(run: &Run, cursor: Option<Tick>) -> String {
    let Some(t) = cursor else {
        return format!("The whole run: {}.", holder_line(run));
    };
    let at = state_at(run, t);
    let happens: Vec<String> = run
        .entries
        .iter()
        .filter(|e| e.t == t)
        .map(|e| {
            let sentence = event_sentence(e, &run.params);
            // The tick is said once, at the start.
            sentence
                .split_once(": ")
                .map_or(sentence.clone(), |(_, rest)| rest.to_owned())
        })
        .collect();
    let mut out = format!(
        // The highest token applied, named as such: after A's stale write
        // with token 1 lands over B's 2, "holds 'A' (token 2)" read as if
        // A had written with 2.
        "t={t}: the lock is held by {}; the resource holds {}, highest token applied {}.",
        holder_name(at.holder),
        at.value,
        at.max_token
    );
    for line in happens {
        out.push(' ');
        out.push_str(&line);
        out.push('.');
    }
    out
}

/// The figure `figure`, presented: a bar with its title and the way out,
/// the figure (the caller's `children`, without its panel of inputs), and
/// the sentence.
#[component]
pub fn Presented(state: AppState, figure: Figure, children: Children) -> impl IntoView {
    provide_context(KeysOnWindow);
    // Esc leaves a deck's slide as it leaves any presentation, on the
    // figure as it was.
    let leave = move || state.settings.update(crate::settings::leave_slide);
    // Before the figure's own keys: a key that turns the slide is taken
    // here, and the figure leaves it alone.
    crate::share::deck::on_deck_keys(state);
    crate::browser::events::on_window_key(move |ev| {
        if ev.key() == "Escape" && !ev.default_prevented() {
            ev.prevent_default();
            leave();
        }
    });
    // Only the timeline has a playback bar for the keys to drive; the
    // audit says the whole run in one sentence too.
    let has_playback = figure == Figure::Timeline;
    let has_sentence = matches!(figure, Figure::Timeline | Figure::Audit);
    let sentence = move || {
        let (cursor, predicting) = (state.cursor(), state.settings.with(|s| s.predict));
        match (cursor, predicting && figure == Figure::Timeline) {
            // Who held the lock when would answer every question ahead.
            (None, true) => BEFORE_THE_RUN.to_owned(),
            _ => state.run.with(|run| state_sentence(run, cursor)),
        }
    };
    let title = figure.title();
    let frame = NodeRef::<leptos::html::Div>::new();
    crate::browser::focus::focus_once_mounted(frame);
    let figure_view = children();
    // After the figure's own keys (its playback takes Page Down for the
    // next event), so that only a key left over scrolls the frame.
    crate::browser::focus::page_keys_scroll(frame);
    view! {
        <div class="presented" class:with-playback=has_playback node_ref=frame tabindex="-1" data-testid="presented" role="region" aria-label=format!("Presenting {title}")>
            <div class="present-bar">
                <h1 class="present-title">{title}</h1>
                <crate::share::deck::SlideCounter state />
                {has_playback.then(|| view! {
                    <span class="present-keys">"Space plays · ← → a tick · Page Down/Up an event · Esc leaves"</span>
                })}
                <button type="button" data-testid="present-leave" on:click=move |_| leave()>"Leave (Esc)"</button>
            </div>
            {figure_view}
            {has_sentence.then(|| view! {
                <p class="present-state" aria-live="polite" data-testid="present-state" prop:textContent=sentence></p>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::{simulate, Params};

    #[test]
    fn the_sentence_says_who_holds_what_the_resource_holds_and_what_happens_then() {
        let run = simulate(&Params::default());
        let write = run
            .writes
            .iter()
            .find(|w| w.client == dlock_core::Client::A)
            .expect("A writes")
            .t;
        let at = state_at(&run, write);
        let said = state_sentence(&run, Some(write));
        assert!(
            said.starts_with(&format!(
                "t={write}: the lock is held by {}",
                holder_name(at.holder)
            )),
            "{said}"
        );
        assert!(
            said.contains(&format!(
                "the resource holds {}, highest token applied {}",
                at.value, at.max_token
            )),
            "{said}"
        );
        // What happens then, in the transcript's words, without its tick again.
        assert!(said.contains("A writes"), "{said}");
        assert_eq!(said.matches(&format!("t={write}")).count(), 1, "{said}");
        let whole = state_sentence(&run, None);
        assert_eq!(whole, format!("The whole run: {}.", holder_line(&run)));
    }
}
