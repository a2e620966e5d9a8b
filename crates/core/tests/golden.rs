//! The whole study as text, pinned. A change to any number, word or column
//! of the transcripts shows up here as a diff. To accept an intended change:
//! `UPDATE_GOLDEN=1 cargo test -p dlock-core --test golden`.

use dlock_core::beyond::{scenario_text, Scenario};
use dlock_core::transcript;
use std::path::Path;

fn check_golden(file: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(file);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).expect("write golden file");
    }
    let expected =
        std::fs::read_to_string(&path).expect("golden file exists; run with UPDATE_GOLDEN=1 to create it");
    if actual != expected {
        let first = actual.lines().zip(expected.lines()).position(|(a, e)| a != e);
        panic!(
            "transcript differs from tests/golden/{file} (first differing line: {:?}); \
             rerun with UPDATE_GOLDEN=1 if the change is intended",
            first.map(|i| i + 1)
        );
    }
}

#[test]
fn the_demo_transcript_is_unchanged() {
    check_golden("demo.txt", &transcript::demo());
}

/// Every scenario beyond the seed, as shipped and with its remedy.
#[test]
fn the_beyond_transcripts_are_unchanged() {
    let mut text = String::new();
    for s in Scenario::ALL {
        text.push_str(&format!("===== {} (defaults)\n\n", s.code()));
        text.push_str(&scenario_text(s, &s.defaults()));
        text.push_str(&format!("\n===== {} (remedy)\n\n", s.code()));
        text.push_str(&scenario_text(s, &s.with_remedy()));
        text.push('\n');
    }
    // The restart's second remedy, staying silent for one ttl; a majority
    // restarting when both clients reach every server; a drift allowance
    // that leaves no validity at all.
    let restart = Scenario::Restart;
    let clock = Scenario::ClockDrift;
    let majority = {
        let mut v = restart.with("restart_reach", 1);
        v[0] = 3;
        v
    };
    for (title, scenario, values) in [
        ("restart (silent)", restart, restart.with("restart_remedy", 2)),
        ("restart (a majority, every server reached)", restart, majority),
        (
            "clock-drift (allowance = ttl)",
            clock,
            clock.with("clock_allowance", 10),
        ),
    ] {
        text.push_str(&format!("===== {title}\n\n"));
        text.push_str(&scenario_text(scenario, &values));
        text.push('\n');
    }
    check_golden("beyond.txt", &text);
}

/// Acquiring over a network (issue 31): the seed's pause after acquiring
/// with a one-tick latency; Kleppmann's pause while the replies are in
/// flight, caught by the validity check and, without it, not; a grid.
#[test]
fn the_acquiring_transcripts_are_unchanged() {
    use dlock_core::params::Acquiring;
    use dlock_core::{simulate, sweep, Params};
    let slow = |latency, a_pause, validity_check, pause_len| Params {
        pause_len,
        acquiring: Acquiring {
            latency,
            a_pause,
            validity_check,
        },
        ..Params::default()
    };
    let mut text = String::new();
    for (title, p) in [
        (
            "latency 1, the seed's pause after acquiring",
            slow(1, 0, true, 14),
        ),
        (
            "latency 1, A stops 12 ticks for its replies, validity check",
            slow(1, 12, true, 0),
        ),
        (
            "latency 1, A stops 12 ticks for its replies, no validity check",
            slow(1, 12, false, 0),
        ),
        (
            "latency 1, the seed's pause, no validity check: the contract broken",
            slow(1, 0, false, 14),
        ),
        (
            "latency 1, A checks before its pause: the window between check and write",
            Params {
                recheck_at: Some(2),
                ..slow(1, 0, true, 14)
            },
        ),
        (
            "latency 1, A stops 8 ticks and acquires with one tick left: it does not write",
            Params {
                b_arrives: 10,
                ..slow(1, 8, true, 0)
            },
        ),
    ] {
        text.push_str(&format!("===== {title}\n\n"));
        text.push_str(&transcript::run_text(&simulate(&p)));
        text.push('\n');
    }
    let grid = sweep::grid(&slow(1, 0, true, 14), &[1, 2, 3, 10, 20], &[0, 8, 14, 20]);
    text.push_str("===== latency 1, a grid\n\n");
    text.push_str(&transcript::grid_text(&grid));
    check_golden("acquiring.txt", &text);
}

/// antirez's remedy beside fencing: the study's run under check-and-set,
/// and the cell where A's write lands in the tick of B's first write,
/// which fencing lets through and check-and-set does not; and a clock that
/// jumps by less than the drift allowance.
#[test]
fn the_check_and_set_transcripts_are_unchanged() {
    use dlock_core::{simulate, Params};
    let same_tick = Params {
        pause_len: 12,
        ..Params::default()
    };
    let mut text = String::new();
    for (title, p) in [
        (
            "the study's run, check-and-set",
            Params {
                cas: true,
                ..Params::default()
            },
        ),
        (
            "A writes in the tick of B's first write, fencing",
            Params {
                fencing: true,
                ..same_tick
            },
        ),
        (
            "A writes in the tick of B's first write, check-and-set",
            Params {
                cas: true,
                ..same_tick
            },
        ),
    ] {
        text.push_str(&format!("===== {title}\n\n"));
        text.push_str(&transcript::run_text(&simulate(&p)));
        text.push('\n');
    }
    let jump = Scenario::ClockJump;
    text.push_str("===== clock-jump (a step within the allowance)\n\n");
    text.push_str(&scenario_text(jump, &jump.with("jump", 1)));
    check_golden("cas.txt", &text);
}
