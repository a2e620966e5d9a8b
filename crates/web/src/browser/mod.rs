//! The one room that touches the browser's globals (window, document,
//! location, history, the clipboard): everything else asks through here, so
//! the rest of the crate can be read, and much of it tested, natively.

pub mod clipboard;
pub mod document;
pub mod download;
pub mod events;
pub mod focus;
pub mod frame_height;
pub mod panic_panel;
pub mod print;
pub mod timing;
pub mod upload;
pub mod url;
pub mod worker;
