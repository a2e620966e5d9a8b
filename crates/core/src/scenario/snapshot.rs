//! The simulator's state at an instant, as plain data: what a trace
//! (`explore::itf`) writes at each step of a counterexample, so that
//! another tool can read the whole state, not only the events.

use super::Simulator;
use crate::lock::ServerState;
use crate::types::{Client, Tick, Token};
use serde::Serialize;

/// One client as it stands: the token it holds (0 for none), whether it
/// has given up, and the value of a write still on the wire ("" for none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClientSnapshot {
    pub name: String,
    pub token: Token,
    pub gave_up: bool,
    pub write_on_the_wire: String,
}

/// The whole state between two steps. Every field is an integer, a word,
/// a flag or a list of records, as the Informal Trace Format carries them
/// (no nulls).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    /// The tick of the last event run.
    pub t: Tick,
    pub servers: Vec<ServerState>,
    pub clients: Vec<ClientSnapshot>,
    /// The resource's value and the highest token it has applied.
    pub value: String,
    pub max_token: Token,
    /// Messages lost so far.
    pub lost: u32,
    /// Events still scheduled.
    pub pending: u32,
}

impl Simulator {
    /// The state as it stands now.
    pub fn snapshot(&self) -> Snapshot {
        let now = self.end_tick;
        let clients = self
            .params
            .clients()
            .iter()
            .map(|&client| {
                let state = match client {
                    Client::A => &self.a,
                    Client::B => &self.b,
                    Client::C => &self.c,
                };
                ClientSnapshot {
                    name: format!("{client:?}"),
                    token: state.token.unwrap_or(0),
                    gave_up: state.gave_up,
                    write_on_the_wire: state.in_flight.map(|v| v.as_str().to_owned()).unwrap_or_default(),
                }
            })
            .collect();
        Snapshot {
            t: now,
            servers: self.lock.server_states(now),
            clients,
            value: self.resource.value().as_str().to_owned(),
            max_token: self.resource.max_token(),
            lost: u32::from(self.lost),
            pending: self.sched.pending().len() as u32,
        }
    }
}
