//! The acquire staircase (core's `acquire_grid`): A stopped while its
//! acquire's replies travel × B's arrival, with Redlock's validity check
//! and without. A cell opens its run in the main timeline.

pub mod layout;
pub mod markup;

use crate::browser::{document, url};
use crate::state::AppState;
use dlock_core::acquire_grid::{self, AcquireGrid};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Loads the run of the cell under a click into the page, and shows it.
fn open_cell(state: AppState, grid: &AcquireGrid, target: &web_sys::Element) {
    let number = |name: &str| target.get_attribute(name)?.parse::<u32>().ok();
    let (Some(pause), Some(b), Some(check)) = (number("data-pause"), number("data-b"), number("data-check"))
    else {
        return;
    };
    let p = acquire_grid::cell_params(&grid.base, pause, b, check == 1);
    state.settings.update(|s| {
        s.params = p;
        s.cursor = None;
    });
    url::scroll_to("corrupted");
}

#[component]
pub fn AcquireStaircase(state: AppState) -> impl IntoView {
    // Only what the grid depends on: moving A's later pause or the lease
    // drawn elsewhere does not simulate the 1,922 cells again.
    let base = Memo::new(move |_| state.settled.with(acquire_grid::base));
    let grid = Memo::new(move |_| acquire_grid::acquire_grid(&base.get()));
    let geometry = Memo::new(move |_| grid.with(|g| layout::layout(g, state.width.get())));
    let summary = Memo::new(move |_| grid.with(AcquireGrid::summary));
    let command = Memo::new(move |_| state.settled.with(dlock_core::command::acquire_grid_command));
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if let Some(target) = target {
            grid.with_untracked(|g| open_cell(state, g, &target));
        }
    };
    view! {
        <figure class="acquire-staircase" data-testid="acquiring" id=document::figure_element_id("acquiring")>
            <svg class="acquire-svg" role="img"
                aria-label=move || format!("The acquire staircase: {}", summary.get())
                width=move || geometry.with(|l| l.width) height=move || geometry.with(|l| l.height)
                viewBox=move || geometry.with(|l| format!("0 0 {} {}", l.width, l.height))
                on:click=on_click
                inner_html=move || grid.with(|g| geometry.with(|l| markup::body(g, l)))>
            </svg>
            <figcaption>
                <span>"Rows: when B arrives, t=0 at the top. Columns: how long A is stopped while its replies travel. "
                    "Each cell is coloured by its run's outcome, as on the staircase. "</span>
                <span data-testid="acquiring-summary" prop:textContent=summary></span>
                <details class="command-line"><summary>"The same staircase in a terminal"</summary>
                    <code translate="no" data-testid="acquiring-command" prop:textContent=command></code>
                </details>
            </figcaption>
        </figure>
    }
}
