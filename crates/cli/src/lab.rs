//! `dlock lab` on the terminal: a run or a grid, as text or JSON. A run
//! that will take long says so before it starts and shows its progress on
//! standard error; Ctrl-C or SIGTERM stop every process it started and
//! remove its temporary directory.

use crate::args::LabArgs;
use crate::to_json;
use std::time::Duration;

/// A run shorter than this starts without a word on standard error.
const ANNOUNCE_AFTER: Duration = Duration::from_secs(10);

/// How long one run of `p` lasts for real, by the simulation's last tick:
/// the clients' head start, every tick, and the servers' start.
fn expected(p: &dlock_core::Params, tick_ms: u64) -> Duration {
    let ticks = u64::from(dlock_core::simulate(p).end_tick) + 2;
    Duration::from_millis(ticks * tick_ms + 1_500)
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs();
    if s < 120 {
        format!("{s} s")
    } else {
        format!("{} min {} s", s / 60, s % 60)
    }
}

fn bar(len: u64, template: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// A lab run or grid, as text or JSON; a missing server is a set-up
/// problem (exit 2, naming the set-up command), anything else a failed
/// run (1).
pub fn output(args: &LabArgs) -> Result<String, (String, u8)> {
    dlock_lab::process::clean_up_on_interrupt();
    let parts = dlock_lab::Parts {
        lock: args.parts.lock,
        postgres: args.parts.postgres.clone(),
        tick_ms: args.parts.tick_ms,
        etcd_members: args.parts.etcd_members,
        seed: args.parts.seed,
        exe: std::env::current_exe().map_err(|e| (format!("cannot find dlock itself: {e}"), 1))?,
    };
    let failed = |e: String| {
        let code = if e.contains("not installed") { 2 } else { 1 };
        (e, code)
    };
    let tick_ms = parts.tick_ms;
    let Some((ttls, pause_lens)) = &args.grid else {
        let long = expected(&args.params, tick_ms);
        let run = if long >= ANNOUNCE_AFTER {
            eprintln!(
                "dlock: lab: this run takes about {} ({} ms ticks); Ctrl-C stops it and cleans up",
                seconds(long),
                tick_ms
            );
            let progress = bar(long.as_millis() as u64 / 1_000, "lab run {bar:30} {pos}/{len} s");
            let ticker = progress.clone();
            ticker.enable_steady_tick(Duration::from_millis(200));
            let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let flag = std::sync::Arc::clone(&done);
            let started = std::time::Instant::now();
            let timer = std::thread::spawn(move || {
                while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                    ticker.set_position(started.elapsed().as_secs().min(ticker.length().unwrap_or(0)));
                    std::thread::sleep(Duration::from_millis(200));
                }
            });
            let run = dlock_lab::run(&args.params, &parts);
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            let _ = timer.join();
            progress.finish_and_clear();
            run
        } else {
            dlock_lab::run(&args.params, &parts)
        };
        let run = run.map_err(failed)?;
        return Ok(if args.json { to_json(&run) } else { run.text() });
    };
    let total: Duration = ttls
        .iter()
        .flat_map(|&ttl| {
            pause_lens.iter().map(move |&pause_len| dlock_core::Params {
                ttl,
                pause_len,
                ..args.params
            })
        })
        .map(|p| expected(&p, tick_ms))
        .sum();
    eprintln!(
        "dlock: lab grid: {} cells, about {} in all",
        ttls.len() * pause_lens.len(),
        seconds(total)
    );
    let progress = bar(
        (ttls.len() * pause_lens.len()) as u64,
        "lab grid {bar:30} {pos}/{len} cells, {elapsed} ({eta} left)",
    );
    let grid = dlock_lab::grid(&args.params, &parts, (ttls, pause_lens), |done| {
        progress.set_position(done as u64)
    });
    progress.finish_and_clear();
    let grid = grid.map_err(failed)?;
    Ok(if args.json { to_json(&grid) } else { grid.text() })
}
