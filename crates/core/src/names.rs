//! Every parameter of a run, named once: in the page's address (short, and
//! fixed for good, since links already shared must keep opening), as a
//! `dlock` flag, and on the page's controls. The page's URL reader and
//! writer, its controls, the CLI's flags and errors, and the command lines
//! the page prints all take the names from here.

/// The names of one parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name {
    /// In the page's URL query (`?n=7`).
    pub url: &'static str,
    /// As a `dlock` flag, without its dashes (`--servers 7`).
    pub flag: &'static str,
    /// On the page, beside its input.
    pub label: &'static str,
}

pub const SERVERS: Name = Name {
    url: "n",
    flag: "servers",
    label: "lock servers",
};
pub const TTL: Name = Name {
    url: "ttl",
    flag: "ttl",
    label: "lease ttl",
};
pub const PAUSE_FROM: Name = Name {
    url: "pause_from",
    flag: "pause-from",
    label: "A pauses at",
};
pub const PAUSE_LEN: Name = Name {
    url: "pause_len",
    flag: "pause-len",
    label: "pause length",
};
pub const B_ARRIVES: Name = Name {
    url: "b_arrives",
    flag: "b-arrives",
    label: "B arrives at",
};
pub const RECHECK: Name = Name {
    url: "recheck",
    flag: "recheck-at",
    label: "A re-checks at",
};
pub const FENCING: Name = Name {
    url: "fencing",
    flag: "fencing",
    label: "fencing at the resource",
};
/// `<=` instead of `<`: `cmp=le` in a URL, the `--loose` switch on the
/// command line.
pub const COMPARISON: Name = Name {
    url: "cmp",
    flag: "loose",
    label: "stale means token <= max",
};
/// Leases that expire: `expiry=0` in a URL turns them off, as the
/// `--no-expiry` switch does.
pub const EXPIRY: Name = Name {
    url: "expiry",
    flag: "no-expiry",
    label: "leases expire",
};
pub const A_CRASHES: Name = Name {
    url: "crash",
    flag: "a-crashes",
    label: "A crashes instead of pausing",
};
pub const B_WRITES_TWICE: Name = Name {
    url: "twice",
    flag: "b-writes-twice",
    label: "B writes twice",
};
pub const REGISTER_TOKEN: Name = Name {
    url: "register",
    flag: "register-token",
    label: "B registers its token with the resource first",
};

/// antirez's remedy: the resource checks the writer's lock id.
pub const CAS: Name = Name {
    url: "cas",
    flag: "cas",
    label: "check-and-set at the resource",
};

/// Acquiring over a network (issue 31).
pub const ACQUIRE_LATENCY: Name = Name {
    url: "latency",
    flag: "acquire-latency",
    label: "request and reply latency",
};
pub const ACQUIRE_PAUSE: Name = Name {
    url: "acq_pause",
    flag: "acquire-pause",
    label: "A stops while its replies are in flight",
};
/// The check is on unless switched off: `check=0`, `--no-validity-check`.
pub const VALIDITY_CHECK: Name = Name {
    url: "check",
    flag: "no-validity-check",
    label: "clients check the validity left after acquiring",
};

/// Every parameter of a run, in `dlock run --help`'s order.
pub const RUN: [Name; 16] = [
    SERVERS,
    TTL,
    PAUSE_FROM,
    PAUSE_LEN,
    B_ARRIVES,
    RECHECK,
    FENCING,
    COMPARISON,
    EXPIRY,
    A_CRASHES,
    B_WRITES_TWICE,
    REGISTER_TOKEN,
    CAS,
    ACQUIRE_LATENCY,
    ACQUIRE_PAUSE,
    VALIDITY_CHECK,
];

/// The URL name of the parameter whose flag is `flag` (with dashes or
/// underscores: `a_crashes` and `a-crashes` both give `crash`).
pub fn url_of_flag(flag: &str) -> Option<&'static str> {
    let dashed = flag.replace('_', "-");
    RUN.iter().find(|n| n.flag == dashed).map(|n| n.url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_used_once() {
        let all: Vec<Name> = RUN.into_iter().collect();
        for pick in [|n: &Name| n.url, |n: &Name| n.flag, |n: &Name| n.label] {
            let mut seen: Vec<&str> = all.iter().map(pick).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), all.len());
        }
    }

    #[test]
    fn a_flag_leads_to_its_url_name() {
        assert_eq!(url_of_flag("servers"), Some("n"));
        assert_eq!(url_of_flag("a_crashes"), Some("crash"));
        assert_eq!(url_of_flag("no-expiry"), Some("expiry"));
        assert_eq!(url_of_flag("loose"), Some("cmp"));
        assert_eq!(url_of_flag("meteor"), None);
    }
}
