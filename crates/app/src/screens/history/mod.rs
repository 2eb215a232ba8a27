//! The History screen and its Statistics screen: every finished game kept in the
//! history, listed newest first under the player's filters, opened again, exported or
//! deleted, and counted into figures and charts.

mod charts;
mod filters;
mod layout;
mod list;
mod rows;
mod stats;

pub use filters::{Filters, Which};
pub use list::HistoryScreen;
pub use stats::{BEYOND_MEASURE, NO_RATINGS, StatsScreen};
