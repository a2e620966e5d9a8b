//! Every sentence, tooltip and label the page builds from numbers, read
//! back for parameter sets near 1 — one server, one-tick leases, pauses and
//! waits — where "1 ticks" or "ticks 5–5" would show. Runs natively: these
//! are the plain functions the components render.
#![cfg(not(target_arch = "wasm32"))]

use dlock_core::history::{self, state_at};
use dlock_core::{simulate, sweep, Comparison, Params};
use dlock_web::figures::heatmap::layout::cell_tooltip;
use dlock_web::figures::panels::markup as panel_markup;
use dlock_web::figures::recheck::caption::rechecks;
use dlock_web::figures::sweeps::lease_chart;
use dlock_web::figures::sweeps::markup as sweep_markup;
use dlock_web::figures::timeline::{layout::layout, markup};
use dlock_web::study::sections as study;

#[path = "../../core/tests/support/misnumbered.rs"]
mod support;
use support::misnumbered;

/// Text content of some markup: what a reader sees or hears, tooltips
/// included, one line per element.
fn text_of(markup: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push('\n');
            }
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
}

fn small_params() -> impl Iterator<Item = Params> {
    let mut all = Vec::new();
    for servers in [1u16, 2, 3] {
        for ttl in 1..=3 {
            for pause_len in 0..=3 {
                for b_arrives in [0, 2, 3, 4, 5] {
                    for (fencing, recheck) in [(false, false), (true, false), (false, true)] {
                        let p = Params {
                            servers,
                            ttl,
                            pause_len,
                            b_arrives,
                            fencing,
                            comparison: Comparison::Lt,
                            ..Params::default()
                        };
                        all.push(Params {
                            recheck_at: recheck.then_some(p.write_tick().saturating_sub(1)),
                            ..p
                        });
                    }
                }
            }
        }
    }
    all.into_iter()
}

fn assert_well_numbered(what: &str, p: &Params, text: &str) {
    assert_eq!(misnumbered(text), None, "{what} for {p:?}:\n{text}");
}

#[test]
fn the_timeline_and_its_panels_put_their_nouns_in_the_right_number() {
    for p in small_params() {
        let run = simulate(&p);
        let found = run.audit();
        let drawing = markup::body(&layout(&run, 960.0, history::horizon(&run)));
        assert_well_numbered("timeline", &p, &text_of(&drawing));
        assert_well_numbered("event table", &p, &text_of(&markup::event_rows(&run)));
        assert_well_numbered("audit", &p, &text_of(&panel_markup::audit_body(&run, &found)));
        for t in 0..=run.end_tick {
            let at = state_at(&run, t);
            let lines = dlock_core::transcript::lines_at(&run, t);
            assert_well_numbered(
                "cursor",
                &p,
                &text_of(
                    &(panel_markup::cursor_summary(Some(&at), &lines) + &panel_markup::cursor_servers(&at)),
                ),
            );
        }
    }
}

#[test]
fn the_study_s_sentences_put_their_nouns_in_the_right_number() {
    for p in small_params() {
        let run = simulate(&p);
        let fenced = simulate(&Params { fencing: true, ..p });
        let mut lines = study::arithmetic::arithmetic(&run);
        lines.push(study::arithmetic::holders(&run));
        lines.push(study::corrupted::verdict(&run));
        lines.push(study::model::right_now(&p));
        lines.push(study::fenced::fencing_effect(&run, &fenced));
        lines.push(study::lease::inequality(&p));
        lines.push(study::vanish::vanishing(&p, sweep::STUDY_LATE_B));
        lines.extend(rechecks(&p, &sweep::recheck_ticks(&p)));
        assert_well_numbered("study", &p, &lines.join("\n"));
    }
}

#[test]
fn the_sweeps_and_the_heatmap_put_their_nouns_in_the_right_number() {
    for p in small_params().filter(|p| !p.fencing && p.recheck_at.is_none()) {
        let rows = sweep::lease_lengths(&p, &[1, 2, 3, 4]);
        let chart = sweep_markup::lease_chart_svg(&lease_chart(&rows, 640.0), p.ttl);
        assert_well_numbered("lease chart", &p, &text_of(&chart));
        assert_well_numbered("lease table", &p, &text_of(&sweep_markup::lease_rows(&rows)));
        let expiry = sweep_markup::expiry_rows(&sweep::expiry_variants(&p));
        assert_well_numbered("expiry rows", &p, &text_of(&expiry));
        let cluster = sweep_markup::cluster_rows(&sweep::cluster_sizes(&p, &[1, 3]));
        assert_well_numbered("cluster rows", &p, &text_of(&cluster));
        let grid = sweep::grid(&p, &[1, 2, 3], &[0, 1, 2, 3]);
        for (r, &ttl) in grid.ttls.iter().enumerate() {
            for (c, &pause) in grid.pause_lens.iter().enumerate() {
                let cell = grid.cell(r, c).expect("in the grid");
                assert_well_numbered("heatmap tooltip", &p, &cell_tooltip(&cell, ttl, pause));
            }
        }
    }
}

/// The scan itself can fail: a one-tick wait is worded through it.
#[test]
fn a_one_tick_wait_reads_as_one_tick() {
    let p = Params {
        ttl: 13,
        ..Params::default()
    };
    let grid = sweep::grid(&p, &[13], &[14]);
    let cell = grid.cell(0, 0).expect("one cell");
    assert_eq!(cell.b_waited, Some(1));
    assert!(cell_tooltip(&cell, 13, 14).ends_with("B waits 1 tick"));
    assert_eq!(misnumbered("B waits 1 ticks").as_deref(), Some("1 ticks"));
}
