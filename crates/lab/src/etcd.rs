//! etcd, the consensus-backed alternative: a cluster of members the lab
//! starts on loopback (three by default: consensus is the point of etcd),
//! and a lock taken as a try-lock — a lease with the ttl, and the lock key
//! created in a transaction only if it does not exist, attached to that
//! lease; a client that finds the key taken asks again later. That is not
//! etcd's own mutex recipe (`concurrency.Mutex`), which gives every waiter
//! a key of its own under a prefix and queues them by create revision;
//! the try-lock keeps the study's schedule (B asks, is refused, asks
//! again) and the same fencing token: the revision that created the key,
//! from etcd's one ordered log.
//!
//! It speaks etcd's JSON gateway over plain HTTP (keys and values base64),
//! so the build needs no gRPC stubs and no protoc.

use crate::process::{free_port, log_tail, reap, spawn_tied};
use crate::redlock::Round;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use serde_json::{json, Value};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const LOCK_KEY: &str = "dlock/lock";
/// etcd grants no lease shorter than this (a 1 s lease is granted 2 s).
pub const MIN_TTL_MS: u64 = 2_000;
/// The cluster sizes the lab runs: odd, so a majority is well defined.
pub const MEMBERS: [u16; 3] = [1, 3, 5];

/// Whether etcd can hold a lease of exactly `ttl_ms`: whole seconds, at
/// least its minimum. Otherwise, one line saying what would work.
pub fn check_ttl(ttl_ms: u64) -> Result<(), String> {
    if ttl_ms.is_multiple_of(1_000) && ttl_ms >= MIN_TTL_MS {
        return Ok(());
    }
    Err(format!(
        "etcd leases are whole seconds, at least 2, and ttl x tick-ms is {ttl_ms} ms: \
         choose them so it is (the study's --ttl 10 with --tick-ms 500 is 5 s)"
    ))
}

/// The shortest tick of at least `at_least_ms` at which a lease of `ttl`
/// ticks is one etcd can hold, so that a tick the lab suggests for an etcd
/// run is one the lab accepts.
pub fn tick_for(ttl: u32, at_least_ms: u64) -> u64 {
    let ttl = u64::from(ttl.max(1));
    let step = 1_000 / gcd(ttl, 1_000);
    let mut tick = at_least_ms.max(1).div_ceil(step) * step;
    while ttl * tick < MIN_TTL_MS {
        tick += step;
    }
    tick
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new().timeout(Duration::from_secs(2)).build()
}

/// An etcd cluster of one, three or five members; stopped when dropped.
pub struct EtcdServer {
    members: Vec<Child>,
    /// Each member's client port, in member order.
    ports: Vec<u16>,
    /// What the servers say they are (`etcd 3.4.23`).
    pub version: String,
}

