//! The `dlock` command lines that reproduce a run, a staircase and a
//! check of every schedule.
//!
//! The page shows them beside each transcript and under the staircase, so
//! a reader who wants a figure in a terminal, or as JSON for a script, can
//! repeat exactly what they see.
//! Only what differs from the study's run is spelled out, in the CLI's own
//! flags; the CLI's tests parse these lines back and check they give the
//! same parameters.

use crate::beyond::{self, Scenario};
use crate::explore::{Bound, Config, LockKind, ResourceKind};
use crate::list::format_list;
use crate::names;
use crate::params::{Comparison, Fault, Params};
use crate::types::Tick;
use std::fmt::Write;

/// The command for any run: a run with a fault switched on is named by its
/// scenario and knob values, as the CLI reaches faults only through
/// `--scenario`; any other by [`study_command`].
pub fn run_command(p: &Params) -> String {
    if p.fault != Fault::None {
        if let Some((scenario, values)) = beyond::recognise(p) {
            return scenario_command(scenario, &values);
        }
    }
    study_command(p)
}

/// The command for `p` if the CLI's flags can say exactly `p`: any run
/// without a fault, and a faulty one a preset makes. (`run_command` falls
/// back to the fault-free flags, which would leave an explored restart
/// out.)
pub fn exact_run_command(p: &Params) -> Option<String> {
    if p.third.is_some() || p.a_arrives > 0 {
        // No flag of `dlock run` adds the explorer's third client, or
        // lets A ask late.
        return None;
    }
    match p.fault {
        Fault::None => Some(study_command(p)),
        _ => beyond::recognise(p).map(|(scenario, values)| scenario_command(scenario, &values)),
    }
}

/// `dlock run` and the flags that turn the study's run into `p`, for a run
/// with no fault (the page's main run always is one). The page calls this
/// and [`scenario_command`] directly, as it knows which it shows: that
/// keeps the search for a matching scenario out of the wasm.
pub fn study_command(p: &Params) -> String {
    let mut line = String::from("dlock run");
    push_flags(&mut line, p, true);
    line
}

/// `dlock grid` for the staircase the page draws over `ttls` × `pause_lens`
/// from `base`: both axes spelled out (the CLI's default axes are not the
/// page's), then every switch of `base` that differs from the study's.
pub fn grid_command(base: &Params, ttls: &[Tick], pause_lens: &[Tick]) -> String {
    let mut line = format!("dlock grid --{} {}", names::TTL.flag, format_list(ttls));
    line += &format!(" --{} {}", names::PAUSE_LEN.flag, format_list(pause_lens));
    push_flags(&mut line, base, false);
    line
}

/// `dlock acquire-grid` for the acquire staircase drawn from `p`: the flags
/// of what the staircase keeps from `p` (`acquire_grid::base`), and none
/// of what it sweeps (B's arrival, A's stop, the validity check) or sets
/// itself (no pause after acquiring; a message takes one tick at least,
/// the CLI's default).
pub fn acquire_grid_command(p: &Params) -> String {
    let study = Params::default();
    let base = crate::acquire_grid::base(p);
    let kept = Params {
        pause_len: study.pause_len,
        b_arrives: study.b_arrives,
        acquiring: crate::params::Acquiring {
            latency: if base.acquiring.latency == 1 {
                0
            } else {
                base.acquiring.latency
            },
            ..study.acquiring
        },
        ..base
    };
    let mut line = String::from("dlock acquire-grid");
    push_flags(&mut line, &kept, true);
    line
}

/// Appends a flag for each parameter of `p` that differs from the study's
/// run, in `dlock run --help`'s order; ttl and pause length only if `axes`
/// (a grid sweeps them instead).
fn push_flags(line: &mut String, p: &Params, axes: bool) {
    let study = Params::default();
    let numbers = [
        (
            names::SERVERS,
            u32::from(p.servers),
            u32::from(study.servers),
            true,
        ),
        (names::TTL, p.ttl, study.ttl, axes),
        (names::PAUSE_FROM, p.pause_from, study.pause_from, true),
        (names::PAUSE_LEN, p.pause_len, study.pause_len, axes),
        (names::B_ARRIVES, p.b_arrives, study.b_arrives, true),
    ];
    for (name, value, default, shown) in numbers {
        if shown && value != default {
            flag_with_value(line, name.flag, value);
        }
    }
    let switches = [
        (names::FENCING, p.fencing),
        (names::COMPARISON, p.comparison == Comparison::Le),
        (names::EXPIRY, !p.expiry),
        (names::A_CRASHES, p.a_crashes),
        (names::B_WRITES_TWICE, p.b_writes_twice),
        (names::REGISTER_TOKEN, p.register_token),
        (names::CAS, p.cas),
    ];
    for (name, on) in switches {
        if on {
            *line += " --";
            *line += name.flag;
        }
    }
    if let Some(check) = p.recheck_at {
        flag_with_value(line, names::RECHECK.flag, check);
    }
    push_acquiring_flags(line, p);
}

