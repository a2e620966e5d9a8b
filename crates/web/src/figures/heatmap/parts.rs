//! The staircase's smaller parts: its inputs, the tooltip, the colour key,
//! the sentence on the closed form, and what a key does on the canvas.

use super::layout::HeatGeometry;
use crate::controls::inputs::{Axis, ListField, NumberField, Toggle};
use crate::draw::geometry::Coord;
use crate::draw::palette::Scheme;
use crate::settings::Field;
use crate::state::AppState;
use dlock_core::command;
use dlock_core::sweep::Grid;
use leptos::prelude::*;

/// The staircase's own inputs: its axes, and the parameters that move the
/// staircase rather than a cell of it.
#[component]
pub fn HeatmapControls(state: AppState) -> impl IntoView {
    view! {
        // Printed in place of the inputs, as the timeline's panel is.
        <p class="settings-line print-only" prop:textContent=move || format!("Grid: {}.", state.params.with(dlock_core::transcript::describe_grid))></p>
        <div class="heatmap-controls">
            <ListField state which=Axis::Ttl />
            <ListField state which=Axis::Pause />
            <NumberField state field=Field::BArrives scope="heatmap-" />
            <NumberField state field=Field::PauseFrom scope="heatmap-" />
            <NumberField state field=Field::Servers scope="heatmap-" />
            <Toggle state name=dlock_core::names::FENCING testid="heatmap-fencing"
                get=|p| p.fencing set=|p, v| p.fencing = v />
        </div>
    }
}

/// What a key pressed on the canvas does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// Load the cell into the timeline.
    Load,
    /// Move the focus to this cell (row, column).
    MoveTo((usize, usize)),
}

/// What `key` does with the focus at `at` on a grid of `size` (rows,
/// columns): arrows move within the grid (up is a longer lease), Enter and
/// Space load the cell; other keys do nothing.
pub fn key_action(key: &str, at: (usize, usize), size: (usize, usize)) -> Option<KeyAction> {
    let (row, col) = at;
    let (rows, cols) = size;
    let moved = match key {
        "ArrowUp" => (row + 1, col),
        "ArrowDown" => (row.saturating_sub(1), col),
        "ArrowRight" => (row, col + 1),
        "ArrowLeft" => (row, col.saturating_sub(1)),
        "Enter" | " " => return Some(KeyAction::Load),
        _ => return None,
    };
    Some(KeyAction::MoveTo((
        moved.0.min(rows.saturating_sub(1)),
        moved.1.min(cols.saturating_sub(1)),
    )))
}

/// The cell under the pointer, in words, above it.
#[component]
pub fn Tooltip(
    hover: RwSignal<Option<(usize, usize)>>,
    geometry: Memo<HeatGeometry>,
    words: impl Fn((usize, usize)) -> Option<String> + Send + Sync + Copy + 'static,
) -> impl IntoView {
    move || {
        let (row, col) = hover.get()?;
        let text = words((row, col))?;
        let g = geometry.get();
        let (x, y, w, _) = g.cell_rect(row, col);
        let left = (x + w / 2.0).clamp(80.0, (g.width - 80.0).max(80.0));
        // In shares of the plot, which is shown larger than its geometry
        // when projected.
        let share = |v: f64, of: f64| format!("{}%", Coord(100.0 * v / of.max(1.0)));
        Some(view! {
            <div class="heat-tooltip" data-testid="heatmap-tooltip" role="tooltip"
                style:left=share(left, g.width) style:top=share((y - 6.0).max(0.0), g.height) prop:textContent=text></div>
        })
    }
}

/// The key under the canvas: core's counts, then B's wait shading, in the
/// colours of the theme. Every swatch is a gradient (a plain one runs from
/// a colour to itself), so the entries share one view.
#[component]
pub fn Key(grid: RwSignal<Option<Grid>>, scheme: Signal<Scheme>) -> impl IntoView {
    let entries = move || {
        grid.with(|g| {
            g.as_ref().map(|g| {
                super::layout::key(g, scheme.get())
                    .into_iter()
                    .map(|entry| {
                        let ((r0, g0, b0), (r1, g1, b1)) = (entry.from, entry.to);
                        let (testid, class) = if entry.shaded() {
                            ("heatmap-wait-legend", "swatch wide")
                        } else {
                            ("", "swatch")
                        };
                        view! {
                            <li data-testid=testid><span class=class
                                style:background-image=format!("linear-gradient(to right, rgb({r0},{g0},{b0}), rgb({r1},{g1},{b1}))")></span>
                            <span prop:textContent=entry.text></span></li>
                        }
                    })
                    .collect_view()
            })
        })
    };
    view! { <ul class="legend">{entries}</ul> }
}

/// What the closed form says of the grid, then the same staircase in a
/// terminal (behind a disclosure), from dlock-core, as markup.
pub fn agreement(g: &Grid) -> String {
    let command = command::grid_command(&g.base, &g.ttls, &g.pause_lens);
    let said = crate::draw::markup::escape(&super::caption::agreement(g));
    let cost = super::caption::registration_cost(g).map_or_else(String::new, |c| {
        format!(
            "<p data-testid=\"registration-cost\">{}</p>",
            crate::draw::markup::escape(&c)
        )
    });
    let command = crate::figures::panels::markup::with_command("", &command, "heatmap-command", "");
    format!("<p>{said}</p>{cost}<details class=\"command-line\"><summary>The same grid in a terminal</summary>{command}</details>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_move_within_the_grid_and_enter_loads() {
        let size = (3, 4);
        assert_eq!(
            key_action("ArrowUp", (0, 0), size),
            Some(KeyAction::MoveTo((1, 0)))
        );
        assert_eq!(
            key_action("ArrowUp", (2, 0), size),
            Some(KeyAction::MoveTo((2, 0))),
            "top row stays"
        );
        assert_eq!(
            key_action("ArrowDown", (0, 0), size),
            Some(KeyAction::MoveTo((0, 0)))
        );
        assert_eq!(
            key_action("ArrowRight", (1, 3), size),
            Some(KeyAction::MoveTo((1, 3)))
        );
        assert_eq!(
            key_action("ArrowLeft", (1, 3), size),
            Some(KeyAction::MoveTo((1, 2)))
        );
        assert_eq!(key_action("Enter", (1, 1), size), Some(KeyAction::Load));
        assert_eq!(key_action(" ", (1, 1), size), Some(KeyAction::Load));
        assert_eq!(key_action("a", (1, 1), size), None);
    }
}
