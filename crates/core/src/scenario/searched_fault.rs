//! The one fault a search explores beside late and lost messages, in one
//! place: each variant owns its range, its flag, its words, its wire code
//! and its choice points. A run holds one fault, so a bound holds one:
//! "one fault at a time" is the type, not a rule each reader restates.
//! Adding a fault is a variant here, its arms below, and the run's fault
//! it sets up (`params::Fault`); a row of the fault × remedy table, if it
//! shows one.

use super::point::Point;
use crate::params::bound::{CLOCK_RATE, CLOCK_STEP, PARTITION};
use crate::params::{Fault, Limit, Reach, RestartRemedy};
use crate::types::Tick;

/// The fault a search explores, and how far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchedFault {
    /// No fault beyond the study's.
    #[default]
    None,
    /// One server restarts, in this mode, at any tick before the horizon,
    /// or none does.
    Restart(RestartRemedy),
    /// One server's clock steps forward 1 to this many ticks at any tick
    /// before the horizon, or not. The clients subtract the same drift
    /// allowance in every branch (`Config::drift_allowance`), as they
    /// cannot know which they are in.
    ClockStep(Tick),
    /// A reaches one server alone for 0 to this many ticks, retrying
    /// there, then a bare majority, while B reaches the other bare
    /// majority: the servers' counters drift apart (token drift).
    Partition(Tick),
    /// One server's clock runs at this percent of real time, or every
    /// clock keeps true time: searched "or not", as the clock step is, so
    /// that the flag only adds schedules.
    ClockRate(u32),
}

/// Each fault's kind, in the wire's and the flags' order.
const KINDS: [&str; 5] = ["none", "restart", "clock-step", "partition", "clock-rate"];

impl SearchedFault {
    /// The numbered faults' flags (a restart's is `--restart MODE`), in
    /// `dlock check --help`'s order, each with its range: the CLI reads
    /// them through [`SearchedFault::numbered`].
    pub const NUMBERED: [Limit; 3] = [CLOCK_STEP, PARTITION, CLOCK_RATE];

    /// The fault `limit`'s flag sets to `value`; `None` for its "no
    /// fault" value (0 ticks, a clock at 100%).
    pub fn numbered(limit: Limit, value: u32) -> Option<SearchedFault> {
        let fault = match limit.name {
            n if n == CLOCK_STEP.name => SearchedFault::ClockStep(value),
            n if n == PARTITION.name => SearchedFault::Partition(value),
            n if n == CLOCK_RATE.name => SearchedFault::ClockRate(value),
            _ => return None,
        };
        (!fault.is_off()).then_some(fault)
    }

    /// Whether it is no fault at all: none, or a numbered fault at its
    /// flag's default (no step, no partition, a clock at 100%), which
    /// sets nothing up.
    pub fn is_off(self) -> bool {
        self == self.off()
    }

    /// The same kind of fault, switched off: what its flag's default
    /// says.
    fn off(self) -> SearchedFault {
        match self {
            SearchedFault::ClockRate(_) => SearchedFault::ClockRate(100),
            SearchedFault::ClockStep(_) => SearchedFault::ClockStep(0),
            SearchedFault::Partition(_) => SearchedFault::Partition(0),
            SearchedFault::Restart(_) => SearchedFault::None,
            SearchedFault::None => SearchedFault::None,
        }
    }

    /// The flag naming it, and its value as the flag takes it (`None`
    /// for no fault): what `dlock check` is given to search it.
    pub fn flag(self) -> Option<(&'static str, String)> {
        if self.is_off() {
            return None;
        }
        let numbered = |limit: Limit, value: u32| Some((limit.name, value.to_string()));
        match self {
            SearchedFault::None => None,
            SearchedFault::Restart(mode) => Some(("restart", mode.code().to_owned())),
            SearchedFault::ClockStep(ticks) => numbered(CLOCK_STEP, ticks),
            SearchedFault::Partition(ticks) => numbered(PARTITION, ticks),
            SearchedFault::ClockRate(pct) => numbered(CLOCK_RATE, pct),
        }
    }

    /// The restart's mode, if it is a restart.
    pub fn restart(self) -> Option<RestartRemedy> {
        match self {
            SearchedFault::Restart(mode) => Some(mode),
            _ => None,
        }
    }

    /// The clock step's largest, if it is one (else 0).
    pub fn clock_step(self) -> Tick {
        match self {
            SearchedFault::ClockStep(ticks) => ticks,
            _ => 0,
        }
    }

    /// The partition's longest, if it is one (else 0).
    pub fn partition(self) -> Tick {
        match self {
            SearchedFault::Partition(ticks) => ticks,
            _ => 0,
        }
    }

    /// The clock's rate, if one runs fast or slow (else 100).
    pub fn clock_rate(self) -> u32 {
        match self {
            SearchedFault::ClockRate(pct) => pct,
            _ => 100,
        }
    }

