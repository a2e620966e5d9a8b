//! "Every schedule": dlock-core's explorer run in the tab over every
//! configuration of the matrix (lock × resource), within the bound the
//! reader sets, with its progress; a ✘ opens its shortest counterexample
//! on the lease timeline, with its transcript. The URL holds the bound and
//! the counterexample's choices (`settings::check`).

pub mod job;
pub mod matrix;

/// The `id` of the drawn counterexample: a link's landing place.
pub const COUNTEREXAMPLE_ANCHOR: &str = "counterexample";

use crate::controls::playback::{key_action, Cursor, Playback, PlaybackBar};
use crate::figures::panels::markup as panel_markup;
use crate::figures::timeline::view::Timeline;
use crate::settings::check::{CheckView, Knob, Shown};
use crate::state::AppState;
use dlock_core::audit::Finding;
use dlock_core::explore::step::first_break;
use dlock_core::explore::{replay, Property, Question};
use dlock_core::history::state_at;
use dlock_core::params::RestartRemedy;
use dlock_core::{command, history, simulate, transcript, Tick};
use job::Progress;
use leptos::prelude::*;

/// One of the question's numbers, clamped to its range as typed; a change
/// starts the check again (and hides a counterexample of the old bound).
#[component]
fn BoundInput(state: AppState, knob: Knob) -> impl IntoView {
    let limit = knob.limit();
    let value = move || state.settings.with(|s| s.check.number(knob));
    let on_change = move |ev: leptos::ev::Event| {
        if let Ok(v) = event_target_value(&ev).trim().parse::<u64>() {
            let v = limit.clamp(v);
            state.settings.update(|s| {
                s.check.set_number(knob, v);
                s.check.shown = None;
            });
        }
        crate::controls::inputs::show_value_in_use(&ev, value());
    };
    view! {
        <label class="field">{knob.label()}" "
            <input type="number" min=limit.min max=limit.max data-testid=format!("input-{}", knob.name())
                prop:value=value on:change=on_change />
        </label>
    }
}

/// Whether one server restarts, and how it comes back.
#[component]
fn RestartInput(state: AppState) -> impl IntoView {
    let value = move || {
        state
            .settings
            .with(|s| s.check.restart().map_or("", |r| r.code()).to_owned())
    };
    let on_change = move |ev: leptos::ev::Event| {
        let restart = RestartRemedy::from_code(&event_target_value(&ev));
        state.settings.update(|s| {
            s.check.set_restart(restart);
            s.check.shown = None;
        });
    };
    view! {
        <label class="field">"one server restarts "
            <select data-testid="input-ck_restart" prop:value=value on:change=on_change>
                <option value="">"never"</option>
                {RestartRemedy::ALL.map(|r| view! { <option value=r.code()>{r.label()}</option> }).collect_view()}
            </select>
        </label>
    }
}

/// Questions asked in one click (core's `Question`): each sets the whole
/// bound, and opens the folded inputs where it sets any of them.
#[component]
fn Questions(state: AppState, more: NodeRef<leptos::html::Details>) -> impl IntoView {
    let ask = move |question: Question| {
        let view = CheckView::asking(&question);
        if view.beyond_the_first() {
            if let Some(details) = more.get_untracked() {
                details.set_open(true);
            }
        }
        state.settings.update(|s| s.check = view);
    };
    view! {
        <div class="check-questions" role="group" aria-label="Questions to ask" data-testid="check-questions">
            {Question::all().map(|question| {
                let asked = move || state.settings.with(|s| s.check.asks(&question));
                view! {
                    <button type="button" data-testid=format!("check-ask-{}", question.code)
                        aria-pressed=move || asked().to_string() on:click=move |_| ask(question)>
                        {question.ask}</button>
                }
            }).collect_view()}
        </div>
    }
}

/// The counterexample's cursor, kept in the URL (`ck_t`) and never past
/// its run's `last` tick.
fn counterexample_cursor(state: AppState, last: Tick, events: Vec<Tick>) -> Cursor {
    Cursor {
        get: Signal::derive(move || {
            state
                .settings
                .with(|s| s.check.shown.as_ref().and_then(|shown| shown.tick))
                .map(|t| t.min(last))
        }),
        set: Callback::new(move |t: Option<Tick>| {
            state.settings.update(|s| {
                if let Some(shown) = s.check.shown.as_mut() {
                    shown.tick = t.map(|t| t.min(last));
                }
            })
        }),
        last: Signal::derive(move || last),
        events: Signal::derive(move || events.clone()),
    }
}

