//! A deck: the figures a lecture walks through, as one link (`deck=`,
//! read and written by `settings::deck`). "Add to deck" in each figure's
//! menu adds what is on screen; the Deck panel lists the slides, moves
//! and removes them, and copies the link; presented, Page Down and Page
//! Up walk the slides (`turn`); the handout prints them a page each, and
//! their PNGs are the slides each figure's own menu makes (`handout`).

pub mod handout;
pub mod turn;
pub mod words;

use crate::browser::events::{on_window_key, target_tag};
use crate::browser::url;
use crate::settings::deck::{self, Edit, Slide, MAX_SLIDES};
use crate::settings::{self, Figure, Settings};
use crate::state::AppState;
use leptos::prelude::*;
use turn::{counter, turn, turned, OnSlide};

/// Opens slide `index` of the deck as the deck stores it, presented.
pub fn go_to(state: AppState, index: usize) {
    state.settings.update(|s| {
        if let Some(next) = settings::open_slide(s, index) {
            *s = next;
        }
    });
    crate::browser::document::scroll_to_top("presented");
}

/// While a slide of a deck is presented, Page Down and Page Up turn the
/// slides where the figure on show has nothing left to step through.
/// Registered before the figure's own keys, so a key that turns the slide
/// is taken here and the figure leaves it alone.
pub fn on_deck_keys(state: AppState) {
    on_window_key(move |ev| {
        let tag = target_tag(&ev);
        if ev.default_prevented() || matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
            return;
        }
        let Some((at, len, figure)) = state
            .settings
            .with_untracked(|s| Some((usize::from(s.slide?), s.deck.len(), s.present?)))
        else {
            return;
        };
        let events = state.run.with_untracked(dlock_core::history::event_ticks);
        let on = OnSlide {
            figure,
            cursor: state.cursor_untracked(),
            events: &events,
            last: state.t_end.get_untracked().saturating_sub(1),
            scroll: crate::browser::document::can_scroll("presented"),
        };
        let Some(turning) = turn(&ev.key(), &on) else {
            return;
        };
        ev.prevent_default();
        if let Some(next) = turned(at, turning, len) {
            go_to(state, next);
        }
    });
}

/// In the presented deck's bar: where it is, and a button each way.
#[component]
pub fn SlideCounter(state: AppState) -> impl IntoView {
    let place = move || {
        state
            .settings
            .with(|s| s.slide.map(|at| (usize::from(at), s.deck.len())))
    };
    // A click leaves the focus where it was, so the clicker's keys still
    // reach the figure.
    let keep_focus = |ev: leptos::ev::MouseEvent| ev.prevent_default();
    move || {
        place().map(|(at, len)| {
            view! {
                <span class="slide-counter">
                    <button type="button" data-testid="slide-previous" aria-label="Previous slide" disabled={at == 0}
                        on:mousedown=keep_focus on:click=move |_| go_to(state, at.saturating_sub(1))>"‹"</button>
                    <span data-testid="slide-counter" aria-live="polite">{counter(at, len)}</span>
                    <button type="button" data-testid="slide-next" aria-label="Next slide" disabled={at + 1 >= len}
                        on:mousedown=keep_focus on:click=move |_| go_to(state, at + 1)>"›"</button>
                </span>
            }
        })
    }
}

/// "Add to deck" in a figure's menu: the figure as it is on screen, last.
#[component]
pub fn AddToDeck(state: AppState, figure: Figure, status: RwSignal<&'static str>) -> impl IntoView {
    let add = move |_| {
        let full = state.settings.with_untracked(|s| s.deck.len() >= MAX_SLIDES);
        if full {
            status.set("The deck is full: remove a slide first.");
            return;
        }
        state.settings.update(|s| {
            let slide = settings::slide_of(figure, s);
            s.deck.push(slide);
        });
        status.set("Added to the deck.");
    };
    view! {
        <button type="button" data-testid=format!("add-to-deck-{}", figure.code()) on:click=add>"Add to deck"</button>
    }
}

/// The deck's own query: its slides, opening on the first, in the page's
/// colours.
pub fn deck_query(s: &Settings) -> String {
    let linked = Settings {
        deck: s.deck.clone(),
        slide: (!s.deck.is_empty()).then_some(0),
        theme: s.theme,
        ..Settings::default()
    };
    settings::format(&linked)
}

/// The deck's own link, on this page.
pub fn deck_link(s: &Settings) -> String {
    format!("{}{}", url::page_base(), deck_query(s))
}

