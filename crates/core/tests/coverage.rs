//! Coverage, as TLC and stateright report it: for each kind of step, how
//! many distinct states a step of that kind reached, and the kinds no
//! step took within the bound, so a bound that never exercises a fault
//! says so.

use dlock_core::explore::{check, Bound, Config, LockKind, ResourceKind, SearchedFault};
use dlock_core::scenario::action::Action;

fn redlock() -> Config {
    Config {
        lock: LockKind::Redlock,
        validity_check: true,
        resource: ResourceKind::Fencing,
        servers: 3,
        ttl: 5,
        drift_allowance: 0,
    }
}

fn bound() -> Bound {
    Bound {
        max_arrival: 2,
        max_pause: 3,
        horizon: 8,
        within: 8,
        ..Bound::default()
    }
}

fn count(report: &dlock_core::explore::CheckReport, action: Action) -> u64 {
    report.coverage.states[action.code()]
}

#[test]
fn a_searched_fault_shows_in_the_coverage_and_an_unsearched_one_is_named_as_never_taken() {
    let plain = check(redlock(), bound());
    assert!(plain.complete);
    for action in [
        Action::Request,
        Action::Acquire,
        Action::Write,
        Action::Pause,
        Action::Release,
    ] {
        assert!(count(&plain, action) > 0, "{action:?}");
        assert!(!plain.coverage.never.contains(&action.code()), "{action:?}");
    }
    for fault in [
        Action::ClockJump,
        Action::Restart,
        Action::LoseMessage,
        Action::LateMessage,
    ] {
        assert_eq!(count(&plain, fault), 0, "{fault:?}");
        assert!(plain.coverage.never.contains(&fault.code()), "{fault:?}");
    }
    let stepped = check(
        redlock(),
        Bound {
            fault: SearchedFault::ClockStep(2),
            max_lost: 1,
            max_delay: 1,
            ..bound()
        },
    );
    for fault in [Action::ClockJump, Action::LoseMessage, Action::LateMessage] {
        assert!(count(&stepped, fault) > 0, "{fault:?}");
        assert!(!stepped.coverage.never.contains(&fault.code()), "{fault:?}");
    }
    let line = plain.coverage.line();
    assert!(
        line.contains("never within the bound: ") && line.contains("clock_jump"),
        "{line}"
    );
    assert!(
        line.contains(&format!("write {}", count(&plain, Action::Write))),
        "{line}"
    );
}

/// A count is of distinct states: never more than the search's states.
#[test]
fn no_kind_reaches_more_states_than_the_search_has() {
    let report = check(redlock(), bound());
    for action in Action::ALL {
        assert!(count(&report, action) < report.states, "{action:?}");
    }
}
