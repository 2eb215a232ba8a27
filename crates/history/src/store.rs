//! Opening the history: the database file made or found, checked for damage (set aside
//! and reported once), brought to the current schema, set up for sharing between the
//! window and `ply` (WAL journal, a bounded wait for a busy file), and filled from the
//! saves folder the first time.

use crate::damage::{self, Damage};
use crate::saves_import::ImportReport;
use crate::{HistoryError, schema, standard_file};
use ply_save::SaveFolder;
use rusqlite::{Connection, OptionalExtension, params};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a call waits for another program that holds the database before it
/// answers [`HistoryError::Busy`].
pub const BUSY_WAIT: Duration = Duration::from_secs(5);

/// The meta entry saying the saves folder was imported (its value: when).
const SAVES_IMPORTED: &str = "saves-imported-ms";

/// The history of finished games: one SQLite database. Every call is a short
/// transaction, so the window and `ply history` can use the same file at once. A
/// `History` may be moved to another thread (it is `Send`), not shared between threads.
pub struct History {
    pub(crate) connection: Connection,
    file: PathBuf,
    pub(crate) player_names: Vec<String>,
}

/// A history just opened, with what the player should be told once.
pub struct Opened {
    /// The history, ready.
    pub history: History,
    /// The file was damaged: it was set aside and this history starts afresh (filled
    /// from the saves folder, as on a first start).
    pub damage: Option<Damage>,
    /// The finished games of the saves folder imported on this first start (`None`
    /// when they had been imported before).
    pub imported: Option<ImportReport>,
}

/// What [`History::rebuild_from_saves`] did.
#[derive(Debug)]
pub struct Rebuilt {
    /// The file failed SQLite's thorough check: it was set aside and the history
    /// started afresh.
    pub damage: Option<Damage>,
    /// The finished games of the saves folder, imported again (those already there
    /// are counted, not stored twice).
    pub imported: ImportReport,
}

/// What the check of a file found.
enum Checked {
    /// The file serves: here is its connection.
    Sound(Connection),
    /// The file is damaged, for this reason.
    Damaged(String),
}

impl History {
    /// Opens the history in `file` (made when missing), for the player known by
    /// `player_names`, and the first time imports the finished games of `saves`.
    ///
    /// "The player" of a game, whose wins, draws and losses the history counts, is the
    /// side the recording program says it played ([`crate::Circumstances::you`]),
    /// else the one side a person with one of `player_names` played, else the one side
    /// a person played; a game where none of these tells (two people taking turns
    /// under other names) is kept and listed but counted for nobody.
    ///
    /// A file that is not a database or fails SQLite's quick check is set aside and
    /// reported in [`Opened::damage`]; the new history is filled from the saves. A file
    /// another program holds for longer than [`BUSY_WAIT`] gives [`HistoryError::Busy`].
    pub fn open(
        file: &Path,
        saves: &SaveFolder,
        player_names: &[String],
    ) -> Result<Opened, HistoryError> {
        if let Some(folder) = file
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
        {
            fs::create_dir_all(folder).map_err(|e| HistoryError::file(folder, e))?;
        }
        let (connection, damage) = match check(file)? {
            Checked::Sound(connection) => (connection, None),
            Checked::Damaged(detail) => {
                let damage = damage::set_aside(file, detail)?;
                match check(file)? {
                    Checked::Sound(connection) => (connection, Some(damage)),
                    Checked::Damaged(detail) => return Err(HistoryError::Damaged { detail }),
                }
            }
        };
        let mut history = History {
            connection,
            file: file.to_path_buf(),
            player_names: player_names.to_vec(),
        };
        schema::migrate(&mut history.connection)?;
        let imported = if history.meta(SAVES_IMPORTED)?.is_none() {
            let report = history.import_saves(saves)?;
            history.set_meta(SAVES_IMPORTED, &crate::moments::now_ms().to_string())?;
            Some(report)
        } else {
            None
        };
        Ok(Opened {
            history,
            damage,
            imported,
        })
    }

