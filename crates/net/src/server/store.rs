//! The relay's lobbies on disk (`ply relay --store`), so that a relay killed or
//! restarted loses no game: one SQLite row per lobby holding what the lobby keeps across
//! a restart ([`super::lobby::LobbyRecord`]), written in WAL mode with full syncs and
//! committed before the change it records reaches anyone. Nothing secret is written:
//! seats are kept by their tokens' hashes, and passwords never reach the relay.

use rusqlite::{Connection, params};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use thiserror::Error;

/// The layout this build writes; a store of another layout is refused, never
/// rewritten.
const LAYOUT: i64 = 1;

/// Why the store could not be opened or written.
#[derive(Debug, Error)]
#[error("the relay's store {path}: {source}")]
pub struct StoreError {
    /// The store's file.
    pub path: PathBuf,
    /// What SQLite said.
    #[source]
    pub source: rusqlite::Error,
}

/// The relay's lobbies on disk, shared by every lobby of one server.
pub struct RelayStore {
    path: PathBuf,
    db: Mutex<Connection>,
}

impl std::fmt::Debug for RelayStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RelayStore({})", self.path.display())
    }
}

impl RelayStore {
    /// Opens the store at `path`, making it (readable by its owner only) when missing.
    pub fn open(path: &Path) -> Result<RelayStore, StoreError> {
        let failed = |source| StoreError {
            path: path.to_path_buf(),
            source,
        };
        let db = Connection::open(path).map_err(failed)?;
        restrict_to_owner(path);
        db.pragma_update(None, "journal_mode", "WAL")
            .map_err(failed)?;
        // A commit reaches the disk before the move it records is told to anyone.
        db.pragma_update(None, "synchronous", "FULL")
            .map_err(failed)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(failed)?;
        let layout: i64 = db
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(failed)?;
        if layout == 0 {
            db.execute_batch(
                "CREATE TABLE IF NOT EXISTS lobbies (
                     code TEXT PRIMARY KEY,
                     record BLOB NOT NULL,
                     saved_at INTEGER NOT NULL
                 );",
            )
            .map_err(failed)?;
            db.pragma_update(None, "user_version", LAYOUT)
                .map_err(failed)?;
        } else if layout != LAYOUT {
            return Err(failed(rusqlite::Error::InvalidParameterName(format!(
                "layout {layout}, this relay reads layout {LAYOUT}"
            ))));
        }
        Ok(RelayStore {
            path: path.to_path_buf(),
            db: Mutex::new(db),
        })
    }

    /// Where the store is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the record of the lobby `code`, replacing the one before.
    pub(crate) fn save(&self, code: &str, record: &[u8]) -> Result<(), StoreError> {
        let saved_at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        self.run(|db| {
            db.execute(
                "INSERT INTO lobbies (code, record, saved_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT(code) DO UPDATE SET record = ?2, saved_at = ?3",
                params![code, record, i64::try_from(saved_at).unwrap_or(i64::MAX)],
            )
            .map(|_| ())
        })
    }

    /// Forgets the lobby `code` (it closed).
    pub(crate) fn remove(&self, code: &str) -> Result<(), StoreError> {
        self.run(|db| {
            db.execute("DELETE FROM lobbies WHERE code = ?1", params![code])
                .map(|_| ())
        })
    }

    /// Every lobby kept, by code, as its record's bytes.
    pub(crate) fn lobbies(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.run(|db| {
            let mut rows = db.prepare("SELECT code, record FROM lobbies ORDER BY code")?;
            let found = rows.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
            found.collect()
        })
    }

    fn run<T>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let db = super::lock(&self.db);
        work(&db).map_err(|source| StoreError {
            path: self.path.clone(),
            source,
        })
    }
}

/// Closes the store's file to everyone but its owner: its rows name players and games.
fn restrict_to_owner(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = path;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_outlive_the_store_that_wrote_them_and_a_removed_one_is_gone() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("relay.db");
        {
            let store = RelayStore::open(&path).expect("made");
            store.save("AAAAAA", b"one").expect("saved");
            store.save("BBBBBB", b"two").expect("saved");
            store.save("AAAAAA", b"three").expect("replaced");
            store.remove("BBBBBB").expect("removed");
        }
        let store = RelayStore::open(&path).expect("opened again");
        assert_eq!(
            store.lobbies().expect("read"),
            vec![("AAAAAA".to_string(), b"three".to_vec())]
        );
    }

    #[test]
    fn a_store_of_another_layout_is_refused_untouched() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("relay.db");
        Connection::open(&path)
            .and_then(|db| db.pragma_update(None, "user_version", 99))
            .expect("a foreign file");
        let refused = RelayStore::open(&path).expect_err("refused");
        assert!(refused.to_string().contains("layout 99"), "{refused}");
    }
}
