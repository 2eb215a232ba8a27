//! The seats this computer holds in lobbies, kept on disk so that a player whose
//! program crashed or restarted can take their seat back: for each server address and
//! player name, the lobby's code and the one-use token of the last entry.

use crate::protocol::{Entered, Token};
use serde::{Deserialize, Serialize};
use std::io;
use std::path::{Path, PathBuf};

/// The environment variable that names the folder of stored seats (for tests and
/// portable installs); otherwise it is `rejoin` in the system's data folder.
pub const REJOIN_DIR_VARIABLE: &str = "PLYGROUND_REJOIN_DIR";

/// What it takes to come back to a lobby: where, as whom, and the seat's token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// The server's address, with its port.
    pub address: String,
    /// The player's name in the lobby.
    pub name: String,
    /// The lobby's code.
    pub code: String,
    /// The token handed out on the last entry.
    pub token: Token,
    /// Whether the player hosts the lobby.
    pub host: bool,
}

/// One stored seat as its file holds it.
#[derive(Debug, Serialize, Deserialize)]
struct SeatFile {
    address: String,
    name: String,
    code: String,
    token: String,
    host: bool,
}

/// The folder of stored seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejoinStore {
    dir: PathBuf,
}

impl RejoinStore {
    /// The folder named by [`REJOIN_DIR_VARIABLE`], or else `rejoin` in the system's
    /// data folder for Plyground; `None` when the system names no data folder.
    pub fn standard() -> Option<RejoinStore> {
        if let Some(dir) = std::env::var_os(REJOIN_DIR_VARIABLE).filter(|dir| !dir.is_empty()) {
            return Some(RejoinStore::at(dir));
        }
        directories::ProjectDirs::from("", "", "Plyground")
            .map(|dirs| RejoinStore::at(dirs.data_dir().join("rejoin")))
    }

    /// The store in `dir` (created when the first seat is kept).
    pub fn at(dir: impl Into<PathBuf>) -> RejoinStore {
        RejoinStore { dir: dir.into() }
    }

    /// Where the store is.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The seat kept for `name` at `address`, if any; with `code`, only a seat in that
    /// lobby. A damaged or foreign file counts as no seat.
    pub fn recall(&self, address: &str, name: &str, code: Option<&str>) -> Option<StoredSeat> {
        let text = std::fs::read_to_string(self.file_of(address, name)).ok()?;
        let file: SeatFile = toml::from_str(&text).ok()?;
        let matches = file.address == address
            && file.name.to_lowercase() == name.to_lowercase()
            && code.is_none_or(|code| code.eq_ignore_ascii_case(&file.code));
        let token = file.token.parse().ok()?;
        matches.then_some(StoredSeat {
            address: file.address,
            name: file.name,
            code: file.code,
            token,
            host: file.host,
        })
    }

    /// Keeps the seat `entered` gave at `address`, replacing the one kept before (its
    /// token no longer works). The file is replaced whole, and it and its folder are
    /// readable by their owner only, since its token opens the seat.
    pub fn remember(&self, address: &str, entered: &Entered) -> io::Result<()> {
        let file = SeatFile {
            address: address.to_string(),
            name: entered.name.clone(),
            code: entered.code.clone(),
            token: entered.token.to_string(),
            host: entered.host,
        };
        let text = toml::to_string(&file).map_err(io::Error::other)?;
        create_private_dir(&self.dir)?;
        let path = self.file_of(address, &entered.name);
        let temporary = path.with_extension("toml.new");
        write_private(&temporary, text.as_bytes())?;
        std::fs::rename(&temporary, &path)
    }

