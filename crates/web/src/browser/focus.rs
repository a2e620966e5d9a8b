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
        match successor.map(|el| el.dyn_into::<web_sys::SvgElement>()) {
            Some(Ok(svg)) => drop(svg.focus()),
            Some(Err(el)) => {
                if let Ok(html) = el.dyn_into::<web_sys::HtmlElement>() {
                    let _ = html.focus();
                }
            }
            None => {}
        }
    });
}

/// Gives the element `node` the keyboard focus once it is in the page
/// (it needs a `tabindex`): a presented figure taller than the window then
/// scrolls with Page Down, what a presenter's clicker sends, without a
/// click on it first.
pub fn focus_once_mounted(node: leptos::prelude::NodeRef<leptos::html::Div>) {
    use leptos::prelude::{Effect, Get};
    Effect::new(move |_| {
        if let Some(element) = node.get() {
            let _ = element.focus();
        }
    });
}
