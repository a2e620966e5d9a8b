//! The run as one JSON-ready value: the CLI's `--json` schema, and the
//! page's export format.

use crate::audit::{
    self, HoldOverlap, LostUpdate, Outcome, Overlap, StaleAccept, StaleOverwrite, UnlockedWrite,
};
use crate::lock::Grant;
use crate::params::Params;
use crate::scenario::Run;
use crate::trace::Entry;
use crate::types::{Client, Tick, Token, Value};
use serde::Serialize;

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
    pub holder: Option<Client>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunReport {
    pub params: Params,
    pub quorum: u16,
    pub final_value: Value,
    pub serial_answer: Value,
    pub outcome: Outcome,
    pub b_acquired_at: Option<Tick>,
    pub b_waited: Option<Tick>,
    pub max_token: Token,
    pub end_tick: Tick,
    pub grants: Vec<Grant>,
    pub writes: Vec<WriteRow>,
    pub events: Vec<Entry>,
    pub overlapping_grants: Vec<Overlap>,
    pub overlapping_holds: Vec<HoldOverlap>,
    pub stale_overwrites: Vec<StaleOverwrite>,
    pub stale_accepts: Vec<StaleAccept>,
    pub unlocked_writes: Vec<UnlockedWrite>,
    pub lost_updates: Vec<LostUpdate>,
    /// One entry per tick from 0 to the end of the run.
    pub holder_at: Vec<HolderAt>,
}

impl RunReport {
    pub fn new(run: &Run) -> RunReport {
        let found = audit::audit(run);
        RunReport {
            params: run.params,
            quorum: run.quorum,
            final_value: run.final_value,
            serial_answer: run.serial_answer(),
            outcome: found.outcome,
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
            overlapping_grants: found.overlapping_grants,
            overlapping_holds: found.overlapping_holds,
            stale_overwrites: found.stale_overwrites,
            stale_accepts: found.stale_accepts,
            unlocked_writes: found.unlocked_writes,
            lost_updates: found.lost_updates,
            holder_at: (0..=run.end_tick)
                .map(|t| HolderAt {
                    t,
                    holder: run.holder_at(t),
                })
                .collect(),
        }
    }
}

/// The part of a run report an import needs: the parameters that produced
/// it and what it claims happened. Unknown fields are ignored.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct ImportedRun {
    pub params: Params,
    pub final_value: String,
    #[serde(default)]
    pub writes: Vec<ImportedWrite>,
}

#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct ImportedWrite {
    pub t: Tick,
    pub client: String,
    pub token: Token,
    pub accepted: bool,
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

    fn round_trip(params: Params) -> ImportedRun {
        let json = serde_json::to_string(&RunReport::new(&simulate(&params))).expect("serialise");
        serde_json::from_str(&json).expect("a report reads back as an import")
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
        let imported: ImportedRun = serde_json::from_str(old).expect("an old file still reads");
        assert_eq!(validate_import(&imported), Ok(Params::default()));
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
