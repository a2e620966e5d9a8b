//! The page's colours, once: the named colours of the light and the dark
//! theme, the outcome colours (Okabe–Ito, colour-blind safe), and the
//! class a verdict is shown with. The canvas, the PNG and SVG exports take
//! them from here. The stylesheets (`www/style.css`, `www/dark.css`) write
//! the same colours as custom properties and `.o-*` rules, because CSS
//! cannot read Rust; the tests below read both stylesheets and fail if a
//! colour there differs from this file, so the three never drift apart.

use dlock_core::Outcome;
use std::fmt;

/// A colour, written `#rrggbb` as the stylesheet writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `0xRRGGBB` as a colour.
    pub const fn hex(value: u32) -> Rgb {
        Rgb((value >> 16) as u8, (value >> 8) as u8, value as u8)
    }

    pub fn channels(self) -> (u8, u8, u8) {
        (self.0, self.1, self.2)
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The colour scheme a drawing is made for. Paper (exports, print) is
/// always `Light`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Light,
    Dark,
}

impl Scheme {
    /// The scheme whose text colour is `ink`: light ink is written on a
    /// dark page. The canvas reads its ink from the stylesheet, so the
    /// scheme follows the stylesheet's rule for when it is dark (screens
    /// only, not paper) instead of restating it.
    pub fn for_ink((r, g, b): (u8, u8, u8)) -> Scheme {
        let luminance = 0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b);
        if luminance > 127.5 {
            Scheme::Dark
        } else {
            Scheme::Light
        }
    }

    pub fn colours(self) -> &'static Colours {
        match self {
            Scheme::Light => &LIGHT,
            Scheme::Dark => &DARK,
        }
    }
}

/// The named colours of one theme: the stylesheet's custom properties of
/// the same names (`--a-soft` is `a_soft`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    pub bg: Rgb,
    pub fg: Rgb,
    pub muted: Rgb,
    pub panel: Rgb,
    pub border: Rgb,
    /// Client A.
    pub a: Rgb,
    pub a_soft: Rgb,
    /// Client B.
    pub b: Rgb,
    pub b_soft: Rgb,
    /// Nobody: an empty lane, a value with no holder.
    pub none: Rgb,
    pub bad: Rgb,
    pub good: Rgb,
    pub focus: Rgb,
    /// Text on a full-colour fill (`a`, `b`, `bad`).
    pub on_strong: Rgb,
}

pub const LIGHT: Colours = Colours {
    bg: Rgb::hex(0xffffff),
    fg: Rgb::hex(0x1b1f24),
    muted: Rgb::hex(0x57606a),
    panel: Rgb::hex(0xf6f8fa),
    border: Rgb::hex(0xd0d7de),
    a: Rgb::hex(0xc25400),
    a_soft: Rgb::hex(0xf6d2b8),
    b: Rgb::hex(0x0061a0),
    b_soft: Rgb::hex(0xc3def2),
    none: Rgb::hex(0xe9ecef),
    bad: Rgb::hex(0xb00020),
    good: Rgb::hex(0x00704a),
    focus: Rgb::hex(0x0061a0),
    on_strong: Rgb::hex(0xffffff),
};

pub const DARK: Colours = Colours {
    bg: Rgb::hex(0x0d1117),
    fg: Rgb::hex(0xe6edf3),
    muted: Rgb::hex(0x9da7b3),
    panel: Rgb::hex(0x161b22),
    border: Rgb::hex(0x30363d),
    a: Rgb::hex(0xff9e4d),
    a_soft: Rgb::hex(0x5a3216),
    b: Rgb::hex(0x6cb6ff),
    b_soft: Rgb::hex(0x163a5c),
    none: Rgb::hex(0x21262d),
    bad: Rgb::hex(0xff7b8a),
    good: Rgb::hex(0x56d39b),
    focus: Rgb::hex(0x6cb6ff),
    on_strong: Rgb::hex(0x0d1117),
};

/// Paper: exports and print.
pub const PAPER: &Colours = &LIGHT;

/// How an outcome is drawn: its fill (a chart point, a heatmap cell) and
/// its text colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeColour {
    pub fill: Rgb,
    pub text: Rgb,
}

/// The colour of an outcome in `scheme` (the stylesheet's `.o-*` rules).
/// On a dark page the clean and the wedged outcomes change: clean sits
/// near the page's background, wedged turns light so it stands out.
pub fn outcome(o: Outcome, scheme: Scheme) -> OutcomeColour {
    let same = |c: u32| OutcomeColour {
        fill: Rgb::hex(c),
        text: Rgb::hex(c),
    };
    match (o, scheme) {
        (Outcome::Corrupt, _) => same(0xd55e00),
        (Outcome::StaleAccepted, _) => same(0xe69f00),
        (Outcome::LostUpdate, _) => same(0xcc79a7),
        (Outcome::StaleRejected, _) => same(0x56b4e9),
        (Outcome::Wedged, Scheme::Light) => same(0x333333),
        (Outcome::Wedged, Scheme::Dark) => same(0xb1bac4),
        (Outcome::Clean, Scheme::Light) => OutcomeColour {
            fill: Rgb::hex(0xb8c4b8),
            text: Rgb::hex(0x7f917f),
        },
        (Outcome::Clean, Scheme::Dark) => OutcomeColour {
            fill: Rgb::hex(0x4e6354),
            text: Rgb::hex(0x8fa596),
        },
    }
}

