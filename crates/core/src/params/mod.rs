//! The parameters of one run, and their validation.
//!
//! `limits` holds every parameter's range, once, so the CLI's error
//! messages, the page's URL clamping and the simulation's caps can never
//! disagree; `faults` the failure modes beyond the seed; `script` the
//! ticks of A's script that the parameters decide, which the simulator
//! schedules and the closed form and the page count with.

mod faults;
mod limits;
mod script;

pub use faults::{faulty_servers, Fault, Reach, RestartRemedy};
pub use limits::*;
pub use script::{READ_AFTER_ACQUIRE, WRITE_AFTER_ACQUIRE};

use crate::types::Tick;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a fencing resource decides a token is stale (commentary §7.3).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Comparison {
    /// Reject `token < max_token`: a holder may write many times under one
    /// lease. The default, and the correct rule.
    #[default]
    Lt,
    /// Reject `token <= max_token`: one write per lease; a second write under
    /// the same lease is rejected by the holder's own first write.
    Le,
}

impl Comparison {
    /// The short name used in URLs and JSON: `lt` or `le`.
    pub fn code(self) -> &'static str {
        match self {
            Comparison::Lt => "lt",
            Comparison::Le => "le",
        }
    }

    /// The operator a stale token is tested with.
    pub fn operator(self) -> &'static str {
        match self {
            Comparison::Lt => "<",
            Comparison::Le => "<=",
        }
    }

    pub fn from_code(code: &str) -> Option<Comparison> {
        match code {
            "lt" => Some(Comparison::Lt),
            "le" => Some(Comparison::Le),
            _ => None,
        }
    }
}
/// client tries again this many ticks after reading the replies. Redlock
/// asks for a random delay; one fixed tick keeps every run a pure
/// function of its parameters, and comes after the release it sent.
pub const RETRY_AFTER: Tick = 1;

/// How long a tick lasts when a rule stated in milliseconds is brought into
/// the model: 100 ms, the lab's default tick (`dlock lab --tick-ms`).
pub const TICK_MS: u32 = 100;

/// The drift allowance Redlock's reference clients subtract from a lease
/// of `ttl_ms` milliseconds: [`DRIFT_PERCENT`] of the ttl plus
/// [`DRIFT_EXTRA_MS`]. (redis.io itself only says "a few milliseconds".)
/// The rule once, for the model's ticks and the lab's real clients alike.
pub const fn drift_allowance_ms(ttl_ms: u64) -> u64 {
    ttl_ms * DRIFT_PERCENT as u64 / 100 + DRIFT_EXTRA_MS as u64
}

/// That allowance, in milliseconds, for a lease of `ttl` ticks of
/// [`TICK_MS`] each.
pub const fn redlock_allowance_ms(ttl: Tick) -> u32 {
    drift_allowance_ms(ttl as u64 * TICK_MS as u64) as u32
}

/// The reference clients' drift factor, in percent of the ttl.
pub const DRIFT_PERCENT: u32 = 1;
/// What the reference clients add to it for the servers' expiry
/// precision, in milliseconds.
pub const DRIFT_EXTRA_MS: u32 = 2;

/// That allowance in whole ticks, rounded up: the model cannot subtract
/// less than a tick, and rounding down would subtract nothing. At
/// [`TICK_MS`] a tick is 100 ms, so for leases up to 9,800 ticks this is
/// one tick — more than the clients subtract, which errs in Redlock's
/// favour.
pub const fn redlock_allowance(ttl: Tick) -> u32 {
    redlock_allowance_ms(ttl).div_ceil(TICK_MS)
}

/// After B arrives (or A writes, whichever is later) B keeps retrying this
/// many ticks before the run ends; only a wedged lock (no expiry, A crashed)
/// ever exhausts it.
pub const PATIENCE_TICKS: Tick = 200;

