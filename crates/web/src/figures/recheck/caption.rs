//! The re-check figure's words: a caption per small multiple, and a line
//! per placement under them.

use dlock_core::{Params, Run, Tick};

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

#[cfg(test)]
mod tests {
    use super::*;

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
