//! What the wasm test files share: a place on the test page to mount into.

/// A fresh `<div>` appended to the test page's body.
pub fn container() -> web_sys::Element {
    let document = leptos::prelude::document();
    let container = document.create_element("div").expect("div");
    document
        .body()
        .expect("body")
        .append_child(&container)
        .expect("append");
    container
}
