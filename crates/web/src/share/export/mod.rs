//! Export each figure (SVG, PNG at 2×, JSON, transcript text) and import a
//! run's JSON. Everything is built in the page and handed to the browser
//! as a download from memory: no request leaves the page, and no image is
//! decoded, so it all works under a strict Content-Security-Policy.
//!
//! This module picks what each figure exports; `svg` and `png` hold the
//! how, and the browser room hands the file over.

mod painter;
mod picture;
mod pictures;
mod slide;
pub use slide::painted_slide;
mod svg;

use crate::browser::download::{download_text, json_text};
use crate::browser::{document, upload};
use crate::draw::geometry::beside_width;
use crate::figures::heatmap::layout::{grid_svg, HeatGeometry};
use crate::figures::timeline::layout::{layout_beside, Layout};
use crate::settings::{Figure, Theme};
use crate::state::AppState;
use dlock_core::report::{validate_import, GridReport, ImportedRun, RunReport};
use dlock_core::{sweep, transcript};
use leptos::prelude::*;
use picture::screen_colours;
use serde::Serialize;
/// Where a drawing goes on a slide, for the figures that size their words
/// for one (`figures::argument::drawing`).
pub use slide::{placement as slide_placement, SLIDE};
use slide::{png_or_slide, SlideWords};
use svg::{compose_svgs, standalone_svg, text_svg};

/// What a figure can be saved as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    /// A PNG at twice the page's pixels.
    Png,
    /// A PNG for a slide: 16:9, with a title and the parameters.
    Slide,
    /// What `dlock run --json` (or `dlock grid --json`) prints.
    Json,
    /// The transcript `dlock run` prints.
    Text,
}

impl Format {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png | Format::Slide => "png",
            Format::Json => "json",
            Format::Text => "txt",
        }
    }

    /// The last part of the button's test id: the extension, but for
    /// the slide, which is a PNG too.
    pub fn code(self) -> &'static str {
        match self {
            Format::Slide => "slide",
            other => other.extension(),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Format::Svg => "SVG",
            Format::Png => "PNG (2×)",
            Format::Slide => "PNG for a slide (16:9)",
            Format::Json => "JSON",
            Format::Text => "Text",
        }
    }

    /// The formats a figure offers.
    pub fn offered_by(figure: Figure) -> &'static [Format] {
        match figure {
            Figure::Heatmap => &[Format::Svg, Format::Png, Format::Slide, Format::Json],
            // Pictures only: its data are sweeps over the page's parameters,
            // which have no file format of their own.
            Figure::Sweeps => &[Format::Svg, Format::Png, Format::Slide],
            // Pages of text: on a slide they would be too small to read.
            Figure::Debate | Figure::Check => &[Format::Svg, Format::Png, Format::Json, Format::Text],
            _ => &[
                Format::Svg,
                Format::Png,
                Format::Slide,
                Format::Json,
                Format::Text,
            ],
        }
    }
}

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
    download_text(&format!("{stem}.json"), "application/json", &json_text(report)?)
}

fn download_svg(stem: &str, document: &str) -> Result<(), String> {
    download_text(&format!("{stem}.svg"), "image/svg+xml", document)
}

/// The style an exported SVG of the drawings in these elements carries:
/// the rules they use, in the palette the reader sees, as a PNG takes the
/// page's own ink. The dark palette goes in only where it applies now
/// (`?theme=dark`, or a dark screen left to choose), and then for good:
/// its sheet's `media` stays behind, so the file is dark wherever it is
/// opened, and a light export never turns dark in a dark viewer.
fn css_used_in(ids: &[String]) -> String {
    let leave_out = if document::stylesheet_applies(Theme::DARK_PALETTE_ID) {
        ""
    } else {
        Theme::DARK_PALETTE_ID
    };
    document::stylesheet_rules_used_in(ids, leave_out)
}

