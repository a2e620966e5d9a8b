//! Properties over random parameters: the lock's safety, fencing's guarantee,
//! the closed form, determinism, and that skipping idle ticks changes nothing.

use dlock_core::audit::{self, Outcome};
use dlock_core::boundary;
use dlock_core::params::Fault;
use dlock_core::sweep;
use dlock_core::transcript;
use dlock_core::{simulate, simulate_with, Comparison, Mode, Params};
use proptest::prelude::*;

#[path = "support/misnumbered.rs"]
mod support;
use support::misnumbered;
#[path = "support/schedules.rs"]
mod schedules;
use schedules::basic_params;

fn any_params() -> impl Strategy<Value = Params> {
    (
        (
            prop_oneof![4 => 1u16..=9, 1 => 10u16..=101],
            1u32..=60,
            2u32..=20,
            0u32..=60,
            0u32..=80,
        ),
        (
            any::<bool>(),
            any::<bool>(),
            prop::bool::weighted(0.8),
            prop::bool::weighted(0.2),
        ),
        (
            prop::option::weighted(0.3, 0u32..=80),
            prop::bool::weighted(0.2),
            prop::bool::weighted(0.3),
            prop::bool::weighted(0.2),
        ),
    )
        .prop_map(
            |(
                (servers, ttl, pause_from, pause_len, b_arrives),
                (fencing, le, expiry, a_crashes),
                (recheck, twice, register_token, cas),
            )| {
                Params {
                    servers,
                    ttl,
                    pause_from,
                    pause_len,
                    b_arrives,
                    fencing,
                    comparison: if le { Comparison::Le } else { Comparison::Lt },
                    expiry,
                    a_crashes,
                    recheck_at: recheck,
                    b_writes_twice: twice,
                    register_token,
                    cas,
                    fault: Fault::None,
                    acquiring: dlock_core::params::Acquiring::INSTANT,
                    third: None,
                    a_arrives: 0,
                    allowance: None,
                }
                .with_recheck_no_later_than_write()
            },
        )
}

