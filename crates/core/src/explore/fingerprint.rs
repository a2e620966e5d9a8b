//! A state's fingerprint: a 64-bit hash of all of it (the tape excepted),
//! as TLC and stateright keep theirs. Two states sharing one by accident
//! would hide the second, at odds of about n² / 2⁶⁵ for n states.
//!
//! The state's `Hash` is gathered as bytes and hashed in one pass
//! (`crate::gather`), which is what makes it cheap in the tab.

use crate::gather::hash_gathered;
use crate::scenario::Simulator;
use std::hash::Hasher;

/// Whether states that differ only in how servers are numbered are one
/// state (`scenario::symmetry`), as the explorer and the oracle count
/// them; `Whole` keeps them apart, to check the reduction against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    Symmetry,
    Whole,
}

/// Fingerprints states, reusing one buffer.
#[derive(Default)]
pub struct Fingerprinter {
    bytes: Vec<u8>,
}

impl Fingerprinter {
    pub fn of(&mut self, sim: &Simulator, reduction: Reduction) -> u64 {
        match reduction {
            Reduction::Symmetry => hash_gathered(sim, &mut self.bytes),
            Reduction::Whole => hash_gathered(&Whole(sim), &mut self.bytes),
        }
    }
}

/// A simulator hashed with its servers by number.
struct Whole<'a>(&'a Simulator);

impl std::hash::Hash for Whole<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash_whole(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{Bound, Config};
    use crate::scenario::tape::Tape;
    use crate::scenario::Mode;

    fn started(b_arrives: u32) -> Simulator {
        let mut sim = Simulator::default();
        *sim.tape_mut() = Tape::exploring(Bound::default().ranges(), &[]);
        sim.tape_mut().replay(&[b_arrives]);
        sim.start(&Config::default().params(), Mode::Skip, true);
        sim
    }

    #[test]
    fn a_state_and_its_copy_share_a_fingerprint_and_a_step_changes_it() {
        let mut fp = Fingerprinter::default();
        let sim = started(0);
        let copy = sim.clone();
        let mut stepped = sim.clone();
        stepped.step();
        for reduction in [Reduction::Symmetry, Reduction::Whole] {
            assert_eq!(fp.of(&sim, reduction), fp.of(&copy, reduction));
            assert_ne!(fp.of(&sim, reduction), fp.of(&stepped, reduction));
        }
    }

    #[test]
    fn different_choices_give_different_fingerprints() {
        let mut fp = Fingerprinter::default();
        assert_ne!(
            fp.of(&started(0), Reduction::Symmetry),
            fp.of(&started(1), Reduction::Symmetry)
        );
    }
}
