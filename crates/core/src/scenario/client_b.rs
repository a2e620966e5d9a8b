//! B's side of the schedule: it asks for the lock from its arrival until
//! it gets it (every tick, or skipping ticks where no answer can change),
//! then reads, writes and releases.

use super::{Event, Mode, Simulator};
use crate::params::{READ_AFTER_ACQUIRE, WRITE_AFTER_ACQUIRE};
use crate::trace::{Skipped, What};
use crate::types::{Client, Tick, Token};

impl Simulator {
    pub(super) fn b_poll(&mut self, t: Tick) {
        if self.params.acquiring.takes_time() {
            self.send_requests(Client::B, t);
            return;
        }
        let reach = self.reach(Client::B, t);
        let got = self.lock.acquire_on(Client::B, t, self.lease(), reach);
        if got.token.is_some() && self.no_validity() {
            self.give_back(Client::B, t, got.votes);
            self.note(t, Client::B, What::GaveUp);
            return;
        }
        if let Some(token) = got.token {
            self.b_acquired(t, got.votes, token, t);
            return;
        }
        let horizon = self.horizon();
        let next = if got.votes > 0 {
            // Partial grants changed server state: nothing can be skipped.
            self.note(t, Client::B, What::AcquireFailed { votes: got.votes });
            t + 1
        } else {
            let next = match self.mode {
                Mode::EveryTick => t + 1,
                Mode::Skip => self.next_change_after(t).unwrap_or(horizon),
            };
            self.note_refusal(t, next.min(horizon));
            next
        };
        if next >= horizon {
            self.sched.at(horizon, Event::GiveUp(Client::B));
        } else {
            self.sched.at(next, Event::BPoll);
        }
    }

    /// B holds the lock: it registers its token if asked to (`claim`), then reads,
    /// writes (twice if asked to) and releases.
    pub(super) fn b_acquired(&mut self, t: Tick, votes: u16, token: Token, valid_from: Tick) {
        self.b.token = Some(token);
        self.b.lease = self.next_lease();
        self.b.contract.valid_from = valid_from;
        self.b_acquired_at = Some(t);
        let lease_end = self.lease_end(valid_from);
        self.note(
            t,
            Client::B,
            What::Acquired {
                votes,
                token,
                lease_end,
            },
        );
        self.claim(Client::B, t);
        self.sched.at(t + READ_AFTER_ACQUIRE, Event::BRead);
        let stopped = self.b_pause.after_acquire;
        if stopped > 0 {
            self.sched.at(t + WRITE_AFTER_ACQUIRE, Event::BPause);
        } else {
            self.b_pause = Default::default();
        }
        let write = t + WRITE_AFTER_ACQUIRE + stopped;
        self.sched.at(write, Event::BWrite { second: false });
        let mut release = write + 1;
        if self.params.b_writes_twice {
            self.sched.at(release, Event::BWrite { second: true });
            release += 1;
        }
        self.sched.at(release, Event::BRelease);
    }

    /// B stops where its write would have gone, having read; if its pause
    /// falls after its validity check, it checks first, and its write acts
    /// on that answer however stale (the window no check closes, as for A).
    pub(super) fn b_pauses(&mut self, t: Tick) {
        let pause = std::mem::take(&mut self.b_pause);
        if pause.after_check && self.keeps_contract() {
            let valid = self.still_valid(Client::B, self.b.contract.valid_from, t);
            self.b.contract.validity = Some(valid);
        }
        let until = t + pause.after_acquire;
        self.note(t, Client::B, What::Paused { until });
    }

    /// The first tick after `t` at which a retry could be answered
    /// differently: the next scheduled event (it may release the lock) or
    /// the next lease expiry.
    fn next_change_after(&self, t: Tick) -> Option<Tick> {
        let event = self.sched.next_tick();
        let expiry = self.lock.next_expiry_after(t);
        let next = match (event, expiry) {
            (Some(e), Some(x)) => Some(e.min(x)),
            (e, x) => e.or(x),
        };
        next.map(|n| n.max(t + 1))
    }

    /// Records refused attempts over `[t, until)`, extending the previous
    /// refusal entry when it ends exactly at `t`.
    fn note_refusal(&mut self, t: Tick, until: Tick) {
        if !self.record {
            return;
        }
        if let Some(i) = self.b.open_refusal {
            if let What::Refused { until: end } = &mut self.entries[i as usize].what {
                if *end == t {
                    *end = until;
                    return;
                }
            }
        }
        self.b.open_refusal = u32::try_from(self.entries.len()).ok();
        self.note(t, Client::B, What::Refused { until });
    }

    pub(super) fn b_write(&mut self, t: Tick, second: bool) {
        let (Some(token), Some(read)) = (self.b.token, self.b.read) else {
            return;
        };
        let (base, basis) = match (second, self.b.last_write) {
            (true, Some(first)) => (first.value, first.seq),
            _ => (read.value, read.seq),
        };
        let value = base.appended(Client::B);
        let valid = match self.b.contract.validity {
            Some(checked_before_the_pause) => checked_before_the_pause,
            None => self.still_valid(Client::B, self.b.contract.valid_from, t),
        };
        if !valid {
            let why = Skipped::ValidityEnded;
            self.note(t, Client::B, What::WriteSkipped { value, why });
            return;
        }
        let lease = self.lease_order(self.b.lease);
        let w = self.resource.write(Client::B, t, value, token, basis, lease);
        self.b.last_write = Some(w);
        self.note(
            t,
            Client::B,
            What::Wrote {
                value,
                token,
                accepted: w.accepted,
            },
        );
    }
}
