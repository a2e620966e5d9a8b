//! The ttl × pause staircase: computed from dlock-core in short slices (so
//! dragging a slider never blocks input), painted on two stacked canvases
//! (the grid, and the marks on top), with a tooltip, click-to-load,
//! keyboard navigation and a hidden data table for screen readers and tests.

use super::layers::Layers;
use super::layout::HeatGeometry;
use super::paint::{parse_css_rgb, PAPER_INK};
use super::parts::{agreement, key_action, Key, KeyAction, Tooltip};
use super::picker::{cell_words, CellPicker};
use super::slice::keep_going;
use crate::browser::timing::{mark, now_ms, Debounce};
use crate::browser::{document, events};
use crate::draw::palette::Scheme;
use crate::draw::projection;
use crate::settings::Field;
use crate::state::AppState;
use dlock_core::sweep::{self, Cell, Grid};
use dlock_core::{Params, Tick};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;

// Performance marks (`browser::timing::mark`): `dlock:heatmap-painted`
// whenever a new picture is on the canvases (the benchmark times it), and
// one per layer (`-grid-painted`, `-axes-painted`) so tests can see which
// layers a change repainted.

/// A grid being computed across frames.
struct Job {
    generation: u64,
    base: Params,
    ttls: Vec<Tick>,
    pauses: Vec<Tick>,
    next_row: usize,
    cells: Vec<Cell>,
}

fn run_job(
    job: Rc<RefCell<Job>>,
    current: StoredValue<u64>,
    done: RwSignal<Option<Grid>>,
    progress: RwSignal<f64>,
    finished: RwSignal<u64>,
) {
    let mut guard = job.borrow_mut();
    if guard.generation != current.get_value() {
        return; // superseded by a newer request
    }
    let started = now_ms();
    let j = &mut *guard;
    // Row by row until the slice is used up (at least one row per slice),
    // or a little past it to finish a grid that is nearly done.
    let first_row = j.next_row;
    while j.next_row < j.ttls.len() {
        let row = j.next_row;
        sweep::grid_rows(&j.base, &j.ttls[row..row + 1], &j.pauses, &mut j.cells);
        j.next_row += 1;
        let done = (j.next_row - first_row) as u32;
        let left = (j.ttls.len() - j.next_row) as u32;
        if !keep_going(now_ms() - started, done, left) {
            break;
        }
    }
    let (base, end) = (j.base, j.next_row);
    if end >= j.ttls.len() {
        let grid = Grid {
            base,
            ttls: std::mem::take(&mut j.ttls),
            pause_lens: std::mem::take(&mut j.pauses),
            cells: std::mem::take(&mut j.cells),
        };
        mark("dlock:grid-computed");
        progress.set(1.0);
        done.set(Some(grid));
        finished.update(|n| *n += 1);
    } else {
        progress.set(end as f64 / j.ttls.len() as f64);
        drop(guard);
        // A task, not an animation frame: frames stop in a hidden tab or an
        // iframe scrolled out of view, and the grid must still finish.
        set_timeout(
            move || run_job(job, current, done, progress, finished),
            std::time::Duration::ZERO,
        );
    }
}

/// The grid for the current settings, kept up to date across frames, with
/// its progress and a count of grids completed (exposed for benchmarks).
fn use_grid(state: AppState) -> (RwSignal<Option<Grid>>, RwSignal<f64>, RwSignal<u64>) {
    let grid = RwSignal::new(None::<Grid>);
    let progress = RwSignal::new(1.0);
    let finished = RwSignal::new(0u64);
    let generation = StoredValue::new(0u64);
    // What the grid depends on. Dragging the lease length or the end of A's
    // pause leaves it unchanged, and the grid is kept.
    let wanted = Memo::new(move |_| {
        let base = sweep::grid_base(&state.params.get());
        state
            .settings
            .with(|s| (base, s.heat_ttls.clone(), s.heat_pauses.clone()))
    });
    Effect::new(move |_| {
        let (base, ttls, pauses) = wanted.get();
        let next = generation.get_value() + 1;
        generation.set_value(next);
        mark("dlock:grid-requested");
        progress.set(0.0);
        let job = Job {
            generation: next,
            base,
            ttls,
            pauses,
            next_row: 0,
            cells: Vec::new(),
        };
        run_job(Rc::new(RefCell::new(job)), generation, grid, progress, finished);
    });
    (grid, progress, finished)
}

