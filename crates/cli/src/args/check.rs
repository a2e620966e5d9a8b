//! `dlock check`: the configuration to explore and the bound to explore
//! it within, each checked against its range.

use super::checked::{number, ranged, usage, Exit};
use clap::Args;
use dlock_core::explore::config::{PauseAt, Pausing};
use dlock_core::explore::{Bound, Config, LockKind, Reduction, ResourceKind, SearchedFault};
use dlock_core::params::bound::{
    CLIENTS, CLOCK_RATE, CLOCK_STEP, DRIFT_ALLOWANCE, HORIZON, MAX_ARRIVAL, MAX_A_ARRIVAL, MAX_DELAY,
    MAX_LOST, MAX_PAUSE, MAX_STATES, PARTITION, SERVERS, THREADS, TTL, WITHIN,
};
use dlock_core::params::RestartRemedy;

/// What `dlock check`'s exit status says, as model checkers say it: a
/// script can tell a violation from a search that could not finish.
pub const EXIT_STATUS: &str = "Exit status: 0 when every property holds within the bound; \
1 when a property fails (its counterexample is printed); 3 when none fails but one is unknown \
(the search stopped at --max-states before the bound was exhausted); 2 when the flags are not a check dlock can run.";

#[derive(Args, Debug)]
pub struct RawCheck {
    /// The lock: lease (the seed's, acquired at once) or redlock (messages take a tick, and may take more)
    #[arg(long, value_name = "KIND", default_value = "lease")]
    lock: String,
    /// Redlock's clients keep any majority, without checking the validity left
    #[arg(long)]
    no_validity_check: bool,
    /// The resource: plain, fencing (token < highest is stale), fencing-le (<=), cas (check-and-set on the holder's id) or register (fencing, each holder registering its token as it acquires)
    #[arg(long, value_name = "KIND", default_value = "plain")]
    resource: String,
    #[arg(long, value_name = "N", default_value = "5", allow_hyphen_values = true, help = ranged("Number of lock servers", SERVERS))]
    servers: String,
    #[arg(long, value_name = "T", default_value = "10", allow_hyphen_values = true, help = ranged("Lease length in ticks", TTL))]
    ttl: String,
    #[arg(long, value_name = "B", default_value = "12", allow_hyphen_values = true, help = ranged("B arrives at any tick from 0 to this", MAX_ARRIVAL))]
    max_arrival: String,
    #[arg(long, value_name = "A", default_value = "0", allow_hyphen_values = true, help = ranged("A first asks for the lock at any tick from 0 (the study's) to this; arriving late it may find B holding the lock, and retries as B does (not with --partition, whose A asks at once)", MAX_A_ARRIVAL))]
    max_a_arrival: String,
    #[arg(long, value_name = "P", default_value = "14", allow_hyphen_values = true, help = ranged("A (or with --pausing every, each client) is stopped for any length from 0 to this, after acquiring (and with redlock while its first replies travel, or with the validity check just after it)", MAX_PAUSE))]
    max_pause: String,
    #[arg(long, value_name = "D", default_value = "0", allow_hyphen_values = true, help = ranged("Each message may take up to this many ticks more than one (redlock only; each late message multiplies the states)", MAX_DELAY))]
    max_delay: String,
    #[arg(long, value_name = "H", default_value = "40", allow_hyphen_values = true, help = ranged("Clients stop retrying at this tick", HORIZON))]
    horizon: String,
    #[arg(long, value_name = "K", allow_hyphen_values = true, help = format!("{} (default: 20, or the horizon if that comes sooner)", ranged("Liveness: once a client asks, someone holds the lock within this many ticks", WITHIN)))]
    within: Option<String>,
    /// Where a client's one pause may fall: anywhere (after acquiring, while its replies travel, after its validity check), acquired (only once it holds the lock) or acquiring (only while its replies travel; redlock only)
    #[arg(long, value_name = "WHERE", default_value = "anywhere")]
    pause_at: String,
    #[arg(long, value_name = "N", default_value = "2", allow_hyphen_values = true, help = ranged("How many clients run: 2 (the study's A and B) or 3 (a third, C, running B's script and arriving at any tick B may)", CLIENTS))]
    clients: String,
    /// Which clients may pause, once each, up to --max-pause and where --pause-at allows: a (A alone, the study's script) or every (B too, with the same choice points; it multiplies the states by B's pauses)
    #[arg(long, value_name = "WHO", default_value = "a")]
    pausing: String,
    /// One server may restart at any tick before the horizon, or not: empty (comes back with nothing), persist (reads its state back) or delayed (refuses every request for one ttl)
    #[arg(long, value_name = "MODE")]
    restart: Option<String>,
    #[arg(long, value_name = "J", default_value = "0", allow_hyphen_values = true, help = ranged("One server's clock may step forward 1 to J ticks at any tick before the horizon, or not (0: never)", CLOCK_STEP))]
    clock_step: String,
    #[arg(long, value_name = "T", default_value = "0", allow_hyphen_values = true, help = ranged("A reaches one server alone for 0 to T ticks, retrying there, then a bare majority, while B reaches the other bare majority: the servers' counters drift apart (0: everyone reaches every server)", PARTITION))]
    partition: String,
    #[arg(long, value_name = "PCT", default_value = "100", allow_hyphen_values = true, help = ranged("One server's clock may run at this percent of real time, or every clock keeps true time (100: no such server)", CLOCK_RATE))]
    clock_rate: String,
    #[arg(long, value_name = "T", default_value = "0", allow_hyphen_values = true, help = drift_allowance_help())]
    drift_allowance: String,
    #[arg(long, value_name = "L", default_value = "0", allow_hyphen_values = true, help = ranged("Up to this many messages (requests, replies, releases) may be lost in a run, each anywhere (redlock only)", MAX_LOST))]
    max_lost: String,
    #[arg(long, value_name = "S", default_value = "2000000", allow_hyphen_values = true, help = ranged("Stop, incomplete, after this many distinct states", MAX_STATES))]
    max_states: String,
    /// Who searches: explorer (dlock's own, breadth first, shortest counterexamples) or stateright (its multi-threaded checker over the same model)
    #[arg(long, value_name = "ENGINE", default_value = "explorer")]
    engine: String,
    /// Which states count as one: all (servers renumbered, a past that is over, and the same state a tick later where nothing can tell, are the same state) or none (every state whole, to check the reductions against)
    #[arg(long, value_name = "WHICH", default_value = "all")]
    reduce: String,
    #[arg(long, value_name = "N", allow_hyphen_values = true, help = ranged("Threads for --engine stateright", THREADS))]
    threads: Option<String>,
    /// Print JSON instead of text
    #[arg(long, help_heading = "Output")]
    pub json: bool,
    /// Write each counterexample as an ITF trace (the JSON of Apalache and Quint), one file a property: FILE.PROPERTY.itf.json; dlock replay reads it back
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub trace: Option<String>,
}

