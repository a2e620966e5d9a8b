//! The study's sections up to the failures beyond the seed, one
//! component each: its prose, its figure and the sentences computed for
//! it. `page` lists them in order.

use crate::controls::inputs::Controls;
use crate::draw::geometry::{beside_width, column_width};
use crate::figures::acquiring::AcquireStaircase;
use crate::figures::heatmap::{view::Heatmap, HeatmapControls};
use crate::figures::panels::{AuditPanel, CursorPanel, DiffLines, TranscriptPanel};
use crate::figures::recheck::caption::tied_token;
use crate::figures::recheck::{ComparisonFigure, ExpiryFigure, RecheckFigure};
use crate::figures::sweeps::{table_sizes, ClusterTable, LateArrival, LeaseLengths};
use crate::figures::timeline::drag::apply_drag;
use crate::figures::timeline::playable::TimelineFigure;
use crate::figures::timeline::view::Timeline;
use crate::settings::Figure;
use crate::share::tools::{CopyLink, FigureTools};
use crate::state::AppState;
use crate::study::sentences;
use dlock_core::sweep;
use dlock_core::words::count;
use leptos::prelude::*;

/// A section of the study: its heading, with a link to itself. A section
/// whose figure follows the reader's parameters can have a `heading` that
/// follows them too, so it never names a run that is not on screen.
#[component]
pub fn Section(
    id: &'static str,
    title: &'static str,
    #[prop(optional, into)] heading: Option<Signal<String>>,
    children: Children,
) -> impl IntoView {
    let text = move || heading.map_or_else(|| title.to_owned(), |h| h.get());
    view! {
        <section id=id class="study-section" aria-labelledby=format!("{id}-h")>
            <div class="section-head">
                <h2 id=format!("{id}-h") data-testid=format!("{id}-heading") prop:textContent=text></h2>
                <a class="anchor" href=format!("#{id}") aria-label=format!("Link to “{title}”")>"#"</a>
                // A handout of one section: the rest of the study stays off the paper.
                <button type="button" class="print-section" data-testid=format!("print-{id}")
                    aria-describedby=format!("{id}-h")
                    on:click=move |_| crate::browser::print::print_section(id)>"Print this section"</button>
            </div>
            {children()}
        </section>
    }
}

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

/// The model in words, and the parameters.
#[component]
pub fn ModelSection(state: AppState) -> impl IntoView {
    let model = move || state.params.with(crate::study::model_line::right_now);
    view! {
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
    }
}

/// The corrupted run: the main timeline, its panels and its transcript.
#[component]
pub fn CorruptedSection(state: AppState) -> impl IntoView {
    let verdict = Memo::new(move |_| state.run.with(sentences::verdict));
    let lanes_contrast = Memo::new(move |_| state.run.with(|run| sentences::lanes_contrast(run).to_owned()));
    let heading = Signal::derive(move || state.run.with(sentences::run_heading));
    view! {
        <Section id="corrupted" title="The corrupted run" heading=heading>
            <p class="try" data-testid="try">
                <span class="fine-pointer">"Try it: drag either end of A's pause on the timeline, or press play to watch the run tick by tick."</span>
                <span class="coarse-pointer">"Try it: drag either end of A's pause on the timeline with a finger, or tap play to watch the run tick by tick."</span>
            </p>
            <TimelineFigure state />
            // Live: a drag or a change of parameters is heard.
            <p data-testid="verdict-sentence" aria-live="polite" prop:textContent=verdict></p>
            <p data-testid="lanes-contrast">"Each server lane shows the leases that server granted. " <span prop:textContent=lanes_contrast></span></p>
            <Terms />
            <FigureTools state figure=Figure::Timeline />
            <div class="panels">
                <CursorPanel state />
                <AuditPanel state />
            </div>
            <FigureTools state figure=Figure::Audit />
            <TranscriptPanel state />
        </Section>
    }
}

