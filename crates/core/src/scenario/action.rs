//! What a step of the simulator did, by kind: the explorer's coverage, as
//! TLC and stateright report it. A search counts, for each kind, how
//! many of its states were reached by a step that did it, so that a bound
//! in which a fault never strikes, or no client ever writes, says so.

use crate::trace::What;

/// A kind of thing a step does: a client's step as its record names it,
/// or a fault striking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// A client sent acquire requests.
    Request,
    /// A majority granted: a client holds the lock.
    Acquire,
    /// Some servers granted, not a majority; handed back.
    AcquireFail,
    /// Every server refused (a client retrying).
    Refuse,
    /// A majority granted too late, or with no validity left: given back.
    NoValidity,
    Read,
    Pause,
    Crash,
    Recheck,
    /// A client compared its clock with its lease's validity.
    ValidityCheck,
    /// A write reached the resource, accepted or refused.
    Write,
    /// A client held its write back (lock lost, validity over).
    WriteSkip,
    /// A new holder registered its token or its id at the resource.
    Register,
    Release,
    GiveUp,
    /// A request, reply or release never arrived.
    LoseMessage,
    /// A message took longer than the latency.
    LateMessage,
    /// A server restarted.
    Restart,
    /// A server's clock stepped forward.
    ClockJump,
    /// A server's clock runs off true time from the start.
    ClockRate,
    /// A reached one server alone (the servers' counters drift apart).
    Partition,
}

impl Action {
    pub const ALL: [Action; 21] = [
        Action::Request,
        Action::Acquire,
        Action::AcquireFail,
        Action::Refuse,
        Action::NoValidity,
        Action::Read,
        Action::Pause,
        Action::Crash,
        Action::Recheck,
        Action::ValidityCheck,
        Action::Write,
        Action::WriteSkip,
        Action::Register,
        Action::Release,
        Action::GiveUp,
        Action::LoseMessage,
        Action::LateMessage,
        Action::Restart,
        Action::ClockJump,
        Action::ClockRate,
        Action::Partition,
    ];

    /// Its name in text and JSON (`lose_message`).
    pub fn code(self) -> &'static str {
        match self {
            Action::Request => "request",
            Action::Acquire => "acquire",
            Action::AcquireFail => "acquire_fail",
            Action::Refuse => "refuse",
            Action::NoValidity => "no_validity",
            Action::Read => "read",
            Action::Pause => "pause",
            Action::Crash => "crash",
            Action::Recheck => "recheck",
            Action::ValidityCheck => "validity_check",
            Action::Write => "write",
            Action::WriteSkip => "write_skip",
            Action::Register => "register",
            Action::Release => "release",
            Action::GiveUp => "give_up",
            Action::LoseMessage => "lose_message",
            Action::LateMessage => "late_message",
            Action::Restart => "restart",
            Action::ClockJump => "clock_jump",
            Action::ClockRate => "clock_rate",
            Action::Partition => "partition",
        }
    }

    /// The kind of a record's entry.
    pub fn of(what: &What) -> Action {
        match what {
            What::Requested { .. } => Action::Request,
            What::Acquired { .. } => Action::Acquire,
            What::AcquireFailed { .. } => Action::AcquireFail,
            What::Refused { .. } => Action::Refuse,
            What::NoValidity { .. } | What::TooLate { .. } => Action::NoValidity,
            What::Read { .. } => Action::Read,
            What::Paused { .. } => Action::Pause,
            What::Crashed => Action::Crash,
            What::Rechecked { .. } => Action::Recheck,
            What::ValidityChecked { .. } => Action::ValidityCheck,
            What::Wrote { .. } | What::Sent { .. } => Action::Write,
            What::WriteSkipped { .. } => Action::WriteSkip,
            What::Registered { .. } | What::Claimed { .. } => Action::Register,
            What::Released { .. } => Action::Release,
            What::GaveUp => Action::GiveUp,
            What::Lost { .. } => Action::LoseMessage,
        }
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// The kinds of action one step did: a set, a bit a kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Actions(u32);

impl Actions {
    pub fn with(self, action: Action) -> Actions {
        Actions(self.0 | action.bit())
    }

    pub fn has(self, action: Action) -> bool {
        self.0 & action.bit() != 0
    }

    /// Every kind in the set, in [`Action::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Action> {
        Action::ALL.into_iter().filter(move |&a| self.has(a))
    }
}

/// How many states a step of each kind reached: a search's coverage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage([u64; Action::ALL.len()]);

impl Coverage {
    /// Counts a state reached by a step that did `actions`.
    pub fn count(&mut self, actions: Actions) {
        for action in actions.iter() {
            self.0[action as usize] += 1;
        }
    }

    /// How many states a step of `action` reached.
    pub fn of(&self, action: Action) -> u64 {
        self.0[action as usize]
    }

    /// The kinds no step did within the bound.
    pub fn never(&self) -> Vec<Action> {
        Action::ALL.into_iter().filter(|&a| self.of(a) == 0).collect()
    }

    /// Every count, in [`Action::ALL`]'s order (the worker's wire).
    pub fn counts(&self) -> [u64; Action::ALL.len()] {
        self.0
    }

    pub fn from_counts(counts: [u64; Action::ALL.len()]) -> Coverage {
        Coverage(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_bit_and_code_in_order() {
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(action as usize, i, "{action:?}");
        }
        let codes: std::collections::BTreeSet<&str> = Action::ALL.iter().map(|a| a.code()).collect();
        assert_eq!(codes.len(), Action::ALL.len());
        let set = Actions::default().with(Action::Write).with(Action::Restart);
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![Action::Write, Action::Restart]
        );
    }

    #[test]
    fn coverage_counts_each_kind_and_names_those_never_done() {
        let mut coverage = Coverage::default();
        coverage.count(Actions::default().with(Action::Write));
        coverage.count(Actions::default().with(Action::Write).with(Action::Pause));
        assert_eq!(coverage.of(Action::Write), 2);
        assert_eq!(coverage.of(Action::Pause), 1);
        assert!(coverage.never().contains(&Action::Restart));
        assert!(!coverage.never().contains(&Action::Write));
    }
}
