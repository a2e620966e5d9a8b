//! A deck (`deck=`): the figures a lecture walks through, in order, each
//! a slide with its own settings, so that a lecture is one link.
//!
//! Written to stay short and readable in the address bar: a version, then
//! each slide as its figure's embed name and its settings as the page's
//! own link would write them, `&` turned into `~` and slides parted by
//! `!`, two characters no value of the page ever holds and no link
//! encodes:
//!
//! ```text
//! deck=1!timeline!timeline~fencing=1~predict=1!heatmap~ttl=25!argument~cell=pause.fence
//! ```
//!
//! A slide keeps only what its figure shows from (its parameters, its
//! cursor, its cell, whether it predicts); how the page is shown (a frame,
//! the colours, presentation) belongs to the deck's link, not to a slide.

use super::{format, parse, Figure, Settings, Theme};

/// The deck's format; a deck link starts with it (`deck=1!…`). One
/// without it is read as this version.
pub const DECK_VERSION: u32 = 1;

/// A deck holds at most this many slides: a lecture's worth, and a link
/// that still fits the length browsers and chat clients keep.
pub const MAX_SLIDES: usize = 24;

const SLIDE_SEPARATOR: char = '!';
const PAIR_SEPARATOR: char = '~';

/// The names a slide may not set: how the page is shown, and the deck.
const NOT_IN_A_SLIDE: [&str; 9] = [
    "v", "embed", "controls", "theme", "present", "deck", "slide", "handout", "",
];

/// One slide: a figure, and the settings it shows it with, as a link's
/// pairs (`ttl=25`), canonical: what `format` writes, each checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    pub figure: Figure,
    pairs: Vec<String>,
}

impl Slide {
    /// `figure` as `s` shows it now: what "Add to deck" adds.
    pub fn of(figure: Figure, s: &Settings) -> Slide {
        let mut kept = s.clone();
        kept.embed = None;
        kept.theme = Theme::Auto;
        kept.present = None;
        kept.deck = Vec::new();
        kept.slide = None;
        kept.handout = false;
        let query = format(&kept);
        let pairs = query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.starts_with("v="))
            .map(str::to_owned)
            .collect();
        Slide { figure, pairs }
    }

    /// The settings the slide shows its figure with.
    pub fn settings(&self) -> Settings {
        parse(&format!("?{}", self.pairs.join("&"))).0
    }

    /// The slide as the deck's link writes it: `heatmap~ttl=25`.
    fn encode(&self) -> String {
        std::iter::once(self.figure.code())
            .chain(self.pairs.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(&PAIR_SEPARATOR.to_string())
    }
}

/// The deck as the value of `deck=`, or nothing for an empty deck.
pub fn encode(slides: &[Slide]) -> Option<String> {
    if slides.is_empty() {
        return None;
    }
    let mut out = DECK_VERSION.to_string();
    for slide in slides {
        out.push(SLIDE_SEPARATOR);
        out.push_str(&slide.encode());
    }
    Some(out)
}

/// Reads `deck=`'s value: the slides that parse, and a sentence for each
/// part that did not or had to be changed, naming its slide. A link cut
/// short keeps every slide before the cut.
pub fn decode(text: &str) -> (Vec<Slide>, Vec<String>) {
    let mut problems = Vec::new();
    let mut parts = text.split(SLIDE_SEPARATOR).map(str::trim).peekable();
    let version = parts
        .peek()
        .copied()
        .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if let Some(first) = version {
        if first.parse::<u32>() != Ok(DECK_VERSION) {
            problems.push(format!(
                "deck is version {}, which this page cannot read (it reads {DECK_VERSION}); no slide is shown",
                super::read::quote(first)
            ));
            return (Vec::new(), problems);
        }
        parts.next();
    }
    let mut slides = Vec::new();
    for (index, part) in parts.filter(|p| !p.is_empty()).enumerate() {
        let number = index + 1;
        if slides.len() == MAX_SLIDES {
            problems.push(format!(
                "deck has more than {MAX_SLIDES} slides; the page keeps the first {MAX_SLIDES}"
            ));
            break;
        }
        match read_slide(part) {
            Ok((slide, said)) => {
                problems.extend(said.into_iter().map(|p| format!("deck slide {number}: {p}")));
                slides.push(slide);
            }
            Err(why) => problems.push(format!("deck slide {number}: {why}; left out")),
        }
    }
    (slides, problems)
}

