//! Audits read the record of a finished run and return what they found.
//!
//! Two of them carry the study's argument: [`overlapping_grants`] is the
//! lock's alibi (empty: no two clients ever held it at once) and
//! [`stale_overwrites`] is the corruption (an older lease's work applied on
//! top of a newer one's). They are different claims, and the gap between
//! them is the point.

use crate::contract::{self, LateWrite};
use crate::lock::Grant;
use crate::moment::{self, Moment};
use crate::resource::WriteRecord;
use crate::trace::{Entry, What};
use crate::types::{Client, ServerId, Tick, Token, Value};
use serde::Serialize;

mod held;
pub mod served;
pub mod subject;
mod tokens;
pub use held::{held_at, holder_at, holds_quorum, someone_holds, Held};
pub use tokens::{token_reversals, token_ties, TokenPair};

/// Two leases on the same server that share a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Overlap {
    pub first: Grant,
    pub second: Grant,
}

/// Every pair of leases on one server that share a tick, each lease read
/// as its server granted it ([`Grant::promised`]): from its grant to the
/// expiry its clock set then, or its release. One rule for a lease a
/// server loses early: restarted empty, or with its clock stepped
/// forward, the server still owed it, and a grant over it counts.
/// Retrospective: it checks the record of every grant ever made, not the
/// current state.
pub fn overlapping_grants(grants: &[Grant]) -> Vec<Overlap> {
    let mut found = Vec::new();
    for (i, g) in grants.iter().enumerate() {
        for h in &grants[i + 1..] {
            if g.server == h.server && g.promises_overlap(h) {
                found.push(Overlap {
                    first: *g,
                    second: *h,
                });
            }
        }
    }
    found
}

/// An accepted write made under an older lease than a write the resource had
/// already applied: an older lease's work landing on a newer lease's
/// finished work. Lease age is the lock's grant order, which the token
/// normally mirrors; when tokens drift it does not, and the audit still
/// sees the overwrite that a fenced resource let through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StaleOverwrite {
    pub t: Tick,
    pub client: Client,
    pub token: Token,
    /// The highest token applied before it.
    pub applied: Token,
}

pub fn stale_overwrites(writes: &[WriteRecord]) -> impl Iterator<Item = StaleOverwrite> + '_ {
    writes
        .iter()
        .filter(|w| w.accepted)
        .scan((0u32, 0 as Token), |(newest_lease, highest), w| {
            let before = (*newest_lease, *highest);
            *newest_lease = (*newest_lease).max(w.lease.mine);
            *highest = (*highest).max(w.token);
            Some((before, w))
        })
        .filter(|((lease, _), w)| w.lease.mine < *lease)
        .map(|((_, applied), w)| StaleOverwrite {
            t: w.t,
            client: w.client,
            token: w.token,
            applied,
        })
}

/// A write a fencing resource accepted although a newer lease had already
/// been granted: the resource had not yet seen the newer token, so it had
/// nothing to compare against. The writer is told it succeeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StaleAccept {
    pub t: Tick,
    pub client: Client,
    pub token: Token,
}

pub fn stale_accepts(writes: &[WriteRecord]) -> impl Iterator<Item = StaleAccept> + '_ {
    writes
        .iter()
        .filter(|w| w.accepted && w.lease.superseded())
        .map(|w| StaleAccept {
            t: w.t,
            client: w.client,
            token: w.token,
        })
}

/// The stretch in which a client was entitled, by what the lock told it, to
/// act as the holder: from its grant until the end of the lease as it
/// computed it, or its release if earlier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Hold {
    pub client: Client,
    pub start: Tick,
    pub end: Tick,
}

/// Two clients entitled to hold the lock at the same tick: mutual exclusion
/// broken at the lock itself. Unlike [`overlapping_grants`], which compares
/// one server's records, this compares what the clients were told — it
/// fires when a restarted server forgot a lease, and when fast clocks ended
/// leases early on enough servers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HoldOverlap {
    pub first: Hold,
    pub second: Hold,
}

