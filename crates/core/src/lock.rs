//! Lock servers and the majority lock service built from them.
//!
//! Nothing here knows about the resource or the scenario. Every grant is
//! recorded as a half-open interval so the audit can later prove, from the
//! record alone, that no two clients ever held the lock at once.

use crate::frame::Frame;
use crate::params::{real_ticks, RestartRemedy};
use crate::types::{Client, ServerId, Tick, Token, NEVER};
use serde::Serialize;

/// One lease as the audit sees it: `[start, end)` on one server.
/// `end` is the expiry, or the release tick if the holder let go early,
/// or [`NEVER`] when leases do not expire and it was never released.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Serialize)]
pub struct Grant {
    pub server: ServerId,
    pub client: Client,
    /// The token this grant stands for: the server's counter, or, with one
    /// ordered counter, the token the service issued (0 for a round that
    /// failed and issued none).
    pub token: Token,
    pub start: Tick,
    pub end: Tick,
    /// The expiry the server granted ([`NEVER`] without expiry). While the
    /// lease is live this is all anyone knows of its end: a release that
    /// later cuts `end` short has not happened yet.
    pub expires: Tick,
    /// Where the lease ends as its server granted it: the expiry its
    /// clock, running at its own rate, set at the grant, or the release
    /// if that came first. Unlike `end`, a step of the server's clock
    /// does not move it, and a restart never did: a server that loses a
    /// lease before this and grants again has granted over a live lease
    /// (`audit::overlapping_grants`). A clock's rate is how its server
    /// keeps time, so a fast clock's shorter lease is the lease it
    /// granted.
    pub promised: Tick,
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
        spans_meet((self.start, self.end), (other.start, other.end))
    }

    /// Whether two leases, each as its server granted it (`promised`),
    /// share at least one tick.
    pub fn promises_overlap(&self, other: &Grant) -> bool {
        spans_meet((self.start, self.promised), (other.start, other.promised))
    }
}

/// Whether two half-open spans share a tick (an empty span shares none).
fn spans_meet((a_start, a_end): (Tick, Tick), (b_start, b_end): (Tick, Tick)) -> bool {
    a_start < a_end && b_start < b_end && a_start < b_end && b_start < a_end
}

/// One lock server: who holds it, until when, and how many grants it made.
#[derive(Clone, Debug, Hash, PartialEq, Default)]
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
    /// How fast this server's clock runs, in percent of real time; 0 means
    /// 100 (an accurate clock), so `Default` is an accurate server.
    rate_pct: u32,
    /// After a restart with [`RestartRemedy::StaySilent`], every request
    /// before this tick is refused.
    silent_until: Tick,
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
        if now < self.silent_until || (self.holder.is_some() && now < self.expires) {
            return None;
        }
        self.token += 1;
        self.holder = Some(client);
        self.granted_at = now;
        self.expires = match lease {
            Lease::Expires(ttl) => now.saturating_add(real_ticks(ttl, self.rate_pct)),
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
            expires: self.expires,
            promised: self.expires,
        });
        Some(self.token)
    }

    /// Lets go if `client` is the recorded holder; returns whether a live
    /// lease ended here. An expired lease is already gone, as an expired
    /// key is on Redis: releasing it ends nothing, and the server only
    /// forgets the stale entry. The audit record is cut to `now` only if
    /// the lease was still live, so a late release never lengthens a lease
    /// that had already expired.
    fn release(&mut self, client: Client, now: Tick, log: &mut [Grant]) -> bool {
        if self.holder != Some(client) {
            return false;
        }
        let live = now < self.expires;
        self.holder = None;
        if let Some(grant) = self.last_grant.take().and_then(|i| log.get_mut(i as usize)) {
            grant.end = grant.end.min(now);
            grant.promised = grant.promised.min(now);
        }
        live
    }

    fn holds(&self, client: Client, now: Tick) -> bool {
        self.holder == Some(client) && now < self.expires
    }

    /// The next tick at which this server's answer can change by itself:
    /// a lease expiring, or the end of a silence after a restart.
    fn expiry_after(&self, now: Tick) -> Option<Tick> {
        let expiry =
            (self.holder.is_some() && self.expires > now && self.expires != NEVER).then_some(self.expires);
        let silence = (self.silent_until > now).then_some(self.silent_until);
        match (expiry, silence) {
            (Some(e), Some(s)) => Some(e.min(s)),
            (e, s) => e.or(s),
        }
    }
}

