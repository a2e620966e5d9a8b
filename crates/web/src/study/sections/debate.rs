//! "Both sides": the 2016 debate as a table, claim by claim — who makes
//! it, in neutral words, what the model's run shows (computed by
//! `dlock_core::debate`), whether that supports it, refutes it or cannot
//! decide it, a link that opens the run, and the source.

use super::Section;
use crate::browser::url;
use crate::settings::{self, Figure, Settings};
use crate::share::tools::FigureTools;
use crate::state::AppState;
use dlock_core::debate::{self, Claim, Opens};
use leptos::prelude::*;

/// The address that opens a claim's run, and the section it is drawn in.
fn target(opens: &Opens) -> (String, &'static str) {
    match opens {
        Opens::Run(p) => (
            settings::format(&Settings {
                params: *p,
                ..Settings::default()
            }),
            "corrupted",
        ),
        Opens::Scenario(s, values) => (
            settings::format(&Settings::default().with_knobs(*s, values)),
            s.code(),
        ),
    }
}

/// Opens a claim's run in place: the main timeline's parameters, or a
/// scenario's knobs, then the section that draws it.
fn open(state: AppState, opens: &Opens) {
    match opens {
        Opens::Run(p) => state.settings.update(|s| {
            s.params = *p;
            s.cursor = None;
        }),
        Opens::Scenario(scenario, values) => state.settings.update(|s| *s = s.with_knobs(*scenario, values)),
    }
    url::scroll_to(target(opens).1);
}

#[component]
fn ClaimRow(state: AppState, claim: Claim) -> impl IntoView {
    let Claim {
        code,
        side,
        claim,
        sources,
        opens,
        finding,
        shows,
    } = claim;
    let run = opens.map(|opens| {
        let (query, anchor) = target(&opens);
        let href = format!("{}{query}#{anchor}", url::page_base());
        // Alone in a frame there is no section to draw it in: the link
        // opens the whole study at that run, in a tab of its own.
        let embedded = state.settings.with_untracked(|s| s.embed.is_some());
        let on_click = move |ev: leptos::ev::MouseEvent| {
            if !embedded {
                ev.prevent_default();
                open(state, &opens);
            }
        };
        view! {
            <a href=href data-testid=format!("{code}-open") on:click=on_click
                target=embedded.then_some("_blank") rel=embedded.then_some("noopener")>"Open the run"</a>
        }
    });
    view! {
        <tr id=code data-testid=code data-finding=finding.code()>
            <td class="who">{side.name()}</td>
            <td>{claim}</td>
            <td>{shows}</td>
            <td class=format!("finding {}", finding.code())>{finding.label()}</td>
            <td>{run}</td>
            <td>
                {sources.into_iter().map(|s| view! {
                    <a href=s.url target="_blank" rel="noopener noreferrer" title=s.title>{s.short}</a>
                }).collect_view()}
            </td>
        </tr>
    }
}

/// The table of claims, with what the two remedies ask under it: in the
/// study, and alone in an embed (`?embed=both-sides`).
#[component]
pub fn BothSidesTable(state: AppState) -> impl IntoView {
    view! {
        <figure class="debate-figure" id=crate::browser::document::figure_element_id("both-sides")>
            <div class="debate-scroll">
                <table class="data debate" data-testid="both-sides">
                    <thead>
                        <tr>
                            <th>"Who"</th>
                            <th>"Claim"</th>
                            <th>"What the simulation shows"</th>
                            <th>"Verdict"</th>
                            <th>"Run"</th>
                            <th>"Source"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {debate::claims().into_iter().map(|claim| view! { <ClaimRow state claim /> }).collect_view()}
                    </tbody>
                </table>
            </div>
            <p data-testid="remedies">"What the two remedies ask of the storage. Fencing keeps the highest token it has applied and "
               "refuses a lower one, so the lock must issue tokens that only grow. Check-and-set keeps the id of the holder "
               "registered last and applies only writes carrying it, so every new holder must register before it works, "
               "and any unique id will do. "
               {debate::remedies_sentence(&debate::remedies())}</p>
        </figure>
    }
}

#[component]
pub fn BothSidesSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="both-sides" title="Both sides">
            <p>"In 2016 Martin Kleppmann argued that Redlock is unsafe for locks that data depends on, and Salvatore Sanfilippo "
               "(antirez), its author, answered the same week. Each row below is one claim, in neutral words, tested on the model "
               "where a run can test it. The verdict is read off the run; a claim about how real systems behave, or about what a "
               "lock is for, is left to you."</p>
            <BothSidesTable state />
            <FigureTools state figure=Figure::Debate />
        </Section>
    }
}
