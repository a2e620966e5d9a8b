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
