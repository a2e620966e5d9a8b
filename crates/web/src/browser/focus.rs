//! Figures drawn as markup are replaced whole (`inner_html`) when what they
//! show changes, and the element that had the keyboard focus goes with
//! them: the next key would reach the page instead. Before a replacement a
//! figure notes which of its marked elements has the focus; once the new
//! markup is in, that element's successor gets it.

use wasm_bindgen::JsCast;

/// Call while computing a figure's replacement markup. If the focused
/// element carries `attr` (`data-handle` on the timeline's handles,
/// `data-ttl` on the lease chart's points), the element with the same value
/// in the same `<figure>` gets the focus back a microtask later: after the
/// markup is replaced, before any further input. When the focus is
/// elsewhere this does nothing; when it is in another figure, that figure
/// was not replaced and refocusing its element changes nothing.
pub fn keep_focus_across_replacement(attr: &'static str) {
    let Some(focused) = leptos::prelude::document().active_element() else {
        return;
    };
    let (Some(value), Ok(Some(figure))) = (focused.get_attribute(attr), focused.closest("figure")) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let successor = figure
            .query_selector(&format!("[{attr}=\"{value}\"]"))
            .ok()
            .flatten();
        if let Some(successor) = successor.and_then(|el| el.dyn_into::<web_sys::SvgElement>().ok()) {
            let _ = successor.focus();
        }
    });
}
