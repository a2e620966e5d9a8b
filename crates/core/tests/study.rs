//! Every number the study states, pinned against the simulation.
//! If one of these changes, the page and the CLI are telling a different story.

use dlock_core::audit::{self, Outcome};
use dlock_core::boundary;
use dlock_core::lock::Grant;
use dlock_core::sweep::{self, FencingCase};
use dlock_core::trace::What;
use dlock_core::transcript;
use dlock_core::{simulate, Client, Comparison, Params};

fn corrupted() -> Params {
    Params::default()
}

fn fenced() -> Params {
    Params {
        fencing: true,
        ..Params::default()
    }
}

#[test]
fn the_corrupted_run_ends_with_a_stale_a() {
    let run = simulate(&corrupted());
    assert_eq!(run.final_value.as_str(), "A");
    assert_eq!(run.serial_answer().as_str(), "AB");
    assert_eq!(run.outcome(), Outcome::Corrupt);
}

#[test]
fn b_gets_every_vote_at_twelve_and_its_record_is_truncated_by_its_release() {
    let run = simulate(&corrupted());
    let b_acquire = run
        .entries
        .iter()
        .find(|e| e.client == Client::B && matches!(e.what, What::Acquired { .. }));
    let b_acquire = b_acquire.expect("B acquires");
    assert_eq!(b_acquire.t, 12);
    assert_eq!(
        b_acquire.what,
        What::Acquired {
            votes: 5,
            token: 2,
            lease_end: 22
        }
    );
    let b_grants: Vec<&Grant> = run.grants.iter().filter(|g| g.client == Client::B).collect();
    assert_eq!(b_grants.len(), 5);
    assert!(b_grants.iter().all(|g| (g.start, g.end, g.token) == (12, 15, 2)));
    let a_grants: Vec<&Grant> = run.grants.iter().filter(|g| g.client == Client::A).collect();
    assert!(a_grants.iter().all(|g| (g.start, g.end, g.token) == (0, 10, 1)));
}

#[test]
fn a_writes_token_one_six_ticks_after_its_lease_died() {
    let run = simulate(&corrupted());
    let writes: Vec<_> = run
        .writes
        .iter()
        .map(|w| (w.t, w.client, w.token, w.accepted))
        .collect();
    assert_eq!(writes, [(14, Client::B, 2, true), (16, Client::A, 1, true)]);
    let a_lease_end = run.grants.iter().find(|g| g.client == Client::A).map(|g| g.end);
    assert_eq!(a_lease_end, Some(10));
    assert_eq!(16 - 10, 6);
}

#[test]
fn the_lock_is_innocent_and_the_resource_is_corrupt() {
    let run = simulate(&corrupted());
    let found = run.audit();
    assert!(found.overlapping_grants.is_empty());
    // The study's point in core's own split: the data's promise broken,
    // the lock's kept.
    assert!(found.breaks(audit::Promise::Data));
    assert!(!found.breaks(audit::Promise::Lock));
    assert_eq!(found.stale_overwrites.len(), 1);
    assert_eq!(
        (
            found.stale_overwrites[0].t,
            found.stale_overwrites[0].token,
            found.stale_overwrites[0].applied
        ),
        (16, 1, 2)
    );
    let unlocked: Vec<_> = found
        .unlocked_writes
        .iter()
        .map(|u| (u.t, u.client, u.holders))
        .collect();
    assert_eq!(unlocked, [(16, Client::A, audit::Held::Nobody)]);
    // B's work vanished under A's: the lost update the string shows.
    let lost: Vec<_> = found
        .lost_updates
        .iter()
        .map(|l| (l.t, l.client, l.erased_at, l.erased_by))
        .collect();
    assert_eq!(lost, [(14, Client::B, 16, Client::A)]);
}

#[test]
fn who_holds_the_lock_at_the_instants_that_matter() {
    let run = simulate(&corrupted());
    assert_eq!(run.holder_at(9), Some(Client::A));
    assert_eq!(run.holder_at(10), None);
    assert_eq!(run.holder_at(14), Some(Client::B));
    assert_eq!(run.holder_at(16), None);
}

