//! Mounts single components, each on a state of its own, in a real browser
//! (wasm-bindgen-test + headless chromium). Each test checks what a person
//! sees after doing one thing against what dlock-core computes for it.
#![cfg(target_arch = "wasm32")]

use dlock_core::audit::Finding;
use dlock_core::beyond::{self, Scenario};
use dlock_core::{command, history, simulate, sweep, transcript, Params};
use dlock_web::controls::inputs::{Axis, ListField, NumberField};
use dlock_web::controls::playback::{Cursor, Playback, PlaybackBar};
use dlock_web::figures::beyond::ScenarioFigure;
use dlock_web::figures::heatmap::view::Heatmap;
use dlock_web::figures::panels::markup as panel_markup;
use dlock_web::figures::panels::{AuditPanel, CursorPanel, Notices, TranscriptPanel};
use dlock_web::figures::recheck::caption::{recheck_caption, rechecks};
use dlock_web::figures::recheck::{with_check, RecheckFigure};
use dlock_web::figures::sweeps::caption::arrival_strip_caption;
use dlock_web::figures::sweeps::{chart_ttls, ClusterTable, LeaseLengths};
use dlock_web::figures::timeline::drag::Handle;
use dlock_web::figures::timeline::view::Timeline;
use dlock_web::settings::{self, Field};
use dlock_web::state::AppState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod support;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts `view` in a fresh container and returns the container with the
/// state the view was built on.
fn mount<V: IntoView + 'static>(
    query: &'static str,
    view: fn(AppState) -> V,
) -> (web_sys::Element, AppState) {
    let container = support::container();
    let state = std::rc::Rc::new(std::cell::Cell::new(None));
    let handle = {
        let state = state.clone();
        leptos::mount::mount_to(container.clone().unchecked_into(), move || {
            let s = AppState::new(query, 800.0);
            state.set(Some(s));
            view(s)
        })
    };
    // The test page owns the view for the rest of the run.
    std::mem::forget(handle);
    (container, state.get().expect("the view was built"))
}

fn find(root: &web_sys::Element, selector: &str) -> web_sys::Element {
    root.query_selector(selector)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
}

fn text_of(root: &web_sys::Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

/// Types `value` into a number box and commits it, as a person does.
fn type_into(root: &web_sys::Element, selector: &str, value: &str) {
    let input: web_sys::HtmlInputElement = find(root, selector).unchecked_into();
    input.set_value(value);
    let event = web_sys::Event::new("change").expect("event");
    input.dispatch_event(&event).expect("dispatch");
}

/// `markup` as the browser serialises it after parsing (entities and
/// quotes normalised), to compare with a rendered element's `innerHTML`.
fn as_parsed(markup: &str) -> String {
    let div = leptos::prelude::document().create_element("div").expect("div");
    div.set_inner_html(markup);
    div.inner_html()
}

/// Clicks the element `selector` matches, as a person does.
fn click(root: &web_sys::Element, selector: &str) {
    find(root, selector)
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
}

/// Presses `key` on the element `selector` matches, as a keyboard user
/// does once it has the focus (the event bubbles to the figure's handler).
fn press(root: &web_sys::Element, selector: &str, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("event");
    find(root, selector).dispatch_event(&event).expect("dispatch");
}

/// Waits until `done` says so, looking every 20 ms of browser time: the
/// heatmap computes across frames, playback steps on a timer, and a busy
/// machine takes longer over both. A minute without it is a hang.
async fn until(done: impl Fn() -> bool) {
    for _ in 0..3_000 {
        if done() {
            return;
        }
        sleep(20).await;
    }
    panic!("still waiting after a minute of browser time");
}

/// Waits `ms` milliseconds of browser time (the heatmap computes across frames).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .expect("timeout");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("slept");
}

#[wasm_bindgen_test]
async fn a_typed_lease_length_reaches_the_audit_and_out_of_range_is_clamped() {
    let (root, state) = mount("", |state| {
        view! { <NumberField state field=Field::Ttl /> <AuditPanel state /> }
    });
    leptos::task::tick().await;
    // A lease longer than the pause protects B's work: core says clean.
    type_into(&root, "[data-testid=input-ttl]", "30");
    leptos::task::tick().await;
    let expected = simulate(&Params {
        ttl: 30,
        ..Params::default()
    });
    assert_eq!(state.params.get_untracked().ttl, 30);
    assert_eq!(
        text_of(&root, "[data-testid=final-value]"),
        expected.final_value.to_string()
    );
    assert_eq!(
        text_of(&root, "[data-testid=outcome]"),
        expected.audit().outcome.label()
    );
    // A value past the limit is clamped to it, never rejected into a broken state.
    type_into(&root, "[data-testid=input-ttl]", "99999999");
    leptos::task::tick().await;
    let max = Field::Ttl.limit(&state.params.get_untracked()).max;
    assert_eq!(state.params.get_untracked().ttl, max);
    let input: web_sys::HtmlInputElement = find(&root, "[data-testid=input-ttl]").unchecked_into();
    assert_eq!(input.value(), max.to_string());
    // Past the limit again, and emptied: no parameter changes, and the box
    // shows the value still in use.
    for typed in ["20000", ""] {
        type_into(&root, "[data-testid=input-ttl]", typed);
        leptos::task::tick().await;
        assert_eq!(state.params.get_untracked().ttl, max);
        assert_eq!(input.value(), max.to_string(), "after typing {typed:?}");
    }
}

/// Whether the button `selector` matches is greyed out.
fn disabled(root: &web_sys::Element, selector: &str) -> bool {
    find(root, selector)
        .unchecked_into::<web_sys::HtmlButtonElement>()
        .disabled()
}

