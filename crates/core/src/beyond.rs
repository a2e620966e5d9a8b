//! The failure modes the study leaves out on purpose (commentary §5.2, §7.5
//! and §8), each a preset of the same simulation: same schedule, same
//! audits, same transcript. The study's claim "the lock is innocent" holds
//! only because these are excluded; here each is switched on alone, and the
//! verdict says which system failed — the lock, or the resource.
//!
//! A preset is a [`Scenario`] plus a few knobs (numbers and switches whose
//! ranges live here, once, for the CLI and the page alike).

use crate::audit::{Audit, Outcome};
use crate::params::{self, Fault, Limit, Params, RestartRemedy};
use crate::scenario::{simulate, Run};
use crate::types::{Client, Tick};
use serde::Serialize;
use std::fmt;

/// One of the failure modes beyond the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scenario {
    TokenDrift,
    Restart,
    ClockDrift,
    SlowNetwork,
    StaleAccepted,
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
    remedy(
        knob(
            "drift_ordered",
            "one ordered token counter",
            0,
            1,
            0,
            KnobKind::Switch,
        ),
        1,
    ),
];
const RESTART_REMEDIES: [&str; 3] = ["restart empty", "persist state", "stay silent one ttl"];
const RESTART: [Knob; 2] = [
    knob(
        "restart_servers",
        "servers that restart",
        0,
        SERVERS as u32,
        3,
        KnobKind::Number,
    ),
    remedy(
        knob(
            "restart_remedy",
            "after the restart",
            0,
            2,
            0,
            KnobKind::Choice(&RESTART_REMEDIES),
        ),
        1,
    ),
];
const CLOCK: [Knob; 3] = [
    knob(
        "clock_fast",
        "servers with a fast clock",
        0,
        SERVERS as u32,
        3,
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
    remedy(
        knob(
            "clock_allowance",
            "A's drift allowance (ticks)",
            0,
            CLOCK_TTL,
            1,
            KnobKind::Number,
        ),
        5,
    ),
];
const NETWORK: [Knob; 2] = [
    knob(
        "net_delay",
        "A's write on the wire (ticks)",
        0,
        30,
        14,
        KnobKind::Number,
    ),
    remedy(knob("net_fencing", "fencing", 0, 1, 0, KnobKind::Switch), 1),
];
const STALE: [Knob; 2] = [
    knob("sa_pause", "A's pause length", 0, 20, 12, KnobKind::Number),
    remedy(
        knob(
            "sa_register",
            "B registers its token first",
            0,
            1,
            0,
            KnobKind::Switch,
        ),
        1,
    ),
];

const CLOCK_TTL: Tick = 10;

impl Scenario {
    pub const ALL: [Scenario; 5] = [
        Scenario::TokenDrift,
        Scenario::Restart,
        Scenario::ClockDrift,
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
        }
    }

    pub fn knobs(self) -> &'static [Knob] {
        match self {
            Scenario::TokenDrift => &DRIFT,
            Scenario::Restart => &RESTART,
            Scenario::ClockDrift => &CLOCK,
            Scenario::SlowNetwork => &NETWORK,
            Scenario::StaleAccepted => &STALE,
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
                },
                ..base
            },
            Scenario::ClockDrift => Params {
                ttl: CLOCK_TTL,
                pause_len: 6,
                b_arrives: 3,
                fault: Fault::ClockDrift {
                    fast: v(0) as u16,
                    rate_pct: v(1),
                    allowance: v(2),
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
        Fault::Restart { servers, remedy, .. } => {
            let index = RestartRemedy::ALL.iter().position(|&r| r == remedy)? as u32;
            (Scenario::Restart, vec![u32::from(servers), index])
        }
        Fault::ClockDrift {
            fast,
            rate_pct,
            allowance,
        } => (Scenario::ClockDrift, vec![u32::from(fast), rate_pct, allowance]),
        Fault::SlowNetwork { delay } => (Scenario::SlowNetwork, vec![delay, u32::from(p.fencing)]),
    };
    (scenario.params(&values) == *p).then_some((scenario, values))
}

/// Which system failed in a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Failed {
    /// Mutual exclusion broke at the lock, or its tokens stopped following
    /// the order of its leases.
    Lock,
    /// The lock did its job and the data still lost work.
    Resource,
    Nothing,
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Failed::Lock => "the lock",
            Failed::Resource => "the resource",
            Failed::Nothing => "nothing",
        })
    }
}

/// What a scenario's run came to, in sentences the page and the CLI share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub failed: Failed,
    pub sentences: Vec<String>,
}

/// Reads the audits of `run` and says which system failed and how. The
/// answer depends only on what happened — the leases held, the tokens
/// issued, the writes in the order they landed and the value they left —
/// never on which knob produced it.
pub fn verdict(run: &Run) -> Verdict {
    let found = run.audit();
    let mut sentences = lock_sentences(&found);
    let lock_failed = !found.overlapping_holds.is_empty()
        || !found.overlapping_grants.is_empty()
        || !found.token_reversals.is_empty();
    sentences.extend(resource_sentences(run, &found));
    let data_lost = matches!(
        found.outcome,
        Outcome::Corrupt | Outcome::StaleAccepted | Outcome::LostUpdate
    );
    let failed = if lock_failed {
        Failed::Lock
    } else if data_lost {
        Failed::Resource
    } else {
        Failed::Nothing
    };
    Verdict { failed, sentences }
}

