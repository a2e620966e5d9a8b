//! Whether a property that holds says anything: each property's subject
//! (`audit::subject`), the thing it constrains. The search notes which
//! subjects ever happened, and a report says "holds, vacuously" where a
//! property's never did.

use super::config::{Bound, Config, LockKind, ResourceKind};
use super::property::Property;
use crate::audit::subject::Subject;
use crate::audit::Finding;

impl Property {
    /// What this property constrains: where it never happened, the
    /// property holds vacuously.
    pub fn subject(self) -> Subject {
        match self {
            Property::Safety(Finding::OverlappingGrants) => Subject::TwoLeasesOnAServer,
            Property::Safety(
                Finding::MutualExclusion
                | Finding::OverlappingHolds
                | Finding::TokenReversals
                | Finding::TokenTies,
            ) => Subject::TwoGrants,
            // One writer's write against another's: with one writer (B
            // never granted, say), nothing is compared.
            Property::Safety(Finding::StaleOverwrites | Finding::LostUpdates) => Subject::TwoWriters,
            Property::Safety(Finding::UnlockedWrites) => Subject::Write,
            Property::Liveness | Property::Starvation => Subject::Ask,
        }
    }
}

/// A configuration whose lease is too short to leave any validity, and
/// a bound to search it in: nobody ever writes or holds the lock, so the
/// data's properties and those comparing two grants hold vacuously, and
/// liveness fails. An input, as a question is: the tests of every engine
/// and of the page ask it.
pub fn no_validity_left() -> (Config, Bound) {
    let config = Config {
        lock: LockKind::Redlock,
        validity_check: true,
        resource: ResourceKind::Plain,
        servers: 3,
        ttl: 2,
        drift_allowance: 0,
    };
    let bound = Bound {
        max_arrival: 2,
        max_pause: 7,
        horizon: 9,
        within: 2,
        ..Bound::default()
    };
    (config, bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_property_constrains_a_subject_and_the_data_s_a_write() {
        for p in Property::ALL {
            assert!(Subject::ALL.contains(&p.subject()));
        }
        assert_eq!(
            Property::Safety(Finding::StaleOverwrites).subject(),
            Subject::TwoWriters
        );
        assert_eq!(
            Property::Safety(Finding::UnlockedWrites).subject(),
            Subject::Write
        );
        assert_eq!(Property::Liveness.subject(), Subject::Ask);
    }
}
