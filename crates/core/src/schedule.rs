//! A deterministic event queue: earliest tick first, and among events of the
//! same tick, first scheduled first run.

use crate::types::Tick;

/// The queue holds a handful of events at a time, so a vector beats a heap
/// and allocates nothing after warm-up. It is kept in running order
/// (earliest first) with a read position, not latest-first with the next
/// event at the end: A's whole script is scheduled up front in the order it
/// runs, and each later event then lands in place instead of being swapped
/// past every earlier one (measured: the swaps were a third of a sweep).
#[derive(Debug)]
pub struct Scheduler<E> {
    /// Sorted by tick, ties in scheduling order; `queue[head..]` is still
    /// to run.
    queue: Vec<(Tick, E)>,
    /// The next event to run. `u32`, as the queue never holds more events
    /// than a run has ticks.
    head: u32,
    /// The tick of the event that ran last (0 before the first): nothing
    /// is scheduled before it. Kept apart from the queue, which forgets
    /// what ran once it is all run and reused.
    ran: Tick,
}

/// By hand for `clone_from`, which keeps the queue's allocation: the
/// explorer copies states into simulators it recycles.
impl<E: Clone> Clone for Scheduler<E> {
    fn clone(&self) -> Self {
        Scheduler {
            queue: self.queue.clone(),
            head: self.head,
            ran: self.ran,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.queue.clone_from(&source.queue);
        self.head = source.head;
        self.ran = source.ran;
    }
}

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler {
            queue: Vec::new(),
            head: 0,
            ran: 0,
        }
    }
}

/// Two queues with the same events still to run, in the same order, are
/// the same queue, whatever already ran: the explorer's fingerprint of a
/// state hashes only what is pending (the tick that ran last is the
/// simulator's own `now`, which its state holds).
impl<E: std::hash::Hash> std::hash::Hash for Scheduler<E> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.queue[self.head as usize..].hash(state);
    }
}

/// Equal as they hash: by the events still to run.
impl<E: PartialEq> PartialEq for Scheduler<E> {
    fn eq(&self, other: &Self) -> bool {
        self.queue[self.head as usize..] == other.queue[other.head as usize..]
    }
}

impl<E: Copy> Scheduler<E> {
    /// Empties the queue for a new run, from tick 0.
    pub fn clear(&mut self) {
        self.queue.clear();
        self.head = 0;
        self.ran = 0;
    }

    /// The events still to run, in the order they will.
    pub fn pending(&self) -> &[(Tick, E)] {
        &self.queue[self.head as usize..]
    }

    /// Schedules `event` at tick `t`, after everything already scheduled there.
    ///
    /// Time never runs backwards: an event due before the event that ran
    /// last (a script's step placed before an acquire that came late) runs
    /// at that event's tick, after what is already due then. Without this
    /// its tick would go back,
    /// and a state reached by two paths could have two futures.
    pub fn at(&mut self, t: Tick, event: E) {
        let t = t.max(self.ran);
        // Pushed at the end, then swapped back past any later tick (never
        // past an equal one, which keeps ties first come, first run): one
        // insertion-sort step, which for a handful of entries is cheaper
        // than a search and `Vec::insert`'s memmove call.
        if self.head as usize == self.queue.len() {
            // Everything scheduled has run: reuse the queue from the start.
            self.queue.clear();
            self.head = 0;
        }
        self.queue.push((t, event));
        let head = self.head as usize;
        let mut i = self.queue.len() - 1;
        while i > head && self.queue[i - 1].0 > t {
            self.queue.swap(i - 1, i);
            i -= 1;
        }
    }

    /// Removes and returns the next event to run.
    pub fn pop(&mut self) -> Option<(Tick, E)> {
        let next = self.pending().first().copied()?;
        self.head += 1;
        debug_assert!(
            next.0 >= self.ran,
            "time went back from t={} to t={}",
            self.ran,
            next.0
        );
        self.ran = next.0;
        Some(next)
    }

    /// The earliest tick with something scheduled.
    pub fn next_tick(&self) -> Option<Tick> {
        self.pending().first().map(|e| e.0)
    }

    pub fn is_empty(&self) -> bool {
        self.pending().is_empty()
    }
}

#[cfg(test)]
mod tests {
    /// An event due before the one that ran last runs at its tick:
    /// ticks never go back.
    #[test]
    fn an_event_due_in_the_past_runs_now() {
        let mut q = super::Scheduler::<char>::default();
        q.at(5, 'a');
        q.at(5, 'b');
        assert_eq!(q.pop(), Some((5, 'a')));
        q.at(2, 'c');
        assert_eq!(q.pop(), Some((5, 'b')));
        assert_eq!(q.pop(), Some((5, 'c')));
        assert_eq!(q.pop(), None);
    }

    /// Also once everything scheduled has run and the queue starts over:
    /// an event run at 11 that schedules one at 12 and then one due at 9
    /// (a give-up at a horizon already passed) runs the second at 11.
    #[test]
    fn an_event_due_in_the_past_runs_now_after_the_queue_ran_dry() {
        let mut q = super::Scheduler::<char>::default();
        q.at(11, 'a');
        assert_eq!(q.pop(), Some((11, 'a')));
        q.at(12, 'b');
        q.at(9, 'c');
        assert_eq!(q.pop(), Some((11, 'c')));
        assert_eq!(q.pop(), Some((12, 'b')));
        // A new run starts from tick 0 again.
        q.clear();
        q.at(3, 'd');
        assert_eq!(q.pop(), Some((3, 'd')));
    }

    use super::*;
    use proptest::prelude::*;

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

    /// One step of a random workload: schedule an event this many ticks
    /// after the last one run, or run the next one.
    #[derive(Clone, Copy, Debug)]
    enum Step {
        Schedule(Tick),
        Run,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![(0..6u32).prop_map(Step::Schedule), Just(Step::Run)]
    }

    proptest! {
        /// Whatever the interleaving, events run earliest tick first and,
        /// within a tick, in the order they were scheduled: the same order
        /// as taking the least (tick, scheduling number) each time.
        #[test]
        fn runs_events_in_tick_then_scheduling_order(steps in prop::collection::vec(step(), 0..80)) {
            let mut queue = Scheduler::default();
            let mut model: Vec<(Tick, u32)> = Vec::new();
            let mut now = 0;
            let mut scheduled = 0u32;
            for step in steps {
                match step {
                    Step::Schedule(after) => {
                        queue.at(now + after, scheduled);
                        model.push((now + after, scheduled));
                        scheduled += 1;
                    }
                    Step::Run => {
                        let least = model.iter().copied().enumerate().min_by_key(|&(_, e)| e);
                        let expected = least.map(|(i, e)| {
                            model.remove(i);
                            e
                        });
                        prop_assert_eq!(queue.next_tick(), expected.map(|e| e.0));
                        prop_assert_eq!(queue.pop(), expected);
                        if let Some((t, _)) = expected {
                            now = t;
                        }
                    }
                }
                prop_assert_eq!(queue.is_empty(), model.is_empty());
            }
        }
    }
}
