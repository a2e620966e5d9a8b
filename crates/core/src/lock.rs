//! Lock servers and the majority lock service built from them.
//!
//! Nothing here knows about the resource or the scenario. Every grant is
//! recorded as a half-open interval so the audit can later prove, from the
//! record alone, that no two clients ever held the lock at once.

use crate::types::{Client, ServerId, Tick, Token, NEVER};
use serde::Serialize;

/// One lease as the audit sees it: `[start, end)` on one server.
/// `end` is the expiry, or the release tick if the holder let go early,
/// or [`NEVER`] when leases do not expire and it was never released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Grant {
    pub server: ServerId,
    pub client: Client,
    pub token: Token,
    pub start: Tick,
    pub end: Tick,
}

impl Grant {
    /// Whether this lease was live at tick `t` (half-open: live at `start`,
    /// dead at `end`).
    pub fn covers(&self, t: Tick) -> bool {
        self.start <= t && t < self.end
    }

    /// Whether two leases share at least one tick. A handed-back grant is
    /// the empty interval `[t, t)` and shares no tick with anything.
    pub fn overlaps(&self, other: &Grant) -> bool {
        self.start < self.end && other.start < other.end && self.start < other.end && other.start < self.end
    }
}

/// One lock server: who holds it, until when, and how many grants it made.
#[derive(Clone, Debug, Default)]
struct LockServer {
    holder: Option<Client>,
    expires: Tick,
    /// The grant counter; every grant increments it, so it is the token.
    token: Token,
    /// Index in the service's grant log of the lease this server last
    /// granted, so a release can truncate its record.
    last_grant: Option<u32>,
    /// When the current lease was granted.
    granted_at: Tick,
}

impl LockServer {
    /// Grants a lease unless a live one is outstanding. The `now < expires`
    /// test is the only thing that frees a lease whose holder never comes
    /// back — and the only reason the study's corruption is possible.
    fn acquire(
        &mut self,
        me: ServerId,
        client: Client,
        now: Tick,
        lease: Lease,
        log: Option<&mut Vec<Grant>>,
    ) -> Option<Token> {
        if self.holder.is_some() && now < self.expires {
            return None;
        }
        self.token += 1;
        self.holder = Some(client);
        self.granted_at = now;
        self.expires = match lease {
            Lease::Expires(ttl) => now.saturating_add(ttl),
            Lease::UntilReleased => NEVER,
        };
        let Some(log) = log else {
            return Some(self.token);
        };
        self.last_grant = Some(log.len() as u32);
        log.push(Grant {
            server: me,
            client,
            token: self.token,
            start: now,
            end: self.expires,
        });
        Some(self.token)
    }

    /// Lets go if `client` is the recorded holder. The audit record is cut
    /// to `now` only if the lease was still live, so a late release never
    /// lengthens a lease that had already expired.
    fn release(&mut self, client: Client, now: Tick, log: &mut [Grant]) -> bool {
        if self.holder != Some(client) {
            return false;
        }
        self.holder = None;
        if let Some(grant) = self.last_grant.take().and_then(|i| log.get_mut(i as usize)) {
            grant.end = grant.end.min(now);
        }
        true
    }

    fn holds(&self, client: Client, now: Tick) -> bool {
        self.holder == Some(client) && now < self.expires
    }

    /// The next tick at which this server's answer can change by itself.
    fn expiry_after(&self, now: Tick) -> Option<Tick> {
        (self.holder.is_some() && self.expires > now && self.expires != NEVER).then_some(self.expires)
    }
}

/// How long a lease lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lease {
    Expires(Tick),
    UntilReleased,
}

/// What one acquire round of the lock service came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Acquire {
    /// Servers that granted in this round.
    pub votes: u16,
    /// The highest token granted, if a majority granted; `None` means the
    /// partial grants (if any) were handed back.
    pub token: Option<Token>,
}

/// N independent lock servers behind a majority rule, plus the log of every
/// grant any of them ever made.
#[derive(Clone, Debug, Default)]
pub struct LockService {
    servers: Vec<LockServer>,
    grants: Vec<Grant>,
    /// Sweeps that only need outcomes turn the audit log off; the servers
    /// answer exactly the same either way.
    unlogged: bool,
}

