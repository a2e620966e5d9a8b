//! Export each figure (SVG, PNG at 2×, JSON, transcript text) and import a
//! run's JSON. Everything is built in the page and handed to the browser
//! as a Blob download: no request leaves the page, and no `data:` image is
//! loaded, so it all works under a strict Content-Security-Policy.

use crate::heatmap::layout::{grid_svg, HeatGeometry};
use crate::settings::Figure;
use crate::state::AppState;
use crate::timeline::layout::{bar_label_fits, layout, Layout, Mark, DIAMOND_R};
use crate::timeline::markup::escape;
use dlock_core::report::{validate_import, ImportError, ImportedRun, RunReport};
use dlock_core::{sweep, transcript};
use leptos::prelude::*;
use serde::Serialize;
use wasm_bindgen::JsCast;

/// The page's stylesheet as text, read from the loaded document, so an
/// exported SVG can carry it and stand alone. Read rather than compiled in:
/// a copy inside the wasm cost ≈ 3.5 KB gzipped of download for a feature
/// used on a click.
fn page_css() -> String {
    let Some(sheets) = web_sys::window()
        .and_then(|w| w.document())
        .map(|d| d.style_sheets())
    else {
        return String::new();
    };
    let mut css = String::new();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets
            .get(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let Ok(rules) = sheet.css_rules() else { continue };
        for j in 0..rules.length() {
            if let Some(rule) = rules.get(j).map(|r| r.css_text()).filter(|r| on_paper(r)) {
                css.push_str(&rule);
                css.push('\n');
            }
        }
    }
    css
}

/// Whether a page rule belongs in an exported SVG. An export is paper: a
/// white background and the light palette. The page's dark palette sits in
/// a `prefers-color-scheme` media rule, and carried along it would switch
/// on wherever the file is viewed in dark mode (a course page shown as an
/// `<img>`, an image viewer), turning the ink pale on the white ground.
fn on_paper(rule: &str) -> bool {
    !(rule.starts_with("@media") && rule.contains("prefers-color-scheme"))
}

const HATCH: &str = "<defs><pattern id=\"dlock-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#c25400\" stroke-width=\"2\" opacity=\"0.35\"/></pattern></defs>";

/// Makes an inline `<svg>` element's markup a standalone document: the
/// namespace, the page's styles (`css`) and the shared pattern definitions.
/// The styles are escaped: a standalone SVG is XML, and the browser writes
/// a media query such as `(max-width: 480px)` back as `(width <= 480px)`.
pub fn standalone_svg(markup: &str, css: &str) -> String {
    let css = escape(css);
    let Some(end) = markup.find('>') else {
        return markup.to_owned();
    };
    let (open, rest) = markup.split_at(end);
    let open = if open.contains("xmlns=") {
        open.to_owned()
    } else {
        open.replacen("<svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"", 1)
    };
    format!("{open}><style>{css} svg {{ font-family: system-ui, sans-serif; font-size: 11px; background: #fff; }}</style>{HATCH}{}", &rest[1..])
}

/// Stacks several inline SVGs (markup, width, height) into one standalone
/// document, one under the other.
pub fn compose_svgs(parts: &[(String, f64, f64)], css: &str) -> String {
    const GAP: f64 = 12.0;
    let width = parts.iter().map(|p| p.1).fold(0.0, f64::max);
    let height = parts.iter().map(|p| p.2 + GAP).sum::<f64>();
    let mut body = String::new();
    let mut y = 0.0;
    for (markup, _, h) in parts {
        body.push_str(&markup.replacen("<svg", &format!("<svg y=\"{y}\""), 1));
        y += h + GAP;
    }
    standalone_svg(
        &format!("<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">{body}</svg>"),
        css,
    )
}

/// Lines of text as a small standalone SVG (for figures that are text).
pub fn text_svg(title: &str, lines: &[String], css: &str) -> String {
    let width = lines
        .iter()
        .chain(std::iter::once(&title.to_owned()))
        .map(|l| crate::geometry::text_width(l, 12.0))
        .fold(200.0, f64::max)
        + 24.0;
    let height = 36.0 + lines.len() as f64 * 18.0;
    let (width, height) = (crate::geometry::whole(width), crate::geometry::whole(height));
    let mut out = format!("<svg width=\"{width}\" height=\"{height}\"><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/><text x=\"12\" y=\"22\" font-weight=\"bold\">{}</text>", escape(title));
    for (i, line) in lines.iter().enumerate() {
        out.push_str(&format!(
            "<text x=\"12\" y=\"{}\">{}</text>",
            44 + i * 18,
            escape(line)
        ));
    }
    out.push_str("</svg>");
    standalone_svg(&out, css)
}

/// Every inline SVG inside the elements matching `selector`, with sizes.
fn svgs_in(selector: &str) -> Vec<(String, f64, f64)> {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return Vec::new();
    };
    let Ok(found) = document.query_selector_all(&format!("{selector} svg")) else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i))
        .filter_map(|node| node.dyn_into::<web_sys::Element>().ok())
        .map(|svg| {
            let rect = svg.get_bounding_client_rect();
            (svg.outer_html(), rect.width().max(1.0), rect.height().max(1.0))
        })
        .collect()
}

