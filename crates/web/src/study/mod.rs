//! The guided study: its sections in order (`page`), the sentences with
//! numbers in them (`sentences`, pure), and the table of contents (`toc`).

pub mod page;
pub mod sentences;
pub mod toc;
