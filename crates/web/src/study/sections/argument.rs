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
    // No "○": the table's bounds let every cell write (the CLI's test of
    // the table asserts it), so no cell shows one.
    let legend: Vec<_> = harm::legend(false)
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
            <p>"Beside each fault, its bound. "<span data-testid="argument-also">{argument::rows_sentence()}</span>
               " A column is one remedy: none; Redlock's validity "
               "check (a client notes the time T1 as it asks and T2 once a majority has answered, and keeps the lock only if "
               "the lease has time left after T2 − T1 and a drift allowance); that check with fencing (< or <=), "
               "a token registered as each holder acquires, or check-and-set; for a restart, the "
               "delayed restart Redlock's author recommends. "<span class="screen-only">"Pick a cell (or walk them with the arrow keys) for "
               "its shortest counterexample."</span></p>
            <dl class="argument-legend" data-testid="argument-legend">{legend}</dl>
            <ArgumentTable state />
            <FigureTools state figure=Figure::Argument />
        </Section>
    }
}
