//! One lab run: start the lock servers and the store, start A and B as
//! processes, resume A at the end of its pause, collect what they did,
//! and set it beside what the simulation gives for the same parameters.

use crate::client::Orders;
use crate::etcd::EtcdServer;
use crate::process::{LabDir, TiedChild};
use crate::records::{self, Watcher};
use crate::servers::Cluster;
use crate::store::{Location, Op, Store};
use crate::timing::Timing;
use crate::wire::{now_ms, Event, LabEvent};
use crate::LockKind;
use dlock_core::audit::{
    self, Held, HoldOverlap, LostUpdate, Overlap, SectionOverlap, StaleAccept, StaleOverwrite, TokenPair,
};
use dlock_core::contract::LateWrite;
use dlock_core::lock::Grant;
use dlock_core::params::Fault;
use dlock_core::resource::{LeaseOrder, WriteRecord};
use dlock_core::trace::{Entry, What};
use dlock_core::{simulate, Client, Outcome, Params, Tick, Value};
use serde::Serialize;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long past the schedule's end the clients may take to finish.
const CLIENT_GRACE: Duration = Duration::from_secs(60);

/// How long before tick 0 the clients are started, so both are connected
/// and waiting when it comes.
const HEAD_START_MS: u64 = 500;

/// What the lab ran on, as the report names it.
#[derive(Clone, Debug, Serialize)]
pub struct Setup {
    pub lock_servers: String,
    /// How many processes served the lock: redis-servers, or etcd members.
    pub lock_processes: u16,
    pub store: String,
    pub tick_ms: u64,
    pub pause: &'static str,
    /// Seeds the clients' random retry delays: `--seed` plays them again.
    pub seed: u64,
    /// When the run was made (UTC, to the second): a recording says when
    /// it was measured.
    pub recorded: String,
}

/// A write that landed while its writer held no majority of live leases,
/// by the servers' own records.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LabUnlockedWrite {
    pub tick: Tick,
    pub ms: u64,
    pub client: Client,
    pub token: u64,
    pub accepted: bool,
    /// Who held a majority, by the servers' records, at that moment.
    pub holders: Held,
}

/// The simulation's answer for the same parameters.
#[derive(Clone, Debug, Serialize)]
pub struct Simulated {
    pub final_value: String,
    pub outcome: Outcome,
}

/// A lab run: what really happened, and whether the simulation agrees.
#[derive(Clone, Debug, Serialize)]
pub struct LabRun {
    pub params: Params,
    pub events: Vec<LabEvent>,
    /// Every read and write, in the order the database applied them.
    pub ops: Vec<Op>,
    pub final_value: String,
    pub outcome: Outcome,
    /// Every lease the lock servers granted, by their own records, in
    /// milliseconds since tick 0 (`start`, `end`, `expires`).
    pub server_grants: Vec<Grant>,
    /// Core's audits, as `dlock run --json` has them: of the writes (from
    /// the database's log), of the servers' records, and of what each
    /// client was told by the lock.
    pub stale_overwrites: Vec<StaleOverwrite>,
    pub stale_accepts: Vec<StaleAccept>,
    pub lost_updates: Vec<LostUpdate>,
    pub overlapping_grants: Vec<Overlap>,
    pub unlocked_writes: Vec<LabUnlockedWrite>,
    pub overlapping_holds: Vec<HoldOverlap>,
    /// Two clients inside their critical sections at once, by what each
    /// reported (a stopped client is still inside).
    pub mutual_exclusion: Vec<SectionOverlap>,
    pub token_reversals: Vec<TokenPair>,
    pub token_ties: Vec<TokenPair>,
    /// As in `dlock run --json`: only where clients compute a validity.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub late_writes: Vec<LateWrite>,
    pub lab: Setup,
    pub simulated: Simulated,
    pub agrees: bool,
    /// A's write and B's are within a tick of each other: real timing may
    /// order them either way, so a disagreement says little.
    pub timing_sensitive: bool,
    /// How long acquiring took and how late the clients ran, against the
    /// tick: whether real timing could keep the schedule at all.
    pub timing: Timing,
    /// The lock servers' and clients' process ids (none outlives the run).
    #[serde(skip)]
    pub pids: Vec<u32>,
}

