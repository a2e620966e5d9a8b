//! How counts and ranges read in English.
//!
//! Every parameter can be 1, and a one-tick span is common at the edges of
//! the staircase, so "1 ticks", "servers 1-1" or "ticks 5–5" would show up
//! in transcripts, tooltips and the study's sentences. The CLI and the page
//! both word numbers through these functions, so they agree and nobody
//! falls back on "tick(s)". The tests of both crates scan everything they
//! print for phrases that miss these (`tests/support/misnumbered.rs`).

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

/// "no server", "server 3", "servers 1 and 3", "servers 1-3",
/// "servers 1, 3 and 5": a set of servers given by 0-based ids, counted
/// from 1 as people count, in order.
pub fn server_set(ids: &[u16]) -> String {
    let mut sorted: Vec<u16> = ids.iter().map(|&i| i + 1).collect();
    sorted.sort_unstable();
    sorted.dedup();
    match sorted.as_slice() {
        [] => "no server".to_owned(),
        [one] => format!("server {one}"),
        [first, .., last] if usize::from(last - first) + 1 == sorted.len() && sorted.len() > 2 => {
            servers(*first, *last)
        }
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u16::to_string).collect();
            format!("servers {} and {last}", init.join(", "))
        }
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

/// How long a lease of `ttl` ticks lasts in real time on a clock running
/// at `rate_pct` percent, to a tenth of a tick, and the whole tick by which
/// it is over: "5 real ticks", "9.1 real ticks, over by its 10th". The
/// model acts on whole ticks, so the second number is the one that counts
/// (`params::real_ticks`); the first is the truth it rounds.
pub fn real_length(ttl: u32, rate_pct: u32) -> String {
    let rate = u64::from(rate_pct.max(1));
    let tenths = (u64::from(ttl) * 1000 + rate / 2) / rate;
    let over_by = crate::params::real_ticks(ttl, rate_pct);
    if tenths % 10 == 0 && tenths / 10 == u64::from(over_by) {
        count(over_by, "real tick", "real ticks")
    } else {
        format!(
            "{}.{} real ticks, over by its {}",
            tenths / 10,
            tenths % 10,
            ordinal(over_by)
        )
    }
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `text` broken into lines of at most `width` characters, at spaces (a
/// word longer than the width stands on a line of its own).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_no_line_over_the_width() {
        let text = "the quick brown fox jumps over the lazy dog, twice";
        let lines = wrap(text, 16);
        assert_eq!(
            lines,
            ["the quick brown", "fox jumps over", "the lazy dog,", "twice"]
        );
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("unbreakable-word-here x", 5), ["unbreakable-word-here", "x"]);
        assert!(wrap("", 10).is_empty());
    }
    use proptest::prelude::*;

    #[test]
    fn a_lease_on_a_fast_clock_reads_its_real_length_and_the_tick_it_is_over_by() {
        assert_eq!(real_length(10, 200), "5 real ticks");
        assert_eq!(real_length(10, 100), "10 real ticks");
        assert_eq!(real_length(10, 110), "9.1 real ticks, over by its 10th");
        assert_eq!(real_length(10, 133), "7.5 real ticks, over by its 8th");
        assert_eq!(real_length(1, 400), "0.3 real ticks, over by its 1st");
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).join(" "),
            "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st"
        );
    }

    #[test]
    fn one_of_anything_is_singular() {
        assert_eq!(count(0u32, "tick", "ticks"), "0 ticks");
        assert_eq!(count(1u32, "tick", "ticks"), "1 tick");
        assert_eq!(count(6u32, "tick", "ticks"), "6 ticks");
        assert_eq!(servers(1, 1), "server 1");
        assert_eq!(servers(1, 3), "servers 1-3");
        assert_eq!(server_set(&[]), "no server");
        assert_eq!(server_set(&[2]), "server 3");
        assert_eq!(server_set(&[2, 0]), "servers 1 and 3");
        assert_eq!(server_set(&[0, 1]), "servers 1 and 2");
        assert_eq!(server_set(&[2, 0, 1]), "servers 1-3");
        assert_eq!(server_set(&[0, 2, 4]), "servers 1, 3 and 5");
        assert_eq!(ticks(5, 5), "t=5");
        assert_eq!(ticks(5, 9), "ticks 5–9");
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
