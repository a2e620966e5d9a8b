//! Acquiring and releasing over a network (issue 31): requests and
//! replies take time, a server's lease starts when the request reaches it,
//! and the client checks what is left of the lease once a majority has
//! answered — Redlock's steps 1 to 3 and its retry. With instantaneous
//! acquisition none of this runs: the simulator hands a round straight to
//! the lock service, as it always has.

use super::action::Action;
use super::client_state::ClientState;
use super::tape::{Delays, Point};
use super::{Arrival, Event, Simulator};
use crate::lock::Lease;
use crate::params::RETRY_AFTER;
use crate::trace::{Message, What};
use crate::types::{Client, Tick, Token};

impl Simulator {
    /// A release sent at `t`: each server lets go when it reaches it.
    /// `said`: the transcript notes it (a round the client did not keep
    /// is handed back silently, as an instantaneous round is).
    pub(super) fn release_later(&mut self, client: Client, t: Tick, said: bool) {
        let mut delays = Delays::default();
        let servers = self.params.servers;
        for id in 0..servers {
            // Only a server with a lease of this client's to end can tell
            // when the release reached it, or whether it did; elsewhere it
            // changes nothing.
            if self.tape.explores() && self.lock.has_lease(client, id, t) {
                let fate = self.message_fate(Point::ReleaseDelay, Point::ReleaseFate);
                delays.set(id, fate);
            }
        }
        self.note_lost(t, client, Message::Release, delays.lost(0..servers));
        let latency = self.params.acquiring.latency;
        for delay in delays.distinct(0..servers) {
            let arrival = Arrival {
                client,
                delay: delay as u8,
                group: delays.group(delay),
            };
            let event = if said {
                Event::ReleaseArrives(arrival)
            } else {
                Event::HandBackArrives(arrival)
            };
            self.sched.at(t + latency + delay, event);
        }
    }

    /// The release reaches the servers its delay brings it to now.
    pub(super) fn release_arrives(&mut self, arrival: Arrival, said: bool, t: Tick) {
        let Arrival { client, delay, group } = arrival;
        let sent = t - self.params.acquiring.latency - Tick::from(delay);
        let servers = self.lock.release_where(client, t, sent, |id| {
            Delays::in_group(group, Tick::from(delay), id)
        });
        if said {
            self.note(t, client, What::Released { servers });
        }
    }

    /// The extra delay of one message to one server, chosen at `delay`;
    /// while the run may still lose a message, chosen at `fate` instead,
    /// whose last value is [`Delays::LOST`].
    fn message_fate(&mut self, delay: Point, fate: Point) -> Tick {
        let chosen = if !self.may_lose() {
            self.choose(delay).unwrap_or(0)
        } else {
            let max_delay = self.tape.ranges().map_or(0, |r| r.max_delay);
            match self.choose(fate).unwrap_or(0) {
                chosen if chosen > max_delay => {
                    self.lost += 1;
                    Delays::LOST
                }
                chosen => chosen,
            }
        };
        if chosen > 0 && chosen != Delays::LOST {
            self.did(Action::LateMessage);
        }
        chosen
    }

    /// Whether the explorer may still lose a message in this run.
    fn may_lose(&self) -> bool {
        self.lost < self.tape.max_lost()
    }

    fn note_lost(&mut self, t: Tick, client: Client, message: Message, count: u16) {
        if count > 0 {
            self.note(t, client, What::Lost { message, count });
        }
    }

    pub(super) fn client(&mut self, client: Client) -> &mut ClientState {
        match client {
            Client::A => &mut self.a,
            Client::B => &mut self.b,
            Client::C => &mut self.c,
        }
    }

    /// Acquiring over a network, step 1: note T1 and send a request to
    /// every server the client reaches. Each request takes the latency,
    /// and whatever the explorer adds for that server.
    pub(super) fn send_requests(&mut self, client: Client, t: Tick) {
        let reach = self.reach(client, t);
        let mut delays = Delays::default();
        for id in reach.clone() {
            let fate = self.message_fate(Point::RequestDelay, Point::RequestFate);
            delays.set(id, fate);
        }
        let lost = delays.lost(reach.clone());
        let latency = self.params.acquiring.latency;
        let (mut first, mut last, mut awaiting) = (Tick::MAX, 0, 0);
        for delay in delays.distinct(reach.clone()) {
            let arrive = t + latency + delay;
            let delay = delay as u8;
            self.sched.at(arrive, Event::RequestsArrive { client, delay });
            (first, last, awaiting) = (first.min(arrive), arrive, awaiting + 1);
        }
        let round = self.lock.open_round();
        let state = self.client(client);
        state.round.sent = t;
        state.round.count += 1;
        state.round.request_delays = delays;
        state.round.gathering = round;
        state.round.awaiting = awaiting;
        state.round.lost = lost > 0;
        self.note(
            t,
            client,
            What::Requested {
                servers: reach.end - reach.start,
                arrive: first,
                spread: last - first,
            },
        );
        self.note_lost(t, client, Message::Request, lost);
    }

