//! The URL query read into `Settings`, with a notice for everything that
//! had to be clamped or ignored. Two stages, as with the CLI's flags: the
//! raw query is a list of `(name, text)` pairs, then each parameter is
//! checked against its range.

use super::argument::{self, CELL};
mod check_view;
mod deck_view;
pub use deck_view::{decode as decode_deck, leave_slide, open_slide, slide_settings};

use super::check;
use super::{
    cursor_limit, keeps_the_first, Embed, Figure, Notice, Settings, Theme, PAGE_AXIS_VALUES, VERSION,
};
use check_view::read_check;
use dlock_core::beyond::{KnobKind, Scenario};
use dlock_core::explore::argument::Cell;
use dlock_core::list::{format_list, parse_list};
use dlock_core::names;
use dlock_core::params::{self, Limit};
use dlock_core::{Comparison, Params};

/// Whether `name` is the URL name of a scenario knob.
fn is_knob(name: &str) -> bool {
    Scenario::ALL
        .iter()
        .any(|s| s.knobs().iter().any(|k| k.code == name))
}

/// The names the query may use besides the run's parameters
/// (`dlock_core::names::RUN`): the version, the cursor, the staircase's
/// axes, the added cluster size, and how the page is shown.
const VIEW_NAMES: [&str; 14] = [
    "v", "t", "hm_ttl", "hm_pause", "add_n", "embed", "controls", "theme", "present", "predict", CELL,
    "deck", "slide", "handout",
];

/// Every name the page reads, a scenario's knobs aside.
pub(super) fn known_names() -> impl Iterator<Item = &'static str> {
    names::RUN
        .iter()
        .map(|n| n.url)
        .chain(VIEW_NAMES)
        .chain(check::names())
}

fn known(name: &str) -> bool {
    known_names().any(|k| k == name)
}

/// Whether `name` was added to the link on its way to the reader, not
/// written by whoever shared it: campaign tags (`utm_*`) that newsletters
/// and course platforms append, and the click ids of social and ad sites.
/// A notice about those would blame the link for what its carrier did, so
/// they are dropped without one.
fn added_in_transit(name: &str) -> bool {
    const CLICK_IDS: [&str; 13] = [
        "fbclid", "gclid", "gbraid", "wbraid", "dclid", "msclkid", "twclid", "igshid", "yclid", "mc_cid",
        "mc_eid", "_ga", "_gl",
    ];
    name.starts_with("utm_") || CLICK_IDS.contains(&name)
}

/// The URL name someone probably meant by `name`: the command line's flag
/// names (`servers`, `recheck-at`, `a-crashes`, …) and hyphens or capitals
/// where the URL has underscores.
fn meant(name: &str) -> Option<&'static str> {
    let plain = name.trim().to_ascii_lowercase().replace('-', "_");
    let guess = names::url_of_flag(&plain).unwrap_or(&plain);
    known_names().find(|&known| known == guess && known != name)
}

/// At most this many characters of a bad value are quoted back.
const QUOTE_CHARS: usize = 24;

pub(super) fn quote(text: &str) -> String {
    let short: String = text.chars().take(QUOTE_CHARS).collect();
    if short.len() < text.len() {
        format!("'{short}…'")
    } else {
        format!("'{short}'")
    }
}

struct Reader<'a> {
    pairs: &'a [(String, String)],
    notices: Vec<Notice>,
}

impl Reader<'_> {
    /// Adds a notice once: an optional parameter is looked up twice (is
    /// it there, then its number), and a repeat would be reported twice.
    fn notice(&mut self, param: &str, message: String) {
        let notice = Notice {
            param: param.to_owned(),
            message,
        };
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// The first value given for `name`; a repeat is reported and ignored.
    fn get(&mut self, name: &str) -> Option<&str> {
        let pairs = self.pairs;
        let mut values = pairs.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let first = values.next()?;
        let repeats = values.count();
        if repeats > 0 {
            self.notice(
                name,
                format!("{name} was given {} times; the first value is used", repeats + 1),
            );
        }
        Some(first)
    }

    fn number(&mut self, name: &str, limit: &Limit, default: u32) -> u32 {
        let Some(text) = self.get(name) else {
            return default;
        };
        let text = text.trim().to_owned();
        match text.parse::<u64>() {
            Ok(n) if limit.contains(n) => n as u32,
            Ok(n) => {
                let clamped = limit.clamp(n);
                self.notice(name, format!("{name} = {n} is outside {limit}; using {clamped}"));
                clamped
            }
            Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                // All digits but too large for u64: as far out of range as it gets.
                self.notice(
                    name,
                    format!(
                        "{name} = {} is outside {limit}; using {}",
                        quote(&text),
                        limit.max
                    ),
                );
                limit.max
            }
            Err(_) => {
                self.notice(
                    name,
                    format!(
                        "{name} = {} is not a whole number in {limit}; using {default}",
                        quote(&text)
                    ),
                );
                default
            }
        }
    }

    fn flag(&mut self, name: &str, default: bool) -> bool {
        match self.get(name).map(str::trim) {
            None => default,
            Some("1") => true,
            Some("0") => false,
            Some(other) => {
                let other = quote(other);
                self.notice(
                    name,
                    format!("{name} = {other} must be 0 or 1; using {}", u8::from(default)),
                );
                default
            }
        }
    }

    fn list(&mut self, name: &str, limit: &Limit, default: &[u32]) -> Vec<u32> {
        let Some(text) = self.get(name) else {
            return default.to_vec();
        };
        let text = text.to_owned();
        match parse_list(&text, limit) {
            Ok(values) if values.len() <= PAGE_AXIS_VALUES => values,
            Ok(values) => {
                self.notice(name, format!("{name} {}", keeps_the_first(values.len())));
                values[..PAGE_AXIS_VALUES].to_vec()
            }
            Err(e) => {
                let detail = e
                    .message
                    .split_once(": ")
                    .map_or(e.message.as_str(), |x| x.1)
                    .to_owned();
                self.notice(
                    name,
                    format!(
                        "{name} = {}: {detail}; using {}",
                        quote(&text),
                        format_list(default)
                    ),
                );
                default.to_vec()
            }
        }
    }
}

