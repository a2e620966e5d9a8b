//! The page's opening: its question, and the study's run drawn before the
//! page's script has started. The build writes [`prerendered`] into
//! index.html (src/bin/prerender.rs, a Trunk pre-build hook), so a reader
//! on a slow link, or with scripts off, sees the story at once; the live
//! page replaces it. Both come from the same layout and markup as the live
//! figure and its SVG export.

use crate::draw::markup::escape;
use crate::figures::timeline::{layout, markup};
use dlock_core::{history, simulate, transcript, Params};

/// The question the page asks, and the debate it plays out.
pub const LEDE: &str = "Is a distributed lock enough to keep two clients from overwriting each other's work? \
    This lab runs a lock of Redlock's shape — a cluster of lock servers, a majority to acquire, leases that \
    expire — and plays out the 2016 debate over it between Martin Kleppmann, who argued that such a lock cannot \
    protect a resource on its own, and Salvatore Sanfilippo (antirez), Redis's author, who designed Redlock \
    and answered him. In the study's run the lock never lets two clients hold it at once, yet a client that \
    pauses comes back after its lease has died and overwrites newer work. \
    Every number is computed in your browser as you move the parameters.";

/// The width the opening run is drawn for: the page's widest column. The
/// drawing scales down to narrower screens.
pub const WIDTH: f64 = 1100.0;

/// The markup index.html shows until the page has started, above its
/// loading line: the title, the question, and the study's run (the default
/// parameters) as the live page first draws it.
pub fn prerendered() -> String {
    let run = simulate(&Params::default());
    let l = layout::layout(&run, WIDTH, history::horizon(&run));
    let label = escape(&format!("Lease timeline: {}", transcript::describe(&run.params)));
    format!(
        concat!(
            "<header data-prerender><h1>dlock</h1><p class=\"lede\">{lede}</p></header>",
            "<figure class=\"timeline\" data-prerender data-testid=\"prerender\">",
            "<figcaption>The study's run, drawn ahead of the live page, which replaces it once the simulation has loaded.</figcaption>",
            "<svg class=\"timeline-svg\" role=\"img\" aria-label=\"{label}\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
            "<defs>{hatch}</defs>",
            "<g class=\"drawing\">{body}</g></svg></figure>"
        ),
        lede = escape(LEDE),
        label = label,
        w = l.width,
        h = l.height,
        body = markup::body(&l),
        hatch = crate::draw::markup::HATCH_PATTERN,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_the_study_s_run_as_the_live_figure_draws_it() {
        let html = prerendered();
        let run = simulate(&Params::default());
        let l = layout::layout(&run, WIDTH, history::horizon(&run));
        assert!(html.contains(&markup::body(&l)));
        assert!(html.contains("write &#39;A&#39; · token 1 · ACCEPTED"), "{html}");
        assert!(html.starts_with("<header data-prerender><h1>dlock</h1>"));
        assert!(html.ends_with("</svg></figure>"));
        // One hatch pattern: the live page's own comes once it starts.
        assert_eq!(html.matches("id=\"dlock-hatch\"").count(), 1);
    }
}
