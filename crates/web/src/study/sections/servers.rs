//! Cluster size: more lock servers change nothing but the quorum.

use super::Section;
use crate::figures::sweeps::{table_sizes, ClusterTable};
use crate::share::tools::CopyLink;
use crate::state::AppState;
use dlock_core::words::count;
use leptos::prelude::*;

/// More lock servers, the same corruption.
#[component]
pub fn ServersSection(state: AppState) -> impl IntoView {
    // Counted from the table's own rows, the size the reader added too.
    let cluster_range = move || {
        let sizes = table_sizes(state.settings.with(|s| s.added_servers));
        let (smallest, largest) = (
            sizes.iter().min().copied().unwrap_or(1),
            sizes.iter().max().copied().unwrap_or(1),
        );
        format!(
            "Here is the same schedule on {} cluster sizes, from {} to {largest}.",
            sizes.len(),
            count(smallest, "server", "servers")
        )
    };
    view! {
        <Section id="servers" title="Do more lock servers help?">
            <p>"Redlock asks a majority of several independent servers, so the first objection to any demonstration is the "
               "cluster size. " <span data-testid="cluster-range" prop:textContent=cluster_range></span></p>
            <ClusterTable state />
            <CopyLink state anchor="servers" />
        </Section>
    }
}
