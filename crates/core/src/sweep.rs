//! The study's tables: one schedule, one parameter varied at a time, each
//! row a full simulation.

use crate::audit::{self, Outcome};
use crate::list::MAX_AXIS_VALUES;
use crate::params::{Comparison, Fault, Params, Reach, RestartRemedy};
use crate::scenario::{simulate, Mode, Run, Simulator};
use crate::types::{Client, Tick, Token, Value};
use serde::Serialize;
use std::collections::BTreeMap;

/// Cluster sizes of commentary §6.4.
pub const STUDY_CLUSTER_SIZES: [u16; 6] = [1, 3, 5, 7, 15, 51];
/// Lease lengths of §6.5: below, at and above B's arrival and A's write.
pub const STUDY_TTLS: [Tick; 12] = [1, 5, 10, 12, 13, 14, 15, 16, 17, 18, 20, 25];
/// The grid of §6.5: ten lease lengths …
pub const STUDY_GRID_TTLS: [Tick; 10] = [1, 5, 10, 12, 15, 20, 25, 30, 50, 1000];
/// … by fourteen pause lengths, 2 to 41 in steps of 3: 140 cells.
pub const STUDY_GRID_PAUSES: (Tick, Tick, Tick) = (2, 41, 3);
/// Re-check ticks of §7.2: early in A's run, mid-lease, the lease's last
/// tick, and immediately before the write.
pub const STUDY_RECHECKS: [Tick; 4] = [2, 5, 9, 16];

/// Where the page's re-check multiples put A's check for schedule `p`:
/// the study's three early ticks, then A's write itself — the check after
/// the pause, which the study's run makes at t=16. A fixed t=16 would sit
/// inside a longer pause, and no multiple would show the one placement
/// that helps.
pub fn recheck_ticks(p: &Params) -> [Tick; 4] {
    let [early, mid_lease, last_lease_tick, _] = STUDY_RECHECKS;
    [early, mid_lease, last_lease_tick, p.write_tick()]
}
/// The page's staircase as it opens: every lease length from 1 to 40
/// by every pause from 0 to 40. Every sentence that counts cells of "the
/// default staircase" counts these, so the page names one staircase.
pub const DEFAULT_STAIRCASE_TTLS: (Tick, Tick) = (1, 40);
pub const DEFAULT_STAIRCASE_PAUSES: (Tick, Tick) = (0, 40);

/// The default staircase's axes: its lease lengths and its pauses.
pub fn default_staircase() -> (Vec<Tick>, Vec<Tick>) {
    let (t0, t1) = DEFAULT_STAIRCASE_TTLS;
    let (p0, p1) = DEFAULT_STAIRCASE_PAUSES;
    ((t0..=t1).collect(), (p0..=p1).collect())
}

/// The default staircase named with its size, e.g. "the default staircase
/// (ttl 1–40 by pause 0–40: 1640 cells)".
pub fn default_staircase_words() -> String {
    let (ttls, pauses) = default_staircase();
    let (t0, t1) = DEFAULT_STAIRCASE_TTLS;
    let (p0, p1) = DEFAULT_STAIRCASE_PAUSES;
    format!(
        "the default staircase (ttl {t0}–{t1} by pause {p0}–{p1}: {} cells)",
        ttls.len() * pauses.len()
    )
}

/// B's arrival in §6.6, when nobody else wants the lock during the pause.
pub const STUDY_LATE_B: Tick = 100;
/// The largest grid a sweep will compute.
pub const MAX_GRID_CELLS: usize = MAX_AXIS_VALUES * MAX_AXIS_VALUES;

pub fn study_grid_pauses() -> Vec<Tick> {
    let (from, to, step) = STUDY_GRID_PAUSES;
    (from..=to).step_by(step as usize).collect()
}

/// One row of the cluster-size table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClusterRow {
    pub servers: u16,
    pub quorum: u16,
    pub b_votes: Option<u16>,
    pub final_value: Value,
    pub stale_overwrites: u32,
    pub overlapping_grants: u32,
    pub outcome: Outcome,
}

