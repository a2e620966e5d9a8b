//! What a property constrains, and whether it ever happened: a write, a
//! second lease, a client asking. A property holds vacuously in a bound
//! where its subject never happens ("no stale overwrite" says nothing
//! where no client ever wrote). Read from a record, so the explorer's
//! settled past (`scenario::settle`) can keep it too.

use crate::lock::Grant;
use crate::trace::{Entry, What};

/// What a property constrains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Subject {
    /// One server granted two leases: what overlapping grants compare.
    TwoLeasesOnAServer,
    /// The lock was granted (to a majority) twice: what the properties
    /// comparing two holders, or two tokens, compare.
    TwoGrants,
    /// A client wrote (or sent a write that landed), accepted or not.
    Write,
    /// A client asked for the lock.
    Ask,
    /// Two clients each wrote (or sent a write that landed): what a stale
    /// overwrite and a lost update compare, one writer's write against
    /// another's. Last, so the other subjects keep their bits.
    TwoWriters,
}

impl Subject {
    pub const ALL: [Subject; 5] = [
        Subject::TwoLeasesOnAServer,
        Subject::TwoGrants,
        Subject::Write,
        Subject::Ask,
        Subject::TwoWriters,
    ];

    /// What a vacuous pass says never happened.
    pub fn absent(self) -> &'static str {
        match self {
            Subject::TwoLeasesOnAServer => "no server ever granted two leases",
            Subject::TwoGrants => "the lock was never granted twice",
            Subject::Write => "no client ever wrote",
            Subject::Ask => "no client ever asked",
            Subject::TwoWriters => "no two clients both wrote",
        }
    }

    /// Its name for other checkers (`write`).
    pub fn code(self) -> &'static str {
        match self {
            Subject::TwoLeasesOnAServer => "two_leases_on_a_server",
            Subject::TwoGrants => "two_grants",
            Subject::Write => "write",
            Subject::Ask => "ask",
            Subject::TwoWriters => "two_writers",
        }
    }

    /// Marks `subject` as happened.
    pub fn with(self, happened: Happened) -> Happened {
        Happened(happened.0 | self.bit())
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Whether it happened in this record.
    pub fn happened_in(self, entries: &[Entry], grants: &[Grant]) -> bool {
        match self {
            Subject::TwoLeasesOnAServer => {
                let mut seen = std::collections::BTreeSet::new();
                grants.iter().any(|g| !seen.insert(g.server))
            }
            Subject::TwoGrants => entries
                .iter()
                .filter(|e| matches!(e.what, What::Acquired { .. }))
                .nth(1)
                .is_some(),
            Subject::Write => entries.iter().any(|e| matches!(e.what, What::Wrote { .. })),
            Subject::Ask => entries.iter().any(|e| asks(&e.what)),
            Subject::TwoWriters => {
                let mut writers = entries
                    .iter()
                    .filter(|e| matches!(e.what, What::Wrote { .. }))
                    .map(|e| e.client);
                writers.next().is_some_and(|first| writers.any(|c| c != first))
            }
        }
    }
}

/// Whether an entry is a client asking for the lock, or the answer to one
/// asking: every ask leaves one of these.
fn asks(what: &What) -> bool {
    matches!(
        what,
        What::Requested { .. }
            | What::Refused { .. }
            | What::AcquireFailed { .. }
            | What::Acquired { .. }
            | What::TooLate { .. }
            | What::NoValidity { .. }
    )
}

/// The subjects that happened, a bit each: in a record, or in any state
/// a search made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Happened(u8);

impl Happened {
    /// Every subject: what a search that noted nothing must not claim.
    pub const EVERY: Happened = Happened(0b1_1111);

    /// Adds what happened in a record (only what had not yet: once every
    /// subject has, this is one comparison).
    pub fn note(&mut self, entries: &[Entry], grants: &[Grant]) {
        if *self == Happened::EVERY {
            return;
        }
        for subject in Subject::ALL {
            if !self.has(subject) && subject.happened_in(entries, grants) {
                *self = subject.with(*self);
            }
        }
    }

    pub fn has(self, subject: Subject) -> bool {
        self.0 & subject.bit() != 0
    }

    /// As one word, for the page's worker.
    pub fn bits(self) -> u32 {
        u32::from(self.0)
    }

    /// Read back from [`Happened::bits`].
    pub fn from_bits(bits: u32) -> Option<Happened> {
        (bits <= u32::from(Happened::EVERY.0)).then_some(Happened(bits as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subject_has_its_own_bit_and_reads_back() {
        let mut all = 0;
        for subject in Subject::ALL {
            assert_eq!(all & subject.bit(), 0, "{subject:?}");
            all |= subject.bit();
        }
        assert_eq!(Happened(all), Happened::EVERY);
        assert_eq!(Happened::from_bits(Happened::EVERY.bits()), Some(Happened::EVERY));
        assert_eq!(Happened::from_bits(32), None);
    }
}
