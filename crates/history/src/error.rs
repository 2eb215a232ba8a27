//! Everything that can stop the history from answering, each in words a player
//! understands, so the window can show the message as it is.

use crate::records::ImportError;
use ply_save::{ExportError, SaveError};
use rusqlite::ErrorCode;
use std::path::PathBuf;
use thiserror::Error;

/// Why the history could not be opened, read or written.
#[derive(Debug, Error)]
pub enum HistoryError {
    /// Another program (the window, or `ply history`) held the database longer than
    /// the history waits. Nothing was changed; trying again later works.
    #[error(
        "the history of games is busy in another Plyground program; nothing was changed, try again in a moment"
    )]
    Busy,
    /// The file was written by a newer version of Plyground.
    #[error(
        "the history of games was made by a newer version of Plyground (schema {found}; this version knows up to {supported}); update the game to open it"
    )]
    NewerSchema {
        /// The schema version written in the file.
        found: u32,
        /// The newest schema version this build knows.
        supported: u32,
    },
    /// The operating system gave no data folder, and the variable was not set.
    #[error("no folder for the history of games was found; set {variable} to a file to use")]
    NoDataFolder {
        /// The environment variable that names the file.
        variable: &'static str,
    },
    /// A file or folder could not be read, written or renamed.
    #[error("cannot use {}: {source}", path.display())]
    File {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// SQLite refused something else (a full disk, a read-only file, a bug).
    #[error("the history of games could not be used: {detail}")]
    Database {
        /// SQLite's own words.
        detail: String,
    },
    /// The file turned out to be damaged after it was opened (its damage is found and
    /// set aside when it is opened; see [`crate::Damage`]).
    #[error("the history of games is damaged ({detail}); rebuild it from the saves")]
    Damaged {
        /// SQLite's own words.
        detail: String,
    },
    /// The game is not over, and the history keeps finished games only.
    #[error("the game is not over yet; the history keeps finished games only")]
    Unfinished,
    /// No game has this number.
    #[error("there is no game number {id} in the history")]
    NoSuchGame {
        /// The number asked for.
        id: i64,
    },
    /// A stored game could not be played again through the rules (made under rules
    /// this version no longer accepts, or edited by hand).
    #[error("game number {id} cannot be replayed: {detail}")]
    Unplayable {
        /// The game's number.
        id: i64,
        /// Why.
        detail: String,
    },
    /// A game could not be written as a record.
    #[error("game number {id} cannot be exported: {source}")]
    Export {
        /// The game's number.
        id: i64,
        /// Why.
        #[source]
        source: ExportError,
    },
    /// The saves folder could not be listed.
    #[error(transparent)]
    Saves(#[from] SaveError),
    /// A PGN or PDN file could not be read.
    #[error(transparent)]
    Import(#[from] ImportError),
}

impl From<rusqlite::Error> for HistoryError {
    fn from(error: rusqlite::Error) -> HistoryError {
        match error.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => HistoryError::Busy,
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => HistoryError::Damaged {
                detail: error.to_string(),
            },
            _ => HistoryError::Database {
                detail: error.to_string(),
            },
        }
    }
}

impl HistoryError {
    /// The failure to use `path`.
    pub(crate) fn file(path: impl Into<PathBuf>, source: std::io::Error) -> HistoryError {
        HistoryError::File {
            path: path.into(),
            source,
        }
    }
}
