//! The simulator's choice points, and the tape that answers them.
//!
//! The study's schedule takes every "when" from its parameters: B arrives
//! at `b_arrives`, a message takes `latency` ticks. The explorer instead
//! asks, at each of these points, for one of a bounded set of values, and
//! runs every answer. Both go through the same simulator; only the tape
//! differs. An empty tape (the default) chooses nothing, so a run is the
//! study's, byte for byte.

pub use super::point::Point;
use super::searched_fault::SearchedFault;
use crate::types::Tick;

/// Where and how long a client stops, as chosen at a pause point. A's is
/// written into the run's parameters; B's, which the study never has,
/// lives in the simulator until B reaches it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pause {
    /// Ticks stopped after acquiring (A's is the study's `pause_len`; B
    /// stops between its read and its write).
    pub after_acquire: Tick,
    /// Ticks stopped while the first acquire's replies travel.
    pub while_acquiring: Tick,
    /// The client checks the validity left, then stops: its write acts on
    /// the check's answer.
    pub after_check: bool,
}

/// Where the explorer lets each client's one pause fall: anywhere Redlock offers
/// (after acquiring, while its replies travel, after its validity check),
/// only once it holds the lock (after acquiring or after its check), or
/// only while its replies travel. The lease lock acquires at once, so
/// there a pause falls after acquiring, or nowhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PauseAt {
    #[default]
    Anywhere,
    Acquired,
    Acquiring,
}

impl PauseAt {
    pub const ALL: [PauseAt; 3] = [PauseAt::Anywhere, PauseAt::Acquired, PauseAt::Acquiring];

    /// Its word in `dlock check --pause-at`.
    pub fn code(self) -> &'static str {
        match self {
            PauseAt::Anywhere => "anywhere",
            PauseAt::Acquired => "acquired",
            PauseAt::Acquiring => "acquiring",
        }
    }

    pub fn from_code(code: &str) -> Option<PauseAt> {
        PauseAt::ALL.into_iter().find(|p| p.code() == code)
    }
}

/// Which clients the explorer lets pause, once each: A alone (the
/// study's script, and the default), or every client, each with the same
/// choice of where and how long. Every client multiplies the states by as
/// many pauses as B can take, so it is asked for, not the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pausing {
    #[default]
    A,
    Every,
}

impl Pausing {
    pub const ALL: [Pausing; 2] = [Pausing::A, Pausing::Every];

    /// Its word in `dlock check --pausing`.
    pub fn code(self) -> &'static str {
        match self {
            Pausing::A => "a",
            Pausing::Every => "every",
        }
    }

    pub fn from_code(code: &str) -> Option<Pausing> {
        Pausing::ALL.into_iter().find(|p| p.code() == code)
    }
}

/// How far each choice ranges, and when clients stop retrying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranges {
    pub max_arrival: Tick,
    pub max_pause: Tick,
    pub max_delay: Tick,
    /// Clients stop retrying here, if their own patience lasts longer:
    /// it keeps a run's length, and so the search, bounded.
    pub horizon: Tick,
    /// The one fault beyond late and lost messages, and how far.
    pub fault: SearchedFault,
    /// Liveness's window: not a choice, but what a settled past must
    /// remember of liveness (`settle`) depends on it.
    pub within: Tick,
    /// How many requests, replies and releases a run may lose in all.
    pub max_lost: u8,
    /// Where each client's pause may fall.
    pub pause_at: PauseAt,
    /// Which clients may pause.
    pub pausing: Pausing,
    /// How many clients run: the study's two, or a third, C, running B's
    /// script.
    pub clients: u8,
    /// The last tick at which A may first ask (0: at once).
    pub max_a_arrival: Tick,
}

impl Ranges {
    /// Whether a point met after the run's set-up can offer a choice:
    /// only the messages' delays can, and only if they may be late. The
    /// explorer steps a state without a copy when none can.
    pub fn chooses_after_start(&self) -> bool {
        self.max_delay > 0 || self.max_lost > 0
    }

