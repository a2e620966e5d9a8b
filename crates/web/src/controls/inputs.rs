//! Inputs for every parameter. Each writes through `Field::set`, which
//! clamps, so no input can put the page in an invalid state.

use crate::settings::{self, Field, Settings, PAGE_AXIS_VALUES};
use crate::state::AppState;
use dlock_core::list::{format_list, parse_list};
use dlock_core::names::{self, Name};
use dlock_core::params;
use dlock_core::{Comparison, Params};
use leptos::prelude::*;

/// Puts the value the figures use back in the box that was typed into.
/// Clamping to a limit already reached, or an emptied box, changes no
/// parameter, so nothing would re-render the box: it would go on showing
/// what was typed beside figures drawn with something else.
pub fn show_value_in_use(ev: &leptos::ev::Event, value: u32) {
    let input = event_target::<web_sys::HtmlInputElement>(ev);
    let shown = value.to_string();
    if input.value() != shown {
        input.set_value(&shown);
    }
}

/// A number box and a slider for one parameter. `scope` prefixes ids and
/// test ids when the same parameter has a control in two places.
#[component]
pub fn NumberField(state: AppState, field: Field, #[prop(optional)] scope: &'static str) -> impl IntoView {
    let value = move || state.params.with(|p| field.get(p));
    let max = move || state.params.with(|p| field.limit(p).max);
    let min = move || state.params.with(|p| field.limit(p).min);
    let on_input = move |ev: leptos::ev::Event| {
        let mut p = state.params.get_untracked();
        if let Ok(v) = event_target_value(&ev).trim().parse::<u64>() {
            p = field.set(&p, v);
            state.set_params(p);
        }
        show_value_in_use(&ev, field.get(&p));
    };
    let id = format!("{scope}field-{}", field.code());
    // Sliders stop at a range a hand can use; the number box takes the rest.
    let slider_max = move || max().min(200);
    view! {
        <div class="field">
            <label for=id.clone()>{field.label()}</label>
            <input
                type="range"
                aria-label=field.label()
                min=min
                max=slider_max
                prop:value=value
                on:input=on_input
            />
            <input
                id=id
                type="number"
                data-testid=format!("{scope}input-{}", field.code())
                min=min
                max=max
                prop:value=value
                on:change=on_input
            />
        </div>
    }
}

/// A switch of the run, labelled with its name from dlock-core; its test id
/// is `toggle-` and its URL name unless the figure gives one.
#[component]
pub fn Toggle(
    state: AppState,
    name: Name,
    #[prop(optional)] testid: Option<&'static str>,
    get: fn(&dlock_core::Params) -> bool,
    set: fn(&mut dlock_core::Params, bool),
) -> impl IntoView {
    let testid = testid.map_or_else(|| format!("toggle-{}", name.url), str::to_owned);
    let checked = move || state.params.with(get);
    let on_change = move |ev: leptos::ev::Event| {
        let mut p = state.params.get_untracked();
        set(&mut p, event_target_checked(&ev));
        state.set_params(p);
    };
    view! {
        <label class="toggle">
            <input type="checkbox" data-testid=testid prop:checked=checked on:change=on_change />
            {name.label}
        </label>
    }
}

#[component]
pub fn Controls(state: AppState) -> impl IntoView {
    let on_cmp = move |ev: leptos::ev::Event| {
        let comparison = Comparison::from_code(&event_target_value(&ev)).unwrap_or_default();
        let mut p = state.params.get_untracked();
        p.comparison = comparison;
        state.set_params(p);
    };
    let cmp = move || state.params.with(|p| p.comparison.code());
    let recheck_on = move || state.params.with(|p| p.recheck_at.is_some());
    let acquiring_open = move || state.params.with(|p| p.acquiring.takes_time());
    let on_recheck = move |ev: leptos::ev::Event| {
        let mut p = state.params.get_untracked();
        p.recheck_at = event_target_checked(&ev).then(|| p.write_tick());
        state.set_params(p);
    };
    view! {
        // On paper the inputs are gone; the run's parameters are written
        // out instead, in the words of `dlock run`'s first line.
        <p class="settings-line print-only" data-testid="controls-printed"
            prop:textContent=move || format!("Parameters: {}.", state.params.with(dlock_core::transcript::describe))></p>
        <fieldset class="controls" data-testid="controls">
            <legend>"Parameters"</legend>
            {Field::RUN.into_iter().map(|field| view! { <NumberField state field /> }).collect_view()}
            <div class="toggles">
                <Toggle state name=names::FENCING get=|p| p.fencing set=|p, v| p.fencing = v />
                <label class="toggle">
                    "stale when token"
                    <select data-testid="select-cmp" prop:value=cmp on:change=on_cmp>
                        <option value="lt">"< max"</option>
                        <option value="le">"<= max"</option>
                    </select>
                </label>
                <Toggle state name=names::EXPIRY get=|p| p.expiry set=|p, v| p.expiry = v />
                <Toggle state name=names::A_CRASHES get=|p| p.a_crashes set=|p, v| p.a_crashes = v />
                <Toggle state name=names::B_WRITES_TWICE get=|p| p.b_writes_twice set=|p, v| p.b_writes_twice = v />
                <Toggle state name=names::REGISTER_TOKEN get=|p| p.register_token set=|p, v| p.register_token = v />
                <Toggle state name=names::CAS get=|p| p.cas set=|p, v| p.cas = v />
                <label class="toggle">
                    <input type="checkbox" data-testid="toggle-recheck" prop:checked=recheck_on on:change=on_recheck />
                    "A re-checks the lock before writing"
                </label>
                <Resets state />
            </div>
            <Show when=recheck_on>
                <NumberField state field=Field::Recheck />
            </Show>
            // Open when acquiring takes time, so a link that sets it shows it.
            <details class="acquiring" data-testid="acquiring-controls" prop:open=acquiring_open>
                <summary>"Acquiring over a network"</summary>
                {Field::ACQUIRING.into_iter().map(|field| view! { <NumberField state field /> }).collect_view()}
                <Toggle
                    state
                    name=names::VALIDITY_CHECK
                    get=|p| p.acquiring.validity_check
                    set=|p, v| p.acquiring.validity_check = v
                />
            </details>
        </fieldset>
    }
}

