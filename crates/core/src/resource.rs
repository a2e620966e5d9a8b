//! The storage service the lock is meant to protect.
//!
//! Fencing lives here, not in the lock: by the time a stale write arrives,
//! the lock has long since answered correctly. Only the party applying the
//! write can still refuse it, and it needs nothing but one integer.

use crate::frame::Frame;
use crate::params::Comparison;
use crate::types::{Client, Tick, Token, Value};
use serde::Serialize;

/// Position of an operation in the resource's log (reads and writes share
/// one sequence), used to tell what a writer had seen.
pub type Seq = u32;

#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize)]
pub struct ReadRecord {
    pub seq: Seq,
    pub t: Tick,
    pub client: Client,
    pub value: Value,
}

#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize)]
pub struct WriteRecord {
    pub seq: Seq,
    pub t: Tick,
    pub client: Client,
    pub value: Value,
    pub token: Token,
    pub accepted: bool,
    /// The operation this value was computed from: the writer's read, or its
    /// own previous write. A later write based on something older than an
    /// accepted write erases that write's effect (a lost update).
    pub basis: Seq,
    /// Which lease the writer acted under, and the newest lease the lock
    /// service had granted when the write landed, both counted in grant
    /// order (1 = the first quorum grant). The simulation knows the real
    /// order even when tokens do not reflect it (token drift); the resource
    /// never reads these, the audits do.
    pub lease: LeaseOrder,
}

/// A write's lease and the newest lease granted when it landed.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default, Serialize)]
pub struct LeaseOrder {
    pub mine: u32,
    pub newest: u32,
}

impl LeaseOrder {
    /// A newer lease had been granted by the time this write landed.
    pub fn superseded(&self) -> bool {
        self.mine < self.newest
    }
}

/// How the resource treats tokens, and holder ids.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default)]
pub struct Fencing {
    pub enabled: bool,
    pub comparison: Comparison,
    /// Check-and-set: a write applies only if its writer's id is the one
    /// registered last.
    pub check_and_set: bool,
}

impl Fencing {
    /// Whether a write with `token` is stale once `max_token` was applied.
    pub fn is_stale(&self, token: Token, max_token: Token) -> bool {
        self.enabled
            && match self.comparison {
                Comparison::Lt => token < max_token,
                Comparison::Le => token <= max_token,
            }
    }
}

/// A single string value with a log of every read and write.
#[derive(Debug, Hash, PartialEq, Default)]
pub struct Resource {
    value: Value,
    max_token: Token,
    /// The id the current holder registered (check-and-set).
    holder: Option<u32>,
    fencing: Fencing,
    next_seq: Seq,
    reads: Vec<ReadRecord>,
    writes: Vec<WriteRecord>,
}

/// By hand for `clone_from`, which keeps the logs' allocations (the
/// explorer copies states into simulators it recycles).
impl Clone for Resource {
    fn clone(&self) -> Self {
        let mut copy = Resource::default();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let Resource {
            value,
            max_token,
            holder,
            fencing,
            next_seq,
            reads,
            writes,
        } = source;
        (self.value, self.max_token, self.holder) = (*value, *max_token, *holder);
        (self.fencing, self.next_seq) = (*fencing, *next_seq);
        self.reads.clone_from(reads);
        self.writes.clone_from(writes);
    }
}

impl Resource {
    pub fn new(fencing: Fencing) -> Resource {
        Resource {
            fencing,
            ..Resource::default()
        }
    }

    /// Hashes the resource with its logs from `reads` and `writes` on (what
    /// came before is summarised: `scenario::settle`), their ticks in
    /// `frame`.
    pub fn hash_recent<H: std::hash::Hasher>(&self, reads: u32, writes: u32, frame: Frame, h: &mut H) {
        use std::hash::Hash;
        let Resource {
            value,
            max_token,
            holder,
            fencing,
            next_seq,
            reads: all_reads,
            writes: all_writes,
        } = self;
        (value, max_token, holder, fencing, next_seq).hash(h);
        let reads = all_reads.get(reads as usize..).unwrap_or_default();
        let writes = all_writes.get(writes as usize..).unwrap_or_default();
        if frame == Frame::Absolute {
            // As they stand, in one pass: the default matrix's searches
            // hash every state this way.
            (reads, writes).hash(h);
            return;
        }
        reads.len().hash(h);
        for r in reads {
            ReadRecord {
                t: frame.tick(r.t),
                ..*r
            }
            .hash(h);
        }
        writes.len().hash(h);
        for w in writes {
            WriteRecord {
                t: frame.tick(w.t),
                ..*w
            }
            .hash(h);
        }
    }

    /// Empty again, keeping allocations.
    pub fn reset(&mut self, fencing: Fencing) {
        self.value = Value::EMPTY;
        self.max_token = 0;
        self.holder = None;
        self.fencing = fencing;
        self.next_seq = 0;
        self.reads.clear();
        self.writes.clear();
    }

    pub fn value(&self) -> Value {
        self.value
    }

    /// The highest token applied so far. Tracked with fencing off too, so the
    /// page can show what fencing would have compared against.
    pub fn max_token(&self) -> Token {
        self.max_token
    }

    pub fn reads(&self) -> &[ReadRecord] {
        &self.reads
    }

