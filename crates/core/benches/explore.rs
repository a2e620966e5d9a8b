//! `cargo bench -p dlock-core --bench explore`: the explorer over the
//! default bound, and over a bound with late messages, with its distinct
//! states per second. Figures go into BENCHMARKS.md.

use dlock_core::explore::{Bound, Config, LockKind};

fn main() {
    divan::main();
}

fn explore(config: Config, bound: Bound) -> u64 {
    dlock_core::explore::check(config, bound).states
}

/// Times a whole search, counting its distinct states as the items.
fn bench(bencher: divan::Bencher, config: Config, bound: Bound) {
    let states = explore(config, bound);
    bencher
        .counter(divan::counter::ItemsCount::new(states))
        .bench(|| explore(divan::black_box(config), bound));
}

/// The page's default matrix, every configuration one after another, as
/// the tab runs it: the native side of the tab-to-native ratio.
#[divan::bench(sample_count = 10)]
fn default_matrix(bencher: divan::Bencher) {
    let rows = Config::matrix(5, 10);
    let states: u64 = rows.iter().map(|&c| explore(c, Bound::default())).sum();
    bencher
        .counter(divan::counter::ItemsCount::new(states))
        .bench(|| {
            rows.iter()
                .map(|&c| explore(divan::black_box(c), Bound::default()))
                .sum::<u64>()
        });
}

#[divan::bench(sample_count = 10)]
fn lease_lock_default_bound(bencher: divan::Bencher) {
    bench(bencher, Config::default(), Bound::default());
}

#[divan::bench(sample_count = 10)]
fn redlock_default_bound(bencher: divan::Bencher) {
    let config = Config {
        lock: LockKind::Redlock,
        ..Config::default()
    };
    bench(bencher, config, Bound::default());
}

/// Each request and release late to each server on its own, by up to a
/// tick, on three servers: the bound grows fast with lateness, so it is
/// small elsewhere (B at 0..1, A stopped 0..1, retrying until 6).
#[divan::bench(sample_count = 5)]
fn redlock_late_messages(bencher: divan::Bencher) {
    let config = Config {
        lock: LockKind::Redlock,
        servers: 3,
        ttl: 5,
        ..Config::default()
    };
    let bound = Bound {
        max_arrival: 1,
        max_pause: 1,
        max_delay: 1,
        horizon: 6,
        ..Bound::default()
    };
    bench(bencher, config, bound);
}
