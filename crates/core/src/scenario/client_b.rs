//! B's side of the schedule, which the explorer's third client C runs too:
//! the client asks for the lock from its arrival until it gets it (every
//! tick, or skipping ticks where no answer can change), then reads,
//! writes and releases — stopped once in between, if the explorer says so.

use super::client_state::ClientState;
use super::tape::Pause;
use super::{Event, Mode, Simulator};
use crate::params::{READ_AFTER_ACQUIRE, WRITE_AFTER_ACQUIRE};
use crate::resource::ReadRecord;
use crate::trace::{Skipped, What};
use crate::types::{Client, Tick, Token};

impl Simulator {
    pub(super) fn poll(&mut self, client: Client, t: Tick) {
        if self.params.acquiring.takes_time() {
            self.send_requests(client, t);
            return;
        }
        let reach = self.reach(client, t);
        let got = self.lock.acquire_on(client, t, self.lease(), reach);
        if got.token.is_some() && self.no_validity() {
            self.give_back(client, t, got.votes);
            self.note(t, client, What::GaveUp);
            return;
        }
        if let Some(token) = got.token {
            self.poller_acquired(client, t, got.votes, token, t);
            return;
        }
        self.refused(client, t, got.votes);
    }

    /// A client refused at once (the instantaneous acquire) asks again:
    /// next tick if some server granted (its state changed), else at the
    /// next tick an answer can change; it gives up at the horizon.
    pub(super) fn refused(&mut self, client: Client, t: Tick, votes: u16) {
        let horizon = self.horizon();
        let next = if votes > 0 {
            // Partial grants changed server state: nothing can be skipped.
            self.note(t, client, What::AcquireFailed { votes });
            t + 1
        } else {
            let next = match self.mode {
                Mode::EveryTick => t + 1,
                Mode::Skip => self.next_change_after(t).unwrap_or(horizon),
            };
            self.note_refusal(client, t, next.min(horizon));
            next
        };
        if next >= horizon {
            self.sched.at(horizon, Event::GiveUp(client));
        } else {
            self.sched.at(next, Event::asks(client));
        }
    }

    /// B (or C) holds the lock: it registers its token if asked to
    /// (`claim`), then reads, writes (twice if asked to) and releases.
    pub(super) fn poller_acquired(
        &mut self,
        client: Client,
        t: Tick,
        votes: u16,
        token: Token,
        valid_from: Tick,
    ) {
        let lease = self.next_lease();
        let state = self.client(client);
        state.token = Some(token);
        state.lease = lease;
        state.contract.valid_from = valid_from;
        if client == Client::B {
            self.b_acquired_at = Some(t);
        }
        let lease_end = self.lease_end(valid_from);
        self.note(
            t,
            client,
            What::Acquired {
                votes,
                token,
                lease_end,
            },
        );
        self.claim(client, t);
        self.sched.at(t + READ_AFTER_ACQUIRE, Event::Read(client));
        let stopped = self.later_pause(client).after_acquire;
        if stopped > 0 {
            self.sched.at(t + WRITE_AFTER_ACQUIRE, Event::Stop(client));
        } else {
            *self.later_pause(client) = Pause::default();
        }
        let write = t + WRITE_AFTER_ACQUIRE + stopped;
        self.sched.at(
            write,
            Event::Write {
                client,
                second: false,
            },
        );
        let mut release = write + 1;
        if self.params.b_writes_twice && client == Client::B {
            self.sched.at(release, Event::Write { client, second: true });
            release += 1;
        }
        self.sched.at(release, Event::Release(client));
    }

    /// B or C reads the resource, once it holds the lock.
    pub(super) fn poller_reads(&mut self, client: Client, t: Tick) {
        let read: ReadRecord = self.resource.read(client, t);
        self.client(client).read = Some(read);
        self.note(t, client, What::Read { value: read.value });
    }

    /// The pause the explorer gave B or C (none in the study's schedule).
    pub(super) fn later_pause(&mut self, client: Client) -> &mut Pause {
        match client {
            Client::C => &mut self.c_pause,
            Client::A | Client::B => &mut self.b_pause,
        }
    }

    /// B (or C) stops where its write would have gone, having read; if its
    /// pause falls after its validity check, it checks first, and its write
    /// acts on that answer however stale (the window no check closes, as
    /// for A).
    pub(super) fn poller_stops(&mut self, client: Client, t: Tick) {
        let pause = std::mem::take(self.later_pause(client));
        if pause.after_check && self.keeps_contract() {
            let valid_from = self.client(client).contract.valid_from;
            let valid = self.still_valid(client, valid_from, t);
            self.client(client).contract.validity = Some(valid);
        }
        let until = t + pause.after_acquire;
        self.note(t, client, What::Paused { until });
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

    /// Records refused attempts over `[t, until)`, extending the client's
    /// previous refusal entry when it ends exactly at `t`.
    fn note_refusal(&mut self, client: Client, t: Tick, until: Tick) {
        if !self.record {
            return;
        }
        if let Some(i) = self.client(client).open_refusal {
            if let What::Refused { until: end } = &mut self.entries[i as usize].what {
                if *end == t {
                    *end = until;
                    return;
                }
            }
        }
        self.client(client).open_refusal = u32::try_from(self.entries.len()).ok();
        self.note(t, client, What::Refused { until });
    }

    pub(super) fn poller_writes(&mut self, client: Client, t: Tick, second: bool) {
        let me: ClientState = *self.client(client);
        let (Some(token), Some(read)) = (me.token, me.read) else {
            return;
        };
        let (base, basis) = match (second, me.last_write) {
            (true, Some(first)) => (first.value, first.seq),
            _ => (read.value, read.seq),
        };
        let value = base.appended(client);
        let valid = match me.contract.validity {
            Some(checked_before_the_pause) => checked_before_the_pause,
            None => self.still_valid(client, me.contract.valid_from, t),
        };
        if !valid {
            let why = Skipped::ValidityEnded;
            self.note(t, client, What::WriteSkipped { value, why });
            return;
        }
        let lease = self.lease_order(me.lease);
        let w = self.resource.write(client, t, value, token, basis, lease);
        self.client(client).last_write = Some(w);
        self.note(
            t,
            client,
            What::Wrote {
                value,
                token,
                accepted: w.accepted,
            },
        );
    }
}
