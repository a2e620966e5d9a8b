//! The study's question: why a lock is not enough.

use super::Section;
use crate::figures::recheck::ExpiryFigure;
use crate::share::tools::CopyLink;
use crate::state::AppState;
use leptos::prelude::*;

/// Why a lock needs a lease, and the clause that both saves and breaks it.
#[component]
pub fn ProblemSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="problem" title="Why a lock needs a lease">
            // A table flows to any width: beside the words by the stylesheet alone.
            <div class="columns wide-columns">
                <div class="columns-intro">
                    <p>"Two processes on two machines want to change one thing — a file, a row, a job — and only one should do it at a time. "
                       "They share no memory, so the mutex moves into a third service both of them ask: a lock service."</p>
                    <p>"That service has a problem a mutex never has: the holder can vanish without saying so. It may have crashed, "
                       "been cut off, or simply stopped running for a while, and from outside these look the same. A lock held until "
                       "released is wedged for ever by a holder that never comes back. So the lock is granted as a "
                       "lease that runs out on its own. The table shows both sides of that clause."</p>
                </div>
                <div class="columns-figure">
                    <ExpiryFigure state />
                    <CopyLink state anchor="problem" />
                </div>
                <div class="columns-text">
                    <p>"Without expiry a slow holder is safe but a dead one blocks everyone for ever; with expiry the system moves on, "
                       "and — as the rest of this page shows — a holder that was only slow can come back to a lease that is already gone. "
                       "The clause that makes progress possible is the clause that makes the corruption possible."</p>
                </div>
            </div>
        </Section>
    }
}
