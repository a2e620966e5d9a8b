//! Embed mode (`?embed=timeline` and friends): one figure with its
//! controls (or, with `controls=0`, without them), filling the iframe, and a
//! link to the full study that carries the parameters. Nothing here touches
//! the top window or any storage.

use crate::settings::Embed;
use crate::state::AppState;
use leptos::prelude::*;

#[component]
pub fn Embedded(state: AppState, embed: Embed, children: Children) -> impl IntoView {
    let figure = embed.figure;
    let full = move || crate::share::tools::study_link(state, figure);
    // A plain click goes through `url`, which falls back to this frame where
    // a sandbox refuses new windows; a modified or middle click keeps the
    // browser's own meaning.
    let open_full = move |ev: leptos::ev::MouseEvent| {
        if ev.button() == 0 && !(ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key()) {
            ev.prevent_default();
            crate::browser::url::open_in_new_tab_or_here(&full());
        }
    };
    // The stylesheet hides the panels of inputs under `figure-only`: each
    // figure keeps its own, so one class reaches them all.
    view! {
        <main class="embedded" class:figure-only=!embed.controls data-testid="embedded" data-figure=figure.code()
            data-settled=move || state.is_settled().to_string()>
            // A screen reader entering the iframe hears what it holds, as
            // the page's own heading; sighted readers have the course page's.
            <h1 class="visually-hidden" data-testid="embed-heading">{format!("dlock: {}", figure.title())}</h1>
            {children()}
            <p class="open-full">
                <a href=full target="_blank" rel="noopener" on:click=open_full data-testid="open-full">"Open the full study ↗"</a>
            </p>
        </main>
    }
}
