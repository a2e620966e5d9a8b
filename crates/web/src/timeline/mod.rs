//! The lease timeline: pure layout in `layout`, SVG in `view`.

pub mod layout;
pub mod view;
