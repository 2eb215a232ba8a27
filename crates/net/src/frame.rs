//! The framing layer: one postcard message per length-delimited frame (tokio-util's
//! codec, 4-byte big-endian length) with a hard size limit, over a TCP stream.
//!
//! Reads are cancel safe, so a connection can wait for a frame inside `select!`. Writes
//! are queued into one buffer and flushed together: a burst of messages costs one
//! system call.
//!
//! After the hello, both sides run a Noise handshake (`Noise_NX_25519_ChaChaPoly_BLAKE2s`:
//! fresh X25519 keys on both sides, and the relay proves its static key, which the
//! connecting side sees and checks) and every later frame is encrypted and
//! authenticated: its payload is the ciphertext of the message, cut into pieces of at
//! most 65,535 bytes (Noise's limit), each with its 16-byte tag. Nonces count up, so a
//! frame replayed, dropped or reordered fails its check and ends the connection.

use crate::budget::Budgets;
use crate::cipher::{Cipher, NOISE_HANDSHAKE_MAX, noise_params};
use crate::keys::RelayKey;
use crate::protocol::MAX_FRAME_LEN;
use bytes::{BufMut, Bytes, BytesMut};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io;
use thiserror::Error;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_util::codec::{Decoder, LengthDelimitedCodec};

/// What can go wrong reading or writing frames.
#[derive(Debug, Error)]
pub enum FrameError {
    /// The network failed.
    #[error("connection error: {0}")]
    Io(#[from] io::Error),
    /// The other side announced a frame above the limit.
    #[error("a message was larger than the limit of {limit} bytes")]
    TooLarge {
        /// The limit in force.
        limit: usize,
    },
    /// The other side closed the connection where a message was expected.
    #[error("the other side closed the connection")]
    Closed,
    /// The connection closed in the middle of a frame.
    #[error("the connection closed in the middle of a message")]
    Truncated,
    /// The frame did not hold the expected message.
    #[error("a message could not be understood: {0}")]
    Garbled(#[from] postcard::Error),
    /// A frame failed its integrity check, or the encryption could not be set up.
    #[error("the connection's encryption failed: {0}")]
    Crypto(#[from] snow::Error),
    /// The server's memory budget has no room for the frame announced.
    #[error("the server is too busy to take a message this large right now")]
    Busy,
    /// The frame held a message followed by extra bytes.
    #[error("a message had {extra} unexpected bytes at its end")]
    TrailingBytes {
        /// How many bytes were left over.
        extra: usize,
    },
}

/// Encodes a message into the bytes of one frame's payload.
pub fn encode<T: Serialize>(message: &T) -> Result<Bytes, FrameError> {
    // Most messages are small: one allocation instead of a vector doubling from empty.
    let buffer = Vec::with_capacity(64);
    Ok(Bytes::from(postcard::to_extend(message, buffer)?))
}

/// Decodes one frame's payload, refusing anything left over after the message.
pub fn decode<T: DeserializeOwned>(payload: &[u8]) -> Result<T, FrameError> {
    let (message, rest) = postcard::take_from_bytes(payload)?;
    if rest.is_empty() {
        Ok(message)
    } else {
        Err(FrameError::TrailingBytes { extra: rest.len() })
    }
}

/// What the connecting side knows once its channel is encrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Secured {
    /// The handshake hash, which names this channel.
    pub binding: [u8; 32],
    /// The static public key the other side proved.
    pub relay: [u8; 32],
}

/// A TCP stream carrying frames.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    codec: LengthDelimitedCodec,
    limit: usize,
    read_buf: BytesMut,
    write_buf: BytesMut,
    /// The shared budget the buffers are charged to (the server's connections), and
    /// how much this connection charged.
    budget: Option<(Budgets, usize)>,
    /// The keys of the encrypted channel, once its handshake is done.
    cipher: Option<Cipher>,
}

impl Connection {
    /// Wraps a connected stream (turning off Nagle's algorithm: moves are small and
    /// latency matters) with the [`MAX_FRAME_LEN`] limit.
    pub fn new(stream: TcpStream) -> Connection {
        // Without TCP_NODELAY only latency suffers, so a failure here is not fatal.
        let _ = stream.set_nodelay(true);
        Connection {
            stream,
            codec: LengthDelimitedCodec::builder()
                .max_frame_length(MAX_FRAME_LEN)
                .new_codec(),
            limit: MAX_FRAME_LEN,
            read_buf: BytesMut::new(),
            write_buf: BytesMut::new(),
            budget: None,
            cipher: None,
        }
    }

