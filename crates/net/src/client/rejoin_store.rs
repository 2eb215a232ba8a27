//! The seats this computer holds in lobbies, kept on disk so that a player whose
//! program crashed or restarted can take their seat back. A seat belongs to a game, not
//! to the text typed to reach it: each is kept under the lobby's identity (the relay's
//! key fingerprint and the lobby's code) with the player's name, the one-use token of the
//! last entry, the address it was reached at, and what the player needs to pick it from
//! a list (the mode, the opponent, when). It is found again from any spelling of the
//! address (`127.0.0.1:7373`, `localhost:7373`, an invite code) or, once connected, from
//! the key the relay proved.

use crate::invite::InviteSecret;
use crate::keys::{FINGERPRINT_LEN, Fingerprint};
use crate::protocol::{Entered, LobbyView, Occupant, Token};
use ply_core::Player;
use serde::{Deserialize, Serialize};
use std::io;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The environment variable that names the folder of stored seats (for tests and
/// portable installs); otherwise it is `rejoin` in the system's data folder.
pub const REJOIN_DIR_VARIABLE: &str = "PLYGROUND_REJOIN_DIR";

/// What it takes to come back to a lobby: where, as whom, the seat's token, and what
/// the game is, to list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// The server's address, with its port, as last reached.
    pub address: String,
    /// The fingerprint of the key the server proved (`None` for seats kept by older
    /// versions).
    pub relay: Option<Fingerprint>,
    /// The player's name in the lobby.
    pub name: String,
    /// The lobby's code.
    pub code: String,
    /// The token handed out on the last entry.
    pub token: Token,
    /// Whether the player hosts the lobby.
    pub host: bool,
    /// The mode of the lobby's game.
    pub mode: String,
    /// Who plays against this player, when a game is known and the player holds a side
    /// (a name, or "Computer").
    pub opponent: Option<String>,
    /// When the seat was last kept (entered, or the game seen to change).
    pub kept_at: SystemTime,
    /// For a seat that hosts its lobby, what the host answers joiners with, so that
    /// after a crash it lets them in as before.
    pub hosting: Option<HostingSecrets>,
}

/// What a host answers players who join with: the lobby's password and its invite
/// secret. Kept with the host's seat (in a file only its owner may read, as the seat's
/// token is), since the relay never has them and nobody could join without them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostingSecrets {
    /// The lobby's password (empty: none).
    pub password: String,
    /// The secret invite codes carry, if the lobby has a password.
    pub invite: Option<InviteSecret>,
}

/// One stored seat as its file holds it.
#[derive(Debug, Serialize, Deserialize)]
struct SeatFile {
    address: String,
    name: String,
    code: String,
    token: String,
    host: bool,
    #[serde(default)]
    relay: Option<String>,
    #[serde(default)]
    mode: String,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    kept_at: u64,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    invite: Option<String>,
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

    /// The folder where this computer keeps the server it hosts on `port` (its key and
    /// lobbies, [`crate::ServerConfig::kept_in`]), beside the seats it holds there.
    pub fn hosted_server(&self, port: u16) -> PathBuf {
        self.dir.join("hosted").join(port.to_string())
    }

    /// Every game this player can go back to, the most recently kept first: for the
    /// window's "Return to your game" (each seat says where, as whom, the mode, the
    /// opponent and when). A damaged or foreign file is left out.
    pub fn games(&self) -> Vec<StoredSeat> {
        let mut seats: Vec<StoredSeat> = std::fs::read_dir(&self.dir)
            .map(|entries| {
                entries
                    .filter_map(|entry| read_seat(&entry.ok()?.path()))
                    .collect()
            })
            .unwrap_or_default();
        seats.sort_by_key(|seat| std::cmp::Reverse(seat.kept_at));
        seats
    }

    /// The seat kept for `name` at `address`, however that address is spelt (any name
    /// or address that leads to the same place, or the invite code's address); with
    /// `code`, only a seat in that lobby. The most recent when several match.
    pub fn recall(&self, address: &str, name: &str, code: Option<&str>) -> Option<StoredSeat> {
        let place = Place::of(address);
        self.games().into_iter().find(|seat| {
            same_name(&seat.name, name)
                && code.is_none_or(|code| code.eq_ignore_ascii_case(&seat.code))
                && place.is(&seat.address)
        })
    }

