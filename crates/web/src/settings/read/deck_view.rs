//! The deck's part of a link: its slides, the slide on show, and the
//! handout, each checked against the deck it belongs to.

use super::Reader;
use crate::settings::deck::{self, Slide};
use crate::settings::Settings;
use dlock_core::params::Limit;

/// `deck`, `slide` and `handout`. A slide without a deck, or a handout of
/// none, is named and ignored; a slide past the deck's end is its last.
pub(super) fn read_deck(r: &mut Reader) -> (Vec<Slide>, Option<u16>, bool) {
    let slides = match r.get("deck").map(str::to_owned) {
        None => Vec::new(),
        Some(text) => {
            let (slides, problems) = deck::decode(&text);
            for problem in problems {
                r.notice("deck", problem);
            }
            slides
        }
    };
    let handout = r.flag("handout", false);
    if handout && slides.is_empty() {
        r.notice(
            "handout",
            "handout = 1 prints a deck, and this link has none; showing the page".to_owned(),
        );
    }
    let slide = match r.get("slide").map(str::trim) {
        None | Some("") => None,
        Some(text) if slides.is_empty() => {
            let text = super::quote(text);
            r.notice("slide", format!("slide = {text} needs a deck (deck=…); ignored"));
            None
        }
        Some(_) => {
            let limit = Limit {
                name: "slide",
                min: 1,
                max: slides.len() as u32,
            };
            Some((r.number("slide", &limit, 1) - 1) as u16)
        }
    };
    (slides.clone(), slide, handout && !slides.is_empty())
}

/// The settings a link opens: a slide named without `present` opens as
/// the deck stores it (a deck link's first slide, `slide=1`); otherwise
/// the link's own settings, as a reload finds them.
pub(super) fn opened(settings: Settings) -> Settings {
    match (settings.slide, settings.present) {
        (Some(slide), None) => deck::open(&settings, usize::from(slide)).unwrap_or(settings),
        _ => settings,
    }
}

#[cfg(test)]
mod tests {
    use crate::settings::{format, parse, Figure};

    #[test]
    fn a_deck_link_opens_its_slide_and_a_reload_finds_the_page_as_it_was_left() {
        let (opened, said) = parse("?deck=1!timeline~t=5!heatmap~ttl=25&slide=2");
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(
            (opened.params.ttl, opened.present, opened.slide),
            (25, Some(Figure::Heatmap), Some(1))
        );
        // Moved on within the slide, the address says so, and reads back.
        let mut moved = opened.clone();
        moved.params.ttl = 30;
        assert_eq!(parse(&format(&moved)).0, moved);
    }

    #[test]
    fn a_slide_without_a_deck_or_past_its_end_is_named() {
        let (s, said) = parse("?slide=3");
        assert_eq!((s.slide, s.present), (None, None));
        assert!(said[0].message.contains("slide = '3' needs a deck"), "{said:?}");
        let (s, said) = parse("?deck=1!timeline!heatmap&slide=9");
        assert_eq!((s.slide, s.present), (Some(1), Some(Figure::Heatmap)));
        assert!(said[0].message.contains("slide = 9 is outside 1..=2"), "{said:?}");
        let (s, said) = parse("?handout=1");
        assert!(!s.handout && said[0].message.contains("has none"), "{said:?}");
    }
}
