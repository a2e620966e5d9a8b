//! The study's sentences that carry numbers, as plain functions of a run.
//! Every figure in them comes from dlock-core for the current parameters,
//! so changing a parameter rewrites the sentence; they are tested natively
//! for two parameter sets.

use crate::figures::recheck::caption::rechecks;
use dlock_core::boundary;
use dlock_core::words::count;
use dlock_core::{Client, Outcome, Params, Run, Tick, Value};

fn write_of(run: &Run, client: Client) -> Option<&dlock_core::resource::WriteRecord> {
    run.writes.iter().find(|w| w.client == client)
}

/// The corrupted run's story in numbers (§6.2).
pub fn arithmetic(run: &Run) -> Vec<String> {
    let p = run.params;
    let mut out = Vec::new();
    let start = p.a_acquires_at();
    match (p.expiry, run.a_lease_end()) {
        // A write that lands before the lease runs out is followed by a
        // release, which ends the lease early.
        (true, Some(end)) if end < start.saturating_add(p.ttl) => out.push(format!(
            "A acquires at t={start} with a {}-tick lease, and releases it at t={end}, once its write is done.",
            p.ttl
        )),
        (true, Some(end)) => out.push(format!(
            "A acquires at t={start} with a {}-tick lease, so its lease is the interval [{start}, {end}) and it is dead from t={end} on.",
            p.ttl
        )),
        _ => out.push(format!(
            "A acquires at t={start} and, with expiry switched off, holds the lock until it releases it."
        )),
    }
    match (run.b_acquired_at, run.votes_of(Client::B)) {
        (Some(t), Some(votes)) => out.push(format!(
            "B starts asking at t={}, waits {}, and gets {votes} of {} at t={t} — a quorum is {}.",
            p.b_arrives,
            count(t - p.b_arrives, "tick", "ticks"),
            count(p.servers, "vote", "votes"),
            p.quorum()
        )),
        _ => out.push(format!(
            "B starts asking at t={} and never gets the lock before the run ends.",
            p.b_arrives
        )),
    }
    if let Some(b) = write_of(run, Client::B) {
        out.push(format!(
            "B writes {} with token {} at t={}: {}.",
            b.value,
            b.token,
            b.t,
            if b.accepted { "accepted" } else { "rejected" }
        ));
    }
    match write_of(run, Client::A) {
        Some(a) => {
            let since = run
                .a_lease_end()
                .filter(|&e| e <= a.t)
                .map(|e| format!(", {} after its lease ended", count(a.t - e, "tick", "ticks")));
            out.push(format!(
                "A comes back from its pause and writes {} with token {} at t={}{}: {}.",
                a.value,
                a.token,
                a.t,
                since.unwrap_or_default(),
                if a.accepted {
                    "accepted"
                } else {
                    "rejected as stale"
                }
            ));
        }
        None if p.a_crashes => out.push("A crashed and never writes.".to_owned()),
        None => out.push("A never sends its write: its re-check said the lock was lost.".to_owned()),
    }
    out.push(format!(
        "The resource ends at {}; a serial run — A's critical section, then B's — ends at {}.",
        run.final_value,
        run.serial_answer()
    ));
    out
}

/// Who held the lock at each write, and just before and at A's lease end
/// (at the run's end when there is neither: core's `holder_ticks`).
pub fn holders(run: &Run) -> String {
    let parts: Vec<String> = dlock_core::transcript::holder_ticks(run)
        .iter()
        .map(|&t| format!("at t={t}, {}", run.held_at(t).name()))
        .collect();
    format!("Who holds a quorum: {}.", parts.join("; "))
}

