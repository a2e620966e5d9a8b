//! A and B as processes of their own (`dlock lab-client`, hidden): each
//! runs its side of the study's schedule against the real lock servers
//! and the real store, on a clock of ticks shared through a start instant,
//! and prints what it did as one JSON line per event.
//!
//! A's pause is real: at the tick it starts, A stops itself with SIGSTOP
//! (so the pause falls after its read, never racing the lab's clock), and
//! the lab resumes it with SIGCONT at the tick the pause ends. Stopped, A
//! can notice nothing — as in a stop-the-world pause.

use crate::etcd::EtcdLock;
use crate::redlock::{Redlock, Round};
use crate::store::{Location, Store};
use crate::wire::{now_ms, Event, Line};
use crate::LockKind;
use dlock_core::params::{READ_AFTER_ACQUIRE, WRITE_AFTER_ACQUIRE};
use dlock_core::{Params, Tick};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::time::Duration;

/// Everything a client process is told on its command line.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Orders {
    /// "A" or "B".
    pub role: String,
    pub lock: LockKind,
    pub params: Params,
    pub ports: Vec<u16>,
    pub tick_ms: u64,
    /// Tick 0, in milliseconds since the Unix epoch.
    pub start_ms: u64,
    /// Where the resource lives.
    pub store: Location,
    /// Seeds the random delays before retries (each client mixes in its
    /// name), so a run's retries can be played again.
    pub seed: u64,
}

struct Clock {
    start_ms: u64,
    tick_ms: u64,
}

impl Clock {
    fn ms(&self) -> u64 {
        now_ms().saturating_sub(self.start_ms)
    }

    fn tick(&self) -> Tick {
        (self.ms() / self.tick_ms) as Tick
    }

    /// Sleeps until tick `tick` begins (on the epoch clock, so the head
    /// start before tick 0 counts too).
    fn sleep_until(&self, tick: Tick) {
        let at = self.start_ms + u64::from(tick) * self.tick_ms;
        let now = now_ms();
        if at > now {
            std::thread::sleep(Duration::from_millis(at - now));
        }
    }
}

/// The lock a client takes: Redlock, or etcd's lease and key.
enum Lock {
    Redis(Redlock),
    Etcd(EtcdLock),
}

impl Lock {
    fn acquire(&mut self, ttl_ms: u64) -> Round {
        match self {
            Lock::Redis(l) => l.acquire(ttl_ms),
            Lock::Etcd(l) => l.acquire(ttl_ms),
        }
    }

    fn held(&self, round: &Round) -> bool {
        match self {
            Lock::Redis(l) => l.held(round),
            Lock::Etcd(l) => l.held(round),
        }
    }

    fn release(&mut self) -> u16 {
        match self {
            Lock::Redis(l) => l.release(),
            Lock::Etcd(l) => l.release(),
        }
    }
}

struct Run {
    orders: Orders,
    clock: Clock,
    lock: Lock,
    store: Store,
    name: &'static str,
    /// The retries' random delays, from the run's seed.
    rng: StdRng,
}

