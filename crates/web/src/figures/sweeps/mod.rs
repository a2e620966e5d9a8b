//! §6.4–§6.6 as live figures: cluster sizes, lease lengths and B's arrival.
//! Rows come from dlock-core sweeps; the chart's geometry is a plain
//! function with native tests.

pub mod caption;
pub mod markup;

use crate::browser::document;
use crate::draw::geometry::Anchor;
use crate::settings::Field;
use crate::state::AppState;

use dlock_core::sweep::{self, LeaseRow};
use dlock_core::words::count;
use dlock_core::{params, Outcome, Params, Tick};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A point of the lease-length chart, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPoint {
    pub ttl: Tick,
    pub x: f64,
    pub y: f64,
    pub outcome: Outcome,
    pub waited: Option<Tick>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LeaseChart {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub bottom: f64,
    pub top: f64,
    pub right: f64,
    pub max_wait: Tick,
    pub points: Vec<ChartPoint>,
}

/// Lays out B's wait against ttl. A run where B never gets the lock is
/// drawn at the top edge.
pub fn lease_chart(rows: &[LeaseRow], width: f64) -> LeaseChart {
    let width = width.clamp(280.0, 720.0);
    let (left, right, top, height) = (44.0, width - 12.0, 10.0, 220.0);
    let bottom = height - 34.0;
    let max_wait = rows.iter().filter_map(|r| r.b_waited).max().unwrap_or(0).max(1);
    let max_ttl = rows.iter().map(|r| r.ttl).max().unwrap_or(1).max(1);
    let min_ttl = rows.iter().map(|r| r.ttl).min().unwrap_or(0);
    let span = f64::from((max_ttl - min_ttl).max(1));
    let points = rows
        .iter()
        .map(|r| ChartPoint {
            ttl: r.ttl,
            x: left + f64::from(r.ttl - min_ttl) / span * (right - left),
            y: bottom - f64::from(r.b_waited.unwrap_or(max_wait)) / f64::from(max_wait) * (bottom - top),
            outcome: r.outcome,
            waited: r.b_waited,
        })
        .collect();
    LeaseChart {
        width,
        height,
        left,
        bottom,
        top,
        right,
        max_wait,
        points,
    }
}

/// A text on the lease-length chart: its baseline point, how it is
/// anchored there, and whether it reads bottom to top.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartLabel {
    pub x: f64,
    pub y: f64,
    pub anchor: Anchor,
    pub vertical: bool,
    pub text: String,
}

/// Every label of the chart: the wait axis's ends, as many ttl values as
/// fit, and both axis titles. The page's SVG and the exported PNG draw
/// this same list.
pub fn chart_labels(c: &LeaseChart) -> Vec<ChartLabel> {
    let label = |x: f64, y: f64, anchor: Anchor, text: String| ChartLabel {
        x,
        y,
        anchor,
        vertical: false,
        text,
    };
    let mut labels = vec![
        label(c.left - 6.0, c.top + 4.0, Anchor::End, c.max_wait.to_string()),
        label(c.left - 6.0, c.bottom, Anchor::End, "0".to_owned()),
    ];
    let ttls: Vec<Tick> = c.points.iter().map(|pt| pt.ttl).collect();
    let spacing = (c.right - c.left) / c.points.len().max(1) as f64;
    for pt in crate::figures::heatmap::layout::labelled(&ttls, spacing, 26.0)
        .into_iter()
        .map(|i| &c.points[i])
    {
        labels.push(label(pt.x, c.bottom + 14.0, Anchor::Middle, pt.ttl.to_string()));
    }
    labels.push(label(
        (c.left + c.right) / 2.0,
        c.height - 4.0,
        Anchor::Middle,
        "lease ttl (ticks)".to_owned(),
    ));
    labels.push(ChartLabel {
        vertical: true,
        ..label(
            10.0,
            (c.top + c.bottom) / 2.0,
            Anchor::Middle,
            "B waits (ticks)".to_owned(),
        )
    });
    labels
}