#[wasm_bindgen_test]
async fn the_resets_return_to_the_study_s_run_and_to_everything_the_link_set() {
    let (root, state) = mount("?ttl=25&fencing=1&t=12&hm_ttl=1..20", |state| {
        view! { <dlock_web::controls::inputs::Controls state /> <AuditPanel state /> }
    });
    leptos::task::tick().await;
    let opened = state.settings.get_untracked();
    assert_eq!((opened.params.ttl, opened.params.fencing), (25, true));
    // Opened as the link has it: only the way to the study's run is open.
    assert!(!disabled(&root, "[data-testid=reset-study]"));
    assert!(disabled(&root, "[data-testid=reset-opened]"));
    // Playing the run alone is something to go back from.
    state.set_cursor(Some(3));
    leptos::task::tick().await;
    assert!(!disabled(&root, "[data-testid=reset-opened]"));
    type_into(&root, "[data-testid=input-pause_len]", "30");
    state.settings.update(|s| s.heat_ttls = vec![5]);
    click(&root, "[data-testid=reset-study]");
    leptos::task::tick().await;
    // The parameters only: the study's run, with the reader's other settings.
    assert_eq!(state.params.get_untracked(), Params::default());
    assert_eq!(state.settings.get_untracked().heat_ttls, vec![5]);
    assert_eq!(
        text_of(&root, "[data-testid=final-value]"),
        simulate(&Params::default()).final_value.to_string()
    );
    assert!(disabled(&root, "[data-testid=reset-study]"));
    click(&root, "[data-testid=reset-opened]");
    leptos::task::tick().await;
    assert_eq!(state.settings.get_untracked(), opened);
    assert_eq!(
        text_of(&root, "[data-testid=final-value]"),
        simulate(&opened.params).final_value.to_string()
    );
    assert!(disabled(&root, "[data-testid=reset-opened]"));
}

#[wasm_bindgen_test]
async fn a_page_opened_on_the_study_s_run_offers_one_reset() {
    // Fixed colours are no setting to go back from.
    for query in ["", "?theme=dark"] {
        let (root, _) = mount(
            query,
            |state| view! { <dlock_web::controls::inputs::Controls state /> },
        );
        leptos::task::tick().await;
        assert!(disabled(&root, "[data-testid=reset-study]"));
        assert!(
            root.query_selector("[data-testid=reset-opened]")
                .ok()
                .flatten()
                .is_none(),
            "{query}"
        );
    }
}

#[wasm_bindgen_test]
async fn notices_list_each_unusable_parameter_and_dismiss_hides_them() {
    const QUERY: &str = "ttl=99999&nonsense=1";
    let (root, _) = mount(QUERY, |state| view! { <Notices state /> });
    leptos::task::tick().await;
    let (_, notices) = settings::parse(QUERY);
    assert_eq!(notices.len(), 2);
    let items = root
        .query_selector_all("[data-testid=notices] li")
        .expect("query");
    assert_eq!(items.length(), 2);
    for (i, notice) in notices.iter().enumerate() {
        let item = items.item(i as u32).and_then(|n| n.text_content());
        assert_eq!(item.as_deref(), Some(notice.message.as_str()));
    }
    find(&root, "[data-testid=dismiss-notices]")
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    leptos::task::tick().await;
    assert!(root
        .query_selector("[data-testid=notices]")
        .ok()
        .flatten()
        .is_none());
}

#[wasm_bindgen_test]
async fn the_transcript_panel_prints_core_s_transcript_for_the_linked_run() {
    let (root, _) = mount("ttl=20&b_arrives=5", |state| view! { <TranscriptPanel state /> });
    leptos::task::tick().await;
    let expected = transcript::run_text(&simulate(&Params {
        ttl: 20,
        b_arrives: 5,
        ..Params::default()
    }));
    assert_eq!(text_of(&root, "[data-testid=transcript]"), expected);
    // Its heading names the command that prints the same text.
    assert_eq!(
        text_of(&root, "[data-testid=transcript-command]"),
        "dlock run --ttl 20 --b-arrives 5"
    );
}

#[wasm_bindgen_test]
async fn the_heatmap_legend_counts_core_s_cells() {
    let (root, state) = mount(
        "hm_ttl=1..12&hm_pause=0..20",
        |state| view! { <Heatmap state width=state.width /> },
    );
    // The grid is computed in slices across frames; wait for the last one.
    until(|| text_of(&root, "[data-testid=heatmap-agreement]").contains("agrees")).await;
    let (params, ttls, pauses) = state
        .settings
        .with_untracked(|s| (s.params, s.heat_ttls.clone(), s.heat_pauses.clone()));
    let grid = dlock_core::sweep::grid(&params, &ttls, &pauses);
    assert_eq!(grid.cells.len(), 12 * 21);
    let legend = text_of(&root, ".legend");
    for (outcome, n) in grid.counts() {
        let entry = format!("{} {n}", outcome.label());
        assert!(legend.contains(&entry), "missing {entry:?} in {legend:?}");
    }
    let canvas: web_sys::HtmlCanvasElement = find(&root, "[data-testid=heatmap-canvas]").unchecked_into();
    assert!(
        canvas.width() > 0 && canvas.height() > 0,
        "the canvas was sized and painted"
    );
}

#[wasm_bindgen_test]
async fn the_staircase_and_the_lease_chart_are_drawn_for_the_column_they_are_given() {
    // The page is 800 px wide; beside its words a figure gets a column.
    let (root, _) = mount("hm_ttl=1..4&hm_pause=0..4", |state| {
        view! { <Heatmap state width=Signal::derive(|| 430.0) /><LeaseLengths state width=Signal::derive(|| 430.0) /> }
    });
    until(|| !text_of(&root, "[data-testid=heatmap-agreement]").is_empty()).await;
    let canvas: web_sys::HtmlElement = find(&root, "[data-testid=heatmap-canvas]").unchecked_into();
    assert_eq!(
        canvas.style().get_property_value("width").ok().as_deref(),
        Some("430px")
    );
    let chart = find(&root, "[data-testid=lease-lengths] svg");
    assert_eq!(chart.get_attribute("width").as_deref(), Some("430"));
}