#[test]
fn fencing_changes_one_transcript_line_and_the_final_value() {
    let plain = transcript::event_lines(&simulate(&corrupted()));
    let fenced_run = simulate(&fenced());
    let fenced_lines = transcript::event_lines(&fenced_run);
    assert_eq!(plain.len(), fenced_lines.len());
    let differing: Vec<_> = plain.iter().zip(&fenced_lines).filter(|(a, b)| a != b).collect();
    assert_eq!(differing.len(), 1);
    assert!(differing[0].0.contains("ACCEPTED") && differing[0].0.contains("t=16"));
    assert!(differing[0].1.contains("REJECTED (stale token)"));
    assert_eq!(fenced_run.final_value.as_str(), "B");
    assert_eq!(fenced_run.outcome(), Outcome::StaleRejected);
    assert_eq!(
        simulate(&corrupted()).grants,
        fenced_run.grants,
        "fencing changes nothing about the lock"
    );
}

#[test]
fn cluster_size_changes_nothing_but_the_quorum() {
    let rows = sweep::cluster_sizes(&corrupted(), &sweep::STUDY_CLUSTER_SIZES);
    let quorums: Vec<_> = rows.iter().map(|r| r.quorum).collect();
    assert_eq!(quorums, [1, 2, 3, 4, 8, 26]);
    for row in &rows {
        assert_eq!(row.b_votes, Some(row.servers), "B gets every vote");
        assert_eq!(row.final_value.as_str(), "A");
        assert_eq!((row.stale_overwrites, row.overlapping_grants), (1, 0));
        assert_eq!(row.outcome, Outcome::Corrupt);
    }
}

#[test]
fn a_short_lease_is_as_corrupt_as_the_default_and_a_long_one_costs_waiting() {
    let rows = sweep::lease_lengths(&corrupted(), &(1..=20).collect::<Vec<_>>());
    let by_ttl = |ttl| rows.iter().find(|r| r.ttl == ttl).expect("row");
    assert_eq!(by_ttl(1).final_value, by_ttl(10).final_value);
    assert_eq!(by_ttl(1).outcome, Outcome::Corrupt);
    for ttl in 1..=12 {
        assert_eq!(by_ttl(ttl).b_waited, Some(0), "ttl {ttl}: B's arrival gates it");
    }
    for ttl in 13..=17 {
        assert_eq!(
            by_ttl(ttl).b_waited,
            Some(ttl - 12),
            "ttl {ttl}: one waiting tick per lease tick"
        );
    }
    for ttl in 17..=20 {
        assert_eq!(
            by_ttl(ttl).b_acquired_at,
            Some(17),
            "ttl {ttl}: B waits for A's release at 17"
        );
    }
    assert_eq!(by_ttl(13).outcome, Outcome::Corrupt);
    assert_eq!(
        by_ttl(14).outcome,
        Outcome::LostUpdate,
        "the tie: both write at 16"
    );
    assert_eq!(by_ttl(14).final_value.as_str(), "B");
    assert_eq!(by_ttl(15).outcome, Outcome::Clean);
    assert_eq!(by_ttl(15).final_value.as_str(), "AB");
}

#[test]
fn rechecks_answer_truthfully_and_only_the_last_one_helps() {
    let rows = sweep::rechecks(&corrupted(), &sweep::STUDY_RECHECKS);
    let summary: Vec<_> = rows
        .iter()
        .map(|r| (r.check_at, r.holds, r.final_value.as_str().to_owned(), r.outcome))
        .collect();
    assert_eq!(
        summary,
        [
            (2, true, "A".to_owned(), Outcome::Corrupt),
            (5, true, "A".to_owned(), Outcome::Corrupt),
            (9, true, "A".to_owned(), Outcome::Corrupt),
            (16, false, "B".to_owned(), Outcome::Clean),
        ]
    );
}

#[test]
fn the_last_recheck_follows_the_write_and_is_the_study_s_t16() {
    assert_eq!(sweep::recheck_ticks(&corrupted()), sweep::STUDY_RECHECKS);
    // A lease and a pause both longer than the study's: the first three
    // checks fall inside the lease and answer yes; the one at the write,
    // after the pause, is the one that answers no and saves the data.
    let longer = Params {
        ttl: 25,
        pause_len: 30,
        ..corrupted()
    };
    let ticks = sweep::recheck_ticks(&longer);
    assert_eq!(ticks, [2, 5, 9, longer.write_tick()]);
    let rows = sweep::rechecks(&longer, &ticks);
    let answers: Vec<_> = rows.iter().map(|r| (r.holds, r.outcome)).collect();
    assert_eq!(
        answers,
        [
            (true, Outcome::Corrupt),
            (true, Outcome::Corrupt),
            (true, Outcome::Corrupt),
            (false, Outcome::Clean)
        ]
    );
    // The study's fixed t=16 is inside that pause, and helps nobody.
    let at_16 = sweep::rechecks(&longer, &[16]);
    assert_eq!((at_16[0].holds, at_16[0].outcome), (true, Outcome::Corrupt));
}

