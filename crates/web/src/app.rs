//! The page shell: state from the URL, the URL kept up to date, and either
//! the whole study or one embedded figure.

use crate::browser::timing::Debounce;
use crate::browser::{document, events, url};
use crate::controls::inputs::Controls;
use crate::figures::beyond::ScenarioFigure;
use crate::figures::heatmap::{view::Heatmap, HeatmapControls};
use crate::figures::panels::{AuditPanel, CursorNote, Notices};
use crate::figures::recheck::RecheckFigure;
use crate::figures::sweeps::{ClusterTable, LateArrival, LeaseLengths};
use crate::figures::timeline::playable::TimelineFigure;
use crate::settings::{self, Embed, Figure, Theme};
use crate::share::embed::Embedded;
use crate::state::AppState;
use crate::study::page::Study;
use dlock_core::transcript;
use leptos::prelude::*;

/// Page content is at most this wide; figures are laid out for the real
/// width so text stays legible on a phone.
const MAX_CONTENT_PX: f64 = 1100.0;

/// The width figures are laid out for. Presented, a figure is laid out
/// narrower by `present::scale_for` and stretched to the window, so its
/// labels grow by that factor.
fn content_width(embedded: bool, presenting: bool) -> f64 {
    let inner = document::inner_width().unwrap_or(MAX_CONTENT_PX);
    let padding = if embedded { 16.0 } else { 32.0 };
    if presenting {
        // The frame's padding, and room for its scroll bar when the
        // figure is taller than the window.
        let presented_frame = 32.0 + 16.0;
        let scale = crate::share::present::scale_for(inner);
        return ((inner - presented_frame) / scale).max(280.0);
    }
    (inner - padding).clamp(280.0, MAX_CONTENT_PX)
}

/// Pattern definitions every timeline on the page refers to by id.
#[component]
fn SharedDefs() -> impl IntoView {
    view! {
        <svg class="visually-hidden" aria-hidden="true" width="0" height="0">
            <defs inner_html=crate::draw::markup::HATCH_PATTERN></defs>
        </svg>
    }
}

/// Fixes the page's colours as `?theme=` asks: the dark palette's
/// stylesheet gets the media the theme gives it. Once, at start: nothing on
/// the page changes the theme afterwards.
fn apply_theme(theme: Theme) {
    let Some(media) = theme.dark_palette_media() else {
        return;
    };
    document::set_media(Theme::DARK_PALETTE_ID, media);
}

/// Lays the figures out for the window's width, again when it changes
/// and when presentation mode starts or ends; returns the figure being
/// presented.
fn lay_out_for_the_window(state: AppState, embedded: bool) -> Memo<Option<Figure>> {
    let presenting = Memo::new(move |_| state.settings.with(|s| s.present));
    let lay_out = move || {
        let width = content_width(embedded, presenting.get_untracked().is_some());
        state.width.set(width);
    };
    events::on_window("resize", lay_out);
    Effect::new(move |first: Option<()>| {
        presenting.track();
        if first.is_some() {
            lay_out();
        }
    });
    presenting
}

/// Keeps the address and the settings one: the settings written into
/// the address as the reader pauses, the address followed when Back,
/// Forward or a link within the page moves it, and a link to one of the six
/// old fault sections opening its row. `embedded` figures have no such
/// section; `no_cell` says the address named no cell of its own.
fn follow_the_address(state: AppState, embedded: bool, no_cell: bool) {
    // A link to one of the six fault sections that became one opens that
    // fault's row, unless it names a cell of its own.
    let follow_fault_anchor = move || {
        if embedded {
            return;
        }
        let picked = state.settings.with_untracked(|s| s.cell);
        if let Some(cell) = crate::study::sections::fault::cell_for_fragment(&url::read_hash(), picked) {
            state.settings.update(|s| s.cell = Some(cell));
        }
    };
    if no_cell {
        follow_fault_anchor();
    }
    // The one effect that reaches outside: mirror the settings into the
    // address bar (replaceState, so no history entry per slider move), once
    // the reader pauses — a drag moves the settings every frame, and the
    // address bar need not follow each step.
    let write_address = Debounce::new(crate::state::SETTLE);
    // The settings the address holds, as the page writes them.
    let written = StoredValue::new(state.opened_with.get_value());
    Effect::new(move |_| {
        let query = state.settings.with(settings::format);
        write_address.call(move || {
            url::replace_query(&query);
            written.set_value(query);
        });
    });
    // Back and Forward move between entries the page's own links made (a
    // link to a section is one), each with the settings of its moment:
    // the page follows the address it arrives at, so the two never
    // disagree. A jump to a section fires the same event without leaving
    // the entry; its address still holds what the page last wrote, even
    // while newer settings wait to be written, and is left alone.
    events::on_window("popstate", move || {
        let (arrived, _) = settings::parse(&url::read_query());
        let query = settings::format(&arrived);
        if written.with_value(|w| *w != query) {
            written.set_value(query);
            state.settings.set(arrived);
        }
        follow_fault_anchor();
    });
}