#[wasm_bindgen_test]
async fn the_timeline_draws_diamonds_over_bars_and_a_key_on_a_handle_moves_it() {
    let moved = RwSignal::new(None::<(Handle, dlock_core::Tick)>);
    let container = support::container();
    let params = Params {
        recheck_at: Some(2),
        ..Params::default()
    };
    let handle = leptos::mount::mount_to(container.clone().unchecked_into(), move || {
        let run = simulate(&params);
        let t_end = dlock_core::history::horizon(&run);
        view! {
            <Timeline
                run=Signal::stored(run)
                t_end=Signal::stored(t_end)
                width=Signal::stored(800.0)
                cursor=Signal::stored(None)
                caption=Signal::stored(String::new())
                testid="timeline".to_string()
                on_handle=Callback::new(move |m| moved.set(Some(m)))
            />
        }
    });
    std::mem::forget(handle);

    // Later elements are painted on top: bars, then diamonds, then handles.
    let kinds: Vec<String> = {
        let nodes = container
            .query_selector_all(".drawing > g.bar, .drawing > g.point, .drawing > .grip")
            .expect("query");
        (0..nodes.length())
            .filter_map(|i| nodes.item(i))
            .filter_map(|n| n.unchecked_into::<web_sys::Element>().get_attribute("class"))
            .map(|class| class.split(' ').next().unwrap_or_default().to_string())
            .collect()
    };
    let first = |kind: &str| kinds.iter().position(|k| k == kind).expect(kind);
    let last = |kind: &str| kinds.iter().rposition(|k| k == kind).expect(kind);
    assert!(
        last("bar") < first("point") && last("point") < first("grip"),
        "{kinds:?}"
    );

    // A check at the tick the pause starts: "paused" begins after its diamond.
    let pause_label = find(&container, ".bar.pause .bar-label");
    let check = find(&container, ".point.recheck polygon");
    let label_left = pause_label.get_bounding_client_rect().left();
    assert!(
        label_left >= check.get_bounding_client_rect().right(),
        "{label_left}"
    );

    press(&container, "[data-handle=pause-end]", "ArrowLeft");
    assert_eq!(
        moved.get_untracked(),
        Some((Handle::PauseEnd, params.write_tick() - 1))
    );
    // Home and End take a handle to the ends of the range it announces.
    press(&container, "[data-handle=pause-end]", "Home");
    assert_eq!(moved.get_untracked(), Some((Handle::PauseEnd, params.pause_from)));
    press(&container, "[data-handle=b-arrival]", "End");
    assert_eq!(
        moved.get_untracked(),
        Some((Handle::BArrival, dlock_core::params::B_ARRIVES.max))
    );
    let arrival = find(&container, "[data-handle=b-arrival]");
    assert_eq!(arrival.get_attribute("aria-valuemax"), Some("10000".into()));
    press(&container, "[data-handle=b-arrival]", "Enter");
    assert_eq!(
        moved.get_untracked(),
        Some((Handle::BArrival, dlock_core::params::B_ARRIVES.max)),
        "other keys leave the handle alone"
    );
}

#[wasm_bindgen_test]
async fn an_embed_names_its_figure_and_links_to_the_study_with_its_settings() {
    use dlock_web::settings::Figure;
    use dlock_web::share::embed::Embedded;
    let (root, _) = mount("?ttl=13&embed=heatmap&controls=0", |state| {
        let embed = state.settings.with_untracked(|s| s.embed).expect("an embed");
        view! { <Embedded state embed><p>"figure"</p></Embedded> }
    });
    // The stylesheet hides the figure's inputs by this class.
    assert!(find(&root, "main.embedded").class_list().contains("figure-only"));
    // The heading a screen reader lands on, with the same title as the
    // iframe snippet's.
    assert_eq!(
        text_of(&root, "main.embedded h1"),
        format!("dlock: {}", Figure::Heatmap.title())
    );
    let href = find(&root, "[data-testid=open-full]")
        .get_attribute("href")
        .unwrap_or_default();
    // The full study has every control, whatever the embed left out.
    assert!(href.ends_with("?v=1&ttl=13#lease"), "{href}");
}

