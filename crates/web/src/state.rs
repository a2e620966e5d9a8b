//! The page's reactive state: one `Settings` signal (mirrored to the URL)
//! and the memos everything else derives from. Nothing here decides
//! anything about locks; it only asks dlock-core.

use crate::browser::timing::Debounce;
use crate::browser::worker::client::Heard;
use crate::settings::{self, Notice, Settings};
use dlock_core::explore::argument::Cell;
use dlock_core::explore::wire::Said;
use dlock_core::explore::{Bound, CheckReport, Config};
use dlock_core::{simulate, Params, Run, Tick};
use leptos::prelude::*;

/// How long the parameters must stay still before the secondary figures
/// follow them (see [`AppState::settled`]).
pub const SETTLE: std::time::Duration = std::time::Duration::from_millis(90);

/// Where the "Every schedule" check stands (`figures::check::job` runs
/// it; its figure and the export read it): each configuration's report once done, and the
/// one being searched with its states so far.
#[derive(Clone, Debug, Default)]
pub struct CheckProgress {
    pub reports: Vec<Option<CheckReport>>,
    pub current: Option<(usize, u64)>,
    /// Stopped by the reader before the end.
    pub stopped: bool,
    /// Why the check could not run, if it could not (its worker did not
    /// start or its module did not load).
    pub failed: Option<String>,
}

impl CheckProgress {
    pub fn done(&self) -> usize {
        self.reports.iter().filter(|r| r.is_some()).count()
    }

    /// What the worker said, drawn: `rows` and `bound` are the request's.
    pub fn hear(&mut self, heard: Heard, rows: &[Config], bound: &Bound) {
        self.hear_from(0, heard, rows, bound);
    }

    /// [`CheckProgress::hear`] for a request whose rows are this
    /// progress's from `first` on: the fault × remedy table asks for its
    /// cells a group at a time, each group with its own bound, into one
    /// progress (one type of signal, not two: the page's bytes count).
    pub fn hear_from(&mut self, first: usize, heard: Heard, rows: &[Config], bound: &Bound) {
        match heard {
            Ok(Said::Ready) => {}
            Ok(Said::Progress { row, states }) => self.current = Some((first + row as usize, states)),
            Ok(Said::Done { row, answer }) => {
                let row = row as usize;
                if let (Some(slot), Some(&config)) = (self.reports.get_mut(first + row), rows.get(row)) {
                    *slot = Some(answer.report(config, *bound));
                }
                self.current = (row + 1 < rows.len()).then_some((first + row + 1, 0));
            }
            Err(why) => {
                self.current = None;
                self.failed = Some(why);
            }
        }
    }
}

#[derive(Clone, Copy)]
pub struct AppState {
    pub settings: RwSignal<Settings>,
    /// The settings the page was opened with, as `settings::format` writes
    /// them, for a reader who wants back what a shared link or an embed
    /// first showed. Not reactive: it never changes.
    pub opened_with: StoredValue<String>,
    pub notices: RwSignal<Vec<Notice>>,
    pub width: RwSignal<f64>,
    pub params: Memo<Params>,
    /// The run for the current parameters.
    pub run: Memo<Run>,
    /// The parameters as they stood when the reader last paused for
    /// [`SETTLE`]. Figures away from the reader's hand (the fenced copy, the
    /// sweeps, the variants) follow these, so a drag redraws only the
    /// timeline, its panels and the staircase on each frame, and the rest
    /// catches up a moment after the hand stops. A debounced copy of derived
    /// state is the one place an effect feeds a signal; it holds nothing the
    /// URL does not.
    pub settled: RwSignal<Params>,
    /// The run for the settled parameters.
    pub settled_run: Memo<Run>,
    /// The settled schedule with fencing on, whatever the page-wide switch
    /// says: the fenced section shows what its heading says.
    pub fenced: Memo<Run>,
    /// The settled schedule with fencing off, what the fenced run is told
    /// apart from.
    pub unfenced: Memo<Run>,
    /// One shared time axis for the run and both schedules.
    pub t_end: Memo<Tick>,
    /// The same axis for the settled runs: the figures that follow
    /// `settled` draw on it, so a drag that stretches the run (and with it
    /// `t_end`) does not redraw them on every step.
    pub settled_t_end: Memo<Tick>,
    /// The check of every schedule, as far as it has got.
    pub check: RwSignal<CheckProgress>,
    /// The fault × remedy table's searches, as far as they have got: a
    /// report a cell, in `Cell::all()`'s order.
    pub argument: RwSignal<CheckProgress>,
}

impl AppState {
    /// Whether the figures away from the reader's hand have caught up with
    /// the parameters: the study's and an embed's `main` say it in
    /// `data-settled`, so a test (or a reader's script) waits for it
    /// rather than for a fixed time, which a busy machine would outlast.
    pub fn is_settled(&self) -> bool {
        self.settled.get() == self.params.get()
    }

    pub fn new(query: &str, width: f64) -> AppState {
        let (initial, notices) = settings::parse(query);
        let opened_with = StoredValue::new(settings::format(&initial));
        let settings = RwSignal::new(initial);
        let params = Memo::new(move |_| settings.with(|s| s.params));
        let run = Memo::new(move |_| simulate(&params.get()));
        let settled = RwSignal::new(params.get_untracked());
        let settle = Debounce::new(SETTLE);
        Effect::new(move |_| {
            let p = params.get();
            settle.call(move || {
                if settled.get_untracked() != p {
                    settled.set(p);
                }
            });
        });
        let settled_run = Memo::new(move |_| simulate(&settled.get()));
        let with_fencing = move |fencing| {
            Memo::new(move |_| {
                simulate(&Params {
                    fencing,
                    ..settled.get()
                })
            })
        };
        let (fenced, unfenced) = (with_fencing(true), with_fencing(false));
        let axis = move |r: &Run| {
            fenced.with(|f| unfenced.with(|u| settings::axis_end(r, f).max(settings::axis_end(r, u))))
        };
        let t_end = Memo::new(move |_| run.with(axis));
        let settled_t_end = Memo::new(move |_| settled_run.with(axis));
        AppState {
            opened_with,
            settings,
            notices: RwSignal::new(notices),
            width: RwSignal::new(width),
            params,
            run,
            settled,
            settled_run,
            fenced,
            unfenced,
            t_end,
            settled_t_end,
            check: RwSignal::new(CheckProgress::default()),
            argument: RwSignal::new(CheckProgress {
                reports: vec![None; Cell::all().len()],
                ..CheckProgress::default()
            }),
        }
    }

    pub fn set_params(&self, params: Params) {
        self.settings.update(|s| s.params = params);
    }

    /// The cursor, kept inside the run.
    pub fn cursor(&self) -> Option<Tick> {
        let end = self.t_end.get().saturating_sub(1);
        self.settings.with(|s| s.cursor).map(|t| t.min(end))
    }

    /// The cursor as [`AppState::cursor`] has it, read outside any
    /// reactive scope (an export reads it once, on a click).
    pub fn cursor_untracked(&self) -> Option<Tick> {
        let end = self.t_end.get_untracked().saturating_sub(1);
        self.settings.with_untracked(|s| s.cursor).map(|t| t.min(end))
    }

    pub fn set_cursor(&self, t: Option<Tick>) {
        let end = self.t_end.get_untracked().saturating_sub(1);
        self.settings.update(|s| s.cursor = t.map(|t| t.min(end)));
    }
}
