//! dlock-core's transition system as a stateright `Model`: the same
//! states (`explore::State`, hashed as the explorer fingerprints them),
//! the same steps (`State::next`), the same properties. The tests hold
//! the two searches to the same answers; `run` gives stateright's answer
//! in the explorer's report.
//!
//! stateright keeps, for a property, the last violating state it meets,
//! and on several threads meets them in no fixed order. So each
//! property's condition reports a violation only at a state that breaks
//! it earlier than any met so far — fewer steps, then an earlier tick,
//! then smaller choices, the explorer's own order of counterexamples —
//! and the wrapper remembers that state's choices. With no property ever
//! done, stateright searches the whole bound, and the one it keeps is the
//! first on every thread count: a shortest counterexample, ending at the
//! state where its property first broke.

use dlock_core::audit::subject::{Happened, Subject};
use dlock_core::audit::Finding;
use dlock_core::explore::property::broken_in;
use dlock_core::explore::report::Explored;
use dlock_core::explore::step::{each_way, taken};
use dlock_core::explore::{Bound, CheckReport, Config, Property, Reduction, State};
use dlock_core::scenario::action::Coverage;
use dlock_core::types::Tick;
use stateright::{Checker, HasDiscoveries, Model};
use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// A configuration and its bound, as a stateright model whose states are
/// told apart as `reduction` says.
pub struct Wrapped {
    pub config: Config,
    pub bound: Bound,
    pub reduction: Reduction,
    /// Per property, the earliest break met so far, by [`Break`].
    first: Mutex<BTreeMap<Property, Break>>,
    /// How many of the states stateright judged a step of each kind
    /// reached: it judges each distinct state once, as the explorer
    /// counts them.
    coverage: Mutex<Coverage>,
}

/// Where a state breaks a property, ordered as counterexamples are:
/// steps, then the tick, then the choices that reach it.
type Break = (u32, Tick, Vec<u32>);

/// A state as stateright keeps it: its hash, which stateright takes as
/// its fingerprint, is the explorer's reduced one or the whole state's,
/// so that `--reduce none` checks the reductions here too.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    state: State,
    reduction: Reduction,
    /// The choices from the root, and how many steps they take: kept
    /// beside the state, outside its fingerprint.
    steps: Vec<u32>,
    depth: u32,
}

impl Hash for Node {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match (&self.state, self.reduction) {
            (State::Root, _) => 0u8.hash(h),
            (State::Running(sim), Reduction::All) => sim.hash(h),
            (State::Running(sim), Reduction::Whole) => sim.hash_whole(h),
        }
    }
}

impl Wrapped {
    pub fn new(config: Config, bound: Bound, reduction: Reduction) -> Wrapped {
        Wrapped {
            config,
            bound,
            reduction,
            first: Mutex::default(),
            coverage: Mutex::default(),
        }
    }

    /// Counts what the step into `node` did: stateright's "always"
    /// condition that never fails, read once a distinct state.
    fn covers(&self, node: &Node) -> bool {
        if let State::Running(sim) = &node.state {
            let mut coverage = self
                .coverage
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            coverage.count(sim.last_did());
        }
        true
    }

    /// Whether `node` breaks `property` earlier than any state met so far
    /// (noting it if so): judged as the explorer judges every state.
    fn breaks_first(&self, property: Property, node: &Node) -> bool {
        let State::Running(sim) = &node.state else {
            return false;
        };
        if broken_in(sim, self.bound.within, |p| p == property).is_empty() {
            return false;
        }
        let here = (node.depth, sim.now(), node.steps.clone());
        let mut first = self.first.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let earlier = first.get(&property).is_none_or(|known| here < *known);
        if earlier {
            first.insert(property, here);
        }
        earlier
    }

    /// The earliest break of each property met.
    fn found(&self) -> BTreeMap<Property, Break> {
        self.first
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    fn root(&self) -> Node {
        Node {
            state: State::Root,
            reduction: self.reduction,
            steps: Vec::new(),
            depth: 0,
        }
    }
}

/// A stateright "sometimes" property per subject a property constrains
/// (`audit::subject`): found, its subject happened; not found in a
/// finished search, a property that constrains it holds vacuously.
macro_rules! sometimes {
    ($subject:expr) => {
        stateright::Property::sometimes($subject.code(), |_: &Wrapped, s: &Node| match &s.state {
            State::Running(sim) => $subject.happened_in(sim.entries(), sim.grants()),
            State::Root => false,
        })
    };
}

/// A stateright property per explorer property (stateright takes plain
/// functions, so one each).
macro_rules! always {
    ($property:expr) => {
        stateright::Property::always($property.code(), |m: &Wrapped, s: &Node| {
            !m.breaks_first($property, s)
        })
    };
}

impl Model for Wrapped {
    type State = Node;
    type Action = Vec<u32>;

    fn init_states(&self) -> Vec<Node> {
        vec![self.root()]
    }

    fn actions(&self, node: &Node, actions: &mut Vec<Vec<u32>>) {
        if node.state.finished() {
            return;
        }
        each_way(|given| {
            let (next, opened) = node.state.next(&self.config, &self.bound, given);
            // The clients' symmetry, as the explorer applies it.
            let mirrored = matches!(&next, State::Running(sim) if sim.mirrors_a_kept_run());
            if !(mirrored && self.reduction == Reduction::All && matches!(node.state, State::Root)) {
                actions.push(taken(given, &opened));
            }
            std::ops::ControlFlow::Continue(opened)
        });
    }

