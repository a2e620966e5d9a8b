//! A bigger bound only adds schedules: adding any fault flag to a bound
//! (a clock step or rate, a restart, lost or late messages, A asking
//! late, B pausing too, a third client) keeps every schedule the bound
//! had, so a property that fails without the flag fails with it, and the
//! search counts at least as many states. The flag's "not" branch is the
//! old bound's run, step for step: a fault that does not strike changes
//! nothing a client or a server does.

use dlock_core::explore::config::{PauseAt, Pausing};
use dlock_core::explore::{
    check, Bound, CheckReport, Config, LockKind, Property, ResourceKind, SearchedFault,
};
use dlock_core::params::RestartRemedy;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn failing(report: &CheckReport) -> BTreeSet<Property> {
    report
        .properties
        .iter()
        .filter(|p| p.fails())
        .map(|p| p.name)
        .collect()
}

/// One flag, added to a bound that has none of it.
#[derive(Clone, Copy, Debug)]
enum Flag {
    ClockStep(u32),
    ClockRate(u32),
    Restart(RestartRemedy),
    Lost,
    Late,
    ALate(u32),
    BPausing,
    ThirdClient,
}

impl Flag {
    fn added_to(self, bound: Bound) -> Bound {
        match self {
            Flag::ClockStep(ticks) => Bound {
                fault: SearchedFault::ClockStep(ticks),
                ..bound
            },
            Flag::ClockRate(pct) => Bound {
                fault: SearchedFault::ClockRate(pct),
                ..bound
            },
            Flag::Restart(mode) => Bound {
                fault: SearchedFault::Restart(mode),
                ..bound
            },
            Flag::Lost => Bound { max_lost: 1, ..bound },
            Flag::Late => Bound {
                max_delay: 1,
                ..bound
            },
            Flag::ALate(ticks) => Bound {
                max_a_arrival: ticks,
                ..bound
            },
            Flag::BPausing => Bound {
                pausing: Pausing::Every,
                ..bound
            },
            Flag::ThirdClient => Bound { clients: 3, ..bound },
        }
    }
}

fn any_flag() -> impl Strategy<Value = Flag> {
    prop_oneof![
        (1u32..=3).prop_map(Flag::ClockStep),
        prop_oneof![Just(50u32), Just(200), Just(300)].prop_map(Flag::ClockRate),
        (0..RestartRemedy::ALL.len()).prop_map(|i| Flag::Restart(RestartRemedy::ALL[i])),
        Just(Flag::Lost),
        Just(Flag::Late),
        (1u32..=2).prop_map(Flag::ALate),
        Just(Flag::BPausing),
        Just(Flag::ThirdClient),
    ]
}

fn any_config() -> impl Strategy<Value = Config> {
    (0usize..3, 0usize..5, 2u32..=6, 0u32..=1).prop_map(|(lock, resource, ttl, drift_allowance)| {
        let (lock, validity_check) = [
            (LockKind::Lease, true),
            (LockKind::Redlock, true),
            (LockKind::Redlock, false),
        ][lock];
        Config {
            lock,
            validity_check,
            resource: ResourceKind::ALL[resource],
            servers: 3,
            ttl,
            drift_allowance,
        }
    })
}

fn any_small_bound() -> impl Strategy<Value = Bound> {
    (0u32..=3, 0u32..=4, 4u32..=9, 0usize..3).prop_map(|(max_arrival, max_pause, horizon, place)| Bound {
        max_arrival,
        max_pause,
        max_delay: 0,
        horizon,
        within: horizon,
        max_states: 2_000_000,
        fault: SearchedFault::None,
        max_lost: 0,
        pause_at: PauseAt::ALL[place],
        pausing: Pausing::A,
        clients: 2,
        max_a_arrival: 0,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn adding_a_flag_never_turns_a_failure_into_a_pass_nor_loses_a_state(
        config in any_config(),
        bound in any_small_bound(),
        flag in any_flag(),
    ) {
        // The lease lock has no replies in flight to pause in.
        prop_assume!(config.lock == LockKind::Redlock || bound.pause_at != PauseAt::Acquiring);
        let without = check(config, bound);
        let with = check(config, flag.added_to(bound));
        prop_assert!(without.complete && with.complete, "the bound is small enough to exhaust");
        let lost: Vec<Property> = failing(&without).difference(&failing(&with)).copied().collect();
        prop_assert!(
            lost.is_empty(),
            "{:?} fail without {flag:?} and hold with it ({})",
            lost,
            dlock_core::command::check_command(&config, &bound)
        );
        prop_assert!(
            with.states >= without.states,
            "{flag:?} took the states from {} to {} ({})",
            without.states,
            with.states,
            dlock_core::command::check_command(&config, &bound)
        );
    }
}
