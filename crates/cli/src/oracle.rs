//! dlock-core's transition system as a stateright `Model`: the same
//! states (`explore::State`, whose hash is the explorer's fingerprint),
//! the same steps (`State::next`), the same properties. The tests hold
//! the two searches to the same answers; `run` gives stateright's answer
//! in the explorer's report.

use dlock_core::explore::report::Explored;
use dlock_core::explore::step::{each_way, taken};
use dlock_core::explore::{Bound, CheckReport, Config, Property, State};
use stateright::{Checker, Model};
use std::collections::BTreeMap;

/// A configuration and its bound, as a stateright model.
pub struct Wrapped {
    pub config: Config,
    pub bound: Bound,
}

impl Wrapped {
    /// Whether `state` is a finished run breaking `property`: the
    /// explorer judges finished runs only, and so does this.
    fn broken(&self, property: Property, state: &State) -> bool {
        match state {
            State::Running(sim) if sim.finished() => {
                let run = sim.to_run();
                property.broken_by(&run, &run.audit(), self.bound.within)
            }
            _ => false,
        }
    }
}

/// A stateright property per explorer property (stateright takes plain
/// functions, so one each).
macro_rules! always {
    ($property:expr) => {
        stateright::Property::always($property.code(), |m: &Wrapped, s: &State| !m.broken($property, s))
    };
}

impl Model for Wrapped {
    type State = State;
    type Action = Vec<u32>;

    fn init_states(&self) -> Vec<State> {
        vec![State::Root]
    }

    fn actions(&self, state: &State, actions: &mut Vec<Vec<u32>>) {
        if state.finished() {
            return;
        }
        each_way(|given| {
            let (_, opened) = state.next(&self.config, &self.bound, given);
            actions.push(taken(given, &opened));
            opened
        });
    }

    fn next_state(&self, state: &State, action: Vec<u32>) -> Option<State> {
        Some(state.next(&self.config, &self.bound, &action).0)
    }

    fn properties(&self) -> Vec<stateright::Property<Self>> {
        let all = vec![
            always!(Property::OverlappingGrants),
            always!(Property::OverlappingHolds),
            always!(Property::StaleOverwrites),
            always!(Property::LostUpdates),
            always!(Property::TokenReversals),
            always!(Property::UnlockedWrites),
            always!(Property::Liveness),
        ];
        debug_assert_eq!(all.len(), Property::ALL.len());
        all
    }
}

/// Checks `config` within `bound` with stateright's breadth-first checker
/// on `threads` threads, and reports as the explorer does. Its
/// counterexamples are stateright's own, which need not be the shortest:
/// stateright 0.31 keeps the last violating state it meets, not the
/// first (`shortest_lengths` finds the shortest).
pub fn run(config: Config, bound: Bound, threads: usize) -> CheckReport {
    let limit = usize::try_from(bound.max_states).unwrap_or(usize::MAX);
    let checker = Wrapped { config, bound }
        .checker()
        .threads(threads)
        .target_state_count(limit)
        .spawn_bfs()
        .join();
    let found: BTreeMap<Property, (Vec<u32>, u32)> = Property::ALL
        .into_iter()
        .filter_map(|property| {
            let path = checker.discovery(property.code())?;
            let actions = path.into_actions();
            let length = u32::try_from(actions.len()).unwrap_or(u32::MAX);
            Some((property, (actions.concat(), length)))
        })
        .collect();
    let states = checker.unique_state_count() as u64;
    let explored = Explored {
        states,
        // stateright counts every state it generated, repeats and the
        // initial one included: the explorer's transitions, plus one.
        transitions: (checker.state_count() as u64).saturating_sub(1),
        // stateright's initial state is at depth 1, the explorer's root at 0.
        max_depth: u32::try_from(checker.max_depth().saturating_sub(1)).unwrap_or(u32::MAX),
        complete: states < bound.max_states,
    };
    CheckReport::new(config, bound, explored, &found)
}

/// The length of the shortest counterexample to each property that has
/// one, by stateright alone: its breadth-first checker run with a depth
/// bound one deeper each time, until the property first fails. stateright
/// counts the initial state as depth 1, so a bound of `d` checks paths of
/// up to `d - 2` steps.
pub fn shortest_lengths(config: Config, bound: Bound) -> BTreeMap<Property, u32> {
    let full = run(config, bound, 1);
    let mut lengths = BTreeMap::new();
    let failing: Vec<Property> = full
        .properties
        .iter()
        .filter(|p| !p.holds)
        .map(|p| p.name)
        .collect();
    for depth in 2..=full.max_depth as usize + 3 {
        if lengths.len() == failing.len() {
            break;
        }
        let checker = Wrapped { config, bound }
            .checker()
            .target_max_depth(depth)
            .spawn_bfs()
            .join();
        for &property in &failing {
            if lengths.contains_key(&property) {
                continue;
            }
            if let Some(path) = checker.discovery(property.code()) {
                let length = u32::try_from(path.into_actions().len()).unwrap_or(u32::MAX);
                lengths.insert(property, length);
            }
        }
    }
    lengths
}
