//! The page shell. For now: the default run's verdict and transcript, all
//! computed by dlock-core in the browser.

use dlock_core::{audit, simulate, transcript, Params};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    let run = simulate(&Params::default());
    let found = audit(&run);
    let outcome_class = format!("outcome-{}", found.outcome.label().replace(' ', "-"));
    view! {
        <main>
            <h1 data-testid="title">"dlock"</h1>
            <p class="lede">
                "A lock that never lets two clients hold it at once, and a resource corrupted anyway."
            </p>
            <dl class="audit" data-testid="audit">
                <dt>"run"</dt>
                <dd data-testid="params">{transcript::describe(&run.params)}</dd>
                <dt>"overlapping grants"</dt>
                <dd data-testid="overlapping-grants">{found.overlapping_grants.len()}</dd>
                <dt>"stale overwrites"</dt>
                <dd data-testid="stale-overwrites">{found.stale_overwrites.len()}</dd>
                <dt>"final value"</dt>
                <dd data-testid="final-value">{run.final_value.to_string()}</dd>
                <dt>"a serial run gives"</dt>
                <dd data-testid="serial-answer">{run.serial_answer().to_string()}</dd>
                <dt>"verdict"</dt>
                <dd data-testid="outcome" class=outcome_class>{found.outcome.label()}</dd>
            </dl>
            <h2>"Transcript"</h2>
            <pre class="transcript" data-testid="transcript">{transcript::run_text(&run)}</pre>
        </main>
    }
}
