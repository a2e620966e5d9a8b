//! The explorer's answer as data: what was checked, how much was
//! explored, and per property a counterexample or none.

use super::config::{Bound, Config};
use super::property::Property;
use super::step::replay;
use crate::report::RunReport;
use serde::Serialize;
use std::collections::BTreeMap;

/// A counterexample: the choices that lead to it, in the order the
/// simulator meets them, and its run.
#[derive(Clone, Debug, Serialize)]
pub struct CounterexampleReport {
    pub steps: Vec<u32>,
    /// Its length in steps: the set-up, then one step an event.
    pub length: u32,
    pub run: RunReport,
}

#[derive(Clone, Debug, Serialize)]
pub struct PropertyReport {
    pub name: Property,
    pub description: &'static str,
    pub holds: bool,
    pub counterexample: Option<CounterexampleReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    pub config: Config,
    pub bound: Bound,
    pub states: u64,
    pub transitions: u64,
    pub max_depth: u32,
    /// False if the state limit stopped the search: then "holds" only
    /// means no counterexample was met in the states explored.
    pub complete: bool,
    pub properties: Vec<PropertyReport>,
}

/// How much a search explored: distinct states (the root included),
/// transitions (successors made, repeats included), the deepest state in
/// steps, and whether the bound was exhausted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explored {
    pub states: u64,
    pub transitions: u64,
    pub max_depth: u32,
    pub complete: bool,
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
                    run: RunReport::new(&replay(&config, &bound, steps)),
                });
                PropertyReport {
                    name: property,
                    description: property.describe(),
                    holds: counterexample.is_none(),
                    counterexample,
                }
            })
            .collect();
        CheckReport {
            config,
            bound,
            states: explored.states,
            transitions: explored.transitions,
            max_depth: explored.max_depth,
            complete: explored.complete,
            properties,
        }
    }
}

impl CheckReport {
    /// What one property's cell says: "holds" always with its bound's
    /// reach (the states explored, and whether that was all of them).
    pub fn verdict(&self, property: &PropertyReport) -> String {
        match &property.counterexample {
            Some(c) => format!("fails: a shortest counterexample takes {} steps", c.length),
            None if self.complete => format!(
                "holds for every schedule within the bound ({} states)",
                self.states
            ),
            None => format!(
                "no counterexample in the {} states explored, but the state limit cut the search short",
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
