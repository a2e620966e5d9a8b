//! "Every fault, every remedy": the section around the fault × remedy
//! table (`figures::argument`), right after the opening run, so the whole
//! argument is on one screen before any section argues one part of it.

use super::Section;
use crate::figures::argument::cells::mark_class;
use crate::figures::argument::ArgumentTable;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::explore::argument::{harm, Mark};
use leptos::prelude::*;

#[component]
pub fn ArgumentSection(state: AppState) -> impl IntoView {
    // The same words `dlock argument` prints: what each mark's properties
    // check, not a summary of them.
    let legend: Vec<_> = harm::legend()
        .into_iter()
        .map(|(word, meaning)| {
            let class = Mark::ALL
                .into_iter()
                .find(|m| m.word() == word)
                .map_or("mark".to_owned(), |m| format!("mark {}", mark_class(m)));
            view! { <dt><span class=class>{word}</span></dt><dd>{meaning}"."</dd> }
        })
        .collect();
    view! {
        <Section id="argument" title="Every fault, every remedy">
            <p>"The run above is one schedule. The table asks the model about every schedule within a small bound, "
               "on Redlock with three servers: each row lets one fault strike at any moment (and B arrive at any tick), "
               "each column adds one remedy. The first has none, not even Redlock's check that a lease still has time "
               "left once a majority answers (the validity check); the second has that check; the others keep it and "
               "change the resource (fencing with < or <=, fencing with each new holder's token registered as it acquires, "
               "check-and-set) or, for a restart, add the delayed restart "
               "Redlock's author recommends."</p>
            <p>"A cell names every kind of harm its search found, a mark each; hover a mark, or pick the cell, "
               "for the properties behind it. Pick a cell, or walk them with the arrow keys, to draw its shortest "
               "counterexample below. "<a href="#every-schedule">"Every schedule"</a>" lets you set the bound."</p>
            <dl class="argument-legend" data-testid="argument-legend">{legend}</dl>
            <ArgumentTable state />
            <FigureTools state figure=Figure::Argument />
        </Section>
    }
}
