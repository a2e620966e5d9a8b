//! The page's side of the explorer's workers: one a figure that searches
//! (`Channel`), so the fault × remedy table and "Every schedule" can both
//! search at once without one superseding the other's request. Each is
//! started on its first request (so the module is fetched only once the
//! page has asked for a check), kept for the next, and dropped after a
//! failure so that "Check again" starts a fresh one. A request waits until
//! its worker says it is ready: a message sent before its module runs
//! would reach no handler.

use dlock_core::explore::wire::{self, Said};
use js_sys::Uint32Array;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The script that starts the worker (`www/check-worker.js`, copied
/// beside the page): it loads the worker's glue and module, and says so
/// if the module cannot load.
const SCRIPT: &str = "./check-worker.js";

/// What the page hears: a message, or why the worker could not run.
pub type Heard = Result<Said, String>;

type Listener = Rc<dyn Fn(Heard)>;

struct Handle {
    worker: Worker,
    ready: bool,
    /// The request to send once the worker is ready.
    waiting: Option<Vec<u32>>,
    listener: Option<Listener>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// Which figure's worker: each has its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// "Every schedule"'s matrix.
    Check,
    /// The fault × remedy table.
    Argument,
}

impl Channel {
    fn index(self) -> usize {
        match self {
            Channel::Check => 0,
            Channel::Argument => 1,
        }
    }
}

thread_local! {
    static HANDLES: RefCell<[Option<Handle>; 2]> = const { RefCell::new([None, None]) };
}

/// Runs `f` on `channel`'s handle slot.
fn with_slot<R>(channel: Channel, f: impl FnOnce(&mut Option<Handle>) -> R) -> R {
    HANDLES.with(|h| f(&mut h.borrow_mut()[channel.index()]))
}

/// Sends `request` (`wire::request`) to the worker, starting it if need
/// be, and hands what it says from now on to `listener`, which replaces
/// the last one's.
pub fn ask(channel: Channel, request: Vec<u32>, listener: impl Fn(Heard) + 'static) {
    let listener: Listener = Rc::new(listener);
    let started =
        with_slot(channel, |slot| slot.is_some()) || start(channel).map_err(|why| listener(Err(why))).is_ok();
    if !started {
        return;
    }
    with_slot(channel, |slot| {
        if let Some(handle) = slot.as_mut() {
            handle.listener = Some(listener);
            if handle.ready {
                send(&handle.worker, &request);
            } else {
                handle.waiting = Some(request);
            }
        }
    });
}

/// Stops the search in flight on `channel`, if its worker runs one.
pub fn stop(channel: Channel) {
    with_slot(channel, |slot| {
        if let Some(handle) = slot.as_mut() {
            handle.listener = None;
            handle.waiting = None;
            if handle.ready {
                send(&handle.worker, &wire::request(&[], &Default::default()));
            }
        }
    });
}

fn send(worker: &Worker, request: &[u32]) {
    let _ = worker.post_message(&Uint32Array::from(request));
}

fn start(channel: Channel) -> Result<(), String> {
    let worker = Worker::new(SCRIPT).map_err(|e| describe(&e))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let data = ev.data();
        let heard = match data.dyn_ref::<Uint32Array>() {
            Some(words) => {
                wire::heard(&words.to_vec()).ok_or_else(|| "an answer it could not read".to_owned())
            }
            None => Err(describe(&data)),
        };
        hear(channel, heard);
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
        ev.prevent_default();
        let message = ev.message();
        hear(
            channel,
            Err(if message.is_empty() {
                "its script did not load".to_owned()
            } else {
                message
            }),
        );
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let handle = Handle {
        worker,
        ready: false,
        waiting: None,
        listener: None,
        _on_message: on_message,
        _on_error: on_error,
    };
    with_slot(channel, |slot| *slot = Some(handle));
    Ok(())
}

/// Passes what the worker said to the listener, outside the borrow of the
/// handle (the listener may ask again). On `Ready`, sends what waited;
/// on a failure, drops the worker.
fn hear(channel: Channel, heard: Heard) {
    let listener = with_slot(channel, |slot| {
        let handle = slot.as_mut()?;
        let listener = handle.listener.clone();
        match &heard {
            Ok(Said::Ready) => {
                handle.ready = true;
                if let Some(request) = handle.waiting.take() {
                    send(&handle.worker, &request);
                }
            }
            Ok(_) => {}
            Err(_) => {
                handle.worker.terminate();
                *slot = None;
            }
        }
        listener
    });
    if let Some(listener) = listener {
        listener(heard);
    }
}

/// Words for a failure the browser reported as a JavaScript value.
fn describe(value: &JsValue) -> String {
    if let Some(failed) = js_sys::Reflect::get(value, &"failed".into())
        .ok()
        .and_then(|f| f.as_string())
    {
        return failed;
    }
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| "the browser gave no reason".to_owned())
}
