//! Further reading: the sources the study and the debate draw on, each
//! with its address.

use leptos::prelude::*;

/// One entry of the further reading: who, what, where, when, and the
/// address of the source itself. A plain link loads nothing until it is
/// followed, so the page still makes no request off its own origin.
struct Source {
    authors: &'static str,
    title: &'static str,
    venue: &'static str,
    year: &'static str,
    href: &'static str,
}

const READING: [Source; 9] = [
    Source {
        authors: "Martin Kleppmann",
        title: "How to do distributed locking",
        venue: "martin.kleppmann.com (blog)",
        year: "2016",
        href: "https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html",
    },
    Source {
        authors: "Salvatore Sanfilippo (antirez)",
        title: "Is Redlock safe?",
        venue: "antirez.com (blog)",
        year: "2016",
        href: "http://antirez.com/news/101",
    },
    Source {
        authors: "Redis",
        title: "Distributed Locks with Redis",
        venue: "redis.io documentation",
        year: "current",
        href: "https://redis.io/docs/latest/develop/use/patterns/distributed-locks/",
    },
    Source {
        authors: "Mike Burrows",
        title: "The Chubby lock service for loosely-coupled distributed systems",
        venue: "OSDI",
        year: "2006",
        href: "https://www.usenix.org/legacy/event/osdi06/tech/burrows.html",
    },
    Source {
        authors: "Patrick Hunt, Mahadev Konar, Flavio P. Junqueira, Benjamin Reed",
        title: "ZooKeeper: Wait-free coordination for Internet-scale systems",
        venue: "USENIX ATC",
        year: "2010",
        href: "https://www.usenix.org/conference/usenix-atc-10/zookeeper-wait-free-coordination-internet-scale-systems",
    },
    Source {
        authors: "Apache ZooKeeper",
        title: "ZooKeeper Recipes and Solutions: Locks",
        venue: "zookeeper.apache.org documentation",
        year: "current",
        href: "https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks",
    },
    Source {
        authors: "Apache Kafka",
        title: "KIP-320: Allow fetchers to detect and handle log truncation",
        venue: "Kafka Improvement Proposals, cwiki.apache.org",
        year: "2018",
        href: "https://cwiki.apache.org/confluence/display/KAFKA/KIP-320%3A+Allow+fetchers+to+detect+and+handle+log+truncation",
    },
    Source {
        authors: "Apache Hadoop",
        title: "HDFS High Availability Using the Quorum Journal Manager",
        venue: "hadoop.apache.org documentation",
        year: "current",
        href: "https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-hdfs/HDFSHighAvailabilityWithQJM.html",
    },
    Source {
        authors: "Kyle Kingsbury",
        title: "Jepsen: Redis-Raft 1b3fbf6",
        venue: "jepsen.io",
        year: "2020",
        href: "https://jepsen.io/analyses/redis-raft-1b3fbf6",
    },
];

#[component]
pub fn Reading() -> impl IntoView {
    view! {
        <ul class="reading" data-testid="reading">
            {READING.iter().map(|s| view! {
                <li><span class="authors">{s.authors}</span>". "<a href=s.href><cite>{s.title}</cite></a>". "{s.venue}", "{s.year}"."</li>
            }).collect_view()}
        </ul>
    }
}
