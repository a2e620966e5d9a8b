//! How a simulator is copied: field by field, with `clone_from` keeping
//! the destination's allocations. The explorer copies a state for each of
//! its successors; into a simulator it recycles, that is a copy of bytes
//! with no allocation, where a fresh clone allocates every vector again
//! and then grows it on the next event (BENCHMARKS.md).

use super::Simulator;

impl Clone for Simulator {
    fn clone(&self) -> Self {
        let mut copy = Simulator::default();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let Simulator {
            params,
            mode,
            record,
            lock,
            resource,
            sched,
            entries,
            a,
            b,
            c,
            end_tick,
            b_acquired_at,
            leases_granted,
            a_shift,
            tape,
            settled,
            lost,
            b_pause,
            c_pause,
            did,
        } = source;
        (self.params, self.mode, self.record) = (*params, *mode, *record);
        self.lock.clone_from(lock);
        self.resource.clone_from(resource);
        self.sched.clone_from(sched);
        self.entries.clone_from(entries);
        (self.a, self.b, self.c) = (*a, *b, *c);
        (self.end_tick, self.b_acquired_at) = (*end_tick, *b_acquired_at);
        (self.leases_granted, self.a_shift) = (*leases_granted, *a_shift);
        self.tape.clone_from(tape);
        self.settled = *settled;
        (self.lost, self.b_pause, self.c_pause) = (*lost, *b_pause, *c_pause);
        self.did = *did;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{Bound, Config};
    use crate::scenario::tape::Tape;
    use crate::scenario::Mode;

    /// A simulator part way through a run with late messages.
    fn part_way(given: &[u32], steps: u32) -> Simulator {
        let bound = Bound {
            max_delay: 1,
            ..Bound::default()
        };
        let mut sim = Simulator::default();
        *sim.tape_mut() = Tape::exploring(bound.ranges(), given);
        sim.start(&Config::matrix(3, 5)[4].params(), Mode::Skip, true);
        for _ in 0..steps {
            sim.step();
        }
        sim
    }

    /// Copied into a simulator that was further along another run, a
    /// state is equal to its source, and both run on to the same run.
    #[test]
    fn a_copy_into_a_used_simulator_is_the_state_copied() {
        let source = part_way(&[2, 3, 1, 0, 1], 6);
        let mut copy = part_way(&[0, 9, 0, 1, 1, 0, 1, 1], 20);
        assert_ne!(copy, source);
        copy.clone_from(&source);
        assert_eq!(copy, source);
        assert_eq!(copy.clone(), source);
        let mut source = source;
        while !source.finished() {
            source.step();
            copy.step();
        }
        assert!(copy.finished());
        assert_eq!(copy.to_run(), source.to_run());
    }
}