impl EtcdServer {
    /// Starts a cluster of `members` in `dir` on free loopback ports and
    /// waits until it has a leader and takes writes.
    pub fn start(dir: &Path, members: u16) -> Result<EtcdServer, String> {
        if Command::new("etcd").arg("--version").output().is_err() {
            return Err(
                "etcd is not installed; run scripts/setup.sh test (it installs Debian's etcd-server)"
                    .to_owned(),
            );
        }
        let mut last = String::new();
        for attempt in 0..5 {
            let ports: Vec<(u16, u16)> = (0..members)
                .map(|_| Ok((free_port()?, free_port()?)))
                .collect::<Result<_, String>>()?;
            let url = |port: u16| format!("http://127.0.0.1:{port}");
            let initial: Vec<String> = ports
                .iter()
                .enumerate()
                .map(|(i, &(_, peer))| format!("m{i}={}", url(peer)))
                .collect();
            let mut server = EtcdServer {
                members: Vec::new(),
                ports: ports.iter().map(|&(client, _)| client).collect(),
                version: String::new(),
            };
            let token = format!("dlock-lab-{}-{attempt}", std::process::id());
            for (i, &(client, peer)) in ports.iter().enumerate() {
                // A data directory of this attempt's own: a member started
                // on one a failed attempt left keeps that attempt's cluster
                // (its peers' old ports) and campaigns to them for ever.
                let log = dir.join(format!("etcd-{attempt}-{i}.log"));
                let child = spawn_tied(
                    Command::new("etcd")
                        .args(["--name", &format!("m{i}"), "--data-dir"])
                        .arg(dir.join(format!("etcd-{attempt}-{i}")))
                        .args([
                            "--listen-client-urls",
                            &url(client),
                            "--advertise-client-urls",
                            &url(client),
                        ])
                        .args([
                            "--listen-peer-urls",
                            &url(peer),
                            "--initial-advertise-peer-urls",
                            &url(peer),
                        ])
                        .args(["--initial-cluster", &initial.join(",")])
                        .args([
                            "--initial-cluster-token",
                            &token,
                            "--initial-cluster-state",
                            "new",
                        ])
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .stderr(std::fs::File::create(&log).map_err(|e| e.to_string())?),
                )
                .map_err(|e| format!("etcd would not start: {e}"))?;
                server.members.push(child);
            }
            match server.wait_ready() {
                Ok(version) => {
                    server.version = version;
                    return Ok(server);
                }
                Err(why) => {
                    last = format!(
                        "etcd on port {} {why}: {}",
                        server.ports[0],
                        log_tail(&dir.join(format!("etcd-{attempt}-0.log")))
                    );
                }
            }
        }
        Err(last)
    }

    fn wait_ready(&mut self) -> Result<String, &'static str> {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(20) {
            if self
                .members
                .iter_mut()
                .any(|m| matches!(m.try_wait(), Ok(Some(_))))
            {
                return Err("exited");
            }
            let answer = agent()
                .get(&format!("http://127.0.0.1:{}/version", self.ports[0]))
                .call()
                .ok()
                .and_then(|r| r.into_json::<Value>().ok());
            if let Some(version) = answer.as_ref().and_then(|v| v["etcdserver"].as_str()) {
                // A write through every member proves the cluster has a
                // leader and each member can reach it, not just a socket.
                let writes = self
                    .ports
                    .iter()
                    .all(|&port| EtcdLock::connect(port, "ready").put_probe().is_ok());
                if writes {
                    return Ok(format!("etcd {version}"));
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err("did not answer in time")
    }

    /// Every member's client port; clients use the first.
    pub fn ports(&self) -> Vec<u16> {
        self.ports.clone()
    }

    pub fn pids(&self) -> Vec<u32> {
        self.members.iter().map(Child::id).collect()
    }
}

impl Drop for EtcdServer {
    fn drop(&mut self) {
        for member in &mut self.members {
            reap(member);
        }
    }
}

/// The lock key as etcd holds it at one moment: the revision that created
/// it (the token) and the value its holder set, or `None` if it is free.
pub fn observe(port: u16) -> Result<Option<(u64, String)>, String> {
    let answer: Value = agent()
        .post(&format!("http://127.0.0.1:{port}/v3/kv/range"))
        .send_json(json!({"key": b64(LOCK_KEY)}))
        .map_err(|e| format!("etcd kv/range: {e}"))?
        .into_json()
        .map_err(|e| format!("etcd kv/range: {e}"))?;
    let Some(kv) = answer["kvs"].as_array().and_then(|kvs| kvs.first()) else {
        return Ok(None);
    };
    let created = kv["create_revision"]
        .as_str()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let value = kv["value"]
        .as_str()
        .and_then(|v| BASE64.decode(v).ok())
        .map(|v| String::from_utf8_lossy(&v).into_owned())
        .unwrap_or_default();
    Ok(Some((created, value)))
}

/// A client's lock on etcd.
pub struct EtcdLock {
    agent: ureq::Agent,
    base: String,
    /// Who this client is ("A" or "B").
    client: String,
    /// The value of the current acquisition: the client's name and a
    /// random suffix, new each time.
    id: String,
    /// The lease this client holds the key under, if any.
    lease: Option<String>,
}

fn b64(text: &str) -> String {
    BASE64.encode(text)
}

impl EtcdLock {
    pub fn connect(port: u16, client: &str) -> EtcdLock {
        EtcdLock {
            agent: agent(),
            base: format!("http://127.0.0.1:{port}/v3"),
            client: client.to_owned(),
            id: client.to_owned(),
            lease: None,
        }
    }