/// The words the figures use, defined where the reader first meets them:
/// on the first figure, before any legend or section leans on them.
#[component]
fn Terms() -> impl IntoView {
    view! {
        <dl class="terms" data-testid="terms">
            <dt><dfn id="term-ttl">"ttl"</dfn></dt>
            <dd>"a lease's length in ticks (time to live): a server forgets a grant that many ticks after making it."</dd>
            <dt><dfn id="term-quorum">"quorum"</dfn></dt>
            <dd>"a majority of the lock servers: a client holds the lock while that many servers hold its lease."</dd>
            <dt><dfn id="term-token">"token"</dfn></dt>
            <dd>"the number a lock server hands out with each grant, one more than its last; a client keeps the highest "
                "its majority gave it, so a newer lease normally carries a larger token (the number after A· or B· on the server lanes)."</dd>
            <dt><dfn id="term-fencing">"fencing"</dfn></dt>
            <dd>"the resource remembers the highest token it has applied and rejects a write carrying a lower one."</dd>
            <dt><dfn id="term-fencing-le">"fencing-le"</dfn></dt>
            <dd>"fencing that compares with <= for <: a token equal to the highest applied is refused too."</dd>
            <dt><dfn id="term-cas">"check-and-set"</dfn></dt>
            <dd>"(cas) the resource applies only writes carrying the id of the holder that registered with it last."</dd>
            <dt><dfn id="term-token-reversal">"token reversal"</dfn></dt>
            <dd>"a later lease with a lower token than an earlier one: fencing takes the newer holder for the stale one."</dd>
            <dt><dfn id="term-drift-allowance">"drift allowance"</dfn></dt>
            <dd>"the ticks a Redlock client takes off the ttl for clocks that run at different rates."</dd>
            <dt><dfn id="term-liveness">"liveness"</dfn></dt>
            <dd>"once a client asks, someone holds the lock within a bound; the other properties are safety (nothing bad happens)."</dd>
            <dt><dfn id="term-serial">"serial answer"</dfn></dt>
            <dd>"the value the resource would end with had each client that was granted the lock run its critical section in full, "
                "one after the other, in the order the lock was granted: A's letter, then B's, when A held it first."</dd>
            <dt><dfn id="term-released">"released early"</dfn></dt>
            <dd>"a lease whose holder let go before it expired: its bar stops at the release and is drawn dashed."</dd>
            <dt><dfn id="term-corrupt">"corrupt"</dfn></dt>
            <dd>"an older lease's write applied on top of a newer lease's work: a stale overwrite."</dd>
            <dt><dfn id="term-unlocked">"unlocked write"</dfn></dt>
            <dd>"a write made while its client no longer held the lock."</dd>
            <dt><dfn id="term-lost-update">"lost update"</dfn></dt>
            <dd>"an accepted write erased by a later one computed from a read taken before it landed."</dd>
            <dt><dfn id="term-stale-accepted">"stale write accepted"</dfn></dt>
            <dd>"a write under a lease already superseded, which a fencing resource accepted because it had not yet "
                "seen the newer token, and which a later write then erased."</dd>
        </dl>
    }
}

/// The run's numbers, computed.
#[component]
pub fn ArithmeticSection(state: AppState) -> impl IntoView {
    let arithmetic = Memo::new(move |_| state.run.with(sentences::arithmetic));
    let holders = Memo::new(move |_| state.run.with(sentences::holders));
    let a_write_explained =
        Memo::new(move |_| state.run.with(|run| sentences::a_write_explained(run).to_owned()));
    view! {
        <Section id="arithmetic" title="The arithmetic">
            // The steps, and beside them where the page is wide what they add up to.
            <div class="columns wide-columns">
                <div class="columns-figure">
                    <ul data-testid="arithmetic">{move || arithmetic.get().into_iter().map(|s| view! { <li prop:textContent=s></li> }).collect_view()}</ul>
                </div>
                <div class="columns-intro"><p data-testid="holders" prop:textContent=holders></p></div>
                <div class="columns-text"><p data-testid="a-write-explained" prop:textContent=a_write_explained></p></div>
            </div>
        </Section>
    }
}

