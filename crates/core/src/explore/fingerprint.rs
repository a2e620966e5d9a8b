//! A state's fingerprint: a 64-bit hash of all of it (the tape excepted),
//! as TLC and stateright keep theirs. Two states sharing one by accident
//! would hide the second, at odds of about n² / 2⁶⁵ for n states.
//!
//! The state's `Hash` is written into a byte buffer, and the buffer is
//! hashed in one pass, by foldhash's quality variant with a fixed seed (the
//! same on every run, so a count can be compared). Hashing field by field
//! costs a mixing step per field, and on wasm32, where the page runs the
//! explorer, foldhash's 128-bit arithmetic is emulated: gathering first
//! makes the search in the tab markedly faster (BENCHMARKS.md).

use crate::scenario::Simulator;
use std::hash::{BuildHasher, Hash, Hasher};

/// Which states count as one. `All` (`--reduce all`, the default):
/// states that differ only in how servers are numbered
/// (`scenario::symmetry`), only in a past that is over
/// (`scenario::settle`), or only in when they happen where nothing later
/// can tell (`scenario::relative`), are one state. `Whole` (`--reduce none`): every
/// state is hashed whole, so the search checks the reductions rather
/// than relying on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reduction {
    #[default]
    All,
    #[serde(rename = "none")]
    Whole,
}

impl Reduction {
    pub const ALL: [Reduction; 2] = [Reduction::All, Reduction::Whole];

    /// The word `--reduce` takes.
    pub fn code(self) -> &'static str {
        match self {
            Reduction::All => "all",
            Reduction::Whole => "none",
        }
    }

    pub fn from_code(code: &str) -> Option<Reduction> {
        Reduction::ALL.into_iter().find(|r| r.code() == code)
    }
}

/// Fingerprints states, reusing one buffer.
#[derive(Default)]
pub struct Fingerprinter {
    bytes: Vec<u8>,
}

impl Fingerprinter {
    pub fn of(&mut self, sim: &Simulator, reduction: Reduction) -> u64 {
        self.bytes.clear();
        let mut gather = Gather(&mut self.bytes);
        match reduction {
            Reduction::All => sim.hash(&mut gather),
            Reduction::Whole => sim.hash_whole(&mut gather),
        }
        foldhash::quality::FixedState::with_seed(0).hash_one(self.bytes.as_slice())
    }
}

/// A `Hasher` that only collects what it is given.
struct Gather<'a>(&'a mut Vec<u8>);

impl Hasher for Gather<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    /// Never asked: the fingerprinter hashes the bytes gathered.
    fn finish(&self) -> u64 {
        unreachable!("a Gather is read through its buffer")
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
        for reduction in [Reduction::All, Reduction::Whole] {
            assert_eq!(fp.of(&sim, reduction), fp.of(&copy, reduction));
            assert_ne!(fp.of(&sim, reduction), fp.of(&stepped, reduction));
        }
    }

    #[test]
    fn different_choices_give_different_fingerprints() {
        let mut fp = Fingerprinter::default();
        assert_ne!(
            fp.of(&started(0), Reduction::All),
            fp.of(&started(1), Reduction::All)
        );
    }
}
