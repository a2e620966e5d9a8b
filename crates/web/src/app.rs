//! The page: state from the URL, the lease timeline with its controls and
//! panels, and the URL kept up to date with every change.

use crate::controls::Controls;
use crate::heatmap::view::Heatmap;
use crate::panels::{AuditPanel, CursorPanel, DiffLines, Notices, TranscriptPanel};
use crate::playback::{key_action, Playback, PlaybackBar};
use crate::settings;
use crate::state::AppState;
use crate::timeline::layout::apply_drag;
use crate::timeline::view::Timeline;
use crate::url;
use leptos::prelude::*;

/// Page content is at most this wide; figures are laid out for the real
/// width so text stays legible on a phone.
const MAX_CONTENT_PX: f64 = 1100.0;

fn content_width() -> f64 {
    let inner = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .unwrap_or(MAX_CONTENT_PX);
    (inner - 32.0).clamp(300.0, MAX_CONTENT_PX)
}

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new(&url::read_query(), content_width());
    // The one effect that reaches outside: mirror the settings into the
    // address bar (replaceState, so no history entry per slider move).
    Effect::new(move |_| {
        let query = state.settings.with(settings::format);
        url::replace_query(&query);
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| state.width.set(content_width()));
    // The app lives as long as the page; keep the listener.
    std::mem::forget(resize);

    let playback = Playback::new(state);
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t));
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(action) = key_action(&ev.key()) {
            ev.prevent_default();
            playback.apply(state, action);
        }
    };
    let cursor = Signal::derive(move || state.cursor());
    let width = Signal::derive(move || state.width.get());
    let caption = move || {
        let fencing = if state.params.with(|p| p.fencing) {
            "with fencing"
        } else {
            "without fencing"
        };
        format!("The run {fencing}. Drag the ends of A's pause or B's arrival marker.")
    };
    let other_caption = move || {
        let fencing = if state.params.with(|p| p.fencing) {
            "without fencing"
        } else {
            "with fencing"
        };
        format!("The same schedule {fencing}, on the same time axis.")
    };
    view! {
        <main>
            <svg class="visually-hidden" aria-hidden="true" width="0" height="0">
                <defs>
                    <pattern id="dlock-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="6" stroke="currentColor" stroke-width="2" opacity="0.35"></line>
                    </pattern>
                </defs>
            </svg>
            <header>
                <h1 data-testid="title">"dlock"</h1>
                <p class="lede">
                    "A lock that never lets two clients hold it at once — and a resource corrupted anyway. "
                    "Five lock servers, majority acquire, leases that expire; client A pauses, its lease dies, "
                    "and it writes anyway."
                </p>
            </header>
            <Notices state />
            <section id="timeline" aria-labelledby="timeline-heading">
                <h2 id="timeline-heading">"The lease timeline"</h2>
                <Controls state />
                <div class="figure-keys" tabindex="0" on:keydown=on_key data-testid="timeline-keys"
                    aria-label="Timeline: space plays or pauses, arrow keys step, Home and End jump">
                    <Timeline run=state.run t_end=state.t_end width cursor caption=Signal::derive(caption)
                        testid="timeline" on_handle />
                    <PlaybackBar state playback />
                </div>
                <div class="panels">
                    <CursorPanel state />
                    <AuditPanel state />
                </div>
                <Timeline run=state.other t_end=state.t_end width cursor caption=Signal::derive(other_caption)
                    testid="timeline-other" on_handle />
                <DiffLines state />
                <TranscriptPanel state />
            </section>
            <section id="staircase" aria-labelledby="staircase-heading">
                <h2 id="staircase-heading">"The ttl × pause staircase"</h2>
                <Heatmap state />
            </section>
        </main>
    }
}
