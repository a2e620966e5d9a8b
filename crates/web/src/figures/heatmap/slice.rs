//! When a grid computed in slices yields to the browser. Plain arithmetic
//! on elapsed time and row counts, so the rule is tested natively; the
//! heatmap's view measures the time and calls it after every row.

/// Milliseconds of grid computation per slice. The first slice runs in the
/// input handler itself, so a grid that fits is painted before the next
/// frame; a bigger one continues a slice per task, so input and drawing get
/// their turn in between. Time, not a cell count, because a cell's cost
/// depends on the cluster size and the machine.
pub const SLICE_MS: f64 = 8.0;

/// How long a slice may stretch to finish a grid it has nearly done. A
/// task queued after the slice runs only once the browser has drawn a frame,
/// and on a busy page that frame costs tens of milliseconds: a 100 × 100
/// grid that needed 9 ms used to be painted after it, 30–50 ms after the
/// change. Finishing in place costs at most this long, once.
pub const FINISH_MS: f64 = 16.0;

/// Whether the slice goes on after a row: always within `SLICE_MS`; past
/// it, only if the rows left, at the pace of the rows done so far, finish
/// the grid within `FINISH_MS`.
pub fn keep_going(elapsed_ms: f64, rows_done: u32, rows_left: u32) -> bool {
    if rows_left == 0 {
        return false;
    }
    if elapsed_ms < SLICE_MS {
        return true;
    }
    let per_row = elapsed_ms / f64::from(rows_done.max(1));
    elapsed_ms + per_row * f64::from(rows_left) <= FINISH_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_runs_its_time_then_finishes_only_what_is_nearly_done() {
        let cases = [
            // (elapsed, done, left) → goes on
            ((0.5, 1, 99), true),
            ((7.9, 10, 90), true),
            // Past the slice with 90 rows at 0.8 ms each to go: yield.
            ((8.0, 10, 90), false),
            // 89 rows in 8.9 ms, 11 to go at 0.1 ms: 10 ms in all, finish.
            ((8.9, 89, 11), true),
            // Exactly on the limit still finishes; just past it yields.
            ((8.0, 50, 50), true),
            ((8.0, 49, 51), false),
            ((12.0, 100, 0), false),
        ];
        for ((elapsed, done, left), expected) in cases {
            assert_eq!(
                keep_going(elapsed, done, left),
                expected,
                "{elapsed} ms, {done} done, {left} left"
            );
        }
    }

    #[test]
    fn a_slice_never_runs_past_the_finish_limit_by_more_than_a_row() {
        // Rows of uniform cost: the slice stops at SLICE_MS unless the whole
        // grid fits in FINISH_MS, whatever the cost of a row.
        for rows in [1u32, 10, 100, 400] {
            for row_ms in [0.01, 0.05, 0.1, 0.15, 0.3, 1.0, 5.0, 20.0] {
                // As the view does: a row, then the question.
                let mut done = 0;
                loop {
                    done += 1;
                    if !keep_going(row_ms * f64::from(done), done, rows - done) {
                        break;
                    }
                }
                let elapsed = row_ms * f64::from(done);
                let total = row_ms * f64::from(rows);
                if total <= FINISH_MS {
                    assert_eq!(done, rows, "{rows} rows of {row_ms} ms fit and are finished");
                } else {
                    assert!(
                        elapsed < SLICE_MS + row_ms,
                        "{rows} rows of {row_ms} ms: stopped at {elapsed} ms"
                    );
                }
            }
        }
    }
}
