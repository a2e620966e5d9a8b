//! Which figure a link shows alone, and in which colours.

use dlock_core::beyond::Scenario;

/// A figure that can be shown alone (`?embed=…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    Timeline,
    Heatmap,
    Recheck,
    Sweeps,
    Audit,
    /// The "Both sides" table: the debate's claims, each with its run.
    Debate,
    /// The acquire staircase: a pause while acquiring, with the validity
    /// check and without.
    Acquiring,
    /// The runs recorded on real servers, and "Open a lab run".
    Real,
    /// "Every schedule": the explorer's matrix, and a counterexample.
    Check,
    /// The fault × remedy table, and its cell on show.
    Argument,
    /// The figure of a scenario beyond the seed.
    Beyond(Scenario),
}

impl Figure {
    pub const ALL: [Figure; 16] = [
        Figure::Timeline,
        Figure::Argument,
        Figure::Heatmap,
        Figure::Recheck,
        Figure::Sweeps,
        Figure::Audit,
        Figure::Debate,
        Figure::Acquiring,
        Figure::Real,
        Figure::Check,
        Figure::Beyond(Scenario::TokenDrift),
        Figure::Beyond(Scenario::Restart),
        Figure::Beyond(Scenario::ClockDrift),
        Figure::Beyond(Scenario::ClockJump),
        Figure::Beyond(Scenario::SlowNetwork),
        Figure::Beyond(Scenario::StaleAccepted),
    ];

    pub fn code(self) -> &'static str {
        match self {
            Figure::Timeline => "timeline",
            Figure::Heatmap => "heatmap",
            Figure::Recheck => "recheck",
            Figure::Sweeps => "sweeps",
            Figure::Audit => "audit",
            Figure::Debate => "both-sides",
            Figure::Acquiring => "acquiring",
            Figure::Real => "real",
            Figure::Check => "check",
            Figure::Argument => "argument",
            Figure::Beyond(s) => s.code(),
        }
    }

    pub fn from_code(code: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.code() == code)
    }

    /// What the figure shows, in a few words: its menu's label, its embed's
    /// heading, its slide's title.
    pub fn title(self) -> &'static str {
        match self {
            Figure::Timeline => "the lease timeline",
            Figure::Heatmap => "the ttl × pause staircase",
            Figure::Recheck => "re-checking before the write",
            Figure::Debate => "both sides of the 2016 debate, claim by claim",
            Figure::Acquiring => "a pause while acquiring, with the validity check and without",
            Figure::Real => "the study's run on real Redis and etcd servers",
            Figure::Check => "every schedule within a bound, checked",
            Figure::Argument => "every fault against every remedy",
            Figure::Sweeps => "cluster size, lease length and B's arrival",
            Figure::Audit => "the audit of one run",
            Figure::Beyond(s) => s.title(),
        }
    }

    /// The study section that holds the figure.
    pub fn anchor(self) -> &'static str {
        match self {
            Figure::Timeline | Figure::Audit => "corrupted",
            Figure::Heatmap => "lease",
            Figure::Recheck => "recheck",
            Figure::Debate => "both-sides",
            Figure::Acquiring => "acquiring",
            Figure::Real => "real",
            Figure::Check => "every-schedule",
            Figure::Argument => "argument",
            Figure::Sweeps => "vanish",
            Figure::Beyond(s) => s.code(),
        }
    }

    /// An exported file's name, without its extension, for the page's
    /// address `query` (see `file_name`).
    pub fn file_stem(self, query: &str) -> String {
        super::file_name::file_stem(self.code(), query)
    }

    /// Whether the figure has controls an embed may leave out: the
    /// re-check multiples, the debate's table, the acquire staircase, the
    /// runs on real servers and the explorer's matrix (whose bound is part
    /// of the figure) have none of their own.
    pub fn has_controls(self) -> bool {
        !matches!(
            self,
            Figure::Recheck
                | Figure::Debate
                | Figure::Acquiring
                | Figure::Real
                | Figure::Check
                | Figure::Argument
        )
    }
}

/// What `?embed=…` shows: one figure, with its controls or (`controls=0`)
/// without — a fixed illustration for course material, which keeps its
/// playback bar and drag handles but not the panels of inputs above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Embed {
    pub figure: Figure,
    pub controls: bool,
}

/// The page's colours (`?theme=…`): the reader's setting, or fixed. A
/// figure embedded in a course page follows the reader's setting, not the
/// colours of the page around it, so a teacher fixes it to match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub fn code(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The `id` index.html gives the dark palette's stylesheet.
    pub const DARK_PALETTE_ID: &'static str = "dark-palette";

    /// When the dark palette's stylesheet applies (its `media`), or `None`
    /// to leave it as index.html has it: dark screens. Never on paper.
    pub fn dark_palette_media(self) -> Option<&'static str> {
        match self {
            Theme::Auto => None,
            Theme::Light => Some("not all"),
            Theme::Dark => Some("screen"),
        }
    }
}
