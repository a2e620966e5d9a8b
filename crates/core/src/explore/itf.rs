//! A counterexample as a trace in the Informal Trace Format (ITF), the
//! JSON traces Apalache and Quint write and read: `#meta`, `vars`, and
//! `states`, the whole state at each step, from the set-up to the run's
//! end. So a counterexample can be kept, handed to another tool, and
//! replayed: its `#meta` carries the `dlock check` line that searched it
//! and the choices that lead to it, whatever its faults (late and lost
//! messages, a clock's step, a third client, B's pause, A asking late),
//! which no `dlock run` line can say.

use super::config::{Bound, Config};
use super::property::Property;
use super::report::CounterexampleReport;
use crate::scenario::tape::Tape;
use crate::scenario::{Mode, Simulator, Snapshot};
use crate::types::Tick;
use serde::Serialize;

/// The state's variables, as each state names them.
pub const VARS: [&str; 9] = [
    "t",
    "servers",
    "clients",
    "value",
    "max_token",
    "applied_lease",
    "lost",
    "pending",
    "messages",
];

/// Where the format is described, as Apalache's traces say.
const FORMAT_DESCRIPTION: &str = "https://apalache-mc.org/docs/adr/015adr-trace.html";

/// The states of the run `steps` leads to: after its set-up, then after
/// each event, to its end. The `n`th is the state `n + 1` steps in, where
/// a counterexample of length `n + 1` is broken.
pub fn states(config: &Config, bound: &Bound, steps: &[u32]) -> Vec<Snapshot> {
    let mut sim = Simulator::default();
    *sim.tape_mut() = Tape::exploring(bound.for_config(config).ranges(), steps);
    sim.start(&config.params(), Mode::Skip, true);
    let mut states = vec![sim.snapshot()];
    while sim.step() {
        states.push(sim.snapshot());
    }
    states
}

/// An ITF trace, as `serde` writes it.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    #[serde(rename = "#meta")]
    pub meta: Meta,
    pub vars: [&'static str; 9],
    pub states: Vec<State>,
}

/// The trace's `#meta`: the format, and what dlock needs to replay it.
#[derive(Clone, Debug, Serialize)]
pub struct Meta {
    pub format: &'static str,
    #[serde(rename = "format-description")]
    pub format_description: &'static str,
    pub source: &'static str,
    pub description: String,
    pub dlock: Replayable,
}

/// What a trace says to replay it: the `dlock check` line that searched
/// it, the property it breaks (its code), the choices that lead there, and
/// where it broke.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replayable {
    pub command: String,
    pub property: &'static str,
    pub steps: Vec<u32>,
    pub length: u32,
    pub broken_at: Tick,
    /// The index of the first state at which the property is broken
    /// (`length - 1`: the states start after the set-up, its first step);
    /// the states after it show what the break led to.
    pub broken_state: u32,
}

/// One state of a trace: its index, then the state's variables.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    #[serde(rename = "#meta")]
    pub meta: Index,
    #[serde(flatten)]
    pub state: Snapshot,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Index {
    pub index: u32,
}

/// A counterexample as a trace needs it: its choices, its length in steps
/// and the tick at which its property broke.
#[derive(Clone, Copy, Debug)]
pub struct Found<'a> {
    pub steps: &'a [u32],
    pub length: u32,
    pub broken_at: Tick,
}

impl<'a> From<&'a CounterexampleReport> for Found<'a> {
    fn from(c: &'a CounterexampleReport) -> Found<'a> {
        Found {
            steps: &c.steps,
            length: c.length,
            broken_at: c.broken_at,
        }
    }
}

/// The trace of `counterexample`, which breaks `property` in the search of
/// `config` within `bound`.
pub fn trace(config: &Config, bound: &Bound, property: Property, counterexample: Found) -> Trace {
    let states = states(config, bound, counterexample.steps)
        .into_iter()
        .enumerate()
        .map(|(index, state)| State {
            meta: Index { index: index as u32 },
            state,
        })
        .collect();
    Trace {
        meta: Meta {
            format: "ITF",
            format_description: FORMAT_DESCRIPTION,
            source: "dlock check",
            description: format!(
                "{}: {}, broken after {} steps, at t={}",
                property.code(),
                property.describe(),
                counterexample.length,
                counterexample.broken_at
            ),
            dlock: Replayable {
                command: crate::command::check_command(config, bound),
                property: property.code(),
                steps: counterexample.steps.to_vec(),
                length: counterexample.length,
                broken_at: counterexample.broken_at,
                broken_state: counterexample.length.saturating_sub(1),
            },
        },
        vars: VARS,
        states,
    }
}