    fn post(&self, path: &str, body: Value) -> Result<Value, String> {
        self.agent
            .post(&format!("{}/{path}", self.base))
            .send_json(body)
            .map_err(|e| format!("etcd {path}: {e}"))?
            .into_json()
            .map_err(|e| format!("etcd {path}: {e}"))
    }

    fn put_probe(&self) -> Result<Value, String> {
        self.post("kv/put", json!({"key": b64("dlock/ready"), "value": b64("1")}))
    }

    /// One attempt: a lease of `ttl_ms`, and the key created under it if
    /// nobody holds it. One server, so one vote; the token is the revision
    /// that created the key.
    pub fn acquire(&mut self, ttl_ms: u64) -> Round {
        self.id = format!("{}-{:016x}", self.client, rand::random::<u64>());
        let started = Instant::now();
        let token = self.try_acquire(ttl_ms).unwrap_or(0);
        let elapsed = started.elapsed().as_millis() as u64;
        Round {
            votes: u16::from(token > 0),
            token,
            validity_ms: ttl_ms as i64 - elapsed as i64,
            round_ms: elapsed,
        }
    }

    fn try_acquire(&mut self, ttl_ms: u64) -> Result<u64, String> {
        let granted = self.post("lease/grant", json!({"TTL": ttl_ms / 1_000}))?;
        let lease = granted["ID"].as_str().ok_or("etcd granted no lease")?.to_owned();
        let txn = self.post(
            "kv/txn",
            json!({
                "compare": [{"key": b64(LOCK_KEY), "target": "CREATE", "create_revision": "0"}],
                "success": [{"request_put": {"key": b64(LOCK_KEY), "value": b64(&self.id), "lease": lease}}],
            }),
        )?;
        if txn["succeeded"].as_bool() == Some(true) {
            self.lease = Some(lease);
            let revision = txn["header"]["revision"].as_str().unwrap_or("0");
            return revision
                .parse()
                .map_err(|_| format!("etcd revision {revision:?}"));
        }
        let _ = self.post("lease/revoke", json!({"ID": lease}));
        Ok(0)
    }

    /// Whether `round` won the lock.
    pub fn held(&self, round: &Round) -> bool {
        round.votes == 1 && round.validity_ms > 0
    }

    /// Deletes the key if it is still this client's, and revokes the
    /// lease; 1 if the key was still there to delete.
    pub fn release(&mut self) -> u16 {
        let txn = self.post(
            "kv/txn",
            json!({
                "compare": [{"key": b64(LOCK_KEY), "target": "VALUE", "value": b64(&self.id)}],
                "success": [{"request_delete_range": {"key": b64(LOCK_KEY)}}],
            }),
        );
        if let Some(lease) = self.lease.take() {
            let _ = self.post("lease/revoke", json!({"ID": lease}));
        }
        u16::from(txn.is_ok_and(|t| t["succeeded"].as_bool() == Some(true)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suggested_tick_is_one_etcd_can_hold_a_lease_of() {
        // The study's ttl of 10: whole seconds at every multiple of 100 ms.
        assert_eq!(tick_for(10, 130), 200);
        assert_eq!(tick_for(10, 500), 500);
        // A lease of at least 2 s.
        assert_eq!(tick_for(10, 10), 200);
        // ttl 3: 3 x tick whole seconds only at multiples of 1000 ms.
        assert_eq!(tick_for(3, 130), 1_000);
        for (ttl, at_least) in [(1, 1), (7, 333), (25, 90), (10_000, 10)] {
            let tick = tick_for(ttl, at_least);
            assert!(tick >= at_least, "ttl {ttl}: {tick}");
            assert_eq!(check_ttl(u64::from(ttl) * tick), Ok(()), "ttl {ttl}: {tick}");
        }
    }
}
