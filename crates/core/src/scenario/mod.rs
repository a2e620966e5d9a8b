//! The simulator of the study's schedule: A acquires, reads, pauses, writes
//! late (`client_a`); B polls for the lock and does its critical section as
//! soon as it can (`client_b`), as does the explorer's third client, C.
//! This module holds the state they share and the event loop that runs
//! them, with the leases, releases and Redlock's validity reckoning every
//! client uses.

pub mod action;
mod client_a;
mod client_b;
mod client_state;
mod copy;
mod faults;
mod network;
mod point;
mod relative;
pub mod searched_fault;
mod settle;
mod snapshot;
mod symmetry;
pub mod tape;

use crate::audit::Outcome;
use crate::lock::{Lease, LockService};
use crate::params::{faulty_servers, Fault, Params};
use crate::resource::{Fencing, LeaseOrder, Resource, WriteRecord};
pub use crate::run::Run;
use crate::schedule::Scheduler;
use crate::trace::{Entry, What};
use crate::types::{Client, Tick, NEVER};
use action::{Action, Actions};
use client_state::ClientState;
pub use snapshot::{ClientSnapshot, Snapshot};
use tape::{Point, Tape};

/// How B's retries are simulated. Both give the same run; `EveryTick` is the
/// literal reading (one acquire attempt per tick) and exists to prove that
/// `Skip` is only an optimisation.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default)]
pub enum Mode {
    /// After a refusal, jump to the next tick at which any answer can
    /// change: the next scheduled event or the next lease expiry.
    #[default]
    Skip,
    /// Retry on every tick.
    EveryTick,
}

#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
enum Event {
    AAcquire,
    ARead,
    APause,
    ACrash,
    ARecheck,
    AWrite,
    AWriteLands,
    ARelease,
    Restart,
    ClockJump,
    /// B's script, which the explorer's third client C runs too: ask for
    /// the lock (again, after a refusal), read, stop, write, release.
    Poll(Client),
    Read(Client),
    /// The client stops, after its read (and after checking its validity,
    /// if its pause falls there): the explorer's choice, never the study's.
    Stop(Client),
    Write {
        client: Client,
        second: bool,
    },
    Release(Client),
    /// A client stops retrying: its patience has run out.
    GiveUp(Client),
    /// A client's acquire requests reach the servers whose extra delay is
    /// `delay` (acquiring takes time).
    RequestsArrive {
        client: Client,
        delay: u8,
    },
    /// A client reads the replies to its acquire requests.
    RepliesRead(Client),
    /// A client's release reaches the servers in `group`, `delay` ticks
    /// later than the latency; the transcript notes it.
    ReleaseArrives(Arrival),
    /// The same for a round the client did not keep, handed back silently.
    HandBackArrives(Arrival),
}

/// Which servers a release reaches at one tick: those whose extra delay
/// is `delay` ([`tape::Delays::group`]). Four bytes, so that an event and
/// its tick stay eight and the study's sweeps keep their speed.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
struct Arrival {
    client: Client,
    delay: u8,
    group: u8,
}
const _: () = assert!(std::mem::size_of::<(Tick, Event)>() == 8);

impl Event {
    /// The event of `client` asking for the lock (again).
    fn asks(client: Client) -> Event {
        match client {
            Client::A => Event::AAcquire,
            Client::B | Client::C => Event::Poll(client),
        }
    }

    /// Whether this is a step of A's script after its acquire, which a
    /// client that gave up never takes.
    fn is_a_script(self) -> bool {
        matches!(
            self,
            Event::ARead
                | Event::APause
                | Event::ACrash
                | Event::ARecheck
                | Event::AWrite
                | Event::AWriteLands
                | Event::ARelease
        )
    }
}

/// Runs scenarios, reusing its buffers: a sweep of 160,000 cells allocates
/// once, not 160,000 times. Its `Hash` is the explorer's fingerprint, up
/// to a renumbering of the servers (`symmetry`).
#[derive(Debug, PartialEq, Default)]
pub struct Simulator {
    params: Params,
    mode: Mode,
    record: bool,
    lock: LockService,
    resource: Resource,
    sched: Scheduler<Event>,
    entries: Vec<Entry>,
    a: ClientState,
    b: ClientState,
    /// The explorer's third client, running B's script (`Params::third`);
    /// untouched in a run without it.
    c: ClientState,
    end_tick: Tick,
    b_acquired_at: Option<Tick>,
    /// Quorum grants so far, for [`LeaseOrder`].
    leases_granted: u32,
    /// How much later than planned A's script runs: the ticks its acquire
    /// took beyond the instantaneous acquire's (zero unless acquiring takes
    /// time). A's pause, check and write keep their place after it.
    a_shift: Tick,
    /// Where the explorer's choices come from; empty for the study's own
    /// schedule, which takes every value from the parameters.
    tape: Tape,
    /// How much of the record the explorer's fingerprint summarises
    /// (`settle`); nothing outside the explorer.
    settled: settle::Settled,
    /// Messages lost so far, against the explorer's `max_lost`.
    lost: u8,
    /// B's one pause, as the explorer chose it (none in the study's
    /// schedule): every client's script has the same choice points. Each
    /// part is cleared once B has passed its place, so that runs which
    /// differ only in a pause no longer ahead are one state.
    b_pause: tape::Pause,
    /// C's pause, as B's.
    c_pause: tape::Pause,
    /// What the last step did, by kind: the explorer's coverage. Not
    /// part of the state (no fingerprint or comparison reads it).
    did: Actions,
}

