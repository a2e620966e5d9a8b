//! The ticks of A's script that the parameters decide: when A gets the
//! lock, reads, pauses, writes, its write lands and it lets go. The
//! simulator schedules A's script with these (`scenario::client_a`), and
//! the closed form and the page's sentences count with them.

use super::{Fault, Params};
use crate::types::Tick;

/// A client's critical section, in ticks after it acquires: it reads one
/// tick later and writes the tick after that, then releases. A, paused
/// between its read and its write, writes at [`Params::write_tick`] instead.
/// The closed form and the page's arithmetic count with these too.
pub const READ_AFTER_ACQUIRE: Tick = 1;
pub const WRITE_AFTER_ACQUIRE: Tick = 2;

impl Params {
    /// The tick at which A writes (the end of its pause). With a slow
    /// network this is when the write leaves A; see [`Params::write_lands`].
    pub fn write_tick(&self) -> Tick {
        self.pause_from + self.pause_len
    }

    /// These parameters with a re-check that would follow A's write moved
    /// to the write itself. A check never follows the write it guards: a
    /// shorter pause, typed, dragged or read off a cell of the staircase,
    /// pulls the check back with the write, so the cell and the run it
    /// loads are the same run.
    pub fn with_recheck_no_later_than_write(self) -> Params {
        Params {
            recheck_at: self.recheck_at.map(|c| c.min(self.write_tick())),
            ..self
        }
    }

    /// The tick at which A's write reaches the resource.
    pub fn write_lands(&self) -> Tick {
        match self.fault {
            Fault::SlowNetwork { delay } => self.write_tick() + delay,
            _ => self.write_tick(),
        }
    }

    /// The tick at which A releases: one tick after its write lands.
    pub fn a_releases_at(&self) -> Tick {
        self.write_lands() + 1
    }

    /// The run's clients: the study's two, and C if the explorer added it.
    pub fn clients(&self) -> &'static [crate::types::Client] {
        match self.third {
            Some(_) => &crate::types::Client::EVERY,
            None => &crate::types::Client::ALL,
        }
    }

    /// The tick `client` first asks for the lock (liveness counts from it).
    pub fn asks_at(&self, client: crate::types::Client) -> Tick {
        match client {
            crate::types::Client::A => self.a_acquires_at().max(self.a_arrives),
            crate::types::Client::B => self.b_arrives,
            // A run without C never asks for it: its window never opens.
            crate::types::Client::C => self.third.unwrap_or(Tick::MAX),
        }
    }

    /// The tick at which A gets the lock: at once, unless a partition makes
    /// it retry (token drift).
    pub fn a_acquires_at(&self) -> Tick {
        match self.fault {
            Fault::TokenDrift { partition, .. } => partition,
            _ => 0,
        }
    }

    /// These parameters as the run draws them: a re-check inside A's pause
    /// means A ran up to the check and paused right after it, so the pause
    /// starts at the check and A still writes when it did. The run is the
    /// same; a page that keeps its parameters this way shows in its inputs
    /// the pause it draws.
    pub fn with_pause_from_its_check(self) -> Params {
        // Past the start's own limit the pause starts at that limit, and
        // the check inside it still moves the run's pause to the check.
        let from = self.effective_pause_from().min(self.pause_from_limit().max);
        Params {
            pause_from: from,
            pause_len: self.write_tick() - from,
            ..self
        }
    }

    /// The tick A's pause really starts. A cannot act while paused, so a
    /// re-check placed inside the pause means A ran up to the check and
    /// stopped right after it.
    pub fn effective_pause_from(&self) -> Tick {
        match self.recheck_at {
            Some(c) if c >= self.pause_from && c < self.write_tick() => c,
            _ => self.pause_from,
        }
    }
}
