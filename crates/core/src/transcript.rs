//! The run as text: the same lines the page shows and the CLI prints.

use crate::audit::{self, Audit, Outcome};
use crate::boundary;
use crate::params::{Fault, Params, RestartRemedy};
use crate::scenario::{simulate, Run};
use crate::sweep::{self, Grid};
use crate::trace::{Entry, What};
use crate::types::{holder_name, Client, Tick, NEVER};
use crate::words;
use std::fmt::Write;

fn lease(start: Tick, end: Tick) -> String {
    if end == NEVER {
        format!("[{start}, never)")
    } else {
        format!("[{start}, {end})")
    }
}

/// One line of the transcript.
pub fn entry_line(entry: &Entry, params: &Params) -> String {
    let (when, verb, detail) = entry_parts(entry, params);
    format!("t={when:<7} {}  {verb:<8}  {detail}", entry.client)
}

/// The transcript's lines for what is going on at tick `t` (see
/// [`Entry::covers`]), in transcript order: the page's cursor panel shows
/// them, so stepping through a run reads the transcript a tick at a time.
pub fn lines_at(run: &Run, t: Tick) -> Vec<String> {
    run.entries
        .iter()
        .filter(|e| e.covers(t))
        .map(|e| entry_line(e, &run.params))
        .collect()
}

/// One entry as its columns: when (a tick or a range), a verb, the detail.
/// The transcript line and the page's data table are both made from this.
pub fn entry_parts(entry: &Entry, params: &Params) -> (String, &'static str, String) {
    let quorum = params.quorum();
    let servers = params.servers;
    let (when, verb, detail) = match entry.what {
        What::Acquired {
            votes,
            token,
            lease_end,
        } => (
            entry.t.to_string(),
            "acquire",
            format!(
                "granted by {votes} of {servers} (quorum {quorum}): token {token}, lease {}",
                lease(entry.t, lease_end)
            ),
        ),
        What::AcquireFailed { votes } => (
            entry.t.to_string(),
            "acquire",
            format!("only {votes} of {servers} granted (quorum {quorum}): handed back"),
        ),
        What::Refused { until } => {
            let attempts = entry.attempts();
            let when = if attempts == 1 {
                entry.t.to_string()
            } else {
                format!("{}..{}", entry.t, until - 1)
            };
            let plural = if attempts == 1 {
                "attempt"
            } else {
                "attempts, one per tick"
            };
            (
                when,
                "acquire",
                format!("refused by every server ({attempts} {plural})"),
            )
        }
        What::Read { value } => (entry.t.to_string(), "read", format!("{value}")),
        What::Paused { until } => (
            entry.t.to_string(),
            "pause",
            format!("stopped until t={until}; nothing of A's runs in between"),
        ),
        What::Crashed => (
            entry.t.to_string(),
            "crash",
            "stopped for good; never writes, never releases".to_owned(),
        ),
        What::Rechecked { holds, votes } => (
            entry.t.to_string(),
            "re-check",
            format!(
                "holds {votes} of {servers} (quorum {quorum}): {}",
                if holds {
                    "yes, still the holder"
                } else {
                    "no, the lock is lost"
                }
            ),
        ),
        What::Wrote {
            value,
            token,
            accepted,
        } => (
            entry.t.to_string(),
            "write",
            format!(
                "{value} with token {token}: {}",
                if accepted {
                    "ACCEPTED"
                } else {
                    "REJECTED (stale token)"
                }
            ),
        ),
        What::WriteSkipped { value } => (
            entry.t.to_string(),
            "write",
            format!(
                "{value} not sent: {}",
                if matches!(params.fault, Fault::ClockDrift { .. }) && params.recheck_at.is_none() {
                    "the lease's validity has run out"
                } else {
                    "the re-check said the lock was lost"
                }
            ),
        ),
        What::ValidityChecked { valid_until, ok } => (
            entry.t.to_string(),
            "validity",
            format!(
                "lease trusted until t={valid_until} (ttl less the drift allowance): {}",
                if ok {
                    "still valid"
                } else {
                    "expired, do not write"
                }
            ),
        ),
        What::Sent { value, token, lands } => (
            entry.t.to_string(),
            "send",
            format!("{value} with token {token} leaves A; it reaches the resource at t={lands}"),
        ),
        What::Registered { token } => (
            entry.t.to_string(),
            "register",
            format!("tells the resource its token {token} before anything else"),
        ),
        What::Released { servers: held } => {
            let note = if held == 0 {
                " (nothing left to release)"
            } else {
                ""
            };
            (
                entry.t.to_string(),
                "release",
                format!(
                    "let go on {held} of {}{note}",
                    words::count(servers, "server", "servers")
                ),
            )
        }
        What::GaveUp => (
            entry.t.to_string(),
            "give up",
            "never got the lock; the run ends here".to_owned(),
        ),
    };
    (when, verb, detail)
}

