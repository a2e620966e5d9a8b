//! The lease timeline as SVG. Every coordinate comes from `layout`; this
//! file only draws, and turns pointer and key input into handle moves.

use super::layout::{layout, without_grips, Handle, Layout, Mark, FONT_PX};
use crate::geometry::text_width;
use dlock_core::{Run, Tick};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn draw_mark(
    m: &Mark,
    on_grip_down: Callback<Handle>,
    on_grip_key: Callback<(Handle, Tick, i64)>,
) -> AnyView {
    match m.clone() {
        Mark::Bar {
            x,
            y,
            w,
            h,
            class,
            label,
            title,
        } => {
            let text = label
                .filter(|t| text_width(t, FONT_PX - 1.0) + 8.0 <= w)
                .map(|t| {
                    view! { <text class="bar-label" x=x + 4.0 y=y + h / 2.0 + 4.0>{t}</text> }
                });
            view! {
                <g class=format!("bar {class}")>
                    <rect x=x y=y width=w height=h rx="2">
                        <title>{title}</title>
                    </rect>
                    {text}
                </g>
            }
            .into_any()
        }
        Mark::Point {
            x,
            y,
            class,
            label,
            label_x,
            label_y,
            title,
            ..
        } => {
            let r = 5.0;
            let diamond = format!("{},{} {},{} {},{} {},{}", x, y - r, x + r, y, x, y + r, x - r, y);
            let text = label.map(|t| {
                view! { <text class="point-label" x=label_x y=label_y text-anchor="middle">{t}</text> }
            });
            view! {
                <g class=format!("point {class}")>
                    <polygon points=diamond>
                        <title>{title}</title>
                    </polygon>
                    {text}
                </g>
            }
            .into_any()
        }
        Mark::Tick { x, y, h, class } => {
            view! { <line class=format!("tick {class}") x1=x x2=x y1=y y2=y + h></line> }.into_any()
        }
        Mark::Grip {
            x,
            y,
            h,
            handle,
            t,
            title,
        } => {
            let testid = match handle {
                Handle::PauseStart => "grip-pause-start",
                Handle::PauseEnd => "grip-pause-end",
                Handle::BArrival => "grip-b-arrival",
                Handle::Recheck => "grip-recheck",
            };
            let aria_label = title.clone();
            view! {
                <rect
                    class="grip"
                    data-testid=testid
                    x=x - 5.0
                    y=y
                    width="10"
                    height=h
                    tabindex="0"
                    role="slider"
                    aria-label=aria_label
                    aria-valuenow=t
                    on:pointerdown=move |ev| {
                        ev.prevent_default();
                        on_grip_down.run(handle);
                    }
                    on:keydown=move |ev| {
                        let step = match ev.key().as_str() {
                            "ArrowLeft" | "ArrowDown" => -1,
                            "ArrowRight" | "ArrowUp" => 1,
                            "PageDown" => -10,
                            "PageUp" => 10,
                            _ => return,
                        };
                        ev.prevent_default();
                        ev.stop_propagation();
                        on_grip_key.run((handle, t, step));
                    }
                >
                    <title>{title}</title>
                </rect>
            }
            .into_any()
        }
    }
}

fn draw_static(
    l: &Layout,
    on_grip_down: Callback<Handle>,
    on_grip_key: Callback<(Handle, Tick, i64)>,
) -> AnyView {
    let lanes = l
        .lanes
        .iter()
        .map(|lane| {
            view! {
                <g class=format!("lane {}", lane.class)>
                    <rect class="lane-bg" x="0" y=lane.y width=l.width height=lane.height></rect>
                    <text class="lane-label" x="4" y=lane.track_y + lane.track_h / 2.0 + 4.0>
                        {lane.label.clone()}
                    </text>
                </g>
            }
        })
        .collect_view();
    let axis_y = l.axis_y;
    let axis = l
        .axis
        .iter()
        .map(|a| {
            view! {
                <g class="axis-tick">
                    <line x1=a.x x2=a.x y1=axis_y y2=axis_y + 4.0></line>
                    <text x=a.x y=axis_y + 15.0 text-anchor="middle">{a.label.clone()}</text>
                </g>
            }
        })
        .collect_view();
    let instants = l
        .instants
        .iter()
        .map(|i| {
            let y = axis_y + 32.0 + f64::from(i.row) * 16.0;
            view! {
                <g class="instant">
                    <line x1=i.x x2=i.x y1=axis_y y2=y - 10.0></line>
                    <text x=i.label_x y=y text-anchor="middle">{i.label.clone()}</text>
                </g>
            }
        })
        .collect_view();
    let marks = l
        .marks
        .iter()
        .map(|m| draw_mark(m, on_grip_down, on_grip_key))
        .collect_view();
    view! {
        {lanes}
        <line class="axis" x1=l.scale.x0 x2=l.scale.x1 y1=axis_y y2=axis_y></line>
        {axis}
        {instants}
        {marks}
    }
    .into_any()
}