/// The inline SVG a figure drew, as a standalone document.
fn drawn_svg(name: &str) -> Result<String, String> {
    let ids = [document::figure_element_id(name)];
    let parts = document::svgs_in(&ids);
    let (markup, _, _) = parts.first().ok_or("the figure is not on the page")?;
    Ok(standalone_svg(markup, &css_used_in(&ids)))
}

/// The width a figure's PNG is laid out at: the page's.
fn page_width(state: AppState) -> f64 {
    state.width.get_untracked().min(1100.0)
}

/// Saves `figure`, as the page shows it with `state`, in `format`.
pub fn export(state: AppState, figure: Figure, format: Format) -> Result<(), String> {
    let stem = state
        .settings
        .with_untracked(|s| figure.file_stem(&crate::settings::format(s)));
    match figure {
        Figure::Timeline => export_timeline(state, &stem, format),
        Figure::Heatmap => export_heatmap(state, &stem, format),
        Figure::Recheck => export_recheck(state, &stem, format),
        Figure::Debate => export_debate(&stem, format),
        Figure::Acquiring => export_acquiring(state, &stem, format),
        Figure::Real => export_real(state, &stem, format),
        Figure::Check => export_check(state, &stem, format),
        Figure::Argument => export_argument(state, &stem, format),
        Figure::Sweeps => export_sweeps(state, &stem, format),
        Figure::Audit => export_audit(state, &stem, format),
        Figure::Beyond(scenario) => export_scenario(state, scenario, &stem, format),
    }
}

/// The current run: the drawing, or what `dlock run` prints for it.
fn export_timeline(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    match format {
        Format::Svg => download_svg(stem, &drawn_svg("timeline")?),
        Format::Png | Format::Slide => state.run.with_untracked(|r| {
            let (t_end, cursor) = (state.t_end.get_untracked(), state.cursor_untracked());
            let words = || SlideWords {
                title: slide::title(r),
                line: Some(transcript::describe(&r.params)),
            };
            png_or_slide(stem, format, page_width(state), &words, &|width| {
                pictures::timeline(r, width, t_end, cursor, screen_colours())
            })
        }),
        Format::Json => download_json(stem, &state.run.with_untracked(RunReport::new)),
        Format::Text => download_text(
            &format!("{stem}.txt"),
            "text/plain",
            &state.run.with_untracked(transcript::run_text),
        ),
    }
}

/// The staircase, computed again whole for the file.
fn export_heatmap(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    let (base, ttls, pauses) = state
        .settings
        .with_untracked(|s| (s.params, s.heat_ttls.clone(), s.heat_pauses.clone()));
    let grid = sweep::grid(&base, &ttls, &pauses);
    // As wide as the page draws it: beside its words in the study.
    let embedded = state.settings.with_untracked(|s| s.embed.is_some());
    let png_width = beside_width(state.width.get_untracked(), embedded).min(1100.0);
    let geometry = |width| HeatGeometry::new(width, grid.ttls.len(), grid.pause_lens.len());
    match format {
        Format::Svg => {
            let scheme = crate::draw::palette::Scheme::for_ink(screen_colours().fg.channels());
            download_svg(stem, &grid_svg(&grid, &geometry(png_width), scheme))
        }
        Format::Png | Format::Slide => {
            let words = || SlideWords::of(Figure::Heatmap, Some(transcript::describe_grid(&base)));
            png_or_slide(stem, format, png_width, &words, &|width| {
                pictures::heatmap(&grid, geometry(width), screen_colours())
            })
        }
        // What `dlock grid --json` prints for the same grid.
        Format::Json => download_json(stem, &GridReport::new(grid)),
        Format::Text => Err("the staircase has no text export".to_owned()),
    }
}

