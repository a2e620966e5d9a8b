//! `dlock-core`: a deterministic simulation of a lease-based majority lock
//! (Redlock's shape) and the storage service it is meant to protect.
//!
//! A run is a pure function of [`Params`]: integer ticks, an explicit event
//! queue, no clock, no randomness, no I/O. The crate knows nothing of
//! browsers or terminals; the web page and the CLI only render what it
//! computes.
//!
//! Reading order: [`lock`] (servers, quorum, leases), [`resource`] (the
//! storage service and fencing), [`scenario`] (the schedule), [`mod@audit`]
//! (what went wrong, and what did not), [`sweep`] and [`boundary`] (the
//! study's tables and its closed form), [`transcript`] (text), and
//! [`beyond`] (the failure modes the study leaves out, as presets), and
//! [`command`] (the `dlock run` line that repeats a run).

pub mod acquire_grid;
pub mod audit;
pub mod beyond;
pub mod boundary;
pub mod command;
pub mod contract;
pub mod cost;
pub mod debate;
pub mod explore;
pub mod history;
pub mod list;
pub mod lock;
pub mod moment;
pub mod names;
pub mod params;
pub mod recording;
pub mod report;
pub mod resource;
pub mod run;
pub mod scenario;
pub mod schedule;
pub mod sweep;
pub mod trace;
pub mod transcript;
pub mod types;
pub mod words;

pub use audit::{Audit, Outcome};
pub use params::{Comparison, Params};
pub use scenario::{simulate, simulate_with, Mode, Run, Simulator};
pub use types::{Client, Tick, Token, Value};
