//! Runs on real servers: the study's schedule as `dlock lab --json`
//! recorded it, shipped with the page (www/recordings, by
//! scripts/record_lab.sh), and any lab file a reader opens. Each is read by
//! core (`recording`), set beside the model's run of the same parameters
//! on the usual timeline, with the real milliseconds of every event, and
//! compared with the model as it is now.

use crate::browser::upload;
use crate::figures::timeline::view::Timeline;
use crate::state::AppState;
use dlock_core::recording::{
    agreement, setup_sentence, Event, RecordedEvent, RecordedGrid, RecordedRun, Recording,
};
use dlock_core::{history, simulate, Tick};
use leptos::prelude::*;

/// The shipped recordings: their code (a test id and an anchor), their
/// title, and the file as the lab wrote it.
pub const SHIPPED: [(&str, &str, &str); 4] = [
    (
        "redis",
        "Redis, the study's run",
        include_str!("../../../../www/recordings/redis.json"),
    ),
    (
        "redis-fenced",
        "Redis, fenced",
        include_str!("../../../../www/recordings/redis-fenced.json"),
    ),
    (
        "etcd",
        "etcd, the study's run",
        include_str!("../../../../www/recordings/etcd.json"),
    ),
    (
        "etcd-fenced",
        "etcd, fenced",
        include_str!("../../../../www/recordings/etcd-fenced.json"),
    ),
];

/// A lab file's text, read by the browser's JSON parser and core's
/// reader, or why it is not one.
pub fn read(text: &str) -> Result<Recording, String> {
    let document = upload::parse_json(text)?;
    let twice = (
        serde_wasm_bindgen::Deserializer::from(document.clone()),
        serde_wasm_bindgen::Deserializer::from(document),
    );
    Recording::read(twice.0, twice.1).map_err(|problem| {
        format!(
            "that JSON is not a report of `dlock lab --json` or `dlock lab grid --json` ({})",
            upload::without_error_prefix(problem)
        )
    })
}

/// The end of the axis a recording is drawn on: the model's run and every
/// real event (a real pause included) fit on it.
pub fn axis_end(model: &dlock_core::Run, events: &[RecordedEvent]) -> Tick {
    let last_real = events.iter().map(|e| match e.event {
        Event::Paused { until } => until.max(e.tick + 1),
        _ => e.tick + 1,
    });
    last_real.fold(history::horizon(model), Tick::max)
}

#[component]
fn RecordedRunView(state: AppState, run: RecordedRun, code: String) -> impl IntoView {
    let model = simulate(&run.params);
    let t_end = axis_end(&model, &run.events);
    let width = Signal::derive(move || state.width.get());
    let caption = Signal::derive(|| {
        "The model's run of the same parameters, tick by tick; on the two lowest lanes, every event the real clients reported, at its tick and labelled with its milliseconds since tick 0 (listed as a table under the figure).".to_owned()
    });
    let recorded = run.events.clone();
    let rows = run
        .events
        .iter()
        .map(|e| {
            view! { <tr><td>{e.tick}</td><td>{e.ms}</td><td>{e.client.to_string()}</td><td>{e.event.describe()}</td></tr> }
        })
        .collect_view();
    view! {
        <div class="real-run">
            <Timeline run=Signal::derive(move || model.clone()) t_end=Signal::derive(move || t_end) width
                cursor=Signal::derive(|| None) caption testid=format!("timeline-real-{code}")
                on_handle=Callback::new(|_| {}) draggable=false recorded />
            // Folded: the figure above draws every row of it.
            <details>
                <summary>"The events as a table"</summary>
                <table class="data" data-testid=format!("real-{code}-events")>
                    <thead><tr><th>"tick"</th><th>"ms"</th><th>"client"</th><th>"event"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        </div>
    }
}

