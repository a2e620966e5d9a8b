//! Export each figure (SVG, PNG at 2×, JSON, transcript text) and import a
//! run's JSON. Everything is built in the page and handed to the browser
//! as a download from memory: no request leaves the page, and no image is
//! decoded, so it all works under a strict Content-Security-Policy.
//!
//! This module picks what each figure exports; `svg`, `png` and
//! `download` hold the how.

mod png;
mod svg;

use crate::browser::download::{download_canvas_png, download_text};
use crate::figures::heatmap::layout::{grid_svg, HeatGeometry};
use crate::figures::timeline::layout::layout;
use crate::settings::Figure;
use crate::state::AppState;
use dlock_core::report::{validate_import, GridReport, ImportError, ImportedRun, RunReport};
use dlock_core::{sweep, transcript};
use leptos::prelude::*;
use png::{offscreen_canvas, paint_lines, paint_timeline, recheck_png, sweeps_png};
use serde::Serialize;
use svg::{compose_svgs, figure_svg_markup, page_css, standalone_svg, svgs_in, text_svg};

/// The audit of the current run as lines of text, from core.
fn audit_lines(state: AppState) -> Vec<String> {
    state
        .run
        .with_untracked(|r| transcript::audit_lines(r, &r.audit()))
}

/// The run a scenario figure shows right now (outside any reactive scope).
fn scenario_run_now(state: AppState, scenario: dlock_core::beyond::Scenario) -> dlock_core::Run {
    scenario.run(&state.settings.with_untracked(|s| s.knob_values(scenario)))
}

fn download_json<T: Serialize>(stem: &str, report: &T) -> Result<(), String> {
    // Unset optional fields are written as null, and maps (a grid's counts)
    // as objects, as the CLI's JSON has them.
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    let value = report.serialize(&serializer).map_err(|e| e.to_string())?;
    let text =
        js_sys::JSON::stringify_with_replacer_and_space(&value, &wasm_bindgen::JsValue::NULL, &2.into())
            .map_err(|_| "could not write JSON".to_owned())?;
    download_text(&format!("{stem}.json"), "application/json", &String::from(text))
}

fn export(state: AppState, figure: Figure, kind: &str) -> Result<(), String> {
    let stem = format!("dlock-{}", figure.code());
    match (figure, kind) {
        (Figure::Timeline, "svg") => {
            let markup = figure_svg_markup("timeline").ok_or("the timeline is not on the page")?;
            download_text(
                &format!("{stem}.svg"),
                "image/svg+xml",
                &standalone_svg(&markup, &page_css()),
            )
        }
        (Figure::Timeline, "png") => {
            let l = state.run.with_untracked(|r| {
                layout(
                    r,
                    state.width.get_untracked().min(1100.0),
                    state.t_end.get_untracked(),
                )
            });
            let (canvas, context) = offscreen_canvas(l.width, l.height, 2.0)?;
            paint_timeline(&context, &l);
            download_canvas_png(&format!("{stem}.png"), &canvas)
        }
        (Figure::Heatmap, "svg" | "png" | "json") => {
            let (base, ttls, pauses) = state
                .settings
                .with_untracked(|s| (s.params, s.heat_ttls.clone(), s.heat_pauses.clone()));
            let grid = sweep::grid(&base, &ttls, &pauses);
            let g = HeatGeometry::new(
                state.width.get_untracked().min(1100.0),
                grid.ttls.len(),
                grid.pause_lens.len(),
            );
            match kind {
                "svg" => download_text(&format!("{stem}.svg"), "image/svg+xml", &grid_svg(&grid, &g)),
                "png" => png::heatmap_png(&grid, &g, &stem),
                // "json": what `dlock grid --json` prints for the same grid.
                _ => download_json(&stem, &GridReport::new(grid)),
            }
        }
        (Figure::Recheck, "svg") | (Figure::Sweeps, "svg") => {
            let selector = if figure == Figure::Recheck {
                "[data-testid=recheck]"
            } else {
                "[data-testid=lease-lengths], [data-testid=late-b]"
            };
            let parts = svgs_in(selector);
            if parts.is_empty() {
                return Err("the figure is not on the page".to_owned());
            }
            download_text(
                &format!("{stem}.svg"),
                "image/svg+xml",
                &compose_svgs(&parts, &page_css()),
            )
        }
        (Figure::Recheck, "png") => recheck_png(state, &stem),
        // The four runs, each as `dlock run --recheck-at C` prints it.
        (Figure::Recheck, "json" | "txt") => {
            let p = state.params.get_untracked();
            let runs: Vec<dlock_core::Run> = sweep::recheck_ticks(&p)
                .iter()
                .map(|&check| dlock_core::simulate(&crate::figures::recheck::with_check(&p, check)))
                .collect();
            if kind == "json" {
                download_json(&stem, &runs.iter().map(RunReport::new).collect::<Vec<_>>())
            } else {
                let texts: Vec<String> = runs.iter().map(transcript::run_text).collect();
                download_text(&format!("{stem}.txt"), "text/plain", &texts.join("\n"))
            }
        }
        (Figure::Sweeps, "png") => sweeps_png(state, &stem),
        (Figure::Beyond(scenario), "svg") => {
            let markup = figure_svg_markup(&format!("timeline-{}", scenario.code()))
                .ok_or("the figure is not on the page")?;
            download_text(
                &format!("{stem}.svg"),
                "image/svg+xml",
                &standalone_svg(&markup, &page_css()),
            )
        }
        (Figure::Beyond(scenario), "png") => {
            let run = scenario_run_now(state, scenario);
            let l = layout(
                &run,
                state.width.get_untracked().min(1100.0),
                dlock_core::history::horizon(&run),
            );
            let (canvas, context) = offscreen_canvas(l.width, l.height, 2.0)?;
            paint_timeline(&context, &l);
            download_canvas_png(&format!("{stem}.png"), &canvas)
        }
        (Figure::Beyond(scenario), "json") => {
            download_json(&stem, &RunReport::new(&scenario_run_now(state, scenario)))
        }
        (Figure::Beyond(scenario), "txt") => {
            let text = dlock_core::beyond::scenario_text(
                scenario,
                &state.settings.with_untracked(|s| s.knob_values(scenario)),
            );
            download_text(&format!("{stem}.txt"), "text/plain", &text)
        }
        (Figure::Audit, "svg") => download_text(
            &format!("{stem}.svg"),
            "image/svg+xml",
            &text_svg("dlock: audit of this run", &audit_lines(state), &page_css()),
        ),
        (Figure::Audit, "png") => {
            let lines = audit_lines(state);
            let width = lines
                .iter()
                .map(|l| crate::draw::geometry::text_width(l, 12.0))
                .fold(240.0, f64::max)
                + 24.0;
            let height = 36.0 + lines.len() as f64 * 18.0;
            let (canvas, context) = offscreen_canvas(width, height, 2.0)?;
            context.set_fill_style_str("#ffffff");
            context.fill_rect(0.0, 0.0, width, height);
            paint_lines(&context, "dlock: audit of this run", &lines, 0.0);
            download_canvas_png(&format!("{stem}.png"), &canvas)
        }
        (_, "json") => download_json(&stem, &state.run.with_untracked(RunReport::new)),
        (_, "txt") => {
            let text = state.run.with_untracked(transcript::run_text);
            download_text(&format!("{stem}.txt"), "text/plain", &text)
        }
        _ => Err(format!("{} cannot be exported as {kind}", figure.code())),
    }
}

