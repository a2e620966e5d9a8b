//! The 2016 debate, claim by claim: what Kleppmann claims, what antirez
//! claims, and what both say; the run of the model that tests each claim;
//! and what that run shows, read from the run, never typed. A claim the
//! model cannot test (it is about deployments, or about what a lock is
//! for) says so.

use crate::beyond::{Failed, Scenario};
use crate::params::{Acquiring, Params};
use crate::run::Run;
use crate::scenario::simulate;
use crate::types::Client;
use crate::words;

/// Who makes a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Kleppmann,
    Antirez,
    Both,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Kleppmann => "Kleppmann",
            Side::Antirez => "antirez",
            Side::Both => "both",
        }
    }
}

/// The article a claim is made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Source {
    pub title: &'static str,
    /// The few words a table's narrow column shows, the title on hover.
    pub short: &'static str,
    pub url: &'static str,
}

pub const KLEPPMANN: Source = Source {
    title: "Kleppmann, How to do distributed locking (2016)",
    short: "Kleppmann 2016",
    url: "https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html",
};
pub const ANTIREZ: Source = Source {
    title: "Sanfilippo, Is Redlock safe? (2016)",
    short: "antirez 2016",
    url: "http://antirez.com/news/101",
};
pub const REDIS_IO: Source = Source {
    title: "Distributed Locks with Redis (redis.io)",
    short: "redis.io",
    url: "https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/",
};

/// What the model makes of a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    Supports,
    Refutes,
    CannotDecide,
}

impl Finding {
    pub fn label(self) -> &'static str {
        match self {
            Finding::Supports => "the model supports it",
            Finding::Refutes => "the model refutes it",
            Finding::CannotDecide => "the model cannot decide it",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Finding::Supports => "supports",
            Finding::Refutes => "refutes",
            Finding::CannotDecide => "undecided",
        }
    }
}

/// Where the claim's run can be opened: the main timeline with these
/// parameters, or a scenario's figure with these knob values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opens {
    Run(Params),
    Scenario(Scenario, Vec<u32>),
}

impl Opens {
    pub fn params(&self) -> Params {
        match self {
            Opens::Run(p) => *p,
            Opens::Scenario(s, values) => s.params(values),
        }
    }
}

/// One claim, tested.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// Its anchor on the page.
    pub code: &'static str,
    pub side: Side,
    /// The claim in neutral words.
    pub claim: &'static str,
    pub sources: Vec<Source>,
    pub opens: Option<Opens>,
    pub finding: Finding,
    /// What the simulation shows, computed from the runs.
    pub shows: String,
}

/// A claim as a file carries it: every field in words, and the parameters
/// of the run that tests it (`null` for a claim no run can test).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ClaimReport {
    pub code: &'static str,
    pub side: &'static str,
    pub claim: &'static str,
    pub shows: String,
    pub finding: &'static str,
    pub sources: Vec<Source>,
    pub run: Option<Params>,
}

impl Claim {
    pub fn report(&self) -> ClaimReport {
        ClaimReport {
            code: self.code,
            side: self.side.name(),
            claim: self.claim,
            shows: self.shows.clone(),
            finding: self.finding.code(),
            sources: self.sources.clone(),
            run: self.opens.as_ref().map(Opens::params),
        }
    }
}

/// The table as plain text, a claim to a paragraph, lines no wider than
/// `width` characters: for a text file or a picture of the table.
pub fn table_lines(claims: &[Claim], width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in claims.iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        let sources: Vec<&str> = c.sources.iter().map(|s| s.title).collect();
        for (label, text) in [
            (format!("{}. {}:", i + 1, c.side.name()), c.claim.to_owned()),
            ("Shows:".to_owned(), c.shows.clone()),
            ("Verdict:".to_owned(), c.finding.label().to_owned()),
            ("Source:".to_owned(), sources.join("; ")),
        ] {
            out.extend(words::wrap(&format!("{label} {text}"), width));
        }
    }
    out.push(String::new());
    out.extend(words::wrap(&remedies_sentence(&remedies()), width));
    out
}

/// The study's run, acquiring over a network: one tick a message.
fn networked(a_pause: u32, validity_check: bool) -> Params {
    Params {
        acquiring: Acquiring {
            latency: 1,
            a_pause,
            validity_check,
        },
        ..Params::default()
    }
}

fn final_words(run: &Run) -> String {
    format!(
        "the resource ends with {} ({})",
        run.final_value,
        run.audit().outcome.label()
    )
}