/// Every lease any server granted, as table cells: server (counted from
/// 1 here, as people count), client, token, lease.
pub fn grant_rows(run: &Run) -> Vec<[String; 4]> {
    run.grants
        .iter()
        .map(|g| {
            [
                (g.server + 1).to_string(),
                g.client.to_string(),
                g.token.to_string(),
                lease(g.start, g.end),
            ]
        })
        .collect()
}

/// The run's events, one line each. A server restart belongs to no client,
/// so it is not an entry; its line is placed by its tick (it runs before
/// the clients' events of that tick).
pub fn event_lines(run: &Run) -> Vec<String> {
    let mut lines: Vec<(Tick, String)> = Vec::new();
    let entries = &run.entries;
    let mut i = 0;
    while i < entries.len() {
        let e = &entries[i];
        // A client that keeps getting a minority (a partition, servers
        // staying silent) fails once per tick: one line for the whole run.
        let repeats = entries[i..]
            .windows(2)
            .take_while(|w| {
                matches!(w[0].what, What::AcquireFailed { .. })
                    && w[1].what == w[0].what
                    && w[1].client == w[0].client
                    && w[1].t == w[0].t + 1
            })
            .count();
        if let (What::AcquireFailed { votes }, true) = (e.what, repeats > 0) {
            let last = entries[i + repeats].t;
            lines.push((
                e.t,
                format!(
                    "t={:<7} {}  {:<8}  only {votes} of {} granted each time (quorum {}; {} attempts, one per tick): handed back",
                    format!("{}..{last}", e.t),
                    e.client,
                    "acquire",
                    run.params.servers,
                    run.params.quorum(),
                    repeats + 1
                ),
            ));
            i += repeats + 1;
            continue;
        }
        lines.push((e.t, entry_line(e, &run.params)));
        i += 1;
    }
    if let Fault::Restart { servers, at, remedy } = run.params.fault {
        let index = lines.iter().position(|(t, _)| *t >= at).unwrap_or(lines.len());
        let detail = match remedy {
            RestartRemedy::None => "come back empty: holders, expiries and counters forgotten",
            RestartRemedy::Persist => "come back with the state they wrote to disk",
            RestartRemedy::StaySilent => "come back empty and refuse every request for one ttl",
        };
        let who = if servers == 1 {
            "server 1 crashes, restarts:".to_owned()
        } else {
            format!("{} crash, restart:", words::servers(1, servers))
        };
        lines.insert(
            index,
            (at, format!("t={at:<7} *  {:<8}  {who} {detail}", "restart")),
        );
    }
    lines.into_iter().map(|(_, line)| line).collect()
}

/// The transcript lines that differ between two runs of the same
/// schedule (same length expected), as `(index, first, second)`.
pub fn differing_lines(first: &Run, second: &Run) -> Vec<(usize, String, String)> {
    let a = event_lines(first);
    let b = event_lines(second);
    let len = a.len().max(b.len());
    (0..len)
        .filter_map(|i| {
            let (x, y) = (
                a.get(i).cloned().unwrap_or_default(),
                b.get(i).cloned().unwrap_or_default(),
            );
            (x != y).then_some((i, x, y))
        })
        .collect()
}

/// The parameters in one line.
pub fn describe(p: &Params) -> String {
    let pause = if p.write_tick() > p.effective_pause_from() {
        format!("A paused [{}, {})", p.effective_pause_from(), p.write_tick())
    } else {
        format!("A writes at {} without pausing", p.write_tick())
    };
    describe_around(p, &format!("ttl {}, {pause}", p.ttl), "")
}