/// `--drift-allowance`'s help, Redlock's rule read from where the model
/// keeps it.
fn drift_allowance_help() -> String {
    use dlock_core::params::{redlock_allowance, DRIFT_EXTRA_MS, DRIFT_PERCENT, TICK_MS};
    let ttl = Config::default().ttl;
    ranged(
        &format!(
            "Ticks every client subtracts from its lease's validity, in every schedule alike, a clock fault striking or \
             not (0: none, as in the study; Redlock's rule, {DRIFT_PERCENT}% of the ttl plus {DRIFT_EXTRA_MS} ms rounded \
             up to whole ticks of {TICK_MS} ms, is {} at ttl {ttl}); only a client that checks its validity reads it",
            dlock_core::words::count(redlock_allowance(ttl), "tick", "ticks")
        ),
        DRIFT_ALLOWANCE,
    )
}

/// Who runs the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Explorer,
    Stateright { threads: usize },
}

impl RawCheck {
    pub fn config(&self) -> Result<Config, Exit> {
        let lock = match self.lock.trim() {
            "lease" => LockKind::Lease,
            "redlock" => LockKind::Redlock,
            other => return Err(usage(format!("--lock '{other}' is not one of lease, redlock"))),
        };
        let resource = ResourceKind::from_code(self.resource.trim()).ok_or_else(|| {
            let codes: Vec<&str> = ResourceKind::ALL.iter().map(|r| r.code()).collect();
            usage(format!(
                "--resource '{}' is not one of {}",
                self.resource,
                codes.join(", ")
            ))
        })?;
        if self.no_validity_check && lock == LockKind::Lease {
            return Err(usage(
                "--no-validity-check applies to --lock redlock only (the lease lock computes no validity)"
                    .to_owned(),
            ));
        }
        Ok(Config {
            lock,
            validity_check: !self.no_validity_check,
            resource,
            servers: number("servers", &self.servers, &SERVERS)? as u16,
            ttl: number("ttl", &self.ttl, &TTL)?,
            drift_allowance: number("drift-allowance", &self.drift_allowance, &DRIFT_ALLOWANCE)?,
        })
    }

    pub fn engine(&self) -> Result<Engine, Exit> {
        let threads = self
            .threads
            .as_deref()
            .map(|t| number("threads", t, &THREADS))
            .transpose()?;
        match (self.engine.trim(), threads) {
            ("explorer", None) => Ok(Engine::Explorer),
            ("explorer", Some(_)) => Err(usage(
                "--threads applies to --engine stateright only (the explorer runs on one thread, as in the page)".to_owned(),
            )),
            ("stateright", threads) => Ok(Engine::Stateright {
                threads: threads.unwrap_or(1) as usize,
            }),
            (other, _) => Err(usage(format!("--engine '{other}' is not one of explorer, stateright"))),
        }
    }

