//! The study's sections, in order, and which one the reader is in.

/// `(anchor, title)` of every section, in reading order.
pub const SECTIONS: [(&str, &str); 19] = [
    ("corrupted", "The run"),
    ("argument", "Every fault"),
    ("problem", "Why a lease"),
    ("model", "The model"),
    ("arithmetic", "Arithmetic"),
    ("fenced", "Fenced"),
    ("servers", "Servers"),
    ("lease", "Lease length"),
    ("vanish", "Vanishing"),
    ("recheck", "Re-checking"),
    ("acquiring", "Acquiring"),
    ("comparison", "< or <="),
    ("simplified", "Left out"),
    ("fault", "One fault"),
    ("real", "Real servers"),
    ("both-sides", "Both sides"),
    ("every-schedule", "Every schedule"),
    ("check", "Check yourself"),
    ("reading", "Reading"),
];

/// The section being read: the last one whose top has scrolled above
/// `line` pixels from the top of the viewport (the first if none has) —
/// or, once the page is scrolled to its end, the last section, whose top
/// may never reach the line because nothing follows it.
pub fn active_section(tops: &[(usize, f64)], line: f64, at_end: bool) -> usize {
    if at_end {
        if let Some(&(last, _)) = tops.iter().max_by_key(|(i, _)| *i) {
            return last;
        }
    }
    tops.iter()
        .filter(|(_, top)| *top <= line)
        .map(|(i, _)| *i)
        .max()
        .unwrap_or(0)
}

/// Where to scroll a horizontally scrolling strip so that an item spanning
/// `item_left..item_left + item_width` (in the strip's content coordinates)
/// is in view, with `margin` pixels to spare; `None` when it already is.
/// The table of contents is wider than most screens; this keeps the
/// section being read visible in it.
pub fn reveal_scroll(
    item_left: f64,
    item_width: f64,
    scroll_left: f64,
    view_width: f64,
    margin: f64,
) -> Option<f64> {
    let (start, end) = (item_left - margin, item_left + item_width + margin);
    if start < scroll_left {
        Some(start.max(0.0))
    } else if end > scroll_left + view_width {
        Some((end - view_width).max(0.0))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strip_scrolls_only_as_far_as_needed_to_show_the_item() {
        // Already visible: leave the strip alone.
        assert_eq!(reveal_scroll(100.0, 50.0, 0.0, 400.0, 16.0), None);
        // Off to the right: scroll just far enough that it ends in view.
        assert_eq!(reveal_scroll(700.0, 80.0, 0.0, 400.0, 16.0), Some(396.0));
        // Off to the left: scroll back to its start, never before zero.
        assert_eq!(reveal_scroll(200.0, 80.0, 500.0, 400.0, 16.0), Some(184.0));
        assert_eq!(reveal_scroll(4.0, 80.0, 300.0, 400.0, 16.0), Some(0.0));
    }

    #[test]
    fn the_active_section_is_the_last_one_scrolled_past() {
        let tops = [(0, -500.0), (1, -20.0), (2, 300.0), (3, 900.0)];
        assert_eq!(active_section(&tops, 80.0, false), 1);
        assert_eq!(active_section(&tops, 400.0, false), 2);
        assert_eq!(active_section(&[(0, 200.0), (1, 900.0)], 80.0, false), 0);
        assert_eq!(active_section(&[], 80.0, false), 0);
    }

    #[test]
    fn at_the_end_of_the_page_the_last_section_is_active() {
        // A short last section never reaches the line, but it is being read.
        let tops = [(0, -2000.0), (1, -300.0), (2, 500.0)];
        assert_eq!(active_section(&tops, 96.0, false), 1);
        assert_eq!(active_section(&tops, 96.0, true), 2);
        assert_eq!(active_section(&[], 96.0, true), 0);
    }

    #[test]
    fn the_scenarios_beyond_the_seed_share_one_section_and_keep_their_anchors_out_of_the_list() {
        use crate::study::sections::fault;
        assert!(SECTIONS.iter().any(|(a, _)| *a == fault::ID));
        for s in dlock_core::beyond::Scenario::ALL {
            // Their anchors live inside that section (see `fault`), so a
            // second entry here would make two sections one.
            assert!(SECTIONS.iter().all(|(a, _)| *a != s.code()), "{s:?}");
        }
    }

    #[test]
    fn the_readme_lists_every_section_in_order_with_the_real_count() {
        let readme = include_str!("../../../../README.md");
        let (_, page) = readme
            .split_once("## What is on the page\n")
            .expect("the section");
        let page = page.split("\n## ").next().unwrap_or_default();
        assert!(page.contains(&format!("{} sections", SECTIONS.len())), "{page}");
        let listed: Vec<&str> = page
            .lines()
            .filter_map(|l| {
                l.strip_prefix("- **")?
                    .split_once("** — ")
                    .map(|(title, _)| title)
            })
            .collect();
        let titles: Vec<&str> = SECTIONS.iter().map(|(_, title)| *title).collect();
        assert_eq!(listed, titles);
    }

    #[test]
    fn anchors_are_unique() {
        for (i, (a, _)) in SECTIONS.iter().enumerate() {
            assert!(SECTIONS[i + 1..].iter().all(|(b, _)| a != b));
        }
    }
}
