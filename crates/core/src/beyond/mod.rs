//! The failure modes the study leaves out on purpose (commentary §5.2, §7.5
//! and §8), each a preset of the same simulation: same schedule, same
//! audits, same transcript. The study's claim "the lock is innocent" holds
//! only because these are excluded; here each is switched on alone, and the
//! verdict says which system failed — the lock, or the resource.
//!
//! A preset is a [`Scenario`] plus a few knobs (numbers and switches whose
//! ranges live on each `Knob`, once, for the CLI and the page alike: a
//! preset's range, within what a run takes).

use crate::params::{self, Fault, Limit, Params, Reach, RestartRemedy};
use crate::scenario::{simulate, Run};
use crate::types::Tick;

mod verdict;
pub use verdict::{scenario_text, verdict, Failed, Verdict};

/// One of the failure modes beyond the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scenario {
    TokenDrift,
    Restart,
    ClockDrift,
    SlowNetwork,
    StaleAccepted,
    ClockJump,
}

/// How a knob's value reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnobKind {
    /// A whole number in the knob's range.
    Number,
    /// 0 or 1.
    Switch,
    /// An index into these labels.
    Choice(&'static [&'static str]),
}

/// One adjustable value of a preset. `code` is its name in URLs and on the
/// command line, unique across all scenarios.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knob {
    pub code: &'static str,
    pub label: &'static str,
    pub limit: Limit,
    pub default: u32,
    pub kind: KnobKind,
    /// The value of this knob that applies the scenario's remedy, if it is
    /// the remedy knob; the page offers a "show the remedy" link for it.
    pub remedy: Option<u32>,
}

const fn knob(
    code: &'static str,
    label: &'static str,
    min: u32,
    max: u32,
    default: u32,
    kind: KnobKind,
) -> Knob {
    Knob {
        code,
        label,
        limit: Limit { name: code, min, max },
        default,
        kind,
        remedy: None,
    }
}

/// A knob that is off (0) or on (1).
const fn switch(code: &'static str, label: &'static str) -> Knob {
    knob(code, label, 0, 1, 0, KnobKind::Switch)
}

/// A knob that picks one of `labels`, the first by default.
const fn choice(code: &'static str, label: &'static str, labels: &'static [&'static str]) -> Knob {
    knob(
        code,
        label,
        0,
        labels.len() as u32 - 1,
        0,
        KnobKind::Choice(labels),
    )
}

const fn remedy(mut k: Knob, value: u32) -> Knob {
    k.remedy = Some(value);
    k
}

const SERVERS: u16 = 5;

const DRIFT: [Knob; 2] = [
    knob(
        "drift_partition",
        "A sees only server 1 (ticks)",
        params::PARTITION.min,
        20,
        4,
        KnobKind::Number,
    ),
    remedy(switch("drift_ordered", "one ordered token counter"), 1),
];
const RESTART_REMEDIES: [&str; 3] = ["restart empty", "persist state", "delayed restart"];
/// How far each client reaches, as [`Reach`] in knob order.
const REACHES: [&str; 2] = ["each a bare majority", "both reach every server"];
const REACH_OF: [Reach; 2] = [Reach::BareMajorities, Reach::All];
const RESTART: [Knob; 3] = [
    knob(
        "restart_servers",
        "servers that restart",
        0,
        SERVERS as u32,
        1,
        KnobKind::Number,
    ),
    remedy(
        choice("restart_remedy", "after the restart", &RESTART_REMEDIES),
        1,
    ),
    choice("restart_reach", "servers each client reaches", &REACHES),
];
const CLOCK: [Knob; 5] = [
    knob(
        "clock_fast",
        "servers with a fast clock",
        0,
        SERVERS as u32,
        1,
        KnobKind::Number,
    ),
    knob(
        "clock_rate",
        "their clock rate (%)",
        100,
        params::CLOCK_RATE.max,
        200,
        KnobKind::Number,
    ),
    knob(
        "clock_allowance",
        "drift allowance (ticks)",
        0,
        CLOCK_TTL,
        redlock_allowance(CLOCK_TTL),
        KnobKind::Number,
    ),
    remedy(switch("clock_fencing", "fencing"), 1),
    choice("clock_reach", "servers each client reaches", &REACHES),
];

pub use crate::params::{redlock_allowance, redlock_allowance_ms, DRIFT_EXTRA_MS, DRIFT_PERCENT, TICK_MS};

/// Where a drift allowance of `allowance` ticks stands against the
/// reference clients' rule for a lease of `ttl` ticks, in one sentence.
pub fn allowance_sentence(ttl: Tick, allowance: Tick) -> String {
    let ms = redlock_allowance_ms(ttl);
    let rule = format!(
        "Redlock's reference clients subtract {DRIFT_PERCENT}% of the ttl plus {DRIFT_EXTRA_MS} ms: {ms} ms here, at {TICK_MS} ms a tick"
    );
    let rounded = redlock_allowance(ttl);
    if allowance == rounded {
        format!(
            "{rule}, rounded up to {}.",
            crate::words::count(rounded, "whole tick", "whole ticks")
        )
    } else {
        format!(
            "{rule}; this allowance is {} ms.",
            allowance.saturating_mul(TICK_MS)
        )
    }
}
const NETWORK: [Knob; 2] = [
    knob(
        "net_delay",
        "A's write on the wire (ticks)",
        0,
        30,
        14,
        KnobKind::Number,
    ),
    remedy(switch("net_fencing", "fencing"), 1),
];
const STALE: [Knob; 2] = [
    knob("sa_pause", "A's pause length", 0, 20, 12, KnobKind::Number),
    remedy(switch("sa_register", "B registers its token first"), 1),
];