/// The same schedule with fencing the other way round.
#[component]
pub fn FencedSection(state: AppState) -> impl IntoView {
    let on_handle = Callback::new(move |(handle, t)| {
        state.set_params(apply_drag(&state.params.get_untracked(), handle, t))
    });
    let cursor = Signal::derive(move || state.cursor());
    let width = Signal::derive(move || state.width.get());
    let caption = Signal::derive(|| "The same schedule with fencing, on the same time axis.".to_owned());
    let fencing_effect = Memo::new(move |_| {
        state.unfenced.with(|unfenced| {
            state
                .fenced
                .with(|fenced| sentences::fencing_effect(unfenced, fenced))
        })
    });
    // Beside its words where the page is wide, as the scenarios are.
    let beside = move || column_width(state.width.get());
    let figure_width = Signal::derive(move || beside_width(width.get(), false));
    view! {
        <Section id="fenced" title="The same schedule, fenced">
            <div class="columns" class:side-by-side=move || beside().is_some()>
                <div class="columns-intro">
                    <p>"Fencing changes one thing, and not in the lock: the storage service remembers the highest token it has applied and "
                       "refuses any write that carries a lower one."</p>
                    <p data-testid="fencing-sentence" prop:textContent=fencing_effect></p>
                </div>
                <div class="columns-figure" style:width=move || beside().map(|w| format!("{w}px"))>
                    <Timeline run=state.fenced t_end=state.settled_t_end width=figure_width cursor caption testid="timeline-other" on_handle />
                </div>
                <div class="columns-text">
                    <DiffLines state />
                    <p>"A's work is discarded, not merged: it was computed from a read taken before B's critical section, so applying it in any "
                       "form would be wrong. Fencing turns silent corruption into a refusal A can see and retry after."</p>
                </div>
            </div>
        </Section>
    }
}

/// More lock servers, the same corruption.
#[component]
pub fn ServersSection(state: AppState) -> impl IntoView {
    // Counted from the table's own rows, the size the reader added too.
    let cluster_range = move || {
        let sizes = table_sizes(state.settings.with(|s| s.added_servers));
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
        <Section id="servers" title="Do more lock servers help?">
            <p>"Redlock asks a majority of several independent servers, so the first objection to any demonstration is the "
               "cluster size. " <span data-testid="cluster-range" prop:textContent=cluster_range></span></p>
            <ClusterTable state />
            <CopyLink state anchor="servers" />
        </Section>
    }
}

/// Lease lengths, and the staircase. Where the page is wide each figure
/// stands beside the words that read it, drawn for its column.
#[component]
pub fn LeaseSection(state: AppState) -> impl IntoView {
    let inequality = Memo::new(move |_| sentences::inequality(&state.params.get()));
    let beside = move || column_width(state.width.get());
    let figure_width = Signal::derive(move || beside_width(state.width.get(), false));
    let column = move || beside().map(|w| format!("{w}px"));
    view! {
        <Section id="lease" title="Does the lease length help?">
            <div class="columns" class:side-by-side=move || beside().is_some()>
                <div class="columns-intro">
                    <p>"Shortening the lease changes nothing while B's arrival is what lets B in. Lengthening it works only once it outlasts "
                       "the pause — and every extra tick of lease is a tick B spends blocked."</p>
                </div>
                <div class="columns-figure" style:width=column>
                    <LeaseLengths state width=figure_width />
                </div>
                <div class="columns-text">
                    <p>"Vary both and the corrupt region is a staircase. B acquires when A's lease expires or A releases, but not before it "
                       "arrives, and writes two ticks later; the resource is corrupted exactly when that lands before A's write."</p>
                    <p class="formula" data-testid="inequality" prop:textContent=inequality></p>
                </div>
            </div>
            <div class="columns" class:side-by-side=move || beside().is_some()>
                // The staircase's inputs: before it on a phone, beside it where the page is wide.
                <div class="columns-intro"><HeatmapControls state /></div>
                <div class="columns-figure" style:width=column>
                    <Heatmap state width=figure_width />
                    <FigureTools state figure=Figure::Heatmap />
                </div>
                <div class="columns-text">
                    <p>"Read as advice, the inequality says: choose a lease longer than the longest pause you will ever have. Nobody knows that "
                       "number, so a row with no corrupt cells is a grid that stopped too early, not a safe setting."</p>
                    <p>"The grid is exhaustive over the rectangle you choose, not a random sample: a failure rate from random pauses would "
                       "only measure the ranges someone picked. Here every cell is simulated and compared with the inequality, and the "
                       "sentence after the colour key counts how many agree."</p>
                </div>
            </div>
        </Section>
    }
}

