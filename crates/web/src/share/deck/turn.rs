//! Which key turns a presented deck's slide, and which moves the figure
//! on it: Page Down steps through a timeline's events, then to the next
//! slide; Page Up goes back the same way. What a clicker sends, so a
//! lecture needs no other key.

use crate::settings::Figure;
use dlock_core::Tick;

/// A slide turned: on to the next, or back to the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Next,
    Previous,
}

/// Where a slide is: its figure, the cursor (`None`: no tick chosen,
/// where stepping starts) among its run's `events` on an axis ending at
/// `last`, and whether it can scroll further up and down (a slide taller
/// than the window).
pub struct OnSlide<'a> {
    pub figure: Figure,
    pub cursor: Option<Tick>,
    pub events: &'a [Tick],
    pub last: Tick,
    pub scroll: (bool, bool),
}

/// Whether `key` turns the slide. A timeline with an event still ahead
/// (behind, for Page Up) keeps the key for its cursor, and a slide that
/// can still scroll that way is scrolled first.
pub fn turn(key: &str, on: &OnSlide) -> Option<Turn> {
    let stepping = on.figure == Figure::Timeline;
    let (up, down) = on.scroll;
    match key {
        "PageDown" => {
            let ahead = on
                .events
                .iter()
                .any(|&e| e <= on.last && on.cursor.is_none_or(|now| e > now));
            let kept = down || (stepping && ahead);
            (!kept).then_some(Turn::Next)
        }
        "PageUp" => {
            // The timeline steps back from any tick but 0.
            let behind = on.cursor.is_some_and(|now| now > 0);
            let kept = up || (stepping && behind);
            (!kept).then_some(Turn::Previous)
        }
        _ => None,
    }
}

/// The slide a turn leads to from `at` in a deck of `len`, if any.
pub fn turned(at: usize, turn: Turn, len: usize) -> Option<usize> {
    match turn {
        Turn::Next => (at + 1 < len).then_some(at + 1),
        Turn::Previous => at.checked_sub(1),
    }
}

/// What the presented deck says of where it is: "Slide 2 of 4".
pub fn counter(at: usize, len: usize) -> String {
    format!("Slide {} of {len}", at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVENTS: [Tick; 3] = [2, 6, 11];

    fn on(figure: Figure, cursor: Option<Tick>) -> OnSlide<'static> {
        OnSlide {
            figure,
            cursor,
            events: &EVENTS,
            last: 20,
            scroll: (false, false),
        }
    }

    #[test]
    fn page_down_steps_a_timeline_s_events_then_turns_the_slide() {
        let down = |cursor| turn("PageDown", &on(Figure::Timeline, cursor));
        assert_eq!(down(None), None, "to the first event");
        assert_eq!(down(Some(6)), None, "to the last");
        assert_eq!(down(Some(11)), Some(Turn::Next));
        assert_eq!(down(Some(20)), Some(Turn::Next));
        // A figure with no cursor turns at once.
        assert_eq!(turn("PageDown", &on(Figure::Heatmap, None)), Some(Turn::Next));
        assert_eq!(turn("ArrowRight", &on(Figure::Heatmap, None)), None);
    }

    #[test]
    fn page_up_steps_back_to_the_start_then_turns_back() {
        let up = |cursor| turn("PageUp", &on(Figure::Timeline, cursor));
        assert_eq!(up(Some(11)), None);
        assert_eq!(up(Some(2)), None, "to tick 0");
        assert_eq!(up(Some(0)), Some(Turn::Previous));
        assert_eq!(up(None), Some(Turn::Previous));
        assert_eq!(
            turn("PageUp", &on(Figure::Argument, Some(3))),
            Some(Turn::Previous)
        );
    }

    #[test]
    fn a_slide_taller_than_the_window_scrolls_before_it_turns() {
        let table = |scroll| OnSlide {
            scroll,
            ..on(Figure::Debate, None)
        };
        assert_eq!(turn("PageDown", &table((false, true))), None);
        assert_eq!(turn("PageDown", &table((true, false))), Some(Turn::Next));
        assert_eq!(turn("PageUp", &table((true, false))), None);
        assert_eq!(turn("PageUp", &table((false, true))), Some(Turn::Previous));
    }

    #[test]
    fn a_turn_stays_inside_the_deck_and_the_counter_counts_from_one() {
        assert_eq!(turned(0, Turn::Next, 4), Some(1));
        assert_eq!(turned(3, Turn::Next, 4), None);
        assert_eq!(turned(0, Turn::Previous, 4), None);
        assert_eq!(turned(2, Turn::Previous, 4), Some(1));
        assert_eq!(counter(1, 4), "Slide 2 of 4");
    }
}
