//! The "Every schedule" section's part of the URL: the bound the reader
//! set, and the counterexample on show, as choice indices (which survive
//! a change of fingerprint, as stateright's links moved to in 0.31).

use dlock_core::explore::{Bound, Config, Property, Question, SearchedFault};
use dlock_core::params::bound::{
    CLIENTS, CLOCK_STEP, DRIFT_ALLOWANCE, HORIZON, MAX_ARRIVAL, MAX_DELAY, MAX_PAUSE, MAX_STATES, SERVERS,
    TTL, WITHIN,
};
use dlock_core::params::{Limit, RestartRemedy};
use dlock_core::Tick;

/// The URL names of the restart and of the counterexample's parts.
pub const RESTART: &str = "ck_restart";
pub const ROW: &str = "ck_row";
pub const PROPERTY: &str = "ck_prop";
pub const STEPS: &str = "ck_steps";
/// The counterexample's cursor tick.
pub const TICK: &str = "ck_t";

/// At most this many choices in a link's counterexample.
pub const MAX_STEPS: usize = 256;

/// A number the reader sets: the cluster and lease every row has, and
/// how far each choice of the explorer ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    MaxArrival,
    MaxPause,
    MaxDelay,
    Servers,
    Ttl,
    Horizon,
    Within,
    ClockStep,
    MaxStates,
    Clients,
    DriftAllowance,
}

impl Knob {
    /// In the order a link writes them.
    pub const ALL: [Knob; 11] = [
        Knob::MaxArrival,
        Knob::MaxPause,
        Knob::MaxDelay,
        Knob::Servers,
        Knob::Ttl,
        Knob::Horizon,
        Knob::Within,
        Knob::ClockStep,
        Knob::MaxStates,
        Knob::Clients,
        Knob::DriftAllowance,
    ];

    /// Its URL name.
    pub fn name(self) -> &'static str {
        match self {
            Knob::MaxArrival => "ck_arr",
            Knob::MaxPause => "ck_pause",
            Knob::MaxDelay => "ck_delay",
            Knob::Servers => "ck_servers",
            Knob::Ttl => "ck_ttl",
            Knob::Horizon => "ck_horizon",
            Knob::Within => "ck_within",
            Knob::ClockStep => "ck_step",
            Knob::MaxStates => "ck_states",
            Knob::Clients => "ck_clients",
            Knob::DriftAllowance => "ck_allowance",
        }
    }

    /// Its range: the CLI's for the same flag.
    pub fn limit(self) -> Limit {
        let limit = match self {
            Knob::MaxArrival => MAX_ARRIVAL,
            Knob::MaxPause => MAX_PAUSE,
            Knob::MaxDelay => MAX_DELAY,
            Knob::Servers => SERVERS,
            Knob::Ttl => TTL,
            Knob::Horizon => HORIZON,
            Knob::Within => WITHIN,
            Knob::ClockStep => CLOCK_STEP,
            Knob::MaxStates => MAX_STATES,
            Knob::Clients => CLIENTS,
            Knob::DriftAllowance => DRIFT_ALLOWANCE,
        };
        Limit {
            name: self.name(),
            ..limit
        }
    }

    /// Its words beside the input.
    pub fn label(self) -> &'static str {
        match self {
            Knob::MaxArrival => "B arrives at any tick up to",
            Knob::MaxPause => "A is stopped once, for up to",
            Knob::MaxDelay => "a message is late, to each server, by up to",
            Knob::Servers => "lock servers",
            Knob::Ttl => "lease (ticks)",
            Knob::Horizon => "clients retry until tick",
            Knob::Within => "liveness: someone holds the lock within",
            Knob::ClockStep => "one server's clock steps forward by up to (0: never)",
            Knob::MaxStates => "stop, answering unknown, after this many states",
            Knob::Clients => "clients (3: a third, C, runs B's script)",
            Knob::DriftAllowance => "each client subtracts a drift allowance of (ticks; 0: none)",
        }
    }
}

/// A counterexample on show: the matrix row (its configuration), the
/// property, and the choices that make the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub row: u8,
    pub property: Property,
    pub steps: Vec<u32>,
    /// Its cursor, if the reader set one: none shows the whole run.
    pub tick: Option<Tick>,
}