/// Runs one scenario with the default (skipping) mode.
pub fn simulate(params: &Params) -> Run {
    simulate_with(params, Mode::Skip)
}

pub fn simulate_with(params: &Params, mode: Mode) -> Run {
    let mut sim = Simulator::default();
    sim.run(params, mode, true);
    sim.to_run()
}

impl Simulator {
    /// Runs the scenario from scratch. With `record` off neither entries nor
    /// grants are kept (sweeps only need the resource log and B's
    /// acquisition); the servers answer exactly the same.
    pub fn run(&mut self, params: &Params, mode: Mode, record: bool) {
        self.start(params, mode, record);
        while self.step() {}
    }

    /// Sets the run up, up to its first event: the state the explorer
    /// starts from. The choices made here (B's arrival, A's pauses) are
    /// written into the run's parameters, so a finished run says what was
    /// chosen and its transcript reads as any other.
    pub fn start(&mut self, params: &Params, mode: Mode, record: bool) {
        self.params = *params;
        if let Some(b) = self.choose(Point::BArrives) {
            self.params.b_arrives = b;
        }
        let acquiring = self.params.acquiring;
        let pause = match (acquiring.takes_time(), acquiring.validity_check) {
            (false, _) => Point::PauseLen,
            (true, false) => Point::PauseAnywhere,
            (true, true) => Point::PauseAnywhereChecked,
        };
        if let Some(index) = self.choose(pause) {
            let pause = self.tape.pause(index);
            self.params.pause_len = pause.after_acquire;
            self.params.acquiring.a_pause = pause.while_acquiring;
            if pause.after_check {
                // A's re-check, right where its pause begins.
                self.params.recheck_at = Some(self.params.pause_from);
            }
        }
        self.choose_fault();
        // B's pause, made last so that a link's earlier choices keep their
        // places; then a third client, if the explorer asks for one: when
        // it arrives, and its pause.
        self.b_pause = self.choose_later_pause(pause);
        self.c_pause = tape::Pause::default();
        if let Some(arrives) = self
            .tape
            .third_client()
            .then(|| self.choose(Point::CArrives))
            .flatten()
        {
            self.params.third = Some(arrives);
            self.c_pause = self.choose_later_pause(pause);
        }
        // When A first asks, if the explorer lets it ask late: chosen
        // last, so every other choice keeps its place in a link. Under
        // token drift A's partition decides when it holds the lock.
        if !matches!(self.params.fault, Fault::TokenDrift { .. }) {
            if let Some(arrives) = self.choose(Point::AArrives) {
                self.params.a_arrives = arrives;
            }
        }
        let params = self.params;
        self.mode = mode;
        self.record = record;
        self.lock.reset(params.servers);
        self.lock.set_logging(record);
        self.resource.reset(Fencing {
            enabled: params.fencing,
            comparison: params.comparison,
            check_and_set: params.cas,
        });
        self.sched.clear();
        self.entries.clear();
        self.a = ClientState::default();
        self.b = ClientState::default();
        self.c = ClientState::default();
        self.end_tick = 0;
        self.b_acquired_at = None;
        self.leases_granted = 0;
        self.a_shift = 0;
        self.settled = settle::Settled::default();
        self.lost = 0;
        self.did = Actions::default();
        self.set_up_fault();
        self.schedule_a();
        self.sched.at(params.b_arrives, Event::Poll(Client::B));
        if let Some(arrives) = params.third {
            self.sched.at(arrives, Event::Poll(Client::C));
        }
    }

    /// Runs the next event, if any is left: one transition of the system.
    /// Returns whether one ran.
    pub fn step(&mut self) -> bool {
        self.did = Actions::default();
        let Some((t, event)) = self.sched.pop() else {
            return false;
        };
        self.end_tick = t;
        self.handle(t, event);
        self.settle(t);
        true
    }

    /// The tick of the last event run (0 before the first).
    pub fn now(&self) -> Tick {
        self.end_tick
    }

    /// Whether nothing is left to run: the run is over.
    pub fn finished(&self) -> bool {
        self.sched.is_empty()
    }