/// Each client's holds, read from the run's entries: what each client
/// believed (the timeline draws these).
pub fn holds(entries: &[Entry]) -> Vec<Hold> {
    ordered_holds(entries, None)
        .into_iter()
        .map(|(h, ..)| h)
        .collect()
}

/// Each client's holds with the moments they began and ended, so that a
/// release and an acquire on the same tick are ordered as the transcript
/// orders them. With `validity` (Redlock's contract,
/// [`contract::validity_ticks`]) a hold ends no later than T1 plus it: a
/// client that trusted its lease longer broke the contract, and was not
/// entitled to the lock past that.
fn ordered_holds(entries: &[Entry], validity: Option<Tick>) -> Vec<(Hold, Moment, Moment)> {
    let mut found: Vec<(Hold, Moment, Moment)> = Vec::new();
    let acquired_from = contract::acquired_from(entries);
    for (i, e) in entries.iter().enumerate() {
        match e.what {
            What::Acquired { lease_end, .. } => {
                let contract_end = match (validity, acquired_from[i]) {
                    (Some(v), Some(t1)) => t1.saturating_add(v),
                    _ => lease_end,
                };
                let end = lease_end.min(contract_end);
                found.push((
                    Hold {
                        client: e.client,
                        start: e.t,
                        end,
                    },
                    moment::of_entry(entries, i),
                    (end, 0),
                ))
            }
            What::Released { .. } => {
                if let Some((h, _, to)) = found.iter_mut().rev().find(|(h, ..)| h.client == e.client) {
                    let released = moment::of_entry(entries, i);
                    if released < *to {
                        h.end = e.t;
                        *to = released;
                    }
                }
            }
            _ => {}
        }
    }
    found
}

/// Pairs of holds by different clients that share a moment of the run,
/// each hold ended where Redlock's contract ends it (`validity`; `None`
/// for the study's lease client).
pub fn overlapping_holds(entries: &[Entry], validity: Option<Tick>) -> Vec<HoldOverlap> {
    let all = ordered_holds(entries, validity);
    let mut found = Vec::new();
    for (i, (a, a_from, a_to)) in all.iter().enumerate() {
        for (b, b_from, b_to) in &all[i + 1..] {
            if a.client != b.client && a_from < a_to && b_from < b_to && a_from < b_to && b_from < a_to {
                found.push(HoldOverlap {
                    first: *a,
                    second: *b,
                });
            }
        }
    }
    found
}

/// A client's critical section as verification states it: from the entry
/// where it was granted the lock to the entry where it let go — released
/// it, gave up, skipped its write on its own validity check or re-check,
/// or crashed. A paused client is still inside: it has not let go, and
/// will act on its grant when it runs again. `end: None` is a section
/// still open when the record ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    pub client: Client,
    pub start: Tick,
    pub end: Option<Tick>,
}

/// Two clients inside their critical sections at once: mutual exclusion
/// broken as a TLA+ or stateright model states it, whatever the leases
/// and the contract say. Unlike [`overlapping_holds`], a section does not
/// end where a lease or a validity runs out, since the client is not told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SectionOverlap {
    pub first: Section,
    pub second: Section,
}

/// Whether `what` is a client letting go of the lock it was granted.
pub(crate) fn lets_go(what: &What) -> bool {
    matches!(
        what,
        What::Released { .. } | What::GaveUp | What::WriteSkipped { .. } | What::Crashed
    ) || matches!(what, What::ValidityChecked { ok: false, .. })
}

/// Each client's critical sections, in the order they began, with the
/// moments they began and ended. A section still open when the record
/// ends lasts until after its last tick (`end_tick`).
fn sections(entries: &[Entry], end_tick: Tick) -> Vec<(Section, Moment, Moment)> {
    let after_the_record: Moment = (end_tick.saturating_add(1), 0);
    let mut found: Vec<(Section, Moment, Moment)> = Vec::new();
    let mut open: [Option<usize>; 3] = [None; 3];
    for (i, e) in entries.iter().enumerate() {
        let slot = &mut open[e.client as usize];
        if matches!(e.what, What::Acquired { .. }) && slot.is_none() {
            *slot = Some(found.len());
            let section = Section {
                client: e.client,
                start: e.t,
                end: None,
            };
            found.push((section, moment::of_entry(entries, i), after_the_record));
        } else if lets_go(&e.what) {
            if let Some(k) = slot.take() {
                found[k].0.end = Some(e.t);
                found[k].2 = moment::of_entry(entries, i);
            }
        }
    }
    found
}