/// The study's argument in eight slides, as the README links it: the
/// corrupted run to predict, the same run fenced, the staircase at ttl
/// 25, re-checks that do not help, a pause while acquiring, every fault
/// against every remedy, Kleppmann's clock jump through fencing, and both
/// sides of the debate.
pub const THE_ARGUMENT: [(Figure, &str); 8] = [
    (Figure::Timeline, "?predict=1"),
    (Figure::Timeline, "?fencing=1"),
    (Figure::Heatmap, "?ttl=25"),
    (Figure::Recheck, ""),
    (Figure::Acquiring, ""),
    (Figure::Argument, ""),
    (Figure::Argument, "?cell=clock-jump.fencing"),
    (Figure::Debate, ""),
];

/// The deck's slides, each with its figure, its words, and buttons to
/// move and remove it; then the deck's own buttons. Drawn only while the
/// deck has a slide.
#[component]
pub fn DeckPanel(state: AppState) -> impl IntoView {
    let slides = Memo::new(move |_| state.settings.with(|s| s.deck.clone()));
    let status = RwSignal::new("");
    let edit = move |change: Edit| state.settings.update(|s| deck::edit(&mut s.deck, change));
    let row = move |(i, slide): (usize, Slide)| {
        let text = words::slide_text(slide.figure, &settings::slide_settings(&slide));
        let said = text
            .line
            .or_else(|| text.commands.first().cloned())
            .unwrap_or_default();
        let len = slides.with_untracked(Vec::len);
        let number = i + 1;
        view! {
            <li data-testid="deck-slide">
                <span class="deck-slide-title">{crate::share::export::slide_title(slide.figure)}</span>
                <span class="deck-slide-words">{said}</span>
                <span class="deck-slide-moves">
                    <button type="button" aria-label=format!("Move slide {number} up") disabled={i == 0}
                        on:click=move |_| edit(Edit::Up(i))>"↑"</button>
                    <button type="button" aria-label=format!("Move slide {number} down") disabled={i + 1 >= len}
                        on:click=move |_| edit(Edit::Down(i))>"↓"</button>
                    <button type="button" data-testid="deck-remove" aria-label=format!("Remove slide {number}")
                        on:click=move |_| edit(Edit::Remove(i))>"Remove"</button>
                </span>
            </li>
        }
    };
    let copy_link = move |_| {
        let link = state.settings.with_untracked(deck_link);
        crate::browser::clipboard::copy(&link, status, "Deck link copied.");
    };
    let pngs = move |_| status.set(handout::download_pngs(state));
    view! {
        <aside class="deck-panel" data-testid="deck-panel" aria-label="Deck">
            <details open>
                <summary data-testid="deck-summary">{move || {
                    let n = slides.with(Vec::len);
                    format!("Deck: {n} slide{}", if n == 1 { "" } else { "s" })
                }}</summary>
                <ol class="deck-slides">{move || slides.get().into_iter().enumerate().map(row).collect_view()}</ol>
                <div class="deck-actions">
                    <button type="button" data-testid="deck-present" on:click=move |_| go_to(state, 0)>"Present"</button>
                    <button type="button" data-testid="deck-copy" on:click=copy_link>"Copy link"</button>
                    <button type="button" data-testid="deck-handout"
                        on:click=move |_| state.settings.update(|s| s.handout = true)>"Handout"</button>
                    <button type="button" data-testid="deck-pngs" on:click=pngs>"Slides as PNGs"</button>
                    <button type="button" data-testid="deck-clear"
                        on:click=move |_| edit(Edit::Empty)>"Empty the deck"</button>
                    <span class="tool-status" role="status" data-testid="deck-status" prop:textContent=move || status.get()></span>
                </div>
            </details>
        </aside>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_s_deck_walks_the_argument_in_eight_slides_and_reads_back_whole() {
        let slides = THE_ARGUMENT
            .iter()
            .map(|&(figure, query)| {
                let (s, said) = settings::parse(query);
                assert!(said.is_empty(), "{query}: {said:?}");
                settings::slide_of(figure, &s)
            })
            .collect();
        let query = deck_query(&Settings {
            deck: slides,
            ..Settings::default()
        });
        let (opened, said) = settings::parse(&query);
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(
            (opened.deck.len(), opened.slide, opened.present),
            (8, Some(0), Some(Figure::Timeline))
        );
        assert!(opened.predict, "the first slide asks before it shows");
        let readme = include_str!("../../../../../README.md");
        let link = format!("https://example.org/dlock/{query}");
        assert!(
            readme.contains(&format!("<{link}>")),
            "README's deck link is not:\n{link}"
        );
    }
}
