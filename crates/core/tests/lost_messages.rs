//! Lost messages (`Bound::max_lost`): the schedules the debate is about
//! need a client that reaches only a bare majority, and with every message
//! delivered none does. Each test is one of the findings, checked
//! over every schedule within its bound, and its counterexample replayed
//! as an ordinary run.

use dlock_core::audit::Finding;
use dlock_core::explore::{
    check, replay, Bound, CheckReport, Config, LockKind, Property, ResourceKind, SearchedFault, Verdict,
};
use dlock_core::params::RestartRemedy;
use dlock_core::trace::{Message, What};
use dlock_core::types::Client;
use dlock_core::Run;

/// Redlock as its reference clients run it: the validity check, less
/// Redlock's drift allowance (one tick at ttl 6).
fn redlock(resource: ResourceKind) -> Config {
    Config {
        lock: LockKind::Redlock,
        validity_check: true,
        resource,
        servers: 5,
        ttl: 6,
        drift_allowance: dlock_core::params::redlock_allowance(6),
    }
}

fn verdict(report: &CheckReport, property: Property) -> Verdict {
    report
        .properties
        .iter()
        .find(|p| p.name == property)
        .map(|p| p.verdict)
        .unwrap()
}

/// The run that breaks `property`, replayed from its choices.
fn counterexample(config: Config, bound: Bound, report: &CheckReport, property: Property) -> Run {
    let found = report.properties.iter().find(|p| p.name == property).unwrap();
    let steps = &found.counterexample.as_ref().expect("a counterexample").steps;
    replay(&config, &bound, steps)
}

fn lost(run: &Run, client: Client, message: Message) -> u16 {
    run.entries
        .iter()
        .filter(|e| e.client == client)
        .filter_map(|e| match e.what {
            What::Lost { message: m, count } if m == message => Some(count),
            _ => None,
        })
        .sum()
}

fn votes_granted(run: &Run, client: Client) -> Vec<u16> {
    run.entries
        .iter()
        .filter(|e| e.client == client)
        .filter_map(|e| match e.what {
            What::Acquired { votes, .. } => Some(votes),
            _ => None,
        })
        .collect()
}

/// Kleppmann's clock example (2016): A holds servers 1–3 only, server 3's
/// clock jumps, B takes 3–5, and both hold the lock, each within the
/// validity it computed. The step must outrun the drift allowance and a
/// round trip (at ttl 6: more than 3 ticks).
fn clock_bound(clock_step: u32, max_lost: u8) -> Bound {
    Bound {
        max_arrival: 4,
        max_pause: 0,
        horizon: 12,
        fault: match clock_step {
            0 => SearchedFault::None,
            largest => SearchedFault::ClockStep(largest),
        },
        max_lost,
        ..Bound::default()
    }
}

#[test]
fn lost_requests_and_a_clock_step_break_redlock_as_kleppmann_describes() {
    let config = redlock(ResourceKind::Plain);
    let bound = clock_bound(4, 2);
    let report = check(config, bound);
    assert!(report.complete);
    assert_eq!(
        verdict(&report, Property::Safety(Finding::OverlappingHolds)),
        Verdict::Fails
    );
    // The stepped server lost A's lease early and granted B's over it:
    // as it granted them, the two leases share ticks on that server
    // (`audit::overlapping_grants`' rule for a lease lost early).
    assert_eq!(
        verdict(&report, Property::Safety(Finding::OverlappingGrants)),
        Verdict::Fails
    );
    let over = counterexample(
        config,
        bound,
        &report,
        Property::Safety(Finding::OverlappingGrants),
    );
    let overlap = over.audit().overlapping_grants[0];
    assert_eq!(
        (overlap.first.client, overlap.second.client),
        (Client::A, Client::B)
    );
    assert!(
        overlap.first.end < overlap.first.promised,
        "the step ended A's lease early on that server: {overlap:?}"
    );
    let run = counterexample(
        config,
        bound,
        &report,
        Property::Safety(Finding::OverlappingHolds),
    );
    assert_eq!(lost(&run, Client::A, Message::Request), 2);
    assert_eq!(votes_granted(&run, Client::A), [3], "a bare majority");
    assert_eq!(votes_granted(&run, Client::B), [3]);
    assert!(matches!(
        run.params.fault,
        dlock_core::params::Fault::ClockJump { jump: 4, .. }
    ));
    let found = run.audit();
    assert_eq!(found.overlapping_holds.len(), 1, "{found:?}");
    // The server both majorities share is the one whose clock stepped.
    let shared: Vec<u16> = (0..5)
        .filter(|&id| {
            Client::ALL
                .iter()
                .all(|&c| run.grants.iter().any(|g| g.server == id && g.client == c))
        })
        .collect();
    assert_eq!(shared.len(), 1, "{:?}", run.grants);
    assert!(run.entries.iter().any(|e| matches!(e.what, What::Lost { .. })));
}

