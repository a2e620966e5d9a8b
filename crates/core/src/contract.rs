//! Redlock's contract, and the writes made outside it.
//!
//! redis.io promises mutual exclusion only to a client that acts within
//! the validity it computed when it acquired: the ttl, less the time the
//! acquire took (from T1, when the requests left) and a drift allowance.
//! A client that keeps the contract checks that validity before it writes
//! and does not write once it has run out. Two ways a write still lands
//! after the validity ended are told apart here, because they blame
//! different parties: the client was stopped between its check and its
//! write (the window no check closes — the study's re-check lesson), or
//! the client never checked (it broke the contract; the lock did not fail).

use crate::params::Params;
use crate::trace::{Entry, What};
use crate::types::{Client, Tick};
use serde::Serialize;

/// How many ticks after T1 a lease's validity lasts under the contract,
/// for runs whose clients are Redlock clients: those acquiring over a
/// network (with the validity check or, breaking the contract, without)
/// and those under clock drift or a clock jump, where the drift allowance
/// is the point.
/// `None` for the study's lease client, which computes no validity.
pub fn validity_ticks(params: &Params) -> Option<Tick> {
    if !params.acquiring.takes_time() && !params.instant_client_checks_validity() {
        return None;
    }
    params
        .expiry
        .then(|| params.ttl.saturating_sub(params.drift_allowance()))
}

/// A write a Redlock client sent after the validity its lease had under
/// the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LateWrite {
    /// When the write left the client.
    pub t: Tick,
    pub client: Client,
    /// Where the lease's validity ended: T1 plus [`validity_ticks`].
    pub valid_until: Tick,
    /// When the client last checked its validity and found it good, before
    /// it was stopped: the write went out on that answer. `None`: the
    /// client never checked (its validity check is off), so it broke the
    /// contract.
    pub checked_at: Option<Tick>,
}

impl LateWrite {
    /// Whether the client broke the contract, rather than being stopped
    /// after keeping it.
    pub fn broke_contract(&self) -> bool {
        self.checked_at.is_none()
    }
}

/// What the audit remembers of one client while reading the entries.
#[derive(Clone, Copy, Default)]
struct Reading {
    valid_until: Option<Tick>,
    checked_at: Option<Tick>,
    /// A write left and has not landed yet (a slow network): its landing
    /// is the same write, judged when it left.
    in_flight: bool,
}

/// T1 of each client's acquires, in entry order: the tick its requests
/// left, or the acquire itself when acquiring took no time. Shared with
/// the holds audit, which ends a hold where the contract does.
pub fn acquired_from(entries: &[Entry]) -> Vec<Option<Tick>> {
    let mut sent = [None; 3];
    entries
        .iter()
        .map(|e| {
            let slot = &mut sent[index(e.client)];
            match e.what {
                What::Requested { .. } => {
                    *slot = Some(e.t);
                    None
                }
                What::Acquired { .. } => Some(slot.take().unwrap_or(e.t)),
                _ => None,
            }
        })
        .collect()
}

fn index(client: Client) -> usize {
    match client {
        Client::A => 0,
        Client::B => 1,
        Client::C => 2,
    }
}

/// Every write a Redlock client sent at or after the end of its lease's
/// validity, in entry order. Empty for runs of the study's lease client.
pub fn late_writes(entries: &[Entry], params: &Params) -> Vec<LateWrite> {
    let Some(validity) = validity_ticks(params) else {
        return Vec::new();
    };
    let t1 = acquired_from(entries);
    let mut clients = [Reading::default(); 3];
    let mut found = Vec::new();
    for (e, t1) in entries.iter().zip(t1) {
        let me = &mut clients[index(e.client)];
        let sent_now = match e.what {
            What::Acquired { .. } => {
                me.valid_until = t1.map(|from| from.saturating_add(validity));
                me.checked_at = None;
                false
            }
            What::ValidityChecked { ok, .. } => {
                me.checked_at = ok.then_some(e.t);
                false
            }
            What::Sent { .. } => {
                me.in_flight = true;
                true
            }
            What::Wrote { .. } => !std::mem::take(&mut me.in_flight),
            _ => false,
        };
        match me.valid_until {
            Some(end) if sent_now && e.t >= end => found.push(LateWrite {
                t: e.t,
                client: e.client,
                valid_until: end,
                checked_at: me.checked_at.filter(|&c| c < e.t),
            }),
            _ => {}
        }
    }
    found
}

impl LateWrite {
    /// The finding in words: who wrote when, where the validity ended,
    /// and which of the two ways past the contract it was.
    pub fn detail(&self) -> String {
        let Self {
            t,
            client,
            valid_until,
            ..
        } = *self;
        match self.checked_at {
            Some(checked) => format!(
                "t={t} {client}: valid until t={valid_until}; it checked at t={checked}, found time left, and was stopped before writing: the window between a check and the write, which no check closes"
            ),
            None => format!(
                "t={t} {client}: valid until t={valid_until}; {client} never checks its validity: it broke Redlock's contract, the lock did not fail"
            ),
        }
    }
}