impl LockService {
    pub fn new(servers: u16) -> LockService {
        let mut service = LockService::default();
        service.reset(servers);
        service
    }

    /// Back to a fresh cluster of `servers`, keeping allocations (sweeps
    /// reuse one service for thousands of runs).
    pub fn reset(&mut self, servers: u16) {
        self.servers.clear();
        self.servers.resize(usize::from(servers), LockServer::default());
        self.grants.clear();
    }

    /// Whether grants are recorded for the audit (on by default).
    pub fn set_logging(&mut self, on: bool) {
        self.unlogged = !on;
    }

    pub fn len(&self) -> u16 {
        self.servers.len() as u16
    }

    pub fn is_empty(&self) -> bool {
        self.servers.is_empty()
    }

    pub fn quorum(&self) -> u16 {
        self.len() / 2 + 1
    }

    pub fn grants(&self) -> &[Grant] {
        &self.grants
    }

    /// Asks every server; keeps the lock if a majority granted and returns the
    /// highest token. Otherwise hands every partial grant straight back, so a
    /// failed client never blocks the next one with a lock nobody holds.
    pub fn acquire(&mut self, client: Client, now: Tick, lease: Lease) -> Acquire {
        self.acquire_on(client, now, lease, 0..self.len())
    }

    /// Like [`LockService::acquire`], but only the servers in `reach` answer
    /// (the others are unreachable from this client).
    pub fn acquire_on(
        &mut self,
        client: Client,
        now: Tick,
        lease: Lease,
        reach: std::ops::Range<u16>,
    ) -> Acquire {
        let mut votes = 0u16;
        let mut best = 0;
        for id in reach.clone() {
            let Some(server) = self.servers.get_mut(usize::from(id)) else {
                break;
            };
            let log = (!self.unlogged).then_some(&mut self.grants);
            if let Some(token) = server.acquire(id, client, now, lease, log) {
                votes += 1;
                best = best.max(token);
            }
        }
        if votes >= self.quorum() {
            return Acquire {
                votes,
                token: Some(best),
            };
        }
        // Hand back what this round granted: exactly the servers that now
        // name `client` as holder of a lease granted this tick.
        for id in reach {
            if let Some(server) = self.servers.get_mut(usize::from(id)) {
                if server.holder == Some(client) && server.granted_at == now {
                    server.release(client, now, &mut self.grants);
                }
            }
        }
        Acquire { votes, token: None }
    }

    /// Grants on one server directly, bypassing the majority rule — how a
    /// test puts servers in the hands of another client.
    pub fn acquire_server(&mut self, id: ServerId, client: Client, now: Tick, lease: Lease) -> Option<Token> {
        let server = self.servers.get_mut(usize::from(id))?;
        let log = (!self.unlogged).then_some(&mut self.grants);
        server.acquire(id, client, now, lease, log)
    }

    /// Releases on every server `client` holds; returns how many let go.
    pub fn release(&mut self, client: Client, now: Tick) -> u16 {
        let mut released = 0;
        for server in &mut self.servers {
            if server.release(client, now, &mut self.grants) {
                released += 1;
            }
        }
        released
    }

    /// How many servers hold a live lease for `client` right now.
    pub fn votes_for(&self, client: Client, now: Tick) -> u16 {
        self.servers.iter().filter(|s| s.holds(client, now)).count() as u16
    }

    /// Who holds a quorum right now, asked of the live servers.
    pub fn holder(&self, now: Tick) -> Option<Client> {
        Client::ALL
            .into_iter()
            .find(|&c| self.votes_for(c, now) >= self.quorum())
    }