/// How many real ticks a lease of `ttl` ticks lasts on a clock running at
/// `rate_pct` percent: a fast clock counts the ttl down sooner. Rounded up,
/// so an accurate clock gives exactly `ttl`.
pub fn real_ticks(ttl: Tick, rate_pct: u32) -> Tick {
    let rate = if rate_pct == 0 { 100 } else { u64::from(rate_pct) };
    (u64::from(ttl) * 100)
        .div_ceil(rate)
        .min(u64::from(crate::types::NEVER - 1)) as Tick
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Everything that decides a run. A run is a pure function of this value.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Number of lock servers; the quorum is `servers / 2 + 1`.
    pub servers: u16,
    /// Lease length granted by each server.
    pub ttl: Tick,
    /// Tick at which A stops running (a stop-the-world pause).
    pub pause_from: Tick,
    /// How long A is stopped; A writes at `pause_from + pause_len`.
    pub pause_len: Tick,
    /// Tick at which B starts asking for the lock.
    pub b_arrives: Tick,
    /// Whether the resource rejects writes carrying a stale token.
    pub fencing: bool,
    /// Which comparison decides "stale" when fencing.
    pub comparison: Comparison,
    /// Whether leases expire. Off: a lease lasts until released (§5.1).
    pub expiry: bool,
    /// A crashes at the start of its pause and never comes back.
    pub a_crashes: bool,
    /// A asks the lock service whether it still holds a quorum at this tick
    /// and writes only if the answer was yes. Equal to the write tick means
    /// immediately before writing.
    pub recheck_at: Option<Tick>,
    /// B writes twice under its one lease (§7.3 case b).
    pub b_writes_twice: bool,
    /// The new holder tells the resource its token the moment it acquires,
    /// before reading or writing, so an older token arriving later is
    /// refused even before the holder's first write lands. Only meaningful
    /// with fencing. Absent in older run files, hence the default.
    #[serde(default)]
    pub register_token: bool,
    /// antirez's remedy instead of fencing: the lock's value is a unique
    /// id (not an ordered token); each new holder registers its id with
    /// the resource as it acquires, and the resource applies a write only
    /// if the writer's id is the one registered last (check-and-set).
    /// Left out of run files when off, so older files read the same.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cas: bool,
    /// A failure the study excludes on purpose (commentary §5.2, §7.5, §8),
    /// switched on; see [`crate::beyond`].
    #[serde(default)]
    pub fault: Fault,
    /// How long acquiring takes, and whether the client checks what is
    /// left of its lease when it has a majority (Redlock's step 3).
    #[serde(default, skip_serializing_if = "Acquiring::is_instant")]
    pub acquiring: Acquiring,
    /// A third client, C, that runs B's script from this tick: only the
    /// explorer adds one (`dlock check --clients 3`); the study has two.
    /// Left out of run files when absent, so older files read the same;
    /// never read from a file, since no range bounds it and the page
    /// shows two clients: a run file with C reads as the run without it,
    /// whose writes the page's import then finds do not match.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub third: Option<Tick>,
    /// When A first asks for the lock: 0 in the study; the explorer may
    /// choose later (`dlock check --max-a-arrival`), and A then retries
    /// as B does and runs its script from when it holds the lock. Left out
    /// of run files when 0, so older files read the same; never read from
    /// a file, as `third` is not.
    #[serde(default, skip_serializing_if = "is_zero", skip_deserializing)]
    pub a_arrives: Tick,
    /// The drift allowance every client subtracts from its lease, set by
    /// the explorer for every schedule of a search alike (`dlock check
    /// --drift-allowance`): the clients cannot know whether a clock fault
    /// strikes, so a fault that does not strike changes nothing they do,
    /// and the lease lock's clients, set so, compute no validity whatever
    /// the fault. `None` on the page's runs, where the fault sets it
    /// ([`Params::drift_allowance`]). Never read from a file, as `third`
    /// is not.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub allowance: Option<Tick>,
}

fn is_zero(t: &Tick) -> bool {
    *t == 0
}

