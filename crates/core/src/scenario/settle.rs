//! The explorer's reduction of a run's past. Once the run is quiet —
//! nothing granted still live, no client holding or acquiring, and the
//! next event at a later tick — nothing recorded so far can meet anything
//! recorded later in an audit, except through a few numbers: the highest
//! token acquired, the newest lease and the latest write applied, and
//! whether liveness has been answered. So from then on a state is
//! fingerprinted by those numbers and what the audits already found in
//! that past, with the record since, instead of its whole record: two
//! runs that reach the same servers and clients by different histories
//! are one state. The record is still kept whole, and a finished run is
//! judged on it; the search without reductions (`Reduction::Whole`),
//! which hashes every record whole, is what this is tested against.

use super::Simulator;
use crate::audit;
use crate::resource::Seq;
use crate::trace::What;
use crate::types::{Client, Tick, Token};

/// How much of each record a summary stands for, and the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    pub entries: u32,
    pub grants: u32,
    pub reads: u32,
    pub writes: u32,
    pub summary: Summary,
}

/// What later events can still meet of a settled past.
#[derive(Clone, Copy, Debug, Default, Hash, PartialEq, Eq)]
pub struct Summary {
    /// Which audits already found something there, a bit each.
    found: u8,
    /// The highest token a client was told it holds (token reversals).
    highest_acquired: Token,
    /// The newest lease an applied write was made under (stale overwrites).
    newest_applied_lease: u32,
    /// The latest sequence number of an applied write (lost updates).
    latest_applied: Seq,
    /// Liveness, per client: answered, missed, or still open.
    liveness: [Answer; 2],
}

#[derive(Clone, Copy, Debug, Default, Hash, PartialEq, Eq)]
enum Answer {
    #[default]
    Open,
    Answered,
    Missed,
}

impl Simulator {
    /// After a step at tick `t`, settles the past if the run is quiet and
    /// anything was recorded since it last settled. Only the explorer's
    /// runs with late messages settle: no other reader of a simulator
    /// hashes it.
    pub(super) fn settle(&mut self, t: Tick) {
        // Without late messages a run's states are its first choices, each
        // run to its end, and nothing merges: the check would be all cost.
        let merges = self.tape.ranges().is_some_and(|r| r.chooses_after_start());
        if !merges || !self.record || !self.quiet(t) {
            return;
        }
        let lengths = (
            self.entries.len() as u32,
            self.lock.grants().len() as u32,
            self.resource.reads().len() as u32,
            self.resource.writes().len() as u32,
        );
        let s = &self.settled;
        if lengths == (s.entries, s.grants, s.reads, s.writes) {
            return;
        }
        self.settled = Settled {
            entries: lengths.0,
            grants: lengths.1,
            reads: lengths.2,
            writes: lengths.3,
            summary: self.summary(t),
        };
    }

    /// Whether nothing recorded up to now can meet a later record in an
    /// audit but through the summary's numbers.
    fn quiet(&self, t: Tick) -> bool {
        let next_tick_later = self.sched.pending().iter().all(|&(at, _)| at > t);
        let grants_ended = self.lock.grants()[self.settled.grants as usize..]
            .iter()
            .all(|g| g.end <= t);
        let no_round = [&self.a, &self.b].iter().all(|c| c.awaiting == 0)
            && self.sched.pending().iter().all(|&(_, e)| {
                !matches!(
                    e,
                    super::Event::RequestsArrive { .. } | super::Event::RepliesRead(_)
                )
            });
        next_tick_later && grants_ended && no_round && self.lock.none_live(t) && self.holds_ended(t)
    }

    /// Whether each client's last hold since the past settled has ended by
    /// `t`: released, or its lease over.
    fn holds_ended(&self, t: Tick) -> bool {
        Client::ALL.into_iter().all(|client| {
            let recent = &self.entries[self.settled.entries as usize..];
            let last = recent.iter().rev().find(|e| {
                e.client == client && matches!(e.what, What::Acquired { .. } | What::Released { .. })
            });
            match last.map(|e| e.what) {
                Some(What::Acquired { lease_end, .. }) => lease_end <= t,
                _ => true,
            }
        })
    }

    /// The summary of the whole record so far, at tick `t`.
    fn summary(&self, t: Tick) -> Summary {
        let (entries, grants, writes) = (&self.entries[..], self.lock.grants(), self.resource.writes());
        let quorum = self.lock.quorum();
        // A run is quiet with something new recorded a few times at most,
        // so the whole audit of the run so far is affordable here, and it
        // is the audit a finished run is judged by.
        let audit = self.to_run().audit();
        let found = audit::Finding::ALL
            .iter()
            .enumerate()
            .fold(0u8, |bits, (i, &f)| bits | (u8::from(audit.found(f)) << i));
        let applied = writes.iter().filter(|w| w.accepted);
        let within = self.tape.within().unwrap_or(Tick::MAX);
        let liveness = Client::ALL.map(|client| {
            let asks = self.params.asks_at(client);
            let until = asks.saturating_add(within);
            if audit::answered(entries, grants, quorum, client, asks, until.min(t)) {
                Answer::Answered
            } else if until < t {
                Answer::Missed
            } else {
                Answer::Open
            }
        });
        Summary {
            found,
            highest_acquired: entries
                .iter()
                .filter_map(|e| match e.what {
                    What::Acquired { token, .. } => Some(token),
                    _ => None,
                })
                .max()
                .unwrap_or(0),
            newest_applied_lease: applied.clone().map(|w| w.lease.mine).max().unwrap_or(0),
            latest_applied: applied.map(|w| w.seq).max().unwrap_or(0),
            liveness,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{check, Config, LockKind, Property, Question, ResourceKind};
    use crate::scenario::tape::Tape;
    use crate::scenario::Mode;

    /// The split vote's rounds are handed back, and then the run is quiet:
    /// its past settles, with what liveness has to remember of it, and a
    /// copy that has not settled is a different state.
    #[test]
    fn a_round_handed_back_settles_the_past() {
        let question = Question::split_vote();
        let config = Config {
            lock: LockKind::Redlock,
            validity_check: true,
            resource: ResourceKind::Plain,
            servers: question.servers,
            ttl: question.ttl,
        };
        let report = check(config, question.bound);
        let steps = &report
            .properties
            .iter()
            .find(|p| p.name == Property::Liveness)
            .and_then(|p| p.counterexample.as_ref())
            .expect("the split vote")
            .steps;
        let mut sim = Simulator::default();
        *sim.tape_mut() = Tape::exploring(question.bound.ranges(), steps);
        sim.run(&config.params(), Mode::Skip, true);
        assert!(
            sim.settled.entries > 0 && sim.settled.grants > 0,
            "{:?}",
            sim.settled
        );
        assert_eq!(sim.settled.summary.found, 0, "nothing broken by a split");
        let mut unsettled = sim.clone();
        unsettled.settled = Settled::default();
        let mut fp = crate::explore::fingerprint::Fingerprinter::default();
        let symmetric = crate::explore::Reduction::Symmetry;
        assert_ne!(fp.of(&sim, symmetric), fp.of(&unsettled, symmetric));
    }
}
