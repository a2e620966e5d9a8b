//! Lease length: the ttl × pause staircase, and where corruption starts.

use super::Section;
use crate::draw::geometry::{beside_width, column_width};
use crate::figures::heatmap::{view::Heatmap, HeatmapControls};
use crate::figures::sweeps::LeaseLengths;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::boundary;
use dlock_core::Params;
use leptos::prelude::*;

/// Lease lengths, and the staircase. Where the page is wide each figure
/// stands beside the words that read it, drawn for its column.
#[component]
pub fn LeaseSection(state: AppState) -> impl IntoView {
    let inequality = Memo::new(move |_| inequality(&state.params.get()));
    let beside = move || column_width(state.width.get());
    let figure_width = Signal::derive(move || beside_width(state.width.get(), false));
    let column = move || beside().map(|w| format!("{w}px"));
    view! {
        <Section id="lease" title="Does the lease length help?">
            <div class="columns" class:side-by-side=move || beside().is_some()>
                <div class="columns-intro">
                    <p>"Shortening the lease changes nothing while B's arrival is what lets B in. Lengthening it works only once it outlasts "
                       "the pause — and every extra tick of lease is a tick B spends blocked."</p>
                </div>
                <div class="columns-figure" style:width=column>
                    <LeaseLengths state width=figure_width />
                </div>
                <div class="columns-text">
                    <p>"Vary both and the corrupt region is a staircase. B acquires when A's lease expires or A releases, but not before it "
                       "arrives, and writes two ticks later; the resource is corrupted exactly when that lands before A's write."</p>
                    <p class="formula" data-testid="inequality" prop:textContent=inequality></p>
                </div>
            </div>
            <div class="columns" class:side-by-side=move || beside().is_some()>
                // The staircase's inputs: before it on a phone, beside it where the page is wide.
                <div class="columns-intro"><HeatmapControls state /></div>
                <div class="columns-figure" style:width=column>
                    <Heatmap state width=figure_width />
                    <FigureTools state figure=Figure::Heatmap />
                </div>
                <div class="columns-text">
                    <p>"Read as advice, the inequality says: choose a lease longer than the longest pause you will ever have. Nobody knows that "
                       "number, so a row with no corrupt cells is a grid that stopped too early, not a safe setting."</p>
                    <p>"The grid is exhaustive over the rectangle you choose, not a random sample: a failure rate from random pauses would "
                       "only measure the ranges someone picked. Here every cell is simulated and compared with the inequality, and the "
                       "sentence after the colour key counts how many agree."</p>
                </div>
            </div>
        </Section>
    }
}

/// The staircase inequality with this run's numbers (§6.5).
pub fn inequality(p: &Params) -> String {
    let Some(outcome) = boundary::predicted(p) else {
        return "This variant is outside the closed form (it assumes leases expire, A pauses and writes once, and no re-check); the heatmap still simulates every cell.".to_owned();
    };
    let margin = boundary::stale_margin(p);
    let lhs = boundary::b_acquires(p) + margin;
    let plus = if margin == 0 {
        String::new()
    } else {
        format!(" + {margin}")
    };
    let w = p.write_tick();
    let relation = if lhs < w {
        "<"
    } else if lhs == w {
        "="
    } else {
        ">"
    };
    format!(
        "Here max(b_arrives = {}, min(ttl = {}, A's release = {})){plus} = {lhs} {relation} {w} = pause_from + pause_len, so the closed form says: {}.",
        p.b_arrives,
        p.ttl,
        p.a_releases_at(),
        outcome.label()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inequality_follows_the_parameters_and_leases_without_expiry() {
        let p = Params {
            ttl: 25,
            pause_len: 26,
            ..Params::default()
        };
        assert!(inequality(&p).contains("27 < 28"), "{}", inequality(&p));
        assert!(inequality(&Params::default())
            .contains("max(b_arrives = 12, min(ttl = 10, A's release = 17)) + 2 = 14 < 16"));
        assert!(inequality(&Params {
            expiry: false,
            ..Params::default()
        })
        .contains("outside the closed form"));
    }
}
