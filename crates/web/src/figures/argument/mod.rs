//! The argument on one screen: every fault against every remedy, each
//! cell dlock-core's search of every schedule within its row's bound (in a
//! worker of its own), saying what broke. A cell picked (`cell=` in the
//! URL) draws its shortest counterexample just under the table, so the
//! page scrolls nowhere; arrow keys walk the cells.

pub mod cells;
pub mod drawing;
pub mod job;
pub mod shipped;

use crate::browser::document::figure_element_id;
use crate::figures::timeline::view::Timeline;
use crate::state::AppState;
use dlock_core::explore::argument::{self, Cell};
use dlock_core::explore::{replay, CheckReport};
use dlock_core::history;
use leptos::prelude::*;

/// The id of the cell on show, where a link to a picked cell lands: its
/// sentence, then its drawing, in view together.
pub const SHOWN_ANCHOR: &str = "argument-shown";

/// The cell on show: its sentence, and its counterexample drawn.
fn shown(state: AppState, cell: Cell) -> AnyView {
    // Drawn again when the cell's search is done, not on every progress report.
    let report = Memo::new(move |_| {
        state
            .argument
            .with(|p| cells::report_of(&p.reports, cell).map(|r| r.states))
    });
    let with_report = move |f: &dyn Fn(Option<&CheckReport>) -> Option<String>| {
        // Read, not only tracked: a memo never read is never computed,
        // and then never hears its sources change.
        report.get();
        state
            .argument
            .with_untracked(|p| f(cells::report_of(&p.reports, cell)))
    };
    let sentence = move || with_report(&|r| Some(cells::shown_sentence(cell, r)));
    let run = move || {
        report.get();
        let steps = state.argument.with_untracked(|p| {
            let (_, c) = argument::counterexample(cells::report_of(&p.reports, cell)?)?;
            Some(c.steps.clone())
        })?;
        let run = replay(&cell.config(), &cell.bound(), &steps);
        let t_end = history::horizon(&run);
        Some(view! {
            <Timeline run=Signal::derive(move || run.clone()) t_end=Signal::derive(move || t_end)
                width=Signal::derive(move || state.width.get()) cursor=Signal::derive(|| None)
                caption=Signal::derive(|| "The shortest schedule that breaks it, drawn as any run.".to_owned())
                testid="timeline-argument".to_owned() on_handle=Callback::new(|_| {}) draggable=false />
        }
        // Erased: the timeline's view type inside this one's would be
        // compiled again whole, and the page's bytes are budgeted.
        .into_any())
    };
    // Picking another cell rebuilds this view in place: its words that
    // change are properties, not text nodes a translated page has replaced.
    view! {
        <div class="argument-shown" id=SHOWN_ANCHOR>
        <p data-testid="argument-shown" aria-live="polite" prop:textContent=sentence></p>
        {run}
        <p>"The same search in a terminal: " <code translate="no" data-testid="argument-command"
            prop:textContent=format!("dlock argument --cell {}", cell.code())></code>
            "; its fault run once by hand, with knobs: "<a href="#fault">"One fault, up close"</a>"."</p>
        </div>
    }
    .into_any()
}

/// The cell a click or a key was on: its button's `data-cell`.
fn cell_of(target: Option<web_sys::EventTarget>) -> Option<Cell> {
    use wasm_bindgen::JsCast;
    let element = target?.dyn_into::<web_sys::Element>().ok()?;
    Cell::from_code(&element.closest("[data-cell]").ok()??.get_attribute("data-cell")?)
}

/// Gives `cell`'s button in the table `within` the keyboard focus.
fn focus_cell(within: Option<web_sys::EventTarget>, cell: Cell) {
    use wasm_bindgen::JsCast;
    let button = within
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|table| {
            table
                .query_selector(&format!("[data-cell=\"{}\"]", cell.code()))
                .ok()?
        })
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}

/// The table and the cell on show.
#[component]
pub fn ArgumentTable(state: AppState) -> impl IntoView {
    // The answers the build shipped, before the table is first drawn;
    // the worker searches only if they are missing, after the first
    // paint: the opening figure comes first.
    let shipped = state.argument.try_update(shipped::fill).unwrap_or(false);
    if !shipped {
        Effect::new(move |_| job::start(state.argument));
    }
    // Replaced when a cell's words or the pick change, not on every
    // progress report; a focused cell keeps the focus across it.
    let markup = Memo::new(move |_| {
        state
            .argument
            .with(|p| state.settings.with(|s| cells::table_markup(&p.reports, s.cell)))
    });
    let html = move || {
        crate::browser::focus::keep_focus_across_replacement("data-cell");
        markup.get()
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(cell) = cell_of(ev.target()) {
            state.settings.update(|s| s.cell = Some(cell));
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(from) = cell_of(ev.target()) else { return };
        if let Some(to) = cells::neighbour(from, &ev.key()) {
            ev.prevent_default();
            // The focus moves first, so the table drawn again keeps it there.
            focus_cell(ev.current_target(), to);
            state.settings.update(|s| s.cell = Some(to));
        }
    };
    let status = move || {
        state
            .argument
            .with(|p| cells::status(p.done(), p.current, p.failed.as_deref()))
    };
    view! {
        <figure class="argument" data-testid="argument" id=figure_element_id("argument")>
            <div class="argument-cells" on:click=on_click on:keydown=on_key inner_html=html></div>
            <p role="status" data-testid="argument-status" prop:textContent=status></p>
            {move || state.settings.with(|s| s.cell).map(|cell| shown(state, cell))}
        </figure>
    }
}
