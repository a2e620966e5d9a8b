//! Runs recorded on real servers (`dlock lab --json`, `dlock lab grid
//! --json`), read back: the page draws the shipped recordings and any
//! file a reader opens, and the tests check each shipped file still
//! agrees with the model. The lab's clients print their events in this
//! shape too (`Event`), so the format is written down once.

use crate::audit::Outcome;
use crate::report::ImportProblem;
use crate::types::{Client, Tick};
use crate::Params;
use serde::{Deserialize, Serialize};

/// What a client did on real servers. Written with its `kind` beside its
/// fields (`{"kind": "paused", "until": 16}`); read through a flat
/// struct of every field, `RawEvent`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Acquired {
        votes: u16,
        token: u64,
        validity_ms: i64,
        /// How long the acquire round took.
        round_ms: u64,
    },
    Refused {
        votes: u16,
        round_ms: u64,
    },
    Read {
        value: String,
        seq: u32,
    },
    Paused {
        until: Tick,
    },
    Wrote {
        value: String,
        token: u64,
        accepted: bool,
    },
    Released {
        servers: u16,
    },
    GaveUp,
}

impl Event {
    /// The event in a few words, for a table beside the timeline.
    pub fn describe(&self) -> String {
        match self {
            Event::Acquired {
                votes,
                token,
                validity_ms,
                round_ms,
            } => {
                format!(
                    "acquired: {}, token {token}, {validity_ms} ms valid, round of {round_ms} ms",
                    votes_of(*votes)
                )
            }
            Event::Refused { votes, round_ms } => {
                format!("refused: {}, round of {round_ms} ms", votes_of(*votes))
            }
            Event::Read { value, .. } => format!("read '{value}'"),
            Event::Paused { until } => format!("stopped (SIGSTOP) until t={until}"),
            Event::Wrote {
                value,
                token,
                accepted,
            } => format!(
                "wrote '{value}' with token {token}: {}",
                if *accepted { "accepted" } else { "rejected" }
            ),
            Event::Released { servers } => format!(
                "released on {}",
                crate::words::count(u64::from(*servers), "server", "servers")
            ),
            Event::GaveUp => "gave up".to_owned(),
        }
    }
}

/// An event as a lab file holds it: its kind, and every field any kind
/// has. Read this way rather than by serde's derive for a tagged enum,
/// which buffers the whole object before it knows the kind: in the page
/// that reader alone cost about 3 KB of its budgeted bytes.
#[derive(Deserialize)]
struct RawEvent {
    kind: Kind,
    votes: Option<u16>,
    token: Option<u64>,
    validity_ms: Option<i64>,
    round_ms: Option<u64>,
    value: Option<String>,
    seq: Option<u32>,
    until: Option<Tick>,
    accepted: Option<bool>,
    servers: Option<u16>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Acquired,
    Refused,
    Read,
    Paused,
    Wrote,
    Released,
    GaveUp,
}

/// A field its kind must have, or serde's own "missing field" error.
fn needs<T, E: serde::de::Error>(field: Option<T>, name: &'static str) -> Result<T, E> {
    field.ok_or_else(|| E::missing_field(name))
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: serde::Deserializer<'de>>(reader: D) -> Result<Event, D::Error> {
        let raw = RawEvent::deserialize(reader)?;
        Ok(match raw.kind {
            Kind::Acquired => Event::Acquired {
                votes: needs(raw.votes, "votes")?,
                token: needs(raw.token, "token")?,
                validity_ms: needs(raw.validity_ms, "validity_ms")?,
                round_ms: needs(raw.round_ms, "round_ms")?,
            },
            Kind::Refused => Event::Refused {
                votes: needs(raw.votes, "votes")?,
                round_ms: needs(raw.round_ms, "round_ms")?,
            },
            Kind::Read => Event::Read {
                value: needs(raw.value, "value")?,
                seq: needs(raw.seq, "seq")?,
            },
            Kind::Paused => Event::Paused {
                until: needs(raw.until, "until")?,
            },
            Kind::Wrote => Event::Wrote {
                value: needs(raw.value, "value")?,
                token: needs(raw.token, "token")?,
                accepted: needs(raw.accepted, "accepted")?,
            },
            Kind::Released => Event::Released {
                servers: needs(raw.servers, "servers")?,
            },
            Kind::GaveUp => Event::GaveUp,
        })
    }
}

fn votes_of(votes: u16) -> String {
    crate::words::count(u64::from(votes), "vote", "votes")
}

/// One event, at its tick and at the real milliseconds since tick 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedEvent {
    pub client: Client,
    pub tick: Tick,
    pub ms: u64,
    pub event: Event,
}

/// What a recording ran on. `recorded` is absent from files made before
/// the lab dated its runs.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Setup {
    pub lock_servers: String,
    pub lock_processes: u16,
    pub store: String,
    pub tick_ms: u64,
    #[serde(default)]
    pub recorded: Option<String>,
}

/// One run on real servers, as `dlock lab --json` writes it (the parts
/// the page draws; the rest of the file is not read).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct RecordedRun {
    pub params: Params,
    pub events: Vec<RecordedEvent>,
    pub final_value: String,
    pub outcome: Outcome,
    pub lab: Setup,
    pub timing_sensitive: bool,
}

/// One cell of `dlock lab grid --json`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct RecordedCell {
    pub ttl: Tick,
    pub pause_len: Tick,
    pub final_value: String,
    pub outcome: Outcome,
    pub timing_sensitive: bool,
}

/// A lab grid: its base parameters, what it ran on, its cells.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct RecordedGrid {
    pub base: Params,
    pub lab: Setup,
    pub cells: Vec<RecordedCell>,
}

