//! `<` against `<=`, and leases that never expire.

use super::Section;
use crate::figures::recheck::caption::tied_token;
use crate::figures::recheck::ComparisonFigure;
use crate::share::tools::CopyLink;
use crate::state::AppState;
use dlock_core::explore::argument::{self, Fault};
use dlock_core::sweep;
use dlock_core::words::count;
use leptos::prelude::*;

/// `<` against `<=`.
#[component]
pub fn ComparisonSection(state: AppState) -> impl IntoView {
    let tie = Memo::new(move |_| tied_token(&sweep::comparisons(&state.settled.get())));
    view! {
        <Section id="comparison" title="< or <=: a second write, and a tied token">
            <p>"The resource could reject a token merely equal to the highest it has seen, or only a lower one. Nothing changes "
               "for the study's stale write (a); it decides a second write under one lease (b: only < allows it) and a tied token (c: only <= stops it)."</p>
            <div class="pair">
                <div>
                    <ComparisonFigure state />
                    <CopyLink state anchor="comparison" />
                </div>
                <p>"< is right when tokens come from one ordered counter (etcd's revision, or ZooKeeper's zxid, the number its log gives each change): a stale writer is "
                   "always lower, and a holder may write again (b). The model's token, the highest of a majority's per-server "
                   "counters, is no such counter once servers fall out of step: in (c) the server both majorities share made a "
                   "delayed restart without persistence, and its counter began again. "
                   <span data-testid="tied-token" prop:textContent=tie></span>
                   <span data-testid="comparison-table">" In "<a href="#argument">"the table"</a>", the delayed restart runs "
                   "on "{count(argument::SERVERS, "server", "servers")}" with no client stopping, and a tie harms the data only "
                   "when the older holder writes last: "
                   "the row that lets that happen, and where < and <= part, is “"{Fault::TokenDrift.heading()}"”."</span></p>
            </div>
        </Section>
    }
}
