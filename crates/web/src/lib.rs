//! dlock-web: renders what dlock-core computes. No lock logic lives here;
//! components wire values to core functions and lay them out.

mod app;
pub mod geometry;
pub mod settings;
pub mod timeline;

pub use app::App;
