//! Mounts the app in a real browser (wasm-bindgen-test + headless chromium)
//! and reads what dlock-core computed out of the DOM.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod support;

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> web_sys::Element {
    let container = support::container();
    let handle = leptos::mount::mount_to(container.clone().unchecked_into(), dlock_web::App);
    // The page owns the app for the rest of the test run.
    std::mem::forget(handle);
    container
}

/// Waits until every study section under `root` is built: the plain page
/// builds those below its opening after it is live, one a task
/// (`study::lazy`).
async fn study_built(root: &web_sys::Element) {
    while root
        .query_selector(".study-section[data-unbuilt]")
        .ok()
        .flatten()
        .is_some()
    {
        let next_task = js_sys::Promise::new(&mut |resolve, _| {
            let _ = web_sys::window()
                .expect("window")
                .set_timeout_with_callback(&resolve);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(next_task).await;
    }
}

fn text_of(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.text_content())
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
}

#[wasm_bindgen_test]
async fn the_default_run_renders_its_verdict_and_its_timeline() {
    let root = mount();
    leptos::task::tick().await;
    assert_eq!(text_of(&root, "[data-testid=title]"), "dlock");
    assert_eq!(text_of(&root, "[data-testid=final-value]"), "'A'");
    assert_eq!(text_of(&root, "[data-testid=overlapping-grants]"), "0");
    assert_eq!(text_of(&root, "[data-testid=stale-overwrites]"), "1");

    let timeline = root
        .query_selector("[data-testid=timeline]")
        .ok()
        .flatten()
        .expect("timeline");
    let leases = timeline
        .query_selector_all(".bar.lease-a, .bar.lease-b")
        .expect("query");
    assert_eq!(leases.length(), 10, "five servers, two leases each");
    let truncated = timeline
        .query_selector_all(".bar.lease-b.truncated")
        .expect("query");
    assert_eq!(truncated.length(), 5, "B's leases end early at its release");
    let labels = timeline.text_content().unwrap_or_default();
    assert!(labels.contains("write 'A' · token 1 · ACCEPTED"), "{labels}");
    assert!(labels.contains("5 of 5"));
    assert!(labels.contains("A's lease ends (t=10)"));
    let unlocked = timeline
        .query_selector_all(".point.write.unlocked")
        .expect("query");
    assert_eq!(
        unlocked.length(),
        1,
        "A's write is marked as made without the lock"
    );
    let grips = timeline.query_selector_all(".grip").expect("query");
    assert_eq!(grips.length(), 3);
}

#[wasm_bindgen_test]
fn a_panic_leaves_a_panel_with_the_address_to_report() {
    dlock_web::browser::panic_panel::show_panic_panel("<b>not markup</b>");
    let document = leptos::prelude::document();
    let panel = document
        .query_selector("[data-testid=panic-panel]")
        .ok()
        .flatten()
        .expect("panel shown");
    let text = panel.text_content().unwrap_or_default();
    assert!(text.contains("Please report this address"), "{text}");
    assert!(text.contains("<b>not markup</b>"), "details are shown as text");
    assert_eq!(
        panel.query_selector("b").ok().flatten(),
        None,
        "nothing is parsed as HTML"
    );
    panel.remove();
}

#[wasm_bindgen_test]
async fn each_scenario_section_draws_core_s_run_and_verdict_without_drag_handles() {
    use dlock_core::beyond::{verdict, Scenario};
    let root = mount();
    leptos::task::tick().await;
    assert!(
        root.query_selector(".study-section").ok().flatten().is_some(),
        "the study is mounted"
    );
    study_built(&root).await;
    for scenario in Scenario::ALL {
        let code = scenario.code();
        let figure = root
            .query_selector(&format!("[data-testid=timeline-{code}]"))
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("timeline of {code}"));
        assert_eq!(
            figure.query_selector_all(".grip").expect("query").length(),
            0,
            "{code}"
        );
        let expected = verdict(&scenario.run(&scenario.defaults()));
        let shown = text_of(&root, &format!("[data-testid=verdict-{code}]"));
        assert!(
            shown.contains(&format!("Which system failed: {}.", expected.failed)),
            "{code}: {shown}"
        );
        for sentence in &expected.sentences {
            assert!(shown.contains(sentence.as_str()), "{code}: {sentence}");
        }
    }
    let restart = root
        .query_selector("[data-testid=timeline-restart]")
        .ok()
        .flatten()
        .expect("restart");
    assert_eq!(
        restart
            .query_selector_all(".bar.held-both")
            .expect("query")
            .length(),
        1,
        "the holder lane shows both clients holding the lock"
    );
    // One restart mark per server that restarts: by default, the one
    // server both majorities share.
    let restarted = match Scenario::Restart.params(&Scenario::Restart.defaults()).fault {
        dlock_core::params::Fault::Restart { servers, .. } => u32::from(servers),
        _ => 0,
    };
    assert_eq!(restarted, 1);
    assert_eq!(
        restart
            .query_selector_all(".bar.restart")
            .expect("query")
            .length(),
        restarted
    );
    let clock = root
        .query_selector("[data-testid=timeline-clock-drift]")
        .ok()
        .flatten()
        .expect("clock drift");
    assert_eq!(
        clock
            .query_selector_all(".bar.hold-a, .bar.hold-b")
            .expect("query")
            .length(),
        2
    );
    let network = text_of(&root, "[data-testid=timeline-slow-network]");
    assert!(network.contains("on the wire"), "{network}");
}
