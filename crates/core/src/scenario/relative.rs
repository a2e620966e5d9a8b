//! The explorer's relative-time reduction: two states that differ only in
//! when they happen count as one where the future cannot tell them apart.
//! Every tick a later event or audit reads is hashed counted from now
//! (`frame::Frame::FromNow`), so the same servers, clients, queue and
//! records a tick later are the same state; and what no later event or
//! audit reads any more is not hashed at all:
//! - when each client first asked: liveness reads it until the settled
//!   past says the client was answered (or its window closed);
//! - A's script's ticks: read until A has written (its pause's end, its
//!   check, its write's landing), counted from its acquire;
//! - the horizon: read only by clients still asking for the lock;
//! - when a fault strikes: its event waits in the queue, and only the
//!   event is read;
//! - when B acquired (only whether it did is read), when a client read
//!   or wrote (never read again), when a round left (read until its
//!   answers are in) and when a lease's validity began (read while the
//!   client holds a token);
//! - a server's expiry or silence that is over: it only asks whether
//!   they are still ahead.
//!
//! It works on the settled past (`settle`), so only searches that settle
//! (late or lost messages) count time from now; under token drift A's
//! partition heals at a set tick, which the future reads, so those
//! searches count it as it is. Counterexamples are unchanged: a state is
//! reached by its choices, replayed from the start with absolute ticks.
//! The property test comparing `--reduce all` with `--reduce none` is what
//! this is checked against (`crates/core/tests/explore.rs`).

use super::{Event, Simulator};
use crate::frame::Frame;
use crate::params::{Fault, Params};
use crate::types::Client;
use std::hash::{Hash, Hasher};

impl Simulator {
    /// The frame this state's ticks are hashed in: counted from now in a
    /// search that settles its past, else as they are.
    pub(super) fn frame(&self) -> Frame {
        let settles = self.record && self.tape.ranges().is_some_and(|r| r.chooses_after_start());
        let partition = matches!(self.params.fault, Fault::TokenDrift { .. });
        if settles && !partition {
            Frame::FromNow(self.end_tick)
        } else {
            Frame::Absolute
        }
    }

    /// Hashes, counted from now, what [`Simulator::hash_common`] hashes as
    /// it stands: the parameters as the future reads them, and no tick of
    /// the past that nothing reads.
    pub(super) fn hash_common_from_now<H: Hasher>(&self, frame: Frame, h: &mut H) {
        let Simulator {
            params: _,
            mode,
            record,
            lock,
            resource,
            sched,
            entries,
            a,
            b,
            c,
            end_tick: _,
            b_acquired_at,
            leases_granted,
            a_shift: _,
            tape: _,
            settled,
            lost,
            b_pause,
            c_pause,
            did: _,
        } = self;
        (mode, record, lost, b_pause, c_pause).hash(h);
        // Only whether B acquired is read (the outcome), not when.
        (b_acquired_at.is_some(), leases_granted).hash(h);
        self.hash_params_from_now(frame, h);
        // Hashed elsewhere, by number or not, whole or from where the past
        // settled; A's shift goes with A's script's ticks.
        let _ = (lock, a, b, c, sched, resource, entries, settled);
    }

