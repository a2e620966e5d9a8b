//! dlock-web: renders what dlock-core computes. No lock logic lives here;
//! components wire signals to core functions and lay out the results.
//! Geometry, URL handling and the study's sentences are plain functions
//! with native tests.

mod app;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod arbitrary;
pub mod beyond;
pub mod controls;
pub mod embed;
pub mod export;
pub mod focus;
pub mod geometry;
pub mod heatmap;
pub mod panel_markup;
pub mod panels;
pub mod panic_panel;
pub mod playback;
pub mod settings;
pub mod state;
pub mod study;
pub mod study_page;
pub mod sweep_markup;
pub mod sweeps;
pub mod timeline;
pub mod toc;
pub mod tools;
pub mod url;
pub mod variants;

pub use app::App;
