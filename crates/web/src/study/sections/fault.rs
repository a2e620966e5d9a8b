//! "One fault, up close": the fault × remedy table's selected row as one
//! run set by hand, with that fault's knobs, verdict and sources. It
//! stands where six sections did, one a scenario of `dlock_core::beyond`;
//! their anchors stay here, and a link to one opens its row (`app` calls
//! [`cell_for_fragment`] on load and on every jump within the page).

use super::beyond::BeyondSection;
use super::Section;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::beyond::Scenario;
use dlock_core::explore::argument::{Cell, Fault, Remedy};
use leptos::prelude::*;

/// The section's anchor.
pub const ID: &str = "fault";

/// The scenario that shows a row's fault by hand, if one does: a lost
/// message is shown by its slow kin (both are "the network"), and a pause
/// while acquiring has the acquire staircase of its own section.
pub fn scenario_of(fault: Fault) -> Option<Scenario> {
    match fault {
        Fault::Pause => Some(Scenario::StaleAccepted),
        Fault::PauseAcquiring => None,
        Fault::SlowMessages | Fault::LostMessages => Some(Scenario::SlowNetwork),
        Fault::FastClock => Some(Scenario::ClockDrift),
        Fault::ClockJump => Some(Scenario::ClockJump),
        Fault::Restart => Some(Scenario::Restart),
        Fault::TokenDrift => Some(Scenario::TokenDrift),
    }
}

/// The cell a scenario's old section stands for: its fault, against the
/// lock as Redlock describes it (with the validity check) — or, where the
/// scenario is about fencing failing, against fencing.
pub fn cell_of(scenario: Scenario) -> Cell {
    let (fault, remedy) = match scenario {
        Scenario::TokenDrift => (Fault::TokenDrift, Remedy::Fencing),
        Scenario::StaleAccepted => (Fault::Pause, Remedy::Fencing),
        Scenario::Restart => (Fault::Restart, Remedy::ValidityCheck),
        Scenario::ClockDrift => (Fault::FastClock, Remedy::ValidityCheck),
        Scenario::ClockJump => (Fault::ClockJump, Remedy::ValidityCheck),
        Scenario::SlowNetwork => (Fault::SlowMessages, Remedy::ValidityCheck),
    };
    Cell { fault, remedy }
}

/// The row on show: the picked cell's, or the study's own fault.
pub fn row(picked: Option<Cell>) -> Fault {
    picked.map_or(Fault::Pause, |c| c.fault)
}

/// The cell to pick when the address's `fragment` (`#restart`) names a
/// scenario's old section, unless a cell of a row that scenario shows is
/// picked already; `None` leaves the pick alone.
pub fn cell_for_fragment(fragment: &str, picked: Option<Cell>) -> Option<Cell> {
    let scenario = Scenario::from_code(fragment.strip_prefix('#')?)?;
    let shown = picked.and_then(|c| scenario_of(c.fault));
    (shown != Some(scenario)).then(|| cell_of(scenario))
}

/// The links to each scenario's row, the one on show marked, and the six
/// sections' old anchors (a link to one lands here). Markup, not
/// components: the page's bytes are budgeted.
pub fn rows_markup(shown: Option<Scenario>) -> String {
    let mut out =
        String::from("The table's selected row, run once by hand. The rows with a run of their own:");
    for s in Scenario::ALL {
        let code = s.code();
        let current = if shown == Some(s) {
            " aria-current=\"true\""
        } else {
            ""
        };
        out += &format!(
            " <a href=\"#{code}\" data-testid=\"row-{code}\"{current}>{}</a><span class=\"old-anchor\" id=\"{code}\"></span>",
            cell_of(s).fault.heading()
        );
    }
    out
}

/// What a row's search and its run by hand do differently, where they
/// differ: the table's network rows slow or lose the lock's own messages
/// with no client stopped, while the slow network's run delays A's write
/// on its way to the storage service. Said where the run is read, so that
/// the row's verdict and the run's are not taken for one fault's.
pub fn row_note(fault: Fault) -> Option<&'static str> {
    match fault {
        Fault::SlowMessages | Fault::LostMessages => Some(
            "The table's row slows or loses the lock's own messages (requests, replies, releases), with no \
             client stopped. The run below delays another message: A's write, on its way to the storage \
             service. Another fault, so another verdict: read the row's in the table.",
        ),
        _ => None,
    }
}