/// What a grid over `p` holds fixed. Its ttl and pause length are the
/// grid's axes, so they are not stated as single values; a cell whose
/// write comes before the re-check checks at its write
/// ([`crate::sweep::cell_params`]).
pub fn describe_grid(p: &Params) -> String {
    describe_around(
        p,
        &format!(
            "every ttl and pause length below, A's pause from t={}",
            p.pause_from
        ),
        " (or at A's write, if that comes first)",
    )
}

/// The settings line with `timing` (ttl and pause) in the middle, and
/// `recheck_note` after the re-check's tick.
fn describe_around(p: &Params, timing: &str, recheck_note: &str) -> String {
    let mut s = format!(
        "{} (quorum {}), {timing}, B arrives at {}, fencing {}",
        words::count(p.servers, "server", "servers"),
        p.quorum(),
        p.b_arrives,
        if p.fencing {
            format!("on (stale is token {} max)", p.comparison.operator())
        } else {
            "off".to_owned()
        },
    );
    if !p.expiry {
        s.push_str(", leases never expire");
    }
    if p.a_crashes {
        s.push_str(", A crashes");
    }
    if let Some(c) = p.recheck_at {
        let _ = write!(s, ", A re-checks at {c}{recheck_note}");
    }
    if p.b_writes_twice {
        s.push_str(", B writes twice");
    }
    if p.register_token {
        s.push_str(", B registers its token first");
    }
    if let Some(fault) = describe_fault(p) {
        let _ = write!(s, ", {fault}");
    }
    s
}

/// The fault switched on, in words, or `None` for the study's own world.
pub fn describe_fault(p: &Params) -> Option<String> {
    let q = p.quorum();
    let n = p.servers;
    Some(match p.fault {
        Fault::None => return None,
        Fault::TokenDrift { partition, ordered } => format!(
            "A reaches only server 1 until t={partition}, then {}; B reaches {}; tokens from {}",
            words::servers(1, q),
            words::servers(n - q + 1, n),
            if ordered {
                "one ordered counter"
            } else {
                "each server's own counter"
            }
        ),
        Fault::Restart { servers, at, remedy } => format!(
            "{} {} and {} at t={at} ({})",
            words::servers(1, servers),
            if servers == 1 { "crashes" } else { "crash" },
            if servers == 1 { "restarts" } else { "restart" },
            remedy.label()
        ),
        Fault::ClockDrift {
            fast,
            rate_pct,
            allowance,
        } => format!(
            "{} {} running at {rate_pct}% (a {}-tick lease lasts {} there); A subtracts a drift allowance of {allowance}",
            words::servers(1, fast),
            if fast == 1 { "has a clock" } else { "have clocks" },
            p.ttl,
            words::count(crate::lock::real_ticks(p.ttl, rate_pct), "real tick", "real ticks")
        ),
        Fault::SlowNetwork { delay } => format!("A's write spends {} on the network", words::count(delay, "tick", "ticks")),
    })
}

/// A text table with right-aligned columns.
pub fn table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = headers.iter().map(|h| h.len()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    let mut out = line(headers.iter().map(|h| h.to_string()).collect());
    out.push('\n');
    for row in rows {
        out.push_str(&line(row.clone()));
        out.push('\n');
    }
    out
}

/// Every lease any server granted.
pub fn grant_table(run: &Run) -> String {
    let rows: Vec<Vec<String>> = grant_rows(run).into_iter().map(Vec::from).collect();
    table(&GRANT_COLUMNS, &rows)
}

/// The columns of [`grant_rows`].
pub const GRANT_COLUMNS: [&str; 4] = ["server", "client", "token", "lease"];

/// A labelled instant of a run, for axes and the holder table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instant {
    pub t: Tick,
    pub label: String,
}

