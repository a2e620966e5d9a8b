//! The simulator's choice points: each place where the explorer, rather
//! than the study's parameters, says what happens. The tape answers them
//! (`tape`); a searched fault opens its own (`searched_fault`).

/// A place in the simulator where the explorer chooses a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// When B first asks for the lock: tick 0 to the bound.
    BArrives,
    /// When the explorer's third client, C, first asks: as B.
    CArrives,
    /// When A first asks: tick 0 (the study's) to its own bound.
    AArrives,
    /// How long A is stopped after acquiring: 0 to the bound.
    PauseLen,
    /// Acquiring over a network, A's one pause falls either after it
    /// acquires (0 to the bound, as `PauseLen`) or while its first
    /// acquire's replies travel (1 to the bound): `Tape::pause` reads it.
    PauseAnywhere,
    /// As `PauseAnywhere`, for a client that checks the validity left
    /// before it writes, or else after that check (1 to the bound): A
    /// checks, stops, and writes on the check's answer, by then stale
    /// (the window Kleppmann points to, which no check closes).
    PauseAnywhereChecked,
    /// How many ticks more than the latency a request takes to one
    /// server: asked once per server, so servers can see two clients'
    /// requests in different orders.
    RequestDelay,
    /// How many ticks more than the latency a round's replies take: asked
    /// once per round, for the last reply, the only one whose arrival the
    /// client acts on (the others change nothing while it waits).
    ReplyDelay,
    /// How many ticks more than the latency a release takes to one server:
    /// asked once per server.
    ReleaseDelay,
    /// As `RequestDelay`, while the run may still lose a message: one
    /// value more, past the longest delay, loses the request
    /// ([`super::tape::Delays::LOST`]), and that server never hears it.
    RequestFate,
    /// As `ReleaseDelay`, while the run may still lose a message: the
    /// value past the longest delay loses the release, and the server's
    /// lease runs until it expires.
    ReleaseFate,
    /// Whether one server's grant is lost on its way back, asked for each
    /// server that granted while the run may still lose a message: 1
    /// loses it. The lease lives on at the server (as on a real Redis);
    /// the client does not count the vote.
    ReplyLost,
    /// Whether one server restarts, and when: 0 for never, `k` for tick
    /// `k - 1`, before the horizon.
    RestartAt,
    /// How far one server's clock steps forward: 0 for not at all.
    ClockStep,
    /// How long A reaches only one server before its partition heals.
    Partition,
    /// When it steps: tick 0 to the horizon's last (asked only if it does).
    ClockStepAt,
    /// Whether one server's clock runs at the searched rate: 0 for every
    /// clock keeping true time, 1 for the first server's running off.
    ClockRateOn,
}
