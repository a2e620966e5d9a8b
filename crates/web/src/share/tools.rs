//! Share tools under each figure: a link to exactly this view, and an
//! embed snippet that shows the figure alone.

use crate::browser::clipboard::copy;
use crate::browser::url;
use crate::settings::{self, Embed, Figure, Settings, Theme};
use crate::state::AppState;
use leptos::prelude::*;

/// The iframe snippet that embeds `embed` with `settings`, in the colours
/// of `theme`: its address is the one the embedded page keeps itself.
pub fn embed_code(base: &str, settings: &Settings, embed: Embed, theme: Theme) -> String {
    let mut s = settings.clone();
    s.embed = Some(embed);
    s.theme = theme;
    // `frameborder`, not `style="border:0"`: a course page whose policy
    // forbids inline styles would refuse the attribute and log a violation.
    format!(
        "<iframe src=\"{base}{}\" title=\"dlock: {}\" width=\"100%\" height=\"{}\" frameborder=\"0\" loading=\"lazy\"></iframe>",
        settings::format(&s),
        embed.figure.title(),
        embed_height(embed, &s)
    )
}

/// Tall enough that the figure, at these settings, needs no scroll bar
/// in a column 375 px wide, the narrowest a course page is read in (a
/// phone): the frame then fits every wider column too, with room to
/// spare below, and a host page running the README's script trims it to
/// the content. Measured at 359 px (a 375 px window less the host page's
/// margins) by the e2e suite, which loads each snippet without that
/// script and fails on an inner scroll bar.
fn embed_height(embed: Embed, s: &Settings) -> u32 {
    // (the figure alone at its defaults, what its panel of inputs adds)
    let (figure, panel) = match embed.figure {
        Figure::Timeline => (760, 520),
        Figure::Heatmap => (860, 180),
        Figure::Recheck => (1480, 0),
        Figure::Debate => (3480, 0),
        Figure::Acquiring => (1020, 0),
        Figure::Real => (1580, 0),
        Figure::Check => (2560, 0),
        Figure::Argument => (1300, 0),
        Figure::Sweeps => (1200, 60),
        Figure::Audit => (540, 520),
        Figure::Beyond(_) => (1260, 380),
    };
    // Each server past the study's five adds a lane to a timeline.
    let extra_servers = u32::from(s.params.servers.saturating_sub(5));
    let lanes = match embed.figure {
        Figure::Timeline | Figure::Audit => 12 * extra_servers,
        _ => 0,
    };
    // With a cursor, what happens at it is written under the timeline; a
    // counterexample on show is drawn under the check's table, and the
    // check's folded inputs take their room once a link opens them.
    let below = match embed.figure {
        Figure::Timeline if s.cursor.is_some() => 240,
        Figure::Check => {
            let shown = if s.check.shown.is_some() { 1260 } else { 0 };
            let opened = if s.check.beyond_the_first() { 160 } else { 0 };
            shown + opened
        }
        Figure::Argument if s.cell.is_some() => 700,
        _ => 0,
    };
    let panel = if embed.controls { panel } else { 0 };
    figure + panel + lanes + below
}

/// A link to the full study at `figure`'s section, with the current
/// settings (and no embed).
pub fn study_link(state: AppState, figure: Figure) -> String {
    let anchor = state.settings.with(|s| landing_of(figure, s));
    section_link(state, anchor)
}

/// Where a link to `figure` lands: its section, or, for the check with a
/// counterexample on show (1,700 px below the section's heading, past the
/// matrix) and the table with a cell picked (under the table), that
/// drawing itself.
pub fn landing_of(figure: Figure, s: &Settings) -> &'static str {
    match figure {
        Figure::Check if s.check.shown.is_some() => COUNTEREXAMPLE_ANCHOR,
        Figure::Argument if s.cell.is_some() => crate::figures::argument::SHOWN_ANCHOR,
        _ => figure.anchor(),
    }
}

use crate::figures::check::COUNTEREXAMPLE_ANCHOR;

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
    let on_click = move |_| copy(&section_link(state, anchor), status, "Link copied.");
    // Named by its section's heading, like a figure's tools by their figure.
    view! {
        <div class="figure-tools" role="group" aria-labelledby=format!("{anchor}-h")>
            <button type="button" data-testid=format!("copy-link-{anchor}") on:click=on_click>"Copy link"</button>
            <span class="tool-status" role="status" prop:textContent=move || status.get()></span>
        </div>
    }
}

