//! The explorer's answer as data: what was checked, how much was
//! explored, and per property a counterexample or none.

use super::config::{Bound, Config};
use super::fingerprint::Reduction;
use super::property::Property;
use super::step::{replay, tick_after};
use crate::audit::subject::Happened;
use crate::report::RunReport;
use crate::scenario::action::{Action, Coverage};
use crate::types::Tick;
use serde::Serialize;
use std::collections::BTreeMap;

/// A counterexample: the choices that lead to the first state at which
/// its property is broken, in the order the simulator meets them, and
/// the run they lead to, drawn on to its end so that the reader sees
/// what the break led to.
#[derive(Clone, Debug, Serialize)]
pub struct CounterexampleReport {
    pub steps: Vec<u32>,
    /// Its length in steps, to the first state at which the property is
    /// broken: the set-up, then one step an event.
    pub length: u32,
    /// The tick of that state: the tick at whose end the break is read.
    pub broken_at: Tick,
    pub run: RunReport,
}

/// What a search can say of one property: it holds (the bound was
/// exhausted and nothing broke it), it fails (with a shortest
/// counterexample), or, for a search cut short with none found, nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Holds,
    Fails,
    Unknown,
}

impl Verdict {
    /// As JSON's `holds` says it: `true`, `false`, or `null` for unknown.
    pub fn holds(self) -> Option<bool> {
        match self {
            Verdict::Holds => Some(true),
            Verdict::Fails => Some(false),
            Verdict::Unknown => None,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct PropertyReport {
    pub name: Property,
    pub description: &'static str,
    pub verdict: Verdict,
    /// `true`, `false`, or `null` when the search was cut short before
    /// finding a counterexample.
    pub holds: Option<bool>,
    /// Holds only because what it constrains never happened within the
    /// bound ([`Property::subject`]): a pass that says nothing.
    pub vacuous: bool,
    pub counterexample: Option<CounterexampleReport>,
}

impl PropertyReport {
    pub fn fails(&self) -> bool {
        self.verdict == Verdict::Fails
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    pub config: Config,
    pub bound: Bound,
    /// Which states counted as one (`--reduce`).
    pub reduce: Reduction,
    pub states: u64,
    pub transitions: u64,
    pub max_depth: u32,
    /// False if the state limit stopped the search: then a property with
    /// no counterexample is unknown, not holding.
    pub complete: bool,
    pub properties: Vec<PropertyReport>,
    /// What the steps did, by kind (TLC's and stateright's coverage).
    pub coverage: CoverageReport,
}

/// How much a search explored, and counting states how: distinct states (the root included),
/// transitions (successors made, repeats included), the deepest state in
/// steps, and whether the bound was exhausted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explored {
    pub reduction: Reduction,
    pub states: u64,
    pub transitions: u64,
    pub max_depth: u32,
    pub complete: bool,
    /// What the properties constrain that happened in some state.
    pub happened: Happened,
    /// How many states a step of each kind reached.
    pub coverage: Coverage,
}

/// Coverage as a report gives it: states reached by a step of each kind,
/// by the kind's code, and the kinds no step did within the bound, so
/// that a bound that never exercises a fault says so.
#[derive(Clone, Debug, Serialize)]
pub struct CoverageReport {
    pub states: BTreeMap<&'static str, u64>,
    pub never: Vec<&'static str>,
}

impl CoverageReport {
    pub fn new(coverage: &Coverage) -> CoverageReport {
        CoverageReport {
            states: Action::ALL
                .into_iter()
                .map(|a| (a.code(), coverage.of(a)))
                .collect(),
            never: coverage.never().into_iter().map(Action::code).collect(),
        }
    }

    /// The coverage in one line: each kind a step did, with the distinct
    /// states such a step reached, then the kinds no step did.
    pub fn line(&self) -> String {
        let counted: Vec<String> = Action::ALL
            .iter()
            .filter_map(|a| {
                self.states
                    .get(a.code())
                    .filter(|&&n| n > 0)
                    .map(|n| format!("{} {n}", a.code()))
            })
            .collect();
        let did = format!("states reached by a step of each kind: {}", counted.join(", "));
        match self.never.as_slice() {
            [] => format!("coverage: {did}; every kind happened"),
            never => format!("coverage: {did}; never within the bound: {}", never.join(", ")),
        }
    }
}

impl CheckReport {
    /// The report of a search, whichever engine ran it: each property's
    /// counterexample, if one was `found` (its choices and its length in
    /// steps), run again as an ordinary run.
    pub fn new(
        config: Config,
        bound: Bound,
        explored: Explored,
        found: &BTreeMap<Property, (Vec<u32>, u32)>,
    ) -> CheckReport {
        let properties = Property::ALL
            .into_iter()
            .map(|property| {
                let counterexample = found.get(&property).map(|(steps, length)| CounterexampleReport {
                    steps: steps.clone(),
                    length: *length,
                    broken_at: tick_after(&config, &bound, steps, *length),
                    run: RunReport::new(&replay(&config, &bound, steps)),
                });
                let verdict = match (&counterexample, explored.complete) {
                    (Some(_), _) => Verdict::Fails,
                    (None, true) => Verdict::Holds,
                    (None, false) => Verdict::Unknown,
                };
                PropertyReport {
                    name: property,
                    description: property.describe(),
                    verdict,
                    holds: verdict.holds(),
                    vacuous: verdict == Verdict::Holds && !explored.happened.has(property.subject()),
                    counterexample,
                }
            })
            .collect();
        CheckReport {
            config,
            bound,
            reduce: explored.reduction,
            states: explored.states,
            transitions: explored.transitions,
            max_depth: explored.max_depth,
            complete: explored.complete,
            properties,
            coverage: CoverageReport::new(&explored.coverage),
        }
    }
}

impl CheckReport {
    /// What one property's cell says: "holds" only for a search that
    /// exhausted its bound, and always with the states that took.
    pub fn verdict(&self, property: &PropertyReport) -> String {
        match (&property.counterexample, property.verdict) {
            (Some(c), _) => format!("fails: broken after {} steps, at t={}", c.length, c.broken_at),
            (None, Verdict::Holds) if property.vacuous => format!(
                "holds, vacuously: {} within the bound ({} states)",
                property.name.subject().absent(),
                self.states
            ),
            (None, Verdict::Holds) => format!(
                "holds for every schedule within the bound ({} states)",
                self.states
            ),
            (None, _) => format!(
                "unknown: no counterexample among {} states explored; the bound was not exhausted",
                self.states
            ),
        }
    }

    /// The report as lines of text: the configuration, then a line a
    /// property.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!("{} — {}", self.config.describe(), self.bound.describe())];
        lines.extend(
            self.properties
                .iter()
                .map(|p| format!("  {}: {}", p.description, self.verdict(p))),
        );
        lines
    }
}
