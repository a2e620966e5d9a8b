//! The study's main timeline: the lease timeline of the page's run, its
//! grips wired to the parameters, with the playback bar under it and the
//! keyboard driving the cursor.

use super::drag::apply_drag;
use super::predict::{PredictPanel, PredictSwitch};
use super::view::Timeline;
use crate::controls::playback::{key_action, Cursor, Playback, PlaybackBar};
use crate::state::AppState;
use leptos::prelude::*;

/// The main timeline with its playback bar; the keyboard drives the cursor.
#[component]
pub fn TimelineFigure(state: AppState) -> impl IntoView {
    let playback = Playback::new(Cursor::main(state));
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t))
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(action) = key_action(&ev.key()) {
            ev.prevent_default();
            playback.apply(action);
        }
    };
    // Presented, the keys work wherever the focus is: a clicker has no
    // way to give the timeline focus. A key the timeline's own handler
    // took, or one typed into a control, is left alone.
    let presented = use_context::<crate::controls::playback::KeysOnWindow>().is_some();
    if presented {
        crate::browser::events::on_window_key(move |ev| {
            let tag = crate::browser::events::target_tag(&ev);
            if ev.default_prevented() || crate::controls::playback::typed_into_a_control(&tag) {
                return;
            }
            if let Some(action) = key_action(&ev.key()) {
                ev.prevent_default();
                playback.apply(action);
            }
        });
    }
    let cursor = Signal::derive(move || state.cursor());
    let width = Signal::derive(move || state.width.get());
    let caption = Signal::derive(move || {
        let fenced = state.params.with(|p| p.fencing);
        format!(
            "The run {}.",
            if fenced { "with fencing" } else { "without fencing" }
        )
    });
    // A memo, so that moving the cursor (in the same settings) does not
    // make the panel, and what it remembers of an answer, anew.
    let predicting = Memo::new(move |_| state.settings.with(|s| s.predict));
    view! {
        <div class="figure-keys" tabindex="0" on:keydown=on_key data-testid="timeline-keys" role="group"
            aria-label="Timeline: space plays or pauses, arrow keys step, Page Down and Page Up go to the next or previous event, Home and End jump">
            <Timeline run=state.run t_end=state.t_end width cursor caption testid="timeline" on_handle predicting />
            {move || predicting.get().then(|| view! { <PredictPanel state playback /> })}
            <PlaybackBar playback predicting>
                <PredictSwitch state playback />
                {(!presented).then(|| view! {
                    <button type="button" class="present-button" data-testid="present"
                        title="This timeline alone, in large type, for a projector (Esc leaves)"
                        on:click=move |_| state.settings.update(|s| s.present = Some(crate::settings::Figure::Timeline))>"Present"</button>
                })}
            </PlaybackBar>
        </div>
    }
}
