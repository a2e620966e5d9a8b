//! `dlock lab`: the study's schedule on real parts, set beside the
//! simulation. Lock servers are `redis-server` processes the lab starts on
//! loopback (`servers`), clients take the lock with Redlock (`redlock`),
//! A and B are processes of their own and A's pause is a real SIGSTOP
//! (`client`, `process`, `wire`), and the resource is a SQLite file
//! (`store`); `etcd` is the consensus-backed alternative to Redlock.
//! Native only: nothing here reaches the page.

pub mod client;
pub mod etcd;
pub mod grid;
pub mod lab;
pub mod process;
pub mod records;
pub mod redlock;
pub mod servers;
pub mod store;
pub mod timing;
pub mod wire;

pub use grid::{grid, LabGrid};
pub use lab::{check_params, run, LabRun, Parts};

use serde::{Deserialize, Serialize};

/// Which lock the lab runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LockKind {
    /// Redlock over independent redis-servers (`--servers` of them).
    Redis,
    /// An etcd cluster (`--etcd-members`): a consensus-backed try-lock
    /// whose create revision is the token.
    Etcd,
}