/// How long a lease lasts.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Lease {
    Expires(Tick),
    UntilReleased,
}

/// What one acquire round of the lock service came to.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Acquire {
    /// Servers that granted in this round.
    pub votes: u16,
    /// The highest token granted, if a majority granted; `None` means the
    /// partial grants (if any) were handed back.
    pub token: Option<Token>,
}

/// An acquire round under way: the votes its requests have won so far,
/// the highest token among them, and where its grants start in the log.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default)]
pub struct Round {
    pub votes: u16,
    best: Token,
    logged_from: u32,
}

impl Round {
    /// The round without its place in the grant log, for the explorer's
    /// fingerprint: a place counts the grants of other servers before it,
    /// which depends on how servers are numbered. Which grants are the
    /// round's is hashed with each server instead
    /// ([`LockService::hash_server`]).
    pub fn unplaced(self) -> Round {
        Round {
            logged_from: 0,
            ..self
        }
    }

    /// Where this round's grants start in the log.
    pub fn logged_from(self) -> u32 {
        self.logged_from
    }

    /// Counts `other`'s votes and token in this round too: a grant whose
    /// reply arrived (`scenario::network`).
    pub fn merge(&mut self, other: Round) {
        self.votes += other.votes;
        self.best = self.best.max(other.best);
    }
}

/// Per client, where its round still gathering votes starts in the grant
/// log ([`Round::logged_from`]), if one is.
pub type RoundsFrom = [Option<u32>; 3];

/// What one server holds at an instant, for a trace of the state step by
/// step (`explore::itf`): its holder (none once its lease has expired by
/// its own clock, as its next request would find it), the lease's expiry
/// and the grant counter. Plain integers and words, as a trace carries
/// them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ServerState {
    /// "A", "B", "C", or "" for nobody.
    pub holder: String,
    pub expires: Tick,
    pub token: Token,
    /// Requests before this tick are refused (a delayed restart); 0 if none.
    pub silent_until: Tick,
    /// How fast its clock runs, in percent of real time (100: true). A
    /// clock's step shows in `expires`, which it moved.
    pub clock_rate_pct: u32,
}

/// N independent lock servers behind a majority rule, plus the log of every
/// grant any of them ever made.
#[derive(Debug, Hash, PartialEq, Default)]
pub struct LockService {
    servers: Vec<LockServer>,
    grants: Vec<Grant>,
    /// Sweeps that only need outcomes turn the audit log off; the servers
    /// answer exactly the same either way.
    unlogged: bool,
    /// Tokens come from one ordered counter for the whole service (as a
    /// consensus log numbers its entries) instead of the highest per-server
    /// counter in the quorum.
    ordered: bool,
    /// The ordered counter: quorum grants so far.
    sequence: Token,
}