/// Found by the property below: one server, ttl 3, replies a tick slow.
/// B's round trip and read leave its lease no validity, so B holds back
/// its own write and the run ends 'A' against the serial 'AB'. Clean, and
/// the verdict must say whose work is missing: B's, not A's.
#[test]
fn a_clean_run_where_b_gave_up_says_so() {
    let p = Params {
        servers: 1,
        ttl: 3,
        pause_from: 2,
        pause_len: 0,
        b_arrives: 0,
        recheck_at: Some(0),
        acquiring: dlock_core::params::Acquiring {
            latency: 1,
            a_pause: 0,
            validity_check: true,
        },
        ..Params::default()
    };
    let run = simulate(&p);
    assert_eq!(run.outcome(), Outcome::Clean);
    assert_ne!(run.final_value, run.serial_answer());
    assert_eq!(run.withheld_by_itself(), Some(dlock_core::Client::B));
    assert_eq!(
        run.verdict_note(Outcome::Clean),
        Some("B's work withheld by B itself, which gave up before writing")
    );
    let text = transcript::run_text(&run);
    assert!(text.contains("clean (B's work withheld by B itself"), "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn an_exported_report_imports_to_its_parameters(p in any_params()) {
        let text = serde_json::to_string_pretty(&dlock_core::report::RunReport::new(&simulate(&p))).expect("serialise");
        let imported = dlock_core::report::ImportedRun::read(serde_json::from_str::<serde_json::Value>(&text).expect("JSON")).expect("reads back");
        prop_assert_eq!(dlock_core::report::validate_import(&imported), Ok(p));
    }

    /// The serial answer follows the order the lock was granted in, so a
    /// clean run ends with it, or says why A's work is missing (issue 52,
    /// finding 3: a run where B held the lock first read "'BA' against
    /// the serial answer 'AB' … clean").
    #[test]
    fn a_clean_run_never_contradicts_its_serial_answer(
        p in any_params(),
        latency in 0u32..=1,
        a_pause in 0u32..=20,
        validity_check in any::<bool>(),
    ) {
        let acquiring = dlock_core::params::Acquiring { latency, a_pause: a_pause * latency, validity_check };
        let run = simulate(&Params { acquiring, ..p });
        if run.outcome() == Outcome::Clean {
            prop_assert!(
                run.final_value == run.serial_answer() || run.verdict_note(Outcome::Clean).is_some(),
                "{} against {}", run.final_value, run.serial_answer()
            );
        }
    }

    #[test]
    fn the_lock_never_grants_overlapping_leases(p in any_params()) {
        let run = simulate(&p);
        prop_assert!(audit::overlapping_grants(&run.grants).is_empty());
    }

    #[test]
    fn at_most_one_client_holds_a_quorum_at_any_tick(p in any_params()) {
        let run = simulate(&p);
        for t in 0..=run.end_tick {
            let a = run.grants.iter().filter(|g| g.client == dlock_core::Client::A && g.covers(t)).count();
            let b = run.grants.iter().filter(|g| g.client == dlock_core::Client::B && g.covers(t)).count();
            prop_assert!(a < usize::from(run.quorum) || b < usize::from(run.quorum), "tick {t}");
        }
    }

    #[test]
    fn with_fencing_there_is_never_a_stale_overwrite(p in any_params()) {
        let run = simulate(&Params { fencing: true, ..p });
        prop_assert_eq!(audit::stale_overwrites(&run.writes).count(), 0);
        prop_assert_ne!(run.outcome(), Outcome::Corrupt);
    }

    #[test]
    fn the_closed_form_equals_the_simulation(p in basic_params()) {
        prop_assert_eq!(boundary::predicted(&p), Some(simulate(&p).outcome()), "{:?}", p);
    }

    /// The closed form's ticks are the simulation's: pinned from both sides,
    /// so the model's timing constants cannot drift apart from it.
    #[test]
    fn the_closed_form_s_ticks_are_the_simulated_ones(p in basic_params()) {
        let run = simulate(&p);
        prop_assert_eq!(run.b_acquired_at, Some(boundary::b_acquires(&p)));
        let b_write = run.writes.iter().find(|w| w.client == dlock_core::Client::B).map(|w| w.t);
        prop_assert_eq!(b_write, Some(boundary::b_writes(&p)));
        let a_release = run.entries.iter().find(|e| e.client == dlock_core::Client::A && matches!(e.what, dlock_core::trace::What::Released { .. })).map(|e| e.t);
        prop_assert_eq!(a_release, Some(p.a_releases_at()));
    }

    #[test]
    fn the_same_parameters_give_the_same_transcript(p in any_params()) {
        let first = simulate(&p);
        let second = simulate(&p);
        prop_assert_eq!(transcript::run_text(&first), transcript::run_text(&second));
        prop_assert_eq!(first, second);
    }

    #[test]
    fn skipping_idle_ticks_is_identical_to_retrying_every_tick(p in any_params()) {
        let skip = simulate_with(&p, Mode::Skip);
        let every = simulate_with(&p, Mode::EveryTick);
        prop_assert_eq!(transcript::run_text(&skip), transcript::run_text(&every));
        prop_assert_eq!(skip, every);
    }

    #[test]
    fn a_grid_depends_only_on_its_grid_base(p in any_params()) {
        let ttls = [1, p.ttl, 40];
        let pauses = [0, p.pause_len, 33];
        prop_assert_eq!(
            sweep::grid(&p, &ttls, &pauses).cells,
            sweep::grid(&sweep::grid_base(&p), &ttls, &pauses).cells
        );
    }

    /// A grid's re-check is one tick for every cell; a cell whose write
    /// comes earlier checks at its write. Either way the cell is the run
    /// of the parameters it reports, which the page loads on a click.
    #[test]
    fn every_cell_is_the_run_of_the_parameters_it_reports(
        p in any_params(),
        recheck in prop::option::of(0u32..=80),
        ttls in prop::collection::vec(1u32..=60, 1..4),
        pauses in prop::collection::vec(0u32..=60, 1..4),
    ) {
        let base = Params { recheck_at: recheck.or(p.recheck_at), ..p };
        let grid = sweep::grid(&base, &ttls, &pauses);
        for (cell_params, cell) in grid.iter() {
            prop_assert_eq!(cell_params.validate(), Ok(()));
            let run = simulate(&cell_params);
            prop_assert_eq!(cell.outcome, run.outcome(), "{:?}", cell_params);
            prop_assert_eq!(cell.b_waited, run.b_waited());
        }
    }

    #[test]
    fn a_sweep_cell_equals_a_single_run(p in basic_params()) {
        let grid = sweep::grid(&p, &[p.ttl], &[p.pause_len]);
        let run = simulate(&p);
        prop_assert_eq!(grid.cells[0].outcome, run.outcome());
        prop_assert_eq!(grid.cells[0].b_waited, run.b_waited());
    }

    #[test]
    fn the_closed_form_holds_on_random_rectangles(
        base in basic_params(),
        ttl_from in 1u32..=200, ttl_step in 1u32..=7,
        pause_from_len in 0u32..=200, pause_step in 1u32..=7,
    ) {
        let ttls: Vec<u32> = (0..12).map(|k| ttl_from + k * ttl_step).collect();
        let pauses: Vec<u32> = (0..12).map(|k| pause_from_len + k * pause_step).collect();
        let grid = sweep::grid(&base, &ttls, &pauses);
        prop_assert_eq!(boundary::agreement(&grid), (144, 144));
    }
}

