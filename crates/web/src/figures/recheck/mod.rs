//! The variants of §5.1 and §7: re-checking before the write, `<` against
//! `<=`, and leases without expiry. Each figure is a dlock-core run or
//! sweep for the current parameters.

pub mod caption;

use crate::browser::document;
use crate::figures::sweeps::markup as sweep_markup;
use crate::figures::timeline::drag::{apply_drag, Handle};
use crate::figures::timeline::view::Timeline;
use crate::state::AppState;
use dlock_core::sweep;
use dlock_core::{history, simulate, Params, Tick};
use leptos::prelude::*;

/// The schedule `p` with A's check at `check`, or at A's write when the
/// write comes earlier (a shorter pause moves it). A pauses right after
/// its check, as the study's multiples tell it, even where the page's own
/// pause (kept starting at the page's check) starts later.
pub fn with_check(p: &Params, check: Tick) -> Params {
    let from = p.pause_from.min(check);
    Params {
        recheck_at: Some(check),
        pause_from: from,
        pause_len: p.write_tick() - from,
        ..*p
    }
    .with_recheck_no_later_than_write()
}

/// How the multiples sit in a figure `width` px wide: in two columns
/// from 760 px (the stylesheet's grid, with its 16 px gap), else one.
/// Returns the number of columns and the width of each.
pub fn columns_for(width: f64) -> (usize, f64) {
    if width >= 760.0 {
        (2, (width - 16.0) / 2.0)
    } else {
        (1, width)
    }
}

/// One small multiple: the current schedule with A's check where
/// `sweep::recheck_ticks` puts the one at `place`. The last one follows A's
/// write, so its test id names the write rather than a tick. The pause and
/// B's arrival drag the page's schedule, which every multiple shares; the
/// check is the multiple's own, so it has no handle.
#[component]
fn RecheckMultiple(state: AppState, place: usize) -> impl IntoView {
    let check = move || sweep::recheck_ticks(&state.settled.get())[place];
    let run = Memo::new(move |_| simulate(&with_check(&state.settled.get(), check())));
    let t_end = Memo::new(move |_| state.settled_t_end.get().max(run.with(history::horizon)));
    let width = Signal::derive(move || columns_for(state.width.get()).1);
    let caption = Signal::derive(move || run.with(|r| caption::recheck_caption(r, check())));
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t))
    });
    let testid = if place + 1 == sweep::STUDY_RECHECKS.len() {
        "recheck-write".to_owned()
    } else {
        format!("recheck-{}", sweep::STUDY_RECHECKS[place])
    };
    view! {
        <Timeline run t_end width cursor=Signal::derive(|| None) caption testid on_handle fixed=Handle::Recheck />
    }
}

/// The multiples drawn, as places in `sweep::recheck_ticks`: the check
/// at the lease's last tick (the latest a check can say yes, and still the
/// write corrupts) and the check after the pause (the only one that
/// helps). The earlier checks say the same as the first; the sentences
/// under the figure give every one of them.
pub const DRAWN: [usize; 2] = [2, 3];

#[component]
pub fn RecheckFigure(state: AppState) -> impl IntoView {
    let lines = Memo::new(move |_| {
        state
            .settled
            .with(|p| caption::rechecks(p, &sweep::recheck_ticks(p)))
    });
    view! {
        <figure class="variants" data-testid="recheck" id=document::figure_element_id("recheck")>
            <div class="multiples">
                {DRAWN.into_iter().map(|place| view! { <RecheckMultiple state place /> }).collect_view()}
            </div>
            // The answers, and beside them where the page is wide how to read the bar.
            <div class="pair">
                <ul data-testid="recheck-lines">{move || lines.get().into_iter().map(|l| view! { <li prop:textContent=l></li> }).collect_view()}</ul>
                <p class="why">"The thin bar on A's lane is the window between the check and the write. "
                    <span class="screen-only"><span class="in-study">"Turn on “A re-checks” in the parameters to drag the check along A's lane in the main timeline."</span>
                    <span class="in-embed">"In the full study you can drag the check along A's lane yourself."</span></span></p>
            </div>
        </figure>
    }
}

#[component]
pub fn ComparisonFigure(state: AppState) -> impl IntoView {
    let rows = Memo::new(move |_| sweep::comparisons(&state.settled.get()));
    view! {
        <figure class="variants" data-testid="comparison">
            <table class="data">
                <thead><tr><th>"case"</th><th>"stale when"</th><th>"writes"</th><th>"final"</th></tr></thead>
                <tbody inner_html=move || rows.with(|r| sweep_markup::comparison_rows(r))></tbody>
            </table>
        </figure>
    }
}

#[component]
pub fn ExpiryFigure(state: AppState) -> impl IntoView {
    let rows = Memo::new(move |_| sweep::expiry_variants(&state.settled.get()));
    view! {
        <figure class="variants" data-testid="no-expiry">
            <table class="data">
                <thead><tr><th>"leases"</th><th>"A"</th><th>"B gets the lock"</th><th>"B waits"</th><th>"final"</th><th>"outcome"</th></tr></thead>
                <tbody inner_html=move || rows.with(|r| sweep_markup::expiry_rows(r))></tbody>
            </table>
        </figure>
    }
}
