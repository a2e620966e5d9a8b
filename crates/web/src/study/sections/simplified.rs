//! What the model leaves out.

use super::Section;
use leptos::prelude::*;

/// What the model leaves out.
#[component]
pub fn SimplifiedSection() -> impl IntoView {
    view! {
        <Section id="simplified" title="What the model leaves out">
            <ul class="simplified-list">
                <li>"One thread, one tick counter: clients never race for real. The interleaving that matters is rare in production; here it is scheduled on purpose so it can be studied."</li>
                <li>"A network that keeps time: in the study's run requests arrive at once; under “Acquiring over a network” every request and reply takes the same number of ticks, and none is lost ("<a href="#argument">"the table"</a>"'s rows of slow and lost lock messages search those). Real requests are delayed by different amounts, time out, and can take effect on a server whose reply never arrives; "<a href="#slow-network">"a slow network"</a>", one of the rows below, shows one write overtaken in flight."</li>
                <li>"No clock drift: every server shares one clock. That is a gift to the lock — drift is a way to grant overlapping leases — so the corruption here happens even with perfect clocks. The row for "<a href="#clock-drift">"clock drift"</a>" below switches it on."</li>
                <li>"No lock-server crash and restart: a server that forgets its state can grant a lease that is already held, breaking mutual exclusion in the lock itself. Left out so that “the lock is innocent” stays literally true; the row for "<a href="#restart">"a restart"</a>" below shows what happens otherwise."</li>
                <li>"The token is the highest grant counter among a majority. With servers kept in step that is monotonic; in general it is not, which is the standing objection to adding fencing to Redlock. Consensus-backed services number grants from one ordered log: ZooKeeper's zxid, etcd's revision, and the epochs of Kafka's leaders and HDFS's journal (an epoch is a number that grows each time a new leader takes over). The row for "<a href="#token-drift">"token drift"</a>" below makes it go backwards."</li>
                <li>"The resource is one variable. A real storage service must check the token on every write path, keep it durably beside the data, and decide what happens to writes already in flight."</li>
            </ul>
        </Section>
    }
}
