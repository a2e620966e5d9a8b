//! Re-checking the lock before the write: why it does not help.

use super::Section;
use crate::figures::recheck::RecheckFigure;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use leptos::prelude::*;

/// Re-checking the lock before the write.
#[component]
pub fn RecheckSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="recheck" title="Re-checking the lock before writing">
            <p>"The fix everyone proposes: just before writing, ask the lock service whether you still hold the lock. Each small "
               "multiple below places that check somewhere else."</p>
            <RecheckFigure state />
            <FigureTools state figure=Figure::Recheck />
            <p>"In the study's run every early check gets a true answer and the resource is corrupted anyway; only a check after "
               "the pause saves it. "
               "A cannot put its check after a pause it does not know is coming, and any check leaves some of A's own execution "
               "before the write reaches the network — a window the pause can land in. Making the window smaller makes the failure "
               "rarer, never impossible. Only the party applying the write can decide at the moment that matters."</p>
        </Section>
    }
}