    /// Forgets the seat kept for `name` at `address` (the player left for good).
    pub fn forget(&self, address: &str, name: &str) -> io::Result<()> {
        match std::fs::remove_file(self.file_of(address, name)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// The file for `name` at `address`: both in a form every file system takes, and a
    /// digest of the exact pair so that names differing only in letters outside ASCII
    /// get files of their own.
    fn file_of(&self, address: &str, name: &str) -> PathBuf {
        use sha2::Digest;
        let name = name.to_lowercase();
        let safe = |text: &str| -> String {
            text.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '.' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        let digest = sha2::Sha256::digest(format!("{address}\n{name}").as_bytes());
        let tag: String = digest[..4]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        self.dir
            .join(format!("{}-{}-{tag}.toml", safe(address), safe(&name)))
    }
}

/// Makes `dir` (and any folder missing above it) for its owner's eyes only; an existing
/// `dir` that others could look into is closed to them.
fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir)?.permissions().mode();
        if mode & 0o077 != 0 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode & 0o700))?;
        }
    }
    Ok(())
}

/// Writes `bytes` to a new file at `path` that only its owner may read.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{GameSetup, LobbyView};

    fn entered(name: &str, code: &str, token: u8) -> Entered {
        Entered {
            code: code.to_string(),
            name: name.to_string(),
            token: Token([token; 16]),
            host: false,
            lobby: LobbyView {
                code: code.to_string(),
                setup: GameSetup::new("chess"),
                players: Vec::new(),
                sides: [crate::Occupant::Open, crate::Occupant::Open],
                in_game: false,
                max_players: 4,
                claim_after_ms: 0,
                host_wait_ms: 0,
                rematch: Vec::new(),
                stand_ins: Vec::new(),
            },
            game: None,
        }
    }

    #[test]
    fn a_kept_seat_is_recalled_by_address_and_name_and_replaced_by_the_next_entry() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path().join("rejoin"));
        let address = "192.168.1.20:7373";
        assert_eq!(store.recall(address, "Zoé Ann", None), None);
        store
            .remember(address, &entered("Zoé Ann", "K7P2QX", 1))
            .expect("kept");
        store
            .remember(address, &entered("Zoé Ann", "K7P2QX", 2))
            .expect("kept");
        let seat = store.recall(address, "zoé ann", None).expect("recalled");
        assert_eq!(seat.token, Token([2; 16]));
        assert_eq!(seat.code, "K7P2QX");
        assert!(store.recall(address, "Zoé Ann", Some("k7p2qx")).is_some());
        assert_eq!(store.recall(address, "Zoé Ann", Some("OTHER1")), None);
        assert_eq!(store.recall("192.168.1.21:7373", "Zoé Ann", None), None);
        store.forget(address, "Zoé Ann").expect("forgotten");
        assert_eq!(store.recall(address, "Zoé Ann", None), None);
        store
            .forget(address, "Zoé Ann")
            .expect("forgetting twice is fine");
    }

    #[test]
    fn a_damaged_file_is_no_seat() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path());
        let address = "relay.example:7373";
        store
            .remember(address, &entered("Bobby", "AAAAAA", 3))
            .expect("kept");
        let file = store.file_of(address, "Bobby");
        std::fs::write(&file, "token = 'not a token'").expect("written");
        assert_eq!(store.recall(address, "Bobby", None), None);
    }

    #[cfg(unix)]
    #[test]
    fn only_the_owner_may_read_a_kept_seat_or_list_its_folder() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path| {
            std::fs::metadata(path)
                .expect("the path")
                .permissions()
                .mode()
        };
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path().join("data").join("rejoin"));
        store
            .remember("h:1", &entered("Bobby", "AAAAAA", 3))
            .expect("kept");
        assert_eq!(mode(&store.file_of("h:1", "Bobby")) & 0o077, 0);
        assert_eq!(mode(store.path()) & 0o777, 0o700);
        // A folder an older version left open to others is closed on the next seat.
        std::fs::set_permissions(store.path(), std::fs::Permissions::from_mode(0o755))
            .expect("opened");
        store
            .remember("h:1", &entered("Bobby", "AAAAAA", 4))
            .expect("kept");
        assert_eq!(mode(store.path()) & 0o777, 0o700);
    }
}
