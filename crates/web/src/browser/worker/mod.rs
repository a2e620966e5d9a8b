//! The explorer's Web Worker: the search runs off the page's thread, in a
//! wasm module of its own (`src/bin/check_worker.rs`, which Trunk builds
//! as a worker and `www/check-worker.js` starts), fetched only once the
//! page has asked for a check. `client` is the page's side, `serve` the
//! worker's; they speak `dlock_core::explore::wire`.

pub mod client;
pub mod serve;
