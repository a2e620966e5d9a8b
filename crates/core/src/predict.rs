//! The questions a timeline asks before it shows an event, so that a
//! reader predicts what the run does next before seeing it, and the
//! answers, read off the run itself. An event that decides something a
//! reader can guess (a grant or a refusal, a pause that outlives a lease,
//! a check's answer, whether a write is applied) gets a question; the
//! rest are shown as they come.

use crate::run::Run;
use crate::trace::{Entry, What};
use crate::transcript::event_sentence;
use crate::types::{Client, Tick};

/// One question: asked before the timeline shows tick `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prediction {
    /// The tick whose events answer it.
    pub at: Tick,
    pub client: Client,
    pub ask: String,
    /// Two answers, the right one at `correct`.
    pub answers: [&'static str; 2],
    pub correct: u8,
    /// What happened, as the transcript tells it.
    pub told: String,
}

/// Every question the run answers, in the order of their ticks, one a
/// tick at most: the first entry at a tick that decides something.
pub fn predictions(run: &Run) -> Vec<Prediction> {
    let mut asked: Vec<Prediction> = Vec::new();
    for (index, entry) in run.entries.iter().enumerate() {
        if asked.last().is_some_and(|p| p.at == entry.t) {
            continue;
        }
        if let Some((ask, answers, correct)) = question(run, index) {
            asked.push(Prediction {
                at: entry.t,
                client: entry.client,
                ask,
                answers,
                correct,
                told: event_sentence(entry, &run.params),
            });
        }
    }
    asked
}

/// The question before the run's first event after `now` that has one
/// (from the start when no tick is chosen).
pub fn next_prediction(predictions: &[Prediction], now: Option<Tick>) -> Option<&Prediction> {
    predictions.iter().find(|p| now.is_none_or(|now| p.at > now))
}

const GRANTED: [&str; 2] = ["A majority grants it", "It is refused"];
const YES_NO: [&str; 2] = ["Yes", "No"];
const APPLIED: [&str; 2] = ["It is applied", "It is rejected"];

/// The question the entry at `index` answers, its answers, and the right
/// one; `None` for an entry that decides nothing a reader could guess.
fn question(run: &Run, index: usize) -> Option<(String, [&'static str; 2], u8)> {
    let entry = &run.entries[index];
    let who = entry.client;
    Some(match entry.what {
        What::Acquired { .. } => (
            format!("{who} asks for the lock. What do the servers answer?"),
            GRANTED,
            0,
        ),
        What::Refused { .. } | What::AcquireFailed { .. } => (
            format!("{who} asks for the lock. What do the servers answer?"),
            GRANTED,
            1,
        ),
        What::Paused { until } => {
            let lease_end = lease_end_before(&run.entries[..index], who)?;
            (
                format!("{who} stops until t={until}; its lease runs until t={lease_end}. Will its lease still be live when it wakes?"),
                YES_NO,
                u8::from(until >= lease_end),
            )
        }
        What::Rechecked { holds, .. } => (
            format!("{who} asks the lock servers whether it still holds the lock. Does it?"),
            YES_NO,
            u8::from(!holds),
        ),
        What::ValidityChecked { ok, .. } => (
            format!("{who} compares its clock with its lease's validity. Is the lease still valid?"),
            YES_NO,
            u8::from(!ok),
        ),
        What::Wrote {
            value,
            token,
            accepted,
        } => (
            format!(
                "{who}'s write of \"{}\" with token {token} reaches the storage. What does the storage do?",
                value.as_str()
            ),
            APPLIED,
            u8::from(!accepted),
        ),
        _ => return None,
    })
}

/// The end of the lease `client` last acquired before these entries end.
fn lease_end_before(entries: &[Entry], client: Client) -> Option<Tick> {
    entries.iter().rev().find_map(|e| match e.what {
        What::Acquired { lease_end, .. } if e.client == client => Some(lease_end),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{simulate, Params};

    #[test]
    fn the_study_asks_whether_a_s_lease_outlives_its_pause_and_whether_its_late_write_lands() {
        let run = simulate(&Params::default());
        let asked = predictions(&run);
        let pause = asked
            .iter()
            .find(|p| p.ask.contains("stops until"))
            .expect("A's pause is a question");
        assert_eq!((pause.client, pause.correct), (Client::A, 1), "{pause:?}");
        let writes: Vec<&Prediction> = asked.iter().filter(|p| p.answers == APPLIED).collect();
        assert!(writes.len() >= 2, "{asked:?}");
        // Unfenced, every write is applied, A's stale one too.
        assert!(writes.iter().all(|p| p.correct == 0), "{writes:?}");
        let fenced = predictions(&simulate(&Params {
            fencing: true,
            ..Params::default()
        }));
        let late = fenced
            .iter()
            .rfind(|p| p.answers == APPLIED && p.client == Client::A)
            .expect("A's late write");
        assert_eq!(late.correct, 1, "fencing rejects A's late write: {late:?}");
    }

    #[test]
    fn each_answer_is_the_run_s_and_each_tick_asks_once_in_order() {
        for fencing in [false, true] {
            let run = simulate(&Params {
                fencing,
                ..Params::default()
            });
            let asked = predictions(&run);
            assert!(asked.windows(2).all(|w| w[0].at < w[1].at), "{asked:?}");
            for p in &asked {
                let told_at_its_tick = run
                    .entries
                    .iter()
                    .filter(|e| e.t == p.at && e.client == p.client)
                    .any(|e| event_sentence(e, &run.params) == p.told);
                assert!(told_at_its_tick, "{p:?}");
                assert!(usize::from(p.correct) < p.answers.len());
            }
        }
    }

    #[test]
    fn the_next_question_is_the_first_after_the_cursor() {
        let run = simulate(&Params::default());
        let asked = predictions(&run);
        assert_eq!(next_prediction(&asked, None), asked.first());
        let first = asked[0].at;
        assert_eq!(next_prediction(&asked, Some(first)), asked.get(1));
        assert_eq!(next_prediction(&asked, Some(Tick::MAX)), None);
    }
}