    pub fn writes(&self) -> &[WriteRecord] {
        &self.writes
    }

    pub fn read(&mut self, client: Client, t: Tick) -> ReadRecord {
        let record = ReadRecord {
            seq: self.take_seq(),
            t,
            client,
            value: self.value,
        };
        self.reads.push(record);
        record
    }

    /// Raises the highest token seen without writing: a new holder
    /// announcing itself, so older tokens are refused from now on.
    pub fn register(&mut self, token: Token) {
        self.max_token = self.max_token.max(token);
    }

    /// A new holder registers its lock's id: from now on only writes
    /// carrying that id apply (check-and-set). Any unique value will do;
    /// the model uses the lease's place in grant order, which nothing here
    /// compares for order, only for equality.
    pub fn register_holder(&mut self, id: u32) {
        self.holder = Some(id);
    }

    /// Applies the write unless fencing finds its token stale, or
    /// check-and-set finds another holder registered. Never contacts the
    /// lock service: it compares one value with another. (`lease` is
    /// recorded for the audits; with check-and-set `lease.mine` is also
    /// the writer's id.)
    pub fn write(
        &mut self,
        client: Client,
        t: Tick,
        value: Value,
        token: Token,
        basis: Seq,
        lease: LeaseOrder,
    ) -> WriteRecord {
        let holder_ok = !self.fencing.check_and_set || self.holder == Some(lease.mine);
        let accepted = holder_ok && !self.fencing.is_stale(token, self.max_token);
        if accepted {
            self.max_token = self.max_token.max(token);
            self.value = value;
        }
        let record = WriteRecord {
            seq: self.take_seq(),
            t,
            client,
            value,
            token,
            accepted,
            basis,
            lease,
        };
        self.writes.push(record);
        record
    }

    fn take_seq(&mut self) -> Seq {
        let seq = self.next_seq;
        self.next_seq += 1;
        seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const L: LeaseOrder = LeaseOrder { mine: 1, newest: 1 };

    fn v(s: &str) -> Value {
        Value::parse(s).expect("letters")
    }

    #[test]
    fn without_fencing_any_write_applies() {
        let mut r = Resource::new(Fencing::default());
        r.write(Client::B, 14, v("B"), 2, 0, L);
        let stale = r.write(Client::A, 16, v("A"), 1, 0, L);
        assert!(stale.accepted);
        assert_eq!(r.value(), v("A"));
        assert_eq!(r.max_token(), 2);
    }

    #[test]
    fn fencing_rejects_an_older_token() {
        let mut r = Resource::new(Fencing {
            enabled: true,
            comparison: Comparison::Lt,
            check_and_set: false,
        });
        r.write(Client::B, 14, v("B"), 2, 0, L);
        let stale = r.write(Client::A, 16, v("A"), 1, 0, L);
        assert!(!stale.accepted);
        assert_eq!(r.value(), v("B"));
    }

    #[test]
    fn lt_allows_a_second_write_under_one_lease_and_le_does_not() {
        for (comparison, second_accepted) in [(Comparison::Lt, true), (Comparison::Le, false)] {
            let mut r = Resource::new(Fencing {
                enabled: true,
                comparison,
                check_and_set: false,
            });
            assert!(r.write(Client::B, 14, v("B"), 2, 0, L).accepted);
            assert_eq!(
                r.write(Client::B, 15, v("BB"), 2, 1, L).accepted,
                second_accepted,
                "{comparison:?}"
            );
        }
    }

    #[test]
    fn a_registered_token_fences_before_any_write() {
        let mut r = Resource::new(Fencing {
            enabled: true,
            comparison: Comparison::Lt,
            check_and_set: false,
        });
        r.register(2);
        assert!(!r.write(Client::A, 13, v("A"), 1, 0, L).accepted);
        assert_eq!(r.value(), Value::EMPTY);
        assert!(r.write(Client::B, 14, v("B"), 2, 0, L).accepted);
    }

    #[test]
    fn check_and_set_applies_only_the_registered_holder_s_writes() {
        let mut r = Resource::new(Fencing {
            check_and_set: true,
            ..Fencing::default()
        });
        let (a, b) = (
            LeaseOrder { mine: 1, newest: 2 },
            LeaseOrder { mine: 2, newest: 2 },
        );
        r.register_holder(1);
        r.register_holder(2);
        assert!(r.write(Client::B, 14, v("B"), 1, 0, b).accepted);
        assert!(
            r.write(Client::B, 15, v("BB"), 1, 1, b).accepted,
            "a holder may write again"
        );
        assert!(
            !r.write(Client::A, 16, v("A"), 9, 0, a).accepted,
            "ids compare for equality, not order"
        );
        assert_eq!(r.value(), v("BB"));
    }

    #[test]
    fn reads_and_writes_share_one_sequence() {
        let mut r = Resource::new(Fencing::default());
        assert_eq!(r.read(Client::A, 1).seq, 0);
        assert_eq!(r.write(Client::A, 2, v("A"), 1, 0, L).seq, 1);
        assert_eq!(r.read(Client::B, 3).value, v("A"));
        assert_eq!(r.reads().len(), 2);
        assert_eq!(r.writes().len(), 1);
    }
}