/// Where each critical section still open at the end of `entries` began:
/// the clients granted the lock that have not let go of it (a paused one
/// among them). The explorer's settled past keeps the record from there.
pub fn open_sections(entries: &[Entry]) -> impl Iterator<Item = Tick> + '_ {
    let end = entries.last().map_or(0, |e| e.t);
    sections(entries, end)
        .into_iter()
        .filter(|(s, ..)| s.end.is_none())
        .map(|(s, ..)| s.start)
}

/// Pairs of critical sections of different clients that share a moment
/// of the run (`end_tick`: the record's last tick, which a section still
/// open outlasts).
pub fn mutual_exclusion(entries: &[Entry], end_tick: Tick) -> Vec<SectionOverlap> {
    let all = sections(entries, end_tick);
    let mut found = Vec::new();
    for (i, (a, a_from, a_to)) in all.iter().enumerate() {
        for (b, b_from, b_to) in &all[i + 1..] {
            if a.client != b.client && a_from < b_to && b_from < a_to {
                found.push(SectionOverlap {
                    first: *a,
                    second: *b,
                });
            }
        }
    }
    found
}

/// A write (accepted or not) made while its writer held no quorum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UnlockedWrite {
    pub t: Tick,
    pub client: Client,
    pub token: Token,
    pub accepted: bool,
    /// Who did hold a quorum at that moment: nobody, the other client, or
    /// (when the lock failed) both.
    pub holders: Held,
}

impl UnlockedWrite {
    /// Who held the lock as this write landed, in words that say which
    /// notion of "held" the audit uses: a majority of live leases granted
    /// by that moment. A client may still believe it holds the lock by
    /// its own validity (the timeline's holder lane counts that too).
    pub fn while_held(&self) -> String {
        match self.holders {
            Held::Nobody => "while nobody held a live majority".to_owned(),
            held => format!("while {} held the lock", held.name()),
        }
    }
}

/// Every write whose writer held no quorum at the moment it landed, read in
/// the transcript's order: a lease acquired later in the same tick did not
/// yet exist, and one released later in the tick was still live.
pub fn unlocked_writes(entries: &[Entry], grants: &[Grant], quorum: u16) -> Vec<UnlockedWrite> {
    entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let What::Wrote { token, accepted, .. } = e.what else {
                return None;
            };
            let at = moment::of_entry(entries, i);
            let holds = |c| moment::holds_quorum_at(entries, grants, quorum, c, at);
            (!holds(e.client)).then(|| UnlockedWrite {
                t: e.t,
                client: e.client,
                token,
                accepted,
                holders: Held::among(holds),
            })
        })
        .collect()
}

/// An accepted write whose effect vanished: a later accepted write was
/// computed from something read before this one landed. The stale-overwrite
/// audit misses the case where the later write carries the *higher* token
/// (it happens when both writes land on the same tick).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LostUpdate {
    pub t: Tick,
    pub client: Client,
    pub token: Token,
    pub value: Value,
    pub erased_at: Tick,
    pub erased_by: Client,
}

/// The first later accepted write that erased write `i`'s effect: one
/// computed from something read before write `i` landed.
fn eraser(writes: &[WriteRecord], i: usize) -> Option<&WriteRecord> {
    let w = &writes[i];
    if !w.accepted {
        return None;
    }
    writes[i + 1..]
        .iter()
        .find(|later| later.accepted && later.basis < w.seq)
}

pub fn lost_updates(writes: &[WriteRecord]) -> impl Iterator<Item = LostUpdate> + '_ {
    (0..writes.len()).filter_map(|i| {
        let (w, e) = (&writes[i], eraser(writes, i)?);
        Some(LostUpdate {
            t: w.t,
            client: w.client,
            token: w.token,
            value: w.value,
            erased_at: e.t,
            erased_by: e.client,
        })
    })
}

