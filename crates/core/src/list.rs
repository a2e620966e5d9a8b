//! Lists of values for sweeps: `1,5,10`, a ruler `2..41:3` (both ends
//! included when the step lands on them), or a mix. Shared by the CLI's
//! flags and the page's URL so both accept exactly the same text.

use crate::params::Limit;
use std::fmt;

/// The most values one sweep axis may have.
pub const MAX_AXIS_VALUES: usize = 500;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    pub message: String,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ListError {}

fn err(limit: &Limit, what: impl fmt::Display) -> ListError {
    ListError {
        message: format!(
            "{}: {what}; expected values in {limit} as a list like 1,5,10 or a range like 2..41:3 (at most {MAX_AXIS_VALUES} values)",
            limit.name
        ),
    }
}

fn number(text: &str, limit: &Limit) -> Result<u32, ListError> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| err(limit, format_args!("'{}' is not a whole number", text.trim())))?;
    if !limit.contains(n) {
        return Err(err(limit, format_args!("{n} is out of range")));
    }
    Ok(n as u32)
}

/// The step of a range, at least 1. A step wider than the range is fine
/// (the range is its first value alone). Its errors name the step, and
/// still give the axis' own range for its values.
fn range_step(text: &str, limit: &Limit) -> Result<u32, ListError> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err(err(limit, "a range's step must be at least 1")),
        Ok(step) => Ok(step.min(u64::from(u32::MAX)) as u32),
        Err(_) => Err(err(
            limit,
            format_args!("the step '{}' is not a whole number", text.trim()),
        )),
    }
}

/// Parses a list, checks every value against `limit`, and returns the
/// values sorted ascending without duplicates.
pub fn parse_list(text: &str, limit: &Limit) -> Result<Vec<u32>, ListError> {
    if text.trim().is_empty() {
        return Err(err(limit, "the list is empty"));
    }
    let mut values = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if let Some((from, rest)) = item.split_once("..") {
            let rest = rest.strip_prefix('=').unwrap_or(rest);
            let (to, step) = match rest.split_once(':') {
                Some((to, step)) => (to, range_step(step, limit)?),
                None => (rest, 1),
            };
            let (from, to) = (number(from, limit)?, number(to, limit)?);
            if from > to {
                return Err(err(limit, format_args!("range {from}..{to} runs backwards")));
            }
            let count = (to - from) / step + 1;
            if count as usize > MAX_AXIS_VALUES {
                return Err(err(limit, format_args!("range {item} has {count} values")));
            }
            values.extend((0..count).map(|k| from + k * step));
        } else {
            values.push(number(item, limit)?);
        }
        if values.len() > MAX_AXIS_VALUES {
            return Err(err(limit, "too many values"));
        }
    }
    values.sort_unstable();
    values.dedup();
    Ok(values)
}

/// Writes values back in the shortest form `parse_list` reads: an evenly
/// spaced list of three or more becomes a range.
pub fn format_list(values: &[u32]) -> String {
    if let [first, second, .., last] = values {
        let step = second - first;
        if step > 0 && values.windows(2).all(|w| w[1] - w[0] == step) {
            return if step == 1 {
                format!("{first}..{last}")
            } else {
                format!("{first}..{last}:{step}")
            };
        }
    }
    values.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{PAUSE_LEN, TTL};
    use proptest::prelude::*;

    #[test]
    fn lists_and_rulers() {
        assert_eq!(parse_list("1,5,10", &TTL), Ok(vec![1, 5, 10]));
        assert_eq!(parse_list("10, 1,5,5", &TTL), Ok(vec![1, 5, 10]));
        let ruler = parse_list("2..41:3", &PAUSE_LEN).expect("valid");
        assert_eq!(ruler.len(), 14);
        assert_eq!((ruler[0], ruler[13]), (2, 41));
        assert_eq!(parse_list("3..=5", &TTL), Ok(vec![3, 4, 5]));
        assert_eq!(parse_list("1..10:4", &TTL), Ok(vec![1, 5, 9]));
    }

    #[test]
    fn bad_lists_name_the_parameter_and_range() {
        for bad in [
            "",
            "x",
            "0",
            "1,-2",
            "5..1",
            "1..10:0",
            "1..10000",
            "1e3",
            "99999999999999999999",
        ] {
            let e = parse_list(bad, &TTL).expect_err(bad);
            assert!(e.message.starts_with("ttl: "), "{bad}: {e}");
            assert!(e.message.contains("1..=10000"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_bad_step_is_named_as_the_step_with_the_axis_own_range() {
        let e = parse_list("1..10:0", &PAUSE_LEN).expect_err("step 0");
        assert_eq!(
            e.message,
            "pause_len: a range's step must be at least 1; expected values in 0..=10000 as a list like 1,5,10 or a range like 2..41:3 (at most 500 values)"
        );
        let e = parse_list("1..3:-1", &PAUSE_LEN).expect_err("negative step");
        assert!(
            e.message
                .contains("the step '-1' is not a whole number; expected values in 0..=10000"),
            "{e}"
        );
        // Wider than the range, even wider than any tick: the first value.
        assert_eq!(parse_list("3..9:7", &TTL), Ok(vec![3]));
        assert_eq!(parse_list("3..9:99999999999999", &TTL), Ok(vec![3]));
    }

    #[test]
    fn format_uses_rulers_when_evenly_spaced() {
        assert_eq!(format_list(&[2, 5, 8, 11]), "2..11:3");
        assert_eq!(format_list(&[1, 2, 3]), "1..3");
        assert_eq!(format_list(&[1, 5, 10]), "1,5,10");
        assert_eq!(format_list(&[7]), "7");
    }

    proptest! {
        #[test]
        fn format_then_parse_is_identity(mut v in proptest::collection::vec(1u32..=10_000, 1..40)) {
            v.sort_unstable();
            v.dedup();
            prop_assert_eq!(parse_list(&format_list(&v), &TTL), Ok(v));
        }
    }
}