/// The section: links to each scenario's row, then the row on show.
#[component]
pub fn FaultSection(state: AppState) -> impl IntoView {
    let scenario = Memo::new(move |_| state.settings.with(|s| scenario_of(row(s.cell))));
    let note = Memo::new(move |_| state.settings.with(|s| row_note(row(s.cell))));
    let heading = Signal::derive(move || {
        scenario
            .get()
            .map_or("A client that stops while acquiring", |s| s.title())
            .to_owned()
    });
    // A link's own jump picks its row too (`app`'s listener), but not a
    // second click on the fragment already in the address: that fires no
    // event, so the click picks it here.
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let fragment = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("href"));
        if let Some(cell) =
            fragment.and_then(|f| state.settings.with_untracked(|s| cell_for_fragment(&f, s.cell)))
        {
            state.settings.update(|s| s.cell = Some(cell));
        }
    };
    // Each scenario laid out once and hidden off its row, not built
    // again at each pick: one view type fewer, and the page's bytes are
    // budgeted.
    let figures = Scenario::ALL
        .into_iter()
        .map(|s| {
            view! {
                <div hidden=move || scenario.get() != Some(s)>
                    <BeyondSection state scenario=s tools=view! { <FigureTools state figure=Figure::Beyond(s) /> }.into_any() />
                </div>
            }
        })
        .collect_view();
    view! {
        <Section id=ID title="One fault, up close" heading>
            <p class="fault-rows" data-testid="fault-rows" on:click=on_click
                inner_html=move || rows_markup(scenario.get())></p>
            <p data-testid="fault-row-note" hidden=move || note.get().is_none()
                prop:textContent=move || note.get().unwrap_or_default()></p>
            {figures}
            <p hidden=move || scenario.get().is_some()>"This row's runs by hand are the acquire staircase of "
                <a href="#acquiring">"Pausing while acquiring"</a>", where A stands still while its replies travel."</p>
        </Section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The network rows, whose run by hand delays another message, say
    /// so where the run is read; the rows whose run is their own fault
    /// say nothing more.
    #[test]
    fn a_row_whose_run_by_hand_is_another_fault_says_so() {
        for fault in Fault::ALL {
            let network = matches!(fault, Fault::SlowMessages | Fault::LostMessages);
            assert_eq!(row_note(fault).is_some(), network, "{}", fault.code());
        }
        assert!(row_note(Fault::SlowMessages).is_some_and(|n| n.contains("A's write")));
        assert_eq!(scenario_of(Fault::SlowMessages), Some(Scenario::SlowNetwork));
    }

    #[test]
    fn the_rows_links_mark_the_one_on_show_and_keep_every_old_anchor() {
        let markup = rows_markup(Some(Scenario::Restart));
        assert_eq!(markup.matches("aria-current").count(), 1);
        assert!(markup.contains("href=\"#restart\" data-testid=\"row-restart\" aria-current"));
        for s in Scenario::ALL {
            assert!(markup.contains(&format!("id=\"{}\"", s.code())), "{s:?}");
        }
        assert!(!rows_markup(None).contains("aria-current"));
    }

    #[test]
    fn every_scenario_opens_a_row_that_shows_it() {
        for s in Scenario::ALL {
            let cell = cell_of(s);
            assert!(cell.applies(), "{s:?}");
            assert_eq!(scenario_of(row(Some(cell))), Some(s), "{s:?}");
        }
    }

    /// Each old section's link opens the cell it stood for (the browser
    /// suite follows two of these links, to show the page reads them).
    #[test]
    fn each_old_sections_link_opens_its_own_cell() {
        let opened: Vec<(&str, String)> = Scenario::ALL
            .iter()
            .map(|s| {
                let cell = cell_for_fragment(&format!("#{}", s.code()), None).expect("a cell");
                (s.code(), cell.code())
            })
            .collect();
        let expected = [
            ("token-drift", "token-drift.fencing"),
            ("restart", "restart.validity"),
            ("clock-drift", "fast-clock.validity"),
            ("clock-jump", "clock-jump.validity"),
            ("slow-network", "slow.validity"),
            ("stale-accepted", "pause.fencing"),
        ];
        for (code, cell) in expected {
            assert!(opened.contains(&(code, cell.to_owned())), "#{code}: {opened:?}");
        }
        assert_eq!(opened.len(), expected.len());
    }

    #[test]
    fn an_old_anchor_picks_its_row_once_and_other_fragments_pick_nothing() {
        let restart = cell_for_fragment("#restart", None);
        let restart = restart.expect("a row");
        assert_eq!(restart.code(), "restart.validity");
        // Already on that row, in another column: the reader's pick stays.
        let delayed = Cell::from_code("restart.delayed-restart");
        assert_eq!(cell_for_fragment("#restart", delayed), None);
        // Lost messages are shown by the slow network's run.
        let lost = Cell::from_code("lost.fencing");
        assert_eq!(cell_for_fragment("#slow-network", lost), None);
        for fragment in ["", "#", "#lease", "#fault", "restart"] {
            assert_eq!(cell_for_fragment(fragment, None), None, "{fragment:?}");
        }
        let stale = Cell::from_code("pause.cas");
        assert_eq!(cell_for_fragment("#stale-accepted", stale), None);
        // With no pick, the old section's own cell is picked, so the
        // address names it.
        assert_eq!(
            cell_for_fragment("#stale-accepted", None).map(|c| c.code()),
            Some("pause.fencing".to_owned())
        );
        assert_eq!(
            cell_for_fragment("#stale-accepted", Some(restart)).map(|c| c.code()),
            Some("pause.fencing".to_owned())
        );
    }
}
