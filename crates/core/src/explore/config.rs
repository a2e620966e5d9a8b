//! What the explorer checks: a lock and a resource, and the bounds of the
//! choices it tries.

use crate::params::{Acquiring, Comparison, Params};
pub use crate::scenario::searched_fault::SearchedFault;
use crate::scenario::tape::Ranges;
pub use crate::scenario::tape::{PauseAt, Pausing};
use crate::types::Tick;
use serde::Serialize;

/// The lock: the seed's lease lock (an instantaneous acquire, so no
/// message can be late), or Redlock, whose requests, replies and releases
/// take a tick and may take more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LockKind {
    Lease,
    Redlock,
}

/// The resource: plain, fenced (`<` or `<=` against the highest token
/// seen), fenced `<` with each holder registering its token as it
/// acquires, or check-and-set on the holder's registered id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResourceKind {
    Plain,
    Fencing,
    FencingLe,
    Cas,
    /// Fencing `<`, with each holder registering its token at the
    /// resource the moment it holds the lock: the remedy for a stale write
    /// that lands before the new holder's first write.
    Register,
}

impl ResourceKind {
    /// Every resource; the order is the workers' wire format's.
    pub const ALL: [ResourceKind; 5] = [
        ResourceKind::Plain,
        ResourceKind::Fencing,
        ResourceKind::FencingLe,
        ResourceKind::Cas,
        ResourceKind::Register,
    ];

    /// The page's matrix's columns: registration has its column in the
    /// fault × remedy table (`argument`), so the matrix keeps its four.
    pub const MATRIX: [ResourceKind; 4] = [
        ResourceKind::Plain,
        ResourceKind::Fencing,
        ResourceKind::FencingLe,
        ResourceKind::Cas,
    ];

    /// The name the CLI takes and prints.
    pub fn code(self) -> &'static str {
        match self {
            ResourceKind::Plain => "plain",
            ResourceKind::Fencing => "fencing",
            ResourceKind::FencingLe => "fencing-le",
            ResourceKind::Cas => "cas",
            ResourceKind::Register => "register",
        }
    }

    pub fn from_code(code: &str) -> Option<ResourceKind> {
        ResourceKind::ALL.into_iter().find(|r| r.code() == code)
    }
}

/// One configuration: the lock, whether clients check the validity left
/// (Redlock's step 3; meaningless for the lease lock), the resource, and
/// the cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Config {
    pub lock: LockKind,
    pub validity_check: bool,
    pub resource: ResourceKind,
    pub servers: u16,
    pub ttl: Tick,
    /// The ticks every client subtracts from its lease's validity
    /// (`bound::DRIFT_ALLOWANCE`): the same in every schedule, with a
    /// clock fault or without, since a client cannot know which schedule
    /// it is in. Only a client that checks its validity reads it.
    pub drift_allowance: Tick,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            lock: LockKind::Lease,
            validity_check: true,
            resource: ResourceKind::Plain,
            servers: 5,
            ttl: 10,
            drift_allowance: 0,
        }
    }
}

impl Config {
    /// Every lock (the lease lock; Redlock with the validity check and
    /// without) with every resource, lock by lock: the page's matrix.
    pub fn matrix(servers: u16, ttl: Tick) -> Vec<Config> {
        let locks = [
            (LockKind::Lease, true),
            (LockKind::Redlock, true),
            (LockKind::Redlock, false),
        ];
        locks
            .into_iter()
            .flat_map(|(lock, validity_check)| {
                ResourceKind::MATRIX.into_iter().map(move |resource| Config {
                    lock,
                    validity_check,
                    resource,
                    servers,
                    ttl,
                    drift_allowance: 0,
                })
            })
            .collect()
    }

    /// The lock in a few words.
    pub fn lock_words(&self) -> &'static str {
        match (self.lock, self.validity_check) {
            (LockKind::Lease, _) => "the lease lock",
            (LockKind::Redlock, true) => "Redlock with the validity check",
            (LockKind::Redlock, false) => "Redlock without the validity check",
        }
    }

    /// The study's parameters for this configuration. B's arrival and A's
    /// pauses are left at zero: the explorer chooses them.
    pub fn params(&self) -> Params {
        let study = Params::default();
        Params {
            servers: self.servers,
            ttl: self.ttl,
            pause_len: 0,
            b_arrives: 0,
            fencing: matches!(
                self.resource,
                ResourceKind::Fencing | ResourceKind::FencingLe | ResourceKind::Register
            ),
            register_token: self.resource == ResourceKind::Register,
            comparison: match self.resource {
                ResourceKind::FencingLe => Comparison::Le,
                _ => Comparison::Lt,
            },
            cas: self.resource == ResourceKind::Cas,
            acquiring: match self.lock {
                LockKind::Lease => Acquiring::INSTANT,
                LockKind::Redlock => Acquiring {
                    latency: 1,
                    a_pause: 0,
                    validity_check: self.validity_check,
                },
            },
            allowance: Some(self.drift_allowance),
            ..study
        }
    }

    /// The configuration in a few words, e.g. "Redlock without the
    /// validity check, 5 servers, ttl 10, resource: fencing".
    pub fn describe(&self) -> String {
        let allowance = match self.drift_allowance {
            0 => String::new(),
            n => format!(", drift allowance {}", crate::words::count(n, "tick", "ticks")),
        };
        format!(
            "{}, {} servers, ttl {}{allowance}, resource: {}",
            self.lock_words(),
            self.servers,
            self.ttl,
            self.resource.code()
        )
    }
}

