//! The caption of the strip of B's arrivals, computed from its rows.

use dlock_core::sweep::ArrivalRow;

/// The caption of the strip of B's arrivals: what its rows show, and how
/// much of the bottom row is red for these parameters — all of it in the
/// study's run (A's unlocked write does not depend on B), none when A
/// writes in time.
pub fn arrival_strip_caption(rows: &[ArrivalRow]) -> String {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return String::new();
    };
    let (first, last) = (first.b_arrives, last.b_arrives);
    let unlocked = rows.iter().filter(|r| r.a_write_unlocked).count();
    let extent = if unlocked == rows.len() {
        "at every arrival: it never goes away".to_owned()
    } else if unlocked == 0 {
        "nowhere here: with these parameters A never writes without the lock".to_owned()
    } else {
        format!("at {unlocked} of {} arrivals", rows.len())
    };
    format!(
        "Top row: the outcome for each arrival from {first} to {last}. Bottom row: red where A's write was made without the lock — {extent}."
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::{Params, Tick};

    #[test]
    fn the_arrival_strip_s_caption_says_how_much_of_it_is_red() {
        let ticks: Vec<Tick> = (0..=100).collect();
        let study = arrival_strip_caption(&dlock_core::sweep::arrivals(&Params::default(), &ticks));
        assert!(
            study.starts_with("Top row: the outcome for each arrival from 0 to 100."),
            "{study}"
        );
        assert!(
            study.ends_with("at every arrival: it never goes away."),
            "{study}"
        );
        let in_time = Params {
            pause_len: 5,
            ..Params::default()
        };
        let clean = arrival_strip_caption(&dlock_core::sweep::arrivals(&in_time, &ticks));
        assert!(
            clean.ends_with("nowhere here: with these parameters A never writes without the lock."),
            "{clean}"
        );
    }
}