#[wasm_bindgen_test]
async fn the_embed_code_takes_the_colours_chosen_beside_it() {
    use dlock_web::settings::Figure;
    use dlock_web::share::tools::FigureTools;
    let (root, _) = mount("?ttl=25&theme=dark", |state| {
        view! { <FigureTools state figure=Figure::Heatmap /> }
    });
    // The snippet's texts are filled in while their disclosure (inside the
    // share menu) is open.
    let details: web_sys::HtmlDetailsElement = find(&root, "details.share-text").unchecked_into();
    details.set_open(true);
    details
        .dispatch_event(&web_sys::Event::new("toggle").expect("event"))
        .expect("dispatch");
    leptos::task::tick().await;
    // The query of the address in the snippet's `src`.
    let query = || {
        let code = find(&root, "[data-testid=embed-heatmap]")
            .unchecked_into::<web_sys::HtmlTextAreaElement>()
            .value();
        let src = code
            .split("src=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next());
        src.and_then(|src| src.split_once('?'))
            .map(|(_, q)| q.to_owned())
            .unwrap_or(code)
    };
    let choose = |code: &str| {
        let select: web_sys::HtmlSelectElement =
            find(&root, "[data-testid=embed-theme-heatmap]").unchecked_into();
        select.set_value(code);
        select
            .dispatch_event(&web_sys::Event::new("change").expect("event"))
            .expect("dispatch");
    };
    // The page's own colours first, as the link has them.
    assert_eq!(query(), "v=1&ttl=25&embed=heatmap&theme=dark");
    choose("light");
    leptos::task::tick().await;
    assert_eq!(query(), "v=1&ttl=25&embed=heatmap&theme=light");
    choose("auto");
    leptos::task::tick().await;
    assert_eq!(query(), "v=1&ttl=25&embed=heatmap");
}

#[wasm_bindgen_test]
async fn a_cluster_size_from_the_link_gets_core_s_row_and_an_empty_box_removes_it() {
    let (root, state) = mount("add_n=101", |state| view! { <ClusterTable state /> });
    leptos::task::tick().await;
    let mut sizes = dlock_core::sweep::STUDY_CLUSTER_SIZES.to_vec();
    sizes.push(101);
    let expected = dlock_core::sweep::cluster_sizes(&Params::default(), &sizes);
    let rows = root.query_selector_all("tbody tr").expect("query");
    assert_eq!(rows.length() as usize, expected.len());
    let last = rows
        .item(rows.length() - 1)
        .and_then(|r| r.text_content())
        .unwrap_or_default();
    let row = expected.last().expect("a row for 101");
    let votes = row.b_votes.expect("B gets votes");
    assert_eq!(
        last,
        format!(
            "{}{}{votes} of {}{}{}{}",
            row.servers,
            row.quorum,
            row.servers,
            row.final_value,
            row.stale_overwrites,
            row.overlapping_grants
        )
    );
    type_into(&root, "[data-testid=input-extra-n]", "");
    leptos::task::tick().await;
    assert_eq!(state.settings.with_untracked(|s| s.added_servers), None);
    let rows = root.query_selector_all("tbody tr").expect("query");
    assert_eq!(rows.length() as usize, sizes.len() - 1);
}

#[wasm_bindgen_test]
async fn the_recheck_multiples_caption_core_s_runs_for_a_linked_pause() {
    // A longer pause moves A's write to t=32: the last multiple checks
    // there, after the pause, where the study's run checks at t=16.
    let (root, state) = mount("ttl=25&pause_len=30", |state| view! { <RecheckFigure state /> });
    leptos::task::tick().await;
    let p = state.settled.get_untracked();
    assert_eq!(p.write_tick(), 32);
    let ticks = dlock_core::sweep::recheck_ticks(&p);
    assert_eq!(ticks[3], 32);
    // Two are drawn: the lease's last tick, and after the pause.
    for (check, testid) in [(ticks[2], "recheck-9"), (ticks[3], "recheck-write")] {
        let run = simulate(&with_check(&p, check));
        let caption = text_of(&root, &format!("[data-testid={testid}] figcaption"));
        assert_eq!(caption, recheck_caption(&run, check), "check at {check}");
    }
    let items = root
        .query_selector_all("[data-testid=recheck-lines] li")
        .expect("query");
    let expected = rechecks(&p, &ticks);
    assert_eq!(items.length() as usize, expected.len());
    for (i, line) in expected.iter().enumerate() {
        let item = items.item(i as u32).and_then(|n| n.text_content());
        assert_eq!(item.as_deref(), Some(line.as_str()));
    }
}

#[wasm_bindgen_test]
async fn the_step_buttons_move_the_cursor_and_the_panel_shows_core_s_state_there() {
    let (root, state) = mount("pause_len=6", |state| {
        let playback = Playback::new(Cursor::main(state));
        view! { <PlaybackBar playback /> <CursorPanel state /> }
    });
    leptos::task::tick().await;
    let run = simulate(&Params {
        pause_len: 6,
        ..Params::default()
    });
    // The panel's two parts (without the comment Leptos leaves as a
    // marker) against core's state and transcript at `t`.
    let shows = |t: Option<u32>| {
        let html = |id: &str| {
            find(&root, &format!("[data-testid={id}]"))
                .inner_html()
                .replace("<!---->", "")
        };
        let at = t.map(|t| history::state_at(&run, t));
        let lines = t.map_or_else(Vec::new, |t| transcript::lines_at(&run, t));
        let summary = panel_markup::cursor_summary(at.as_ref(), &lines);
        let servers = at.as_ref().map_or_else(String::new, panel_markup::cursor_servers);
        assert_eq!(html("cursor-summary"), as_parsed(&summary), "at {t:?}");
        assert_eq!(html("cursor-servers"), as_parsed(&servers), "at {t:?}");
    };
    // Only the summary is read out at each step, not the table.
    let panel = find(&root, "[data-testid=cursor-panel]");
    assert_eq!(panel.get_attribute("aria-live"), None);
    assert_eq!(
        find(&root, "[data-testid=cursor-summary]")
            .get_attribute("aria-live")
            .as_deref(),
        Some("polite")
    );
    assert_eq!(text_of(&root, ".cursor-readout"), "whole run");
    shows(None);
    for _ in 0..9 {
        click(&root, "[data-testid=step-forward]");
    }
    leptos::task::tick().await;
    assert_eq!(text_of(&root, ".cursor-readout"), "t=9");
    shows(Some(9));
    assert_eq!(state.settings.with_untracked(|s| s.cursor), Some(9));
    // A step back from the first tick stays on it.
    for _ in 0..12 {
        click(&root, "[data-testid=step-back]");
    }
    leptos::task::tick().await;
    assert_eq!(text_of(&root, ".cursor-readout"), "t=0");
    shows(Some(0));
    click(&root, "[data-testid=clear-cursor]");
    leptos::task::tick().await;
    assert_eq!(state.settings.with_untracked(|s| s.cursor), None);
    shows(None);
}

#[wasm_bindgen_test]
async fn play_runs_the_cursor_to_the_run_s_last_tick_and_stops_there() {
    let (root, state) = mount("t=3", |state| {
        let playback = Playback::new(Cursor::main(state));
        view! { <PlaybackBar playback /> }
    });
    leptos::task::tick().await;
    let select: web_sys::HtmlSelectElement = find(&root, "select").unchecked_into();
    select.set_value("16");
    select
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    click(&root, "[data-testid=play]");
    leptos::task::tick().await;
    assert_eq!(text_of(&root, "[data-testid=play]"), "❚❚ Pause");
    let run = state.run.get_untracked();
    let last = history::horizon(&run)
        .max(history::horizon(&state.fenced.get_untracked()))
        .max(history::horizon(&state.unfenced.get_untracked()))
        - 1;
    // Playback steps on a timer: wait for the button to offer Play again.
    until(|| text_of(&root, "[data-testid=play]") == "▶ Play").await;
    assert_eq!(text_of(&root, "[data-testid=play]"), "▶ Play");
    assert_eq!(state.settings.with_untracked(|s| s.cursor), Some(last));
    assert_eq!(text_of(&root, ".cursor-readout"), format!("t={last}"));
}

#[wasm_bindgen_test]
async fn the_cursor_shades_the_column_of_its_tick_through_the_event_there() {
    let container = support::container();
    let handle = leptos::mount::mount_to(container.clone().unchecked_into(), move || {
        let run = simulate(&Params::default());
        let t_end = history::horizon(&run);
        view! {
            <Timeline
                run=Signal::stored(run)
                t_end=Signal::stored(t_end)
                width=Signal::stored(800.0)
                cursor=Signal::stored(Some(16))
                caption=Signal::stored(String::new())
                testid="timeline".to_string()
                on_handle=Callback::new(|_| {})
            />
        }
    });
    std::mem::forget(handle);
    leptos::task::tick().await;
    // A's stale write happens at t=16: the cursor's column holds its diamond
    // and the column's middle line runs through the diamond's centre.
    let diamond = find(&container, ".point.unlocked polygon").get_bounding_client_rect();
    let band = find(&container, ".cursor rect").get_bounding_client_rect();
    let line = find(&container, ".cursor line").get_bounding_client_rect();
    let centre = diamond.left() + diamond.width() / 2.0;
    assert!(band.left() <= diamond.left() && diamond.right() <= band.right());
    assert!(
        (line.left() + line.width() / 2.0 - centre).abs() < 0.5,
        "line at {} against the diamond's centre {centre}",
        line.left()
    );
}

#[wasm_bindgen_test]
async fn a_heatmap_axis_typed_too_long_is_drawn_cut_and_the_box_says_so() {
    let (root, state) = mount("", |state| view! { <ListField state which=Axis::Ttl /> });
    leptos::task::tick().await;
    type_into(&root, "[data-testid=input-hm_ttl]", "1..450");
    leptos::task::tick().await;
    let kept = state.settings.with_untracked(|s| s.heat_ttls.clone());
    assert_eq!(kept.len(), settings::PAGE_AXIS_VALUES);
    assert_eq!(kept.first().copied(), Some(1));
    assert_eq!(
        text_of(&root, "#input-hm_ttl-error"),
        format!("That list {}.", settings::keeps_the_first(450))
    );
    // A list the page can draw whole clears the message.
    type_into(&root, "[data-testid=input-hm_ttl]", "1..30");
    leptos::task::tick().await;
    assert_eq!(text_of(&root, "#input-hm_ttl-error"), "");
    assert_eq!(state.settings.with_untracked(|s| s.heat_ttls.len()), 30);
}

#[wasm_bindgen_test]
async fn a_scenario_s_knobs_reach_its_verdict_transcript_and_command() {
    let scenario = Scenario::Restart;
    let (root, state) = mount(
        "",
        |state| view! { <ScenarioFigure state scenario=Scenario::Restart /> },
    );
    leptos::task::tick().await;
    // What the section shows for knob values `values`, against core.
    let shows = |values: &[u32]| {
        assert_eq!(state.settings.with_untracked(|s| s.knob_values(scenario)), values);
        let run = scenario.run(values);
        let verdict = beyond::verdict(&run);
        assert_eq!(
            text_of(&root, "[data-testid=verdict-restart]"),
            format!(
                "Which system failed: {}.{}",
                verdict.failed,
                verdict.sentences.concat()
            ),
            "verdict for {values:?}"
        );
        assert_eq!(
            text_of(&root, "[data-testid=transcript-restart]"),
            transcript::run_text(&run)
        );
        assert_eq!(
            text_of(&root, "[data-testid=command-restart]"),
            command::scenario_command(scenario, values)
        );
    };
    shows(&scenario.defaults());
    // Two servers forget: the shared one among them, so B gets a majority.
    type_into(&root, "[data-testid=knob-restart_servers]", "2");
    leptos::task::tick().await;
    shows(&[2, 0, 0]);
    // The remedy, chosen from the list.
    let choice: web_sys::HtmlSelectElement =
        find(&root, "[data-testid=knob-restart_remedy]").unchecked_into();
    choice.set_value("1");
    choice
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    leptos::task::tick().await;
    shows(&[2, 1, 0]);
    // More servers than the cluster has: clamped to the knob's range.
    type_into(&root, "[data-testid=knob-restart_servers]", "9");
    leptos::task::tick().await;
    let max = scenario.knobs()[0].limit.max;
    shows(&[max, 1, 0]);
    let input: web_sys::HtmlInputElement = find(&root, "[data-testid=knob-restart_servers]").unchecked_into();
    assert_eq!(input.value(), max.to_string());
}

/// Dispatches a bubbling `click` on the element `selector` matches (SVG
/// elements have no `click()` of their own).
fn click_svg(root: &web_sys::Element, selector: &str) {
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).expect("event");
    find(root, selector).dispatch_event(&event).expect("dispatch");
}