/// Whether a write from a superseded lease was accepted and then erased:
/// the stale write did harm. (One that a later writer read and built on
/// did none: the result is the serial one.)
fn stale_accept_lost(writes: &[WriteRecord]) -> bool {
    (0..writes.len()).any(|i| writes[i].lease.superseded() && eraser(writes, i).is_some())
}

/// Liveness's answer to `client`, who asks at `asks` and waits `within`
/// ticks, read as far as tick `seen`: whether some client held the lock
/// — was granted it, with validity left, and had not let its lease end
/// ([`holds`]) — at a tick of that window, or the client gave up only at
/// its end, having waited all of it (a lock may say no, after the wait it
/// was given). Some client, not necessarily this one: the lock must not
/// sit unheld while clients ask for it. Servers holding a lease no client
/// can use is no answer, nor is being told a lease has no validity: a
/// lock whose every grant is unusable has served no one, and a check
/// that counted it would hold where no client ever held the lock.
pub fn answered(entries: &[Entry], client: Client, (asks, within): (Tick, Tick), seen: Tick) -> bool {
    answered_in(entries, client, (asks, asks.saturating_add(within)), seen, |_| {
        true
    })
}

/// Whether `client`'s window, from `asks` to `until` and read as far as
/// tick `seen`, was answered: a hold that `counts` (anyone's, for
/// liveness; the client's own, for starvation) was live at a tick of it,
/// or the client gave up only at its end, having waited all of it.
pub(crate) fn answered_in(
    entries: &[Entry],
    client: Client,
    (asks, until): (Tick, Tick),
    seen: Tick,
    counts: impl Fn(&Hold) -> bool,
) -> bool {
    let last = until.min(seen);
    let waited_then_gave_up = entries
        .iter()
        .any(|e| e.client == client && e.what == What::GaveUp && e.t >= until && e.t <= last);
    waited_then_gave_up
        || holds(entries)
            .iter()
            .any(|h| counts(h) && h.start < h.end && h.start <= last && h.end > asks)
}

/// The lease live on `server` at tick `t`, if any.
pub fn lease_at(grants: &[Grant], server: ServerId, t: Tick) -> Option<Grant> {
    grants
        .iter()
        .rev()
        .find(|g| g.server == server && g.covers(t))
        .copied()
}

/// One cell's verdict, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A stale overwrite: an older lease's write applied over a newer one's.
    Corrupt,
    /// Fencing was on and still accepted a write from a superseded lease,
    /// because it landed before the resource had seen the newer token; a
    /// write computed before it then erased it.
    StaleAccepted,
    /// No stale token was applied, yet an accepted write was erased by one
    /// computed before it landed.
    LostUpdate,
    /// B never got the lock: leases never expire and A is gone.
    Wedged,
    /// Fencing rejected a stale write; the data is right, A's work discarded.
    StaleRejected,
    /// Nothing went wrong.
    Clean,
}

impl Outcome {
    pub const ALL: [Outcome; 6] = [
        Outcome::Corrupt,
        Outcome::StaleAccepted,
        Outcome::LostUpdate,
        Outcome::Wedged,
        Outcome::StaleRejected,
        Outcome::Clean,
    ];

    /// Classifies a run from its write log without allocating.
    pub fn classify(writes: &[WriteRecord], b_acquired: bool, fencing: bool) -> Outcome {
        if stale_overwrites(writes).next().is_some() {
            Outcome::Corrupt
        } else if fencing && stale_accept_lost(writes) {
            Outcome::StaleAccepted
        } else if lost_updates(writes).next().is_some() {
            Outcome::LostUpdate
        } else if !b_acquired {
            Outcome::Wedged
        } else if writes.iter().any(|w| !w.accepted) {
            Outcome::StaleRejected
        } else {
            Outcome::Clean
        }
    }

    /// A short label for tables, legends and URLs.
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Corrupt => "corrupt",
            Outcome::StaleAccepted => "stale write accepted",
            Outcome::LostUpdate => "lost update",
            Outcome::Wedged => "wedged",
            Outcome::StaleRejected => "stale write rejected",
            Outcome::Clean => "clean",
        }
    }

    /// One character for text grids.
    pub fn glyph(self) -> char {
        match self {
            Outcome::Corrupt => '#',
            Outcome::StaleAccepted => '!',
            Outcome::LostUpdate => '~',
            Outcome::Wedged => 'w',
            Outcome::StaleRejected => 'x',
            Outcome::Clean => '.',
        }
    }
}

