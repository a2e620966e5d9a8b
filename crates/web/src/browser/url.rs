//! The only place the page touches `location` and `history`. Reading
//! happens once at start; writing replaces the current entry, so moving a
//! slider never floods the back button. Failures (a sandboxed iframe may
//! refuse) are ignored: the page works the same, only the address is stale.

pub fn read_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

pub fn read_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Follows the address's own `#fragment` again, in place of itself (no new
/// history entry): the browser followed it when the page loaded, before
/// the app had drawn the element it names, so it neither scrolled there nor
/// made that element the `:target` the stylesheet places sections by.
pub fn follow_fragment_again() {
    let hash = read_hash();
    if hash.len() > 1 {
        if let Some(window) = web_sys::window() {
            let _ = window.location().replace(&hash);
        }
        // Once the sections above the target are laid out at their real
        // heights (the `:target` rule), not their placeholders' (sized for
        // the study's own run), the target is put in place once more: the
        // browser does not move a scroll made before that change.
        leptos::prelude::request_animation_frame(scroll_to_fragment);
    }
}

/// Scrolls the element the address's `#fragment` names into view, if
/// there is one.
pub fn scroll_to_fragment() {
    let hash = read_hash();
    let Some(id) = hash.strip_prefix('#').filter(|id| !id.is_empty()) else {
        return;
    };
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        el.scroll_into_view();
    }
}

/// Goes to `#id` as following a link to it would — scrolled to, and the
/// `:target` the stylesheet lays the sections above it out for, so it does
/// not drift as they render — but in place of the current history entry.
/// False if the page may not navigate (a sandboxed frame), so the caller
/// can scroll by itself.
pub fn go_to_fragment(id: &str) -> bool {
    web_sys::window().is_some_and(|window| window.location().replace(&format!("#{id}")).is_ok())
}

/// Names `#id` in the address in place of its fragment, without a
/// history entry or a scroll (the page follows it once drawn).
pub fn replace_hash(id: &str) {
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    let url = format!("{}#{id}", window.location().search().unwrap_or_default());
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}

pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    let url = format!("{query}{}", read_hash());
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}

/// The page's address without query or fragment, for links and embeds.
pub fn page_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Opens `href` in a new tab, as a `target="_blank"` link does. A frame
/// sandboxed without `allow-popups` refuses every new window, and the
/// browser only says so in its console; then `href` is followed in this
/// frame instead, so the reader's click still leads somewhere.
pub fn open_in_new_tab_or_here(href: &str) {
    let Some(window) = web_sys::window() else { return };
    match window.open_with_url_and_target(href, "_blank") {
        // The link's `rel="noopener"`: the study needs no handle on this frame.
        Ok(Some(opened)) => {
            let _ = opened.set_opener(&wasm_bindgen::JsValue::NULL);
        }
        _ => {
            let _ = window.location().set_href(href);
        }
    }
}

/// Scrolls the section (or any element) with this id into view, as
/// following its `#` link would: the address then names the section, as
/// the link's own `href` does.
pub fn scroll_to(id: &str) {
    if go_to_fragment(id) {
        return;
    }
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        el.scroll_into_view();
    }
}
