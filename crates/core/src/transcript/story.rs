//! Who held the lock when, and what the audits found, in sentences: the
//! holder line and the audit lines under every transcript.

use crate::audit::{self, Audit};
use crate::scenario::Run;
use crate::trace::What;
use crate::types::{Client, Tick, NEVER};

/// A labelled instant of a run, for axes and the holder table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instant {
    pub t: Tick,
    pub label: String,
}

/// The instants the story turns on, from the run's own record.
pub fn key_instants(run: &Run) -> Vec<Instant> {
    let mut out = Vec::new();
    let mut push = |t, label: &str| {
        out.push(Instant {
            t,
            label: label.to_owned(),
        })
    };
    if let Some(end) = run.a_lease_end() {
        // The end of A's majority is a release, a lapse on the servers
        // while A still counts on its lease (fast or stepped clocks), or
        // its lease's end: each marked as what it is.
        let released = run
            .entries
            .iter()
            .any(|e| e.client == Client::A && e.t == end && matches!(e.what, What::Released { .. }));
        let believed = audit::holds(&run.entries)
            .into_iter()
            .find(|h| h.client == Client::A)
            .map(|h| h.end)
            .filter(|&h| h > end && h != NEVER);
        match believed {
            _ if released => push(end, "A releases"),
            Some(own) => {
                push(end, "A's majority lapses");
                push(own, "A's lease ends");
            }
            None => push(end, "A's lease ends"),
        }
    }
    if run.params.a_arrives > 0 {
        push(run.params.a_arrives, "A arrives");
    }
    push(run.params.b_arrives, "B arrives");
    for w in &run.writes {
        push(
            w.t,
            if w.client == Client::A {
                "A writes"
            } else {
                "B writes"
            },
        );
    }
    if let Some(t) = run.b_acquired_at {
        push(t, "B acquires");
    }
    out.sort_by_key(|instant| instant.t);
    out
}

/// The ticks the holder story turns on: A's last live tick, the end of its
/// lease, and every write — or, when there is none of those (a wedged
/// lock), the end of the run, which still says who kept the lock.
pub fn holder_ticks(run: &Run) -> Vec<Tick> {
    let mut ticks: Vec<Tick> = Vec::new();
    if let Some(end) = run.a_lease_end().filter(|&e| e > 0) {
        ticks.extend([end - 1, end]);
    }
    ticks.extend(run.writes.iter().map(|w| w.t));
    if ticks.is_empty() {
        ticks.push(run.end_tick);
    }
    ticks.sort_unstable();
    ticks.dedup();
    ticks
}

/// Who held a quorum at the ticks that matter: A's last live tick, its
/// lease's end, and each write.
pub fn holder_line(run: &Run) -> String {
    let ticks = holder_ticks(run);
    let parts: Vec<String> = ticks
        .iter()
        .map(|&t| format!("t={t} {}", run.held_at(t).name()))
        .collect();
    format!("holder of a quorum at {}", parts.join(", "))
}

/// Each finding of the audits in words, one string per finding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditDetails {
    pub stale: Vec<String>,
    pub unlocked: Vec<String>,
    pub lost: Vec<String>,
}

pub fn audit_details(found: &Audit) -> AuditDetails {
    AuditDetails {
        stale: found
            .stale_overwrites
            .iter()
            .map(|s| {
                let tokens = match s.token.cmp(&s.applied) {
                    std::cmp::Ordering::Less => "",
                    std::cmp::Ordering::Equal => ", a tie: the same token",
                    std::cmp::Ordering::Greater => ", though the older lease's token is higher",
                };
                format!(
                    "t={} {} token {} over token {}{tokens}",
                    s.t, s.client, s.token, s.applied
                )
            })
            .collect(),
        unlocked: found
            .unlocked_writes
            .iter()
            .map(|u| format!("t={} {} {}", u.t, u.client, u.while_held()))
            .collect(),
        lost: found
            .lost_updates
            .iter()
            .map(|l| {
                format!(
                    "{}'s {} (t={}) erased at t={} by {}",
                    l.client, l.value, l.t, l.erased_at, l.erased_by
                )
            })
            .collect(),
    }
}

