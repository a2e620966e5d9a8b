//! What an exported file is called: the figure, then the settings that
//! differ from the page's defaults and bear on that figure, so a folder of
//! slides says what each one shows (`dlock-timeline-ttl25-fencing.png`).

/// How long a name may grow before it is cut: file systems and e-mail
/// attachments cope, and the figure's name always comes first.
const LONGEST: usize = 120;

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
        // The staircase's own axes: every ttl and pause length is drawn,
        // so the reader's pick does not change its file.
        let axis = figure == "heatmap" && matches!(key, "ttl" | "pause_len");
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
