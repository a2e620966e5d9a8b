//! Which system failed in a scenario's run, and how, in sentences the
//! page and the CLI share.

use super::Scenario;
use crate::audit::{Audit, Outcome, Promise};
use crate::contract::LateWrite;
use crate::params::{self, Fault};
use crate::run::Run;
use crate::types::Client;
use serde::Serialize;
use std::fmt;

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
    let lock_failed = found.breaks(Promise::Lock);
    sentences.extend(drift_sentence(run));
    sentences.extend(jump_sentence(run));
    sentences.extend(found.late_writes.first().map(late_write_sentence));
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

/// How far fast clocks cut a lease short, against the allowance meant to
/// absorb drift: Redlock's allowance is sized for clocks that run a little
/// fast, not twice as fast.
fn drift_sentence(run: &Run) -> Option<String> {
    let Fault::ClockDrift {
        fast,
        rate_pct,
        allowance,
        ..
    } = run.params.fault
    else {
        return None;
    };
    let struck = params::faulty_servers(run.params.servers, fast);
    let ttl = run.params.ttl;
    let real = params::real_ticks(ttl, rate_pct);
    if struck.is_empty() || real >= ttl {
        return None;
    }
    let early = ttl - real;
    let (verb, covered) = allowance_against(allowance, early);
    Some(format!(
        "On {} the clock runs at {rate_pct}%: a {ttl}-tick lease ends after {}, {} early. The drift allowance {verb} {}, {covered}. {}",
        crate::words::server_set(&struck),
        crate::words::real_length(ttl, rate_pct),
        crate::words::count(early, "tick", "ticks"),
        crate::words::count(allowance, "tick", "ticks"),
        super::allowance_sentence(ttl, allowance),
    ))
}

/// Whether a drift allowance absorbs leases cut `short` by that many
/// ticks: the verb, and what follows for the clients.
fn allowance_against(allowance: u32, short: u32) -> (&'static str, &'static str) {
    if allowance >= short {
        (
            "covers",
            "so no client trusts a lease longer than its servers keep it",
        )
    } else {
        (
            "covers only",
            "so a client can trust a lease its servers have already ended",
        )
    }
}

/// How far a stepped clock cut a lease short, against the drift allowance:
/// the allowance is sized for clocks that run a little fast, and a step
/// is not drift at all.
fn jump_sentence(run: &Run) -> Option<String> {
    let Fault::ClockJump {
        servers, at, jump, ..
    } = run.params.fault
    else {
        return None;
    };
    let struck = params::faulty_servers(run.params.servers, servers);
    if struck.is_empty() || jump == 0 {
        return None;
    }
    let allowance = run.params.drift_allowance();
    let (verb, what) = allowance_against(allowance, jump);
    Some(format!(
        "At t={at} the clock on {} stepped forward {}: every lease there ended that much sooner. The drift allowance {verb} {}, {what}.",
        crate::words::server_set(&struck),
        crate::words::count(jump, "tick", "ticks"),
        crate::words::count(allowance, "tick", "ticks"),
    ))
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
                "Server {} itself granted both: {}'s lease [{}, {}) and {}'s [{}, {}), as it granted them{}.",
                g.first.server + 1,
                g.first.client,
                g.first.start,
                g.first.promised,
                g.second.client,
                g.second.start,
                g.second.promised,
                if g.first.end < g.first.promised {
                    format!(
                        " (it lost {}'s at {}, before its end)",
                        g.first.client, g.first.end
                    )
                } else {
                    String::new()
                }
            ));
        } else {
            sentences.push(
                "No server granted over a lease it had granted: each kept its own promise by its own clock; together they broke the clients'."
                    .to_owned(),
            );
        }
    }
    let out_of_order = (found.token_reversals.first().map(|r| (r, "below")))
        .or_else(|| found.token_ties.first().map(|r| (r, "the same as")));
    if let Some((r, how)) = out_of_order {
        // Alone, a token out of order is the whole failure, and its remedy
        // is the lock's; beside two holders it is one more symptom.
        let (lead, remedy) = if found.overlapping_holds.is_empty() {
            (
                "The lock failed: ",
                " The fault and its remedy, one ordered counter for the whole service, belong to the lock.",
            )
        } else {
            ("Its tokens failed too: ", "")
        };
        sentences.push(format!(
            "{lead}{}'s lease (t={}) came after {}'s (t={}), yet its token {} is {how} {}'s {}. A resource comparing tokens cannot tell the newer lease from the older.{remedy}",
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

/// A write past its lease's validity, said as the party it blames: the
/// client that broke Redlock's contract, or the pause after its check.
fn late_write_sentence(w: &LateWrite) -> String {
    let (client, t, end) = (w.client, w.t, w.valid_until);
    match w.checked_at {
        None => format!(
            "{client} wrote at t={t}, after its lease's validity ended at t={end}, without checking it: {client} broke Redlock's contract, which promises nothing past the validity."
        ),
        Some(checked) => format!(
            "{client} checked its validity at t={checked}, was stopped right after, and wrote at t={t}, past the validity's end at t={end}: the contract was kept, and the window between a check and the write stayed open."
        ),
    }
}

fn token_of(run: &Run, client: Client) -> Option<u64> {
    match client {
        Client::A => run.a_token,
        Client::B => run.b_token,
        // The scenarios of `beyond` have the study's two clients.
        Client::C => None,
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

/// A clean run: the serial answer, or a client's work withheld by that
/// client itself; and
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
        let who = run.withheld_by_itself().unwrap_or(Client::A);
        out.push(format!(
            "The resource ends with {}: nothing was corrupted, and {who}'s work ({} expected) was not applied — {who} stopped itself and must redo it.",
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