const JUMP: [Knob; 4] = [
    knob(
        "jump_servers",
        "servers whose clock steps",
        0,
        SERVERS as u32,
        1,
        KnobKind::Number,
    ),
    knob("jump", "how far it steps (ticks)", 0, 20, 8, KnobKind::Number),
    remedy(switch("jump_fencing", "fencing"), 1),
    choice("jump_reach", "servers each client reaches", &REACHES),
];

/// When the clock steps in the clock-jump preset: while A holds the lock
/// and before B arrives.
const JUMP_AT: Tick = 2;

const CLOCK_TTL: Tick = 10;

/// The drift allowance that absorbs the clock preset's fast clock: as many
/// ticks as its leases end early. Far above Redlock's, and a lease that
/// loses that much of its length to the allowance is worth little.
pub fn allowance_covering_the_drift() -> u32 {
    CLOCK_TTL - params::real_ticks(CLOCK_TTL, CLOCK[1].default)
}

impl Scenario {
    pub const ALL: [Scenario; 6] = [
        Scenario::TokenDrift,
        Scenario::Restart,
        Scenario::ClockDrift,
        Scenario::ClockJump,
        Scenario::SlowNetwork,
        Scenario::StaleAccepted,
    ];

    /// The name on the command line (`dlock run --scenario NAME`) and in
    /// page anchors.
    pub fn code(self) -> &'static str {
        match self {
            Scenario::TokenDrift => "token-drift",
            Scenario::Restart => "restart",
            Scenario::ClockDrift => "clock-drift",
            Scenario::SlowNetwork => "slow-network",
            Scenario::StaleAccepted => "stale-accepted",
            Scenario::ClockJump => "clock-jump",
        }
    }

    pub fn from_code(code: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.code() == code)
    }

    pub fn title(self) -> &'static str {
        match self {
            Scenario::TokenDrift => "Token drift",
            Scenario::Restart => "A lock server restarts without its state",
            Scenario::ClockDrift => "Clock drift",
            Scenario::SlowNetwork => "A slow network instead of a pause",
            Scenario::StaleAccepted => "The stale write that fencing accepts",
            Scenario::ClockJump => "A clock that jumps",
        }
    }

    pub fn knobs(self) -> &'static [Knob] {
        match self {
            Scenario::TokenDrift => &DRIFT,
            Scenario::Restart => &RESTART,
            Scenario::ClockDrift => &CLOCK,
            Scenario::SlowNetwork => &NETWORK,
            Scenario::StaleAccepted => &STALE,
            Scenario::ClockJump => &JUMP,
        }
    }

    pub fn defaults(self) -> Vec<u32> {
        self.knobs().iter().map(|k| k.default).collect()
    }

    /// The defaults with knob `code` set to `value`.
    pub fn with(self, code: &str, value: u32) -> Vec<u32> {
        self.knobs()
            .iter()
            .map(|k| if k.code == code { value } else { k.default })
            .collect()
    }

    /// The defaults with the remedy applied.
    pub fn with_remedy(self) -> Vec<u32> {
        self.knobs()
            .iter()
            .map(|k| k.remedy.unwrap_or(k.default))
            .collect()
    }

    /// The run's parameters for these knob values (missing values take
    /// their default; every value is clamped to its knob's range).
    pub fn params(self, values: &[u32]) -> Params {
        let v = |i: usize| {
            let k = self.knobs()[i];
            k.limit
                .clamp(u64::from(values.get(i).copied().unwrap_or(k.default)))
        };
        let base = Params::default();
        match self {
            Scenario::TokenDrift => {
                let partition = v(0);
                Params {
                    pause_from: partition + 2,
                    b_arrives: partition + 12,
                    fencing: true,
                    fault: Fault::TokenDrift {
                        partition,
                        ordered: v(1) == 1,
                    },
                    ..base
                }
            }
            Scenario::Restart => Params {
                ttl: 30,
                pause_len: 6,
                b_arrives: 4,
                fencing: true,
                fault: Fault::Restart {
                    servers: v(0) as u16,
                    at: 3,
                    remedy: RestartRemedy::ALL[v(1) as usize],
                    reach: REACH_OF[v(2) as usize],
                },
                ..base
            },
            Scenario::ClockDrift => Params {
                ttl: CLOCK_TTL,
                pause_len: 6,
                b_arrives: 3,
                fencing: v(3) == 1,
                fault: Fault::ClockDrift {
                    fast: v(0) as u16,
                    rate_pct: v(1),
                    allowance: v(2),
                    reach: REACH_OF[v(4) as usize],
                },
                ..base
            },
            Scenario::SlowNetwork => Params {
                pause_len: 0,
                fencing: v(1) == 1,
                fault: Fault::SlowNetwork { delay: v(0) },
                ..base
            },
            Scenario::StaleAccepted => Params {
                pause_len: v(0),
                fencing: true,
                register_token: v(1) == 1,
                ..base
            },
            Scenario::ClockJump => Params {
                ttl: CLOCK_TTL,
                pause_len: 6,
                b_arrives: 3,
                fencing: v(2) == 1,
                fault: Fault::ClockJump {
                    servers: v(0) as u16,
                    at: JUMP_AT,
                    jump: v(1),
                    reach: REACH_OF[v(3) as usize],
                },
                ..base
            },
        }
    }

    pub fn run(self, values: &[u32]) -> Run {
        simulate(&self.params(values))
    }
}

