//! The deck's part of a link: its slides, the slide on show, and the
//! handout, each checked against the deck it belongs to.

use super::{parse, quote, Reader};
use crate::settings::deck::{self, Slide, MAX_SLIDES};
use crate::settings::{slide_of, Figure, Settings};
use dlock_core::params::Limit;

/// Reads `deck=`'s value: the slides that parse, and a sentence for each
/// part that did not or had to be changed, naming its slide. A link cut
/// short keeps every slide before the cut.
pub fn decode(text: &str) -> (Vec<Slide>, Vec<String>) {
    let parts = match deck::split(text) {
        Ok(parts) => parts,
        Err(why) => return (Vec::new(), vec![why]),
    };
    let mut problems = Vec::new();
    let mut slides = Vec::new();
    for (index, (code, pairs, refused)) in parts.into_iter().enumerate() {
        let number = index + 1;
        if slides.len() == MAX_SLIDES {
            problems.push(format!(
                "deck has more than {MAX_SLIDES} slides; the page keeps the first {MAX_SLIDES}"
            ));
            break;
        }
        let Some(figure) = Figure::from_code(code) else {
            let known = Figure::ALL.map(Figure::code).join(", ");
            problems.push(format!(
                "deck slide {number}: {} is not a figure ({known}); left out",
                quote(code)
            ));
            continue;
        };
        for name in refused {
            problems.push(format!(
                "deck slide {number}: {} is how the page is shown, not part of a slide; ignored",
                quote(name)
            ));
        }
        let (settings, notices) = parse(&format!("?{}", pairs.join("&")));
        problems.extend(
            notices
                .into_iter()
                .map(|n| format!("deck slide {number}: {}", n.message)),
        );
        slides.push(slide_of(figure, &settings));
    }
    (slides, problems)
}

/// The page presenting no slide any more (Esc): what was on show stays,
/// with its deck, out of presentation.
pub fn leave_slide(s: &mut Settings) {
    s.present = None;
    s.slide = None;
}

/// The settings a slide shows its figure with.
pub fn slide_settings(slide: &Slide) -> Settings {
    parse(&slide.query()).0
}

/// The page on slide `index` of `page`'s deck, as the deck stores it:
/// the slide's settings, presented, with the deck and the page's colours
/// and frame kept. `None` past the deck's end.
pub fn open_slide(page: &Settings, index: usize) -> Option<Settings> {
    let slide = page.deck.get(index)?;
    Some(Settings {
        deck: page.deck.clone(),
        slide: Some(index as u16),
        theme: page.theme,
        embed: page.embed,
        present: Some(slide.figure),
        ..slide_settings(slide)
    })
}

/// `deck`, `slide` and `handout`. A slide without a deck, or a handout of
/// none, is named and ignored; a slide past the deck's end is its last.
pub(super) fn read_deck(r: &mut Reader) -> (Vec<Slide>, Option<u16>, bool) {
    let slides = match r.get("deck").map(str::to_owned) {
        None => Vec::new(),
        Some(text) => {
            let (slides, problems) = decode(&text);
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
    let handout = handout && !slides.is_empty();
    (slides, slide, handout)
}

/// The settings a link opens: a slide named without `present` opens as
/// the deck stores it (a deck link's first slide, `slide=1`); otherwise
/// the link's own settings, as a reload finds them.
pub(super) fn opened(settings: Settings) -> Settings {
    match (settings.slide, settings.present) {
        (Some(slide), None) => open_slide(&settings, usize::from(slide)).unwrap_or(settings),
        _ => settings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{format, Theme};

    fn with(query: &str) -> Settings {
        parse(query).0
    }

    fn four() -> Vec<Slide> {
        let cell = dlock_core::explore::argument::Cell::all()[3];
        vec![
            slide_of(Figure::Timeline, &with("?t=12")),
            slide_of(Figure::Timeline, &with("?fencing=1&predict=1")),
            slide_of(Figure::Heatmap, &with("?ttl=25")),
            slide_of(Figure::Argument, &with(&format!("?cell={}", cell.code()))),
        ]
    }

    #[test]
    fn a_deck_reads_back_from_its_text() {
        let slides = four();
        let text = deck::encode(&slides).expect("a deck");
        assert!(text.len() < 100, "{text}");
        assert_eq!(decode(&text), (slides, Vec::new()));
    }

    #[test]
    fn a_slide_keeps_what_its_figure_shows_and_not_how_the_page_is_shown() {
        let s = with("?ttl=25&theme=dark&present=1&embed=heatmap&controls=0&predict=1");
        let slide = slide_of(Figure::Heatmap, &s);
        assert_eq!(
            deck::encode(std::slice::from_ref(&slide)).as_deref(),
            Some("1!heatmap~ttl=25~predict=1")
        );
        let back = slide_settings(&slide);
        assert_eq!(
            (back.params.ttl, back.predict, back.theme, back.embed),
            (25, true, Theme::Auto, None)
        );
    }

    #[test]
    fn a_hostile_or_cut_deck_keeps_the_slides_that_parse_and_names_the_rest() {
        let (slides, said) = decode("1!timeline~ttl=99999!nonsense~x=1!heatmap~deck=1!heatm");
        assert_eq!(
            slides.iter().map(|s| s.figure).collect::<Vec<_>>(),
            [Figure::Timeline, Figure::Heatmap]
        );
        let said = said.join("\n");
        assert!(said.contains("deck slide 1: ttl = 99999 is outside"), "{said}");
        assert!(
            said.contains("deck slide 2: 'nonsense' is not a figure (timeline,"),
            "{said}"
        );
        assert!(
            said.contains("deck slide 3: 'deck' is how the page is shown"),
            "{said}"
        );
        assert!(said.contains("deck slide 4: 'heatm' is not a figure"), "{said}");
        // The slide that was clamped keeps the value the page used.
        assert_eq!(slide_settings(&slides[0]).params.ttl, dlock_core::params::TTL.max);
        let (none, said) = decode("7!timeline");
        assert!(none.is_empty() && said[0].contains("version '7'"), "{said:?}");
        let many = format!("1{}", "!timeline".repeat(MAX_SLIDES + 3));
        let (kept, said) = decode(&many);
        assert_eq!(kept.len(), MAX_SLIDES);
        assert_eq!(said.len(), 1, "{said:?}");
    }

    #[test]
    fn opening_a_slide_presents_its_figure_with_its_settings_and_keeps_the_deck() {
        let mut page = with("?theme=dark&ttl=7");
        page.deck = four();
        let on = open_slide(&page, 2).expect("slide 3");
        assert_eq!(
            (on.params.ttl, on.present, on.slide, on.theme),
            (25, Some(Figure::Heatmap), Some(2), Theme::Dark)
        );
        assert_eq!(on.deck, page.deck);
        assert_eq!(open_slide(&page, 4), None);
        let mut left = on.clone();
        leave_slide(&mut left);
        assert_eq!((left.present, left.slide, left.params.ttl), (None, None, 25));
    }

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
