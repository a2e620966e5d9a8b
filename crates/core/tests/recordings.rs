//! The runs recorded on real servers and shipped with the page
//! (www/recordings, written by scripts/record_lab.sh) still parse, say
//! what they ran on and when, and agree with the model as it is now: a
//! model change that breaks agreement fails here, and the recordings are
//! made again or the change explained.

use dlock_core::recording::{agreement, setup_sentence, Recording};
use dlock_core::Outcome;

const SHIPPED: [(&str, &str); 4] = [
    ("redis", include_str!("../../../www/recordings/redis.json")),
    (
        "redis-fenced",
        include_str!("../../../www/recordings/redis-fenced.json"),
    ),
    ("etcd", include_str!("../../../www/recordings/etcd.json")),
    (
        "etcd-fenced",
        include_str!("../../../www/recordings/etcd-fenced.json"),
    ),
];

fn read(text: &str) -> Result<Recording, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Recording::read(value.clone(), value).map_err(|e| e.to_string())
}

#[test]
fn every_shipped_recording_parses_names_its_servers_and_agrees_with_the_model() {
    for (name, text) in SHIPPED {
        let recording = read(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Recording::Run(run) = &recording else {
            panic!("{name} is a grid")
        };
        let setup = recording.setup();
        assert!(
            setup.lock_servers.contains(if name.starts_with("redis") {
                "redis-server"
            } else {
                "etcd"
            }),
            "{name}"
        );
        assert!(
            setup.lock_servers.chars().any(|c| c.is_ascii_digit()),
            "{name}: a version"
        );
        assert!(setup.tick_ms > 0 && setup.recorded.is_some(), "{name}");
        let sentence = setup_sentence(setup, recording.model_servers());
        assert!(sentence.starts_with("Recorded on "));
        // How the cluster maps onto the model, and etcd's token (issue 52,
        // finding 6: "etcd 3.4.23 (3 processes)" beside "1 of 1").
        if name.starts_with("etcd") {
            assert_eq!(run.params.servers, 1, "{name}");
            assert!(setup.lock_processes > 1, "{name}");
            assert!(
                sentence.contains(&format!(
                    "({} processes, which agree by consensus and answer as one lock service: the model runs it as 1 lock server); its fencing token is the create revision of the lock key",
                    setup.lock_processes
                )),
                "{sentence}"
            );
        } else {
            assert_eq!(setup.lock_processes, run.params.servers, "{name}");
            assert!(
                !sentence.contains("consensus") && !sentence.contains("revision"),
                "{sentence}"
            );
        }
        assert_eq!(run.params.fencing, name.ends_with("fenced"), "{name}");
        for a in agreement(&recording) {
            assert!(a.agrees(), "{name}: {}", a.sentence());
            assert!(a.sentence().ends_with("they agree."));
        }
        // The study's run: corrupt on real servers, refused once fenced.
        let expected = if run.params.fencing {
            Outcome::StaleRejected
        } else {
            Outcome::Corrupt
        };
        assert_eq!(run.outcome, expected, "{name}");
        assert!(!run.events.is_empty());
        // In words: what it ran on, the agreement, an event a line with its ms.
        let text = dlock_core::recording::text(name, &recording);
        assert!(
            text.contains("they agree.") && text.lines().count() == 3 + run.events.len(),
            "{text}"
        );
        assert!(
            text.lines()
                .any(|l| l.starts_with("t=16") && l.contains(" ms  A  wrote 'A' with token ")),
            "{text}"
        );
    }
}

#[test]
fn a_lab_grid_reads_as_a_grid_and_a_hostile_file_gets_a_message_naming_the_place() {
    let grid = r#"{"base": {"servers": 5, "ttl": 10, "pause_from": 2, "pause_len": 14, "b_arrives": 12, "fencing": false, "comparison": "lt", "expiry": true, "a_crashes": false, "recheck_at": null, "b_writes_twice": false, "register_token": false, "fault": "none"},
        "lab": {"lock_servers": "redis-server 7.0.15", "lock_processes": 5, "store": "SQLite 3.46.0", "tick_ms": 100},
        "cells": [{"ttl": 10, "pause_len": 8, "final_value": "AB", "outcome": "clean", "timing_sensitive": false},
                  {"ttl": 10, "pause_len": 14, "final_value": "AB", "outcome": "clean", "timing_sensitive": false}]}"#;
    let recording = read(grid).unwrap();
    let answers = agreement(&recording);
    assert_eq!(answers.len(), 2);
    assert!(answers[0].agrees());
    // The second cell's file says clean where the model says corrupt.
    assert!(!answers[1].agrees());
    assert!(
        answers[1].sentence().ends_with("they differ."),
        "{}",
        answers[1].sentence()
    );
    assert!(
        recording.setup().recorded.is_none(),
        "an undated file still reads"
    );
    for (bad, place) in [
        (
            r#"{"params": {"servers": "five"}}"#,
            "invalid type: string \"five\", expected u16",
        ),
        (r#"[1, 2]"#, "not a lab report"),
        (
            r#"{"cells": [{"ttl": -1}]}"#,
            "invalid value: integer `-1`, expected u32",
        ),
    ] {
        let e = read(bad).unwrap_err();
        assert!(e.contains(place), "{bad}: {e}");
    }
    let huge = SHIPPED[0]
        .1
        .replace("\"servers\": 5", "\"servers\": 60000")
        .replace("\"servers\":5", "\"servers\":60000");
    assert!(
        read(&huge).unwrap_err().contains("params"),
        "a parameter out of range is refused"
    );
}

/// Every kind of event reads back as written, and an event missing a
/// field its kind needs is refused by that field's name.
#[test]
fn every_kind_of_event_reads_back_and_a_missing_field_is_named() {
    use dlock_core::recording::Event;
    let all = [
        Event::Acquired {
            votes: 3,
            token: 7,
            validity_ms: -2,
            round_ms: 4,
        },
        Event::Refused {
            votes: 2,
            round_ms: 9,
        },
        Event::Read {
            value: "AB".to_owned(),
            seq: 1,
        },
        Event::Paused { until: 16 },
        Event::Wrote {
            value: "A".to_owned(),
            token: 1,
            accepted: false,
        },
        Event::Released { servers: 5 },
        Event::GaveUp,
    ];
    for event in all {
        let text = serde_json::to_string(&event).expect("written");
        let back: Event = serde_json::from_str(&text).expect(&text);
        assert_eq!(back, event, "{text}");
    }
    let missing = serde_json::from_str::<Event>(r#"{"kind": "wrote", "value": "A", "token": 1}"#);
    let why = missing.expect_err("no `accepted`").to_string();
    assert!(why.contains("missing field `accepted`"), "{why}");
    let unknown = serde_json::from_str::<Event>(r#"{"kind": "slept"}"#);
    assert!(unknown
        .expect_err("no such kind")
        .to_string()
        .contains("unknown variant `slept`"));
}