impl Shown {
    /// A counterexample opened from the matrix: `found` is its choices
    /// and the tick at which its property broke, where its cursor opens.
    pub fn at_its_break(row: u8, property: Property, found: (Vec<u32>, Tick)) -> Shown {
        let (steps, broken_at) = found;
        Shown {
            row,
            property,
            steps,
            tick: Some(broken_at),
        }
    }
}

/// The question the matrix answers (the cluster, the lease and the
/// bound), and what is on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckView {
    pub servers: u16,
    pub ttl: Tick,
    pub max_arrival: Tick,
    pub max_pause: Tick,
    pub max_delay: Tick,
    pub horizon: Tick,
    pub within: Tick,
    /// The one fault searched: the page offers a restart or a clock step.
    pub fault: SearchedFault,
    /// The search stops here, its unbroken properties unknown. A `Tick`
    /// like the other knobs: its range (up to 50,000,000) fits.
    pub max_states: Tick,
    /// Two clients, the study's, or three: C runs B's script, arriving
    /// at any tick B may. A `Tick` like the other knobs.
    pub clients: Tick,
    /// The ticks every client subtracts from its lease's validity, the
    /// same in every schedule (`dlock check --drift-allowance`).
    pub drift_allowance: Tick,
    pub shown: Option<Shown>,
}

impl Default for CheckView {
    /// The default question: core's default cluster and bound.
    fn default() -> CheckView {
        CheckView::asking(&Question::pauses())
    }
}

impl CheckView {
    pub fn bound(&self) -> Bound {
        Bound {
            max_arrival: self.max_arrival,
            max_pause: self.max_pause,
            max_delay: self.max_delay,
            horizon: self.horizon,
            within: self.within,
            fault: self.fault,
            max_states: u64::from(self.max_states),
            // The matrix loses no message: lost messages multiply its
            // states, and the fault × remedy table's row of lost messages
            // is where the page searches them.
            max_lost: 0,
            pause_at: dlock_core::explore::config::PauseAt::Anywhere,
            pausing: dlock_core::explore::config::Pausing::A,
            clients: self.clients as u8,
            max_a_arrival: 0,
        }
    }

    /// The configurations, one a row: every lock and resource, on the
    /// reader's cluster and lease.
    pub fn rows(&self) -> Vec<Config> {
        Config::matrix(self.servers, self.ttl)
            .into_iter()
            .map(|row| Config {
                drift_allowance: self.drift_allowance,
                ..row
            })
            .collect()
    }

    /// The question without the answer on show: what a check depends on.
    pub fn asked(&self) -> CheckView {
        CheckView {
            shown: None,
            ..self.clone()
        }
    }

    pub fn number(&self, knob: Knob) -> Tick {
        match knob {
            Knob::MaxArrival => self.max_arrival,
            Knob::MaxPause => self.max_pause,
            Knob::MaxDelay => self.max_delay,
            Knob::Servers => Tick::from(self.servers),
            Knob::Ttl => self.ttl,
            Knob::Horizon => self.horizon,
            Knob::Within => self.within,
            Knob::ClockStep => self.fault.clock_step(),
            Knob::MaxStates => self.max_states,
            Knob::Clients => self.clients,
            Knob::DriftAllowance => self.drift_allowance,
        }
    }

    /// Sets a number, already within its range. A clock step is the
    /// search's one fault, in place of any restart. Liveness's window is never
    /// longer than the horizon leaves room for (`dlock check` refuses
    /// one): a shorter horizon shortens it, and a longer window stops at
    /// the horizon.
    pub fn set_number(&mut self, knob: Knob, value: Tick) {
        match knob {
            Knob::MaxArrival => self.max_arrival = value,
            Knob::MaxPause => self.max_pause = value,
            Knob::MaxDelay => self.max_delay = value,
            Knob::Servers => self.servers = value as u16,
            Knob::Ttl => self.ttl = value,
            Knob::Horizon => {
                self.horizon = value;
                self.within = self.within.min(value);
            }
            Knob::Within => self.within = value.min(self.horizon),
            Knob::MaxStates => self.max_states = value,
            Knob::Clients => self.clients = value,
            Knob::DriftAllowance => self.drift_allowance = value,
            Knob::ClockStep => {
                if let Some(step) = SearchedFault::numbered(CLOCK_STEP, value) {
                    self.fault = step;
                } else if self.fault.clock_step() > 0 {
                    self.fault = SearchedFault::None;
                }
            }
        }
    }