/// What the lab can run: the study's schedule, fenced with either
/// comparison, its other switches left at the study's values; on etcd, a
/// ttl it can hold exactly.
pub fn check_params(p: &Params, lock: LockKind, tick_ms: u64) -> Result<(), String> {
    p.validate().map_err(|e| e.to_string())?;
    if lock == LockKind::Etcd {
        crate::etcd::check_ttl(u64::from(p.ttl) * tick_ms)?;
    }
    let plain = Params {
        servers: p.servers,
        ttl: p.ttl,
        pause_from: p.pause_from,
        pause_len: p.pause_len,
        b_arrives: p.b_arrives,
        fencing: p.fencing,
        comparison: p.comparison,
        ..Params::default()
    };
    if *p != plain || p.fault != Fault::None {
        return Err("the lab runs the study's schedule: --servers, --ttl, --pause-from, --pause-len, --b-arrives, --fencing and --loose".to_owned());
    }
    Ok(())
}

/// The lock servers of one run; stopped when dropped.
enum Servers {
    Redis(Cluster),
    Etcd(EtcdServer),
}

impl Servers {
    fn ports(&self) -> Vec<u16> {
        match self {
            Servers::Redis(c) => c.ports(),
            Servers::Etcd(e) => e.ports(),
        }
    }

    fn pids(&self) -> Vec<u32> {
        match self {
            Servers::Redis(c) => c.pids(),
            Servers::Etcd(e) => e.pids(),
        }
    }

    fn version(&self) -> String {
        match self {
            Servers::Redis(c) => c.version.clone(),
            Servers::Etcd(e) => e.version.clone(),
        }
    }
}

/// What a lab run is played on.
#[derive(Clone, Debug)]
pub struct Parts {
    pub lock: LockKind,
    /// A PostgreSQL the user has (`postgres://…`); `None`: a SQLite file
    /// in the lab's directory.
    pub postgres: Option<String>,
    pub tick_ms: u64,
    /// How many etcd members serve the lock (`--lock etcd`): 1, 3 or 5.
    pub etcd_members: u16,
    /// Seeds the clients' random retry delays.
    pub seed: u64,
    /// A `dlock` binary: its hidden `lab-client` runs A and B.
    pub exe: PathBuf,
}

/// Runs `p` for real on `parts`: start the servers and the resource, play
/// the schedule with real clients, collect what the clients, the servers
/// and the database recorded, then judge it with core's audits beside the
/// simulation of the same parameters.
pub fn run(p: &Params, parts: &Parts) -> Result<LabRun, String> {
    check_params(p, parts.lock, parts.tick_ms)?;
    let lab = start(p, parts)?;
    let played = play(&lab, parts)?;
    let recorded = collect(&lab, played)?;
    Ok(judge(&lab, recorded, parts))
}

/// What playing the schedule leaves: each client's lines, the etcd
/// watcher (on etcd), and every process that took part.
struct Played {
    a_lines: Vec<crate::wire::Line>,
    b_lines: Vec<crate::wire::Line>,
    watcher: Option<Watcher>,
    pids: Vec<u32>,
}

/// What a run is played on, once started. Its fields drop in order: the
/// servers stop before their directory is removed.
struct Started {
    /// The parameters as run: etcd is one lock however many members serve
    /// it, so its run (and the simulation beside it) has one lock server.
    p: Params,
    cluster: Servers,
    db: Location,
    store_version: String,
    /// Tick 0, in milliseconds since the epoch.
    start_ms: u64,
    /// Held, never read: the run's directory, removed when it is dropped.
    _dir: LabDir,
}

/// What the clients said, and what the servers and the database kept.
struct Recorded {
    events: Vec<LabEvent>,
    server_grants: Vec<Grant>,
    final_value: String,
    ops: Vec<Op>,
    pids: Vec<u32>,
}

/// Starts the lock servers and the resource, on loopback, in a directory
/// of the run's own.
fn start(p: &Params, parts: &Parts) -> Result<Started, String> {
    let p = match parts.lock {
        LockKind::Redis => *p,
        LockKind::Etcd => Params { servers: 1, ..*p },
    };
    let dir = LabDir::new()?;
    let cluster = match parts.lock {
        LockKind::Redis => Servers::Redis(Cluster::start(p.servers, dir.path())?),
        LockKind::Etcd => Servers::Etcd(EtcdServer::start(dir.path(), parts.etcd_members)?),
    };
    let db = match &parts.postgres {
        Some(url) => Location::Postgres(url.clone()),
        None => Location::Sqlite(dir.path().join("resource.sqlite")),
    };
    let store_version = Store::create(&db)?.version()?;
    Ok(Started {
        p,
        cluster,
        db,
        store_version,
        start_ms: now_ms() + HEAD_START_MS,
        _dir: dir,
    })
}

