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

/// Whether `key` turns the slide showing `figure`, whose cursor is at
/// `cursor` (`None`: no tick chosen, where stepping starts) among a run's
/// `events`, its axis ending at `last`. A timeline with an event still
/// ahead (behind, for Page Up) keeps the key for its cursor.
pub fn turn(figure: Figure, key: &str, cursor: Option<Tick>, events: &[Tick], last: Tick) -> Option<Turn> {
    let stepping = figure == Figure::Timeline;
    match key {
        "PageDown" => {
            let ahead = events
                .iter()
                .any(|&e| e <= last && cursor.is_none_or(|now| e > now));
            (!stepping || !ahead).then_some(Turn::Next)
        }
        "PageUp" => {
            // The timeline steps back from any tick but 0.
            let behind = cursor.is_some_and(|now| now > 0);
            (!stepping || !behind).then_some(Turn::Previous)
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

    #[test]
    fn page_down_steps_a_timeline_s_events_then_turns_the_slide() {
        let down = |cursor| turn(Figure::Timeline, "PageDown", cursor, &EVENTS, 20);
        assert_eq!(down(None), None, "to the first event");
        assert_eq!(down(Some(6)), None, "to the last");
        assert_eq!(down(Some(11)), Some(Turn::Next));
        assert_eq!(down(Some(20)), Some(Turn::Next));
        // A figure with no cursor turns at once.
        assert_eq!(turn(Figure::Heatmap, "PageDown", None, &[], 0), Some(Turn::Next));
        assert_eq!(turn(Figure::Heatmap, "ArrowRight", None, &[], 0), None);
    }

    #[test]
    fn page_up_steps_back_to_the_start_then_turns_back() {
        let up = |cursor| turn(Figure::Timeline, "PageUp", cursor, &EVENTS, 20);
        assert_eq!(up(Some(11)), None);
        assert_eq!(up(Some(2)), None, "to tick 0");
        assert_eq!(up(Some(0)), Some(Turn::Previous));
        assert_eq!(up(None), Some(Turn::Previous));
        assert_eq!(
            turn(Figure::Argument, "PageUp", Some(3), &EVENTS, 20),
            Some(Turn::Previous)
        );
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
