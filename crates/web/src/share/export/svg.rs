//! Exported SVGs: the figure drawn on the page, made a standalone document
//! that carries the page's light-theme styles, so it opens anywhere.

use crate::draw::markup::escape;
use wasm_bindgen::JsCast;

/// The page's stylesheet as text, read from the loaded document, so an
/// exported SVG can carry it and stand alone. Read rather than compiled in:
/// a copy inside the wasm cost ≈ 3.5 KB gzipped of download for a feature
/// used on a click.
pub(super) fn page_css() -> String {
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
        // An export is paper: a white ground and the light palette. The
        // dark palette carried along would switch on wherever the file is
        // viewed in dark mode (a course page showing it as an `<img>`, an
        // image viewer), turning the ink pale on the white ground.
        let owner = sheet
            .owner_node()
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok());
        if owner.is_some_and(|e| e.id() == crate::settings::Theme::DARK_PALETTE_ID) {
            continue;
        }
        let Ok(rules) = sheet.css_rules() else { continue };
        for j in 0..rules.length() {
            if let Some(rule) = rules.get(j) {
                css.push_str(&rule.css_text());
                css.push('\n');
            }
        }
    }
    css
}

const HATCH: &str = "<defs><pattern id=\"dlock-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#c25400\" stroke-width=\"2\" opacity=\"0.35\"/></pattern></defs>";

/// Makes an inline `<svg>` element's markup a standalone document: the
/// namespace, the page's styles (`css`) and the shared pattern definitions.
/// The styles are escaped: a standalone SVG is XML, and the browser writes
/// a media query such as `(max-width: 480px)` back as `(width <= 480px)`.
pub(super) fn standalone_svg(markup: &str, css: &str) -> String {
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
pub(super) fn compose_svgs(parts: &[(String, f64, f64)], css: &str) -> String {
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
pub(super) fn text_svg(title: &str, lines: &[String], css: &str) -> String {
    let width = lines
        .iter()
        .chain(std::iter::once(&title.to_owned()))
        .map(|l| crate::draw::geometry::text_width(l, 12.0))
        .fold(200.0, f64::max)
        + 24.0;
    let height = 36.0 + lines.len() as f64 * 18.0;
    let (width, height) = (
        crate::draw::geometry::whole(width),
        crate::draw::geometry::whole(height),
    );
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
pub(super) fn svgs_in(selector: &str) -> Vec<(String, f64, f64)> {
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

/// The markup of the inline SVG inside the element with this test id.
pub(super) fn figure_svg_markup(testid: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let svg = document
        .query_selector(&format!("[data-testid={testid}] svg"))
        .ok()??;
    Some(svg.outer_html())
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
    fn text_figures_escape_their_text() {
        let out = text_svg("audit", &["a < b & c".to_owned()], "");
        assert!(out.contains("a &lt; b &amp; c"));
        assert!(!out.contains("a < b"));
    }
}
