//! How counts and ranges read in English.
//!
//! Every parameter can be 1, and a one-tick span is common at the edges of
//! the staircase, so "1 ticks", "servers 1-1" or "ticks 5–5" would show up
//! in transcripts, tooltips and the study's sentences. The CLI and the page
//! both word numbers through these functions, so they agree and nobody
//! falls back on "tick(s)".

/// "1 tick", "6 ticks": a count with its noun in the right number.
pub fn count(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// "server 1", "servers 1-3": a run of numbered servers, both ends
/// included.
pub fn servers(first: u16, last: u16) -> String {
    if first >= last {
        format!("server {first}")
    } else {
        format!("servers {first}-{last}")
    }
}

/// "t=5", "ticks 5–9": the ticks from `first` to `last`, both included.
pub fn ticks(first: u32, last: u32) -> String {
    if first >= last {
        format!("t={first}")
    } else {
        format!("ticks {first}–{last}")
    }
}

/// Plural nouns the CLI and the page put after a number. An adjective may
/// stand between ("1 real ticks", "1 lock servers").
const PLURALS: [&str; 9] = [
    "ticks",
    "servers",
    "attempts",
    "pairs",
    "votes",
    "cells",
    "rows",
    "writes",
    "overwrites",
];

/// The first phrase in `text` that gets its number wrong — "1 ticks",
/// "1 lock servers", "ticks 5–5", "servers 3-3" — or `None`.
///
/// The tests of both crates run everything they print through this, so a
/// sentence that bypasses [`count`], [`servers`] or [`ticks`] shows up at
/// the first parameter set that makes it read wrongly.
pub fn misnumbered(text: &str) -> Option<String> {
    text.lines().find_map(misnumbered_in_line)
}

fn misnumbered_in_line(line: &str) -> Option<String> {
    // A number ends its phrase when punctuation follows it ("token 1)"),
    // so only the front of a word is trimmed before comparing it with "1".
    let raw: Vec<&str> = line.split_whitespace().collect();
    let word = |i: usize| {
        raw.get(i)
            .map_or("", |w| w.trim_matches(|c: char| "()[],;:.".contains(c)))
    };
    let plural = |w: &str| PLURALS.contains(&w);
    let same_ends = |range: &str, dash: char| {
        range
            .split_once(dash)
            .is_some_and(|(a, b)| !a.is_empty() && a == b && a.bytes().all(|c| c.is_ascii_digit()))
    };
    for i in 0..raw.len() {
        let phrase = |n: usize| raw[i..(i + n).min(raw.len())].join(" ");
        if raw[i].trim_start_matches('(') == "1" {
            if plural(word(i + 1)) {
                return Some(phrase(2));
            }
            let between = raw.get(i + 1).copied().unwrap_or("");
            let joined = between.chars().all(|c| c.is_ascii_alphabetic());
            if joined && !between.is_empty() && plural(word(i + 2)) {
                return Some(phrase(3));
            }
        }
        if (word(i) == "ticks" && same_ends(word(i + 1), '–'))
            || (word(i) == "servers" && same_ends(word(i + 1), '-'))
        {
            return Some(phrase(2));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn one_of_anything_is_singular() {
        assert_eq!(count(0u32, "tick", "ticks"), "0 ticks");
        assert_eq!(count(1u32, "tick", "ticks"), "1 tick");
        assert_eq!(count(6u32, "tick", "ticks"), "6 ticks");
        assert_eq!(servers(1, 1), "server 1");
        assert_eq!(servers(1, 3), "servers 1-3");
        assert_eq!(ticks(5, 5), "t=5");
        assert_eq!(ticks(5, 9), "ticks 5–9");
    }

    #[test]
    fn misnumbered_phrases_are_found_and_correct_ones_pass() {
        for wrong in [
            "B waits 1 ticks",
            "run: 1 servers (quorum 1)",
            "leases of 1 real ticks there",
            "Right now: 1 lock servers",
            "(1 attempts)",
            "ticks 5–5: lock held by A",
            "servers 3-3 crash",
        ] {
            assert!(misnumbered(wrong).is_some(), "{wrong}");
        }
        for right in [
            "B waits 1 tick",
            "let go on 0 of 1 server",
            "(t=8 A token 1 over token 1)\nunlocked writes: 0",
            "token 1, lease [0, 10)",
            "t=16 A token 1 over token 2",
            "ticks 5–6: lock held by A",
            "servers 1-3 crash",
            "token 1 ACCEPTED",
            "11 ticks",
            "let go on 1 of 3 servers",
        ] {
            assert_eq!(misnumbered(right), None, "{right}");
        }
    }

    proptest! {
        /// The number is printed as it is, and only 1 takes the singular.
        #[test]
        fn count_keeps_the_number_and_picks_the_noun(n in 0u64..1_000_000) {
            let s = count(n, "tick", "ticks");
            prop_assert_eq!(&s, &format!("{n} {}", if n == 1 { "tick" } else { "ticks" }));
        }

        /// A range names both ends exactly when it has two.
        #[test]
        fn ranges_name_both_ends_only_when_there_are_two(a in 0u16..10_000, len in 0u16..100) {
            let b = a + len;
            prop_assert_eq!(ticks(a.into(), b.into()).contains('–'), len > 0);
            prop_assert_eq!(servers(a, b).starts_with("servers "), len > 0);
        }
    }
}