    /// Sets the restart, the search's one fault in place of any clock
    /// step; `None` takes a restart away.
    pub fn set_restart(&mut self, restart: Option<RestartRemedy>) {
        match restart {
            Some(mode) => self.fault = SearchedFault::Restart(mode),
            None if self.fault.restart().is_some() => self.fault = SearchedFault::None,
            None => {}
        }
    }

    /// The restart searched, if the fault is one.
    pub fn restart(&self) -> Option<RestartRemedy> {
        self.fault.restart()
    }

    /// The view that asks `question`: its cluster, lease and bound, with
    /// no counterexample on show yet.
    pub fn asking(question: &Question) -> CheckView {
        let b = question.bound;
        CheckView {
            servers: question.servers,
            ttl: question.ttl,
            max_arrival: b.max_arrival,
            max_pause: b.max_pause,
            max_delay: b.max_delay,
            horizon: b.horizon,
            within: b.within,
            fault: b.fault,
            max_states: u32::try_from(b.max_states).unwrap_or(MAX_STATES.max),
            clients: Tick::from(b.clients),
            drift_allowance: 0,
            shown: None,
        }
    }

    /// Whether this view asks exactly `question`.
    pub fn asks(&self, question: &Question) -> bool {
        self.asked() == CheckView::asking(question)
    }

    /// Whether anything past the first three knobs differs from the
    /// default: the page opens those inputs for such a link.
    pub fn beyond_the_first(&self) -> bool {
        let d = CheckView::default();
        self.restart() != d.restart() || Knob::ALL[3..].iter().any(|&k| self.number(k) != d.number(k))
    }

    /// The query's parts for this view: only what differs from the default.
    pub fn query_parts(&self) -> Vec<String> {
        let d = CheckView::default();
        let mut parts: Vec<String> = Knob::ALL
            .into_iter()
            .filter(|&k| self.number(k) != d.number(k))
            .map(|k| format!("{}={}", k.name(), self.number(k)))
            .collect();
        if let Some(restart) = self.restart() {
            parts.push(format!("{RESTART}={}", restart.code()));
        }
        if let Some(shown) = &self.shown {
            let steps: Vec<String> = shown.steps.iter().map(u32::to_string).collect();
            parts.push(format!("{ROW}={}", shown.row));
            parts.push(format!("{PROPERTY}={}", shown.property.code()));
            parts.push(format!("{STEPS}={}", steps.join(",")));
            if let Some(t) = shown.tick {
                parts.push(format!("{TICK}={t}"));
            }
        }
        parts
    }
}

/// Every URL name the section reads, in the order a link writes them.
pub fn names() -> impl Iterator<Item = &'static str> {
    Knob::ALL
        .into_iter()
        .map(Knob::name)
        .chain([RESTART, ROW, PROPERTY, STEPS, TICK])
}

