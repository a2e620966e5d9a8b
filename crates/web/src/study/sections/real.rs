//! "On real servers": the section around the recordings
//! (`figures::real`), and what they are.

use super::Section;
use crate::figures::real::RealServers;
use crate::settings::Figure;
use crate::share::tools::FigureTools;
use crate::state::AppState;
use leptos::prelude::*;

#[component]
pub fn RealSection(state: AppState) -> impl IntoView {
    view! {
        <Section id="real" title="On real servers">
            <p>"The study's schedule, run by " <code>"dlock lab"</code> " on real lock servers the lab starts on this machine's "
               "loopback: redis-servers with Redlock as redis.io describes it, or an etcd cluster; A is a real process, "
               "stopped with SIGSTOP for its pause; the resource is a database. A tick is a fixed number of real milliseconds. "
               "These recordings shipped with the page are measurements, each dated; the model's answer beside each is computed "
               "now, so a change to the model that parts it from the real servers shows here. "
               <span data-testid="real-etcd-mapping">"An etcd cluster agrees by consensus and answers as one lock service, so the model "
               "runs etcd on one lock server; its fencing token is the lock key's create revision."</span></p>

            <RealServers state />
            <FigureTools state figure=Figure::Real />
        </Section>
    }
}