#[test]
fn a_late_b_sees_perfect_data_but_a_still_wrote_unlocked() {
    let run = simulate(&Params {
        b_arrives: sweep::STUDY_LATE_B,
        ..corrupted()
    });
    let found = run.audit();
    assert_eq!(run.final_value.as_str(), "AB");
    assert!(found.stale_overwrites.is_empty());
    assert_eq!(found.outcome, Outcome::Clean);
    let unlocked: Vec<_> = found.unlocked_writes.iter().map(|u| (u.t, u.client)).collect();
    assert_eq!(unlocked, [(16, Client::A)]);
}

#[test]
fn lt_and_le_agree_on_the_stale_writer_and_differ_on_a_double_write() {
    let rows = sweep::comparisons(&corrupted());
    let verdicts = |case, comparison| {
        let row = rows
            .iter()
            .find(|r| r.case == case && r.comparison == comparison)
            .expect("row");
        (
            row.writes
                .iter()
                .map(|w| (w.client, w.token, w.accepted))
                .collect::<Vec<_>>(),
            row.final_value.as_str().to_owned(),
        )
    };
    for cmp in [Comparison::Lt, Comparison::Le] {
        let (writes, value) = verdicts(FencingCase::StaleWriter, cmp);
        assert_eq!(writes, [(Client::B, 2, true), (Client::A, 1, false)], "{cmp:?}");
        assert_eq!(value, "B");
    }
    let (lt, lt_value) = verdicts(FencingCase::DoubleWrite, Comparison::Lt);
    assert_eq!(
        lt,
        [(Client::B, 2, true), (Client::B, 2, true), (Client::A, 1, false)]
    );
    assert_eq!(lt_value, "BB");
    let (le, le_value) = verdicts(FencingCase::DoubleWrite, Comparison::Le);
    assert_eq!(
        le,
        [(Client::B, 2, true), (Client::B, 2, false), (Client::A, 1, false)]
    );
    assert_eq!(le_value, "B");
}

#[test]
fn without_expiry_b_waits_for_the_release_and_a_crash_wedges_the_lock() {
    let rows = sweep::expiry_variants(&corrupted());
    let row = |expiry, a_crashes| {
        rows.iter()
            .find(|r| r.expiry == expiry && r.a_crashes == a_crashes)
            .expect("row")
    };
    assert_eq!(row(true, false).outcome, Outcome::Corrupt);
    let safe = row(false, false);
    assert_eq!(
        (safe.b_acquired_at, safe.final_value.as_str(), safe.outcome),
        (Some(17), "AB", Outcome::Clean)
    );
    let wedged = row(false, true);
    assert_eq!((wedged.b_acquired_at, wedged.outcome), (None, Outcome::Wedged));
    assert_eq!(wedged.end_tick, corrupted().horizon());
    let progress = row(true, true);
    assert_eq!(
        (progress.b_acquired_at, progress.final_value.as_str()),
        (Some(12), "B")
    );
}

#[test]
fn the_study_grid_has_140_cells_and_the_formula_agrees_with_all_of_them() {
    let pauses = sweep::study_grid_pauses();
    let grid = sweep::grid(&corrupted(), &sweep::STUDY_GRID_TTLS, &pauses);
    assert_eq!(grid.cells.len(), 140);
    assert_eq!(boundary::agreement(&grid), (140, 140));
    let outcome = |ttl, pause_len| {
        let r = grid.ttls.iter().position(|&t| t == ttl).expect("ttl");
        let c = grid
            .pause_lens
            .iter()
            .position(|&p| p == pause_len)
            .expect("pause");
        grid.cell(r, c).expect("cell").outcome
    };
    assert_eq!(outcome(10, 11), Outcome::Clean);
    assert_eq!(outcome(10, 14), Outcome::Corrupt);
    assert_eq!(outcome(25, 23), Outcome::Clean);
    assert_eq!(outcome(25, 26), Outcome::Corrupt);
    assert!(
        pauses.iter().all(|&p| outcome(1000, p) == Outcome::Clean),
        "the grid stops before ttl 1000's threshold"
    );
    let fenced_grid = sweep::grid(&fenced(), &sweep::STUDY_GRID_TTLS, &pauses);
    assert!(fenced_grid.cells.iter().all(|c| c.outcome != Outcome::Corrupt));
}

#[test]
fn the_staircase_edge_matches_the_commentary() {
    let p = corrupted();
    assert_eq!(boundary::shortest_stale_pause(&p, 10), 13);
    assert_eq!(boundary::shortest_stale_pause(&p, 25), 26);
    assert_eq!(boundary::shortest_stale_pause(&p, 1000), 1001);
}

