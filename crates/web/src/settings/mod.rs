//! The page's whole state, read from and written to the URL query.
//!
//! Two stages, as with the CLI's flags: the raw query is a list of
//! `(name, text)` pairs; `parse` turns it into validated `Settings` plus a
//! notice for everything it had to clamp or ignore. Nothing from the URL is
//! ever rendered as markup — notices are plain text. `format` writes only
//! what differs from the defaults, so shared links stay short, and
//! `parse(format(s)) == s`.

pub mod argument;
pub mod check;
pub mod deck;
mod field;
mod figure;
mod file_name;
mod read;
mod write;

pub use field::Field;
pub use figure::{Embed, Figure, Theme};
pub use read::{decode_deck, leave_slide, open_slide, parse, slide_settings, split_query};
pub use write::{format, slide_of};

use dlock_core::beyond::Scenario;
use dlock_core::params::Limit;
use dlock_core::{history, simulate, Params, Run, Tick};
use std::collections::BTreeMap;

/// The version of the parameter set. Links without `v` are read as v1.
pub const VERSION: u32 = 1;

/// The heatmap's axes may be this long each in the page (the simulation's
/// own cap is higher; the page keeps a grid redrawable while dragging).
pub const PAGE_AXIS_VALUES: usize = 400;

/// What the page says of a heatmap axis listing more values than it draws,
/// after the list's name: the same words for a link and for the box.
pub fn keeps_the_first(count: usize) -> String {
    format!("has {count} values; the page draws at most {PAGE_AXIS_VALUES}, so it keeps the first {PAGE_AXIS_VALUES}")
}

/// Everything the page shows is derived from this value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub params: Params,
    /// The playback cursor; `None` shows the whole run.
    pub cursor: Option<Tick>,
    pub heat_ttls: Vec<Tick>,
    pub heat_pauses: Vec<Tick>,
    /// A cluster size the reader added to the study's table of sizes.
    pub added_servers: Option<u16>,
    pub embed: Option<Embed>,
    pub theme: Theme,
    /// Presentation mode (`present=1`, or `present=<figure>`): one figure
    /// filling the window in large type, the keys working without focus.
    /// `1` is the embedded figure, or in the study the opening timeline.
    pub present: Option<Figure>,
    /// Predict before each reveal (`predict=1`): the timeline shows only
    /// what has happened up to its cursor, and asks about the next event
    /// before showing it.
    pub predict: bool,
    /// The knobs of the scenarios beyond the seed, by their URL name; every
    /// knob of every scenario is present.
    pub knobs: BTreeMap<&'static str, u32>,
    /// "Every schedule": its bound and the counterexample on show.
    pub check: check::CheckView,
    /// The fault × remedy table's cell on show, if the reader picked one.
    pub cell: Option<dlock_core::explore::argument::Cell>,
    /// A lecture's slides, in order (`deck=`, see `deck`).
    pub deck: Vec<deck::Slide>,
    /// The slide being presented, from 0 (`slide=` counts from 1). A
    /// link with `slide` and no `present` opens that slide as the deck
    /// stores it; with `present`, the page is as the reader left it there.
    pub slide: Option<u16>,
    /// The deck laid out as a handout to print, a slide a page (`handout=1`).
    pub handout: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        let (heat_ttls, heat_pauses) = dlock_core::sweep::default_staircase();
        Settings {
            params: Params::default(),
            cursor: None,
            heat_ttls,
            heat_pauses,
            added_servers: None,
            embed: None,
            theme: Theme::Auto,
            present: None,
            predict: false,
            knobs: default_knobs(),
            check: check::CheckView::default(),
            cell: None,
            deck: Vec::new(),
            slide: None,
            handout: false,
        }
    }
}

/// Every scenario's knobs at their defaults.
fn default_knobs() -> BTreeMap<&'static str, u32> {
    Scenario::ALL
        .iter()
        .flat_map(|s| s.knobs())
        .map(|k| (k.code, k.default))
        .collect()
}

