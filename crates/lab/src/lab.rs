//! One lab run: start the lock servers and the store, start A and B as
//! processes, resume A at the end of its pause, collect what they did,
//! and set it beside what the simulation gives for the same parameters.

use crate::client::Orders;
use crate::etcd::EtcdServer;
use crate::process::TiedChild;
use crate::servers::Cluster;
use crate::store::{Location, Op, Store};
use crate::wire::{now_ms, Event};
use crate::LockKind;
use dlock_core::audit::{self, HoldOverlap, LostUpdate, StaleOverwrite, TokenReversal};
use dlock_core::params::Fault;
use dlock_core::resource::{LeaseOrder, WriteRecord};
use dlock_core::trace::{Entry, What};
use dlock_core::{simulate, Client, Outcome, Params, Tick, Value};
use serde::Serialize;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long before tick 0 the clients are started, so both are connected
/// and waiting when it comes.
const HEAD_START_MS: u64 = 500;

/// What the lab ran on, as the report names it.
#[derive(Clone, Debug, Serialize)]
pub struct Setup {
    pub lock_servers: String,
    pub store: String,
    pub tick_ms: u64,
    pub pause: &'static str,
}

/// The simulation's answer for the same parameters.
#[derive(Clone, Debug, Serialize)]
pub struct Simulated {
    pub final_value: String,
    pub outcome: Outcome,
}

/// One event as it really happened.
#[derive(Clone, Debug, Serialize)]
pub struct LabEvent {
    pub client: Client,
    pub tick: Tick,
    pub ms: u64,
    pub event: Event,
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
    /// Core's audits, as `dlock run --json` has them: of the writes, and
    /// of what each client was told by the lock. (The lab records no
    /// server's lease intervals, so not the audits that read those.)
    pub stale_overwrites: Vec<StaleOverwrite>,
    pub lost_updates: Vec<LostUpdate>,
    pub overlapping_holds: Vec<HoldOverlap>,
    pub token_reversals: Vec<TokenReversal>,
    pub lab: Setup,
    pub simulated: Simulated,
    pub agrees: bool,
    /// The lock servers' and clients' process ids (none outlives the run).
    #[serde(skip)]
    pub pids: Vec<u32>,
}