/// By hand for `clone_from`, which keeps the vectors' allocations (the
/// explorer copies states into simulators it recycles).
impl Clone for LockService {
    fn clone(&self) -> Self {
        let mut copy = LockService::default();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let LockService {
            servers,
            grants,
            unlogged,
            ordered,
            sequence,
        } = source;
        self.servers.clone_from(servers);
        self.grants.clone_from(grants);
        (self.unlogged, self.ordered, self.sequence) = (*unlogged, *ordered, *sequence);
    }
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
        self.ordered = false;
        self.sequence = 0;
    }

    /// Number tokens from one ordered counter (see the field's doc).
    pub fn set_ordered_tokens(&mut self, on: bool) {
        self.ordered = on;
    }

    /// Sets how fast server `id`'s clock runs, in percent of real time.
    pub fn set_clock_rate(&mut self, id: ServerId, rate_pct: u32) {
        if let Some(server) = self.servers.get_mut(usize::from(id)) {
            server.rate_pct = rate_pct;
        }
    }

    /// Servers `ids` crash and restart at `now`. The grant log is the
    /// audit's record, kept outside the servers, so it still shows every
    /// lease they granted before the crash.
    ///
    /// Restarting empty loses the token counter too, so the server can hand
    /// out a token it already issued. redis.io's delayed restart works
    /// without persistence: the server comes back empty, counter included,
    /// and only refuses requests for one ttl. That keeps mutual exclusion,
    /// but a later majority's highest counter can then equal or fall below
    /// a token already issued: a remedy for the lock, not for its tokens.
    pub fn restart(&mut self, ids: &[ServerId], now: Tick, remedy: RestartRemedy, ttl: Tick) {
        for &id in ids {
            let Some(server) = self.servers.get_mut(usize::from(id)) else {
                continue;
            };
            match remedy {
                RestartRemedy::Persist => {}
                RestartRemedy::None => {
                    *server = LockServer {
                        rate_pct: server.rate_pct,
                        ..LockServer::default()
                    };
                }
                RestartRemedy::StaySilent => {
                    *server = LockServer {
                        rate_pct: server.rate_pct,
                        silent_until: now.saturating_add(ttl),
                        ..LockServer::default()
                    };
                }
            }
        }
    }

    /// Servers `ids` have their clocks stepped forward `by` ticks at `now`:
    /// a live lease on them ends `by` ticks sooner in real time (never
    /// before now), and the record says so. The servers do nothing wrong
    /// by their own clocks.
    pub fn jump_clocks(&mut self, ids: &[ServerId], now: Tick, by: Tick) {
        for &id in ids {
            let Some(server) = self.servers.get_mut(usize::from(id)) else {
                continue;
            };
            if server.holder.is_none() || server.expires <= now || server.expires == NEVER {
                continue;
            }
            server.expires = server.expires.saturating_sub(by).max(now);
            if let Some(grant) = server.last_grant.and_then(|i| self.grants.get_mut(i as usize)) {
                grant.end = grant.end.min(server.expires);
                grant.expires = server.expires;
            }
        }
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

    /// Each server as it stands at `now` (`ServerState`).
    pub fn server_states(&self, now: Tick) -> Vec<ServerState> {
        self.servers
            .iter()
            .map(|s| ServerState {
                holder: match s.holder {
                    Some(client) if now < s.expires => format!("{client:?}"),
                    _ => String::new(),
                },
                expires: s.expires,
                token: s.token,
                silent_until: s.silent_until,
                clock_rate_pct: if s.rate_pct == 0 { 100 } else { s.rate_pct },
            })
            .collect()
    }

    pub fn quorum(&self) -> u16 {
        crate::params::quorum_of(self.len())
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
        let got = self.grant_on(client, now, lease, reach.clone());
        if got.token.is_none() {
            self.hand_back(client, now, reach);
        }
        got
    }

    /// Every server in `reach` answers a request that reached it at `now`;
    /// the grants stand until the client says otherwise. With an
    /// instantaneous acquire the client decides at once
    /// ([`LockService::acquire_on`]); over a network it decides when the
    /// replies arrive, and its release takes time to arrive too.
    pub fn grant_on(
        &mut self,
        client: Client,
        now: Tick,
        lease: Lease,
        reach: std::ops::Range<u16>,
    ) -> Acquire {
        let mut round = self.open_round();
        self.grant_servers(&mut round, client, now, lease, reach);
        self.close_round(round, client)
    }

    /// A round whose requests have not reached any server yet. Over a
    /// network each server may get its request at a different tick
    /// ([`LockService::grant_servers`] once per tick); the round is
    /// counted when the last one has answered ([`LockService::close_round`]).
    pub fn open_round(&self) -> Round {
        Round {
            votes: 0,
            best: 0,
            logged_from: self.grants.len() as u32,
        }
    }

    /// The servers `ids` answer `client`'s request, which reached them at
    /// `now`.
    pub fn grant_servers(
        &mut self,
        round: &mut Round,
        client: Client,
        now: Tick,
        lease: Lease,
        ids: impl IntoIterator<Item = ServerId>,
    ) {
        for id in ids {
            let Some(server) = self.servers.get_mut(usize::from(id)) else {
                break;
            };
            let log = (!self.unlogged).then_some(&mut self.grants);
            if let Some(token) = server.acquire(id, client, now, lease, log) {
                round.votes += 1;
                round.best = round.best.max(token);
            }
        }
    }

    /// What the round came to, once every server it reached has answered.
    pub fn close_round(&mut self, round: Round, client: Client) -> Acquire {
        let Round {
            votes,
            mut best,
            logged_from,
        } = round;
        // Only this round's grants: the other client's, made between its
        // requests' arrivals, keep their own tokens.
        let from = (logged_from as usize).min(self.grants.len());
        let mine = |g: &&mut Grant| g.client == client;
        if votes >= self.quorum() {
            if self.ordered {
                // The service issues one token; the record shows that one,
                // not the servers' own counters, which nobody reads.
                self.sequence += 1;
                best = self.sequence;
                for g in self.grants[from..].iter_mut().filter(mine) {
                    g.token = best;
                }
            }
            return Acquire {
                votes,
                token: Some(best),
            };
        }
        // With one ordered counter a failed round issues no token at all:
        // its record says 0, "none", rather than a server's own count.
        if self.ordered {
            for g in self.grants[from..].iter_mut().filter(mine) {
                g.token = 0;
            }
        }
        Acquire { votes, token: None }
    }

    /// Hands back what a round granted at `now`: exactly the servers that
    /// name `client` as holder of a lease granted this tick.
    fn hand_back(&mut self, client: Client, now: Tick, reach: std::ops::Range<u16>) {
        for id in reach {
            if let Some(server) = self.servers.get_mut(usize::from(id)) {
                if server.holder == Some(client) && server.granted_at == now {
                    server.release(client, now, &mut self.grants);
                }
            }
        }
    }

    /// Grants on one server directly, bypassing the majority rule — how a
    /// test puts servers in the hands of another client.
    pub fn acquire_server(&mut self, id: ServerId, client: Client, now: Tick, lease: Lease) -> Option<Token> {
        let server = self.servers.get_mut(usize::from(id))?;
        let log = (!self.unlogged).then_some(&mut self.grants);
        server.acquire(id, client, now, lease, log)
    }

    /// Releases on every server `client` holds; returns how many let go.
    /// The record of any of its leases still running is cut to `now` too:
    /// a server that restarted empty no longer knows it granted one, but the
    /// client's release still ends it.
    pub fn release(&mut self, client: Client, now: Tick) -> u16 {
        self.release_where(client, now, now, |_| true)
    }

    /// A release sent at `sent` reaches the servers `reached` at `now`.
    /// Each lets go of a lease granted no later than `sent`: a lease
    /// granted after the release left is a newer acquisition, whose random
    /// value (redis.io's) the release does not carry.
    pub fn release_where(
        &mut self,
        client: Client,
        now: Tick,
        sent: Tick,
        reached: impl Fn(ServerId) -> bool,
    ) -> u16 {
        let mut released = 0;
        for (id, server) in self.servers.iter_mut().enumerate() {
            let id = id as ServerId;
            if reached(id) && server.granted_at <= sent && server.release(client, now, &mut self.grants) {
                released += 1;
            }
        }
        for g in self
            .grants
            .iter_mut()
            .filter(|g| g.client == client && g.start <= sent && reached(g.server))
        {
            // A lease the record still shows (a restarted server forgot
            // it) ends here; so does what its server promised.
            if g.covers(now) {
                g.end = now;
            }
            g.promised = g.promised.min(now);
        }
        released
    }

    /// Whether server `id` has a lease of `client`'s still running at
    /// `now`, as the server knows it or as the record shows it (a server
    /// that restarted empty forgot it, but a release still ends it).
    pub fn has_lease(&self, client: Client, id: ServerId, now: Tick) -> bool {
        let held = self
            .servers
            .get(usize::from(id))
            .is_some_and(|s| s.holds(client, now));
        held || self
            .grants
            .iter()
            .any(|g| g.server == id && g.client == client && g.covers(now))
    }

    /// Hashes what belongs to no one server: the explorer's symmetry
    /// reduction hashes each server apart ([`LockService::hash_server`])
    /// and sorts them, so that states differing only in which server is
    /// which share a fingerprint. The grant log counts from `from` on
    /// (what came before is summarised: `scenario::settle`).
    pub fn hash_shared<H: std::hash::Hasher>(&self, from: u32, h: &mut H) {
        use std::hash::Hash;
        let LockService {
            servers,
            grants,
            unlogged,
            ordered,
            sequence,
        } = self;
        let logged = grants.len().saturating_sub(from as usize);
        (servers.len(), logged, unlogged, ordered, sequence).hash(h);
    }

    /// Hashes server `id` by its contents alone: its state, whether its
    /// newest lease can still be cut short by a release, and its leases
    /// from `from` on, in the order they were granted (the log's order
    /// across servers depends on their numbering, and nothing reads it),
    /// each with whether a round still gathering (`rounds`) counts it as
    /// its own: the round rewrites those grants' tokens when it closes.
    /// Its ticks are
    /// hashed in `frame`: counted from now, an expiry or a silence that
    /// is over reads as now (the server only asks whether they are still
    /// ahead), and when a lease was granted is forgotten once nobody
    /// holds the server (only a release or a hand-back by its holder
    /// reads it).
    pub fn hash_server<H: std::hash::Hasher>(
        &self,
        id: ServerId,
        (from, rounds): (u32, RoundsFrom),
        frame: Frame,
        h: &mut H,
    ) {
        use std::hash::Hash;
        let Some(server) = self.servers.get(usize::from(id)) else {
            return;
        };
        let LockServer {
            holder,
            expires,
            token,
            last_grant,
            granted_at,
            rate_pct,
            silent_until,
        } = server;
        (
            holder,
            frame.ahead(*expires),
            token,
            last_grant.is_some(),
            frame.unless_over(*granted_at, holder.is_none()),
            rate_pct,
            frame.ahead(*silent_until),
        )
            .hash(h);
        let recent = self.grants.iter().enumerate().skip(from as usize);
        for (at, g) in recent.filter(|(_, g)| g.server == id) {
            // Whether a round still gathering counts this grant as its own.
            let in_round = rounds[g.client as usize].is_some_and(|start| at as u32 >= start);
            in_round.hash(h);
            // `promised` too: a lease lost early still meets a later
            // grant (`audit::overlapping_grants`).
            let ticks = (
                frame.tick(g.start),
                frame.tick(g.end),
                frame.tick(g.expires),
                frame.tick(g.promised),
            );
            (g.client, g.token, ticks).hash(h);
        }
    }

    /// How many servers hold a live lease for `client` right now.
    pub fn votes_for(&self, client: Client, now: Tick) -> u16 {
        self.servers.iter().filter(|s| s.holds(client, now)).count() as u16
    }

    /// Who holds a quorum right now, asked of the live servers.
    pub fn holder(&self, now: Tick) -> Option<Client> {
        Client::EVERY
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
        // Still the recorded holder, but the lease is gone: nothing ends.
        assert_eq!(lock.release(Client::A, 40), 0, "an expired lease ends nothing");
        assert_eq!(
            lock.grants()[1].end,
            30,
            "expired at 30; the release at 40 must not extend it"
        );
    }

    #[test]
    fn a_late_release_ends_only_leases_granted_before_it_left() {
        let mut service = LockService::new(3);
        let lease = Lease::Expires(10);
        service.acquire_server(0, Client::A, 0, lease);
        service.acquire_server(1, Client::A, 0, lease);
        // Server 2's lease to A is a newer acquisition: granted at 6, after
        // the release left at 5, so the release does not carry its value.
        service.acquire_server(2, Client::A, 6, lease);
        // The release reaches servers 0 and 2 at 7; server 1's is late.
        let released = service.release_where(Client::A, 7, 5, |id| id != 1);
        assert_eq!(released, 1);
        assert!(!service.has_lease(Client::A, 0, 8));
        assert!(service.has_lease(Client::A, 1, 8));
        assert!(service.has_lease(Client::A, 2, 8));
        assert_eq!(service.grants()[0].end, 7);
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
    fn a_fast_clock_ends_the_lease_early_in_real_time() {
        assert_eq!(real_ticks(10, 100), 10);
        assert_eq!(real_ticks(10, 0), 10, "0 reads as an accurate clock");
        assert_eq!(real_ticks(10, 200), 5);
        assert_eq!(real_ticks(10, 300), 4, "rounded up: 3.33 ticks last into the 4th");
        assert_eq!(real_ticks(10, 50), 20);
        let mut lock = LockService::new(3);
        lock.set_clock_rate(0, 200);
        lock.acquire(Client::A, 0, TTL10);
        assert_eq!(lock.grants()[0].end, 5);
        assert_eq!(lock.grants()[1].end, 10);
        assert_eq!(lock.next_expiry_after(0), Some(5));
    }

    #[test]
    fn a_server_restarted_empty_grants_a_lease_held_elsewhere() {
        let mut lock = LockService::new(5);
        lock.acquire(Client::A, 0, Lease::Expires(30));
        lock.restart(&[0, 1, 2], 3, RestartRemedy::None, 30);
        let b = lock.acquire(Client::B, 4, Lease::Expires(30));
        assert_eq!(
            b,
            Acquire {
                votes: 3,
                token: Some(1)
            },
            "counters restarted too"
        );
        assert_eq!(lock.votes_for(Client::A, 4), 2);
    }

    #[test]
    fn persisted_or_silent_servers_refuse_after_a_restart() {
        for remedy in [RestartRemedy::Persist, RestartRemedy::StaySilent] {
            let mut lock = LockService::new(5);
            lock.acquire(Client::A, 0, Lease::Expires(30));
            lock.restart(&[0, 1, 2], 3, remedy, 30);
            assert_eq!(
                lock.acquire(Client::B, 4, Lease::Expires(30)).token,
                None,
                "{remedy:?}"
            );
        }
        let mut lock = LockService::new(5);
        lock.restart(&[0, 1, 2], 3, RestartRemedy::StaySilent, 30);
        assert_eq!(lock.next_expiry_after(3), Some(33));
        assert_eq!(lock.acquire(Client::B, 32, TTL10).votes, 2);
        assert_eq!(lock.acquire(Client::B, 33, TTL10).votes, 5);
    }

    #[test]
    fn a_delayed_restart_forgets_its_counter_as_redis_io_describes_it() {
        let mut lock = LockService::new(5);
        let a = lock.acquire(Client::A, 0, TTL10).token;
        lock.restart(&[0, 1, 2, 3, 4], 3, RestartRemedy::StaySilent, 30);
        let b = lock.acquire(Client::B, 33, TTL10).token;
        assert_eq!(
            b, a,
            "no persistence: the counters start again, and the token repeats"
        );
    }

    #[test]
    fn overlapping_reaches_let_per_server_counters_drift_and_an_ordered_counter_does_not() {
        for (ordered, b_token) in [(false, 2), (true, 2)] {
            let mut lock = LockService::new(5);
            lock.set_ordered_tokens(ordered);
            // A retries against server 1 alone four times, handing back each grant.
            for t in 0..4 {
                assert_eq!(lock.acquire_on(Client::A, t, TTL10, 0..1).token, None);
            }
            let a = lock
                .acquire_on(Client::A, 4, TTL10, 0..3)
                .token
                .expect("A gets 1-3");
            let b = lock
                .acquire_on(Client::B, 16, TTL10, 2..5)
                .token
                .expect("B gets 3-5");
            assert_eq!(b, b_token);
            if ordered {
                assert_eq!(a, 1);
                assert!(a < b);
            } else {
                assert_eq!(a, 5, "server 1 counted four handed-back grants");
                assert!(a > b, "the later lease carries the lower token");
            }
        }
    }

    #[test]
    fn grants_overlap_only_when_they_share_a_tick() {
        let g = |start, end| Grant {
            server: 0,
            client: Client::A,
            token: 1,
            start,
            end,
            expires: end,
            promised: end,
        };
        assert!(!g(0, 10).overlaps(&g(10, 20)), "touching intervals are disjoint");
        assert!(g(0, 11).overlaps(&g(10, 20)));
        assert!(!g(5, 5).overlaps(&g(0, 10)), "an empty interval overlaps nothing");
    }
}
