//! The check-yourself questions (§9): each question, the run its "show me"
//! link loads, and an answer whose every number comes from a core run of
//! those parameters; and the component that lists them.

use crate::figures::recheck::caption::rechecks;
use crate::settings;
use crate::state::AppState;
use dlock_core::transcript::events::granted_lease;
use dlock_core::words::count;
use dlock_core::{Client, Params, Run, Tick};
use leptos::prelude::*;

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
    /// A's and B's leases as the lease tables write them ("[12, 22),
    /// released at 15"), so the answer and the tables agree.
    leases: (String, String),
    short: Run,
    b_write_short: Tick,
    fenced: Run,
    overlaps: u64,
}

impl StudyFacts {
    fn new() -> StudyFacts {
        let base = Params::default();
        let corrupted = dlock_core::simulate(&base);
        let at_write = corrupted.first_write(Client::A).map_or(0, |w| w.t);
        let holder = corrupted
            .holder_at(at_write)
            .map_or("nobody".to_owned(), |c| c.to_string());
        let grant_of = |client| corrupted.grants.iter().find(|g| g.client == client);
        let a_grant = grant_of(Client::A).map_or((0, 0), |g| (g.start, g.end));
        let lease_of = |client| grant_of(client).map_or_else(String::new, granted_lease);
        let leases = (lease_of(Client::A), lease_of(Client::B));
        let short = dlock_core::simulate(&Params {
            ttl: SHORT_TTL,
            ..base
        });
        let b_write_short = short.first_write(Client::B).map_or(0, |w| w.t);
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
            leases,
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
        ref leases,
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
                "It compares every pair of leases each server ever granted and finds {} sharing a tick. A's lease is {} and B's is {}: a lease is live at its start and dead at its end, so a lease ending at t and one starting at t are a clean hand-over. With closed intervals that hand-over would be reported as a violation.",
                count(overlaps, "pair", "pairs"),
                leases.0,
                leases.1
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

/// Sets the figures to a preset run (keeping the heatmap's axes) and
/// scrolls to the section that shows it.
fn show_preset(state: AppState, query: &str, anchor: &str) {
    let (preset, _) = settings::parse(query);
    state.settings.update(|s| {
        s.params = preset.params;
        s.cursor = preset.cursor;
    });
    crate::browser::url::scroll_to(anchor);
}

/// The check-yourself questions: each a question, a "show me" link that
/// loads the run its answer is about, and the answer, all from
/// `check_yourself`. Printed, the answers come along only if
/// the reader asks: a handout for a class usually leaves them out.
#[component]
pub fn CheckYourself(state: AppState) -> impl IntoView {
    let with_answers = RwSignal::new(false);
    view! {
        <label class="print-answers">
            <input type="checkbox" data-testid="print-answers" prop:checked=with_answers
                on:change=move |ev| with_answers.set(event_target_checked(&ev)) />
            " Print the answers too"
        </label>
        <ol class="questions" class:with-answers=with_answers data-testid="questions">
            {check_yourself().into_iter().map(|q| {
                let Question { testid, show, anchor, question, answer } = q;
                // A link, so a handout prints where it leads; a click
                // stays in the page and loads the run in place.
                let href = format!("{}{show}#{anchor}", crate::browser::url::page_base());
                let on_click = move |ev: leptos::ev::MouseEvent| {
                    ev.prevent_default();
                    show_preset(state, &show, anchor);
                };
                view! {
                    <li class="question" data-testid=testid>
                        <p id=format!("{testid}-text")>{question}</p>
                        // Seven links say "Show me"; each is described by its question.
                        <a class="preset" href=href data-testid=format!("{testid}-show") aria-describedby=format!("{testid}-text")
                            on:click=on_click>"Show me"</a>
                        <details><summary>"Answer"</summary><div class="answer">
                            {answer.into_iter().map(|a| view! { <p>{a}</p> }).collect_view()}
                        </div></details>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                    let write = run.first_write(Client::A).map(|w| w.t);
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
                "finds 0 pairs sharing a tick. A's lease is [0, 10) and B's is [12, 22), released at 15:",
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