/// What A's write has to do with the lock, for the run on screen. The
/// study's run shows the write the lock would have refused and the storage
/// service took; a reader's own parameters may instead have A write in
/// time, not at all, into a fenced resource, or where nobody is hurt.
pub fn a_write_explained(run: &Run) -> &'static str {
    let Some(a) = write_of(run, Client::A) else {
        return "A makes no write here, so there is nothing for anyone to refuse: the danger this study is about \
                is a write that outlives its lease.";
    };
    let found = run.audit();
    let unlocked = found
        .unlocked_writes
        .iter()
        .any(|w| w.client == Client::A && w.t == a.t);
    if !unlocked {
        return "A writes while it still holds a quorum, so here the lock does its job. The danger is a write made \
                after the lease is gone, which the storage service cannot tell apart from this one.";
    }
    if !a.accepted {
        return "A's write is still made without the lock: at that tick the lock service would have refused A. \
                But the write carries A's token, and the storage service, having seen a newer one, refuses it.";
    }
    match found.outcome {
        Outcome::Corrupt => {
            "The write that does the damage is not made by a rival holder: at that tick the lock service would \
             have refused A. But the storage service never asks the lock service anything, and the write carries \
             nothing that says how old it is."
        }
        Outcome::StaleAccepted => {
            "A's write is made without the lock: at that tick the lock service would have refused A. The storage \
             service checks A's token, but it has not yet seen B's newer one, so the old token still looks current."
        }
        Outcome::LostUpdate => {
            "A's write is made without the lock: at that tick the lock service would have refused A, and the storage \
             service, which never asks it, takes the write. Then B's write, computed from a read taken before A's \
             landed, erases it: here the damage falls on A's own work."
        }
        _ => {
            "A's write is still made without the lock: at that tick the lock service would have refused A, and the \
             storage service, which never asks it, takes the write. Nothing is lost only because no one else's work \
             was there to overwrite."
        }
    }
}

/// The corrupted-run section's claim, the lock's clean record against
/// what reached the resource, worded for the run on screen: the reader may
/// have moved the parameters to a clean, fenced or wedged run, and a fixed
/// sentence about A's stale value would then describe a figure that is not
/// there.
pub fn lanes_contrast(run: &Run) -> &'static str {
    let found = run.audit();
    if !found.overlapping_grants.is_empty() {
        return "Here the lock itself failed: two clients held a quorum of leases at once.";
    }
    match found.outcome {
        Outcome::Corrupt => "No two leases on a server ever overlap, yet on the resource lane A's stale write lands over B's.",
        Outcome::StaleAccepted => {
            "No two leases on a server ever overlap, and fencing is on, yet the resource accepts A's stale write: \
             it lands before the resource has seen B's token."
        }
        Outcome::LostUpdate => {
            "No two leases on a server ever overlap, yet an accepted write is lost on the resource lane: \
             a write computed from an older read lands after it."
        }
        Outcome::Wedged => "No two leases on a server ever overlap, and B never gets the lock: its write never reaches the resource lane.",
        Outcome::StaleRejected => {
            "No two leases on a server ever overlap, and the resource refuses every write its fencing rule calls stale: \
             nothing stale lands."
        }
        Outcome::Clean => {
            "No two leases on a server ever overlap, and with these parameters no write on the resource lane undoes another."
        }
    }
}

/// The audit in one sentence: the lock's alibi next to the resource's state.
/// The heading of the run's section: "The corrupted run" only while the
/// run on screen is corrupt; otherwise what it came to.
pub fn run_heading(run: &Run) -> String {
    match run.outcome() {
        Outcome::Corrupt => "The corrupted run".to_owned(),
        outcome => format!("The run: {}", outcome.label()),
    }
}

pub fn verdict(run: &Run) -> String {
    let found = run.audit();
    format!(
        "Overlapping grants: {}. Stale overwrites: {}. Writes made without the lock: {}. Final value {} — {}.",
        found.overlapping_grants.len(),
        found.stale_overwrites.len(),
        found.unlocked_writes.len(),
        run.final_value,
        found.outcome.label()
    )
}

/// What fencing does to the same schedule (§6.3).
pub fn fencing_effect(unfenced: &Run, fenced: &Run) -> String {
    let rejected: Vec<String> = fenced
        .writes
        .iter()
        .filter(|w| !w.accepted)
        .map(|w| format!("{}'s write with token {} at t={}", w.client, w.token, w.t))
        .collect();
    let lock_same = unfenced.grants == fenced.grants;
    let final_value = if fenced.final_value == unfenced.final_value {
        format!("the final value is {} either way", fenced.final_value)
    } else {
        format!(
            "the final value is {} instead of {}",
            fenced.final_value, unfenced.final_value
        )
    };
    format!(
        "With fencing the resource rejects {}; {final_value}. The grant record is {} with and without fencing.",
        if rejected.is_empty() { "nothing".to_owned() } else { rejected.join(" and ") },
        if lock_same { "identical" } else { "different" }
    )
}