/// The counterexample on show: its run on the lease timeline, what it
/// breaks, its choices and its transcript.
#[component]
fn Counterexample(
    state: AppState,
    shown: Shown,
    view_bound: CheckView,
    progress: RwSignal<Progress>,
) -> impl IntoView {
    let rows = view_bound.rows();
    let config = rows[usize::from(shown.row)];
    let run = replay(&config, &view_bound.bound(), &shown.steps);
    let harm = matches!(
        shown.property,
        Property::Safety(Finding::OverlappingHolds) | Property::Safety(Finding::MutualExclusion)
    )
    .then(|| view! { <HarmNote state run=run.clone() row=shown.row progress /> });
    let broke = first_break(&config, &view_bound.bound(), &shown.steps, shown.property);
    let download = broke.map(|found| trace_download(config, view_bound.bound(), &shown, found));
    let t_end = history::horizon(&run);
    let text = transcript::run_text(&run);
    let repeat = command::exact_run_command(&run.params).filter(|_| simulate(&run.params) == run);
    let search = command::check_command(&config, &view_bound.bound());
    let heading = matrix::counterexample_heading(&config, &view_bound.bound(), shown.property, broke);
    let choices: Vec<String> = shown.steps.iter().map(u32::to_string).collect();
    // A cursor of its own, kept in the URL (`ck_t`), with the playback
    // bar the main timeline has: the band on the drawing, and what happens
    // at that tick, in core's words.
    let last = t_end.saturating_sub(1);
    let cursor = counterexample_cursor(state, last, history::event_ticks(&run));
    let playback = Playback::new(cursor);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(action) = key_action(&ev.key()) {
            ev.prevent_default();
            playback.apply(action);
        }
    };
    let at = {
        let run = run.clone();
        move || {
            cursor.get.get().map_or_else(String::new, |t| {
                panel_markup::cursor_summary(Some(&state_at(&run, t)), &transcript::lines_at(&run, t))
            })
        }
    };
    let run_drawn = run.clone();
    view! {
        <div class="counterexample" data-testid="check-counterexample" id=COUNTEREXAMPLE_ANCHOR>
            <p data-testid="check-counterexample-heading">{heading}</p>
            <div class="figure-keys" tabindex="0" on:keydown=on_key data-testid="check-keys" role="group"
                aria-label="Counterexample: space plays or pauses, arrow keys step, Page Down and Page Up go to the next or previous event, Home and End jump">
                <Timeline run=Signal::derive(move || run_drawn.clone()) t_end=Signal::derive(move || t_end)
                    width=Signal::derive(move || state.width.get()) cursor=cursor.get
                    caption=Signal::derive(|| "The run those choices make, drawn as any other.".to_owned())
                    testid="timeline-check".to_owned() on_handle=Callback::new(|_| {}) draggable=false />
                <PlaybackBar playback testid_prefix="check-" />
            </div>
            <div class="cursor-note" aria-live="polite" data-testid="check-cursor-note" inner_html=at></div>
            {harm}
            <p>"Its choices, as the simulator meets them: " <code data-testid="check-steps">{choices.join(",")}</code>
                {repeat.map(|line| view! { " — the same run in a terminal: " <code translate="no">{line}</code> })}</p>
            <p>"The same search in a terminal (add " <code translate="no">"--engine stateright --threads N"</code>
                " for bounds past a tab): " <code translate="no" data-testid="check-command">{search}</code></p>
            {download}
            <details><summary>"Its transcript"</summary>
                <pre class="transcript" data-testid="check-transcript">{text}</pre></details>
        </div>
    }
}

/// "Download trace (ITF)": the counterexample as `dlock check --trace`
/// writes it (the whole state at each step, in the JSON Apalache and
/// Quint read), so that `dlock replay` runs it again in a terminal.
fn trace_download(
    config: dlock_core::explore::Config,
    bound: dlock_core::explore::Bound,
    shown: &Shown,
    (length, broken_at): (u32, Tick),
) -> impl IntoView {
    let (property, steps) = (shown.property, shown.steps.clone());
    let said = RwSignal::new(String::new());
    let save = move |_| {
        let found = dlock_core::explore::itf::Found {
            steps: &steps,
            length,
            broken_at,
        };
        let trace = dlock_core::explore::itf::trace(&config, &bound, property, found);
        let name = format!("dlock-check-{}.itf.json", property.code());
        said.set(match crate::browser::download::download_json(&name, &trace) {
            Ok(()) => format!("Saved {name}: dlock replay {name} runs it again."),
            Err(e) => format!("Could not save the trace: {e}."),
        });
    };
    view! {
        <p class="trace-download">
            <button type="button" data-testid="check-trace" on:click=save>"Download trace (ITF)"</button>
            " " <span class="tool-status" aria-live="polite" data-testid="check-trace-status">{move || said.get()}</span>
        </p>
    }
}

