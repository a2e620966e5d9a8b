//! Links, embed code, exports and the run import, above the figures: the
//! study page and an embed place these beside a figure; a figure never
//! calls them.

pub mod deck;
pub mod embed;
pub mod export;
pub mod present;
pub mod tools;