    /// Opens the standard history ([`crate::standard_file`]) with the standard saves
    /// folder (`ply_save::SaveFolder::standard`).
    pub fn open_standard(player_names: &[String]) -> Result<Opened, HistoryError> {
        History::open(&standard_file()?, &SaveFolder::standard()?, player_names)
    }

    /// The database file.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Changes how long calls wait for another program holding the database (tests
    /// and tools; [`BUSY_WAIT`] otherwise).
    pub fn set_busy_wait(&self, wait: Duration) -> Result<(), HistoryError> {
        Ok(self.connection.busy_timeout(wait)?)
    }

    /// Gives SQLite up to `megabytes` of memory for caching pages (2 by default), for
    /// bulk work such as filling a large history.
    pub fn set_cache_megabytes(&self, megabytes: u32) -> Result<(), HistoryError> {
        let kibibytes = i64::from(megabytes) * 1024;
        Ok(self
            .connection
            .pragma_update(None, "cache_size", -kibibytes)?)
    }

    /// Runs SQLite's thorough check; a file that fails it is set aside and the history
    /// starts afresh. Then the finished games of `saves` are imported again (games
    /// already there are not stored twice), which also brings in any game that was
    /// saved while the history could not be written.
    pub fn rebuild_from_saves(&mut self, saves: &SaveFolder) -> Result<Rebuilt, HistoryError> {
        let problem = match damage::check_problem(&self.connection, true) {
            Ok(problem) => problem,
            Err(HistoryError::Damaged { detail }) => Some(detail),
            Err(other) => return Err(other),
        };
        let damage = match problem {
            None => None,
            Some(detail) => {
                // Closes the damaged file before it is renamed.
                drop(std::mem::replace(
                    &mut self.connection,
                    Connection::open_in_memory()?,
                ));
                let damage = damage::set_aside(&self.file, detail)?;
                self.connection = match check(&self.file)? {
                    Checked::Sound(connection) => connection,
                    Checked::Damaged(detail) => return Err(HistoryError::Damaged { detail }),
                };
                schema::migrate(&mut self.connection)?;
                Some(damage)
            }
        };
        let imported = self.import_saves(saves)?;
        self.set_meta(SAVES_IMPORTED, &crate::moments::now_ms().to_string())?;
        Ok(Rebuilt { damage, imported })
    }

    /// A value of the history's own facts.
    fn meta(&self, name: &str) -> Result<Option<String>, HistoryError> {
        Ok(self
            .connection
            .query_row("SELECT value FROM meta WHERE name = ?1", [name], |row| {
                row.get(0)
            })
            .optional()?)
    }

    /// Sets a value of the history's own facts.
    fn set_meta(&self, name: &str, value: &str) -> Result<(), HistoryError> {
        self.connection.execute(
            "INSERT INTO meta (name, value) VALUES (?1, ?2)
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            params![name, value],
        )?;
        Ok(())
    }
}

/// Opens `file` for the history and checks it: its signature, then SQLite's quick
/// check, with the journal and waiting set up for sharing.
fn check(file: &Path) -> Result<Checked, HistoryError> {
    if let Some(detail) = damage::signature_problem(file)? {
        return Ok(Checked::Damaged(detail));
    }
    let set_up = || -> Result<Connection, HistoryError> {
        let connection = Connection::open(file)?;
        connection.busy_timeout(BUSY_WAIT)?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        Ok(connection)
    };
    let checked = set_up().and_then(|connection| {
        Ok(match damage::check_problem(&connection, false)? {
            None => Checked::Sound(connection),
            Some(detail) => Checked::Damaged(detail),
        })
    });
    match checked {
        Err(HistoryError::Damaged { detail }) => Ok(Checked::Damaged(detail)),
        other => other,
    }
}
