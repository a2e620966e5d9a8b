//! "Every schedule": the section around the explorer's matrix
//! (`figures::check`).

use super::Section;
use crate::figures::check::EverySchedule;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use leptos::prelude::*;

#[component]
pub fn EveryScheduleSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="every-schedule" title="Every schedule">
            <p>"Every figure above is one schedule that someone chose. The debate is about all of them: that no pause while "
               "acquiring hurts a Redlock client, that fencing makes any pause harmless, that check-and-set serves as well as "
               "fencing. Here the model is asked exactly that. For each lock and each resource it tries every schedule within "
               "the bound below: B arriving at any tick up to the first number; A stopped once for up to the second, after it "
               "acquires, or with Redlock while its replies travel or just after its validity check; and each message reaching "
               "each server late by up to the third. It searches breadth first, so the first broken run it meets is a shortest "
               "one in steps (a step is one event of a run: a message arriving, a client acting). A ✔ means no schedule within this bound breaks the property, nothing more; a ✘ draws its "
               "counterexample below the table."</p>
            <p class="screen-only">"Folded below them: the cluster, the lease, the horizon (the tick at which clients stop retrying), how soon someone must hold the lock once "
               "a client asks, and one fault, a restart or a clock step on one server. Each button under the inputs asks a "
               "question in one click, setting every number; with a third client, C runs B's script."</p>
            <EverySchedule state />
            <FigureTools state figure=Figure::Check />
        </Section>
    }
}
