//! Redlock as redis.io describes it, and the fencing token it lacks.
//!
//! A round asks every server, each with a timeout small next to the ttl,
//! to `SET key value NX PX ttl`, where the value is random and new for
//! every acquisition. The client keeps the lock if a majority said yes and
//! the validity left — ttl less the time the round took and a drift
//! allowance — is above zero; otherwise it deletes its value on every
//! server (not only those that said yes: a reply may have been lost) with
//! a compare-and-delete script, and tries again after a random delay.
//!
//! Redlock hands out no token. Here each server counts its grants in the
//! same script as the SET, and the client takes the highest count of its
//! majority: the model's semantics (`dlock_core::lock`), said plainly.
//! The same scripts append every grant and release to a list on the
//! server, stamped with the server's own clock, so the lab can audit what
//! the servers granted rather than what the clients were told.

use crate::servers::connect;
use std::time::{Duration, Instant};

const LOCK_KEY: &str = "dlock:lock";
const COUNTER_KEY: &str = "dlock:grants";
/// The server's record: one entry per grant and per release.
const LOG_KEY: &str = "dlock:log";

/// SET the lock if it is free, count the grant, and record it with the
/// server's time, all in one step.
const ACQUIRE: &str = "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then \
                       local token = redis.call('INCR', KEYS[2]) \
                       local now = redis.call('TIME') \
                       redis.call('RPUSH', KEYS[3], 'grant ' .. ARGV[1] .. ' ' .. token .. ' ' .. now[1] .. ' ' .. now[2] .. ' ' .. ARGV[2]) \
                       return token end return 0";
/// Delete the lock only if it is still this value's, and record it.
const RELEASE: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then \
                       local now = redis.call('TIME') \
                       redis.call('RPUSH', KEYS[2], 'release ' .. ARGV[1] .. ' ' .. now[1] .. ' ' .. now[2]) \
                       return redis.call('DEL', KEYS[1]) end return 0";

/// What one acquire round came to.
#[derive(Clone, Copy, Debug)]
pub struct Round {
    pub votes: u16,
    /// The highest grant count among the servers that said yes.
    pub token: u64,
    /// Milliseconds of validity left when the last reply was read.
    pub validity_ms: i64,
    /// How long the round took, in milliseconds.
    pub round_ms: u64,
}

/// A client's connections to every lock server.
pub struct Redlock {
    servers: Vec<redis::Connection>,
    /// Who this client is ("A" or "B"): the first part of every value.
    client: String,
    /// The value of the current (or last) acquisition: random and new for
    /// each, so a client deletes only the lock it set this time.
    value: String,
}

/// How long a client waits for one server: small next to the ttl, as
/// redis.io asks (5-50 ms for a 10 s lease), so a server that is down
/// costs little of the validity. A hundredth of the ttl, 5 to 50 ms.
pub fn instance_timeout(ttl_ms: u64) -> Duration {
    Duration::from_millis((ttl_ms / 100).clamp(5, 50))
}

/// A fresh value for one acquisition: the client's name, then 20 random
/// bytes in hex (redis.io's suggestion), from the operating system.
fn fresh_value(client: &str) -> String {
    let bytes: [u8; 20] = rand::random();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{client}-{hex}")
}

impl Redlock {
    pub fn connect(ports: &[u16], client: &str, ttl_ms: u64) -> Result<Redlock, String> {
        let timeout = Some(instance_timeout(ttl_ms));
        let servers = ports
            .iter()
            .map(|&port| {
                let con = connect(port).map_err(|e| format!("lock server on port {port}: {e}"))?;
                con.set_read_timeout(timeout)
                    .and_then(|()| con.set_write_timeout(timeout))
                    .map_err(|e| format!("lock server on port {port}: {e}"))?;
                Ok(con)
            })
            .collect::<Result<_, String>>()?;
        Ok(Redlock {
            servers,
            client: client.to_owned(),
            value: String::new(),
        })
    }

    fn quorum(&self) -> u16 {
        dlock_core::params::quorum_of(self.servers.len() as u16)
    }

