//! A trace carries its proof: from the ITF states alone, read as JSON
//! with none of dlock's audits, a reader finds the violation the trace's
//! `#meta` claims, at the state it names. Mutual exclusion is two
//! clients `inside` in one state; a stale overwrite is `applied_lease`
//! (the grant-order place of the lease the last applied write was made
//! under) falling from one state to the next.

use dlock_core::audit::Finding;
use dlock_core::explore::itf;
use dlock_core::explore::{check, Bound, Config, LockKind, Property, ResourceKind};
use serde_json::Value;

/// The trace of `property`'s counterexample, as JSON: its states and
/// the index its `#meta` says the property broke at.
fn trace_of(config: Config, bound: Bound, property: Property) -> (Vec<Value>, usize) {
    let report = check(config, bound);
    let counterexample = report
        .properties
        .iter()
        .find(|p| p.name == property)
        .and_then(|p| p.counterexample.as_ref())
        .expect("the property fails");
    let trace = itf::trace(&config, &bound, property, counterexample.into());
    let json = serde_json::to_value(&trace).expect("JSON");
    let broken = json["#meta"]["dlock"]["broken_state"]
        .as_u64()
        .expect("broken_state") as usize;
    let states = json["states"].as_array().expect("states").clone();
    (states, broken)
}

fn inside(state: &Value) -> usize {
    state["clients"]
        .as_array()
        .expect("clients")
        .iter()
        .filter(|c| c["inside"] == Value::Bool(true))
        .count()
}

fn applied_lease(state: &Value) -> u64 {
    state["applied_lease"].as_u64().expect("applied_lease")
}

fn study(resource: ResourceKind) -> (Config, Bound) {
    let config = Config {
        lock: LockKind::Lease,
        resource,
        ..Config::default()
    };
    (config, Bound::default())
}

#[test]
fn mutual_exclusion_is_read_off_the_states_where_the_trace_says() {
    let (config, bound) = study(ResourceKind::Plain);
    let (states, broken) = trace_of(config, bound, Property::Safety(Finding::MutualExclusion));
    let first = states
        .iter()
        .position(|s| inside(s) >= 2)
        .expect("two clients inside at once");
    // Judged at a tick's end: the first such state is in the tick the
    // trace names, at or before the state it names.
    assert!(first <= broken, "{first} > {broken}");
    assert_eq!(states[first]["t"], states[broken]["t"]);
    // Over a network, the same reading, with the requests on their way
    // in the states.
    let redlock = Config {
        lock: LockKind::Redlock,
        ..config
    };
    let (states, broken) = trace_of(redlock, bound, Property::Safety(Finding::MutualExclusion));
    let first = states
        .iter()
        .position(|s| inside(s) >= 2)
        .expect("two clients inside at once");
    assert!(first <= broken && states[first]["t"] == states[broken]["t"]);
    assert!(states
        .iter()
        .flat_map(|s| s["messages"].as_array().expect("messages").iter())
        .any(|m| m["kind"] == "request"));
}

#[test]
fn a_stale_overwrite_is_read_off_the_states_where_the_trace_says() {
    let (config, bound) = study(ResourceKind::Plain);
    let (states, broken) = trace_of(config, bound, Property::Safety(Finding::StaleOverwrites));
    let first = (1..states.len())
        .find(|&i| applied_lease(&states[i]) < applied_lease(&states[i - 1]))
        .expect("the lease of the last applied write falls");
    assert!(first <= broken, "{first} > {broken}");
    assert_eq!(states[first]["t"], states[broken]["t"]);
}

/// Its twin: with fencing the stale write is refused, and though the
/// clients are still both inside at once, no state shows the applied
/// lease falling.
#[test]
fn under_fencing_the_states_show_two_clients_inside_and_no_stale_overwrite() {
    let (config, bound) = study(ResourceKind::Fencing);
    let (states, _) = trace_of(config, bound, Property::Safety(Finding::MutualExclusion));
    assert!(states.iter().any(|s| inside(s) >= 2));
    assert!(states
        .windows(2)
        .all(|w| applied_lease(&w[1]) >= applied_lease(&w[0])));
    assert!(states.iter().any(|s| applied_lease(s) > 0), "a write was applied");
    // Every state names each client's phase, lease and trusted interval,
    // each server's clock, and the messages on their way.
    for state in &states {
        for client in state["clients"].as_array().expect("clients") {
            for field in [
                "phase",
                "inside",
                "stopped_until",
                "token",
                "lease",
                "trusted_from",
                "trusted_until",
            ] {
                assert!(!client[field].is_null(), "{field}");
            }
        }
        for server in state["servers"].as_array().expect("servers") {
            assert!(server["clock_rate_pct"].as_u64().is_some());
        }
        assert!(state["messages"].is_array());
    }
}
