//! The search: breadth first over fingerprinted states, in slices.
//!
//! A state is a `Simulator` between two events, its record included, since
//! the audits read the record: two runs that reach the same servers,
//! clients and queue by different histories stay apart while their
//! records can still meet later events differently. With late messages
//! the part of a record that is over is fingerprinted as a summary
//! (`scenario::settle`). States are told apart by their fingerprints
//! (`fingerprint`).

use super::config::{Bound, Config};
use super::fingerprint::{Fingerprinter, Reduction};
use super::property::{broken_in, Property};
use super::report::{CheckReport, Explored};
use super::step::{each_way, taken};
use super::wire::Answer;
use crate::audit::subject::Happened;
use crate::scenario::action::Coverage;
use crate::scenario::tape::Tape;
use crate::scenario::{Mode, Simulator};
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::ops::ControlFlow;

/// How a state was reached: the state before it, and the choices its
/// step took (`choices_len` of them in the explorer's arena, from
/// `choices_from`). The root's parent is `NO_PARENT`. A state is not kept:
/// it is made again, when needed, by replaying the choices that reach it
/// (a run takes about a microsecond), so memory grows by a few bytes a
/// state rather than by a whole simulator.
struct Node {
    parent: u32,
    choices_from: u32,
    choices_len: u16,
    depth: u16,
}

const NO_PARENT: u32 = u32::MAX;

/// How many states waiting to be expanded keep their simulator, so that
/// expanding one is a copy and a step, not a replay from the root (whose
/// cost grows with the depth). Past this many, a state waits as its
/// choices alone and is replayed: memory stays bounded (a simulator with
/// its record takes about 2.6 KB on the heap) where late messages make
/// the frontier wide. The page's worker keeps few, as a tab's memory is
/// the reader's; natively, keeping 300,000 (about 0.8 GB) rather than
/// 20,000 searched BENCHMARKS.md's t=8 bound in 15.4 s rather than 25.1 s,
/// and keeping every one of its 4.1M states gained only 0.3 s more
/// (2026-12-04).
const KEPT: usize = if cfg!(target_arch = "wasm32") {
    20_000
} else {
    300_000
};

/// How many spent simulators wait to be copied into again: a successor is
/// copied into one of them (`clone_from`), keeping its allocations,
/// rather than into a fresh one that allocates every vector again.
const SPARE: usize = 64;

/// A breadth-first search over one configuration, run in slices.
pub struct Explorer {
    config: Config,
    bound: Bound,
    reduction: Reduction,
    /// Nodes still to expand, in the order they were found, each with
    /// its simulator while fewer than [`KEPT`] are kept.
    frontier: VecDeque<(u32, Option<Box<Simulator>>)>,
    kept: usize,
    /// How many may be kept: [`KEPT`], or fewer in a test of the replays.
    keep_at_most: usize,
    /// Fingerprints seen; they are hashes already, so the set's own
    /// hash need only be fast.
    seen: HashSet<u64, foldhash::fast::FixedState>,
    fingerprinter: Fingerprinter,
    nodes: Vec<Node>,
    arena: Vec<u32>,
    /// The simulator every state is replayed in, its buffers reused.
    sim: Simulator,
    /// Simulators done with (a state seen before, a run judged, a state
    /// expanded), to copy the next successors into. Boxed, as in the
    /// frontier: a box moves between the two without being copied or
    /// allocated again.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<Simulator>>,
    transitions: u64,
    max_depth: u32,
    /// Distinct states by the tick of the event that made them (the root
    /// at tick 0).
    by_tick: Vec<u64>,
    /// The first state found breaking each property (`judge`'s order):
    /// its node, and its tick.
    found: BTreeMap<Property, (u32, crate::types::Tick)>,
    /// What the properties constrain that happened in some state.
    happened: Happened,
    /// How many states a step of each kind reached.
    coverage: Coverage,
    stopped: bool,
}

impl Explorer {
    /// A search of `config` within `bound`, from its root: the run before
    /// its set-up, no choice made yet.
    pub fn new(config: Config, bound: Bound) -> Explorer {
        Explorer::reduced(config, bound, Reduction::All)
    }

    /// A search that counts states as `reduction` says.
    pub fn reduced(config: Config, bound: Bound, reduction: Reduction) -> Explorer {
        let bound = bound.for_config(&config);
        let mut sim = Simulator::default();
        *sim.tape_mut() = Tape::exploring(bound.ranges(), &[]);
        Explorer {
            config,
            bound,
            reduction,
            frontier: VecDeque::from([(0, None)]),
            kept: 0,
            keep_at_most: KEPT,
            seen: HashSet::default(),
            fingerprinter: Fingerprinter::default(),
            nodes: vec![Node {
                parent: NO_PARENT,
                choices_from: 0,
                choices_len: 0,
                depth: 0,
            }],
            arena: Vec::new(),
            sim,
            spare: Vec::new(),
            transitions: 0,
            max_depth: 0,
            by_tick: vec![1],
            found: BTreeMap::new(),
            happened: Happened::default(),
            coverage: Coverage::default(),
            stopped: false,
        }
    }

