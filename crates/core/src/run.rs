//! A finished run: its parameters, everything that was recorded, and what
//! can be read from the record (the audits, who held the lock, the serial
//! answer). The simulator in [`crate::scenario`] makes one; nothing here
//! runs anything.

use crate::audit::{self, Outcome};
use crate::contract;
use crate::lock::Grant;
use crate::params::Params;
use crate::resource::{ReadRecord, WriteRecord};
use crate::trace::{Entry, What};
use crate::types::{Client, Tick, Token, Value, NEVER};
use serde::Serialize;

/// A finished run: the parameters and everything that was recorded.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    pub params: Params,
    pub quorum: u16,
    pub entries: Vec<Entry>,
    pub grants: Vec<Grant>,
    pub reads: Vec<ReadRecord>,
    pub writes: Vec<WriteRecord>,
    pub final_value: Value,
    pub max_token: Token,
    /// The tick of the last event.
    pub end_tick: Tick,
    pub a_token: Option<Token>,
    pub b_token: Option<Token>,
    pub b_acquired_at: Option<Tick>,
}

impl Run {
    /// Ticks B spent blocked between arriving and getting the lock.
    pub fn b_waited(&self) -> Option<Tick> {
        self.b_acquired_at.map(|t| t - self.params.b_arrives)
    }

    /// Every audit of this run: what the lock, the clients and the
    /// resource did wrong, if anything.
    pub fn audit(&self) -> audit::Audit {
        audit::Audit {
            overlapping_grants: audit::overlapping_grants(&self.grants),
            overlapping_holds: audit::overlapping_holds(
                &self.entries,
                contract::validity_ticks(&self.params),
            ),
            mutual_exclusion: audit::mutual_exclusion(&self.entries, self.end_tick),
            stale_overwrites: audit::stale_overwrites(&self.writes).collect(),
            stale_accepts: audit::stale_accepts(&self.writes).collect(),
            unlocked_writes: audit::unlocked_writes(&self.entries, &self.grants, self.quorum),
            lost_updates: audit::lost_updates(&self.writes).collect(),
            token_reversals: audit::token_reversals(&self.entries),
            token_ties: audit::token_ties(&self.entries),
            late_writes: contract::late_writes(&self.entries, &self.params),
            outcome: self.outcome(),
        }
    }

    /// `client`'s first write, accepted or not, if it made one.
    pub fn first_write(&self, client: Client) -> Option<&crate::resource::WriteRecord> {
        self.writes.iter().find(|w| w.client == client)
    }

    pub fn outcome(&self) -> Outcome {
        Outcome::classify(&self.writes, self.b_acquired_at.is_some(), self.params.guarded())
    }

    /// How many servers granted `client` the lock when it got it.
    pub fn votes_of(&self, client: Client) -> Option<u16> {
        self.entries.iter().find_map(|e| match e.what {
            What::Acquired { votes, .. } if e.client == client => Some(votes),
            _ => None,
        })
    }

    /// The lock service's answer to A's re-check, if A made one.
    pub fn recheck_answer(&self) -> Option<bool> {
        self.entries.iter().find_map(|e| match e.what {
            What::Rechecked { holds, .. } => Some(holds),
            _ => None,
        })
    }

    /// When A stopped holding a quorum (its leases expired, or its release
    /// cut them short); `None` if it never does. Servers whose clocks run
    /// fast end their leases early, so this is the quorum-th latest end of
    /// A's leases, not any one server's. Handed-back grants hold nothing.
    pub fn a_lease_end(&self) -> Option<Tick> {
        let mut ends: Vec<Tick> = self
            .grants
            .iter()
            .filter(|g| g.client == Client::A && g.start < g.end)
            .map(|g| g.end)
            .collect();
        ends.sort_unstable_by(|x, y| y.cmp(x));
        ends.get(usize::from(self.quorum).saturating_sub(1))
            .copied()
            .filter(|&e| e != NEVER)
    }

    /// Who held a quorum at tick `t`, from the grant record.
    pub fn holder_at(&self, t: Tick) -> Option<Client> {
        audit::holder_at(&self.grants, self.quorum, t)
    }

    /// Who held a quorum at tick `t`, both clients if the lock failed.
    pub fn held_at(&self, t: Tick) -> audit::Held {
        audit::held_at(&self.grants, self.quorum, t)
    }

    /// Why a verdict's final value is not the serial answer when no work
    /// was lost, so the same final value reads the same way whichever
    /// part withheld a client's work; and why a wedged run has nothing to
    /// compare with. `None` when the final value needs no note.
    pub fn verdict_note(&self, outcome: Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::Wedged => Some("no serial answer to compare with: B never got the lock"),
            Outcome::StaleRejected => Some("A's work withheld by the resource, which refused it"),
            Outcome::Clean if self.final_value != self.serial_answer() => match self.withheld_by_itself() {
                Some(Client::A) => Some("A's work withheld by A itself, which gave up before writing"),
                Some(Client::B) => Some("B's work withheld by B itself, which gave up before writing"),
                // Only the explorer's runs have C, and they have no verdict.
                Some(Client::C) | None => None,
            },
            _ => None,
        }
    }

    /// The first client that held back its own write (its re-check said
    /// the lock was gone, or its lease's validity had run out), if any.
    /// Either client can: B, too, checks the validity left before it
    /// writes, and with slow replies and a short ttl it finds none.
    pub fn withheld_by_itself(&self) -> Option<Client> {
        self.entries.iter().find_map(|e| match e.what {
            What::WriteSkipped { .. } => Some(e.client),
            _ => None,
        })
    }

    /// The value a correct serial execution would end with: each client
    /// that was granted the lock (and did not crash) does its critical
    /// section in full, one after the other, in the order the lock was
    /// granted — so a run in which B held the lock first, and nothing
    /// went wrong, ends with B's work under A's ('BA'), and a clean run
    /// never contradicts it.
    pub fn serial_answer(&self) -> Value {
        let mut granted: Vec<(Tick, Client)> = self
            .params
            .clients()
            .iter()
            .copied()
            .filter(|&c| !(c == Client::A && self.params.a_crashes))
            .filter_map(|c| self.first_granted(c).map(|t| (t, c)))
            .collect();
        granted.sort_unstable();
        let mut v = Value::EMPTY;
        for (_, client) in granted {
            v = v.appended(client);
            if client == Client::B && self.params.b_writes_twice {
                v = v.appended(client);
            }
        }
        v
    }

    /// When `client` was first granted the lock, if ever.
    fn first_granted(&self, client: Client) -> Option<Tick> {
        self.entries
            .iter()
            .find(|e| e.client == client && matches!(e.what, What::Acquired { .. }))
            .map(|e| e.t)
    }
}