#[test]
fn the_closed_form_holds_on_every_cell_of_a_grid_with_its_ties() {
    for b_arrives in [0, 1, 12, 30] {
        for pause_from in [2, 7] {
            for (fencing, register_token) in [(false, false), (true, false), (true, true)] {
                let base = Params {
                    b_arrives,
                    pause_from,
                    fencing,
                    register_token,
                    ..Params::default()
                };
                let ttls: Vec<u32> = (1..=60).collect();
                let pauses: Vec<u32> = (0..=60).collect();
                let grid = sweep::grid(&base, &ttls, &pauses);
                assert_eq!(boundary::agreement(&grid), (3660, 3660), "{base:?}");
                // The tie cells: a lost update unfenced, a stale write
                // accepted when fenced, rejected once B registers its token.
                let tie_outcome = match (fencing, register_token) {
                    (false, _) => Outcome::LostUpdate,
                    (true, false) => Outcome::StaleAccepted,
                    (true, true) => Outcome::StaleRejected,
                };
                let ties = grid
                    .iter()
                    .filter(|(p, _)| boundary::b_acquires(p) + 2 == p.write_tick())
                    .inspect(|(p, cell)| assert_eq!(cell.outcome, tie_outcome, "{p:?}"))
                    .count();
                assert!(ties > 0, "the grid includes the tie cells");
                if !fencing || register_token {
                    assert!(grid.cells.iter().all(|c| c.outcome != Outcome::StaleAccepted));
                }
            }
        }
    }
}

#[test]
fn the_staircase_edge_is_where_stale_writes_start_in_every_row() {
    let plain = Params::default();
    let variants = [
        (plain, Outcome::Corrupt),
        (
            Params {
                fencing: true,
                ..plain
            },
            Outcome::StaleRejected,
        ),
        (
            Params {
                fencing: true,
                register_token: true,
                ..plain
            },
            Outcome::StaleRejected,
        ),
        (Params { cas: true, ..plain }, Outcome::StaleRejected),
    ];
    let ttls: Vec<u32> = (1..=40).collect();
    let pauses: Vec<u32> = (0..=60).collect();
    for (base, stale) in variants {
        let grid = sweep::grid(&base, &ttls, &pauses);
        for (r, &ttl) in grid.ttls.iter().enumerate() {
            let outcome = |c: usize| grid.cell(r, c).map(|x| x.outcome);
            let first = (0..pauses.len()).find(|&c| outcome(c) == Some(stale));
            let edge = boundary::shortest_stale_pause(&base, ttl);
            assert_eq!(first.map(|c| pauses[c]), Some(edge), "ttl {ttl} {base:?}");
            // Every longer pause is stale too: the edge is a staircase.
            assert!(
                (first.unwrap()..pauses.len()).all(|c| outcome(c) == Some(stale)),
                "ttl {ttl} {base:?}"
            );
        }
    }
    // Registering first moves the edge two columns left: the cells where
    // A writes between B's acquire and B's write.
    let registered = Params {
        fencing: true,
        register_token: true,
        ..plain
    };
    assert_eq!(
        boundary::shortest_stale_pause(&plain, 10) - boundary::shortest_stale_pause(&registered, 10),
        2
    );
}