/// Under an overlapping hold, a belief: whether it did harm, and buttons
/// to the row's shortest schedules that do.
#[component]
fn HarmNote(state: AppState, run: dlock_core::Run, row: u8, progress: RwSignal<Progress>) -> impl IntoView {
    let note = Memo::new(move |_| {
        progress.with(|p| matrix::harm_note(&run, p.reports.get(usize::from(row)).and_then(Option::as_ref)))
    });
    let open = move |property: Property| {
        let found = progress.with_untracked(|p| {
            p.reports
                .get(usize::from(row))
                .and_then(Option::as_ref)
                .and_then(|r| {
                    r.properties
                        .iter()
                        .find(|x| x.name == property)
                        .and_then(|x| x.counterexample.as_ref())
                        .map(|c| (c.steps.clone(), c.broken_at))
                })
        });
        if let Some(found) = found {
            let shown = Shown::at_its_break(row, property, found);
            state.settings.update(|s| s.check.shown = Some(shown));
        }
    };
    view! {
        <p class="harm-note" data-testid="check-harm">
            <span prop:textContent=move || note.with(|n| n.text.clone())></span>
            {move || note.with(|n| n.harmful.iter().map(|&(property, length)| view! {
                " " <button type="button" data-testid=format!("check-harm-{}", property.code())
                    on:click=move |_| open(property)>{format!("{}, {length} steps", property.heading())}</button>
            }).collect_view())}
        </p>
    }
}

/// The matrix, one row a configuration, one column a property.
#[component]
fn Matrix(state: AppState, progress: RwSignal<Progress>) -> impl IntoView {
    // Every cluster and lease has the same rows, lock by resource: only
    // their servers and ttl change, which no heading names.
    let rows = CheckView::default().rows();
    let open = move |row: usize, property: Property| {
        progress.with_untracked(|p| {
            let Some(Some(report)) = p.reports.get(row) else {
                return;
            };
            let Some(found) = report
                .properties
                .iter()
                .find(|x| x.name == property)
                .and_then(|x| x.counterexample.as_ref())
            else {
                return;
            };
            let shown = Shown::at_its_break(row as u8, property, (found.steps.clone(), found.broken_at));
            state.settings.update(|s| s.check.shown = Some(shown));
        });
        // Drawn below the table, perhaps below the window: brought into
        // view, as little as it takes, once it is in the page.
        request_animation_frame(|| crate::browser::document::scroll_into_view_nearest(COUNTEREXAMPLE_ANCHOR));
    };
    let columns = Property::ALL.len() + 1;
    let cells = move |row: usize| {
        Property::ALL
            .map(|property| {
                let cell = Memo::new(move |_| progress.with(|p| matrix::cell(p.reports.get(row).and_then(Option::as_ref), property)));
                // Text set as properties, never as text nodes patched in
                // place: a page a browser has translated keeps following.
                // The button's text when the cell fails, the plain mark when it
                // does not: the cell's text is its mark either way.
                let mark = move || cell.with(|c| if c.fails { c.mark.split_once(' ').map_or(c.mark.clone(), |(m, _)| m.to_owned()) } else { String::new() });
                let steps = move || cell.with(|c| match (c.fails, c.mark.split_once(' ')) {
                    (true, Some((_, s))) => format!(" {s}"),
                    _ => String::new(),
                });
                let plain = move || cell.with(|c| if c.fails { String::new() } else { c.mark.clone() });
                // The cell whose counterexample is drawn below, marked so a
                // reader arriving by a link sees which one it is.
                let on_show = move || state.settings.with(|s| s.check.shown.as_ref().is_some_and(|x| usize::from(x.row) == row && x.property == property));
                view! {
                    <td data-testid=format!("check-cell-{row}-{}", property.code())
                        class=move || if on_show() { format!("{} on-show", cell.with(|c| c.class)) } else { cell.with(|c| c.class).to_owned() } title=move || cell.with(|c| c.title.clone())
                        // Paper has no buttons: the stylesheet prints the ✘ and its length from here.
                        data-mark=move || cell.with(|c| c.mark.clone())>
                        // On a phone the length goes under the mark, so the
                        // whole matrix fits the column with its numbers.
                        <button type="button" hidden=move || !cell.with(|c| c.fails) on:click=move |_| open(row, property)
                            aria-pressed=move || if on_show() { "true" } else { "false" }>
                            <span prop:textContent=mark></span><span class="steps" prop:textContent=steps></span>
                        </button>
                        <span hidden=move || cell.with(|c| c.fails) prop:textContent=plain></span>
                    </td>
                }
            })
            .collect_view()
    };
    view! {
        <table class="data check-matrix" data-testid="check-matrix">
            <thead><tr><th scope="col">"resource"</th>
                {Property::ALL.map(|p| view! { <th scope="col">{p.heading()}</th> }).collect_view()}</tr></thead>
            {matrix::groups(&rows).into_iter().map(|(lock, members)| view! {
                <tbody>
                    <tr class="lock"><th scope="colgroup" colspan=columns>{lock}</th></tr>
                    {members.into_iter().map(|row| view! {
                        <tr class="config"><th scope="row">{rows[row].resource.code()}</th>{cells(row)}</tr>
                    }).collect_view()}
                </tbody>
            }).collect_view()}
        </table>
        <p class="check-key">"✔: no schedule within the bound breaks it. ○: none breaks it because what it constrains never happened (say, no client ever wrote): a pass that says nothing. ✘ n: the shortest breaks it in n steps"<span class="screen-only">"; click to draw it below the table (the cell drawn is outlined)"</span>". ?: unknown, cut short at the state limit."</p>
    }
}

