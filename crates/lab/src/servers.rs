//! Lock servers the lab starts itself: `redis-server` processes on free
//! loopback ports, persistence off, in the lab's temporary directory.
//! Dropping the cluster stops every one of them; a server whose lab dies
//! without dropping it (killed outright) is stopped by the kernel, through
//! the parent-death signal each is started with.

use crate::process::{free_port, log_tail, reap, spawn_tied};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a server may take to answer its first PING.
const READY_WITHIN: Duration = Duration::from_secs(10);

/// Running lock servers; stopped when dropped.
pub struct Cluster {
    servers: Vec<(u16, Child)>,
    /// What the servers say they are (`redis-server 7.0.15`).
    pub version: String,
}

impl Cluster {
    /// Starts `n` redis-servers in `dir`, each on a free loopback port,
    /// and waits until every one answers.
    pub fn start(n: u16, dir: &Path) -> Result<Cluster, String> {
        if Command::new("redis-server").arg("--version").output().is_err() {
            return Err("redis-server is not installed; run scripts/setup.sh test (it installs Debian's redis-server)".to_owned());
        }
        let mut cluster = Cluster {
            servers: Vec::new(),
            version: String::new(),
        };
        for i in 0..n {
            let (port, child) = Cluster::start_one(dir, i)?;
            cluster.servers.push((port, child));
        }
        cluster.version = cluster.ask_version()?;
        Ok(cluster)
    }

    /// One server, retried on another port if the one it was given was
    /// taken in between.
    fn start_one(dir: &Path, i: u16) -> Result<(u16, Child), String> {
        let mut last = String::new();
        for _attempt in 0..5 {
            let port = free_port()?;
            let log = dir.join(format!("redis-{i}.log"));
            let mut child = spawn_tied(
                Command::new("redis-server")
                    .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
                    .args(["--save", "", "--appendonly", "no", "--protected-mode", "yes"])
                    .arg("--dir")
                    .arg(dir)
                    .arg("--logfile")
                    .arg(&log)
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null()),
            )
            .map_err(|e| format!("redis-server would not start: {e}"))?;
            match wait_ready(port, &mut child) {
                Ok(()) => return Ok((port, child)),
                Err(why) => {
                    reap(&mut child);
                    last = format!("redis-server on port {port} {why}: {}", log_tail(&log));
                }
            }
        }
        Err(last)
    }

    fn ask_version(&self) -> Result<String, String> {
        let mut con = connect(self.ports()[0]).map_err(|e| e.to_string())?;
        let info: String = redis::cmd("INFO")
            .arg("server")
            .query(&mut con)
            .map_err(|e| e.to_string())?;
        let version = info
            .lines()
            .find_map(|l| l.strip_prefix("redis_version:"))
            .unwrap_or("unknown")
            .trim();
        Ok(format!("redis-server {version}"))
    }

    /// The servers' ports, in server order.
    pub fn ports(&self) -> Vec<u16> {
        self.servers.iter().map(|(port, _)| *port).collect()
    }

    /// The servers' process ids (the tests check none outlives the lab).
    pub fn pids(&self) -> Vec<u32> {
        self.servers.iter().map(|(_, child)| child.id()).collect()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for (_, child) in &mut self.servers {
            reap(child);
        }
    }
}

/// A connection to the server on `port`.
pub fn connect(port: u16) -> redis::RedisResult<redis::Connection> {
    redis::Client::open(format!("redis://127.0.0.1:{port}/"))?
        .get_connection_with_timeout(Duration::from_secs(2))
}

/// Waits until the server answers PING, or says why it never did.
fn wait_ready(port: u16, child: &mut Child) -> Result<(), &'static str> {
    let started = Instant::now();
    while started.elapsed() < READY_WITHIN {
        if let Ok(Some(_)) = child.try_wait() {
            return Err("exited");
        }
        if let Ok(mut con) = connect(port) {
            if redis::cmd("PING").query::<String>(&mut con).is_ok() {
                return Ok(());
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Err("did not answer in time")
}