/// One slide's text: its figure, then its settings, each checked as a
/// link's are; what the slide may not set is named and dropped.
fn read_slide(text: &str) -> Result<(Slide, Vec<String>), String> {
    let mut parts = text.split(PAIR_SEPARATOR);
    let code = parts.next().unwrap_or_default().trim();
    let figure = Figure::from_code(code).ok_or_else(|| {
        format!(
            "{} is not a figure ({})",
            super::read::quote(code),
            Figure::ALL.map(Figure::code).join(", ")
        )
    })?;
    let mut said = Vec::new();
    let mut kept = Vec::new();
    for pair in parts.filter(|p| !p.is_empty()) {
        let name = pair.split_once('=').map_or(pair, |(n, _)| n);
        if NOT_IN_A_SLIDE.contains(&name) {
            said.push(format!(
                "{} is how the page is shown, not part of a slide; ignored",
                super::read::quote(name)
            ));
        } else {
            kept.push(pair);
        }
    }
    let (settings, notices) = parse(&format!("?{}", kept.join("&")));
    said.extend(notices.into_iter().map(|n| n.message));
    Ok((Slide::of(figure, &settings), said))
}

/// The page on slide `index` of `page`'s deck, as the deck stores it:
/// the slide's settings, presented, with the deck and the page's colours
/// and frame kept. `None` past the deck's end.
pub fn open(page: &Settings, index: usize) -> Option<Settings> {
    let slide = page.deck.get(index)?;
    let mut s = slide.settings();
    s.deck = page.deck.clone();
    s.slide = Some(index as u16);
    s.theme = page.theme;
    s.embed = page.embed;
    s.present = Some(slide.figure);
    Some(s)
}

/// The page presenting no slide any more (Esc): what was on show stays,
/// with its deck, out of presentation.
pub fn leave(s: &mut Settings) {
    s.present = None;
    s.slide = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck_of(query: &str) -> Settings {
        parse(query).0
    }

    fn four() -> Vec<Slide> {
        let cell = dlock_core::explore::argument::Cell::all()[3];
        vec![
            Slide::of(Figure::Timeline, &deck_of("?t=12")),
            Slide::of(Figure::Timeline, &deck_of("?fencing=1&predict=1")),
            Slide::of(Figure::Heatmap, &deck_of("?ttl=25")),
            Slide::of(Figure::Argument, &deck_of(&format!("?cell={}", cell.code()))),
        ]
    }

    #[test]
    fn a_deck_reads_back_from_its_text_which_is_short_and_readable() {
        let slides = four();
        let text = encode(&slides).expect("a deck");
        assert!(
            text.starts_with("1!timeline~t=12!timeline~fencing=1~predict=1!heatmap~ttl=25!argument~cell="),
            "{text}"
        );
        assert!(text.len() < 100, "{text}");
        assert_eq!(decode(&text), (slides, Vec::new()));
        assert_eq!(encode(&[]), None);
        // Without its version, a deck is read as version 1.
        assert_eq!(decode("heatmap~ttl=25").0, vec![four()[2].clone()]);
    }

    #[test]
    fn a_slide_keeps_what_its_figure_shows_and_not_how_the_page_is_shown() {
        let s = deck_of("?ttl=25&theme=dark&present=1&embed=heatmap&controls=0&predict=1");
        let slide = Slide::of(Figure::Heatmap, &s);
        assert_eq!(slide.encode(), "heatmap~ttl=25~predict=1");
        let back = slide.settings();
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
        assert_eq!(slides[0].settings().params.ttl, dlock_core::params::TTL.max);
        let (none, said) = decode("7!timeline");
        assert!(none.is_empty() && said[0].contains("version '7'"), "{said:?}");
        let many = format!("1{}", "!timeline".repeat(MAX_SLIDES + 3));
        let (kept, said) = decode(&many);
        assert_eq!(kept.len(), MAX_SLIDES);
        assert_eq!(said.len(), 1, "{said:?}");
    }

    #[test]
    fn opening_a_slide_presents_its_figure_with_its_settings_and_keeps_the_deck() {
        let mut page = deck_of("?theme=dark&ttl=7");
        page.deck = four();
        let on = open(&page, 2).expect("slide 3");
        assert_eq!(
            (on.params.ttl, on.present, on.slide, on.theme),
            (25, Some(Figure::Heatmap), Some(2), Theme::Dark)
        );
        assert_eq!(on.deck, page.deck);
        assert_eq!(open(&page, 4), None);
        let mut left = on.clone();
        leave(&mut left);
        assert_eq!((left.present, left.slide, left.params.ttl), (None, None, 25));
    }
}
