//! The figures, one room each: layout (pure) -> markup (pure) -> view
//! (-> paint, for the canvas). A figure reads the state and draws what
//! dlock-core computes; it never imports `share` or `study`, which sit
//! above it and place it on the page.

pub mod acquiring;
pub mod argument;
pub mod beyond;
pub mod check;
pub mod heatmap;
pub mod panels;
pub mod real;
pub mod recheck;
pub mod sweeps;
pub mod timeline;