/// B's arrivals the strip shows, one cell each (its SVG is 5 units a cell).
pub fn strip_arrivals() -> Vec<Tick> {
    (0..=100).collect()
}

/// The ttls the chart sweeps: from 1 to a little past A's write, so every
/// regime (gated by B's arrival, paid in waiting, waiting for A) shows.
pub fn chart_ttls(p: &Params) -> Vec<Tick> {
    let end = (p.write_tick().max(p.b_arrives) + 8).clamp(12, 120);
    (1..=end).collect()
}

/// The cluster sizes the table has rows for: the study's, and the one the
/// reader added, if any. The sentence above the table counts these.
pub fn table_sizes(added: Option<u16>) -> Vec<u16> {
    let mut sizes = sweep::STUDY_CLUSTER_SIZES.to_vec();
    if let Some(n) = added.filter(|n| !sizes.contains(n)) {
        sizes.push(n);
    }
    sizes
}

#[component]
pub fn ClusterTable(state: AppState) -> impl IntoView {
    // The added size lives in the URL (`add_n`), so a shared link shows its row.
    let added = Memo::new(move |_| state.settings.with(|s| s.added_servers));
    let rows = Memo::new(move |_| sweep::cluster_sizes(&state.settled.get(), &table_sizes(added.get())));
    let same = move || {
        rows.with(|rows| {
            let first = rows.first()?;
            let all_same = rows.iter().all(|r| {
                (r.final_value, r.stale_overwrites, r.overlapping_grants, r.outcome)
                    == (
                        first.final_value,
                        first.stale_overwrites,
                        first.overlapping_grants,
                        first.outcome,
                    )
            });
            Some(if all_same {
                format!(
                    "All {} rows end the same way: final value {}, {}, {}.",
                    rows.len(),
                    first.final_value,
                    count(first.stale_overwrites, "stale overwrite", "stale overwrites"),
                    count(
                        first.overlapping_grants,
                        "overlapping grant",
                        "overlapping grants"
                    )
                )
            } else {
                "The rows differ for these parameters: look for the cluster size that changes the outcome."
                    .to_owned()
            })
        })
    };
    // An empty box removes the row; text that is not a number leaves it.
    let on_add = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let size = match text.trim() {
            "" => None,
            text => match text.parse::<u64>() {
                Ok(n) => Some(params::SERVERS.clamp(n) as u16),
                Err(_) => return,
            },
        };
        state.settings.update(|s| s.added_servers = size);
    };
    view! {
        // Soft hyphens let the two long headers break on a phone, so the
        // last column stays on screen.
        <figure class="sweep pair" data-testid="cluster-sizes">
            <table class="data">
                <thead><tr><th>"servers"</th><th>"quorum"</th><th>"B's votes"</th><th>"final"</th><th>"stale over\u{ad}writes"</th><th>"over\u{ad}lapping grants"</th></tr></thead>
                <tbody inner_html=move || rows.with(|r| markup::cluster_rows(r))></tbody>
            </table>
            // What the table adds up to, beside it where the page is wide.
            <div>
                <label class="inline add-size">{format!("add a cluster size ({}–{}): ", params::SERVERS.min, params::SERVERS.max)}
                    <input type="number" min=params::SERVERS.min max=params::SERVERS.max data-testid="input-extra-n"
                        prop:value=move || added.get().map(|n| n.to_string()).unwrap_or_default() on:change=on_add /></label>
                <p data-testid="cluster-summary" prop:textContent=same></p>
                <p class="why">"A majority protects against lock servers that fail or disagree. Here every server answers correctly: whatever goes wrong happens in the client, after the answer has arrived."</p>
            </div>
        </figure>
    }
}

