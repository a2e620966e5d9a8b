//! `dlock replay FILE`: a counterexample `dlock check --trace` wrote, run
//! again from the choices its trace carries and printed as a transcript,
//! once its recorded states are found to be the ones those choices make.

use crate::args::Command;
use dlock_core::explore::{itf, replay};
use dlock_core::transcript;
use serde_json::Value;

/// What a trace says to replay it: its `dlock check` line and its choices.
struct Wanted {
    command: String,
    steps: Vec<u32>,
}

/// Reads what a trace `itf::trace` wrote needs to be replayed, or says in
/// one line what is missing.
fn wanted(trace: &Value) -> Result<Wanted, String> {
    if trace["#meta"]["format"] != "ITF" {
        return Err("not an ITF trace: its #meta has no \"format\": \"ITF\"".to_owned());
    }
    let dlock = &trace["#meta"]["dlock"];
    let command = dlock["command"]
        .as_str()
        .filter(|c| c.starts_with("dlock check"))
        .ok_or("its #meta.dlock.command is not a dlock check line: not a trace dlock wrote")?;
    let steps = dlock["steps"]
        .as_array()
        .ok_or("its #meta.dlock.steps is not a list of choices")?
        .iter()
        .map(|s| s.as_u64().and_then(|s| u32::try_from(s).ok()))
        .collect::<Option<Vec<u32>>>()
        .ok_or("its #meta.dlock.steps holds something other than choices")?;
    Ok(Wanted {
        command: command.to_owned(),
        steps,
    })
}

/// The transcript, or what is wrong and the exit status to leave with: 2
/// for a file that is not a trace dlock wrote, 1 for one whose states its
/// choices no longer make (edited, or from another version of the model).
pub fn output(file: &str) -> Result<String, (String, u8)> {
    let bad = |message: String| (format!("{file}: {message}"), 2);
    let text = std::fs::read_to_string(file).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let trace: Value = serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let wanted = wanted(&trace).map_err(bad)?;
    let words = wanted
        .command
        .split_whitespace()
        .skip(1)
        .map(std::ffi::OsString::from);
    let args = match crate::args::parse(std::iter::once("dlock".into()).chain(words)) {
        Ok(Command::Check(args)) => args,
        _ => {
            return Err(bad(format!(
                "its command '{}' is not a check dlock runs",
                wanted.command
            )))
        }
    };
    let made: Vec<Value> = itf::states(&args.config, &args.bound, &wanted.steps)
        .into_iter()
        .map(|s| serde_json::to_value(s).unwrap_or_default())
        .collect();
    let recorded: Vec<Value> = trace["states"]
        .as_array()
        .map(|states| states.iter().map(without_meta).collect())
        .unwrap_or_default();
    if let Some(at) = (0..made.len().max(recorded.len())).find(|&i| made.get(i) != recorded.get(i)) {
        return Err((
            format!("{file}: its state {at} is not the one its choices make: the trace was changed, or written by another model"),
            1,
        ));
    }
    let run = replay(&args.config, &args.bound, &wanted.steps);
    Ok(format!(
        "replay: {}\n{}\n{}",
        trace["#meta"]["description"].as_str().unwrap_or_default(),
        wanted.command,
        transcript::run_text(&run)
    ))
}

/// A recorded state without its `#meta`, as the model makes it.
fn without_meta(state: &Value) -> Value {
    let mut state = state.clone();
    if let Some(fields) = state.as_object_mut() {
        fields.remove("#meta");
    }
    state
}
