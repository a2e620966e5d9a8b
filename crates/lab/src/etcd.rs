//! etcd, the consensus-backed alternative: one member the lab starts on
//! loopback, and a lock taken the way etcd's own recipes take one — a
//! lease with the ttl, and the lock key created in a transaction only if
//! it does not exist, attached to that lease. The key's revision, from
//! etcd's one ordered log, is the fencing token.
//!
//! It speaks etcd's JSON gateway over plain HTTP (keys and values base64),
//! so the build needs no gRPC stubs and no protoc.

use crate::process::{free_port, log_tail, spawn_tied};
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

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new().timeout(Duration::from_secs(2)).build()
}

/// One etcd member; stopped when dropped.
pub struct EtcdServer {
    child: Child,
    port: u16,
    /// What the server says it is (`etcd 3.4.23`).
    pub version: String,
}

impl EtcdServer {
    /// Starts a one-member cluster in `dir` on free loopback ports and
    /// waits until it answers.
    pub fn start(dir: &Path) -> Result<EtcdServer, String> {
        if Command::new("etcd").arg("--version").output().is_err() {
            return Err(
                "etcd is not installed; run scripts/setup.sh test (it installs Debian's etcd-server)"
                    .to_owned(),
            );
        }
        let mut last = String::new();
        for _attempt in 0..5 {
            let (port, peer) = (free_port()?, free_port()?);
            let (client_url, peer_url) = (
                format!("http://127.0.0.1:{port}"),
                format!("http://127.0.0.1:{peer}"),
            );
            let log = dir.join("etcd.log");
            let child = spawn_tied(
                Command::new("etcd")
                    .args(["--name", "lab", "--data-dir"])
                    .arg(dir.join("etcd"))
                    .args([
                        "--listen-client-urls",
                        &client_url,
                        "--advertise-client-urls",
                        &client_url,
                    ])
                    .args([
                        "--listen-peer-urls",
                        &peer_url,
                        "--initial-advertise-peer-urls",
                        &peer_url,
                    ])
                    .args(["--initial-cluster", &format!("lab={peer_url}")])
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(std::fs::File::create(&log).map_err(|e| e.to_string())?),
            )
            .map_err(|e| format!("etcd would not start: {e}"))?;
            let mut server = EtcdServer {
                child,
                port,
                version: String::new(),
            };
            match server.wait_ready() {
                Ok(version) => {
                    server.version = version;
                    return Ok(server);
                }
                Err(why) => {
                    last = format!("etcd on port {port} {why}: {}", log_tail(&log));
                }
            }
        }
        Err(last)
    }

    fn wait_ready(&mut self) -> Result<String, &'static str> {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(15) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return Err("exited");
            }
            let answer = agent()
                .get(&format!("http://127.0.0.1:{}/version", self.port))
                .call()
                .ok()
                .and_then(|r| r.into_json::<Value>().ok());
            if let Some(version) = answer.as_ref().and_then(|v| v["etcdserver"].as_str()) {
                // A write proves the member has a leader, not just a socket.
                if EtcdLock::connect(self.port, "ready").put_probe().is_ok() {
                    return Ok(format!("etcd {version}"));
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err("did not answer in time")
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for EtcdServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client's lock on etcd.
pub struct EtcdLock {
    agent: ureq::Agent,
    base: String,
    id: String,
    /// The lease this client holds the key under, if any.
    lease: Option<String>,
}

fn b64(text: &str) -> String {
    BASE64.encode(text)
}

impl EtcdLock {
    pub fn connect(port: u16, id: &str) -> EtcdLock {
        EtcdLock {
            agent: agent(),
            base: format!("http://127.0.0.1:{port}/v3"),
            id: id.to_owned(),
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
        let started = Instant::now();
        let token = self.try_acquire(ttl_ms).unwrap_or(0);
        let elapsed = started.elapsed().as_millis() as i64;
        Round {
            votes: u16::from(token > 0),
            token,
            validity_ms: ttl_ms as i64 - elapsed,
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
