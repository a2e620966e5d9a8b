//! `cargo bench -p dlock-core`: one default run, and the 400 × 400 grid by
//! full simulation. Figures go into BENCHMARKS.md.

use dlock_core::{simulate, sweep, Params};

fn main() {
    divan::main();
}

#[divan::bench]
fn default_run() -> dlock_core::Run {
    simulate(divan::black_box(&Params::default()))
}

#[divan::bench]
fn default_run_with_audit() -> dlock_core::Audit {
    simulate(divan::black_box(&Params::default())).audit()
}

#[divan::bench(sample_count = 20)]
fn grid_400_by_400() -> sweep::Grid {
    let ttls: Vec<u32> = (1..=400).collect();
    let pauses: Vec<u32> = (0..400).collect();
    sweep::grid(divan::black_box(&Params::default()), &ttls, &pauses)
}

#[divan::bench(sample_count = 20)]
fn grid_100_by_100() -> sweep::Grid {
    let ttls: Vec<u32> = (1..=100).collect();
    let pauses: Vec<u32> = (0..100).collect();
    sweep::grid(divan::black_box(&Params::default()), &ttls, &pauses)
}

#[divan::bench(sample_count = 20)]
fn grid_400_by_400_one_thread() -> Vec<sweep::Cell> {
    let ttls: Vec<u32> = (1..=400).collect();
    let pauses: Vec<u32> = (0..400).collect();
    let mut cells = Vec::new();
    sweep::grid_rows(divan::black_box(&Params::default()), &ttls, &pauses, &mut cells);
    cells
}