/// The same bound with every message delivered: A always reaches all five
/// servers, and one server's clock cannot hand B a majority.
#[test]
fn with_every_message_delivered_the_clock_step_breaks_nothing_the_lock_promises() {
    let report = check(redlock(ResourceKind::Plain), clock_bound(4, 0));
    assert!(report.complete);
    assert_eq!(
        verdict(&report, Property::Safety(Finding::OverlappingHolds)),
        Verdict::Holds
    );
}

/// A step of 3 ticks at ttl 6 is within what the allowance and the round
/// trip absorb: B's majority comes a tick after A's validity ends.
#[test]
fn a_step_the_validity_absorbs_breaks_nothing() {
    let report = check(redlock(ResourceKind::Plain), clock_bound(3, 2));
    assert!(report.complete);
    assert_eq!(
        verdict(&report, Property::Safety(Finding::OverlappingHolds)),
        Verdict::Holds
    );
}

/// Lost messages alone, with the validity check: requests, replies and
/// releases lost anywhere, A stopped anywhere, and still no two clients
/// hold live majorities, each within its validity, at once. (A pause
/// still breaks what the lock cannot promise: the resource.)
#[test]
fn lost_messages_alone_never_give_two_clients_live_majorities() {
    let bound = Bound {
        max_arrival: 4,
        max_pause: 2,
        horizon: 12,
        max_lost: 2,
        ..Bound::default()
    };
    let report = check(redlock(ResourceKind::Plain), bound);
    assert!(report.complete);
    assert_eq!(
        verdict(&report, Property::Safety(Finding::OverlappingHolds)),
        Verdict::Holds
    );
    assert_eq!(
        verdict(&report, Property::Safety(Finding::OverlappingGrants)),
        Verdict::Holds
    );
    let more = check(redlock(ResourceKind::Plain), Bound { max_lost: 3, ..bound });
    assert!(more.complete && more.states > report.states);
    assert_eq!(
        verdict(&more, Property::Safety(Finding::OverlappingHolds)),
        Verdict::Holds
    );
}

/// The `<`/`<=` table's case (c), found: A holds a bare majority (two
/// requests lost), the server it shares with B restarts empty, and B's
/// majority — the restarted server and the two A never reached — issues
/// B the token A holds. A, stopped after its check, writes after B with
/// the tied token: `<` accepts it, `<=` refuses it.
#[test]
fn a_tied_token_parts_less_than_from_less_or_equal() {
    let bound = Bound {
        max_arrival: 4,
        max_pause: 6,
        horizon: 12,
        max_lost: 2,
        fault: SearchedFault::Restart(RestartRemedy::None),
        ..Bound::default()
    };
    let lt = check(redlock(ResourceKind::Fencing), bound);
    let le = check(redlock(ResourceKind::FencingLe), bound);
    assert!(lt.complete && le.complete);
    assert_eq!(
        verdict(&lt, Property::Safety(Finding::StaleOverwrites)),
        Verdict::Fails
    );
    assert_eq!(
        verdict(&le, Property::Safety(Finding::StaleOverwrites)),
        Verdict::Holds
    );
    let run = counterexample(
        redlock(ResourceKind::Fencing),
        bound,
        &lt,
        Property::Safety(Finding::StaleOverwrites),
    );
    let accepted: Vec<_> = run.writes.iter().filter(|w| w.accepted).collect();
    let (b, a) = (accepted[0], accepted[accepted.len() - 1]);
    assert_eq!((b.client, a.client), (Client::B, Client::A));
    assert_eq!(a.token, b.token, "the tie");
    assert_eq!(lost(&run, Client::A, Message::Request), 2);
}
