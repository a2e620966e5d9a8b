//! The pure drawing kit every figure shares: scales and label placement
//! (`geometry`), escaped SVG and HTML text (`markup`), the outcome
//! colours (`palette`), and a projected figure's enlargement
//! (`projection`). Plain Rust with native tests; no signals, no DOM.

pub mod geometry;
pub mod markup;
pub mod palette;
pub mod projection;
