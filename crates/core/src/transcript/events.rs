//! A run's events and grants as lines and table rows: the transcript's
//! body, and the cells of the page's event and lease tables.

use crate::params::{Fault, Params, RestartRemedy};
use crate::scenario::Run;
use crate::trace::{Entry, Message, Skipped, What};
use crate::types::{Tick, NEVER};
use crate::words;

fn lease(start: Tick, end: Tick) -> String {
    if end == NEVER {
        format!("[{start}, never)")
    } else {
        format!("[{start}, {end})")
    }
}

/// A grant's lease as the table shows it: the lease the server granted,
/// and when a release cut it short, both — "[12, 22), released at 15" —
/// so the table and the acquire line ("lease [12, 22)") say the same.
pub fn granted_lease(g: &crate::lock::Grant) -> String {
    if g.start == g.end {
        format!("handed back at {}", g.start)
    } else if g.end < g.expires {
        format!("{}, released at {}", lease(g.start, g.expires), g.end)
    } else {
        lease(g.start, g.end)
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
    (when(entry), verb(&entry.what), detail(entry, params))
}

/// The tick of an entry, or the range of ticks a run of refusals spans.
fn when(entry: &Entry) -> String {
    match entry.what {
        What::Refused { until } if entry.attempts() != 1 => format!("{}..{}", entry.t, until - 1),
        _ => entry.t.to_string(),
    }
}

/// The verb column: which step of a client's script an entry is.
fn verb(what: &What) -> &'static str {
    match what {
        What::Acquired { .. }
        | What::AcquireFailed { .. }
        | What::NoValidity { .. }
        | What::Refused { .. } => "acquire",
        What::Requested { .. } | What::TooLate { .. } => "acquire",
        What::Read { .. } => "read",
        What::Paused { .. } => "pause",
        What::Crashed => "crash",
        What::Rechecked { .. } => "re-check",
        What::Wrote { .. } | What::WriteSkipped { .. } => "write",
        What::ValidityChecked { .. } => "validity",
        What::Sent { .. } => "send",
        What::Registered { .. } | What::Claimed { .. } => "register",
        What::Released { .. } => "release",
        What::GaveUp => "give up",
        What::Lost { .. } => "lost",
    }
}

/// One event as a sentence, in the transcript's words: when, who, what
/// they did, and the transcript's detail. The page's timeline uses it for
/// the tooltip of each event's mark, so the drawing and the transcript
/// say the same thing.
pub fn event_sentence(entry: &Entry, params: &Params) -> String {
    let (when, _, detail) = entry_parts(entry, params);
    format!(
        "t={when}: {} {}: {detail}",
        entry.client,
        verb_phrase(&entry.what)
    )
}

/// What a client does at an event, as the predicate of a sentence.
fn verb_phrase(what: &What) -> &'static str {
    match what {
        What::Acquired { .. } | What::AcquireFailed { .. } | What::NoValidity { .. } => "asks for the lock",
        What::TooLate { .. } => "asks for the lock",
        What::Requested { .. } => "sends its acquire requests",
        What::Refused { .. } => "asks for the lock every tick",
        What::Read { .. } => "reads the resource",
        What::Paused { .. } => "pauses",
        What::Crashed => "crashes",
        What::Rechecked { .. } => "asks whether it still holds a quorum",
        What::Wrote { .. } => "writes",
        What::WriteSkipped { .. } => "holds back its write",
        What::ValidityChecked { .. } => "checks its lease's validity",
        What::Sent { .. } => "sends its write",
        What::Registered { .. } => "registers its token",
        What::Claimed { .. } => "registers its lock id",
        What::Released { .. } => "releases",
        What::GaveUp => "gives up",
        What::Lost { .. } => "loses messages",
    }
}