/// The stylesheet's class for an outcome's colour.
pub fn outcome_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Corrupt => "o-corrupt",
        Outcome::StaleAccepted => "o-accepted",
        Outcome::LostUpdate => "o-lost",
        Outcome::Wedged => "o-wedged",
        Outcome::StaleRejected => "o-rejected",
        Outcome::Clean => "o-clean",
    }
}

/// The heatmap's clean cells, shaded by how long B waited: from the colour
/// of no wait to the colour of the longest wait in the grid.
pub fn clean_wait_ramp(scheme: Scheme) -> (Rgb, Rgb) {
    match scheme {
        Scheme::Light => (Rgb(235, 238, 232), Rgb(150, 170, 150)),
        Scheme::Dark => (Rgb(33, 38, 45), Rgb(78, 108, 86)),
    }
}

/// The class a verdict is shown with: red for an outcome that damaged the
/// resource or wedged the lock, green otherwise.
pub fn verdict_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Corrupt | Outcome::StaleAccepted | Outcome::LostUpdate | Outcome::Wedged => "verdict bad",
        Outcome::StaleRejected | Outcome::Clean => "verdict good",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLE: &str = include_str!("../../../../www/style.css");
    const DARK_STYLE: &str = include_str!("../../../../www/dark.css");

    /// `#rgb` or `#rrggbb` as a colour.
    fn parse_hex(text: &str) -> Rgb {
        let digits = text.trim().trim_start_matches('#');
        let digits = if digits.len() == 3 {
            digits.chars().flat_map(|c| [c, c]).collect()
        } else {
            digits.to_owned()
        };
        Rgb::hex(u32::from_str_radix(&digits, 16).unwrap_or_else(|_| panic!("not a colour: {text}")))
    }

    /// The stylesheet without its comments.
    fn uncommented(css: &str) -> String {
        let mut out = String::new();
        let mut rest = css;
        while let Some(start) = rest.find("/*") {
            out.push_str(&rest[..start]);
            rest = rest[start..].split_once("*/").map_or("", |(_, after)| after);
        }
        out.push_str(rest);
        out
    }

    /// The value of `property` in the first rule for `selector`.
    fn declared(css: &str, selector: &str, property: &str) -> Rgb {
        let css = uncommented(css);
        let rule = css
            .split('}')
            .find(|rule| {
                rule.split('{')
                    .next()
                    .is_some_and(|s| s.trim().ends_with(selector))
            })
            .unwrap_or_else(|| panic!("no rule for {selector}"));
        let body = rule.split_once('{').map_or("", |(_, body)| body);
        let value = body
            .split(';')
            .find_map(|d| d.trim().strip_prefix(&format!("{property}:")))
            .unwrap_or_else(|| panic!("{selector} has no {property}"));
        parse_hex(value)
    }

    fn named(colours: &Colours) -> [(&'static str, Rgb); 14] {
        [
            ("--bg", colours.bg),
            ("--fg", colours.fg),
            ("--muted", colours.muted),
            ("--panel", colours.panel),
            ("--border", colours.border),
            ("--a", colours.a),
            ("--a-soft", colours.a_soft),
            ("--b", colours.b),
            ("--b-soft", colours.b_soft),
            ("--none", colours.none),
            ("--bad", colours.bad),
            ("--good", colours.good),
            ("--focus", colours.focus),
            ("--on-strong", colours.on_strong),
        ]
    }

    #[test]
    fn the_stylesheets_name_the_palette_s_colours() {
        for (css, colours) in [(STYLE, &LIGHT), (DARK_STYLE, &DARK)] {
            for (property, colour) in named(colours) {
                assert_eq!(declared(css, ":root", property), colour, "{property}");
            }
        }
    }

    #[test]
    fn the_stylesheets_colour_outcomes_as_the_palette_does() {
        for o in Outcome::ALL {
            let selector = format!(".{}", outcome_class(o));
            let light = outcome(o, Scheme::Light);
            assert_eq!(declared(STYLE, &selector, "fill"), light.fill, "{selector}");
            assert_eq!(declared(STYLE, &selector, "color"), light.text, "{selector}");
            // The dark sheet restates only what changes on a dark page.
            let dark = outcome(o, Scheme::Dark);
            if dark != light {
                assert_eq!(
                    declared(DARK_STYLE, &selector, "fill"),
                    dark.fill,
                    "{selector} (dark)"
                );
                assert_eq!(
                    declared(DARK_STYLE, &selector, "color"),
                    dark.text,
                    "{selector} (dark)"
                );
            }
        }
    }

    #[test]
    fn colours_are_written_as_the_stylesheet_writes_them() {
        assert_eq!(LIGHT.a.to_string(), "#c25400");
        assert_eq!(Rgb::hex(0x0d1117).channels(), (0x0d, 0x11, 0x17));
    }

    #[test]
    fn damage_and_a_wedged_lock_are_bad_and_the_rest_good() {
        let bad: Vec<Outcome> = Outcome::ALL
            .into_iter()
            .filter(|&o| verdict_class(o) == "verdict bad")
            .collect();
        assert_eq!(
            bad,
            [
                Outcome::Corrupt,
                Outcome::StaleAccepted,
                Outcome::LostUpdate,
                Outcome::Wedged
            ]
        );
    }

    #[test]
    fn light_ink_means_a_dark_page() {
        assert_eq!(Scheme::for_ink(DARK.fg.channels()), Scheme::Dark);
        assert_eq!(Scheme::for_ink(LIGHT.fg.channels()), Scheme::Light);
    }
}