    /// The next tick after `now` at which some server's answer changes by
    /// itself (a lease expiring). Used to skip ticks where a retry would
    /// certainly be refused.
    pub fn next_expiry_after(&self, now: Tick) -> Option<Tick> {
        self.servers.iter().filter_map(|s| s.expiry_after(now)).min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TTL10: Lease = Lease::Expires(10);

    #[test]
    fn a_majority_grant_returns_the_highest_token() {
        let mut lock = LockService::new(5);
        let a = lock.acquire(Client::A, 0, TTL10);
        assert_eq!(
            a,
            Acquire {
                votes: 5,
                token: Some(1)
            }
        );
        assert_eq!(lock.holder(9), Some(Client::A));
        assert_eq!(lock.holder(10), None, "half-open: dead at its expiry tick");
    }

    #[test]
    fn a_live_lease_refuses_and_an_expired_one_does_not() {
        let mut lock = LockService::new(3);
        lock.acquire(Client::A, 0, TTL10);
        assert_eq!(
            lock.acquire(Client::B, 9, TTL10),
            Acquire {
                votes: 0,
                token: None
            }
        );
        assert_eq!(
            lock.acquire(Client::B, 10, TTL10),
            Acquire {
                votes: 3,
                token: Some(2)
            }
        );
        assert_eq!(lock.holder(10), Some(Client::B));
    }

    #[test]
    fn a_partial_grant_is_handed_back_at_once() {
        let mut lock = LockService::new(5);
        // Another client (A) already holds servers 0, 1 and 2.
        for id in 0..3 {
            assert_eq!(lock.acquire_server(id, Client::A, 0, TTL10), Some(1));
        }
        let b = lock.acquire(Client::B, 1, TTL10);
        assert_eq!(
            b,
            Acquire {
                votes: 2,
                token: None
            }
        );
        // B keeps nothing: servers 3 and 4 are free again, and their records
        // are empty intervals [1, 1) that cover no tick.
        assert_eq!(lock.votes_for(Client::B, 1), 0);
        let handed_back: Vec<_> = lock.grants().iter().filter(|g| g.client == Client::B).collect();
        assert_eq!(handed_back.len(), 2);
        assert!(handed_back
            .iter()
            .all(|g| g.start == 1 && g.end == 1 && !g.covers(1)));
        // They can be taken again at once; the handed-back grant still
        // consumed a token on that server.
        assert_eq!(lock.acquire_server(3, Client::B, 2, TTL10), Some(2));
    }

    #[test]
    fn early_release_truncates_and_late_release_does_not_lengthen() {
        let mut lock = LockService::new(1);
        lock.acquire(Client::B, 12, TTL10);
        assert_eq!(lock.release(Client::B, 15), 1);
        assert_eq!(lock.grants()[0].end, 15);
        lock.acquire(Client::A, 20, TTL10);
        assert_eq!(lock.release(Client::A, 40), 1, "still the recorded holder");
        assert_eq!(
            lock.grants()[1].end,
            30,
            "expired at 30; the release at 40 must not extend it"
        );
    }

    #[test]
    fn release_by_a_non_holder_changes_nothing() {
        let mut lock = LockService::new(3);
        lock.acquire(Client::B, 0, TTL10);
        assert_eq!(lock.release(Client::A, 5), 0);
        assert_eq!(lock.holder(5), Some(Client::B));
    }

    #[test]
    fn without_expiry_a_lease_lasts_until_released() {
        let mut lock = LockService::new(3);
        lock.acquire(Client::A, 0, Lease::UntilReleased);
        assert_eq!(lock.acquire(Client::B, 5_000, TTL10).token, None);
        assert_eq!(lock.next_expiry_after(5_000), None);
        lock.release(Client::A, 5_001);
        assert_eq!(lock.acquire(Client::B, 5_001, TTL10).token, Some(2));
    }

    #[test]
    fn grants_overlap_only_when_they_share_a_tick() {
        let g = |start, end| Grant {
            server: 0,
            client: Client::A,
            token: 1,
            start,
            end,
        };
        assert!(!g(0, 10).overlaps(&g(10, 20)), "touching intervals are disjoint");
        assert!(g(0, 11).overlaps(&g(10, 20)));
        assert!(!g(5, 5).overlaps(&g(0, 10)), "an empty interval overlaps nothing");
    }
}
