//! Lobby passwords, checked with SPAKE2 between the joining player and the host, so
//! that the password never travels and nobody else can test guesses offline.
//!
//! The relay never sees the password nor anything derived from it alone: the host keeps
//! the password, the joiner types it, and the two run SPAKE2 (Ed25519 group) through
//! the relay. Each side's SPAKE2 identity holds the joiner's name, the hash of the
//! joiner's encrypted channel to the relay (its Noise handshake hash), so the exchange
//! is bound to that one connection, and the relay's static key as that side saw it
//! proved in its own handshake: a man in the middle of either link shows that end a
//! key of its own, and the exchange fails. The host answers with its SPAKE2 message, its key
//! confirmation, and the confirmation it expects from the joiner; the relay forwards
//! the first two and admits the joiner only if the joiner's confirmation matches. An
//! eavesdropper sees only encrypted bytes; the relay (or anyone posing as a joiner) gets
//! one guess per exchange, which the relay's lock-out and the host's own limit slow down.

use hmac::{Hmac, KeyInit, Mac};
use rand::Rng;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};

type HmacSha256 = Hmac<Sha256>;

/// A key confirmation: proves knowledge of the exchanged key without revealing it.
pub type Confirm = [u8; 32];

/// The hash of a connection's Noise handshake, which a password exchange is bound to.
pub type ChannelBinding = [u8; 32];

/// The longest SPAKE2 message accepted (they are 33 bytes).
pub const MAX_PAKE_MESSAGE_LEN: usize = 64;

const JOINER_ID: &[u8] = b"plyground joiner v3";
const HOST_ID: &[u8] = b"plyground host v3";

/// A relay's static public key, as one end of an exchange saw it proved in its own
/// handshake.
pub type RelaySeen = [u8; 32];
const HOST_CONFIRMS: &[u8] = b"plyground: the host knows the password";
const JOINER_CONFIRMS: &[u8] = b"plyground: the joiner knows the password";

/// Random bytes from the thread's cryptographically secure generator.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    rand::rng().fill(&mut bytes[..]);
    bytes
}

fn identities(name: &str, binding: &ChannelBinding, relay: &RelaySeen) -> (Identity, Identity) {
    let mut joiner = JOINER_ID.to_vec();
    joiner.extend_from_slice(binding);
    joiner.extend_from_slice(relay);
    joiner.extend_from_slice(name.as_bytes());
    let mut host = HOST_ID.to_vec();
    host.extend_from_slice(binding);
    host.extend_from_slice(relay);
    (Identity::new(&joiner), Identity::new(&host))
}

fn confirmation(key: &[u8], label: &[u8], binding: &ChannelBinding) -> Confirm {
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC-SHA256 accepts keys of any length");
    mac.update(label);
    mac.update(binding);
    mac.finalize().into_bytes().into()
}

/// Whether two confirmations are equal, compared in constant time.
pub fn confirms_match(a: &Confirm, b: &Confirm) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The joiner's half of an exchange, between its first message and the host's answer.
pub struct JoinerExchange {
    state: Spake2<Ed25519Group>,
    binding: ChannelBinding,
}

impl std::fmt::Debug for JoinerExchange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JoinerExchange")
    }
}

impl JoinerExchange {
    /// Starts an exchange as `name` with `password` over the channel `binding`, to
    /// the relay whose key the joiner saw as `relay`; returns the message for the host.
    pub fn start(
        password: &str,
        name: &str,
        binding: ChannelBinding,
        relay: &RelaySeen,
    ) -> (JoinerExchange, Vec<u8>) {
        let (joiner, host) = identities(name, &binding, relay);
        let (state, message) =
            Spake2::<Ed25519Group>::start_a(&Password::new(password.as_bytes()), &joiner, &host);
        (JoinerExchange { state, binding }, message)
    }

