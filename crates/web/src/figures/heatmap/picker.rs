//! Picking a cell without pointing at it. On a phone the staircase's cells
//! are a few pixels wide, too small for a finger, yet the shape is the
//! point: the picture stays whole, and two lists — lease length and pause —
//! name a cell instead. Its outcome is said in words, and a button loads it.

use dlock_core::sweep::Grid;
use leptos::prelude::*;

#[component]
pub fn CellPicker(
    grid: RwSignal<Option<Grid>>,
    /// The cell of the page's own run, where the lists start.
    current: Memo<Option<(usize, usize)>>,
    /// A cell in words (the tooltip's text).
    words: Callback<(usize, usize), Option<String>>,
    load: Callback<(usize, usize)>,
) -> impl IntoView {
    // The page's own cell until the reader picks another (the grid may not
    // be computed yet when the picker is made).
    let picked = RwSignal::new(None::<(usize, usize)>);
    let chosen = Signal::derive(move || picked.get().or(current.get()).unwrap_or((0, 0)));
    let axis = move |pick: fn(&Grid) -> &Vec<dlock_core::Tick>| {
        grid.with(|g| g.as_ref().map(|g| pick(g).clone()).unwrap_or_default())
    };
    let options = move |pick: fn(&Grid) -> &Vec<dlock_core::Tick>, selected: fn((usize, usize)) -> usize| {
        axis(pick)
            .into_iter()
            .enumerate()
            .map(|(i, t)| view! { <option value=i.to_string() selected=move || selected(chosen.get()) == i>{t}</option> })
            .collect_view()
    };
    let set = move |ev: leptos::ev::Event, which: fn(&mut (usize, usize), usize)| {
        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
            let mut c = chosen.get_untracked();
            which(&mut c, i);
            picked.set(Some(c));
        }
    };
    view! {
        <div class="cell-picker" data-testid="cell-picker">
            <label>"lease ttl "
                <select data-testid="pick-ttl" on:change=move |ev| set(ev, |c, i| c.0 = i)>
                    {move || options(|g| &g.ttls, |c| c.0)}
                </select>
            </label>
            <label>" pause "
                <select data-testid="pick-pause" on:change=move |ev| set(ev, |c, i| c.1 = i)>
                    {move || options(|g| &g.pause_lens, |c| c.1)}
                </select>
            </label>
            <button type="button" data-testid="pick-load" on:click=move |_| load.run(chosen.get_untracked())>
                "Load this cell"
            </button>
            <p class="picked" aria-live="polite" data-testid="pick-words"
                prop:textContent=move || words.run(chosen.get())></p>
        </div>
    }
}
