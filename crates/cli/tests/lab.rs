//! `dlock lab` on real parts: redis-servers the lab starts on loopback,
//! A really stopped with SIGSTOP, SQLite as the resource. Every cell here
//! is at least two ticks from a tie (100 ms ticks), so scheduling jitter
//! cannot move it, and a run whose real timing slipped (a loaded machine)
//! is made again at the longer tick the lab names: no verdict here rests
//! on the machine's speed. One test runs them in turn: they count the
//! lab's server processes, which a second lab running alongside would
//! disturb.

use std::process::{Command, Output};

fn dlock(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlock"))
        .args(args)
        .output()
        .expect("dlock runs")
}

/// Every process still running that the lab started: a redis-server or an
/// etcd in a `dlock-lab-` directory, or a `dlock lab-client`.
fn lab_processes() -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let server = cmdline.contains("redis-server") || cmdline.starts_with("etcd ");
        if (server && cmdline.contains("dlock-lab-")) || cmdline.contains(" lab-client ") {
            found.push(cmdline);
        }
    }
    found
}

/// A PostgreSQL of the test's own: a fresh cluster in a temporary
/// directory on a free loopback port, stopped and removed when dropped.
/// PostgreSQL refuses to run as root, so as root it runs as `postgres`.
struct ThrowawayPostgres {
    dir: std::path::PathBuf,
    bin: std::path::PathBuf,
    url: String,
}

fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

