//! What the lock servers themselves recorded, as core's grants, so the
//! audits that read a server's leases (overlapping grants, unlocked
//! writes) run on real data rather than on what the clients were told.
//!
//! On Redis each grant and release is written by the same script that
//! makes it, stamped with that server's clock (`redlock::Record`). On etcd
//! the lock key's create revision is the grant; a watcher in the lab asks
//! etcd for the key every few milliseconds during the run, so each
//! revision's life is timed to within that interval.
//!
//! Times here are milliseconds since tick 0, in the fields core calls
//! ticks: the audits only compare them.

use crate::etcd;
use crate::redlock::Record;
use dlock_core::lock::Grant;
use dlock_core::{Client, Tick};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the etcd watcher asks for the lock key.
pub const WATCH_EVERY_MS: u64 = 5;

/// The client a lock value names ("A-…" or "B-…").
fn client_of(value: &str) -> Option<Client> {
    match value.as_bytes().first() {
        Some(b'A') => Some(Client::A),
        Some(b'B') => Some(Client::B),
        _ => None,
    }
}

fn since(start_ms: u64, at_ms: u64) -> Tick {
    at_ms.saturating_sub(start_ms).min(u64::from(u32::MAX)) as Tick
}

/// One Redis server's records as grants: each lease from the server's
/// grant to its expiry, cut at its release if that came first.
pub fn redis_grants(server: u16, records: &[Record], start_ms: u64) -> Vec<Grant> {
    let mut grants: Vec<(String, Grant)> = Vec::new();
    for record in records {
        match record {
            Record::Grant {
                value,
                token,
                at_ms,
                ttl_ms,
            } => {
                let Some(client) = client_of(value) else { continue };
                let start = since(start_ms, *at_ms);
                let expires = since(start_ms, at_ms + ttl_ms);
                grants.push((
                    value.clone(),
                    Grant {
                        server,
                        client,
                        token: *token,
                        start,
                        end: expires,
                        expires,
                        promised: expires,
                    },
                ));
            }
            Record::Release { value, at_ms } => {
                if let Some((_, g)) = grants.iter_mut().rev().find(|(v, _)| v == value) {
                    g.end = g.end.min(since(start_ms, *at_ms));
                    g.promised = g.end;
                }
            }
        }
    }
    grants.into_iter().map(|(_, g)| g).collect()
}

/// What the etcd watcher saw: when it asked and when the answer came (ms
/// since tick 0), and the key's create revision and value, or nothing.
/// etcd read the key somewhere between the two.
pub type Sighting = (Tick, Tick, Option<(u64, String)>);

/// Watches the lock key on etcd until told to stop; the sightings.
pub struct Watcher {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<Vec<Sighting>>,
}

impl Watcher {
    pub fn start(port: u16, start_ms: u64) -> Watcher {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let mut seen = Vec::new();
            while !flag.load(Ordering::Relaxed) {
                let asked = since(start_ms, crate::wire::now_ms());
                if let Ok(now) = etcd::observe(port) {
                    seen.push((asked, since(start_ms, crate::wire::now_ms()), now));
                }
                std::thread::sleep(Duration::from_millis(WATCH_EVERY_MS));
            }
            seen
        });
        Watcher { stop, thread }
    }

    pub fn finish(self) -> Vec<Sighting> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap_or_default()
    }
}

/// The sightings as grants of etcd's one lock. A create revision was made
/// after the last sighting without it was asked for (and after the
/// previous grant ended: etcd's log orders them), and gone before the
/// first sighting without it was answered; each grant spans all of that,
/// so a client's own acquire, printed just after the key was made, falls
/// inside its grant.
pub fn etcd_grants(seen: &[Sighting]) -> Vec<Grant> {
    let mut grants: Vec<Grant> = Vec::new();
    let mut open: Option<u64> = None;
    let mut before: Tick = 0;
    for (asked, answered, key) in seen {
        let revision = key.as_ref().map(|(r, _)| *r);
        if open.is_some() && open != revision {
            if let Some(g) = grants.last_mut() {
                g.end = *answered;
                g.expires = *answered;
                g.promised = *answered;
            }
            open = None;
        }
        if let (None, Some((r, value))) = (open, key) {
            let Some(client) = client_of(value) else { continue };
            open = Some(*r);
            let after_previous = grants.last().map_or(0, |g| g.end);
            grants.push(Grant {
                server: 0,
                client,
                token: *r,
                start: before.max(after_previous),
                end: Tick::MAX,
                expires: Tick::MAX,
                promised: Tick::MAX,
            });
        }
        before = *asked;
    }
    grants
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redis_lease_ends_at_its_expiry_or_its_release() {
        let records = [
            Record::Grant {
                value: "A-1".into(),
                token: 1,
                at_ms: 1_005,
                ttl_ms: 1_000,
            },
            Record::Grant {
                value: "B-2".into(),
                token: 2,
                at_ms: 2_210,
                ttl_ms: 1_000,
            },
            Record::Release {
                value: "B-2".into(),
                at_ms: 2_500,
            },
            Record::Release {
                value: "A-1".into(),
                at_ms: 2_600,
            },
        ];
        let grants = redis_grants(2, &records, 1_000);
        let spans: Vec<(Client, u64, Tick, Tick)> = grants
            .iter()
            .map(|g| (g.client, g.token, g.start, g.end))
            .collect();
        assert_eq!(spans, [(Client::A, 1, 5, 1_005), (Client::B, 2, 1_210, 1_500)]);
        assert!(dlock_core::audit::overlapping_grants(&grants).is_empty());
    }

    #[test]
    fn an_etcd_revision_lives_from_its_first_sighting_to_its_last() {
        let key = |r: u64, v: &str| Some((r, v.to_owned()));
        // Each sighting asked at t and answered at t + 2.
        let seen = vec![
            (0, 2, None),
            (5, 7, key(7, "A-x")),
            (10, 12, key(7, "A-x")),
            (15, 17, None),
            (20, 22, key(9, "B-y")),
            (25, 27, key(11, "A-z")),
        ];
        let grants = etcd_grants(&seen);
        let spans: Vec<(Client, u64, Tick, Tick)> = grants
            .iter()
            .map(|g| (g.client, g.token, g.start, g.end))
            .collect();
        assert_eq!(
            spans,
            [
                (Client::A, 7, 0, 17),
                (Client::B, 9, 17, 27),
                (Client::A, 11, 27, Tick::MAX)
            ]
        );
        assert!(
            dlock_core::audit::overlapping_grants(&grants).is_empty(),
            "one ordered log"
        );
    }
}
