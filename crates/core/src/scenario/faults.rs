//! The failure modes beyond the seed, as the simulator sets them up: which
//! servers' counters, clocks or memory a fault touches, and which servers
//! each client can reach.

use super::action::Action;
use super::{Event, Simulator};
use crate::params::{faulty_servers, Fault, Reach};
use crate::types::{Client, Tick};

impl Simulator {
    /// The explorer's fault, as its choice points make it
    /// (`searched_fault`).
    pub(super) fn choose_fault(&mut self) {
        let allowance = self.params.drift_allowance();
        if let Some(fault) = self.tape.fault().choose(allowance, |point| self.choose(point)) {
            self.params.fault = fault;
        }
    }

    /// The world the fault describes: counters, clocks, a restart.
    pub(super) fn set_up_fault(&mut self) {
        match self.params.fault {
            Fault::None | Fault::SlowNetwork { .. } => {}
            Fault::TokenDrift { ordered, partition } => {
                self.lock.set_ordered_tokens(ordered);
                if partition > 0 {
                    self.did(Action::Partition);
                }
            }
            Fault::Restart { at, .. } => self.sched.at(at, Event::Restart),
            Fault::ClockJump { at, .. } => self.sched.at(at, Event::ClockJump),
            Fault::ClockDrift { fast, rate_pct, .. } => {
                for id in faulty_servers(self.params.servers, fast) {
                    self.lock.set_clock_rate(id, rate_pct);
                    if rate_pct != 100 {
                        self.did(Action::ClockRate);
                    }
                }
            }
        }
    }

    /// The servers `client` can reach at tick `t`.
    pub(super) fn reach(&self, client: Client, t: Tick) -> std::ops::Range<u16> {
        let n = self.params.servers;
        let q = self.params.quorum();
        match (self.params.fault, client) {
            (Fault::TokenDrift { partition, .. }, Client::A) if t < partition => 0..1.min(n),
            (Fault::TokenDrift { .. }, Client::A) => 0..q,
            (Fault::TokenDrift { .. }, Client::B | Client::C) => n - q..n,
            (
                Fault::Restart {
                    reach: Reach::BareMajorities,
                    ..
                }
                | Fault::ClockDrift {
                    reach: Reach::BareMajorities,
                    ..
                }
                | Fault::ClockJump {
                    reach: Reach::BareMajorities,
                    ..
                },
                client,
            ) => match client {
                Client::A => 0..q,
                Client::B | Client::C => n - q..n,
            },
            _ => 0..n,
        }
    }
}
