//! Every complete run within a bound, each visited once: the explorer's
//! choice tree walked to its leaves, each path replayed through the
//! ordinary simulator, as the explorer replays a state. Where the explorer
//! keeps one shortest counterexample per property, this lets a test ask
//! whether some run tells a particular story. Included by path, as
//! `misnumbered.rs` is.

use dlock_core::explore::{Bound, Config};
use dlock_core::scenario::tape::Tape;
use dlock_core::trace::What;
use dlock_core::types::Client;
use dlock_core::{Mode, Run, Simulator};

/// Visits every run of `config` within `bound`; returns how many there are.
pub fn every_run(config: &Config, bound: &Bound, mut visit: impl FnMut(&Run)) -> u32 {
    let mut pending = vec![Vec::<u32>::new()];
    let mut runs = 0;
    while let Some(given) = pending.pop() {
        let mut sim = Simulator::default();
        *sim.tape_mut() = Tape::exploring(bound.ranges(), &given);
        sim.run(&config.params(), Mode::Skip, true);
        let mut taken = given;
        for options in sim.tape_mut().opened().to_vec() {
            for other in 1..options {
                let mut sibling = taken.clone();
                sibling.push(other);
                pending.push(sibling);
            }
            taken.push(0);
        }
        runs += 1;
        visit(&sim.to_run());
    }
    runs
}

/// Whether `client` stops somewhere in `run`.
pub fn paused(run: &Run, client: Client) -> bool {
    run.entries
        .iter()
        .any(|e| e.client == client && matches!(e.what, What::Paused { .. }))
}
