//! Child processes that cannot outlive the lab: each is started with the
//! parent-death signal set, so the kernel kills it if the lab dies first
//! (Ctrl-C, a panic, a kill), and each is killed and reaped when dropped.
//! Ctrl-C and SIGTERM also remove the lab's temporary directories: an
//! interrupt handler kills every child still registered here, removes
//! every directory still registered, and exits.

use crate::wire::Line;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What an interrupt must clean up: the children alive and the
/// directories not yet removed.
#[derive(Default)]
struct Leftovers {
    pids: Vec<u32>,
    dirs: Vec<PathBuf>,
}

static LEFTOVERS: Mutex<Leftovers> = Mutex::new(Leftovers {
    pids: Vec::new(),
    dirs: Vec::new(),
});

fn leftovers() -> std::sync::MutexGuard<'static, Leftovers> {
    LEFTOVERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// On Ctrl-C or SIGTERM: kill every child, remove every directory, and
/// exit as a process killed by that signal would (130). Set once; a
/// second call does nothing.
pub fn clean_up_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        let left = std::mem::take(&mut *leftovers());
        for pid in &left.pids {
            // SAFETY: signals only a child this process started and has
            // not yet reaped.
            unsafe {
                libc::kill(*pid as libc::pid_t, libc::SIGKILL);
            }
        }
        for pid in &left.pids {
            // SAFETY: reaps that child, so it no longer holds the files.
            unsafe {
                libc::waitpid(*pid as libc::pid_t, std::ptr::null_mut(), 0);
            }
        }
        for dir in &left.dirs {
            let _ = std::fs::remove_dir_all(dir);
        }
        std::process::exit(130);
    });
}

/// A temporary directory that an interrupt removes too.
pub struct LabDir(tempfile::TempDir);

impl LabDir {
    pub fn new() -> Result<LabDir, String> {
        let dir = tempfile::Builder::new()
            .prefix("dlock-lab-")
            .tempdir()
            .map_err(|e| format!("no temporary directory: {e}"))?;
        leftovers().dirs.push(dir.path().to_owned());
        Ok(LabDir(dir))
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

impl Drop for LabDir {
    fn drop(&mut self) {
        leftovers().dirs.retain(|d| d != self.0.path());
    }
}

/// Kills and reaps a child, and forgets it.
pub fn reap(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
    leftovers().pids.retain(|&p| p != child.id());
}

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
    let child = command.spawn()?;
    leftovers().pids.push(child.id());
    Ok(child)
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

    /// The process's state letter, read from /proc: `T` stopped (SIGSTOP),
    /// `Z` exited and not yet reaped; `None` once it is gone.
    fn state(&self) -> Option<char> {
        std::fs::read_to_string(format!("/proc/{}/stat", self.id()))
            .ok()
            .and_then(|stat| stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next()))
    }

    /// Resumes a process that stops itself: waits until it has stopped (or
    /// ended), up to `patience`, then sends SIGCONT. On a loaded machine a
    /// client can reach its stop well after the tick it was due at; a
    /// SIGCONT sent before its SIGSTOP would leave it stopped for good. Its
    /// lateness is measured, and reported as timing not kept.
    pub fn resume(&self, patience: Duration) {
        let asked = Instant::now();
        while !matches!(self.state(), Some('T' | 'Z') | None) && asked.elapsed() < patience {
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
                reap(&mut self.child);
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
        reap(&mut self.child);
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
