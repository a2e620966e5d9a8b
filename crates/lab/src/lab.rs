//! One lab run: start the lock servers and the store, start A and B as
//! processes, resume A at the end of its pause, collect what they did,
//! and set it beside what the simulation gives for the same parameters.

use crate::client::Orders;
use crate::etcd::EtcdServer;
use crate::process::TiedChild;
use crate::servers::Cluster;
use crate::store::{Op, Store};
use crate::wire::Event;
use crate::LockKind;
use dlock_core::params::Fault;
use dlock_core::resource::{LeaseOrder, WriteRecord};
use dlock_core::trace::{Entry, What};
use dlock_core::{simulate, Client, Outcome, Params, Tick, Value};
use serde::Serialize;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

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

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
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

/// Runs `p` for real on `lock`, `tick_ms` milliseconds a tick; `exe` is a
/// `dlock` binary (its hidden `lab-client` runs A and B). etcd is one
/// member, so its run (and the simulation beside it) has one lock server.
pub fn run(p: &Params, lock: LockKind, tick_ms: u64, exe: &Path) -> Result<LabRun, String> {
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
    let db = dir.path().join("resource.sqlite");
    Store::create(&db)?;
    let start_ms = now_ms() + HEAD_START_MS;
    let spawn = |role: &str| -> Result<TiedChild, String> {
        let orders = Orders {
            role: role.to_owned(),
            lock,
            params: *p,
            ports: cluster.ports(),
            tick_ms,
            start_ms,
            db: db.clone(),
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
    let store = Store::open(&db)?;
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
    let outcome = outcome_of(&events, &ops, p.fencing);
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
        lab: Setup {
            lock_servers: cluster.version(),
            store: Store::version(),
            tick_ms,
            pause: "SIGSTOP",
        },
        simulated,
        agrees,
        pids,
    })
}

/// The outcome of what really happened, classified by core from the
/// database's log: each write with the read it was computed from, its
/// token, and whether a newer lease had been granted when it landed.
fn outcome_of(events: &[LabEvent], ops: &[Op], fencing: bool) -> Outcome {
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
    let writes: Vec<WriteRecord> = ops
        .iter()
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
        .collect();
    let b_acquired = acquired.iter().any(|&(c, _)| c == Client::B);
    Outcome::classify(&writes, b_acquired, fencing)
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
            let what = match &e.event {
                Event::Acquired {
                    votes,
                    token,
                    validity_ms,
                } => What::Acquired {
                    votes: *votes,
                    token: *token,
                    // Trusted until the validity runs out, in ticks.
                    lease_end: ((e.ms + (*validity_ms).max(0) as u64) / self.lab.tick_ms) as Tick,
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
            let entry = Entry {
                t: e.tick,
                client: e.client,
                what,
            };
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

/// One cell of a lab grid: a run's parameters and what came of them, for
/// real and simulated.
#[derive(Clone, Debug, Serialize)]
pub struct LabCell {
    pub ttl: Tick,
    pub pause_len: Tick,
    pub final_value: String,
    pub outcome: Outcome,
    pub simulated: Simulated,
    pub agrees: bool,
    /// A's write and B's are within one tick of each other: scheduling
    /// jitter could order them either way, so a disagreement here says
    /// more about timing than about the model.
    pub timing_sensitive: bool,
}

/// A lab grid: every cell run for real.
#[derive(Clone, Debug, Serialize)]
pub struct LabGrid {
    pub base: Params,
    pub lab: Setup,
    pub cells: Vec<LabCell>,
}

/// Whether A's write and B's land within one tick of each other, where
/// the order a tie falls in decides the outcome (the staircase's edge).
pub fn timing_sensitive(p: &Params) -> bool {
    dlock_core::boundary::b_writes(p).abs_diff(p.write_tick()) <= 1
}

/// Runs every cell of `ttls` × `pause_lens` over `base` for real, one at
/// a time, each on fresh servers; `progress` hears each cell finish.
pub fn grid(
    base: &Params,
    lock: LockKind,
    tick_ms: u64,
    exe: &Path,
    (ttls, pause_lens): (&[Tick], &[Tick]),
    mut progress: impl FnMut(usize),
) -> Result<LabGrid, String> {
    let mut cells = Vec::new();
    let mut lab = None;
    for &ttl in ttls {
        for &pause_len in pause_lens {
            let p = Params {
                ttl,
                pause_len,
                ..*base
            };
            let run = run(&p, lock, tick_ms, exe)?;
            cells.push(LabCell {
                ttl,
                pause_len,
                final_value: run.final_value,
                outcome: run.outcome,
                simulated: run.simulated,
                agrees: run.agrees,
                timing_sensitive: timing_sensitive(&run.params),
            });
            lab.get_or_insert(run.lab);
            progress(cells.len());
        }
    }
    let lab = lab.ok_or("the grid has no cells")?;
    Ok(LabGrid {
        base: *base,
        lab,
        cells,
    })
}

impl LabGrid {
    /// A line per cell, then how many agree.
    pub fn text(&self) -> String {
        let mut out = format!(
            "lab grid: {} on loopback, {}, {} ms ticks, A stopped with {}\n\n",
            self.lab.lock_servers, self.lab.store, self.lab.tick_ms, self.lab.pause
        );
        for c in &self.cells {
            out += &format!(
                "ttl {:>4}  pause {:>4}   real {:<5} {:<20}  simulated {:<5} {:<20}  {}{}\n",
                c.ttl,
                c.pause_len,
                format!("'{}'", c.final_value),
                c.outcome.label(),
                format!("'{}'", c.simulated.final_value),
                c.simulated.outcome.label(),
                if c.agrees { "agrees" } else { "DISAGREES" },
                if c.timing_sensitive {
                    " (within a tick of a tie: timing-sensitive)"
                } else {
                    ""
                }
            );
        }
        let agree = self.cells.iter().filter(|c| c.agrees).count();
        let sensitive = self.cells.iter().filter(|c| c.timing_sensitive).count();
        out += &format!(
            "\n{agree} of {} cells agree with the simulation; {sensitive} timing-sensitive\n",
            self.cells.len()
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_timing_sensitive_within_a_tick_of_the_staircase_edge() {
        // B writes at 14 in the study's run; A writes at pause_from + pause_len.
        let at = |pause_len| {
            timing_sensitive(&Params {
                pause_len,
                ..Params::default()
            })
        };
        assert_eq!(
            [10, 11, 12, 13, 14, 15].map(at),
            [false, true, true, true, false, false],
            "writes at 12..17 against B's at 14"
        );
    }

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