    /// How many values `point` can take.
    pub fn options(&self, point: Point) -> u32 {
        let max = match point {
            Point::BArrives | Point::CArrives => self.max_arrival,
            Point::AArrives => self.max_a_arrival,
            Point::PauseLen if self.pause_at == PauseAt::Acquiring => 0,
            Point::PauseLen => self.max_pause,
            Point::PauseAnywhere | Point::PauseAnywhereChecked if self.pause_at == PauseAt::Acquiring => {
                self.max_pause
            }
            Point::PauseAnywhere if self.pause_at == PauseAt::Acquired => self.max_pause,
            Point::PauseAnywhereChecked if self.pause_at == PauseAt::Acquired => 2 * self.max_pause,
            Point::PauseAnywhere => 2 * self.max_pause,
            Point::PauseAnywhereChecked => 3 * self.max_pause,
            Point::RequestDelay | Point::ReplyDelay | Point::ReleaseDelay => self.max_delay,
            Point::RequestFate | Point::ReleaseFate => self.max_delay + 1,
            Point::ReplyLost => 1,
            Point::RestartAt
            | Point::ClockStep
            | Point::ClockStepAt
            | Point::Partition
            | Point::ClockRateOn => self.fault.largest(point, self.horizon),
        };
        max + 1
    }
}

/// A sequence of choices being replayed, then extended: the explorer
/// replays the choices that led to a state and, past their end, takes the
/// first value at each new point while noting how many it could have
/// taken, so it can come back for the others.
#[derive(Debug, Default)]
pub struct Tape {
    /// `None`: the study's schedule, no choices.
    ranges: Option<Ranges>,
    given: Vec<u32>,
    read: u32,
    /// How many values each point met past the end of `given` offered.
    opened: Vec<u32>,
    /// The first given value its point did not offer (its place in
    /// `given`, the value, how many the point offered): such a value is
    /// taken as the point's last, and a link that carried it is told so.
    out_of_range: Option<(u32, u32, u32)>,
}

/// By hand for `clone_from`, which keeps the vectors' allocations (the
/// explorer copies states into simulators it recycles).
impl Clone for Tape {
    fn clone(&self) -> Self {
        let mut copy = Tape::default();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let Tape {
            ranges,
            given,
            read,
            opened,
            out_of_range,
        } = source;
        self.ranges = *ranges;
        self.given.clone_from(given);
        self.read = *read;
        self.opened.clone_from(opened);
        self.out_of_range = *out_of_range;
    }
}

/// What a state is does not depend on the choices that reached it: the
/// explorer fingerprints simulators, tape excluded.
impl std::hash::Hash for Tape {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Equal as they hash: any two tapes, so that two simulators are equal
/// exactly when their states are.
impl PartialEq for Tape {
    fn eq(&self, _: &Tape) -> bool {
        true
    }
}

impl Tape {
    /// A tape that chooses within `ranges`, replaying `given` first.
    pub fn exploring(ranges: Ranges, given: &[u32]) -> Tape {
        Tape {
            ranges: Some(ranges),
            given: given.to_vec(),
            read: 0,
            opened: Vec::new(),
            out_of_range: None,
        }
    }

    /// Starts replaying `given` again, keeping the ranges.
    pub fn replay(&mut self, given: &[u32]) {
        self.given.clear();
        self.given.extend_from_slice(given);
        self.read = 0;
        self.opened.clear();
        self.out_of_range = None;
    }

    /// The value at `point`: the next one given, else the first, noting
    /// the point as opened. `None` on the study's tape. A point that
    /// offers one value is no choice: it takes that value and reads
    /// nothing, so a link's choices are only the ones a reader could vary.
    pub fn choose(&mut self, point: Point) -> Option<Tick> {
        let ranges = self.ranges?;
        let options = ranges.options(point);
        if options == 1 {
            return Some(0);
        }
        let index = match self.given.get(self.read as usize) {
            Some(&given) if given < options => given,
            Some(&given) => {
                self.out_of_range.get_or_insert((self.read, given, options));
                options - 1
            }
            None => {
                self.opened.push(options);
                0
            }
        };
        self.read += 1;
        Some(index)
    }

    /// A's pause for the value chosen at a pause point. Values past the
    /// bound fall while acquiring, and past twice the bound, after A's
    /// check; where the pause may fall in one place only, the values
    /// skip the other ranges.
    pub fn pause(&self, index: Tick) -> Pause {
        let (max, at) = self
            .ranges
            .map_or((0, PauseAt::Anywhere), |r| (r.max_pause, r.pause_at));
        let index = match at {
            PauseAt::Anywhere => index,
            PauseAt::Acquiring if index > 0 => index + max,
            PauseAt::Acquiring => 0,
            PauseAt::Acquired if index > max => index + max,
            PauseAt::Acquired => index,
        };
        let mut pause = Pause::default();
        if index <= max {
            pause.after_acquire = index;
        } else if index <= 2 * max {
            pause.while_acquiring = index - max;
        } else {
            pause.after_acquire = index - 2 * max;
            pause.after_check = true;
        }
        pause
    }