/// The audit of the current run as lines of text, from core.
fn audit_lines(state: AppState) -> Vec<String> {
    state
        .run
        .with_untracked(|r| transcript::audit_lines(r, &dlock_core::audit(r)))
}

fn paint_lines(context: &web_sys::CanvasRenderingContext2d, title: &str, lines: &[String], y0: f64) {
    context.set_fill_style_str("#1b1f24");
    context.set_font("bold 12px system-ui, sans-serif");
    let _ = context.fill_text(title, 12.0, y0 + 22.0);
    context.set_font("12px system-ui, sans-serif");
    for (i, line) in lines.iter().enumerate() {
        let _ = context.fill_text(line, 12.0, y0 + 44.0 + i as f64 * 18.0);
    }
}

fn download(name: &str, mime: &str, parts: &js_sys::Array) -> Result<(), String> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(parts, &options)
        .map_err(|_| "could not build the file".to_owned())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "could not offer the file".to_owned())?;
    let clicked = click_download(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
    clicked
}

/// Offers `url` as a download named `name` through a temporary link.
fn click_download(name: &str, url: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "no anchor")?
        .unchecked_into();
    a.set_href(url);
    a.set_download(name);
    a.click();
    Ok(())
}

fn download_text(name: &str, mime: &str, text: &str) -> Result<(), String> {
    download(name, mime, &js_sys::Array::of1(&text.into()))
}

fn download_canvas_png(name: &str, canvas: &web_sys::HtmlCanvasElement) -> Result<(), String> {
    let url = canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| "could not encode the PNG".to_owned())?;
    click_download(name, &url)
}

fn offscreen_canvas(
    width: f64,
    height: f64,
    scale: f64,
) -> Result<(web_sys::HtmlCanvasElement, web_sys::CanvasRenderingContext2d), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let canvas: web_sys::HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(|_| "no canvas")?
        .unchecked_into();
    canvas.set_width((width * scale).round() as u32);
    canvas.set_height((height * scale).round() as u32);
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .ok_or("no 2d context")?
        .unchecked_into();
    let _ = context.scale(scale, scale);
    Ok((canvas, context))
}

/// Fill colour for a timeline mark class, light theme (exports are light).
fn fill_for(class: &str) -> &'static str {
    let has = |c: &str| class.split(' ').any(|x| x == c);
    // Client A's colour, client B's, and the lock failing.
    if has("held-a") || has("hold-a") || has("send") {
        "#c25400"
    } else if has("held-b") || has("hold-b") || has("register") {
        "#0061a0"
    } else if has("held-both") || has("restart") {
        "#b42318"
    } else if has("held-none") || has("value") {
        "#e9ecef"
    } else if has("lease-a") || has("in-flight") {
        "#f6d2b8"
    } else if has("lease-b") {
        "#c3def2"
    } else if has("pause") {
        "#fbe3d3"
    } else if has("retrying") {
        "#dceaf5"
    } else if has("check-window") {
        "#57606a"
    } else if has("accepted") {
        "#00704a"
    } else if has("rejected") {
        "#ffffff"
    } else if has("acquire") {
        "#1b1f24"
    } else {
        "#ffffff"
    }
}

