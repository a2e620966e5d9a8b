//! The study's schedule: A acquires, reads, pauses, writes late; B polls for
//! the lock and does its critical section as soon as it can.
//!
//! A pause is not modelled by doing anything: it is a stretch of ticks with
//! none of A's events in it, which is exactly what a stop-the-world pause
//! looks like to everyone else.

use crate::audit::{self, Outcome};
use crate::lock::{Grant, Lease, LockService};
use crate::params::Params;
use crate::resource::{Fencing, ReadRecord, Resource, WriteRecord};
use crate::schedule::Scheduler;
use crate::trace::{Entry, What};
use crate::types::{Client, Tick, Token, Value, NEVER};
use serde::Serialize;

/// How B's retries are simulated. Both give the same run; `EveryTick` is the
/// literal reading (one acquire attempt per tick) and exists to prove that
/// `Skip` is only an optimisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// After a refusal, jump to the next tick at which any answer can
    /// change: the next scheduled event or the next lease expiry.
    #[default]
    Skip,
    /// Retry on every tick.
    EveryTick,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    AAcquire,
    ARead,
    APause,
    ACrash,
    ARecheck,
    AWrite,
    ARelease,
    BPoll,
    BRead,
    BWrite { second: bool },
    BRelease,
    BGiveUp,
}

#[derive(Clone, Copy, Debug, Default)]
struct ClientState {
    token: Option<Token>,
    read: Option<ReadRecord>,
    last_write: Option<WriteRecord>,
    recheck: Option<bool>,
    /// Index of B's current run of refusals in the entry list, so
    /// consecutive refusals coalesce into one entry.
    open_refusal: Option<usize>,
}

/// A finished run: the parameters and everything that was recorded.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    pub params: Params,
    pub quorum: u16,
    pub entries: Vec<Entry>,
    pub grants: Vec<Grant>,
    pub reads: Vec<ReadRecord>,
    pub writes: Vec<WriteRecord>,
    pub final_value: Value,
    pub max_token: Token,
    /// The tick of the last event.
    pub end_tick: Tick,
    pub a_token: Option<Token>,
    pub b_token: Option<Token>,
    pub b_acquired_at: Option<Tick>,
}

impl Run {
    /// Ticks B spent blocked between arriving and getting the lock.
    pub fn b_waited(&self) -> Option<Tick> {
        self.b_acquired_at.map(|t| t - self.params.b_arrives)
    }

    pub fn outcome(&self) -> Outcome {
        Outcome::classify(&self.writes, self.b_acquired_at.is_some())
    }

    /// How many servers granted `client` the lock when it got it.
    pub fn votes_of(&self, client: Client) -> Option<u16> {
        self.entries.iter().find_map(|e| match e.what {
            What::Acquired { votes, .. } if e.client == client => Some(votes),
            _ => None,
        })
    }

    /// The lock service's answer to A's re-check, if A made one.
    pub fn recheck_answer(&self) -> Option<bool> {
        self.entries.iter().find_map(|e| match e.what {
            What::Rechecked { holds, .. } => Some(holds),
            _ => None,
        })
    }

    /// When A's lease ended (expired, or was cut short by its release);
    /// `None` if it never ends.
    pub fn a_lease_end(&self) -> Option<Tick> {
        self.grants
            .iter()
            .find(|g| g.client == Client::A)
            .map(|g| g.end)
            .filter(|&e| e != NEVER)
    }

    /// Who held a quorum at tick `t`, from the grant record.
    pub fn holder_at(&self, t: Tick) -> Option<Client> {
        audit::holder_at(&self.grants, self.quorum, t)
    }

    /// The value a correct serial execution would end with: A's critical
    /// section, then B's (once or twice), each applied in full.
    pub fn serial_answer(&self) -> Value {
        let mut v = Value::EMPTY;
        if !self.params.a_crashes {
            v = v.appended(Client::A);
        }
        if self.b_acquired_at.is_some() {
            v = v.appended(Client::B);
            if self.params.b_writes_twice {
                v = v.appended(Client::B);
            }
        }
        v
    }
}

