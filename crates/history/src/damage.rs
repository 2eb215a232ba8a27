//! Damage never costs a game: a file that is not a database, or whose pages fail
//! SQLite's check, is set aside under a new name (kept for the curious, never deleted)
//! and reported once, and a fresh history takes its place, to be filled again from the
//! saves.

use crate::HistoryError;
use rusqlite::Connection;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// What the player is told once when the history was found damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Where the damaged file now is.
    pub set_aside: PathBuf,
    /// What was wrong, in SQLite's words or ours.
    pub detail: String,
}

/// The first bytes of every SQLite database file.
const SQLITE_SIGNATURE: &[u8; 16] = b"SQLite format 3\0";

/// Why a file cannot serve as the history, or `None` when it can (or does not exist
/// yet): a file of any length that does not start with SQLite's signature is no
/// database.
pub(crate) fn signature_problem(file: &Path) -> Result<Option<String>, HistoryError> {
    let mut opened = match fs::File::open(file) {
        Ok(opened) => opened,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(HistoryError::file(file, e)),
    };
    let mut start = Vec::with_capacity(SQLITE_SIGNATURE.len());
    opened
        .by_ref()
        .take(SQLITE_SIGNATURE.len() as u64)
        .read_to_end(&mut start)
        .map_err(|e| HistoryError::file(file, e))?;
    Ok((!start.is_empty() && start != SQLITE_SIGNATURE)
        .then(|| "the file is not an SQLite database".to_string()))
}

/// Runs SQLite's check (`quick_check` when opening, the thorough `integrity_check` on
/// request) and returns what it found wrong, or `None` when all is well.
pub(crate) fn check_problem(
    connection: &Connection,
    thorough: bool,
) -> Result<Option<String>, HistoryError> {
    let pragma = if thorough {
        "PRAGMA integrity_check"
    } else {
        "PRAGMA quick_check"
    };
    let mut statement = connection.prepare(pragma)?;
    let findings: Vec<String> = statement
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok((findings != ["ok"]).then(|| findings.join("; ")))
}

/// Moves `file` (and SQLite's `-wal` and `-shm` files beside it) aside to
/// `FILE.damaged-SECONDS`, so that a new history can be made in its place.
pub(crate) fn set_aside(file: &Path, detail: String) -> Result<Damage, HistoryError> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let named = |suffix: &str, number: u32| {
        let mut name = file.as_os_str().to_owned();
        name.push(format!(".damaged-{seconds}"));
        if number > 0 {
            name.push(format!("-{number}"));
        }
        name.push(suffix);
        PathBuf::from(name)
    };
    let number = (0..)
        .find(|&number| !named("", number).exists())
        .unwrap_or_default();
    for suffix in ["", "-wal", "-shm"] {
        let mut from = file.as_os_str().to_owned();
        from.push(suffix);
        match fs::rename(&from, named(suffix, number)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                return Err(HistoryError::file(PathBuf::from(from), e));
            }
            _ => {}
        }
    }
    Ok(Damage {
        set_aside: named("", number),
        detail,
    })
}