    /// The fault the explorer searches (none on the study's tape).
    pub fn fault(&self) -> SearchedFault {
        self.ranges.map_or(SearchedFault::None, |r| r.fault)
    }

    /// Whether B may pause too (else only A does, as in the study).
    pub fn every_client_pauses(&self) -> bool {
        self.ranges.is_some_and(|r| r.pausing == Pausing::Every)
    }

    /// Whether the explorer adds a third client, C.
    pub fn third_client(&self) -> bool {
        self.ranges.is_some_and(|r| r.clients > 2)
    }

    /// Whether the explorer is choosing (else this is the study's tape).
    pub fn explores(&self) -> bool {
        self.ranges.is_some()
    }

    /// The explorer's ranges, if exploring.
    pub fn ranges(&self) -> Option<Ranges> {
        self.ranges
    }

    /// Liveness's window, if exploring.
    pub fn within(&self) -> Option<Tick> {
        self.ranges.map(|r| r.within)
    }

    /// How many messages a run may lose (0 on the study's tape).
    pub fn max_lost(&self) -> u8 {
        self.ranges.map_or(0, |r| r.max_lost)
    }

    /// The explorer's horizon, if exploring.
    pub fn horizon(&self) -> Option<Tick> {
        self.ranges.map(|r| r.horizon)
    }

    /// How many values each point past the given choices offered, in the
    /// order they were met (each took its first, 0).
    pub fn opened(&self) -> &[u32] {
        &self.opened
    }

    /// The first given value out of its point's range, if any: (its place,
    /// the value, how many values the point offered).
    pub fn out_of_range(&self) -> Option<(u32, u32, u32)> {
        self.out_of_range
    }

    /// How many choices were read, given or opened.
    pub fn read(&self) -> u32 {
        self.read
    }
}

/// One extra delay per server for one message sent to every server, three
/// bits a server. The explorer's servers are few (at most
/// [`Delays::SERVERS`]); beyond them every delay is zero, which is the
/// study's schedule for any number of servers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Delays(u32);

impl Delays {
    const BITS: u32 = 3;
    /// How many servers a value can tell apart: a group of them fits a
    /// byte ([`Delays::group`]).
    pub const SERVERS: u16 = 8;
    /// The largest value a server's three bits hold (all of them set):
    /// not a delay but a message lost on the way, which arrives at no tick.
    pub const LOST: Tick = (1 << Self::BITS) - 1;
    /// The largest delay a value holds.
    pub const MAX: Tick = Self::LOST - 1;

    /// The extra delay to `server`.
    pub fn get(self, server: u16) -> Tick {
        if server >= Self::SERVERS {
            return 0;
        }
        (self.0 >> (u32::from(server) * Self::BITS)) & Self::LOST
    }

    /// Sets the delay to `server` ([`Delays::LOST`]: the message never
    /// arrives); a server past the ones a value tells apart keeps zero,
    /// and a delay is cut to [`Delays::LOST`] (the explorer's limits keep
    /// both within).
    pub fn set(&mut self, server: u16, delay: Tick) {
        if server < Self::SERVERS {
            let shift = u32::from(server) * Self::BITS;
            self.0 &= !(Self::LOST << shift);
            self.0 |= delay.min(Self::LOST) << shift;
        }
    }

    /// How many of `servers` the message is lost to.
    pub fn lost(self, servers: std::ops::Range<u16>) -> u16 {
        servers.filter(|&id| self.get(id) == Self::LOST).count() as u16
    }

    /// The distinct delays of the servers in `servers`, smallest first:
    /// the ticks the message arrives at, after the latency. Lost messages
    /// arrive at none. No server at all (or none the message reaches)
    /// still gives one arrival, at no delay, which reaches nobody.
    pub fn distinct(self, servers: std::ops::Range<u16>) -> impl Iterator<Item = Tick> {
        let mut seen = 0u8;
        for id in servers {
            seen |= 1 << self.get(id);
        }
        seen &= !(1 << Self::LOST);
        if seen == 0 {
            seen = 1;
        }
        (0..=Self::MAX).filter(move |d| seen & (1 << d) != 0)
    }

    /// The servers the value can tell apart whose delay is `delay`, one
    /// bit each.
    pub fn group(self, delay: Tick) -> u8 {
        (0..Self::SERVERS)
            .filter(|&id| self.get(id) == delay)
            .fold(0, |group, id| group | 1 << id)
    }

