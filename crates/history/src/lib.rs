//! The history of finished games: every game played here, on this computer or online,
//! kept in one SQLite database, listed and filtered, counted into statistics, and
//! searched by position ("your games at this position").
//!
//! [`History::open`] opens (or makes) the file, sets a damaged one aside and tells
//! once ([`Damage`]), and the first time imports the finished games of the saves
//! folder. A game is recorded when it ends ([`History::record`]), with what its save
//! does not know ([`Circumstances`]: online or local, the side played from this
//! program). [`History::list`] and [`History::count`] page through the games a
//! [`GameFilter`] lets through; [`History::stats`] counts them; [`History::explore`]
//! answers for a position; [`History::export`], [`History::delete`],
//! [`History::import_records`] (PGN and PDN) and [`History::set_review`] do the rest.
//! docs/history.md describes the database, its schema and its promises.

mod damage;
mod delete;
mod elo;
mod ending;
mod error;
mod explorer;
mod export;
mod filter;
mod identity;
mod listing;
mod location;
mod model;
mod moments;
mod player;
mod position_key;
mod record;
mod records;
mod replay;
mod review;
mod saves_import;
mod schema;
mod stats;
mod store;
mod tally;
mod timeline;

pub use damage::Damage;
pub use elo::Rating;
pub use error::HistoryError;
pub use explorer::{Explored, NextMove};
pub use filter::{Computer, GameFilter, Page};
pub use location::{HISTORY_FILE_NAME, HISTORY_VARIABLE, standard_file};
pub use model::{
    Circumstances, GameId, GameSummary, Origin, PlayerResult, SidePlayer, SideReview, StoredGame,
    Venue,
};
pub use position_key::PositionKey;
pub use record::Recorded;
pub use records::{ImportError, RecordGame, fallback_mode, read_records};
pub use saves_import::ImportReport;
pub use schema::SCHEMA_VERSION;
pub use stats::{Group, LevelResults, Statistics, Streaks, Strength};
pub use store::{BUSY_WAIT, History, Opened, Rebuilt};
pub use tally::Tally;
pub use timeline::{Bar, Span, Timeline};
