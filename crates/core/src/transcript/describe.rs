//! The parameters of a run in one line of words, as the transcript's
//! heading and an embedded figure's caption say them.

use crate::params::{faulty_servers, Fault, Params, Reach};
use crate::types::Tick;
use crate::words;
use std::fmt::Write;

/// The parameters in one line.
pub fn describe(p: &Params) -> String {
    // When acquiring takes time, or A asks late, A's script runs from
    // when it holds the lock, so its ticks are counted from there.
    let (from, write) = (p.effective_pause_from(), p.write_tick());
    let script_waits = p.acquiring.takes_time() || p.a_arrives > 0;
    let pause = match (script_waits, write > from) {
        (false, true) => format!("A paused [{from}, {write})"),
        (false, false) => format!("A writes at {write} without pausing"),
        // Counted from when A holds the lock, which the reader does not
        // know yet: a length and an offset, not an interval that reads
        // like ticks of the run.
        (true, true) => format!(
            "A stopped {}, from {from} ticks after it holds the lock",
            words::count(write - from, "tick", "ticks")
        ),
        (true, false) => format!("A writes {write} ticks after it holds the lock, without pausing"),
    };
    describe_around(p, &format!("ttl {}, {pause}", p.ttl), "")
}

/// What a grid over `p` holds fixed. Its ttl and pause length are the
/// grid's axes, so they are not stated as single values; a cell whose
/// write comes before the re-check checks at its write
/// ([`crate::sweep::cell_params`]).
pub fn describe_grid(p: &Params) -> String {
    describe_around(
        p,
        &format!(
            "every ttl and pause length below, A's pause from t={}",
            p.pause_from
        ),
        " (or at A's write, if that comes first)",
    )
}

/// The settings line with `timing` (ttl and pause) in the middle, and
/// `recheck_note` after the re-check's tick.
fn describe_around(p: &Params, timing: &str, recheck_note: &str) -> String {
    let mut s = format!(
        "{} (quorum {}), {timing}, B arrives at {}, fencing {}",
        words::count(p.servers, "server", "servers"),
        p.quorum(),
        p.b_arrives,
        if p.fencing {
            format!("on (stale is token {} max)", p.comparison.operator())
        } else {
            "off".to_owned()
        },
    );
    if p.a_arrives > 0 {
        let _ = write!(s, ", A arrives at {}", p.a_arrives);
    }
    if let Some(c) = p.third {
        let _ = write!(s, ", C arrives at {c} (running B's script)");
    }
    if !p.expiry {
        s.push_str(", leases never expire");
    }
    if p.a_crashes {
        s.push_str(", A crashes");
    }
    if let Some(c) = p.recheck_at {
        let _ = write!(s, ", A re-checks at {c}{recheck_note}");
    }
    if p.b_writes_twice {
        s.push_str(", B writes twice");
    }
    if p.register_token {
        s.push_str(", B registers its token first");
    }
    if p.cas {
        s.push_str(", check-and-set at the resource (each holder registers its lock id)");
    }
    if let Some(fault) = describe_fault(p) {
        let _ = write!(s, ", {fault}");
    }
    if let Some(acquiring) = describe_acquiring(p) {
        let _ = write!(s, ", {acquiring}");
    }
    s
}

/// How acquiring takes time, in words, or `None` for the study's
/// instantaneous acquire.
pub fn describe_acquiring(p: &Params) -> Option<String> {
    let a = p.acquiring;
    if !a.takes_time() {
        return None;
    }
    let mut s = format!(
        "each request and reply takes {}",
        words::count(a.latency, "tick", "ticks")
    );
    if a.a_pause > 0 {
        let _ = write!(
            s,
            ", A stops for {} while its first replies are in flight",
            words::count(a.a_pause, "tick", "ticks")
        );
    }
    s.push_str(if a.validity_check {
        ", clients check the validity left when a majority has answered"
    } else {
        ", no validity check"
    });
    Some(s)
}