    fn next_state(&self, node: &Node, action: Vec<u32>) -> Option<Node> {
        let (state, _) = node.state.next(&self.config, &self.bound, &action);
        let mut steps = node.steps.clone();
        steps.extend_from_slice(&action);
        Some(Node {
            state,
            reduction: self.reduction,
            steps,
            depth: node.depth + 1,
        })
    }

    fn properties(&self) -> Vec<stateright::Property<Self>> {
        let all = vec![
            always!(Property::Safety(Finding::OverlappingGrants)),
            always!(Property::Safety(Finding::MutualExclusion)),
            always!(Property::Safety(Finding::OverlappingHolds)),
            always!(Property::Safety(Finding::StaleOverwrites)),
            always!(Property::Safety(Finding::LostUpdates)),
            always!(Property::Safety(Finding::TokenReversals)),
            always!(Property::Safety(Finding::TokenTies)),
            always!(Property::Safety(Finding::UnlockedWrites)),
            always!(Property::Liveness),
            always!(Property::Starvation),
            sometimes!(Subject::TwoLeasesOnAServer),
            sometimes!(Subject::TwoGrants),
            sometimes!(Subject::Write),
            sometimes!(Subject::Ask),
            sometimes!(Subject::TwoWriters),
            stateright::Property::always("coverage", |m: &Wrapped, s: &Node| m.covers(s)),
        ];
        debug_assert_eq!(all.len(), Property::ALL.len() + Subject::ALL.len() + 1);
        all
    }
}

/// Checks `config` within `bound` with stateright's breadth-first checker
/// on `threads` threads, counting states as `reduction` says, and reports
/// as the explorer does, each counterexample the first break (see the
/// module's words).
///
/// stateright's one limit counts the states it generates, repeats
/// included, and it stops once that count reaches `max_states`: a search
/// that ended below the limit exhausted the bound (no property is ever
/// done, and discoveries do not end it, so nothing else stops it early).
pub fn run(config: Config, bound: Bound, reduction: Reduction, threads: usize) -> CheckReport {
    run_in(config, bound, reduction, Order::BreadthFirst, threads)
}

/// The order in which stateright visits states. Breadth-first is the
/// explorer's, and finds shortest counterexamples; depth-first meets
/// states by other paths, so a count that depends on which of two
/// renumbered states comes first differs between the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    BreadthFirst,
    DepthFirst,
}

/// Like [`run`], visiting states in `order`. A depth-first search's
/// counterexamples need not be shortest: compare its counts, not them.
pub fn run_in(
    config: Config,
    bound: Bound,
    reduction: Reduction,
    order: Order,
    threads: usize,
) -> CheckReport {
    let bound = bound.for_config(&config);
    let limit = usize::try_from(bound.max_states).unwrap_or(usize::MAX);
    // stateright's default ends a search once every property has a
    // discovery, which a bound where everything happens and breaks early
    // reaches long before it is exhausted; "any of none" never matches,
    // so only the bound or the state limit ends it.
    let builder = Wrapped::new(config, bound, reduction)
        .checker()
        .threads(threads)
        .finish_when(HasDiscoveries::AnyOf(BTreeSet::new()))
        .target_state_count(limit);
    let searched = Searched {
        config,
        bound,
        reduction,
        limit,
    };
    match order {
        Order::BreadthFirst => searched.report(builder.spawn_bfs().join()),
        Order::DepthFirst => searched.report(builder.spawn_dfs().join()),
    }
}

/// What a finished stateright search was asked, to report its answer.
struct Searched {
    config: Config,
    bound: Bound,
    reduction: Reduction,
    limit: usize,
}

impl Searched {
    fn report(self, checker: impl Checker<Wrapped>) -> CheckReport {
        let Searched {
            config,
            bound,
            reduction,
            limit,
        } = self;
        let found: BTreeMap<Property, (Vec<u32>, u32)> = checker
            .model()
            .found()
            .into_iter()
            .inspect(|(property, _)| {
                debug_assert!(
                    checker.discovery(property.code()).is_some(),
                    "stateright kept {property:?}'s break"
                );
            })
            .map(|(property, (depth, _, steps))| (property, (steps, depth)))
            .collect();
        let happened = Subject::ALL
            .into_iter()
            .filter(|s| checker.discovery(s.code()).is_some())
            .fold(Happened::default(), |h, s| s.with(h));
        let generated = checker.state_count();
        let explored = Explored {
            reduction,
            states: checker.unique_state_count() as u64,
            // stateright counts every state it generated, repeats and the
            // initial one included: the explorer's transitions, plus one.
            transitions: (generated as u64).saturating_sub(1),
            // stateright's initial state is at depth 1, the explorer's root at 0.
            max_depth: u32::try_from(checker.max_depth().saturating_sub(1)).unwrap_or(u32::MAX),
            complete: generated < limit,
            happened,
            coverage: *checker
                .model()
                .coverage
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        };
        CheckReport::new(config, bound, explored, &found)
    }
}