    /// The seat kept for `name` on the relay whose key has the fingerprint `relay`,
    /// whatever address reached it: with `code`, only in that lobby; with `host_only`,
    /// only a seat that hosts its lobby. The most recent when several match.
    pub fn recall_at(
        &self,
        relay: Fingerprint,
        name: &str,
        code: Option<&str>,
        host_only: bool,
    ) -> Option<StoredSeat> {
        self.games().into_iter().find(|seat| {
            seat.relay == Some(relay)
                && same_name(&seat.name, name)
                && code.is_none_or(|code| code.eq_ignore_ascii_case(&seat.code))
                && (seat.host || !host_only)
        })
    }

    /// Keeps the seat `entered` gave at `address` on the relay with the key `relay`,
    /// replacing the one kept before for that lobby and name (its token no longer
    /// works); a seat in any other lobby is never touched. A host's seat keeps
    /// `hosting` (or, when `None`, what was kept for it before). The file is replaced
    /// whole, and it and its folder are readable by their owner only, since its token
    /// opens the seat.
    pub fn remember(
        &self,
        address: &str,
        relay: Option<Fingerprint>,
        entered: &Entered,
        hosting: Option<&HostingSecrets>,
    ) -> io::Result<()> {
        let opponent = match &entered.game {
            Some(game) => opponent_of(&entered.name, &game.sides),
            None => opponent_of(&entered.name, &entered.lobby.sides),
        };
        let mut seat = StoredSeat {
            address: address.to_string(),
            relay,
            name: entered.name.clone(),
            code: entered.code.clone(),
            token: entered.token,
            host: entered.host,
            mode: entered.lobby.setup.mode.clone(),
            opponent,
            kept_at: SystemTime::now(),
            hosting: None,
        };
        if entered.host {
            seat.hosting = match hosting {
                Some(secrets) => Some(secrets.clone()),
                None => read_seat(&self.file_of(&seat)).and_then(|kept| kept.hosting),
            };
        }
        self.keep(&seat)
    }

    /// Notes what the lobby of `seat` plays now (its mode and this player's opponent),
    /// so that the list of games says it; written only when it changed.
    pub fn note_lobby(&self, seat: &StoredSeat, lobby: &LobbyView) -> io::Result<()> {
        let opponent = opponent_of(&seat.name, &lobby.sides).or(seat.opponent.clone());
        if opponent == seat.opponent && lobby.setup.mode == seat.mode {
            return Ok(());
        }
        self.keep(&StoredSeat {
            mode: lobby.setup.mode.clone(),
            opponent,
            kept_at: SystemTime::now(),
            ..seat.clone()
        })
    }

    /// Keeps `seat`, replacing the one kept for the same lobby and name.
    fn keep(&self, seat: &StoredSeat) -> io::Result<()> {
        let file = SeatFile {
            address: seat.address.clone(),
            name: seat.name.clone(),
            code: seat.code.clone(),
            token: seat.token.to_string(),
            host: seat.host,
            relay: seat.relay.map(|relay| relay.to_string()),
            mode: seat.mode.clone(),
            opponent: seat.opponent.clone(),
            kept_at: seat
                .kept_at
                .duration_since(SystemTime::UNIX_EPOCH)
                .map_or(0, |since| since.as_secs()),
            password: seat
                .hosting
                .as_ref()
                .map(|secrets| secrets.password.clone()),
            invite: seat
                .hosting
                .as_ref()
                .and_then(|secrets| secrets.invite)
                .map(|invite| invite.exchange_text()),
        };
        let text = toml::to_string(&file).map_err(io::Error::other)?;
        create_private_dir(&self.dir)?;
        let path = self.file_of(seat);
        let temporary = path.with_extension("toml.new");
        write_private(&temporary, text.as_bytes())?;
        std::fs::rename(&temporary, &path)
    }