/// Plays the schedule: A and B as real processes, A stopped for its pause
/// and resumed when it ends, until both have said all they will.
fn play(lab: &Started, parts: &Parts) -> Result<Played, String> {
    let (p, tick_ms, start_ms) = (&lab.p, parts.tick_ms, lab.start_ms);
    let spawn = |role: &str| -> Result<TiedChild, String> {
        let orders = Orders {
            role: role.to_owned(),
            lock: parts.lock,
            params: *p,
            ports: lab.cluster.ports(),
            tick_ms,
            start_ms,
            store: lab.db.clone(),
            seed: parts.seed,
        };
        let json = serde_json::to_string(&orders).map_err(|e| e.to_string())?;
        TiedChild::spawn(
            Command::new(&parts.exe)
                .args(["lab-client", &json])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit()),
        )
        .map_err(|e| format!("client {role} would not start: {e}"))
    };
    let watcher =
        matches!(lab.cluster, Servers::Etcd(_)).then(|| Watcher::start(lab.cluster.ports()[0], start_ms));
    let mut a = spawn("A")?;
    let mut b = spawn("B")?;
    let mut pids = lab.cluster.pids();
    pids.extend([a.id(), b.id()]);
    // A stops itself when its pause starts; resume it when the pause ends.
    if p.pause_len > 0 {
        let at = start_ms + u64::from(p.write_tick()) * tick_ms;
        std::thread::sleep(Duration::from_millis(at.saturating_sub(now_ms())));
        a.resume(CLIENT_GRACE);
    }
    let end_ms = start_ms + u64::from(p.horizon()) * tick_ms;
    // Room for a loaded machine, where a client can finish seconds late:
    // the deadline catches a client that hangs, not one that is slow (its
    // lateness is measured, and reported as timing not kept).
    let deadline = Instant::now() + Duration::from_millis(end_ms.saturating_sub(now_ms())) + CLIENT_GRACE;
    let a_lines = a.lines(deadline)?;
    let b_lines = b.lines(deadline)?;
    Ok(Played {
        a_lines,
        b_lines,
        watcher,
        pids,
    })
}

/// What each side recorded: the clients' events in time order, the lock
/// servers' own grants, and the database's value and log.
fn collect(lab: &Started, played: Played) -> Result<Recorded, String> {
    let Played {
        a_lines,
        b_lines,
        watcher,
        pids,
    } = played;
    let start_ms = lab.start_ms;
    let server_grants = match (&lab.cluster, watcher) {
        (Servers::Redis(c), _) => redis_records(c, start_ms)?,
        (Servers::Etcd(_), Some(w)) => records::etcd_grants(&w.finish()),
        (Servers::Etcd(_), None) => Vec::new(),
    };
    let mut store = Store::open(&lab.db)?;
    let mut events: Vec<LabEvent> = [(Client::A, a_lines), (Client::B, b_lines)]
        .into_iter()
        .flat_map(|(client, lines)| {
            lines.into_iter().map(move |l| LabEvent {
                client,
                tick: l.tick,
                ms: l.ms,
                event: l.event,
            })
        })
        .collect();
    events.sort_by_key(|e| e.ms);
    Ok(Recorded {
        events,
        server_grants,
        final_value: store.value()?,
        ops: store.ops()?,
        pids,
    })
}