/// The flags of an acquire that takes time.
fn push_acquiring_flags(line: &mut String, p: &Params) {
    let acquiring = [
        (names::ACQUIRE_LATENCY, p.acquiring.latency),
        (names::ACQUIRE_PAUSE, p.acquiring.a_pause),
    ];
    for (name, value) in acquiring {
        if value != 0 {
            flag_with_value(line, name.flag, value);
        }
    }
    if !p.acquiring.validity_check {
        *line += " --";
        *line += names::VALIDITY_CHECK.flag;
    }
}

/// Appends ` --flag value` (measured against `to_string` and `format!`
/// per flag, the page's wasm is the same size either way).
fn flag_with_value(line: &mut String, flag: &str, value: u32) {
    let _ = write!(line, " --{flag} {value}");
}

/// `dlock check` and the flags that make its search `config` within
/// `bound`: what differs from the CLI's defaults (`Config` and `Bound`'s),
/// in `dlock check --help`'s order, the bound's one fault by its own
/// flag (`SearchedFault::flag`).
pub fn check_command(config: &Config, bound: &Bound) -> String {
    use crate::params::bound::{
        CLIENTS, DRIFT_ALLOWANCE, HORIZON, MAX_ARRIVAL, MAX_A_ARRIVAL, MAX_DELAY, MAX_LOST, MAX_PAUSE,
        MAX_STATES, SERVERS, TTL, WITHIN,
    };
    // What the search reads: a lease row names no late or lost message.
    let bound = &bound.for_config(config);
    let mut line = String::from("dlock check");
    if config.lock == LockKind::Redlock {
        line += " --lock redlock";
        if !config.validity_check {
            line += " --no-validity-check";
        }
    }
    if config.resource != ResourceKind::Plain {
        line += " --resource ";
        line += config.resource.code();
    }
    let (c, b) = (Config::default(), Bound::default());
    let ranges = bound.ranges();
    let numbers = [
        (SERVERS, u64::from(config.servers), u64::from(c.servers)),
        (TTL, u64::from(config.ttl), u64::from(c.ttl)),
        (
            MAX_ARRIVAL,
            u64::from(bound.max_arrival),
            u64::from(b.max_arrival),
        ),
        (MAX_PAUSE, u64::from(bound.max_pause), u64::from(b.max_pause)),
        (MAX_DELAY, u64::from(bound.max_delay), u64::from(b.max_delay)),
        (HORIZON, u64::from(bound.horizon), u64::from(b.horizon)),
        (
            WITHIN,
            u64::from(bound.within),
            u64::from(Bound::default_within(bound.horizon)),
        ),
    ];
    for (limit, value, default) in numbers {
        if value != default {
            let _ = write!(line, " --{} {value}", limit.name.replace('_', "-"));
        }
    }
    if bound.pause_at != b.pause_at {
        line += " --pause-at ";
        line += bound.pause_at.code();
    }
    if bound.pausing != b.pausing {
        line += " --pausing ";
        line += bound.pausing.code();
    }
    if let Some((name, value)) = bound.fault.flag() {
        let _ = write!(line, " --{} {value}", name.replace('_', "-"));
    }
    let later = [
        (
            DRIFT_ALLOWANCE,
            u64::from(config.drift_allowance),
            u64::from(c.drift_allowance),
        ),
        (MAX_LOST, u64::from(bound.max_lost), u64::from(b.max_lost)),
        (CLIENTS, u64::from(bound.clients), u64::from(b.clients)),
        (
            MAX_A_ARRIVAL,
            u64::from(ranges.max_a_arrival),
            u64::from(b.max_a_arrival),
        ),
        (MAX_STATES, bound.max_states, b.max_states),
    ];
    for (limit, value, default) in later {
        if value != default {
            let _ = write!(line, " --{} {value}", limit.name.replace('_', "-"));
        }
    }
    line
}