pub fn cluster_sizes(base: &Params, sizes: &[u16]) -> Vec<ClusterRow> {
    sizes
        .iter()
        .map(|&servers| {
            let run = simulate(&Params { servers, ..*base });
            let b_votes = run.votes_of(Client::B);
            ClusterRow {
                servers,
                quorum: run.quorum,
                b_votes,
                final_value: run.final_value,
                stale_overwrites: audit::stale_overwrites(&run.writes).count() as u32,
                overlapping_grants: audit::overlapping_grants(&run.grants).len() as u32,
                outcome: run.outcome(),
            }
        })
        .collect()
}

/// One row of the lease-length table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeaseRow {
    pub ttl: Tick,
    pub b_acquired_at: Option<Tick>,
    pub b_waited: Option<Tick>,
    pub final_value: Value,
    pub outcome: Outcome,
}

pub fn lease_lengths(base: &Params, ttls: &[Tick]) -> Vec<LeaseRow> {
    ttls.iter()
        .map(|&ttl| {
            let run = simulate(&Params { ttl, ..*base });
            LeaseRow {
                ttl,
                b_acquired_at: run.b_acquired_at,
                b_waited: run.b_waited(),
                final_value: run.final_value,
                outcome: run.outcome(),
            }
        })
        .collect()
}

/// One cell of the ttl × pause grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub outcome: Outcome,
    pub b_waited: Option<Tick>,
}

/// The ttl × pause-length grid: rows are ttls, columns pause lengths.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grid {
    pub base: Params,
    pub ttls: Vec<Tick>,
    pub pause_lens: Vec<Tick>,
    /// Row-major: `cells[row * pause_lens.len() + column]`.
    pub cells: Vec<Cell>,
}

impl Grid {
    pub fn cell(&self, row: usize, column: usize) -> Option<Cell> {
        if column >= self.pause_lens.len() {
            return None;
        }
        self.cells.get(row * self.pause_lens.len() + column).copied()
    }

    /// The parameters of the cell at `(row, column)`.
    pub fn params_at(&self, row: usize, column: usize) -> Option<Params> {
        Some(cell_params(
            &self.base,
            *self.ttls.get(row)?,
            *self.pause_lens.get(column)?,
        ))
    }

    /// Every cell with its parameters, row by row.
    pub fn iter(&self) -> impl Iterator<Item = (Params, Cell)> + '_ {
        self.ttls.iter().enumerate().flat_map(move |(r, &ttl)| {
            self.pause_lens.iter().enumerate().map(move |(c, &pause_len)| {
                (
                    cell_params(&self.base, ttl, pause_len),
                    self.cells[r * self.pause_lens.len() + c],
                )
            })
        })
    }

    /// How many cells have each outcome, worst first.
    pub fn counts(&self) -> BTreeMap<Outcome, u32> {
        let mut counts = BTreeMap::new();
        for cell in &self.cells {
            *counts.entry(cell.outcome).or_insert(0) += 1;
        }
        counts
    }
}

/// Simulates every cell in full (not the closed form). Axes longer than the
/// cap are cut to it, so no caller can ask for unbounded work. Natively the
/// rows are shared out over the machine's cores (each row is independent and
/// results keep their order, so the grid is identical either way); on wasm
/// it runs on the one thread there is — the page computes large grids a few
/// rows per frame with [`grid_rows`] instead.
pub fn grid(base: &Params, ttls: &[Tick], pause_lens: &[Tick]) -> Grid {
    let ttls = &ttls[..ttls.len().min(MAX_AXIS_VALUES)];
    let pause_lens = &pause_lens[..pause_lens.len().min(MAX_AXIS_VALUES)];
    let cells = cells_in_parallel(base, ttls, pause_lens);
    Grid {
        base: *base,
        ttls: ttls.to_vec(),
        pause_lens: pause_lens.to_vec(),
        cells,
    }
}

