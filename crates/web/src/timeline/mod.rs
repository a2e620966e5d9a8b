//! The lease timeline: pure layout in `layout`, its SVG markup in `markup`,
//! the component (input, cursor, tables) in `view`.

pub mod layout;
pub mod markup;
pub mod view;