/// Classifies and audits the run with core, from the database's own log
/// and the servers' own records, and sets the simulation beside it.
fn judge(lab: &Started, recorded: Recorded, parts: &Parts) -> LabRun {
    let (p, tick_ms) = (&lab.p, parts.tick_ms);
    let Recorded {
        events,
        server_grants,
        final_value,
        ops,
        pids,
    } = recorded;
    let writes = write_records(&events, &ops);
    let b_acquired = events
        .iter()
        .any(|e| e.client == Client::B && matches!(e.event, Event::Acquired { .. }));
    let outcome = Outcome::classify(&writes, b_acquired, p.fencing);
    let entries: Vec<Entry> = events.iter().map(|e| entry_of(e, tick_ms)).collect();
    let sim = simulate(p);
    let simulated = Simulated {
        final_value: sim.final_value.as_str().to_owned(),
        outcome: sim.audit().outcome,
    };
    let agrees = simulated.final_value == final_value && simulated.outcome == outcome;
    LabRun {
        params: *p,
        overlapping_grants: audit::overlapping_grants(&server_grants),
        unlocked_writes: unlocked_writes(&events, &server_grants, p.quorum(), tick_ms),
        server_grants,
        ops,
        final_value,
        outcome,
        stale_overwrites: audit::stale_overwrites(&writes).collect(),
        stale_accepts: audit::stale_accepts(&writes).collect(),
        lost_updates: audit::lost_updates(&writes).collect(),
        overlapping_holds: audit::overlapping_holds(&entries, dlock_core::contract::validity_ticks(p)),
        mutual_exclusion: audit::mutual_exclusion(&entries, entries.last().map_or(0, |e| e.t)),
        token_reversals: audit::token_reversals(&entries),
        token_ties: audit::token_ties(&entries),
        late_writes: dlock_core::contract::late_writes(&entries, p),
        lab: Setup {
            lock_servers: lab.cluster.version(),
            lock_processes: lab.cluster.ports().len() as u16,
            store: lab.store_version.clone(),
            tick_ms,
            pause: "SIGSTOP",
            seed: parts.seed,
            recorded: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
        },
        simulated,
        agrees,
        timing_sensitive: crate::timing::timing_sensitive(p),
        timing: match parts.lock {
            LockKind::Redis => Timing::measure(&events, tick_ms),
            // etcd holds whole-second leases only: suggest a tick it takes.
            LockKind::Etcd => {
                Timing::measure(&events, tick_ms).fit_suggestion(|t| crate::etcd::tick_for(p.ttl, t))
            }
        },
        events,
        pids,
    }
}

/// Every Redis server's records, as grants in milliseconds since tick 0.
fn redis_records(cluster: &Cluster, start_ms: u64) -> Result<Vec<Grant>, String> {
    let mut grants = Vec::new();
    for (server, port) in cluster.ports().into_iter().enumerate() {
        let records = crate::redlock::server_records(port)?;
        grants.extend(records::redis_grants(server as u16, &records, start_ms));
    }
    Ok(grants)
}

/// Core's unlocked-writes audit on the servers' records: the clients'
/// events and the grants both in milliseconds, so the audit compares real
/// instants; reported with the tick each write fell in.
fn unlocked_writes(
    events: &[LabEvent],
    grants: &[Grant],
    quorum: u16,
    tick_ms: u64,
) -> Vec<LabUnlockedWrite> {
    let in_ms: Vec<Entry> = events
        .iter()
        .map(|e| Entry {
            t: e.ms.min(u64::from(u32::MAX)) as Tick,
            ..entry_of(e, tick_ms)
        })
        .collect();
    audit::unlocked_writes(&in_ms, grants, quorum)
        .into_iter()
        .map(|u| LabUnlockedWrite {
            tick: (u64::from(u.t) / tick_ms) as Tick,
            ms: u64::from(u.t),
            client: u.client,
            token: u.token,
            accepted: u.accepted,
            holders: u.holders,
        })
        .collect()
}

/// What really happened at the resource, as core's audits read a run:
/// each write with the read it was computed from, its token, and whether
/// a newer lease had been granted when it landed.
fn write_records(events: &[LabEvent], ops: &[Op]) -> Vec<WriteRecord> {
    let acquired: Vec<(Client, u64)> = events
        .iter()
        .filter(|e| matches!(e.event, Event::Acquired { .. }))
        .map(|e| (e.client, e.ms))
        .collect();
    let lease_of = |client: Client| {
        acquired
            .iter()
            .position(|&(c, _)| c == client)
            .map_or(0, |i| i as u32 + 1)
    };
    let wrote_at = |client: Client| {
        events
            .iter()
            .find(|e| e.client == client && matches!(e.event, Event::Wrote { .. }))
            .map_or(0, |e| e.ms)
    };
    ops.iter()
        .filter(|op| op.kind == "write")
        .map(|op| {
            let client = if op.client == "A" { Client::A } else { Client::B };
            let newest = acquired.iter().filter(|&&(_, ms)| ms <= wrote_at(client)).count() as u32;
            WriteRecord {
                seq: op.seq,
                t: op.tick,
                client,
                value: Value::parse(&op.value).unwrap_or(Value::EMPTY),
                token: op.token,
                accepted: op.accepted,
                basis: op.basis,
                lease: LeaseOrder {
                    mine: lease_of(client),
                    newest,
                },
            }
        })
        .collect()
}

