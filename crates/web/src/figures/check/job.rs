//! The matrix's search, run by dlock-core's explorer in its Web Worker
//! (`browser::worker`): the page sends the configurations and the bound,
//! and draws what the worker says — states so far, and each
//! configuration's answer, made into a report here by replaying its
//! counterexamples (a few runs, each a few microseconds). A newer request
//! (a changed bound, "Stop") supersedes the one in flight: the worker
//! drops it, and what it still says of it is not drawn.

use crate::browser::timing::{clear_measures, mark, record_measure};
use crate::browser::worker::client::{self, Channel, Heard};
pub use crate::state::CheckProgress as Progress;
use dlock_core::explore::wire::{self, Said};
use dlock_core::explore::{Bound, Config};
use leptos::prelude::*;

/// The performance measure each configuration's search makes, with the
/// time the worker measured it took: summed by the browser benchmark, it
/// is the explorer's time in the tab, set against the same search
/// natively.
const SEARCH_MEASURE: &str = "dlock:check-search";

/// Searches `rows` within `bound` in the worker, writing into `progress`
/// what it says while `current` still holds `generation`.
pub fn start(
    rows: Vec<Config>,
    bound: Bound,
    generation: u64,
    current: StoredValue<u64>,
    progress: RwSignal<Progress>,
) {
    progress.set(Progress {
        reports: vec![None; rows.len()],
        current: Some((0, 0)),
        ..Progress::default()
    });
    mark("dlock:check-started");
    clear_measures(SEARCH_MEASURE);
    let request = wire::request(&rows, &bound);
    client::ask(Channel::Check, request, move |heard: Heard| {
        if current.try_get_value() != Some(generation) {
            return; // superseded, or the figure is gone
        }
        if let Ok(Said::Done { answer, .. }) = &heard {
            record_measure(SEARCH_MEASURE, f64::from(answer.search_us) / 1000.0);
        }
        progress.update(|p| p.hear(heard, &rows, &bound));
        if progress.with_untracked(|p| p.current.is_none() && p.failed.is_none()) {
            mark("dlock:check-done");
        }
    });
}

/// Stops the search in flight.
pub fn stop() {
    client::stop(Channel::Check);
}
