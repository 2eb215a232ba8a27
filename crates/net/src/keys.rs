//! The relay's identity: a static X25519 key pair that every Noise handshake with it
//! proves, the short fingerprint of its public half that players compare and invite
//! codes carry, and the file a relay keeps it in so that its fingerprint outlives a
//! restart.

use sha2::Digest;
use std::fmt;
use std::io;
use std::path::Path;

/// The length of a fingerprint, in bytes (80 bits: no key can be made to match one).
pub const FINGERPRINT_LEN: usize = 10;

/// A relay's static key pair. Its `Debug` shows nothing of the private half.
#[derive(Clone, PartialEq, Eq)]
pub struct RelayKey {
    private: [u8; 32],
    public: [u8; 32],
}

/// The short name of a relay's public key: the first [`FINGERPRINT_LEN`] bytes of its
/// SHA-256.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub [u8; FINGERPRINT_LEN]);

impl Fingerprint {
    /// The fingerprint of the public key `public`.
    pub fn of(public: &[u8; 32]) -> Fingerprint {
        let digest = sha2::Sha256::digest(public);
        let mut bytes = [0u8; FINGERPRINT_LEN];
        bytes.copy_from_slice(&digest[..FINGERPRINT_LEN]);
        Fingerprint(bytes)
    }
}

impl fmt::Display for Fingerprint {
    /// Lower-case hexadecimal in groups of four: `3f9a-07c2-...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, pair) in self.0.chunks(2).enumerate() {
            if index > 0 {
                f.write_str("-")?;
            }
            for byte in pair {
                write!(f, "{byte:02x}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint({self})")
    }
}

impl RelayKey {
    /// A new key pair from the system's secure random generator.
    pub fn generate() -> RelayKey {
        let pair = snow::Builder::new(crate::cipher::noise_params())
            .generate_keypair()
            .expect("X25519 key pairs can always be made");
        let mut key = RelayKey {
            private: [0; 32],
            public: [0; 32],
        };
        key.private.copy_from_slice(&pair.private);
        key.public.copy_from_slice(&pair.public);
        key
    }

    /// The public half, which the relay's handshakes show.
    pub fn public(&self) -> [u8; 32] {
        self.public
    }

    /// The private half, for the relay's handshakes.
    pub(crate) fn private(&self) -> &[u8; 32] {
        &self.private
    }

    /// The fingerprint of the public half.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(&self.public)
    }

    /// The key kept in `path`, or a new one kept there (readable by its owner only)
    /// when there is none yet.
    pub fn load_or_create(path: &Path) -> io::Result<RelayKey> {
        match std::fs::read_to_string(path) {
            Ok(text) => RelayKey::parse(&text).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} does not hold a relay key", path.display()),
                )
            }),
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                let key = RelayKey::generate();
                let text = format!("{}\n{}\n", hex(&key.private), hex(&key.public));
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                io::Write::write_all(&mut options.open(path)?, text.as_bytes())?;
                Ok(key)
            }
            Err(error) => Err(error),
        }
    }

    /// A key from its file's text: the private half, then the public half, in
    /// hexadecimal, one to a line.
    pub(crate) fn parse(text: &str) -> Option<RelayKey> {
        let mut lines = text.lines().map(unhex);
        let (private, public) = (lines.next()??, lines.next()??);
        Some(RelayKey { private, public })
    }
}

impl fmt::Debug for RelayKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RelayKey(..)")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// `N` bytes written as `2 * N` hexadecimal digits (spaces around them aside).
pub(crate) fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let text = text.trim();
    if text.len() != N * 2 || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0u8; N];
    for (index, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[index * 2..index * 2 + 2], 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_key_comes_back_the_same_and_shows_only_its_fingerprint() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("relay-key");
        let made = RelayKey::load_or_create(&path).expect("made");
        let again = RelayKey::load_or_create(&path).expect("read");
        assert_eq!(made, again);
        assert_ne!(made, RelayKey::generate());
        assert_eq!(format!("{made:?}"), "RelayKey(..)");
        let shown = made.fingerprint().to_string();
        assert_eq!(shown.len(), 24, "{shown}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("the file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0);
        }
        std::fs::write(&path, "not a key").expect("spoiled");
        assert!(RelayKey::load_or_create(&path).is_err());
    }
}
