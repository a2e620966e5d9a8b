//! What an exported file is called: the figure, then the settings that
//! differ from the page's defaults and bear on that figure, so a folder of
//! slides says what each one shows (`dlock-timeline-ttl25-fencing.png`).

/// How long a name may grow before it is cut: file systems and e-mail
/// attachments cope, and the figure's name always comes first.
const LONGEST: usize = 120;

/// The settings `figure` draws every value of, or sets for itself: its
/// file is the same whatever the reader picked, so they never name it.
/// The staircase draws every ttl and pause length; the sweeps every lease
/// length and every arrival of B; the acquire staircase every stop while
/// acquiring and every arrival, with and without the validity check, and
/// no pause after acquiring nor re-check; the re-check every place of it.
fn swept_by(figure: &str) -> &'static [&'static str] {
    match figure {
        "heatmap" => &["ttl", "pause_len"],
        "sweeps" => &["ttl", "b_arrives"],
        "acquiring" => &["acq_pause", "b_arrives", "check", "pause_len", "recheck"],
        "recheck" => &["recheck"],
        _ => &[],
    }
}

/// The file name's stem for `figure` (its embed name), from `query`, the
/// page's address as `settings::format` writes it. A switch that is on
/// reads as its name alone; other values follow their name. The check's
/// settings (`ck_…`) name only the check's file, the staircase's range
/// (`hm_…`) only the staircase's, the fault × remedy table's cell only
/// the table's; what only places the page (the version, the cursor, an
/// embed, a theme) names none.
pub fn file_stem(figure: &str, query: &str) -> String {
    let mut stem = format!("dlock-{figure}");
    for (key, value) in query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|p| p.split_once('='))
    {
        let check = key.starts_with("ck_");
        let staircase = key.starts_with("hm_");
        let placing = matches!(key, "v" | "t" | "embed" | "controls" | "theme");
        let cell = key == "cell";
        let axis = swept_by(figure).contains(&key);
        if placing
            || axis
            || check != (figure == "check")
            || (staircase && figure != "heatmap")
            || (cell && figure != "argument")
        {
            continue;
        }
        // A range reads as one ("1..30": "1to30").
        let part = if value == "1" {
            key.to_owned()
        } else {
            format!("{key}{}", value.replace("..", "to"))
        };
        let part: String = part
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if stem.len() + 1 + part.len() > LONGEST {
            break;
        }
        stem.push('-');
        stem.push_str(&part);
    }
    stem
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_s_file_never_names_what_it_sweeps_and_still_names_the_rest() {
        let query = "?v=1&ttl=25&pause_len=6&b_arrives=30&recheck=9&acq_pause=4&check=0&n=7";
        for (figure, kept) in [
            (
                "heatmap",
                "dlock-heatmap-b_arrives30-recheck9-acq_pause4-check0-n7",
            ),
            ("sweeps", "dlock-sweeps-pause_len6-recheck9-acq_pause4-check0-n7"),
            ("acquiring", "dlock-acquiring-ttl25-n7"),
            (
                "recheck",
                "dlock-recheck-ttl25-pause_len6-b_arrives30-acq_pause4-check0-n7",
            ),
            (
                "timeline",
                "dlock-timeline-ttl25-pause_len6-b_arrives30-recheck9-acq_pause4-check0-n7",
            ),
        ] {
            assert_eq!(file_stem(figure, query), kept, "{figure}");
        }
    }

    #[test]
    fn a_file_is_named_for_its_figure_and_the_settings_that_shape_it() {
        assert_eq!(file_stem("timeline", "?v=1"), "dlock-timeline");
        // The table's cell on show shapes the table's file alone: a
        // scenario's slide is the same whichever cell opened its row.
        assert_eq!(
            file_stem("clock-jump", "?v=1&cell=clock-jump.validity"),
            "dlock-clock-jump"
        );
        assert_eq!(
            file_stem("argument", "?v=1&cell=clock-jump.validity"),
            "dlock-argument-cellclock_jump_validity"
        );
        assert_eq!(
            file_stem("timeline", "?v=1&ttl=25&fencing=1&t=12&theme=dark"),
            "dlock-timeline-ttl25-fencing"
        );
        assert_eq!(
            file_stem("heatmap", "?v=1&expiry=0&hm_ttl=1..30&ck_ttl=6"),
            "dlock-heatmap-expiry0-hm_ttl1to30"
        );
        // The staircase draws every ttl and pause length: a pick of one
        // names no other file. Its twin: the timeline's file keeps them.
        assert_eq!(file_stem("heatmap", "?v=1&pause_len=6&ttl=25"), "dlock-heatmap");
        assert_eq!(
            file_stem("timeline", "?v=1&pause_len=6&ttl=25"),
            "dlock-timeline-pause_len6-ttl25"
        );
        assert_eq!(
            file_stem("check", "?v=1&ttl=25&ck_servers=3&ck_restart=empty"),
            "dlock-check-ck_servers3-ck_restartempty"
        );
        let long = format!("?v=1{}", "&pause_len=11".repeat(20));
        let stem = file_stem("timeline", &long);
        assert!(
            stem.len() <= LONGEST && stem.starts_with("dlock-timeline-pause_len11"),
            "{stem}"
        );
    }

    /// The names the page writes itself, read back: every export of the
    /// default page is called by its figure alone.
    #[test]
    fn the_default_page_names_each_file_by_its_figure_alone() {
        let query = crate::settings::format(&crate::settings::Settings::default());
        for figure in ["timeline", "heatmap", "check", "audit"] {
            assert_eq!(file_stem(figure, &query), format!("dlock-{figure}"));
        }
    }
}