    /// The tape choices are read from (the explorer's way in).
    pub fn tape_mut(&mut self) -> &mut Tape {
        &mut self.tape
    }

    /// The value taken at a choice point: `None` for the study's schedule,
    /// which uses the parameters' own value there.
    fn choose(&mut self, point: Point) -> Option<Tick> {
        self.tape.choose(point)
    }

    /// B's or C's one pause, chosen at `point` as A's is, if the explorer
    /// lets every client pause; none otherwise.
    fn choose_later_pause(&mut self, point: Point) -> tape::Pause {
        if !self.tape.every_client_pauses() {
            return tape::Pause::default();
        }
        self.choose(point)
            .map(|index| self.tape.pause(index))
            .unwrap_or_default()
    }

    /// The tick at which a client stops retrying: the parameters' horizon,
    /// or the explorer's bound if that comes first.
    fn horizon(&self) -> Tick {
        self.tape
            .horizon()
            .map_or(self.params.horizon(), |h| h.min(self.params.horizon()))
    }

    pub fn outcome(&self) -> Outcome {
        Outcome::classify(
            self.resource.writes(),
            self.b_acquired_at.is_some(),
            self.params.guarded(),
        )
    }

    pub fn b_acquired_at(&self) -> Option<Tick> {
        self.b_acquired_at
    }

    pub fn writes(&self) -> &[WriteRecord] {
        self.resource.writes()
    }

    /// The record so far: what the clients did, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Every lease the servers granted so far.
    pub fn grants(&self) -> &[crate::lock::Grant] {
        self.lock.grants()
    }

    pub fn to_run(&self) -> Run {
        Run {
            params: self.params,
            quorum: self.lock.quorum(),
            entries: self.entries.clone(),
            grants: self.lock.grants().to_vec(),
            reads: self.resource.reads().to_vec(),
            writes: self.resource.writes().to_vec(),
            final_value: self.resource.value(),
            max_token: self.resource.max_token(),
            end_tick: self.end_tick,
            a_token: self.a.token,
            b_token: self.b.token,
            b_acquired_at: self.b_acquired_at,
        }
    }

    fn lease(&self) -> Lease {
        if self.params.expiry {
            Lease::Expires(self.params.ttl)
        } else {
            Lease::UntilReleased
        }
    }

    /// The end of a lease granted at `t`, as the client reckons it: the
    /// ttl, less the drift allowance a Redlock client subtracts.
    fn lease_end(&self, t: Tick) -> Tick {
        match self.lease() {
            Lease::Expires(ttl) => t.saturating_add(ttl.saturating_sub(self.allowance())),
            Lease::UntilReleased => NEVER,
        }
    }

    /// Counts a quorum grant; returns its place in grant order.
    fn next_lease(&mut self) -> u32 {
        self.leases_granted += 1;
        self.leases_granted
    }

    fn lease_order(&self, mine: u32) -> LeaseOrder {
        LeaseOrder {
            mine,
            newest: self.leases_granted,
        }
    }

    fn note(&mut self, t: Tick, client: Client, what: What) {
        self.did(Action::of(&what));
        if self.record {
            self.entries.push(Entry { t, client, what });
        }
    }

    /// Notes that this step did `action` (coverage).
    fn did(&mut self, action: Action) {
        self.did = self.did.with(action);
    }

    /// What the last step did (from the root, the run's set-up), by kind.
    pub fn last_did(&self) -> Actions {
        self.did
    }

    fn handle(&mut self, t: Tick, event: Event) {
        if self.a.gave_up && event.is_a_script() {
            return;
        }
        match event {
            Event::AAcquire => self.a_acquire(t),
            Event::ARead => {
                let read = self.resource.read(Client::A, t);
                self.a.read = Some(read);
                self.note(t, Client::A, What::Read { value: read.value });
            }
            Event::APause => {
                let until = self.params.write_tick() + self.a_shift;
                if until > t {
                    self.note(t, Client::A, What::Paused { until });
                }
            }
            Event::ACrash => self.note(t, Client::A, What::Crashed),
            Event::ARecheck => self.a_recheck(t),
            Event::AWrite => self.a_write(t),
            Event::AWriteLands => self.a_write_lands(t),
            Event::Restart => {
                if let Fault::Restart { servers, remedy, .. } = self.params.fault {
                    let ids = faulty_servers(self.params.servers, servers);
                    self.lock.restart(&ids, t, remedy, self.params.ttl);
                    self.did(Action::Restart);
                }
            }
            Event::ClockJump => {
                if let Fault::ClockJump { servers, jump, .. } = self.params.fault {
                    let ids = faulty_servers(self.params.servers, servers);
                    self.lock.jump_clocks(&ids, t, jump);
                    self.did(Action::ClockJump);
                }
            }
            Event::ARelease => self.release(Client::A, t),
            Event::Poll(client) => self.poll(client, t),
            Event::Stop(client) => self.poller_stops(client, t),
            Event::Read(client) => self.poller_reads(client, t),
            Event::Write { client, second } => self.poller_writes(client, t, second),
            Event::Release(client) => self.release(client, t),
            Event::GiveUp(client) => self.note(t, client, What::GaveUp),
            Event::RequestsArrive { client, delay } => self.requests_arrive(client, Tick::from(delay), t),
            Event::RepliesRead(client) => self.replies_read(client, t),
            Event::ReleaseArrives(arrival) => self.release_arrives(arrival, true, t),
            Event::HandBackArrives(arrival) => self.release_arrives(arrival, false, t),
        }
    }