#[wasm_bindgen_test]
async fn a_point_of_the_lease_chart_loads_its_lease_length_by_click_or_key() {
    let (root, state) = mount("", |state| view! { <LeaseLengths state width=state.width /> });
    leptos::task::tick().await;
    let p = state.params.get_untracked();
    let rows = sweep::lease_lengths(&p, &chart_ttls(&p));
    let table_rows = root
        .query_selector_all("[data-testid=lease-lengths-table] tbody tr")
        .expect("rows");
    assert_eq!(table_rows.length() as usize, rows.len());
    // The ringed point is the lease in use, and moves with it.
    let ringed = |ttl: u32| {
        find(&root, &format!("[data-ttl='{ttl}']"))
            .class_list()
            .contains("current")
    };
    assert!(ringed(p.ttl));
    click_svg(&root, "[data-ttl='14']");
    leptos::task::tick().await;
    assert_eq!(state.params.get_untracked().ttl, 14);
    assert!(ringed(14) && !ringed(p.ttl));
    press(&root, "[data-ttl='20']", "Enter");
    leptos::task::tick().await;
    assert_eq!(state.params.get_untracked().ttl, 20);
    // Only the lease changed: the rest of the run is the study's.
    assert_eq!(state.params.get_untracked(), Params { ttl: 20, ..p });
}

