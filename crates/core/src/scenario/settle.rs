//! The explorer's reduction of a run's past. Between two ticks, most of a
//! run's record is dead: leases that ended, holds released or run out,
//! rounds answered. Nothing later can meet a dead record in an audit
//! except through a few numbers — the highest token acquired, the newest
//! lease and the latest write applied, and whether liveness has been
//! answered — and what the audits already found. So each record is cut
//! before its first part still alive, and a state is fingerprinted by
//! those numbers and findings with the records from the cuts on, instead
//! of its whole record: two runs that reach the same servers and clients
//! by different histories are one state. The record is still kept whole,
//! and a finished run is judged on it; the search without reductions
//! (`Reduction::Whole`), which hashes every record whole, is what this is
//! tested against.
//!
//! What the audits found is read with every lease and hold still alive
//! cut short at the next tick, as an immediate release would cut it:
//! anything found so is found however they end, and anything found only
//! by their true ends lies among the records kept.

use super::Simulator;
use crate::audit;
use crate::resource::Seq;
use crate::trace::What;
use crate::types::{Client, Tick, Token};

/// Where each record is cut (the fingerprint hashes it from there on),
/// and the summary of the whole record, taken when a cut last moved.
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
    /// Which audits already found something for good, a bit each
    /// (`audit::Finding::ALL`'s order).
    found: u8,
    /// The highest token a client was told it holds (token reversals).
    highest_acquired: Token,
    /// The newest lease an applied write was made under (stale overwrites).
    newest_applied_lease: u32,
    /// The latest sequence number of an applied write (lost updates).
    latest_applied: Seq,
    /// Liveness, per client: answered, missed, or still open.
    liveness: [Answer; 3],
    /// Each client's own wait (starvation): served, missed, or still open.
    served: [Answer; 3],
    /// What the properties constrain that happened (vacuity): two runs
    /// that differ in it are not one state, or a search could drop the
    /// only run in which a client wrote.
    happened: audit::subject::Happened,
}

impl Summary {
    /// Whether liveness is settled for `client`: answered, or its window
    /// closed unanswered. Nothing later can change it.
    pub(super) fn decided(&self, client: Client) -> bool {
        self.liveness[client as usize] != Answer::Open
    }

    /// Whether `client`'s own wait is settled: it held the lock, or its
    /// window closed first.
    pub(super) fn served_decided(&self, client: Client) -> bool {
        self.served[client as usize] != Answer::Open
    }
}

#[derive(Clone, Copy, Debug, Default, Hash, PartialEq, Eq)]
enum Answer {
    #[default]
    Open,
    Answered,
    Missed,
}

impl Answer {
    /// A window closing at `closes`, read once tick `t` is over.
    fn of(answered: bool, closes: Tick, t: Tick) -> Answer {
        match (answered, closes < t) {
            (true, _) => Answer::Answered,
            (false, true) => Answer::Missed,
            (false, false) => Answer::Open,
        }
    }
}

impl Simulator {
    /// After a step at tick `t`, if the next event is at a later tick,
    /// moves each record's cut as far as its dead past reaches, and
    /// summarises the whole record again if a cut moved. Only the
    /// explorer's runs with late messages settle: no other reader of a
    /// simulator hashes it.
    pub(super) fn settle(&mut self, t: Tick) {
        // Without late messages a run's states are its first choices, each
        // run to its end, and nothing merges: the check would be all cost.
        let merges = self.tape.ranges().is_some_and(|r| r.chooses_after_start());
        let tick_over = || self.sched.pending().iter().all(|&(at, _)| at > t);
        if !merges || !self.record || !tick_over() {
            return;
        }
        let (entries, grants) = self.cuts(t);
        let (reads, writes) = (
            self.resource.reads().len() as u32,
            self.resource.writes().len() as u32,
        );
        let s = &self.settled;
        if (entries, grants, reads, writes) == (s.entries, s.grants, s.reads, s.writes) {
            return;
        }
        self.settled = Settled {
            entries,
            grants,
            reads,
            writes,
            summary: self.summary(t),
        };
    }

