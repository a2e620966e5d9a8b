//! What the `dlock` binary shares with its tests: the explorer's
//! transition system wrapped for stateright (`oracle`), which the native
//! tests compare with dlock-core's own explorer and `dlock check --engine
//! stateright` runs on several threads. stateright is native only: the
//! page never links it.

pub mod oracle;