    /// One round on every server with a new value (a server that fails
    /// to answer in time counts as a no). The lock is held if `held()`
    /// says so.
    pub fn acquire(&mut self, ttl_ms: u64) -> Round {
        self.value = fresh_value(&self.client);
        let started = Instant::now();
        let script = redis::Script::new(ACQUIRE);
        let (mut votes, mut token) = (0u16, 0u64);
        for con in &mut self.servers {
            let granted: u64 = script
                .key(LOCK_KEY)
                .key(COUNTER_KEY)
                .key(LOG_KEY)
                .arg(&self.value)
                .arg(ttl_ms)
                .invoke(con)
                .unwrap_or(0);
            if granted > 0 {
                votes += 1;
                token = token.max(granted);
            }
        }
        let elapsed = started.elapsed().as_millis() as u64;
        Round {
            votes,
            token,
            validity_ms: ttl_ms as i64
                - elapsed as i64
                - dlock_core::params::drift_allowance_ms(ttl_ms) as i64,
            round_ms: elapsed,
        }
    }

    /// Whether `round` won the lock: a majority, and validity left.
    pub fn held(&self, round: &Round) -> bool {
        round.votes >= self.quorum() && round.validity_ms > 0
    }

    /// Deletes this acquisition's value on every server, wherever it still
    /// is; how many servers let go.
    pub fn release(&mut self) -> u16 {
        let script = redis::Script::new(RELEASE);
        let mut released = 0;
        for con in &mut self.servers {
            let deleted: u64 = script
                .key(LOCK_KEY)
                .key(LOG_KEY)
                .arg(&self.value)
                .invoke(con)
                .unwrap_or(0);
            released += u16::from(deleted > 0);
        }
        released
    }
}

/// One line of a server's record, read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    Grant {
        value: String,
        token: u64,
        /// The server's time, in milliseconds since the Unix epoch.
        at_ms: u64,
        ttl_ms: u64,
    },
    Release {
        value: String,
        at_ms: u64,
    },
}

impl Record {
    /// Reads one line the scripts wrote; `None` for anything else.
    pub fn parse(line: &str) -> Option<Record> {
        let words: Vec<&str> = line.split(' ').collect();
        let ms = |secs: &str, micros: &str| -> Option<u64> {
            Some(secs.parse::<u64>().ok()? * 1_000 + micros.parse::<u64>().ok()? / 1_000)
        };
        match words.as_slice() {
            ["grant", value, token, secs, micros, ttl] => Some(Record::Grant {
                value: (*value).to_owned(),
                token: token.parse().ok()?,
                at_ms: ms(secs, micros)?,
                ttl_ms: ttl.parse().ok()?,
            }),
            ["release", value, secs, micros] => Some(Record::Release {
                value: (*value).to_owned(),
                at_ms: ms(secs, micros)?,
            }),
            _ => None,
        }
    }
}

/// Every record server `port` kept, in its order.
pub fn server_records(port: u16) -> Result<Vec<Record>, String> {
    let mut con = connect(port).map_err(|e| format!("lock server on port {port}: {e}"))?;
    let lines: Vec<String> = redis::cmd("LRANGE")
        .arg(LOG_KEY)
        .arg(0)
        .arg(-1)
        .query(&mut con)
        .map_err(|e| format!("lock server on port {port}: {e}"))?;
    Ok(lines.iter().filter_map(|l| Record::parse(l)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_s_record_reads_back() {
        assert_eq!(
            Record::parse("grant A-00ff 3 1764680000 123456 1000"),
            Some(Record::Grant {
                value: "A-00ff".to_owned(),
                token: 3,
                at_ms: 1_764_680_000_123,
                ttl_ms: 1_000
            })
        );
        assert_eq!(
            Record::parse("release B-01 1764680001 999"),
            Some(Record::Release {
                value: "B-01".to_owned(),
                at_ms: 1_764_680_001_000
            })
        );
        assert_eq!(Record::parse("grant A"), None);
    }

    #[test]
    fn each_acquisition_has_its_own_value_and_the_timeout_is_small_next_to_the_ttl() {
        let (a, b) = (fresh_value("A"), fresh_value("A"));
        assert_ne!(a, b);
        assert!(a.starts_with("A-") && a.len() == 2 + 40);
        assert_eq!(instance_timeout(1_000), Duration::from_millis(10));
        assert_eq!(instance_timeout(10_000), Duration::from_millis(50));
        assert_eq!(instance_timeout(100), Duration::from_millis(5));
    }
}