    /// Expands up to `budget` states; returns whether the search is over
    /// (the bound exhausted, or the state limit reached).
    pub fn run_for(&mut self, budget: u32) -> bool {
        for _ in 0..budget {
            if self.is_done() {
                break;
            }
            let Some((node, state)) = self.frontier.pop_front() else {
                break;
            };
            self.kept -= usize::from(state.is_some());
            match state {
                Some(sim) if !self.bound.ranges().chooses_after_start() => self.step_on(node, sim),
                Some(sim) => {
                    self.expand(node, Some(&sim));
                    self.recycle(sim);
                }
                None => self.expand(node, None),
            }
        }
        self.is_done()
    }

    pub fn is_done(&self) -> bool {
        self.stopped || self.frontier.is_empty()
    }

    /// Distinct states seen so far, the root included.
    pub fn states(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// Distinct states so far by the tick of the event that made them,
    /// from tick 0: where in time a bound's states lie. States at one tick
    /// are told apart by more than when they happen, so no model of time
    /// that counts ticks from now could make the busiest tick's states
    /// fewer: its count is a floor under any such reduction.
    pub fn states_by_tick(&self) -> &[u64] {
        &self.by_tick
    }

    /// Every successor of `node`: its next event (from the root, the run's
    /// set-up) once for each way the choices met on the way can go. Each
    /// starts from `state`, the node's simulator if it was kept, or else
    /// from the root, replaying the choices that reach the node.
    fn expand(&mut self, node: u32, state: Option<&Simulator>) {
        let depth = self.nodes[node as usize].depth;
        let params = self.config.params();
        let path = if state.is_some() || depth == 0 {
            Vec::new()
        } else {
            self.steps_to(node)
        };
        let mut replayed = Vec::with_capacity(path.len() + 4);
        each_way(|given| {
            let mut next = self.spare.pop().unwrap_or_default();
            match state {
                Some(state) => {
                    next.as_mut().clone_from(state);
                    next.tape_mut().replay(given);
                    next.step();
                }
                None => {
                    replayed.clear();
                    replayed.extend_from_slice(&path);
                    replayed.extend_from_slice(given);
                    self.sim.tape_mut().replay(&replayed);
                    self.sim.start(&params, Mode::Skip, true);
                    for _ in 0..depth {
                        self.sim.step();
                    }
                    next.as_mut().clone_from(&self.sim);
                }
            }
            let opened = next.tape_mut().opened().to_vec();
            // The clients' symmetry: the set-up fixes who arrives when, and
            // a run whose twin is searched is no transition of the search.
            if depth == 0 && self.reduction == Reduction::All && next.mirrors_a_kept_run() {
                self.recycle(next);
                return ControlFlow::Continue(opened);
            }
            self.transitions += 1;
            self.arrive(node, &taken(given, &opened), depth + 1, next);
            // At the state limit, the ways not tried yet are left untried:
            // the search ends "unknown" now, not once a wide set-up's every
            // way has been run.
            if self.stopped {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(opened)
            }
        });
    }

    /// The one successor of a kept state when no step can choose: the
    /// state itself, a step on, with no copy made.
    fn step_on(&mut self, node: u32, mut sim: Box<Simulator>) {
        let depth = self.nodes[node as usize].depth;
        sim.tape_mut().replay(&[]);
        sim.step();
        assert!(
            sim.tape_mut().opened().is_empty(),
            "a step chose where no choice is offered"
        );
        self.transitions += 1;
        self.arrive(node, &[], depth + 1, sim);
    }

    /// A state just made: new, or already seen and dropped. A new one is
    /// judged if its run is over, and otherwise waits its turn, with its
    /// simulator while fewer than [`KEPT`] do.
    fn arrive(&mut self, parent: u32, choices: &[u32], depth: u16, sim: Box<Simulator>) {
        if !self.seen.insert(self.fingerprinter.of(&sim, self.reduction)) {
            self.recycle(sim);
            return;
        }
        if self.nodes.len() as u64 >= self.bound.max_states {
            self.stopped = true;
            return;
        }
        let node = self.nodes.len() as u32;
        self.nodes.push(Node {
            parent,
            choices_from: self.arena.len() as u32,
            choices_len: choices.len() as u16,
            depth,
        });
        self.arena.extend_from_slice(choices);
        self.max_depth = self.max_depth.max(u32::from(depth));
        let tick = sim.now() as usize;
        if self.by_tick.len() <= tick {
            self.by_tick.resize(tick + 1, 0);
        }
        self.by_tick[tick] += 1;
        self.coverage.count(sim.last_did());
        self.judge(&sim, node);
        if sim.finished() {
            self.recycle(sim);
        } else if self.kept < self.keep_at_most {
            self.kept += 1;
            self.frontier.push_back((node, Some(sim)));
        } else {
            self.frontier.push_back((node, None));
        }
    }

    /// Keeps `sim` to copy a later successor into, if few are kept.
    fn recycle(&mut self, sim: Box<Simulator>) {
        if self.spare.len() < SPARE {
            self.spare.push(sim);
        }
    }

    /// Notes each property the state at `node` breaks, the first time
    /// one is: breadth first, that state is a shortest way to break it.
    /// Among the states as deep, the one at the earliest tick, then with
    /// the smallest choices: the one counterexample every engine and
    /// thread count reports (`dlock::oracle` orders breaks the same way).
    fn judge(&mut self, sim: &Simulator, node: u32) {
        self.happened.note(sim.entries(), sim.grants());
        let depth = self.nodes[node as usize].depth;
        let now = sim.now();
        let (found, nodes) = (&self.found, &self.nodes);
        let open = |p: Property| {
            found
                .get(&p)
                .is_none_or(|&(known, tick)| nodes[known as usize].depth == depth && now <= tick)
        };
        for property in broken_in(sim, self.bound.within, open) {
            let earlier = match self.found.get(&property) {
                None => true,
                Some(&(known, tick)) => now < tick || self.steps_to(node) < self.steps_to(known),
            };
            if earlier {
                self.found.insert(property, (node, now));
            }
        }
    }

    /// The choices that lead to `node`, in the order the run meets them.
    /// Counted first, then written from the end back, so the list is
    /// allocated once: a search past [`KEPT`] rebuilds one per state.
    fn steps_to(&self, node: u32) -> Vec<u32> {
        let ancestry = || {
            let first = (node != NO_PARENT).then(|| &self.nodes[node as usize]);
            std::iter::successors(first, |n| {
                (n.parent != NO_PARENT).then(|| &self.nodes[n.parent as usize])
            })
        };
        let total: usize = ancestry().map(|n| usize::from(n.choices_len)).sum();
        let mut steps = vec![0; total];
        let mut end = total;
        for n in ancestry() {
            let (from, len) = (n.choices_from as usize, usize::from(n.choices_len));
            steps[end - len..end].copy_from_slice(&self.arena[from..from + len]);
            end -= len;
        }
        steps
    }

    /// The answer so far (final once `run_for` says the search is over).
    pub fn report(&self) -> CheckReport {
        self.answer(0).report(self.config, self.bound)
    }

    /// The answer so far as raw parts, what the page's worker sends
    /// (`wire`): the counterexamples' choices, not their runs.
    /// `search_us` is the time the caller measured it took.
    pub fn answer(&self, search_us: u32) -> Answer {
        let found = self
            .found
            .iter()
            .map(|(&property, &(node, _))| {
                (
                    property,
                    (self.steps_to(node), u32::from(self.nodes[node as usize].depth)),
                )
            })
            .collect();
        let explored = Explored {
            reduction: self.reduction,
            states: self.states(),
            transitions: self.transitions,
            max_depth: self.max_depth,
            complete: !self.stopped,
            happened: self.happened,
            coverage: self.coverage,
        };
        Answer {
            explored,
            found,
            search_us,
        }
    }
}

/// Searches `config` within `bound` to the end in one go, for callers with
/// no frame to yield to (an export, the tests, the benchmarks).
pub fn check(config: Config, bound: Bound) -> CheckReport {
    check_reduced(config, bound, Reduction::All)
}

/// [`check`]'s raw parts, as a worker sends them (`wire`): for a caller
/// that ships a search's result and makes the report where it is read
/// (the page's build ships the fault × remedy table's).
pub fn answer(config: Config, bound: Bound) -> Answer {
    let mut explorer = Explorer::reduced(config, bound, Reduction::All);
    while !explorer.run_for(10_000) {}
    explorer.answer(0)
}

/// [`check`], counting states as `reduction` says.
pub fn check_reduced(config: Config, bound: Bound, reduction: Reduction) -> CheckReport {
    let mut explorer = Explorer::reduced(config, bound, reduction);
    while !explorer.run_for(10_000) {}
    explorer.report()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::Question;

    /// A search that keeps no simulator, replaying every state from the
    /// root, finds what one that keeps them finds: the same states,
    /// transitions, verdicts and counterexamples. Natively the frontier
    /// rarely outgrows [`KEPT`], so the replays are tested here.
    #[test]
    fn replaying_every_state_finds_what_keeping_them_finds() {
        let question = Question::split_vote();
        let config = Config {
            lock: crate::explore::LockKind::Redlock,
            validity_check: true,
            resource: crate::explore::ResourceKind::Plain,
            servers: question.servers,
            ttl: question.ttl,
            drift_allowance: 0,
        };
        let bound = Bound {
            horizon: 6,
            ..question.bound
        };
        let search = |keep_at_most: usize| {
            let mut explorer = Explorer::new(config, bound);
            explorer.keep_at_most = keep_at_most;
            while !explorer.run_for(1_000) {}
            (explorer.report(), explorer.states_by_tick().to_vec())
        };
        let (kept, replayed) = (search(KEPT), search(0));
        assert_eq!(kept.1.iter().sum::<u64>(), kept.0.states);
        assert_eq!(kept.1, replayed.1);
        let (kept, replayed) = (kept.0, replayed.0);
        assert!(kept.states > 1_000, "{}", kept.states);
        assert_eq!(
            serde_json::to_value(&kept).expect("json"),
            serde_json::to_value(&replayed).expect("json")
        );
    }
}
