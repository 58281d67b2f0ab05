//! Widgets every game's pages share. None of them knows a game: they draw what the solver reports (units of
//! work, progress), numbers and the page's link.

pub mod embed;
pub mod field;
pub mod fold;
pub mod lanes;
pub mod log_chart;
pub mod memory;
pub mod progress_bar;
pub mod record;
pub mod share;
