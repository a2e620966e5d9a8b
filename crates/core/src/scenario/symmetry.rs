//! The explorer's symmetry reduction: lock servers are interchangeable.
//!
//! Two states that differ only in which server is which (server 2 holds
//! A's lease in one, server 4 in the other, all else alike) have the same
//! futures, renumbered, and break the same properties, since no audit
//! reads a server's number. So a state is fingerprinted with each
//! server's part hashed on its own and the parts sorted: both states get
//! one fingerprint and are explored once. Without late messages every
//! server is treated alike anyway; with them, each request can reach each
//! server late, and this is what keeps the choices from multiplying by
//! every numbering of the same pattern.
//!
//! Where servers are not interchangeable (a client that reaches only some
//! of them), a state is hashed whole.
//!
//! The explorer's third client is B's twin: C runs B's script with B's
//! choices, so a run in which C arrives before B is another run with the
//! two renamed, which breaks the same properties at the same step (no
//! audit reads a client's name, only who is who). The search keeps the
//! runs where B arrives first (`mirrors_a_kept_run`); where both arrive
//! at once, B asks first, and the renamed run is no run at all.

use super::client_state::{ClientState, Round};
use super::tape::Delays;
use super::{Event, Simulator};
use crate::frame::Frame;
use crate::params::faulty_servers;
use crate::types::{Client, ServerId};
use std::hash::{BuildHasher, Hash, Hasher};

impl Hash for Simulator {
    fn hash<H: Hasher>(&self, h: &mut H) {
        if self.servers_interchangeable() {
            self.hash_up_to_numbering(h);
        } else {
            self.hash_whole(h);
        }
    }
}

impl Simulator {
    /// Hashes every part of the state as it stands, servers by number
    /// (the tape aside): what a search without the symmetry reduction
    /// fingerprints, to check the reduction against.
    pub fn hash_whole<H: Hasher>(&self, h: &mut H) {
        self.hash_common(h);
        (&self.resource, &self.entries).hash(h);
        (&self.lock, &self.a, &self.b, &self.c, &self.sched).hash(h);
    }

    /// Hashes what does not depend on how servers are numbered, the
    /// records aside.
    fn hash_common<H: Hasher>(&self, h: &mut H) {
        let Simulator {
            params,
            mode,
            record,
            lock,
            resource,
            sched,
            entries,
            a,
            b,
            c,
            end_tick,
            b_acquired_at,
            leases_granted,
            a_shift,
            tape: _,
            settled,
            lost,
            b_pause,
            c_pause,
            did: _,
        } = self;
        (params, mode, record, lost, b_pause, c_pause).hash(h);
        (end_tick, b_acquired_at, leases_granted, a_shift).hash(h);
        // The rest, below, by number or not, whole or from where the
        // past settled.
        let _ = (lock, a, b, c, sched, resource, entries, settled);
    }

    /// Hashes the records from where the past settled on, their ticks in
    /// `frame`, and the summary of what came before (`settle`).
    fn hash_recent<H: Hasher>(&self, frame: Frame, h: &mut H) {
        let s = &self.settled;
        // Nothing settled yet (every search without late messages): no
        // summary to hash.
        if (s.entries, s.grants, s.reads, s.writes) != (0, 0, 0, 0) {
            s.summary.hash(h);
        }
        self.resource.hash_recent(s.reads, s.writes, frame, h);
        let recent = &self.entries[s.entries as usize..];
        match frame {
            // As they stand, in one pass: the default matrix's searches
            // hash every state this way.
            Frame::Absolute => recent.hash(h),
            Frame::FromNow(_) => {
                recent.len().hash(h);
                for e in recent {
                    e.in_frame(frame).hash(h);
                }
            }
        }
    }

