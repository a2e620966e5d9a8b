//! A lab grid: every cell of ttl × pause length run for real, one after
//! another, each on fresh servers, set beside the simulation.

use crate::lab::{run, Parts, Setup, Simulated};
use crate::timing::Timing;
use dlock_core::{Outcome, Params, Tick};
use serde::Serialize;

/// One cell of a lab grid: a run's parameters and what came of them, for
/// real and simulated.
#[derive(Clone, Debug, Serialize)]
pub struct LabCell {
    pub ttl: Tick,
    pub pause_len: Tick,
    pub final_value: String,
    pub outcome: Outcome,
    pub simulated: Simulated,
    pub agrees: bool,
    /// A's write and B's are within one tick of each other: scheduling
    /// jitter could order them either way, so a disagreement here says
    /// more about timing than about the model.
    pub timing_sensitive: bool,
    /// Whether real timing kept the schedule, as measured.
    pub timing: Timing,
}

/// A lab grid: every cell run for real.
#[derive(Clone, Debug, Serialize)]
pub struct LabGrid {
    pub base: Params,
    pub lab: Setup,
    pub cells: Vec<LabCell>,
}

/// Runs every cell of `ttls` × `pause_lens` over `base` for real, one at
/// a time, each on fresh servers; `progress` hears each cell finish.
pub fn grid(
    base: &Params,
    parts: &Parts,
    (ttls, pause_lens): (&[Tick], &[Tick]),
    mut progress: impl FnMut(usize),
) -> Result<LabGrid, String> {
    let mut cells = Vec::new();
    let mut lab = None;
    for &ttl in ttls {
        for &pause_len in pause_lens {
            let p = Params {
                ttl,
                pause_len,
                ..*base
            };
            let run = run(&p, parts)?;
            cells.push(LabCell {
                ttl,
                pause_len,
                final_value: run.final_value,
                outcome: run.outcome,
                simulated: run.simulated,
                agrees: run.agrees,
                timing_sensitive: crate::timing::timing_sensitive(&run.params),
                timing: run.timing,
            });
            lab.get_or_insert(run.lab);
            progress(cells.len());
        }
    }
    let lab = lab.ok_or("the grid has no cells")?;
    Ok(LabGrid {
        base: *base,
        lab,
        cells,
    })
}

impl LabGrid {
    /// A tick long enough for every cell whose schedule was not kept: the
    /// longest any of them suggests.
    pub fn suggested_tick_ms(&self) -> Option<u64> {
        self.cells.iter().filter_map(|c| c.timing.suggested_tick_ms).max()
    }

    /// A line per cell, then how many agree.
    pub fn text(&self) -> String {
        let mut out = format!(
            "lab grid: {} on loopback, {}, {} ms ticks, A stopped with {}, seed {}\n\n",
            self.lab.lock_servers, self.lab.store, self.lab.tick_ms, self.lab.pause, self.lab.seed
        );
        for c in &self.cells {
            out += &format!(
                "ttl {:>4}  pause {:>4}   real {:<5} {:<20}  simulated {:<5} {:<20}  {}{}\n",
                c.ttl,
                c.pause_len,
                format!("'{}'", c.final_value),
                c.outcome.label(),
                format!("'{}'", c.simulated.final_value),
                c.simulated.outcome.label(),
                match (c.agrees, c.timing.kept) {
                    (true, _) => "agrees",
                    (false, false) => "not comparable: the schedule was not kept",
                    (false, true) => "DISAGREES",
                },
                if c.timing_sensitive {
                    " (within a tick of a tie: timing-sensitive)"
                } else {
                    ""
                }
            );
        }
        let agree = self.cells.iter().filter(|c| c.agrees).count();
        let sensitive = self.cells.iter().filter(|c| c.timing_sensitive).count();
        let unkept = self.cells.iter().filter(|c| !c.timing.kept).count();
        out += &format!(
            "\n{agree} of {} cells agree with the simulation; {sensitive} timing-sensitive",
            self.cells.len()
        );
        if unkept > 0 {
            out += &format!("; in {unkept} real timing did not keep the schedule");
        }
        if let Some(suggested) = self.suggested_tick_ms() {
            out += &format!("; try --tick-ms {suggested}");
        }
        out += "\n";
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(pause_len: Tick, timing: Timing) -> LabCell {
        LabCell {
            ttl: 10,
            pause_len,
            final_value: "A".to_owned(),
            outcome: Outcome::Corrupt,
            simulated: Simulated {
                final_value: "A".to_owned(),
                outcome: Outcome::Corrupt,
            },
            agrees: true,
            timing_sensitive: false,
            timing,
        }
    }

    fn grid_of(cells: Vec<LabCell>) -> LabGrid {
        LabGrid {
            base: Params::default(),
            lab: Setup {
                lock_servers: "redis-server 7".to_owned(),
                lock_processes: 5,
                store: "SQLite".to_owned(),
                tick_ms: 50,
                pause: "SIGSTOP",
                seed: 1,
                recorded: String::new(),
            },
            cells,
        }
    }

    #[test]
    fn a_grid_whose_timing_slipped_names_a_tick_long_enough_for_every_cell() {
        let kept = Timing::judge(3, 4, 50);
        let slow = Timing::judge(31, 2, 50);
        let slower = Timing::judge(60, 2, 50);
        let text = grid_of(vec![cell(14, kept), cell(15, slow), cell(16, slower)]).text();
        assert!(
            text.ends_with("in 2 real timing did not keep the schedule; try --tick-ms 240\n"),
            "{text}"
        );
        // Its twin: a grid that kept its schedule suggests nothing.
        let text = grid_of(vec![cell(14, kept)]).text();
        assert!(text.ends_with("0 timing-sensitive\n"), "{text}");
        assert!(!text.contains("--tick-ms"), "{text}");
    }
}
