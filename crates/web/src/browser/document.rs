//! The document itself: elements found by id, the stylesheets, a canvas
//! off the page, the window's size and the colours the stylesheet chose.

use wasm_bindgen::JsCast;

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// The id of the element that holds a figure's drawing (`figure-timeline`),
/// which exports read it from. Set by the figure, read by `share`.
pub fn figure_element_id(name: &str) -> String {
    format!("figure-{name}")
}

pub fn element_by_id(id: &str) -> Option<web_sys::Element> {
    document()?.get_element_by_id(id)
}

/// Brings the element with this id to the top of the window if its top
/// is out of view, and leaves the page where it is if the reader can
/// already see where it starts.
pub fn scroll_into_view_nearest(id: &str) {
    let Some(element) = element_by_id(id) else { return };
    let top = element.get_bounding_client_rect().top();
    let height = web_sys::window().map_or(0.0, |w| inner_height(&w));
    if top < 0.0 || top > height * 0.8 {
        element.scroll_into_view();
    }
}

/// Removes index.html's loading line, once the app is on the page.
pub fn remove_boot_line() {
    if let Some(boot) = document().and_then(|d| d.query_selector("[data-boot]").ok().flatten()) {
        boot.remove();
    }
}

/// Sets the `media` of the element with this id (a stylesheet's link).
pub fn set_media(id: &str, media: &str) {
    if let Some(element) = element_by_id(id) {
        let _ = element.set_attribute("media", media);
    }
}

/// Whether the stylesheet whose element has this id applies now: its
/// `media` matches (none: always), as `?theme=` or the screen set it.
pub fn stylesheet_applies(id: &str) -> bool {
    let Some(element) = element_by_id(id) else {
        return false;
    };
    let Some(media) = element.get_attribute("media") else {
        return true;
    };
    web_sys::window()
        .and_then(|w| w.match_media(&media).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The window's inner width in CSS pixels.
pub fn inner_width() -> Option<f64> {
    web_sys::window()?.inner_width().ok()?.as_f64()
}

/// Device pixels per CSS pixel, kept within 1..=4.
pub fn device_pixel_ratio() -> f64 {
    web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .clamp(1.0, 4.0)
}

/// The text colour the stylesheet gives `element`, as CSS writes it.
pub fn text_colour(element: &web_sys::Element) -> Option<String> {
    web_sys::window()?
        .get_computed_style(element)
        .ok()??
        .get_property_value("color")
        .ok()
}

/// The computed text colour of the page's body: the ink of the theme the
/// page is shown in.
pub fn page_text_colour() -> Option<String> {
    text_colour(document()?.body()?.as_ref())
}

/// Whether the page is scrolled to (within 2 px of) its end.
pub fn scrolled_to_end() -> bool {
    let (Some(window), Some(root)) = (web_sys::window(), document().and_then(|d| d.document_element()))
    else {
        return false;
    };
    let bottom = window.scroll_y().unwrap_or(0.0) + inner_height(&window);
    bottom >= f64::from(root.scroll_height()) - 2.0
}

/// Whether the element with class `class` can scroll further (within 2
/// px): `(up, down)`. A presented slide taller than the window scrolls
/// before a clicker's Page Down turns it.
pub fn can_scroll(class: &str) -> (bool, bool) {
    let Some(el) = document().and_then(|d| d.query_selector(&format!(".{class}")).ok().flatten()) else {
        return (false, false);
    };
    let (top, height, shown) = (el.scroll_top(), el.scroll_height(), el.client_height());
    (top > 2, top + shown < height - 2)
}

/// Scrolls the element with class `class` back to its top: a new slide
/// starts at its heading, wherever the last one was scrolled to.
pub fn scroll_to_top(class: &str) {
    if let Some(el) = document().and_then(|d| d.query_selector(&format!(".{class}")).ok().flatten()) {
        el.set_scroll_top(0);
    }
}

/// The window's inner width and height, in CSS px.
pub fn window_size() -> Option<(f64, f64)> {
    let window = web_sys::window()?;
    Some((inner_width()?, inner_height(&window)))
}

fn inner_height(window: &web_sys::Window) -> f64 {
    window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0)
}

/// The rules of the page's stylesheets, all but `leave_out`'s, each as its
/// text (an `@media` block whole).
fn stylesheet_rules(leave_out: &str) -> Vec<String> {
    let Some(sheets) = document().map(|d| d.style_sheets()) else {
        return Vec::new();
    };
    let mut css = Vec::new();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets
            .get(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let owner = sheet
            .owner_node()
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok());
        if owner.is_some_and(|e| e.id() == leave_out) {
            continue;
        }
        let Ok(rules) = sheet.css_rules() else { continue };
        for j in 0..rules.length() {
            if let Some(rule) = rules.get(j) {
                css.push(rule.css_text());
            }
        }
    }
    css
}

/// Of the page's stylesheets (all but `leave_out`'s), only the rules a
/// drawing inside the elements with these ids uses: those whose selector
/// matches one of its elements, and those on `:root` that hold the
/// palette's variables. An exported SVG then carries a few kilobytes of
/// style, not the whole page's. `@media` blocks are left out: an export
/// is paper, at its own size, in the light palette.
pub fn stylesheet_rules_used_in(ids: &[String], leave_out: &str) -> String {
    let drawings: Vec<web_sys::Element> = ids
        .iter()
        .filter_map(|id| element_by_id(id))
        .filter_map(|container| container.query_selector_all("svg").ok())
        .flat_map(|found| (0..found.length()).filter_map(move |i| found.item(i)))
        .filter_map(|node| node.dyn_into::<web_sys::Element>().ok())
        .collect();
    let used = |rule: &str| {
        let Some((selectors, _)) = rule.split_once('{') else {
            return false;
        };
        if rule.starts_with('@') {
            return false;
        }
        selectors.split(',').map(str::trim).any(|selector| {
            // A pseudo-element is drawn from its element: test that.
            let element = selector.split("::").next().unwrap_or(selector).trim();
            selector == ":root"
                || drawings.iter().any(|svg| {
                    svg.matches(element).unwrap_or(false)
                        || svg.query_selector(element).ok().flatten().is_some()
                })
        })
    };
    stylesheet_rules(leave_out)
        .iter()
        .filter(|rule| used(rule))
        .fold(String::new(), |mut css, rule| {
            css.push_str(rule);
            css.push('\n');
            css
        })
}

/// Every inline SVG inside the elements with these ids, with its markup and
/// its size on the page, in the order given.
pub fn svgs_in(ids: &[String]) -> Vec<(String, f64, f64)> {
    ids.iter()
        .filter_map(|id| element_by_id(id))
        .filter_map(|container| container.query_selector_all("svg").ok())
        .flat_map(|found| (0..found.length()).filter_map(move |i| found.item(i)))
        .filter_map(|node| node.dyn_into::<web_sys::Element>().ok())
        .map(|svg| {
            let rect = svg.get_bounding_client_rect();
            (svg.outer_html(), rect.width().max(1.0), rect.height().max(1.0))
        })
        .collect()
}

/// A detached canvas of `width` × `height` CSS pixels, its context scaled
/// by `scale` device pixels per CSS pixel.
pub fn offscreen_canvas(
    width: f64,
    height: f64,
    scale: f64,
) -> Result<(web_sys::HtmlCanvasElement, web_sys::CanvasRenderingContext2d), String> {
    let canvas: web_sys::HtmlCanvasElement = document()
        .ok_or("no document")?
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
