//! The server a player's own program hosts, kept on disk as a relay keeps itself: its
//! key and its lobbies in one folder, so that a host whose program crashed or closed
//! comes back as the same server. Its guests' pinned key still matches, their seats
//! and the game are still there, and their clients reconnect by themselves.

use super::{RelayStore, ServerConfig, StoreError};
use crate::keys::RelayKey;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

/// The key's file in a kept server's folder.
const KEY_FILE: &str = "key";
/// The lobbies' store in a kept server's folder.
const STORE_FILE: &str = "lobbies.sqlite";

/// Why a server could not be kept in its folder.
#[derive(Debug, Error)]
pub enum KeptServerError {
    /// The folder could not be made.
    #[error("cannot make the folder {path}: {source}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// The key could not be read or written.
    #[error("cannot keep the server's key in {path}: {source}")]
    Key {
        /// The key's file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// The store of lobbies could not be opened.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ServerConfig {
    /// This configuration with the server's key and lobbies kept in `dir` (made,
    /// readable by its owner only, when missing): a server started again with the same
    /// folder proves the same key and has its lobbies back.
    pub fn kept_in(self, dir: &Path) -> Result<ServerConfig, KeptServerError> {
        make_private_folder(dir).map_err(|source| KeptServerError::Folder {
            path: dir.to_path_buf(),
            source,
        })?;
        let key_path = dir.join(KEY_FILE);
        let key = RelayKey::load_or_create(&key_path).map_err(|source| KeptServerError::Key {
            path: key_path,
            source,
        })?;
        let store = RelayStore::open(&dir.join(STORE_FILE))?;
        Ok(ServerConfig {
            key,
            store: Some(Arc::new(store)),
            ..self
        })
    }

    /// The fingerprint of the key kept in `dir`, if a server was kept there.
    pub fn kept_fingerprint(dir: &Path) -> Option<crate::keys::Fingerprint> {
        let text = std::fs::read_to_string(dir.join(KEY_FILE)).ok()?;
        RelayKey::parse(&text).map(|key| key.fingerprint())
    }
}

/// Makes `dir` and its parents, the last readable by its owner only.
fn make_private_folder(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_kept_in_a_folder_proves_the_same_key_when_started_again() {
        let home = tempfile::tempdir().expect("a temporary folder");
        let dir = home.path().join("hosted").join("7373");
        let first = ServerConfig::default().kept_in(&dir).expect("kept");
        assert!(first.store.is_some());
        drop(first.store);
        let again = ServerConfig::default().kept_in(&dir).expect("kept again");
        assert_eq!(first.key.fingerprint(), again.key.fingerprint());
        assert_eq!(
            ServerConfig::kept_fingerprint(&dir),
            Some(again.key.fingerprint())
        );
        assert_eq!(ServerConfig::kept_fingerprint(home.path()), None);
    }

    #[test]
    fn a_damaged_key_is_refused_and_never_replaced() {
        let home = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(home.path().join(KEY_FILE), "not a key").expect("written");
        let refused = ServerConfig::default().kept_in(home.path());
        assert!(matches!(refused, Err(KeptServerError::Key { .. })));
        assert_eq!(
            std::fs::read_to_string(home.path().join(KEY_FILE)).expect("read"),
            "not a key"
        );
    }
}