    /// Checks the host's answer; `Some(confirmation)` for the relay when both sides
    /// used the same password, `None` when they did not (or the answer is malformed).
    pub fn finish(self, host_message: &[u8], host_confirm: &Confirm) -> Option<Confirm> {
        let key = self.state.finish(host_message).ok()?;
        let expected = confirmation(&key, HOST_CONFIRMS, &self.binding);
        confirms_match(&expected, host_confirm)
            .then(|| confirmation(&key, JOINER_CONFIRMS, &self.binding))
    }
}

/// The host's answer to a joiner's first message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostAnswer {
    /// The host's SPAKE2 message, for the joiner.
    pub message: Vec<u8>,
    /// The host's key confirmation, for the joiner.
    pub confirm: Confirm,
    /// The confirmation the joiner must send back, for the relay to compare.
    pub expected: Confirm,
}

/// The host's side: answers `name`'s message sent over the channel `binding`, with the
/// lobby's `password`, through the relay whose key the host saw as `relay` in its own
/// handshake. `None` when the message is malformed.
pub fn host_answer(
    password: &str,
    name: &str,
    binding: &ChannelBinding,
    relay: &RelaySeen,
    joiner_message: &[u8],
) -> Option<HostAnswer> {
    let (joiner, host) = identities(name, binding, relay);
    let (state, message) =
        Spake2::<Ed25519Group>::start_b(&Password::new(password.as_bytes()), &joiner, &host);
    let key = state.finish(joiner_message).ok()?;
    Some(HostAnswer {
        message,
        confirm: confirmation(&key, HOST_CONFIRMS, binding),
        expected: confirmation(&key, JOINER_CONFIRMS, binding),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The relay's key as both ends saw it.
    const RELAY: RelaySeen = [9; 32];

    #[test]
    fn an_exchange_through_another_relay_key_fails() {
        // A man in the middle of one end's link shows that end a key of its own.
        let binding = random_bytes::<32>();
        let (joiner, first) = JoinerExchange::start("pw", "Bob", binding, &RELAY);
        let answer = host_answer("pw", "Bob", &binding, &[8; 32], &first).expect("an answer");
        assert!(joiner.finish(&answer.message, &answer.confirm).is_none());
    }

    fn exchange(host_password: &str, joiner_password: &str) -> bool {
        let binding = random_bytes::<32>();
        let (joiner, first) = JoinerExchange::start(joiner_password, "Bob", binding, &RELAY);
        let answer =
            host_answer(host_password, "Bob", &binding, &RELAY, &first).expect("an answer");
        joiner
            .finish(&answer.message, &answer.confirm)
            .is_some_and(|confirm| confirms_match(&confirm, &answer.expected))
    }

    #[test]
    fn only_the_same_password_agrees() {
        assert!(exchange("hunter2", "hunter2"));
        assert!(!exchange("hunter2", "Hunter2"));
        assert!(!exchange("", "x"));
    }

    #[test]
    fn an_exchange_is_bound_to_its_channel_and_name() {
        let binding = random_bytes::<32>();
        let (joiner, first) = JoinerExchange::start("pw", "Bob", binding, &RELAY);
        let other_channel = host_answer("pw", "Bob", &random_bytes::<32>(), &RELAY, &first);
        let answer = other_channel.expect("an answer");
        assert!(joiner.finish(&answer.message, &answer.confirm).is_none());
        let (joiner, first) = JoinerExchange::start("pw", "Bob", binding, &RELAY);
        let answer = host_answer("pw", "Eve", &binding, &RELAY, &first).expect("an answer");
        assert!(joiner.finish(&answer.message, &answer.confirm).is_none());
    }

    #[test]
    fn messages_are_fresh_and_hold_no_password_hash() {
        let binding = [7; 32];
        let (_, first) = JoinerExchange::start("pw", "Bob", binding, &RELAY);
        let (_, again) = JoinerExchange::start("pw", "Bob", binding, &RELAY);
        assert_ne!(first, again);
        assert!(host_answer("pw", "Bob", &binding, &RELAY, &[1, 2, 3]).is_none());
    }
}
