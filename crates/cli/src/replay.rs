//! `dlock replay FILE`: a counterexample `dlock check --trace` wrote, run
//! again from the choices its trace carries and printed as a transcript,
//! once its recorded states are found to be the ones those choices make,
//! its choices to be a whole run of its bound (none left over), and its
//! run to break the property its `#meta` claims where it says.

use crate::args::Command;
use dlock_core::explore::step::{check_steps, first_break};
use dlock_core::explore::{itf, replay, Property};
use dlock_core::transcript;
use serde_json::Value;

/// What a trace says to replay it: its `dlock check` line, its choices,
/// and what it claims they break (a property, after how many steps, at
/// which tick).
struct Wanted {
    command: String,
    steps: Vec<u32>,
    property: Property,
    length: u64,
    broken_at: u64,
    /// The index of the state it says broke the property (traces written
    /// before it was added leave it out).
    broken_state: Option<u64>,
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
    let code = dlock["property"].as_str().unwrap_or_default();
    let property = Property::ALL
        .into_iter()
        .find(|p| p.code() == code)
        .ok_or_else(|| format!("its #meta.dlock.property '{code}' is not a property dlock checks"))?;
    let (Some(length), Some(broken_at)) = (dlock["length"].as_u64(), dlock["broken_at"].as_u64()) else {
        return Err("its #meta.dlock has no length and broken_at: where does it break?".to_owned());
    };
    Ok(Wanted {
        command: command.to_owned(),
        steps,
        property,
        length,
        broken_at,
        broken_state: dlock["broken_state"].as_u64(),
    })
}

/// The trace with every integer written as ITF's `{"#bigint": "…"}` (as
/// Apalache, Quint and itf-py write them) read as the plain number dlock
/// writes, so that either form replays.
fn plain_integers(value: Value) -> Value {
    match value {
        Value::Object(fields) => {
            if let (1, Some(Value::String(digits))) = (fields.len(), fields.get("#bigint")) {
                if let Ok(n) = digits.parse::<i64>() {
                    return Value::from(n);
                }
            }
            Value::Object(fields.into_iter().map(|(k, v)| (k, plain_integers(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(plain_integers).collect()),
        other => other,
    }
}

/// The transcript, or what is wrong and the exit status to leave with: 2
/// for a file that is not a trace dlock wrote, 1 for one whose states its
/// choices no longer make (edited, or from another version of the model)
/// or whose run does not prove what its `#meta` claims.
pub fn output(file: &str) -> Result<String, (String, u8)> {
    let bad = |message: String| (format!("{file}: {message}"), 2);
    let text = std::fs::read_to_string(file).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let trace: Value = serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let trace = plain_integers(trace);
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
    // A trace proves what it claims, or it is refused: its choices a whole
    // run of its bound, and that run broken where the trace says.
    let false_claim = |message: String| (format!("{file}: {message}"), 1);
    check_steps(&args.config, &args.bound, &wanted.steps)
        .map_err(|e| false_claim(format!("its choices are not a run of its bound: {e}")))?;
    let code = wanted.property.code();
    match first_break(&args.config, &args.bound, &wanted.steps, wanted.property) {
        None => return Err(false_claim(format!("its #meta claims {code}, which its run never breaks"))),
        Some((length, at)) if (u64::from(length), u64::from(at)) != (wanted.length, wanted.broken_at) => {
            return Err(false_claim(format!(
                "its run breaks {code} after {length} steps at t={at}, not after {} at t={} as its #meta claims",
                wanted.length, wanted.broken_at
            )))
        }
        Some(_) => {}
    }
    if let Some(index) = wanted.broken_state.filter(|&i| i + 1 != wanted.length) {
        return Err(false_claim(format!(
            "its #meta names state {index} as the break, but its run breaks {code} at state {}",
            wanted.length.saturating_sub(1)
        )));
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
