//! Password checks that never send the password, and the brake on guessing.
//!
//! A lobby is locked with a key derived from its password:
//! `key = HMAC-SHA256(password, "plyground lobby key v1")`; only the host sends it,
//! once, when opening the lobby. For every connection the server sends a fresh random
//! nonce and a joining player answers `HMAC-SHA256(key, nonce)`, which the server checks
//! in constant time. A lobby without a password uses the empty password, so every entry
//! goes through the same check. Failures are counted per address: each one locks that
//! address out for twice as long as the previous, up to a maximum.

use crate::protocol::{LobbyKey, Nonce, Proof};
use hmac::{Hmac, KeyInit, Mac};
use rand::Rng;
use sha2::Sha256;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

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

/// How long an address's failures are remembered after its last one.
const FORGET_AFTER: Duration = Duration::from_secs(600);

/// How many addresses are tracked at most (memory stays bounded under a flood).
const MAX_TRACKED: usize = 10_000;

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    locked_until: Instant,
}

/// Failed entries per address, and how long each address must wait before its next try.
#[derive(Debug)]
pub struct FailureTracker {
    base: Duration,
    max: Duration,
    entries: HashMap<IpAddr, Failures>,
}

impl FailureTracker {
    /// A tracker whose first failure locks an address out for `base`, doubling with each
    /// further failure up to `max`.
    pub fn new(base: Duration, max: Duration) -> FailureTracker {
        FailureTracker {
            base,
            max,
            entries: HashMap::new(),
        }
    }

    /// `Err(wait)` while `ip` is locked out.
    pub fn check(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        match self.entries.get(&ip) {
            Some(failures) if failures.locked_until > now => Err(failures.locked_until - now),
            _ => Ok(()),
        }
    }

    /// Counts a failure from `ip` and returns how long it is now locked out.
    pub fn record(&mut self, ip: IpAddr, now: Instant) -> Duration {
        if self.entries.len() >= MAX_TRACKED && !self.entries.contains_key(&ip) {
            self.entries
                .retain(|_, failures| now.duration_since(failures.last) < FORGET_AFTER);
            if self.entries.len() >= MAX_TRACKED {
                return self.base;
            }
        }
        let entry = self.entries.entry(ip).or_insert(Failures {
            count: 0,
            last: now,
            locked_until: now,
        });
        if now.duration_since(entry.last) >= FORGET_AFTER {
            entry.count = 0;
        }
        entry.count = entry.count.saturating_add(1);
        entry.last = now;
        let doublings = entry.count.saturating_sub(1).min(30);
        let lock = self.base.saturating_mul(1 << doublings).min(self.max);
        entry.locked_until = now + lock;
        lock
    }

    /// Forgets the failures of `ip` after it got in.
    pub fn succeeded(&mut self, ip: IpAddr) {
        self.entries.remove(&ip);
    }
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

    #[test]
    fn failures_lock_out_longer_each_time() {
        let mut tracker = FailureTracker::new(Duration::from_secs(1), Duration::from_secs(5));
        let ip: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        let t0 = Instant::now();
        assert_eq!(tracker.check(ip, t0), Ok(()));
        assert_eq!(tracker.record(ip, t0), Duration::from_secs(1));
        assert!(tracker.check(ip, t0).is_err());
        assert_eq!(tracker.check(other, t0), Ok(()));
        let t1 = t0 + Duration::from_secs(1);
        assert_eq!(tracker.check(ip, t1), Ok(()));
        assert_eq!(tracker.record(ip, t1), Duration::from_secs(2));
        assert_eq!(tracker.record(ip, t1), Duration::from_secs(4));
        assert_eq!(tracker.record(ip, t1), Duration::from_secs(5));
        let later = t1 + FORGET_AFTER;
        assert_eq!(tracker.record(ip, later), Duration::from_secs(1));
        tracker.succeeded(ip);
        assert_eq!(tracker.check(ip, later), Ok(()));
    }
}