/// The snippet's colours: the reader's setting, or fixed (held as the
/// theme's code).
#[component]
fn SnippetColours(figure: Figure, theme: RwSignal<&'static str>) -> impl IntoView {
    view! {
        <label>"Colours "
            <select data-testid=format!("embed-theme-{}", figure.code())
                on:change=move |ev| theme.set(Theme::from_code(&event_target_value(&ev)).unwrap_or_default().code())>
                <option value="auto" selected=theme.get_untracked() == "auto">"as the reader's setting"</option>
                <option value="light" selected=theme.get_untracked() == "light">"always light"</option>
                <option value="dark" selected=theme.get_untracked() == "dark">"always dark"</option>
            </select>
        </label>
    }
}

#[component]
pub fn FigureTools(state: AppState, figure: Figure) -> impl IntoView {
    let status = RwSignal::new("");
    // The texts in the disclosure follow the settings only while it is
    // open: a slider drag should not rewrite a dozen hidden text boxes.
    let shown = RwSignal::new(false);
    // A property of the snippet, not of the page: the page keeps its
    // controls either way, so this stays out of the address.
    let controls = RwSignal::new(true);
    // Also the snippet's: an iframe follows the reader's colour setting,
    // not the course page around it, so the teacher may fix its colours.
    // Held as its code: a signal of a type the page already has costs no
    // new copy of Leptos' signal code.
    let theme = RwSignal::new(state.settings.with_untracked(|s| s.theme.code()));
    let link = move || study_link(state, figure);
    let snippet = move || {
        let embed = Embed {
            figure,
            controls: controls.get(),
        };
        state.settings.with(|s| {
            embed_code(
                &url::page_base(),
                s,
                embed,
                Theme::from_code(theme.get()).unwrap_or_default(),
            )
        })
    };
    let shown_link = move || if shown.get() { link() } else { String::new() };
    let shown_snippet = move || if shown.get() { snippet() } else { String::new() };
    let copy_link = move |_| copy(&link(), status, "Link copied.");
    let copy_embed = move |_| {
        // The box that chose it may be in a closed disclosure by now.
        let copied = if controls.get_untracked() {
            "Embed code copied."
        } else {
            "Embed code copied, without the controls."
        };
        copy(&snippet(), status, copied);
    };
    view! {
        // One menu per figure, closed until asked for: a native disclosure,
        // so keyboards open it with Enter or Space and screen readers hear
        // it expand. Named for its figure: the page has a dozen of them.
        <details class="figure-tools share-menu" data-testid=format!("tools-{}", figure.code())>
            <summary data-testid=format!("menu-{}", figure.code())
                aria-label=format!("Share or export {}", figure.title())>"Share or export"</summary>
            <div class="menu-body" role="group" aria-label=format!("Share or export {}", figure.title())>
            <button type="button" data-testid=format!("copy-link-{}", figure.code()) on:click=copy_link>"Copy link"</button>
            <button type="button" data-testid=format!("copy-embed-{}", figure.code()) on:click=copy_embed>"Copy embed code"</button>
            <crate::share::export::ExportButtons state figure />
            <button type="button" data-testid=format!("present-{}", figure.code())
                on:click=move |_| state.settings.update(|s| s.present = Some(figure))>"Present"</button>
            <crate::share::deck::AddToDeck state figure status />
            <span class="tool-status" role="status" prop:textContent=move || status.get()></span>
            <details class="share-text" on:toggle=move |ev| {
                let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
                shown.set(open);
            }>
                <summary data-testid=format!("show-text-{}", figure.code())>"Show link and embed code"</summary>
                <label>"Link "<input type="text" readonly data-testid=format!("link-{}", figure.code()) prop:value=shown_link /></label>
                <label>"Embed "<textarea readonly rows="3" data-testid=format!("embed-{}", figure.code()) prop:value=shown_snippet></textarea></label>
                {figure.has_controls().then(|| view! {
                    <label>
                        <input type="checkbox" data-testid=format!("figure-only-{}", figure.code())
                            prop:checked=move || !controls.get()
                            on:change=move |ev| controls.set(!event_target_checked(&ev)) />
                        " Embed without the controls"
                    </label>
                })}
                <SnippetColours figure theme />
            </details>
            </div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(query: &str) -> Settings {
        settings::parse(query).0
    }

    fn embed(figure: Figure, controls: bool) -> Embed {
        Embed { figure, controls }
    }

    fn height_of(code: &str) -> u32 {
        code.split("height=\"")
            .nth(1)
            .and_then(|h| h.split('"').next())
            .and_then(|h| h.parse().ok())
            .unwrap_or(0)
    }

    #[test]
    fn the_embed_snippet_carries_the_settings_and_a_title() {
        let code = embed_code(
            "https://example.org/dlock/",
            &with("?ttl=25"),
            embed(Figure::Heatmap, true),
            Theme::Auto,
        );
        assert!(
            code.starts_with("<iframe src=\"https://example.org/dlock/?v=1&ttl=25&embed=heatmap\""),
            "{code}"
        );
        assert!(code.contains("title=\"dlock: the ttl × pause staircase\""));
        assert_eq!(
            height_of(&code),
            1040,
            "the staircase, its cell picker and its inputs, in a phone's column"
        );
        // A host page that refuses inline styles must not have to refuse any of it.
        assert!(
            !code.contains("style=") && code.contains("frameborder=\"0\""),
            "{code}"
        );
        // The snippet's address is the one the embedded page keeps: an
        // embed already in the settings is replaced, not repeated.
        let audit = |query, theme| embed_code("/", &with(query), embed(Figure::Audit, true), theme);
        let code = audit("?embed=heatmap", Theme::Auto);
        assert!(code.contains("src=\"/?v=1&embed=audit\""), "{code}");
        // The snippet's colours, whatever the page had.
        let code = audit("?theme=dark", Theme::Light);
        assert!(code.contains("src=\"/?v=1&embed=audit&theme=light\""), "{code}");
        let code = audit("?theme=dark", Theme::Auto);
        assert!(code.contains("src=\"/?v=1&embed=audit\""), "{code}");
        let drift = embed_code(
            "/",
            &Settings::default(),
            embed(Figure::Beyond(dlock_core::beyond::Scenario::TokenDrift), true),
            Theme::Auto,
        );
        assert!(drift.contains("embed=token-drift") && drift.contains("title=\"dlock: Token drift\""));
    }

    #[test]
    fn a_check_with_a_counterexample_on_show_has_room_for_its_drawing() {
        let check = |query| {
            height_of(&embed_code(
                "/",
                &with(query),
                embed(Figure::Check, true),
                Theme::Auto,
            ))
        };
        let shown = "?ck_row=0&ck_prop=stale_overwrites&ck_steps=10,11";
        assert!(with(shown).check.shown.is_some());
        assert_eq!(check(shown), check("") + 1260);
    }

    #[test]
    fn the_readme_s_example_snippet_is_the_one_the_page_gives() {
        let readme = include_str!("../../../../README.md");
        let code = embed_code(
            "https://example.org/dlock/",
            &with("?ttl=25"),
            embed(Figure::Heatmap, true),
            Theme::Auto,
        );
        assert!(
            readme.contains(&format!("```html\n{code}\n```")),
            "README's snippet is not:\n{code}"
        );
    }

    #[test]
    fn a_timeline_on_a_tick_is_taller_and_a_figure_without_controls_is_shorter() {
        let timeline = |query, controls| {
            height_of(&embed_code(
                "/",
                &with(query),
                embed(Figure::Timeline, controls),
                Theme::Auto,
            ))
        };
        // A timeline opened on a tick has the lines for it underneath.
        assert_eq!(timeline("?t=16", true), timeline("", true) + 240);
        assert_eq!(timeline("?t=16", false), timeline("", false) + 240);
        // A lane per server past five.
        assert_eq!(timeline("?n=15", true), timeline("", true) + 120);
        assert_eq!(timeline("?n=3", true), timeline("", true));
        for figure in Figure::ALL {
            let code = |controls| embed_code("/", &Settings::default(), embed(figure, controls), Theme::Auto);
            if figure.has_controls() {
                assert!(height_of(&code(false)) < height_of(&code(true)), "{figure:?}");
                assert!(code(false).contains(&format!("embed={}&controls=0\"", figure.code())));
            } else {
                assert_eq!(height_of(&code(false)), height_of(&code(true)), "{figure:?}");
            }
            assert!(!code(true).contains("controls="), "{figure:?}");
        }
    }
}
