//! Listeners on the window and on media queries that last exactly as long
//! as the component that added them: each is removed when its owner is
//! cleaned up, so mounting a figure again (a wasm test does it many times)
//! never leaves a listener behind.

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Calls `handler` with every key pressed anywhere in the window, until
/// the current owner is cleaned up: presentation mode's keys, which must
/// work without the focus a clicker cannot give.
pub fn on_window_key(handler: impl Fn(web_sys::KeyboardEvent) + 'static) {
    let handle = window_event_listener(leptos::ev::keydown, handler);
    on_cleanup(move || handle.remove());
}

/// The tag name of the element an event was aimed at, upper case ("INPUT"),
/// or nothing.
pub fn target_tag(ev: &web_sys::Event) -> String {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|e| e.tag_name())
        .unwrap_or_default()
}

/// Calls `handler` on every `event` the window fires, until the current
/// owner is cleaned up.
pub fn on_window(event: &'static str, handler: impl Fn() + 'static) {
    let handle = window_event_listener_untyped(event, move |_| handler());
    on_cleanup(move || handle.remove());
}

/// Calls `handler` whenever `query` starts or stops matching, until the
/// current owner is cleaned up.
pub fn on_media_change(query: &str, handler: impl Fn() + 'static) {
    let Some(list) = web_sys::window().and_then(|w| w.match_media(query).ok().flatten()) else {
        return;
    };
    listen(list.into(), "change", handler);
}

fn listen(target: web_sys::EventTarget, event: &'static str, handler: impl Fn() + 'static) {
    let callback = Closure::<dyn Fn()>::new(handler);
    if target
        .add_event_listener_with_callback(event, callback.as_ref().unchecked_ref())
        .is_err()
    {
        return;
    }
    // The target and the callback are the browser's, single-threaded as
    // the page is; the wrapper only lets the cleanup hold them.
    let held = SendWrapper::new((target, callback));
    on_cleanup(move || {
        let (target, callback) = held.take();
        let _ = target.remove_event_listener_with_callback(event, callback.as_ref().unchecked_ref());
    });
}