#[wasm_bindgen_test]
async fn the_arrival_strip_marks_each_arrival_as_core_does_and_the_slider_reads_one() {
    use dlock_web::draw::palette::outcome_class;
    use dlock_web::figures::sweeps::{strip_arrivals, LateArrival};
    // The study's run has every outcome along the strip; a lease that
    // outlasts the pause has A write under the lock at every arrival.
    for query in ["", "ttl=20"] {
        let (root, state) = mount(query, |state| view! { <LateArrival state /> });
        leptos::task::tick().await;
        let p = state.settled.get_untracked();
        let rows = sweep::arrivals(&p, &strip_arrivals());
        let marks = root.query_selector_all("svg.strip rect").expect("rects");
        assert_eq!(marks.length() as usize, 2 * rows.len(), "{query}");
        let class_at = |i: usize| {
            marks
                .item(i as u32)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                .and_then(|e| e.get_attribute("class"))
                .unwrap_or_default()
        };
        for (i, row) in rows.iter().enumerate() {
            let arrives = row.b_arrives;
            assert_eq!(
                class_at(2 * i),
                outcome_class(row.outcome),
                "{query}: B at {arrives}"
            );
            let lock_mark = if row.a_write_unlocked {
                "unlocked-mark"
            } else {
                "locked-mark"
            };
            assert_eq!(class_at(2 * i + 1), lock_mark, "{query}: B at {arrives}");
        }
        assert_eq!(
            text_of(&root, "[data-testid=late-b-caption]"),
            arrival_strip_caption(&rows)
        );
        // Sliding B's arrival changes the run, and the sentence reads it.
        let slider: web_sys::HtmlInputElement = find(&root, "[data-testid=late-b-slider]").unchecked_into();
        slider.set_value("40");
        slider
            .dispatch_event(&web_sys::Event::new("input").expect("event"))
            .expect("dispatch");
        leptos::task::tick().await;
        let moved = Params { b_arrives: 40, ..p };
        assert_eq!(state.params.get_untracked(), moved);
        let row = sweep::arrivals(&moved, &[40]).pop().expect("a row");
        assert_eq!(
            text_of(&root, "[data-testid=late-b-readout]"),
            format!(
                "Final value {}; stale overwrites {}; A's write made without the lock: {}.",
                row.final_value,
                row.stale_overwrites,
                if row.a_write_unlocked { "yes" } else { "no" }
            )
        );
    }
}

#[wasm_bindgen_test]
async fn a_figure_away_from_the_hand_follows_a_burst_of_changes_once_it_stops() {
    use dlock_web::figures::recheck::ExpiryFigure;
    use dlock_web::figures::sweeps::markup::expiry_rows;
    use dlock_web::state::SETTLE;
    let (root, state) = mount("", |state| view! { <ExpiryFigure state /> });
    leptos::task::tick().await;
    // The rows core gives for `p`, as the browser parses them in a table body.
    let rows_for = |p: &Params| {
        let body = leptos::prelude::document()
            .create_element("tbody")
            .expect("tbody");
        body.set_inner_html(&expiry_rows(&sweep::expiry_variants(p)));
        body.inner_html()
    };
    // The rows shown, without the marker Leptos keeps beside them.
    let shown = || {
        let rows = root.query_selector_all("tbody tr").expect("rows");
        (0..rows.length())
            .filter_map(|i| rows.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()))
            .map(|row| row.outer_html())
            .collect::<String>()
    };
    let first = state.params.get_untracked();
    let last = Params {
        b_arrives: 15,
        ..first
    };
    assert_ne!(
        rows_for(&first),
        rows_for(&last),
        "B's arrival shows in the table"
    );
    assert_eq!(shown(), rows_for(&first));
    // A drag: three steps in a row. The figure keeps the rows it has...
    for b_arrives in 13..=15 {
        state.set_params(Params { b_arrives, ..first });
        leptos::task::tick().await;
    }
    assert_eq!(state.settled.get_untracked(), first);
    assert_eq!(shown(), rows_for(&first));
    // What a test waits for: not settled while the hand moves...
    assert!(!leptos::prelude::untrack(|| state.is_settled()));
    // ...and once the hand has been still for a while, shows the last step.
    sleep(3 * SETTLE.as_millis() as i32).await;
    assert_eq!(state.settled.get_untracked(), last);
    assert_eq!(shown(), rows_for(&last));
    assert!(leptos::prelude::untrack(|| state.is_settled()));
}

#[wasm_bindgen_test]
async fn a_staircase_cell_under_a_re_check_loads_the_run_it_shows() {
    // Pauses of 10 to 14 ticks put A's write at t=12 to t=16: every cell
    // but the last writes before the re-check the link places at t=16.
    let (root, state) = mount("recheck=16&hm_ttl=10..12&hm_pause=10..14", |state| {
        view! { <Heatmap state width=state.width /> }
    });
    until(|| !text_of(&root, "[data-testid=heatmap-agreement]").is_empty()).await;
    let (params, ttls, pauses) = state
        .settings
        .with_untracked(|s| (s.params, s.heat_ttls.clone(), s.heat_pauses.clone()));
    let grid = sweep::grid(&params, &ttls, &pauses);
    let press = |key: &str| press(&root, "[data-testid=heatmap-canvas]", key);
    // From the run's own cell (ttl 10, pause 14) two to the left: pause 12,
    // A writes at t=14.
    press("ArrowLeft");
    press("ArrowLeft");
    press("Enter");
    leptos::task::tick().await;
    let loaded = state.params.get_untracked();
    assert_eq!(Some(loaded), grid.params_at(0, 2));
    assert_eq!((loaded.pause_len, loaded.recheck_at), (12, Some(14)));
    let cell = grid.cell(0, 2).expect("the cell");
    assert_eq!(simulate(&loaded).outcome(), cell.outcome);
}

