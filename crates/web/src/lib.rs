//! dlock-web: renders what dlock-core computes. No lock logic lives here;
//! components wire signals to core functions and lay out the results.
//!
//! The rooms, from the bottom up (a room imports only rooms above it in
//! this list, never one below; `tests/architecture.rs` checks it):
//! - `settings` — the URL query <-> `Settings`, pure;
//! - `browser` — the only code that touches window, document, location,
//!   history or the clipboard;
//! - `draw` — the pure drawing kit: geometry, escaped markup, the palette;
//! - `state` — the signals and the memos derived from the settings;
//! - `controls` — the parameter inputs and the playback bar;
//! - `figures` — one room per figure: layout -> markup -> view;
//! - `share` — links, embed code, exports and the import, beside a figure;
//! - `study` — the guided page: sections, sentences, contents;
//! - `app` — the shell: the whole study, or one embedded figure.

mod app;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod arbitrary;
pub mod browser;
pub mod controls;
pub mod draw;
pub mod figures;
pub mod settings;
pub mod share;
pub mod state;
pub mod study;

pub use app::App;
