//! The guided study: its sections (`sections`, a module each with its
//! words and their tests), in order on the page (`page`), the
//! check-yourself questions (`quiz`), the page's opening (`opening`) and
//! the table of contents (`toc`), and the order the sections are built in
//! once the page is live (`lazy`).

pub mod lazy;
pub mod opening;
pub mod page;
pub mod quiz;
pub mod sections;
pub mod toc;
