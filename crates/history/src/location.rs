//! Where the history lives: one file in Plyground's data folder, beside the saves
//! folder, unless `PLYGROUND_HISTORY` names another file (portable installs, tests and
//! tools), found the way `ply_save::SaveFolder::standard` finds the saves.

use crate::HistoryError;
use directories::ProjectDirs;
use std::path::PathBuf;

/// Environment variable naming the history's database file.
pub const HISTORY_VARIABLE: &str = "PLYGROUND_HISTORY";

/// The database's file name in the data folder.
pub const HISTORY_FILE_NAME: &str = "history.sqlite3";

/// The file named by `PLYGROUND_HISTORY`, or else `history.sqlite3` in the operating
/// system's data folder for Plyground (`~/.local/share/plyground/history.sqlite3` on
/// Linux).
pub fn standard_file() -> Result<PathBuf, HistoryError> {
    if let Some(file) = std::env::var_os(HISTORY_VARIABLE).filter(|file| !file.is_empty()) {
        return Ok(PathBuf::from(file));
    }
    ProjectDirs::from("", "", "Plyground")
        .map(|dirs| dirs.data_dir().join(HISTORY_FILE_NAME))
        .ok_or(HistoryError::NoDataFolder {
            variable: HISTORY_VARIABLE,
        })
}