#[component]
fn RecordedGridView(grid: RecordedGrid, code: String) -> impl IntoView {
    let answers = agreement(&Recording::Grid(grid));
    view! {
        <table class="data" data-testid=format!("real-{code}-cells")>
            <thead><tr><th>"ttl"</th><th>"pause"</th><th>"real"</th><th>"model"</th><th>"agree"</th></tr></thead>
            <tbody>
                {answers.into_iter().map(|a| view! {
                    <tr data-agrees=a.agrees().to_string()>
                        <td>{a.params.ttl}</td><td>{a.params.pause_len}</td>
                        <td>{format!("'{}' ({})", a.real.0, a.real.1.label())}</td>
                        <td>{format!("'{}' ({})", a.model.0, a.model.1.label())}</td>
                        <td>{if a.agrees() { "yes" } else if a.timing_sensitive { "no (within a tick of a tie)" } else { "no" }}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// One recording: what it ran on, whether the model agrees, and the run.
#[component]
fn RecordingView(state: AppState, recording: Recording, code: String) -> impl IntoView {
    let setup = setup_sentence(recording.setup(), recording.model_servers());
    let answers = agreement(&recording);
    let summary = match &recording {
        Recording::Run(_) => answers.first().map(|a| a.sentence()).unwrap_or_default(),
        Recording::Grid(g) => format!(
            "A lab grid of {} cells over ttl and pause length: {} agree with the model as it is now.",
            g.cells.len(),
            answers.iter().filter(|a| a.agrees()).count()
        ),
    };
    let body = match recording {
        Recording::Run(run) => view! { <RecordedRunView state run code=code.clone() /> }.into_any(),
        Recording::Grid(grid) => view! { <RecordedGridView grid code=code.clone() /> }.into_any(),
    };
    view! {
        <p class="measurement" data-testid=format!("real-{code}-setup")>"A measurement. " {setup}</p>
        <p data-testid=format!("real-{code}-agreement")>{summary}</p>
        <p class="why" data-testid=format!("real-{code}-compared")>"Only the outcome is compared, the final value and its "
            "kind: a real lock numbers its grants its own way (etcd by its lock key's create revision), so the tokens it reports "
            "need not be the model's."</p>
        {body}
    }
}

/// "Open a lab run": a file the reader has, drawn as the shipped ones are.
#[component]
pub fn OpenLabRun(state: AppState) -> impl IntoView {
    let opened = RwSignal::new(None::<Recording>);
    let message = RwSignal::new(None::<String>);
    let on_file = move |ev: leptos::ev::Event| {
        upload::read_chosen_file(&ev, move |text| {
            // A bad file changes nothing but this line.
            match text.and_then(|text| read(&text)) {
                Ok(recording) => {
                    message.set(Some("Opened: the lab run is drawn below.".to_owned()));
                    opened.set(Some(recording));
                }
                Err(e) => message.set(Some(format!("Not opened: {e}."))),
            }
        });
    };
    view! {
        <p><label class="import">"Open a lab run (the JSON of "<code>"dlock lab --json"</code>" or "<code>"dlock lab grid --json"</code>") "
            <input type="file" accept="application/json,.json" data-testid="open-lab-run" on:change=on_file /></label></p>
        <p class="export-message" role="status" data-testid="lab-run-message" prop:textContent=move || message.get()></p>
        {move || opened.get().map(|recording| view! {
            <div data-testid="real-opened"><RecordingView state recording code="opened".to_owned() /></div>
        })}
    }
}

/// What a recording's summary line adds to its title: whether the model
/// gives what the real servers gave.
pub fn verdict_words(answers: &[dlock_core::recording::Agreement]) -> String {
    let agree = answers.iter().filter(|a| a.agrees()).count();
    if agree == answers.len() {
        ": the model agrees on the outcome".to_owned()
    } else {
        format!(
            ": the model agrees on the outcome of {agree} of {}",
            answers.len()
        )
    }
}

/// The shipped recordings, each in a disclosure whose summary says
/// whether the model agrees with it, then "Open a lab run": in the
/// study's section (all closed: four lines that each give a verdict), and
/// alone in an embed or presented (`?embed=real`, `?present=real`: the
/// first open).
#[component]
pub fn RealServers(state: AppState) -> impl IntoView {
    // Alone in a frame or on a projector, the figure is there to be seen.
    let alone = state
        .settings
        .with_untracked(|s| s.embed.is_some() || s.present.is_some());
    view! {
        <figure class="real-servers" id=crate::browser::document::figure_element_id("real")>
            {SHIPPED.into_iter().enumerate().map(|(i, (code, title, text))| {
                let (body, verdict) = match read(text) {
                    Ok(recording) => {
                        let verdict = verdict_words(&agreement(&recording));
                        (view! { <RecordingView state recording code=code.to_owned() /> }.into_any(), verdict)
                    }
                    Err(e) => (view! { <p>{e}</p> }.into_any(), String::new()),
                };
                view! {
                    <details class="recording" data-testid=format!("real-{code}") open=alone && i == 0>
                        <summary>{title}{verdict}</summary>
                        {body}
                    </details>
                }
            }).collect_view()}
            <OpenLabRun state />
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`read`] with serde_json in place of the browser's parser.
    fn read_natively(text: &str) -> Recording {
        let document: serde_json::Value = serde_json::from_str(text).expect("JSON");
        Recording::read(document.clone(), document).expect("a lab file")
    }

    #[test]
    fn each_shipped_recording_says_in_its_summary_that_the_model_agrees() {
        for (code, _, text) in SHIPPED {
            let recording = read_natively(text);
            assert_eq!(
                verdict_words(&agreement(&recording)),
                ": the model agrees on the outcome",
                "{code}"
            );
        }
    }

    #[test]
    fn a_recording_the_model_parts_from_says_how_many_agree() {
        let recording = read_natively(SHIPPED[0].2);
        let mut answers = agreement(&recording);
        answers.push(answers[0].clone());
        answers[1].real.0 = "B".to_owned();
        assert_eq!(
            verdict_words(&answers),
            ": the model agrees on the outcome of 1 of 2"
        );
    }
}