/// Runs scenarios, reusing its buffers: a sweep of 160,000 cells allocates
/// once, not 160,000 times.
#[derive(Clone, Debug, Default)]
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
    end_tick: Tick,
    b_acquired_at: Option<Tick>,
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
        self.params = *params;
        self.mode = mode;
        self.record = record;
        self.lock.reset(params.servers);
        self.lock.set_logging(record);
        self.resource.reset(Fencing {
            enabled: params.fencing,
            comparison: params.comparison,
        });
        self.sched.clear();
        self.entries.clear();
        self.a = ClientState::default();
        self.b = ClientState::default();
        self.end_tick = 0;
        self.b_acquired_at = None;
        self.schedule_a();
        self.sched.at(params.b_arrives, Event::BPoll);
        while let Some((t, event)) = self.sched.pop() {
            self.end_tick = t;
            self.handle(t, event);
        }
    }

    pub fn outcome(&self) -> Outcome {
        Outcome::classify(self.resource.writes(), self.b_acquired_at.is_some())
    }

    pub fn b_acquired_at(&self) -> Option<Tick> {
        self.b_acquired_at
    }

    pub fn writes(&self) -> &[WriteRecord] {
        self.resource.writes()
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

    /// A's whole script, scheduled up front, in the order A would run it.
    fn schedule_a(&mut self) {
        let p = self.params;
        let write = p.write_tick();
        let pause = p.effective_pause_from();
        self.sched.at(0, Event::AAcquire);
        self.sched.at(1, Event::ARead);
        if let Some(c) = p.recheck_at.filter(|&c| c < write) {
            self.sched.at(c, Event::ARecheck);
        }
        if p.a_crashes {
            self.sched.at(pause, Event::ACrash);
            return;
        }
        self.sched.at(pause, Event::APause);
        if p.recheck_at == Some(write) {
            self.sched.at(write, Event::ARecheck);
        }
        self.sched.at(write, Event::AWrite);
        self.sched.at(write + 1, Event::ARelease);
    }

    fn lease(&self) -> Lease {
        if self.params.expiry {
            Lease::Expires(self.params.ttl)
        } else {
            Lease::UntilReleased
        }
    }

    fn lease_end(&self, t: Tick) -> Tick {
        match self.lease() {
            Lease::Expires(ttl) => t.saturating_add(ttl),
            Lease::UntilReleased => NEVER,
        }
    }

    fn note(&mut self, t: Tick, client: Client, what: What) {
        if self.record {
            self.entries.push(Entry { t, client, what });
        }
    }

    fn handle(&mut self, t: Tick, event: Event) {
        match event {
            Event::AAcquire => self.a_acquire(t),
            Event::ARead => {
                let read = self.resource.read(Client::A, t);
                self.a.read = Some(read);
                self.note(t, Client::A, What::Read { value: read.value });
            }
            Event::APause => {
                let until = self.params.write_tick();
                if until > t {
                    self.note(t, Client::A, What::Paused { until });
                }
            }
            Event::ACrash => self.note(t, Client::A, What::Crashed),
            Event::ARecheck => {
                let votes = self.lock.votes_for(Client::A, t);
                let holds = votes >= self.lock.quorum();
                self.a.recheck = Some(holds);
                self.note(t, Client::A, What::Rechecked { holds, votes });
            }
            Event::AWrite => self.a_write(t),
            Event::ARelease => {
                let servers = self.lock.release(Client::A, t);
                self.note(t, Client::A, What::Released { servers });
            }
            Event::BPoll => self.b_poll(t),
            Event::BRead => {
                let read = self.resource.read(Client::B, t);
                self.b.read = Some(read);
                self.note(t, Client::B, What::Read { value: read.value });
            }
            Event::BWrite { second } => self.b_write(t, second),
            Event::BRelease => {
                let servers = self.lock.release(Client::B, t);
                self.note(t, Client::B, What::Released { servers });
            }
            Event::BGiveUp => self.note(t, Client::B, What::GaveUp),
        }
    }

    fn a_acquire(&mut self, t: Tick) {
        let got = self.lock.acquire(Client::A, t, self.lease());
        self.a.token = got.token;
        let what = match got.token {
            Some(token) => What::Acquired {
                votes: got.votes,
                token,
                lease_end: self.lease_end(t),
            },
            None => What::AcquireFailed { votes: got.votes },
        };
        self.note(t, Client::A, what);
    }

    fn a_write(&mut self, t: Tick) {
        let Some(read) = self.a.read else { return };
        let value = read.value.appended(Client::A);
        match (self.a.token, self.a.recheck) {
            (Some(token), None | Some(true)) => {
                let w = self.resource.write(Client::A, t, value, token, read.seq);
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
            _ => self.note(t, Client::A, What::WriteSkipped { value }),
        }
    }

    fn b_poll(&mut self, t: Tick) {
        let got = self.lock.acquire(Client::B, t, self.lease());
        if let Some(token) = got.token {
            self.b.token = Some(token);
            self.b_acquired_at = Some(t);
            self.note(
                t,
                Client::B,
                What::Acquired {
                    votes: got.votes,
                    token,
                    lease_end: self.lease_end(t),
                },
            );
            self.sched.at(t + 1, Event::BRead);
            self.sched.at(t + 2, Event::BWrite { second: false });
            let mut release = t + 3;
            if self.params.b_writes_twice {
                self.sched.at(t + 3, Event::BWrite { second: true });
                release += 1;
            }
            self.sched.at(release, Event::BRelease);
            return;
        }
        let horizon = self.params.horizon();
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
            self.sched.at(horizon, Event::BGiveUp);
        } else {
            self.sched.at(next, Event::BPoll);
        }
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
            if let What::Refused { until: end } = &mut self.entries[i].what {
                if *end == t {
                    *end = until;
                    return;
                }
            }
        }
        self.b.open_refusal = Some(self.entries.len());
        self.note(t, Client::B, What::Refused { until });
    }

    fn b_write(&mut self, t: Tick, second: bool) {
        let (Some(token), Some(read)) = (self.b.token, self.b.read) else {
            return;
        };
        let (base, basis) = match (second, self.b.last_write) {
            (true, Some(first)) => (first.value, first.seq),
            _ => (read.value, read.seq),
        };
        let value = base.appended(Client::B);
        let w = self.resource.write(Client::B, t, value, token, basis);
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
