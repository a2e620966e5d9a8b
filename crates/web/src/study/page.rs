//! The page as a guided study: eighteen sections in the order of the
//! argument, each beside the live figure that demonstrates it. Sentences
//! with numbers come from `study` (dlock-core runs); the rest is prose.

use crate::browser::{document, events};
use crate::figures::beyond::BeyondSection;
use crate::settings::{self, Figure};
use crate::share::tools::FigureTools;
use crate::state::AppState;
use crate::study::debate::BothSidesSection;
use crate::study::every::EveryScheduleSection;
use crate::study::real::RealSection;
use crate::study::sections::{
    AcquiringSection, ArithmeticSection, ComparisonSection, CorruptedSection, FencedSection, LeaseSection,
    ModelSection, ProblemSection, RecheckSection, Section, ServersSection, SimplifiedSection, VanishSection,
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
    // However printing ended, the next print is the whole study again.
    events::on_window("afterprint", crate::browser::print::clear_marks);
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
        <AcquiringSection state />
        <ComparisonSection state />
        <SimplifiedSection />
        {Scenario::ALL.into_iter().map(|scenario| view! {
            <Section id=scenario.code() title=scenario.title()>
                <BeyondSection state scenario tools=view! { <FigureTools state figure=Figure::Beyond(scenario) /> }.into_any() />
            </Section>
        }).collect_view()}
        <RealSection state />
        <BothSidesSection state />
        <EveryScheduleSection state />
        <Section id="check" title="Check yourself">
            <CheckYourself state />
        </Section>
        <Section id="reading" title="Further reading">
            <Reading />
        </Section>
    }
}

/// The check-yourself questions: each a question, a "show me" link that
/// loads the run its answer is about, and the answer, all from
/// `sentences::check_yourself`. Printed, the answers come along only if
/// the reader asks: a handout for a class usually leaves them out.
#[component]
fn CheckYourself(state: AppState) -> impl IntoView {
    let with_answers = RwSignal::new(false);
    view! {
        <label class="print-answers">
            <input type="checkbox" data-testid="print-answers" prop:checked=with_answers
                on:change=move |ev| with_answers.set(event_target_checked(&ev)) />
            " Print the answers too"
        </label>
        <ol class="questions" class:with-answers=with_answers data-testid="questions">
            {sentences::check_yourself().into_iter().map(|q| {
                let sentences::Question { testid, show, anchor, question, answer } = q;
                // A link, so a handout prints where it leads; a click
                // stays in the page and loads the run in place.
                let href = format!("{}{show}#{anchor}", crate::browser::url::page_base());
                let on_click = move |ev: leptos::ev::MouseEvent| {
                    ev.prevent_default();
                    show_preset(state, &show, anchor);
                };
                view! {
                    <li class="question" data-testid=testid>
                        <p id=format!("{testid}-text")>{question}</p>
                        // Seven links say "Show me"; each is described by its question.
                        <a class="preset" href=href data-testid=format!("{testid}-show") aria-describedby=format!("{testid}-text")
                            on:click=on_click>"Show me"</a>
                        <details><summary>"Answer"</summary><div class="answer">
                            {answer.into_iter().map(|a| view! { <p>{a}</p> }).collect_view()}
                        </div></details>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

/// One entry of the further reading: who, what, where, when, and the
/// address of the source itself. A plain link loads nothing until it is
/// followed, so the page still makes no request off its own origin.
struct Source {
    authors: &'static str,
    title: &'static str,
    venue: &'static str,
    year: &'static str,
    href: &'static str,
}

const READING: [Source; 9] = [
    Source {
        authors: "Martin Kleppmann",
        title: "How to do distributed locking",
        venue: "martin.kleppmann.com (blog)",
        year: "2016",
        href: "https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html",
    },
    Source {
        authors: "Salvatore Sanfilippo (antirez)",
        title: "Is Redlock safe?",
        venue: "antirez.com (blog)",
        year: "2016",
        href: "http://antirez.com/news/101",
    },
    Source {
        authors: "Redis",
        title: "Distributed Locks with Redis",
        venue: "redis.io documentation",
        year: "current",
        href: "https://redis.io/docs/latest/develop/use/patterns/distributed-locks/",
    },
    Source {
        authors: "Mike Burrows",
        title: "The Chubby lock service for loosely-coupled distributed systems",
        venue: "OSDI",
        year: "2006",
        href: "https://www.usenix.org/legacy/event/osdi06/tech/burrows.html",
    },
    Source {
        authors: "Patrick Hunt, Mahadev Konar, Flavio P. Junqueira, Benjamin Reed",
        title: "ZooKeeper: Wait-free coordination for Internet-scale systems",
        venue: "USENIX ATC",
        year: "2010",
        href: "https://www.usenix.org/conference/usenix-atc-10/zookeeper-wait-free-coordination-internet-scale-systems",
    },
    Source {
        authors: "Apache ZooKeeper",
        title: "ZooKeeper Recipes and Solutions: Locks",
        venue: "zookeeper.apache.org documentation",
        year: "current",
        href: "https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks",
    },
    Source {
        authors: "Apache Kafka",
        title: "KIP-320: Allow fetchers to detect and handle log truncation",
        venue: "Kafka Improvement Proposals, cwiki.apache.org",
        year: "2018",
        href: "https://cwiki.apache.org/confluence/display/KAFKA/KIP-320%3A+Allow+fetchers+to+detect+and+handle+log+truncation",
    },
    Source {
        authors: "Apache Hadoop",
        title: "HDFS High Availability Using the Quorum Journal Manager",
        venue: "hadoop.apache.org documentation",
        year: "current",
        href: "https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-hdfs/HDFSHighAvailabilityWithQJM.html",
    },
    Source {
        authors: "Kyle Kingsbury",
        title: "Jepsen: Redis-Raft 1b3fbf6",
        venue: "jepsen.io",
        year: "2020",
        href: "https://jepsen.io/analyses/redis-raft-1b3fbf6",
    },
];

#[component]
fn Reading() -> impl IntoView {
    view! {
        <ul class="reading" data-testid="reading">
            {READING.iter().map(|s| view! {
                <li><span class="authors">{s.authors}</span>". "<a href=s.href><cite>{s.title}</cite></a>". "{s.venue}", "{s.year}"."</li>
            }).collect_view()}
        </ul>
    }
}