impl Settings {
    /// The knob values of one scenario, in its knobs' order.
    pub fn knob_values(&self, scenario: Scenario) -> Vec<u32> {
        scenario
            .knobs()
            .iter()
            .map(|k| self.knobs.get(k.code).copied().unwrap_or(k.default))
            .collect()
    }

    /// These settings with one scenario's knobs replaced.
    pub fn with_knobs(&self, scenario: Scenario, values: &[u32]) -> Settings {
        let mut next = self.clone();
        for (k, &v) in scenario.knobs().iter().zip(values) {
            next.knobs.insert(k.code, k.limit.clamp(u64::from(v)));
        }
        next
    }
}

/// Something in the URL that could not be used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub param: String,
    pub message: String,
}

/// The end of the time axis the main timeline shares with its copy with
/// fencing the other way round: the later of the two runs' horizons.
pub fn axis_end(run: &Run, other: &Run) -> Tick {
    history::horizon(run).max(history::horizon(other))
}

/// The range the cursor may take for `p`: every tick on its time axis. A
/// cursor past the run would show its last tick while the address named
/// another.
pub fn cursor_limit(p: &Params) -> Limit {
    let other = Params {
        fencing: !p.fencing,
        ..*p
    };
    Limit {
        name: "t",
        min: 0,
        max: axis_end(&simulate(p), &simulate(&other)).saturating_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::read::known_names;
    use super::*;
    use dlock_core::Comparison;
    use proptest::prelude::*;

    fn notices_for(query: &str) -> Vec<Notice> {
        parse(query).1
    }

    #[test]
    fn an_empty_query_is_the_corrupted_run() {
        let (s, notices) = parse("");
        assert_eq!(s, Settings::default());
        assert!(notices.is_empty());
        assert_eq!(format(&s), "?v=1");
    }

    #[test]
    fn every_parameter_is_read() {
        let (s, notices) = parse("?v=1&n=7&ttl=25&pause_from=3&pause_len=20&b_arrives=14&fencing=1&cmp=le&expiry=0&crash=1&recheck=9&twice=1&t=12&hm_ttl=1..20&hm_pause=0..30:2&add_n=101&embed=heatmap");
        assert_eq!(notices, []);
        let p = s.params;
        // A pauses after its re-check at 9, and still writes at 23: the
        // pause is kept as it is drawn, from 9 for 14 ticks.
        assert_eq!(
            (p.servers, p.ttl, p.pause_from, p.pause_len, p.b_arrives),
            (7, 25, 9, 14, 14)
        );
        assert!(p.fencing && !p.expiry && p.a_crashes && p.b_writes_twice);
        assert_eq!(p.comparison, Comparison::Le);
        assert_eq!(p.recheck_at, Some(9));
        assert_eq!(s.cursor, Some(12));
        assert_eq!(s.heat_ttls.len(), 20);
        assert_eq!(s.heat_pauses.len(), 16);
        assert_eq!(s.added_servers, Some(101));
        assert_eq!(
            s.embed,
            Some(Embed {
                figure: Figure::Heatmap,
                controls: true
            })
        );
    }

    #[test]
    fn hostile_values_are_clamped_or_ignored_with_a_notice() {
        let cases = [
            ("ttl=0", "ttl", 1),
            ("ttl=-5", "ttl", 10),
            ("ttl=1e18", "ttl", 10),
            ("ttl=99999999999999999999", "ttl", 10_000),
            ("ttl=", "ttl", 10),
            ("ttl=%3Cscript%3Ealert(1)%3C/script%3E", "ttl", 10),
            ("ttl=20&ttl=30", "ttl", 20),
        ];
        for (query, param, ttl) in cases {
            let (s, notices) = parse(query);
            assert_eq!(s.params.ttl, ttl, "{query}");
            assert_eq!(notices.len(), 1, "{query}: {notices:?}");
            assert_eq!(notices[0].param, param);
            assert!(
                notices[0].message.contains("ttl"),
                "{query}: {}",
                notices[0].message
            );
        }
    }

    #[test]
    fn a_repeated_optional_parameter_is_reported_once() {
        for name in ["recheck", "add_n"] {
            let n = notices_for(&format!("{name}=1&{name}=2"));
            assert_eq!(
                n.iter().map(|x| x.message.as_str()).collect::<Vec<_>>(),
                [format!("{name} was given 2 times; the first value is used")]
            );
        }
        let (s, n) = parse("add_n=500");
        assert_eq!(s.added_servers, Some(101));
        assert_eq!(n[0].message, "add_n = 500 is outside 1..=101; using 101");
    }

    #[test]
    fn notices_name_the_parameter_and_its_range() {
        let n = notices_for("n=0");
        assert_eq!(n[0].message, "n = 0 is outside 1..=101; using 1");
        let n = notices_for("pause_len=lots");
        assert_eq!(
            n[0].message,
            "pause_len = 'lots' is not a whole number in 0..=10000; using 14"
        );
        let n = notices_for("fencing=yes");
        assert_eq!(n[0].message, "fencing = 'yes' must be 0 or 1; using 0");
        let n = notices_for("recheck=99");
        assert_eq!(n[0].message, "recheck = 99 is outside 0..=16; using 16");
        let n = notices_for("drift_partition=99&restart_remedy=x&sa_register=2");
        assert_eq!(
            n.iter().map(|x| x.message.as_str()).collect::<Vec<_>>(),
            [
                "drift_partition = 99 is outside 0..=20; using 20",
                "restart_remedy = 'x' is not a whole number in 0..=2; using 0",
                "sa_register = '2' must be 0 or 1; using 0",
            ]
        );
        let n = notices_for("bogus=1&embed=everything");
        assert_eq!(n.len(), 2);
        assert!(n.iter().any(|x| x.message == "unknown parameter 'bogus' ignored"));
    }

    #[test]
    fn an_embed_may_leave_its_controls_out_and_the_page_may_not() {
        let (s, notices) = parse("?ttl=25&embed=timeline&controls=0");
        assert_eq!(notices, []);
        assert_eq!(
            s.embed,
            Some(Embed {
                figure: Figure::Timeline,
                controls: false
            })
        );
        assert_eq!(format(&s), "?v=1&ttl=25&embed=timeline&controls=0");
        // With controls (the default) the link does not say so.
        let (s, _) = parse("?embed=timeline&controls=1");
        assert_eq!(format(&s), "?v=1&embed=timeline");
        // The whole page keeps its controls, and says why it ignored the flag.
        let (s, notices) = parse("?controls=0");
        assert_eq!(s, Settings::default());
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].param, "controls");
        assert!(
            notices[0].message.contains("only to an embedded figure"),
            "{notices:?}"
        );
        let n = notices_for("embed=heatmap&controls=no");
        assert_eq!(n[0].message, "controls = 'no' must be 0 or 1; using 1");
        assert!(!Figure::Recheck.has_controls() && Figure::Heatmap.has_controls());
    }

    #[test]
    fn a_link_may_fix_the_colours() {
        let (s, notices) = parse("?embed=heatmap&theme=light");
        assert_eq!(notices, []);
        assert_eq!(s.theme, Theme::Light);
        assert_eq!(format(&s), "?v=1&embed=heatmap&theme=light");
        let (s, _) = parse("?theme=dark");
        assert_eq!((s.theme, format(&s).as_str()), (Theme::Dark, "?v=1&theme=dark"));
        // The default follows the reader, and the link does not say so.
        let (s, notices) = parse("?theme=auto");
        assert_eq!((s, notices), (Settings::default(), vec![]));
        let n = notices_for("theme=sepia");
        assert_eq!(n.len(), 1);
        assert_eq!(
            n[0].message,
            "theme = 'sepia' is not light, dark or auto; following the reader's setting"
        );
        assert_eq!(Theme::Auto.dark_palette_media(), None);
        assert_eq!(Theme::Light.dark_palette_media(), Some("not all"));
        assert_eq!(Theme::Dark.dark_palette_media(), Some("screen"));
    }

    #[test]
    fn a_link_may_open_in_presentation_mode_with_or_without_an_embedded_figure() {
        let (s, notices) = parse("?ttl=25&present=1");
        assert_eq!(notices, []);
        assert_eq!((s.present, s.embed), (Some(Figure::Timeline), None));
        assert_eq!(format(&s), "?v=1&ttl=25&present=1");
        // Any figure by its embed name, in the study or alone in a frame.
        let (s, _) = parse("?present=heatmap");
        assert_eq!(
            (s.present, format(&s).as_str()),
            (Some(Figure::Heatmap), "?v=1&present=heatmap")
        );
        let (s, _) = parse("?embed=heatmap&present=1");
        assert_eq!(
            (s.present, format(&s).as_str()),
            (Some(Figure::Heatmap), "?v=1&embed=heatmap&present=1")
        );
        let (s, notices) = parse("?embed=heatmap&present=check");
        assert_eq!(s.present, Some(Figure::Heatmap));
        assert!(
            notices[0].message.contains("presenting that figure"),
            "{notices:?}"
        );
        let (s, notices) = parse("?present=0");
        assert_eq!((s, notices), (Settings::default(), vec![]));
        let n = notices_for("present=yes");
        assert!(
            n[0].message
                .starts_with("present = 'yes' is not 0, 1 or a figure (timeline, "),
            "{n:?}"
        );
    }

    #[test]
    fn a_link_copied_out_of_html_source_means_what_it_said() {
        let plain = parse("?ttl=20&fencing=1&t=5");
        assert_eq!(plain.1, []);
        // Its ampersands still escaped as `&amp;`.
        assert_eq!(parse("?ttl=20&amp;fencing=1&amp;t=5"), plain);
        // Only that escape: `amp` alone is a name like any other.
        let n = notices_for("amp=1&amp;amp=2");
        assert_eq!(n.len(), 1, "{n:?}");
        assert_eq!(n[0].message, "unknown parameter 'amp' ignored");
    }

    #[test]
    fn tags_a_platform_adds_to_a_shared_link_are_dropped_without_a_notice() {
        let shared = parse("?ttl=20&fencing=1");
        let carried = parse("?ttl=20&utm_source=moodle&utm_medium=email&fencing=1&fbclid=IwAR0x&gclid=Cj0K");
        assert_eq!(carried, shared);
        assert_eq!(carried.1, []);
        // Only those: a name that merely looks like one is still reported.
        let n = notices_for("utm=1&fbclid_x=2");
        let names: Vec<&str> = n.iter().map(|x| x.param.as_str()).collect();
        assert_eq!(names, ["utm", "fbclid_x"]);
    }

    #[test]
    fn an_unknown_name_suggests_the_one_probably_meant() {
        let n = notices_for("servers=7&pause-len=3&Recheck-At=2&a_crashes=1");
        let messages: Vec<&str> = n.iter().map(|x| x.message.as_str()).collect();
        for expected in [
            "unknown parameter 'servers' ignored (did you mean 'n'?)",
            "unknown parameter 'pause-len' ignored (did you mean 'pause_len'?)",
            "unknown parameter 'Recheck-At' ignored (did you mean 'recheck'?)",
            "unknown parameter 'a_crashes' ignored (did you mean 'crash'?)",
        ] {
            assert!(messages.contains(&expected), "{messages:?}");
        }
    }

    #[test]
    fn fields_clamp_and_keep_the_recheck_before_the_write() {
        let p = Params {
            recheck_at: Some(16),
            ..Params::default()
        };
        assert_eq!(Field::Servers.set(&p, 0).servers, 1);
        assert_eq!(Field::Ttl.set(&p, u64::MAX).ttl, 10_000);
        assert_eq!(Field::PauseLen.set(&p, 9).recheck_at, Some(11));
        assert_eq!(Field::Recheck.set(&p, 99).recheck_at, Some(16));
        for f in Field::RUN.into_iter().filter(|&f| f != Field::PauseFrom) {
            assert_eq!(f.get(&f.set(&p, 7)), f.limit(&p).clamp(7), "{f:?}");
        }
        // A pause moved to start before a check inside it starts at the
        // check: A ran the check.
        let moved = Field::PauseFrom.set(&p, 7);
        assert_eq!((moved.pause_from, moved.recheck_at), (7, Some(21)));
        assert_eq!(Field::PauseFrom.set(&p, 17).pause_from, 17);
        // The reader's sequence: with the check on, a pause of 6 and then
        // 14 shows 14, and the check still sits just before the write.
        let short = Field::PauseLen.set(&p, 6);
        let back = Field::PauseLen.set(&short, 14);
        assert_eq!(
            (back.pause_from, back.pause_len, back.recheck_at),
            (2, 14, Some(16))
        );
        // A check the pause would swallow moves to the pause's start; a
        // check typed inside the pause starts the pause there.
        let early = Params {
            recheck_at: Some(5),
            pause_from: 6,
            pause_len: 4,
            ..Params::default()
        };
        let longer = Field::PauseFrom.set(&early, 3);
        assert_eq!(
            (longer.pause_from, longer.pause_len, longer.recheck_at),
            (3, 4, Some(3))
        );
        let inside = Field::Recheck.set(&p, 9);
        assert_eq!(
            (inside.pause_from, inside.pause_len, inside.recheck_at),
            (9, 7, Some(9))
        );
    }

    #[test]
    fn a_cursor_past_the_run_is_read_and_written_as_its_last_tick() {
        let p = Params::default();
        let fenced = simulate(&Params { fencing: true, ..p });
        let last = axis_end(&simulate(&p), &fenced) - 1;
        assert_eq!(cursor_limit(&p).max, last);
        let (s, notices) = parse("?t=99999");
        assert_eq!(s.cursor, Some(last));
        assert_eq!(
            notices,
            vec![Notice {
                param: "t".into(),
                message: format!("t = 99999 is outside 0..={last}; using {last}"),
            }]
        );
        let (s, notices) = parse(&format!("?t={last}"));
        assert_eq!((s.cursor, notices), (Some(last), vec![]));
        let (s, notices) = parse("?t=");
        assert_eq!((s.cursor, notices), (None, vec![]));
        // A longer pause stretches the axis; a cursor set then outlives it
        // once the pause is short again.
        let mut s = parse("?pause_len=40").0;
        s.cursor = Some(cursor_limit(&s.params).max);
        s.params.pause_len = 14;
        assert_eq!(format(&s), format!("?v=1&t={last}"));
    }

    #[test]
    fn long_values_are_quoted_short() {
        let long = "x".repeat(500);
        let n = notices_for(&format!("cmp={long}"));
        assert!(n[0].message.len() < 80, "{}", n[0].message);
    }

    #[test]
    fn decoding_keeps_bad_escapes() {
        assert_eq!(
            split_query("?a=%41%2&b=c+d&%"),
            [
                ("a".into(), "A%2".into()),
                ("b".into(), "c d".into()),
                ("%".into(), String::new())
            ]
        );
    }

    fn any_settings() -> impl Strategy<Value = Settings> {
        (
            (
                1u16..=101,
                1u32..=10_000,
                2u32..=10_000,
                0u32..=10_000,
                0u32..=10_000,
            ),
            (
                any::<bool>(),
                any::<bool>(),
                any::<bool>(),
                any::<bool>(),
                any::<bool>(),
            ),
            (
                proptest::option::of(0u32..=20_000),
                proptest::option::of(0u32..=30_000),
                proptest::option::of((0usize..Figure::ALL.len(), any::<bool>())),
                (
                    0usize..Theme::ALL.len(),
                    proptest::option::of(0usize..Figure::ALL.len()),
                ),
            ),
            (
                proptest::collection::btree_set(1u32..=10_000, 1..30),
                proptest::collection::btree_set(0u32..=10_000, 1..30),
            ),
            (
                any::<bool>(),
                proptest::collection::vec(0u32..=500, 11),
                proptest::option::of(1u16..=101),
                (any::<bool>(), 0u32..=10, 0u32..=1_000, any::<bool>()),
            ),
        )
            .prop_map(
                |(
                    (servers, ttl, pause_from, pause_len, b_arrives),
                    (fencing, le, expiry, crash, twice),
                    (recheck, cursor, embed, (theme, present)),
                    (ttls, pauses),
                    (register_token, knob_values, added_servers, (cas, latency, a_pause, validity_check)),
                )| {
                    let mut params = Params {
                        servers,
                        ttl,
                        pause_from,
                        pause_len,
                        b_arrives,
                        fencing,
                        comparison: if le { Comparison::Le } else { Comparison::Lt },
                        expiry,
                        a_crashes: crash,
                        recheck_at: None,
                        b_writes_twice: twice,
                        register_token,
                        cas,
                        acquiring: dlock_core::params::Acquiring {
                            latency,
                            a_pause,
                            validity_check,
                        },
                        ..Params::default()
                    };
                    params.recheck_at = recheck.map(|c| c.min(params.write_tick()));
                    let params = params.with_pause_from_its_check();
                    let cursor = cursor.map(|t| t.min(cursor_limit(&params).max));
                    // The explorer's bound, from the same draws as the knobs.
                    let draw = |i: usize, limit: Limit| {
                        limit.clamp(u64::from(knob_values.get(i).copied().unwrap_or(0)))
                    };
                    let mut check = check::CheckView::default();
                    for (i, knob) in check::Knob::ALL.into_iter().enumerate() {
                        check.set_number(knob, draw(i, knob.limit()));
                    }
                    if knob_values.get(8).is_some_and(|v| v % 2 == 1) {
                        check.set_restart(Some(dlock_core::params::RestartRemedy::Persist));
                    }
                    let knobs = Scenario::ALL
                        .iter()
                        .flat_map(|s| s.knobs())
                        .zip(knob_values.into_iter().cycle())
                        .map(|(k, v)| (k.code, k.limit.clamp(u64::from(v))))
                        .collect();
                    let deck: Vec<deck::Slide> = added_servers
                        .map(|n| {
                            let figures = (usize::from(n) % 2) + 1;
                            (0..figures)
                                .map(|i| {
                                    slide_of(
                                        Figure::ALL[(usize::from(n) + i) % Figure::ALL.len()],
                                        &Settings::default(),
                                    )
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    Settings {
                        params,
                        cursor,
                        heat_ttls: ttls.into_iter().collect(),
                        heat_pauses: pauses.into_iter().collect(),
                        added_servers,
                        embed: embed.map(|(i, controls)| Embed {
                            figure: Figure::ALL[i],
                            controls,
                        }),
                        theme: Theme::ALL[theme],
                        // In a frame only its own figure can be presented.
                        present: present.map(|i| embed.map_or(Figure::ALL[i], |(e, _)| Figure::ALL[e])),
                        predict: theme % 2 == 1,
                        knobs,
                        check,
                        // A cell drawn from the same draws, or none.
                        cell: added_servers.and_then(|n| {
                            let cells = dlock_core::explore::argument::Cell::all();
                            cells.get(usize::from(n) % (cells.len() + 1)).copied()
                        }),
                        // A deck of a slide or two, from the same draws; a
                        // slide on show only while presented (without
                        // `present`, a link opens the slide as stored).
                        deck: deck.clone(),
                        slide: (present.is_some() && !deck.is_empty()).then_some(0),
                        handout: !deck.is_empty() && theme == 2,
                    }
                },
            )
    }

    proptest! {
        #[test]
        fn a_typed_value_leaves_valid_parameters_and_changes_only_its_field(
            p in crate::arbitrary::any_params(),
            field in proptest::sample::select(vec![
                Field::Servers,
                Field::Ttl,
                Field::PauseFrom,
                Field::PauseLen,
                Field::BArrives,
                Field::Recheck,
                Field::Latency,
                Field::AcquirePause,
            ]),
            value in prop_oneof![crate::arbitrary::near_the_ends().prop_map(u64::from), any::<u64>()],
        ) {
            let next = field.set(&p, value);
            prop_assert!(next.validate().is_ok(), "{:?}", next.validate());
            // Put back the field and the re-check (pulled back when the
            // write moves before it): what remains is untouched.
            // The pause, too, when a check inside it now starts it.
            let mut restored = next;
            match field {
                Field::Servers => restored.servers = p.servers,
                Field::Ttl => restored.ttl = p.ttl,
                Field::PauseFrom | Field::PauseLen | Field::Recheck => {
                    (restored.pause_from, restored.pause_len) = (p.pause_from, p.pause_len);
                }
                Field::BArrives => restored.b_arrives = p.b_arrives,
                Field::Latency => restored.acquiring.latency = p.acquiring.latency,
                Field::AcquirePause => restored.acquiring.a_pause = p.acquiring.a_pause,
            }
            restored.recheck_at = p.recheck_at;
            prop_assert_eq!(restored, p);
            prop_assert_eq!(next, next.with_pause_from_its_check(), "kept as drawn");
            // A value in range is taken as typed: the check gives way.
            // The check itself, typed inside the pause, starts the pause.
            if field.limit(&p).contains(value) {
                prop_assert_eq!(u64::from(field.get(&next)), value);
            }
            // A check just before the write stays just before it.
            let at_write = p.recheck_at == Some(p.write_tick());
            if at_write && matches!(field, Field::PauseFrom | Field::PauseLen) {
                prop_assert_eq!(next.recheck_at, Some(next.write_tick()));
            }
        }

        #[test]
        fn parse_of_format_is_identity(s in any_settings()) {
            let (back, notices) = parse(&format(&s));
            prop_assert_eq!(notices, vec![]);
            prop_assert_eq!(back, s);
        }
    }

    proptest! {
        // Enough cases that each name meets each kind of value.
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Links as people and tools mangle them: known names (some
        /// repeated, some misspelt or a knob's) with values in range, out
        /// of range, malformed or escaped. Whatever comes in, the page
        /// runs valid parameters, speaks only of names the link has, and
        /// the link it writes back opens the same page without a notice.
        #[test]
        fn any_link_reads_to_settings_the_page_writes_back_unchanged(
            pairs in proptest::collection::vec(
                (
                    prop_oneof![
                        4 => proptest::sample::select(known_names().collect::<Vec<_>>()).prop_map(str::to_owned),
                        2 => proptest::sample::select(
                            Scenario::ALL.iter().flat_map(|s| s.knobs()).map(|k| k.code).collect::<Vec<_>>()
                        ).prop_map(str::to_owned),
                        1 => proptest::sample::select(vec!["servers", "Ttl", "recheck-at", "x"]).prop_map(str::to_owned),
                    ],
                    prop_oneof![
                        (0u64..=12).prop_map(|n| n.to_string()),
                        crate::arbitrary::near_the_ends().prop_map(|n| n.to_string()),
                        any::<u64>().prop_map(|n| n.to_string()),
                        Just("99999999999999999999999".to_owned()),
                        proptest::sample::select(vec!["", " 3", "-1", "1.5", "abc", "1..40", "2..41:3", "1,5,10", "0..0", "heatmap", "timeline", "restart", "le", "lt", "light", "DARK", "auto", "%31%30", "<b>", "%", "+1"]).prop_map(str::to_owned),
                    ],
                ),
                0..8,
            ),
        ) {
            let query: String = pairs
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("&");
            let (settings, notices) = parse(&query);
            prop_assert!(settings.params.validate().is_ok(), "{query}: {:?}", settings.params.validate());
            for n in &notices {
                prop_assert!(
                    pairs.iter().any(|(k, _)| k == &n.param),
                    "{query}: a notice about {} which the link does not have", n.param
                );
            }
            let written = format(&settings);
            let (again, more) = parse(&written);
            prop_assert_eq!(more, vec![], "{} -> {}", query, written);
            prop_assert_eq!(again, settings, "{} -> {}", query, written);
        }

    }

    proptest! {
        #[test]
        fn any_query_parses_without_panicking(query in ".{0,200}") {
            let (s, _) = parse(&query);
            prop_assert!(s.params.validate().is_ok());
        }
    }
}