/// A's write, if it made one: when, and whether it was accepted.
fn a_write(run: &Run) -> Option<(u32, bool)> {
    run.writes
        .iter()
        .find(|w| w.client == Client::A)
        .map(|w| (w.t, w.accepted))
}

fn pause_defeats_any_lease() -> Claim {
    let study = simulate(&Params::default());
    // The claim's strong form, "no check made before the pause", is this
    // run's: the link opens it, so the numbers the row gives are there.
    let checked_params = Params {
        recheck_at: Some(2),
        ..networked(0, true)
    };
    let checked = simulate(&checked_params);
    let late = checked.audit().late_writes.first().copied();
    let corrupt = study.audit().outcome == crate::Outcome::Corrupt && late.is_some();
    let shows = match (a_write(&study), study.a_lease_end(), late) {
        (Some((t, _)), Some(end), Some(l)) => format!(
            "A Redlock client that checks its validity at t={} and is stopped right after writes at t={} all the same (the run this opens). In the study's run A writes at t={t}, {} after its lease ended, and {}.",
            l.checked_at.unwrap_or(l.t),
            l.t,
            words::count(t - end, "tick", "ticks"),
            final_words(&study),
        ),
        _ => format!("In the study's run {}.", final_words(&study)),
    };
    Claim {
        code: "claim-pause",
        side: Side::Kleppmann,
        claim: "A client stopped for longer than its lease writes after the lease has expired, and no check of the lease made before the pause can prevent it.",
        sources: vec![KLEPPMANN],
        opens: Some(Opens::Run(if late.is_some() { checked_params } else { Params::default() })),
        finding: if corrupt { Finding::Supports } else { Finding::Refutes },
        shows,
    }
}

fn fencing_saves() -> Claim {
    let p = Params {
        fencing: true,
        ..Params::default()
    };
    let run = simulate(&p);
    let refused = a_write(&run).is_some_and(|(_, accepted)| !accepted);
    Claim {
        code: "claim-fencing",
        side: Side::Kleppmann,
        claim: "If the storage refuses writes carrying a token lower than one it has seen, and the lock issues strictly increasing tokens, the stale write is refused.",
        sources: vec![KLEPPMANN],
        opens: Some(Opens::Run(p)),
        finding: if refused { Finding::Supports } else { Finding::Refutes },
        shows: format!(
            "With fencing the same run {}: A's write with token {} is refused.",
            if refused { "is saved" } else { "is not saved" },
            run.a_token.unwrap_or(0)
        ),
    }
}

fn no_monotonic_token() -> Claim {
    let s = Scenario::TokenDrift;
    let run = s.run(&s.defaults());
    let found = run.audit();
    let shows = match found.token_reversals.first() {
        Some(r) => format!(
            "With majorities that overlap unevenly, {}'s lease (t={}) gets token {}, below {}'s {} from t={}.",
            r.later, r.later_t, r.later_token, r.earlier, r.earlier_token, r.earlier_t
        ),
        None => "Here the highest counter of each majority kept growing.".to_owned(),
    };
    Claim {
        code: "claim-token",
        side: Side::Kleppmann,
        claim: "Redlock issues no fencing token, and the highest of a majority's independent counters is not one: it can go backwards.",
        sources: vec![KLEPPMANN],
        opens: Some(Opens::Scenario(s, s.defaults())),
        finding: if found.token_reversals.is_empty() {
            Finding::Refutes
        } else {
            Finding::Supports
        },
        shows,
    }
}

fn clock_jump_breaks() -> Claim {
    let s = Scenario::ClockJump;
    let run = s.run(&s.defaults());
    let found = run.audit();
    let shows = match found.overlapping_holds.first() {
        Some(o) => format!(
            "After one server's clock steps forward, {} is entitled to the lock over [{}, {}) and {} over [{}, {}).",
            o.first.client, o.first.start, o.first.end, o.second.client, o.second.start, o.second.end
        ),
        None => "No two clients held the lock at once.".to_owned(),
    };
    Claim {
        code: "claim-clock",
        side: Side::Kleppmann,
        claim: "If the clock of one server jumps forward, two clients can both hold a Redlock lock, the two majorities sharing that server.",
        sources: vec![KLEPPMANN],
        opens: Some(Opens::Scenario(s, s.defaults())),
        finding: if found.overlapping_holds.is_empty() {
            Finding::Refutes
        } else {
            Finding::Supports
        },
        shows,
    }
}

