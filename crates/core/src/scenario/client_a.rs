//! A's side of the schedule: its whole script, scheduled up front (acquire,
//! read, pause or crash, re-check, write, release), and what each step
//! does. A pause is no event at all: a stretch of ticks with none of A's
//! events in it, which is what a stop-the-world pause looks like to
//! everyone else.

use super::{Event, Simulator};
use crate::params::READ_AFTER_ACQUIRE;
use crate::trace::{Skipped, What};
use crate::types::{Client, Tick, Token, Value};

impl Simulator {
    /// A's whole script, scheduled up front, in the order A would run it.
    /// (Under token drift A's acquire retries until its partition heals,
    /// and the rest of the script starts from there.) An A that asks late,
    /// or whose acquire takes time, runs its script from when it holds
    /// the lock.
    pub(super) fn schedule_a(&mut self) {
        self.sched.at(self.params.a_arrives, Event::AAcquire);
        if !self.a_script_waits() {
            self.schedule_a_script();
        }
    }

    /// Whether A's script waits for A to hold the lock rather than run at
    /// the ticks the parameters name: when acquiring takes time, or A
    /// arrives late (the explorer's choice), and may find B holding it.
    pub(super) fn a_script_waits(&self) -> bool {
        self.params.acquiring.takes_time() || self.params.a_arrives > 0
    }

    /// A's script after its acquire: read, pause (or crash), check, write,
    /// release — `a_shift` ticks after the ticks the parameters name.
    pub(super) fn schedule_a_script(&mut self) {
        let p = self.params;
        let shift = self.a_shift;
        let write = p.write_tick() + shift;
        let pause = p.effective_pause_from() + shift;
        self.sched
            .at(p.a_acquires_at() + shift + READ_AFTER_ACQUIRE, Event::ARead);
        if let Some(c) = p.recheck_at.map(|c| c + shift).filter(|&c| c < write) {
            self.sched.at(c, Event::ARecheck);
        }
        if p.a_crashes {
            self.sched.at(pause, Event::ACrash);
            return;
        }
        self.sched.at(pause, Event::APause);
        if p.recheck_at.map(|c| c + shift) == Some(write) {
            self.sched.at(write, Event::ARecheck);
        }
        self.sched.at(write, Event::AWrite);
        if p.write_lands() + shift > write {
            // Scheduled now, not when sent, so that on a shared tick the
            // landing runs where A's write would have run without the delay.
            self.sched.at(p.write_lands() + shift, Event::AWriteLands);
        }
        self.sched.at(p.a_releases_at() + shift, Event::ARelease);
    }

    pub(super) fn a_acquire(&mut self, t: Tick) {
        if self.params.acquiring.takes_time() {
            self.send_requests(Client::A, t);
            return;
        }
        let reach = self.reach(Client::A, t);
        let got = self.lock.acquire_on(Client::A, t, self.lease(), reach);
        if got.token.is_some() && self.no_validity() {
            self.give_back(Client::A, t, got.votes);
            self.a.gave_up = true;
            return;
        }
        self.a.token = got.token;
        let what = match got.token {
            Some(token) => {
                self.a.lease = self.next_lease();
                self.a.contract.valid_from = t;
                let acquired = What::Acquired {
                    votes: got.votes,
                    token,
                    lease_end: self.lease_end(t),
                };
                self.note(t, Client::A, acquired);
                self.claim(Client::A, t);
                if self.a_script_waits() {
                    self.a_shift = t.saturating_sub(self.params.a_acquires_at());
                    self.schedule_a_script();
                }
                return;
            }
            None if self.params.a_arrives > 0 => {
                // Arrived late and refused: A asks again as B does.
                self.refused(Client::A, t, got.votes);
                return;
            }
            None => {
                if t < self.params.a_acquires_at() {
                    self.sched.at(t + 1, Event::AAcquire);
                }
                What::AcquireFailed { votes: got.votes }
            }
        };
        self.note(t, Client::A, what);
    }

    /// A asks whether it still holds the lock, and — keeping Redlock's
    /// contract — checks the validity it has left, at the same moment: a
    /// client that checks before its write does all its checking there.
    /// If A is stopped after this, its write acts on these answers: the
    /// window between a check and the write, which no check closes.
    pub(super) fn a_recheck(&mut self, t: Tick) {
        let votes = self.lock.votes_for(Client::A, t);
        let holds = votes >= self.lock.quorum();
        self.a.recheck = Some(holds);
        self.note(t, Client::A, What::Rechecked { holds, votes });
        let write = self.params.write_tick() + self.a_shift;
        if self.a.token.is_some() && t < write && self.keeps_contract() {
            self.a.contract.validity = Some(self.still_valid(Client::A, self.a.contract.valid_from, t));
        }
    }

    /// A's write, sent at the end of its pause. It goes only if A still
    /// believes it holds the lock: no failed re-check, and (with clock
    /// drift) the lease's validity not yet run out.
    pub(super) fn a_write(&mut self, t: Tick) {
        let Some(read) = self.a.read else { return };
        let value = read.value.appended(Client::A);
        let valid = match (self.a.token, self.a.contract.validity) {
            (None, _) => true,
            (Some(_), Some(checked_earlier)) => checked_earlier,
            (Some(_), None) => self.still_valid(Client::A, self.a.contract.valid_from, t),
        };
        let why = match (self.a.recheck, valid) {
            (Some(false), _) => Some(Skipped::LockLost),
            (_, false) => Some(Skipped::ValidityEnded),
            _ => None,
        };
        let Some(token) = self.a.token.filter(|_| why.is_none()) else {
            let why = why.unwrap_or_default();
            self.note(t, Client::A, What::WriteSkipped { value, why });
            return;
        };
        let lands = self.params.write_lands() + self.a_shift;
        if lands > t {
            self.a.in_flight = Some(value);
            self.note(t, Client::A, What::Sent { value, token, lands });
        } else {
            self.apply_a_write(t, value, token, read.seq);
        }
    }

    pub(super) fn a_write_lands(&mut self, t: Tick) {
        if let (Some(value), Some(token), Some(read)) = (self.a.in_flight.take(), self.a.token, self.a.read) {
            self.apply_a_write(t, value, token, read.seq);
        }
    }

    pub(super) fn apply_a_write(&mut self, t: Tick, value: Value, token: Token, basis: crate::resource::Seq) {
        let lease = self.lease_order(self.a.lease);
        let w = self.resource.write(Client::A, t, value, token, basis, lease);
        self.note(
            t,
            Client::A,
            What::Wrote {
                value,
                token,
                accepted: w.accepted,
            },
        );
    }
}