/// Reads an exported run's JSON and shows it, or says why it cannot.
pub fn import_text(state: AppState, text: &str) -> Result<(), String> {
    let imported = ImportedRun::from_json(text).map_err(|e| match e {
        ImportError::NotJson(_) => "that file is not JSON".to_owned(),
        ImportError::NotARun(why) => format!("that JSON is not a dlock run ({why})"),
    })?;
    let params = validate_import(&imported)?;
    if params.fault != dlock_core::params::Fault::None {
        // A scenario's run: shown in its own section, through its knobs.
        let (scenario, values) = dlock_core::beyond::recognise(&params).ok_or(
            "that run has a fault switched on that none of the page's scenarios produces".to_owned(),
        )?;
        state.settings.update(|s| *s = s.with_knobs(scenario, &values));
        crate::browser::url::scroll_to(scenario.code());
        return Ok(());
    }
    state.settings.update(|s| {
        s.params = params;
        s.cursor = None;
    });
    Ok(())
}

#[component]
pub fn ExportButtons(state: AppState, figure: Figure) -> impl IntoView {
    let message = RwSignal::new(None::<String>);
    let kinds: &'static [&'static str] = match figure {
        Figure::Timeline => &["svg", "png", "json", "txt"],
        Figure::Heatmap => &["svg", "png", "json"],
        // Pictures only: its data are sweeps over the page's parameters,
        // which have no file format of their own.
        Figure::Sweeps => &["svg", "png"],
        _ => &["svg", "png", "json", "txt"],
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let promise = file.text();
        leptos::task::spawn_local(async move {
            let result = match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(text) => import_text(state, &text.as_string().unwrap_or_default()),
                Err(_) => Err("the file could not be read".to_owned()),
            };
            message.set(Some(match result {
                Ok(()) => "Imported: the figures show that run.".to_owned(),
                Err(e) => format!("Not imported: {e}."),
            }));
        });
    };
    view! {
        <span class="export">
            {kinds.iter().map(|&kind| {
                let label = match kind { "svg" => "SVG", "png" => "PNG (2×)", "json" => "JSON", _ => "Text" };
                view! {
                    <button type="button" data-testid=format!("export-{}-{kind}", figure.code())
                        on:click=move |_| message.set(export(state, figure, kind).err())>{label}</button>
                }
            }).collect_view()}
            {(figure == Figure::Timeline).then(|| view! {
                <label class="import">"Import run JSON "
                    <input type="file" accept="application/json,.json" data-testid="import-json" on:change=on_file /></label>
            })}
            <span class="export-message" role="status" data-testid=format!("export-message-{}", figure.code())
                prop:textContent=move || message.get()></span>
        </span>
    }
}
