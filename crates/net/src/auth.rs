//! Password checks that never send the password.
//!
//! A lobby is locked with a key derived from its password:
//! `key = HMAC-SHA256(password, "plyground lobby key v1")`; only the host sends it,
//! once, when opening the lobby. For every connection the server sends a fresh random
//! nonce and a joining player answers `HMAC-SHA256(key, nonce)`, which the server checks
//! in constant time. A lobby without a password uses the empty password, so every entry
//! goes through the same check.

use crate::protocol::{LobbyKey, Nonce, Proof};
use hmac::{Hmac, KeyInit, Mac};
use rand::Rng;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

const KEY_CONTEXT: &[u8] = b"plyground lobby key v1";

fn mac(key: &[u8]) -> HmacSha256 {
    HmacSha256::new_from_slice(key).expect("HMAC-SHA256 accepts keys of any length")
}

/// The key a lobby with this password is locked with.
pub fn lobby_key(password: &str) -> LobbyKey {
    let mut mac = mac(password.as_bytes());
    mac.update(KEY_CONTEXT);
    mac.finalize().into_bytes().into()
}

/// The answer to `nonce` for a lobby locked with `key`.
pub fn proof(key: &LobbyKey, nonce: &Nonce) -> Proof {
    let mut mac = mac(key);
    mac.update(nonce);
    mac.finalize().into_bytes().into()
}

/// Whether `proof` answers `nonce` for `key` (compared in constant time).
pub fn verify(key: &LobbyKey, nonce: &Nonce, proof: &Proof) -> bool {
    let mut mac = mac(key);
    mac.update(nonce);
    mac.verify_slice(proof).is_ok()
}

/// Random bytes from the thread's cryptographically secure generator.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    rand::rng().fill(&mut bytes[..]);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_verify_only_with_the_right_password() {
        let nonce = random_bytes::<32>();
        let key = lobby_key("secret");
        let answer = proof(&key, &nonce);
        assert!(verify(&key, &nonce, &answer));
        assert!(!verify(&lobby_key("Secret"), &nonce, &answer));
        assert!(!verify(&key, &random_bytes::<32>(), &answer));
        assert_ne!(lobby_key(""), lobby_key(" "));
    }

    #[test]
    fn hmac_matches_the_rfc_4231_vector() {
        let mut mac = mac(&[0x0b; 20]);
        mac.update(b"Hi There");
        let bytes: [u8; 32] = mac.finalize().into_bytes().into();
        assert_eq!(bytes[..4], [0xb0, 0x34, 0x4c, 0x61]);
        assert_eq!(bytes[28..], [0x2e, 0x32, 0xcf, 0xf7]);
    }
}
