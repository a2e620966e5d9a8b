//! The page as a guided study: eighteen sections in the order of the
//! argument, each beside the live figure that demonstrates it. Sentences
//! with numbers come from `study` (dlock-core runs); the rest is prose.

use crate::browser::{document, events};
use crate::figures::beyond::BeyondSection;
use crate::settings::{self, Figure};
use crate::share::tools::FigureTools;
use crate::state::AppState;
use crate::study::sections::{
    ArithmeticSection, ComparisonSection, CorruptedSection, FencedSection, LeaseSection, ModelSection,
    ProblemSection, RecheckSection, Section, ServersSection, SimplifiedSection, VanishSection,
};
use crate::study::sentences;
use crate::study::toc::{active_section, reveal_scroll, SECTIONS};
use dlock_core::beyond::Scenario;
use leptos::prelude::*;

/// Sets the figures to a preset run (keeping the heatmap's axes) and
/// scrolls to the section that shows it.
fn show_preset(state: AppState, query: &str, anchor: &str) {
    let (preset, _) = settings::parse(query);
    state.settings.update(|s| {
        s.params = preset.params;
        s.cursor = preset.cursor;
    });
    crate::browser::url::scroll_to(anchor);
}

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
    view! {
        <Toc />
        <CorruptedSection state />
        <ProblemSection state />
        <ModelSection state />
        <ArithmeticSection state />
        <FencedSection state />
        <ServersSection state />
        <LeaseSection state />
        <VanishSection state />
        <RecheckSection state />
        <ComparisonSection state />
        <SimplifiedSection />
        {Scenario::ALL.into_iter().map(|scenario| view! {
            <Section id=scenario.code() title=scenario.title()>
                <BeyondSection state scenario tools=view! { <FigureTools state figure=Figure::Beyond(scenario) /> }.into_any() />
            </Section>
        }).collect_view()}
        <Section id="check" title="Check yourself">
            <CheckYourself state />
        </Section>
        <Section id="reading" title="Further reading">
            <Reading />
        </Section>
    }
}

/// The check-yourself questions: each a question, a "show me" button that
/// loads the run its answer is about, and the answer, all from
/// `sentences::check_yourself`.
#[component]
fn CheckYourself(state: AppState) -> impl IntoView {
    view! {
        <ol class="questions">
            {sentences::check_yourself().into_iter().map(|q| {
                let sentences::Question { testid, show, anchor, question, answer } = q;
                view! {
                    <li class="question" data-testid=testid>
                        <p id=format!("{testid}-text")>{question}</p>
                        // Seven buttons say "Show me"; each is described by its question.
                        <button type="button" data-testid=format!("{testid}-show") aria-describedby=format!("{testid}-text")
                            on:click=move |_| show_preset(state, &show, anchor)>"Show me"</button>
                        <details><summary>"Answer"</summary><div class="answer">
                            {answer.into_iter().map(|a| view! { <p>{a}</p> }).collect_view()}
                        </div></details>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

#[component]
fn Reading() -> impl IntoView {
    let items: [(&str, &str, &str, &str); 9] = [
        (
            "Martin Kleppmann",
            "How to do distributed locking",
            "martin.kleppmann.com (blog)",
            "2016",
        ),
        (
            "Salvatore Sanfilippo (antirez)",
            "Is Redlock safe?",
            "antirez.com (blog)",
            "2016",
        ),
        (
            "Redis",
            "Distributed Locks with Redis",
            "redis.io documentation",
            "current",
        ),
        (
            "Mike Burrows",
            "The Chubby lock service for loosely-coupled distributed systems",
            "OSDI",
            "2006",
        ),
        (
            "Patrick Hunt, Mahadev Konar, Flavio P. Junqueira, Benjamin Reed",
            "ZooKeeper: Wait-free coordination for Internet-scale systems",
            "USENIX ATC",
            "2010",
        ),
        (
            "Apache ZooKeeper",
            "ZooKeeper Recipes and Solutions: Locks",
            "zookeeper.apache.org documentation",
            "current",
        ),
        (
            "Apache Kafka",
            "KIP-320: Allow fetchers to detect and handle log truncation",
            "Kafka Improvement Proposals, cwiki.apache.org",
            "2018",
        ),
        (
            "Apache Hadoop",
            "HDFS High Availability Using the Quorum Journal Manager",
            "hadoop.apache.org documentation",
            "current",
        ),
        (
            "Kyle Kingsbury",
            "Jepsen: Redis-Raft 1b3fbf6",
            "jepsen.io",
            "2020",
        ),
    ];
    view! {
        <ul class="reading" data-testid="reading">
            {items.into_iter().map(|(authors, title, venue, year)| view! {
                <li><span class="authors">{authors}</span>". "<cite>{title}</cite>". "{venue}", "{year}"."</li>
            }).collect_view()}
        </ul>
    }
}
