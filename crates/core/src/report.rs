//! The run as one JSON-ready value: the CLI's `--json` schema, and the
//! page's export format.

use crate::audit::{Audit, Held, Outcome};
use crate::beyond::{verdict, Failed, Scenario};
use crate::boundary;
use crate::lock::Grant;
use crate::params::Params;
use crate::scenario::Run;
use crate::sweep::Grid;
use crate::trace::Entry;
use crate::types::{Client, Tick, Token, Value};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WriteRow {
    pub t: Tick,
    pub client: Client,
    pub value: Value,
    pub token: Token,
    pub accepted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HolderAt {
    pub t: Tick,
    /// Everyone holding a quorum at the end of tick `t`: two clients when
    /// the lock itself failed.
    pub holders: Held,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunReport {
    pub params: Params,
    pub quorum: u16,
    pub final_value: Value,
    pub serial_answer: Value,
    pub b_acquired_at: Option<Tick>,
    pub b_waited: Option<Tick>,
    pub max_token: Token,
    pub end_tick: Tick,
    pub grants: Vec<Grant>,
    pub writes: Vec<WriteRow>,
    pub events: Vec<Entry>,
    /// Every audit of the run and its outcome, as `Run::audit` gathers
    /// them, each a key of its own: the report's list of audits is the
    /// audit's, so one added there is reported here.
    #[serde(flatten)]
    pub audit: Audit,
    /// One entry per tick from 0 to the end of the run.
    pub holder_at: Vec<HolderAt>,
}

impl RunReport {
    pub fn new(run: &Run) -> RunReport {
        let found = run.audit();
        RunReport {
            params: run.params,
            quorum: run.quorum,
            final_value: run.final_value,
            serial_answer: run.serial_answer(),
            b_acquired_at: run.b_acquired_at,
            b_waited: run.b_waited(),
            max_token: run.max_token,
            end_tick: run.end_tick,
            grants: run.grants.clone(),
            writes: run
                .writes
                .iter()
                .map(|w| WriteRow {
                    t: w.t,
                    client: w.client,
                    value: w.value,
                    token: w.token,
                    accepted: w.accepted,
                })
                .collect(),
            events: run.entries.clone(),
            audit: found,
            holder_at: (0..=run.end_tick)
                .map(|t| HolderAt {
                    t,
                    holders: run.held_at(t),
                })
                .collect(),
        }
    }
}

/// A run of one of the failure modes beyond the seed: the run's report,
/// plus which preset made it and which system failed, as the text says.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScenarioReport {
    /// The preset's name on the command line (`restart`, `clock-drift`, …).
    pub scenario: &'static str,
    /// Each knob's value by its code.
    pub knobs: BTreeMap<&'static str, u32>,
    /// Whether a remedy is applied: the preset's remedy knob is off its
    /// default ("restart empty", no fencing, no ordered counter…).
    pub remedy: bool,
    pub verdict: Failed,
    #[serde(flatten)]
    pub run: RunReport,
}

impl ScenarioReport {
    pub fn new(scenario: Scenario, values: &[u32]) -> ScenarioReport {
        let run = scenario.run(values);
        let knobs = scenario.knobs();
        let value = |i: usize| values.get(i).copied().unwrap_or(knobs[i].default);
        ScenarioReport {
            scenario: scenario.code(),
            knobs: (0..knobs.len()).map(|i| (knobs[i].code, value(i))).collect(),
            remedy: (0..knobs.len()).any(|i| knobs[i].remedy.is_some() && value(i) != knobs[i].default),
            verdict: verdict(&run).failed,
            run: RunReport::new(&run),
        }
    }
}

/// The staircase as one JSON-ready value: the CLI's `grid --json` schema,
/// and the page's export of the heatmap. Outcomes are counted under the
/// names the cells carry (`lost_update`, not "lost update"), so a script
/// can tally the cells and check the counts with one set of names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GridReport {
    /// Cells per outcome, worst first.
    pub counts: BTreeMap<Outcome, u32>,
    /// Cells the closed form covers, and of those, where it agrees with
    /// the simulation (`boundary::agreement`).
    pub formula_agrees: u32,
    pub formula_cells: u32,
    pub grid: Grid,
}

impl GridReport {
    pub fn new(grid: Grid) -> GridReport {
        let (formula_agrees, formula_cells) = boundary::agreement(&grid);
        GridReport {
            counts: grid.counts(),
            formula_agrees,
            formula_cells,
            grid,
        }
    }
}

/// The part of a run report an import needs: the parameters that produced
/// it and what it claims happened. Unknown fields are ignored, so a full
/// [`RunReport`] reads as one.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ImportedRun {
    pub params: Params,
    pub final_value: String,
    /// Absent or null in a file is the same as empty: nothing to
    /// cross-check.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub writes: Vec<ImportedWrite>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ImportedWrite {
    pub t: Tick,
    pub client: String,
    pub token: Token,
    pub accepted: bool,
}

