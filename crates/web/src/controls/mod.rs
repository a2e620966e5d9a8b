//! What the reader moves: the parameter inputs (`inputs`) and the
//! playback bar with its cursor (`playback`). Both write the settings,
//! which the URL mirrors; neither draws a figure.

pub mod inputs;
pub mod playback;
