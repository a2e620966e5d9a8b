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

/// Page Down and Page Up scroll the element `node` even where the focus
/// is not in it (a clicker gives none, and a focus given at mount can be
/// lost to a replaced figure or a busy start): a key no earlier listener
/// took (`default_prevented`) scrolls `node` by most of its height. Where
/// the focus is inside `node`, the browser scrolls it already and this
/// leaves the key alone. Call it after the figure's own key listeners are
/// added, so that they see the key first.
pub fn page_keys_scroll(node: leptos::prelude::NodeRef<leptos::html::Div>) {
    use leptos::prelude::GetUntracked;
    crate::browser::events::on_window_key(move |ev| {
        let direction = match ev.key().as_str() {
            "PageDown" => 1.0,
            "PageUp" => -1.0,
            _ => return,
        };
        let Some(frame) = node.get_untracked() else {
            return;
        };
        if ev.default_prevented() {
            return;
        }
        let focused = leptos::prelude::document().active_element();
        if focused.is_some_and(|f| frame.contains(Some(&f))) {
            return;
        }
        ev.prevent_default();
        frame.scroll_by_with_x_and_y(0.0, direction * page_step(frame.client_height()));
    });
}

/// How far one Page Down moves a frame `height` pixels tall: most of it,
/// keeping a line or two of what was read in view, as browsers do.
pub fn page_step(height: i32) -> f64 {
    f64::from(height) * 0.875
}