/// B arriving later, and A still writing without the lock.
#[component]
pub fn VanishSection(state: AppState) -> impl IntoView {
    let vanishing = Memo::new(move |_| sentences::vanishing(&state.settled.get(), sweep::STUDY_LATE_B));
    view! {
        <Section id="vanish" title="Where the effect vanishes">
            <div class="columns wide-columns">
                <div class="columns-intro">
                    <p>"In the study's run, moving B's arrival later makes the corruption disappear — but A still writes without the lock. "
                       "Nobody was there to be hurt."</p>
                    <p data-testid="vanishing-sentence" prop:textContent=vanishing></p>
                </div>
                <div class="columns-figure">
                    <LateArrival state />
                    <FigureTools state figure=Figure::Sweeps />
                </div>
                <div class="columns-text">
                    <p>"This is why the bug is rare in production and bad when it happens: contention during a pause is the witness, not the "
                       "cause. Years without an incident show that pauses and contention have not yet coincided, not that the locking is sound."</p>
                </div>
            </div>
        </Section>
    }
}

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

/// `<` against `<=`.
#[component]
pub fn ComparisonSection(state: AppState) -> impl IntoView {
    let tie = Memo::new(move |_| tied_token(&sweep::comparisons(&state.settled.get())));
    view! {
        <Section id="comparison" title="< or <=: a second write, and a tied token">
            <p>"The resource could reject a token merely equal to the highest it has seen, or only a lower one. Nothing changes "
               "for the study's stale write (a); it decides a second write under one lease (b: only < allows it) and a tied token (c: only <= stops it)."</p>
            <div class="pair">
                <div>
                    <ComparisonFigure state />
                    <CopyLink state anchor="comparison" />
                </div>
                <p>"< is right when tokens come from one ordered counter (etcd's revision, or ZooKeeper's zxid, the number its log gives each change): a stale writer is "
                   "always lower, and a holder may write again (b). The model's token, the highest of a majority's per-server "
                   "counters, is no such counter once servers fall out of step: in (c) the server both majorities share made a "
                   "delayed restart without persistence, and its counter began again. "
                   <span data-testid="tied-token" prop:textContent=tie></span></p>
            </div>
        </Section>
    }
}

/// A pause while acquiring: what Redlock's validity check catches.
#[component]
pub fn AcquiringSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="acquiring" title="Pausing while acquiring">
            <p>"Redlock's own answer to a pause is its validity check: a client notes the time T1 before it asks, the time "
               "T2 once a majority has answered, and keeps the lock only if the lease has time left after T2 − T1 (and a "
               "drift allowance). A pause while the replies are in flight therefore shows up in T2 − T1, and antirez counts "
               "it as caught; Kleppmann's pause comes after the check, where no check can see it. Here A is stopped while its "
               "replies travel, for every length of stop (across) and every arrival of B (down), with no pause after "
               "acquiring, at the page's latency (one tick a message if it is zero). Click a cell to open its run."</p>
            <AcquireStaircase state />
            <FigureTools state figure=Figure::Acquiring />
        </Section>
    }
}

/// What the model leaves out.
#[component]
pub fn SimplifiedSection() -> impl IntoView {
    view! {
        <Section id="simplified" title="What the model leaves out">
            <ul class="simplified-list">
                <li>"One thread, one tick counter: clients never race for real. The interleaving that matters is rare in production; here it is scheduled on purpose so it can be studied."</li>
                <li>"A network that keeps time: in the study's run requests arrive at once; under “Acquiring over a network” every request and reply takes the same number of ticks, and none is lost. Real requests are delayed by different amounts, time out, and can take effect on a server whose reply never arrives; the slow-network section shows one write overtaken in flight."</li>
                <li>"No clock drift: every server shares one clock. That is a gift to the lock — drift is a way to grant overlapping leases — so the corruption here happens even with perfect clocks. The clock-drift section below switches it on."</li>
                <li>"No lock-server crash and restart: a server that forgets its state can grant a lease that is already held, breaking mutual exclusion in the lock itself. Left out so that “the lock is innocent” stays literally true; the restart section below shows what happens otherwise."</li>
                <li>"The token is the highest grant counter among a majority. With servers kept in step that is monotonic; in general it is not, which is the standing objection to adding fencing to Redlock. Consensus-backed services number grants from one ordered log: ZooKeeper's zxid, etcd's revision, and the epochs of Kafka's leaders and HDFS's journal (an epoch is a number that grows each time a new leader takes over). The token-drift section below makes it go backwards."</li>
                <li>"The resource is one variable. A real storage service must check the token on every write path, keep it durably beside the data, and decide what happens to writes already in flight."</li>
            </ul>
        </Section>
    }
}