/// The detail column: what the step found or did, in words.
fn detail(entry: &Entry, params: &Params) -> String {
    let quorum = params.quorum();
    let servers = params.servers;
    match entry.what {
        What::Acquired { .. } | What::AcquireFailed { .. } | What::NoValidity { .. } => {
            acquire_detail(entry, params)
        }
        What::Requested { .. } | What::TooLate { .. } => acquire_detail(entry, params),
        What::Refused { .. } => refusals(entry.attempts()),
        What::Read { value } => format!("{value}"),
        What::Paused { until } => format!(
            "stopped until t={until}; nothing of {}'s runs in between",
            entry.client
        ),
        What::Crashed => "stopped for good; never writes, never releases".to_owned(),
        What::Rechecked { holds, votes } => {
            let answer = if holds {
                "yes, still the holder"
            } else {
                "no, the lock is lost"
            };
            format!("holds {votes} of {servers} (quorum {quorum}): {answer}")
        }
        What::Wrote {
            value,
            token,
            accepted,
        } => {
            let answer = match (accepted, params.fencing, params.cas) {
                (true, ..) => "ACCEPTED",
                (false, false, true) => "REJECTED (not the lock id registered last)",
                (false, true, true) => "REJECTED (stale token, or not the lock id registered last)",
                (false, ..) => "REJECTED (stale token)",
            };
            format!("{value} with token {token}: {answer}")
        }
        What::WriteSkipped { value, why } => format!("{value} not sent: {}", why_skipped(why)),
        What::ValidityChecked { valid_until, ok } => {
            let answer = if ok {
                "still valid"
            } else {
                "expired, do not write"
            };
            let how = trust_reckoning(params).unwrap_or("the ttl from its grant");
            format!("lease trusted until t={valid_until} ({how}): {answer}")
        }
        What::Sent { value, token, lands } => {
            format!("{value} with token {token} leaves A; it reaches the resource at t={lands}")
        }
        What::Registered { token } => format!("tells the resource its token {token} before anything else"),
        What::Claimed { id } => {
            format!("tells the resource its lock id #{id}; from now on only writes carrying it apply")
        }
        What::Released { servers: held } => {
            let note = if held == 0 {
                " (nothing left to release: a lease that has expired is already gone)"
            } else {
                ""
            };
            format!(
                "let go on {held} of {}{note}",
                words::count(servers, "server", "servers")
            )
        }
        What::GaveUp => "never got the lock; the run ends here".to_owned(),
        What::Lost { message, count } => lost(message, count),
    }
}

/// What losing `count` messages of one kind means, in a line.
fn lost(message: Message, count: u16) -> String {
    let what = match message {
        Message::Request => words::count(count, "request", "requests"),
        Message::Reply => words::count(count, "reply to a grant", "replies to grants"),
        Message::Release => words::count(count, "release", "releases"),
    };
    let so = match message {
        Message::Request => "no server they were sent to hears them or grants",
        Message::Reply => "those leases live on at their servers, and the client does not count them",
        Message::Release => "those leases run on until they expire",
    };
    format!("{what} lost on the way: {so}")
}

/// How a client reckons the end of the lease it trusts, on its own
/// clock, where that is not simply the ttl from its grant: not the
/// servers' leases (the grant table's), which each server counts from
/// when a request reached it, on its clock.
fn trust_reckoning(params: &Params) -> Option<&'static str> {
    let allowance = params.drift_allowance() > 0;
    match (
        params.acquiring.takes_time(),
        params.acquiring.validity_check,
        allowance,
    ) {
        (true, true, true) => Some("ttl from sending, less the drift allowance"),
        (true, true, false) => Some("ttl from sending"),
        (true, false, _) => Some("ttl from reading the replies"),
        (false, _, true) => Some("ttl less the drift allowance"),
        (false, _, false) => None,
    }
}

