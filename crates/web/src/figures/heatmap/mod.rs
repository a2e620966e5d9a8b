pub mod caption;
mod layers;
pub mod layout;
pub mod paint;
mod parts;
pub mod slice;
pub mod view;