/// How far the explorer looks: B arrives at any tick up to `max_arrival`,
/// A stops for any length up to `max_pause` (after acquiring; with
/// Redlock, while its first replies travel; with the validity check, just
/// after the check, writing on its answer; `pause_at` may keep it to
/// one of these places), each message may take up to
/// `max_delay` ticks more than one, clients stop retrying at `horizon`,
/// and a client that asks must hold the lock within `within` ticks. The
/// search stops, incomplete, after `max_states` states. One `fault` may be
/// searched too (`SearchedFault`: a restart, a clock step, a partition,
/// a clock's rate). Up to `max_lost` requests, replies and releases, in
/// all, may be lost on the way (Redlock only: the lease lock sends
/// nothing); late and lost messages combine with any fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Bound {
    pub max_arrival: Tick,
    pub max_pause: Tick,
    pub max_delay: Tick,
    pub horizon: Tick,
    pub within: Tick,
    pub max_states: u64,
    /// The one fault searched beside late and lost messages. In JSON as
    /// its flags (`restart`, `clock_step`, `clock_rate`, `partition`), so
    /// a script can pass it back.
    #[serde(flatten)]
    pub fault: SearchedFault,
    pub max_lost: u8,
    pub pause_at: PauseAt,
    /// Which clients may pause: `a` (the study's script) or `every`.
    pub pausing: Pausing,
    /// How many clients run (`bound::CLIENTS`): a third, C, runs B's script,
    /// arriving at any tick B may.
    pub clients: u8,
    /// A first asks for the lock at any tick up to this one (0: at once,
    /// the study's script); arriving after B holds it, A retries as B
    /// does, and its script runs from when it holds the lock.
    pub max_a_arrival: Tick,
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            max_arrival: 12,
            max_pause: 14,
            max_delay: 0,
            horizon: 40,
            within: 20,
            max_states: 2_000_000,
            fault: SearchedFault::None,
            max_lost: 0,
            pause_at: PauseAt::Anywhere,
            pausing: Pausing::A,
            clients: 2,
            max_a_arrival: 0,
        }
    }
}

impl Bound {
    /// Liveness's window when none is asked for: the default's, or the
    /// whole run where the horizon comes sooner, so that a client asking at
    /// t=0 is judged before the clients stop.
    pub fn default_within(horizon: Tick) -> Tick {
        Bound::default().within.min(horizon)
    }

    /// The bound as `config` can use it: the lease lock acquires at once
    /// and sends no message, so none is late or lost. Every search and
    /// replay reads the bound through this, so a lease row under a bound
    /// with late messages (the page's matrix has one bound for every row)
    /// is the search its `dlock check` line runs.
    pub fn for_config(self, config: &Config) -> Bound {
        match config.lock {
            LockKind::Lease => Bound {
                max_delay: 0,
                max_lost: 0,
                ..self
            },
            LockKind::Redlock => self,
        }
    }

    pub fn ranges(&self) -> Ranges {
        Ranges {
            max_arrival: self.max_arrival,
            max_pause: self.max_pause,
            max_delay: self.max_delay,
            horizon: self.horizon,
            fault: self.fault,
            within: self.within,
            max_lost: self.max_lost,
            pause_at: self.pause_at,
            pausing: self.pausing,
            clients: self.clients,
            // Under token drift A's partition decides when it first holds
            // the lock: A asks at once.
            max_a_arrival: if self.fault.partition() > 0 {
                0
            } else {
                self.max_a_arrival
            },
        }
    }

    /// The bound in a few words, every part of it, for "holds within …".
    pub fn describe(&self) -> String {
        let mut words = format!(
            "B arriving at t=0..{}, {} stopped 0..{} ticks{}, messages up to {} ticks late, clients retrying until t={}",
            self.max_arrival,
            match self.pausing {
                Pausing::A => "A",
                Pausing::Every => "each client",
            },
            self.max_pause,
            match self.pause_at {
                PauseAt::Anywhere => "",
                PauseAt::Acquired => " once it holds the lock",
                PauseAt::Acquiring => " while its replies travel",
            },
            self.max_delay,
            self.horizon
        );
        if self.clients > 2 {
            words += &format!(
                ", a third client C running B's script from any of t=0..{}",
                self.max_arrival
            );
        }
        let ranges = self.ranges();
        if ranges.max_a_arrival > 0 {
            words += &format!(", A first asking at any of t=0..{}", ranges.max_a_arrival);
        }
        words += &self.fault.words(self.horizon);
        if self.max_lost > 0 {
            words += &format!(
                ", up to {} of the requests, replies and releases lost",
                self.max_lost
            );
        }
        words += &format!(
            ", liveness within {} ticks of asking, at most {} states",
            self.within, self.max_states
        );
        words
    }
}
