//! A failure mode beyond the seed, as "One fault, up close" (`fault`)
//! shows it on its row: its lead, the presets that show the failure and
//! its remedy, what production systems do, around the scenario's figure
//! (`figures::beyond`).

use crate::figures::beyond::{PresetLink, ScenarioFigure};
use crate::state::AppState;
use dlock_core::beyond::{self, Scenario};
use leptos::prelude::*;

/// One sentence on what production systems do about this failure mode.
pub fn in_production(scenario: Scenario) -> &'static str {
    match scenario {
        Scenario::TokenDrift => {
            "Redlock's servers are independent, so it has no single counter to draw a token from, and the highest of a \
             majority's counters is not ordered across majorities. ZooKeeper (the zxid, and sequential znodes) and etcd \
             (the revision) number every change from one replicated log, so a later grant always carries a larger \
             number; Chubby hands out sequencers (the lock's name, its mode and a generation number that grows with each grant) for exactly this check."
        }
        Scenario::Restart => {
            "The Redlock description names both remedies: fsync before every reply, or delayed restarts that keep a \
             crashed node silent for longer than the longest lease. ZooKeeper and etcd write to a majority's log before \
             they answer, so a member that restarts catches up from its peers instead of forgetting; HDFS's quorum \
             journal does the same for the NameNode's edits. Kleppmann adds that the delayed restart itself relies on \
             measuring time: a restarted node whose clock jumps can end its silence too early."
        }
        Scenario::ClockDrift => {
            "Redlock assumes every clock runs at nearly the same rate; its clients subtract the time the acquire took \
             and a small drift allowance from the lease before trusting it. A clock that jumps (a manual change, a large \
             NTP step) breaks the assumption outright: that is Kleppmann's example, and antirez's answer to it is on \
             the row for a clock that jumps (linked above). Kleppmann's remedy is the one this figure's remedy link applies: a \
             fencing token the resource checks. Chubby and ZooKeeper sessions also lean on timing, but pair it with sequencers or \
             zxids that the resource can check."
        }
        Scenario::SlowNetwork => {
            "Nothing bounds how long a request can wait in a socket buffer, a retransmission or a proxy. Kafka's leader \
             epochs and HDFS's writer epochs exist because requests from a deposed leader do arrive late; they are \
             refused by the number they carry, as here."
        }
        Scenario::ClockJump => {
            "redis.io's clients subtract a drift allowance for clocks that run a little fast; a clock that is stepped \
             (by hand, or by an NTP step rather than a slew) is not drift, and no allowance sized for drift absorbs \
             it. Kleppmann's first example is exactly this, with the two majorities sharing one node. antirez's answer: \
             Redis should measure expiry with a monotonic clock, and administrators should not step the clocks of \
             Redlock's servers (ntpd can slew instead). Fencing, this figure's remedy, does not depend on clocks at \
             all."
        }
        Scenario::StaleAccepted => {
            "Production systems close this window by having a new holder announce its epoch to the storage before \
             doing any work: a NameNode taking over first makes a majority of JournalNodes promise its new epoch, which \
             refuses the old writer at once; a Kafka leader's epoch reaches the followers before its data does; a \
             Chubby sequencer can be checked on reads as well as writes."
        }
    }
}

/// What goes wrong and which system is at fault, before the reader moves
/// anything.
pub fn lead(scenario: Scenario) -> &'static str {
    match scenario {
        Scenario::TokenDrift => {
            "Fencing trusts that a newer lease carries a larger token. Here A can reach only one server for a few ticks \
             and retries there, handing each single grant back — and every grant still counts on that server. Then A \
             reaches a majority that includes it, and B, later, a majority at the other end of the cluster; the two \
             share one server. Each server's counter is fine on its own; the highest of a majority is not ordered \
             across majorities."
        }
        Scenario::Restart => {
            "The study's lock never fails because its servers never forget. Here A holds a bare majority, and B reaches \
             another majority that shares a single server with A's, as in the example on redis.io. That one server \
             crashes and comes back with no record of A's lease while A is still inside it: B gets its majority, and two \
             clients hold the lock at once. The lock itself is broken, not just the resource. If every client reached \
             every server, it would take a majority of forgetful servers."
        }
        Scenario::ClockDrift => {
            "A lease is a promise measured on the server's clock. Here A and B again hold majorities that share one \
             server, and that server's clock runs fast, so A's lease there ends early in real time and B's majority \
             forms while A — measuring on its own clock — still believes it holds the lock. Each client subtracts a \
             drift allowance before trusting its lease, meant for clocks that run a little fast, not twice as fast; \
             the verdict below says how Redlock's reference clients size it, and how the model does. Kleppmann's example makes the same point with a \
             clock that jumps."
        }
        Scenario::SlowNetwork => {
            "No pause this time. A sends its write while its lease is valid; the network holds it. By the time it \
             reaches the resource, A's lease has expired and B has done its work. The lock answered correctly and A did \
             nothing wrong: the message was simply old when it arrived."
        }
        Scenario::ClockJump => {
            "A lease is measured on the server's clock, and here that clock is stepped forward while A holds the lock \
             (an NTP step, or a clock set by hand). A and B hold bare majorities that share one server again; on that \
             server A's lease ends the moment the clock jumps, so B's majority forms while A, measuring on its own \
             clock, still believes it holds the lock. Set the step to zero and nothing overlaps."
        }
        Scenario::StaleAccepted => {
            "Fencing compares a write's token with the highest the resource has already seen. If A's old write lands \
             after B acquired but before B's first write, the resource has not seen B's token yet — so it accepts A's \
             write and tells A it succeeded. On the staircase these are the cells right at the edge, the ties among them."
        }
    }
}