impl Run {
    fn say(&self, event: Event) {
        let line = Line {
            tick: self.clock.tick(),
            ms: self.clock.ms(),
            event,
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", serde_json::to_string(&line).unwrap_or_default());
        let _ = out.flush();
    }

    fn ttl_ms(&self) -> u64 {
        u64::from(self.orders.params.ttl) * self.clock.tick_ms
    }

    /// Asks from tick `from` until a round wins; the token, and the tick
    /// it was won, or `None` once the patience runs out. A round that
    /// fails is deleted on every server (a grant whose reply was lost is
    /// deleted too), and the next comes after a random delay of up to half
    /// a tick, as redis.io asks, so that clients retrying together drift
    /// apart.
    fn acquire_from(&mut self, from: Tick) -> Option<(u64, Tick)> {
        let horizon = self.orders.params.horizon();
        self.clock.sleep_until(from);
        while self.clock.tick() < horizon {
            let round = self.lock.acquire(self.ttl_ms());
            if self.lock.held(&round) {
                self.say(Event::Acquired {
                    votes: round.votes,
                    token: round.token,
                    validity_ms: round.validity_ms,
                    round_ms: round.round_ms,
                });
                return Some((round.token, self.clock.tick()));
            }
            self.lock.release();
            self.say(Event::Refused {
                votes: round.votes,
                round_ms: round.round_ms,
            });
            let delay = self.rng.random_range(0..(self.clock.tick_ms / 2).max(1));
            std::thread::sleep(Duration::from_millis(delay));
        }
        self.say(Event::GaveUp);
        None
    }

    fn read(&mut self) -> Result<(String, u32), String> {
        let (value, seq) = self.store.read(self.name, self.clock.tick())?;
        self.say(Event::Read {
            value: value.clone(),
            seq,
        });
        Ok((value, seq))
    }

    fn write(&mut self, read: (String, u32), token: u64) -> Result<(), String> {
        let value = format!("{}{}", read.0, self.name);
        let p = self.orders.params;
        let fencing = p.fencing.then_some(p.comparison);
        let accepted = self
            .store
            .write((self.name, self.clock.tick()), &value, (token, read.1), fencing)?;
        self.say(Event::Wrote {
            value,
            token,
            accepted,
        });
        Ok(())
    }

    fn release(&mut self) {
        let servers = self.lock.release();
        self.say(Event::Released { servers });
    }

    /// A: acquire at 0, read, stop itself for the pause, write, release.
    fn a(&mut self) -> Result<(), String> {
        let p = self.orders.params;
        let Some((token, got)) = self.acquire_from(0) else {
            return Ok(());
        };
        self.clock.sleep_until(got + READ_AFTER_ACQUIRE);
        let read = self.read()?;
        if p.pause_len > 0 {
            self.clock.sleep_until(p.pause_from);
            self.say(Event::Paused {
                until: p.write_tick(),
            });
            // SAFETY: raise only signals this process.
            unsafe {
                libc::raise(libc::SIGSTOP);
            }
        } else {
            self.clock.sleep_until(p.write_tick());
        }
        self.write(read, token)?;
        self.clock.sleep_until(p.a_releases_at());
        self.release();
        Ok(())
    }

    /// B: ask every tick from its arrival, then read, write and release.
    fn b(&mut self) -> Result<(), String> {
        let Some((token, got)) = self.acquire_from(self.orders.params.b_arrives) else {
            return Ok(());
        };
        self.clock.sleep_until(got + READ_AFTER_ACQUIRE);
        let read = self.read()?;
        self.clock.sleep_until(got + WRITE_AFTER_ACQUIRE);
        self.write(read, token)?;
        self.clock.sleep_until(got + WRITE_AFTER_ACQUIRE + 1);
        self.release();
        Ok(())
    }
}

/// Runs one client to the end of its script.
pub fn run(orders: Orders) -> Result<(), String> {
    let name = match orders.role.as_str() {
        "A" => "A",
        "B" => "B",
        other => return Err(format!("no client {other:?}: A or B")),
    };
    let salt = u64::from(name.as_bytes()[0]);
    let ttl_ms = u64::from(orders.params.ttl) * orders.tick_ms;
    let mut run = Run {
        rng: StdRng::seed_from_u64(orders.seed ^ salt),
        clock: Clock {
            start_ms: orders.start_ms,
            tick_ms: orders.tick_ms,
        },
        lock: match orders.lock {
            LockKind::Redis => Lock::Redis(Redlock::connect(&orders.ports, name, ttl_ms)?),
            LockKind::Etcd => Lock::Etcd(EtcdLock::connect(orders.ports[0], name)),
        },
        store: Store::open(&orders.store)?,
        name,
        orders,
    };
    if name == "A" {
        run.a()
    } else {
        run.b()
    }
}
