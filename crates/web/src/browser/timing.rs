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

/// Records a performance measure named `name` of `duration_ms`, ending
/// now: for work timed elsewhere (the explorer's worker, whose own marks
/// the page cannot read).
pub fn record_measure(name: &str, duration_ms: f64) {
    use wasm_bindgen::JsCast;
    let Some(p) = web_sys::window().and_then(|w| w.performance()) else {
        return;
    };
    // `performance.measure(name, { start, duration })`, called by name:
    // web-sys has the options dictionary only behind its unstable APIs.
    let options = js_sys::Object::new();
    let start = (p.now() - duration_ms).max(0.0);
    let _ = js_sys::Reflect::set(&options, &"start".into(), &start.into());
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &duration_ms.into());
    if let Ok(measure) =
        js_sys::Reflect::get(&p, &"measure".into()).and_then(|f| f.dyn_into::<js_sys::Function>())
    {
        let _ = measure.call2(&p, &name.into(), &options);
    }
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