    /// Hashes the state with each server's part hashed on its own and the
    /// parts sorted.
    fn hash_up_to_numbering<H: Hasher>(&self, h: &mut H) {
        // Ticks counted from now where the past settles (`relative`).
        let frame = self.frame();
        match frame {
            Frame::Absolute => self.hash_common(h),
            Frame::FromNow(_) => self.hash_common_from_now(frame, h),
        }
        self.hash_recent(frame, h);
        let Simulator {
            params, lock, sched, ..
        } = self;
        // Each server's delays and its part in releases on their way go
        // with the server; the rest of the clients and the queue is shared.
        // Places in the entries count from where the past settled; a
        // round's place in the grant log goes with the servers.
        let shared = |client: &ClientState| ClientState {
            round: Round {
                request_delays: Delays::default(),
                gathering: client.round.gathering.unplaced(),
                ..client.round
            },
            open_refusal: client
                .open_refusal
                .map(|i| i.saturating_sub(self.settled.entries)),
            ..*client
        };
        match frame {
            // As they stand: the default matrix's searches hash every
            // state this way, and a copy per client costs them.
            Frame::Absolute => (shared(&self.a), shared(&self.b), shared(&self.c)).hash(h),
            Frame::FromNow(_) => {
                let [a, b, c] = Client::EVERY.map(|client| self.client_in_frame(client, frame));
                (shared(&a), shared(&b), shared(&c)).hash(h);
            }
        }
        let pending = sched.pending();
        pending.len().hash(h);
        for &(t, event) in pending {
            (frame.tick(t), event.without_servers()).hash(h);
        }
        lock.hash_shared(self.settled.grants, h);
        let n = usize::from(params.servers);
        let mut columns = [0u64; Delays::SERVERS as usize];
        for (id, column) in columns[..n].iter_mut().enumerate() {
            *column = self.server_part(id as ServerId, frame);
        }
        columns[..n].sort_unstable();
        columns[..n].hash(h);
    }

    /// Whether this run is one the client symmetry drops: C arrives before
    /// B, its twin, so the run with the two renamed is searched instead.
    /// (B alone writes twice when asked to, so then they are not twins.)
    pub fn mirrors_a_kept_run(&self) -> bool {
        let p = &self.params;
        !p.b_writes_twice && p.third.is_some_and(|c| c < p.b_arrives)
    }

    /// Whether renumbering the servers changes nothing the simulator does:
    /// every client reaches every server, and the explorer's delays can
    /// tell each one apart.
    fn servers_interchangeable(&self) -> bool {
        self.params.fault.reaches_every_server() && self.params.servers <= Delays::SERVERS
    }

    /// One server's part of the state, as a hash: the server and its
    /// leases, each client's delay to it, whether each release on its way
    /// reaches it, and whether a fault strikes it.
    fn server_part(&self, id: ServerId, frame: Frame) -> u64 {
        let mut h = foldhash::quality::FixedState::with_seed(0).build_hasher();
        let rounds = [&self.a, &self.b, &self.c].map(|client| {
            let round = client.round;
            (round.awaiting > 0).then(|| round.gathering.logged_from())
        });
        self.lock
            .hash_server(id, (self.settled.grants, rounds), frame, &mut h);
        (
            self.a.round.request_delays.get(id),
            self.b.round.request_delays.get(id),
            self.c.round.request_delays.get(id),
        )
            .hash(&mut h);
        for &(_, event) in self.sched.pending() {
            if let Event::ReleaseArrives(x) | Event::HandBackArrives(x) = event {
                Delays::in_group(x.group, u32::from(x.delay), id).hash(&mut h);
            }
        }
        let struck = faulty_servers(self.params.servers, self.params.fault.struck()).contains(&id);
        struck.hash(&mut h);
        h.finish()
    }
}

impl Event {
    /// The event without the servers it names: a release's group, which
    /// goes with each server's part instead.
    fn without_servers(self) -> Event {
        match self {
            Event::ReleaseArrives(x) => Event::ReleaseArrives(super::Arrival { group: 0, ..x }),
            Event::HandBackArrives(x) => Event::HandBackArrives(super::Arrival { group: 0, ..x }),
            other => other,
        }
    }
}
