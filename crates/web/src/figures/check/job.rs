//! The matrix's search, run in the tab: configuration after
//! configuration, each by dlock-core's `Explorer` in short slices, with a
//! task queued between slices so input and drawing get their turn. A newer
//! request (a changed bound, "Stop") supersedes the one in flight, which
//! stops at its next slice. No `Instant`: the page's clock is
//! `performance.now`.

use crate::browser::timing::{clear_measures, mark, measured, next_task, now_ms};
use dlock_core::explore::{Bound, CheckReport, Config, Explorer};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// Milliseconds of search per slice: well under the 50 ms a task may take
/// before the browser counts it long, with a frame's worth of room.
pub const SLICE_MS: f64 = 12.0;

/// The performance measure each slice's search makes: summed by the
/// browser benchmark, it is the time the explorer itself took in the tab,
/// set against the same search natively.
const SEARCH_MEASURE: &str = "dlock:check-search";

/// States expanded between two looks at the clock.
const EXPANSIONS: u32 = 200;

/// Where a search stands: each configuration's report once done, and the
/// one being searched with its states so far.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub reports: Vec<Option<CheckReport>>,
    pub current: Option<(usize, u64)>,
    /// Stopped by the reader before the end.
    pub stopped: bool,
}

impl Progress {
    pub fn done(&self) -> usize {
        self.reports.iter().filter(|r| r.is_some()).count()
    }
}

struct Job {
    generation: u64,
    bound: Bound,
    rows: Vec<Config>,
    row: usize,
    explorer: Option<Explorer>,
}

/// Searches `rows` within `bound`, writing into `progress` slice by slice,
/// while `current` still holds `generation`.
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
        stopped: false,
    });
    mark("dlock:check-started");
    clear_measures(SEARCH_MEASURE);
    let job = Job {
        generation,
        bound,
        rows,
        row: 0,
        explorer: None,
    };
    run(Rc::new(RefCell::new(job)), current, progress);
}

fn run(job: Rc<RefCell<Job>>, current: StoredValue<u64>, progress: RwSignal<Progress>) {
    let mut guard = job.borrow_mut();
    if current.try_get_value() != Some(guard.generation) {
        return; // superseded, or the figure is gone
    }
    let finished = measured(SEARCH_MEASURE, || search_slice(&mut guard));
    let j = &*guard;
    let current_row =
        (j.row < j.rows.len()).then(|| (j.row, j.explorer.as_ref().map_or(0, Explorer::states)));
    // One update a slice, whatever it finished: the matrix redraws once.
    progress.update(|p| {
        for (row, report) in finished {
            p.reports[row] = Some(report);
        }
        p.current = current_row;
    });
    if current_row.is_none() {
        mark("dlock:check-done");
        return;
    }
    drop(guard);
    // A task, not an animation frame: frames stop in a hidden tab or an
    // iframe scrolled out of view, and the check must still finish.
    next_task(move || run(job, current, progress));
}

/// Searches for up to a slice's time, configuration after configuration;
/// returns the reports of those it finished, by row.
fn search_slice(j: &mut Job) -> Vec<(usize, CheckReport)> {
    let started = now_ms();
    let mut finished = Vec::new();
    while j.row < j.rows.len() {
        let (config, bound) = (j.rows[j.row], j.bound);
        let explorer = j.explorer.get_or_insert_with(|| Explorer::new(config, bound));
        if explorer.run_for(EXPANSIONS) {
            finished.push((j.row, explorer.report()));
            j.explorer = None;
            j.row += 1;
        }
        if now_ms() - started >= SLICE_MS {
            break;
        }
    }
    finished
}
