//! Picking a cell without pointing at it. On a phone the staircase's cells
//! are a few pixels wide, too small for a finger, yet the shape is the
//! point: the picture stays whole, and two lists — lease length and pause —
//! name a cell instead. Its outcome is said in words, and a button loads it.

use super::layout::cell_tooltip;
use crate::draw::markup::escape;
use dlock_core::sweep::Grid;
use dlock_core::Tick;
use leptos::prelude::*;

/// A cell of `grid` in words: the tooltip's text.
pub fn cell_words(grid: &Option<Grid>, (row, col): (usize, usize)) -> Option<String> {
    let grid = grid.as_ref()?;
    let p = grid.params_at(row, col)?;
    Some(cell_tooltip(&grid.cell(row, col)?, p.ttl, p.pause_len))
}

/// One `<option>` per value of an axis, as markup (escaped).
fn options(values: &[Tick]) -> String {
    values
        .iter()
        .enumerate()
        .map(|(i, t)| format!("<option value=\"{i}\">{}</option>", escape(&t.to_string())))
        .collect()
}

#[component]
pub fn CellPicker(
    grid: RwSignal<Option<Grid>>,
    /// The cell of the page's own run, where the lists start.
    current: Memo<Option<(usize, usize)>>,
    load: Callback<(usize, usize)>,
) -> impl IntoView {
    // The page's own cell until the reader picks another (the grid may not
    // be computed yet when the picker is made).
    let picked = RwSignal::new(None::<(usize, usize)>);
    let chosen = move || picked.get().or(current.get()).unwrap_or((0, 0));
    let pick = move |ev: leptos::ev::Event, axis: usize| {
        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
            let mut c = chosen();
            if axis == 0 {
                c.0 = i;
            } else {
                c.1 = i;
            }
            picked.set(Some(c));
        }
    };
    view! {
        <div class="cell-picker" data-testid="cell-picker">
            <label>"lease ttl "
                <select data-testid="pick-ttl" on:change=move |ev| pick(ev, 0)
                    inner_html=move || grid.with(|g| g.as_ref().map(|g| options(&g.ttls)))
                    prop:value=move || chosen().0.to_string()></select>
            </label>
            <label>" pause "
                <select data-testid="pick-pause" on:change=move |ev| pick(ev, 1)
                    inner_html=move || grid.with(|g| g.as_ref().map(|g| options(&g.pause_lens)))
                    prop:value=move || chosen().1.to_string()></select>
            </label>
            <button type="button" data-testid="pick-load" on:click=move |_| load.run(chosen())>"Load this cell"</button>
            <p class="picked" aria-live="polite" data-testid="pick-words"
                prop:textContent=move || grid.with(|g| cell_words(g, chosen()))></p>
        </div>
    }
}
