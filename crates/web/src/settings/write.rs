//! `Settings` written back as a URL query: only what differs from the
//! defaults, so shared links stay short.

use super::{cursor_limit, Figure, Settings, Theme, VERSION};
use dlock_core::list::format_list;
use dlock_core::names;

/// Writes the settings as a query string (starting with `?`), naming only
/// what differs from the defaults.
pub fn format(s: &Settings) -> String {
    let d = Settings::default();
    let (p, dp) = (&s.params, &d.params);
    let mut parts = vec![format!("v={VERSION}")];
    let mut num = |name: &str, v: u32, dv: u32| {
        if v != dv {
            parts.push(format!("{name}={v}"));
        }
    };
    num(names::SERVERS.url, u32::from(p.servers), u32::from(dp.servers));
    num(names::TTL.url, p.ttl, dp.ttl);
    num(names::PAUSE_FROM.url, p.pause_from, dp.pause_from);
    num(names::PAUSE_LEN.url, p.pause_len, dp.pause_len);
    num(names::B_ARRIVES.url, p.b_arrives, dp.b_arrives);
    num(names::FENCING.url, u32::from(p.fencing), u32::from(dp.fencing));
    num(names::EXPIRY.url, u32::from(p.expiry), u32::from(dp.expiry));
    num(
        names::A_CRASHES.url,
        u32::from(p.a_crashes),
        u32::from(dp.a_crashes),
    );
    num(
        names::B_WRITES_TWICE.url,
        u32::from(p.b_writes_twice),
        u32::from(dp.b_writes_twice),
    );
    num(
        names::REGISTER_TOKEN.url,
        u32::from(p.register_token),
        u32::from(dp.register_token),
    );
    num(names::CAS.url, u32::from(p.cas), u32::from(dp.cas));
    let (a, da) = (p.acquiring, dp.acquiring);
    num(names::ACQUIRE_LATENCY.url, a.latency, da.latency);
    num(names::ACQUIRE_PAUSE.url, a.a_pause, da.a_pause);
    num(
        names::VALIDITY_CHECK.url,
        u32::from(a.validity_check),
        u32::from(da.validity_check),
    );
    if p.comparison != dp.comparison {
        parts.push(format!("{}={}", names::COMPARISON.url, p.comparison.code()));
    }
    if let Some(c) = p.recheck_at {
        parts.push(format!("{}={c}", names::RECHECK.url));
    }
    if let Some(t) = s.cursor {
        // Parameters changed since the cursor was set can leave it past
        // the run; the page then shows the last tick, and so does the link.
        parts.push(format!("t={}", t.min(cursor_limit(p).max)));
    }
    if s.heat_ttls != d.heat_ttls {
        parts.push(format!("hm_ttl={}", format_list(&s.heat_ttls)));
    }
    if s.heat_pauses != d.heat_pauses {
        parts.push(format!("hm_pause={}", format_list(&s.heat_pauses)));
    }
    if let Some(n) = s.added_servers {
        parts.push(format!("add_n={n}"));
    }
    for (code, &value) in &s.knobs {
        if d.knobs.get(code) != Some(&value) {
            parts.push(format!("{code}={value}"));
        }
    }
    parts.extend(s.check.query_parts());
    parts.extend(super::argument::query_part(s.cell));
    parts.extend(view_parts(s));
    format!("?{}", parts.join("&"))
}

/// How the page shows what it shows: a figure alone, with or without its
/// inputs, fixed colours, presentation mode.
fn view_parts(s: &Settings) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(e) = s.embed {
        parts.push(format!("embed={}", e.figure.code()));
        if !e.controls {
            parts.push("controls=0".to_owned());
        }
    }
    if s.theme != Theme::Auto {
        parts.push(format!("theme={}", s.theme.code()));
    }
    match (s.present, s.embed) {
        (None, _) => {}
        (Some(Figure::Timeline), None) | (Some(_), Some(_)) => parts.push("present=1".to_owned()),
        (Some(figure), None) => parts.push(format!("present={}", figure.code())),
    }
    if s.predict {
        parts.push("predict=1".to_owned());
    }
    if let Some(deck) = super::deck::encode(&s.deck) {
        parts.push(format!("deck={deck}"));
    }
    if let Some(slide) = s.slide {
        parts.push(format!("slide={}", u32::from(slide) + 1));
    }
    if s.handout {
        parts.push("handout=1".to_owned());
    }
    parts
}

/// `figure` as `s` shows it now, as a slide (what "Add to deck" adds): its
/// parameters, cursor, cell and prediction, not how the page is shown.
pub fn slide_of(figure: Figure, s: &Settings) -> super::deck::Slide {
    let kept = Settings {
        embed: None,
        theme: Theme::Auto,
        present: None,
        deck: Vec::new(),
        slide: None,
        handout: false,
        ..s.clone()
    };
    super::deck::Slide::new(figure, &format(&kept))
}