/// The scenario and knob values that produce `p`, for parameters with a
/// fault switched on (an imported run, say). `None` if no preset makes
/// exactly these parameters.
pub fn recognise(p: &Params) -> Option<(Scenario, Vec<u32>)> {
    let (scenario, values) = match p.fault {
        Fault::None => return None,
        Fault::TokenDrift { partition, ordered } => {
            (Scenario::TokenDrift, vec![partition, u32::from(ordered)])
        }
        Fault::Restart {
            servers,
            remedy,
            reach,
            ..
        } => {
            let index = RestartRemedy::ALL.iter().position(|&r| r == remedy)? as u32;
            (
                Scenario::Restart,
                vec![u32::from(servers), index, reach_index(reach)],
            )
        }
        Fault::ClockDrift {
            fast,
            rate_pct,
            allowance,
            reach,
        } => (
            Scenario::ClockDrift,
            vec![
                u32::from(fast),
                rate_pct,
                allowance,
                u32::from(p.fencing),
                reach_index(reach),
            ],
        ),
        Fault::SlowNetwork { delay } => (Scenario::SlowNetwork, vec![delay, u32::from(p.fencing)]),
        Fault::ClockJump {
            servers, jump, reach, ..
        } => (
            Scenario::ClockJump,
            vec![u32::from(servers), jump, u32::from(p.fencing), reach_index(reach)],
        ),
    };
    (scenario.params(&values) == *p).then_some((scenario, values))
}

fn reach_index(reach: Reach) -> u32 {
    REACH_OF.iter().position(|&r| r == reach).unwrap_or(0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knob_codes_are_unique_and_defaults_in_range() {
        let mut codes: Vec<&str> = Scenario::ALL
            .iter()
            .flat_map(|s| s.knobs().iter().map(|k| k.code))
            .collect();
        let n = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), n);
        for s in Scenario::ALL {
            assert_eq!(Scenario::from_code(s.code()), Some(s));
            for k in s.knobs() {
                assert!(k.limit.contains(u64::from(k.default)), "{}", k.code);
            }
            assert_eq!(
                s.knobs().iter().filter(|k| k.remedy.is_some()).count(),
                1,
                "{s:?}"
            );
            assert_eq!(s.params(&s.defaults()).validate(), Ok(()), "{s:?}");
        }
    }

    /// A knob's range is the preset's, narrower than the run's so its
    /// figure stays readable; never wider: each end of every knob, the
    /// others at their defaults, is a run the parameters' own ranges take,
    /// and a switch or a choice spans exactly its values.
    #[test]
    fn every_knob_s_range_is_within_what_a_run_takes() {
        for s in Scenario::ALL {
            for (i, k) in s.knobs().iter().enumerate() {
                for end in [k.limit.min, k.limit.max] {
                    let mut values = s.defaults();
                    values[i] = end;
                    assert_eq!(s.params(&values).validate(), Ok(()), "{} = {end}", k.code);
                }
                match k.kind {
                    KnobKind::Switch => assert_eq!((k.limit.min, k.limit.max), (0, 1), "{}", k.code),
                    KnobKind::Choice(labels) => {
                        assert_eq!(
                            (k.limit.min, k.limit.max as usize),
                            (0, labels.len() - 1),
                            "{}",
                            k.code
                        )
                    }
                    KnobKind::Number => {}
                }
            }
        }
    }

    #[test]
    fn presets_are_recognised_from_their_parameters() {
        for s in Scenario::ALL
            .into_iter()
            .filter(|&s| s != Scenario::StaleAccepted)
        {
            for values in [s.defaults(), s.with_remedy()] {
                assert_eq!(recognise(&s.params(&values)), Some((s, values)), "{s:?}");
            }
        }
        assert_eq!(recognise(&Params::default()), None);
        let edited = Params {
            ttl: 99,
            ..Scenario::TokenDrift.params(&Scenario::TokenDrift.defaults())
        };
        assert_eq!(recognise(&edited), None, "not a preset any more");
    }

    #[test]
    fn knob_values_are_clamped() {
        let p = Scenario::TokenDrift.params(&[1_000, 7]);
        assert_eq!(
            p.fault,
            Fault::TokenDrift {
                partition: 20,
                ordered: true
            }
        );
    }
}