/// How acquiring the lock takes time: requests and replies on a network,
/// and the client's check that the lease is still worth having when a
/// majority has answered (Redlock's step 3). The default is the study's
/// instantaneous acquire, in which the check can never fail.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Acquiring {
    /// Ticks a request takes to reach a server, and a reply to return.
    /// A server's lease starts when the request reaches it.
    pub latency: Tick,
    /// Ticks A is stopped, once, while the replies to its first acquire
    /// are in flight (from when its requests reach the servers).
    pub a_pause: Tick,
    /// The client notes T1 before sending and T2 once a majority has
    /// answered, and keeps the lock only if `ttl - (T2 - T1) - allowance`
    /// is above zero; otherwise it releases on every server and retries.
    /// Off, a client trusts any majority, for a full ttl from T2.
    pub validity_check: bool,
}

impl Default for Acquiring {
    fn default() -> Acquiring {
        Acquiring::INSTANT
    }
}

impl Acquiring {
    /// The study's model: no time passes between asking and holding.
    pub const INSTANT: Acquiring = Acquiring {
        latency: 0,
        a_pause: 0,
        validity_check: true,
    };

    /// Whether any time passes while acquiring. Only then does the
    /// simulation schedule requests and replies as events of their own;
    /// otherwise it runs exactly as it did before acquiring could take time.
    pub fn takes_time(&self) -> bool {
        self.latency > 0 || self.a_pause > 0
    }

    /// Whether this is the study's instantaneous acquire (left out of run
    /// files, so those written before stay byte for byte the same).
    pub fn is_instant(&self) -> bool {
        *self == Acquiring::INSTANT
    }

    /// When A reads the replies to a round it sent at `sent`: a round trip,
    /// unless A is paused past the replies' arrival (`paused`: its first
    /// round, which the pause falls on).
    pub fn replies_read_at(&self, sent: Tick, paused: bool) -> Tick {
        self.replies_read_after(sent + self.latency, paused, 0)
    }

    /// When the replies to requests that reached the servers at `arrived`
    /// are read: one trip back, `delay` ticks slower than the latency (the
    /// explorer's choice; zero otherwise), or when A's pause ends.
    pub fn replies_read_after(&self, arrived: Tick, paused: bool, delay: Tick) -> Tick {
        let stopped = if paused { self.a_pause } else { 0 };
        self.replies_read_stopped(arrived, stopped, delay)
    }

    /// As [`Acquiring::replies_read_after`], for any client stopped
    /// `stopped` ticks from when its requests reached the servers (the
    /// explorer may stop B there too).
    pub fn replies_read_stopped(&self, arrived: Tick, stopped: Tick, delay: Tick) -> Tick {
        arrived + (self.latency + delay).max(stopped)
    }
}

/// The majority rule, written once: of `servers` lock servers, a client
/// holds the lock while ⌊N/2⌋ + 1 hold its lease. Core, the page and the
/// lab all count a quorum through this.
pub const fn quorum_of(servers: u16) -> u16 {
    servers / 2 + 1
}

impl Default for Params {
    /// The corrupted run of the study (commentary §6.1).
    fn default() -> Params {
        Params {
            servers: 5,
            ttl: 10,
            pause_from: 2,
            pause_len: 14,
            b_arrives: 12,
            fencing: false,
            comparison: Comparison::Lt,
            expiry: true,
            a_crashes: false,
            recheck_at: None,
            b_writes_twice: false,
            register_token: false,
            cas: false,
            fault: Fault::None,
            acquiring: Acquiring::INSTANT,
            third: None,
            a_arrives: 0,
            allowance: None,
        }
    }
}

/// A parameter outside its range: names the parameter and the range.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct ParamError {
    pub name: &'static str,
    pub value: u64,
    pub min: u64,
    pub max: u64,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} = {} is out of range: allowed {}..={}",
            self.name, self.value, self.min, self.max
        )
    }
}

impl std::error::Error for ParamError {}

impl Params {
    /// Majority of the cluster ([`quorum_of`]).
    pub fn quorum(&self) -> u16 {
        quorum_of(self.servers)
    }