/// Kleppmann's second example, and antirez's reply to it: the same run,
/// judged from the two sides.
fn pause_while_acquiring() -> (Claim, Claim) {
    let p = Params {
        pause_len: 0,
        ..networked(13, true)
    };
    let checked = simulate(&p);
    let unchecked = simulate(&Params {
        acquiring: Acquiring {
            validity_check: false,
            ..p.acquiring
        },
        ..p
    });
    let caught = checked.audit().overlapping_holds.is_empty() && checked.audit().late_writes.is_empty();
    let retried = checked
        .entries
        .iter()
        .find(|e| e.client == Client::A && matches!(e.what, crate::trace::What::TooLate { .. }))
        .map(|e| e.t);
    let broke = unchecked.audit().late_writes.iter().any(|w| w.broke_contract());
    let shows = format!(
        "A is stopped while its replies are in flight. {} Without the check, {}",
        match retried {
            Some(t) => format!(
                "Redlock's check, reading them at t={t}, finds its validity gone: it releases everywhere and tries again; {}.",
                final_words(&checked)
            ),
            None => format!("With the check, {}.", final_words(&checked)),
        },
        if broke {
            format!("A writes past its validity and {}.", final_words(&unchecked))
        } else {
            format!("{}.", final_words(&unchecked))
        }
    );
    let opens = Some(Opens::Run(p));
    (
        Claim {
            code: "claim-acquire-pause",
            side: Side::Kleppmann,
            claim: "A Redlock client stopped while the replies to its acquire are in flight can believe it holds the lock when the leases have already expired.",
            sources: vec![KLEPPMANN],
            opens: opens.clone(),
            finding: if caught { Finding::Refutes } else { Finding::Supports },
            shows: shows.clone(),
        },
        Claim {
            code: "claim-validity",
            side: Side::Antirez,
            claim: "Redlock's client measures how long acquiring took and keeps the lock only with validity left, which catches a pause during acquisition.",
            sources: vec![ANTIREZ, REDIS_IO],
            opens,
            finding: if caught { Finding::Supports } else { Finding::Refutes },
            shows,
        },
    )
}

fn every_lease_lock() -> Claim {
    let one = simulate(&Params {
        servers: 1,
        ..Params::default()
    });
    let five = simulate(&Params::default());
    let both =
        one.audit().outcome == crate::Outcome::Corrupt && five.audit().outcome == crate::Outcome::Corrupt;
    Claim {
        code: "claim-any-lock",
        side: Side::Antirez,
        claim: "A pause after the client has checked its lock affects every lock that releases itself after a time, not Redlock alone.",
        sources: vec![ANTIREZ],
        opens: Some(Opens::Run(Params {
            servers: 1,
            ..Params::default()
        })),
        finding: if both { Finding::Supports } else { Finding::Refutes },
        shows: format!(
            "The study's run with one lock server: {}; with five: {}. Nothing in it depends on the servers being Redis.",
            final_words(&one),
            final_words(&five)
        ),
    }
}

fn check_and_set() -> Claim {
    let cas = simulate(&Params {
        cas: true,
        ..Params::default()
    });
    let same_tick = |p: Params| simulate(&Params { pause_len: 12, ..p });
    let fenced_edge = same_tick(Params {
        fencing: true,
        ..Params::default()
    });
    let cas_edge = same_tick(Params {
        cas: true,
        ..Params::default()
    });
    let refused = a_write(&cas).is_some_and(|(_, accepted)| !accepted);
    let edge = |run: &Run| {
        if a_write(run).is_some_and(|(_, accepted)| accepted) {
            "accepts it"
        } else {
            "refuses it"
        }
    };
    Claim {
        code: "claim-cas",
        side: Side::Antirez,
        claim: "The lock's unique random value is enough: a resource that checks it before applying a write (check-and-set) needs no ordered token.",
        sources: vec![ANTIREZ],
        opens: Some(Opens::Run(Params {
            cas: true,
            ..Params::default()
        })),
        finding: if refused { Finding::Supports } else { Finding::Refutes },
        shows: format!(
            "With check-and-set (each holder registers its id as it acquires) A's stale write is {}. Where A's write lands in the tick of B's first write, fencing {} and check-and-set {}.",
            if refused { "refused" } else { "applied" },
            edge(&fenced_edge),
            edge(&cas_edge)
        ),
    }
}

