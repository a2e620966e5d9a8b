//! The "Every schedule" section's part of the URL: the bound the reader
//! set, and the counterexample on show, as choice indices (which survive
//! a change of fingerprint, as stateright's links moved to in 0.31).

use dlock_core::explore::config::{MAX_ARRIVAL, MAX_DELAY, MAX_PAUSE};
use dlock_core::explore::{Bound, Config, Property};
use dlock_core::Tick;

/// The cluster and lease every configuration of the page's matrix has:
/// the study's.
pub const SERVERS: u16 = 5;
pub const TTL: Tick = 10;

/// The URL names, in the order a link writes them.
pub const NAMES: [&str; 6] = ["ck_arr", "ck_pause", "ck_delay", "ck_row", "ck_prop", "ck_steps"];

/// At most this many choices in a link's counterexample.
pub const MAX_STEPS: usize = 256;

/// A counterexample on show: the matrix row (its configuration), the
/// property, and the choices that make the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub row: u8,
    pub property: Property,
    pub steps: Vec<u32>,
}

/// The bound the matrix is checked within, and what is on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckView {
    pub max_arrival: Tick,
    pub max_pause: Tick,
    pub max_delay: Tick,
    pub shown: Option<Shown>,
}

impl Default for CheckView {
    fn default() -> CheckView {
        let b = Bound::default();
        CheckView {
            max_arrival: b.max_arrival,
            max_pause: b.max_pause,
            max_delay: b.max_delay,
            shown: None,
        }
    }
}

impl CheckView {
    pub fn bound(&self) -> Bound {
        Bound {
            max_arrival: self.max_arrival,
            max_pause: self.max_pause,
            max_delay: self.max_delay,
            ..Bound::default()
        }
    }

    /// The configurations, one a row.
    pub fn rows() -> Vec<Config> {
        Config::matrix(SERVERS, TTL)
    }

    /// The query's parts for this view: only what differs from the default.
    pub fn query_parts(&self) -> Vec<String> {
        let d = CheckView::default();
        let mut parts = Vec::new();
        for (name, value, default) in [
            (NAMES[0], self.max_arrival, d.max_arrival),
            (NAMES[1], self.max_pause, d.max_pause),
            (NAMES[2], self.max_delay, d.max_delay),
        ] {
            if value != default {
                parts.push(format!("{name}={value}"));
            }
        }
        if let Some(shown) = &self.shown {
            let steps: Vec<String> = shown.steps.iter().map(u32::to_string).collect();
            parts.push(format!("{}={}", NAMES[3], shown.row));
            parts.push(format!("{}={}", NAMES[4], shown.property.code()));
            parts.push(format!("{}={}", NAMES[5], steps.join(",")));
        }
        parts
    }
}

/// The bound's limits, by URL name.
pub const LIMITS: [(&str, dlock_core::params::Limit); 3] = [
    (NAMES[0], MAX_ARRIVAL),
    (NAMES[1], MAX_PAUSE),
    (NAMES[2], MAX_DELAY),
];

/// A link's `ck_steps`: whole numbers separated by commas, in order.
pub fn parse_steps(text: &str) -> Result<Vec<u32>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let steps: Vec<u32> = text
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{}' is not a whole number", s.trim()))
        })
        .collect::<Result<_, _>>()?;
    if steps.len() > MAX_STEPS {
        return Err(format!(
            "{} choices, more than the {MAX_STEPS} a link may carry",
            steps.len()
        ));
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{format, parse, Settings};

    #[test]
    fn a_bound_and_a_counterexample_survive_a_link() {
        let s = Settings {
            check: CheckView {
                max_arrival: 6,
                max_pause: 9,
                max_delay: 1,
                shown: Some(Shown {
                    row: 0,
                    property: Property::StaleOverwrites,
                    steps: vec![5, 6],
                }),
            },
            ..Settings::default()
        };
        let link = format(&s);
        assert!(
            link.contains("ck_arr=6&ck_pause=9&ck_delay=1&ck_row=0&ck_prop=stale_overwrites&ck_steps=5,6"),
            "{link}"
        );
        let (back, notices) = parse(&link);
        assert_eq!(notices, vec![]);
        assert_eq!(back, s);
        assert!(!format(&Settings::default()).contains("ck_"));
    }

    #[test]
    fn a_bad_bound_is_clamped_and_a_bad_counterexample_is_dropped_with_a_notice() {
        let notice_of = |query: &str| {
            let (s, notices) = parse(query);
            (
                s.check,
                notices
                    .into_iter()
                    .map(|n| n.message)
                    .collect::<Vec<_>>()
                    .join(" | "),
            )
        };
        let (view, said) = notice_of("ck_pause=999");
        assert_eq!(view.max_pause, MAX_PAUSE.max);
        assert!(said.contains("ck_pause = 999 is outside 0..=60"), "{said}");
        let (view, said) = notice_of("ck_row=0&ck_prop=stale_overwrites&ck_steps=99,0");
        assert_eq!(view.shown, None);
        assert!(
            said.contains("ck_steps = '99,0': choice 1 is 99, but its point offers only 0 to 12"),
            "{said}"
        );
        let (_, said) = notice_of("ck_row=40&ck_prop=stale_overwrites&ck_steps=1,1");
        assert!(said.contains("ck_row = '40' is not a row 0..=11"), "{said}");
        let (_, said) = notice_of("ck_row=0&ck_prop=safety&ck_steps=1,1");
        assert!(
            said.contains("ck_prop = 'safety' is not one of overlapping_grants"),
            "{said}"
        );
        let (_, said) = notice_of("ck_steps=1,1");
        assert!(said.contains("go together"), "{said}");
        let (_, said) = notice_of("ck_row=0&ck_prop=liveness&ck_steps=1,x");
        assert!(said.contains("'x' is not a whole number"), "{said}");
    }
}