    /// Whether server `id` is in `group`, the servers of `delay`: those
    /// past the ones a value tells apart have no delay.
    pub fn in_group(group: u8, delay: Tick, id: u16) -> bool {
        if id < Self::SERVERS {
            group & (1 << id) != 0
        } else {
            delay == 0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_keep_each_server_s_own_and_list_the_distinct_ones() {
        let mut delays = Delays::default();
        delays.set(0, 2);
        delays.set(3, 5);
        delays.set(3, 1);
        assert_eq!([0, 1, 2, 3].map(|s| delays.get(s)), [2, 0, 0, 1]);
        assert_eq!(delays.distinct(0..4).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(delays.distinct(1..3).collect::<Vec<_>>(), [0]);
        assert_eq!(delays.distinct(0..0).collect::<Vec<_>>(), [0]);
        assert_eq!(delays.group(0), 0b1111_0110);
        assert!(Delays::in_group(delays.group(2), 2, 0));
        assert!(!Delays::in_group(delays.group(2), 2, 9));
        assert!(Delays::in_group(delays.group(0), 0, 9));
        // A lost message is no delay: it arrives at no tick.
        delays.set(1, Delays::LOST);
        assert_eq!((delays.get(1), delays.lost(0..4)), (Delays::LOST, 1));
        assert_eq!(delays.distinct(0..4).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(delays.distinct(1..2).collect::<Vec<_>>(), [0]);
        assert_eq!(delays.group(0) & 0b10, 0);
        // Past the servers a value tells apart, every delay is zero.
        delays.set(Delays::SERVERS, 4);
        assert_eq!(delays.get(Delays::SERVERS), 0);
    }

    #[test]
    fn a_point_with_one_value_is_no_choice() {
        let ranges = Ranges {
            max_arrival: 3,
            max_pause: 0,
            max_delay: 0,
            horizon: 10,
            fault: SearchedFault::None,
            within: 5,
            max_lost: 0,
            pause_at: PauseAt::Anywhere,
            pausing: Pausing::A,
            clients: 2,
            max_a_arrival: 0,
        };
        let mut tape = Tape::exploring(ranges, &[2]);
        assert_eq!(tape.choose(Point::RequestDelay), Some(0));
        assert_eq!(tape.choose(Point::BArrives), Some(2));
        assert_eq!(tape.choose(Point::PauseLen), Some(0));
        assert_eq!(tape.read(), 1);
        assert!(tape.opened().is_empty());
    }

    #[test]
    fn a_pause_falls_after_acquiring_then_while_acquiring_then_after_the_check() {
        let ranges = Ranges {
            max_arrival: 0,
            max_pause: 3,
            max_delay: 0,
            horizon: 10,
            fault: SearchedFault::None,
            within: 5,
            max_lost: 0,
            pause_at: PauseAt::Anywhere,
            pausing: Pausing::A,
            clients: 2,
            max_a_arrival: 0,
        };
        assert_eq!(ranges.options(Point::PauseLen), 4);
        assert_eq!(ranges.options(Point::PauseAnywhere), 7);
        assert_eq!(ranges.options(Point::PauseAnywhereChecked), 10);
        let tape = Tape::exploring(ranges, &[]);
        let pause = |after_acquire, while_acquiring, after_check| Pause {
            after_acquire,
            while_acquiring,
            after_check,
        };
        assert_eq!(tape.pause(0), pause(0, 0, false));
        assert_eq!(tape.pause(3), pause(3, 0, false));
        assert_eq!(tape.pause(4), pause(0, 1, false));
        assert_eq!(tape.pause(6), pause(0, 3, false));
        assert_eq!(tape.pause(7), pause(1, 0, true));
        assert_eq!(tape.pause(9), pause(3, 0, true));
        // Kept to one place, the values skip the others' ranges.
        let at = |pause_at| Ranges { pause_at, ..ranges };
        let only = |pause_at| Tape::exploring(at(pause_at), &[]);
        let acquired = at(PauseAt::Acquired);
        assert_eq!(acquired.options(Point::PauseAnywhereChecked), 7);
        assert_eq!(acquired.options(Point::PauseAnywhere), 4);
        assert_eq!(only(PauseAt::Acquired).pause(3), pause(3, 0, false));
        assert_eq!(only(PauseAt::Acquired).pause(4), pause(1, 0, true));
        let acquiring = at(PauseAt::Acquiring);
        assert_eq!(acquiring.options(Point::PauseAnywhereChecked), 4);
        assert_eq!(acquiring.options(Point::PauseLen), 1);
        assert_eq!(only(PauseAt::Acquiring).pause(0), pause(0, 0, false));
        assert_eq!(only(PauseAt::Acquiring).pause(2), pause(0, 2, false));
    }
}
