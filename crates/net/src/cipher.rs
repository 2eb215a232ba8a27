//! The encryption of an established channel: Noise transport messages (ChaCha20-Poly1305
//! under keys from the handshake), a frame's payload cut into pieces of at most 65,535
//! bytes, each with its 16-byte tag. Nonces count up, so a piece replayed, dropped or
//! reordered fails its check. The handshake (`NX`) has the relay prove its static key
//! ([`crate::keys`]); the connecting side stays anonymous.

use bytes::{Bytes, BytesMut};

/// The Noise protocol every connection runs after the hello.
pub(crate) const NOISE_PATTERN: &str = "Noise_NX_25519_ChaChaPoly_BLAKE2s";

/// Room for one handshake message (two keys and their tags, no payload).
pub(crate) const NOISE_HANDSHAKE_MAX: usize = 256;

/// The longest Noise message, and the plaintext one can carry.
const NOISE_MAX: usize = 65_535;
const NOISE_TAG: usize = 16;
const NOISE_PLAIN_MAX: usize = NOISE_MAX - NOISE_TAG;

/// The parameters of [`NOISE_PATTERN`].
pub(crate) fn noise_params() -> snow::params::NoiseParams {
    NOISE_PATTERN
        .parse()
        .expect("the Noise pattern name is valid")
}

/// One end of an encrypted channel.
#[derive(Debug)]
pub struct Cipher {
    state: Box<snow::TransportState>,
}

impl Cipher {
    /// The end whose handshake produced `state`.
    pub(crate) fn new(state: snow::TransportState) -> Cipher {
        Cipher {
            state: Box::new(state),
        }
    }

    /// Both ends of a channel whose handshake ran in memory (for measuring and testing
    /// the encryption on its own): the connecting side first.
    pub fn pair() -> Result<(Cipher, Cipher), snow::Error> {
        let key = crate::keys::RelayKey::generate();
        let mut initiator = snow::Builder::new(noise_params()).build_initiator()?;
        let mut responder = snow::Builder::new(noise_params())
            .local_private_key(key.private())?
            .build_responder()?;
        let (mut message, mut scratch) = ([0u8; NOISE_HANDSHAKE_MAX], [0u8; NOISE_HANDSHAKE_MAX]);
        let written = initiator.write_message(&[], &mut message)?;
        responder.read_message(&message[..written], &mut scratch)?;
        let written = responder.write_message(&[], &mut message)?;
        initiator.read_message(&message[..written], &mut scratch)?;
        Ok((
            Cipher::new(initiator.into_transport_mode()?),
            Cipher::new(responder.into_transport_mode()?),
        ))
    }

    /// Encrypts a payload, piece by piece.
    pub fn seal(&mut self, payload: &[u8]) -> Result<Bytes, snow::Error> {
        let pieces = payload.len().div_ceil(NOISE_PLAIN_MAX).max(1);
        let mut sealed = vec![0u8; payload.len() + pieces * NOISE_TAG];
        let mut length = 0;
        if payload.is_empty() {
            length += self.state.write_message(&[], &mut sealed)?;
        }
        for piece in payload.chunks(NOISE_PLAIN_MAX) {
            length += self.state.write_message(piece, &mut sealed[length..])?;
        }
        sealed.truncate(length);
        Ok(Bytes::from(sealed))
    }

    /// Decrypts a frame's payload, piece by piece, checking each piece's tag.
    pub fn open(&mut self, frame: &[u8]) -> Result<BytesMut, snow::Error> {
        let mut plain = BytesMut::zeroed(frame.len());
        let mut length = 0;
        for piece in frame.chunks(NOISE_MAX) {
            length += self.state.read_message(piece, &mut plain[length..])?;
        }
        plain.truncate(length);
        Ok(plain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_one_end_seals_the_other_opens_once_and_in_order() {
        let (mut client, mut server) = Cipher::pair().expect("a channel");
        for payload in [&b""[..], b"e2e4", &vec![7u8; 70_000]] {
            let sealed = client.seal(payload).expect("sealed");
            assert_ne!(&sealed[..], payload);
            assert_eq!(&server.open(&sealed).expect("opened")[..], payload);
        }
        client.seal(b"lost on the way").expect("sealed");
        let next = client.seal(b"two").expect("sealed");
        assert!(
            server.open(&next).is_err(),
            "after a lost message the next one fails"
        );
        let mut tampered = server.seal(b"reply").expect("sealed").to_vec();
        tampered[0] ^= 1;
        assert!(client.open(&tampered).is_err(), "a changed byte fails");
    }
}
