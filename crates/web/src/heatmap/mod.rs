pub mod layout;
pub mod paint;
pub mod view;
