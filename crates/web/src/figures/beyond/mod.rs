//! The figure of a failure beyond the seed: its knobs, a live timeline of
//! its run, the verdict on which system failed, and its preset links. The
//! scenarios, their knobs and their verdicts all come from
//! `dlock_core::beyond`; this file only wires them to the page (the
//! sections' words are in `study::sections::beyond`).

use crate::browser::url;
use crate::draw::geometry::column_width;
use crate::figures::panels::markup as panel_markup;
use crate::figures::timeline::view::Timeline;
use crate::settings::{self, Settings};
use crate::state::AppState;
use dlock_core::beyond::{self, Knob, KnobKind, Scenario};
use dlock_core::{command, history, transcript, Run, Tick};
use leptos::prelude::*;

/// The run a scenario's figure shows, from the knobs in the URL.
pub fn scenario_run(state: AppState, scenario: Scenario) -> Memo<Run> {
    Memo::new(move |_| state.settings.with(|s| scenario.run(&s.knob_values(scenario))))
}

/// The query for a preset of `scenario`: the defaults, with this
/// scenario's knobs set to `values`.
pub fn preset_query(scenario: Scenario, values: &[u32]) -> String {
    settings::format(&Settings::default().with_knobs(scenario, values))
}

#[component]
pub fn KnobInput(state: AppState, knob: Knob) -> impl IntoView {
    let value = move || {
        state
            .settings
            .with(|s| s.knobs.get(knob.code).copied().unwrap_or(knob.default))
    };
    let set = move |v: u64| {
        state.settings.update(|s| {
            s.knobs.insert(knob.code, knob.limit.clamp(v));
        });
    };
    let id = format!("knob-{}", knob.code);
    let testid = format!("knob-{}", knob.code);
    match knob.kind {
        KnobKind::Switch => view! {
            <label class="toggle">
                <input type="checkbox" id=id data-testid=testid prop:checked=move || value() == 1
                    on:change=move |ev| set(u64::from(event_target_checked(&ev))) />
                {knob.label}
            </label>
        }
        .into_any(),
        KnobKind::Choice(labels) => view! {
            <label class="toggle">
                {knob.label}" "
                <select id=id data-testid=testid prop:value=move || value().to_string()
                    on:change=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse::<u64>() {
                            set(v);
                        }
                    }>
                    {labels.iter().enumerate().map(|(i, l)| view! { <option value=i.to_string()>{*l}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any(),
        KnobKind::Number => {
            let on_input = move |ev: leptos::ev::Event| {
                if let Ok(v) = event_target_value(&ev).trim().parse::<u64>() {
                    set(v);
                }
                crate::controls::inputs::show_value_in_use(&ev, value());
            };
            view! {
                <div class="field knob">
                    <label for=id.clone()>{knob.label}</label>
                    <input type="range" aria-label=knob.label min=knob.limit.min max=knob.limit.max
                        prop:value=value on:input=on_input />
                    <input id=id type="number" data-testid=testid min=knob.limit.min max=knob.limit.max
                        prop:value=value on:change=on_input />
                </div>
            }
            .into_any()
        }
    }
}

/// Sets the scenario's knobs to a preset and scrolls to its section, like a
/// link would, without reloading the page.
fn apply_preset(state: AppState, scenario: Scenario, values: Vec<u32>) {
    state.settings.update(|s| *s = s.with_knobs(scenario, &values));
    crate::browser::url::scroll_to(scenario.code());
}

/// A link that opens this scenario preset (shareable), and applies it in
/// place when clicked.
#[component]
pub fn PresetLink(
    state: AppState,
    scenario: Scenario,
    values: Vec<u32>,
    label: &'static str,
    testid: String,
) -> impl IntoView {
    // The preset alone, not the reader's other settings: a stable link
    // that does not change (and need not be rewritten) as they work.
    let href = format!(
        "{}{}#{}",
        url::page_base(),
        preset_query(scenario, &values),
        scenario.code()
    );
    let on_click = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        apply_preset(state, scenario, values.clone());
    };
    view! { <a class="preset" href=href data-testid=testid on:click=on_click>{label}</a> }
}

/// The figure of one scenario: knobs, timeline, verdict. Also what
/// `?embed=<scenario>` shows, stacked. In the study (`aside` given) the
/// timeline and its knobs stand beside the verdict, the transcript and
/// `aside` where the page is wide enough.
#[component]
pub fn ScenarioFigure(
    state: AppState,
    scenario: Scenario,
    #[prop(optional)] intro: Option<AnyView>,
    #[prop(optional)] aside: Option<AnyView>,
) -> impl IntoView {
    let in_study = aside.is_some();
    let columns = move || in_study && column_width(state.width.get()).is_some();
    let run = scenario_run(state, scenario);
    let t_end = Memo::new(move |_| run.with(history::horizon));
    let width = Signal::derive(move || {
        let w = state.width.get();
        column_width(w).filter(|_| in_study).unwrap_or(w)
    });
    let cursor = Signal::derive(|| None::<Tick>);
    let caption = Signal::derive(move || {
        run.with(|r| {
            transcript::describe_fault(&r.params)
                .map(|f| format!("{}: {f}.", scenario.title()))
                .unwrap_or_else(|| format!("{}: {}.", scenario.title(), transcript::describe(&r.params)))
        })
    });
    let verdict = Memo::new(move |_| run.with(beyond::verdict));
    let code = scenario.code();
    let testid = format!("command-{code}");
    let summary = move || {
        let command = state
            .settings
            .with(|s| command::scenario_command(scenario, &s.knob_values(scenario)));
        panel_markup::with_command("As ", &command, &testid, " prints it:")
    };
    let on_handle = Callback::new(|_| {});
    view! {
        <div class="columns" class:side-by-side=columns>
            <div class="columns-intro">{intro}</div>
            <div class="columns-figure" style:width=move || columns().then(|| format!("{}px", width.get()))>
                <fieldset class="controls" data-testid=format!("knobs-{code}")>
                    <legend>"Knobs"</legend>
                    {scenario.knobs().iter().map(|&knob| view! { <KnobInput state knob /> }).collect_view()}
                </fieldset>
                <Timeline run=run t_end width cursor caption testid=format!("timeline-{code}") on_handle draggable=false />
            </div>
            <div class="columns-text">
                <div class="verdict-box" data-testid=format!("verdict-{code}") role="status">
                    <p><strong prop:textContent=move || format!("Which system failed: {}.", verdict.with(|v| v.failed))></strong></p>
                    <ul>{move || verdict.with(|v| v.sentences.iter().map(|s| view! { <li prop:textContent=s.clone()></li> }).collect_view())}</ul>
                </div>
                <details class="transcript">
                    <summary>"Transcript of this run, and the command that prints it"</summary>
                    <p class="command-line" inner_html=summary></p>
                    <pre data-testid=format!("transcript-{code}") prop:textContent=move || run.with(transcript::run_text)></pre>
                </details>
                {aside}
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_link_names_only_the_knobs_that_differ() {
        let s = Scenario::TokenDrift;
        assert_eq!(preset_query(s, &s.defaults()), "?v=1");
        assert_eq!(preset_query(s, &s.with_remedy()), "?v=1&drift_ordered=1");
        let (back, notices) = settings::parse(&preset_query(Scenario::Restart, &[2, 2, 1]));
        assert!(notices.is_empty());
        assert_eq!(back.knob_values(Scenario::Restart), [2, 2, 1]);
    }
}