/// The four re-check runs: their drawings, or each as `dlock run
/// --recheck-at C` prints it.
fn export_recheck(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    let p = state.params.get_untracked();
    let runs = || -> Vec<dlock_core::Run> {
        sweep::recheck_ticks(&p)
            .iter()
            .map(|&check| dlock_core::simulate(&crate::figures::recheck::with_check(&p, check)))
            .collect()
    };
    match format {
        Format::Svg => svg_of_parts(stem, &["recheck"]),
        Format::Png | Format::Slide => {
            let words = || SlideWords::of(Figure::Recheck, Some(transcript::describe(&p)));
            let t_end = state.t_end.get_untracked();
            png_or_slide(stem, format, page_width(state), &words, &|width| {
                if format == Format::Slide {
                    pictures::recheck_answers(&p, screen_colours())
                } else {
                    pictures::recheck(&p, width, t_end, screen_colours())
                }
            })
        }
        Format::Json => download_json(stem, &runs().iter().map(RunReport::new).collect::<Vec<_>>()),
        Format::Text => {
            let texts: Vec<String> = runs().iter().map(transcript::run_text).collect();
            download_text(&format!("{stem}.txt"), "text/plain", &texts.join("\n"))
        }
    }
}

/// The debate's table: as a picture or text of its claims, a paragraph
/// each, or as the claims' fields and runs.
fn export_debate(stem: &str, format: Format) -> Result<(), String> {
    const TITLE: &str = "dlock: both sides of the 2016 debate";
    let claims = dlock_core::debate::claims();
    let lines = dlock_core::debate::table_lines(&claims, 100);
    match format {
        Format::Json => download_json(stem, &claims.iter().map(|c| c.report()).collect::<Vec<_>>()),
        _ => export_lines(
            stem,
            format,
            &|| SlideWords::of(Figure::Debate, None),
            TITLE,
            &lines,
        ),
    }
}

/// "Every schedule": every configuration as the page's check found it
/// within the reader's bound, as `dlock check --json` reports each, or as
/// lines. The search runs in its worker; until it is done there is
/// nothing whole to export.
fn export_check(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    const TITLE: &str = "dlock: every schedule within a bound, checked";
    let reports: Vec<dlock_core::explore::CheckReport> = state
        .check
        .with_untracked(|p| p.reports.iter().cloned().collect::<Option<Vec<_>>>())
        .filter(|r| !r.is_empty())
        .ok_or_else(|| {
            "the check has not finished yet: export it once every configuration is checked".to_owned()
        })?;
    let lines: Vec<String> = reports.iter().flat_map(|r| r.lines()).collect();
    match format {
        Format::Json => download_json(stem, &reports),
        _ => export_lines(
            stem,
            format,
            &|| SlideWords::of(Figure::Check, None),
            TITLE,
            &lines,
        ),
    }
}

/// The fault × remedy table: each cell's search as `dlock check --json`
/// reports it (its configuration and bound included), in the table's
/// order, or the table as `dlock argument` prints it. Its searches run in
/// their worker; until every cell is done there is nothing whole to
/// export.
fn export_argument(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    use crate::figures::argument::drawing;
    use dlock_core::explore::argument;
    const TITLE: &str = "dlock: every fault against every remedy";
    let reports: Option<Vec<_>> = state.argument.with_untracked(|p| {
        let all: Option<Vec<_>> = p.reports.iter().cloned().collect();
        all.map(|reports| argument::Cell::all().into_iter().zip(reports).collect())
    });
    let reports = reports.ok_or_else(|| {
        "the table's searches have not finished yet: export it once every cell is searched".to_owned()
    })?;
    // Drawn as the page shows it, a word where its column puts it; on a
    // slide without the rows' bounds, so its smallest word is large.
    let drawn = |full: bool| {
        let in_order: Vec<_> = reports.iter().map(|(_, r)| Some(r.clone())).collect();
        drawing::table_drawing(&in_order, full)
    };
    match format {
        // The check's own report type: no second serialiser on the page.
        Format::Json => download_json(stem, &reports.iter().map(|(_, r)| r).collect::<Vec<_>>()),
        Format::Svg => download_svg(stem, &drawing::table_svg(&drawn(true), screen_colours())),
        Format::Png | Format::Slide => png_or_slide(
            stem,
            format,
            0.0,
            &|| SlideWords::of(Figure::Argument, None),
            &|_| pictures::argument_table(drawn(format == Format::Png), screen_colours()),
        ),
        Format::Text => {
            let text = argument::text(&reports);
            let lines: Vec<String> = text.lines().map(str::to_owned).collect();
            export_lines(
                stem,
                format,
                &|| SlideWords::of(Figure::Argument, None),
                TITLE,
                &lines,
            )
        }
    }
}