    /// The parameters as the future reads them, counted from now.
    fn hash_params_from_now<H: Hasher>(&self, frame: Frame, h: &mut H) {
        let p = &self.params;
        let Params {
            servers,
            ttl,
            pause_from,
            pause_len,
            b_arrives: _,
            fencing,
            comparison,
            expiry,
            a_crashes,
            recheck_at,
            b_writes_twice,
            register_token,
            cas,
            fault,
            acquiring,
            third,
            a_arrives: _,
            allowance,
        } = p;
        (servers, ttl, fencing, comparison, expiry, a_crashes, allowance).hash(h);
        (b_writes_twice, register_token, cas, acquiring, third.is_some()).hash(h);
        fault.timeless().hash(h);
        let pending = self.sched.pending();
        let a_scheduled = !self.a_script_waits() || self.a.token.is_some();
        if !a_scheduled {
            // A's script is still to be laid out from its acquire on: its
            // ticks count from there.
            (pause_from, pause_len, recheck_at).hash(h);
        } else if pending
            .iter()
            .any(|&(_, e)| matches!(e, Event::APause | Event::ARecheck | Event::AWrite))
        {
            let shifted = |t| frame.tick(t + self.a_shift);
            (shifted(p.write_tick()), shifted(p.write_lands())).hash(h);
        }
        // Liveness reads when each client asked, until it is answered;
        // starvation, when its own wait began (its stops moving it on),
        // until it holds the lock.
        let summary = &self.settled.summary;
        for client in crate::types::Client::EVERY {
            let runs = p.clients().contains(&client);
            let open = runs && !summary.decided(client);
            open.then(|| frame.tick(p.asks_at(client))).hash(h);
            let waiting = runs && !summary.served_decided(client);
            waiting
                .then(|| {
                    frame.tick(crate::audit::served::waits_from(
                        &self.entries,
                        client,
                        p.asks_at(client),
                    ))
                })
                .hash(h);
        }
        let asking = pending.iter().any(|&(_, e)| {
            matches!(
                e,
                Event::AAcquire | Event::Poll(_) | Event::RequestsArrive { .. } | Event::RepliesRead(_)
            )
        });
        asking.then(|| frame.tick(self.horizon())).hash(h);
    }

    /// A client as the fingerprint reads it, counted in `frame`: when it
    /// read or wrote is never read again (only what, and in what order),
    /// when its round left only while the round is under way, and when
    /// its validity began only while it holds a token.
    pub(super) fn client_in_frame(&self, client: Client, frame: Frame) -> super::client_state::ClientState {
        let state = match client {
            Client::A => self.a,
            Client::B => self.b,
            Client::C => self.c,
        };
        if !frame.is_relative() {
            return state;
        }
        let in_round = state.round.awaiting > 0 || state.round.answers.is_some();
        let mut seen = state;
        seen.read = state.read.map(|r| crate::resource::ReadRecord { t: 0, ..r });
        seen.last_write = state
            .last_write
            .map(|w| crate::resource::WriteRecord { t: 0, ..w });
        seen.round.sent = frame.unless_over(state.round.sent, !in_round);
        seen.contract.valid_from = frame.unless_over(state.contract.valid_from, state.token.is_none());
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::fingerprint::{Fingerprinter, Reduction};
    use crate::explore::{Bound, Config};
    use crate::scenario::tape::Tape;
    use crate::scenario::Mode;

    /// The states of one run, step by step, with both clients asking at
    /// `at` (messages may be late, so the past settles), every other
    /// choice the first on offer.
    fn steps(at: u32) -> Vec<Simulator> {
        let bound = Bound {
            max_arrival: 4,
            max_a_arrival: 4,
            max_pause: 4,
            max_delay: 1,
            horizon: 30,
            ..Bound::default()
        };
        let mut sim = Simulator::default();
        // B's arrival, A's pause, A's arrival.
        *sim.tape_mut() = Tape::exploring(bound.ranges(), &[at, 2, at]);
        sim.start(&Config::matrix(3, 6)[4].params(), Mode::Skip, true);
        let mut states = vec![sim.clone()];
        while sim.step() {
            states.push(sim.clone());
        }
        states
    }

    /// The run in which both clients ask two ticks later is, once nothing
    /// reads when they asked, the same states two ticks later: counted
    /// from now they share fingerprints, hashed whole they never do.
    #[test]
    fn the_same_run_later_reaches_the_same_states_counted_from_now() {
        let (now, later) = (steps(0), steps(2));
        assert_eq!(now.len(), later.len());
        assert!(later.iter().all(|s| s.frame().is_relative()));
        let mut fp = Fingerprinter::default();
        let shared = |reduction, fp: &mut Fingerprinter| {
            now.iter()
                .zip(&later)
                .filter(|(a, b)| fp.of(a, reduction) == fp.of(b, reduction))
                .count()
        };
        assert!(shared(Reduction::All, &mut fp) > 0);
        assert_eq!(shared(Reduction::Whole, &mut fp), 0);
        // And they are the same states: after the set-up, each later one
        // is the earlier two ticks on.
        for (a, b) in now.iter().zip(&later).skip(1) {
            assert_eq!(a.now() + 2, b.now());
        }
    }
}