/// Paints a timeline layout with the 2D canvas API, mark by mark, so the
/// PNG needs no image decoding (which a strict CSP would block).
fn paint_timeline(context: &web_sys::CanvasRenderingContext2d, l: &Layout) {
    context.set_fill_style_str("#ffffff");
    context.fill_rect(0.0, 0.0, l.width, l.height);
    context.set_font("11px system-ui, sans-serif");
    for lane in &l.lanes {
        context.set_fill_style_str("#57606a");
        let _ = context.fill_text(&lane.label, 4.0, lane.label_y);
    }
    for m in &l.marks {
        match m {
            Mark::Bar {
                x,
                y,
                w,
                h,
                class,
                label,
                label_inset,
                ..
            } => {
                context.set_fill_style_str(fill_for(class));
                context.fill_rect(*x, *y, *w, *h);
                context.set_stroke_style_str(if class.contains("lease-b") {
                    "#0061a0"
                } else {
                    "#c25400"
                });
                if class.contains("lease") || class.contains("pause") {
                    context.stroke_rect(*x, *y, *w, *h);
                }
                if let Some(text) = label.as_ref().filter(|t| bar_label_fits(t, *label_inset, *w)) {
                    context.set_fill_style_str(if class.contains("held-a") || class.contains("held-b") {
                        "#ffffff"
                    } else {
                        "#1b1f24"
                    });
                    let _ = context.fill_text(text, x + label_inset, y + h / 2.0 + 4.0);
                }
            }
            Mark::Point {
                x,
                y,
                class,
                label,
                label_x,
                label_y,
                ..
            } => {
                context.begin_path();
                context.move_to(*x, y - DIAMOND_R);
                context.line_to(x + DIAMOND_R, *y);
                context.line_to(*x, y + DIAMOND_R);
                context.line_to(x - DIAMOND_R, *y);
                context.close_path();
                context.set_fill_style_str(fill_for(class));
                context.fill();
                context.set_stroke_style_str(if class.contains("unlocked") || class.contains("rejected") {
                    "#b00020"
                } else {
                    "#1b1f24"
                });
                context.stroke();
                if let Some(text) = label {
                    context.set_text_align("center");
                    context.set_fill_style_str(if class.contains("unlocked") || class.contains("rejected") {
                        "#b00020"
                    } else {
                        "#1b1f24"
                    });
                    let _ = context.fill_text(text, *label_x, *label_y);
                    context.set_text_align("start");
                }
            }
            Mark::Tick { x, y, h, .. } => {
                context.set_stroke_style_str("#0061a0");
                context.begin_path();
                context.move_to(*x, *y);
                context.line_to(*x, y + h);
                context.stroke();
            }
            Mark::Grip { .. } => {}
        }
    }
    context.set_stroke_style_str("#57606a");
    context.begin_path();
    context.move_to(l.scale.x0, l.axis_y);
    context.line_to(l.scale.x1, l.axis_y);
    context.stroke();
    context.set_text_align("center");
    context.set_fill_style_str("#57606a");
    for a in &l.axis {
        let _ = context.fill_text(&a.label, a.x, l.axis_y + 15.0);
    }
    context.set_fill_style_str("#1b1f24");
    for i in &l.instants {
        let _ = context.fill_text(&i.label, i.label_x, l.axis_y + 32.0 + f64::from(i.row) * 16.0);
    }
}

fn figure_svg_markup(testid: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let svg = document
        .query_selector(&format!("[data-testid={testid}] svg"))
        .ok()??;
    Some(svg.outer_html())
}

/// The run a scenario figure shows right now (outside any reactive scope).
fn scenario_run_now(state: AppState, scenario: dlock_core::beyond::Scenario) -> dlock_core::Run {
    scenario.run(&state.settings.with_untracked(|s| s.knob_values(scenario)))
}

fn download_json(stem: &str, report: &RunReport) -> Result<(), String> {
    // Unset optional fields are written as null, as the CLI's JSON has them.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    let value = report.serialize(&serializer).map_err(|e| e.to_string())?;
    let text =
        js_sys::JSON::stringify_with_replacer_and_space(&value, &wasm_bindgen::JsValue::NULL, &2.into())
            .map_err(|_| "could not write JSON".to_owned())?;
    download_text(&format!("{stem}.json"), "application/json", &String::from(text))
}

