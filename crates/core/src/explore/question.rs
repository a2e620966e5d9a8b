//! Questions a reader can put to the explorer in one click: a cluster, a
//! lease and a bound, each small enough to be answered in a tab within
//! seconds. A question is an input, never an answer: the matrix shows
//! whatever the search finds for it.

use super::config::{Bound, Config, SearchedFault};
use crate::params::RestartRemedy;
use crate::types::Tick;

/// One question: its name in a link, its words, and what it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    pub code: &'static str,
    /// The question as a reader would ask it.
    pub ask: &'static str,
    pub servers: u16,
    pub ttl: Tick,
    pub bound: Bound,
}

impl Question {
    /// The default cluster and bound: A's pauses and B's arrivals, with
    /// every message on time.
    pub fn pauses() -> Question {
        let config = Config::default();
        Question {
            code: "pauses",
            ask: "Which pauses and arrivals break what?",
            servers: config.servers,
            ttl: config.ttl,
            bound: Bound::default(),
        }
    }

    /// Late requests, each to each server on its own: two clients can
    /// split an even cluster between them, so that neither gets a
    /// majority. No pause, no arrival to choose: only the delays.
    pub fn split_vote() -> Question {
        Question {
            code: "split-vote",
            ask: "Can late requests leave nobody holding the lock?",
            servers: 4,
            ttl: 5,
            bound: Bound {
                max_arrival: 0,
                max_pause: 0,
                max_delay: 1,
                horizon: 4,
                // A round whose request and reply are both late is read
                // at t=4: the window is the whole run, so only a split
                // leaves it with nobody holding the lock.
                within: Bound::default_within(4),
                ..Bound::default()
            },
        }
    }

    /// One server restarting empty, at any tick: it can grant a lease
    /// another server's majority still counts.
    pub fn restart_empty() -> Question {
        Question {
            code: "restart-empty",
            ask: "What does a server restarting empty break?",
            servers: 3,
            ttl: 5,
            bound: Bound {
                max_arrival: 3,
                max_pause: 2,
                horizon: 12,
                // Liveness's window ends with the run, not past it.
                within: Bound::default_within(12),
                fault: SearchedFault::Restart(RestartRemedy::None),
                ..Bound::default()
            },
        }
    }

    /// A third client, C, running B's script: B and C arrive at any of
    /// t=0..4 and A stops for up to twelve ticks, past its five-tick
    /// lease and long enough for two holders after it. Whether fencing
    /// still refuses the stale write, and what still gets past it.
    pub fn three_clients() -> Question {
        Question {
            code: "three-clients",
            ask: "With a third client, what does it take to defeat fencing?",
            servers: 3,
            ttl: 5,
            bound: Bound {
                max_arrival: 4,
                max_pause: 12,
                horizon: 24,
                clients: 3,
                ..Bound::default()
            },
        }
    }

    /// Every question, the default first.
    pub fn all() -> [Question; 4] {
        [
            Question::pauses(),
            Question::split_vote(),
            Question::restart_empty(),
            Question::three_clients(),
        ]
    }
}