    /// Forgets `seat` (its lobby is gone, or the player left it for good).
    pub fn forget_seat(&self, seat: &StoredSeat) -> io::Result<()> {
        match std::fs::remove_file(self.file_of(seat)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// Forgets every seat kept for `name` at `address` (however spelt).
    pub fn forget(&self, address: &str, name: &str) -> io::Result<()> {
        while let Some(seat) = self.recall(address, name, None) {
            self.forget_seat(&seat)?;
            if self.recall(address, name, None).as_ref() == Some(&seat) {
                return Err(io::Error::other("a kept seat could not be forgotten"));
            }
        }
        Ok(())
    }

    /// The file for `seat`: its lobby's identity (the relay's fingerprint, or the
    /// address for a seat kept without one, and the code) and the player's name, in a
    /// form every file system takes, with a digest of the exact triple so that names
    /// differing only in letters outside ASCII get files of their own.
    fn file_of(&self, seat: &StoredSeat) -> PathBuf {
        use sha2::Digest;
        let name = seat.name.to_lowercase();
        let place = seat
            .relay
            .map_or_else(|| seat.address.clone(), |relay| relay.to_string());
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
        let code = seat.code.to_ascii_uppercase();
        let digest = sha2::Sha256::digest(format!("{place}\n{code}\n{name}").as_bytes());
        let tag: String = digest[..4]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        self.dir.join(format!(
            "{}-{}-{}-{tag}.toml",
            safe(&place),
            safe(&code),
            safe(&name)
        ))
    }
}

/// Whether two player names are the same name (as the relay compares them, case aside).
fn same_name(kept: &str, asked: &str) -> bool {
    kept.to_lowercase() == asked.to_lowercase()
}

/// Who holds the side facing `name`'s in `sides`, when `name` holds one.
fn opponent_of(name: &str, sides: &[Occupant; 2]) -> Option<String> {
    let mine = Player::BOTH
        .into_iter()
        .find(|side| matches!(&sides[side.index()], Occupant::Player(holder) if holder == name))?;
    match &sides[mine.opponent().index()] {
        Occupant::Player(other) => Some(other.clone()),
        Occupant::Computer => Some("Computer".to_string()),
        Occupant::Open => None,
    }
}

/// A seat as its file holds it, if the file is one.
fn read_seat(path: &Path) -> Option<StoredSeat> {
    if path.extension().is_none_or(|ext| ext != "toml") {
        return None;
    }
    let file: SeatFile = toml::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    Some(StoredSeat {
        token: file.token.parse().ok()?,
        relay: match file.relay {
            Some(text) => Some(parse_fingerprint(&text)?),
            None => None,
        },
        address: file.address,
        name: file.name,
        code: file.code,
        host: file.host,
        mode: file.mode,
        opponent: file.opponent,
        kept_at: SystemTime::UNIX_EPOCH + Duration::from_secs(file.kept_at),
        hosting: match (file.host, file.password) {
            (true, Some(password)) => Some(HostingSecrets {
                password,
                invite: match file.invite {
                    Some(text) => Some(InviteSecret(crate::keys::unhex::<8>(&text)?)),
                    None => None,
                },
            }),
            _ => None,
        },
    })
}

/// A fingerprint as [`Fingerprint`]'s `Display` writes it.
fn parse_fingerprint(text: &str) -> Option<Fingerprint> {
    let digits: String = text.chars().filter(|c| *c != '-').collect();
    crate::keys::unhex::<FINGERPRINT_LEN>(&digits).map(Fingerprint)
}

/// Where an address leads: its text, and the socket addresses it resolves to now.
struct Place {
    text: String,
    resolved: Vec<SocketAddr>,
}

impl Place {
    fn of(address: &str) -> Place {
        Place {
            text: address.to_string(),
            resolved: resolve(address),
        }
    }

    /// Whether `other` leads to the same place: the same text, or an address both
    /// resolve to.
    fn is(&self, other: &str) -> bool {
        other == self.text
            || resolve(other)
                .iter()
                .any(|found| self.resolved.contains(found))
    }
}

/// The socket addresses `address` names now (none if it names nothing).
fn resolve(address: &str) -> Vec<SocketAddr> {
    address
        .to_socket_addrs()
        .map(|found| found.collect())
        .unwrap_or_default()
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
                sides: [
                    Occupant::Player(name.to_string()),
                    Occupant::Player("Rival".to_string()),
                ],
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

    const RELAY: Fingerprint = Fingerprint([7; FINGERPRINT_LEN]);

    #[test]
    fn a_kept_seat_is_recalled_by_any_spelling_of_its_address_and_replaced_by_the_next_entry() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path().join("rejoin"));
        let address = "127.0.0.1:7373";
        assert_eq!(store.recall(address, "Zoé Ann", None), None);
        store
            .remember(address, Some(RELAY), &entered("Zoé Ann", "K7P2QX", 1), None)
            .expect("kept");
        store
            .remember(address, Some(RELAY), &entered("Zoé Ann", "K7P2QX", 2), None)
            .expect("kept");
        let seat = store.recall(address, "zoé ann", None).expect("recalled");
        assert_eq!(seat.token, Token([2; 16]));
        assert_eq!((seat.code.as_str(), seat.relay), ("K7P2QX", Some(RELAY)));
        assert_eq!(seat.opponent.as_deref(), Some("Rival"));
        assert_eq!(store.recall("localhost:7373", "Zoé Ann", None), Some(seat));
        assert!(store.recall(address, "Zoé Ann", Some("k7p2qx")).is_some());
        assert_eq!(store.recall(address, "Zoé Ann", Some("OTHER1")), None);
        assert_eq!(store.recall("127.0.0.2:7373", "Zoé Ann", None), None);
        store
            .forget("localhost:7373", "Zoé Ann")
            .expect("forgotten");
        assert_eq!(store.recall(address, "Zoé Ann", None), None);
        store
            .forget(address, "Zoé Ann")
            .expect("forgetting twice is fine");
    }

