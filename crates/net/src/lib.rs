//! Online play for Plyground: the wire protocol, the relay server and the client.
//!
//! - [`protocol`]: every message, postcard-encoded, one per length-delimited frame
//!   ([`frame`]), starting with a versioned hello.
//! - [`frame`] encrypts every connection after the hello (Noise NX: the relay proves
//!   its static key, [`keys`]); [`auth`]: a lobby's password is checked by its host
//!   with SPAKE2 through the relay, never sent.
//! - [`server`]: `run(listener, config, shutdown)` serves lobbies and referees their
//!   games through `ply-modes`; [`host_in_process`] runs it for a peer-hosted game.
//! - [`client`]: [`NetHandle`] (own thread, non-blocking sends, crossbeam events) for
//!   the window, [`ClientSession`] for async code, [`Mirror`] for the local copy,
//!   [`RelayReferee`] to make the relay the referee of a `ply-play` table.
//! - [`portmap`]: asks the home router (UPnP IGD) to forward the lobby's port, keeps
//!   the mapping renewed and removes it at the end; [`invite`]: invite codes.
//! - [`bench`](mod@bench): the relay benchmark behind `ply bench relay`.

pub mod auth;
pub mod bench;
pub mod budget;
pub mod cipher;
pub mod client;
pub mod frame;
pub mod invite;
pub mod keys;
pub mod name;
pub mod portmap;
pub mod protocol;
mod resume;
pub mod server;
pub mod text;

pub use client::{
    ClientError, ClientOptions, ClientSession, CloseReason, Disconnected, EntryRequest,
    HOST_EXCHANGES_PER_MINUTE, HOST_INVITE_EXCHANGES_PER_MINUTE, HostingSecrets,
    KNOWN_RELAYS_VARIABLE, KnownRelays, Mirror, NetEvent, NetHandle, Notify, Pinned, Pinning,
    REJOIN_DIR_VARIABLE, Reconnect, RejoinStore, RelayLink, RelayReferee, Role, StoredSeat,
    mirrored_table,
};
pub use protocol::{
    BadToken, ClientMsg, ClockSetup, ClockView, Denied, Entered, EntryRefusal, GameSetup, GameView,
    LobbyView, Occupant, PROTOCOL_VERSION, PlayerView, Resume, ServerMsg, StandIn, Token,
};
pub use server::{HostedServer, ServerConfig, host_in_process, run};
