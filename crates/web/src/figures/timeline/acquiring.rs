//! What acquiring over a network looks like on a client's lane: the
//! round's requests on their way (from T1, when they left, to the servers)
//! and the replies on their way back (to T2, when the client reads them),
//! a round read too late to keep, and the lock id a holder registers with
//! the resource under check-and-set. The study's instantaneous acquire
//! has none of these events.

use super::marks::{bar, point, Lane, Mark};
use crate::draw::geometry::Scale;
use dlock_core::trace::{Entry, What};
use dlock_core::transcript::event_sentence;
use dlock_core::words;
use dlock_core::{Run, Tick};

/// When `e`'s client read the replies to the round `e` sent: its next
/// acquire outcome (kept, too late, refused, worthless).
fn replies_read_at(run: &Run, index: usize) -> Option<Tick> {
    let e = &run.entries[index];
    run.entries[index + 1..]
        .iter()
        .find(|x| {
            x.client == e.client
                && matches!(
                    x.what,
                    What::Acquired { .. }
                        | What::TooLate { .. }
                        | What::AcquireFailed { .. }
                        | What::NoValidity { .. }
                )
        })
        .map(|x| x.t)
}

/// The marks of entry `index` if it belongs to acquiring over a network
/// or to check-and-set; `None` otherwise.
pub(super) fn acquiring_marks(run: &Run, scale: &Scale, lane: &Lane, index: usize) -> Option<Vec<Mark>> {
    let e: &Entry = &run.entries[index];
    let title = event_sentence(e, &run.params);
    match e.what {
        What::Requested { arrive, spread, .. } => {
            // The last request lands `spread` ticks after the first (the
            // explorer can delay each on its own); the replies start there.
            let arrive = arrive + spread;
            let mut marks = vec![point(
                scale,
                lane,
                e.t,
                "ev request",
                Some("T1: asks".into()),
                title,
            )];
            if arrive > e.t {
                marks.push(bar(
                    scale,
                    lane,
                    e.t,
                    arrive,
                    "in-flight".into(),
                    Some("requests".into()),
                    format!(
                        "{}: {}'s requests on their way to the servers",
                        words::ticks(e.t, arrive - 1),
                        e.client
                    ),
                ));
            }
            if let Some(read) = replies_read_at(run, index).filter(|&r| r > arrive) {
                // A stopped while its replies travel: the pause's bar
                // carries the words, this one only its tooltip.
                let paused = run.entries[index..]
                    .iter()
                    .any(|x| x.client == e.client && x.t == arrive && matches!(x.what, What::Paused { .. }));
                marks.push(bar(
                    scale,
                    lane,
                    arrive,
                    read,
                    "in-flight".into(),
                    (!paused).then(|| "replies".into()),
                    format!(
                        "{}: the servers' replies on their way back to {}; each lease runs from t={arrive}",
                        words::ticks(arrive, read - 1),
                        e.client
                    ),
                ));
            }
            Some(marks)
        }
        What::TooLate { .. } => Some(vec![point(
            scale,
            lane,
            e.t,
            "ev refused",
            Some("too late: released everywhere, retry".into()),
            title,
        )]),
        What::Claimed { id } => Some(vec![point(
            scale,
            lane,
            e.t,
            "ev register",
            Some(format!("registers id #{id}")),
            title,
        )]),
        _ => None,
    }
}

/// The label of an acquire: with T2 when acquiring took time.
pub(super) fn acquired_label(run: &Run, token: u64) -> String {
    if run.params.acquiring.takes_time() {
        format!("T2 · token {token}")
    } else {
        format!("token {token}")
    }
}