/// A link's `ck_steps`: whole numbers separated by commas, in order.
pub fn parse_steps(text: &str) -> Result<Vec<u32>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let steps: Vec<u32> = text
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{}' is not a whole number", s.trim()))
        })
        .collect::<Result<_, _>>()?;
    if steps.len() > MAX_STEPS {
        return Err(format!(
            "{} choices, more than the {MAX_STEPS} a link may carry",
            steps.len()
        ));
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{format, parse, Settings};
    use dlock_core::audit::Finding;

    #[test]
    fn a_question_sets_every_number_and_its_link_asks_it_again() {
        assert!(CheckView::default().asks(&Question::pauses()));
        for question in Question::all() {
            let view = CheckView::asking(&question);
            assert_eq!(view.bound(), question.bound, "{}", question.code);
            assert_eq!((view.servers, view.ttl), (question.servers, question.ttl));
            let s = Settings {
                check: view,
                ..Settings::default()
            };
            let (back, notices) = parse(&format(&s));
            assert!(notices.is_empty(), "{notices:?}");
            assert!(back.check.asks(&question), "{}", question.code);
            let others = Question::all().into_iter().filter(|q| q.code != question.code);
            assert!(others.into_iter().all(|q| !back.check.asks(&q)));
        }
        let shown = CheckView {
            shown: Some(Shown {
                row: 0,
                property: Property::Liveness,
                steps: vec![1],
                tick: None,
            }),
            ..CheckView::asking(&Question::split_vote())
        };
        assert!(shown.asks(&Question::split_vote()));
    }

    #[test]
    fn a_bound_and_a_counterexample_survive_a_link() {
        let s = Settings {
            check: CheckView {
                max_arrival: 6,
                max_pause: 9,
                max_delay: 1,
                servers: 3,
                fault: SearchedFault::Restart(RestartRemedy::StaySilent),
                shown: Some(Shown {
                    row: 0,
                    property: Property::Safety(Finding::StaleOverwrites),
                    steps: vec![5, 6],
                    tick: Some(3),
                }),
                ..CheckView::default()
            },
            ..Settings::default()
        };
        let link = format(&s);
        assert!(
            link.contains(
                "ck_arr=6&ck_pause=9&ck_delay=1&ck_servers=3&ck_restart=delayed&ck_row=0&ck_prop=stale_overwrites&ck_steps=5,6&ck_t=3"
            ),
            "{link}"
        );
        let (back, notices) = parse(&link);
        assert_eq!(notices, vec![]);
        assert_eq!(back, s);
        assert!(!format(&Settings::default()).contains("ck_"));
    }

    #[test]
    fn a_bad_bound_is_clamped_and_a_bad_counterexample_is_dropped_with_a_notice() {
        let notice_of = |query: &str| {
            let (s, notices) = parse(query);
            (
                s.check,
                notices
                    .into_iter()
                    .map(|n| n.message)
                    .collect::<Vec<_>>()
                    .join(" | "),
            )
        };
        let (view, said) = notice_of("ck_pause=999");
        assert_eq!(view.max_pause, MAX_PAUSE.max);
        assert!(said.contains("ck_pause = 999 is outside 0..=60"), "{said}");
        let (view, said) = notice_of("ck_row=0&ck_prop=stale_overwrites&ck_steps=99,0");
        assert_eq!(view.shown, None);
        assert!(
            said.contains("ck_steps = '99,0': choice 1 is 99, but its point offers only 0 to 12"),
            "{said}"
        );
        let (_, said) = notice_of("ck_row=40&ck_prop=stale_overwrites&ck_steps=1,1");
        assert!(said.contains("ck_row = '40' is not a row 0..=11"), "{said}");
        let (_, said) = notice_of("ck_row=0&ck_prop=safety&ck_steps=1,1");
        assert!(
            said.contains("ck_prop = 'safety' is not one of overlapping_grants"),
            "{said}"
        );
        let (_, said) = notice_of("ck_steps=1,1");
        assert!(said.contains("go together"), "{said}");
        let (_, said) = notice_of("ck_row=0&ck_prop=liveness&ck_steps=1,x");
        assert!(said.contains("'x' is not a whole number"), "{said}");
        let (view, said) = notice_of("ck_row=0&ck_prop=stale_overwrites&ck_steps=5,6&ck_t=999");
        let shown = view.shown.expect("the counterexample stays, its tick clamped");
        let last = shown.tick.expect("a tick");
        assert!(last < 999);
        assert!(
            said.contains(&format!("ck_t = 999 is outside 0..={last}")),
            "{said}"
        );
        let (view, said) = notice_of("ck_restart=reboot");
        assert_eq!(view.restart(), None);
        assert!(
            said.contains("ck_restart = 'reboot' is not one of empty, persist, delayed"),
            "{said}"
        );
        let (view, said) = notice_of("ck_step=2&ck_restart=empty");
        assert_eq!(view.fault, SearchedFault::Restart(RestartRemedy::None));
        assert!(said.contains("one fault at a time"), "{said}");
        let (view, said) = notice_of("ck_servers=9");
        assert_eq!(view.servers, 7);
        assert!(said.contains("ck_servers = 9 is outside 1..=7"), "{said}");
    }

    /// The clients' drift allowance is a client's, set once for every
    /// row and every schedule; a link keeps it, and the commands say it.
    #[test]
    fn the_drift_allowance_sets_every_rows_clients_and_survives_a_link() {
        let (s, notices) = parse("ck_allowance=1&ck_step=3");
        assert_eq!(notices, vec![]);
        let view = s.check;
        assert!(view.rows().iter().all(|c| c.drift_allowance == 1));
        assert!(view.query_parts().contains(&"ck_allowance=1".to_owned()));
        let command = dlock_core::command::check_command(&view.rows()[4], &view.bound());
        assert!(command.contains("--drift-allowance 1"), "{command}");
        // Its twin: no allowance asked, none given, and the link says nothing.
        let plain = CheckView::default();
        assert!(plain.rows().iter().all(|c| c.drift_allowance == 0));
        assert!(!plain.query_parts().iter().any(|p| p.starts_with("ck_allowance")));
        let (s, notices) = parse("ck_allowance=99");
        assert_eq!(s.check.drift_allowance, 20);
        assert!(
            notices
                .iter()
                .any(|n| n.message.contains("ck_allowance = 99 is outside 0..=20")),
            "{notices:?}"
        );
    }

    #[test]
    fn the_cluster_and_lease_set_every_row_and_the_bound_carries_the_fault() {
        let (s, notices) = parse("ck_servers=2&ck_ttl=5&ck_delay=1&ck_horizon=4&ck_within=2&ck_step=3");
        assert_eq!(notices, vec![]);
        let view = s.check;
        assert!(view.beyond_the_first());
        assert!(!CheckView::default().beyond_the_first());
        assert!(view.rows().iter().all(|c| (c.servers, c.ttl) == (2, 5)));
        assert_eq!(view.rows().len(), CheckView::default().rows().len());
        let bound = view.bound();
        assert_eq!(
            (bound.horizon, bound.within, bound.fault),
            (4, 2, SearchedFault::ClockStep(3))
        );
        let mut restarted = view.clone();
        restarted.set_restart(Some(RestartRemedy::StaySilent));
        assert_eq!(restarted.bound().fault.clock_step(), 0);
        restarted.set_number(Knob::ClockStep, 1);
        assert_eq!(restarted.restart(), None);
        assert_eq!(restarted.fault, SearchedFault::ClockStep(1));
        restarted.set_restart(None);
        assert_eq!(
            restarted.fault,
            SearchedFault::ClockStep(1),
            "no restart to take away"
        );
        restarted.set_number(Knob::ClockStep, 0);
        assert_eq!(restarted.fault, SearchedFault::None);
    }

    /// Liveness's window fits the horizon, as `dlock check` requires: a
    /// link asking for more gets the horizon and a notice; a horizon
    /// shortened under the window shortens it; a link that names no window
    /// keeps quiet about the default's.
    #[test]
    fn the_liveness_window_never_outlasts_the_horizon() {
        let (s, notices) = parse("ck_horizon=4&ck_within=6");
        assert_eq!((s.check.horizon, s.check.within), (4, 4));
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(notices[0].param, "ck_within");
        assert!(
            notices[0]
                .message
                .contains("ck_within = 6 is longer than ck_horizon = 4 leaves room for; using 4"),
            "{}",
            notices[0].message
        );
        let (s, notices) = parse("ck_horizon=10");
        assert_eq!((s.check.horizon, s.check.within), (10, 10));
        assert_eq!(notices, Vec::new());
        let mut view = CheckView::default();
        view.set_number(Knob::Within, 400);
        assert_eq!(view.within, view.horizon);
        view.set_number(Knob::Horizon, 3);
        assert_eq!((view.horizon, view.within), (3, 3));
        // Its twin: a window within the horizon is kept as given.
        let (s, notices) = parse("ck_horizon=30&ck_within=25");
        assert_eq!((s.check.horizon, s.check.within), (30, 25));
        assert_eq!(notices, Vec::new());
    }
}
