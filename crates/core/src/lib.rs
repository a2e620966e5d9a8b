//! `dlock-core`: a deterministic simulation of a lease-based majority lock
//! (Redlock's shape) and the storage service it is meant to protect.
//!
//! A run is a pure function of [`Params`]: integer ticks, an explicit event
//! queue, no clock, no randomness, no I/O. The crate knows nothing of
//! browsers or terminals; the web page and the CLI only render what it
//! computes.
//!
//! The modules by layer, each in a line below: the model (what a run is
//! made of), the audits (what a finished run shows), the drivers (many
//! runs, or every schedule within a bound) and the words (the same results
//! as text, JSON and command lines). Reading order: [`lock`],
//! [`resource`], [`scenario`], [`mod@audit`], then [`sweep`] and
//! [`explore`].

// The model: what a run is made of.
// `frame`: a state's ticks as they are, or counted from now (the explorer's).
// `lock`: lock servers, the majority rule, leases and tokens.
// `params`: a run's parameters, their ranges, the faults.
// `resource`: the storage service, fencing and check-and-set.
// `run`: a finished run and what it reads off itself.
// `scenario`: the simulator: the study's schedule, or the explorer's choices.
// `schedule`: the event queue, earliest tick first.
// `trace`: what happened, as entries.
// `types`: ticks, tokens, clients, values: the vocabulary.
pub mod frame;
pub mod lock;
pub mod params;
pub mod resource;
pub mod run;
pub mod scenario;
pub mod schedule;
pub mod trace;
pub mod types;

// The audits: what a finished run shows.
// `audit`: what went wrong, and what did not.
// `contract`: Redlock's contract, and the writes made outside it.
// `history`: a run along its time axis: who held the lock, when.
// `moment`: where an event sits: its tick, its place in the transcript.
// `predict`: the questions a timeline asks before it shows an event.
pub mod audit;
pub mod contract;
pub mod history;
pub mod moment;
pub mod predict;

// The drivers: many runs, or every schedule within a bound.
// `acquire_grid`: A stopped while its replies travel, by B's arrival.
// `beyond`: the failure modes the study leaves out, as presets.
// `boundary`: the staircase as a closed form.
// `cost`: what registering the token first costs.
// `debate`: the 2016 debate, claim by claim, each a run.
// `explore`: every schedule within a bound, checked.
// `recording`: runs recorded on real servers, beside the model's.
// `sweep`: the study's tables, one parameter varied at a time.
pub mod acquire_grid;
pub mod beyond;
pub mod boundary;
pub mod cost;
pub mod debate;
pub mod explore;
pub mod recording;
pub mod sweep;

// The words: the same results as text, JSON and command lines.
// `command`: the `dlock` lines that repeat a run, a staircase or a check.
// `list`: lists of values for sweeps.
// `names`: every parameter's name, in the address and on the command line.
// `report`: the run as JSON.
// `transcript`: the run as text.
// `words`: how counts and ranges read in English.
pub mod command;
pub mod list;
pub mod names;
pub mod report;
pub mod transcript;
pub mod words;

pub use audit::{Audit, Outcome};
pub use params::{Comparison, Params};
pub use scenario::{simulate, simulate_with, Mode, Run, Simulator};
pub use types::{Client, Tick, Token, Value};
