//! Redlock as redis.io describes it, and the fencing token it lacks.
//!
//! A round asks every server to `SET key id NX PX ttl`; the client keeps
//! the lock if a majority said yes and the validity left — ttl less the
//! time the round took and a drift allowance — is above zero, and
//! otherwise deletes its key everywhere with a compare-and-delete script.
//! Redlock hands out no token. Here each server counts its grants in the
//! same script as the SET, and the client takes the highest count of its
//! majority: the model's semantics (`dlock_core::lock`), said plainly.

use crate::servers::connect;
use std::time::Instant;

const LOCK_KEY: &str = "dlock:lock";
const COUNTER_KEY: &str = "dlock:grants";

/// SET the lock if it is free, and count the grant in the same step.
const ACQUIRE: &str = "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then \
                       return redis.call('INCR', KEYS[2]) end return 0";
/// Delete the lock only if it is still this client's.
const RELEASE: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then \
                       return redis.call('DEL', KEYS[1]) end return 0";

/// What one acquire round came to.
#[derive(Clone, Copy, Debug)]
pub struct Round {
    pub votes: u16,
    /// The highest grant count among the servers that said yes.
    pub token: u64,
    /// Milliseconds of validity left when the last reply was read.
    pub validity_ms: i64,
}

/// A client's connections to every lock server.
pub struct Redlock {
    servers: Vec<redis::Connection>,
    /// This client's value for the key: unique to it, so it deletes only
    /// its own lock.
    id: String,
}

/// The drift allowance Redlock's reference clients subtract: 1% of the
/// ttl, plus 2 ms for the servers' expiry precision.
pub fn drift_allowance_ms(ttl_ms: u64) -> u64 {
    ttl_ms / 100 + 2
}

impl Redlock {
    pub fn connect(ports: &[u16], id: &str) -> Result<Redlock, String> {
        let servers = ports
            .iter()
            .map(|&port| connect(port).map_err(|e| format!("lock server on port {port}: {e}")))
            .collect::<Result<_, _>>()?;
        Ok(Redlock {
            servers,
            id: id.to_owned(),
        })
    }

    fn quorum(&self) -> u16 {
        self.servers.len() as u16 / 2 + 1
    }

    /// One round on every server (a server that fails to answer counts as
    /// a no). The lock is held if `held()` says so.
    pub fn acquire(&mut self, ttl_ms: u64) -> Round {
        let started = Instant::now();
        let script = redis::Script::new(ACQUIRE);
        let (mut votes, mut token) = (0u16, 0u64);
        for con in &mut self.servers {
            let granted: u64 = script
                .key(LOCK_KEY)
                .key(COUNTER_KEY)
                .arg(&self.id)
                .arg(ttl_ms)
                .invoke(con)
                .unwrap_or(0);
            if granted > 0 {
                votes += 1;
                token = token.max(granted);
            }
        }
        let elapsed = started.elapsed().as_millis() as i64;
        Round {
            votes,
            token,
            validity_ms: ttl_ms as i64 - elapsed - drift_allowance_ms(ttl_ms) as i64,
        }
    }

    /// Whether `round` won the lock: a majority, and validity left.
    pub fn held(&self, round: &Round) -> bool {
        round.votes >= self.quorum() && round.validity_ms > 0
    }

    /// Deletes this client's key wherever it still is; how many servers
    /// let go.
    pub fn release(&mut self) -> u16 {
        let script = redis::Script::new(RELEASE);
        let mut released = 0;
        for con in &mut self.servers {
            let deleted: u64 = script.key(LOCK_KEY).arg(&self.id).invoke(con).unwrap_or(0);
            released += u16::from(deleted > 0);
        }
        released
    }
}
