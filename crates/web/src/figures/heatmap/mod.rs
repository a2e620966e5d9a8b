pub mod caption;
pub mod layout;
pub mod paint;
pub mod slice;
pub mod view;