    /// Whether the resource refuses some writes: by token (fencing) or by
    /// holder id (check-and-set).
    pub fn guarded(&self) -> bool {
        self.fencing || self.cas
    }

    /// How many real ticks a lease lasts on `server`: the ttl, unless that
    /// server's clock runs fast or slow (clock drift).
    pub fn server_lease_ticks(&self, server: u16) -> Tick {
        match self.fault {
            Fault::ClockDrift { fast, rate_pct, .. }
                if faulty_servers(self.servers, fast).contains(&server) =>
            {
                real_ticks(self.ttl, rate_pct)
            }
            _ => self.ttl,
        }
    }

    /// The drift allowance clients subtract from the ttl: the explorer's,
    /// where it sets one for every schedule; else the one a clock drift
    /// sets, or Redlock's own where a clock may jump; none otherwise.
    pub fn drift_allowance(&self) -> Tick {
        if let Some(allowance) = self.allowance {
            return allowance;
        }
        match self.fault {
            Fault::ClockDrift { allowance, .. } => allowance,
            Fault::ClockJump { .. } => redlock_allowance(self.ttl),
            _ => 0,
        }
    }

    /// Whether a client that acquires at once computes its lease's
    /// validity: only under the page's clock faults, where the drift
    /// allowance is the point; never where the explorer sets an allowance
    /// for every schedule, since a fault that may not strike must not
    /// change what a client does.
    pub fn instant_client_checks_validity(&self) -> bool {
        self.allowance.is_none() && matches!(self.fault, Fault::ClockDrift { .. } | Fault::ClockJump { .. })
    }

    /// The tick at which B stops retrying if it still has no lock. A server
    /// staying silent after a restart delays B by up to one ttl more.
    pub fn horizon(&self) -> Tick {
        let quiet = match self.fault {
            Fault::Restart {
                remedy: RestartRemedy::StaySilent,
                at,
                ..
            } => at.saturating_add(self.ttl),
            _ => 0,
        };
        self.b_arrives.max(self.write_lands()).max(quiet) + PATIENCE_TICKS
    }

