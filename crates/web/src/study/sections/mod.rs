//! The study's sections, a module each: the section's component, its
//! prose, the sentences it computes from core for the run on screen, and
//! their tests. `page` lists them in order; this module holds what they
//! share, the heading with its link.

pub mod acquiring;
pub mod argument;
pub mod arithmetic;
pub mod beyond;
pub mod comparison;
pub mod corrupted;
pub mod debate;
pub mod every;
pub mod fault;
pub mod fenced;
pub mod lease;
pub mod model;
pub mod problem;
pub mod reading;
pub mod real;
pub mod recheck;
pub mod servers;
pub mod simplified;
pub mod vanish;

use leptos::prelude::*;

/// A section of the study: its heading, with a link to itself, then its
/// body once the study builds it (`study::lazy`). A section whose figure
/// follows the reader's parameters can have a `heading` that follows them
/// too, so it never names a run that is not on screen.
#[component]
pub fn Section(
    id: &'static str,
    title: &'static str,
    #[prop(optional, into)] heading: Option<Signal<String>>,
    children: Children,
) -> impl IntoView {
    let text = move || heading.map_or_else(|| title.to_owned(), |h| h.get());
    let built = crate::study::lazy::switch();
    let body = StoredValue::new_local(Some(children));
    // Built once: the switch only ever turns on, and nothing the body reads
    // as it is made is followed here (untracked), so this never runs again
    // to take the body away.
    let shown = move || match built.get() {
        true => untrack(|| {
            body.try_update_value(Option::take)
                .flatten()
                .map(|children| children())
        }),
        false => None,
    };
    view! {
        <section id=id class="study-section" aria-labelledby=format!("{id}-h")
            data-unbuilt=move || (!built.get()).then_some("")>
            <div class="section-head">
                <h2 id=format!("{id}-h") data-testid=format!("{id}-heading") prop:textContent=text></h2>
                <a class="anchor" href=format!("#{id}") aria-label=format!("Link to “{title}”")>"#"</a>
                // A handout of one section: the rest of the study stays off the paper.
                <button type="button" class="print-section" data-testid=format!("print-{id}")
                    aria-describedby=format!("{id}-h")
                    on:click=move |_| crate::browser::print::print_section(id)>"Print this section"</button>
            </div>
            {shown}
        </section>
    }
}
