//! One step of the transition system, and every way it can go.
//!
//! The explorer replays a state from its choices rather than keeping it
//! (see `search`); a checker that keeps states, as stateright does, takes
//! them as `State`s and steps them here. Both run the same simulator.

use super::config::{Bound, Config};
use super::property::{broken_in, Property};
use crate::run::Run;
use crate::scenario::tape::Tape;
use crate::scenario::{Mode, Simulator};
use crate::types::Tick;
use std::ops::ControlFlow;

/// A state: before the run's set-up (no choice made yet), or a run
/// between two events.
#[derive(Clone, Debug, Hash, PartialEq)]
pub enum State {
    Root,
    /// Boxed: a simulator is large, and stateright keeps states by value.
    Running(Box<Simulator>),
}

impl State {
    /// Whether the run is over: no event is left, so no step.
    pub fn finished(&self) -> bool {
        matches!(self, State::Running(sim) if sim.finished())
    }

    /// The state one step on, taking `given` at the choice points it meets
    /// (the first value past them), and how many values each point past
    /// `given` offered.
    pub fn next(&self, config: &Config, bound: &Bound, given: &[u32]) -> (State, Vec<u32>) {
        let mut sim = match self {
            State::Root => Simulator::default(),
            State::Running(sim) => (**sim).clone(),
        };
        *sim.tape_mut() = Tape::exploring(bound.for_config(config).ranges(), given);
        match self {
            State::Root => sim.start(&config.params(), Mode::Skip, true),
            State::Running(_) => {
                sim.step();
            }
        }
        let opened = sim.tape_mut().opened().to_vec();
        (State::Running(Box::new(sim)), opened)
    }
}

/// Every way one step can go, in the order of their choices (a run's
/// choices as a word, in dictionary order). `try_step(given)` runs the
/// step taking `given` at its first choice points, and the first value at
/// any later one, and returns how many values each of those later points
/// offered; the full choices of that run are `given` followed by a 0 for
/// each. Each is tried once, until `try_step` breaks off.
///
/// Depth first, on a stack of the ways not tried yet: it holds a few
/// choices per point of one step, where a queue would hold every way of a
/// wide set-up at once (three clients that each may pause, with wide
/// arrival and pause ranges, are billions of ways, and a search with a
/// state limit stops after the first few thousand).
pub fn each_way(mut try_step: impl FnMut(&[u32]) -> ControlFlow<(), Vec<u32>>) {
    let mut pending: Vec<Vec<u32>> = vec![Vec::new()];
    while let Some(given) = pending.pop() {
        let ControlFlow::Continue(opened) = try_step(&given) else {
            return;
        };
        // The later point's values come first in dictionary order, so
        // they go on the stack last; a point's values, smallest on top.
        let mut taken = given;
        for options in opened {
            for other in (1..options).rev() {
                let mut sibling = taken.clone();
                sibling.push(other);
                pending.push(sibling);
            }
            taken.push(0);
        }
    }
}

/// The full choices of a step run with `given`, whose later points
/// offered `opened`: `given`, then the first value of each.
pub fn taken(given: &[u32], opened: &[u32]) -> Vec<u32> {
    let mut taken = given.to_vec();
    taken.resize(given.len() + opened.len(), 0);
    taken
}

/// The run the choices `steps` lead to: the ordinary simulator, with the
/// explorer's tape.
pub fn replay(config: &Config, bound: &Bound, steps: &[u32]) -> Run {
    let mut sim = Simulator::default();
    *sim.tape_mut() = Tape::exploring(bound.for_config(config).ranges(), steps);
    sim.run(&config.params(), Mode::Skip, true);
    sim.to_run()
}

/// The tick of the state `length` steps into the run the choices `steps`
/// lead to (the set-up is the first step): where a counterexample's
/// property broke.
pub fn tick_after(config: &Config, bound: &Bound, steps: &[u32], length: u32) -> Tick {
    let mut sim = Simulator::default();
    *sim.tape_mut() = Tape::exploring(bound.for_config(config).ranges(), steps);
    sim.start(&config.params(), Mode::Skip, true);
    for _ in 1..length {
        sim.step();
    }
    sim.now()
}

/// Where the run the choices `steps` lead to first breaks `property`: the
/// steps to that state (the set-up is the first) and its tick, judged as
/// the explorer judges every state. `None` if the run never breaks it.
/// The page reads a counterexample a link carries this way, with no
/// search to ask.
pub fn first_break(config: &Config, bound: &Bound, steps: &[u32], property: Property) -> Option<(u32, Tick)> {
    let mut sim = Simulator::default();
    *sim.tape_mut() = Tape::exploring(bound.for_config(config).ranges(), steps);
    sim.start(&config.params(), Mode::Skip, true);
    let mut length = 1;
    loop {
        if !broken_in(&sim, bound.within, |p| p == property).is_empty() {
            return Some((length, sim.now()));
        }
        if !sim.step() {
            return None;
        }
        length += 1;
    }
}

/// Whether `steps` are the choices of a run within `bound`: each value one
/// its point offers, and no more values than the run has points. The
/// page checks a counterexample a link carries with this before it draws
/// it.
pub fn check_steps(config: &Config, bound: &Bound, steps: &[u32]) -> Result<(), String> {
    let mut sim = Simulator::default();
    *sim.tape_mut() = Tape::exploring(bound.for_config(config).ranges(), steps);
    // Recording, as the explorer does: which servers a release's delay is
    // chosen for reads the record (a server that restarted empty forgot
    // a lease its record still shows).
    sim.run(&config.params(), Mode::Skip, true);
    let tape = sim.tape_mut();
    if let Some((place, value, options)) = tape.out_of_range() {
        return Err(format!(
            "choice {} is {value}, but its point offers only 0 to {}",
            place + 1,
            options - 1
        ));
    }
    let read = tape.read() as usize;
    if read < steps.len() {
        return Err(format!("the run makes {read} choices, not {}", steps.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::each_way;
    use std::ops::ControlFlow;

    /// A step with two choice points, offering 3 and then 2 values, and a
    /// third, of 2, where the first takes 1: the runs `each_way` tries,
    /// each as its full choices, until `stop_after` of them.
    fn ways_of_a_step(stop_after: usize) -> Vec<Vec<u32>> {
        let mut tried = Vec::new();
        each_way(|given| {
            let points: &[u32] = if given.first() == Some(&1) {
                &[3, 2, 2]
            } else {
                &[3, 2]
            };
            let opened = points[given.len()..].to_vec();
            let mut run = given.to_vec();
            run.resize(points.len(), 0);
            tried.push(run);
            if tried.len() == stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(opened)
            }
        });
        tried
    }

    #[test]
    fn each_way_is_tried_once_in_dictionary_order() {
        let tried = ways_of_a_step(usize::MAX);
        let mut sorted = tried.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(tried, sorted);
        assert_eq!(tried.len(), 2 + 4 + 2);
    }

    /// Broken off, it tries no more: a search at its state limit ends
    /// there, not after every way of a wide set-up.
    #[test]
    fn each_way_stops_when_broken_off() {
        assert_eq!(ways_of_a_step(3), ways_of_a_step(usize::MAX)[..3]);
    }
}