    #[test]
    fn a_seat_in_another_lobby_of_the_same_relay_is_kept_beside_the_first_and_listed() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path());
        let mut hosted = entered("Alice", "AAAAAA", 1);
        hosted.host = true;
        store
            .remember("relay.example:7373", Some(RELAY), &hosted, None)
            .expect("kept");
        store
            .remember(
                "203.0.113.7:7373",
                Some(RELAY),
                &entered("Alice", "BBBBBB", 2),
                None,
            )
            .expect("kept");
        let games = store.games();
        assert_eq!(games.len(), 2, "{games:?}");
        let host = store.recall_at(RELAY, "alice", None, true).expect("hosted");
        assert_eq!(host.code, "AAAAAA");
        let other = Fingerprint([8; FINGERPRINT_LEN]);
        assert_eq!(store.recall_at(other, "Alice", None, false), None);
        store.forget_seat(&host).expect("forgotten");
        assert_eq!(store.recall_at(RELAY, "Alice", None, true), None);
        assert!(
            store
                .recall_at(RELAY, "Alice", Some("bbbbbb"), false)
                .is_some()
        );
    }

    #[test]
    fn a_hosts_secrets_are_kept_with_its_seat_and_a_joiners_never() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path());
        let secrets = HostingSecrets {
            password: "pw".to_string(),
            invite: Some(InviteSecret([9; 8])),
        };
        let mut hosted = entered("Alice", "AAAAAA", 1);
        hosted.host = true;
        store
            .remember("h:1", Some(RELAY), &hosted, Some(&secrets))
            .expect("kept");
        let kept = store.recall_at(RELAY, "Alice", None, true).expect("hosted");
        assert_eq!(kept.hosting.as_ref(), Some(&secrets));
        // A later entry (a reconnection) that names none keeps them.
        hosted.token = Token([2; 16]);
        store
            .remember("h:1", Some(RELAY), &hosted, None)
            .expect("kept");
        let kept = store.recall_at(RELAY, "Alice", None, true).expect("hosted");
        assert_eq!(
            (kept.token, kept.hosting),
            (Token([2; 16]), Some(secrets.clone()))
        );
        store
            .remember(
                "h:1",
                Some(RELAY),
                &entered("Bobby", "AAAAAA", 3),
                Some(&secrets),
            )
            .expect("kept");
        let joiner = store
            .recall_at(RELAY, "Bobby", None, false)
            .expect("joined");
        assert_eq!(joiner.hosting, None);
        let file = std::fs::read_dir(dir.path())
            .expect("the folder")
            .filter_map(Result::ok)
            .map(|entry| std::fs::read_to_string(entry.path()).unwrap_or_default())
            .find(|text| text.contains("Bobby"))
            .expect("Bobby's file");
        assert!(!file.contains("pw"), "{file}");
    }

    #[test]
    fn a_damaged_file_is_no_seat() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = RejoinStore::at(dir.path());
        let address = "relay.example:7373";
        store
            .remember(address, Some(RELAY), &entered("Bobby", "AAAAAA", 3), None)
            .expect("kept");
        let seat = store.recall_at(RELAY, "Bobby", None, false).expect("kept");
        std::fs::write(store.file_of(&seat), "token = 'not a token'").expect("written");
        assert_eq!(store.recall_at(RELAY, "Bobby", None, false), None);
        assert!(store.games().is_empty());
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
            .remember("h:1", None, &entered("Bobby", "AAAAAA", 3), None)
            .expect("kept");
        let seat = store.recall("h:1", "Bobby", None).expect("kept");
        assert_eq!(mode(&store.file_of(&seat)) & 0o077, 0);
        assert_eq!(mode(store.path()) & 0o777, 0o700);
        // A folder an older version left open to others is closed on the next seat.
        std::fs::set_permissions(store.path(), std::fs::Permissions::from_mode(0o755))
            .expect("opened");
        store
            .remember("h:1", None, &entered("Bobby", "AAAAAA", 4), None)
            .expect("kept");
        assert_eq!(mode(store.path()) & 0o777, 0o700);
    }
}