/// The parameters a ttl × pause grid depends on: `p` without its own ttl
/// and pause length, which every cell replaces. Two settings with the same
/// grid base have the same grid, so a page can keep the grid it has while
/// the reader drags the lease length or the end of A's pause.
pub fn grid_base(p: &Params) -> Params {
    Params {
        ttl: crate::params::TTL.min,
        pause_len: 0,
        ..*p
    }
}

/// The parameters of one cell: the base with the cell's lease and pause.
/// A re-check the base places after the cell's write is made at the write,
/// as the page does when the reader shortens the pause.
pub fn cell_params(base: &Params, ttl: Tick, pause_len: Tick) -> Params {
    Params {
        ttl,
        pause_len,
        ..*base
    }
    .with_recheck_no_later_than_write()
}

/// Appends the cells of the given rows (ttls) to `out`, row-major.
pub fn grid_rows(base: &Params, ttls: &[Tick], pause_lens: &[Tick], out: &mut Vec<Cell>) {
    let mut sim = Simulator::default();
    out.reserve(ttls.len() * pause_lens.len());
    for &ttl in ttls {
        for &pause_len in pause_lens {
            sim.run(&cell_params(base, ttl, pause_len), Mode::Skip, false);
            let b_waited = sim.b_acquired_at().map(|t| t - base.b_arrives);
            out.push(Cell {
                outcome: sim.outcome(),
                b_waited,
            });
        }
    }
}

/// Below this many cells a second thread costs more than it saves.
const PARALLEL_MIN_CELLS: usize = 20_000;

#[cfg(not(target_arch = "wasm32"))]
fn cells_in_parallel(base: &Params, ttls: &[Tick], pause_lens: &[Tick]) -> Vec<Cell> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads < 2 || ttls.len() < 2 || ttls.len() * pause_lens.len() < PARALLEL_MIN_CELLS {
        let mut cells = Vec::new();
        grid_rows(base, ttls, pause_lens, &mut cells);
        return cells;
    }
    let rows_per_thread = ttls.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = ttls
            .chunks(rows_per_thread)
            .map(|rows| {
                scope.spawn(move || {
                    let mut part = Vec::new();
                    grid_rows(base, rows, pause_lens, &mut part);
                    part
                })
            })
            .collect();
        let mut cells = Vec::with_capacity(ttls.len() * pause_lens.len());
        for handle in handles {
            // A worker only panics if the simulation does; pass it on.
            cells.extend(handle.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        cells
    })
}

#[cfg(target_arch = "wasm32")]
fn cells_in_parallel(base: &Params, ttls: &[Tick], pause_lens: &[Tick]) -> Vec<Cell> {
    let _ = PARALLEL_MIN_CELLS;
    let mut cells = Vec::new();
    grid_rows(base, ttls, pause_lens, &mut cells);
    cells
}

/// One row of the re-check table (§7.2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecheckRow {
    pub check_at: Tick,
    /// The lock service's answer at that tick: did A still hold a quorum?
    pub holds: bool,
    pub a_wrote: bool,
    pub final_value: Value,
    pub outcome: Outcome,
}

pub fn rechecks(base: &Params, ticks: &[Tick]) -> Vec<RecheckRow> {
    ticks
        .iter()
        .filter(|&&c| c <= base.write_tick())
        .map(|&c| {
            let run = simulate(&Params {
                recheck_at: Some(c),
                ..*base
            });
            let holds = run.recheck_answer() == Some(true);
            RecheckRow {
                check_at: c,
                holds,
                a_wrote: run.writes.iter().any(|w| w.client == Client::A),
                final_value: run.final_value,
                outcome: run.outcome(),
            }
        })
        .collect()
}

