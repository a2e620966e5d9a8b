//! What the page and the explorer's worker say to each other, as lists of
//! `u32`: a request (the configurations to check and the bound), and the
//! worker's answers (progress, then each configuration's search as raw
//! parts, from which the page makes the report by replaying its
//! counterexamples). Numbers, because a `Uint32Array` crosses to a Web
//! Worker with no serialiser on either side, and both sides are this one
//! codec, tested here natively.

use super::config::{Bound, Config, LockKind, PauseAt, Pausing, ResourceKind, SearchedFault};
use super::fingerprint::Reduction;
use super::property::Property;
use super::report::{CheckReport, Explored};
use crate::audit::subject::Happened;
use crate::scenario::action::{Action, Coverage};
use std::collections::BTreeMap;

/// The counterexamples a search found, as the explorer keeps them: each
/// broken property's choices and its length in steps.
pub type Found = BTreeMap<Property, (Vec<u32>, u32)>;

/// A search's raw parts: what the worker sends for one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub explored: Explored,
    pub found: Found,
    /// Microseconds the search itself took, as the worker measured it
    /// (the benchmark's figure; core has no clock).
    pub search_us: u32,
}

impl Answer {
    /// The report of `config` within `bound` that this answer is.
    pub fn report(&self, config: Config, bound: Bound) -> CheckReport {
        CheckReport::new(config, bound, self.explored, &self.found)
    }
}

/// A message from the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The worker's module is running and takes requests.
    Ready,
    /// The configuration at `row` has `states` states so far.
    Progress { row: u32, states: u64 },
    /// The configuration at `row` is searched. Boxed: an answer with its
    /// coverage is ten times a progress report.
    Done { row: u32, answer: Box<Answer> },
}

const READY: u32 = 0;
const PROGRESS: u32 = 1;
const DONE: u32 = 2;

/// A request: check `rows` within `bound`. An empty list of rows asks the
/// worker to stop.
pub fn request(rows: &[Config], bound: &Bound) -> Vec<u32> {
    let mut words = bound_words(bound);
    for c in rows {
        words.extend([
            u32::from(c.lock == LockKind::Redlock),
            u32::from(c.validity_check),
            resource_index(c.resource),
            u32::from(c.servers),
            c.ttl,
            c.drift_allowance,
        ]);
    }
    words
}

/// Words a configuration takes in a request.
const CONFIG_WORDS: usize = 6;

/// Reads a request back: `None` for words no request makes.
pub fn read_request(words: &[u32]) -> Option<(Vec<Config>, Bound)> {
    let (bound_part, rows) = words.split_at_checked(BOUND_WORDS)?;
    let bound = read_bound(bound_part)?;
    if rows.len() % CONFIG_WORDS != 0 {
        return None;
    }
    let configs = rows
        .chunks(CONFIG_WORDS)
        .map(|w| {
            Some(Config {
                lock: if w[0] == 1 {
                    LockKind::Redlock
                } else {
                    LockKind::Lease
                },
                validity_check: w[1] == 1,
                resource: *ResourceKind::ALL.get(w[2] as usize)?,
                servers: u16::try_from(w[3]).ok()?,
                ttl: w[4],
                drift_allowance: w[5],
            })
        })
        .collect::<Option<Vec<Config>>>()?;
    Some((configs, bound))
}

const BOUND_WORDS: usize = 14;

fn bound_words(b: &Bound) -> Vec<u32> {
    let (high, low) = split(b.max_states);
    let [fault, fault_value] = b.fault.to_wire();
    vec![
        b.max_arrival,
        b.max_pause,
        b.max_delay,
        b.horizon,
        b.within,
        high,
        low,
        fault,
        fault_value,
        u32::from(b.max_lost),
        PauseAt::ALL.iter().position(|&p| p == b.pause_at).unwrap_or(0) as u32,
        Pausing::ALL.iter().position(|&p| p == b.pausing).unwrap_or(0) as u32,
        u32::from(b.clients),
        b.max_a_arrival,
    ]
}

fn read_bound(w: &[u32]) -> Option<Bound> {
    Some(Bound {
        max_arrival: w[0],
        max_pause: w[1],
        max_delay: w[2],
        horizon: w[3],
        within: w[4],
        max_states: join(w[5], w[6]),
        fault: SearchedFault::from_wire([w[7], w[8]])?,
        max_lost: u8::try_from(w[9]).ok()?,
        pause_at: *PauseAt::ALL.get(w[10] as usize)?,
        pausing: *Pausing::ALL.get(w[11] as usize)?,
        clients: u8::try_from(w[12]).ok()?,
        max_a_arrival: w[13],
    })
}

