//! An embedded figure tells the page around it how tall it is, so a course
//! page can size its iframe to fit (no inner scrollbar, at any width): a
//! `{type: "dlock:height", height}` message to the parent window whenever
//! the content's height changes. The README gives the three lines a host
//! adds to apply it. Nothing is read from the host, and the message says
//! nothing but a height, so it goes to any origin.

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The message's `type`.
pub const MESSAGE_TYPE: &str = "dlock:height";

/// Watches the document's size until the current owner is cleaned up,
/// and posts its height to the parent window each time it changes.
/// Outside a frame there is no one to tell, and nothing is watched.
pub fn report_to_host() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    let Some(parent) = window.parent().ok().flatten() else {
        return;
    };
    if parent == window {
        return;
    }
    let last = Rc::new(Cell::new(0));
    let watched = root.clone();
    let post = move || {
        // The root element's own height, which is its content's (the
        // stylesheet gives it none), not the frame's: what must fit,
        // whatever height the host gave the frame.
        let height = root.get_bounding_client_rect().height().ceil() as i32;
        if height == last.get() {
            return;
        }
        last.set(height);
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &MESSAGE_TYPE.into());
        let _ = js_sys::Reflect::set(&message, &"height".into(), &JsValue::from(height));
        let _ = parent.post_message(&message, "*");
    };
    let callback = Closure::<dyn Fn()>::new(post);
    let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) else {
        return;
    };
    observer.observe(&watched);
    // The observer and its callback are the browser's, single-threaded as
    // the page is; the wrapper only lets the cleanup hold them.
    let held = SendWrapper::new((observer, callback));
    on_cleanup(move || {
        let (observer, _callback) = held.take();
        observer.disconnect();
    });
}