fn bounded_clocks() -> Claim {
    let s = Scenario::ClockJump;
    let small = s.run(&s.with("jump", 1)).audit();
    let large = s.run(&s.defaults()).audit();
    let jump = s.defaults()[1];
    Claim {
        code: "claim-clocks",
        side: Side::Antirez,
        claim: "Clocks can be trusted to a bounded error in practice: measure expiry with a monotonic clock, and never step a server's clock.",
        sources: vec![ANTIREZ],
        opens: Some(Opens::Scenario(s, s.with("jump", 1))),
        finding: Finding::CannotDecide,
        shows: format!(
            "How real clocks behave is outside the model; it shows only both branches: a step of 1 tick {}, a step of {jump} {}.",
            if small.overlapping_holds.is_empty() { "is absorbed by the drift allowance" } else { "already breaks the lock" },
            if large.overlapping_holds.is_empty() { "is absorbed too" } else { "breaks the lock" },
        ),
    }
}

fn delayed_restart() -> Claim {
    let s = Scenario::Restart;
    let empty = s.run(&s.defaults());
    let delayed = s.run(&s.with("restart_remedy", 2));
    let verdict = |run: &Run| crate::beyond::verdict(run).failed;
    let holds = |run: &Run| !run.audit().overlapping_holds.is_empty();
    let supports = holds(&empty) && !holds(&delayed);
    Claim {
        code: "claim-restart",
        side: Side::Both,
        claim: "A server that restarts without its data can grant a lease that is still held; keeping it silent for one ttl after the restart prevents that (Kleppmann adds: only if its clock does not jump).",
        sources: vec![REDIS_IO, KLEPPMANN],
        opens: Some(Opens::Scenario(s, s.with("restart_remedy", 2))),
        finding: if supports { Finding::Supports } else { Finding::Refutes },
        shows: format!(
            "Restarting empty, {} two clients are entitled at once; after a delayed restart {}. The model's silence is timed by a perfect clock, so Kleppmann's caveat is not tested here.",
            if verdict(&empty) == Failed::Lock { "the lock fails:" } else { "the lock holds, yet" },
            if holds(&delayed) { "two still are" } else { "no two are" }
        ),
    }
}

fn efficiency_or_correctness() -> Claim {
    Claim {
        code: "claim-purpose",
        side: Side::Both,
        claim: "What a lock needs depends on what it is for: saving duplicated work (efficiency), or keeping data right (correctness).",
        sources: vec![KLEPPMANN, ANTIREZ],
        opens: None,
        finding: Finding::CannotDecide,
        shows: "Runs show what happens to the data, not what a lock is for: the model measures damage, and leaves the purpose to the reader.".to_owned(),
    }
}

/// How the two remedies fare on the page's default staircase
/// ([`crate::sweep::default_staircase`]), each cell counted by outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remedies {
    pub cells: u32,
    /// Stale writes let through (and then erased), and refused.
    pub fencing: (u32, u32),
    pub check_and_set: (u32, u32),
}

/// Both remedies over the default staircase.
pub fn remedies() -> Remedies {
    let (ttls, pauses) = crate::sweep::default_staircase();
    let count = |p: Params| {
        let grid = crate::sweep::grid(&p, &ttls, &pauses);
        let counts = grid.counts();
        let of = |o| counts.get(&o).copied().unwrap_or(0);
        (
            of(crate::Outcome::StaleAccepted),
            of(crate::Outcome::StaleRejected),
        )
    };
    Remedies {
        cells: (ttls.len() * pauses.len()) as u32,
        fencing: count(Params {
            fencing: true,
            ..Params::default()
        }),
        check_and_set: count(Params {
            cas: true,
            ..Params::default()
        }),
    }
}

/// What the staircase says of the two remedies, in one sentence.
pub fn remedies_sentence(r: &Remedies) -> String {
    let accepted = |n: u32| words::count(n, "stale write", "stale writes");
    format!(
        "On {}, fencing refuses {} and lets {} through; check-and-set refuses {} and lets {} through.",
        crate::sweep::default_staircase_words(),
        accepted(r.fencing.1),
        accepted(r.fencing.0),
        accepted(r.check_and_set.1),
        accepted(r.check_and_set.0)
    )
}