/// B's wait against the lease length, drawn for `width` (the page's, or
/// the column it stands in beside its words).
#[component]
pub fn LeaseLengths(state: AppState, #[prop(into)] width: Signal<f64>) -> impl IntoView {
    let rows = Memo::new(move |_| {
        let p = state.settled.get();
        sweep::lease_lengths(&p, &chart_ttls(&p))
    });
    let chart = Memo::new(move |_| rows.with(|r| lease_chart(r, width.get())));
    // A memo, so a change to any other parameter does not redraw the chart.
    let current = Memo::new(move |_| state.params.with(|p| p.ttl));
    let svg = move || {
        let markup = chart.with(|c| markup::lease_chart_svg(c, current.get()));
        // Loading a point by keyboard redraws the chart; the point keeps the focus.
        crate::browser::focus::keep_focus_across_replacement("data-ttl");
        markup
    };
    let load =
        move |ttl: Tick| state.set_params(Field::Ttl.set(&state.params.get_untracked(), u64::from(ttl)));
    // The points are markup: their events are caught here and read from
    // `data-ttl`.
    let point_of = |ev: &leptos::ev::Event| {
        let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
        markup::ttl_of(
            target
                .closest("[data-ttl]")
                .ok()??
                .get_attribute("data-ttl")
                .as_deref(),
        )
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(ttl) = point_of(&ev) {
            load(ttl);
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Enter" || ev.key() == " " {
            if let Some(ttl) = point_of(&ev) {
                ev.prevent_default();
                load(ttl);
            }
        }
    };
    view! {
        <figure class="sweep" data-testid="lease-lengths" id=document::figure_element_id("lease-lengths")>
            <div class="chart-box" on:click=on_click on:keydown=on_key inner_html=svg></div>
            <div class="visually-hidden">
                <table data-testid="lease-lengths-table">
                    <caption>"B's wait and the outcome for each lease length"</caption>
                    <thead><tr><th>"ttl"</th><th>"B acquires at"</th><th>"B waits"</th><th>"final"</th><th>"outcome"</th></tr></thead>
                    <tbody inner_html=move || rows.with(|r| markup::lease_rows(r))></tbody>
                </table>
            </div>
            <p class="legend-line"><span class="key o-corrupt">"●"</span>" corrupt  "<span class="key o-accepted">"●"</span>" stale write accepted  "<span class="key o-lost">"●"</span>" lost update  "
                <span class="key o-clean">"●"</span>" clean  "<span class="key o-rejected">"●"</span>" stale write rejected"<span class="screen-only">" — "<span class="fine-pointer">"click"</span><span class="coarse-pointer">"tap"</span>" a point to "
                <span class="in-study">"load its lease length into the lease timeline."</span>
                <span class="in-embed">"select its lease length; the full study opens it in the lease timeline."</span></span></p>
        </figure>
    }
}

