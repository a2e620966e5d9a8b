//! The guided study: its sections (`sections`), in order on the page
//! (`page`), the sentences with
//! numbers in them (`sentences`, pure), and the table of contents (`toc`).

pub mod debate;
pub mod every;
pub mod model_line;
pub mod opening;
pub mod page;
pub mod real;
pub mod sections;
pub mod sentences;
pub mod toc;
