//! Child processes that cannot outlive the lab: each is started with the
//! parent-death signal set, so the kernel kills it if the lab dies first
//! (Ctrl-C, a panic, a kill), and each is killed and reaped when dropped.

use crate::wire::Line;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Starts a child that the kernel stops if the lab dies first.
pub fn spawn_tied(command: &mut Command) -> std::io::Result<Child> {
    // SAFETY: prctl is async-signal-safe, and the closure touches nothing
    // else between fork and exec.
    unsafe {
        command.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.spawn()
}

/// A client process (A or B), its standard output piped to the lab.
pub struct TiedChild {
    child: Child,
}

impl TiedChild {
    pub fn spawn(command: &mut Command) -> std::io::Result<TiedChild> {
        spawn_tied(command).map(|child| TiedChild { child })
    }

    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process is stopped (SIGSTOP), read from /proc.
    fn stopped(&self) -> bool {
        std::fs::read_to_string(format!("/proc/{}/stat", self.id()))
            .ok()
            .and_then(|stat| stat.rsplit_once(") ").map(|(_, rest)| rest.starts_with('T')))
            .unwrap_or(false)
    }

    /// Resumes a process that stopped itself; waits up to `patience` for
    /// it to have stopped, so a late stop is not left waiting for ever.
    pub fn resume(&self, patience: Duration) {
        let asked = Instant::now();
        while !self.stopped() && asked.elapsed() < patience {
            std::thread::sleep(Duration::from_millis(1));
        }
        // SAFETY: kill only signals the child this handle owns.
        unsafe {
            libc::kill(self.id() as libc::pid_t, libc::SIGCONT);
        }
    }

    /// Every line the process prints until it exits, or until `deadline`
    /// has passed (then it is killed, and that is an error).
    pub fn lines(&mut self, deadline: Instant) -> Result<Vec<Line>, String> {
        let out = self
            .child
            .stdout
            .take()
            .ok_or("the client's output is not piped")?;
        let reader = std::thread::spawn(move || {
            BufReader::new(out)
                .lines()
                .map_while(Result::ok)
                .collect::<Vec<String>>()
        });
        let status = loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                break Some(status);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let text = reader
            .join()
            .map_err(|_| "the client's output could not be read")?;
        match status {
            None => Err(format!("client process {} did not finish in time", self.id())),
            Some(s) if !s.success() => Err(format!("client process {} failed ({s})", self.id())),
            Some(_) => text
                .iter()
                .map(|line| serde_json::from_str(line).map_err(|e| format!("a client printed {line:?}: {e}")))
                .collect(),
        }
    }
}

impl Drop for TiedChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The last lines of a server's log, for an error message.
pub fn log_tail(path: &Path) -> String {
    let Ok(file) = std::fs::File::open(path) else {
        return "(no log)".to_owned();
    };
    let lines: Vec<String> = BufReader::new(file).lines().map_while(Result::ok).collect();
    lines[lines.len().saturating_sub(3)..].join(" | ")
}

/// A free port on loopback, as the kernel hands one out. Another process
/// may take it before a server binds it; the servers' `start` then tries
/// another.
pub fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port on loopback: {e}"))
}
