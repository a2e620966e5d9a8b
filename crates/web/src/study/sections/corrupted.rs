//! The corrupted run: the lease timeline, its audit, and the words its figures use.

use super::Section;
use crate::controls::inputs::Controls;
use crate::figures::panels::{AuditPanel, CursorPanel, TranscriptPanel};
use crate::figures::timeline::playable::TimelineFigure;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::{Outcome, Run};
use leptos::prelude::*;

/// The corrupted run: the main timeline, the parameters that drive it,
/// its panels and its transcript.
#[component]
pub fn CorruptedSection(state: AppState) -> impl IntoView {
    let verdict = Memo::new(move |_| state.run.with(verdict));
    let lanes_contrast = Memo::new(move |_| state.run.with(|run| lanes_contrast(run).to_owned()));
    let heading = Signal::derive(move || state.run.with(run_heading));
    view! {
        <Section id="corrupted" title="The corrupted run" heading=heading>
            <p class="try screen-only" data-testid="try">
                <span class="fine-pointer">"Try it: drag either end of A's pause or B's arrival marker on the timeline, or press play to watch the run tick by tick."</span>
                <span class="coarse-pointer">"Try it: drag either end of A's pause or B's arrival marker on the timeline with a finger, or tap play to watch the run tick by tick."</span>
            </p>
            <TimelineFigure state />
            // Live: a drag or a change of parameters is heard.
            <p data-testid="verdict-sentence" aria-live="polite" prop:textContent=verdict></p>
            <p data-testid="lanes-contrast">"Each server lane shows the leases that server granted. " <span prop:textContent=lanes_contrast></span></p>
            <Terms />
            // The run's parameters sit with the figure they drive (after
            // the terms their labels use); every figure further down
            // follows them too.
            <Controls state />
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
            <dd>"fencing that refuses a token equal to the highest applied as well as a lower one (<= where fencing has <)."</dd>
            <dt><dfn id="term-cas">"check-and-set"</dfn></dt>
            <dd>"(cas) the resource applies only writes carrying the id of the holder that registered with it last."</dd>
            <dt><dfn id="term-token-reversal">"token reversal"</dfn></dt>
            <dd>"a later lease with a lower token than an earlier one: fencing takes the newer holder for the stale one."</dd>
            <dt><dfn id="term-token-tie">"token tie"</dfn></dt>
            <dd>"a later lease with the same token as an earlier one: fencing cannot tell the two holders apart. "
                "Whichever of the two writes second, < lets it through and <= refuses it: the older holder's stale write, or "
                "the newer holder's rightful one."</dd>
            <dt><dfn id="term-drift-allowance">"drift allowance"</dfn></dt>
            <dd>"the ticks a Redlock client takes off the ttl for clocks that run at different rates."</dd>
            <dt><dfn id="term-liveness">"liveness"</dfn></dt>
            <dd>"once a client asks, someone holds the lock within a bound; the other properties are safety (nothing bad happens)."</dd>
            <dt><dfn id="term-starvation">"starvation"</dfn></dt>
            <dd>"a client that asks and, though running, does not hold the lock itself within the bound, while others may: "
                "liveness per client."</dd>
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

/// The corrupted-run section's claim, the lock's clean record against
/// what reached the resource, worded for the run on screen: the reader may
/// have moved the parameters to a clean, fenced or wedged run, and a fixed
/// sentence about A's stale value would then describe a figure that is not
/// there.
pub fn lanes_contrast(run: &Run) -> &'static str {
    let found = run.audit();
    if !found.overlapping_grants.is_empty() {
        return "Here the lock itself failed: two clients held a quorum of leases at once.";
    }
    match found.outcome {
        Outcome::Corrupt => "No two leases on a server ever overlap, yet on the resource lane A's stale write lands over B's.",
        Outcome::StaleAccepted => {
            "No two leases on a server ever overlap, and fencing is on, yet the resource accepts A's stale write: \
             it lands before the resource has seen B's token."
        }
        Outcome::LostUpdate => {
            "No two leases on a server ever overlap, yet an accepted write is lost on the resource lane: \
             a write computed from an older read lands after it."
        }
        Outcome::Wedged => "No two leases on a server ever overlap, and B never gets the lock: its write never reaches the resource lane.",
        Outcome::StaleRejected => {
            "No two leases on a server ever overlap, and the resource refuses every write its fencing rule calls stale: \
             nothing stale lands."
        }
        Outcome::Clean => {
            "No two leases on a server ever overlap, and with these parameters no write on the resource lane undoes another."
        }
    }
}

/// The audit in one sentence: the lock's alibi next to the resource's state.
/// The heading of the run's section: "The corrupted run" only while the
/// run on screen is corrupt; otherwise what it came to.
pub fn run_heading(run: &Run) -> String {
    match run.outcome() {
        Outcome::Corrupt => "The corrupted run".to_owned(),
        outcome => format!("The run: {}", outcome.label()),
    }
}

pub fn verdict(run: &Run) -> String {
    let found = run.audit();
    format!(
        "Overlapping grants: {}. Stale overwrites: {}. Writes made without the lock: {}. Final value {} — {}.",
        found.overlapping_grants.len(),
        found.stale_overwrites.len(),
        found.unlocked_writes.len(),
        run.final_value,
        found.outcome.label()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlock_core::Params;

    #[test]
    fn the_lanes_sentence_follows_the_outcome_of_the_run_on_screen() {
        let p = Params::default();
        let case = |changed: Params| {
            let run = dlock_core::simulate(&changed);
            (run.outcome(), lanes_contrast(&run))
        };
        let (outcome, corrupt) = case(p);
        assert_eq!(outcome, Outcome::Corrupt);
        assert!(corrupt.ends_with("A's stale write lands over B's."), "{corrupt}");
        // Every outcome the main run can reach gets its own sentence, and
        // none of them claims a stale value landed unless one did.
        let others = [
            (Params { fencing: true, ..p }, Outcome::StaleRejected),
            (
                Params {
                    fencing: true,
                    pause_len: 12,
                    ..p
                },
                Outcome::StaleAccepted,
            ),
            (
                Params {
                    ttl: 14,
                    b_arrives: 14,
                    ..p
                },
                Outcome::LostUpdate,
            ),
            (
                Params {
                    expiry: false,
                    a_crashes: true,
                    ..p
                },
                Outcome::Wedged,
            ),
            (Params { b_arrives: 100, ..p }, Outcome::Clean),
        ];
        let mut seen = vec![corrupt];
        for (params, expected) in others {
            let (outcome, sentence) = case(params);
            assert_eq!(outcome, expected, "{params:?}");
            assert!(!seen.contains(&sentence), "{expected:?} shares a sentence");
            assert!(!sentence.contains("lands over"), "{sentence}");
            seen.push(sentence);
        }
    }
}
