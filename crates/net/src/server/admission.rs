//! Who may open a connection to the relay: connections in all, per address and per
//! network, handshakes under way (the same three, with a crowded network's oldest
//! handshake giving way to a newcomer from elsewhere) and the memory budgets; and what
//! a connection turned away hears, in a frame made once.

use super::ServerConfig;
use super::address::AddressKey;
use super::handshakes::{Handshake, Handshakes, Limits, Refusal};
use super::memory::MemoryBudgets;
use super::quota::{Crowded, Quota, Slot};
use crate::frame::encode;
use crate::protocol::{MAX_FRAME_LEN, PROTOCOL_VERSION, Welcome};
use bytes::{Bytes, BytesMut};
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::codec::{Encoder, LengthDelimitedCodec};

/// Why a connection is turned away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnedAway {
    /// The server has as many connections, or handshakes, as it takes, or most of its
    /// memory budget (or the address's, or the network's) is in use.
    Busy,
    /// The address has as many handshakes under way as it may.
    AddressConnecting,
    /// The network has as many handshakes under way as it may.
    NetworkConnecting,
    /// The address has as many connections open as it may.
    AddressFull,
    /// The network has as many connections open as it may.
    NetworkFull,
}

impl TurnedAway {
    /// The event's name in the log (each logged at most once a minute per address).
    pub fn kind(self) -> &'static str {
        match self {
            TurnedAway::Busy => "server busy (connections, handshakes or memory)",
            TurnedAway::AddressConnecting => "too many handshakes from this address",
            TurnedAway::NetworkConnecting => "too many handshakes from this network",
            TurnedAway::AddressFull => "too many connections from this address",
            TurnedAway::NetworkFull => "too many connections from this network",
        }
    }

    /// What the connection is told, in a player's words.
    fn reason(self) -> &'static str {
        match self {
            TurnedAway::Busy => "the server is too busy right now; try again in a moment",
            TurnedAway::AddressConnecting => {
                "too many connections from your address are still connecting; try again in a moment"
            }
            TurnedAway::NetworkConnecting => {
                "too many connections from your network are still connecting; try again in a moment"
            }
            TurnedAway::AddressFull => {
                "your address has as many connections open on this server as one address may"
            }
            TurnedAway::NetworkFull => {
                "your network has as many connections open on this server as one network may"
            }
        }
    }

    /// The frame the connection is sent before it is closed.
    pub fn frame(self) -> &'static [u8] {
        static FRAMES: std::sync::OnceLock<Vec<Bytes>> = std::sync::OnceLock::new();
        let frames = FRAMES.get_or_init(|| {
            [
                TurnedAway::Busy,
                TurnedAway::AddressConnecting,
                TurnedAway::NetworkConnecting,
                TurnedAway::AddressFull,
                TurnedAway::NetworkFull,
            ]
            .into_iter()
            .map(|turned_away| refusal_frame(turned_away.reason()))
            .collect()
        });
        &frames[self as usize]
    }
}

/// The frame sent to connections turned away with `reason`.
fn refusal_frame(reason: &str) -> Bytes {
    let welcome = Welcome {
        version: PROTOCOL_VERSION,
        nonce: [0; 32],
        heartbeat_ms: 0,
        refused: Some(reason.to_string()),
    };
    let mut frame = BytesMut::new();
    let mut codec = LengthDelimitedCodec::builder()
        .max_frame_length(MAX_FRAME_LEN)
        .new_codec();
    let encoded = encode(&welcome).map(|payload| codec.encode(payload, &mut frame));
    match encoded {
        Ok(Ok(())) => frame.freeze(),
        _ => Bytes::new(),
    }
}

/// The places a connection holds: one among all connections and among its address's
/// and network's, and one among the handshakes until it has entered.
#[derive(Debug)]
pub(crate) struct Admitted {
    /// Held for the connection's whole life.
    pub connection: (OwnedSemaphorePermit, Slot),
    /// Held until entry (or until a newcomer takes it, which ends the handshake).
    pub handshake: Handshake,
}

/// The counts every connection is checked against.
#[derive(Debug)]
pub(crate) struct Admission {
    connections: Arc<Semaphore>,
    per_source: Arc<Quota>,
    handshakes: Arc<Handshakes>,
}

impl Admission {
    /// Empty counts with the limits of `config`.
    pub fn new(config: &ServerConfig) -> Admission {
        Admission {
            connections: Arc::new(Semaphore::new(config.max_connections)),
            per_source: Quota::new(
                config.max_connections_per_address,
                config.max_connections_per_network,
            ),
            handshakes: Handshakes::new(Limits {
                total: config.max_pending_handshakes,
                per_address: config.max_handshakes_per_address,
                per_network: config.max_handshakes_per_network,
            }),
        }
    }

    /// Lets a connection from `address` in, or says why not.
    pub fn admit(
        &self,
        address: AddressKey,
        memory: &MemoryBudgets,
    ) -> Result<Admitted, TurnedAway> {
        if !memory.admits(address) {
            return Err(TurnedAway::Busy);
        }
        let permit = self
            .connections
            .clone()
            .try_acquire_owned()
            .map_err(|_| TurnedAway::Busy)?;
        let slot = self
            .per_source
            .take(address)
            .map_err(|crowded| match crowded {
                Crowded::Address => TurnedAway::AddressFull,
                Crowded::Network => TurnedAway::NetworkFull,
            })?;
        let handshake = self
            .handshakes
            .begin(address)
            .map_err(|refusal| match refusal {
                Refusal::Address => TurnedAway::AddressConnecting,
                Refusal::Network => TurnedAway::NetworkConnecting,
                Refusal::Full => TurnedAway::Busy,
            })?;
        Ok(Admitted {
            connection: (permit, slot),
            handshake,
        })
    }
}
