//! Time as the page sees it: a clock for slicing work into frames,
//! performance marks the benchmarks read, and the one debounce every
//! "once the reader pauses" goes through.

use leptos::prelude::*;
use std::time::Duration;

/// Milliseconds since the page started, for measuring a slice of work.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A performance mark named `name`, replacing any earlier one of that
/// name: the browser holds every mark until it is cleared, and a reader
/// dragging for an hour would otherwise pile up thousands. The browser
/// benchmark and the e2e tests read them.
pub fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        p.clear_marks_with_mark_name(name);
        let _ = p.mark(name);
    }
}

/// Runs `work` between two marks and records the time it took as a
/// performance measure named `name`, beside the earlier ones of that name
/// (the marks themselves are cleared). The browser benchmark sums them.
pub fn measured<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let performance = web_sys::window().and_then(|w| w.performance());
    let (from, to) = ("dlock:measure-from", "dlock:measure-to");
    if let Some(p) = &performance {
        let _ = p.mark(from);
    }
    let result = work();
    if let Some(p) = &performance {
        let _ = p.mark(to);
        let _ = p.measure_with_start_mark_and_end_mark(name, from, to);
        p.clear_marks_with_mark_name(from);
        p.clear_marks_with_mark_name(to);
    }
    result
}

/// Forgets the measures named `name`, so that they pile up only as long
/// as one piece of work runs.
pub fn clear_measures(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        p.clear_measures_with_measure_name(name);
    }
}

/// Runs only the last of a burst of calls, `delay` after it: what the
/// page does "once the reader pauses". A call made after the owner was
/// cleaned up runs nothing.
#[derive(Clone, Copy)]
pub struct Debounce {
    latest: StoredValue<u64>,
    delay: Duration,
}

impl Debounce {
    pub fn new(delay: Duration) -> Debounce {
        Debounce {
            latest: StoredValue::new(0),
            delay,
        }
    }

    /// Schedules `action`, cancelling whatever this debounce had scheduled
    /// and not yet run.
    pub fn call(&self, action: impl FnOnce() + 'static) {
        let Some(mine) = self.latest.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        let latest = self.latest;
        set_timeout(
            move || {
                if latest.try_get_value() == Some(mine) {
                    action();
                }
            },
            self.delay,
        );
    }
}

/// Runs `action` in a task of its own, once the browser has handled what
/// was waiting (input, a frame): a message the page posts to itself. A
/// zero timeout would do the same, but browsers hold a timeout nested
/// five deep for at least 4 ms, a third of each slice of a long search.
/// Outside a browser (no `MessageChannel`), a zero timeout.
pub fn next_task(action: impl FnOnce() + 'static) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Ok(channel) = web_sys::MessageChannel::new() else {
        set_timeout(action, Duration::ZERO);
        return;
    };
    let receiver = channel.port1();
    // The handler keeps its port alive until the message arrives.
    let keep = receiver.clone();
    let on_message = Closure::once_into_js(move || {
        keep.set_onmessage(None);
        action();
    });
    receiver.set_onmessage(Some(on_message.unchecked_ref()));
    let _ = channel.port2().post_message(&wasm_bindgen::JsValue::NULL);
}