    pub fn reduction(&self) -> Result<Reduction, Exit> {
        Reduction::from_code(self.reduce.trim())
            .ok_or_else(|| usage(format!("--reduce '{}' is not one of all, none", self.reduce)))
    }

    /// The bound, for `config`: a lost message needs a lock that sends
    /// messages.
    pub fn bound(&self, config: &Config) -> Result<Bound, Exit> {
        let bound = Bound {
            max_arrival: number("max-arrival", &self.max_arrival, &MAX_ARRIVAL)?,
            max_pause: number("max-pause", &self.max_pause, &MAX_PAUSE)?,
            max_delay: number("max-delay", &self.max_delay, &MAX_DELAY)?,
            horizon: number("horizon", &self.horizon, &HORIZON)?,
            within: 0,
            max_states: u64::from(number("max-states", &self.max_states, &MAX_STATES)?),
            fault: self.fault()?,
            max_lost: number("max-lost", &self.max_lost, &MAX_LOST)? as u8,
            pause_at: PauseAt::from_code(self.pause_at.trim()).ok_or_else(|| {
                usage(format!(
                    "--pause-at '{}' is not one of anywhere, acquired, acquiring",
                    self.pause_at
                ))
            })?,
            pausing: Pausing::from_code(self.pausing.trim())
                .ok_or_else(|| usage(format!("--pausing '{}' is not one of a, every", self.pausing)))?,
            clients: number("clients", &self.clients, &CLIENTS)? as u8,
            max_a_arrival: number("max-a-arrival", &self.max_a_arrival, &MAX_A_ARRIVAL)?,
        };
        let bound = Bound {
            within: match &self.within {
                Some(within) => number("within", within, &WITHIN)?,
                None => Bound::default_within(bound.horizon),
            },
            ..bound
        };
        refuse_what_cannot_be_meant(config, &bound)?;
        Ok(bound)
    }

    /// The one fault the flags ask for: each fault's flag, in `--help`'s
    /// order, read in its range; two of them are refused, naming both, as
    /// a run holds one fault.
    fn fault(&self) -> Result<SearchedFault, Exit> {
        let mut asked = Vec::new();
        if let Some(mode) = self.restart.as_deref().map(restart_mode).transpose()? {
            asked.push(("restart", SearchedFault::Restart(mode)));
        }
        // As many as core numbers, in its order: a fault added there and
        // not here does not compile.
        let texts: [&String; SearchedFault::NUMBERED.len()] =
            [&self.clock_step, &self.partition, &self.clock_rate];
        for (limit, text) in SearchedFault::NUMBERED.into_iter().zip(texts) {
            let flag = limit.name.replace('_', "-");
            if let Some(fault) = SearchedFault::numbered(limit, number(&flag, text, &limit)?) {
                asked.push((limit.name, fault));
            }
        }
        match asked[..] {
            [] => Ok(SearchedFault::None),
            [(_, fault)] => Ok(fault),
            [(first, _), (second, _), ..] => Err(usage(format!(
                "--{} and --{}: one fault at a time (a run holds one)",
                second.replace('_', "-"),
                first.replace('_', "-")
            ))),
        }
    }
}

/// Flags each within its range that together say what the model cannot:
/// refused in one line naming them.
fn refuse_what_cannot_be_meant(config: &Config, bound: &Bound) -> Result<(), Exit> {
    if bound.max_a_arrival > 0 && bound.fault.partition() > 0 {
        return Err(usage(
            "--max-a-arrival and --partition: under token drift A asks at once, and its partition decides when it holds the lock"
                .to_owned(),
        ));
    }
    if bound.pause_at == PauseAt::Acquiring && config.lock == LockKind::Lease {
        return Err(usage(
            "--pause-at acquiring applies to --lock redlock only (the lease lock acquires at once, with no replies to wait for)"
                .to_owned(),
        ));
    }
    if bound.max_delay > 0 && config.lock == LockKind::Lease {
        return Err(usage(
            "--max-delay applies to --lock redlock only (the lease lock acquires at once, sending no message to delay)"
                .to_owned(),
        ));
    }
    if bound.within > bound.horizon {
        return Err(usage(format!(
            "--within {} is longer than --horizon {} leaves room for: a client asking at t=0 could not be judged before its clients stop",
            bound.within, bound.horizon
        )));
    }
    if bound.fault.partition() > 0 && config.servers < 3 {
        return Err(usage(format!(
            "--partition needs --servers 3 or more (two bare majorities that share one server), not {}",
            config.servers
        )));
    }
    if bound.max_lost > 0 && config.lock == LockKind::Lease {
        return Err(usage(
            "--max-lost applies to --lock redlock only (the lease lock acquires at once, sending no message to lose)"
                .to_owned(),
        ));
    }
    Ok(())
}

