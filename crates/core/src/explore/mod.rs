//! Every schedule within a bound, checked: the simulator driven not by the
//! study's one schedule but by every choice its choice points allow
//! (`scenario::tape`), breadth first, so the first run found to break a
//! property is a shortest one, in steps (events).
//!
//! There is one model. A state is a `Simulator` part-way through a run; a
//! step runs its next event, once for each way the choices met on the way
//! can go. A counterexample is the list of choices that leads to it; run
//! again with those choices, it is an ordinary `Run`, with its transcript
//! and its audits.
//!
//! `argument` is the fault × remedy table, a search a cell;
//! `config` names what is checked (the lock, the resource), `property`
//! what must hold, `search` the search itself (in slices, so a page can
//! run it between frames), `step` one step and every way it can go
//! (shared with the stateright wrapper the native tests and the CLI use),
//! `report` its answer as data, `fingerprint` how states are told apart,
//! `question` the bounds a reader can ask about in one click, `vacuity`
//! whether what a property constrains ever happened, `wire`
//! what the page and its explorer's worker say to each other.

pub mod argument;
pub mod config;
pub mod fingerprint;
pub mod itf;
pub mod property;
pub mod question;
pub mod report;
pub mod search;
pub mod step;
pub mod vacuity;
pub mod wire;

pub use config::{Bound, Config, LockKind, ResourceKind, SearchedFault};
pub use fingerprint::Reduction;
pub use property::Property;
pub use question::Question;
pub use report::{CheckReport, Verdict};
pub use search::{answer, check, check_reduced, Explorer};
pub use step::{replay, State};