/// The timeline as tables, for screen readers and anyone who cannot see the
/// drawing: every event in order, then every lease every server granted.
/// Visually hidden; the cells are core's transcript columns.
#[component]
fn DataTables(run: Signal<Run>) -> impl IntoView {
    let events = move || {
        run.with(|r| {
            r.entries
                .iter()
                .map(|e| {
                    let (when, verb, detail) = dlock_core::transcript::entry_parts(e, &r.params);
                    view! { <tr><td>{when}</td><td>{e.client.to_string()}</td><td>{verb}</td><td>{detail}</td></tr> }
                })
                .collect_view()
        })
    };
    let grants = move || {
        run.with(|r| {
            dlock_core::transcript::grant_rows(r)
                .into_iter()
                .map(|cells| view! { <tr>{cells.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr> })
                .collect_view()
        })
    };
    view! {
        <div class="visually-hidden" data-testid="timeline-tables">
            <table>
                <caption>"Events of this run, in order"</caption>
                <thead><tr><th>"tick"</th><th>"client"</th><th>"event"</th><th>"detail"</th></tr></thead>
                <tbody>{events}</tbody>
            </table>
            <table>
                <caption>"Leases granted by each server"</caption>
                <thead><tr>{dlock_core::transcript::GRANT_COLUMNS.map(|h| view! { <th>{h}</th> }).collect_view()}</tr></thead>
                <tbody>{grants}</tbody>
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
) -> impl IntoView {
    let dragging = RwSignal::new(None::<Handle>);
    // While a handle is dragged the time axis stays as it was when the drag
    // began, so the tick under the pointer does not slide away as the run
    // (and with it the axis) changes length.
    let frozen_end = RwSignal::new(None::<Tick>);
    let axis_end = move || frozen_end.get().unwrap_or_else(|| t_end.get());
    let geometry = Memo::new(move |_| {
        let l = run.with(|r| layout(r, width.get(), axis_end()));
        if draggable {
            l
        } else {
            without_grips(l)
        }
    });
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();

    let on_grip_down = Callback::new(move |handle: Handle| {
        frozen_end.set(Some(geometry.with_untracked(|l| l.scale.t1)));
        dragging.set(Some(handle));
    });
    let on_grip_key = Callback::new(move |(handle, t, step): (Handle, Tick, i64)| {
        let next = (i64::from(t) + step).clamp(0, i64::from(u32::MAX)) as Tick;
        on_handle.run((handle, next));
    });
    let pointer_tick = move |ev: &leptos::ev::PointerEvent| -> Option<Tick> {
        let svg = svg_ref.get_untracked()?;
        let element: &web_sys::Element = svg.unchecked_ref();
        let rect = element.get_bounding_client_rect();
        geometry.with_untracked(|l| {
            let x = (f64::from(ev.client_x()) - rect.left()) * (l.width / rect.width().max(1.0));
            Some(l.scale.tick_at(x))
        })
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if let Some(handle) = dragging.get_untracked() {
            if let Some(t) = pointer_tick(&ev) {
                on_handle.run((handle, t));
            }
        }
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if dragging.get_untracked().is_some() {
            if let Some(svg) = svg_ref.get_untracked() {
                let element: &web_sys::Element = svg.unchecked_ref();
                let _ = element.set_pointer_capture(ev.pointer_id());
            }
        }
    };
    let stop = move |_| {
        dragging.set(None);
        frozen_end.set(None);
    };
    let cursor_line = move || {
        let t = cursor.get()?;
        geometry.with(|l| {
            let x = l.scale.x(t.min(l.scale.t1)) + l.scale.px_per_tick() / 2.0;
            Some(view! { <line class="cursor" x1=x x2=x y1="0" y2=l.axis_y></line> })
        })
    };
    view! {
        <figure class="timeline" data-testid=testid>
            <figcaption>{caption}</figcaption>
            <svg
                node_ref=svg_ref
                class="timeline-svg"
                class:dragging=move || dragging.get().is_some()
                role="group"
                aria-label=move || run.with(|r| format!("Lease timeline: {}", dlock_core::transcript::describe(&r.params)))
                width=move || geometry.with(|l| l.width)
                height=move || geometry.with(|l| l.height)
                viewBox=move || geometry.with(|l| format!("0 0 {} {}", l.width, l.height))
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=stop
                on:pointercancel=stop
            >
                {move || geometry.with(|l| draw_static(l, on_grip_down, on_grip_key))}
                {cursor_line}
            </svg>
            <DataTables run />
        </figure>
    }
}
