//! The lease timeline: pure layout in `layout` (the marks of each lane in
//! `lanes`, a real run's in `recorded`), its SVG markup in `markup`, what a drag changes in `drag`, the
//! component (input, cursor, tables) in `view`.

mod acquiring;
mod client_a;
pub mod drag;
mod lanes;
pub mod layout;
pub mod marks;
pub mod markup;
pub mod playable;
pub mod predict;
mod recorded;
pub mod reveal;
pub mod view;