/// The staircase inequality with this run's numbers (§6.5).
pub fn inequality(p: &Params) -> String {
    let Some(outcome) = boundary::predicted(p) else {
        return "This variant is outside the closed form (it assumes leases expire, A pauses and writes once, and no re-check); the heatmap still simulates every cell.".to_owned();
    };
    let margin = boundary::stale_margin(p);
    let lhs = boundary::b_acquires(p) + margin;
    let plus = if margin == 0 {
        String::new()
    } else {
        format!(" + {margin}")
    };
    let w = p.write_tick();
    let relation = if lhs < w {
        "<"
    } else if lhs == w {
        "="
    } else {
        ">"
    };
    format!(
        "Here max(b_arrives = {}, min(ttl = {}, A's release = {})){plus} = {lhs} {relation} {w} = pause_from + pause_len, so the closed form says: {}.",
        p.b_arrives,
        p.ttl,
        p.a_releases_at(),
        outcome.label()
    )
}

/// The late-B comparison (§6.6): same schedule, B arriving at `late`.
pub fn vanishing(p: &Params, late: Tick) -> String {
    let run = dlock_core::simulate(&Params {
        b_arrives: late,
        ..*p
    });
    let found = run.audit();
    let a_unlocked = found.unlocked_writes.iter().any(|u| u.client == Client::A);
    format!(
        "With B arriving at t={late}: final value {}, {}, and A's write {}.",
        run.final_value,
        count(
            found.stale_overwrites.len() as u64,
            "stale overwrite",
            "stale overwrites"
        ),
        match (a_unlocked, write_of(&run, Client::A)) {
            (true, _) => "is still made without the lock",
            (false, Some(_)) => "is made while A holds the lock",
            (false, None) => "is never made",
        }
    )
}

/// A one-line description of a value for the check-yourself answers.
pub fn value_words(v: Value) -> String {
    if v.is_empty() {
        "empty".to_owned()
    } else {
        v.to_string()
    }
}

/// One check-yourself question: its text, what its "show me" link loads
/// (a query, and the section it scrolls to) and its answer's paragraphs.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub testid: &'static str,
    pub show: String,
    pub anchor: &'static str,
    pub question: String,
    pub answer: Vec<String>,
}

/// The one-tick lease of question 3, and the early re-check of question
/// 4: each is both the parameter of the run the answer describes and the
/// value the question's "show me" link loads.
const SHORT_TTL: Tick = 1;
const EARLY_CHECK: Tick = 9;

/// The check-yourself questions (§9) about the study's run. Every number
/// in an answer comes from a core run of the parameters its link loads.
pub fn check_yourself() -> Vec<Question> {
    let f = StudyFacts::new();
    let mut questions = lock_questions(&f);
    questions.extend(fix_questions(&f));
    questions
}

/// The numbers of the study's runs that the answers quote.
struct StudyFacts {
    base: Params,
    corrupted: Run,
    at_write: Tick,
    holder: String,
    a_grant: (Tick, Tick),
    b_grant: (Tick, Tick),
    short: Run,
    b_write_short: Tick,
    fenced: Run,
    overlaps: u64,
}

impl StudyFacts {
    fn new() -> StudyFacts {
        let base = Params::default();
        let corrupted = dlock_core::simulate(&base);
        let at_write = write_of(&corrupted, Client::A).map_or(0, |w| w.t);
        let holder = corrupted
            .holder_at(at_write)
            .map_or("nobody".to_owned(), |c| c.to_string());
        let grant_of = |client| {
            corrupted
                .grants
                .iter()
                .find(|g| g.client == client)
                .map_or((0, 0), |g| (g.start, g.end))
        };
        let (a_grant, b_grant) = (grant_of(Client::A), grant_of(Client::B));
        let short = dlock_core::simulate(&Params {
            ttl: SHORT_TTL,
            ..base
        });
        let b_write_short = write_of(&short, Client::B).map_or(0, |w| w.t);
        let fenced = dlock_core::simulate(&Params {
            fencing: true,
            ..base
        });
        let overlaps = corrupted.audit().overlapping_grants.len() as u64;
        StudyFacts {
            base,
            corrupted,
            at_write,
            holder,
            a_grant,
            b_grant,
            short,
            b_write_short,
            fenced,
            overlaps,
        }
    }
}

