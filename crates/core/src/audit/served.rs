//! Liveness per client: a client that asks for the lock holds it itself
//! within its window, where [`super::answered`] is content that some
//! client does. A lease lock makes a client wait behind a holder for up to
//! a ttl, and behind a paused holder for as long as the pause keeps the
//! lease alive; "someone holds the lock" is then true while the asker
//! starves. The asker's own stops are not its wait: a client the explorer
//! stopped cannot be served while it is stopped, so each of its pauses
//! before it first holds the lock moves its window on by the pause's
//! length.

use super::holds;
use crate::trace::{Entry, What};
use crate::types::{Client, Tick};

/// The tick from which `client`, first asking at `asks`, waits for the
/// lock: `asks`, moved on by every tick it was stopped before it first
/// held the lock (a pause is noted when it begins, with its end, so the
/// window is known as soon as the pause is).
pub fn waits_from(entries: &[Entry], client: Client, asks: Tick) -> Tick {
    let first_hold = holds(entries)
        .into_iter()
        .filter(|h| h.client == client && h.start < h.end)
        .map(|h| h.start)
        .min()
        .unwrap_or(Tick::MAX);
    let stopped: Tick = entries
        .iter()
        .filter(|e| e.client == client && e.t < first_hold)
        .filter_map(|e| match e.what {
            What::Paused { until } => Some(until.saturating_sub(e.t)),
            _ => None,
        })
        .fold(0, Tick::saturating_add);
    asks.saturating_add(stopped)
}

/// Whether `client`, first asking at `asks`, held the lock itself within
/// `within` ticks of its wait ([`waits_from`]), read as far as tick
/// `seen`; or gave up only at the window's end, having waited all of it
/// (as [`super::answered`] lets a lock say no after the wait it gave).
pub fn served(entries: &[Entry], client: Client, (asks, within): (Tick, Tick), seen: Tick) -> bool {
    let until = window_closes(entries, client, (asks, within));
    super::answered_in(entries, client, (asks, until), seen, |h| h.client == client)
}

/// The tick at which `client`'s window closes.
pub fn window_closes(entries: &[Entry], client: Client, (asks, within): (Tick, Tick)) -> Tick {
    waits_from(entries, client, asks).saturating_add(within)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;
    use crate::simulate;

    /// The study's run: B asks at 12 and holds the lock at once, A holds
    /// from 0; both are served. Its pause (2..16) comes after A holds, so
    /// A's window is not moved.
    #[test]
    fn in_the_study_both_clients_hold_the_lock_as_they_ask() {
        let run = simulate(&Params::default());
        for (client, asks) in [(Client::A, 0), (Client::B, 12)] {
            assert_eq!(waits_from(&run.entries, client, asks), asks, "{client:?}");
            assert!(served(&run.entries, client, (asks, 1), Tick::MAX), "{client:?}");
        }
    }

    /// B asks at 5 behind A, who holds from 0 for a ttl of 30 and is
    /// stopped: someone holds the lock all along, but B waits 25 ticks.
    #[test]
    fn a_client_waiting_behind_a_paused_holder_is_not_served_though_someone_holds() {
        let params = Params {
            ttl: 30,
            pause_from: 2,
            pause_len: 25,
            b_arrives: 5,
            ..Params::default()
        };
        let run = simulate(&params);
        assert!(super::super::answered(
            &run.entries,
            Client::B,
            (5, 20),
            Tick::MAX
        ));
        assert!(!served(&run.entries, Client::B, (5, 20), Tick::MAX));
        assert!(served(&run.entries, Client::B, (5, 26), Tick::MAX));
    }
}
