//! The re-check figure's words: a caption per small multiple, and a line
//! per placement under them; and what the `<`/`<=` table's tie shows.

use dlock_core::sweep::{ComparisonRow, FencingCase};
use dlock_core::{Client, Comparison, Params, Run, Tick};

/// How the four re-check placements of §7.2 come out.
pub fn rechecks(p: &Params, ticks: &[Tick]) -> Vec<String> {
    dlock_core::sweep::rechecks(p, ticks)
        .iter()
        .map(|r| {
            format!(
                "Check at t={}: the lock service answers {} — final value {}, {}.",
                r.check_at,
                if r.holds {
                    "yes, A holds it"
                } else {
                    "no, A lost it"
                },
                r.final_value,
                r.outcome.label()
            )
        })
        .collect()
}

/// The caption of one re-check small multiple: where A checked, what the
/// lock service said, and how the run ended. `check` is where the check
/// was asked for, shown if the run has none of its own.
pub fn recheck_caption(run: &Run, check: Tick) -> String {
    format!(
        "Check at t={}: the lock service says {} → final {}, {}.",
        run.params.recheck_at.unwrap_or(check),
        match run.recheck_answer() {
            Some(true) => "yes",
            Some(false) => "no",
            None => "nothing (A never ran the check)",
        },
        run.final_value,
        run.outcome().label()
    )
}

/// What case (c) of the `<`/`<=` table shows: whether B's token, after
/// the shared server's delayed restart, ties A's, and which comparison
/// then refuses A's stale write. Read from the rows, never assumed.
pub fn tied_token(rows: &[ComparisonRow]) -> String {
    let write = |cmp: Comparison, client: Client| {
        rows.iter()
            .find(|r| r.case == FencingCase::TiedToken && r.comparison == cmp)
            .and_then(|r| r.writes.iter().find(|w| w.client == client))
    };
    let (Some(a_lt), Some(a_le), Some(b)) = (
        write(Comparison::Lt, Client::A),
        write(Comparison::Le, Client::A),
        write(Comparison::Lt, Client::B),
    ) else {
        return "In case (c) at these settings A or B never writes, so there is no tie to compare."
            .to_owned();
    };
    if a_lt.t < b.t {
        return "In case (c) at these settings A writes before B does, so there is no stale write for the comparisons to judge."
            .to_owned();
    }
    let verdict = |accepted: bool| if accepted { "accepts" } else { "refuses" };
    let relation = match a_lt.token.cmp(&b.token) {
        std::cmp::Ordering::Equal => format!("B's token {} ties A's", b.token),
        std::cmp::Ordering::Less => format!("B's token {} is still above A's {}", b.token, a_lt.token),
        std::cmp::Ordering::Greater => format!("B's token {} is below A's {}", b.token, a_lt.token),
    };
    format!(
        "In case (c), {relation}: < {} A's stale write, and <= {} it.",
        verdict(a_lt.accepted),
        verdict(a_le.accepted)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rechecks_say_what_the_lock_answered_and_what_came_of_it() {
        let r = rechecks(&dlock_core::Params::default(), &[9, 16]);
        assert_eq!(
            r[0],
            "Check at t=9: the lock service answers yes, A holds it — final value 'A', corrupt."
        );
        assert_eq!(
            r[1],
            "Check at t=16: the lock service answers no, A lost it — final value 'B', clean."
        );
    }

    #[test]
    fn the_tie_is_read_off_the_rows() {
        let rows = dlock_core::sweep::comparisons(&Params::default());
        assert_eq!(
            tied_token(&rows),
            "In case (c), B's token 1 ties A's: < accepts A's stale write, and <= refuses it."
        );
        // B arriving late: A writes first, no stale write to compare.
        let late = dlock_core::sweep::comparisons(&Params {
            b_arrives: 30,
            ..Params::default()
        });
        assert!(
            !tied_token(&late).contains("ties A's: < accepts"),
            "{}",
            tied_token(&late)
        );
    }

    #[test]
    fn a_recheck_caption_says_what_the_lock_answered_and_how_it_ended() {
        let p = Params::default();
        let early = dlock_core::simulate(&Params {
            recheck_at: Some(2),
            ..p
        });
        assert_eq!(
            recheck_caption(&early, 2),
            format!(
                "Check at t=2: the lock service says yes → final {}, corrupt.",
                early.final_value
            )
        );
        let late = dlock_core::simulate(&Params {
            recheck_at: Some(p.write_tick()),
            ..p
        });
        assert_eq!(late.recheck_answer(), Some(false));
        assert!(
            recheck_caption(&late, 16).contains("says no"),
            "{}",
            recheck_caption(&late, 16)
        );
        let none = dlock_core::simulate(&p);
        assert!(recheck_caption(&none, 5).starts_with("Check at t=5: the lock service says nothing"));
    }
}
