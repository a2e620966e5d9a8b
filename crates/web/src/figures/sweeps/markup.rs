//! The sweep figures' bodies as markup, from dlock-core's sweep rows: the
//! lease-length chart and its data table, B's-arrival strip, and the rows
//! of the cluster-size, `<`/`<=` and no-expiry tables. The components set
//! each as one block of inner markup and catch events on the container;
//! built through typed views, elements that are always replaced together
//! cost the page's wasm several kilobytes gzipped (measured).
//!
//! All text is escaped. It comes from dlock-core (numbers, outcome labels,
//! the letters A and B), never from the URL.

use crate::draw::geometry::Coord;
use crate::draw::markup::escape;
use crate::draw::palette::outcome_class;
use crate::figures::sweeps::{chart_labels, LeaseChart};
use dlock_core::sweep::{ArrivalRow, ClusterRow, ComparisonRow, ExpiryRow, FencingCase, LeaseRow};
use dlock_core::words::count;
use dlock_core::Tick;
use std::fmt::Write;

/// The chart's `<svg>`: axes, tick labels, and one focusable point per ttl
/// carrying `data-ttl`, the one at `current` ringed.
pub fn lease_chart_svg(c: &LeaseChart, current: Tick) -> String {
    let mut out = String::new();
    let (w, h) = (Coord(c.width), Coord(c.height));
    let _ = write!(
        out,
        "<svg class=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"group\" aria-label=\"B's waiting ticks against lease ttl; each point coloured by outcome\">"
    );
    let (left, right, top, bottom) = (Coord(c.left), Coord(c.right), Coord(c.top), Coord(c.bottom));
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{left}\" x2=\"{right}\" y1=\"{bottom}\" y2=\"{bottom}\"></line><line class=\"axis\" x1=\"{left}\" x2=\"{left}\" y1=\"{top}\" y2=\"{bottom}\"></line>"
    );
    for l in chart_labels(c) {
        let (x, y) = (Coord(l.x), Coord(l.y));
        let rotate = if l.vertical {
            format!(" transform=\"rotate(-90 {x} {y})\"")
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"{y}\" text-anchor=\"{}\"{rotate}>{}</text>",
            l.anchor.svg(),
            escape(&l.text)
        );
    }
    for pt in &c.points {
        let waits = pt
            .waited
            .map_or("for ever".to_owned(), |w| count(w, "tick", "ticks"));
        let title = escape(&format!(
            "ttl {}: {}; B waits {waits}",
            pt.ttl,
            pt.outcome.label()
        ));
        let _ = write!(
            out,
            "<circle class=\"pt {}{}\" cx=\"{}\" cy=\"{}\" r=\"5\" tabindex=\"0\" role=\"button\" aria-label=\"{title}\" data-ttl=\"{}\"><title>{title}</title></circle>",
            outcome_class(pt.outcome),
            if pt.ttl == current { " current" } else { "" },
            Coord(pt.x),
            Coord(pt.y),
            pt.ttl
        );
    }
    out.push_str("</svg>");
    out
}

/// The rows of the chart's data table, one per ttl.
pub fn lease_rows(rows: &[LeaseRow]) -> String {
    let mut out = String::new();
    for r in rows {
        let acquires = r.b_acquired_at.map_or("never".to_owned(), |t| t.to_string());
        let waits = r.b_waited.map_or("for ever".to_owned(), |t| t.to_string());
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{acquires}</td><td>{waits}</td><td>{}</td><td>{}</td></tr>",
            r.ttl,
            escape(&r.final_value.to_string()),
            r.outcome.label()
        );
    }
    out
}

/// The strip's cells: per arrival tick, the outcome on top and, below,
/// whether A's write was made without the lock.
pub fn arrival_strip(rows: &[ArrivalRow]) -> String {
    let mut out = String::new();
    for r in rows {
        let x = u64::from(r.b_arrives) * 5;
        let title = escape(&format!(
            "B arrives at {}: {}, final {}",
            r.b_arrives,
            r.outcome.label(),
            r.final_value
        ));
        let _ = write!(
            out,
            "<rect class=\"{}\" x=\"{x}\" y=\"0\" width=\"5\" height=\"16\"><title>{title}</title></rect><rect class=\"{}\" x=\"{x}\" y=\"18\" width=\"5\" height=\"6\"></rect>",
            outcome_class(r.outcome),
            if r.a_write_unlocked {
                "unlocked-mark"
            } else {
                "locked-mark"
            }
        );
    }
    out
}

/// The cluster-size table's rows, one per cluster size.
pub fn cluster_rows(rows: &[ClusterRow]) -> String {
    let mut out = String::new();
    for r in rows {
        let votes = r
            .b_votes
            .map_or("—".to_owned(), |v| format!("{v} of {}", r.servers));
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{votes}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            r.servers,
            r.quorum,
            escape(&r.final_value.to_string()),
            r.stale_overwrites,
            r.overlapping_grants
        );
    }
    out
}

