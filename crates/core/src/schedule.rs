//! A deterministic event queue: earliest tick first, and among events of the
//! same tick, first scheduled first run.

use crate::types::Tick;

/// The queue holds a handful of events at a time, so a vector kept sorted
/// latest-first (the next event is at the end) beats a heap, and allocates
/// nothing after warm-up.
#[derive(Clone, Debug)]
pub struct Scheduler<E> {
    /// Sorted by `(tick, seq)` descending: `pop` takes the last element.
    queue: Vec<(Tick, u32, E)>,
    next_seq: u32,
}

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler {
            queue: Vec::new(),
            next_seq: 0,
        }
    }
}

impl<E> Scheduler<E> {
    pub fn clear(&mut self) {
        self.queue.clear();
        self.next_seq = 0;
    }

    /// Schedules `event` at tick `t`, after everything already scheduled there.
    pub fn at(&mut self, t: Tick, event: E) {
        // A new event runs after everything already at its tick, so it goes
        // below every entry with a tick <= t (they run first).
        // Pushed at the end, then swapped down past later ticks: one
        // insertion-sort step, which for a handful of entries is cheaper
        // than `Vec::insert`'s memmove call.
        self.queue.push((t, self.next_seq, event));
        self.next_seq += 1;
        let mut i = self.queue.len() - 1;
        while i > 0 && self.queue[i - 1].0 <= t {
            self.queue.swap(i - 1, i);
            i -= 1;
        }
    }

    /// Removes and returns the next event to run.
    pub fn pop(&mut self) -> Option<(Tick, E)> {
        self.queue.pop().map(|(t, _, event)| (t, event))
    }

    /// The earliest tick with something scheduled.
    pub fn next_tick(&self) -> Option<Tick> {
        self.queue.last().map(|e| e.0)
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_tick_runs_in_scheduling_order() {
        let mut s = Scheduler::default();
        s.at(5, "b1");
        s.at(3, "a");
        s.at(5, "b2");
        s.at(5, "b3");
        assert_eq!(s.next_tick(), Some(3));
        let order: Vec<_> = std::iter::from_fn(|| s.pop()).collect();
        assert_eq!(order, [(3, "a"), (5, "b1"), (5, "b2"), (5, "b3")]);
        assert!(s.is_empty());
    }

    #[test]
    fn an_event_scheduled_while_running_goes_after_its_tick_peers() {
        let mut s = Scheduler::default();
        s.at(1, "first");
        s.at(2, "pre-scheduled");
        let (t, _) = s.pop().expect("one event");
        s.at(t + 1, "scheduled by first");
        assert_eq!(s.pop(), Some((2, "pre-scheduled")));
        assert_eq!(s.pop(), Some((2, "scheduled by first")));
        assert_eq!(s.pop(), None);
    }
}