    /// Runs the Noise handshake as the side that connected, then encrypts everything;
    /// returns the handshake hash, which names this channel, and the static key the
    /// other side proved (which the caller checks before it says anything).
    pub async fn secure_as_client(&mut self) -> Result<Secured, FrameError> {
        let mut noise = snow::Builder::new(noise_params()).build_initiator()?;
        let mut buffer = [0u8; NOISE_HANDSHAKE_MAX];
        let written = noise.write_message(&[], &mut buffer)?;
        self.send_plain(&buffer[..written]).await?;
        let reply = self.read_frame().await?.ok_or(FrameError::Closed)?;
        noise.read_message(&reply, &mut buffer)?;
        let mut relay = [0u8; 32];
        let shown = noise.get_remote_static().ok_or(snow::Error::Input)?;
        relay.copy_from_slice(shown.get(..32).ok_or(snow::Error::Input)?);
        let binding = self.finish_handshake(noise)?;
        Ok(Secured { binding, relay })
    }

    /// Runs the Noise handshake as the side that accepted, proving `key`, then
    /// encrypts everything; returns the handshake hash, which names this channel.
    pub async fn secure_as_server(&mut self, key: &RelayKey) -> Result<[u8; 32], FrameError> {
        let first = self.read_frame().await?.ok_or(FrameError::Closed)?;
        let mut noise = snow::Builder::new(noise_params())
            .local_private_key(key.private())?
            .build_responder()?;
        let mut buffer = [0u8; NOISE_HANDSHAKE_MAX];
        noise.read_message(&first, &mut buffer)?;
        let written = noise.write_message(&[], &mut buffer)?;
        self.send_plain(&buffer[..written]).await?;
        self.finish_handshake(noise)
    }

    async fn send_plain(&mut self, payload: &[u8]) -> Result<(), FrameError> {
        self.queue(Bytes::copy_from_slice(payload))?;
        Ok(self.flush().await?)
    }

    fn finish_handshake(&mut self, noise: snow::HandshakeState) -> Result<[u8; 32], FrameError> {
        let mut hash = [0u8; 32];
        let from = noise.get_handshake_hash();
        hash.copy_from_slice(&from[..32.min(from.len())]);
        self.cipher = Some(Cipher::new(noise.into_transport_mode()?));
        Ok(hash)
    }

    /// Decrypts a frame's payload when the channel is encrypted.
    fn open(&mut self, frame: BytesMut) -> Result<BytesMut, FrameError> {
        match self.cipher.as_mut() {
            Some(cipher) => Ok(cipher.open(&frame)?),
            None => Ok(frame),
        }
    }

    /// Encrypts a payload when the channel is encrypted.
    fn seal(&mut self, payload: Bytes) -> Result<Bytes, FrameError> {
        match self.cipher.as_mut() {
            Some(cipher) => Ok(cipher.seal(&payload)?),
            None => Ok(payload),
        }
    }

    /// [`Connection::new`] with its buffers charged to `budgets`: a frame that would
    /// take one of them past its limit fails with [`FrameError::Busy`].
    pub fn with_budget(stream: TcpStream, budget: Budgets) -> Connection {
        let mut conn = Connection::new(stream);
        conn.budget = Some((budget, 0));
        conn
    }

    /// Brings the charge up to date with the buffers' capacity; `false` when growing
    /// it would pass the budget's limit.
    fn account(&mut self, enforce: bool) -> bool {
        let size = self.read_buf.capacity() + self.write_buf.capacity();
        let Some((budget, charged)) = &mut self.budget else {
            return true;
        };
        if size > *charged {
            let extra = size - *charged;
            if enforce {
                if !budget.try_charge(extra) {
                    return false;
                }
            } else {
                budget.charge(extra);
            }
        } else {
            budget.release(*charged - size);
        }
        *charged = size;
        true
    }

