//! The numeric parameters a control edits: each one's URL name, label,
//! range, and how it reads and sets the run's parameters.

use dlock_core::names::{self, Name};
use dlock_core::params::{self, Limit};
use dlock_core::Params;

/// A numeric parameter a control edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Servers,
    Ttl,
    PauseFrom,
    PauseLen,
    BArrives,
    Recheck,
    /// How long a request and a reply take (acquiring over a network).
    Latency,
    /// How long A stops while its first replies are in flight.
    AcquirePause,
}

impl Field {
    pub const RUN: [Field; 5] = [
        Field::Servers,
        Field::Ttl,
        Field::PauseFrom,
        Field::PauseLen,
        Field::BArrives,
    ];

    /// Acquiring over a network: zero for both is the study's acquire.
    pub const ACQUIRING: [Field; 2] = [Field::Latency, Field::AcquirePause];

    /// The allowed range, which for the re-check depends on A's write tick.
    pub fn limit(self, p: &Params) -> Limit {
        match self {
            Field::Servers => params::SERVERS,
            Field::Ttl => params::TTL,
            Field::PauseFrom => p.pause_from_limit(),
            Field::PauseLen => params::PAUSE_LEN,
            Field::BArrives => params::B_ARRIVES,
            Field::Recheck => p.recheck_limit(),
            Field::Latency => params::LATENCY,
            Field::AcquirePause => params::ACQUIRE_PAUSE,
        }
    }

    pub fn get(self, p: &Params) -> u32 {
        match self {
            Field::Servers => u32::from(p.servers),
            Field::Ttl => p.ttl,
            Field::PauseFrom => p.pause_from,
            Field::PauseLen => p.pause_len,
            Field::BArrives => p.b_arrives,
            Field::Recheck => p.recheck_at.unwrap_or(p.write_tick()),
            Field::Latency => p.acquiring.latency,
            Field::AcquirePause => p.acquiring.a_pause,
        }
    }

    /// `p` with this field set to `value`, clamped to its range. The field
    /// typed keeps what was typed, and the re-check gives way:
    /// - a check just before the write follows the write when the pause
    ///   moves or changes length;
    /// - a check the new pause would swallow moves to the pause's start
    ///   (A checks, then stops);
    /// - a check typed inside the pause starts the pause there (A ran up
    ///   to it), so the inputs always show the pause that is drawn.
    pub fn set(self, p: &Params, value: u64) -> Params {
        let v = self.limit(p).clamp(value);
        let mut next = *p;
        match self {
            Field::Servers => next.servers = v as u16,
            Field::Ttl => next.ttl = v,
            Field::PauseFrom | Field::PauseLen => {
                if self == Field::PauseFrom {
                    next.pause_from = v;
                } else {
                    next.pause_len = v;
                }
                next.recheck_at = p.recheck_at.map(|c| {
                    if c == p.write_tick() {
                        next.write_tick()
                    } else if c > next.pause_from && c < next.write_tick() {
                        next.pause_from
                    } else {
                        c
                    }
                });
            }
            Field::BArrives => next.b_arrives = v,
            Field::Recheck => next.recheck_at = Some(v),
            Field::Latency => next.acquiring.latency = v,
            Field::AcquirePause => next.acquiring.a_pause = v,
        }
        next.with_recheck_no_later_than_write()
            .with_pause_from_its_check()
    }

    /// The parameter's names: in the URL, on the command line, on the page.
    pub fn name(self) -> Name {
        match self {
            Field::Servers => names::SERVERS,
            Field::Ttl => names::TTL,
            Field::PauseFrom => names::PAUSE_FROM,
            Field::PauseLen => names::PAUSE_LEN,
            Field::BArrives => names::B_ARRIVES,
            Field::Recheck => names::RECHECK,
            Field::Latency => names::ACQUIRE_LATENCY,
            Field::AcquirePause => names::ACQUIRE_PAUSE,
        }
    }

    pub fn label(self) -> &'static str {
        self.name().label
    }

    /// The URL name, also used as the control's test id.
    pub fn code(self) -> &'static str {
        self.name().url
    }
}