/// The hidden table: every cell's outcome as text. Built as one string
/// (tens of thousands of cells) from numbers and fixed labels only.
fn table_html(grid: &Grid) -> String {
    use std::fmt::Write;
    // Row and column headers say where a cell is; a cell holds only its
    // outcome, so a 400 × 400 grid stays a few megabytes of markup.
    let mut html = String::with_capacity(256 + grid.pause_lens.len() * 32 + grid.cells.len() * 24);
    html.push_str("<caption>Outcome of every cell: rows are lease ttl, columns pause length</caption><thead><tr><th scope=\"col\">ttl \\ pause</th>");
    for p in &grid.pause_lens {
        let _ = write!(html, "<th scope=\"col\">{p}</th>");
    }
    html.push_str("</tr></thead><tbody>");
    for (row, ttl) in grid.ttls.iter().enumerate() {
        let _ = write!(html, "<tr><th scope=\"row\">{ttl}</th>");
        for col in 0..grid.pause_lens.len() {
            if let Some(cell) = grid.cell(row, col) {
                html.push_str("<td>");
                html.push_str(cell.outcome.label());
                html.push_str("</td>");
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody>");
    html
}

/// How long the grid must stay unchanged before its hidden table is built.
const TABLE_DELAY: std::time::Duration = std::time::Duration::from_millis(120);

fn foreground(canvas: &web_sys::HtmlCanvasElement) -> (u8, u8, u8) {
    document::text_colour(canvas)
        .and_then(|c| parse_css_rgb(&c))
        .unwrap_or(PAPER_INK)
}

/// The text colour of the page's theme, for the marks drawn on the
/// canvas. Reading it forces a style recalculation, so it is read once
/// and again only when the colour scheme changes. On paper it is the
/// light theme's, whatever the screen shows (the stylesheet's dark theme
/// is for screens only): the browser announces printing before it lays
/// the page out for paper, and the canvases repaint in time.
fn use_ink(canvas_ref: NodeRef<leptos::html::Canvas>) -> Memo<(u8, u8, u8)> {
    let theme = RwSignal::new(0u32);
    let printing = RwSignal::new(false);
    events::on_media_change("(prefers-color-scheme: dark)", move || theme.update(|n| *n += 1));
    for (event, now_printing) in [("beforeprint", true), ("afterprint", false)] {
        events::on_window(event, move || {
            let _ = printing.try_set(now_printing);
        });
    }
    Memo::new(move |_| {
        theme.track();
        if printing.get() {
            PAPER_INK
        } else {
            canvas_ref.get().map_or(PAPER_INK, |c| foreground(&c))
        }
    })
}

/// The staircase, drawn for `width` (the page's, or the column it stands
/// in beside its words). Its inputs are `HeatmapControls`, placed by the
/// page around it.
#[component]
pub fn Heatmap(state: AppState, #[prop(into)] width: Signal<f64>) -> impl IntoView {
    let (grid, progress, finished) = use_grid(state);
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let marks_ref = NodeRef::<leptos::html::Canvas>::new();
    let axes_ref = NodeRef::<leptos::html::Canvas>::new();
    let hover = RwSignal::new(None::<(usize, usize)>);
    let focused = RwSignal::new(None::<(usize, usize)>);
    let (geometry, zoom) = sized(grid, width);
    let current = current_cell(state, grid);
    let ink = use_ink(canvas_ref);
    let layers = Layers {
        grid,
        geometry,
        ink,
        zoom,
    };
    layers.paint_grid(canvas_ref, grid_up_to_date(state, grid));
    layers.paint_axes(axes_ref);
    layers.paint_marks(marks_ref, current, focused);

    let cell_under = move |ev: &leptos::ev::MouseEvent| cell_under_pointer(canvas_ref, geometry, ev);
    let load = move |cell: (usize, usize)| load_cell(state, grid, cell);
    let on_move = move |ev: leptos::ev::MouseEvent| hover.set(cell_under(&ev));
    let on_leave = move |_| hover.set(None);
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(cell) = cell_under(&ev) {
            focused.set(Some(cell));
            load(cell);
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let g = geometry.get_untracked();
        let at = focused
            .get_untracked()
            .or(current.get_untracked())
            .unwrap_or((0, 0));
        match key_action(&ev.key(), at, (g.rows, g.cols)) {
            Some(KeyAction::Load) => load(at),
            Some(KeyAction::MoveTo(cell)) => {
                focused.set(Some(cell));
                hover.set(Some(cell));
            }
            None => return,
        }
        ev.prevent_default();
    };
    // One cell in words: the tooltip's text, and what a screen reader hears
    // as the keyboard moves from cell to cell (the canvas itself is silent).
    let cell_words = move |cell: (usize, usize)| grid.with(|g| cell_words(g, cell));
    let (table, table_for) = use_table(grid, finished);
    let picker_start = current_cell(state, grid);
    view! {
        <figure class="heatmap" data-testid="heatmap" data-grids-done=move || finished.get()
            data-table-grid=move || { table.track(); table_for.get_value() }>
            <Caption progress />
            <div class="heat-wrap">
                <canvas node_ref=canvas_ref tabindex="0" role="img" data-testid="heatmap-canvas"
                    aria-label="Heatmap of outcomes by lease ttl and pause length; the table below has every cell"
                    on:mousemove=on_move on:mouseleave=on_leave on:click=on_click on:keydown=on_key></canvas>
                <canvas node_ref=axes_ref class="heat-layer" aria-hidden="true"></canvas>
                <canvas node_ref=marks_ref class="heat-layer" aria-hidden="true"></canvas>
                <Tooltip hover geometry words=cell_words />
            </div>
            <p class="visually-hidden" aria-live="polite" data-testid="heatmap-focus-words"
                prop:textContent=move || focused.get().and_then(cell_words)></p>
            <CellPicker grid current=picker_start load=Callback::new(move |cell| load_cell(state, grid, cell)) />
            <Key grid scheme=Signal::derive(move || Scheme::for_ink(ink.get())) />
            <div data-testid="heatmap-agreement" inner_html=move || grid.with(|g| g.as_ref().map(agreement))></div>
            <div class="visually-hidden">
                <table data-testid="heatmap-table" inner_html=move || table.get()></table>
            </div>
        </figure>
    }
}

/// What the figure is, how to use it, and how far a grid in progress has
/// got.
#[component]
fn Caption(progress: RwSignal<f64>) -> impl IntoView {
    let busy = move || {
        (progress.get() < 1.0).then(|| {
            format!(
                " Computing… {}%",
                crate::draw::geometry::whole(progress.get() * 100.0)
            )
        })
    };
    view! {
        <figcaption>
            "Every cell is a full simulation at that lease length and pause. "
            <span class="screen-only">
            <span class="fine-pointer">"Hover for details; click (or focus and press Enter) to "</span>
            <span class="coarse-pointer">"Tap a cell for its details and to "</span>
            <span class="in-study">"load a cell into the lease timeline."</span>
            <span class="in-embed">"select a cell; the full study opens it in the lease timeline."</span>
            </span>
            <span class="busy" aria-live="polite" prop:textContent=busy></span>
        </figcaption>
    }
}

/// The cell of the timeline's current parameters, if it is on the grid.
fn current_cell(state: AppState, grid: RwSignal<Option<Grid>>) -> Memo<Option<(usize, usize)>> {
    Memo::new(move |_| {
        let p = state.params.get();
        grid.with(|g| {
            let g = g.as_ref()?;
            Some((
                g.ttls.iter().position(|&t| t == p.ttl)?,
                g.pause_lens.iter().position(|&x| x == p.pause_len)?,
            ))
        })
    })
}

/// Whether the grid on hand is the one the settings ask for; while a new
/// one is being computed the old picture stays, unrepainted. A memo, so
/// the grid layer repaints when this flips, not on every change of the
/// parameters it reads (a drag along the grid's own axes keeps it).
/// The plot's geometry, and how many times its size it is shown. On the
/// page, its width's and once; projected, it is drawn at the size it is
/// shown, so it is crisp, and no taller than leaves its axis and key in
/// the window.
fn sized(grid: RwSignal<Option<Grid>>, width: Signal<f64>) -> (Memo<HeatGeometry>, Memo<f64>) {
    let projected = use_context::<crate::controls::playback::KeysOnWindow>().is_some();
    let projector = move || document::window_size().filter(|_| projected);
    let zoom = Memo::new(move |_| {
        width.track();
        projector().map_or(1.0, |(w, _)| projection::scale_for(w))
    });
    let geometry = Memo::new(move |_| {
        let (rows, cols) = grid.with(|g| g.as_ref().map_or((1, 1), |g| (g.ttls.len(), g.pause_lens.len())));
        let plot = HeatGeometry::new(width.get(), rows, cols);
        match projector() {
            Some((w, h)) => plot.no_taller_than(projection::drawing_height_for(w, h)),
            None => plot,
        }
    });
    (geometry, zoom)
}

fn grid_up_to_date(state: AppState, grid: RwSignal<Option<Grid>>) -> Memo<bool> {
    Memo::new(move |_| {
        let want = state.params.with(sweep::grid_base);
        grid.with(|g| g.as_ref().is_some_and(|g| g.base == want))
    })
}

/// The cell under the pointer, if any.
fn cell_under_pointer(
    canvas_ref: NodeRef<leptos::html::Canvas>,
    geometry: Memo<HeatGeometry>,
    ev: &leptos::ev::MouseEvent,
) -> Option<(usize, usize)> {
    let canvas = canvas_ref.get_untracked()?;
    let element: &web_sys::Element = canvas.unchecked_ref();
    let rect = element.get_bounding_client_rect();
    let g = geometry.get_untracked();
    let scale = g.width / rect.width().max(1.0);
    g.cell_at(
        (f64::from(ev.client_x()) - rect.left()) * scale,
        (f64::from(ev.client_y()) - rect.top()) * scale,
    )
}

/// Loads a cell's lease length and pause into the page's parameters.
fn load_cell(state: AppState, grid: RwSignal<Option<Grid>>, (row, col): (usize, usize)) {
    let chosen = grid.with_untracked(|g| g.as_ref().and_then(|g| g.params_at(row, col)));
    if let Some(p) = chosen {
        let mut next = state.params.get_untracked();
        next.ttl = p.ttl;
        next.pause_len = p.pause_len;
        state.set_params(Field::Ttl.set(&next, u64::from(p.ttl)));
    }
}

/// The hidden table of every cell, and the grid it was built for. It can
/// hold tens of thousands of cells: it is built once the reader has paused
/// (a drag produces a grid per move), well after the canvas is painted, so
/// it never delays a frame.
fn use_table(grid: RwSignal<Option<Grid>>, finished: RwSignal<u64>) -> (RwSignal<String>, StoredValue<u64>) {
    let table = RwSignal::new(String::new());
    let table_for = StoredValue::new(0u64);
    let build_table = Debounce::new(TABLE_DELAY);
    Effect::new(move |_| {
        let generation = finished.get();
        build_table.call(move || {
            if table_for.get_value() != generation {
                table_for.set_value(generation);
                table.set(grid.with_untracked(|g| g.as_ref().map(table_html).unwrap_or_default()));
            }
        });
    });
    (table, table_for)
}