/// What a count of overlapping grants says, in the words of what was
/// counted: leases on one server, not what clients held (that is
/// `overlapping_holds`, and mutual exclusion's own audit).
pub fn overlapping_grants_meaning(count: usize) -> &'static str {
    match count {
        0 => "no server ever granted a lease while another was live on it",
        _ => "a server granted a lease while another was live on it: mutual exclusion broken at the lock",
    }
}

/// What the audits found of the lock's own promise, and of mutual
/// exclusion, in words: a line each, the grants' always.
fn lock_lines(found: &Audit) -> Vec<String> {
    let mut out = Vec::new();
    let overlaps = found.overlapping_grants.len();
    out.push(format!(
        "overlapping grants: {overlaps} ({})",
        overlapping_grants_meaning(overlaps)
    ));
    if let Some(o) = found.overlapping_holds.first() {
        out.push(format!(
            "overlapping holds: {} ({} entitled over [{}, {}), {} over [{}, {}): two holders at once)",
            found.overlapping_holds.len(),
            o.first.client,
            o.first.start,
            o.first.end,
            o.second.client,
            o.second.start,
            o.second.end
        ));
    }
    if let Some(m) = found.mutual_exclusion.first() {
        let inside = |s: &crate::audit::Section| match s.end {
            Some(end) => format!("{} inside [{}, {})", s.client, s.start, end),
            None => format!("{} inside from t={}, never letting go", s.client, s.start),
        };
        out.push(format!(
            "mutual exclusion broken: {} ({}, {}: two clients between being granted the lock and letting go of it at once)",
            found.mutual_exclusion.len(),
            inside(&m.first),
            inside(&m.second)
        ));
    }
    for (pairs, what) in [
        (
            &found.token_reversals,
            "tokens reversed (a later lease's token lower)",
        ),
        (
            &found.token_ties,
            "tokens repeated (a later lease's token the same)",
        ),
    ] {
        if !pairs.is_empty() {
            let listed: Vec<String> = pairs.iter().map(|r| r.detail()).collect();
            out.push(format!("{what}: {}{}", listed.len(), list_suffix(&listed)));
        }
    }
    out
}

/// The audits in words.
pub fn audit_lines(run: &Run, found: &Audit) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(lock_lines(found));
    if !found.stale_accepts.is_empty() && run.params.guarded() {
        let accepted: Vec<String> = found
            .stale_accepts
            .iter()
            .map(|s| format!("t={} {} token {} after a newer grant", s.t, s.client, s.token))
            .collect();
        out.push(format!(
            "stale writes fencing accepted: {}{}",
            accepted.len(),
            list_suffix(&accepted)
        ));
    }
    let details = audit_details(found);
    let (stale, unlocked, lost) = (details.stale, details.unlocked, details.lost);
    out.push(format!(
        "stale overwrites: {}{}",
        stale.len(),
        list_suffix(&stale)
    ));
    out.push(format!(
        "unlocked writes: {}{}",
        unlocked.len(),
        list_suffix(&unlocked)
    ));
    out.push(format!("lost updates: {}{}", lost.len(), list_suffix(&lost)));
    if !found.late_writes.is_empty() {
        let late: Vec<String> = found.late_writes.iter().map(|w| w.detail()).collect();
        out.push(format!(
            "writes after their validity ended: {}{}",
            late.len(),
            list_suffix(&late)
        ));
    }
    let note = run
        .verdict_note(found.outcome)
        .map_or_else(String::new, |n| format!(" ({n})"));
    out.push(format!(
        "final value: {} (a serial run gives {}): {}{note}",
        run.final_value,
        run.serial_answer(),
        found.outcome.label()
    ));
    out
}

fn list_suffix(items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        format!(" ({})", items.join("; "))
    }
}
