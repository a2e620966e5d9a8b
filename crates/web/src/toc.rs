//! The study's sections, in order, and which one the reader is in.

/// `(anchor, title)` of every section, in reading order.
pub const SECTIONS: [(&str, &str); 18] = [
    ("problem", "Why a lease"),
    ("model", "The model"),
    ("corrupted", "The corrupted run"),
    ("arithmetic", "The arithmetic"),
    ("fenced", "Fenced"),
    ("servers", "More servers?"),
    ("lease", "Lease length"),
    ("vanish", "Where it vanishes"),
    ("recheck", "Re-checking"),
    ("comparison", "< or <="),
    ("simplified", "What is simplified"),
    ("token-drift", "Token drift"),
    ("restart", "Server restart"),
    ("clock-drift", "Clock drift"),
    ("slow-network", "Slow network"),
    ("stale-accepted", "Accepted stale write"),
    ("check", "Check yourself"),
    ("reading", "Further reading"),
];

/// Scrolls the section (or any element) with this id into view, as
/// following its `#` link would.
pub fn scroll_to(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        el.scroll_into_view();
    }
}

/// The section being read: the last one whose top has scrolled above
/// `line` pixels from the top of the viewport (the first if none has).
pub fn active_section(tops: &[(usize, f64)], line: f64) -> usize {
    tops.iter()
        .filter(|(_, top)| *top <= line)
        .map(|(i, _)| *i)
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_active_section_is_the_last_one_scrolled_past() {
        let tops = [(0, -500.0), (1, -20.0), (2, 300.0), (3, 900.0)];
        assert_eq!(active_section(&tops, 80.0), 1);
        assert_eq!(active_section(&tops, 400.0), 2);
        assert_eq!(active_section(&[(0, 200.0), (1, 900.0)], 80.0), 0);
        assert_eq!(active_section(&[], 80.0), 0);
    }

    #[test]
    fn every_scenario_beyond_the_seed_has_its_section() {
        for s in dlock_core::beyond::Scenario::ALL {
            assert!(SECTIONS.iter().any(|(a, _)| *a == s.code()), "{s:?}");
        }
    }

    #[test]
    fn anchors_are_unique() {
        for (i, (a, _)) in SECTIONS.iter().enumerate() {
            assert!(SECTIONS[i + 1..].iter().all(|(b, _)| a != b));
        }
    }
}