/// Every claim, Kleppmann's first, then antirez's, then the shared ones.
pub fn claims() -> Vec<Claim> {
    let (acquire_pause, validity) = pause_while_acquiring();
    vec![
        pause_defeats_any_lease(),
        fencing_saves(),
        no_monotonic_token(),
        clock_jump_breaks(),
        acquire_pause,
        validity,
        every_lease_lock(),
        check_and_set(),
        bounded_clocks(),
        delayed_restart(),
        efficiency_or_correctness(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_as_text_and_as_a_file_carries_every_claim() {
        let all = claims();
        let lines = table_lines(&all, 90);
        assert!(lines.iter().all(|l| l.chars().count() <= 90 || !l.contains(' ')));
        for c in &all {
            let text = lines.join(" ");
            assert!(
                text.contains(&c.shows.split_whitespace().collect::<Vec<_>>().join(" ")),
                "{}",
                c.code
            );
            let report = c.report();
            assert_eq!(report.run, c.opens.as_ref().map(Opens::params));
            assert_eq!(report.finding, c.finding.code());
        }
        assert!(lines.join(" ").contains("check-and-set refuses"));
    }

    /// One staircase, one count: the remedies' sentence counts the cells
    /// of the staircase the page opens with, and names it as every other
    /// sentence about "the default staircase" does.
    #[test]
    fn the_remedies_count_the_one_default_staircase() {
        let r = remedies();
        let (ttls, pauses) = crate::sweep::default_staircase();
        assert_eq!(r.cells as usize, ttls.len() * pauses.len());
        let sentence = remedies_sentence(&r);
        let named = format!("On {},", crate::sweep::default_staircase_words());
        assert!(sentence.starts_with(&named), "{sentence}");
        assert!(named.contains(&format!("{} cells", r.cells)), "{named}");
        // Check-and-set lets no stale write through; fencing lets some.
        assert_eq!(r.check_and_set.0, 0);
        assert!(r.fencing.0 > 0 && r.fencing.1 > 0, "{r:?}");
        println!("{sentence}");
    }

    /// "Refutes" is said of Redlock as specified, with its validity
    /// check: the claim names Redlock, and its row says that Redlock's
    /// check catches the pause and what happens without it.
    #[test]
    fn the_acquire_pause_is_refuted_for_redlock_with_its_check_and_says_so() {
        let (kleppmann, _) = pause_while_acquiring();
        assert_eq!(kleppmann.finding, Finding::Refutes);
        assert!(kleppmann.claim.starts_with("A Redlock client"));
        assert!(kleppmann.shows.contains("Redlock's check, reading them at t="));
        assert!(kleppmann
            .shows
            .contains("Without the check, A writes past its validity"));
    }

    /// The run a row opens is the run its numbers come from: the pause
    /// claim's check and late write are in the run its link opens.
    #[test]
    fn the_pause_claim_opens_the_run_whose_check_it_describes() {
        let claim = pause_defeats_any_lease();
        let opened = simulate(&claim.opens.as_ref().expect("a run").params());
        let late = *opened
            .audit()
            .late_writes
            .first()
            .expect("a write after the check");
        let checked_at = late.checked_at.expect("a check");
        let said = format!(
            "checks its validity at t={checked_at} and is stopped right after writes at t={}",
            late.t
        );
        assert!(claim.shows.contains(&said), "{}", claim.shows);
        assert!(claim.shows.contains("(the run this opens)"));
    }

    #[test]
    fn each_claim_has_a_source_and_a_finding_read_from_its_run() {
        let all = claims();
        let findings: Vec<(&str, Finding)> = all.iter().map(|c| (c.code, c.finding)).collect();
        assert_eq!(
            findings,
            [
                ("claim-pause", Finding::Supports),
                ("claim-fencing", Finding::Supports),
                ("claim-token", Finding::Supports),
                ("claim-clock", Finding::Supports),
                ("claim-acquire-pause", Finding::Refutes),
                ("claim-validity", Finding::Supports),
                ("claim-any-lock", Finding::Supports),
                ("claim-cas", Finding::Supports),
                ("claim-clocks", Finding::CannotDecide),
                ("claim-restart", Finding::Supports),
                ("claim-purpose", Finding::CannotDecide),
            ]
        );
        for c in &all {
            assert!(!c.sources.is_empty() && !c.shows.is_empty(), "{}", c.code);
            if let Some(opens) = &c.opens {
                assert_eq!(opens.params().validate(), Ok(()), "{}", c.code);
            }
        }
        let cas = all
            .iter()
            .find(|c| c.code == "claim-cas")
            .expect("the check-and-set claim");
        assert!(
            cas.shows
                .contains("fencing accepts it and check-and-set refuses it"),
            "{}",
            cas.shows
        );
    }
}
