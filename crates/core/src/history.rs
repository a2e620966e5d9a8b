//! A finished run read along its time axis: who held the lock, what the
//! resource held, and every server's lease at any tick. The timeline and the
//! cursor panel draw these; they compute nothing themselves.

use crate::audit::{self, Held};
use crate::scenario::Run;
use crate::types::{Client, ServerId, Tick, Token, Value, NEVER};
use serde::Serialize;

/// A value that holds over the ticks `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Span<T> {
    pub start: Tick,
    pub end: Tick,
    pub value: T,
}

/// The last tick worth drawing: one past the run's last event, and past
/// every finite lease, so truncations and expiries are all visible.
pub fn horizon(run: &Run) -> Tick {
    let lease_end = run
        .grants
        .iter()
        .map(|g| g.end)
        .filter(|&e| e != NEVER)
        .max()
        .unwrap_or(0);
    (run.end_tick + 1).max(lease_end)
}

/// The ticks where something starts to happen in `run`, in order: every
/// entry of its record begins at one, a pause's end is one too (the
/// client wakes there), and so is a lease's end (at t=10 in the study,
/// A's lease runs out while A sleeps: the moment a lecture is about). A
/// presenter's clicker steps from one to the next.
pub fn event_ticks(run: &Run) -> Vec<Tick> {
    let lease_ends = run.grants.iter().map(|g| g.end);
    let mut ticks: Vec<Tick> = run
        .entries
        .iter()
        .flat_map(|e| {
            let woke = match e.what {
                crate::trace::What::Paused { until } => Some(until),
                _ => None,
            };
            std::iter::once(e.t).chain(woke)
        })
        .chain(lease_ends)
        .filter(|&t| t != NEVER)
        .collect();
    ticks.sort_unstable();
    ticks.dedup();
    ticks
}

/// The first event after `now` (from the start when no tick is chosen),
/// or `last` when none is left: a step forward never stands still short
/// of the end.
pub fn next_event(events: &[Tick], now: Option<Tick>, last: Tick) -> Tick {
    events
        .iter()
        .copied()
        .find(|&t| now.is_none_or(|now| t > now) && t <= last)
        .unwrap_or(last)
}

/// The last event before `now`, or 0 when none is.
pub fn previous_event(events: &[Tick], now: Option<Tick>) -> Tick {
    let Some(now) = now else { return 0 };
    events.iter().copied().rev().find(|&t| t < now).unwrap_or(0)
}

/// Who held the lock, as maximal spans covering `[0, horizon)`: who held a
/// quorum, and both clients wherever the overlapping-holds audit found two
/// clients entitled at once. Fast or stepped clocks end a lease early on
/// the servers while its holder, by its own clock, still holds it: the
/// servers' majority passes cleanly from A to B, yet both hold the lock,
/// and a lane that showed only the majority would contradict the audit.
pub fn holder_spans(run: &Run) -> Vec<Span<Held>> {
    let overlaps: Vec<(Tick, Tick)> = run
        .audit()
        .overlapping_holds
        .iter()
        .map(|o| (o.first.start.max(o.second.start), o.first.end.min(o.second.end)))
        .collect();
    spans((0..horizon(run)).map(|t| {
        if overlaps.iter().any(|&(from, to)| from <= t && t < to) {
            Held::Both
        } else {
            run.held_at(t)
        }
    }))
}

/// The resource's value and highest applied token, as spans covering
/// `[0, horizon)`. A write at tick t counts from t on.
pub fn value_spans(run: &Run) -> Vec<Span<(Value, Token)>> {
    spans((0..horizon(run)).map(|t| value_at(run, t)))
}

fn spans<T: PartialEq + Copy>(values: impl Iterator<Item = T>) -> Vec<Span<T>> {
    let mut out: Vec<Span<T>> = Vec::new();
    for (t, value) in values.enumerate() {
        let t = t as Tick;
        match out.last_mut() {
            Some(last) if last.value == value => last.end = t + 1,
            _ => out.push(Span {
                start: t,
                end: t + 1,
                value,
            }),
        }
    }
    out
}

/// The value and highest applied token after every write up to tick `t`.
pub fn value_at(run: &Run, t: Tick) -> (Value, Token) {
    run.writes
        .iter()
        .filter(|w| w.accepted && w.t <= t)
        .fold((Value::EMPTY, 0), |(_, max), w| (w.value, max.max(w.token)))
}

/// One server at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ServerAt {
    pub server: ServerId,
    pub holder: Option<Client>,
    /// When that lease expires, as granted (`None`: nobody holds it, or it
    /// never expires). Not when it turns out to end: at the cursor, a
    /// release still to come is not known to anyone.
    pub expires: Option<Tick>,
    pub token: Option<Token>,
}

/// Everything the cursor panel shows at tick `t`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateAt {
    pub t: Tick,
    pub servers: Vec<ServerAt>,
    pub holder: Option<Client>,
    pub value: Value,
    pub max_token: Token,
}

