//! The `dlock` binary as a user runs it: output, JSON shape, and one-line
//! errors with exit code 2.

use std::process::{Command, Output};

fn dlock(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlock"))
        .args(args)
        .output()
        .expect("run dlock")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn demo_prints_the_pinned_study() {
    let out = dlock(&["demo"]);
    assert!(out.status.success());
    let golden = include_str!("../../core/tests/golden/demo.txt");
    assert_eq!(stdout(&out), golden);
}

#[test]
fn run_prints_the_corrupted_transcript_by_default() {
    let out = dlock(&["run"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("t=16      A  write     'A' with token 1: ACCEPTED"),
        "{text}"
    );
    assert!(text.contains("final value: 'A'"));
}

#[test]
fn run_json_has_the_documented_fields() {
    let out = dlock(&[
        "run",
        "--servers",
        "5",
        "--ttl",
        "10",
        "--pause-from",
        "2",
        "--pause-len",
        "14",
        "--b-arrives",
        "12",
        "--fencing",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    assert_eq!(v["final_value"], "B");
    assert_eq!(v["b_acquired_at"], 12);
    assert_eq!(v["grants"].as_array().map(Vec::len), Some(10));
    assert_eq!(v["grants"][5]["end"], 15);
    let writes = v["writes"].as_array().expect("writes");
    assert_eq!(writes.len(), 2);
    assert_eq!(
        (writes[1]["t"].as_u64(), writes[1]["accepted"].as_bool()),
        (Some(16), Some(false))
    );
    assert_eq!(v["overlapping_grants"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["stale_overwrites"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["unlocked_writes"][0]["t"], 16);
    assert_eq!(v["unlocked_writes"][0]["client"], "A");
    assert!(v["lost_updates"].is_array());
    let holders = v["holder_at"].as_array().expect("holder_at");
    assert_eq!(holders.len(), 18, "one entry per tick 0..=17");
    assert_eq!(holders[9]["holders"], serde_json::json!(["A"]));
    assert_eq!(holders[10]["holders"], serde_json::json!([]));
    assert_eq!(holders[14]["holders"], serde_json::json!(["B"]));
}

#[test]
fn a_wedged_lock_reports_b_never_acquired() {
    let out = dlock(&["run", "--no-expiry", "--a-crashes", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    assert_eq!(v["b_acquired_at"], serde_json::Value::Null);
    assert_eq!(v["outcome"], "wedged");
}

#[test]
fn recheck_at_the_write_tick_saves_the_resource() {
    let out = dlock(&["run", "--recheck-at", "16"]);
    let text = stdout(&out);
    assert!(
        text.contains("not sent: the re-check said the lock was lost"),
        "{text}"
    );
    assert!(text.contains("final value: 'B'"));
}

#[test]
fn grid_prints_the_staircase_and_the_formula_agreement() {
    let out = dlock(&["grid", "--ttl", "1,10,25", "--pause-len", "2..41:3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("the closed form agrees with 42 of 42 cells"),
        "{text}"
    );
    // ttl and pause length are the grid's axes: the header does not pin
    // them to the single-run defaults.
    assert_eq!(
        text.lines().next(),
        Some("grid: 5 servers (quorum 3), every ttl and pause length below, A's pause from t=2, B arrives at 12, fencing off")
    );
    let json = dlock(&["grid", "--ttl", "10", "--pause-len", "11,14", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("valid JSON");
    assert_eq!(v["grid"]["cells"][0]["outcome"], "clean");
    assert_eq!(v["grid"]["cells"][1]["outcome"], "corrupt");
    assert_eq!(v["formula_agrees"], 2);
    // Counted under the names the cells carry.
    assert_eq!(v["counts"], serde_json::json!({ "corrupt": 1, "clean": 1 }));
    let lost = dlock(&["grid", "--ttl", "10", "--pause-len", "12", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&lost)).expect("valid JSON");
    assert_eq!(v["grid"]["cells"][0]["outcome"], "lost_update");
    assert_eq!(v["counts"], serde_json::json!({ "lost_update": 1 }));
}

#[test]
fn grid_takes_every_switch_the_page_s_staircase_follows() {
    use dlock_core::{sweep, Params};
    let ttls: Vec<u32> = (1..=20).collect();
    let pauses: Vec<u32> = (0..=20).collect();
    let grid_json = |extra: &[&str]| {
        let mut args = vec!["grid", "--ttl", "1..20", "--pause-len", "0..20", "--json"];
        args.extend_from_slice(extra);
        let out = dlock(&args);
        assert!(out.status.success(), "{extra:?}");
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
        v["grid"].clone()
    };
    let fenced = Params {
        fencing: true,
        ..Params::default()
    };
    // Each switch against the same grid without it; B's double write shows
    // only where a token equal to the highest is stale (`--loose`).
    let loose = Params {
        comparison: dlock_core::Comparison::Le,
        ..fenced
    };
    let cases: [(&[&str], &[&str], Params); 7] = [
        (
            &["--fencing"],
            &["--no-expiry"],
            Params {
                expiry: false,
                ..fenced
            },
        ),
        (
            &["--fencing"],
            &["--a-crashes"],
            Params {
                a_crashes: true,
                ..fenced
            },
        ),
        (
            &["--fencing", "--loose"],
            &["--b-writes-twice"],
            Params {
                b_writes_twice: true,
                ..loose
            },
        ),
        (
            &["--fencing"],
            &["--register-token"],
            Params {
                register_token: true,
                ..fenced
            },
        ),
        // Acquiring over a network, with and without the validity check.
        (
            &[],
            &["--acquire-latency", "1"],
            Params {
                acquiring: dlock_core::params::Acquiring {
                    latency: 1,
                    ..dlock_core::params::Acquiring::INSTANT
                },
                ..Params::default()
            },
        ),
        (
            &["--acquire-latency", "2", "--acquire-pause", "9"],
            &["--no-validity-check"],
            Params {
                acquiring: dlock_core::params::Acquiring {
                    latency: 2,
                    a_pause: 9,
                    validity_check: false,
                },
                ..Params::default()
            },
        ),
        // After the study's pause: cells with a shorter pause write first
        // and check at their write.
        (
            &[],
            &["--recheck-at", "16"],
            Params {
                recheck_at: Some(16),
                ..Params::default()
            },
        ),
    ];
    for (base, flag, p) in cases {
        let grid = grid_json(&[base, flag].concat());
        let expected = serde_json::to_value(sweep::grid(&p, &ttls, &pauses)).expect("grid as JSON");
        assert_eq!(grid, expected, "{flag:?}");
        assert_ne!(
            grid["cells"],
            grid_json(base)["cells"],
            "{flag:?} changes the staircase"
        );
    }
    let text = stdout(&dlock(&[
        "grid",
        "--no-expiry",
        "--ttl",
        "1..3",
        "--pause-len",
        "10..12",
    ]));
    assert!(text.starts_with("grid: 5 servers (quorum 3), every ttl and pause length below, A's pause from t=2, B arrives at 12, fencing off, leases never expire"), "{text}");
    assert!(text.ends_with("the closed form does not cover this variant (no expiry, a crash, a re-check or a double write)\n"), "{text}");
    // A grid's re-check is one tick; the heading says where a cell whose
    // write comes first checks instead.
    let text = stdout(&dlock(&[
        "grid",
        "--recheck-at",
        "16",
        "--ttl",
        "10",
        "--pause-len",
        "12",
    ]));
    assert!(
        text.starts_with("grid: 5 servers (quorum 3), every ttl and pause length below, A's pause from t=2, B arrives at 12, fencing off, A re-checks at 16 (or at A's write, if that comes first)\n"),
        "{text}"
    );
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_flag_and_range() {
    let cases: [(&[&str], &str); 21] = [
        (
            &["run", "--scenario", "nope"],
            "--scenario 'nope' is not one of token-drift, restart, clock-drift, clock-jump, slow-network, stale-accepted",
        ),
        (
            &["run", "--scenario", "restart", "--knob", "foo=1"],
            "--knob 'foo' is not a knob of restart (restart_servers, restart_remedy, restart_reach)",
        ),
        (
            &["run", "--scenario", "restart", "--knob", "restart_servers=9"],
            "restart_servers 9 is out of range: expected a whole number in 0..=5",
        ),
        (
            &["run", "--scenario", "restart", "--ttl", "5"],
            "'--scenario <NAME>' cannot be used with '--ttl <T>'",
        ),
        (
            &["run", "--knob", "a=1"],
            "required arguments were not provided: --scenario",
        ),
        (
            &["run", "--servers", "0"],
            "--servers 0 is out of range: expected a whole number in 1..=101",
        ),
        (
            &["run", "--servers", "-3"],
            "--servers '-3' is not a whole number in 1..=101",
        ),
        (
            &["run", "--ttl", "ten"],
            "--ttl 'ten' is not a whole number in 1..=10000",
        ),
        (&["run", "--pause-len", "99999999999999999999"], "--pause-len"),
        (
            &["run", "--b-arrives", "10001"],
            "--b-arrives 10001 is out of range",
        ),
        (
            &["run", "--recheck-at", "17"],
            "--recheck-at 17 is out of range: expected a whole number in 0..=16 (A writes at t=16)",
        ),
        (
            &["run", "--pause-len", "4", "--recheck-at", "7"],
            "--recheck-at 7 is out of range: expected a whole number in 0..=6 (A writes at t=6)",
        ),
        (&["grid", "--ttl", ""], "--ttl: the list is empty"),
        (
            &["grid", "--pause-len", "0..10000"],
            "--pause-len: range 0..10000 has 10001 values",
        ),
        (&["grid", "--ttl", "0,5"], "--ttl: 0 is out of range"),
        (
            &["grid", "--recheck-at", "20001"],
            "--recheck-at 20001 is out of range: expected a whole number in 0..=20000",
        ),
        (
            &["run", "--acquire-latency", "11"],
            "--acquire-latency 11 is out of range: expected a whole number in 0..=10",
        ),
        (
            &["grid", "--acquire-pause", "soon"],
            "--acquire-pause 'soon' is not a whole number in 0..=1000",
        ),
        (
            &["run", "--scenario", "restart", "--no-validity-check"],
            "'--scenario <NAME>' cannot be used with '--no-validity-check'",
        ),
        (&["run", "--bogus"], "unexpected argument '--bogus'"),
        (&[], "a command is required: demo, run, grid, acquire-grid, check or lab"),
    ];
    for (args, expected) in cases {
        let out = dlock(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("dlock: ") && err.contains(expected),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}

/// The golden text of every scenario, as `--scenario` prints it.
fn golden_section(name: &str, which: &str) -> String {
    section_of(
        include_str!("../../core/tests/golden/beyond.txt"),
        &format!("{name} ({which})"),
    )
}

/// The section headed `===== title` of a golden file.
fn section_of(golden: &str, title: &str) -> String {
    let header = format!("===== {title}\n\n");
    let start = golden.find(&header).expect("section in the golden file") + header.len();
    // Sections are separated by one blank line; the file ends with one.
    let end = golden[start..]
        .find("\n===== ")
        .map_or(golden.len() - 1, |i| start + i);
    golden[start..end].to_owned()
}

#[test]
fn every_scenario_prints_its_pinned_transcript_with_and_without_the_remedy() {
    for name in [
        "token-drift",
        "restart",
        "clock-drift",
        "slow-network",
        "stale-accepted",
    ] {
        let plain = dlock(&["run", "--scenario", name]);
        assert!(plain.status.success(), "{name}");
        assert_eq!(stdout(&plain), golden_section(name, "defaults"), "{name}");
        let fixed = dlock(&["run", "--scenario", name, "--remedy"]);
        assert_eq!(stdout(&fixed), golden_section(name, "remedy"), "{name}");
    }
}

#[test]
fn scenario_knobs_change_the_run_and_json_carries_the_fault() {
    let out = dlock(&[
        "run",
        "--scenario",
        "token-drift",
        "--knob",
        "drift_partition=0",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["params"]["fault"]["token_drift"]["partition"], 0);
    assert_eq!(v["outcome"], "stale_rejected", "no handed-back grants: no drift");
    let text = stdout(&dlock(&[
        "run",
        "--scenario",
        "stale-accepted",
        "--knob",
        "sa_pause=12",
    ]));
    assert!(
        text.contains("final value: 'B' (a serial run gives 'AB'): stale write accepted"),
        "{text}"
    );
    // One tick shorter, B reads A's accepted write and builds on it: no harm.
    let harmless = stdout(&dlock(&[
        "run",
        "--scenario",
        "stale-accepted",
        "--knob",
        "sa_pause=11",
    ]));
    assert!(
        harmless.contains("final value: 'AB' (a serial run gives 'AB'): clean"),
        "{harmless}"
    );
    assert!(harmless.contains("which system failed: nothing"), "{harmless}");
    let registered = stdout(&dlock(&[
        "run",
        "--register-token",
        "--fencing",
        "--pause-len",
        "12",
    ]));
    assert!(registered.contains("stale write rejected"), "{registered}");
}

/// A full disk must not pass for success: a script would keep a cut file.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_exits_1_with_one_line_saying_so() {
    let full = std::fs::File::create("/dev/full").expect("open /dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_dlock"))
        .args(["run", "--json"])
        .stdout(full)
        .output()
        .expect("run dlock");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("dlock: cannot write the output: "), "{err}");
}

/// A reader that stops early (`| head`) is not a failure, and says nothing.
#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    use std::process::Stdio;
    // The 400 x 400 grid's JSON is megabytes, far more than a pipe holds, so
    // dlock is still writing when the pipe closes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlock"))
        .args(["grid", "--ttl", "1..400", "--pause-len", "0..399", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dlock");
    let mut first = [0u8; 1];
    let mut pipe = child.stdout.take().expect("stdout");
    pipe.read_exact(&mut first).expect("a first byte");
    drop(pipe);
    let out = child.wait_with_output().expect("wait for dlock");
    assert_eq!(first, *b"{");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// What `dlock COMMAND --help` says of `--flag`: its line and the lines
/// under it, up to the next flag, as one line (clap wraps help to the
/// terminal's width, or to 100 columns without one, when a crate in the
/// build asks for its `wrap_help`).
fn help_of(help: &str, flag: &str) -> String {
    let start = help
        .find(&format!("--{flag} "))
        .unwrap_or_else(|| panic!("--{flag} in {help}"));
    let rest = &help[start + 2..];
    let end = rest.find("\n  -").unwrap_or(rest.len());
    rest[..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each flag's help states the range its value is checked against: both
/// are read from the same `Limit`, and a value one past it is refused
/// with that range.
#[test]
fn every_flag_s_help_gives_the_range_it_is_checked_against() {
    use dlock_core::params::{self, bound, Limit};
    let cases: [(&str, &str, Limit); 22] = [
        ("run", "servers", params::SERVERS),
        ("run", "ttl", params::TTL),
        ("run", "pause-from", params::PAUSE_FROM),
        ("run", "pause-len", params::PAUSE_LEN),
        ("run", "b-arrives", params::B_ARRIVES),
        ("run", "acquire-latency", params::LATENCY),
        ("run", "acquire-pause", params::ACQUIRE_PAUSE),
        ("check", "servers", bound::SERVERS),
        ("check", "ttl", bound::TTL),
        ("check", "max-arrival", bound::MAX_ARRIVAL),
        ("check", "max-a-arrival", bound::MAX_A_ARRIVAL),
        ("check", "max-pause", bound::MAX_PAUSE),
        ("check", "max-delay", bound::MAX_DELAY),
        ("check", "horizon", bound::HORIZON),
        ("check", "within", bound::WITHIN),
        ("check", "clients", bound::CLIENTS),
        ("check", "clock-step", bound::CLOCK_STEP),
        ("check", "partition", bound::PARTITION),
        ("check", "clock-rate", bound::CLOCK_RATE),
        ("check", "max-lost", bound::MAX_LOST),
        ("check", "max-states", bound::MAX_STATES),
        ("check", "threads", bound::THREADS),
    ];
    for (command, flag, limit) in cases {
        let help = stdout(&dlock(&[command, "--help"]));
        let said = help_of(&help, flag);
        assert!(
            said.contains(&format!("[{limit}]")),
            "dlock {command} --{flag}: {said}"
        );
        let (named, past) = (format!("--{flag}"), (limit.max + 1).to_string());
        let mut args = vec![command, "--json"];
        if flag == "threads" {
            args.extend(["--engine", "stateright"]);
        }
        args.extend([named.as_str(), past.as_str()]);
        let out = dlock(&args);
        assert_eq!(out.status.code(), Some(2), "dlock {args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("in {limit}")), "dlock {args:?}: {err}");
    }
    // A list's values have their range too, and so many of them at most.
    let help = stdout(&dlock(&["grid", "--help"]));
    assert!(
        help_of(&help, "ttl").contains(&format!(
            "[{}, at most {} values]",
            params::TTL,
            dlock_core::list::MAX_AXIS_VALUES
        )),
        "{help}"
    );
}

#[test]
fn help_exits_0() {
    let out = dlock(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("demo"));
}

#[test]
fn the_json_switch_is_listed_apart_from_the_run_s_parameters() {
    for command in ["run", "grid"] {
        let help = stdout(&dlock(&[command, "--help"]));
        let output = help.find("Output:").expect("an Output heading");
        let json = help.find("--json").expect("--json listed");
        let pause_len = help.find("--pause-len").expect("--pause-len listed");
        assert!(pause_len < output && output < json, "{help}");
    }
}

/// A scenario's JSON says what its text says: the preset, whether the
/// remedy is on, which system failed, and both holders where both held.
#[test]
fn scenario_json_carries_the_preset_remedy_and_verdict() {
    let json = |args: &[&str]| -> serde_json::Value {
        let mut all = vec!["run", "--json"];
        all.extend_from_slice(args);
        serde_json::from_str(&stdout(&dlock(&all))).expect("json")
    };
    let restart = json(&["--scenario", "restart"]);
    assert_eq!(restart["scenario"], "restart");
    assert_eq!(restart["remedy"], false);
    assert_eq!(restart["verdict"], "lock");
    let both = restart["holder_at"]
        .as_array()
        .expect("holder_at")
        .iter()
        .filter(|h| h["holders"] == serde_json::json!(["A", "B"]))
        .count();
    assert!(both > 0, "the text's 'A and B' is in the JSON too");
    let text = stdout(&dlock(&["run", "--scenario", "restart"]));
    assert!(text.contains("A and B"), "{text}");
    for (name, verdict) in [
        ("token-drift", "lock"),
        ("slow-network", "resource"),
        ("stale-accepted", "resource"),
    ] {
        let plain = json(&["--scenario", name]);
        assert_eq!(
            (plain["verdict"].as_str(), plain["remedy"].as_bool()),
            (Some(verdict), Some(false)),
            "{name}"
        );
        let text = stdout(&dlock(&["run", "--scenario", name]));
        assert!(
            text.contains(&format!("which system failed: the {verdict}")),
            "{name}"
        );
        let fixed = json(&["--scenario", name, "--remedy"]);
        assert_eq!(
            (fixed["verdict"].as_str(), fixed["remedy"].as_bool()),
            (Some("nothing"), Some(true)),
            "{name}"
        );
    }
}

/// Acquiring over a network (issue 31): `dlock run --help` lists the flags
/// with their ranges, the transcript is the one pinned in core's golden
/// file, and the JSON carries the setting only when acquiring takes time,
/// so a run file written before is unchanged.
#[test]
fn acquiring_flags_are_listed_run_and_reported() {
    let help = stdout(&dlock(&["run", "--help"]));
    for line in [
        "--acquire-latency <L>",
        "[0..=10]",
        "--acquire-pause <P>",
        "[0..=1000]",
        "--no-validity-check",
    ] {
        assert!(help.contains(line), "{line} missing from {help}");
    }
    let text = stdout(&dlock(&[
        "run",
        "--acquire-latency",
        "1",
        "--acquire-pause",
        "12",
        "--pause-len",
        "0",
    ]));
    assert_eq!(
        text.trim_end(),
        section_of(
            include_str!("../../core/tests/golden/acquiring.txt"),
            "latency 1, A stops 12 ticks for its replies, validity check"
        )
        .trim_end()
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&dlock(&[
        "run",
        "--acquire-latency",
        "2",
        "--no-validity-check",
        "--json",
    ])))
    .expect("JSON");
    assert_eq!(
        json["params"]["acquiring"],
        serde_json::json!({"latency": 2, "a_pause": 0, "validity_check": false})
    );
    let plain: serde_json::Value = serde_json::from_str(&stdout(&dlock(&["run", "--json"]))).expect("JSON");
    assert!(plain["params"].get("acquiring").is_none());
}

/// antirez's remedy and the clock that jumps, on the command line: check-
/// and-set refuses the write fencing accepts in the same tick, and a step
/// of zero breaks nothing.
#[test]
fn check_and_set_and_the_clock_jump_run_from_the_command_line() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dlock"))
            .args(args)
            .output()
            .expect("dlock runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let fenced = run(&["run", "--pause-len", "12", "--fencing"]);
    assert!(
        fenced.contains("A  write     'A' with token 1: ACCEPTED"),
        "{fenced}"
    );
    let cas = run(&["run", "--pause-len", "12", "--cas"]);
    assert!(
        cas.contains("A  write     'A' with token 1: REJECTED (not the lock id registered last)"),
        "{cas}"
    );
    let json: serde_json::Value = serde_json::from_str(&run(&["run", "--cas", "--json"])).expect("JSON");
    assert_eq!(json["params"]["cas"], true);
    assert!(json["events"]
        .as_array()
        .expect("events")
        .iter()
        .any(|e| e["what"]["kind"] == "claimed"));
    let jumped = run(&["run", "--scenario", "clock-jump"]);
    assert!(jumped.contains("which system failed: the lock"), "{jumped}");
    let still = run(&["run", "--scenario", "clock-jump", "--knob", "jump=0"]);
    assert!(still.contains("which system failed: nothing"), "{still}");
}

/// The acquire staircase on the command line: both sides as text and JSON,
/// the cell the page and the issue cite (B at 12, A stopped 13 ticks with
/// one tick a message) unsafe only without the check, the page's command
/// line taken back, and a swept flag refused in one line.
#[test]
fn acquire_grid_prints_both_staircases_and_refuses_what_it_sweeps() {
    let out = dlock(&["acquire-grid"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("With the validity check, 0 of 961 cells are not clean"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("  12 ")).count(),
        2,
        "{text}"
    );

    let json: serde_json::Value = serde_json::from_str(&stdout(&dlock(&["acquire-grid", "--json"]))).unwrap();
    let cell =
        |side: &str, b: usize, pause: usize| json[side]["cells"][b * 31 + pause].as_str().unwrap().to_owned();
    assert_eq!(cell("unchecked", 12, 13), "lost_update");
    assert_eq!(cell("checked", 12, 13), "clean");
    assert!(json["checked"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c == "clean"));
    assert_eq!(json["base"]["acquiring"]["latency"], 1);

    let fenced = dlock(&["acquire-grid", "--fencing", "--ttl", "12", "--json"]);
    let fenced: serde_json::Value = serde_json::from_str(&stdout(&fenced)).unwrap();
    assert_eq!(fenced["base"]["fencing"], true);
    assert_eq!(fenced["base"]["ttl"], 12);

    for (args, names) in [
        (&["acquire-grid", "--b-arrives", "3"][..], "--b-arrives"),
        (&["acquire-grid", "--acquire-pause", "3"][..], "--acquire-pause"),
        (
            &["acquire-grid", "--acquire-latency", "11"][..],
            "--acquire-latency 11 is out of range",
        ),
        (&["acquire-grid", "--ttl", "0"][..], "--ttl 0 is out of range"),
    ] {
        let out = dlock(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(names), "{err}");
    }
    let help = stdout(&dlock(&["acquire-grid", "--help"]));
    assert!(
        help.contains("--acquire-latency <L>") && help.contains("[0..=10]"),
        "{help}"
    );
}

/// `dlock check`: per property "holds" or a shortest counterexample as a
/// transcript, with the `dlock run` line that repeats it; JSON with the
/// issue's fields; a bound the state limit cut says so; bad flags exit 2.
#[test]
fn check_explores_every_schedule_and_prints_a_counterexample_that_repeats() {
    let out = dlock(&["check"]);
    // A property fails: exit 1, as a model checker says it.
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("holds  no server grants a lease while another is live on it"),
        "{text}"
    );
    let stale = text
        .split("\n\n")
        .find(|block| block.starts_with("FAILS  no write made under an older lease"))
        .expect("a stale overwrite under the lease lock");
    let repeat = stale
        .lines()
        .find_map(|l| l.trim().strip_prefix("repeat it: dlock "))
        .expect("a command that repeats it");
    let again = stdout(&dlock(&repeat.split(' ').collect::<Vec<_>>()));
    for line in again.lines().filter(|l| l.starts_with("t=")) {
        assert!(stale.contains(line), "{line} is not in\n{stale}");
    }

    let json: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&["check", "--resource", "fencing", "--json"]))).unwrap();
    for field in [
        "config",
        "bound",
        "states",
        "transitions",
        "max_depth",
        "complete",
        "elapsed_ms",
        "properties",
    ] {
        assert!(json.get(field).is_some(), "no {field}");
    }
    assert_eq!(json["complete"], true);
    let property = |name: &str| {
        json["properties"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(property("stale_overwrites")["holds"], true);
    assert!(property("stale_overwrites")["counterexample"].is_null());
    let lost = property("lost_updates");
    assert_eq!(lost["holds"], false);
    assert!(lost["counterexample"]["steps"].as_array().unwrap().len() >= 2);
    assert!(!lost["counterexample"]["run"]["events"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(!lost["counterexample"]["run"]["lost_updates"]
        .as_array()
        .unwrap()
        .is_empty());

    assert_eq!(property("stale_overwrites")["verdict"], "holds");
    assert_eq!(lost["verdict"], "fails");
    assert_eq!(json["reduce"], "all");
    // Every distinct state is counted at the tick its event ran, once.
    let by_tick: Vec<u64> = json["states_by_tick"]
        .as_array()
        .expect("states by tick")
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(by_tick.iter().sum::<u64>(), json["states"].as_u64().unwrap());
    assert!(by_tick.len() > 1, "{by_tick:?}");
    assert_eq!(json["bound"]["within"], 20);
    assert_eq!(json["bound"]["max_states"], 2_000_000);
    assert!(lost["counterexample"]["broken_at"].is_u64());

    // A search cut short never says "holds": unknown, in words and JSON.
    let args = [
        "check",
        "--lock",
        "redlock",
        "--servers",
        "3",
        "--ttl",
        "3",
        "--horizon",
        "8",
    ];
    let cut_args = [&args[..], &["--max-delay", "1", "--max-states", "1000"]].concat();
    let cut = stdout(&dlock(&cut_args));
    assert!(
        cut.contains("INCOMPLETE: the search stopped at --max-states 1000"),
        "{cut}"
    );
    assert!(!cut.contains("every schedule within the bound"), "{cut}");
    assert!(!cut.contains("holds  "), "{cut}");
    assert!(
        cut.contains("UNKNOWN  no server grants a lease while another is live on it: no counterexample among 1000 states explored; the bound was not exhausted"),
        "{cut}"
    );
    assert!(
        // No --within: liveness's window is the whole run, not 20 ticks
        // past its end.
        cut.contains("liveness within 8 ticks of asking, at most 1000 states"),
        "{cut}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&[&cut_args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json["complete"], false);
    let grants = &json["properties"][0];
    assert_eq!(
        (grants["verdict"].as_str(), grants["holds"].is_null()),
        (Some("unknown"), true)
    );
    // stateright judges its own completeness: cut too, and unknown.
    let stateright = [
        &cut_args[..],
        &["--engine", "stateright", "--threads", "2", "--json"],
    ]
    .concat();
    let json: serde_json::Value = serde_json::from_str(&stdout(&dlock(&stateright))).unwrap();
    assert_eq!(json["complete"], false);
    assert_eq!(json["properties"][0]["verdict"], "unknown");
    // Without the reductions, the same verdicts from more states.
    let whole: serde_json::Value = serde_json::from_str(&stdout(&dlock(
        &[&args[..], &["--reduce", "none", "--json"]].concat(),
    )))
    .unwrap();
    let reduced: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&[&args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(whole["reduce"], "none");
    assert!(whole["states"].as_u64() >= reduced["states"].as_u64());
    let verdicts = |j: &serde_json::Value| {
        j["properties"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["verdict"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(verdicts(&whole), verdicts(&reduced));

    for (args, expected) in [
        (
            &["check", "--lock", "zookeeper"][..],
            "--lock 'zookeeper' is not one of lease, redlock",
        ),
        (
            &["check", "--resource", "fence"][..],
            "--resource 'fence' is not one of plain, fencing, fencing-le, cas, register",
        ),
        (&["check", "--servers", "8"][..], "--servers 8 is out of range"),
        (
            &["check", "--max-delay", "6"][..],
            "--max-delay 6 is out of range",
        ),
        (
            &["check", "--max-pause", "x"][..],
            "--max-pause 'x' is not a whole number",
        ),
        (
            &["check", "--no-validity-check"][..],
            "--no-validity-check applies to --lock redlock only",
        ),
        (
            &["check", "--restart", "reboot"][..],
            "--restart 'reboot' is not one of empty, persist, delayed",
        ),
        (
            &["check", "--clock-step", "21"][..],
            "--clock-step 21 is out of range",
        ),
        (
            &["check", "--restart", "empty", "--clock-step", "2"][..],
            "--clock-step and --restart: one fault at a time",
        ),
        (
            &["check", "--pause-at", "later"][..],
            "--pause-at 'later' is not one of anywhere, acquired, acquiring",
        ),
        (
            &["check", "--pause-at", "acquiring"][..],
            "--pause-at acquiring applies to --lock redlock only",
        ),
        (
            &["check", "--partition", "21"][..],
            "--partition 21 is out of range",
        ),
        (
            &["check", "--partition", "2", "--clock-step", "1"][..],
            "--partition and --clock-step: one fault at a time",
        ),
        (
            &["check", "--clock-rate", "401"][..],
            "--clock-rate 401 is out of range",
        ),
        (
            &["check", "--clock-rate", "200", "--clock-step", "2"][..],
            "--clock-rate and --clock-step: one fault at a time",
        ),
        (
            &["check", "--clock-rate", "200", "--restart", "empty"][..],
            "--clock-rate and --restart: one fault at a time",
        ),
        (
            &["check", "--reduce", "some"][..],
            "--reduce 'some' is not one of all, none",
        ),
        (
            &["check", "--pausing", "b"][..],
            "--pausing 'b' is not one of a, every",
        ),
        (&["check", "--clients", "4"][..], "--clients 4 is out of range"),
        (
            &["check", "--max-a-arrival", "61"][..],
            "--max-a-arrival 61 is out of range",
        ),
        (
            &["check", "--max-a-arrival", "2", "--partition", "2"][..],
            "--max-a-arrival and --partition: under token drift A asks at once",
        ),
        (
            &["check", "--lock", "redlock", "--max-lost", "6"][..],
            "--max-lost 6 is out of range",
        ),
        (
            &["check", "--max-lost", "1"][..],
            "--max-lost applies to --lock redlock only",
        ),
        // Flags each in range that together say what the model cannot.
        (
            &["check", "--max-delay", "1"][..],
            "--max-delay applies to --lock redlock only",
        ),
        (
            &["check", "--within", "6", "--horizon", "4"][..],
            "--within 6 is longer than --horizon 4 leaves room for",
        ),
        (
            &["check", "--lock", "redlock", "--servers", "1", "--partition", "2"][..],
            "--partition needs --servers 3 or more",
        ),
        (
            &["check", "--lock", "redlock", "--servers", "2", "--partition", "2"][..],
            "--partition needs --servers 3 or more",
        ),
    ] {
        let out = dlock(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let help = stdout(&dlock(&["check", "--help"]));
    for flag in [
        "--lock",
        "--resource",
        "--servers",
        "--ttl",
        "--max-arrival",
        "--max-pause",
        "--max-delay",
        "--horizon",
        "--within",
        "--restart",
        "--clock-step",
        "--max-lost",
        "--pausing",
        "--clients",
        "--max-a-arrival",
        "--max-states",
        "--reduce",
        "--json",
    ] {
        assert!(help.contains(flag), "{flag} missing from\n{help}");
    }
}

/// `dlock check --restart`: one server restarting at a chosen tick. Empty,
/// it breaks a server's own record of grants; the transcript names the
/// restart, and no `dlock run` line is offered for a fault no preset makes.
#[test]
fn check_chooses_a_restart_and_names_it() {
    let args = [
        "check",
        "--lock",
        "redlock",
        "--servers",
        "3",
        "--ttl",
        "5",
        "--max-arrival",
        "3",
        "--max-pause",
        "2",
        "--horizon",
        "12",
        "--restart",
        "empty",
    ];
    let text = stdout(&dlock(&args));
    let grants = text
        .split("\n\n")
        .find(|block| block.starts_with("FAILS  no server grants a lease"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(grants.contains("crashes and restarts"), "{grants}");
    assert!(grants.contains("restart empty"), "{grants}");
    assert!(grants.contains("its fault is not one a preset makes"), "{grants}");
    assert!(text.contains("one server restarting (restart empty)"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&[&args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json["bound"]["restart"], "empty");
    assert_eq!(json["bound"]["clock_step"], 0);
    let delayed = stdout(&dlock(&[&args[..args.len() - 1], &["delayed"]].concat()));
    assert!(!delayed.contains("FAILS  no server grants"), "{delayed}");
}

/// `dlock check --pausing every`: B may stop too, with A's choice points.
/// The bound says so, JSON carries it, the search has more states, and a
/// counterexample can show B stopped; by default only A is.
#[test]
fn check_lets_every_client_pause_when_asked() {
    let args = [
        "check",
        "--lock",
        "redlock",
        "--servers",
        "3",
        "--ttl",
        "8",
        "--max-arrival",
        "0",
        "--max-pause",
        "10",
        "--horizon",
        "24",
        "--within",
        "24",
        "--max-lost",
        "2",
        "--pausing",
        "every",
    ];
    let json = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&stdout(&dlock(&[args, &["--json"]].concat()))).unwrap()
    };
    let every = json(&args);
    let only_a = json(&args[..args.len() - 2]);
    assert_eq!(
        (
            every["bound"]["pausing"].as_str(),
            only_a["bound"]["pausing"].as_str()
        ),
        (Some("every"), Some("a"))
    );
    assert!(every["states"].as_u64() > only_a["states"].as_u64());
    let text = stdout(&dlock(&args));
    assert!(text.contains("each client stopped 0..10 ticks"), "{text}");
    assert!(text.contains("nothing of B's runs in between"), "{text}");
    let default = stdout(&dlock(&args[..args.len() - 2]));
    assert!(default.contains("A stopped 0..10 ticks"), "{default}");
    assert!(!default.contains("nothing of B's runs"), "{default}");
}

/// `dlock check --clients 3`: a third client C runs B's script. The bound
/// and the transcript name it, JSON carries it, and no `dlock run` line is
/// offered, since no flag of `dlock run` adds C.
/// Three clients and a pause, the lease lock: mutual exclusion breaks
/// and a stale write lands.
const THREE_CLIENTS: &[&str] = &[
    "--servers",
    "3",
    "--ttl",
    "5",
    "--max-arrival",
    "4",
    "--max-pause",
    "12",
    "--horizon",
    "24",
    "--clients",
    "3",
];

#[test]
fn check_adds_a_third_client_when_asked() {
    let args = [&["check"][..], THREE_CLIENTS].concat();
    let text = stdout(&dlock(&args));
    assert!(
        text.contains("a third client C running B's script from any of t=0..4"),
        "{text}"
    );
    assert!(text.contains("(running B's script)"), "{text}");
    assert!(
        text.contains("(it has a third client: no `dlock run` flags say so)"),
        "{text}"
    );
    assert!(!text.contains("repeat it: dlock run"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&[&args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json["bound"]["clients"], 3);
}

/// `dlock check --max-a-arrival`: A may ask late. With every client
/// pausing on the lease lock, only a late A lets B hold the lock first, so
/// only then can B, stopped past its lease, overwrite A's newer work: the
/// counterexample has A ask late, the transcript says when, no `dlock
/// run` line is offered, and JSON carries the bound.
#[test]
fn check_lets_a_ask_late_when_asked() {
    let args = [
        "check",
        "--servers",
        "3",
        "--ttl",
        "4",
        "--max-arrival",
        "0",
        "--max-pause",
        "8",
        "--pause-at",
        "acquired",
        "--pausing",
        "every",
        "--horizon",
        "24",
        "--max-a-arrival",
        "3",
    ];
    let text = stdout(&dlock(&args));
    assert!(text.contains("A first asking at any of t=0..3"), "{text}");
    assert!(text.contains(", A arrives at "), "{text}");
    assert!(
        text.contains("(A asks late in it: no `dlock run` flags say so)"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&[&args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json["bound"]["max_a_arrival"], 3);
}

/// `dlock check --max-lost`: Kleppmann's clock example, found rather than
/// set up. Two of A's requests are lost, so A holds a bare majority; the
/// clock of the one server it shares with B steps forward, and B takes a
/// majority while A's validity has not run out. The transcript names the
/// lost requests and the step, and JSON carries the bound's `max_lost`.
/// Kleppmann's clock example as a bound: a bare majority (two requests
/// lost), a shared server's clock steps, two holders.
const KLEPPMANN_CLOCK: &[&str] = &[
    "--lock",
    "redlock",
    "--ttl",
    "6",
    "--max-arrival",
    "4",
    "--max-pause",
    "0",
    "--horizon",
    "12",
    "--clock-step",
    "4",
    "--max-lost",
    "2",
];

#[test]
fn check_loses_messages_and_finds_kleppmann_s_clock_example() {
    let args = [&["check"][..], KLEPPMANN_CLOCK].concat();
    let text = stdout(&dlock(&args));
    let holds = text
        .split("\n\n")
        .find(|block| block.starts_with("FAILS  no two clients each hold a live majority"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(holds.contains("2 requests lost on the way"), "{holds}");
    assert!(holds.contains("clock of server"), "{holds}");
    assert!(holds.contains("granted by 3 of 5"), "{holds}");
    assert!(
        text.contains("up to 2 of the requests, replies and releases lost"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&dlock(&[&args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json["bound"]["max_lost"], 2);
    // Nothing lost, every request reaches every server: no bare majority,
    // and the step breaks nothing the lock promises.
    let none_lost = stdout(&dlock(&[&args[..args.len() - 1], &["0"]].concat()));
    assert!(
        none_lost.contains("holds  no two clients each hold a live majority"),
        "{none_lost}"
    );
}

/// What a `dlock check --json` report says broke, read from its
/// properties by their names alone: the table's words must follow.
/// The exit status `dlock check --help` gives for a report: 1 if a
/// property fails, else 3 if one is unknown, else 0.
fn exit_status_of(report: &serde_json::Value) -> i32 {
    let verdicts: Vec<&str> = report["properties"]
        .as_array()
        .expect("properties")
        .iter()
        .map(|p| p["verdict"].as_str().expect("verdict"))
        .collect();
    if verdicts.contains(&"fails") {
        1
    } else if verdicts.contains(&"unknown") {
        3
    } else {
        0
    }
}

/// `dlock check` exits as model checkers do (0 every property holds, 1 one
/// fails, 3 none fails but one is unknown), says so in its help, and its
/// JSON names who searched, on how many threads.
#[test]
fn check_s_exit_status_says_what_it_found_and_its_json_who_searched() {
    let cases: [(&[&str], i32); 3] = [
        // A bound too small for A's pause to outlast its lease: every
        // property holds.
        (
            &[
                "check",
                "--max-arrival",
                "2",
                "--max-pause",
                "2",
                "--horizon",
                "10",
            ],
            0,
        ),
        (&["check"], 1),
        (&["check", "--max-states", "50"], 3),
    ];
    for (args, expected) in cases {
        let json_args: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        let out = dlock(&json_args);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(out.status.code(), Some(exit_status_of(&report)), "{args:?}");
        assert_eq!(exit_status_of(&report), expected, "{args:?}: {report}");
        assert_eq!(report["engine"], "explorer");
        assert_eq!(report["threads"], 1);
        // The text says the same with the same status.
        assert_eq!(dlock(args).status.code(), Some(expected), "{args:?}");
    }
    let stateright = dlock(&[
        "check",
        "--max-arrival",
        "2",
        "--max-pause",
        "2",
        "--horizon",
        "10",
        "--engine",
        "stateright",
        "--threads",
        "2",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&stateright.stdout).expect("JSON");
    assert_eq!(
        (report["engine"].as_str(), report["threads"].as_u64()),
        (Some("stateright"), Some(2))
    );
    let help = stdout(&dlock(&["check", "--help"]));
    assert!(
        help.contains("Exit status: 0 when every property holds"),
        "{help}"
    );
}

/// Left unsaid, liveness's window follows a short horizon; said, it is
/// kept (a window too long is refused with the other flag mistakes).
#[test]
fn check_s_liveness_window_fits_the_horizon() {
    let short: serde_json::Value =
        serde_json::from_slice(&dlock(&["check", "--horizon", "12", "--json"]).stdout).expect("JSON");
    assert_eq!(
        (
            short["bound"]["horizon"].as_u64(),
            short["bound"]["within"].as_u64()
        ),
        (Some(12), Some(12))
    );
    // Its twin: a window the horizon leaves room for is kept as given.
    let given: serde_json::Value =
        serde_json::from_slice(&dlock(&["check", "--horizon", "12", "--within", "5", "--json"]).stdout)
            .expect("JSON");
    assert_eq!(given["bound"]["within"], 5);
}

/// Each property's verdict in a `dlock check --json` report, as `dlock
/// argument --json` words it: a vacuous pass is "vacuous".
fn verdicts_by_check(report: &serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    report["properties"]
        .as_array()
        .expect("properties")
        .iter()
        .map(|p| {
            let verdict = match (p["verdict"].as_str().expect("verdict"), p["vacuous"].as_bool()) {
                ("holds", Some(true)) => "vacuous",
                (verdict, _) => verdict,
            };
            (p["name"].as_str().expect("name").to_owned(), verdict.into())
        })
        .collect()
}

#[test]
fn the_argument_table_says_what_dlock_check_finds_for_each_cell() {
    let out = dlock(&["argument", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cells: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let cells = cells.as_array().expect("a list of cells");
    // Eight faults by six remedies, and the delayed restart for the restart.
    assert_eq!(cells.len(), 49);
    let mut seen = std::collections::BTreeSet::new();
    for cell in cells {
        let code = cell["cell"].as_str().expect("cell");
        seen.insert(cell["words"].as_str().expect("words").to_owned());
        // Every property failed is named under one kind, and only those.
        let named: usize = cell["found"]
            .as_object()
            .expect("found")
            .values()
            .map(|ps| ps.as_array().expect("properties").len())
            .sum();
        let failed = cell["properties"]
            .as_object()
            .expect("properties")
            .values()
            .filter(|v| *v == "fails")
            .count();
        assert_eq!(named, failed, "{code}");
        // No cell passes for want of what it checks: each row's ttl lets a
        // client that checks its validity write (at 4 it never did).
        let vacuous: Vec<&String> = cell["properties"]
            .as_object()
            .expect("properties")
            .iter()
            .filter(|(_, v)| *v == "vacuous")
            .map(|(p, _)| p)
            .collect();
        assert!(vacuous.is_empty(), "{code}: {vacuous:?} held only vacuously");
        // The slow-message row is the costly one in a debug build; its
        // cells are checked by the same code as every other row's.
        if code.starts_with("slow.") {
            continue;
        }
        let command = cell["command"].as_str().expect("command");
        let mut args: Vec<&str> = command.split_whitespace().skip(1).collect();
        args.push("--json");
        let check = dlock(&args);
        let report: serde_json::Value = serde_json::from_slice(&check.stdout).expect("check JSON");
        assert_eq!(check.status.code(), Some(exit_status_of(&report)), "{command}");
        // Every property, not only the first that failed.
        assert_eq!(
            cell["properties"].as_object().expect("properties"),
            &verdicts_by_check(&report),
            "{code}: {command}"
        );
        assert_eq!(cell["states"], report["states"], "{code}");
    }
    // The table is an argument only if its cells differ.
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn argument_names_a_cell_it_does_not_have_in_one_line() {
    let out = dlock(&["argument", "--cell", "pause.delayed-restart"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--cell 'pause.delayed-restart'"), "{err}");
}

#[test]
fn argument_prints_one_cell_as_check_prints_it_and_exits_as_it_does() {
    let out = dlock(&["argument", "--cell", "restart.fencing"]);
    assert_eq!(out.status.code(), Some(1), "a cell that fails exits 1");
    let text = stdout(&out);
    assert!(
        text.contains("FAILS  no server grants a lease while another is live on it"),
        "{text}"
    );
    // Its twin: a cell where every property holds exits 0, and the whole
    // table, a display of many answers, exits 0 too.
    let holds = dlock(&["argument", "--json"]);
    assert_eq!(holds.status.code(), Some(0));
    let table: serde_json::Value = serde_json::from_slice(&holds.stdout).expect("table JSON");
    let passing = table
        .as_array()
        .expect("cells")
        .iter()
        .find(|cell| {
            cell["properties"].as_object().is_some_and(|p| {
                p.values()
                    .all(|v| v.as_str().is_some_and(|v| v.starts_with("holds")))
            })
        })
        .expect("a cell where everything holds");
    let code = passing["cell"].as_str().expect("its code");
    assert_eq!(
        dlock(&["argument", "--cell", code]).status.code(),
        Some(0),
        "{code}"
    );
}

#[test]
fn a_trace_that_cannot_be_written_exits_2_naming_its_path() {
    let to = "/nonexistent-dlock-dir/trace.json";
    let out = dlock(&["check", "--trace", to]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent-dlock-dir/trace."), "{err}");
}

/// Every counterexample can be kept and replayed, whatever its faults:
/// `dlock check --trace` writes each as an ITF trace (the whole state at
/// each step), and `dlock replay` prints the same transcript from it. Here
/// lost messages with a clock's step (Kleppmann's example), late messages
/// (the split vote) and a third client, none of which a `dlock run` line
/// can say. A trace whose states its choices do not make is refused.
#[test]
fn every_counterexample_round_trips_through_an_itf_trace() {
    let dir = std::env::temp_dir().join(format!("dlock-traces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let searches: [(&str, &[&str]); 3] = [
        ("clock", KLEPPMANN_CLOCK),
        (
            "late",
            &[
                "--lock",
                "redlock",
                "--servers",
                "4",
                "--ttl",
                "5",
                "--max-arrival",
                "0",
                "--max-pause",
                "0",
                "--max-delay",
                "1",
                "--horizon",
                "8",
                "--within",
                "5",
            ],
        ),
        ("three", THREE_CLIENTS),
    ];
    let mut replayed = 0;
    for (name, flags) in searches {
        let to = dir.join(name).display().to_string();
        let args: Vec<&str> = ["check"]
            .iter()
            .chain(flags)
            .chain(&["--trace", to.as_str()])
            .copied()
            .collect();
        let out = dlock(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let text = stdout(&out);
        let written: Vec<&str> = text
            .lines()
            .filter_map(|l| {
                l.strip_prefix("trace written: ")?
                    .split_once(' ')
                    .map(|(path, _)| path)
            })
            .collect();
        assert!(!written.is_empty(), "{text}");
        for path in written {
            let trace: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(path).expect("the trace")).expect("JSON");
            assert_eq!(trace["#meta"]["format"], "ITF");
            let vars: Vec<&str> = trace["vars"]
                .as_array()
                .expect("vars")
                .iter()
                .filter_map(|v| v.as_str())
                .collect();
            let states = trace["states"].as_array().expect("states");
            assert!(states.len() > 1, "{path}");
            if name == "three" {
                assert_eq!(states[0]["clients"].as_array().map(Vec::len), Some(3), "{path}");
            }
            for (index, state) in states.iter().enumerate() {
                assert_eq!(state["#meta"]["index"], index, "{path}");
                for var in &vars {
                    assert!(
                        state.get(*var).is_some_and(|v| !v.is_null()),
                        "{path}: state {index} has no {var}"
                    );
                }
            }
            // The replay's transcript is the check's, line for line.
            let code = trace["#meta"]["dlock"]["property"].as_str().expect("property");
            let block = text
                .split("\n\n")
                .find(|b| {
                    b.starts_with("FAILS")
                        && b.contains(&format!(
                            "broken after {} steps",
                            trace["#meta"]["dlock"]["length"]
                        ))
                        && b.contains(&format!("{:?}", steps_of(&trace)))
                })
                .unwrap_or_else(|| panic!("{code}'s block in {text}"));
            let replay = dlock(&["replay", path]);
            assert_eq!(
                replay.status.code(),
                Some(0),
                "{path}: {}",
                String::from_utf8_lossy(&replay.stderr)
            );
            let again = stdout(&replay);
            let events = |t: &str| -> Vec<String> {
                t.lines()
                    .map(str::trim)
                    .filter(|l| l.starts_with("t="))
                    .map(str::to_owned)
                    .collect()
            };
            assert!(!events(&again).is_empty(), "{again}");
            assert_eq!(events(&again), events(block), "{path}");
            replayed += 1;
        }
    }
    assert!(replayed >= 3, "{replayed}");
    // A trace edited after it was written is refused, saying which state.
    let path = std::fs::read_dir(&dir)
        .expect("traces")
        .flatten()
        .next()
        .expect("a trace")
        .path();
    let mut trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the trace")).expect("JSON");
    trace["states"][1]["value"] = serde_json::json!("X");
    let edited = dir.join("edited.itf.json");
    std::fs::write(&edited, trace.to_string()).expect("write");
    let out = dlock(&["replay", &edited.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("its state 1 is not the one its choices make"));
    refused_and_read_traces(&dir, &path);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dlock replay` re-judges what a trace claims: a claim its run does not
/// show, or choices left over after its run's last, is refused in one
/// line (exit 1); the same trace with its integers as ITF's
/// `{"#bigint": "…"}` replays as the plain one does.
fn refused_and_read_traces(dir: &std::path::Path, path: &std::path::Path) {
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the trace")).expect("JSON");
    let replayed = |trace: &serde_json::Value, name: &str| {
        let file = dir.join(name);
        std::fs::write(&file, trace.to_string()).expect("write");
        dlock(&["replay", &file.display().to_string()])
    };
    let plain = replayed(&trace, "plain.itf.json");
    assert_eq!(
        plain.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    let refused = |out: std::process::Output, says: &str| {
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    };
    // Another property claimed, one this run does not break where it says.
    let claimed = trace["#meta"]["dlock"]["property"]
        .as_str()
        .expect("property")
        .to_owned();
    let other = if claimed == "liveness" {
        "token_ties"
    } else {
        "liveness"
    };
    let mut false_claim = trace.clone();
    false_claim["#meta"]["dlock"]["property"] = serde_json::json!(other);
    let out = replayed(&false_claim, "false-claim.itf.json");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{other} claimed for a run that breaks {claimed}"
    );
    // The claimed property at another length.
    let mut longer = trace.clone();
    let length = trace["#meta"]["dlock"]["length"].as_u64().expect("length");
    longer["#meta"]["dlock"]["length"] = serde_json::json!(length + 1);
    refused(
        replayed(&longer, "longer.itf.json"),
        &format!("not after {} at", length + 1),
    );
    // The break placed at another state.
    let mut elsewhere = trace.clone();
    assert_eq!(
        trace["#meta"]["dlock"]["broken_state"].as_u64(),
        Some(length - 1),
        "the break's state is named"
    );
    elsewhere["#meta"]["dlock"]["broken_state"] = serde_json::json!(0);
    refused(
        replayed(&elsewhere, "elsewhere.itf.json"),
        "names state 0 as the break",
    );
    // A choice left over after the run's last.
    let mut trailing = trace.clone();
    trailing["#meta"]["dlock"]["steps"]
        .as_array_mut()
        .expect("steps")
        .push(serde_json::json!(0));
    refused(
        replayed(&trailing, "trailing.itf.json"),
        "its choices are not a run of its bound",
    );
    // Every integer as a #bigint.
    fn bigints(v: &serde_json::Value) -> serde_json::Value {
        match v {
            serde_json::Value::Number(n) => serde_json::json!({ "#bigint": n.to_string() }),
            serde_json::Value::Array(a) => a.iter().map(bigints).collect(),
            serde_json::Value::Object(o) => o.iter().map(|(k, v)| (k.clone(), bigints(v))).collect(),
            other => other.clone(),
        }
    }
    let big = replayed(&bigints(&trace), "bigint.itf.json");
    assert_eq!(
        big.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&big.stderr)
    );
    assert_eq!(stdout(&big), stdout(&plain));
}

/// The choices a trace leads through, as the check's text lists them.
fn steps_of(trace: &serde_json::Value) -> Vec<u64> {
    trace["#meta"]["dlock"]["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect()
}