#[wasm_bindgen_test]
async fn a_re_check_multiple_drags_the_shared_schedule_but_not_its_own_check() {
    let (root, state) = mount("recheck=9", |state| view! { <RecheckFigure state /> });
    leptos::task::tick().await;
    for testid in ["recheck-9", "recheck-write"] {
        let handles = root
            .query_selector_all(&format!("[data-testid={testid}] [data-handle]"))
            .expect("handles");
        let names: Vec<String> = (0..handles.length())
            .filter_map(|i| {
                handles
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            })
            .filter_map(|e| e.get_attribute("data-handle"))
            .collect();
        assert_eq!(names, ["pause-start", "pause-end", "b-arrival"], "{testid}");
    }
    // A key on a multiple's pause end moves the schedule they all share.
    let before = state.params.get_untracked();
    press(
        &root,
        "[data-testid=recheck-9] [data-handle=pause-end]",
        "ArrowRight",
    );
    leptos::task::tick().await;
    assert_eq!(
        state.params.get_untracked(),
        Params {
            pause_len: before.pause_len + 1,
            ..before
        }
    );
}

/// The run import as the page does it: the browser's `JSON.parse`, then
/// serde's derived readers through serde-wasm-bindgen. What the page's
/// JSON export writes comes back as the same run; a file that is not JSON,
/// or not a run, is refused with a message naming what is wrong, and the
/// settings stay as they were.
#[wasm_bindgen_test]
async fn an_exported_run_imports_back_and_a_bad_file_says_why() {
    use dlock_web::share::export::import_text;
    let (_, state) = mount("", |_| view! { <p></p> });
    let wanted = Params {
        ttl: 25,
        fencing: true,
        recheck_at: Some(9),
        ..Params::default()
    };
    let report = dlock_core::report::RunReport::new(&simulate(&wanted));
    // Written as the page's export writes it.
    let text = dlock_web::browser::download::json_text(&report).expect("the page's JSON");
    assert_eq!(import_text(state, &text), Ok(()));
    assert_eq!(state.params.get_untracked(), wanted);
    for (file, why) in [
        ("hello", "that file is not JSON"),
        (r#"{"a": 1}"#, "not a dlock run (missing field `params`)"),
        (
            r#"{"params": {"servers": -1}, "final_value": "A"}"#,
            // JavaScript's numbers reach serde as floats.
            "`-1.0`, expected u16",
        ),
        (
            r#"{"params": {"servers": 70000}, "final_value": "A"}"#,
            "`70000`, expected u16",
        ),
    ] {
        let refused = import_text(state, file).expect_err(file);
        assert!(refused.contains(why), "{file}: {refused}");
        assert_eq!(
            state.params.get_untracked(),
            wanted,
            "{file} changed the settings"
        );
    }
    let edited = text.replace("\"fencing\": true", "\"fencing\": 0");
    assert!(import_text(state, &edited)
        .expect_err("fencing 0")
        .contains("expected a boolean"));
}

#[wasm_bindgen_test]
async fn the_acquire_staircase_draws_core_s_cells_and_a_click_opens_one() {
    use dlock_core::acquire_grid;
    use dlock_web::figures::acquiring::AcquireStaircase;
    let (root, state) = mount("?latency=2", |state| view! { <AcquireStaircase state /> });
    let grid = acquire_grid::acquire_grid(&state.params.get_untracked());
    assert_eq!(text_of(&root, "[data-testid=acquiring-summary]"), grid.summary());
    let cells = root.query_selector_all("rect.cell").unwrap();
    assert_eq!(
        cells.length() as usize,
        2 * grid.pauses.len() * grid.arrivals.len()
    );
    // The cell of A stopped 13 ticks, B at 12, without the check: its
    // run becomes the page's.
    // An SVG shape has no click(): the event a pointer sends, bubbling.
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).expect("event");
    find(
        &root,
        "rect.cell[data-check=\"0\"][data-pause=\"13\"][data-b=\"12\"]",
    )
    .dispatch_event(&event)
    .expect("dispatch");
    assert_eq!(
        state.params.get_untracked(),
        acquire_grid::cell_params(&grid.base, 13, 12, false)
    );
}

#[wasm_bindgen_test]
async fn the_both_sides_table_has_a_row_per_claim_with_core_s_verdict() {
    use dlock_web::study::sections::debate::BothSidesTable;
    let (root, _) = mount("", |state| view! { <BothSidesTable state /> });
    let claims = dlock_core::debate::claims();
    let rows = root.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows.length() as usize, claims.len());
    for c in &claims {
        let row = find(&root, &format!("tr#{}", c.code));
        assert_eq!(
            row.get_attribute("data-finding").as_deref(),
            Some(c.finding.code())
        );
    }
}

#[wasm_bindgen_test]
async fn every_schedule_fills_its_matrix_with_core_s_answers_and_opens_a_counterexample() {
    use dlock_core::explore::Property;
    use dlock_web::figures::check::EverySchedule;
    let (root, state) = mount("ck_arr=11", |state| view! { <EverySchedule state /> });
    // The search runs in the explorer's worker, whose files this test's
    // server does not have: the section says the check could not start.
    until(|| text_of(&root, "[data-testid=check-status]").contains("could not start")).await;
    assert!(text_of(&root, "[data-testid=check-status]").starts_with("The check could not start: "));
    // What the worker would have said, as core answers it, drawn.
    let bound = state.settings.with_untracked(|s| s.check.bound());
    let rows = state.settings.with_untracked(|s| s.check.rows());
    let reports = rows
        .iter()
        .map(|&c| Some(dlock_core::explore::check(c, bound)))
        .collect();
    state.check.set(dlock_web::state::CheckProgress {
        reports,
        ..Default::default()
    });
    sleep(20).await;
    assert!(text_of(&root, "[data-testid=check-status]").contains("Every configuration checked"));
    let report = dlock_core::explore::check(rows[0], bound);
    let stale = report
        .properties
        .iter()
        .find(|p| p.name == Property::Safety(Finding::StaleOverwrites))
        .unwrap();
    let length = stale.counterexample.as_ref().expect("a stale overwrite").length;
    assert_eq!(
        text_of(&root, "[data-testid=check-cell-0-stale_overwrites]"),
        format!("✘ {length}")
    );
    assert_eq!(
        text_of(&root, "[data-testid=check-cell-0-overlapping_grants]"),
        "✔"
    );
    click(&root, "[data-testid=check-cell-0-stale_overwrites] button");
    sleep(20).await;
    let steps: Vec<String> = stale
        .counterexample
        .as_ref()
        .unwrap()
        .steps
        .iter()
        .map(u32::to_string)
        .collect();
    assert_eq!(text_of(&root, "[data-testid=check-steps]"), steps.join(","));
    assert_eq!(
        text_of(&root, "[data-testid=check-command]"),
        dlock_core::command::check_command(&rows[0], &bound)
    );
    assert!(text_of(&root, "[data-testid=check-command]").ends_with("--max-arrival 11"));
    let shown = state
        .settings
        .with_untracked(|s| s.check.shown.clone())
        .expect("a counterexample on show");
    assert_eq!(shown.property, Property::Safety(Finding::StaleOverwrites));
}