/// The detail of an acquire round's entries: who granted, and what the
/// client made of it. The window an acquire names is the client's trust,
/// on its own reckoning ([`trust_reckoning`]); each server's lease is in
/// the grant table.
fn acquire_detail(entry: &Entry, params: &Params) -> String {
    let (servers, quorum) = (params.servers, params.quorum());
    match entry.what {
        What::Acquired {
            votes,
            token,
            lease_end,
        } => format!(
            "granted by {votes} of {servers} (quorum {quorum}): token {token}, trusted over {}{}",
            lease(entry.t, lease_end),
            trust_reckoning(params).map_or_else(String::new, |how| format!(" ({how})"))
        ),
        // Over a network every round gets its own line, refusals included.
        What::AcquireFailed { votes: 0 } => format!("refused by all {servers} servers (quorum {quorum})"),
        What::AcquireFailed { votes } => {
            format!("only {votes} of {servers} granted (quorum {quorum}): handed back")
        }
        What::Requested {
            servers: asked,
            arrive,
            spread: 0,
        } => format!("to {asked} of {servers} servers; they arrive at t={arrive}, and each lease starts there"),
        What::Requested {
            servers: asked,
            arrive,
            spread,
        } => format!(
            "to {asked} of {servers} servers; they arrive from t={arrive} to t={}, and each lease starts where its request arrives",
            arrive + spread
        ),
        What::TooLate {
            votes,
            elapsed,
            ttl,
            allowance,
            retry,
        } => format!(
            "granted by {votes} of {servers} (quorum {quorum}), but the replies were read {elapsed} ticks after the requests left: validity {ttl} - {elapsed} - {allowance} (drift allowance) is not above zero, so released on every server; tries again at t={retry}"
        ),
        What::NoValidity {
            votes,
            ttl,
            round_trip: 0,
            allowance,
        } => format!(
            "granted by {votes} of {servers} (quorum {quorum}), but its validity, ttl {ttl} less the drift allowance {allowance}, is not above zero: released on every server, gives up"
        ),
        What::NoValidity {
            votes,
            ttl,
            round_trip,
            allowance,
        } => format!(
            "granted by {votes} of {servers} (quorum {quorum}), but its validity, ttl {ttl} less the {round_trip}-tick round trip and the drift allowance {allowance}, is not above zero however fast the replies come: released on every server, gives up"
        ),
        _ => String::new(),
    }
}

/// How many refusals a run of them was, and that they came one per tick.
fn refusals(attempts: u32) -> String {
    let plural = if attempts == 1 {
        "attempt"
    } else {
        "attempts, one per tick"
    };
    format!("refused by every server ({attempts} {plural})")
}

/// Why a client did not send its write, in words.
fn why_skipped(why: Skipped) -> &'static str {
    match why {
        Skipped::ValidityEnded => "the lease's validity has run out",
        Skipped::LockLost => "the re-check said the lock was lost",
    }
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
                if g.token == 0 {
                    "-".to_owned()
                } else {
                    g.token.to_string()
                },
                granted_lease(g),
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
    if let Fault::Restart {
        servers, at, remedy, ..
    } = run.params.fault
    {
        let struck = crate::params::faulty_servers(run.params.servers, servers);
        // No server restarting is not an event: no line for it.
        if !struck.is_empty() {
            let index = lines.iter().position(|(t, _)| *t >= at).unwrap_or(lines.len());
            let one = struck.len() == 1;
            let (comes, refuses) = if one {
                ("comes", "refuses")
            } else {
                ("come", "refuse")
            };
            let detail = match remedy {
                RestartRemedy::None => format!("{comes} back empty: holders, expiries and counters forgotten"),
                RestartRemedy::Persist => format!("{comes} back with the state {} wrote to disk", if one { "it" } else { "they" }),
                RestartRemedy::StaySilent => format!(
                    "{comes} back empty, token counter{} included (a delayed restart, no persistence), and {refuses} every request for one ttl",
                    if one { "" } else { "s" }
                ),
            };
            let verb = if one {
                "crashes, restarts:"
            } else {
                "crash, restart:"
            };
            let who = format!("{} {verb}", words::server_set(&struck));
            lines.insert(
                index,
                (at, format!("t={at:<7} *  {:<8}  {who} {detail}", "restart")),
            );
        }
    }
    if let Some((at, line)) = clock_jump_line(&run.params) {
        let index = lines.iter().position(|(t, _)| *t >= at).unwrap_or(lines.len());
        lines.insert(index, (at, line));
    }
    lines.into_iter().map(|(_, line)| line).collect()
}

/// The line for a clock that steps, placed by its tick (it belongs to no
/// client); `None` when no clock steps.
fn clock_jump_line(p: &Params) -> Option<(Tick, String)> {
    let Fault::ClockJump {
        servers, at, jump, ..
    } = p.fault
    else {
        return None;
    };
    let struck = crate::params::faulty_servers(p.servers, servers);
    if struck.is_empty() || jump == 0 {
        return None;
    }
    let (whose, step) = if struck.len() == 1 {
        ("clock of", "steps")
    } else {
        ("clocks of", "step")
    };
    Some((
        at,
        format!(
            "t={at:<7} *  {:<8}  the {whose} {} {step} forward {}: every lease there ends that much sooner",
            "clock",
            words::server_set(&struck),
            words::count(jump, "tick", "ticks")
        ),
    ))
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
pub const GRANT_COLUMNS: [&str; 4] = ["server", "client", "token", "server's lease"];