/// Parameters near 1, where "1 ticks" or "ticks 5–5" would show: one-tick
/// leases, pauses and waits, one server.
fn tiny_params() -> impl Strategy<Value = Params> {
    any_params().prop_map(|mut p| {
        p.servers = 1 + p.servers % 3;
        p.ttl = 1 + p.ttl % 3;
        p.pause_from = 2 + p.pause_from % 3;
        p.pause_len %= 4;
        p.b_arrives %= 6;
        p.recheck_at = p.recheck_at.map(|c| c.min(p.write_tick()));
        p
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Everything the CLI prints for a run reads with its numbers right.
    #[test]
    fn transcripts_put_their_nouns_in_the_right_number(p in prop_oneof![any_params(), tiny_params()]) {
        let run = simulate(&p);
        let text = [
            transcript::describe(&p),
            transcript::run_text(&run),
            transcript::audit_lines(&run, &run.audit()).join("\n"),
            transcript::holder_line(&run),
        ]
        .join("\n");
        prop_assert_eq!(misnumbered(&text), None, "{}", text);
    }
}

proptest! {
    /// A lease ends at the expiry it was granted with or earlier (a
    /// release or a handed-back grant cuts it), never later.
    #[test]
    fn a_lease_never_outlives_its_granted_expiry(p in prop_oneof![any_params(), tiny_params()]) {
        let run = simulate(&p);
        for g in &run.grants {
            prop_assert!(g.start <= g.end && g.end <= g.expires, "{:?}", g);
        }
    }

    /// The holder line always names a tick and who held the lock then,
    /// even for a run with no write and no lease end (a wedged lock).
    #[test]
    fn the_holder_line_always_names_a_tick(p in prop_oneof![any_params(), tiny_params()]) {
        let line = transcript::holder_line(&simulate(&p));
        prop_assert!(line.contains("t="), "{}", line);
    }
}

#[test]
fn a_wedged_run_s_holder_line_says_who_kept_the_lock() {
    let wedged = simulate(&Params {
        expiry: false,
        a_crashes: true,
        ..Params::default()
    });
    assert_eq!(wedged.outcome(), audit::Outcome::Wedged);
    assert_eq!(
        transcript::holder_line(&wedged),
        format!("holder of a quorum at t={} A", wedged.end_tick)
    );
}

#[test]
fn the_demo_and_a_one_tick_grid_put_their_nouns_in_the_right_number() {
    let one = Params {
        servers: 1,
        ttl: 1,
        pause_len: 1,
        b_arrives: 3,
        ..Params::default()
    };
    let grid = sweep::grid(&one, &[1, 2], &[0, 1]);
    for text in [transcript::demo(), transcript::grid_text(&grid)] {
        assert_eq!(misnumbered(&text), None, "{text}");
    }
}

#[test]
fn the_wording_checker_finds_misnumbered_phrases_and_passes_correct_ones() {
    for wrong in [
        "B waits 1 ticks",
        "run: 1 servers (quorum 1)",
        "leases of 1 real ticks there",
        "Right now: 1 lock servers",
        "(1 attempts)",
        "ticks 5–5: lock held by A",
        "servers 3-3 crash",
    ] {
        assert!(misnumbered(wrong).is_some(), "{wrong}");
    }
    for right in [
        "B waits 1 tick",
        "let go on 0 of 1 server",
        "(t=8 A token 1 over token 1)\nunlocked writes: 0",
        "token 1, lease [0, 10)",
        "t=16 A token 1 over token 2",
        "ticks 5–6: lock held by A",
        "servers 1-3 crash",
        "token 1 ACCEPTED",
        "11 ticks",
        "let go on 1 of 3 servers",
    ] {
        assert_eq!(misnumbered(right), None, "{right}");
    }
}

/// A stopped while its replies travel, past its validity: it lets go and
/// retries, B holds the lock first, and the serial answer is B's work,
/// then A's.
#[test]
fn when_b_holds_the_lock_first_the_serial_answer_puts_b_first() {
    let acquiring = dlock_core::params::Acquiring {
        latency: 1,
        a_pause: 12,
        validity_check: true,
    };
    let run = simulate(&Params {
        acquiring,
        pause_len: 0,
        ..Params::default()
    });
    assert_eq!(run.outcome(), Outcome::Clean);
    assert_eq!(run.serial_answer().as_str(), "BA");
    assert_eq!(run.final_value, run.serial_answer());
    assert_eq!(simulate(&Params::default()).serial_answer().as_str(), "AB");
}