fn question(
    testid: &'static str,
    show: String,
    anchor: &'static str,
    question: &str,
    answer: Vec<String>,
) -> Question {
    Question {
        testid,
        show,
        anchor,
        question: question.to_owned(),
        answer,
    }
}

/// How a one-tick lease's run compares with the study's: "exactly as the
/// default does" only if nothing but the lease differs in what the audits
/// find.
fn short_lease_qualifier(default: &Run, short: &Run) -> &'static str {
    let (d, s) = (default.audit(), short.audit());
    let same_end = short.final_value == default.final_value && s.outcome == d.outcome;
    if same_end && s.unlocked_writes.len() == d.unlocked_writes.len() {
        "exactly as the default does"
    } else if same_end {
        "to the same final value as the default"
    } else {
        "too"
    }
}

/// What the one-tick lease changes besides the lease, if anything: a
/// sentence for the answer, or nothing.
fn short_lease_difference(default: &Run, short: &Run) -> String {
    let (d, s) = (default.audit(), short.audit());
    let b_unlocked = s.unlocked_writes.iter().any(|u| u.client == Client::B);
    if s.unlocked_writes.len() == d.unlocked_writes.len() || !b_unlocked {
        return String::new();
    }
    format!(
        " One thing does change: B's own lease runs out before B writes, so {} are made without the lock, not {}.",
        count(s.unlocked_writes.len() as u64, "write", "writes"),
        d.unlocked_writes.len()
    )
}

/// Questions 1–3: what the lock says, and what its length changes.
fn lock_questions(f: &StudyFacts) -> Vec<Question> {
    let StudyFacts {
        ref corrupted,
        at_write,
        ref holder,
        a_grant,
        b_grant,
        ref short,
        b_write_short,
        overlaps,
        ..
    } = *f;
    let q = question;
    vec![
        q(
            "q1",
            format!("?t={at_write}"),
            "corrupted",
            "When A's write lands, who holds the lock according to the lock service — and what does that say about fixes that live inside the lock?",
            vec![format!(
                "At t={at_write}, {holder} holds it: A's lease ended at t={}. The lock would refuse A right now; it is simply never asked. A fix inside the lock improves answers that nobody consults at the moment of the write.",
                a_grant.1
            )],
        ),
        q(
            "q2",
            "?".to_owned(),
            "corrupted",
            "The overlapping-grants audit finds nothing even in the corrupted run. What exactly does it assert, and why do half-open intervals matter?",
            vec![format!(
                "It compares every pair of leases each server ever granted and finds {} sharing a tick. A's lease is [{}, {}) and B's is [{}, {}): a lease is live at its start and dead at its end, so a lease ending at t and one starting at t are a clean hand-over. With closed intervals that hand-over would be reported as a violation.",
                count(overlaps, "pair", "pairs"),
                a_grant.0,
                a_grant.1,
                b_grant.0,
                b_grant.1
            )],
        ),
        q(
            "q3",
            format!("?ttl={SHORT_TTL}"),
            "corrupted",
            &format!(
                "A one-tick lease corrupts the resource {}. Why does shortening the lease change nothing there?",
                short_lease_qualifier(corrupted, short)
            ),
            vec![format!(
                "B cannot acquire before it arrives: with ttl {SHORT_TTL} it still gets the lock at t={}, writes at t={b_write_short}, and A's stale write lands on top — final value {}. The lease length only matters once it keeps B out past its arrival.{}",
                short.b_acquired_at.unwrap_or(0),
                short.final_value,
                short_lease_difference(corrupted, short)
            )],
        ),
    ]
}

