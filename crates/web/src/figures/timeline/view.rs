//! The lease timeline as SVG. Every coordinate comes from `layout`; this
//! file only draws, and turns pointer and key input into handle moves.

use super::drag::{key_target, Handle};
use super::layout::{layout_beside, without_grip, without_grips, Layout};
use super::markup::{self, handle_from_code};
use crate::browser::document;
use dlock_core::{Run, Tick};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The drag handle an event happened on, if any.
fn handle_of(ev: &web_sys::Event) -> Option<(Handle, web_sys::Element)> {
    let target: web_sys::Element = ev.target()?.dyn_into().ok()?;
    let grip = target.closest("[data-handle]").ok()??;
    let handle = handle_from_code(&grip.get_attribute("data-handle")?)?;
    Some((handle, grip))
}

/// The timeline as tables, for screen readers and anyone who cannot see the
/// drawing: every event in order, then every lease every server granted.
/// Visually hidden; the cells are core's transcript columns.
#[component]
fn DataTables(run: Signal<Run>) -> impl IntoView {
    view! {
        <div class="visually-hidden" data-testid="timeline-tables">
            <table>
                <caption>"Events of this run, in order"</caption>
                <thead><tr><th>"tick"</th><th>"client"</th><th>"event"</th><th>"detail"</th></tr></thead>
                <tbody inner_html=move || run.with(markup::event_rows)></tbody>
            </table>
            <table>
                <caption>"Leases granted by each server"</caption>
                <thead><tr>{dlock_core::transcript::GRANT_COLUMNS.map(|h| view! { <th>{h}</th> }).collect_view()}</tr></thead>
                <tbody inner_html=move || run.with(markup::lease_rows)></tbody>
            </table>
        </div>
    }
}

/// One run's timeline. `on_handle` receives a handle and the tick it was
/// moved to, by pointer drag or by arrow keys on a focused handle.
#[component]
pub fn Timeline(
    #[prop(into)] run: Signal<Run>,
    #[prop(into)] t_end: Signal<Tick>,
    #[prop(into)] width: Signal<f64>,
    #[prop(into)] cursor: Signal<Option<Tick>>,
    #[prop(into)] caption: Signal<String>,
    #[prop(into)] testid: String,
    on_handle: Callback<(Handle, Tick)>,
    /// Draw drag handles (off for runs whose parameters are not the page's).
    #[prop(default = true)]
    draggable: bool,
    /// A parameter the figure sets itself, whose handle is not drawn.
    #[prop(optional)]
    fixed: Option<Handle>,
    /// The events of a real run of the same parameters, drawn on lanes of
    /// their own under the model's.
    #[prop(optional)]
    recorded: Vec<dlock_core::recording::RecordedEvent>,
    /// Predicting (`predict=1`): only what has happened up to the cursor
    /// is drawn (`reveal`), and the tables wait with it.
    #[prop(optional, into)]
    predicting: Signal<bool>,
) -> impl IntoView {
    let drag = Drag::new();
    let geometry = Memo::new(move |_| {
        let l = run.with(|r| layout_beside(r, &recorded, width.get(), drag.axis_end(t_end.get())));
        let shown = predicting.get().then(|| cursor.get());
        drawn(l, (draggable, fixed), shown)
    });
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if let Some(handle) = drag.handle.get_untracked() {
            if let Some(t) = tick_under_pointer(svg_ref, geometry, &ev) {
                on_handle.run((handle, t));
            }
        }
    };
    // Handles are plain markup (see `markup`), so their events are caught
    // here, on the drawing, and read from `data-handle`.
    let on_down = move |ev: leptos::ev::PointerEvent| {
        let Some((handle, _)) = handle_of(&ev) else { return };
        ev.prevent_default();
        drag.start(handle, geometry.with_untracked(|l| l.scale.t1));
        if let Some(svg) = svg_ref.get_untracked() {
            let element: &web_sys::Element = svg.unchecked_ref();
            let _ = element.set_pointer_capture(ev.pointer_id());
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(moved) = key_move(&ev) {
            on_handle.run(moved);
        }
    };
    let stop = move |_| drag.stop();
    view! {
        <figure class="timeline" id=document::figure_element_id(&testid) data-testid=testid>
            <figcaption prop:textContent=caption></figcaption>
            <svg
                node_ref=svg_ref
                class="timeline-svg"
                class:dragging=move || drag.handle.get().is_some()
                role="group"
                aria-label=move || run.with(|r| format!("Lease timeline: {}", dlock_core::transcript::describe(&r.params)))
                width=move || geometry.with(|l| l.width)
                height=move || geometry.with(|l| l.height)
                viewBox=move || geometry.with(|l| format!("0 0 {} {}", l.width, l.height))
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=stop
                on:pointercancel=stop
                on:keydown=on_key
            >
                <g class="drawing" inner_html=move || drawing(geometry)></g>
                <CursorBand geometry cursor />
            </svg>
            {move || (!predicting.get()).then(|| view! { <DataTables run /> })}
        </figure>
    }
}