/// The audits that say something went wrong, one each: what the explorer
/// checks as safety properties, and what a settled past remembers it
/// found (`scenario::settle`). One list, so the two cannot drift apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Finding {
    OverlappingGrants,
    MutualExclusion,
    OverlappingHolds,
    StaleOverwrites,
    LostUpdates,
    TokenReversals,
    TokenTies,
    UnlockedWrites,
}

impl Finding {
    pub const ALL: [Finding; 8] = [
        Finding::OverlappingGrants,
        Finding::MutualExclusion,
        Finding::OverlappingHolds,
        Finding::StaleOverwrites,
        Finding::LostUpdates,
        Finding::TokenReversals,
        Finding::TokenTies,
        Finding::UnlockedWrites,
    ];

    /// Which promise this finding breaks: the one place the split between
    /// the lock's failures and the data's is made, for the scenarios'
    /// verdicts and the page's matrix alike.
    pub fn breaks(self) -> Promise {
        match self {
            Finding::OverlappingGrants
            | Finding::OverlappingHolds
            | Finding::TokenReversals
            | Finding::TokenTies => Promise::Lock,
            Finding::StaleOverwrites | Finding::LostUpdates => Promise::Data,
            Finding::MutualExclusion | Finding::UnlockedWrites => Promise::Between,
        }
    }
}

/// The promises a finding can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// The lock's own: one holder at a time by what it told its clients
    /// and its servers' records, and tokens that follow its leases.
    Lock,
    /// The data's: no write under an older lease landing over a newer
    /// lease's, no update lost.
    Data,
    /// Neither by itself: two clients inside at once (one of them paused,
    /// its lease run out) or a write made without the lock is the gap the
    /// study is about, harmful only where the data loses work.
    Between,
}

/// Every audit of one run, as [`Run::audit`](crate::scenario::Run::audit)
/// gathers them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Audit {
    pub overlapping_grants: Vec<Overlap>,
    pub overlapping_holds: Vec<HoldOverlap>,
    /// Two clients inside their critical sections at once.
    pub mutual_exclusion: Vec<SectionOverlap>,
    pub stale_overwrites: Vec<StaleOverwrite>,
    pub stale_accepts: Vec<StaleAccept>,
    pub unlocked_writes: Vec<UnlockedWrite>,
    pub lost_updates: Vec<LostUpdate>,
    /// Later grants whose token is below an earlier grant's.
    pub token_reversals: Vec<TokenPair>,
    /// Later grants whose token equals an earlier grant's.
    pub token_ties: Vec<TokenPair>,
    /// Writes a Redlock client sent after its lease's validity ended;
    /// written only in runs whose clients compute a validity (Redlock's
    /// contract).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub late_writes: Vec<LateWrite>,
    pub outcome: Outcome,
}

impl Audit {
    /// Whether this audit found anything that breaks `promise`.
    pub fn breaks(&self, promise: Promise) -> bool {
        Finding::ALL
            .into_iter()
            .any(|f| f.breaks() == promise && self.found(f))
    }

    /// Whether this audit found anything of `finding`'s kind.
    pub fn found(&self, finding: Finding) -> bool {
        match finding {
            Finding::OverlappingGrants => !self.overlapping_grants.is_empty(),
            Finding::OverlappingHolds => !self.overlapping_holds.is_empty(),
            Finding::MutualExclusion => !self.mutual_exclusion.is_empty(),
            Finding::StaleOverwrites => !self.stale_overwrites.is_empty(),
            Finding::LostUpdates => !self.lost_updates.is_empty(),
            Finding::TokenReversals => !self.token_reversals.is_empty(),
            Finding::TokenTies => !self.token_ties.is_empty(),
            Finding::UnlockedWrites => !self.unlocked_writes.is_empty(),
        }
    }
}
