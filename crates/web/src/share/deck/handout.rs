//! The deck on paper and as files: the handout (`handout=1`), a slide a
//! page with its parameters in `dlock run`'s words and the commands that
//! compute it, and the slides as 16:9 PNGs. Each slide is painted by the
//! path its figure's own "PNG for a slide" takes (`export::painted_slide`),
//! from its own settings.

use super::turn::counter;
use super::words::slide_text;
use crate::browser::download::download_canvas_png;
use crate::settings::deck::Slide;
use crate::settings::{self, Settings};
use crate::share::export::{export, painted_slide, slide_title, Format};
use crate::state::AppState;
use leptos::prelude::*;
use web_sys::HtmlCanvasElement;

/// `slide` as its 16:9 slide, painted from its own settings (in paper's
/// colours if `paper`). The table's searches are the page's (the same
/// for every slide); a check's matrix is the page's if its question is
/// the slide's, and otherwise not yet searched.
pub fn paint(page: AppState, slide: &Slide, paper: bool) -> Result<HtmlCanvasElement, String> {
    let owner = Owner::new();
    let painted = owner.with(|| {
        let s = settings::slide_settings(slide);
        let state = AppState::new(&settings::format(&s), page.width.get_untracked());
        state.argument.set(page.argument.get_untracked());
        state.argument.update(|p| {
            crate::figures::argument::shipped::fill(p);
        });
        if page
            .settings
            .with_untracked(|p| p.check.asked() == s.check.asked())
        {
            state.check.set(page.check.get_untracked());
        }
        painted_slide(paper, || export(state, slide.figure, Format::Slide))
    });
    owner.cleanup();
    painted
}

/// Downloads every slide as a PNG named by its place in the deck, and
/// says how it went.
pub fn download_pngs(page: AppState) -> &'static str {
    let slides = page.settings.with_untracked(|s| s.deck.clone());
    let mut failed = false;
    for (i, slide) in slides.iter().enumerate() {
        let name = format!("dlock-deck-{:02}-{}.png", i + 1, slide.figure.code());
        failed |= paint(page, slide, false)
            .and_then(|canvas| download_canvas_png(&name, &canvas))
            .is_err();
    }
    if failed {
        "Some slides could not be drawn yet (a search still running); the rest are saved."
    } else {
        "Slides saved as PNGs."
    }
}

/// One slide on its page: its picture, its parameters, its commands.
#[component]
fn HandoutSlide(page: AppState, slide: Slide, at: usize, len: usize) -> impl IntoView {
    let holder = NodeRef::<leptos::html::Div>::new();
    let problem = RwSignal::new(None::<String>);
    let painted = slide.clone();
    Effect::new(move |_| {
        let Some(holder) = holder.get() else { return };
        match paint(page, &painted, true) {
            Ok(canvas) => {
                let _ = canvas.set_attribute("role", "img");
                let _ = canvas.set_attribute("aria-label", &slide_title(painted.figure));
                let _ = holder.append_child(&canvas);
            }
            Err(why) => problem.set(Some(format!("This slide cannot be drawn yet: {why}."))),
        }
    });
    let text = slide_text(slide.figure, &settings::slide_settings(&slide));
    view! {
        <article class="handout-slide" data-testid="handout-slide">
            <h2>{format!("{}: {}", counter(at, len), slide_title(slide.figure))}</h2>
            <div class="handout-picture" node_ref=holder></div>
            <p class="handout-problem" prop:textContent=move || problem.get().unwrap_or_default()></p>
            {text.line.map(|line| view! { <p class="handout-line">{format!("Parameters: {line}.")}</p> })}
            {(!text.commands.is_empty()).then(|| view! {
                <pre class="handout-commands" data-testid="handout-commands">{text.commands.join("\n")}</pre>
            })}
        </article>
    }
}

/// The handout: every slide, a page each on paper, with a bar (left off
/// the paper) to print it or go back to the page.
#[component]
pub fn Handout(state: AppState) -> impl IntoView {
    let slides = state.settings.with_untracked(|s: &Settings| s.deck.clone());
    let len = slides.len();
    view! {
        <section class="handout" data-testid="handout" aria-label="Handout">
            <div class="handout-bar">
                <p>{format!("A handout of {len} slides: each prints on a page of its own.")}</p>
                <button type="button" data-testid="handout-print" on:click=move |_| crate::browser::print::print_page()>"Print"</button>
                <button type="button" data-testid="handout-leave"
                    on:click=move |_| state.settings.update(|s| s.handout = false)>"Back to the page"</button>
            </div>
            {slides.into_iter().enumerate().map(|(at, slide)| view! { <HandoutSlide page=state slide at len /> }).collect_view()}
        </section>
    }
}