#[component]
pub fn App() -> impl IntoView {
    let query = url::read_query();
    let opened = settings::parse(&query).0;
    let embed = opened.embed;
    apply_theme(opened.theme);
    let state = AppState::new(&query, content_width(embed.is_some(), opened.present.is_some()));
    // A link to the check's section that carries a counterexample (as
    // links copied before it had a landing of its own did) lands on its
    // drawing, not 1,700 px above it.
    if embed.is_none() && opened.check.shown.is_some() && url::read_hash() == "#every-schedule" {
        url::replace_hash(crate::figures::check::COUNTEREXAMPLE_ANCHOR);
    }
    // So does a link to the table that picks a cell: on its drawing, not
    // on the heading a table's height above it.
    if embed.is_none() && opened.cell.is_some() && url::read_hash() == "#argument" {
        url::replace_hash(crate::figures::argument::SHOWN_ANCHOR);
    }
    follow_the_address(state, embed.is_some(), opened.cell.is_none());
    let presenting = lay_out_for_the_window(state, embed.is_some());

    if embed.is_some() {
        crate::browser::frame_height::report_to_host();
    }
    let handout = Memo::new(move |_| state.settings.with(|s| s.handout));
    let has_deck = Memo::new(move |_| state.settings.with(|s| !s.deck.is_empty()));
    match embed {
        Some(embed) => view! {
            <SharedDefs />
            <Embedded state embed>
                <Notices state />
                {move || match presenting.get() {
                    Some(figure) => presented(state, figure),
                    None => embedded_figure(state, embed),
                }}
            </Embedded>
        }
        .into_any(),
        None => view! {
            <SharedDefs />
            <main data-settled=move || state.is_settled().to_string()>
                <header>
                    <h1 data-testid="title">"dlock"</h1>
                    <p class="lede" data-testid="lede">{crate::study::opening::LEDE}</p>
                </header>
                <Notices state />
                {move || match handout.get() {
                    true => view! { <crate::share::deck::handout::Handout state /> }.into_any(),
                    false => view! { <Study state /> }.into_any(),
                }}
            </main>
            {move || has_deck.get().then(|| view! { <crate::share::deck::DeckPanel state /> })}
            // Over the study, which stays laid out beneath with its scroll
            // position: leaving returns the reader to where they were.
            {move || presenting.get().map(|figure| presented(state, figure))}
        }
        .into_any(),
    }
}

/// `figure` in presentation mode, without its panel of inputs.
fn presented(state: AppState, figure: Figure) -> AnyView {
    let embed = Embed {
        figure,
        controls: false,
    };
    view! {
        <crate::share::present::Presented state figure>{embedded_figure(state, embed)}</crate::share::present::Presented>
    }
    .into_any()
}

/// One figure alone: in a frame (`embed=`), or presented.
fn embedded_figure(state: AppState, embed: Embed) -> AnyView {
    // Without its panel of inputs a figure still says what it was run
    // with, in the words of `dlock run`'s first line.
    let settings_line = move |describe: fn(&dlock_core::Params) -> String| {
        (!embed.controls).then(|| {
            view! {
                <p class="settings-line" data-testid="embed-settings"
                    prop:textContent=move || format!("Settings: {}.", state.params.with(describe))></p>
            }
        })
    };
    match embed.figure {
        Figure::Timeline => view! {
            {settings_line(transcript::describe)}<Controls state /><TimelineFigure state /><CursorNote state />
        }
        .into_any(),
        Figure::Heatmap => view! { {settings_line(transcript::describe_grid)}<HeatmapControls state /><Heatmap state width=state.width /> }.into_any(),
        Figure::Recheck => view! { <RecheckFigure state /> }.into_any(),
        Figure::Debate => view! { <crate::study::sections::debate::BothSidesTable state /> }.into_any(),
        Figure::Acquiring => view! { <crate::figures::acquiring::AcquireStaircase state /> }.into_any(),
        Figure::Real => view! { <crate::figures::real::RealServers state /> }.into_any(),
        Figure::Check => view! { <crate::figures::check::EverySchedule state /> }.into_any(),
        Figure::Argument => view! { <crate::figures::argument::ArgumentTable state /> }.into_any(),
        Figure::Sweeps => {
            view! { <ClusterTable state /><LeaseLengths state width=state.width /><LateArrival state /> }.into_any()
        }
        Figure::Audit => {
            view! { {settings_line(transcript::describe)}<Controls state /><AuditPanel state /> }.into_any()
        }
        Figure::Beyond(scenario) => view! { <ScenarioFigure state scenario /> }.into_any(),
    }
}