    /// Checks every parameter against its range.
    pub fn validate(&self) -> Result<(), ParamError> {
        let mut checks = vec![
            (SERVERS, u64::from(self.servers)),
            (TTL, u64::from(self.ttl)),
            (PAUSE_LEN, u64::from(self.pause_len)),
            (B_ARRIVES, u64::from(self.b_arrives)),
        ];
        checks.push((LATENCY, u64::from(self.acquiring.latency)));
        checks.push((ACQUIRE_PAUSE, u64::from(self.acquiring.a_pause)));
        match self.fault {
            Fault::None => {}
            Fault::TokenDrift { partition, .. } => checks.push((PARTITION, u64::from(partition))),
            Fault::Restart { servers, at, .. } => {
                checks.push((self.servers_limit("restarted"), u64::from(servers)));
                checks.push((RESTART_AT, u64::from(at)));
            }
            Fault::ClockDrift {
                fast,
                rate_pct,
                allowance,
                ..
            } => {
                checks.push((self.servers_limit("fast"), u64::from(fast)));
                checks.push((CLOCK_RATE, u64::from(rate_pct)));
                checks.push((self.allowance_limit(), u64::from(allowance)));
            }
            Fault::SlowNetwork { delay } => checks.push((DELAY, u64::from(delay))),
            Fault::ClockJump {
                servers, at, jump, ..
            } => {
                checks.push((self.servers_limit("jumped"), u64::from(servers)));
                checks.push((RESTART_AT, u64::from(at)));
                checks.push((JUMP, u64::from(jump)));
            }
        }
        // After the fault's own knobs: the pause's lower bound depends on one.
        checks.push((self.pause_from_limit(), u64::from(self.pause_from)));
        for (limit, value) in checks {
            if !limit.contains(value) {
                return Err(ParamError {
                    name: limit.name,
                    value,
                    min: u64::from(limit.min),
                    max: u64::from(limit.max),
                });
            }
        }
        if let Some(c) = self.recheck_at {
            let limit = self.recheck_limit();
            if !limit.contains(u64::from(c)) {
                return Err(ParamError {
                    name: limit.name,
                    value: u64::from(c),
                    min: u64::from(limit.min),
                    max: u64::from(limit.max),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drift_allowance_is_one_rule_in_ticks_and_in_milliseconds() {
        // 1% of a 1,000 ms lease, plus 2 ms: what redis.io's clients take.
        assert_eq!(drift_allowance_ms(1_000), 12);
        for ttl in [1, 10, 25, 400, 10_000] {
            assert_eq!(
                u64::from(redlock_allowance_ms(ttl)),
                drift_allowance_ms(u64::from(ttl) * u64::from(TICK_MS))
            );
        }
        assert_eq!(redlock_allowance(10), 1);
    }

    #[test]
    fn defaults_are_the_corrupted_run_and_valid() {
        let p = Params::default();
        assert_eq!(p.validate(), Ok(()));
        assert_eq!(p.quorum(), 3);
        assert_eq!(p.write_tick(), 16);
        assert_eq!(p.horizon(), 216);
    }

    #[test]
    fn a_pause_kept_from_its_check_is_the_same_run() {
        for check in 0..=20 {
            let p = Params {
                recheck_at: Some(check),
                ..Params::default()
            };
            let kept = p.with_pause_from_its_check();
            assert_eq!(kept.write_tick(), p.write_tick());
            assert_eq!(kept.effective_pause_from(), p.effective_pause_from());
            assert_eq!(kept.pause_from, p.effective_pause_from(), "check at {check}");
            let (a, b) = (crate::simulate(&p), crate::simulate(&kept));
            assert_eq!((a.entries, a.writes, a.grants), (b.entries, b.writes, b.grants));
        }
    }

    #[test]
    fn quorum_is_a_strict_majority() {
        let q = |n| {
            Params {
                servers: n,
                ..Params::default()
            }
            .quorum()
        };
        assert_eq!([1, 3, 5, 7, 15, 51, 101].map(q), [1, 2, 3, 4, 8, 26, 51]);
        assert_eq!([2, 4, 6].map(q), [2, 3, 4]);
    }

    #[test]
    fn validation_names_the_parameter_and_its_range() {
        let bad = Params {
            servers: 0,
            ..Params::default()
        };
        let err = bad.validate().unwrap_err();
        assert_eq!(err.to_string(), "servers = 0 is out of range: allowed 1..=101");
        let late_check = Params {
            recheck_at: Some(17),
            ..Params::default()
        };
        assert_eq!(late_check.validate().unwrap_err().name, "recheck");
        let check_at_write = Params {
            recheck_at: Some(16),
            ..Params::default()
        };
        assert_eq!(check_at_write.validate(), Ok(()));
    }

    #[test]
    fn a_check_inside_the_pause_moves_the_pause_after_it() {
        let at = |c| {
            Params {
                recheck_at: Some(c),
                ..Params::default()
            }
            .effective_pause_from()
        };
        assert_eq!(at(1), 2);
        assert_eq!(at(2), 2);
        assert_eq!(at(9), 9);
        assert_eq!(at(16), 2, "a check at the write tick leaves the pause alone");
    }

    #[test]
    fn limits_clamp_to_the_nearest_allowed_value() {
        assert_eq!(SERVERS.clamp(0), 1);
        assert_eq!(SERVERS.clamp(u64::MAX), 101);
        assert_eq!(TTL.clamp(25), 25);
        assert!(PAUSE_LEN.contains(0));
        assert!(!PAUSE_FROM.contains(1));
    }

    #[test]
    fn comparison_codes_round_trip() {
        for c in [Comparison::Lt, Comparison::Le] {
            assert_eq!(Comparison::from_code(c.code()), Some(c));
        }
        assert_eq!(Comparison::from_code("eq"), None);
    }
}