/// Whether the lock kept its two promises: one holder at a time, and
/// tokens that grow with every lease.
fn lock_sentences(found: &Audit) -> Vec<String> {
    let mut sentences = Vec::new();
    if let Some(o) = found.overlapping_holds.first() {
        let (a, b) = (o.first, o.second);
        sentences.push(format!(
            "The lock failed: {} was entitled to the lock over [{}, {}) and {} over [{}, {}) — both at once.",
            a.client, a.start, a.end, b.client, b.start, b.end
        ));
        if let Some(g) = found.overlapping_grants.first() {
            sentences.push(format!(
                "Server {} itself granted both: {}'s lease [{}, {}) and {}'s [{}, {}).",
                g.first.server + 1,
                g.first.client,
                g.first.start,
                g.first.end,
                g.second.client,
                g.second.start,
                g.second.end
            ));
        } else {
            sentences.push(
                "No single server's record overlaps: each kept its own promise by its own clock; together they broke the clients'."
                    .to_owned(),
            );
        }
    }
    if let Some(r) = found.token_reversals.first() {
        let lead = if found.overlapping_holds.is_empty() {
            "The lock failed: "
        } else {
            "Its tokens failed too: "
        };
        sentences.push(format!(
            "{lead}{}'s lease (t={}) came after {}'s (t={}), yet its token {} is not above {}'s {}. A resource comparing tokens cannot tell the newer lease from the older; the remedy belongs to the lock service: one ordered counter.",
            r.later, r.later_t, r.earlier, r.earlier_t, r.later_token, r.earlier, r.earlier_token
        ));
    }
    if sentences.is_empty() {
        sentences.push(
            "The lock held: no two clients were ever entitled to it at once, and each new lease carried a higher token."
                .to_owned(),
        );
    }
    sentences
}

fn token_of(run: &Run, client: Client) -> Option<u64> {
    match client {
        Client::A => run.a_token,
        Client::B => run.b_token,
    }
}

fn resource_sentences(run: &Run, found: &Audit) -> Vec<String> {
    let mut out = Vec::new();
    let serial = run.serial_answer();
    match found.outcome {
        Outcome::Corrupt => {
            let s = found.stale_overwrites[0];
            out.push(format!(
                "The resource ends with {}, not the serial {}: at t={} {}'s write from the older lease landed on the newer lease's work.",
                run.final_value, serial, s.t, s.client
            ));
            if run.params.fencing {
                out.push(format!(
                    "Fencing was on and let it through: token {} is not lower than token {}, the highest it had applied. The token did not follow the order of the leases.",
                    s.token, s.applied
                ));
            }
        }
        Outcome::StaleAccepted => out.extend(stale_accepted_sentences(run, found)),
        Outcome::LostUpdate => {
            let l = found.lost_updates[0];
            out.push(format!(
                "{}'s write at t={} was erased at t={} by a write computed before it landed: the resource ends with {}, not the serial {}.",
                l.client, l.t, l.erased_at, run.final_value, serial
            ));
        }
        Outcome::StaleRejected => {
            let rejected = run.writes.iter().find(|w| !w.accepted);
            if let Some(w) = rejected {
                out.push(format!(
                    "The resource refused {}'s write at t={} with token {}: it had already seen token {}. The data is right ({}); {}'s work must be redone.",
                    w.client,
                    w.t,
                    w.token,
                    run.max_token,
                    run.final_value,
                    w.client
                ));
            }
        }
        Outcome::Wedged => out.push("B never got the lock: the run is safe and stuck.".to_owned()),
        Outcome::Clean => out.extend(clean_sentences(run, found)),
    }
    out
}

/// A stale write fencing accepted, and the write that erased it.
fn stale_accepted_sentences(run: &Run, found: &Audit) -> Vec<String> {
    let s = found.stale_accepts[0];
    let newer = token_of(run, s.client.other()).unwrap_or_default();
    let mut out = vec![format!(
        "Fencing accepted {}'s write at t={} with token {}: {} already held the lock with token {}, but the resource had not seen it yet. {} was told its write succeeded.",
        s.client, s.t, s.token, s.client.other(), newer, s.client
    )];
    if let Some(l) = found
        .lost_updates
        .iter()
        .find(|l| l.t == s.t && l.client == s.client)
    {
        out.push(format!(
            "Then {}'s write at t={} erased it: the resource ends with {}, not the serial {}.",
            l.erased_by,
            l.erased_at,
            run.final_value,
            run.serial_answer()
        ));
    }
    out
}

/// A clean run: the serial answer, or A's work withheld by A itself; and
/// how long B waited.
fn clean_sentences(run: &Run, found: &Audit) -> Vec<String> {
    let serial = run.serial_answer();
    let mut out = Vec::new();
    if run.final_value == serial {
        out.push(format!(
            "The resource ends with {}, the serial answer.",
            run.final_value
        ));
    } else {
        out.push(format!(
            "The resource ends with {}: nothing was corrupted, and A's work ({} expected) was not applied — A stopped itself and must redo it.",
            run.final_value, serial
        ));
    }
    if let Some(s) = found.stale_accepts.first() {
        out.push(format!(
            "{}'s write at t={} came from a superseded lease and was accepted (token {}), but every later write was computed after it landed: nothing was lost.",
            s.client, s.t, s.token
        ));
    }
    if let Some(t) = run.b_waited().filter(|&t| t > 0) {
        out.push(format!(
            "B waited {} for the lock.",
            crate::words::count(t, "tick", "ticks")
        ));
    }
    out
}

/// The scenario as text: its run's transcript, then the verdict.
pub fn scenario_text(scenario: Scenario, values: &[u32]) -> String {
    let run = scenario.run(values);
    let found = verdict(&run);
    let mut out = format!("{}\n\n", scenario.title());
    out.push_str(&crate::transcript::run_text(&run));
    out.push_str(&format!("\nwhich system failed: {}\n", found.failed));
    for s in &found.sentences {
        out.push_str(s);
        out.push('\n');
    }
    out
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
