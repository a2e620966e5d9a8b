//! The audit's and the cursor panel's bodies, and the lines that name a
//! figure's `dlock` command, as markup from dlock-core's
//! audit, state at a tick and command line. Each is replaced whole when the
//! run changes (the cursor panel at every step of playback), so it is set
//! as one block of inner markup rather than built from typed views, which
//! cost the wasm a few kilobytes gzipped more (measured).
//!
//! All text is escaped; it comes from dlock-core, never from the URL.

use crate::draw::markup::escape;
use dlock_core::history::StateAt;
use dlock_core::types::holder_name;
use dlock_core::{transcript, Audit, Outcome, Run};
use std::fmt::Write;

/// The audit of `run` as a definition list: each check with its count and
/// details, the final value against the serial answer, and the verdict.
pub fn audit_body(run: &Run, found: &Audit) -> String {
    let details = transcript::audit_details(found);
    let overlaps = found.overlapping_grants.len();
    let innocence = transcript::overlapping_grants_meaning(overlaps);
    let mut out = format!(
        "<dl><dt>overlapping grants</dt><dd><span data-testid=\"overlapping-grants\">{overlaps}</span> — {innocence}</dd>"
    );
    for (title, testid, lines) in [
        ("stale overwrites", "stale-overwrites", &details.stale),
        ("unlocked writes", "unlocked-writes", &details.unlocked),
        ("lost updates", "lost-updates", &details.lost),
    ] {
        let _ = write!(
            out,
            "<dt>{title}</dt><dd><span data-testid=\"{testid}\">{}</span> <small>{}</small></dd>",
            lines.len(),
            escape(&lines.join("; "))
        );
    }
    let verdict = crate::draw::palette::verdict_class(found.outcome);
    let against = if found.outcome == Outcome::Wedged {
        String::new()
    } else {
        format!(
            " against the serial answer <span data-testid=\"serial-answer\">{}</span>",
            escape(&run.serial_answer().to_string())
        )
    };
    let note = run.verdict_note(found.outcome).map_or_else(String::new, |n| {
        format!(" <small data-testid=\"outcome-note\">{}</small>", escape(n))
    });
    let _ = write!(
        out,
        "<dt>final value</dt><dd><span data-testid=\"final-value\">{}</span>{against}</dd><dt>verdict</dt><dd><span class=\"{verdict}\" data-testid=\"outcome\">{}</span>{note}</dd></dl>",
        escape(&run.final_value.to_string()),
        found.outcome.label()
    );
    out
}

/// What the panel says before any tick is chosen.
pub const CURSOR_HINT: &str =
    "<p class=\"hint screen-only\">Press play, drag the scrubber or use ← → on the timeline to inspect any tick.</p>";

/// The state of the lock and the resource at the cursor, then the
/// transcript's lines for that tick (`lines`, from `transcript::lines_at`):
/// what a screen reader reads out as the cursor moves.
pub fn cursor_summary(at: Option<&StateAt>, lines: &[String]) -> String {
    let Some(s) = at else {
        return CURSOR_HINT.to_owned();
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "<p>At t=<strong data-testid=\"cursor-tick\">{}</strong>: lock held by <strong data-testid=\"cursor-holder\">{}</strong>; resource <strong data-testid=\"cursor-value\">{}</strong>, highest token applied <strong>{}</strong>.</p>",
        s.t,
        holder_name(s.holder),
        escape(&s.value.to_string()),
        s.max_token
    );
    if lines.is_empty() {
        out.push_str("<p class=\"cursor-quiet\" data-testid=\"cursor-lines\">No line of the transcript covers this tick.</p>");
    } else {
        // A line each, so a line that wraps in the narrow panel hangs
        // under its own start.
        out.push_str("<div class=\"cursor-lines\" data-testid=\"cursor-lines\">");
        for line in lines {
            let _ = write!(out, "<p>{}</p>", escape(line));
        }
        out.push_str("</div>");
    }
    out
}

