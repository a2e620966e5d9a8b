//! A test-only checker for numbers worded wrongly ("1 ticks", "ticks 5–5").
//!
//! Included by path into dlock-core's and dlock-web's tests rather than
//! compiled into the library: checking the wording is the tests' job, not
//! part of dlock-core's API.

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
/// sentence that bypasses `dlock_core::words` shows up at the first
/// parameter set that makes it read wrongly.
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
