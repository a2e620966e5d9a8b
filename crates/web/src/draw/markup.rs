//! Text made safe for markup. Every figure that builds SVG or HTML as a
//! string escapes its text here; the text comes from dlock-core (numbers,
//! fixed words, the letters A and B), never from the URL.

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
