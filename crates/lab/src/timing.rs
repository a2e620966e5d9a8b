//! Whether real timing kept the schedule. The lab's clients act at tick
//! boundaries; an acquire round that takes longer than a tick, or a client
//! that runs well into its tick, no longer plays the schedule the
//! simulation plays, and comparing the two says nothing about the model.
//! (`dlock lab --tick-ms 10 --servers 101` is such a run: a round on 101
//! servers outlasts a 10 ms tick.)

use crate::wire::{Event, LabEvent};
use dlock_core::Params;
use serde::Serialize;

/// Whether A's write and B's land within one tick of each other, where
/// the order a tie falls in decides the outcome (the staircase's edge).
pub fn timing_sensitive(p: &Params) -> bool {
    dlock_core::boundary::b_writes(p).abs_diff(p.write_tick()) <= 1
}

/// The measured times of one run, against its tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Timing {
    /// The longest acquire round (every server asked once).
    pub round_ms_max: u64,
    /// How far into its tick the latest read, write, pause or release ran:
    /// each was due at its tick's start.
    pub late_ms_max: u64,
    /// Both stayed under half a tick, so every event fell in the tick the
    /// schedule gave it.
    pub kept: bool,
    /// A tick long enough for what was measured (four times the worse of
    /// the two, rounded up to 10 ms), when `kept` is false.
    pub suggested_tick_ms: Option<u64>,
}

impl Timing {
    pub fn measure(events: &[LabEvent], tick_ms: u64) -> Timing {
        let round_ms_max = events
            .iter()
            .filter_map(|e| match e.event {
                Event::Acquired { round_ms, .. } | Event::Refused { round_ms, .. } => Some(round_ms),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let late_ms_max = events
            .iter()
            .filter(|e| {
                matches!(
                    e.event,
                    Event::Read { .. } | Event::Wrote { .. } | Event::Paused { .. } | Event::Released { .. }
                )
            })
            .map(|e| e.ms.saturating_sub(u64::from(e.tick) * tick_ms))
            .max()
            .unwrap_or(0);
        Timing::judge(round_ms_max, late_ms_max, tick_ms)
    }

    pub(crate) fn judge(round_ms_max: u64, late_ms_max: u64, tick_ms: u64) -> Timing {
        let worst = round_ms_max.max(late_ms_max);
        let kept = 2 * worst < tick_ms;
        Timing {
            round_ms_max,
            late_ms_max,
            kept,
            suggested_tick_ms: (!kept).then(|| (4 * worst).div_ceil(10).max(1) * 10),
        }
    }

    /// The same measurements, the suggested tick moved to the nearest one
    /// the lock can run at (`fit` returns a tick at least as long).
    pub fn fit_suggestion(self, fit: impl Fn(u64) -> u64) -> Timing {
        Timing {
            suggested_tick_ms: self.suggested_tick_ms.map(fit),
            ..self
        }
    }

    /// One line: the measurements, and whether they fit the tick.
    pub fn text(&self, tick_ms: u64) -> String {
        let measured = format!(
            "timing: acquire rounds took up to {} ms, clients ran up to {} ms into their tick",
            self.round_ms_max, self.late_ms_max
        );
        match self.suggested_tick_ms {
            None => format!("{measured}: well within {tick_ms} ms ticks\n"),
            Some(suggested) => format!(
                "{measured}: too long for {tick_ms} ms ticks, so the schedule was not kept; try --tick-ms {suggested}\n"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_timing_sensitive_within_a_tick_of_the_staircase_edge() {
        // B writes at 14 in the study's run; A writes at pause_from + pause_len.
        let at = |pause_len| {
            timing_sensitive(&Params {
                pause_len,
                ..Params::default()
            })
        };
        assert_eq!(
            [10, 11, 12, 13, 14, 15].map(at),
            [false, true, true, true, false, false],
            "writes at 12..17 against B's at 14"
        );
    }

    #[test]
    fn a_tick_shorter_than_twice_the_worst_delay_is_too_short() {
        assert!(Timing::judge(3, 4, 100).kept);
        let slow = Timing::judge(31, 2, 10);
        assert!(!slow.kept);
        assert_eq!(slow.suggested_tick_ms, Some(130));
        assert!(slow.text(10).contains("too long for 10 ms ticks"));
        assert!(!Timing::judge(5, 50, 100).kept, "half a tick late is too late");
    }
}
