//! What the simulator keeps of each client, grouped by what reads it:
//! what the client holds and wrote, the acquire round it has under way
//! (over a network), and Redlock's contract (the validity it counts).

use super::tape;
use crate::resource::{ReadRecord, WriteRecord};
use crate::types::{Tick, Token, Value};

#[derive(Clone, Copy, Debug, Hash, PartialEq, Default)]
pub(super) struct ClientState {
    pub token: Option<Token>,
    pub read: Option<ReadRecord>,
    pub last_write: Option<WriteRecord>,
    pub recheck: Option<bool>,
    /// Which quorum grant this client holds, in grant order (1 = first).
    pub lease: u32,
    /// A write on the wire (slow network), applied when it lands.
    pub in_flight: Option<Value>,
    /// The acquire round under way, when acquiring takes time.
    pub round: Round,
    /// Redlock's contract: the validity the client counts.
    pub contract: Contract,
    /// The client stopped trying for good (a lease with no validity at
    /// all): none of its later events runs.
    pub gave_up: bool,
    /// Index of the client's current run of refusals in the entry list, so
    /// consecutive refusals coalesce into one entry. (`u32`, as all model
    /// state is fixed-width: a run records far fewer entries than that.)
    pub open_refusal: Option<u32>,
}

/// A client's acquire round over a network (`scenario::network`): its
/// requests on their way, the votes so far, the answers once all are in.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Default)]
pub(super) struct Round {
    /// When the current round's requests left (T1).
    pub sent: Tick,
    /// What the servers answered the current round, once all have.
    pub answers: Option<crate::lock::Acquire>,
    /// The current round's extra delay to each server.
    pub request_delays: tape::Delays,
    /// The current round's votes so far, while its requests arrive.
    pub gathering: crate::lock::Round,
    /// How many of the current round's arrival ticks are still to come.
    pub awaiting: u8,
    /// Acquire rounds sent so far: A's acquire pause falls on its first.
    pub count: u32,
    /// The current round lost a request or a reply: the client waits out
    /// its timeout for the answer that never comes.
    pub lost: bool,
}

/// Redlock's contract as a client keeps it: the validity of its lease,
/// counted from when it started asking, and a check made ahead of a write.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Default)]
pub(super) struct Contract {
    /// The tick the held lease's validity is counted from: T1 with the
    /// validity check, else when the client learned it had a majority.
    pub valid_from: Tick,
    /// The answer of a validity check made ahead of the write, at the
    /// client's re-check (Redlock's contract): the write then acts on it,
    /// however long the client was stopped in between.
    pub validity: Option<bool>,
}
