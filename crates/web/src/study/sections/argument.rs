//! "Every fault, every remedy": the section around the fault × remedy
//! table (`figures::argument`), right after the opening run, so the whole
//! argument is on one screen before any section argues one part of it.

use super::Section;
use crate::figures::argument::ArgumentTable;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::audit::Promise;
use dlock_core::explore::argument;
use leptos::prelude::*;

#[component]
pub fn ArgumentSection(state: AppState) -> impl IntoView {
    // The same words `dlock argument` prints: what each promise's
    // properties check, not a summary of them.
    let lock = argument::promise_broken(Promise::Lock);
    let data = argument::promise_broken(Promise::Data);
    view! {
        <Section id="argument" title="Every fault, every remedy">
            <p>"The run above is one schedule. The table asks the model about every schedule within a small bound, "
               "on Redlock with three servers: each row lets one fault strike at any moment (and B arrive at any tick), "
               "each column adds one remedy. The first has none, not even Redlock's check that a lease still has time "
               "left once a majority answers (the validity check); the second has that check; the others keep it and "
               "change the resource (fencing with < or <=, fencing with each new holder's token registered as it acquires, "
               "check-and-set) or, for a restart, add the delayed restart "
               "Redlock's author recommends."</p>
            <p data-testid="argument-legend">"A cell names what broke. The lock: " {lock} ". The data: " {data} ". "
               "Nothing: no schedule within the bound broke either, a claim about that bound only. "
               "Pick a cell, or walk them with the arrow keys, to draw its shortest counterexample below. "
               <a href="#every-schedule">"Every schedule"</a>" lets you set the bound."</p>
            <ArgumentTable state />
            <FigureTools state figure=Figure::Argument />
        </Section>
    }
}