/// One failure mode beyond the seed, for its row of the fault section.
/// `tools` goes under the figure: the section that places it passes its
/// share buttons in, so the figure knows nothing of sharing.
#[component]
pub fn BeyondSection(state: AppState, scenario: Scenario, tools: AnyView) -> impl IntoView {
    let code = scenario.code();
    let remedy_label = match scenario {
        Scenario::TokenDrift => "Show one ordered counter",
        Scenario::Restart => "Show servers that persist their state",
        Scenario::ClockDrift => "Show fencing catch it",
        Scenario::SlowNetwork => "Show it fenced",
        Scenario::StaleAccepted => "Show B registering its token first",
        Scenario::ClockJump => "Show fencing catch it",
    };
    // Further presets beside the failure and its remedy: the other ways a
    // knob changes the story.
    let extras: Vec<(Vec<u32>, &'static str, &'static str)> = match scenario {
        Scenario::Restart => vec![
            (
                scenario.with("restart_remedy", 2),
                "Show a delayed restart: silent for one ttl",
                "silent",
            ),
            (
                {
                    let mut v = scenario.with("restart_reach", 1);
                    v[0] = 3;
                    v
                },
                "Show a majority restarting when both reach every server",
                "majority",
            ),
        ],
        Scenario::ClockDrift => vec![(
            scenario.with("clock_allowance", beyond::allowance_covering_the_drift()),
            "Show an allowance as large as the drift",
            "allowance",
        )],
        _ => Vec::new(),
    };
    let extra = extras
        .into_iter()
        .map(|(values, label, suffix)| {
            view! { <PresetLink state scenario values label testid=format!("preset-{code}-{suffix}") /> }
        })
        .collect_view();
    let staircase = (scenario == Scenario::StaleAccepted).then(|| {
        view! { <StaircaseLinks state /> }
    });
    let intro = view! {
        <p>{lead(scenario)}</p>
        <p class="presets">
            <PresetLink state scenario values=scenario.defaults() label="Show the failure" testid=format!("preset-{code}") />
            <PresetLink state scenario values=scenario.with_remedy() label=remedy_label testid=format!("preset-{code}-remedy") />
            {extra}
        </p>
    }
    .into_any();
    let aside = view! {
        {tools}
        {staircase}
        <details class="production" data-testid=format!("production-{code}")>
            <summary>"What production systems do"</summary>
            <p>{in_production(scenario)}</p>
        </details>
    }
    .into_any();
    view! { <ScenarioFigure state scenario intro aside /> }
}

/// Links that load the main study with fencing on (the staircase then shows
/// the accepted stale writes as their own colour), and with the remedy.
#[component]
fn StaircaseLinks(state: AppState) -> impl IntoView {
    // Counted once, on the default staircase: a fixed reference that
    // costs nothing while the reader drags.
    let (ttls, pauses) = dlock_core::sweep::default_staircase();
    let fenced = dlock_core::Params {
        fencing: true,
        ..dlock_core::Params::default()
    };
    let grid = dlock_core::sweep::grid(&fenced, &ttls, &pauses);
    let accepted = grid
        .cells
        .iter()
        .filter(|c| c.outcome == dlock_core::Outcome::StaleAccepted)
        .count();
    let show = move |register: bool| {
        move |ev: leptos::ev::MouseEvent| {
            ev.prevent_default();
            state.settings.update(|s| {
                s.params.fencing = true;
                s.params.register_token = register;
            });
            crate::browser::url::scroll_to("lease");
        }
    };
    let base = crate::browser::url::page_base();
    view! {
        <p data-testid="stale-accepted-count">
            {format!(
                "On {} with fencing on, {accepted} cells are stale writes accepted. ",
                dlock_core::sweep::default_staircase_words()
            )}
            <a class="preset" href=format!("{base}?fencing=1#lease") data-testid="preset-staircase-fenced" on:click=show(false)>"Show them on the staircase"</a>
            " · "
            <a class="preset" href=format!("{base}?fencing=1&register=1#lease") data-testid="preset-staircase-register" on:click=show(true)>"and with B registering first"</a>
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_has_words_of_its_own() {
        for s in Scenario::ALL {
            assert!(!lead(s).is_empty() && !in_production(s).is_empty());
            assert!(
                !lead(s).chars().any(|c| c.is_ascii_digit()),
                "{s:?}: numbers come from core"
            );
        }
    }
}