/// The instants the story turns on, from the run's own record.
pub fn key_instants(run: &Run) -> Vec<Instant> {
    let mut out = Vec::new();
    let mut push = |t, label: &str| {
        out.push(Instant {
            t,
            label: label.to_owned(),
        })
    };
    if let Some(end) = run.a_lease_end() {
        push(end, "A's lease ends");
    }
    push(run.params.b_arrives, "B arrives");
    for w in &run.writes {
        push(
            w.t,
            if w.client == Client::A {
                "A writes"
            } else {
                "B writes"
            },
        );
    }
    if let Some(t) = run.b_acquired_at {
        push(t, "B acquires");
    }
    out.sort_by_key(|instant| instant.t);
    out
}

/// The ticks the holder story turns on: A's last live tick, the end of its
/// lease, and every write — or, when there is none of those (a wedged
/// lock), the end of the run, which still says who kept the lock.
pub fn holder_ticks(run: &Run) -> Vec<Tick> {
    let mut ticks: Vec<Tick> = Vec::new();
    if let Some(end) = run.a_lease_end().filter(|&e| e > 0) {
        ticks.extend([end - 1, end]);
    }
    ticks.extend(run.writes.iter().map(|w| w.t));
    if ticks.is_empty() {
        ticks.push(run.end_tick);
    }
    ticks.sort_unstable();
    ticks.dedup();
    ticks
}

/// Who held a quorum at the ticks that matter: A's last live tick, its
/// lease's end, and each write.
pub fn holder_line(run: &Run) -> String {
    let ticks = holder_ticks(run);
    let parts: Vec<String> = ticks
        .iter()
        .map(|&t| format!("t={t} {}", run.held_at(t).name()))
        .collect();
    format!("holder of a quorum at {}", parts.join(", "))
}

/// Each finding of the audits in words, one string per finding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditDetails {
    pub stale: Vec<String>,
    pub unlocked: Vec<String>,
    pub lost: Vec<String>,
}

pub fn audit_details(found: &Audit) -> AuditDetails {
    AuditDetails {
        stale: found
            .stale_overwrites
            .iter()
            .map(|s| {
                format!(
                    "t={} {} token {} over token {}",
                    s.t, s.client, s.token, s.applied
                )
            })
            .collect(),
        unlocked: found
            .unlocked_writes
            .iter()
            .map(|u| {
                format!(
                    "t={} {} while {} held the lock",
                    u.t,
                    u.client,
                    holder_name(u.holder)
                )
            })
            .collect(),
        lost: found
            .lost_updates
            .iter()
            .map(|l| {
                format!(
                    "{}'s {} (t={}) erased at t={} by {}",
                    l.client, l.value, l.t, l.erased_at, l.erased_by
                )
            })
            .collect(),
    }
}

/// The audits in words.
pub fn audit_lines(run: &Run, found: &Audit) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match found.overlapping_grants.len() {
        0 => "overlapping grants: 0 (no server ever granted two live leases at once)".to_owned(),
        n => format!("overlapping grants: {n} (mutual exclusion broken at the lock)"),
    });
    if let Some(o) = found.overlapping_holds.first() {
        out.push(format!(
            "overlapping holds: {} ({} entitled over [{}, {}), {} over [{}, {}): two holders at once)",
            found.overlapping_holds.len(),
            o.first.client,
            o.first.start,
            o.first.end,
            o.second.client,
            o.second.start,
            o.second.end
        ));
    }
    if !found.stale_accepts.is_empty() && run.params.fencing {
        let accepted: Vec<String> = found
            .stale_accepts
            .iter()
            .map(|s| format!("t={} {} token {} after a newer grant", s.t, s.client, s.token))
            .collect();
        out.push(format!(
            "stale writes fencing accepted: {}{}",
            accepted.len(),
            list_suffix(&accepted)
        ));
    }
    let details = audit_details(found);
    let (stale, unlocked, lost) = (details.stale, details.unlocked, details.lost);
    out.push(format!(
        "stale overwrites: {}{}",
        stale.len(),
        list_suffix(&stale)
    ));
    out.push(format!(
        "unlocked writes: {}{}",
        unlocked.len(),
        list_suffix(&unlocked)
    ));
    out.push(format!("lost updates: {}{}", lost.len(), list_suffix(&lost)));
    out.push(format!(
        "final value: {} (a serial run gives {}): {}",
        run.final_value,
        run.serial_answer(),
        found.outcome.label()
    ));
    out
}

