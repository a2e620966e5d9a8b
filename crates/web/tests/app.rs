//! Mounts the app in a real browser (wasm-bindgen-test + headless chromium)
//! and reads what core computed out of the DOM.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn text_of(root: &web_sys::Element, testid: &str) -> String {
    root.query_selector(&format!("[data-testid={testid}]"))
        .ok()
        .flatten()
        .and_then(|e| e.text_content())
        .unwrap_or_else(|| panic!("no element with data-testid={testid}"))
}

#[wasm_bindgen_test]
async fn the_default_run_renders_its_verdict() {
    let document = leptos::prelude::document();
    let container = document.create_element("div").expect("div");
    document
        .body()
        .expect("body")
        .append_child(&container)
        .expect("append");
    let handle = leptos::mount::mount_to(container.clone().unchecked_into(), dlock_web::App);
    leptos::task::tick().await;
    assert_eq!(text_of(&container, "title"), "dlock");
    assert_eq!(text_of(&container, "final-value"), "'A'");
    assert_eq!(text_of(&container, "overlapping-grants"), "0");
    assert_eq!(text_of(&container, "stale-overwrites"), "1");
    assert!(!text_of(&container, "transcript").contains("REJECTED"));
    drop(handle);
}
