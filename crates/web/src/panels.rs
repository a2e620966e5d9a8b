//! Text panels beside the timeline: the audit, the state at the cursor,
//! the transcript, and notices about the URL. All numbers come from
//! dlock-core calls on the current run.

use crate::panel_markup;
use crate::state::AppState;
use dlock_core::history::state_at;
use dlock_core::{audit, transcript, Outcome};
use leptos::prelude::*;

#[component]
pub fn AuditPanel(state: AppState) -> impl IntoView {
    let found = Memo::new(move |_| state.run.with(audit));
    let overlaps = move || found.with(|f| f.overlapping_grants.len());
    let innocence = move || {
        if overlaps() == 0 {
            "the lock is innocent: no two clients ever held it at the same tick"
        } else {
            "mutual exclusion broken at the lock itself"
        }
    };
    let details = Memo::new(move |_| found.with(transcript::audit_details));
    let stale = move || details.with(|d| (d.stale.len(), d.stale.join("; ")));
    let unlocked = move || details.with(|d| (d.unlocked.len(), d.unlocked.join("; ")));
    let lost = move || details.with(|d| (d.lost.len(), d.lost.join("; ")));
    let final_value = move || state.run.with(|r| r.final_value.to_string());
    let serial = move || state.run.with(|r| r.serial_answer().to_string());
    let outcome = move || found.with(|f| f.outcome);
    let outcome_class = move || match outcome() {
        Outcome::Corrupt | Outcome::StaleAccepted | Outcome::LostUpdate | Outcome::Wedged => "verdict bad",
        Outcome::StaleRejected | Outcome::Clean => "verdict good",
    };
    view! {
        <section class="panel audit" data-testid="audit" aria-label="Audit of this run">
            <h3>"Audit"</h3>
            <dl>
                <dt>"overlapping grants"</dt>
                <dd><span data-testid="overlapping-grants">{overlaps}</span>" — "{innocence}</dd>
                <dt>"stale overwrites"</dt>
                <dd><span data-testid="stale-overwrites">{move || stale().0}</span>" "<small>{move || stale().1}</small></dd>
                <dt>"unlocked writes"</dt>
                <dd><span data-testid="unlocked-writes">{move || unlocked().0}</span>" "<small>{move || unlocked().1}</small></dd>
                <dt>"lost updates"</dt>
                <dd><span data-testid="lost-updates">{move || lost().0}</span>" "<small>{move || lost().1}</small></dd>
                <dt>"final value"</dt>
                <dd>
                    <span data-testid="final-value">{final_value}</span>
                    " against the serial answer "
                    <span data-testid="serial-answer">{serial}</span>
                </dd>
                <dt>"verdict"</dt>
                <dd class=outcome_class data-testid="outcome">{move || outcome().label()}</dd>
            </dl>
        </section>
    }
}

#[component]
pub fn CursorPanel(state: AppState) -> impl IntoView {
    let body = move || {
        let t = state.cursor();
        state
            .run
            .with(|r| panel_markup::cursor_body(t.map(|t| state_at(r, t)).as_ref()))
    };
    view! {
        <section class="panel cursor-panel" data-testid="cursor-panel" aria-live="polite" aria-label="State at the cursor">
            <h3>"At the cursor"</h3>
            <div inner_html=body></div>
        </section>
    }
}

#[component]
pub fn TranscriptPanel(state: AppState) -> impl IntoView {
    let text = Memo::new(move |_| state.settled_run.with(transcript::run_text));
    let copied = RwSignal::new(false);
    let copy = move |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().clipboard().write_text(&text.get_untracked());
            copied.set(true);
        }
    };
    view! {
        <details class="panel transcript-panel">
            <summary>"Transcript (the text " <code>"dlock run"</code> " prints)"</summary>
            <button type="button" data-testid="copy-transcript" on:click=copy>
                {move || if copied.get() { "Copied" } else { "Copy transcript" }}
            </button>
            <pre class="transcript" data-testid="transcript">{text}</pre>
        </details>
    }
}

/// The lines that differ between this run and the same schedule with
/// fencing the other way round.
#[component]
pub fn DiffLines(state: AppState) -> impl IntoView {
    // The settled run against its fenced (or unfenced) copy: both from the
    // same parameters, however fast the reader is dragging.
    let lines = Memo::new(move |_| {
        state
            .settled_run
            .with(|a| state.other.with(|b| transcript::differing_lines(a, b)))
    });
    let this_label = move || {
        if state.settled.with(|p| p.fencing) {
            "fenced"
        } else {
            "unfenced"
        }
    };
    let other_label = move || {
        if state.settled.with(|p| p.fencing) {
            "unfenced"
        } else {
            "fenced"
        }
    };
    view! {
        <div class="diff" data-testid="diff-lines">
            <p>{move || format!("Lines of the transcript that differ ({}):", lines.with(Vec::len))}</p>
            {move || lines.get().into_iter().map(|(_, a, b)| view! {
                <pre class="diff-line"><span class="diff-this">{this_label()}": "{a}</span>"\n"<span class="diff-other">{other_label()}": "{b}</span></pre>
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
                    {move || state.notices.get().into_iter().map(|n| view! { <li>{n.message}</li> }).collect_view()}
                </ul>
                <button type="button" data-testid="dismiss-notices" on:click=dismiss>"Dismiss"</button>
            </div>
        </Show>
    }
}
