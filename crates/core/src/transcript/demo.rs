//! Whole texts: one run, one grid, and the study's demo.

use super::describe::describe;
use super::events::{differing_lines, event_lines, grant_table, table};
use super::story::{audit_lines, holder_line};
use crate::audit::Outcome;
use crate::boundary;
use crate::params::Params;
use crate::scenario::{simulate, Run};
use crate::sweep::{self, Grid};
use crate::types::Tick;
use std::fmt::Write;

/// Everything about one run: parameters, events, grants, holders, audits.
pub fn run_text(run: &Run) -> String {
    let found = run.audit();
    let mut out = format!("run: {}\n\n", describe(&run.params));
    for line in event_lines(run) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("\ngrants:\n");
    out.push_str(&grant_table(run));
    out.push('\n');
    out.push_str(&holder_line(run));
    out.push_str("\n\n");
    for line in audit_lines(run, &found) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The grid as characters, one row per ttl, with its legend and the closed
/// form's agreement.
pub fn grid_text(grid: &Grid) -> String {
    let width = grid
        .pause_lens
        .iter()
        .map(|p| p.to_string().len())
        .max()
        .unwrap_or(1)
        .max(1);
    let ttl_width = grid
        .ttls
        .iter()
        .map(|t| t.to_string().len())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut out = format!("{:>ttl_width$} | pause length\n", "ttl");
    let header: Vec<String> = grid.pause_lens.iter().map(|p| format!("{p:>width$}")).collect();
    let _ = writeln!(out, "{:>ttl_width$} | {}", "", header.join(" "));
    for (r, ttl) in grid.ttls.iter().enumerate() {
        let cells: Vec<String> = (0..grid.pause_lens.len())
            .map(|c| {
                format!(
                    "{:>width$}",
                    grid.cell(r, c).map_or(' ', |cell| cell.outcome.glyph())
                )
            })
            .collect();
        let _ = writeln!(out, "{ttl:>ttl_width$} | {}", cells.join(" "));
    }
    let legend: Vec<String> = Outcome::ALL
        .iter()
        .map(|o| format!("{} {}", o.glyph(), o.label()))
        .collect();
    let _ = writeln!(out, "\n{}", legend.join("   "));
    let counts: Vec<String> = grid
        .counts()
        .iter()
        .map(|(o, n)| format!("{n} {}", o.label()))
        .collect();
    let _ = writeln!(out, "{} cells: {}", grid.cells.len(), counts.join(", "));
    if grid.base.acquiring.takes_time() {
        let _ = writeln!(
            out,
            "the closed form assumes an instantaneous acquire: every cell here is simulated, none predicted"
        );
    } else if boundary::predicted(&grid.base).is_none() {
        // Not "agrees with 0 of 0": the variant is outside what it models.
        let _ = writeln!(
            out,
            "the closed form does not cover this variant (no expiry, a crash, a re-check or a double write)"
        );
    } else {
        let (agree, total) = boundary::agreement(grid);
        let _ = writeln!(out, "the closed form agrees with {agree} of {total} cells");
    }
    out
}

fn section(out: &mut String, title: &str) {
    if !out.is_empty() {
        out.push('\n');
    }
    let _ = writeln!(out, "== {title} ==\n");
}

/// Every transcript and table of the study, in the order it tells them.
pub fn demo() -> String {
    let base = Params::default();
    let fenced = Params {
        fencing: true,
        ..base
    };
    let pauses = sweep::study_grid_pauses();
    let mut out = String::new();
    section(&mut out, "1. The corrupted run");
    out.push_str(&run_text(&simulate(&base)));
    section(&mut out, "2. The same schedule, fenced");
    out.push_str(&fenced_text(&base, &fenced));
    section(&mut out, "3. Cluster sizes");
    out.push_str(&cluster_table(&base));
    section(&mut out, "4. Lease lengths");
    out.push_str(&lease_table(&base));
    section(&mut out, "5. The ttl x pause staircase");
    out.push_str(&grid_text(&sweep::grid(&base, &sweep::STUDY_GRID_TTLS, &pauses)));
    section(&mut out, "6. The same grid, fenced");
    out.push_str(&grid_text(&sweep::grid(
        &fenced,
        &sweep::STUDY_GRID_TTLS,
        &pauses,
    )));
    section(&mut out, "7. B arrives late");
    let late = Params {
        b_arrives: sweep::STUDY_LATE_B,
        ..base
    };
    out.push_str(&run_text(&simulate(&late)));
    section(&mut out, "8. Re-checking before the write");
    out.push_str(&recheck_table(&base));
    section(&mut out, "9. Stale is < or <=");
    out.push_str(&comparison_table(&base));
    section(&mut out, "10. Without lease expiry");
    out.push_str(&expiry_table(&base));
    out
}

/// The fenced run, and the one line that differs from the unfenced one.
fn fenced_text(base: &Params, fenced: &Params) -> String {
    let fenced_run = simulate(fenced);
    let mut out = run_text(&fenced_run);
    for (_, a, b) in differing_lines(&simulate(base), &fenced_run) {
        let _ = writeln!(
            out,
            "\nthe one line that changed:\n  unfenced: {a}\n  fenced:   {b}"
        );
    }
    out
}

/// The study's cluster sizes: does a bigger cluster help?
fn cluster_table(base: &Params) -> String {
    let rows: Vec<Vec<String>> = sweep::cluster_sizes(base, &sweep::STUDY_CLUSTER_SIZES)
        .iter()
        .map(|r| {
            vec![
                r.servers.to_string(),
                r.quorum.to_string(),
                r.b_votes
                    .map_or("-".to_owned(), |v| format!("{v} of {}", r.servers)),
                r.final_value.to_string(),
                r.stale_overwrites.to_string(),
                r.overlapping_grants.to_string(),
            ]
        })
        .collect();
    let headers = [
        "servers",
        "quorum",
        "B's votes",
        "final",
        "stale overwrites",
        "overlapping grants",
    ];
    table(&headers, &rows)
}

/// The study's lease lengths: when B gets the lock, and what it costs.
fn lease_table(base: &Params) -> String {
    let rows: Vec<Vec<String>> = sweep::lease_lengths(base, &sweep::STUDY_TTLS)
        .iter()
        .map(|r| {
            vec![
                r.ttl.to_string(),
                opt(r.b_acquired_at),
                opt(r.b_waited),
                r.final_value.to_string(),
                r.outcome.label().to_owned(),
            ]
        })
        .collect();
    table(&["ttl", "B acquires", "B waited", "final", "outcome"], &rows)
}

/// A re-check at each of the study's ticks, and what it changed.
fn recheck_table(base: &Params) -> String {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
    let rows: Vec<Vec<String>> = sweep::rechecks(base, &sweep::STUDY_RECHECKS)
        .iter()
        .map(|r| {
            vec![
                r.check_at.to_string(),
                yes_no(r.holds),
                yes_no(r.a_wrote),
                r.final_value.to_string(),
                r.outcome.label().to_owned(),
            ]
        })
        .collect();
    table(&["check at", "A holds?", "A writes?", "final", "outcome"], &rows)
}

/// `<` against `<=`, for a stale writer and for a holder writing twice.
fn comparison_table(base: &Params) -> String {
    let rows: Vec<Vec<String>> = sweep::comparisons(base)
        .iter()
        .map(|r| {
            let writes: Vec<String> = r
                .writes
                .iter()
                .map(|w| {
                    let answer = if w.accepted { "ok" } else { "rejected" };
                    format!("t={} {} token {} {answer}", w.t, w.client, w.token)
                })
                .collect();
            let case = match r.case {
                sweep::FencingCase::StaleWriter => "(a) stale writer",
                sweep::FencingCase::DoubleWrite => "(b) B writes twice",
                sweep::FencingCase::TiedToken => "(c) tied token",
            };
            vec![
                case.to_owned(),
                r.comparison.operator().to_owned(),
                writes.join("; "),
                r.final_value.to_string(),
            ]
        })
        .collect();
    table(&["case", "stale if", "writes", "final"], &rows)
}

/// Leases that expire against leases that never do, with A pausing or
/// crashing.
fn expiry_table(base: &Params) -> String {
    let rows: Vec<Vec<String>> = sweep::expiry_variants(base)
        .iter()
        .map(|r| {
            vec![
                if r.expiry { "expires" } else { "never expires" }.to_owned(),
                if r.a_crashes { "crashes" } else { "pauses" }.to_owned(),
                opt(r.b_acquired_at),
                opt(r.b_waited),
                r.final_value.to_string(),
                r.outcome.label().to_owned(),
                r.end_tick.to_string(),
            ]
        })
        .collect();
    let headers = [
        "lease",
        "A",
        "B acquires",
        "B waited",
        "final",
        "outcome",
        "run ends",
    ];
    table(&headers, &rows)
}

fn opt(v: Option<Tick>) -> String {
    v.map_or("never".to_owned(), |t| t.to_string())
}
