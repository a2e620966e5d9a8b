//! Exported SVGs: the figure drawn on the page, made a standalone document
//! that carries the page's styles in the palette the reader sees, so it
//! opens anywhere looking as it did.

use crate::draw::markup::escape;
use crate::draw::palette::{Colours, PAPER};

/// The hatching the page's timelines refer to by id, in A's colour on paper.
fn hatch() -> String {
    format!(
        "<defs><pattern id=\"dlock-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"{}\" stroke-width=\"2\" opacity=\"0.35\"/></pattern></defs>",
        PAPER.a
    )
}

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
    format!("{open}><style>{css} svg {{ font-family: system-ui, sans-serif; font-size: 11px; background: var(--bg, {bg}); }}</style>{hatch}{}", &rest[1..], bg = PAPER.bg, hatch = hatch())
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

/// Lines of text as a small standalone SVG (for figures that are text),
/// in the colours `c` (the palette the reader sees). Their columns are
/// runs of spaces: kept (`xml:space`), in a fixed-width font, so they line
/// up as the text file's do.
pub(super) fn text_svg(title: &str, lines: &[String], c: &Colours) -> String {
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
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" xml:space=\"preserve\" \
         font-family=\"ui-monospace, monospace\" font-size=\"12\" fill=\"{fg}\"><rect width=\"100%\" height=\"100%\" fill=\"{bg}\"/>\
         <text x=\"12\" y=\"22\" font-weight=\"bold\">{}</text>",
        escape(title),
        fg = c.fg,
        bg = c.bg
    );
    for (i, line) in lines.iter().enumerate() {
        out.push_str(&format!(
            "<text x=\"12\" y=\"{}\">{}</text>",
            44 + i * 18,
            escape(line)
        ));
    }
    out + "</svg>"
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
        let out = text_svg("audit", &["a < b & c".to_owned()], PAPER);
        assert!(out.contains("a &lt; b &amp; c"));
        assert!(!out.contains("a < b"));
    }

    #[test]
    fn text_figures_keep_their_columns_in_the_reader_s_colours() {
        let lines = ["fault      no remedy".to_owned()];
        let dark = text_svg("table", &lines, &crate::draw::palette::DARK);
        assert!(dark.contains("xml:space=\"preserve\"") && dark.contains("monospace"));
        assert!(dark.contains(">fault      no remedy</text>"), "{dark}");
        assert!(dark.contains(&format!("fill=\"{}\"", crate::draw::palette::DARK.bg)));
        // Its twin: in the light palette, the light ground.
        assert!(text_svg("table", &lines, PAPER).contains(&format!("fill=\"{}\"", PAPER.bg)));
    }
}
