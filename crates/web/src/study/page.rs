//! The page as a guided study: its sections in the order of the
//! argument, each beside the live figure that demonstrates it. Sentences
//! with numbers come from each section's module (dlock-core runs); the
//! rest is prose.

use crate::browser::{document, events, url};
use crate::state::AppState;
use crate::study::lazy::Building;
use crate::study::quiz::CheckYourself;
use crate::study::sections::acquiring::AcquiringSection;
use crate::study::sections::argument::ArgumentSection;
use crate::study::sections::arithmetic::ArithmeticSection;
use crate::study::sections::comparison::ComparisonSection;
use crate::study::sections::corrupted::CorruptedSection;
use crate::study::sections::debate::BothSidesSection;
use crate::study::sections::every::EveryScheduleSection;
use crate::study::sections::fault::FaultSection;
use crate::study::sections::fenced::FencedSection;
use crate::study::sections::lease::LeaseSection;
use crate::study::sections::model::ModelSection;
use crate::study::sections::problem::ProblemSection;
use crate::study::sections::reading::Reading;
use crate::study::sections::real::RealSection;
use crate::study::sections::recheck::RecheckSection;
use crate::study::sections::servers::ServersSection;
use crate::study::sections::simplified::SimplifiedSection;
use crate::study::sections::vanish::VanishSection;
use crate::study::sections::Section;
use crate::study::toc::{active_section, reveal_scroll, SECTIONS};
use leptos::prelude::*;

/// Scrolls the table of contents sideways so the link to section `index`
/// is on screen (the list is wider than most windows).
fn reveal_in_toc(nav: &web_sys::HtmlElement, index: usize) {
    use wasm_bindgen::JsCast;
    let Some(link) = nav
        .query_selector_all("a")
        .ok()
        .and_then(|links| links.item(index as u32))
        .and_then(|l| l.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let nav_box = nav.get_bounding_client_rect();
    let link_box = link.get_bounding_client_rect();
    let scroll_left = f64::from(nav.scroll_left());
    let item_left = link_box.left() - nav_box.left() + scroll_left;
    if let Some(to) = reveal_scroll(item_left, link_box.width(), scroll_left, nav_box.width(), 16.0) {
        nav.set_scroll_left(to.round() as i32);
    }
}

#[component]
fn Toc() -> impl IntoView {
    let active = RwSignal::new(0usize);
    let nav = NodeRef::<leptos::html::Nav>::new();
    let measure = move || {
        let tops: Vec<(usize, f64)> = SECTIONS
            .iter()
            .enumerate()
            .filter_map(|(i, (id, _))| {
                Some((i, document::element_by_id(id)?.get_bounding_client_rect().top()))
            })
            .collect();
        let now = active_section(&tops, 96.0, document::scrolled_to_end());
        if now != active.get_untracked() {
            active.set(now);
            if let Some(nav) = nav.get_untracked() {
                reveal_in_toc(&nav, now);
            }
        }
    };
    // Measured again once the scroll has settled: sections that start
    // rendering as they near the view change height a frame or two later,
    // with no scroll event of their own, and can change the answer.
    events::on_window("scroll", move || {
        measure();
        set_timeout(measure, std::time::Duration::from_millis(150));
    });
    view! {
        <nav class="toc" aria-label="Sections" data-testid="toc" node_ref=nav>
            <ol>
                {SECTIONS.iter().enumerate().map(|(i, (id, title))| view! {
                    <li><a href=format!("#{id}") class:active=move || active.get() == i
                        aria-current=move || (active.get() == i).then_some("location")>{*title}</a></li>
                }).collect_view()}
            </ol>
        </nav>
    }
}

#[component]
pub fn Study(state: AppState) -> impl IntoView {
    // However printing ended, the next print is the whole study again.
    events::on_window("afterprint", crate::browser::print::clear_marks);
    let building = Building::new(&url::read_query(), &url::read_hash());
    provide_context(building);
    let study = view! {
        <Toc />
        <CorruptedSection state />
        <ArgumentSection state />
        <ProblemSection state />
        <ModelSection state />
        <ArithmeticSection state />
        <FencedSection state />
        <ServersSection state />
        <LeaseSection state />
        <VanishSection state />
        <RecheckSection state />
        <AcquiringSection state />
        <ComparisonSection state />
        <SimplifiedSection />
        <FaultSection state />
        <RealSection state />
        <BothSidesSection state />
        <EveryScheduleSection state />
        <Section id="check" title="Check yourself">
            <CheckYourself state />
        </Section>
        <Section id="reading" title="Further reading">
            <Reading />
        </Section>
    };
    // Every section has joined the queue now: the view above made them.
    building.start();
    study
}
