//! "Every schedule": the section around the explorer's matrix
//! (`figures::check`).

use super::sections::Section;
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
               "the bound below: B arriving at any tick up to the first number, A stopped once for any length up to the second "
               "(with Redlock, after it acquires or while its replies travel), and each round of requests, replies and releases "
               "late by up to the third. It searches breadth first, so the first broken run it meets is a shortest one in "
               "steps. A ✔ means no schedule within this bound breaks the property, nothing more; a ✘ opens its "
               "counterexample on the lease timeline."</p>
            <p>"The choices are those three. A late message is late at every server alike, and a server restart or a clock "
               "step is not yet a choice here: their sections above show one schedule each."</p>
            <EverySchedule state />
            <FigureTools state figure=Figure::Check />
        </Section>
    }
}