/// Questions 4–7: the fixes proposed, and what each one buys.
fn fix_questions(f: &StudyFacts) -> Vec<Question> {
    let StudyFacts {
        ref base,
        ref corrupted,
        ref fenced,
        overlaps,
        ..
    } = *f;
    let preset = Params {
        recheck_at: Some(EARLY_CHECK),
        ..*base
    }
    .with_pause_from_its_check();
    let recheck = vec![
        rechecks(base, &[EARLY_CHECK, base.write_tick()]).join(" "),
        "It works only if the check runs after the pause. A does not know a pause is coming, and the pause can fall between any check and the write.".to_owned(),
        format!(
            "The link places A's check at t={EARLY_CHECK}, inside the study's pause: A runs up to the check and stops right after it, so the pause now starts at t={} and A still writes at t={}.",
            preset.pause_from,
            preset.write_tick()
        ),
    ];
    let q = question;
    vec![
        q(
            "q4",
            format!("?recheck={EARLY_CHECK}"),
            "recheck",
            "A colleague proposes re-reading the lease just before writing and aborting if it expired. When does that work, and why can't A arrange it?",
            recheck,
        ),
        q(
            "q5",
            "?fencing=1".to_owned(),
            "fenced",
            &format!(
                "Fencing turns the final value into {}, not {}. Is that a bug in the fix?",
                fenced.final_value,
                fenced.serial_answer()
            ),
            vec![format!(
                "No. The final value is {}: A's work was computed from a value read before B's critical section, so any way of applying it would be wrong. Fencing refuses it and tells A, which can re-acquire and redo the work from a fresh read.",
                fenced.final_value
            )],
        ),
        q(
            "q6",
            "?".to_owned(),
            "corrupted",
            "Someone points out that a Redis node restarting empty can grant a lease that is still held, and you fix that (fsync every write, or a consensus-backed lock). Does the corruption here go away?",
            vec![format!(
                "No. In this run the lock already behaves perfectly — {overlaps} overlapping grants — and the resource still ends at {}. Making the lock more correct does nothing for a client that acts on an answer that has expired.",
                corrupted.final_value
            )],
        ),
        q(
            "q7",
            "?cas=1".to_owned(),
            "corrupted",
            "Your batch job takes a lock and then writes to an object store that has no fencing-token API. What can you actually do?",
            vec![
                "Make the store itself reject stale work: use a conditional write on something the store versions (a generation or ETag precondition), or write each attempt under a key that includes the token and let readers take the highest. Failing that, treat the lock as an efficiency measure — it avoids duplicate work most of the time — and make the job safe to run twice.".to_owned(),
                "The link opens the study's run with the conditional write the model has: check-and-set on the lock's id, no token involved (antirez's proposal). Each holder records its id in the store as it acquires, and a write applies only if its id is still the one recorded.".to_owned(),
            ],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lanes_sentence_follows_the_outcome_of_the_run_on_screen() {
        let p = Params::default();
        let case = |changed: Params| {
            let run = dlock_core::simulate(&changed);
            (run.outcome(), lanes_contrast(&run))
        };
        let (outcome, corrupt) = case(p);
        assert_eq!(outcome, Outcome::Corrupt);
        assert!(corrupt.ends_with("A's stale write lands over B's."), "{corrupt}");
        // Every outcome the main run can reach gets its own sentence, and
        // none of them claims a stale value landed unless one did.
        let others = [
            (Params { fencing: true, ..p }, Outcome::StaleRejected),
            (
                Params {
                    fencing: true,
                    pause_len: 12,
                    ..p
                },
                Outcome::StaleAccepted,
            ),
            (
                Params {
                    ttl: 14,
                    b_arrives: 14,
                    ..p
                },
                Outcome::LostUpdate,
            ),
            (
                Params {
                    expiry: false,
                    a_crashes: true,
                    ..p
                },
                Outcome::Wedged,
            ),
            (Params { b_arrives: 100, ..p }, Outcome::Clean),
        ];
        let mut seen = vec![corrupt];
        for (params, expected) in others {
            let (outcome, sentence) = case(params);
            assert_eq!(outcome, expected, "{params:?}");
            assert!(!seen.contains(&sentence), "{expected:?} shares a sentence");
            assert!(!sentence.contains("lands over"), "{sentence}");
            seen.push(sentence);
        }
    }

    #[test]
    fn the_arithmetic_follows_a_write_made_in_time_and_a_wedged_lock() {
        let p = Params::default();
        let in_time = dlock_core::simulate(&Params { pause_len: 5, ..p });
        let lines = arithmetic(&in_time);
        assert_eq!(
            lines[0],
            format!(
                "A acquires at t=0 with a 10-tick lease, and releases it at t={}, once its write is done.",
                in_time.a_lease_end().expect("A releases")
            )
        );
        assert!(a_write_explained(&in_time).starts_with("A writes while it still holds a quorum"));

        let wedged = dlock_core::simulate(&Params {
            expiry: false,
            a_crashes: true,
            ..p
        });
        assert_eq!(
            holders(&wedged),
            format!("Who holds a quorum: at t={}, A.", wedged.end_tick)
        );
        assert!(a_write_explained(&wedged).starts_with("A makes no write here"));
    }

    #[test]
    fn why_a_s_write_matters_is_worded_for_the_run_on_screen() {
        let p = Params::default();
        let explained = |changed: Params| a_write_explained(&dlock_core::simulate(&changed));
        assert!(explained(p).contains("the write carries nothing that says how old it is"));
        assert!(explained(Params { fencing: true, ..p }).contains("having seen a newer one, refuses it"));
        assert!(explained(Params {
            fencing: true,
            pause_len: 12,
            ..p
        })
        .contains("has not yet seen B's newer one"));
        assert!(explained(Params {
            ttl: 14,
            b_arrives: 14,
            ..p
        })
        .contains("the damage falls on A's own work"));
        assert!(explained(Params { b_arrives: 100, ..p }).contains("Nothing is lost only because"));
        // Only the corrupt run is told a write "does the damage".
        for changed in [
            Params { fencing: true, ..p },
            Params { b_arrives: 100, ..p },
            Params { pause_len: 5, ..p },
        ] {
            assert!(!explained(changed).contains("does the damage"), "{changed:?}");
        }
    }

    #[test]
    fn the_late_b_sentence_says_whether_a_s_write_is_locked_or_made() {
        let in_time = Params {
            pause_len: 5,
            ..Params::default()
        };
        assert!(vanishing(&in_time, 100).ends_with("A's write is made while A holds the lock."));
        let crashed = Params {
            a_crashes: true,
            ..Params::default()
        };
        assert!(vanishing(&crashed, 100).ends_with("A's write is never made."));
    }

    use dlock_core::simulate;

    #[test]
    fn the_arithmetic_states_the_default_numbers() {
        let text = arithmetic(&simulate(&Params::default())).join(" ");
        for needle in [
            "[0, 10)",
            "t=10",
            "5 of 5 votes at t=12",
            "quorum is 3",
            "'B' with token 2 at t=14",
            "'A' with token 1 at t=16, 6 ticks after",
            "ends at 'A'",
            "ends at 'AB'",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in {text}");
        }
        assert_eq!(
            holders(&simulate(&Params::default())),
            "Who holds a quorum: at t=9, A; at t=10, nobody; at t=14, B; at t=16, nobody."
        );
    }

    #[test]
    fn the_sentences_follow_the_parameters() {
        let p = Params {
            ttl: 25,
            ..Params::default()
        };
        let text = arithmetic(&simulate(&p)).join(" ");
        assert!(
            text.contains("a 25-tick lease, and releases it at t=17"),
            "A's release cuts the lease: {text}"
        );
        assert!(text.contains("at t=17"), "{text}");
        assert!(text.contains("ends at 'AB'"), "{text}");
        assert!(!text.contains("[0, 10)"));
        let p = Params {
            ttl: 25,
            pause_len: 26,
            ..Params::default()
        };
        assert!(inequality(&p).contains("27 < 28"), "{}", inequality(&p));
        assert!(inequality(&Params::default())
            .contains("max(b_arrives = 12, min(ttl = 10, A's release = 17)) + 2 = 14 < 16"));
    }

    #[test]
    fn fencing_and_late_b_and_rechecks_are_computed() {
        let unfenced = simulate(&Params::default());
        let fenced = simulate(&Params {
            fencing: true,
            ..Params::default()
        });
        let text = fencing_effect(&unfenced, &fenced);
        assert!(text.contains("A's write with token 1 at t=16"), "{text}");
        assert!(text.contains("final value is 'B' instead of 'A'"));
        let late_b = Params {
            b_arrives: 100,
            ..Params::default()
        };
        let same = fencing_effect(
            &simulate(&late_b),
            &simulate(&Params {
                fencing: true,
                ..late_b
            }),
        );
        assert!(
            same.contains("rejects nothing; the final value is 'AB' either way."),
            "{same}"
        );
        assert!(text.contains("identical"));
        assert_eq!(vanishing(&Params::default(), 100), "With B arriving at t=100: final value 'AB', 0 stale overwrites, and A's write is still made without the lock.");
        let r = rechecks(&Params::default(), &[9, 16]);
        assert_eq!(
            r[0],
            "Check at t=9: the lock service answers yes, A holds it — final value 'A', corrupt."
        );
        assert_eq!(
            r[1],
            "Check at t=16: the lock service answers no, A lost it — final value 'B', clean."
        );
    }

    #[test]
    fn variants_get_their_own_wording() {
        let crashed = arithmetic(&simulate(&Params {
            a_crashes: true,
            expiry: false,
            ..Params::default()
        }))
        .join(" ");
        assert!(
            crashed.contains("never gets the lock") && crashed.contains("A crashed"),
            "{crashed}"
        );
        assert!(inequality(&Params {
            expiry: false,
            ..Params::default()
        })
        .contains("outside the closed form"));
    }

    #[test]
    fn each_show_me_link_loads_the_run_its_answer_describes() {
        let questions = check_yourself();
        assert_eq!(
            questions.iter().map(|q| q.testid).collect::<Vec<_>>(),
            ["q1", "q2", "q3", "q4", "q5", "q6", "q7"]
        );
        for q in &questions {
            let (settings, notices) = crate::settings::parse(&q.show);
            assert!(notices.is_empty(), "{}: {} gives notices", q.testid, q.show);
            assert!(!q.answer.is_empty() && q.answer.iter().all(|a| !a.is_empty()));
            let run = dlock_core::simulate(&settings.params);
            match q.testid {
                // The cursor lands on A's write, the tick the answer names.
                "q1" => {
                    let write = write_of(&run, Client::A).map(|w| w.t);
                    assert_eq!(settings.cursor, write);
                    assert!(q.answer[0].starts_with(&format!("At t={}, nobody holds it", write.unwrap_or(0))));
                }
                "q3" => {
                    assert_eq!(
                        settings.params,
                        Params {
                            ttl: SHORT_TTL,
                            ..Params::default()
                        }
                    );
                    let b_acquired = run.b_acquired_at.unwrap_or(0);
                    assert!(q.answer[0].contains(&format!(
                        "with ttl {SHORT_TTL} it still gets the lock at t={b_acquired},"
                    )));
                    assert!(q.answer[0].contains(&format!("final value {}.", run.final_value)));
                }
                "q4" => {
                    assert_eq!(settings.params.recheck_at, Some(EARLY_CHECK));
                    assert!(q.answer[0]
                        .starts_with(&format!("Check at t={EARLY_CHECK}: the lock service answers yes")));
                    // The link moves the pause to the check, and says so.
                    assert_eq!(settings.params.pause_from, EARLY_CHECK);
                    assert!(q.answer[2].contains(&format!(
                        "the pause now starts at t={EARLY_CHECK} and A still writes at t={}",
                        settings.params.write_tick()
                    )));
                }
                "q5" => assert!(settings.params.fencing),
                // A store without fencing tokens: check-and-set, fencing off.
                "q7" => assert!(settings.params.cas && !settings.params.fencing),
                _ => assert_eq!(settings.params, Params::default()),
            }
        }
    }

    #[test]
    fn the_answers_carry_the_study_runs_numbers() {
        let questions = check_yourself();
        let expected = [
            (0, "At t=16, nobody holds it: A's lease ended at t=10."),
            (
                1,
                "finds 0 pairs sharing a tick. A's lease is [0, 10) and B's is [12, 15):",
            ),
            (
                2,
                "gets the lock at t=12, writes at t=14, and A's stale write lands on top — final value 'A'.",
            ),
            (3, "Check at t=16: the lock service answers no, A lost it"),
            (4, "No. The final value is 'B':"),
            (5, "0 overlapping grants — and the resource still ends at 'A'."),
        ];
        for (i, fragment) in expected {
            let text = questions[i].answer.join(" ");
            assert!(text.contains(fragment), "{}: {text}", questions[i].testid);
        }
        assert_eq!(
            questions[4].question,
            "Fencing turns the final value into 'B', not 'AB'. Is that a bug in the fix?"
        );
    }
}
