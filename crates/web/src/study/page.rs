//! The page as a guided study: eighteen sections in the order of the
//! argument, each beside the live figure that demonstrates it. Sentences
//! with numbers come from `study` (dlock-core runs); the rest is prose.

use crate::browser::{document, events};
use crate::controls::inputs::Controls;
use crate::controls::playback::{key_action, Playback, PlaybackBar};
use crate::figures::beyond::BeyondSection;
use crate::figures::heatmap::view::Heatmap;
use crate::figures::panels::{AuditPanel, CursorPanel, DiffLines, TranscriptPanel};
use crate::figures::recheck::{ComparisonFigure, ExpiryFigure, RecheckFigure};
use crate::figures::sweeps::{ClusterTable, LateArrival, LeaseLengths};
use crate::figures::timeline::drag::apply_drag;
use crate::figures::timeline::view::Timeline;
use crate::settings;
use crate::share::tools::{CopyLink, FigureTools};
use crate::state::{memo, AppState};
use crate::study::sentences;
use crate::study::toc::{active_section, reveal_scroll, SECTIONS};
use dlock_core::beyond::Scenario;
use dlock_core::sweep;
use dlock_core::words::count;
use dlock_core::{simulate, Params};
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
fn Section(id: &'static str, title: &'static str, children: Children) -> impl IntoView {
    view! {
        <section id=id class="study-section" aria-labelledby=format!("{id}-h")>
            <div class="section-head">
                <h2 id=format!("{id}-h")>{title}</h2>
                <a class="anchor" href=format!("#{id}") aria-label=format!("Link to “{title}”")>"#"</a>
            </div>
            {children()}
        </section>
    }
}

/// The main timeline with its playback bar; the keyboard drives the cursor.
#[component]
pub fn TimelineFigure(state: AppState) -> impl IntoView {
    let playback = Playback::new(state);
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t))
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(action) = key_action(&ev.key()) {
            ev.prevent_default();
            playback.apply(state, action);
        }
    };
    let cursor = Signal::derive(move || state.cursor());
    let width = Signal::derive(move || state.width.get());
    let caption = Signal::derive(move || {
        let fenced = state.params.with(|p| p.fencing);
        format!(
            "The run {}. Drag the ends of A's pause or B's arrival marker.",
            if fenced { "with fencing" } else { "without fencing" }
        )
    });
    view! {
        <div class="figure-keys" tabindex="0" on:keydown=on_key data-testid="timeline-keys" role="group"
            aria-label="Timeline: space plays or pauses, arrow keys step, Home and End jump">
            <Timeline run=state.run t_end=state.t_end width cursor caption testid="timeline" on_handle />
            <PlaybackBar state playback />
        </div>
    }
}

