//! The relays this computer has met: for each address typed by hand, the fingerprint of
//! the key its relay proved the first time, so that a server there proving another key
//! (someone in the middle, or a relay whose operator changed its key) is refused
//! loudly, as SSH does with host keys. Addresses of this computer and of the home
//! network are not pinned by default: a host there makes a new key each time it hosts.

use super::is_home_address;
use crate::keys::Fingerprint;
use std::collections::BTreeMap;
use std::io;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

/// The environment variable that names the file of known relays (for tests and
/// portable installs); otherwise it is `known-relays.toml` in the system's data folder.
pub const KNOWN_RELAYS_VARIABLE: &str = "PLYGROUND_KNOWN_RELAYS";

/// What the file says of a key a relay proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pinned {
    /// The address was new: its key is now remembered.
    New,
    /// The address's relay proved the key it proved before.
    Same,
    /// The address's relay proved another key than before: this one.
    Changed(Fingerprint),
}

/// The file of known relays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownRelays {
    path: PathBuf,
}

/// Which connections are checked against known relays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pinning {
    /// The file, if the system names a place for it.
    pub known: Option<KnownRelays>,
    /// Whether addresses of this computer and the home network are pinned too.
    pub home_too: bool,
}

impl Pinning {
    /// The standard file, for addresses outside the home network.
    pub fn standard() -> Pinning {
        Pinning {
            known: KnownRelays::standard(),
            home_too: false,
        }
    }

    /// The file to check a connection to `ip` against, if any.
    pub(super) fn for_address(&self, ip: IpAddr) -> Option<&KnownRelays> {
        self.known
            .as_ref()
            .filter(|_| self.home_too || !is_home_address(ip))
    }
}

impl KnownRelays {
    /// The file named by [`KNOWN_RELAYS_VARIABLE`], or else `known-relays.toml` in the
    /// system's data folder for Plyground; `None` when the system names no data folder.
    pub fn standard() -> Option<KnownRelays> {
        if let Some(path) = std::env::var_os(KNOWN_RELAYS_VARIABLE).filter(|p| !p.is_empty()) {
            return Some(KnownRelays::at(path));
        }
        directories::ProjectDirs::from("", "", "Plyground")
            .map(|dirs| KnownRelays::at(dirs.data_dir().join("known-relays.toml")))
    }

    /// The file at `path` (made when the first relay is met).
    pub fn at(path: impl Into<PathBuf>) -> KnownRelays {
        KnownRelays { path: path.into() }
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks the key the relay at `address` proved, remembering it if the address is
    /// new.
    pub fn check(&self, address: &str, shown: Fingerprint) -> io::Result<Pinned> {
        let mut known = self.read()?;
        let text = shown.to_string();
        match known.get(address) {
            Some(pinned) if *pinned == text => Ok(Pinned::Same),
            Some(pinned) => Ok(Pinned::Changed(
                parse(pinned).unwrap_or(Fingerprint([0; 10])),
            )),
            None => {
                known.insert(address.to_string(), text);
                self.write(&known)?;
                Ok(Pinned::New)
            }
        }
    }

    /// Forgets the relay at `address` (its operator changed its key): the next key it
    /// proves is remembered.
    pub fn forget(&self, address: &str) -> io::Result<()> {
        let mut known = self.read()?;
        if known.remove(address).is_some() {
            self.write(&known)?;
        }
        Ok(())
    }

    fn read(&self) -> io::Result<BTreeMap<String, String>> {
        match std::fs::read_to_string(&self.path) {
            Ok(text) => toml::from_str(&text).map_err(io::Error::other),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(BTreeMap::new()),
            Err(error) => Err(error),
        }
    }

    /// Replaces the file whole, readable by its owner only.
    fn write(&self, known: &BTreeMap<String, String>) -> io::Result<()> {
        if let Some(dir) = self.path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let text = toml::to_string(known).map_err(io::Error::other)?;
        let temporary = self.path.with_extension("toml.new");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        io::Write::write_all(&mut options.open(&temporary)?, text.as_bytes())?;
        std::fs::rename(&temporary, &self.path)
    }
}

/// A fingerprint back from its text.
fn parse(text: &str) -> Option<Fingerprint> {
    let digits: String = text.chars().filter(|c| *c != '-').collect();
    let mut bytes = [0u8; 10];
    if digits.len() != 20 || !digits.is_ascii() {
        return None;
    }
    for (index, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&digits[index * 2..index * 2 + 2], 16).ok()?;
    }
    Some(Fingerprint(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_is_pinned_on_first_use_and_a_changed_key_is_told() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let known = KnownRelays::at(dir.path().join("data").join("known-relays.toml"));
        let (first, second) = (Fingerprint([1; 10]), Fingerprint([2; 10]));
        assert_eq!(
            known.check("relay.example:7373", first).ok(),
            Some(Pinned::New)
        );
        assert_eq!(
            known.check("relay.example:7373", first).ok(),
            Some(Pinned::Same)
        );
        assert_eq!(
            known.check("relay.example:7373", second).ok(),
            Some(Pinned::Changed(first))
        );
        assert_eq!(
            known.check("other.example:7373", second).ok(),
            Some(Pinned::New)
        );
        known.forget("relay.example:7373").expect("forgotten");
        assert_eq!(
            known.check("relay.example:7373", second).ok(),
            Some(Pinned::New)
        );
    }

    #[test]
    fn home_addresses_are_pinned_only_when_asked() {
        let standard = Pinning {
            known: Some(KnownRelays::at("unused")),
            home_too: false,
        };
        assert!(standard.for_address([127, 0, 0, 1].into()).is_none());
        assert!(standard.for_address([192, 168, 1, 20].into()).is_none());
        assert!(standard.for_address([203, 0, 113, 7].into()).is_some());
        let everywhere = Pinning {
            home_too: true,
            ..standard
        };
        assert!(everywhere.for_address([127, 0, 0, 1].into()).is_some());
    }
}
