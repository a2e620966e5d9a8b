//! Embed mode (`?embed=timeline` and friends): one figure with its
//! controls (or, with `controls=0`, without them), filling the iframe, and a
//! link to the full study that carries the parameters; and the figure
//! itself, alone, as a frame or presentation mode shows it. Nothing here touches
//! the top window or any storage.

use crate::controls::inputs::Controls;
use crate::figures::beyond::ScenarioFigure;
use crate::figures::heatmap::{view::Heatmap, HeatmapControls};
use crate::figures::panels::{AuditPanel, CursorNote};
use crate::figures::recheck::RecheckFigure;
use crate::figures::sweeps::{ClusterTable, LateArrival, LeaseLengths};
use crate::figures::timeline::playable::TimelineFigure;
use crate::settings::{Embed, Figure};
use crate::state::AppState;
use dlock_core::transcript;
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
        <main class="embedded" class:figure-only=!embed.controls data-testid="embedded" data-figure=figure.code()>
            // A screen reader entering the iframe hears what it holds, as
            // the page's own heading; sighted readers have the course page's.
            <h1 class="visually-hidden" data-testid="embed-heading">{format!("dlock: {}", crate::share::tools::figure_title(figure))}</h1>
            {children()}
            <p class="open-full">
                <a href=full target="_blank" rel="noopener" on:click=open_full data-testid="open-full">"Open the full study ↗"</a>
            </p>
        </main>
    }
}

/// One figure alone: in a frame (`embed=`), or presented.
pub fn embedded_figure(state: AppState, embed: Embed) -> AnyView {
    // Without its panel of inputs a figure still says what it was run
    // with, in the words of `dlock run`'s first line.
    let settings_line = move |describe: fn(&dlock_core::Params) -> String| {
        (!embed.controls).then(|| {
            view! {
                <p class="settings-line" data-testid="embed-settings"
                    prop:textContent=move || format!("Settings: {}.", state.params.with(describe))></p>
            }
        })
    };
    match embed.figure {
        Figure::Timeline => view! {
            {settings_line(transcript::describe)}<Controls state /><TimelineFigure state /><CursorNote state />
        }
        .into_any(),
        Figure::Heatmap => view! { {settings_line(transcript::describe_grid)}<HeatmapControls state /><Heatmap state width=state.width /> }.into_any(),
        Figure::Recheck => view! { <RecheckFigure state /> }.into_any(),
        Figure::Debate => view! { <crate::study::debate::BothSidesTable state /> }.into_any(),
        Figure::Acquiring => view! { <crate::figures::acquiring::AcquireStaircase state /> }.into_any(),
        Figure::Real => view! { <crate::figures::real::RealServers state /> }.into_any(),
        Figure::Check => view! { <crate::figures::check::EverySchedule state /> }.into_any(),
        Figure::Sweeps => {
            view! { <ClusterTable state /><LeaseLengths state width=state.width /><LateArrival state /> }.into_any()
        }
        Figure::Audit => {
            view! { {settings_line(transcript::describe)}<Controls state /><AuditPanel state /> }.into_any()
        }
        Figure::Beyond(scenario) => view! { <ScenarioFigure state scenario /> }.into_any(),
    }
}
