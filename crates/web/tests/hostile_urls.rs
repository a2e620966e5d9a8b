//! Every hostile address the page is known to meet, read as the page reads
//! its address (`settings::parse`): each value out of range, malformed,
//! repeated or unknown is clamped or ignored with a notice naming its
//! parameter, and what the page keeps reads back with no notice at all.
//! Runs natively; `tests/e2e/hostile.spec.ts` keeps the few whose notice
//! must also reach the screen as text (markup in a value), with no console
//! error and no panic.
#![cfg(not(target_arch = "wasm32"))]

use dlock_web::settings;

/// A query, and the parameter its notice must name.
const HOSTILE: &[(&str, &str)] = &[
    ("n=0", "n"),
    ("n=-1", "n"),
    ("n=102", "n"),
    ("n=abc", "n"),
    ("n=1e18", "n"),
    ("n=99999999999999999999", "n"),
    ("ttl=0", "ttl"),
    ("ttl=", "ttl"),
    ("ttl=10.5", "ttl"),
    ("ttl=0x10", "ttl"),
    ("ttl=20&ttl=30", "ttl"),
    ("pause_from=1", "pause_from"),
    ("pause_from=-2", "pause_from"),
    ("pause_len=1e3", "pause_len"),
    ("pause_len=10001", "pause_len"),
    ("b_arrives=%F0%9F%94%92", "b_arrives"),
    ("b_arrives=NaN", "b_arrives"),
    ("fencing=2", "fencing"),
    ("fencing=true", "fencing"),
    ("cmp=eq", "cmp"),
    ("cmp=%3Cimg%20src=x%20onerror=alert(1)%3E", "cmp"),
    ("expiry=yes", "expiry"),
    ("crash=-1", "crash"),
    ("recheck=999", "recheck"),
    ("recheck=soon", "recheck"),
    ("twice=%00", "twice"),
    ("t=-5", "t"),
    ("t=99999999", "t"),
    ("hm_ttl=5..1", "hm_ttl"),
    ("hm_ttl=0..10", "hm_ttl"),
    ("hm_pause=1..100000", "hm_pause"),
    ("hm_pause=%3Cscript%3Ealert(1)%3C/script%3E", "hm_pause"),
    ("embed=everything", "embed"),
    ("embed=%22%3E%3Csvg%20onload=alert(1)%3E", "embed"),
    ("%3Cscript%3E=1", "<script>"),
    ("v=999", "v"),
    ("latency=11", "latency"),
    ("latency=-1", "latency"),
    ("acq_pause=1001", "acq_pause"),
    ("acq_pause=%3Cb%3E", "acq_pause"),
    ("check=maybe", "check"),
    ("cas=2", "cas"),
    ("jump=21", "jump"),
    ("jump_servers=6", "jump_servers"),
    ("utm=newsletter", "utm"),
];

#[test]
fn each_hostile_value_gets_a_notice_naming_its_parameter() {
    for (query, param) in HOSTILE {
        let (_, notices) = settings::parse(&format!("?{query}"));
        assert!(
            notices
                .iter()
                .any(|n| n.param == *param && n.message.contains(param)),
            "?{query}: no notice names {param}: {notices:?}"
        );
    }
}

#[test]
fn what_the_page_keeps_of_a_hostile_address_reads_back_without_a_notice() {
    for (query, _) in HOSTILE {
        let (kept, _) = settings::parse(&format!("?{query}"));
        let written = settings::format(&kept);
        let (again, notices) = settings::parse(&written);
        assert_eq!(notices, [], "?{query} was kept as ?{written}");
        assert_eq!(again, kept, "?{query} was kept as ?{written}");
    }
}

/// The twin of the tests above: a clean address gets no notice, so a
/// notice is the address's doing and not the reader's every visit.
#[test]
fn the_studys_own_address_and_the_largest_accepted_get_none() {
    for query in [
        "",
        "?n=101&ttl=10000&pause_from=10000&pause_len=10000&b_arrives=10000&hm_ttl=1..200&hm_pause=0..199",
    ] {
        assert_eq!(settings::parse(query).1, [], "{query}");
    }
}
