//! Whether a property that holds says anything: each property's subject
//! (`audit::subject`), the thing it constrains. The search notes which
//! subjects ever happened, and a report says "holds, vacuously" where a
//! property's never did.

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
            Property::Safety(Finding::StaleOverwrites | Finding::LostUpdates | Finding::UnlockedWrites) => {
                Subject::Write
            }
            Property::Liveness => Subject::Ask,
        }
    }
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
            Subject::Write
        );
        assert_eq!(Property::Liveness.subject(), Subject::Ask);
    }
}