/// The re-check figure as a PNG: each multiple under its caption, as on
/// the page.
fn recheck_png(state: AppState, stem: &str) -> Result<(), String> {
    let width = state.width.get_untracked().min(1100.0);
    let p = state.params.get_untracked();
    const CAPTION: f64 = 22.0;
    let multiples: Vec<(String, Layout)> = sweep::recheck_ticks(&p)
        .iter()
        .map(|&c| {
            let run = dlock_core::simulate(&crate::variants::with_check(&p, c));
            let end = state
                .t_end
                .get_untracked()
                .max(dlock_core::history::horizon(&run));
            (crate::study::recheck_caption(&run, c), layout(&run, width, end))
        })
        .collect();
    let height: f64 = multiples.iter().map(|(_, l)| CAPTION + l.height + 12.0).sum();
    let (canvas, context) = offscreen_canvas(width, height, 2.0)?;
    context.set_fill_style_str("#ffffff");
    context.fill_rect(0.0, 0.0, width, height);
    let mut y = 0.0;
    for (caption, l) in &multiples {
        context.set_font("12px system-ui, sans-serif");
        context.set_fill_style_str("#57606a");
        let _ = context.fill_text(caption, 4.0, y + 15.0);
        context.save();
        let _ = context.translate(0.0, y + CAPTION);
        paint_timeline(&context, l);
        context.restore();
        y += CAPTION + l.height + 12.0;
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
}

/// The lease-length chart as a PNG, with B's arrival strip below it, as
/// in the SVG export.
fn sweeps_png(state: AppState, stem: &str) -> Result<(), String> {
    let p = state.params.get_untracked();
    let rows = sweep::lease_lengths(&p, &crate::sweeps::chart_ttls(&p));
    let c = crate::sweeps::lease_chart(&rows, state.width.get_untracked());
    let arrivals = sweep::arrivals(&p, &crate::sweeps::strip_arrivals());
    let strip_top = c.height + 24.0;
    let height = strip_top + 30.0;
    let (canvas, context) = offscreen_canvas(c.width, height, 2.0)?;
    context.set_fill_style_str("#ffffff");
    context.fill_rect(0.0, 0.0, c.width, height);
    context.set_stroke_style_str("#57606a");
    context.begin_path();
    context.move_to(c.left, c.top);
    context.line_to(c.left, c.bottom);
    context.line_to(c.right, c.bottom);
    context.stroke();
    context.set_font("11px system-ui, sans-serif");
    context.set_fill_style_str("#1b1f24");
    for l in crate::sweeps::chart_labels(&c) {
        context.save();
        let _ = context.translate(l.x, l.y);
        if l.vertical {
            let _ = context.rotate(-std::f64::consts::FRAC_PI_2);
        }
        context.set_text_align(l.anchor.canvas());
        let _ = context.fill_text(&l.text, 0.0, 0.0);
        context.restore();
    }
    for pt in &c.points {
        let (r, g, b) = crate::heatmap::layout::outcome_rgb(pt.outcome, 0.0);
        context.set_fill_style_str(&format!("rgb({r},{g},{b})"));
        context.begin_path();
        let _ = context.arc(pt.x, pt.y, 5.0, 0.0, std::f64::consts::TAU);
        context.fill();
        context.stroke();
    }
    context.set_fill_style_str("#1b1f24");
    context.set_text_align("start");
    let (first, last) = (
        arrivals.first().map_or(0, |r| r.b_arrives),
        arrivals.last().map_or(0, |r| r.b_arrives),
    );
    let _ = context.fill_text(
        &format!("B arriving at {first} (left) to {last} (right): the outcome, and below it in red A's write without the lock"),
        c.left,
        strip_top - 8.0,
    );
    let cell = (c.right - c.left) / arrivals.len().max(1) as f64;
    for (i, r) in arrivals.iter().enumerate() {
        let x = c.left + i as f64 * cell;
        // Half a pixel of overlap, so no hairline shows between cells.
        let w = if i + 1 < arrivals.len() { cell + 0.5 } else { cell };
        let (red, green, blue) = crate::heatmap::layout::outcome_rgb(r.outcome, 0.0);
        context.set_fill_style_str(&format!("rgb({red},{green},{blue})"));
        context.fill_rect(x, strip_top, w, 16.0);
        context.set_fill_style_str(if r.a_write_unlocked { "#b00020" } else { "#e9ecef" });
        context.fill_rect(x, strip_top + 18.0, w, 6.0);
    }
    download_canvas_png(&format!("{stem}.png"), &canvas)
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
        (Figure::Heatmap, "svg") | (Figure::Heatmap, "png") => {
            let (base, ttls, pauses) = state
                .settings
                .with_untracked(|s| (s.params, s.heat_ttls.clone(), s.heat_pauses.clone()));
            let grid = sweep::grid(&base, &ttls, &pauses);
            let g = HeatGeometry::new(
                state.width.get_untracked().min(1100.0),
                grid.ttls.len(),
                grid.pause_lens.len(),
            );
            if kind == "svg" {
                download_text(&format!("{stem}.svg"), "image/svg+xml", &grid_svg(&grid, &g))
            } else {
                // Two device pixels per CSS pixel. The painter scales its
                // geometry itself, so the context must not scale it again.
                let (canvas, context) = offscreen_canvas(g.width, g.height, 2.0)?;
                let _ = context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
                let marks = crate::heatmap::paint::Marks {
                    current: None,
                    focused: None,
                    foreground: crate::heatmap::paint::PAPER_INK,
                };
                crate::heatmap::paint::paint(canvas.clone(), &grid, &g, 2.0, &marks);
                download_canvas_png(&format!("{stem}.png"), &canvas)
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
                .map(|l| crate::geometry::text_width(l, 12.0))
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
        crate::toc::scroll_to(scenario.code());
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
            <span class="export-message" role="status" data-testid=format!("export-message-{}", figure.code())>{move || message.get()}</span>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inline_svg_becomes_a_standalone_document() {
        let out = standalone_svg(
            "<svg class=\"timeline-svg\" width=\"10\"><rect/></svg>",
            ".hold { fill: red }",
        );
        assert!(out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline-svg\""));
        assert!(
            out.contains("<style>.hold { fill: red }")
                && out.contains("dlock-hatch")
                && out.ends_with("<rect/></svg>")
        );
        let already = standalone_svg("<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>", "");
        assert_eq!(already.matches("xmlns=").count(), 1);
    }

    #[test]
    fn the_page_styles_are_escaped_for_xml() {
        let out = standalone_svg(
            "<svg><g/></svg>",
            "@media (width <= 480px) { a::after { content: \"&\" } }",
        );
        assert!(out.contains("@media (width &lt;= 480px) { a::after { content: &quot;&amp;&quot; } }"));
        assert!(!out.contains("width <="));
    }

    #[test]
    fn several_svgs_stack_into_one_document() {
        let out = compose_svgs(
            &[
                ("<svg width=\"10\"><a/></svg>".into(), 10.0, 20.0),
                ("<svg width=\"30\"><b/></svg>".into(), 30.0, 5.0),
            ],
            "",
        );
        assert!(
            out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"49\""),
            "{}",
            &out[..80]
        );
        assert!(out.contains("<svg y=\"0\" width=\"10\">") && out.contains("<svg y=\"32\" width=\"30\">"));
    }

    #[test]
    fn an_export_leaves_the_dark_palette_behind() {
        assert!(!on_paper(
            "@media screen and (prefers-color-scheme: dark) { :root { --fg: #e6edf3; } }"
        ));
        assert!(on_paper(".bar.lease-a rect { fill: var(--a-soft); }"));
        assert!(on_paper(
            "@media (max-width: 480px) { table.data { font-size: 0.8rem; } }"
        ));
    }

    #[test]
    fn text_figures_escape_their_text() {
        let out = text_svg("audit", &["a < b & c".to_owned()], "");
        assert!(out.contains("a &lt; b &amp; c"));
        assert!(!out.contains("a < b"));
    }

    #[test]
    fn mark_classes_have_distinct_fills() {
        assert_ne!(fill_for("bar held-a"), fill_for("bar held-b"));
        assert_ne!(fill_for("ev write accepted"), fill_for("ev write rejected"));
    }
}