fn list_suffix(items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        format!(" ({})", items.join("; "))
    }
}

/// Everything about one run: parameters, events, grants, holders, audits.
pub fn run_text(run: &Run) -> String {
    let found = audit::audit(run);
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
    if boundary::predicted(&grid.base).is_none() {
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
    let mut out = String::new();

    section(&mut out, "1. The corrupted run");
    out.push_str(&run_text(&simulate(&base)));

    section(&mut out, "2. The same schedule, fenced");
    let fenced_run = simulate(&fenced);
    out.push_str(&run_text(&fenced_run));
    for (_, a, b) in differing_lines(&simulate(&base), &fenced_run) {
        let _ = writeln!(
            out,
            "\nthe one line that changed:\n  unfenced: {a}\n  fenced:   {b}"
        );
    }

    section(&mut out, "3. Cluster sizes");
    let rows: Vec<Vec<String>> = sweep::cluster_sizes(&base, &sweep::STUDY_CLUSTER_SIZES)
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
    out.push_str(&table(
        &[
            "servers",
            "quorum",
            "B's votes",
            "final",
            "stale overwrites",
            "overlapping grants",
        ],
        &rows,
    ));

    section(&mut out, "4. Lease lengths");
    let rows: Vec<Vec<String>> = sweep::lease_lengths(&base, &sweep::STUDY_TTLS)
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
    out.push_str(&table(
        &["ttl", "B acquires", "B waited", "final", "outcome"],
        &rows,
    ));

    let pauses = sweep::study_grid_pauses();
    section(&mut out, "5. The ttl x pause staircase");
    out.push_str(&grid_text(&sweep::grid(&base, &sweep::STUDY_GRID_TTLS, &pauses)));

    section(&mut out, "6. The same grid, fenced");
    out.push_str(&grid_text(&sweep::grid(
        &fenced,
        &sweep::STUDY_GRID_TTLS,
        &pauses,
    )));

    section(&mut out, "7. B arrives late");
    out.push_str(&run_text(&simulate(&Params {
        b_arrives: sweep::STUDY_LATE_B,
        ..base
    })));

    section(&mut out, "8. Re-checking before the write");
    let rows: Vec<Vec<String>> = sweep::rechecks(&base, &sweep::STUDY_RECHECKS)
        .iter()
        .map(|r| {
            vec![
                r.check_at.to_string(),
                if r.holds { "yes" } else { "no" }.to_owned(),
                if r.a_wrote { "yes" } else { "no" }.to_owned(),
                r.final_value.to_string(),
                r.outcome.label().to_owned(),
            ]
        })
        .collect();
    out.push_str(&table(
        &["check at", "A holds?", "A writes?", "final", "outcome"],
        &rows,
    ));

    section(&mut out, "9. Stale is < or <=");
    let rows: Vec<Vec<String>> = sweep::comparisons(&base)
        .iter()
        .map(|r| {
            let writes: Vec<String> = r
                .writes
                .iter()
                .map(|w| {
                    format!(
                        "t={} {} token {} {}",
                        w.t,
                        w.client,
                        w.token,
                        if w.accepted { "ok" } else { "rejected" }
                    )
                })
                .collect();
            let case = match r.case {
                sweep::FencingCase::StaleWriter => "(a) stale writer",
                sweep::FencingCase::DoubleWrite => "(b) B writes twice",
            };
            vec![
                case.to_owned(),
                r.comparison.operator().to_owned(),
                writes.join("; "),
                r.final_value.to_string(),
            ]
        })
        .collect();
    out.push_str(&table(&["case", "stale if", "writes", "final"], &rows));

    section(&mut out, "10. Without lease expiry");
    let rows: Vec<Vec<String>> = sweep::expiry_variants(&base)
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
    out.push_str(&table(
        &[
            "lease",
            "A",
            "B acquires",
            "B waited",
            "final",
            "outcome",
            "run ends",
        ],
        &rows,
    ));
    out
}

fn opt(v: Option<Tick>) -> String {
    v.map_or("never".to_owned(), |t| t.to_string())
}