fn resource_index(r: ResourceKind) -> u32 {
    ResourceKind::ALL.iter().position(|&x| x == r).unwrap_or(0) as u32
}

fn split(n: u64) -> (u32, u32) {
    ((n >> 32) as u32, n as u32)
}

fn join(high: u32, low: u32) -> u64 {
    (u64::from(high) << 32) | u64::from(low)
}

/// A message as words.
pub fn say(said: &Said) -> Vec<u32> {
    match said {
        Said::Ready => vec![READY],
        Said::Progress { row, states } => {
            let (high, low) = split(*states);
            vec![PROGRESS, *row, high, low]
        }
        Said::Done { row, answer } => {
            let e = &answer.explored;
            let (sh, sl) = split(e.states);
            let (th, tl) = split(e.transitions);
            let mut words = vec![
                DONE,
                *row,
                sh,
                sl,
                th,
                tl,
                e.max_depth,
                u32::from(e.complete),
                u32::from(e.reduction == Reduction::Whole),
                answer.search_us,
                e.happened.bits(),
                answer.found.len() as u32,
            ];
            for (property, (steps, length)) in &answer.found {
                let index = Property::ALL.iter().position(|p| p == property).unwrap_or(0);
                words.extend([index as u32, *length, steps.len() as u32]);
                words.extend_from_slice(steps);
            }
            // Each count is at most the states, which a tab's search
            // keeps far below 2^32.
            let counts = e.coverage.counts();
            words.extend(counts.iter().map(|&n| u32::try_from(n).unwrap_or(u32::MAX)));
            words
        }
    }
}

/// Reads a message back: `None` for words no message makes.
pub fn heard(words: &[u32]) -> Option<Said> {
    match *words.first()? {
        READY => Some(Said::Ready),
        PROGRESS => match words {
            &[_, row, high, low] => Some(Said::Progress {
                row,
                states: join(high, low),
            }),
            _ => None,
        },
        DONE => {
            let head = words.get(..12)?;
            let mut found = Found::new();
            let mut rest = &words[12..];
            for _ in 0..head[11] {
                let (&[index, length, len], tail) = rest.split_first_chunk::<3>()?;
                let (steps, tail) = tail.split_at_checked(len as usize)?;
                found.insert(*Property::ALL.get(index as usize)?, (steps.to_vec(), length));
                rest = tail;
            }
            let counts: [u32; Action::ALL.len()] = rest.try_into().ok()?;
            let explored = Explored {
                reduction: if head[8] == 1 {
                    Reduction::Whole
                } else {
                    Reduction::All
                },
                states: join(head[2], head[3]),
                transitions: join(head[4], head[5]),
                max_depth: head[6],
                complete: head[7] == 1,
                happened: Happened::from_bits(head[10])?,
                coverage: Coverage::from_counts(counts.map(u64::from)),
            };
            Some(Said::Done {
                row: head[1],
                answer: Box::new(Answer {
                    explored,
                    found,
                    search_us: head[9],
                }),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::search::Explorer;

    #[test]
    fn a_request_reads_back_as_it_was_made() {
        let rows = Config::matrix(4, 7);
        let bound = Bound {
            fault: SearchedFault::Restart(crate::params::RestartRemedy::StaySilent),
            max_states: 5_000_000_000,
            max_lost: 2,
            ..Bound::default()
        };
        assert_eq!(read_request(&request(&rows, &bound)), Some((rows, bound)));
        assert_eq!(
            read_request(&request(&[], &Bound::default())),
            Some((vec![], Bound::default()))
        );
        assert_eq!(read_request(&[1, 2, 3]), None);
    }

    /// A search's answer crosses whole: the report made from it is the
    /// report the explorer makes itself.
    #[test]
    fn an_answer_reads_back_and_makes_the_explorer_s_report() {
        let (config, bound) = (Config::default(), Bound::default());
        let mut explorer = Explorer::new(config, bound);
        while !explorer.run_for(10_000) {}
        let answer = explorer.answer(1234);
        assert!(!answer.found.is_empty());
        let said = Said::Done {
            row: 3,
            answer: Box::new(answer),
        };
        let back = heard(&say(&said));
        assert_eq!(back, Some(said));
        let Some(Said::Done { answer, .. }) = back else {
            unreachable!()
        };
        let made = serde_json::to_value(answer.report(config, bound)).unwrap();
        let own = serde_json::to_value(explorer.report()).unwrap();
        assert_eq!(made, own);
        for said in [
            Said::Ready,
            Said::Progress {
                row: 2,
                states: 1 << 40,
            },
        ] {
            assert_eq!(heard(&say(&said)), Some(said));
        }
        assert_eq!(heard(&[DONE, 1]), None);
        assert_eq!(heard(&[9]), None);
    }
}