/// The figure: the bound's inputs, progress, the matrix, a counterexample.
#[component]
pub fn EverySchedule(state: AppState) -> impl IntoView {
    let progress = state.check;
    let generation = StoredValue::new(0u64);
    let again = RwSignal::new(0u32);
    let asked = Memo::new(move |_| state.settings.with(|s| s.check.asked()));
    Effect::new(move |_| {
        let asked = asked.get();
        again.track();
        let next = generation.get_value() + 1;
        generation.set_value(next);
        job::start(asked.rows(), asked.bound(), next, generation, progress);
    });
    let stop = move |_| {
        generation.update_value(|g| *g += 1);
        job::stop();
        progress.update(|p| {
            p.current = None;
            p.stopped = true;
        });
    };
    let more = NodeRef::<leptos::html::Details>::new();
    let running = move || progress.with(|p| p.current.is_some());
    let status = move || asked.with(|a| progress.with(|p| matrix::status(p, &a.rows(), &a.bound())));
    let shown = move || {
        state
            .settings
            .with(|s| s.check.shown.clone().map(|shown| (shown, s.check.clone())))
    };
    view! {
        <figure class="every-schedule" data-testid="check" id=crate::browser::document::figure_element_id("check")>
            <div class="check-inputs">
                {Knob::ALL[..3].iter().map(|&knob| view! { <BoundInput state knob /> }).collect_view()}
                <button type="button" data-testid=move || if running() { "check-stop" } else { "check-again" }
                    prop:textContent=move || if running() { "Stop" } else { "Check again" }
                    on:click=move |ev| if running() { stop(ev) } else { again.update(|n| *n += 1) }></button>
            </div>
            <Questions state more />
            // Opened by a link or a question that sets any of these, closed
            // otherwise: the page keeps its height for the reader who never
            // asks.
            <details class="check-more" data-testid="check-more" node_ref=more
                prop:open=move || state.settings.with_untracked(|s| s.check.beyond_the_first())>
                <summary>"the cluster, the lease, the horizon, and one fault"</summary>
                <div class="check-inputs">
                    {Knob::ALL[3..].iter().map(|&knob| view! { <BoundInput state knob /> }).collect_view()}
                    <RestartInput state />
                </div>
            </details>
            <progress data-testid="check-progress" max=move || progress.with(|p| p.reports.len().max(1))
                value=move || progress.with(|p| p.done())></progress>
            <p role="status" data-testid="check-status" prop:textContent=status></p>
            <Matrix state progress />
            <p class="check-notes" data-testid="check-notes"
                prop:textContent=move || asked.with(|a| progress.with(|p| matrix::differences(p, &a.rows()))).join("\n\n")></p>
            {move || shown().map(|(shown, view_bound)| view! { <Counterexample state shown view_bound progress /> })}
        </figure>
    }
}
