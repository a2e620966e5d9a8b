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
               "the bound below: B arriving at any tick up to the first number; A stopped once for any length up to the second "
               "(with Redlock, after it acquires or while its replies travel, and for a client that checks the validity left, "
               "also just after that check, so that it writes on a stale answer); and each request and each release reaching "
               "each server late, on its own, by up to the third, as each round's replies may be. It searches breadth first, "
               "so the first broken run it meets is a shortest one in steps. A ✔ means no schedule within this bound breaks "
               "the property, nothing more; a ✘ opens its counterexample on the lease timeline."</p>
            <p>"More bounds are folded below them: the cluster, the lease, when clients stop retrying, how soon, once a "
               "client asks, someone must hold the lock, and one fault at a time, a server that restarts in one of the modes of its section or "
               "one server's clock stepping forward, at any tick."</p>
            <EverySchedule state />
            <FigureTools state figure=Figure::Check />
        </Section>
    }
}