/// The acquire staircase: its drawing, its cells, or a character a cell.
fn export_acquiring(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    let settled = state.settled.get_untracked();
    let grid = || dlock_core::acquire_grid::acquire_grid(&settled);
    match format {
        Format::Svg => download_svg(stem, &drawn_svg("acquiring")?),
        Format::Png | Format::Slide => {
            let grid = grid();
            let words = || {
                SlideWords::of(
                    Figure::Acquiring,
                    Some(dlock_core::command::acquire_grid_command(&settled)),
                )
            };
            png_or_slide(stem, format, page_width(state), &words, &|width| {
                pictures::acquiring(&grid, width, screen_colours())
            })
        }
        Format::Json => download_json(stem, &grid()),
        Format::Text => download_text(&format!("{stem}.txt"), "text/plain", &grid().text()),
    }
}

/// The shipped recordings: the model's runs drawn, the files as the lab
/// wrote them (a list), or each in words with its events' milliseconds.
fn export_real(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    use crate::figures::real::{read, SHIPPED};
    let recordings = || {
        SHIPPED
            .iter()
            .filter_map(|(_, title, text)| Some((*title, read(text).ok()?)))
    };
    match format {
        Format::Svg => {
            let names: Vec<String> = SHIPPED
                .iter()
                .map(|(code, ..)| format!("timeline-real-{code}"))
                .collect();
            svg_of_parts(stem, &names.iter().map(String::as_str).collect::<Vec<_>>())
        }
        Format::Png | Format::Slide => {
            let layouts = |width| -> Vec<Layout> {
                recordings()
                    .filter_map(|(_, r)| match r {
                        dlock_core::recording::Recording::Run(run) => {
                            let model = dlock_core::simulate(&run.params);
                            let t_end = crate::figures::real::axis_end(&model, &run.events);
                            Some(layout_beside(&model, &run.events, width, t_end))
                        }
                        dlock_core::recording::Recording::Grid(_) => None,
                    })
                    .collect()
            };
            // Each recording says what it ran on beside it on the page;
            // the slide names the figure.
            let words = || SlideWords::of(Figure::Real, None);
            png_or_slide(stem, format, page_width(state), &words, &|width| {
                pictures::stacked_timelines(layouts(width), screen_colours())
            })
        }
        Format::Json => {
            let files: Vec<String> = SHIPPED.iter().map(|(.., text)| text.trim().to_owned()).collect();
            download_text(
                &format!("{stem}.json"),
                "application/json",
                &format!("[{}]\n", files.join(",\n")),
            )
        }
        Format::Text => {
            let texts: Vec<String> = recordings()
                .map(|(title, r)| dlock_core::recording::text(title, &r))
                .collect();
            download_text(&format!("{stem}.txt"), "text/plain", &texts.join("\n"))
        }
    }
}

/// A figure that is lines of text (the debate, the check, the audit): as
/// SVG, as a PNG or on a slide in the colours on screen, or as the text
/// itself. Its JSON is each figure's own.
fn export_lines(
    stem: &str,
    format: Format,
    words: &dyn Fn() -> SlideWords,
    title: &str,
    lines: &[String],
) -> Result<(), String> {
    match format {
        Format::Svg => download_svg(stem, &text_svg(title, lines, screen_colours())),
        // Text is as wide as its longest line, whatever the page's width.
        Format::Png | Format::Slide => png_or_slide(stem, format, 0.0, words, &|_| {
            pictures::text(title, lines, screen_colours())
        }),
        Format::Text => download_text(&format!("{stem}.txt"), "text/plain", &(lines.join("\n") + "\n")),
        Format::Json => Err("lines of text have no JSON of their own".to_owned()),
    }
}

