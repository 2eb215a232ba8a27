//! Everything that can stop a save from being read or written, each in words a player
//! understands, so a screen can show the message as it is.

use ply_modes::ReplayError;
use std::path::PathBuf;
use thiserror::Error;

/// Why a save could not be loaded, listed, written or deleted.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The bytes do not start with the save file signature.
    #[error("this is not a Plyground save file")]
    NotASave,
    /// The file uses a save format newer than this version of the game reads.
    #[error(
        "this save was made by a newer version of Plyground (save format {found}; this version reads formats up to {supported}); update the game to open it"
    )]
    NewerFormat {
        /// The format version written in the file.
        found: u16,
        /// The newest format version this build reads.
        supported: u16,
    },
    /// The game was saved under newer rules of its mode than this version knows.
    #[error(
        "this save was made by a newer version of Plyground ({mode} rules version {found}; this version knows up to {supported}); update the game to open it"
    )]
    NewerRules {
        /// The mode identifier.
        mode: String,
        /// The rules version written in the file.
        found: u32,
        /// The mode's rules version in this build.
        supported: u32,
    },
    /// The file is cut short, fails its checksum, or holds data that does not fit together.
    #[error("this save is damaged and cannot be opened ({detail})")]
    Damaged {
        /// What exactly is wrong, for the curious and for bug reports.
        detail: String,
    },
    /// The save is of a game mode this version does not have.
    #[error("this save is of a game mode this version of Plyground does not know ('{mode}')")]
    UnknownMode {
        /// The mode identifier found in the file.
        mode: String,
    },
    /// The rules refused the game the save records: its start position, or one of its
    /// moves (the error says which, by number and text).
    #[error("this save cannot be replayed: {0}")]
    Replay(#[from] ReplayError),
    /// The operating system refused to read, write or delete the file.
    #[error("the save file {} could not be used: {source}", path.display())]
    Unreadable {
        /// The file concerned.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The game does not fit in a save (only possible for absurdly long titles or games).
    #[error("this game cannot be saved: {reason}")]
    TooLarge {
        /// What is too large.
        reason: String,
    },
    /// The game could not be written as a game record.
    #[error("this game cannot be written as a record: {0}")]
    Export(#[from] crate::ExportError),
    /// No folder for saves could be found on this computer.
    #[error(
        "no folder for saves could be found on this computer; set {variable} to the folder to use"
    )]
    NoSaveFolder {
        /// The environment variable that names the folder.
        variable: &'static str,
    },
    /// A save name that cannot be a file in the save folder.
    #[error(
        "'{name}' cannot be used as a save name (use letters, digits, '-' and '_', at most 80)"
    )]
    BadName {
        /// The name that was refused.
        name: String,
    },
}

impl SaveError {
    /// A damaged-file error with this detail.
    pub(crate) fn damaged(detail: impl Into<String>) -> Self {
        SaveError::Damaged {
            detail: detail.into(),
        }
    }

    /// An I/O failure on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SaveError::Unreadable {
            path: path.into(),
            source,
        }
    }
}
