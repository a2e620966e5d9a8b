//! The explorer's answer as data: what was checked, how much was
//! explored, and per property a counterexample or none.

use super::config::{Bound, Config};
use super::property::Property;
use crate::report::RunReport;
use serde::Serialize;

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
