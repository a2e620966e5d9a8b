//! The failure modes beyond the seed, as the simulator sets them up: which
//! servers' counters, clocks or memory a fault touches, and which servers
//! each client can reach.

use super::tape::Point;
use super::{Event, Simulator};
use crate::params::{faulty_servers, redlock_allowance, Fault, Reach};
use crate::types::{Client, Tick};

impl Simulator {
    /// The explorer's fault, if it may choose one: a restart of one
    /// server at a chosen tick, or none; or a chosen step of one server's
    /// clock at a chosen tick. With a clock step on offer the clients
    /// subtract Redlock's drift allowance in every branch, a step or not:
    /// they cannot know which schedule they are in. A clock that runs
    /// fast or slow is no choice: every schedule has it, and the clients
    /// subtract Redlock's allowance, as its reference clients do. Under a
    /// partition A reaches one server alone for a chosen time, retrying
    /// there, then a bare majority, and B the other bare majority: each
    /// server's counter drifts on its own (token drift).
    pub(super) fn choose_fault(&mut self) {
        let (restart, clock_step, clock_rate, partition) = self.tape.faults();
        if let Some(remedy) = restart {
            if let Some(k) = self.choose(Point::RestartAt).filter(|&k| k > 0) {
                self.params.fault = Fault::Restart {
                    servers: 1,
                    at: k - 1,
                    remedy,
                    reach: Reach::All,
                };
            }
        } else if clock_step > 0 {
            let jump = self.choose(Point::ClockStep).unwrap_or(0);
            let at = if jump > 0 {
                self.choose(Point::ClockStepAt).unwrap_or(0)
            } else {
                0
            };
            self.params.fault = Fault::ClockJump {
                servers: 1,
                at,
                jump,
                reach: Reach::All,
            };
        } else if partition > 0 {
            // Every schedule has the partition's reach, healed at once or
            // later: its length is the choice.
            let partition = self.choose(Point::Partition).unwrap_or(0);
            self.params.fault = Fault::TokenDrift {
                partition,
                ordered: false,
            };
        } else if clock_rate != 100 {
            self.params.fault = Fault::ClockDrift {
                fast: 1,
                rate_pct: clock_rate,
                allowance: redlock_allowance(self.params.ttl),
                reach: Reach::All,
            };
        }
    }

    /// The world the fault describes: counters, clocks, a restart.
    pub(super) fn set_up_fault(&mut self) {
        match self.params.fault {
            Fault::None | Fault::SlowNetwork { .. } => {}
            Fault::TokenDrift { ordered, .. } => self.lock.set_ordered_tokens(ordered),
            Fault::Restart { at, .. } => self.sched.at(at, Event::Restart),
            Fault::ClockJump { at, .. } => self.sched.at(at, Event::ClockJump),
            Fault::ClockDrift { fast, rate_pct, .. } => {
                for id in faulty_servers(self.params.servers, fast) {
                    self.lock.set_clock_rate(id, rate_pct);
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
