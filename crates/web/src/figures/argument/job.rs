//! The table's searches, run by dlock-core's explorer in a worker of their
//! own (`Channel::Argument`), a group of cells sharing a bound at a time:
//! when a group's last cell is done, the next group is asked for. The
//! bounds are fixed, so the searches run once a page.

use crate::browser::timing::mark;
use crate::browser::worker::client::{self, Channel, Heard};
use crate::state::CheckProgress;
use dlock_core::explore::argument::groups;
use dlock_core::explore::wire::{self, Said};
use dlock_core::explore::Config;
use leptos::prelude::*;

/// Starts the searches unless they have started already.
pub fn start(progress: RwSignal<CheckProgress>) {
    let begun = progress.with_untracked(|p| p.current.is_some() || p.done() > 0);
    if !begun {
        mark("dlock:argument-started");
        ask_group(0, progress);
    }
}

fn ask_group(index: usize, progress: RwSignal<CheckProgress>) {
    let groups = groups();
    let Some((bound, cells)) = groups.get(index).cloned() else {
        mark("dlock:argument-done");
        return;
    };
    // The group's first cell's place in the table.
    let first: usize = groups[..index].iter().map(|(_, cells)| cells.len()).sum();
    let configs: Vec<Config> = cells.iter().map(|c| c.config()).collect();
    progress.update(|p| p.current = Some((first, 0)));
    let request = wire::request(&configs, &bound);
    client::ask(Channel::Argument, request, move |heard: Heard| {
        let last = matches!(&heard, Ok(Said::Done { row, .. }) if *row as usize + 1 == configs.len());
        progress.update(|p| p.hear_from(first, heard, &configs, &bound));
        if last {
            ask_group(index + 1, progress);
        }
    });
}