/// The fault switched on, in words, or `None` for the study's own world.
pub fn describe_fault(p: &Params) -> Option<String> {
    let q = p.quorum();
    let n = p.servers;
    Some(match p.fault {
        Fault::None => return None,
        Fault::TokenDrift { partition, ordered } => format!(
            "A reaches only server 1 until t={partition}, then {}; B reaches {}; tokens from {}",
            words::servers(1, q),
            words::servers(n - q + 1, n),
            if ordered {
                "one ordered counter"
            } else {
                "each server's own counter"
            }
        ),
        Fault::Restart {
            servers,
            at,
            remedy,
            reach,
        } => {
            let struck = faulty_servers(n, servers);
            let what = match struck.len() {
                0 => "no server crashes".to_owned(),
                1 => format!(
                    "{} crashes and restarts at t={at} ({})",
                    words::server_set(&struck),
                    remedy.label()
                ),
                _ => format!(
                    "{} crash and restart at t={at} ({})",
                    words::server_set(&struck),
                    remedy.label()
                ),
            };
            format!("{}; {what}", describe_reach(reach, n, q))
        }
        Fault::ClockDrift {
            fast,
            rate_pct,
            allowance,
            reach,
        } => {
            let struck = faulty_servers(n, fast);
            let clocks = match struck.len() {
                0 => "every server's clock keeps time".to_owned(),
                count => format!(
                    "{} {} running at {rate_pct}% (there a {}-tick lease lasts {})",
                    words::server_set(&struck),
                    if count == 1 { "has a clock" } else { "have clocks" },
                    p.ttl,
                    words::real_length(p.ttl, rate_pct)
                ),
            };
            format!(
                "{}; {clocks}; each client subtracts a drift allowance of {}",
                describe_reach(reach, n, q),
                words::count(allowance, "tick", "ticks")
            )
        }
        Fault::SlowNetwork { delay } => format!(
            "A's write spends {} on the network",
            words::count(delay, "tick", "ticks")
        ),
        Fault::ClockJump {
            servers,
            at,
            jump,
            reach,
        } => describe_jump(p, (servers, at, jump), reach),
    })
}

/// A clock that steps, in words.
fn describe_jump(p: &Params, (servers, at, jump): (u16, Tick, Tick), reach: Reach) -> String {
    let (n, q) = (p.servers, p.quorum());
    let struck = faulty_servers(n, servers);
    let what = match struck.len() {
        0 => "no server's clock steps".to_owned(),
        1 => format!(
            "the clock of {} steps forward {} at t={at}",
            words::server_set(&struck),
            words::count(jump, "tick", "ticks")
        ),
        _ => format!(
            "the clocks of {} step forward {} at t={at}",
            words::server_set(&struck),
            words::count(jump, "tick", "ticks")
        ),
    };
    format!(
        "{}; {what}; each client subtracts a drift allowance of {}",
        describe_reach(reach, n, q),
        words::count(p.drift_allowance(), "tick", "ticks")
    )
}

/// Which servers each client reaches, in words.
fn describe_reach(reach: Reach, n: u16, q: u16) -> String {
    match reach {
        Reach::All => "both clients reach every server".to_owned(),
        Reach::BareMajorities => format!(
            "A reaches {}, B reaches {}",
            words::servers(1, q),
            words::servers(n - q + 1, n)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Acquiring;
    use crate::simulate;

    /// Acquiring over a network, A's script counts from when it holds the
    /// lock: the heading gives the stop as a length and an offset, and the
    /// stop the transcript prints lasts that length from that offset, not
    /// over an interval that reads like the run's own ticks.
    #[test]
    fn a_stop_counted_from_the_grant_reads_as_a_length_the_run_keeps() {
        let p = Params {
            pause_len: 14,
            acquiring: Acquiring {
                latency: 1,
                a_pause: 0,
                validity_check: true,
            },
            ..Params::default()
        };
        let line = describe(&p);
        let (from, length) = (
            p.effective_pause_from(),
            p.write_tick() - p.effective_pause_from(),
        );
        assert!(
            line.contains(&format!(
                "A stopped {length} ticks, from {from} ticks after it holds the lock"
            )),
            "{line}"
        );
        assert!(!line.contains('['), "{line}");
        let run = simulate(&p);
        let text = crate::transcript::run_text(&run);
        let granted = p.a_acquires_at() + 2 * p.acquiring.latency;
        assert!(
            text.contains(&format!("stopped until t={}", granted + from + length)),
            "{text}"
        );
    }
}