    /// The fault as part of a bound in words ("…, one server restarting
    /// (restart empty) at any of t=0..39, or none"), with its leading
    /// comma; empty for no fault. `horizon` is the bound's.
    pub fn words(self, horizon: Tick) -> String {
        let last = horizon.saturating_sub(1);
        match self {
            _ if self.is_off() => String::new(),
            SearchedFault::None => String::new(),
            SearchedFault::Restart(mode) => format!(
                ", one server restarting ({}) at any of t=0..{last}, or none",
                mode.label()
            ),
            SearchedFault::ClockStep(ticks) => format!(
                ", one server's clock stepping forward 1..{ticks} ticks at any of t=0..{last}, or not"
            ),
            SearchedFault::Partition(ticks) => format!(
                ", A reaching one server alone for 0..{ticks} ticks (then a bare majority, B the other)"
            ),
            SearchedFault::ClockRate(pct) => format!(", one server's clock running at {pct}%, or none"),
        }
    }

    /// The fault in a few words, as a table's row states its bound ("a
    /// clock at 300%"); `None` for no fault.
    pub fn short_words(self) -> Option<String> {
        match self {
            _ if self.is_off() => None,
            SearchedFault::None => None,
            SearchedFault::Restart(_) => Some("a server restarts empty".to_owned()),
            SearchedFault::ClockStep(ticks) => Some(format!("a clock jumps 1..{ticks} ticks")),
            SearchedFault::Partition(ticks) => Some(format!("A alone with one server 0..{ticks} ticks")),
            SearchedFault::ClockRate(pct) => Some(format!("a clock at {pct}%")),
        }
    }

    /// Two words on the page's wire to its worker: the kind, and its
    /// number (a restart's mode by its place in `RestartRemedy::ALL`).
    pub fn to_wire(self) -> [u32; 2] {
        let kind = |name: &str| KINDS.iter().position(|&k| k == name).unwrap_or(0) as u32;
        match self {
            SearchedFault::None => [0, 0],
            SearchedFault::Restart(mode) => [
                kind("restart"),
                RestartRemedy::ALL.iter().position(|&m| m == mode).unwrap_or(0) as u32,
            ],
            SearchedFault::ClockStep(ticks) => [kind("clock-step"), ticks],
            SearchedFault::Partition(ticks) => [kind("partition"), ticks],
            SearchedFault::ClockRate(pct) => [kind("clock-rate"), pct],
        }
    }

    /// [`SearchedFault::to_wire`] read back; `None` for words no fault
    /// writes.
    pub fn from_wire([kind, value]: [u32; 2]) -> Option<SearchedFault> {
        Some(match *KINDS.get(kind as usize)? {
            "none" => SearchedFault::None,
            "restart" => SearchedFault::Restart(*RestartRemedy::ALL.get(value as usize)?),
            "clock-step" => SearchedFault::ClockStep(value),
            "partition" => SearchedFault::Partition(value),
            _ => SearchedFault::ClockRate(value),
        })
    }

    /// How many values one of its choice points offers, less one (0 for
    /// a point this fault never asks at).
    pub(super) fn largest(self, point: Point, horizon: Tick) -> Tick {
        match (self, point) {
            (SearchedFault::Restart(_), Point::RestartAt) => horizon,
            (SearchedFault::ClockStep(ticks), Point::ClockStep) => ticks,
            (SearchedFault::ClockStep(_), Point::ClockStepAt) => horizon.saturating_sub(1),
            (SearchedFault::Partition(ticks), Point::Partition) => ticks,
            (SearchedFault::ClockRate(_), Point::ClockRateOn) => 1,
            _ => 0,
        }
    }

    /// Its choice points, met as the run is set up, each asked of
    /// `choose`: the run's fault (`params::Fault`) as the choices make it,
    /// or `None` where they leave the run without one (a fault that does
    /// not strike sets nothing up). `allowance` is the clients' drift
    /// allowance, which a drifting clock's fault restates.
    pub(super) fn choose(
        self,
        allowance: Tick,
        mut choose: impl FnMut(Point) -> Option<Tick>,
    ) -> Option<Fault> {
        if self.is_off() {
            return None;
        }
        Some(match self {
            SearchedFault::None => return None,
            SearchedFault::Restart(remedy) => Fault::Restart {
                servers: 1,
                at: choose(Point::RestartAt).filter(|&k| k > 0)? - 1,
                remedy,
                reach: Reach::All,
            },
            SearchedFault::ClockStep(_) => {
                let jump = choose(Point::ClockStep).filter(|&j| j > 0)?;
                Fault::ClockJump {
                    servers: 1,
                    at: choose(Point::ClockStepAt).unwrap_or(0),
                    jump,
                    reach: Reach::All,
                }
            }
            // Every schedule has the partition's reach, healed at once or
            // later: its length is the choice.
            SearchedFault::Partition(_) => Fault::TokenDrift {
                partition: choose(Point::Partition).unwrap_or(0),
                ordered: false,
            },
            SearchedFault::ClockRate(rate_pct) => {
                choose(Point::ClockRateOn).filter(|&on| on == 1)?;
                Fault::ClockDrift {
                    fast: 1,
                    rate_pct,
                    allowance,
                    reach: Reach::All,
                }
            }
        })
    }
}

