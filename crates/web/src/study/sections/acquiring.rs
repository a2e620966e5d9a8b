//! A pause while acquiring: the acquire staircase, with the validity check and without.

use super::Section;
use crate::figures::acquiring::AcquireStaircase;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use leptos::prelude::*;

/// A pause while acquiring: what Redlock's validity check catches.
#[component]
pub fn AcquiringSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="acquiring" title="Pausing while acquiring">
            <p>"Redlock's own answer to a pause is its validity check, met with "<a href="#argument">"the table"</a>": the "
               "lease must have time left after T2 − T1 (asking at T1, a majority's answers by T2) and a drift allowance. A "
               "pause while the replies are in flight therefore shows up in T2 − T1, and antirez counts "
               "it as caught; Kleppmann's pause comes after the check, where no check can see it. Here A is stopped while its "
               "replies travel, for every length of stop (across) and every arrival of B (down), with no pause after "
               "acquiring, at the page's latency (one tick a message if it is zero). "<span class="screen-only">"Click a cell to open its run."</span></p>
            <AcquireStaircase state />
            <FigureTools state figure=Figure::Acquiring />
        </Section>
    }
}