impl ThrowawayPostgres {
    fn start() -> ThrowawayPostgres {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL installed (scripts/setup.sh test installs it)")
            .flatten()
            .map(|d| d.path().join("bin"))
            .find(|b| b.join("initdb").exists())
            .expect("initdb");
        let dir = std::env::temp_dir().join(format!("dlock-test-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let pg = ThrowawayPostgres {
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            dir,
            bin,
        };
        if running_as_root() {
            let chown = Command::new("chown").arg("postgres").arg(&pg.dir).status();
            assert!(chown.is_ok_and(|s| s.success()), "chown postgres");
        }
        let data = pg.dir.join("data").display().to_string();
        pg.as_owner("initdb", &["-D", &data, "-A", "trust", "-U", "postgres"]);
        let options = format!("-p {port} -k {} -c listen_addresses=127.0.0.1", pg.dir.display());
        let log = pg.dir.join("log").display().to_string();
        pg.as_owner(
            "pg_ctl",
            &["-D", &data, "-o", &options, "-l", &log, "-w", "start"],
        );
        pg
    }

    /// Runs one of PostgreSQL's programs as the cluster's owner.
    fn as_owner(&self, program: &str, args: &[&str]) {
        let path = self.bin.join(program);
        let mut command = if running_as_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&path);
            c
        } else {
            Command::new(&path)
        };
        let out = command.args(args).output().expect("a PostgreSQL program runs");
        assert!(
            out.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for ThrowawayPostgres {
    fn drop(&mut self) {
        let data = self.dir.join("data").display().to_string();
        self.as_owner("pg_ctl", &["-D", &data, "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn lab_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["lab", "--json"];
    all.extend_from_slice(args);
    let out = dlock(&all);
    assert!(
        out.status.success(),
        "dlock {all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// The tick a run was made at: its `--tick-ms`, or the lab's 100.
fn tick_of(args: &[&str]) -> u64 {
    args.iter()
        .position(|a| *a == "--tick-ms")
        .and_then(|i| args.get(i + 1))
        .map_or(100, |t| t.parse().expect("a tick"))
}

/// The tick the lab suggests when real timing did not keep the schedule,
/// read from what it printed: a run's or a grid's JSON, or its text.
fn suggested_tick(stdout: &str) -> Option<u64> {
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(stdout) {
        let timings: Vec<&serde_json::Value> = match json["cells"].as_array() {
            Some(cells) => cells.iter().map(|c| &c["timing"]).collect(),
            None => vec![&json["timing"]],
        };
        return timings
            .iter()
            .filter_map(|t| t["suggested_tick_ms"].as_u64())
            .max();
    }
    let (_, after) = stdout.split_once("try --tick-ms ")?;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    Some(digits.parse().expect("a suggested tick"))
}

/// `dlock` with `args`, made again until real timing kept the schedule.
/// On a loaded machine a stall can leave a client over half a tick late;
/// the lab then says so, and names a longer tick, rather than compare with
/// the simulation. That is the honest answer, and the test checks it: the
/// tick suggested is longer than the one run, and the run is made again at
/// it. The verdict a test reads is then the same on an idle machine and a
/// busy one; only the tick it was reached at differs. Returns the output
/// that kept the schedule, and its arguments.
fn until_kept(args: &[&str]) -> (Output, Vec<String>) {
    let mut args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let mut slipped = Vec::new();
    for _ in 0..4 {
        let out = dlock(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            out.status.success(),
            "dlock {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let Some(suggested) = suggested_tick(&stdout) else {
            return (out, args);
        };
        let tick = tick_of(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            suggested > tick,
            "dlock {args:?} suggests {suggested} ms: {stdout}"
        );
        slipped.push(format!("{tick} ms"));
        match args.iter().position(|a| a == "--tick-ms") {
            Some(i) => args[i + 1] = suggested.to_string(),
            None => args.extend(["--tick-ms".to_owned(), suggested.to_string()]),
        }
    }
    panic!("dlock {args:?}: real timing did not keep the schedule at {slipped:?}");
}

/// `dlock lab --json` with `args`, made again until real timing kept the
/// schedule (see [`until_kept`]).
fn kept_run(args: &[&str]) -> serde_json::Value {
    let all: Vec<&str> = ["lab", "--json"].iter().chain(args).copied().collect();
    let (out, _) = until_kept(&all);
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(run["timing"]["kept"], true, "{}", run["timing"]);
    run
}

/// Waits until every process the lab started has gone. They are stopped
/// as the lab ends, but the kernel may take a moment to reap them, longer
/// on a loaded machine; a minute without them going means one was left.
fn assert_none_left(context: &str) {
    let mut left = lab_processes();
    for _ in 0..3_000 {
        if left.is_empty() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        left = lab_processes();
    }
    panic!("{context}: still running after a minute: {left:?}");
}

/// Every audit core keeps (`Audit`'s fields, the outcome aside), read off
/// core itself: one added there must be reported by the lab too.
/// (`late_writes` is written only where clients compute a validity.)
fn audit_keys() -> Vec<String> {
    let audit = serde_json::to_value(dlock_core::simulate(&dlock_core::Params::default()).audit())
        .expect("audit JSON");
    let keys: Vec<String> = audit
        .as_object()
        .expect("an object")
        .keys()
        .filter(|k| *k != "outcome")
        .cloned()
        .collect();
    assert!(keys.len() >= 8, "{keys:?}");
    keys
}

#[test]
fn on_real_servers_the_pause_corrupts_fencing_saves_it_and_nothing_is_left_running() {
    let cases: [(&[&str], &str, &str); 3] = [
        // The study's run: A's stale write lands over B's.
        (&[], "A", "corrupt"),
        // The storage refuses the older token.
        (&["--fencing"], "B", "stale_rejected"),
        // A writes at 10, before B arrives at 12: nothing to corrupt.
        (&["--pause-len", "8"], "AB", "clean"),
    ];
    for (args, value, outcome) in cases {
        let run = kept_run(args);
        // Every audit `dlock run --json` reports for the same parameters,
        // the lab reports too, read off the real run.
        let simulated: serde_json::Value = serde_json::from_str(&String::from_utf8_lossy(
            &dlock(&[&["run", "--json"][..], args].concat()).stdout,
        ))
        .expect("run JSON");
        for audit in audit_keys() {
            let audit = audit.as_str();
            assert!(simulated.get(audit).is_some(), "dlock run --json: {audit}");
            assert!(run.get(audit).is_some(), "dlock lab --json {args:?}: {audit}");
        }
        assert_eq!(run["final_value"], value, "{args:?}");
        assert_eq!(run["outcome"], outcome, "{args:?}");
        assert_eq!(run["simulated"]["final_value"], value, "{args:?}");
        assert_eq!(run["agrees"], true, "{args:?}");
        // Core's audits, from the database's log: one stale overwrite in
        // the corrupted run (A's token 1 over B's 2), none otherwise.
        let stale = run["stale_overwrites"].as_array().map_or(0, Vec::len);
        assert_eq!(stale, usize::from(outcome == "corrupt"), "{args:?}");
        // The lock held: A's lease had run out before B's began — by what
        // the clients were told, and by the servers' own records.
        assert_eq!(run["overlapping_holds"], serde_json::json!([]), "{args:?}");
        assert_eq!(run["overlapping_grants"], serde_json::json!([]), "{args:?}");
        let recorded = run["server_grants"].as_array().map_or(0, Vec::len);
        assert!(recorded >= 10, "five servers granted A and B: {recorded}");
        // By those records A wrote after its lease ended, at t=16: the
        // unlocked write, read off the servers. (At t=10, in the clean
        // cell, A writes within milliseconds of its lease's end.)
        let unlocked: Vec<&str> = run["unlocked_writes"]
            .as_array()
            .expect("unlocked writes")
            .iter()
            .filter_map(|u| u["client"].as_str())
            .collect();
        if outcome != "clean" {
            assert_eq!(unlocked, ["A"], "{args:?}");
        }
        assert_eq!(run["timing"]["kept"], true, "{args:?}");
        assert_eq!(run["timing_sensitive"], false, "{args:?}");
        assert_eq!(run["lab"]["pause"], "SIGSTOP");
        assert!(run["lab"]["lock_servers"]
            .as_str()
            .is_some_and(|v| v.starts_with("redis-server ")));
        // A's write carries token 1, B's token 2: the servers' own counts.
        let writes: Vec<(String, u64, bool)> = run["ops"]
            .as_array()
            .expect("ops")
            .iter()
            .filter(|op| op["kind"] == "write")
            .map(|op| {
                (
                    op["client"].as_str().unwrap_or("").to_owned(),
                    op["token"].as_u64().unwrap_or(0),
                    op["accepted"].as_bool().unwrap_or(false),
                )
            })
            .collect();
        assert!(writes.iter().any(|w| w.0 == "A" && w.1 == 1), "{writes:?}");
        assert!(writes.iter().any(|w| w.0 == "B" && w.1 == 2), "{writes:?}");
        assert_none_left(&format!("after {args:?}"));
    }
    // etcd, a consensus-backed lock, has the same window: every lease lock
    // does. Its revision, from one ordered log, is a fencing token that
    // saves the resource. (500 ms ticks: etcd leases are whole seconds.)
    for (args, value, outcome) in [
        (&["--lock", "etcd", "--tick-ms", "500"][..], "A", "corrupt"),
        (
            &["--lock", "etcd", "--tick-ms", "500", "--fencing"][..],
            "B",
            "stale_rejected",
        ),
    ] {
        let run = kept_run(args);
        assert_eq!(
            (run["final_value"].as_str(), run["outcome"].as_str()),
            (Some(value), Some(outcome)),
            "{args:?}"
        );
        assert_eq!(run["agrees"], true, "{args:?}");
        assert!(run["lab"]["lock_servers"]
            .as_str()
            .is_some_and(|v| v.starts_with("etcd ")));
        // A cluster of three by default: consensus is the point of etcd.
        assert_eq!(run["lab"]["lock_processes"], 3, "{args:?}");
        // etcd's own record, one ordered log: no two grants overlap, and
        // A's write came after its key was gone.
        assert_eq!(run["overlapping_grants"], serde_json::json!([]), "{args:?}");
        let a_unlocked = run["unlocked_writes"]
            .as_array()
            .is_some_and(|u| u.len() == 1 && u[0]["client"] == "A");
        assert!(a_unlocked, "{args:?}: {}", run["unlocked_writes"]);
        assert_none_left(&format!("after {args:?}"));
    }
    let single = kept_run(&["--lock", "etcd", "--tick-ms", "500", "--etcd-members", "1"]);
    assert_eq!(single["lab"]["lock_processes"], 1);
    assert_eq!(single["final_value"], "A");
    // The seed of the clients' retry delays is printed, and taken back.
    let seeded = lab_json(&["--seed", "42", "--pause-len", "8"]);
    assert_eq!(seeded["lab"]["seed"], 42);
    // The same SQL on a PostgreSQL (one the test starts for itself).
    let pg = ThrowawayPostgres::start();
    for (args, value) in [
        (&["--store", &pg.url][..], "A"),
        (&["--store", &pg.url, "--fencing"][..], "B"),
    ] {
        let run = kept_run(args);
        assert_eq!(run["final_value"], value, "{args:?}");
        assert_eq!(run["agrees"], true, "{args:?}");
        assert!(run["lab"]["store"]
            .as_str()
            .is_some_and(|v| v.starts_with("PostgreSQL ")));
    }
    drop(pg);
    // A small grid, cell by cell beside the simulation.
    let (grid, _) = until_kept(&["lab", "grid", "--ttl", "10", "--pause-len", "8,14"]);
    let text = String::from_utf8_lossy(&grid.stdout);
    assert!(text.contains("ttl   10  pause    8   real 'AB'  clean"), "{text}");
    assert!(
        text.contains("ttl   10  pause   14   real 'A'   corrupt"),
        "{text}"
    );
    assert!(
        text.ends_with("2 of 2 cells agree with the simulation; 0 timing-sensitive\n"),
        "{text}"
    );
    assert_none_left("after the grid");
    // As JSON, every cell says whether it agrees, and whether the
    // schedule was kept.
    let grid = dlock(&[
        "lab",
        "grid",
        "--json",
        "--ttl",
        "10",
        "--pause-len",
        "8,14",
        "--tick-ms",
        "50",
    ]);
    let grid: serde_json::Value = serde_json::from_slice(&grid.stdout).expect("JSON");
    let cells = grid["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 2);
    for cell in cells {
        assert!(
            cell["agrees"].is_boolean() && cell["timing"]["kept"].is_boolean(),
            "{cell}"
        );
    }
    // The text: the transcript with real milliseconds, and the verdict
    // beside the simulation's.
    let (out, args) = until_kept(&["lab"]);
    let tick = tick_of(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("lab: 5 x redis-server "), "{text}");
    assert!(text.contains("A  write     'A' with token 1: ACCEPTED"), "{text}");
    assert!(
        text.ends_with("simulated:   'A' (corrupt) — the simulation agrees\n"),
        "{text}"
    );
    assert!(text.contains(&format!("well within {tick} ms ticks")), "{text}");
    assert_none_left("after the study's run");
    // The cell where A's write and B's land one tick apart (B writes at
    // 17, A at 16), run again and again: SQLite never refuses a client
    // ("database is locked", which fails the run), and once real timing
    // keeps the schedule the run says it is timing-sensitive, whichever
    // way the writes fell.
    for _ in 0..10 {
        let (out, args) = until_kept(&["lab", "--b-arrives", "15", "--tick-ms", "50"]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("timing-sensitive"), "{args:?}: {text}");
    }
    // A tick too short for the servers: 101 redis-servers take longer
    // than 10 ms to answer a round, and the run says so instead of
    // blaming the model.
    let crowded = lab_json(&["--servers", "101", "--tick-ms", "10"]);
    assert_eq!(crowded["timing"]["kept"], false, "{}", crowded["timing"]);
    assert!(crowded["timing"]["suggested_tick_ms"]
        .as_u64()
        .is_some_and(|t| t > 10));
    // Ctrl-C, and SIGTERM, in the middle of a long run (announced up front),
    // A stopped and the servers up: every process the lab started stops,
    // and its temporary directory is gone.
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let tmp = std::env::temp_dir().join(format!("dlock-test-lab-tmp-{}-{signal}", std::process::id()));
        std::fs::create_dir_all(&tmp).expect("a directory");
        let mut lab = Command::new(env!("CARGO_BIN_EXE_dlock"))
            .args(["lab", "--tick-ms", "10", "--pause-len", "1200"])
            .env("TMPDIR", &tmp)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("dlock lab starts");
        // Under way once both clients run (A is stopped for 12 s from t=2).
        while lab_processes()
            .iter()
            .filter(|p| p.contains(" lab-client "))
            .count()
            < 2
        {
            assert!(
                matches!(lab.try_wait(), Ok(None)),
                "the lab ended before its clients ran"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(
            std::fs::read_dir(&tmp).map(Iterator::count).unwrap_or(0),
            1,
            "its directory"
        );
        // SAFETY: signals only the child this test started.
        unsafe {
            libc::kill(lab.id() as libc::pid_t, signal);
        }
        let mut announced = String::new();
        if let Some(mut err) = lab.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut err, &mut announced);
        }
        let _ = lab.wait();
        assert!(
            announced.starts_with("dlock: lab: this run takes about 1"),
            "announced: {announced}"
        );
        assert_none_left(&format!("after signal {signal}"));
        let dirs: Vec<_> = std::fs::read_dir(&tmp)
            .expect("the test's directory")
            .flatten()
            .collect();
        assert!(dirs.is_empty(), "after signal {signal}: {dirs:?}");
        let _ = std::fs::remove_dir_all(&tmp);
    }
}

#[test]
fn the_lab_says_in_one_line_what_it_cannot_do() {
    let cases: [(&[&str], Option<&str>, &str); 9] = [
        (
            &["lab", "--store", "mysql://db"],
            None,
            "--store 'mysql://db' is not a postgres:// URL",
        ),
        (&["lab", "--tick-ms", "5"], None, "--tick-ms 5 is out of range"),
        (
            &["lab", "--a-crashes"],
            None,
            "lab: --a-crashes cannot apply to the lab: the lab stops A with SIGSTOP",
        ),
        (
            &["lab", "grid", "--acquire-latency", "1"],
            None,
            "lab: --acquire-latency cannot apply to the lab",
        ),
        (
            &["lab", "--etcd-members", "2"],
            None,
            "--etcd-members 2 is not one of 1, 3, 5",
        ),
        (
            &["lab", "--seed", "-1"],
            None,
            "--seed '-1' is not a whole number",
        ),
        (
            &["lab", "--lock", "zookeeper"],
            None,
            "--lock 'zookeeper' is not one of redis, etcd",
        ),
        (
            &["lab", "--lock", "etcd"],
            None,
            "etcd leases are whole seconds, at least 2, and ttl x tick-ms is 1000 ms",
        ),
        // Without redis-server on the PATH: name the set-up command.
        (&["lab"], Some("/nonexistent"), "run scripts/setup.sh test"),
    ];
    // The help lists no flag the lab would refuse.
    let help = dlock(&["lab", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for refused in [
        "--a-crashes",
        "--no-expiry",
        "--acquire-latency",
        "--register-token",
        "--b-writes-twice",
    ] {
        assert!(!help.contains(refused), "{refused} in {help}");
    }
    for (args, path, expected) in cases {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dlock"));
        command.args(args);
        if let Some(path) = path {
            command.env("PATH", path);
        }
        let out = command.output().expect("dlock runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("dlock: ") && err.contains(expected),
            "{args:?}: {err}"
        );
    }
}
