//! Text made safe for markup. Every figure that builds SVG or HTML as a
//! string escapes its text here; the text comes from dlock-core (numbers,
//! fixed words, the letters A and B), never from the URL.

/// The hatching timelines fill A's pause with, in the ink of whatever
/// draws it (`currentColor`): defined once per page, referred to by id.
pub const HATCH_PATTERN: &str = r#"<pattern id="dlock-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="currentColor" stroke-width="2" opacity="0.35"></line></pattern>"#;

/// Text safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_markup_would_read_and_keeps_the_rest() {
        assert_eq!(
            escape(r#"<a href="x">A & B's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;A &amp; B&#39;s&lt;/a&gt;"
        );
        assert_eq!(escape("t=12 · token 2"), "t=12 · token 2");
    }
}
