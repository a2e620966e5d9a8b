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

use super::figure::Figure;

/// The deck's format; a deck link starts with it (`deck=1!…`). One
/// without it is read as this version.
pub const DECK_VERSION: u32 = 1;

/// A deck holds at most this many slides: a lecture's worth, and a link
/// that still fits the length browsers and chat clients keep.
pub const MAX_SLIDES: usize = 24;

const SLIDE_SEPARATOR: char = '!';
const PAIR_SEPARATOR: char = '~';

/// The names a slide may not set: how the page is shown, and the deck.
pub const NOT_IN_A_SLIDE: [&str; 9] = [
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
    /// `figure` with the settings `query` names, as `settings::format`
    /// writes them (`?v=1&ttl=25`): the version is the deck's, not the
    /// slide's. `settings::slide_of` makes one from what is on screen.
    pub fn new(figure: Figure, query: &str) -> Slide {
        let pairs = query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty() && !p.starts_with("v="))
            .map(str::to_owned)
            .collect();
        Slide { figure, pairs }
    }

    /// The slide's settings as a link's query (`?ttl=25`), for
    /// `settings::parse`.
    pub fn query(&self) -> String {
        format!("?{}", self.pairs.join("&"))
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

/// A slide as `deck=` writes it, split: its figure's code, the pairs of
/// its settings, and the names of those it may not set (left out).
pub type SlideText<'a> = (&'a str, Vec<&'a str>, Vec<&'a str>);

/// Splits `deck=`'s value into its slides, after its version: a deck of a
/// version this page cannot read is an error.
pub fn split(text: &str) -> Result<Vec<SlideText<'_>>, String> {
    let mut parts = text.split(SLIDE_SEPARATOR).map(str::trim).peekable();
    let version = parts
        .peek()
        .copied()
        .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if let Some(first) = version {
        if first.parse::<u32>() != Ok(DECK_VERSION) {
            return Err(format!(
                "deck is version '{}', which this page cannot read (it reads {DECK_VERSION}); no slide is shown",
                first.chars().take(12).collect::<String>()
            ));
        }
        parts.next();
    }
    Ok(parts
        .filter(|p| !p.is_empty())
        .map(|part| {
            let mut pairs = part.split(PAIR_SEPARATOR);
            let code = pairs.next().unwrap_or_default().trim();
            let (mut kept, mut refused) = (Vec::new(), Vec::new());
            for pair in pairs.filter(|p| !p.is_empty()) {
                let name = pair.split_once('=').map_or(pair, |(n, _)| n);
                match NOT_IN_A_SLIDE.contains(&name) {
                    true => refused.push(name),
                    false => kept.push(pair),
                }
            }
            (code, kept, refused)
        })
        .collect())
}

/// What the Deck panel does to the slides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Slide `i` one place earlier.
    Up(usize),
    /// Slide `i` one place later.
    Down(usize),
    Remove(usize),
    Empty,
}

/// `slides` after `edit`; an edit past either end changes nothing.
pub fn edit(slides: &mut Vec<Slide>, edit: Edit) {
    let len = slides.len();
    match edit {
        Edit::Up(i) if i > 0 && i < len => slides.swap(i - 1, i),
        Edit::Down(i) if i + 1 < len => slides.swap(i, i + 1),
        Edit::Remove(i) if i < len => {
            slides.remove(i);
        }
        Edit::Empty => slides.clear(),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Vec<Slide> {
        vec![
            Slide::new(Figure::Timeline, "?v=1&t=12"),
            Slide::new(Figure::Timeline, "?v=1&fencing=1&predict=1"),
            Slide::new(Figure::Heatmap, "?v=1&ttl=25"),
            Slide::new(Figure::Argument, "?v=1&cell=pause.fence"),
        ]
    }

    #[test]
    fn a_deck_is_written_short_and_readable_and_splits_back_into_its_slides() {
        let text = encode(&four()).expect("a deck");
        assert_eq!(
            text,
            "1!timeline~t=12!timeline~fencing=1~predict=1!heatmap~ttl=25!argument~cell=pause.fence"
        );
        let slides = split(&text).expect("version 1");
        assert_eq!(slides[1], ("timeline", vec!["fencing=1", "predict=1"], vec![]));
        assert_eq!(encode(&[]), None);
        // Without its version, a deck is read as version 1; a newer one is not read.
        assert_eq!(
            split("heatmap~ttl=25~embed=check").expect("v1")[0],
            ("heatmap", vec!["ttl=25"], vec!["embed"])
        );
        assert!(split("7!timeline").expect_err("v7").contains("version '7'"));
    }

    #[test]
    fn the_panel_moves_and_removes_slides_and_an_edit_past_an_end_changes_nothing() {
        let figures = |d: &[Slide]| d.iter().map(|s| s.figure).collect::<Vec<_>>();
        let mut d = four();
        edit(&mut d, Edit::Up(2));
        assert_eq!(
            figures(&d),
            [
                Figure::Timeline,
                Figure::Heatmap,
                Figure::Timeline,
                Figure::Argument
            ]
        );
        edit(&mut d, Edit::Down(0));
        assert_eq!(
            figures(&d),
            [
                Figure::Heatmap,
                Figure::Timeline,
                Figure::Timeline,
                Figure::Argument
            ]
        );
        for nothing in [Edit::Up(0), Edit::Down(3), Edit::Remove(4), Edit::Up(9)] {
            let before = d.clone();
            edit(&mut d, nothing);
            assert_eq!(d, before, "{nothing:?}");
        }
        edit(&mut d, Edit::Remove(0));
        assert_eq!(
            figures(&d),
            [Figure::Timeline, Figure::Timeline, Figure::Argument]
        );
        edit(&mut d, Edit::Empty);
        assert!(d.is_empty());
    }
}