/// Where a reset button goes back to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ResetTo {
    /// The parameters of the study's own run, the run every sentence of
    /// the study starts from; the reader's other settings stay.
    StudyRun,
    /// Everything as the page opened, when a link or an embed opened it
    /// on other settings.
    Opened,
}

impl ResetTo {
    fn reached(self, state: AppState) -> bool {
        match self {
            ResetTo::StudyRun => state.params.with(|p| *p == Params::default()),
            ResetTo::Opened => state
                .opened_with
                .with_value(|opened| state.settings.with(settings::format) == *opened),
        }
    }

    fn apply(self, state: AppState) {
        match self {
            ResetTo::StudyRun => state.set_params(Params::default()),
            ResetTo::Opened => state
                .settings
                .set(state.opened_with.with_value(|opened| settings::parse(opened).0)),
        }
    }
}

/// One way back, greyed out while there is nothing to go back to.
#[component]
fn ResetButton(state: AppState, to: ResetTo, label: &'static str, testid: &'static str) -> impl IntoView {
    view! {
        <button type="button" data-testid=testid prop:disabled=move || to.reached(state)
            on:click=move |_| to.apply(state)>{label}</button>
    }
}

#[component]
fn Resets(state: AppState) -> impl IntoView {
    let opened_elsewhere = {
        // What the link says of the page itself (a figure alone, fixed
        // colours) is no setting a reader moves away from.
        state.opened_with.with_value(|opened_with| {
            let opened = settings::parse(opened_with).0;
            settings::format(&Settings {
                embed: opened.embed,
                theme: opened.theme,
                ..Settings::default()
            }) != *opened_with
        })
    };
    view! {
        <span class="resets">
            <ResetButton state to=ResetTo::StudyRun label="Reset to the study's run" testid="reset-study" />
            {opened_elsewhere.then(|| view! {
                <ResetButton state to=ResetTo::Opened label="Reset to how this page opened" testid="reset-opened" />
            })}
        </span>
    }
}

/// One of the heatmap's axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    Ttl,
    Pause,
}

/// A heatmap axis as a list: `1..40`, `2..41:3` or `1,5,10`. A bad list
/// is not applied and its message is shown beside the box.
#[component]
pub fn ListField(state: AppState, which: Axis) -> impl IntoView {
    let (label, limit, testid) = match which {
        Axis::Ttl => ("ttl values", params::TTL, "input-hm_ttl"),
        Axis::Pause => ("pause values", params::PAUSE_LEN, "input-hm_pause"),
    };
    let error = RwSignal::new(None::<String>);
    let value = move || {
        state.settings.with(|s| match which {
            Axis::Ttl => format_list(&s.heat_ttls),
            Axis::Pause => format_list(&s.heat_pauses),
        })
    };
    let on_change = move |ev: leptos::ev::Event| match parse_list(&event_target_value(&ev), &limit) {
        Ok(mut values) => {
            // Too long a list is drawn cut, and the box says so.
            let count = values.len();
            values.truncate(PAGE_AXIS_VALUES);
            error.set(
                (count > PAGE_AXIS_VALUES)
                    .then(|| format!("That list {}.", crate::settings::keeps_the_first(count))),
            );
            state.settings.update(|s| match which {
                Axis::Ttl => s.heat_ttls = values,
                Axis::Pause => s.heat_pauses = values,
            });
        }
        Err(e) => error.set(Some(e.message)),
    };
    let id = format!("list-{testid}");
    view! {
        <div class="field list-field">
            <label for=id.clone()>{label}</label>
            <input id=id type="text" data-testid=testid prop:value=value on:change=on_change
                aria-describedby=format!("{testid}-error") spellcheck="false" />
            <span class="field-error" id=format!("{testid}-error") role="alert" prop:textContent=move || error.get()></span>
        </div>
    }
}