#[component]
pub fn LateArrival(state: AppState) -> impl IntoView {
    let arrivals = strip_arrivals();
    let (first, last) = (
        arrivals.first().copied().unwrap_or(0),
        arrivals.last().copied().unwrap_or(0),
    );
    let view_box = format!("0 0 {} 24", arrivals.len() * 5);
    let rows = Memo::new(move |_| sweep::arrivals(&state.settled.get(), &arrivals));
    let current = Memo::new(move |_| {
        let p = state.params.get();
        sweep::arrivals(&p, &[p.b_arrives]).pop()
    });
    let on_input = move |ev: leptos::ev::Event| {
        if let Ok(v) = event_target_value(&ev).parse::<u64>() {
            state.set_params(Field::BArrives.set(&state.params.get_untracked(), v));
        }
    };
    view! {
        <figure class="sweep" data-testid="late-b" id=document::figure_element_id("late-b")>
            <label class="inline">"B arrives at "
                <input type="range" min="0" max="100" data-testid="late-b-slider" aria-label="B arrives at"
                    prop:value=move || state.params.with(|p| p.b_arrives) on:input=on_input />
                <strong prop:textContent=move || state.params.with(|p| p.b_arrives.to_string())></strong>
            </label>
            {move || current.get().map(|r| view! {
                <p data-testid="late-b-readout">
                    "Final value " <strong prop:textContent=r.final_value.to_string()></strong> "; stale overwrites "
                    <strong prop:textContent=r.stale_overwrites.to_string()></strong> "; A's write made without the lock: "
                    <strong data-testid="late-b-unlocked" prop:textContent=if r.a_write_unlocked { "yes" } else { "no" }></strong> "."
                </p>
            })}
            <svg class="strip" viewBox=view_box preserveAspectRatio="none" role="img"
                aria-label=format!("Outcome for each arrival tick from {first} to {last}")
                inner_html=move || rows.with(|r| markup::arrival_strip(r))>
            </svg>
            <p class="why" data-testid="late-b-caption" prop:textContent=move || rows.with(|r| crate::figures::sweeps::caption::arrival_strip_caption(r))></p>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_spans_its_box_and_puts_no_wait_on_the_axis() {
        let p = Params::default();
        let rows = sweep::lease_lengths(&p, &chart_ttls(&p));
        let c = lease_chart(&rows, 600.0);
        assert_eq!(c.points.first().map(|pt| pt.x), Some(c.left));
        assert_eq!(c.points.last().map(|pt| pt.x), Some(c.right));
        assert!(c
            .points
            .iter()
            .all(|pt| pt.y >= c.top - 1e-9 && pt.y <= c.bottom + 1e-9));
        let at = |ttl| c.points.iter().find(|pt| pt.ttl == ttl).expect("point");
        assert_eq!(at(1).y, c.bottom, "B does not wait at ttl 1");
        assert_eq!(at(17).y, c.top, "the longest wait is at the top");
        assert_eq!(at(10).outcome, Outcome::Corrupt);
        assert_eq!(at(15).outcome, Outcome::Clean);
    }

    #[test]
    fn the_chart_labels_its_axes_with_values_that_fit() {
        let p = Params::default();
        let rows = sweep::lease_lengths(&p, &chart_ttls(&p));
        for width in [280.0, 600.0] {
            let c = lease_chart(&rows, width);
            let labels = chart_labels(&c);
            let text = |t: &str| labels.iter().find(|l| l.text == t);
            // The wait axis runs from 0 to the longest wait core found.
            assert_eq!(text("0").map(|l| l.y), Some(c.bottom));
            assert_eq!(text(&c.max_wait.to_string()).map(|l| l.anchor), Some(Anchor::End));
            assert!(text("B waits (ticks)").is_some_and(|l| l.vertical));
            assert!(text("lease ttl (ticks)").is_some_and(|l| !l.vertical));
            // ttl values left to right, never closer than a label's width:
            // every one where they fit, else round ones (2, 4, 6 or 5, 10, 15).
            let ttls: Vec<&ChartLabel> = labels.iter().filter(|l| l.y == c.bottom + 14.0).collect();
            if ttls.len() < c.points.len() {
                let values: Vec<u32> = ttls.iter().map(|l| l.text.parse().expect("a ttl")).collect();
                let gap = values[1] - values[0];
                assert!(
                    gap > 1 && values.iter().all(|t| t % gap == 0),
                    "{width}: {values:?}"
                );
            } else {
                assert_eq!(ttls.first().map(|l| l.text.as_str()), Some("1"));
            }
            assert!(ttls.len() >= 2 && ttls.len() <= c.points.len());
            assert!(ttls.windows(2).all(|w| w[1].x - w[0].x >= 26.0 - 1e-9), "{width}");
        }
    }

    #[test]
    fn the_chart_covers_every_regime() {
        let ttls = chart_ttls(&Params::default());
        assert_eq!((ttls[0], *ttls.last().expect("ttls")), (1, 24));
    }
}
