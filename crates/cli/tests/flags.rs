//! `dlock check` given any set of flags, in range or one past it: it either
//! refuses them in one line naming a flag (exit 2), or searches exactly
//! what they say, its report's configuration and bound naming every value
//! given. No flag is taken and then quietly dropped or overridden.

use dlock_core::params::{bound, Limit};
use proptest::prelude::*;
use std::process::Command;

/// A numeric flag, the JSON field that reports it (under `config` or
/// `bound`), and its range.
const NUMBERS: [(&str, &str, &str, Limit); 13] = [
    ("servers", "config", "servers", bound::SERVERS),
    ("ttl", "config", "ttl", bound::TTL),
    ("max-arrival", "bound", "max_arrival", bound::MAX_ARRIVAL),
    ("max-pause", "bound", "max_pause", bound::MAX_PAUSE),
    ("max-delay", "bound", "max_delay", bound::MAX_DELAY),
    ("horizon", "bound", "horizon", bound::HORIZON),
    ("within", "bound", "within", bound::WITHIN),
    ("clients", "bound", "clients", bound::CLIENTS),
    ("clock-step", "bound", "clock_step", bound::CLOCK_STEP),
    ("partition", "bound", "partition", bound::PARTITION),
    ("clock-rate", "bound", "clock_rate", bound::CLOCK_RATE),
    ("max-lost", "bound", "max_lost", bound::MAX_LOST),
    ("max-a-arrival", "bound", "max_a_arrival", bound::MAX_A_ARRIVAL),
];

/// A flag that takes a word, the JSON field that reports it, and its words.
const WORDS: [(&str, &str, &str, &[&str]); 5] = [
    ("lock", "config", "lock", &["lease", "redlock"]),
    (
        "resource",
        "config",
        "resource",
        &["plain", "fencing", "fencing-le", "cas", "register"],
    ),
    ("restart", "bound", "restart", &["empty", "persist", "delayed"]),
    (
        "pause-at",
        "bound",
        "pause_at",
        &["anywhere", "acquired", "acquiring"],
    ),
    ("pausing", "bound", "pausing", &["a", "every"]),
];

/// One flag given: a number (`numbers` index, value) or a word (`words`
/// index, word index).
#[derive(Clone, Debug)]
enum Given {
    Number(usize, u32),
    Word(usize, usize),
    NoValidityCheck,
}

fn any_flag() -> impl Strategy<Value = Given> {
    prop_oneof![
        4 => (0..NUMBERS.len()).prop_flat_map(|i| {
            let limit = NUMBERS[i].3;
            // Mostly small values, so that the search stays short; now and
            // then one past the range.
            let small = limit.min..=limit.max.min(limit.min + 12);
            prop_oneof![9 => small, 1 => Just(limit.max + 1)].prop_map(move |v| Given::Number(i, v))
        }),
        3 => (0..WORDS.len()).prop_flat_map(|i| (0..WORDS[i].3.len()).prop_map(move |w| Given::Word(i, w))),
        1 => Just(Given::NoValidityCheck),
    ]
}

fn args_of(flags: &[Given]) -> Vec<String> {
    let mut args = vec!["check".to_owned(), "--json".to_owned()];
    // A short search: what is checked here is what it searched, not what
    // it found. A small bound where the flags leave it to the default.
    args.extend(["--max-states".to_owned(), "3000".to_owned()]);
    for (name, value) in [("horizon", 12), ("max-pause", 4), ("max-arrival", 4)] {
        let given = flags
            .iter()
            .any(|f| matches!(*f, Given::Number(i, _) if NUMBERS[i].0 == name));
        if !given {
            args.extend([format!("--{name}"), value.to_string()]);
        }
    }
    for flag in flags {
        match *flag {
            Given::Number(i, v) => args.extend([format!("--{}", NUMBERS[i].0), v.to_string()]),
            Given::Word(i, w) => args.extend([format!("--{}", WORDS[i].0), WORDS[i].3[w].to_owned()]),
            Given::NoValidityCheck => args.push("--no-validity-check".to_owned()),
        }
    }
    args
}

/// Which flag `given` is, whatever its value: clap refuses a flag given
/// twice, so each is given once.
fn key(given: &Given) -> (u8, usize) {
    match *given {
        Given::Number(i, _) => (0, i),
        Given::Word(i, _) => (1, i),
        Given::NoValidityCheck => (2, 0),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_flag_set_is_refused_in_one_line_or_searched_as_given(
        flags in prop::collection::vec(any_flag(), 0..6)
    ) {
        let mut once: Vec<Given> = Vec::new();
        for flag in flags {
            if !once.iter().any(|f| key(f) == key(&flag)) {
                once.push(flag);
            }
        }
        let args = args_of(&once);
        let out = Command::new(env!("CARGO_BIN_EXE_dlock")).args(&args).output().expect("dlock runs");
        let err = String::from_utf8_lossy(&out.stderr);
        if out.status.code() == Some(2) {
            prop_assert_eq!(err.lines().count(), 1, "{:?}: {}", args, err);
            prop_assert!(err.starts_with("dlock: ") && err.contains("--"), "{:?}: {}", args, err);
            return Ok(());
        }
        prop_assert!(matches!(out.status.code(), Some(0 | 1 | 3)), "{:?}: {:?} {}", args, out.status, err);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for flag in &once {
            match *flag {
                Given::Number(i, v) => {
                    let (name, part, field, _) = NUMBERS[i];
                    prop_assert_eq!(report[part][field].as_u64(), Some(u64::from(v)), "--{} in {:?}", name, args);
                }
                Given::Word(i, w) => {
                    let (name, part, field, words) = WORDS[i];
                    prop_assert_eq!(report[part][field].as_str(), Some(words[w]), "--{} in {:?}", name, args);
                }
                Given::NoValidityCheck => {
                    prop_assert_eq!(report["config"]["validity_check"].as_bool(), Some(false), "{:?}", args);
                }
            }
        }
    }
}