#[test]
fn stepping_through_the_corrupted_run_reads_the_transcript_a_tick_at_a_time() {
    let run = simulate(&Params {
        b_arrives: 4,
        ..corrupted()
    });
    let at = |t| transcript::lines_at(&run, t);
    assert_eq!(
        at(0),
        ["t=0       A  acquire   granted by 5 of 5 (quorum 3): token 1, trusted over [0, 10)"]
    );
    // Inside A's pause and B's refusals, the lines that span the tick.
    assert_eq!(
        at(6),
        [
            "t=2       A  pause     stopped until t=16; nothing of A's runs in between",
            "t=4..9    B  acquire   refused by every server (6 attempts, one per tick)",
        ]
    );
    assert_eq!(
        at(10),
        [
            "t=2       A  pause     stopped until t=16; nothing of A's runs in between",
            "t=10      B  acquire   granted by 5 of 5 (quorum 3): token 2, trusted over [10, 20)",
        ]
    );
    assert_eq!(at(16), ["t=16      A  write     'A' with token 1: ACCEPTED"]);
    // The pause ends as A's write runs: t=16 is not inside it.
    assert!(at(15).iter().any(|l| l.contains("pause")));
    assert!(at(18).is_empty());
    // Every line of the transcript is shown at some tick, once per tick it spans.
    let shown: usize = (0..=run.end_tick).map(|t| at(t).len()).sum();
    let spanned: usize = run
        .entries
        .iter()
        .map(|e| (0..=run.end_tick).filter(|&t| e.covers(t)).count())
        .sum();
    assert_eq!(shown, spanned);
    assert!(run.entries.iter().all(|e| e.covers(e.t)));
}

/// A's release comes after its leases expired, whether B took the
/// servers over (the study's run) or nobody did (B arriving at 30): an
/// expired lease is gone either way, so the release ends nothing on any
/// server, and the transcript says so in the same words (issue 52,
/// finding 4: the late-B run read "let go on 5 of 5 servers").
#[test]
fn a_release_after_its_leases_expired_ends_nothing_whoever_came_next() {
    for b_arrives in [Params::default().b_arrives, 30] {
        let run = simulate(&Params {
            b_arrives,
            ..corrupted()
        });
        let release = run
            .entries
            .iter()
            .find(|e| e.client == Client::A && matches!(e.what, What::Released { .. }))
            .expect("A releases");
        assert_eq!(release.t, 17, "B at {b_arrives}");
        assert_eq!(release.what, What::Released { servers: 0 }, "B at {b_arrives}");
        let line = transcript::event_sentence(release, &run.params);
        assert!(
            line.ends_with("let go on 0 of 5 servers (nothing left to release: a lease that has expired is already gone)"),
            "{line}"
        );
    }
    // Released before it expired, the lease ends on every server.
    let early = simulate(&Params {
        pause_len: 2,
        ..corrupted()
    });
    assert!(early
        .entries
        .iter()
        .any(|e| e.client == Client::A && e.what == What::Released { servers: 5 }));
}

/// What an acquire line's window is, and what the grant table's is: the
/// client's trust on its own reckoning, and each server's lease (issue
/// 52, findings 7 and 8: clock drift's "lease [0, 9)" beside the table's
/// "[0, 10)", and acquiring's "lease [14, 22)" after "each lease starts
/// there" at t=13).
#[test]
fn the_acquire_line_names_the_client_s_trust_and_the_table_the_server_s_lease() {
    use dlock_core::params::{Acquiring, Fault, Reach};
    assert_eq!(transcript::GRANT_COLUMNS[3], "server's lease");
    let drift = simulate(&Params {
        fault: Fault::ClockDrift {
            fast: 1,
            rate_pct: 200,
            allowance: 1,
            reach: Reach::All,
        },
        ..corrupted()
    });
    let first = transcript::event_lines(&drift)[0].clone();
    assert!(
        first.ends_with("trusted over [0, 9) (ttl less the drift allowance)"),
        "{first}"
    );
    let network = simulate(&Params {
        acquiring: Acquiring {
            latency: 1,
            a_pause: 0,
            validity_check: true,
        },
        b_arrives: 12,
        ..corrupted()
    });
    let b = transcript::event_lines(&network)
        .into_iter()
        .find(|l| l.contains("B  acquire   granted"))
        .expect("B acquires");
    assert!(b.contains("(ttl from sending)"), "{b}");
}
