//! The staircase as a closed form (commentary §6.5), restated for this
//! model's tie rule, and a check of it against the simulation.
//!
//! A writes at `W = pause_from + pause_len`. B gets the lock at
//! `acq = max(b_arrives, min(ttl, W + 1))` — when A's lease expires or A
//! releases one tick after writing, but not before B arrives — and writes
//! two ticks later. On a shared tick A's pre-scheduled write runs first, so:
//!
//! * `acq + 2 < W`: B's write lands first and A's stale write lands on top —
//!   corrupt (or rejected, with fencing);
//! * `acq + 2 = W`: A's write lands first, then B's, computed from a read
//!   taken before A's write — a lost update that carries the higher token,
//!   so fencing cannot see it;
//! * otherwise: clean.
//!
//! With fencing, any `acq < W <= acq + 2` lands after B's grant but before
//! the resource has seen B's token, so fencing accepts it. At `W = acq + 1`
//! B reads after it and builds on it: no harm, clean. At `W = acq + 2` B's
//! write, computed from the earlier read, erases it: a stale write accepted.
//! If B registers its token on acquiring, those cells are rejected instead.

use crate::audit::Outcome;
use crate::params::{Fault, Params, WRITE_AFTER_ACQUIRE};
use crate::sweep::Grid;
use crate::types::Tick;

/// The tick at which B acquires in the basic scenario.
pub fn b_acquires(p: &Params) -> Tick {
    p.b_arrives.max(p.ttl.min(p.a_releases_at()))
}

/// The tick at which B writes in the basic scenario.
pub fn b_writes(p: &Params) -> Tick {
    b_acquires(p) + WRITE_AFTER_ACQUIRE
}

/// The outcome the closed form predicts, or `None` for variants it does not
/// cover (no expiry, a crash, a re-check, a double write, an acquire that
/// takes time: rounds of requests and retries have no formula here).
pub fn predicted(p: &Params) -> Option<Outcome> {
    if !p.expiry
        || p.a_crashes
        || p.recheck_at.is_some()
        || p.b_writes_twice
        || p.fault != Fault::None
        || p.acquiring.takes_time()
    {
        return None;
    }
    let acq = b_acquires(p);
    let b_writes = b_writes(p);
    let w = p.write_tick();
    // Check-and-set refuses a stale writer as soon as the new holder has
    // registered, which it does as it acquires: fencing with the token
    // registered first, in effect.
    if p.guarded() && acq < w && w <= b_writes {
        return Some(if p.register_token || p.cas {
            Outcome::StaleRejected
        } else if w == b_writes {
            Outcome::StaleAccepted
        } else {
            Outcome::Clean
        });
    }
    Some(if b_writes < w {
        if p.guarded() {
            Outcome::StaleRejected
        } else {
            Outcome::Corrupt
        }
    } else if b_writes == w {
        Outcome::LostUpdate
    } else {
        Outcome::Clean
    })
}

/// How many ticks after B's acquire A's write must land to be caught as
/// stale. Plain or fenced, A is caught only once B has written
/// (`WRITE_AFTER_ACQUIRE`): before that the resource has not seen B.
/// With B's token or id registered as it acquires, any write after that
/// acquire is refused: the staircase moves that many columns left.
pub fn stale_margin(p: &Params) -> Tick {
    if p.guarded() && (p.register_token || p.cas) {
        0
    } else {
        WRITE_AFTER_ACQUIRE
    }
}

/// The shortest pause whose write is stale for a given ttl — corrupt
/// unguarded, refused guarded: every pause at least this long is, one tick
/// shorter is not (the lost-update tie, or a write that lands before B
/// registered). This is the staircase's edge.
pub fn shortest_stale_pause(p: &Params, ttl: Tick) -> Tick {
    // Stale once A writes after B is seen: W > acquire + margin.
    (p.b_arrives.max(ttl) + stale_margin(p) + 1).saturating_sub(p.pause_from)
}

/// How many cells of a simulated grid the closed form gets right, and of how
/// many it covers.
pub fn agreement(grid: &Grid) -> (u32, u32) {
    let mut agree = 0;
    let mut total = 0;
    for (params, cell) in grid.iter() {
        if let Some(p) = predicted(&params) {
            total += 1;
            agree += u32::from(p == cell.outcome);
        }
    }
    (agree, total)
}
