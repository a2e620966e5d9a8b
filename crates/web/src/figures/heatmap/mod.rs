pub mod caption;
mod layers;
pub mod layout;
pub mod paint;
mod parts;
pub use parts::HeatmapControls;
mod picker;
pub mod slice;
pub mod view;