    /// Where the entries and the grant log are cut once tick `t` is over:
    /// before the first record a later one can still meet in an audit
    /// other than through the summary. The reads and writes are cut at their ends:
    /// no audit reads a read, and a later write meets earlier ones only
    /// through the newest lease and the latest sequence applied.
    fn cuts(&self, t: Tick) -> (u32, u32) {
        let grants = self.lock.grants();
        // A lease that ended by this tick never changes again, and shares
        // no tick with a later one. A round still gathering votes
        // rewrites the tokens of its grants when it closes: its grants,
        // made since it sent its requests, stay whole. Read as granted
        // too: a lease its server lost early still meets a later grant in
        // `audit::overlapping_grants`.
        let live = |g: &&crate::lock::Grant| g.end.max(g.promised) > t;
        let mut grants_from = grants
            .iter()
            .filter(live)
            .map(|g| g.start)
            .min()
            .unwrap_or(Tick::MAX);
        let mut keep_from = t + 1;
        for client in [&self.a, &self.b, &self.c] {
            if client.round.awaiting > 0 {
                grants_from = grants_from.min(client.round.sent);
            }
            // A round under way has its T1 in its request entry, which the
            // hold it may become is measured from.
            if client.round.awaiting > 0 || client.round.answers.is_some() {
                keep_from = keep_from.min(client.round.sent);
            }
        }
        // The log is cut at a tick, not at a grant: the grants of one
        // tick are logged in the order of their servers' numbers, so a
        // cut between two of them would keep a different set of grants
        // in a state and in the same state renumbered
        // (`scenario::symmetry`). The log runs in the order of ticks.
        let grant_cut = grants.partition_point(|g| g.start < grants_from) as u32;
        // A live lease's span starts at its client's acquire entry, and an
        // open hold can still meet a later one.
        for g in grants.iter().filter(live) {
            keep_from = keep_from.min(g.start);
        }
        if let Some(hold) = self.earliest_open_hold(t) {
            keep_from = keep_from.min(hold);
        }
        // Entries of one tick are ordered by their places: a tick is kept
        // or cut whole.
        let entry_cut = self.entries.iter().position(|e| e.t >= keep_from);
        (entry_cut.unwrap_or(self.entries.len()) as u32, grant_cut)
    }

    /// The tick of the earliest acquire whose hold may still be open after
    /// tick `t`, read by the audits' own readers: a hold (`audit::holds`)
    /// whose lease is not over by then and was not released, or a
    /// critical section not yet let go of (`audit::open_sections`),
    /// however long ago its lease ended: a paused client is still inside.
    fn earliest_open_hold(&self, t: Tick) -> Option<Tick> {
        let holds = audit::holds(&self.entries)
            .into_iter()
            .filter(|h| h.end > t)
            .map(|h| h.start);
        holds.chain(audit::open_sections(&self.entries)).min()
    }

    /// The record so far, where it can be read for good: once the tick of
    /// the last event is over (the next event is at a later tick, or none
    /// is left), with every lease and hold still alive cut short at the
    /// next tick, the earliest any can end. Mid-tick, `None`: a later
    /// event of the same tick may still end a lease at this very tick.
    /// The explorer judges states on this, so that a counterexample ends
    /// where its property first breaks.
    pub fn record_so_far(&self) -> Option<crate::run::Run> {
        let t = self.end_tick;
        let tick_over = self.sched.pending().iter().all(|&(at, _)| at > t);
        tick_over.then(|| self.cut_short(t + 1))
    }

    /// The run so far with every lease and hold still alive ending at
    /// `next`, the earliest any can end: what an audit finds in it stays
    /// found whatever comes later.
    fn cut_short(&self, next: Tick) -> crate::run::Run {
        let mut run = self.to_run();
        for g in &mut run.grants {
            g.end = g.end.min(next);
            g.promised = g.promised.min(next);
        }
        for e in &mut run.entries {
            if let What::Acquired { lease_end, .. } = &mut e.what {
                *lease_end = (*lease_end).min(next);
            }
        }
        run
    }