pub fn state_at(run: &Run, t: Tick) -> StateAt {
    let servers = (0..run.params.servers)
        .map(|server| {
            let lease = audit::lease_at(&run.grants, server, t);
            ServerAt {
                server,
                holder: lease.map(|g| g.client),
                expires: lease.map(|g| g.expires).filter(|&e| e != NEVER),
                token: lease.map(|g| g.token),
            }
        })
        .collect();
    let (value, max_token) = value_at(run, t);
    StateAt {
        t,
        servers,
        holder: run.holder_at(t),
        value,
        max_token,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{simulate, Params};

    #[test]
    fn the_events_are_every_record_s_start_the_end_of_a_pause_and_of_a_lease_in_order() {
        let run = simulate(&Params::default());
        let events = event_ticks(&run);
        assert!(events.windows(2).all(|w| w[0] < w[1]), "{events:?}");
        for w in &run.writes {
            assert!(events.contains(&w.t), "write at {} in {events:?}", w.t);
        }
        assert!(events.contains(&run.params.b_arrives));
        let pause = run
            .entries
            .iter()
            .find_map(|e| match e.what {
                crate::trace::What::Paused { until } => Some((e.t, until)),
                _ => None,
            })
            .expect("the study's A pauses");
        assert!(
            events.contains(&pause.0) && events.contains(&pause.1),
            "{pause:?} in {events:?}"
        );
        // A's lease runs out while A sleeps: a presenter stops there.
        let a_lease_end = run
            .grants
            .iter()
            .filter(|g| g.client == crate::types::Client::A)
            .map(|g| g.end)
            .max()
            .expect("A was granted");
        assert!(pause.0 < a_lease_end && a_lease_end < pause.1);
        assert!(events.contains(&a_lease_end), "{a_lease_end} in {events:?}");
        // Nothing else is an event: each is where an entry starts, a
        // pause ends or a lease ends.
        for &t in &events {
            let lease_end = run.grants.iter().any(|g| g.end == t);
            assert!(
                run.entries.iter().any(|e| e.t == t) || t == pause.1 || lease_end,
                "{t}"
            );
        }
    }

    #[test]
    fn stepping_by_events_visits_each_once_each_way_and_stops_at_the_ends() {
        let run = simulate(&Params::default());
        let events = event_ticks(&run);
        let last = horizon(&run) - 1;
        let mut forward = vec![next_event(&events, None, last)];
        while *forward.last().unwrap() < last {
            forward.push(next_event(&events, forward.last().copied(), last));
        }
        let mut expected: Vec<Tick> = events.iter().copied().filter(|&t| t <= last).collect();
        if expected.last() != Some(&last) {
            expected.push(last);
        }
        assert_eq!(forward, expected);
        assert_eq!(next_event(&events, Some(last), last), last);
        let mut back = vec![previous_event(&events, Some(last))];
        while *back.last().unwrap() > 0 {
            back.push(previous_event(&events, back.last().copied()));
        }
        let mut expected: Vec<Tick> = events.iter().copied().filter(|&t| t < last).rev().collect();
        if expected.last() != Some(&0) {
            expected.push(0);
        }
        assert_eq!(back, expected);
        assert_eq!(previous_event(&events, None), 0);
    }

    #[test]
    fn the_lock_passes_from_a_to_nobody_to_b_to_nobody() {
        let run = simulate(&Params::default());
        let spans: Vec<_> = holder_spans(&run)
            .iter()
            .map(|s| (s.start, s.end, s.value))
            .collect();
        assert_eq!(
            spans,
            [
                (0, 10, Held::Only(Client::A)),
                (10, 12, Held::Nobody),
                (12, 15, Held::Only(Client::B)),
                (15, 18, Held::Nobody)
            ]
        );
    }

    #[test]
    fn fast_clocks_show_both_holders_where_the_audit_finds_them() {
        use crate::beyond::Scenario;
        let run = Scenario::ClockDrift.run(&Scenario::ClockDrift.defaults());
        let both: Vec<_> = holder_spans(&run)
            .into_iter()
            .filter(|s| s.value == Held::Both)
            .map(|s| (s.start, s.end))
            .collect();
        let found = run.audit().overlapping_holds;
        assert!(!found.is_empty());
        let o = found[0];
        assert_eq!(
            both,
            [(o.first.start.max(o.second.start), o.first.end.min(o.second.end))]
        );
    }

    #[test]
    fn the_value_steps_at_each_accepted_write() {
        let run = simulate(&Params::default());
        let spans: Vec<_> = value_spans(&run)
            .iter()
            .map(|s| (s.start, s.value.0.as_str().to_owned(), s.value.1))
            .collect();
        assert_eq!(
            spans,
            [(0, String::new(), 0), (14, "B".into(), 2), (16, "A".into(), 2)]
        );
        let fenced = simulate(&Params {
            fencing: true,
            ..Params::default()
        });
        assert_eq!(
            value_spans(&fenced).len(),
            2,
            "the rejected write changes nothing"
        );
    }

    #[test]
    fn the_cursor_sees_each_server_and_the_quorum() {
        let run = simulate(&Params::default());
        let at13 = state_at(&run, 13);
        assert_eq!(at13.holder, Some(Client::B));
        // B's grant is recorded as [12, 15), cut by its release at t=15; at
        // t=13 that release is still to come, and the servers' leases run to
        // the expiry they granted, 12 + 10.
        assert!(run
            .grants
            .iter()
            .any(|g| g.client == Client::B && (g.start, g.end) == (12, 15)));
        assert!(at13
            .servers
            .iter()
            .all(|s| s.holder == Some(Client::B) && s.expires == Some(22)));
        let at16 = state_at(&run, 16);
        assert_eq!((at16.holder, at16.value.as_str(), at16.max_token), (None, "A", 2));
        assert!(at16.servers.iter().all(|s| s.holder.is_none()));
    }

    #[test]
    fn the_horizon_shows_every_finite_lease() {
        let run = simulate(&Params {
            ttl: 30,
            ..Params::default()
        });
        // A releases at 17 (its lease [0, 30) cut to [0, 17)); B holds [17, 20).
        assert_eq!(horizon(&run), 21);
        let late = simulate(&Params {
            b_arrives: 100,
            ttl: 10,
            ..Params::default()
        });
        assert_eq!(horizon(&late), 104);
        let wedged = simulate(&Params {
            expiry: false,
            a_crashes: true,
            ..Params::default()
        });
        assert_eq!(horizon(&wedged), wedged.end_tick + 1);
    }
}
