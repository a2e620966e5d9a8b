//! Building the study's sections after the page is live.
//!
//! Building every section's figures and words before the page can answer
//! was most of the wait on a slow machine: the opening section is what a
//! reader sees and uses first, and the rest is below the fold. So on the
//! plain page each section below the first stands empty at its measured
//! placeholder size (www/sections.css), and is built after the first
//! frame, one section a task, top to bottom, so no frame waits for the
//! whole study. Following a link into the study, or printing, builds
//! every section still waiting at once.
//!
//! An address with parameters or a `#fragment` builds every section as the
//! page starts: it may name any place in the study, and the page goes
//! there as it opens.

use crate::browser::{events, timing};
use leptos::prelude::*;
use std::time::Duration;

/// The order sections are built in: page order, one at a time, or all
/// that are left at once. Plain data, so the rule is tested natively.
#[derive(Clone, Debug, Default)]
pub struct Queue {
    /// Whether each section, in page order, is built.
    built: Vec<bool>,
}

impl Queue {
    /// Adds a section below the ones added so far; its place.
    pub fn add(&mut self, built: bool) -> usize {
        self.built.push(built);
        self.built.len() - 1
    }

    /// The first section not built yet, marked as built now.
    pub fn take_next(&mut self) -> Option<usize> {
        let place = self.built.iter().position(|b| !b)?;
        self.built[place] = true;
        Some(place)
    }

    /// Every section not built yet, in page order, marked as built now.
    pub fn take_rest(&mut self) -> Vec<usize> {
        let places: Vec<usize> = (0..self.built.len()).filter(|&p| !self.built[p]).collect();
        for &p in &places {
            self.built[p] = true;
        }
        places
    }

    /// Whether no section is added yet.
    pub fn is_empty(&self) -> bool {
        self.built.is_empty()
    }

    /// Whether every section added is built.
    pub fn done(&self) -> bool {
        self.built.iter().all(|&b| b)
    }
}

/// The study's build queue and each section's switch, shared through the
/// context by the page. Without it a section builds at once.
#[derive(Clone, Copy)]
pub struct Building {
    /// Whether sections start built (an address with parameters or a place).
    at_once: bool,
    queue: StoredValue<Queue>,
    switches: StoredValue<Vec<RwSignal<bool>>>,
}

/// The mark the page makes once every section is built (the browser
/// benchmark reads it).
pub const STUDY_BUILT: &str = "dlock:study-built";

impl Building {
    /// A queue for the page at this address: sections wait only on the
    /// plain page (`query` and `hash` empty, or a bare "?" or "#").
    pub fn new(query: &str, hash: &str) -> Building {
        Building {
            at_once: query.len() > 1 || hash.len() > 1,
            queue: StoredValue::new(Queue::default()),
            switches: StoredValue::new(Vec::new()),
        }
    }

    /// The switch of a section, added below the ones before it. The first
    /// section added, the study's opening, is built at once.
    fn add(&self) -> RwSignal<bool> {
        let first = self.queue.with_value(Queue::is_empty);
        let built = self.at_once || first;
        let switch = RwSignal::new(built);
        self.queue.update_value(|q| {
            q.add(built);
        });
        self.switches.update_value(|s| s.push(switch));
        switch
    }

    /// Whether every section is built; also once the study is gone.
    fn done(&self) -> bool {
        self.queue.try_with_value(Queue::done).unwrap_or(true)
    }

    fn turn_on(&self, places: Vec<usize>) {
        self.switches.try_with_value(|switches| {
            for place in places {
                if let Some(switch) = switches.get(place) {
                    switch.try_set(true);
                }
            }
        });
        if self.done() {
            timing::mark(STUDY_BUILT);
        }
    }

    /// Builds the next section, then schedules the one after, until every
    /// section is built. A zero-delay timeout between them lets the
    /// browser paint and answer the reader.
    fn build_next(self) {
        let Some(place) = self.queue.try_update_value(Queue::take_next).flatten() else {
            return;
        };
        self.turn_on(vec![place]);
        if !self.done() {
            set_timeout(move || self.build_next(), Duration::ZERO);
        }
    }

    /// Builds every section not built yet, now.
    pub fn build_all(self) {
        if let Some(places) = self.queue.try_update_value(Queue::take_rest) {
            if !places.is_empty() {
                self.turn_on(places);
            }
        }
    }

    /// Starts building the sections in waiting after the first frame, and
    /// builds them all at once when the reader follows a link into the
    /// study or prints.
    pub fn start(self) {
        request_animation_frame(move || match self.done() {
            true => timing::mark(STUDY_BUILT),
            false => set_timeout(move || self.build_next(), Duration::ZERO),
        });
        events::on_window("beforeprint", move || self.build_all());
        events::on_window("hashchange", move || {
            if self.done() {
                return;
            }
            self.build_all();
            // The browser looked for the target before it was built.
            request_animation_frame(crate::browser::url::scroll_to_fragment);
        });
    }
}

/// Whether the section asking is built, as a signal its body follows;
/// sections ask in page order. Always built without a [`Building`] in the
/// context (a figure on its own, a component test).
pub fn switch() -> Signal<bool> {
    match use_context::<Building>() {
        Some(building) => building.add().into(),
        None => Signal::stored(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queue(built: &[bool]) -> Queue {
        let mut q = Queue::default();
        for (place, &b) in built.iter().enumerate() {
            assert_eq!(q.add(b), place);
        }
        q
    }

    #[test]
    fn sections_are_built_top_to_bottom_skipping_the_built_ones() {
        let mut q = queue(&[true, false, true, false]);
        assert_eq!(q.take_next(), Some(1));
        assert!(!q.done());
        assert_eq!(q.take_next(), Some(3));
        assert!(q.done());
        assert_eq!(q.take_next(), None);
    }

    #[test]
    fn the_rest_is_every_section_still_waiting_once() {
        let mut q = queue(&[true, false, false, false]);
        assert_eq!(q.take_next(), Some(1));
        assert_eq!(q.take_rest(), vec![2, 3]);
        assert!(q.done());
        assert_eq!(q.take_rest(), Vec::<usize>::new());
        assert_eq!(q.take_next(), None);
    }

    #[test]
    fn a_queue_of_built_sections_is_done_and_an_empty_one_too() {
        assert!(queue(&[true, true]).done());
        assert!(Queue::default().done());
        assert!(Queue::default().is_empty());
        assert!(!queue(&[true]).is_empty());
        assert!(!queue(&[true, false]).done());
    }
}