/// Each server's view of the lock at the cursor, as a table.
pub fn cursor_servers(s: &StateAt) -> String {
    let mut out = String::new();
    out.push_str("<table class=\"servers\"><thead><tr><th>server</th><th>holder</th><th>token</th><th>lease expires</th></tr></thead><tbody>");
    for sv in &s.servers {
        let dash = || "—".to_owned();
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            u32::from(sv.server) + 1,
            holder_name(sv.holder),
            sv.token.map_or_else(dash, |t| t.to_string()),
            sv.expires.map_or_else(dash, |e| e.to_string())
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// `before`, a `dlock` command line from `dlock_core::command` as code,
/// then `after`: a transcript's heading, or the end of the staircase's
/// agreement. `before` and `after` go in as markup: fixed words, or text
/// already through `escape`. The command is marked `translate="no"`: a
/// browser translating the page would otherwise translate `run` and the
/// flags, and the line would no longer be one a terminal accepts.
pub fn with_command(before: &str, command: &str, testid: &str, after: &str) -> String {
    format!(
        "{before}<code translate=\"no\" data-testid=\"{testid}\">{}</code>{after}",
        escape(command)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::history::state_at;
    use dlock_core::transcript;
    use dlock_core::{simulate, Params};

    #[test]
    fn the_audit_of_the_corrupted_run_names_its_stale_overwrite() {
        let run = simulate(&Params::default());
        let body = audit_body(&run, &run.audit());
        // It says what it counted: leases on a server, not clients' holds.
        assert!(body.contains(
            "<span data-testid=\"overlapping-grants\">0</span> — no server ever granted a lease while another was live on it"
        ));
        assert!(
            body.contains(
                "<span data-testid=\"stale-overwrites\">1</span> <small>t=16 A token 1 over token 2</small>"
            ),
            "{body}"
        );
        assert!(body.contains("<span data-testid=\"final-value\">&#39;A&#39;</span>"));
        assert!(body.contains("<span class=\"verdict bad\" data-testid=\"outcome\">corrupt</span></dd>"));
    }

    #[test]
    fn the_same_final_value_says_who_withheld_a_s_work_and_a_wedged_run_has_no_serial_answer() {
        let p = Params::default();
        let body = |p: Params| {
            let run = simulate(&p);
            audit_body(&run, &run.audit())
        };
        let aborted = body(Params {
            recheck_at: Some(p.write_tick()),
            ..p
        });
        assert!(
            aborted.contains(
                ">clean</span> <small data-testid=\"outcome-note\">A&#39;s work withheld by A itself"
            ),
            "{aborted}"
        );
        let fenced = body(Params { fencing: true, ..p });
        assert!(fenced.contains(">stale write rejected</span> <small data-testid=\"outcome-note\">A&#39;s work withheld by the resource"), "{fenced}");
        let wedged = body(Params {
            expiry: false,
            a_crashes: true,
            ..p
        });
        assert!(!wedged.contains("serial answer <span"), "{wedged}");
        assert!(
            wedged.contains("no serial answer to compare with: B never got the lock"),
            "{wedged}"
        );
        assert!(!body(p).contains("outcome-note"));
    }

    #[test]
    fn the_body_names_the_holder_and_has_a_row_per_server() {
        let run = simulate(&Params::default());
        let at = state_at(&run, 9);
        let body = cursor_summary(Some(&at), &transcript::lines_at(&run, 9)) + &cursor_servers(&at);
        assert!(body.contains("<strong data-testid=\"cursor-tick\">9</strong>"));
        assert!(body.contains("<strong data-testid=\"cursor-holder\">A</strong>"));
        assert_eq!(body.matches("<tr><td>").count(), 5);
        assert!(
            body.contains("cursor-value\">&#39;&#39;</strong>"),
            "the empty value, its quotes escaped: {body}"
        );
        assert!(
            body.contains("data-testid=\"cursor-lines\"><p>t=2       A  pause     stopped until t=16; nothing of A&#39;s runs in between</p></div>"),
            "the pause covers t=9: {body}"
        );
        let quiet = cursor_summary(Some(&state_at(&run, 18)), &transcript::lines_at(&run, 18));
        assert!(
            quiet.contains("No line of the transcript covers this tick."),
            "{quiet}"
        );
        assert_eq!(cursor_summary(None, &[]), CURSOR_HINT);
    }

    #[test]
    fn the_command_is_set_as_code_between_the_words() {
        let p = Params {
            ttl: 25,
            fencing: true,
            ..Params::default()
        };
        let command = dlock_core::command::study_command(&p);
        assert_eq!(
            with_command("Transcript (the text ", &command, "transcript-command", " prints)"),
            "Transcript (the text <code translate=\"no\" data-testid=\"transcript-command\">dlock run --ttl 25 --fencing</code> prints)"
        );
        assert!(with_command("", "a<b", "t", "").contains("a&lt;b"));
    }
}