/// `dlock run --scenario NAME` with a `--knob CODE=VALUE` for each knob that
/// differs from the scenario's own failure preset.
pub fn scenario_command(scenario: Scenario, values: &[u32]) -> String {
    let mut line = String::from("dlock run --scenario ");
    line += scenario.code();
    for ((knob, value), default) in scenario.knobs().iter().zip(values).zip(scenario.defaults()) {
        if *value != default {
            let _ = write!(line, " --knob {}={value}", knob.code);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_acquire_staircase_names_what_it_keeps_and_not_what_it_sweeps() {
        assert_eq!(acquire_grid_command(&Params::default()), "dlock acquire-grid");
        let p = Params {
            ttl: 12,
            pause_len: 30,
            b_arrives: 3,
            cas: true,
            recheck_at: Some(4),
            acquiring: crate::params::Acquiring {
                latency: 3,
                a_pause: 13,
                validity_check: false,
            },
            ..Params::default()
        };
        assert_eq!(
            acquire_grid_command(&p),
            "dlock acquire-grid --ttl 12 --cas --acquire-latency 3"
        );
    }

    #[test]
    fn the_study_run_needs_no_flags() {
        assert_eq!(run_command(&Params::default()), "dlock run");
    }

    /// No flag of `dlock run` adds a third client or lets A ask late: a
    /// run with either has no exact command, rather than one that runs
    /// something else.
    #[test]
    fn a_run_no_flag_can_say_has_no_exact_command() {
        let study = Params::default();
        assert_eq!(exact_run_command(&study).as_deref(), Some("dlock run"));
        for p in [
            Params {
                third: Some(3),
                ..study
            },
            Params {
                a_arrives: 2,
                ..study
            },
        ] {
            assert_eq!(exact_run_command(&p), None, "{p:?}");
        }
    }

    #[test]
    fn only_what_differs_from_the_study_is_spelled_out() {
        let p = Params {
            ttl: 25,
            pause_len: 30,
            fencing: true,
            comparison: Comparison::Le,
            recheck_at: Some(9),
            ..Params::default()
        };
        assert_eq!(
            run_command(&p),
            "dlock run --ttl 25 --pause-len 30 --fencing --loose --recheck-at 9"
        );
        let p = Params {
            servers: 7,
            pause_from: 3,
            b_arrives: 100,
            expiry: false,
            a_crashes: true,
            b_writes_twice: true,
            register_token: true,
            ..Params::default()
        };
        assert_eq!(
            run_command(&p),
            "dlock run --servers 7 --pause-from 3 --b-arrives 100 --no-expiry --a-crashes \
             --b-writes-twice --register-token"
        );
    }

    #[test]
    fn a_fault_is_named_by_its_scenario_and_changed_knobs() {
        for scenario in Scenario::ALL {
            let line = run_command(&scenario.params(&scenario.defaults()));
            if scenario == Scenario::StaleAccepted {
                // No fault: the study's schedule with a shorter pause, fenced.
                assert!(line.starts_with("dlock run --pause-len"), "{line}");
                continue;
            }
            assert_eq!(line, format!("dlock run --scenario {}", scenario.code()));
        }
        let values = Scenario::Restart.with("restart_servers", 2);
        assert_eq!(
            run_command(&Scenario::Restart.params(&values)),
            "dlock run --scenario restart --knob restart_servers=2"
        );
    }

    #[test]
    fn a_grid_spells_out_its_axes_and_takes_the_base_s_switches() {
        let study: Vec<Tick> = (1..=40).collect();
        let pauses: Vec<Tick> = (0..=40).step_by(2).collect();
        assert_eq!(
            grid_command(&Params::default(), &study, &pauses),
            "dlock grid --ttl 1..40 --pause-len 0..40:2"
        );
        // The base's own ttl and pause length are not the grid's: left out.
        let base = Params {
            ttl: 25,
            pause_len: 30,
            b_arrives: 14,
            fencing: true,
            register_token: true,
            recheck_at: Some(9),
            ..Params::default()
        };
        assert_eq!(
            grid_command(&base, &[1, 5, 10], &[3]),
            "dlock grid --ttl 1,5,10 --pause-len 3 --b-arrives 14 --fencing --register-token --recheck-at 9"
        );
    }
}
