//! Text panels beside the timeline: the audit, the state at the cursor,
//! the transcript, and notices about the URL. All numbers come from
//! dlock-core calls on the current run.

pub mod markup;

use crate::browser::clipboard;
use crate::state::AppState;
use dlock_core::history::state_at;
use dlock_core::{command, transcript, Tick};
use leptos::prelude::*;

#[component]
pub fn AuditPanel(state: AppState) -> impl IntoView {
    let body = move || state.run.with(|r| markup::audit_body(r, &r.audit()));
    view! {
        <section class="panel audit" data-testid="audit" aria-label="Audit of this run">
            <h3>"Audit"</h3>
            <div inner_html=body></div>
        </section>
    }
}

/// The state at tick `t` and the transcript's lines for it, as markup.
fn summary_at(state: AppState, t: Tick) -> String {
    state
        .run
        .with(|r| markup::cursor_summary(Some(&state_at(r, t)), &transcript::lines_at(r, t)))
}

/// Under an embedded timeline, which has no cursor panel: what happens at
/// the cursor, read out as it moves, once a tick is chosen (a link with
/// `t` opens on one).
#[component]
pub fn CursorNote(state: AppState) -> impl IntoView {
    let summary = move || state.cursor().map_or_else(String::new, |t| summary_at(state, t));
    view! { <div class="cursor-note" aria-live="polite" data-testid="cursor-note" inner_html=summary></div> }
}

#[component]
pub fn CursorPanel(state: AppState) -> impl IntoView {
    let summary = move || {
        state
            .cursor()
            .map_or_else(|| markup::cursor_summary(None, &[]), |t| summary_at(state, t))
    };
    let servers = move || {
        let t = state.cursor();
        state
            .run
            .with(|r| t.map_or_else(String::new, |t| markup::cursor_servers(&state_at(r, t))))
    };
    view! {
        <section class="panel cursor-panel" data-testid="cursor-panel" aria-label="State at the cursor">
            <h3>"At the cursor"</h3>
            // Read out at each step: what is happening, not the five-row table.
            <div aria-live="polite" data-testid="cursor-summary" inner_html=summary></div>
            <div data-testid="cursor-servers" inner_html=servers></div>
        </section>
    }
}

#[component]
pub fn TranscriptPanel(state: AppState) -> impl IntoView {
    let text = Memo::new(move |_| state.settled_run.with(transcript::run_text));
    // The same run in a terminal: the flags that make it, from dlock-core.
    // Behind the disclosure with the transcript it prints.
    let command_line = move || {
        state.settled_run.with(|r| {
            let command = command::study_command(&r.params);
            markup::with_command(
                "The same text in a terminal: ",
                &command,
                "transcript-command",
                ".",
            )
        })
    };
    // The text last copied: the button says "Copied" while the transcript
    // shown is that text, and offers to copy again once the run changes.
    let copied = RwSignal::new(String::new());
    let shown_text = NodeRef::<leptos::html::Pre>::new();
    // Where the clipboard API refuses or is missing, the browser copies the
    // selected transcript instead, which it still allows just after a click.
    let copy = move |_| {
        let shown = text.get_untracked();
        leptos::task::spawn_local(async move {
            let selected = || {
                shown_text
                    .get_untracked()
                    .is_some_and(|pre| clipboard::copy_selection_of(&pre))
            };
            if clipboard::write(&shown).await || selected() {
                copied.set(shown);
            }
        });
    };
    view! {
        <details class="panel transcript-panel">
            <summary>"Transcript and the command that prints it"</summary>
            <p class="command-line" inner_html=command_line></p>
            <button type="button" data-testid="copy-transcript" on:click=copy
                prop:textContent=move || if copied.with(|c| text.with(|t| c == t)) { "Copied" } else { "Copy transcript" }>
            </button>
            <pre class="transcript" data-testid="transcript" node_ref=shown_text prop:textContent=text></pre>
        </details>
    }
}

/// The lines that differ between this run and the same schedule with
/// fencing the other way round.
#[component]
pub fn DiffLines(state: AppState) -> impl IntoView {
    // The settled schedule unfenced against fenced: both from the same
    // parameters, however fast the reader is dragging.
    let lines = Memo::new(move |_| {
        state
            .unfenced
            .with(|a| state.fenced.with(|b| transcript::differing_lines(a, b)))
    });
    view! {
        <div class="diff" data-testid="diff-lines">
            <p prop:textContent=move || format!("Lines of the transcript that differ ({}):", lines.with(Vec::len))></p>
            {move || lines.get().into_iter().map(|(_, a, b)| view! {
                <pre class="diff-line"><span class="diff-this" prop:textContent=format!("unfenced: {a}")></span>"\n"<span class="diff-other" prop:textContent=format!("fenced: {b}")></span></pre>
            }).collect_view()}
        </div>
    }
}

#[component]
pub fn Notices(state: AppState) -> impl IntoView {
    let dismiss = move |_| state.notices.set(Vec::new());
    view! {
        <Show when=move || state.notices.with(|n| !n.is_empty())>
            <div class="notices" role="status" data-testid="notices">
                <p>"Some of this link's parameters could not be used as given:"</p>
                <ul>
                    {move || state.notices.get().into_iter().map(|n| view! { <li prop:textContent=n.message></li> }).collect_view()}
                </ul>
                <button type="button" data-testid="dismiss-notices" on:click=dismiss>"Dismiss"</button>
            </div>
        </Show>
    }
}