/// The `<`/`<=` table's rows: each case under each comparison, with every
/// write's verdict.
pub fn comparison_rows(rows: &[ComparisonRow]) -> String {
    let mut out = String::new();
    for r in rows {
        let (code, case) = match r.case {
            FencingCase::StaleWriter => ("StaleWriter", "(a) A's stale write"),
            FencingCase::DoubleWrite => ("DoubleWrite", "(b) B writes twice under one lease"),
            FencingCase::TiedToken => (
                "TiedToken",
                "(c) A's stale write, B's token tied after a delayed restart",
            ),
        };
        let _ = write!(
            out,
            "<tr data-case=\"{code}\" data-cmp=\"{}\"><td>{}</td><td><code>token {} max</code></td><td class=\"writes\">",
            r.comparison.code(),
            escape(case),
            escape(r.comparison.operator())
        );
        for w in &r.writes {
            let (class, verdict) = if w.accepted {
                ("ok", "accepted")
            } else {
                ("rejected", "REJECTED")
            };
            let _ = write!(
                out,
                "<span class=\"{class}\">t={} {} token {} {verdict}</span>",
                w.t, w.client, w.token
            );
        }
        let _ = write!(out, "</td><td>{}</td></tr>", escape(&r.final_value.to_string()));
    }
    out
}

/// The no-expiry table's rows: leases that expire or not, A that pauses or
/// crashes.
pub fn expiry_rows(rows: &[ExpiryRow]) -> String {
    let mut out = String::new();
    for r in rows {
        let gets = r
            .b_acquired_at
            .map_or(format!("never (still asking at t={})", r.end_tick), |t| {
                format!("t={t}")
            });
        let waits = r
            .b_waited
            .map_or("for ever".to_owned(), |w| count(w, "tick", "ticks"));
        let _ = write!(
            out,
            "<tr data-expiry=\"{}\" data-crash=\"{}\"><td>{}</td><td>{}</td><td>{gets}</td><td>{waits}</td><td>{}</td><td class=\"{}\">{}</td></tr>",
            u8::from(r.expiry),
            u8::from(r.a_crashes),
            if r.expiry { "expire" } else { "never expire" },
            if r.a_crashes { "crashes" } else { "pauses" },
            escape(&r.final_value.to_string()),
            crate::draw::palette::verdict_class(r.outcome),
            r.outcome.label()
        );
    }
    out
}

/// The ttl of the chart point an event happened on, if any.
pub fn ttl_of(target: Option<&str>) -> Option<Tick> {
    target?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::sweeps::{chart_ttls, lease_chart};
    use dlock_core::{sweep, Params};

    #[test]
    fn every_ttl_is_one_focusable_point_and_the_current_one_is_ringed() {
        let p = Params::default();
        let rows = sweep::lease_lengths(&p, &chart_ttls(&p));
        let svg = lease_chart_svg(&lease_chart(&rows, 600.0), 10);
        assert_eq!(svg.matches("<circle ").count(), rows.len());
        assert_eq!(svg.matches(" current\"").count(), 1);
        assert!(
            svg.contains("class=\"pt o-corrupt current\""),
            "ttl 10 is the corrupted default"
        );
        assert!(svg.contains("data-ttl=\"15\""));
        assert!(svg.contains("aria-label=\"ttl 15: clean; B waits "));
        assert!(svg.starts_with("<svg class=\"chart\"") && svg.ends_with("</svg>"));
    }

    #[test]
    fn table_rows_and_strip_cells_follow_the_sweep() {
        let p = Params::default();
        let rows = sweep::lease_lengths(&p, &[10, 13]);
        let table = lease_rows(&rows);
        assert_eq!(table.matches("<tr>").count(), 2);
        assert!(
            table.contains("<tr><td>13</td><td>13</td><td>1</td><td>&#39;A&#39;</td><td>corrupt</td></tr>"),
            "{table}"
        );
        let strip = arrival_strip(&sweep::arrivals(&p, &[0, 100]));
        assert_eq!(strip.matches("<rect ").count(), 4);
        assert!(strip.contains("x=\"500\""));
        assert_eq!(
            strip.matches("unlocked-mark").count(),
            2,
            "A's write is unlocked at every arrival"
        );
    }

    #[test]
    fn the_study_tables_have_their_rows_and_escape_their_values() {
        let p = Params::default();
        let cluster = cluster_rows(&sweep::cluster_sizes(&p, &[1, 5]));
        assert_eq!(cluster.matches("<tr>").count(), 2);
        assert!(
            cluster.contains("<tr><td>5</td><td>3</td><td>5 of 5</td>"),
            "{cluster}"
        );
        let cmp = comparison_rows(&sweep::comparisons(&p));
        assert_eq!(cmp.matches("<tr data-case=").count(), 6);
        assert!(cmp.contains("data-case=\"DoubleWrite\" data-cmp=\"le\""));
        assert!(cmp.contains("data-case=\"TiedToken\" data-cmp=\"lt\""));
        assert!(
            cmp.contains("t=16 A token 1 accepted"),
            "the tie: < lets A's stale write through"
        );
        assert!(cmp.contains("<code>token &lt;= max</code>"));
        assert!(cmp.contains("t=16 A token 1 REJECTED"));
        let expiry = expiry_rows(&sweep::expiry_variants(&p));
        assert_eq!(expiry.matches("<tr data-expiry=").count(), 4);
        assert!(expiry.contains("data-expiry=\"0\" data-crash=\"1\""));
        assert!(expiry.contains("never (still asking at t="));
        assert!(!expiry.contains("'A"), "values are escaped");
    }

    #[test]
    fn only_a_point_names_a_ttl() {
        assert_eq!(ttl_of(Some("15")), Some(15));
        assert_eq!(ttl_of(Some("x")), None);
        assert_eq!(ttl_of(None), None);
    }
}