impl ImportedRun {
    /// Reads a run report as [`RunReport`] writes it, with serde's derived
    /// readers, from any serde data format: the page hands it the browser's
    /// own `JSON.parse` result through serde-wasm-bindgen, the tests a
    /// `serde_json::Value`. Files written before `register_token` and
    /// `fault` existed lack them; they take their defaults, and a missing
    /// `recheck_at` is no re-check.
    ///
    /// A document that does not have a run report's shape gets a
    /// [`ImportProblem`] in serde's words, which name a missing field, or
    /// the value refused and what was expected there.
    pub fn read<'de, D: serde::Deserializer<'de>>(document: D) -> Result<ImportedRun, ImportProblem> {
        ImportedRun::deserialize(document).map_err(|e| ImportProblem {
            path: ".".to_owned(),
            why: e.to_string(),
        })
    }
}

/// Why a document is not a run report or a lab file: where, when known
/// (`params` for a parameter out of its range; `.` otherwise), and what
/// was wrong (`invalid value: integer `-1`, expected u16`). A value of
/// the wrong kind is not placed further: tracking the path through
/// serde's readers (serde_path_to_error) cost the page 8.7 KB gzipped,
/// more than its byte alarm left once the fault × remedy table came,
/// and serde's own words already quote the value refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportProblem {
    pub path: String,
    pub why: String,
}

impl std::fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The root's path says nothing.
        if self.path == "." {
            f.write_str(&self.why)
        } else {
            write!(f, "{}: {}", self.path, self.why)
        }
    }
}

/// Reads an absent or `null` list as an empty one: a JavaScript serialiser
/// may write either for "no writes".
fn null_as_empty<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    reader: D,
) -> Result<Vec<T>, D::Error> {
    Ok(Option::<Vec<T>>::deserialize(reader)?.unwrap_or_default())
}

