//! "Every fault, every remedy": the section around the fault × remedy
//! table (`figures::argument`), right after the opening run, so the whole
//! argument is on one screen before any section argues one part of it.

use super::Section;
use crate::figures::argument::cells::mark_class;
use crate::figures::argument::ArgumentTable;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::explore::argument::{self, harm, Mark};
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
            <p>"A row is one fault, its bound beside its name. "<span data-testid="argument-also">{argument::rows_sentence()}</span>
               " A column is one remedy: none; Redlock's validity "
               "check (a lease must still have time left once a majority answers); that check with fencing (< or <=), "
               "with each new holder's token registered as it acquires, or with check-and-set; for a restart, the "
               "delayed restart Redlock's author recommends. Pick a cell for its shortest counterexample (the arrow "
               "keys walk them); hover it for its properties. "<a href="#every-schedule">"Every schedule"</a>
               " sets the bound."</p>
            <dl class="argument-legend" data-testid="argument-legend">{legend}</dl>
            <ArgumentTable state />
            <FigureTools state figure=Figure::Argument />
        </Section>
    }
}