    /// A client lets go: at once, or when its release reaches the servers.
    fn release(&mut self, client: Client, t: Tick) {
        if self.params.acquiring.takes_time() {
            self.release_later(client, t, true);
            return;
        }
        let servers = self.lock.release(client, t);
        self.note(t, client, What::Released { servers });
    }

    /// Whether a lease is worthless however fast it is acquired: its
    /// validity, the ttl less the drift allowance and a round trip to the
    /// servers, is not above zero. (With the validity check off a client
    /// never computes it.) Retrying would fare the same, so the client
    /// stops.
    fn no_validity(&self) -> bool {
        let acquiring = self.params.acquiring;
        matches!(self.lease(), Lease::Expires(_))
            && self.lease_end(0) <= self.round_trip()
            && (acquiring.validity_check || !acquiring.takes_time())
    }

    /// A majority granted a lease with no validity: the client releases it
    /// on every server at once, as Redlock's client does when its lock is
    /// not valid, and stops trying.
    fn give_back(&mut self, client: Client, t: Tick, votes: u16) {
        self.lock.release(client, t);
        self.give_back_noted(client, t, votes);
    }

    /// The transcript's word for a lease with no validity, given back.
    fn give_back_noted(&mut self, client: Client, t: Tick, votes: u16) {
        let (ttl, allowance) = (self.params.ttl, self.allowance());
        let round_trip = self.round_trip();
        self.note(
            t,
            client,
            What::NoValidity {
                votes,
                ttl,
                round_trip,
                allowance,
            },
        );
    }

    /// The shortest time an acquire round can take: a request's trip and
    /// a reply's (zero for the study's instantaneous acquire).
    fn round_trip(&self) -> Tick {
        if self.params.acquiring.takes_time() {
            2 * self.params.acquiring.latency
        } else {
            0
        }
    }

    /// A new holder tells the resource who it is the moment it holds the
    /// lock, before reading or writing: its lock's id with check-and-set,
    /// its token where tokens are registered at acquisition (from then on
    /// a fenced resource refuses any older token).
    pub(super) fn claim(&mut self, client: Client, t: Tick) {
        let held = *self.client(client);
        if self.params.cas {
            self.resource.register_holder(held.lease);
            self.note(t, client, What::Claimed { id: held.lease });
        }
        if let (true, Some(token)) = (self.params.register_token, held.token) {
            self.resource.register(token);
            // A that holds first registers a token nothing is fenced
            // against yet, so its step goes unrecorded: the study's
            // transcripts, where A always holds first, stay the seed's
            // ("B registers its token first").
            if client == Client::B || self.b_acquired_at.is_some() {
                self.note(t, client, What::Registered { token });
            }
        }
    }

    /// The drift allowance clients subtract from the ttl.
    fn allowance(&self) -> Tick {
        self.params.drift_allowance()
    }

    /// Whether clients keep Redlock's contract: they compute the validity
    /// their lease has left and act on the lock only within it. Acquiring
    /// over a network, that is the validity check's switch (off, a client
    /// trusts any majority and never looks again). With an instantaneous
    /// acquire only the page's clock faults model it, where the drift
    /// allowance is the point; the study's lease client computes no
    /// validity, and the explorer's never does, whatever the fault (a
    /// fault that may not strike must not change what a client does).
    fn keeps_contract(&self) -> bool {
        let acquiring = self.params.acquiring;
        if acquiring.takes_time() {
            acquiring.validity_check
        } else {
            self.params.instant_client_checks_validity()
        }
    }

    /// Whether `client`'s lease, acquired at `acquired`, is still valid at
    /// `t` by its own reckoning, as Redlock's client checks before acting.
    /// A client that does not keep the contract trusts its lease.
    fn still_valid(&mut self, client: Client, acquired: Tick, t: Tick) -> bool {
        if !self.keeps_contract() {
            return true;
        }
        let valid_until = self.lease_end(acquired);
        let ok = t < valid_until;
        self.note(t, client, What::ValidityChecked { valid_until, ok });
        ok
    }
}