    /// The summary of the whole record so far, once tick `t` is over.
    fn summary(&self, t: Tick) -> Summary {
        let (entries, grants, writes) = (&self.entries[..], self.lock.grants(), self.resource.writes());
        // The audit a finished run is judged by, of the run so far with
        // what is still alive cut short at the next tick.
        let audit = self.cut_short(t + 1).audit();
        let found = audit::Finding::ALL
            .iter()
            .enumerate()
            .fold(0u8, |bits, (i, &f)| bits | (u8::from(audit.found(f)) << i));
        let applied = writes.iter().filter(|w| w.accepted);
        let within = self.tape.within().unwrap_or(Tick::MAX);
        // A client the run does not have never asks: its windows stay open.
        let asks = |client| {
            self.params
                .clients()
                .contains(&client)
                .then(|| self.params.asks_at(client))
        };
        let liveness = Client::EVERY.map(|client| {
            asks(client).map_or(Answer::Open, |asks| {
                let answered = audit::answered(entries, client, (asks, within), t);
                Answer::of(answered, asks.saturating_add(within), t)
            })
        });
        let served = Client::EVERY.map(|client| {
            asks(client).map_or(Answer::Open, |asks| {
                let served = audit::served::served(entries, client, (asks, within), t);
                Answer::of(
                    served,
                    audit::served::window_closes(entries, client, (asks, within)),
                    t,
                )
            })
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
            served,
            happened: {
                let mut happened = audit::subject::Happened::default();
                happened.note(entries, grants);
                happened
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{check, Config, LockKind, Property, Question, ResourceKind};
    use crate::scenario::tape::Tape;
    use crate::scenario::Mode;

    /// The split vote's rounds are handed back: their past settles, with
    /// what liveness has to remember of it, and a copy that has not
    /// settled is a different state.
    #[test]
    fn a_round_handed_back_settles_the_past() {
        let question = Question::split_vote();
        let config = Config {
            lock: LockKind::Redlock,
            validity_check: true,
            resource: ResourceKind::Plain,
            servers: question.servers,
            ttl: question.ttl,
            drift_allowance: 0,
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
        let symmetric = crate::explore::Reduction::All;
        assert_ne!(fp.of(&sim, symmetric), fp.of(&unsettled, symmetric));
    }

    /// Steps through every counterexample of a search with late messages
    /// and, at each tick's end, checks that the cuts leave every living
    /// record whole: no lease still live and no open hold is cut off, nor
    /// the entries a live lease's span is read from.
    #[test]
    fn the_cuts_never_pass_a_living_record() {
        let late = crate::explore::Bound {
            max_arrival: 2,
            max_pause: 3,
            max_delay: 1,
            horizon: 6,
            ..crate::explore::Bound::default()
        };
        let restarting = crate::explore::Bound {
            max_arrival: 0,
            max_pause: 1,
            horizon: 4,
            fault: crate::explore::SearchedFault::Restart(crate::params::RestartRemedy::None),
            ..late
        };
        let mut checked = 0;
        // Redlock with the check and without, on time and with a restart.
        for (row, bound) in [(4, late), (8, late), (4, restarting), (8, restarting)] {
            let config = Config::matrix(3, 6)[row];
            checked += check_the_cuts(config, bound);
        }
        assert!(checked > 20, "{checked}");
    }

    /// Checks the cuts at each tick's end along every counterexample the
    /// search of `config` within `bound` finds; returns how many.
    fn check_the_cuts(config: Config, bound: crate::explore::Bound) -> u32 {
        let report = check(config, bound);
        let mut checked = 0;
        for found in report.properties.iter().filter_map(|p| p.counterexample.as_ref()) {
            let mut sim = Simulator::default();
            *sim.tape_mut() = Tape::exploring(bound.ranges(), &found.steps);
            sim.start(&config.params(), Mode::Skip, true);
            while let Some(&(t, _)) = sim.sched.pending().first() {
                sim.step();
                if sim.sched.pending().iter().any(|&(at, _)| at <= t) {
                    continue;
                }
                let (entry_cut, grant_cut) = sim.cuts(t);
                let grants = sim.lock.grants();
                let cut_entries = &sim.entries[..entry_cut as usize];
                assert!(grants[..grant_cut as usize]
                    .iter()
                    .all(|g| g.end.max(g.promised) <= t));
                for g in grants.iter().filter(|g| g.end.max(g.promised) > t) {
                    assert!(cut_entries.iter().all(|e| e.t < g.start), "{g:?} at {t}");
                }
                for hold in audit::holds(&sim.entries).iter().filter(|h| h.end > t) {
                    assert!(cut_entries.iter().all(|e| e.t < hold.start), "{hold:?} at {t}");
                }
                checked += 1;
            }
        }
        checked
    }
}