/// Several drawn figures stacked into one SVG document.
fn svg_of_parts(stem: &str, names: &[&str]) -> Result<(), String> {
    let ids: Vec<String> = names.iter().map(|n| document::figure_element_id(n)).collect();
    let parts = document::svgs_in(&ids);
    if parts.is_empty() {
        return Err("the figure is not on the page".to_owned());
    }
    download_svg(stem, &compose_svgs(&parts, &css_used_in(&ids)))
}

/// The lease-length chart and B's arrival strip.
fn export_sweeps(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    match format {
        Format::Svg => svg_of_parts(stem, &["lease-lengths", "late-b"]),
        Format::Png | Format::Slide => {
            let p = state.params.get_untracked();
            let words = || SlideWords {
                title: "Lease length and B's arrival".to_owned(),
                line: Some(transcript::describe(&p)),
            };
            png_or_slide(stem, format, state.width.get_untracked(), &words, &|width| {
                pictures::sweeps(&p, width, screen_colours())
            })
        }
        Format::Json | Format::Text => Err("the sweeps export as pictures only".to_owned()),
    }
}

/// The audit's lines, as a picture or as the run they come from.
fn export_audit(state: AppState, stem: &str, format: Format) -> Result<(), String> {
    const TITLE: &str = "dlock: audit of this run";
    match format {
        Format::Json | Format::Text => export_timeline(state, stem, format),
        _ => {
            let words = || {
                let line = state.params.with_untracked(transcript::describe);
                SlideWords::of(Figure::Audit, Some(line))
            };
            export_lines(stem, format, &words, TITLE, &audit_lines(state))
        }
    }
}

/// A scenario's run: its drawing, or what `dlock run --scenario` prints.
fn export_scenario(
    state: AppState,
    scenario: dlock_core::beyond::Scenario,
    stem: &str,
    format: Format,
) -> Result<(), String> {
    match format {
        Format::Svg => download_svg(stem, &drawn_svg(&format!("timeline-{}", scenario.code()))?),
        Format::Png | Format::Slide => {
            let run = scenario_run_now(state, scenario);
            let words = || SlideWords {
                title: format!("{}: {}", scenario.title(), run.outcome().label()),
                line: Some(transcript::describe(&run.params)),
            };
            let t_end = dlock_core::history::horizon(&run);
            png_or_slide(stem, format, page_width(state), &words, &|width| {
                pictures::timeline(&run, width, t_end, None, screen_colours())
            })
        }
        Format::Json => download_json(stem, &RunReport::new(&scenario_run_now(state, scenario))),
        Format::Text => {
            let values = state.settings.with_untracked(|s| s.knob_values(scenario));
            let text = dlock_core::beyond::scenario_text(scenario, &values);
            download_text(&format!("{stem}.txt"), "text/plain", &text)
        }
    }
}

/// Reads an exported run's JSON and shows it, or says why it cannot.
pub fn import_text(state: AppState, text: &str) -> Result<(), String> {
    // The browser's own JSON parser, and serde's derived readers over what
    // it made: the same path as the JSON export, the other way round.
    let document = upload::parse_json(text)?;
    let imported =
        ImportedRun::read(serde_wasm_bindgen::Deserializer::from(document)).map_err(|problem| {
            format!(
                "that JSON is not a dlock run ({})",
                upload::without_error_prefix(problem)
            )
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
    let on_file = move |ev: leptos::ev::Event| {
        upload::read_chosen_file(&ev, move |text| {
            message.set(Some(match text.and_then(|text| import_text(state, &text)) {
                Ok(()) => "Imported: the figures show that run.".to_owned(),
                Err(e) => format!("Not imported: {e}."),
            }));
        });
    };
    view! {
        <span class="export">
            {Format::offered_by(figure).iter().map(|&format| view! {
                <button type="button" data-testid=format!("export-{}-{}", figure.code(), format.code())
                    on:click=move |_| message.set(export(state, figure, format).err())>{format.label()}</button>
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

/// A figure's title as its slide's heading.
pub fn slide_title(figure: Figure) -> String {
    SlideWords::of(figure, None).title
}