    /// Step 2: each server answers the request as it arrives, and its
    /// lease starts there. Once the last has answered, the replies are on
    /// their way, and A's acquire pause begins.
    pub(super) fn requests_arrive(&mut self, client: Client, delay: Tick, t: Tick) {
        let lease = self.lease();
        let state = *self.client(client);
        let arrived = self
            .reach(client, state.round.sent)
            .filter(|&id| state.round.request_delays.get(id) == delay);
        let mut round = state.round.gathering;
        if self.may_lose() {
            self.grant_losing_replies(&mut round, client, t, arrived);
        } else {
            self.lock.grant_servers(&mut round, client, t, lease, arrived);
        }
        let state = self.client(client);
        state.round.gathering = round;
        state.round.awaiting -= 1;
        if state.round.awaiting > 0 {
            return;
        }
        let got = self.lock.close_round(round, client);
        let first = self.client(client).round.count == 1;
        self.client(client).round.answers = Some(got);
        let acquiring = self.params.acquiring;
        let stopped = match client {
            _ if !first => 0,
            Client::A => acquiring.a_pause,
            Client::B | Client::C => std::mem::take(&mut self.later_pause(client).while_acquiring),
        };
        if stopped > 0 {
            self.note(t, client, What::Paused { until: t + stopped });
        }
        let delay = self.choose(Point::ReplyDelay).unwrap_or(0);
        if delay > 0 {
            self.did(Action::LateMessage);
        }
        let mut read_at = acquiring.replies_read_stopped(t, stopped, delay);
        let state = *self.client(client);
        if state.round.lost {
            read_at = read_at.max(state.round.sent + self.reply_timeout());
        }
        self.sched.at(read_at, Event::RepliesRead(client));
    }

    /// The servers `arrived` answer the request, one by one; each grant's
    /// reply may be lost on its way back, while the run may still lose a
    /// message. A lost reply's lease lives on at its server; the round does
    /// not count its vote.
    fn grant_losing_replies(
        &mut self,
        round: &mut crate::lock::Round,
        client: Client,
        t: Tick,
        arrived: impl Iterator<Item = u16>,
    ) {
        let lease = self.lease();
        let mut lost = 0;
        for id in arrived {
            let mut one = self.lock.open_round();
            self.lock.grant_servers(&mut one, client, t, lease, [id]);
            if one.votes > 0 && self.may_lose() && self.choose(Point::ReplyLost) == Some(1) {
                self.lost += 1;
                lost += 1;
            } else {
                round.merge(one);
            }
        }
        if lost > 0 {
            self.client(client).round.lost = true;
        }
        self.note_lost(t, client, Message::Reply, lost);
    }

    /// How long a client waits for an answer that does not come, from
    /// sending its requests: Redlock's per-instance timeout, here the
    /// longest a round trip can take within the explorer's bound, so that
    /// every reply not lost is in by then.
    fn reply_timeout(&self) -> Tick {
        let max_delay = self.tape.ranges().map_or(0, |r| r.max_delay);
        2 * self.params.acquiring.latency + 2 * max_delay
    }

    /// Step 3: with a majority, note T2 and keep the lock only if its
    /// validity, `ttl - (T2 - T1) - allowance`, is above zero (with the
    /// check); otherwise release on every server and try again.
    pub(super) fn replies_read(&mut self, client: Client, t: Tick) {
        let Some(got) = self.client(client).round.answers.take() else {
            return;
        };
        let sent = self.client(client).round.sent;
        let elapsed = t - sent;
        let check = self.params.acquiring.validity_check;
        let valid = match self.lease() {
            Lease::Expires(ttl) => ttl.saturating_sub(self.allowance()) > elapsed,
            Lease::UntilReleased => true,
        };
        let retry = t + RETRY_AFTER;
        match got.token {
            Some(token) if valid || !check => {
                let valid_from = if check { sent } else { t };
                match client {
                    Client::A => self.a_acquired(t, got.votes, token, valid_from),
                    Client::B | Client::C => self.poller_acquired(client, t, got.votes, token, valid_from),
                }
            }
            Some(_) if self.no_validity() => {
                self.client(client).gave_up = true;
                self.hand_back_later(client, t);
                self.give_back_noted(client, t, got.votes);
                if client != Client::A {
                    self.note(t, client, What::GaveUp);
                }
            }
            Some(_) => {
                let (ttl, allowance) = (self.params.ttl, self.allowance());
                self.note(
                    t,
                    client,
                    What::TooLate {
                        votes: got.votes,
                        elapsed,
                        ttl,
                        allowance,
                        retry,
                    },
                );
                self.hand_back_later(client, t);
                self.retry(client, retry);
            }
            None => {
                self.note(t, client, What::AcquireFailed { votes: got.votes });
                if got.votes > 0 {
                    self.hand_back_later(client, t);
                }
                self.retry(client, retry);
            }
        }
    }

    /// A failed round's grants, released on every server when the release
    /// arrives.
    fn hand_back_later(&mut self, client: Client, t: Tick) {
        self.release_later(client, t, false);
    }

    /// Another round at `at`, unless the client's patience runs out by
    /// then: it gives up at the horizon. A round that closed past the
    /// horizon (its replies late) gives up at once, since the scheduler
    /// runs nothing before the event that ran last.
    fn retry(&mut self, client: Client, at: Tick) {
        let horizon = self.horizon();
        if at >= horizon {
            self.sched.at(horizon, Event::GiveUp(client));
        } else {
            self.sched.at(at, Event::asks(client));
        }
    }

    /// A holds the lock; its script runs from here.
    fn a_acquired(&mut self, t: Tick, votes: u16, token: Token, valid_from: Tick) {
        self.a.token = Some(token);
        self.a.lease = self.next_lease();
        self.a.contract.valid_from = valid_from;
        let lease_end = self.lease_end(valid_from);
        self.note(
            t,
            Client::A,
            What::Acquired {
                votes,
                token,
                lease_end,
            },
        );
        self.claim(Client::A, t);
        self.a_shift = t.saturating_sub(self.params.a_acquires_at());
        self.schedule_a_script();
    }
}