/// A lab event as a transcript entry, so core prints it and audits it as
/// it would a simulated one. A lease is trusted until its validity runs
/// out, counted in ticks.
fn entry_of(e: &LabEvent, tick_ms: u64) -> Entry {
    let what = match &e.event {
        Event::Acquired {
            votes,
            token,
            validity_ms,
            ..
        } => What::Acquired {
            votes: *votes,
            token: *token,
            lease_end: ((e.ms + (*validity_ms).max(0) as u64) / tick_ms) as Tick,
        },
        Event::Refused { votes, .. } => What::AcquireFailed { votes: *votes },
        Event::Read { value, .. } => What::Read {
            value: Value::parse(value).unwrap_or(Value::EMPTY),
        },
        Event::Paused { until } => What::Paused { until: *until },
        Event::Wrote {
            value,
            token,
            accepted,
        } => What::Wrote {
            value: Value::parse(value).unwrap_or(Value::EMPTY),
            token: *token,
            accepted: *accepted,
        },
        Event::Released { servers } => What::Released { servers: *servers },
        Event::GaveUp => What::GaveUp,
    };
    Entry {
        t: e.tick,
        client: e.client,
        what,
    }
}

impl LabRun {
    /// The run as `dlock run` prints one, with the real milliseconds
    /// beside the ticks, and the simulation's answer under it.
    pub fn text(&self) -> String {
        let lab = &self.lab;
        let mut out = format!(
            "lab: {} x {} on loopback, {}, {} ms ticks, A stopped with {}, seed {}\nrun: {}\n\n",
            lab.lock_processes,
            lab.lock_servers,
            lab.store,
            lab.tick_ms,
            lab.pause,
            lab.seed,
            dlock_core::transcript::describe(&self.params)
        );
        for e in &self.events {
            let entry = entry_of(e, self.lab.tick_ms);
            out += &format!(
                "{:>6} ms  {}\n",
                e.ms,
                dlock_core::transcript::entry_line(&entry, &self.params)
            );
        }
        out += &format!(
            "\nthe servers' records: {} leases; overlapping grants: {}; unlocked writes: {}\n",
            self.server_grants.len(),
            self.overlapping_grants.len(),
            self.unlocked_writes.len()
        );
        out += &self.timing.text(lab.tick_ms);
        out += &format!(
            "\nfinal value: '{}' ({})\nsimulated:   '{}' ({}) — {}\n",
            self.final_value,
            self.outcome.label(),
            self.simulated.final_value,
            self.simulated.outcome.label(),
            self.verdict()
        );
        out
    }

    /// Whether the simulation agrees, said with what could explain a
    /// disagreement first: a schedule real timing could not keep, or a
    /// cell within a tick of a tie.
    fn verdict(&self) -> String {
        match (self.agrees, self.timing.kept, self.timing_sensitive) {
            (true, _, false) => "the simulation agrees".to_owned(),
            (true, _, true) => "the simulation agrees (within a tick of a tie: timing-sensitive)".to_owned(),
            (false, false, _) => {
                "not comparable: real timing did not keep the schedule (see the timing line)".to_owned()
            }
            (false, true, true) => {
                "within a tick of a tie: timing-sensitive, and real timing ordered the writes the other way"
                    .to_owned()
            }
            (false, true, false) => "the simulation DISAGREES".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lab_takes_the_study_s_schedule_and_refuses_the_rest() {
        let study = Params::default();
        assert_eq!(check_params(&study, LockKind::Redis, 100), Ok(()));
        let crashed = Params {
            a_crashes: true,
            ..study
        };
        assert!(check_params(&crashed, LockKind::Redis, 100).is_err());
        assert!(check_params(&study, LockKind::Etcd, 100).is_err(), "a 1 s lease");
        assert_eq!(check_params(&study, LockKind::Etcd, 500), Ok(()));
    }
}
