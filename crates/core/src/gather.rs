//! Hashing a value by gathering its bytes first, then hashing them in
//! one pass.
//!
//! A `Hash` impl feeds a hasher field by field. foldhash mixes each small
//! field into a 128-bit sponge, and on wasm32, where the page runs the
//! explorer, 128-bit shifts are emulated by a call: fingerprinting states
//! field by field was most of a search in the tab. Gathered, the same
//! bytes are hashed by foldhash's bulk path, sixteen bytes at a time.

use std::hash::{BuildHasher, Hash, Hasher};

/// Hashes `value` with foldhash's quality variant and a fixed seed (the
/// same on every run, so a count can be compared), gathering its bytes in
/// `scratch` first.
pub fn hash_gathered<T: Hash + ?Sized>(value: &T, scratch: &mut Vec<u8>) -> u64 {
    scratch.clear();
    value.hash(&mut Gather(scratch));
    foldhash::quality::FixedState::with_seed(0).hash_one(scratch.as_slice())
}

/// A `Hasher` that only collects what it is given.
pub struct Gather<'a>(pub &'a mut Vec<u8>);

impl Hasher for Gather<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    /// Never asked: the bytes gathered are hashed instead.
    fn finish(&self) -> u64 {
        unreachable!("a Gather is read through its buffer")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_hash_alike_and_the_scratch_is_reused() {
        let mut scratch = Vec::new();
        let a = hash_gathered(&(1u32, [2u8, 3], "x"), &mut scratch);
        let len = scratch.len();
        assert_eq!(a, hash_gathered(&(1u32, [2u8, 3], "x"), &mut scratch));
        assert_eq!(scratch.len(), len);
        assert_ne!(a, hash_gathered(&(1u32, [3u8, 2], "x"), &mut scratch));
        // A length prefix keeps ("ab", "c") apart from ("a", "bc").
        assert_ne!(
            hash_gathered(&("ab", "c"), &mut scratch),
            hash_gathered(&("a", "bc"), &mut scratch)
        );
    }
}