/// What the lab can run: the study's schedule, its switches left at the
/// study's values; on etcd, a ttl it can hold exactly.
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
        ..Params::default()
    };
    if *p != plain || p.fault != Fault::None {
        return Err("the lab runs the study's schedule: --servers, --ttl, --pause-from, --pause-len, --b-arrives and --fencing".to_owned());
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
            Servers::Etcd(e) => vec![e.port()],
        }
    }

    fn pids(&self) -> Vec<u32> {
        match self {
            Servers::Redis(c) => c.pids(),
            Servers::Etcd(e) => vec![e.pid()],
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
    /// A `dlock` binary: its hidden `lab-client` runs A and B.
    pub exe: PathBuf,
}

/// Runs `p` for real on `parts`. etcd is one member, so its run (and the
/// simulation beside it) has one lock server.
pub fn run(p: &Params, parts: &Parts) -> Result<LabRun, String> {
    let (lock, tick_ms, exe) = (parts.lock, parts.tick_ms, &parts.exe);
    check_params(p, lock, tick_ms)?;
    let p = &match lock {
        LockKind::Redis => *p,
        LockKind::Etcd => Params { servers: 1, ..*p },
    };
    let dir = tempfile::Builder::new()
        .prefix("dlock-lab-")
        .tempdir()
        .map_err(|e| format!("no temporary directory: {e}"))?;
    let cluster = match lock {
        LockKind::Redis => Servers::Redis(Cluster::start(p.servers, dir.path())?),
        LockKind::Etcd => Servers::Etcd(EtcdServer::start(dir.path())?),
    };
    let db = match &parts.postgres {
        Some(url) => Location::Postgres(url.clone()),
        None => Location::Sqlite(dir.path().join("resource.sqlite")),
    };
    let store_version = Store::create(&db)?.version()?;
    let start_ms = now_ms() + HEAD_START_MS;
    let spawn = |role: &str| -> Result<TiedChild, String> {
        let orders = Orders {
            role: role.to_owned(),
            lock,
            params: *p,
            ports: cluster.ports(),
            tick_ms,
            start_ms,
            store: db.clone(),
        };
        let json = serde_json::to_string(&orders).map_err(|e| e.to_string())?;
        TiedChild::spawn(
            Command::new(exe)
                .args(["lab-client", &json])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit()),
        )
        .map_err(|e| format!("client {role} would not start: {e}"))
    };
    let mut a = spawn("A")?;
    let mut b = spawn("B")?;
    let mut pids = cluster.pids();
    pids.extend([a.id(), b.id()]);
    // A stops itself when its pause starts; resume it when the pause ends.
    if p.pause_len > 0 {
        let at = start_ms + u64::from(p.write_tick()) * tick_ms;
        std::thread::sleep(Duration::from_millis(at.saturating_sub(now_ms())));
        a.resume(Duration::from_millis(2 * tick_ms));
    }
    let end_ms = start_ms + u64::from(p.horizon()) * tick_ms;
    let deadline =
        Instant::now() + Duration::from_millis(end_ms.saturating_sub(now_ms())) + Duration::from_secs(5);
    let a_lines = a.lines(deadline)?;
    let b_lines = b.lines(deadline)?;
    let mut store = Store::open(&db)?;
    let final_value = store.value()?;
    let ops = store.ops()?;
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
    // Classified and audited by core, from the database's own log.
    let writes = write_records(&events, &ops);
    let b_acquired = events
        .iter()
        .any(|e| e.client == Client::B && matches!(e.event, Event::Acquired { .. }));
    let outcome = Outcome::classify(&writes, b_acquired, p.fencing);
    let stale_overwrites = audit::stale_overwrites(&writes).collect();
    let lost_updates = audit::lost_updates(&writes).collect();
    let entries: Vec<Entry> = events.iter().map(|e| entry_of(e, tick_ms)).collect();
    let overlapping_holds = audit::overlapping_holds(&entries, dlock_core::contract::validity_ticks(p));
    let token_reversals = audit::token_reversals(&entries);
    let sim = simulate(p);
    let simulated = Simulated {
        final_value: sim.final_value.as_str().to_owned(),
        outcome: sim.audit().outcome,
    };
    let agrees = simulated.final_value == final_value && simulated.outcome == outcome;
    Ok(LabRun {
        params: *p,
        events,
        ops,
        final_value,
        outcome,
        stale_overwrites,
        lost_updates,
        overlapping_holds,
        token_reversals,
        lab: Setup {
            lock_servers: cluster.version(),
            store: store_version,
            tick_ms,
            pause: "SIGSTOP",
        },
        simulated,
        agrees,
        pids,
    })
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
        } => What::Acquired {
            votes: *votes,
            token: *token,
            lease_end: ((e.ms + (*validity_ms).max(0) as u64) / tick_ms) as Tick,
        },
        Event::Refused { votes } => What::AcquireFailed { votes: *votes },
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
        let mut out = format!(
            "lab: {} x {} on loopback, {}, {} ms ticks, A stopped with {}\nrun: {}\n\n",
            self.params.servers,
            self.lab.lock_servers,
            self.lab.store,
            self.lab.tick_ms,
            self.lab.pause,
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
            "\nfinal value: '{}' ({})\nsimulated:   '{}' ({}) — {}\n",
            self.final_value,
            self.outcome.label(),
            self.simulated.final_value,
            self.simulated.outcome.label(),
            if self.agrees {
                "the simulation agrees"
            } else {
                "the simulation DISAGREES"
            }
        );
        out
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
