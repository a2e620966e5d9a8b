//! dlock-web: renders what dlock-core computes. No lock logic lives here;
//! components wire signals to core functions and lay out the results.
//! Geometry and URL handling are plain functions with native tests.

mod app;
pub mod controls;
pub mod geometry;
pub mod heatmap;
pub mod panels;
pub mod playback;
pub mod settings;
pub mod state;
pub mod timeline;
pub mod url;

pub use app::App;