#[wasm_bindgen_test]
async fn a_counterexample_opens_at_its_link_s_tick_and_its_own_bar_moves_it() {
    use dlock_core::explore::{check, Property};
    use dlock_web::figures::check::EverySchedule;
    let bound = dlock_core::explore::Bound {
        max_arrival: 11,
        ..Default::default()
    };
    let rows = dlock_web::settings::check::CheckView::default().rows();
    let report = check(rows[0], bound);
    let stale = report
        .properties
        .iter()
        .find(|p| p.name == Property::Safety(Finding::StaleOverwrites))
        .and_then(|p| p.counterexample.clone())
        .expect("a stale overwrite");
    let steps: Vec<String> = stale.steps.iter().map(u32::to_string).collect();
    let query = format!(
        "ck_arr=11&ck_row=0&ck_prop=stale_overwrites&ck_steps={}&ck_t=5",
        steps.join(",")
    );
    // Leaked: `mount` takes a link that lives as long as the test.
    let query: &'static str = Box::leak(query.into_boxed_str());
    let (root, state) = mount(query, |state| view! { <EverySchedule state /> });
    leptos::task::tick().await;
    let readout = "[data-testid=check-playback] .cursor-readout";
    assert_eq!(text_of(&root, readout), "t=5");
    assert!(text_of(&root, "[data-testid=check-cursor-note]").contains("t=5"));
    click(&root, "[data-testid=check-step-forward]");
    leptos::task::tick().await;
    assert_eq!(text_of(&root, readout), "t=6");
    let tick = state
        .settings
        .with_untracked(|s| s.check.shown.as_ref().and_then(|shown| shown.tick));
    assert_eq!(tick, Some(6));
    // The main run's cursor is not the counterexample's.
    assert_eq!(state.settings.with_untracked(|s| s.cursor), None);
}

#[wasm_bindgen_test]
async fn a_question_sets_the_bound_opens_the_folded_inputs_and_is_pressed() {
    use dlock_core::explore::Question;
    use dlock_web::figures::check::EverySchedule;
    use dlock_web::settings::check::CheckView;
    let (root, state) = mount("", |state| view! { <EverySchedule state /> });
    let pressed = |code: &str| {
        find(&root, &format!("[data-testid=check-ask-{code}]"))
            .get_attribute("aria-pressed")
            .unwrap_or_default()
    };
    let more: web_sys::HtmlDetailsElement = find(&root, "[data-testid=check-more]").unchecked_into();
    assert_eq!(pressed("pauses"), "true");
    assert!(!more.open());
    click(&root, "[data-testid=check-ask-split-vote]");
    leptos::task::tick().await;
    let question = Question::split_vote();
    assert_eq!(
        state.settings.with_untracked(|s| s.check.clone()),
        CheckView::asking(&question)
    );
    assert!(more.open(), "the cluster it sets is folded there");
    assert_eq!(pressed("split-vote"), "true");
    assert_eq!(pressed("pauses"), "false");
    let servers: web_sys::HtmlInputElement = find(&root, "[data-testid=input-ck_servers]").unchecked_into();
    assert_eq!(servers.value(), question.servers.to_string());
    // A number typed afterwards asks something else: no button is pressed.
    type_into(&root, "[data-testid=input-ck_within]", "3");
    leptos::task::tick().await;
    assert!(Question::all().iter().all(|q| pressed(q.code) == "false"));
}

#[wasm_bindgen_test]
async fn the_deck_panel_lists_each_slide_in_core_s_words_and_moves_and_removes_them() {
    use dlock_web::share::deck::DeckPanel;
    let (root, state) = mount("?deck=1!timeline~ttl=25!heatmap~ttl=25!recheck", |state| {
        view! { <DeckPanel state /> }
    });
    let slides = |root: &web_sys::Element| {
        root.query_selector_all("[data-testid=deck-slide]")
            .expect("slides")
            .length()
    };
    until(|| slides(&root) == 3).await;
    assert_eq!(text_of(&root, "[data-testid=deck-summary]"), "Deck: 3 slides");
    // Each slide in the words `dlock run` and `dlock grid` print first.
    let ttl25 = Params {
        ttl: 25,
        ..Params::default()
    };
    assert_eq!(
        text_of(&root, "li:nth-child(1) .deck-slide-words"),
        transcript::describe(&ttl25)
    );
    assert_eq!(
        text_of(&root, "li:nth-child(2) .deck-slide-words"),
        transcript::describe_grid(&ttl25)
    );
    let figures = || {
        state
            .settings
            .with_untracked(|s| s.deck.iter().map(|d| d.figure.code()).collect::<Vec<_>>())
    };
    click(&root, "button[aria-label='Move slide 3 up']");
    until(|| figures() == ["timeline", "recheck", "heatmap"]).await;
    assert!(disabled(&root, "button[aria-label='Move slide 1 up']"));
    assert!(disabled(&root, "button[aria-label='Move slide 3 down']"));
    click(&root, "button[aria-label='Remove slide 1']");
    until(|| figures() == ["recheck", "heatmap"]).await;
    until(|| text_of(&root, "[data-testid=deck-summary]") == "Deck: 2 slides").await;
    // Present opens the first slide as the deck stores it.
    click(&root, "[data-testid=deck-present]");
    until(|| state.settings.with_untracked(|s| s.slide) == Some(0)).await;
    let on = state
        .settings
        .with_untracked(|s| (s.present.map(|f| f.code()), s.params.ttl));
    assert_eq!(on, (Some("recheck"), Params::default().ttl));
}