#[component]
pub fn Study(state: AppState) -> impl IntoView {
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t))
    });
    let cursor = Signal::derive(move || state.cursor());
    let width = Signal::derive(move || state.width.get());
    let fenced_now = move || state.settled.with(|p| p.fencing);
    let other_caption = Signal::derive(move || {
        format!(
            "The same schedule {}, on the same time axis.",
            if fenced_now() {
                "without fencing"
            } else {
                "with fencing"
            }
        )
    });
    let arithmetic = memo(move || state.run.with(sentences::arithmetic));
    let holders = memo(move || state.run.with(sentences::holders));
    let verdict = memo(move || state.run.with(sentences::verdict));
    let a_write_explained = memo(move || state.run.with(|run| sentences::a_write_explained(run).to_owned()));
    let lanes_contrast = memo(move || state.run.with(|run| sentences::lanes_contrast(run).to_owned()));
    let fencing_effect = memo(move || {
        let p = state.settled.get();
        let unfenced = simulate(&Params { fencing: false, ..p });
        let fenced = simulate(&Params { fencing: true, ..p });
        sentences::fencing_effect(&unfenced, &fenced)
    });
    let inequality = memo(move || sentences::inequality(&state.params.get()));
    let vanishing = memo(move || sentences::vanishing(&state.settled.get(), sweep::STUDY_LATE_B));
    let model = move || state.params.with(sentences::right_now);
    let cluster_range = {
        let sizes = sweep::STUDY_CLUSTER_SIZES;
        let (smallest, largest) = (
            sizes.iter().min().copied().unwrap_or(1),
            sizes.iter().max().copied().unwrap_or(1),
        );
        format!(
            "Here is the same schedule on {} cluster sizes, from {} to {largest}.",
            sizes.len(),
            count(smallest, "server", "servers")
        )
    };

    view! {
        <Toc />
        <Section id="problem" title="Why a lock needs a lease">
            <p>"Two processes on two machines want to change one thing — a file, a row, a job — and only one should do it at a time. "
               "They share no memory, so the mutex moves into a third service both of them ask: a lock service."</p>
            <p>"That service has a problem a mutex never has: the holder can vanish without saying so. It may have crashed, "
               "been cut off, or simply stopped running for a while, and from outside these look the same. A lock held until "
               "released is wedged for ever by a holder that never comes back. So the lock is granted as a "
               "lease that runs out on its own. The table shows both sides of that clause."</p>
            <ExpiryFigure state />
            <CopyLink state anchor="problem" />
            <p>"Without expiry a slow holder is safe but a dead one blocks everyone for ever; with expiry the system moves on, "
               "and — as the rest of this page shows — a holder that was only slow can come back to a lease that is already gone. "
               "The clause that makes progress possible is the clause that makes the corruption possible."</p>
        </Section>
        <Section id="model" title="The model">
            <p>"Two clients, a cluster of lock servers, one storage service. Time is a whole number of ticks; every run is a pure "
               "function of its parameters, computed in your browser. A acquires the lock, reads the resource, stops running "
               "for a while (think of a long garbage-collection pause), then appends its letter to what it read and writes it back. "
               "B asks for the lock every tick from its arrival until it gets it, then does the same with its own letter. "
               "Letters rather than a counter, so the final value tells the story: it holds each critical section that was "
               "applied, in the order applied, and a missing letter is work that was lost or refused."</p>
            <p data-testid="model-sentence" prop:textContent=model></p>
            <Controls state />
        </Section>
        <Section id="corrupted" title="The corrupted run">
            <p data-testid="lanes-contrast">"Each server lane shows the leases that server granted. " <span prop:textContent=lanes_contrast></span></p>
            // Live: a change made in the parameters just above is heard.
            <p data-testid="verdict-sentence" aria-live="polite" prop:textContent=verdict></p>
            <TimelineFigure state />
            <FigureTools state figure=crate::settings::Figure::Timeline />
            <div class="panels">
                <CursorPanel state />
                <AuditPanel state />
            </div>
            <FigureTools state figure=crate::settings::Figure::Audit />
            <TranscriptPanel state />
        </Section>
        <Section id="arithmetic" title="The arithmetic">
            <ul data-testid="arithmetic">{move || arithmetic.get().into_iter().map(|s| view! { <li prop:textContent=s></li> }).collect_view()}</ul>
            <p data-testid="holders" prop:textContent=holders></p>
            <p data-testid="a-write-explained" prop:textContent=a_write_explained></p>
        </Section>
        <Section id="fenced" title="The same schedule, fenced">
            <p>"Fencing changes one thing, and not in the lock: the storage service remembers the highest token it has applied and "
               "refuses any write that carries a lower one."</p>
            <p data-testid="fencing-sentence" prop:textContent=fencing_effect></p>
            <Timeline run=state.other t_end=state.settled_t_end width cursor caption=other_caption testid="timeline-other" on_handle />
            <DiffLines state />
            <p>"A's work is discarded, not merged: it was computed from a read taken before B's critical section, so applying it in any "
               "form would be wrong. Fencing turns silent corruption into a refusal A can see and retry after."</p>
        </Section>
        <Section id="servers" title="Do more lock servers help?">
            <p>"Redlock asks a majority of several independent servers, so the first objection to any demonstration is the "
               "cluster size. " {cluster_range}</p>
            <ClusterTable state />
            <CopyLink state anchor="servers" />
        </Section>
        <Section id="lease" title="Does the lease length help?">
            <p>"Shortening the lease changes nothing while B's arrival is what lets B in. Lengthening it works only once it outlasts "
               "the pause — and every extra tick of lease is a tick B spends blocked."</p>
            <LeaseLengths state />
            <p>"Vary both and the corrupt region is a staircase. B acquires when A's lease expires or A releases, but not before it "
               "arrives, and writes two ticks later; the resource is corrupted exactly when that lands before A's write."</p>
            <p class="formula" data-testid="inequality" prop:textContent=inequality></p>
            <Heatmap state />
            <FigureTools state figure=crate::settings::Figure::Heatmap />
            <p>"Read as advice, the inequality says: choose a lease longer than the longest pause you will ever have. Nobody knows that "
               "number, so a row with no corrupt cells is a grid that stopped too early, not a safe setting."</p>
            <p>"The grid is exhaustive over the rectangle you choose, not a random sample: a failure rate from random pauses would "
               "only measure the ranges someone picked. Here every cell is simulated and compared with the inequality, and the "
               "sentence after the colour key counts how many agree."</p>
        </Section>
        <Section id="vanish" title="Where the effect vanishes">
            <p>"In the study's run, moving B's arrival later makes the corruption disappear — but A still writes without the lock. "
               "Nobody was there to be hurt."</p>
            <p data-testid="vanishing-sentence" prop:textContent=vanishing></p>
            <LateArrival state />
            <FigureTools state figure=crate::settings::Figure::Sweeps />
            <p>"This is why the bug is rare in production and bad when it happens: contention during a pause is the witness, not the "
               "cause. Years without an incident show that pauses and contention have not yet coincided, not that the locking is sound."</p>
        </Section>
        <Section id="recheck" title="Re-checking the lock before writing">
            <p>"The fix everyone proposes: just before writing, ask the lock service whether you still hold the lock. Each small "
               "multiple below places that check somewhere else."</p>
            <RecheckFigure state />
            <FigureTools state figure=crate::settings::Figure::Recheck />
            <p>"In the study's run every early check gets a true answer and the resource is corrupted anyway; only a check after "
               "the pause saves it. "
               "A cannot put its check after a pause it does not know is coming, and any check leaves some of A's own execution "
               "before the write reaches the network — a window the pause can land in. Making the window smaller makes the failure "
               "rarer, never impossible. Only the party applying the write can decide at the moment that matters."</p>
        </Section>
        <Section id="comparison" title="Stale means <, not <=">
            <p>"The resource could reject a token that is merely equal to the highest it has seen, or only one that is lower. "
               "For A's stale write it makes no difference. It matters when one holder writes twice under one lease."</p>
            <ComparisonFigure state />
            <CopyLink state anchor="comparison" />
            <p>"Tokens are unique per grant, so a genuinely stale writer is always strictly lower; rejecting equal tokens only "
               "locks a holder out after its own first write. Real systems compare epochs the same way: anything older is refused, "
               "the current epoch may keep writing."</p>
        </Section>
        <Section id="simplified" title="What the model leaves out">
            <ul>
                <li>"One thread, one tick counter: clients never race for real. The interleaving that matters is rare in production; here it is scheduled on purpose so it can be studied."</li>
                <li>"No network: requests arrive instantly and never fail. Real acquires time out and retry, and can succeed on a server while the client never hears back."</li>
                <li>"No clock drift: every server shares one clock. That is a gift to the lock — drift is a way to grant overlapping leases — so the corruption here happens even with perfect clocks. The clock-drift section below switches it on."</li>
                <li>"No lock-server crash and restart: a server that forgets its state can grant a lease that is already held, breaking mutual exclusion in the lock itself. Left out so that “the lock is innocent” stays literally true; the restart section below shows what happens otherwise."</li>
                <li>"The token is the highest grant counter among a majority. With servers kept in step that is monotonic; in general it is not, which is the standing objection to adding fencing to Redlock. Consensus-backed services number grants from one ordered log: ZooKeeper's zxid, etcd's revision, Kafka's leader epoch, HDFS's journal epochs. The token-drift section below makes it go backwards."</li>
                <li>"The resource is one variable. A real storage service must check the token on every write path, keep it durably beside the data, and decide what happens to writes already in flight."</li>
            </ul>
        </Section>
        {Scenario::ALL.into_iter().map(|scenario| view! {
            <Section id=scenario.code() title=scenario.title()>
                <BeyondSection state scenario tools=view! { <FigureTools state figure=crate::settings::Figure::Beyond(scenario) /> }.into_any() />
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