    /// Changes the largest frame accepted from now on (at most [`MAX_FRAME_LEN`]);
    /// frames sent may still be as large as [`MAX_FRAME_LEN`].
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit.min(MAX_FRAME_LEN);
        self.codec.set_max_frame_length(self.limit);
    }

    /// Waits for the next frame's payload; `None` when the other side closed cleanly
    /// between frames. Cancel safe.
    pub async fn read_frame(&mut self) -> Result<Option<BytesMut>, FrameError> {
        loop {
            match self.codec.decode(&mut self.read_buf) {
                Ok(Some(frame)) => return self.open(frame).map(Some),
                Ok(None) => {}
                Err(_) => return Err(FrameError::TooLarge { limit: self.limit }),
            }
            self.read_buf.reserve(1024);
            if !self.account(true) {
                return Err(FrameError::Busy);
            }
            if self.stream.read_buf(&mut self.read_buf).await? == 0 {
                return if self.read_buf.is_empty() {
                    Ok(None)
                } else {
                    Err(FrameError::Truncated)
                };
            }
        }
    }

    /// Waits for the next frame and decodes it as a `T`; a clean close is an error
    /// here, since a message was expected.
    pub async fn read_message<T: DeserializeOwned>(&mut self) -> Result<T, FrameError> {
        match self.read_frame().await? {
            Some(frame) => decode(&frame),
            None => Err(FrameError::Closed),
        }
    }

    /// Adds an encoded payload to the outgoing buffer.
    pub fn queue(&mut self, payload: Bytes) -> Result<(), FrameError> {
        let payload = self.seal(payload)?;
        if payload.len() > MAX_FRAME_LEN {
            return Err(FrameError::TooLarge {
                limit: MAX_FRAME_LEN,
            });
        }
        self.write_buf.reserve(4 + payload.len());
        self.write_buf.put_u32(payload.len() as u32);
        self.write_buf.put_slice(&payload);
        self.account(false);
        Ok(())
    }

    /// Encodes a message into the outgoing buffer.
    pub fn queue_message<T: Serialize>(&mut self, message: &T) -> Result<(), FrameError> {
        self.queue(encode(message)?)
    }

    /// Writes everything queued.
    pub async fn flush(&mut self) -> io::Result<()> {
        if !self.write_buf.is_empty() {
            self.stream.write_all(&self.write_buf).await?;
            self.write_buf.clear();
            self.account(false);
        }
        Ok(())
    }

    /// Encodes, queues and writes one message.
    pub async fn send<T: Serialize>(&mut self, message: &T) -> Result<(), FrameError> {
        self.queue_message(message)?;
        Ok(self.flush().await?)
    }

    /// Closes the sending direction, after writing what is queued.
    pub async fn shutdown(&mut self) -> io::Result<()> {
        self.flush().await?;
        self.stream.shutdown().await
    }

    /// Ends the connection politely: writes what is queued, closes the sending
    /// direction, then discards whatever the other side still sends until it closes
    /// too, so that the last frames are not lost to a reset. Callers bound it in time.
    pub async fn finish(&mut self) -> io::Result<()> {
        self.shutdown().await?;
        self.read_buf.clear();
        loop {
            self.read_buf.reserve(1024);
            if self.stream.read_buf(&mut self.read_buf).await? == 0 {
                return Ok(());
            }
            self.read_buf.clear();
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some((budget, charged)) = &self.budget {
            budget.release(*charged);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{ClientMsg, Hello};

    #[test]
    fn trailing_bytes_are_refused() {
        let mut bytes = encode(&ClientMsg::Pong { nonce: 7 })
            .map(|b| b.to_vec())
            .unwrap_or_default();
        assert_eq!(
            decode::<ClientMsg>(&bytes).ok(),
            Some(ClientMsg::Pong { nonce: 7 })
        );
        bytes.push(0);
        assert!(matches!(
            decode::<ClientMsg>(&bytes),
            Err(FrameError::TrailingBytes { extra: 1 })
        ));
        assert!(matches!(
            decode::<Hello>(&[0xff, 0xff, 0xff]),
            Err(FrameError::Garbled(_))
        ));
    }
}