/// In JSON as the flags name it: `restart` (its mode's word, or null),
/// `clock_step`, `clock_rate` and `partition`, each at its "no fault"
/// value but the one searched, so a script can pass them back.
impl serde::Serialize for SearchedFault {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut fields = s.serialize_struct("SearchedFault", 4)?;
        fields.serialize_field("restart", &self.restart().map(RestartRemedy::code))?;
        fields.serialize_field("clock_step", &self.clock_step())?;
        fields.serialize_field("clock_rate", &self.clock_rate())?;
        fields.serialize_field("partition", &self.partition())?;
        fields.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> [SearchedFault; 5] {
        [
            SearchedFault::None,
            SearchedFault::Restart(RestartRemedy::StaySilent),
            SearchedFault::ClockStep(5),
            SearchedFault::Partition(4),
            SearchedFault::ClockRate(300),
        ]
    }

    #[test]
    fn every_fault_crosses_the_wire_and_comes_back() {
        for fault in every_kind() {
            assert_eq!(SearchedFault::from_wire(fault.to_wire()), Some(fault));
        }
        for mode in RestartRemedy::ALL {
            let fault = SearchedFault::Restart(mode);
            assert_eq!(SearchedFault::from_wire(fault.to_wire()), Some(fault));
        }
        assert_eq!(SearchedFault::from_wire([KINDS.len() as u32, 0]), None);
        assert_eq!(SearchedFault::from_wire([1, 9]), None, "no such restart mode");
    }

    #[test]
    fn a_numbered_flag_at_its_default_is_no_fault_and_any_other_value_is_its_fault() {
        assert_eq!(SearchedFault::numbered(CLOCK_RATE, 100), None);
        assert_eq!(SearchedFault::numbered(CLOCK_STEP, 0), None);
        assert_eq!(SearchedFault::numbered(PARTITION, 0), None);
        assert_eq!(
            SearchedFault::numbered(CLOCK_RATE, 300),
            Some(SearchedFault::ClockRate(300))
        );
        assert_eq!(
            SearchedFault::numbered(PARTITION, 4),
            Some(SearchedFault::Partition(4))
        );
        for fault in every_kind().into_iter().skip(2) {
            let (name, value) = fault.flag().expect("a numbered fault has a flag");
            let limit = SearchedFault::NUMBERED
                .into_iter()
                .find(|l| l.name == name)
                .expect("its flag is numbered");
            assert_eq!(
                SearchedFault::numbered(limit, value.parse().expect("a number")),
                Some(fault)
            );
        }
    }

    #[test]
    fn each_fault_says_itself_and_no_fault_says_nothing() {
        assert_eq!(SearchedFault::None.words(40), "");
        assert_eq!(SearchedFault::None.short_words(), None);
        assert_eq!(SearchedFault::None.flag(), None);
        for fault in every_kind().into_iter().skip(1) {
            assert!(fault.words(40).starts_with(", "), "{fault:?}");
            assert!(fault.short_words().is_some(), "{fault:?}");
        }
        assert!(SearchedFault::ClockStep(5)
            .words(40)
            .contains("1..5 ticks at any of t=0..39"));
    }

    /// Every fault but the partition is searched "or not": its first
    /// value at every point it opens leaves the run with no fault, so the
    /// flag only adds schedules to those the bound had without it. The
    /// partition splits the clients' reach in every schedule (a length of
    /// 0 heals A's lone server at once, but A and B still reach two bare
    /// majorities): a world of its own, which `--partition` names.
    #[test]
    fn each_faults_first_choices_set_no_fault_up() {
        for fault in every_kind().into_iter().filter(|f| f.partition() == 0) {
            assert_eq!(fault.choose(1, |_| Some(0)), None, "{fault:?}");
        }
        assert!(SearchedFault::ClockRate(300).choose(1, |_| Some(1)).is_some());
        assert!(SearchedFault::ClockStep(5).choose(1, |_| Some(1)).is_some());
    }

    #[test]
    fn a_fault_opens_only_its_own_choice_points() {
        let points = [
            Point::RestartAt,
            Point::ClockStep,
            Point::ClockStepAt,
            Point::Partition,
            Point::ClockRateOn,
        ];
        for fault in every_kind() {
            let asked: Vec<Point> = points.into_iter().filter(|&p| fault.largest(p, 40) > 0).collect();
            let expected: &[Point] = match fault {
                SearchedFault::None => &[],
                SearchedFault::ClockRate(_) => &[Point::ClockRateOn],
                SearchedFault::Restart(_) => &[Point::RestartAt],
                SearchedFault::ClockStep(_) => &[Point::ClockStep, Point::ClockStepAt],
                SearchedFault::Partition(_) => &[Point::Partition],
            };
            assert_eq!(asked, expected, "{fault:?}");
        }
    }
}
