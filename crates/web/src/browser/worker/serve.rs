//! Inside the worker: takes a request (the configurations and the bound),
//! searches them one after another with dlock-core's `Explorer`, and says
//! how far it got after each slice and each configuration's answer as it
//! finishes. A newer request replaces the one in flight; an empty one
//! stops it. Slices end on the worker's own clock and yield through a
//! message to itself, so a request is read between two slices.

use dlock_core::explore::wire::{self, Said};
use dlock_core::explore::{Bound, Config, Explorer};
use js_sys::Uint32Array;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent};

/// Milliseconds of search between two looks at the mailbox: no frame
/// waits on a worker, so only how soon a Stop is read sets this.
const SLICE_MS: f64 = 40.0;

/// States expanded between two looks at the clock.
const EXPANSIONS: u32 = 500;

struct Job {
    rows: Vec<Config>,
    bound: Bound,
    row: usize,
    explorer: Option<Explorer>,
    /// Milliseconds spent searching the current row.
    searched_ms: f64,
}

/// The worker's state and the handlers that must live as long as it.
struct Worker {
    scope: DedicatedWorkerGlobalScope,
    /// Posting on `port` runs the next slice (`port`'s partner listens).
    port: web_sys::MessagePort,
    job: Option<Job>,
    slice_due: bool,
    _handlers: Vec<Closure<dyn FnMut(MessageEvent)>>,
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Starts serving requests, and tells the page it is ready.
pub fn serve() -> Result<(), JsValue> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let channel = MessageChannel::new()?;
    let on_request = Closure::<dyn FnMut(MessageEvent)>::new(|ev: MessageEvent| {
        let words = Uint32Array::new(&ev.data()).to_vec();
        with_worker(|w| {
            w.job = wire::read_request(&words)
                .filter(|(rows, _)| !rows.is_empty())
                .map(|(rows, bound)| Job {
                    rows,
                    bound,
                    row: 0,
                    explorer: None,
                    searched_ms: 0.0,
                });
            w.schedule();
        });
    });
    let on_slice = Closure::<dyn FnMut(MessageEvent)>::new(|_| slice());
    scope.set_onmessage(Some(on_request.as_ref().unchecked_ref()));
    channel
        .port1()
        .set_onmessage(Some(on_slice.as_ref().unchecked_ref()));
    let worker = Worker {
        scope,
        port: channel.port2(),
        job: None,
        slice_due: false,
        _handlers: vec![on_request, on_slice],
    };
    worker.say(&Said::Ready);
    WORKER.with(|w| *w.borrow_mut() = Some(worker));
    Ok(())
}

fn with_worker(f: impl FnOnce(&mut Worker)) {
    WORKER.with(|w| {
        if let Some(worker) = w.borrow_mut().as_mut() {
            f(worker);
        }
    });
}

impl Worker {
    fn say(&self, said: &Said) {
        let words = Uint32Array::from(wire::say(said).as_slice());
        let _ = self.scope.post_message(&words);
    }

    /// Queues a slice, unless one is queued already.
    fn schedule(&mut self) {
        if self.job.is_some() && !self.slice_due {
            self.slice_due = self.port.post_message(&JsValue::NULL).is_ok();
        }
    }
}

/// The worker's clock, in milliseconds: a free function, so that a slice
/// can read it while it holds the job.
fn now_ms(scope: &DedicatedWorkerGlobalScope) -> f64 {
    scope.performance().map_or(0.0, |p| p.now())
}

/// Searches for up to a slice's time, row after row, saying each row's
/// answer as it finishes and the progress at the end.
fn slice() {
    with_worker(|w| {
        w.slice_due = false;
        let started = now_ms(&w.scope);
        let Some(job) = w.job.as_mut() else { return };
        let mut answers = Vec::new();
        while job.row < job.rows.len() {
            let (config, bound) = (job.rows[job.row], job.bound);
            let explorer = job.explorer.get_or_insert_with(|| Explorer::new(config, bound));
            let from = now_ms(&w.scope);
            let done = explorer.run_for(EXPANSIONS);
            job.searched_ms += now_ms(&w.scope) - from;
            if done {
                let search_us = (job.searched_ms * 1000.0) as u32;
                answers.push(Said::Done {
                    row: job.row as u32,
                    answer: Box::new(explorer.answer(search_us)),
                });
                job.explorer = None;
                job.searched_ms = 0.0;
                job.row += 1;
            }
            if now_ms(&w.scope) - started >= SLICE_MS {
                break;
            }
        }
        let progress = (job.row < job.rows.len()).then(|| Said::Progress {
            row: job.row as u32,
            states: job.explorer.as_ref().map_or(0, Explorer::states),
        });
        if progress.is_none() {
            w.job = None;
        }
        for said in answers.iter().chain(&progress) {
            w.say(said);
        }
        w.schedule();
    });
}
