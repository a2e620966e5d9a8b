//! The frame a state's ticks are hashed in: as they are, or counted from
//! now. The explorer's fingerprint (`scenario::symmetry`) hashes every
//! tick through a [`Frame`], so that two states which differ only in when
//! they happen, and whose futures cannot tell the difference, can count
//! as one (`scenario::relative` says when they can).

use crate::types::{Tick, NEVER};

/// How ticks are hashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// Every tick as it is.
    Absolute,
    /// Every tick counted from `now`: `now` itself, the ticks before it
    /// and after it keep their order and their distances, and [`NEVER`]
    /// stays never.
    FromNow(Tick),
}

/// Where `now` lands in a frame counted from it: half-way up the range,
/// so that ticks before it stay below and no tick a run reaches lands on
/// [`NEVER`].
const NOW: Tick = 1 << 31;

impl Frame {
    /// `t` in this frame.
    pub fn tick(self, t: Tick) -> Tick {
        match self {
            Frame::Absolute => t,
            Frame::FromNow(_) if t == NEVER => NEVER,
            Frame::FromNow(now) => t.wrapping_sub(now).wrapping_add(NOW),
        }
    }

    /// A tick that its readers only ever compare with the clock, to ask
    /// whether it is still ahead (a lease's expiry, the end of a silence):
    /// counted from now, any tick that is not ahead reads as now, since
    /// no reader can tell them apart.
    pub fn ahead(self, t: Tick) -> Tick {
        match self {
            Frame::Absolute => t,
            Frame::FromNow(now) => self.tick(t.max(now)),
        }
    }

    /// `t` if this frame keeps what no later event reads (the absolute
    /// one, which hashes a state whole), else a constant: a value that is
    /// over is forgotten when ticks are counted from now.
    pub fn unless_over(self, t: Tick, over: bool) -> Tick {
        match self {
            Frame::FromNow(_) if over => 0,
            _ => self.tick(t),
        }
    }

    pub fn is_relative(self) -> bool {
        matches!(self, Frame::FromNow(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_from_now_ticks_keep_their_order_and_distances() {
        let (early, late) = (Frame::FromNow(10), Frame::FromNow(17));
        for d in 0..10 {
            assert_eq!(early.tick(10 - d), late.tick(17 - d));
            assert_eq!(early.tick(10 + d), late.tick(17 + d));
            assert!(early.tick(10 - d) <= early.tick(10) && early.tick(10) <= early.tick(10 + d));
        }
        assert_eq!(early.tick(NEVER), NEVER);
        assert_ne!(early.tick(9), NEVER, "the tick before now is not never");
        assert_eq!(Frame::Absolute.tick(42), 42);
    }

    #[test]
    fn a_tick_that_is_not_ahead_reads_as_now_only_counted_from_now() {
        let frame = Frame::FromNow(10);
        assert_eq!(frame.ahead(3), frame.ahead(10));
        assert_ne!(frame.ahead(11), frame.ahead(10));
        assert_eq!(frame.ahead(NEVER), NEVER);
        assert_eq!(Frame::Absolute.ahead(3), 3);
        assert_eq!(frame.unless_over(7, true), Frame::FromNow(3).unless_over(1, true));
        assert_eq!(Frame::Absolute.unless_over(7, true), 7);
    }
}