/// The two cases of §7.3, and a third the study's lockstep servers hide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FencingCase {
    /// (a) the study's stale write from A.
    StaleWriter,
    /// (b) B writes twice under its one lease.
    DoubleWrite,
    /// (c) the study's stale write, with B's token tied to A's: the server
    /// both majorities share made a delayed restart (no persistence) at
    /// t=1, so its counter started again and B's majority counts 1 too.
    /// "A stale writer is always strictly lower" holds only for one
    /// ordered counter; the highest of per-server counters can tie.
    TiedToken,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WriteVerdict {
    pub t: Tick,
    pub client: Client,
    pub token: Token,
    pub accepted: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComparisonRow {
    pub case: FencingCase,
    pub comparison: Comparison,
    pub writes: Vec<WriteVerdict>,
    pub final_value: Value,
}

/// When the shared server restarts in case (c): after A's grant, early
/// enough that its silence of one ttl is over for any B that finds A's
/// lease expired.
pub const TIE_RESTART_AT: Tick = 1;

/// The parameters of one case under one comparison, fencing on.
pub fn comparison_params(base: &Params, case: FencingCase, comparison: Comparison) -> Params {
    let fault = match case {
        FencingCase::TiedToken => Fault::Restart {
            servers: 1,
            at: TIE_RESTART_AT,
            remedy: RestartRemedy::StaySilent,
            reach: Reach::BareMajorities,
        },
        _ => base.fault,
    };
    Params {
        fencing: true,
        comparison,
        b_writes_twice: case == FencingCase::DoubleWrite,
        fault,
        ..*base
    }
}

/// Every case under both comparisons, fencing on.
pub fn comparisons(base: &Params) -> Vec<ComparisonRow> {
    let mut rows = Vec::new();
    for case in [
        FencingCase::StaleWriter,
        FencingCase::DoubleWrite,
        FencingCase::TiedToken,
    ] {
        for comparison in [Comparison::Lt, Comparison::Le] {
            let params = comparison_params(base, case, comparison);
            let run = simulate(&params);
            let writes = run
                .writes
                .iter()
                .map(|w| WriteVerdict {
                    t: w.t,
                    client: w.client,
                    token: w.token,
                    accepted: w.accepted,
                })
                .collect();
            rows.push(ComparisonRow {
                case,
                comparison,
                writes,
                final_value: run.final_value,
            });
        }
    }
    rows
}

/// The §5.1 variants: the expiry clause on and off, with A alive or crashed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExpiryRow {
    pub expiry: bool,
    pub a_crashes: bool,
    pub b_acquired_at: Option<Tick>,
    pub b_waited: Option<Tick>,
    pub final_value: Value,
    pub outcome: Outcome,
    /// The last tick of the run: how long B kept trying.
    pub end_tick: Tick,
}

pub fn expiry_variants(base: &Params) -> Vec<ExpiryRow> {
    [(true, false), (false, false), (true, true), (false, true)]
        .into_iter()
        .map(|(expiry, a_crashes)| {
            let run = simulate(&Params {
                expiry,
                a_crashes,
                ..*base
            });
            ExpiryRow {
                expiry,
                a_crashes,
                b_acquired_at: run.b_acquired_at,
                b_waited: run.b_waited(),
                final_value: run.final_value,
                outcome: run.outcome(),
                end_tick: run.end_tick,
            }
        })
        .collect()
}

/// One row of the B-arrival sweep (§6.6): corruption switches off as B
/// arrives later, the unlocked write does not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArrivalRow {
    pub b_arrives: Tick,
    pub final_value: Value,
    pub outcome: Outcome,
    pub stale_overwrites: u32,
    pub a_write_unlocked: bool,
}

pub fn arrivals(base: &Params, ticks: &[Tick]) -> Vec<ArrivalRow> {
    ticks
        .iter()
        .map(|&b_arrives| arrival_row(&simulate(&Params { b_arrives, ..*base })))
        .collect()
}

fn arrival_row(run: &Run) -> ArrivalRow {
    let unlocked = audit::unlocked_writes(&run.entries, &run.grants, run.quorum);
    ArrivalRow {
        b_arrives: run.params.b_arrives,
        final_value: run.final_value,
        outcome: run.outcome(),
        stale_overwrites: audit::stale_overwrites(&run.writes).count() as u32,
        a_write_unlocked: unlocked.iter().any(|u| u.client == Client::A),
    }
}
