//! Share tools under each figure: a link to exactly this view, and an
//! embed snippet that shows the figure alone.

use crate::settings::{self, Figure};
use crate::state::AppState;
use crate::url;
use leptos::prelude::*;

/// The iframe snippet for embedding `figure` with the current settings.
pub fn embed_code(base: &str, query: &str, figure: Figure, cursor_set: bool) -> String {
    let separator = if query.is_empty() || query == "?" {
        "?"
    } else {
        "&"
    };
    let query = if query == "?" { "" } else { query };
    // Tall enough that the default figure needs no scroll bar in a 720 px
    // column, a common width for course pages (checked by the e2e suite);
    // the four re-check multiples stack below 760 px.
    let height = match figure {
        // With a cursor, what happens at it is written under the timeline.
        Figure::Timeline if cursor_set => 960,
        Figure::Timeline => 840,
        Figure::Heatmap => 860,
        Figure::Recheck => 1960,
        Figure::Sweeps => 1020,
        Figure::Audit => 580,
        Figure::Beyond(_) => 940,
    };
    // `frameborder`, not `style="border:0"`: a course page whose policy
    // forbids inline styles would refuse the attribute and log a violation.
    format!(
        "<iframe src=\"{base}{query}{separator}embed={}\" title=\"dlock: {}\" width=\"100%\" height=\"{height}\" frameborder=\"0\" loading=\"lazy\"></iframe>",
        figure.code(),
        figure_title(figure)
    )
}

pub fn figure_title(figure: Figure) -> &'static str {
    match figure {
        Figure::Timeline => "the lease timeline",
        Figure::Heatmap => "the ttl × pause staircase",
        Figure::Recheck => "re-checking before the write",
        Figure::Sweeps => "cluster size, lease length and B's arrival",
        Figure::Audit => "the audit of one run",
        Figure::Beyond(s) => s.title(),
    }
}

/// A link to the full study at `figure`'s section, with the current
/// settings (and no embed).
pub fn study_link(state: AppState, figure: Figure) -> String {
    section_link(state, crate::embed::anchor_of(figure))
}

/// A link to the full study at the section `anchor`, with the current
/// settings (and no embed).
pub fn section_link(state: AppState, anchor: &str) -> String {
    let mut s = state.settings.get();
    s.embed = None;
    format!("{}{}#{anchor}", url::page_base(), settings::format(&s))
}

/// "Copy link" for a figure that is not embeddable on its own (a table):
/// the study at its section, with exactly the current settings.
#[component]
pub fn CopyLink(state: AppState, anchor: &'static str) -> impl IntoView {
    let status = RwSignal::new("");
    let on_click = move |_| {
        copy(&section_link(state, anchor));
        status.set("Link copied.");
    };
    view! {
        <div class="figure-tools">
            <button type="button" data-testid=format!("copy-link-{anchor}") on:click=on_click>"Copy link"</button>
            <span class="tool-status" role="status">{move || status.get()}</span>
        </div>
    }
}

fn copy(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

#[component]
pub fn FigureTools(state: AppState, figure: Figure) -> impl IntoView {
    let status = RwSignal::new("");
    // The texts in the disclosure follow the settings only while it is
    // open: a slider drag should not rewrite a dozen hidden text boxes.
    let shown = RwSignal::new(false);
    let link = move || study_link(state, figure);
    let snippet = move || {
        let mut s = state.settings.get();
        s.embed = None;
        embed_code(
            &url::page_base(),
            &settings::format(&s),
            figure,
            s.cursor.is_some(),
        )
    };
    let shown_link = move || if shown.get() { link() } else { String::new() };
    let shown_snippet = move || if shown.get() { snippet() } else { String::new() };
    let copy_link = move |_| {
        copy(&link());
        status.set("Link copied.");
    };
    let copy_embed = move |_| {
        copy(&snippet());
        status.set("Embed code copied.");
    };
    view! {
        <div class="figure-tools" data-testid=format!("tools-{}", figure.code())>
            <button type="button" data-testid=format!("copy-link-{}", figure.code()) on:click=copy_link>"Copy link"</button>
            <button type="button" data-testid=format!("copy-embed-{}", figure.code()) on:click=copy_embed>"Copy embed code"</button>
            <crate::export::ExportButtons state figure />
            <span class="tool-status" role="status">{move || status.get()}</span>
            <details class="share-text" on:toggle=move |ev| {
                let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
                shown.set(open);
            }>
                <summary>"Show link and embed code"</summary>
                <label>"Link "<input type="text" readonly data-testid=format!("link-{}", figure.code()) prop:value=shown_link /></label>
                <label>"Embed "<textarea readonly rows="3" data-testid=format!("embed-{}", figure.code()) prop:value=shown_snippet></textarea></label>
            </details>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embed_snippet_carries_the_settings_and_a_title() {
        let code = embed_code(
            "https://example.org/dlock/",
            "?v=1&ttl=25",
            Figure::Heatmap,
            false,
        );
        assert!(
            code.starts_with("<iframe src=\"https://example.org/dlock/?v=1&ttl=25&embed=heatmap\""),
            "{code}"
        );
        assert!(code.contains("title=\"dlock: the ttl × pause staircase\""));
        assert!(code.contains("height=\"860\""));
        // A timeline opened on a tick has the lines for it underneath.
        let height = |cursor_set| {
            let code = embed_code("/", "?v=1&t=16", Figure::Timeline, cursor_set);
            code.split("height=\"")
                .nth(1)
                .and_then(|h| h.split('"').next())
                .map(str::to_owned)
        };
        assert_eq!(height(false).as_deref(), Some("840"));
        assert_eq!(height(true).as_deref(), Some("960"));
        // A host page that refuses inline styles must not have to refuse any of it.
        assert!(
            !code.contains("style=") && code.contains("frameborder=\"0\""),
            "{code}"
        );
        assert!(embed_code("/", "?", Figure::Audit, false).contains("src=\"/?embed=audit\""));
        let drift = embed_code(
            "/",
            "?",
            Figure::Beyond(dlock_core::beyond::Scenario::TokenDrift),
            false,
        );
        assert!(drift.contains("embed=token-drift") && drift.contains("title=\"dlock: Token drift\""));
    }
}