/// The layout as drawn: its grips as the figure allows (none, all but
/// a fixed one's, or all), and, predicting, only as far as `shown` says
/// (`Some` of the cursor).
fn drawn(l: Layout, (draggable, fixed): (bool, Option<Handle>), shown: Option<Option<Tick>>) -> Layout {
    let l = match (draggable, fixed) {
        (false, _) => without_grips(l),
        (true, Some(handle)) => without_grip(l, handle),
        (true, None) => l,
    };
    match shown {
        Some(cursor) => super::reveal::up_to(l, cursor),
        None => l,
    }
}

/// The drawing as markup, replaced whole whenever the layout changes:
/// after a key's own move, and again when the axis follows the settled
/// parameters a moment later. A handle that had the keyboard focus gets it
/// back each time (in a microtask, once the new markup is in, before any
/// further input), so the next arrow key still moves it.
fn drawing(geometry: Memo<Layout>) -> String {
    let body = geometry.with(markup::body);
    crate::browser::focus::keep_focus_across_replacement("data-handle");
    body
}

/// A drag in progress: which handle, and the end of the time axis when it
/// began. While a handle is dragged the axis stays as it was, so the tick
/// under the pointer does not slide away as the run (and with it the
/// axis) changes length.
#[derive(Clone, Copy)]
struct Drag {
    handle: RwSignal<Option<Handle>>,
    frozen_end: RwSignal<Option<Tick>>,
}

impl Drag {
    fn new() -> Drag {
        Drag {
            handle: RwSignal::new(None),
            frozen_end: RwSignal::new(None),
        }
    }

    fn start(self, handle: Handle, axis_end: Tick) {
        self.frozen_end.set(Some(axis_end));
        self.handle.set(Some(handle));
    }

    fn stop(self) {
        self.handle.set(None);
        self.frozen_end.set(None);
    }

    /// The axis to draw on: frozen during a drag, `t_end` otherwise.
    fn axis_end(self, t_end: Tick) -> Tick {
        self.frozen_end.get().unwrap_or(t_end)
    }
}

/// The tick under the pointer, in the drawing's own coordinates.
fn tick_under_pointer(
    svg_ref: NodeRef<leptos::svg::Svg>,
    geometry: Memo<Layout>,
    ev: &leptos::ev::PointerEvent,
) -> Option<Tick> {
    let svg = svg_ref.get_untracked()?;
    let element: &web_sys::Element = svg.unchecked_ref();
    let rect = element.get_bounding_client_rect();
    geometry.with_untracked(|l| {
        let x = (f64::from(ev.client_x()) - rect.left()) * (l.width / rect.width().max(1.0));
        Some(l.scale.tick_at(x))
    })
}

/// Where a key pressed on a grip moves it, if it is a key that moves
/// grips. The grip's markup announces where it sits and how far it goes.
fn key_move(ev: &leptos::ev::KeyboardEvent) -> Option<(Handle, Tick)> {
    let (handle, grip) = handle_of(ev)?;
    let read = |name| -> Tick { grip.get_attribute(name).and_then(|v| v.parse().ok()).unwrap_or(0) };
    let reach = (read("aria-valuemin"), read("aria-valuemax"));
    let next = key_target(&ev.key(), read("aria-valuenow"), reach)?;
    ev.prevent_default();
    ev.stop_propagation();
    Some((handle, next))
}

/// A translucent column over the cursor's tick, and a faint line down its
/// middle where events sit: it marks the tick without striking through the
/// labels it crosses, and stays visible when ticks are thin.
#[component]
fn CursorBand(geometry: Memo<Layout>, cursor: Signal<Option<Tick>>) -> impl IntoView {
    move || {
        let t = cursor.get()?;
        geometry.with(|l| {
            let (x, width) = l.scale.cursor_band(t, 3.0);
            let middle = x + width / 2.0;
            Some(view! {
                <g class="cursor">
                    <rect x=x y="0" width=width height=l.axis_y></rect>
                    <line x1=middle x2=middle y1="0" y2=l.axis_y></line>
                </g>
            })
        })
    }
}