/// A lab file: one run or a grid.
#[derive(Clone, Debug, PartialEq)]
pub enum Recording {
    Run(RecordedRun),
    Grid(RecordedGrid),
}

/// Which of the two shapes a document has, read before the document
/// itself so that a bad file's message names the field of the shape it
/// claimed (a grid has `cells`).
#[derive(Deserialize)]
struct Shape {
    #[serde(default)]
    cells: Option<serde::de::IgnoredAny>,
}

impl Recording {
    /// Reads a lab file from any serde data format, given twice: once to
    /// tell a grid from a run, once to read it. Every parameter must be in
    /// range.
    pub fn read<'de, D: serde::Deserializer<'de>>(shape: D, document: D) -> Result<Recording, ImportProblem> {
        let problem = |path: String, why: String| ImportProblem { path, why };
        let is_grid = Shape::deserialize(shape)
            .map_err(|e| problem(".".to_owned(), format!("not a lab report: {e}")))?
            .cells
            .is_some();
        let read = |r: Result<Recording, D::Error>| r.map_err(|e| problem(".".to_owned(), e.to_string()));
        let recording = if is_grid {
            read(RecordedGrid::deserialize(document).map(Recording::Grid))?
        } else {
            read(RecordedRun::deserialize(document).map(Recording::Run))?
        };
        let params = match &recording {
            Recording::Run(r) => r.params,
            Recording::Grid(g) => g.base,
        };
        params
            .validate()
            .map_err(|e| problem("params".to_owned(), e.to_string()))?;
        Ok(recording)
    }

    pub fn setup(&self) -> &Setup {
        match self {
            Recording::Run(r) => &r.lab,
            Recording::Grid(g) => &g.lab,
        }
    }

    /// How many lock servers the model runs the recording's schedule on.
    pub fn model_servers(&self) -> u16 {
        match self {
            Recording::Run(r) => r.params.servers,
            Recording::Grid(g) => g.base.servers,
        }
    }
}

/// A real outcome beside the model's for the same parameters, computed
/// now (not the answer the file carries, which an older model gave).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreement {
    pub params: Params,
    pub real: (String, Outcome),
    pub model: (String, Outcome),
    pub timing_sensitive: bool,
}

impl Agreement {
    pub fn agrees(&self) -> bool {
        self.real == self.model
    }

    fn of(params: Params, final_value: &str, outcome: Outcome, timing_sensitive: bool) -> Agreement {
        let run = crate::simulate(&params);
        Agreement {
            params,
            real: (final_value.to_owned(), outcome),
            model: (run.final_value.as_str().to_owned(), run.outcome()),
            timing_sensitive,
        }
    }

    /// One line: the real answer, the model's, and whether they agree.
    pub fn sentence(&self) -> String {
        let verdict = if self.agrees() {
            "they agree".to_owned()
        } else if self.timing_sensitive {
            "they differ, in a run within a tick of a tie, which real timing may order either way".to_owned()
        } else {
            "they differ".to_owned()
        };
        format!(
            "On the real servers the resource ended with '{}' ({}); the model gives '{}' ({}) for the same parameters: {verdict}.",
            self.real.0,
            self.real.1.label(),
            self.model.0,
            self.model.1.label()
        )
    }
}

/// Every run in a recording beside the model's answer: one for a run,
/// one a cell for a grid.
pub fn agreement(recording: &Recording) -> Vec<Agreement> {
    match recording {
        Recording::Run(r) => vec![Agreement::of(
            r.params,
            &r.final_value,
            r.outcome,
            r.timing_sensitive,
        )],
        Recording::Grid(g) => g
            .cells
            .iter()
            .map(|c| {
                let params = Params {
                    ttl: c.ttl,
                    pause_len: c.pause_len,
                    ..g.base
                };
                Agreement::of(params, &c.final_value, c.outcome, c.timing_sensitive)
            })
            .collect(),
    }
}

/// What a recording ran on, in one sentence, and how it maps onto the
/// model's `model_servers` lock servers: a cluster that agrees by
/// consensus (etcd) answers as one lock service, so its members are not
/// the model's servers; and on etcd the fencing token is the revision that
/// created the lock key.
pub fn setup_sentence(s: &Setup, model_servers: u16) -> String {
    let processes = crate::words::count(u64::from(s.lock_processes), "process", "processes");
    let mapping = if s.lock_processes == model_servers {
        String::new()
    } else {
        format!(
            ", which agree by consensus and answer as one lock service: the model runs it as {}",
            crate::words::count(u64::from(model_servers), "lock server", "lock servers")
        )
    };
    let token = if s.lock_servers.starts_with("etcd") {
        "; its fencing token is the create revision of the lock key, the place in etcd's one ordered log of the write that created it"
    } else {
        ""
    };
    format!(
        "Recorded on {} ({processes}{mapping}){token}, with {} as the resource and ticks of {} ms{}.",
        s.lock_servers,
        s.store,
        s.tick_ms,
        s.recorded
            .as_ref()
            .map_or_else(String::new, |d| format!(", on {d}"))
    )
}

/// A recording in words: its title, what it ran on, the model's answer
/// beside the real one, then every event (a run) or every cell (a grid).
pub fn text(title: &str, recording: &Recording) -> String {
    let mut out = format!(
        "{title}\n{}\n",
        setup_sentence(recording.setup(), recording.model_servers())
    );
    for a in agreement(recording) {
        out.push_str(&format!(
            "ttl {}, pause {}: {}\n",
            a.params.ttl,
            a.params.pause_len,
            a.sentence()
        ));
    }
    if let Recording::Run(run) = recording {
        for e in &run.events {
            out.push_str(&format!(
                "t={:<4} {:>6} ms  {}  {}\n",
                e.tick,
                e.ms,
                e.client,
                e.event.describe()
            ));
        }
    }
    out
}
