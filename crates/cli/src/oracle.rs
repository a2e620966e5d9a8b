//! dlock-core's transition system as a stateright `Model`: the same
//! states (`explore::State`, hashed as the explorer fingerprints them),
//! the same steps (`State::next`), the same properties. The tests hold
//! the two searches to the same answers; `run` gives stateright's answer
//! in the explorer's report.

use dlock_core::audit::subject::{Happened, Subject};
use dlock_core::audit::Finding;
use dlock_core::explore::property::broken_in;
use dlock_core::explore::report::Explored;
use dlock_core::explore::step::{each_way, taken};
use dlock_core::explore::{Bound, CheckReport, Config, Property, Reduction, State};
use stateright::{Checker, Model};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// A configuration and its bound, as a stateright model whose states are
/// told apart as `reduction` says.
pub struct Wrapped {
    pub config: Config,
    pub bound: Bound,
    pub reduction: Reduction,
}

/// A state as stateright keeps it: its hash, which stateright takes as
/// its fingerprint, is the explorer's reduced one or the whole state's,
/// so that `--reduce none` checks the reductions here too.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    state: State,
    reduction: Reduction,
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
    /// Whether `node` breaks `property` for good: judged as the explorer
    /// judges every state it meets.
    fn broken(&self, property: Property, node: &Node) -> bool {
        match &node.state {
            State::Running(sim) => !broken_in(sim, self.bound.within, |p| p == property).is_empty(),
            State::Root => false,
        }
    }

    fn node(&self, state: State) -> Node {
        Node {
            state,
            reduction: self.reduction,
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
        stateright::Property::always($property.code(), |m: &Wrapped, s: &Node| !m.broken($property, s))
    };
}

impl Model for Wrapped {
    type State = Node;
    type Action = Vec<u32>;

    fn init_states(&self) -> Vec<Node> {
        vec![self.node(State::Root)]
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
            opened
        });
    }

    fn next_state(&self, node: &Node, action: Vec<u32>) -> Option<Node> {
        Some(self.node(node.state.next(&self.config, &self.bound, &action).0))
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
            sometimes!(Subject::TwoLeasesOnAServer),
            sometimes!(Subject::TwoGrants),
            sometimes!(Subject::Write),
            sometimes!(Subject::Ask),
        ];
        debug_assert_eq!(all.len(), Property::ALL.len() + Subject::ALL.len());
        all
    }
}

/// Checks `config` within `bound` with stateright's breadth-first checker
/// on `threads` threads, counting states as `reduction` says, and reports
/// as the explorer does. Its counterexamples are stateright's own, which
/// need not be the shortest: stateright 0.31 keeps the last violating
/// state it meets, not the first (`shortest_lengths` finds the shortest).
///
/// stateright's one limit counts the states it generates, repeats
/// included, and it stops once that count reaches `max_states` (or once
/// every property is broken): a search that ended below the limit with a
/// property still unbroken is the only one that exhausted the bound.
pub fn run(config: Config, bound: Bound, reduction: Reduction, threads: usize) -> CheckReport {
    let bound = bound.for_config(&config);
    let limit = usize::try_from(bound.max_states).unwrap_or(usize::MAX);
    let checker = Wrapped {
        config,
        bound,
        reduction,
    }
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
    let happened = Subject::ALL
        .into_iter()
        .filter(|s| checker.discovery(s.code()).is_some())
        .fold(Happened::default(), |h, s| s.with(h));
    let discovered = found.len() + Subject::ALL.iter().filter(|s| happened.has(**s)).count();
    let generated = checker.state_count();
    let explored = Explored {
        reduction,
        states: checker.unique_state_count() as u64,
        // stateright counts every state it generated, repeats and the
        // initial one included: the explorer's transitions, plus one.
        transitions: (generated as u64).saturating_sub(1),
        // stateright's initial state is at depth 1, the explorer's root at 0.
        max_depth: u32::try_from(checker.max_depth().saturating_sub(1)).unwrap_or(u32::MAX),
        // It stops early once every property has a discovery.
        complete: generated < limit && discovered < Property::ALL.len() + Subject::ALL.len(),
        happened,
    };
    CheckReport::new(config, bound, explored, &found)
}

/// The length of the shortest counterexample to each property that has
/// one, by stateright alone: its breadth-first checker run with a depth
/// bound one deeper each time, until the property first fails. stateright
/// counts the initial state as depth 1, so a bound of `d` checks paths of
/// up to `d - 2` steps.
pub fn shortest_lengths(config: Config, bound: Bound) -> BTreeMap<Property, u32> {
    let full = run(config, bound, Reduction::All, 1);
    let mut lengths = BTreeMap::new();
    let failing: Vec<Property> = full
        .properties
        .iter()
        .filter(|p| p.fails())
        .map(|p| p.name)
        .collect();
    for depth in 2..=full.max_depth as usize + 3 {
        if lengths.len() == failing.len() {
            break;
        }
        let checker = Wrapped {
            config,
            bound,
            reduction: Reduction::All,
        }
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
