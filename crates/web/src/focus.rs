//! Figures drawn as markup are replaced whole (`inner_html`) when what they
//! show changes, and the element that had the keyboard focus goes with
//! them: the next key would reach the page instead. A figure notes which of
//! its marked elements had the focus before the replacement and gives it to
//! that element's successor after.

use wasm_bindgen::JsCast;

/// The value of `attr` on the element inside `root` that has the focus.
fn focused_mark(root: &web_sys::Element, attr: &str) -> Option<String> {
    leptos::prelude::document()
        .active_element()
        .filter(|el| root.contains(Some(el)))
        .and_then(|el| el.get_attribute(attr))
}

/// Once the markup in hand is in the page (a microtask later, before any
/// further input), focuses the element inside `root` whose `attr` is
/// `value`. Call it while computing the replacement markup.
fn refocus_after_replacement(root: web_sys::Element, attr: &'static str, value: String) {
    leptos::prelude::queue_microtask(move || {
        let target = root
            .query_selector(&format!("[{attr}=\"{value}\"]"))
            .ok()
            .flatten()
            .and_then(|el| el.dyn_into::<web_sys::SvgElement>().ok());
        if let Some(target) = target {
            let _ = target.focus();
        }
    });
}

/// Both steps for a figure whose markup is about to be replaced.
pub fn keep_focus_across_replacement(root: Option<web_sys::Element>, attr: &'static str) {
    if let Some(root) = root {
        if let Some(value) = focused_mark(&root, attr) {
            refocus_after_replacement(root, attr, value);
        }
    }
}
