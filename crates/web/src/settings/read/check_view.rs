//! The "Every schedule" part of a link: the bound, and the counterexample
//! on show, each part checked against the bound it belongs to.

use super::{quote, Reader};
use crate::settings::check::{self, CheckView, Shown};
use dlock_core::explore::{self, Property};
use dlock_core::params::{Limit, RestartRemedy};
use dlock_core::Tick;

/// "Every schedule": the bound, and a counterexample on show, which needs
/// all three of its parts and is checked against the bound before it is
/// drawn.
pub(super) fn read_check(r: &mut Reader) -> CheckView {
    let mut view = read_bound(r);
    read_restart(r, &mut view);
    let (row_name, prop_name, steps_name) = (check::ROW, check::PROPERTY, check::STEPS);
    let given = [row_name, prop_name, steps_name].map(|n| r.get(n).map(str::to_owned));
    let [Some(row), Some(prop), Some(steps)] = &given else {
        let names = [row_name, prop_name, steps_name];
        if let Some(first) = names.iter().zip(&given).find_map(|(n, g)| g.as_ref().map(|_| *n)) {
            r.notice(
                first,
                format!("{row_name}, {prop_name} and {steps_name} go together; no counterexample is shown"),
            );
        }
        return view;
    };
    let rows = view.rows();
    let row_limit = Limit {
        name: row_name,
        min: 0,
        max: rows.len() as u32 - 1,
    };
    let Ok(row) = row.trim().parse::<u32>().map_err(|_| ()).and_then(|n| {
        if row_limit.contains(u64::from(n)) {
            Ok(n)
        } else {
            Err(())
        }
    }) else {
        r.notice(
            row_name,
            format!(
                "{row_name} = {} is not a row {row_limit}; no counterexample is shown",
                quote(row)
            ),
        );
        return view;
    };
    let Some(property) = Property::ALL.into_iter().find(|p| p.code() == prop.trim()) else {
        let codes: Vec<&str> = Property::ALL.iter().map(|p| p.code()).collect();
        r.notice(
            prop_name,
            format!(
                "{prop_name} = {} is not one of {}; no counterexample is shown",
                quote(prop),
                codes.join(", ")
            ),
        );
        return view;
    };
    let checked = check::parse_steps(steps).and_then(|steps| {
        explore::step::check_steps(&rows[row as usize], &view.bound(), &steps).map(|()| steps)
    });
    match checked {
        Ok(steps) => {
            let tick = read_tick(r, &rows[row as usize], &view, &steps);
            view.shown = Some(Shown {
                row: row as u8,
                property,
                steps,
                tick,
            })
        }
        Err(why) => r.notice(
            steps_name,
            format!(
                "{steps_name} = {}: {why}; no counterexample is shown",
                quote(steps)
            ),
        ),
    }
    view
}

/// The bound's numbers, each within its range; liveness's window within
/// the horizon, with a notice where a link asked for more.
fn read_bound(r: &mut Reader) -> CheckView {
    let d = CheckView::default();
    let mut view = d.clone();
    for knob in check::Knob::ALL {
        let value = r.number(knob.name(), &knob.limit(), d.number(knob));
        view.set_number(knob, value);
        let given = r.pairs.iter().any(|(k, _)| k == knob.name());
        if given && view.number(knob) < value {
            r.notice(
                knob.name(),
                format!(
                    "{} = {value} is longer than {} = {} leaves room for; using {}",
                    knob.name(),
                    check::Knob::Horizon.name(),
                    view.horizon,
                    view.number(knob)
                ),
            );
        }
    }
    view
}

/// `ck_t`: the counterexample's cursor, within the run its steps make.
fn read_tick(r: &mut Reader, config: &explore::Config, view: &CheckView, steps: &[u32]) -> Option<Tick> {
    r.get(check::TICK)?;
    let run = explore::replay(config, &view.bound(), steps);
    let limit = Limit {
        name: check::TICK,
        min: 0,
        max: dlock_core::history::horizon(&run).saturating_sub(1),
    };
    Some(r.number(check::TICK, &limit, 0))
}

/// `ck_restart`: a restart mode, which leaves no clock step (one fault at
/// a time, as `dlock check` refuses both).
fn read_restart(r: &mut Reader, view: &mut CheckView) {
    let Some(text) = r.get(check::RESTART).map(str::trim).filter(|t| !t.is_empty()) else {
        return;
    };
    let Some(restart) = RestartRemedy::from_code(text) else {
        let codes: Vec<&str> = RestartRemedy::ALL.iter().map(|m| m.code()).collect();
        let message = format!(
            "{} = {} is not one of {}; no restart is checked",
            check::RESTART,
            quote(text),
            codes.join(", ")
        );
        r.notice(check::RESTART, message);
        return;
    };
    if view.fault.clock_step() > 0 {
        let message = format!(
            "{} and {}: one fault at a time; the clock step is left out",
            check::RESTART,
            check::Knob::ClockStep.name()
        );
        r.notice(check::RESTART, message);
    }
    view.set_restart(Some(restart));
}