/// Checks an imported report: its parameters must be in range, and the
/// simulation of them must tell the same story (final value and writes).
/// Returns the parameters to show, or a message for the reader.
pub fn validate_import(imported: &ImportedRun) -> Result<Params, String> {
    imported
        .params
        .validate()
        .map_err(|e| format!("the file's parameters are invalid: {e}"))?;
    let run = crate::simulate(&imported.params);
    if run.final_value.as_str() != imported.final_value {
        return Err(format!(
            "the file says the final value is '{}', but these parameters give {}; it was not made by this version of dlock or was edited",
            imported.final_value.chars().take(20).collect::<String>(),
            run.final_value
        ));
    }
    let ours: Vec<(Tick, String, Token, bool)> = run
        .writes
        .iter()
        .map(|w| (w.t, w.client.to_string(), w.token, w.accepted))
        .collect();
    let theirs: Vec<(Tick, String, Token, bool)> = imported
        .writes
        .iter()
        .map(|w| (w.t, w.client.clone(), w.token, w.accepted))
        .collect();
    if !imported.writes.is_empty() && ours != theirs {
        return Err("the file's writes do not match what these parameters produce".to_owned());
    }
    Ok(imported.params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{simulate, Params};

    /// What the page does with a file's text, with serde_json standing in
    /// for the browser's `JSON.parse`.
    fn from_json(text: &str) -> Result<ImportedRun, String> {
        let document: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        ImportedRun::read(document).map_err(|problem| problem.to_string())
    }

    fn round_trip(params: Params) -> ImportedRun {
        let json = serde_json::to_string_pretty(&RunReport::new(&simulate(&params))).expect("serialise");
        from_json(&json).expect("a report reads back as an import")
    }

    #[test]
    fn an_exported_report_imports_to_the_same_parameters() {
        let p = Params {
            ttl: 25,
            fencing: true,
            recheck_at: Some(9),
            ..Params::default()
        };
        assert_eq!(validate_import(&round_trip(p)), Ok(p));
    }

    /// What only the explorer adds (a third client, A asking late) is
    /// written to a run's file but never read from one: no range bounds
    /// either, and the page shows two clients with A asking at once. Such
    /// a file reads as the run without them, whose writes do not match.
    #[test]
    fn a_file_never_sets_what_only_the_explorer_adds() {
        let explored = Params {
            third: Some(3),
            a_arrives: 5,
            ..Params::default()
        };
        let json = serde_json::to_string(&RunReport::new(&simulate(&explored))).expect("serialise");
        assert!(
            json.contains("\"third\":3") && json.contains("\"a_arrives\":5"),
            "{json}"
        );
        let imported = from_json(&json).expect("reads");
        assert_eq!((imported.params.third, imported.params.a_arrives), (None, 0));
        assert!(validate_import(&imported).is_err());
    }

    #[test]
    fn a_grid_report_counts_its_cells_under_the_names_they_carry() {
        let base = Params {
            fencing: true,
            ..Params::default()
        };
        let report = GridReport::new(crate::sweep::grid(&base, &[5, 10, 13, 20], &[0, 10, 11, 14, 20]));
        let value = serde_json::to_value(&report).expect("serialise");
        let mut tally = BTreeMap::new();
        for cell in value["grid"]["cells"].as_array().expect("cells") {
            *tally
                .entry(cell["outcome"].as_str().expect("outcome").to_owned())
                .or_insert(0) += 1;
        }
        let counts: BTreeMap<String, u64> = value["counts"]
            .as_object()
            .expect("counts")
            .iter()
            .map(|(k, v)| (k.clone(), v.as_u64().expect("count")))
            .collect();
        assert_eq!(counts, tally);
        // Every kind a fenced staircase has, under its cells' names.
        assert_eq!(
            counts.keys().map(String::as_str).collect::<Vec<_>>(),
            ["clean", "stale_accepted", "stale_rejected"]
        );
        assert_eq!((report.formula_agrees, report.formula_cells), (20, 20));
    }

    #[test]
    fn every_scenario_run_imports_back_to_its_parameters() {
        for s in crate::beyond::Scenario::ALL {
            for values in [s.defaults(), s.with_remedy()] {
                let p = s.params(&values);
                assert_eq!(validate_import(&round_trip(p)), Ok(p), "{s:?}");
            }
        }
        // Files written before faults existed have no `fault` field.
        let old = r#"{"params":{"servers":5,"ttl":10,"pause_from":2,"pause_len":14,"b_arrives":12,
            "fencing":false,"comparison":"lt","expiry":true,"a_crashes":false,"recheck_at":null,
            "b_writes_twice":false},"final_value":"A"}"#;
        let imported = from_json(old).expect("an old file still reads");
        assert_eq!(validate_import(&imported), Ok(Params::default()));
        // A serialiser that drops null fields drops `recheck_at` when unset.
        let dropped = old.replace("\"recheck_at\":null,", "");
        let imported = from_json(&dropped).expect("a file without nulls reads");
        assert_eq!(validate_import(&imported), Ok(Params::default()));
        // ... and a list of writes that is null reads as no writes.
        let null_writes = old.replace("\"final_value\":\"A\"", "\"final_value\":\"A\",\"writes\":null");
        let imported = from_json(&null_writes).expect("null writes read");
        assert!(imported.writes.is_empty());
    }

    #[test]
    fn files_that_are_not_runs_say_why() {
        assert!(from_json("hello").unwrap_err().starts_with("not JSON"));
        for (text, why) in [
            (r#"{"a": 1}"#, "missing field `params`"),
            (
                r#"{"params": 3, "final_value": "A"}"#,
                "invalid type: integer `3`",
            ),
            (
                r#"{"params": {"servers": -1}, "final_value": "A"}"#,
                "invalid value: integer `-1`, expected u16",
            ),
            (
                r#"{"params": {"servers": 70000}, "final_value": "A"}"#,
                "invalid value: integer `70000`, expected u16",
            ),
        ] {
            match from_json(text) {
                Err(message) => assert!(message.contains(why), "{text}: {message}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        let report = serde_json::to_string(&RunReport::new(&simulate(&Params::default()))).unwrap();
        for (from, to, why) in [
            (
                "\"comparison\":\"lt\"",
                "\"comparison\":\"ne\"",
                "unknown variant `ne`",
            ),
            (
                "\"fault\":\"none\"",
                "\"fault\":{\"meteor\":{}}",
                "unknown variant `meteor`",
            ),
            ("\"fault\":\"none\"", "\"fault\":7", "invalid type: integer `7`"),
            (
                "\"fencing\":false",
                "\"fencing\":0",
                "invalid type: integer `0`, expected a boolean",
            ),
            ("\"writes\":[", "\"writes\":[7,", "invalid type: integer `7`"),
        ] {
            assert!(report.contains(from), "{from}");
            match from_json(&report.replacen(from, to, 1)) {
                Err(message) => assert!(message.contains(why), "{to}: {message}"),
                other => panic!("{to}: {other:?}"),
            }
        }
        // A cut file is not JSON, whatever it began as.
        assert!(from_json(&report[..report.len() / 2])
            .unwrap_err()
            .starts_with("not JSON"));
    }

    #[test]
    fn an_edited_report_is_refused_with_a_reason() {
        let mut edited = round_trip(Params::default());
        edited.final_value = "AB".into();
        assert!(validate_import(&edited).unwrap_err().contains("final value"));
        let mut bad = round_trip(Params::default());
        bad.params.servers = 0;
        assert!(validate_import(&bad).unwrap_err().contains("servers = 0"));
        let mut writes = round_trip(Params::default());
        writes.writes[0].accepted = false;
        assert!(validate_import(&writes).unwrap_err().contains("writes"));
    }
}
