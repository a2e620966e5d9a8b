//! The simulator's state at an instant, as plain data: what a trace
//! (`explore::itf`) writes at each step of a counterexample, so that
//! another tool can read the whole state, not only the events.

use super::{Event, Simulator};
use crate::lock::ServerState;
use crate::trace::What;
use crate::types::{Client, Tick, Token};
use serde::Serialize;

/// One client as it stands: where it is in its script, its lease, and
/// the value of a write still on the wire ("" for none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClientSnapshot {
    pub name: String,
    /// "idle" (not asked yet), "asking", "inside" (granted the lock and
    /// not let go of it: released, given up, stopped by its own check),
    /// or "done" (let go, and asking no more).
    pub phase: &'static str,
    /// Inside its critical section: what mutual exclusion compares. A
    /// stopped client that was inside is still inside.
    pub inside: bool,
    /// Stopped (a pause) until this tick; 0 while running.
    pub stopped_until: Tick,
    /// The token it was last granted (0 for none).
    pub token: Token,
    /// That lease's place in grant order (1 = the first quorum grant; 0
    /// for none): the order stale overwrites compare, which tokens need
    /// not follow.
    pub lease: u32,
    /// The interval over which it trusts that lease, [from, until), by
    /// its own clock and reckoning (0 and 0 for none).
    pub trusted_from: Tick,
    pub trusted_until: Tick,
    pub gave_up: bool,
    pub write_on_the_wire: String,
}

/// A message on its way: a client's requests to the servers, the
/// servers' replies, a release, or a write to the resource; and the tick
/// it is due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MessageSnapshot {
    pub kind: &'static str,
    pub client: String,
    pub due: Tick,
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
    /// The grant-order place of the lease the last applied write was
    /// made under (0 before any): a stale overwrite is this falling.
    pub applied_lease: u32,
    /// Messages lost so far.
    pub lost: u32,
    /// Events still scheduled.
    pub pending: u32,
    /// The messages on their way.
    pub messages: Vec<MessageSnapshot>,
}

impl Simulator {
    /// The state as it stands now.
    pub fn snapshot(&self) -> Snapshot {
        let now = self.end_tick;
        let clients = self
            .params
            .clients()
            .iter()
            .map(|&client| self.client_snapshot(client, now))
            .collect();
        let applied_lease = self
            .resource
            .writes()
            .iter()
            .rev()
            .find(|w| w.accepted)
            .map_or(0, |w| w.lease.mine);
        Snapshot {
            t: now,
            servers: self.lock.server_states(now),
            clients,
            value: self.resource.value().as_str().to_owned(),
            max_token: self.resource.max_token(),
            applied_lease,
            lost: u32::from(self.lost),
            pending: self.sched.pending().len() as u32,
            messages: self.messages(),
        }
    }

    fn client_snapshot(&self, client: Client, now: Tick) -> ClientSnapshot {
        let state = match client {
            Client::A => &self.a,
            Client::B => &self.b,
            Client::C => &self.c,
        };
        // Its own record, read in order: granted opens its section, any
        // letting go closes it; a pause noted with its end.
        let (mut inside, mut let_go, mut stopped_until, mut trusted) = (false, false, 0, (0, 0));
        for e in self.entries.iter().filter(|e| e.client == client) {
            match e.what {
                What::Acquired { lease_end, .. } => {
                    inside = true;
                    let_go = false;
                    trusted = (state.contract.valid_from, lease_end);
                }
                What::Paused { until } => stopped_until = until,
                ref what if crate::audit::lets_go(what) && inside => {
                    inside = false;
                    let_go = true;
                }
                _ => {}
            }
        }
        let asked = now >= self.params.asks_at(client);
        let phase = match (inside, let_go || state.gave_up, asked) {
            (true, _, _) => "inside",
            (false, true, _) => "done",
            (false, false, true) => "asking",
            (false, false, false) => "idle",
        };
        ClientSnapshot {
            name: format!("{client:?}"),
            phase,
            inside,
            stopped_until: if stopped_until > now { stopped_until } else { 0 },
            token: state.token.unwrap_or(0),
            lease: state.lease,
            trusted_from: trusted.0,
            trusted_until: trusted.1,
            gave_up: state.gave_up,
            write_on_the_wire: state.in_flight.map(|v| v.as_str().to_owned()).unwrap_or_default(),
        }
    }

    /// The messages on their way, as the queue holds them.
    fn messages(&self) -> Vec<MessageSnapshot> {
        self.sched
            .pending()
            .iter()
            .filter_map(|&(due, event)| {
                let (kind, client) = match event {
                    Event::RequestsArrive { client, .. } => ("request", client),
                    Event::RepliesRead(client) => ("reply", client),
                    Event::ReleaseArrives(arrival) | Event::HandBackArrives(arrival) => {
                        ("release", arrival.client)
                    }
                    Event::AWriteLands => ("write", Client::A),
                    _ => return None,
                };
                Some(MessageSnapshot {
                    kind,
                    client: format!("{client:?}"),
                    due,
                })
            })
            .collect()
    }
}