/// `--restart`'s modes, as the page's links name them.
fn restart_mode(text: &str) -> Result<RestartRemedy, Exit> {
    RestartRemedy::from_code(text.trim()).ok_or_else(|| {
        let codes: Vec<&str> = RestartRemedy::ALL.iter().map(|r| r.code()).collect();
        usage(format!("--restart '{text}' is not one of {}", codes.join(", ")))
    })
}

#[cfg(test)]
mod tests {
    //! The page prints `dlock_core::command::check_command` under each
    //! counterexample; the CLI must read it back to the same search.
    use super::super::{parse, Command};
    use super::*;
    use dlock_core::command::check_command;
    use proptest::prelude::*;
    use std::ffi::OsString;

    fn within(limit: dlock_core::params::Limit) -> std::ops::RangeInclusive<u32> {
        limit.min..=limit.max
    }

    fn any_config() -> impl Strategy<Value = Config> {
        (
            0..3usize,
            0..5usize,
            within(SERVERS),
            within(TTL),
            within(DRIFT_ALLOWANCE),
        )
            .prop_map(|(lock, resource, servers, ttl, drift_allowance)| {
                let (lock, validity_check) = [
                    (LockKind::Lease, true),
                    (LockKind::Redlock, true),
                    (LockKind::Redlock, false),
                ][lock];
                Config {
                    lock,
                    validity_check,
                    resource: ResourceKind::ALL[resource],
                    servers: servers as u16,
                    ttl,
                    drift_allowance,
                }
            })
    }

    fn any_bound() -> impl Strategy<Value = Bound> {
        (
            (within(MAX_ARRIVAL), within(MAX_PAUSE), within(MAX_DELAY)),
            (within(HORIZON), within(WITHIN), within(MAX_STATES)),
            (0..5usize, 0..=20u32, within(MAX_LOST)),
            (within(CLOCK_RATE), 0..3usize),
            (0..2usize, within(CLIENTS), within(MAX_A_ARRIVAL)),
        )
            .prop_map(
                |(
                    (max_arrival, max_pause, max_delay),
                    (horizon, within, max_states),
                    (fault, ticks, max_lost),
                    (clock_rate, pause_at),
                    (pausing, clients, max_a_arrival),
                )| Bound {
                    max_arrival,
                    max_pause,
                    max_delay,
                    horizon,
                    within,
                    max_states: u64::from(max_states),
                    fault: match fault {
                        0 => SearchedFault::None,
                        1 => SearchedFault::Restart(RestartRemedy::ALL[ticks as usize % 3]),
                        2 => SearchedFault::numbered(CLOCK_STEP, ticks).unwrap_or_default(),
                        3 => SearchedFault::numbered(PARTITION, ticks).unwrap_or_default(),
                        _ => SearchedFault::numbered(CLOCK_RATE, clock_rate).unwrap_or_default(),
                    },
                    max_lost: max_lost as u8,
                    pause_at: PauseAt::ALL[pause_at],
                    pausing: Pausing::ALL[pausing],
                    clients: clients as u8,
                    // The CLI refuses a late A beside a partition.
                    max_a_arrival: if fault == 3 { 0 } else { max_a_arrival },
                },
            )
    }

    proptest! {
        #[test]
        fn the_check_command_the_page_shows_gives_back_its_search(config in any_config(), bound in any_bound()) {
            // Nothing is lost where nothing is sent: the CLI refuses the pair.
            // A window no run leaves room for, and token drift on fewer
            // than three servers, are refused too.
            let bound = Bound {
                within: bound.within.min(bound.horizon),
                fault: if config.servers < 3 && bound.fault.partition() > 0 {
                    SearchedFault::None
                } else {
                    bound.fault
                },
                ..bound
            };
            let bound = match config.lock {
                LockKind::Lease => Bound {
                    max_lost: 0,
                    max_delay: 0,
                    pause_at: if bound.pause_at == PauseAt::Acquiring { PauseAt::Acquired } else { bound.pause_at },
                    ..bound
                },
                LockKind::Redlock => bound,
            };
            let line = check_command(&config, &bound);
            match parse(line.split(' ').map(OsString::from)) {
                Ok(Command::Check(args)) => {
                    prop_assert_eq!(args.config, config, "{}", line);
                    prop_assert_eq!(args.bound, bound, "{}", line);
                }
                Ok(_) => prop_assert!(false, "{}: not a check", line),
                Err(e) => prop_assert!(false, "{}: {}", line, e.message),
            }
        }
    }

    #[test]
    fn the_default_search_needs_no_flags() {
        assert_eq!(
            check_command(&Config::default(), &Bound::default()),
            "dlock check"
        );
    }
}