/// Splits a query string (with or without the leading `?`) into decoded
/// pairs. Decoding never fails: bad escapes are kept as typed.
pub fn split_query(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            // A link copied out of HTML source keeps its `&amp;`: what
            // follows the `&` is then `amp;fencing=1`, and it means `fencing`.
            let k = k.strip_prefix("amp;").unwrap_or(k);
            (decode(k), decode(v))
        })
        .collect()
}

fn decode(text: &str) -> String {
    fn hex(b: u8) -> Option<u8> {
        (b as char).to_digit(16).map(|d| d as u8)
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(hi), Some(lo)) => {
                    out.push(hi * 16 + lo);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads the query into settings and the notices for what it had to change.
pub fn parse(query: &str) -> (Settings, Vec<Notice>) {
    let pairs = split_query(query);
    let mut r = Reader {
        pairs: &pairs,
        notices: Vec::new(),
    };
    let d = Settings::default();
    read_version(&mut r);
    let params = read_params(&mut r, &d.params);
    // An empty `t` is no cursor (the whole run), as an empty `recheck` is
    // no re-check.
    let cursor = match r.get("t").map(str::trim) {
        None | Some("") => None,
        Some(_) => Some(r.number("t", &cursor_limit(&params), 0)),
    };
    let heat_ttls = r.list("hm_ttl", &params::TTL, &d.heat_ttls);
    let heat_pauses = r.list("hm_pause", &params::PAUSE_LEN, &d.heat_pauses);
    let added_servers = match r.get("add_n").map(str::trim) {
        None | Some("") => None,
        Some(_) => Some(r.number("add_n", &params::SERVERS, u32::from(d.params.servers)) as u16),
    };
    let check = read_check(&mut r);
    let cell = read_cell(&mut r);
    let embed = read_embed(&mut r);
    let theme = read_theme(&mut r);
    let present = read_present(&mut r, embed);
    let predict = r.flag("predict", false);
    let (deck, slide, handout) = deck_view::read_deck(&mut r);
    report_unknown(&mut r, &pairs);
    let mut knobs = d.knobs.clone();
    for scenario in Scenario::ALL {
        for k in scenario.knobs() {
            let value = match k.kind {
                KnobKind::Switch => u32::from(r.flag(k.code, k.default == 1)),
                KnobKind::Number | KnobKind::Choice(_) => r.number(k.code, &k.limit, k.default),
            };
            knobs.insert(k.code, value);
        }
    }
    let settings = Settings {
        params,
        cursor,
        heat_ttls,
        heat_pauses,
        added_servers,
        embed,
        theme,
        present,
        predict,
        knobs,
        check,
        cell,
        deck,
        slide,
        handout,
    };
    (deck_view::opened(settings), r.notices)
}

/// `v`: a link from a newer dlock is read as this version, and says so.
fn read_version(r: &mut Reader) {
    let any = Limit {
        name: "v",
        min: 1,
        max: u32::MAX,
    };
    let version = r.number("v", &any, VERSION);
    if version > VERSION {
        r.notice(
            "v",
            format!("this link was made by a newer dlock (v={version}); reading it as v={VERSION}"),
        );
    }
}

/// The run's parameters; what is missing keeps the study's value.
fn read_params(r: &mut Reader, dp: &Params) -> Params {
    let mut p = Params {
        servers: r.number(names::SERVERS.url, &params::SERVERS, u32::from(dp.servers)) as u16,
        ttl: r.number(names::TTL.url, &params::TTL, dp.ttl),
        pause_from: r.number(names::PAUSE_FROM.url, &params::PAUSE_FROM, dp.pause_from),
        pause_len: r.number(names::PAUSE_LEN.url, &params::PAUSE_LEN, dp.pause_len),
        b_arrives: r.number(names::B_ARRIVES.url, &params::B_ARRIVES, dp.b_arrives),
        fencing: r.flag(names::FENCING.url, dp.fencing),
        comparison: dp.comparison,
        expiry: r.flag(names::EXPIRY.url, dp.expiry),
        a_crashes: r.flag(names::A_CRASHES.url, dp.a_crashes),
        recheck_at: None,
        b_writes_twice: r.flag(names::B_WRITES_TWICE.url, dp.b_writes_twice),
        register_token: r.flag(names::REGISTER_TOKEN.url, dp.register_token),
        cas: r.flag(names::CAS.url, dp.cas),
        fault: dp.fault,
        acquiring: params::Acquiring {
            latency: r.number(names::ACQUIRE_LATENCY.url, &params::LATENCY, dp.acquiring.latency),
            a_pause: r.number(
                names::ACQUIRE_PAUSE.url,
                &params::ACQUIRE_PAUSE,
                dp.acquiring.a_pause,
            ),
            validity_check: r.flag(names::VALIDITY_CHECK.url, dp.acquiring.validity_check),
        },
        // The page runs the study's two clients; only the explorer adds C.
        third: None,
        a_arrives: 0,
        allowance: None,
    };
    let cmp = names::COMPARISON.url;
    if let Some(code) = r.get(cmp).map(str::trim) {
        match Comparison::from_code(code) {
            Some(c) => p.comparison = c,
            None => {
                let code = quote(code);
                r.notice(cmp, format!("{cmp} = {code} must be lt or le; using lt"));
            }
        }
    }
    let recheck = names::RECHECK.url;
    if let Some(text) = r.get(recheck).map(str::trim) {
        if !text.is_empty() {
            let limit = p.recheck_limit();
            p.recheck_at = Some(r.number(recheck, &limit, limit.max));
        }
    }
    // The same run, kept as it is drawn: a link with a check inside the
    // pause opens with the pause starting at the check.
    p.with_pause_from_its_check()
}

/// `cell`: one of the table's cells; anything else is named in a
/// notice, and no cell is selected.
fn read_cell(r: &mut Reader) -> Option<Cell> {
    let text = r.get(CELL).map(str::trim).filter(|t| !t.is_empty())?;
    argument::read(text)
        .map_err(|message| r.notice(CELL, message))
        .ok()
}

/// `embed` and `controls`: one figure alone, with or without its inputs.
fn read_embed(r: &mut Reader) -> Option<Embed> {
    let embed = match r.get("embed").map(str::trim) {
        None | Some("") => None,
        Some(code) => {
            let found = Figure::from_code(code);
            if found.is_none() {
                let code = quote(code);
                let known: Vec<&str> = Figure::ALL.iter().map(|f| f.code()).collect();
                let known = known.join(", ");
                r.notice(
                    "embed",
                    format!("embed = {code} is not a figure ({known}); showing the whole page"),
                );
            }
            found
        }
    };
    let controls = r.flag("controls", true);
    if embed.is_none() && !controls {
        r.notice(
            "controls",
            "controls = 0 applies only to an embedded figure (embed=…); the whole page keeps its controls"
                .to_owned(),
        );
    }
    embed.map(|figure| Embed { figure, controls })
}

/// `present`: presentation mode, `1` for the embedded figure (or, in the
/// study, the opening timeline), or a figure by its embed name.
fn read_present(r: &mut Reader, embed: Option<Embed>) -> Option<Figure> {
    let code = r.get("present").map(|c| c.trim().to_owned())?;
    match code.as_str() {
        "" | "0" => None,
        "1" => Some(embed.map_or(Figure::Timeline, |e| e.figure)),
        _ => match (Figure::from_code(&code), embed) {
            (Some(figure), None) => Some(figure),
            (Some(_), Some(e)) => {
                r.notice(
                    "present",
                    format!(
                        "present = {} in a frame of {}: presenting that figure",
                        quote(&code),
                        e.figure.code()
                    ),
                );
                Some(e.figure)
            }
            (None, _) => {
                let known: Vec<&str> = Figure::ALL.iter().map(|f| f.code()).collect();
                r.notice(
                    "present",
                    format!(
                        "present = {} is not 0, 1 or a figure ({}); not presenting",
                        quote(&code),
                        known.join(", ")
                    ),
                );
                None
            }
        },
    }
}

/// `theme`: the reader's colours, or fixed ones.
fn read_theme(r: &mut Reader) -> Theme {
    let Some(code) = r.get("theme").map(|c| c.trim().to_owned()) else {
        return Theme::Auto;
    };
    if code.is_empty() {
        return Theme::Auto;
    }
    Theme::from_code(&code).unwrap_or_else(|| {
        let code = quote(&code);
        r.notice(
            "theme",
            format!("theme = {code} is not light, dark or auto; following the reader's setting"),
        );
        Theme::Auto
    })
}

/// A notice for every name the page does not know, with the one probably
/// meant; tags a platform added on the way are dropped silently.
fn report_unknown(r: &mut Reader, pairs: &[(String, String)]) {
    let mut unknown: Vec<&str> = pairs
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| !known(k) && !is_knob(k) && !added_in_transit(k))
        .collect();
    unknown.dedup();
    for name in unknown {
        let shown = quote(name);
        let hint = meant(name).map_or(String::new(), |m| format!(" (did you mean '{m}'?)"));
        r.notice(name, format!("unknown parameter {shown} ignored{hint}"));
    }
}
