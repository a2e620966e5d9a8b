//! The run as one JSON-ready value: the CLI's `--json` schema, and the
//! page's export format.

use crate::audit::{self, LostUpdate, Outcome, Overlap, StaleOverwrite, UnlockedWrite};
use crate::lock::Grant;
use crate::params::Params;
use crate::scenario::Run;
use crate::trace::Entry;
use crate::types::{Client, Tick, Token, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WriteRow {
    pub t: Tick,
    pub client: Client,
    pub value: Value,
    pub token: Token,
    pub accepted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HolderAt {
    pub t: Tick,
    pub holder: Option<Client>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunReport {
    pub params: Params,
    pub quorum: u16,
    pub final_value: Value,
    pub serial_answer: Value,
    pub outcome: Outcome,
    pub b_acquired_at: Option<Tick>,
    pub b_waited: Option<Tick>,
    pub max_token: Token,
    pub end_tick: Tick,
    pub grants: Vec<Grant>,
    pub writes: Vec<WriteRow>,
    pub events: Vec<Entry>,
    pub overlapping_grants: Vec<Overlap>,
    pub stale_overwrites: Vec<StaleOverwrite>,
    pub unlocked_writes: Vec<UnlockedWrite>,
    pub lost_updates: Vec<LostUpdate>,
    /// One entry per tick from 0 to the end of the run.
    pub holder_at: Vec<HolderAt>,
}

impl RunReport {
    pub fn new(run: &Run) -> RunReport {
        let found = audit::audit(run);
        RunReport {
            params: run.params,
            quorum: run.quorum,
            final_value: run.final_value,
            serial_answer: run.serial_answer(),
            outcome: found.outcome,
            b_acquired_at: run.b_acquired_at,
            b_waited: run.b_waited(),
            max_token: run.max_token,
            end_tick: run.end_tick,
            grants: run.grants.clone(),
            writes: run
                .writes
                .iter()
                .map(|w| WriteRow {
                    t: w.t,
                    client: w.client,
                    value: w.value,
                    token: w.token,
                    accepted: w.accepted,
                })
                .collect(),
            events: run.entries.clone(),
            overlapping_grants: found.overlapping_grants,
            stale_overwrites: found.stale_overwrites,
            unlocked_writes: found.unlocked_writes,
            lost_updates: found.lost_updates,
            holder_at: (0..=run.end_tick)
                .map(|t| HolderAt {
                    t,
                    holder: run.holder_at(t),
                })
                .collect(),
        }
    }
}
