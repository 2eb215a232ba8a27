//! The client side: [`ClientSession`] speaks the protocol over one async connection
//! (the bench drives thousands of them on one runtime); [`NetHandle`] wraps one in its
//! own thread for the game window; [`Mirror`] keeps the local copy of lobby and game;
//! [`RelayReferee`] makes the relay the referee of a game table, and
//! [`mirrored_table`] builds that table from the mirror.

mod handle;
mod known_relays;
mod mirror;
mod reconnect;
mod referee;
mod rejoin_store;
mod table;

pub use handle::{ClientOptions, CloseReason, Disconnected, NetEvent, NetHandle, Notify};
pub use known_relays::{KNOWN_RELAYS_VARIABLE, KnownRelays, Pinned, Pinning};
pub use mirror::Mirror;
pub use reconnect::Reconnect;
pub use referee::{RelayLink, RelayReferee};
pub use rejoin_store::{HostingSecrets, REJOIN_DIR_VARIABLE, RejoinStore, StoredSeat};
pub use table::mirrored_table;

use crate::auth::{ChannelBinding, JoinerExchange, host_answer};
use crate::frame::{Connection, FrameError, Secured};
use crate::invite::InviteSecret;
use crate::keys::Fingerprint;
use crate::protocol::{
    ClientMsg, DEFAULT_PORT, Denied, Entered, Entry, EntryRefusal, EntryReply, ExchangeAnswer,
    GameSetup, Hello, PROTOCOL_VERSION, ServerMsg, Token, Welcome,
};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use thiserror::Error;
use tokio::net::TcpStream;

/// Why a client could not get in, or lost its connection.
#[derive(Debug, Error)]
pub enum ClientError {
    /// Nothing answered at the address.
    #[error("{reason}{}", if *.forwarding_hint { FORWARDING_HINT } else { "" })]
    Unreachable {
        /// The address tried.
        addr: String,
        /// What went wrong, in a player's words.
        reason: String,
        /// Whether the port-forwarding hint applies: nobody answered at an address
        /// outside the home network (a home or loopback address never gets it).
        forwarding_hint: bool,
    },
    /// The host did not answer in time.
    #[error("the host did not answer within {} s", .after.as_secs_f32())]
    Timeout {
        /// How long the client waited.
        after: Duration,
    },
    /// The host stopped answering after the game began.
    #[error("the host stopped answering")]
    Silent,
    /// The server said it was shutting down (it may be restarting).
    #[error("the server shut down")]
    ServerClosed,
    /// The two programs speak different protocol versions.
    #[error(
        "different game versions: the host speaks protocol version {theirs}, this game \
         speaks version {ours}; both need the same Plyground version"
    )]
    VersionMismatch {
        /// This build's version.
        ours: u32,
        /// The host's version.
        theirs: u32,
    },
    /// The server proved a key other than the one the invite code names: someone may
    /// sit between the player and the relay. Nothing was said over the connection.
    #[error(
        "the server proved a different key (fingerprint {shown}) from the one the invite \
         code names ({expected}): someone may be in the middle, so the game did not go on"
    )]
    WrongRelay {
        /// The fingerprint the invite code names.
        expected: Fingerprint,
        /// The fingerprint of the key the server proved.
        shown: Fingerprint,
    },
    /// The relay at an address typed by hand proved another key than the first time
    /// this computer met it: someone may sit in the middle (or its operator changed its
    /// key). Nothing was said over the connection.
    #[error(
        "WARNING: the relay at {address} proved a different key (fingerprint {shown}) from \
         the one it proved before ({pinned}): someone may be in the middle, so the game did \
         not go on. If the relay's operator says its key changed (and gives you its new \
         fingerprint), remove {address} from {file} and join again"
    )]
    RelayKeyChanged {
        /// The address as typed (with its port).
        address: String,
        /// The fingerprint remembered for it.
        pinned: Fingerprint,
        /// The fingerprint of the key it proved now.
        shown: Fingerprint,
        /// The file of known relays.
        file: String,
    },
    /// The file of known relays could not be read or written.
    #[error("the relays met before cannot be checked: {0}")]
    KnownRelays(std::io::Error),
    /// The host turned the connection away before entry (for instance, too busy).
    #[error("the host turned the connection away: {0}")]
    TurnedAway(String),
    /// The host refused entry into the lobby.
    #[error(transparent)]
    Refused(#[from] EntryRefusal),
    /// The connection broke or carried something unreadable.
    #[error("the connection was lost: {0}")]
    Lost(#[from] FrameError),
    /// The client's own thread could not be set up.
    #[error("the network thread could not start: {0}")]
    Thread(std::io::Error),
}

/// What a joiner is told when nobody answered at an address outside the home network.
const FORWARDING_HINT: &str = "; if the host is behind a home router, it must forward \
    that port to the host's computer (or the host's game can ask the router, see Help)";

/// The share of the entry time limit the first step, reaching the host, may take: when
/// it runs out, nobody answered (rather than the host answering too slowly).
const CONNECT_SHARE: f32 = 0.8;

/// Whether `ip` is an address of this computer or of a home (private) network, where a
/// router's port forwarding plays no part.
pub fn is_home_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let carrier_grade = v4.octets()[0] == 100 && (v4.octets()[1] & 0xc0) == 64;
            v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || carrier_grade
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_home_address(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                v6.is_loopback()
                    || v6.is_unspecified()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80
            }
        },
    }
}

/// Whether a player opens a lobby or joins one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Open a lobby offering this game, and host it.
    Open(GameSetup),
    /// Join a lobby.
    Join {
        /// The lobby's code; may be left out when the server holds one lobby only.
        code: Option<String>,
        /// The token from an earlier entry, to take a kept seat back.
        token: Option<Token>,
    },
}

/// Who is entering which lobby, with which password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRequest {
    /// The player's name (see [`crate::name`] for the rules).
    pub name: String,
    /// The lobby's password (empty for none).
    pub password: String,
    /// Open or join.
    pub role: Role,
    /// The lobby's invite secret: for its host, the one to put in invite codes and
    /// answer for; for a player joining with an invite code, the one to prove in place
    /// of the password.
    pub invite: Option<InviteSecret>,
    /// The fingerprint of the relay's key, when the player has it (from an invite
    /// code): a server that proves another key is left before anything is said.
    pub relay: Option<Fingerprint>,
    /// The seats kept on disk: once the relay has proved its key, a seat kept there for
    /// this name is taken back instead (in the lobby with the code asked for, if any;
    /// for a request to open a lobby, a lobby this player hosts there, opening a new one
    /// only when that lobby is gone). See [`EntryRequest::with_kept_seats`].
    pub kept: Option<RejoinStore>,
}

impl EntryRequest {
    /// Open a lobby offering `setup`; a lobby with a password gets a new invite secret.
    pub fn open(name: &str, password: &str, setup: GameSetup) -> EntryRequest {
        EntryRequest {
            name: name.to_string(),
            password: password.to_string(),
            role: Role::Open(setup),
            invite: (!password.is_empty()).then(InviteSecret::random),
            relay: None,
            kept: None,
        }
    }

    /// This request, expecting the relay whose key has the fingerprint `relay`.
    pub fn with_relay(mut self, relay: Option<Fingerprint>) -> EntryRequest {
        self.relay = relay;
        self
    }

    /// This request, going back to a seat kept in `store` for this name on the relay it
    /// reaches, whatever address or code was typed to reach it (a host returns to the
    /// lobby it hosts there rather than open a second one).
    pub fn with_kept_seats(mut self, store: Option<RejoinStore>) -> EntryRequest {
        self.kept = store;
        self
    }

    /// This request with the lobby's invite secret (from an invite code, or the host's
    /// own when it comes back).
    pub fn with_invite(mut self, invite: Option<InviteSecret>) -> EntryRequest {
        self.invite = invite;
        self
    }

    /// Join the lobby with `code` (or the server's only lobby).
    pub fn join(name: &str, password: &str, code: Option<&str>) -> EntryRequest {
        EntryRequest {
            name: name.to_string(),
            password: password.to_string(),
            role: Role::Join {
                code: code.map(str::to_string),
                token: None,
            },
            invite: None,
            relay: None,
            kept: None,
        }
    }

    /// Rejoin the lobby with `code` (or the only one) with the token from a first entry.
    pub fn rejoin(name: &str, password: &str, code: Option<&str>, token: Token) -> EntryRequest {
        EntryRequest {
            name: name.to_string(),
            password: password.to_string(),
            role: Role::Join {
                code: code.map(str::to_string),
                token: Some(token),
            },
            invite: None,
            relay: None,
            kept: None,
        }
    }
}

/// `addr` with the default port added when it names none.
pub fn with_default_port(addr: &str) -> String {
    let addr = addr.trim();
    if addr.parse::<SocketAddr>().is_ok() {
        return addr.to_string();
    }
    if let Ok(ip) = addr.trim_matches(['[', ']']).parse::<IpAddr>() {
        return SocketAddr::new(ip, DEFAULT_PORT).to_string();
    }
    match addr.rsplit_once(':') {
        Some((_, port)) if port.parse::<u16>().is_ok() => addr.to_string(),
        _ => format!("{addr}:{DEFAULT_PORT}"),
    }
}

/// One connection to a server, past the handshake.
#[derive(Debug)]
pub struct ClientSession {
    conn: Connection,
    heartbeat: Duration,
    /// The lobby's password, kept by its host to answer players who join.
    host_password: Option<String>,
    /// The lobby's invite secret, kept by its host to answer players with an invite.
    host_invite: Option<InviteSecret>,
    /// When the host last answered password exchanges, to answer only so many.
    answered: Vec<std::time::Instant>,
    /// When the host last answered invite exchanges.
    answered_invites: Vec<std::time::Instant>,
    /// The static key the server proved in this connection's handshake.
    relay: [u8; 32],
}

/// How many password exchanges a host answers per minute: past that, a relay (or
/// anyone) trying passwords against the host is turned down.
pub const HOST_EXCHANGES_PER_MINUTE: usize = 30;

/// How many invite exchanges a host answers per minute, apart from the password ones:
/// a bound on the work they cost, since nobody can guess a secret of 64 random bits.
pub const HOST_INVITE_EXCHANGES_PER_MINUTE: usize = 600;

impl ClientSession {
    /// Connects to `addr` (default port if none), says hello, proves the password and
    /// enters a lobby, all within `limit`; a relay outside the home network is checked
    /// against the relays met before ([`Pinning::standard`]).
    pub async fn connect(
        addr: &str,
        request: &EntryRequest,
        limit: Duration,
    ) -> Result<(ClientSession, Entered), ClientError> {
        ClientSession::connect_pinned(addr, request, limit, &Pinning::standard()).await
    }

    /// [`ClientSession::connect`], checking the relay's key as `pinning` says when the
    /// request names no fingerprint.
    pub async fn connect_pinned(
        addr: &str,
        request: &EntryRequest,
        limit: Duration,
        pinning: &Pinning,
    ) -> Result<(ClientSession, Entered), ClientError> {
        let addr = with_default_port(addr);
        let entered =
            tokio::time::timeout(limit, ClientSession::enter(&addr, request, limit, pinning))
                .await
                .unwrap_or(Err(ClientError::Timeout { after: limit }));
        match entered {
            // The lobby this player hosted there is gone (its seat was forgotten): open
            // the new one asked for.
            Err(ClientError::Refused(refusal))
                if kept_seat_gone(&refusal) && matches!(request.role, Role::Open(_)) =>
            {
                let opening = request.clone().with_kept_seats(None);
                tokio::time::timeout(limit, ClientSession::enter(&addr, &opening, limit, pinning))
                    .await
                    .unwrap_or(Err(ClientError::Timeout { after: limit }))
            }
            entered => entered,
        }
    }

    async fn enter(
        addr: &str,
        request: &EntryRequest,
        limit: Duration,
        pinning: &Pinning,
    ) -> Result<(ClientSession, Entered), ClientError> {
        let stream = reach(addr, limit.mul_f32(CONNECT_SHARE)).await?;
        let known = stream
            .peer_addr()
            .ok()
            .and_then(|peer| pinning.for_address(peer.ip()))
            .filter(|_| request.relay.is_none());
        let mut conn = Connection::new(stream);
        conn.send(&Hello {
            version: PROTOCOL_VERSION,
            software: concat!("plyground ", env!("CARGO_PKG_VERSION")).to_string(),
        })
        .await?;
        let welcome: Welcome = conn.read_message().await?;
        if welcome.version != PROTOCOL_VERSION {
            return Err(ClientError::VersionMismatch {
                ours: PROTOCOL_VERSION,
                theirs: welcome.version,
            });
        }
        if let Some(reason) = welcome.refused {
            return Err(ClientError::TurnedAway(reason));
        }
        let Secured { binding, relay } = conn.secure_as_client().await?;
        let shown = Fingerprint::of(&relay);
        if let Some(expected) = request.relay.filter(|expected| *expected != shown) {
            return Err(ClientError::WrongRelay { expected, shown });
        }
        if let Some(known) = known
            && let Pinned::Changed(pinned) =
                known.check(addr, shown).map_err(ClientError::KnownRelays)?
        {
            return Err(ClientError::RelayKeyChanged {
                address: addr.to_string(),
                pinned,
                shown,
                file: known.path().display().to_string(),
            });
        }
        let kept = request
            .kept
            .as_ref()
            .and_then(|store| Some((store, kept_seat(store, request, shown)?)));
        let role = match &kept {
            Some((_, seat)) => Role::Join {
                code: Some(seat.code.clone()),
                token: Some(seat.token),
            },
            None => request.role.clone(),
        };
        let mut exchange = None;
        let entry = match &role {
            // A saved game's moves follow entry: the entry itself stays small.
            Role::Open(setup) => Entry::Open {
                name: request.name.clone(),
                locked: !request.password.is_empty(),
                setup: GameSetup {
                    moves: Vec::new(),
                    ..setup.clone()
                },
            },
            Role::Join { code, token } => {
                // With a token the relay asks for the password only if the seat is gone.
                // An invite code's secret is proven in place of the password.
                let proof = match &request.invite {
                    Some(secret) => Some(secret.exchange_text()),
                    None => (!request.password.is_empty()).then(|| request.password.clone()),
                };
                let message = proof.map(|proof| {
                    let (state, message) =
                        JoinerExchange::start(&proof, &request.name, binding, &relay);
                    exchange = Some(state);
                    message
                });
                Entry::Join {
                    name: request.name.clone(),
                    code: code.clone(),
                    token: *token,
                    exchange: message,
                    invite: request.invite.is_some(),
                }
            }
        };
        conn.send(&entry).await?;
        let entered = loop {
            match conn.read_message::<EntryReply>().await? {
                EntryReply::Entered(entered) => break *entered,
                EntryReply::Refused(refusal) => {
                    if let Some((store, seat)) = &kept
                        && kept_seat_gone(&refusal)
                    {
                        // Best effort: a seat that opens nothing is dropped from the list.
                        let _ = store.forget_seat(seat);
                    }
                    return Err(ClientError::Refused(refusal));
                }
                EntryReply::Exchange { message, confirm } => {
                    // The host's confirmation tells whether the passwords matched; the
                    // relay counts a wrong one either way.
                    let confirm = exchange
                        .take()
                        .and_then(|state| state.finish(&message, &confirm))
                        .ok_or(ClientError::Refused(EntryRefusal::WrongPassword))?;
                    conn.send(&Entry::Confirm { confirm }).await?;
                }
            }
        };
        // The host keeps the password to answer those who join, whether it opened the
        // lobby or came back to it (after a crash, or the window's reconnection).
        let host_password = entered
            .host
            .then(|| request.password.clone())
            .filter(|password| !password.is_empty());
        let session = ClientSession {
            conn,
            heartbeat: Duration::from_millis(u64::from(welcome.heartbeat_ms.max(1))),
            host_password,
            host_invite: request.invite.filter(|_| entered.host),
            relay,
            answered: Vec::new(),
            answered_invites: Vec::new(),
        };
        match &role {
            Role::Open(setup) if !setup.moves.is_empty() => {
                session.offer_saved_game(setup, entered).await
            }
            _ => Ok((session, entered)),
        }
    }

    /// Sends the moves of the saved game a lobby opens with, and waits for the server
    /// to accept them (the lobby then offers it) or refuse them (the lobby is left, as
    /// if opening it had been refused).
    async fn offer_saved_game(
        mut self,
        setup: &GameSetup,
        mut entered: Entered,
    ) -> Result<(ClientSession, Entered), ClientError> {
        self.send(&ClientMsg::Setup(setup.clone())).await?;
        loop {
            match self.recv().await? {
                ServerMsg::Lobby(view) if view.setup == *setup => {
                    entered.lobby = view;
                    return Ok((self, entered));
                }
                ServerMsg::Denied(Denied::BadSetup { reason }) => {
                    self.leave().await;
                    return Err(ClientError::Refused(EntryRefusal::BadSetup { reason }));
                }
                ServerMsg::Ping { nonce } => self.send(&ClientMsg::Pong { nonce }).await?,
                ServerMsg::JoinRequest {
                    ticket,
                    name,
                    exchange,
                    binding,
                    invite,
                } => {
                    self.answer_join(ticket, &name, &exchange, &binding, invite)
                        .await?
                }
                _ => {}
            }
        }
    }

    /// How often the server pings.
    pub fn heartbeat(&self) -> Duration {
        self.heartbeat
    }

    /// The fingerprint of the key the server proved (for invite codes, and for the
    /// player to compare with the one the relay's operator gives).
    pub fn relay_fingerprint(&self) -> Fingerprint {
        Fingerprint::of(&self.relay)
    }

    /// Adds a message to the outgoing buffer (sent by the next [`ClientSession::flush`]).
    pub fn queue(&mut self, message: &ClientMsg) -> Result<(), ClientError> {
        Ok(self.conn.queue_message(message)?)
    }

    /// Writes everything queued.
    pub async fn flush(&mut self) -> Result<(), ClientError> {
        self.conn.flush().await.map_err(FrameError::from)?;
        Ok(())
    }

    /// Sends one message.
    pub async fn send(&mut self, message: &ClientMsg) -> Result<(), ClientError> {
        Ok(self.conn.send(message).await?)
    }

    /// Waits for the next message from the server (pings included). Cancel safe.
    pub async fn recv(&mut self) -> Result<ServerMsg, ClientError> {
        Ok(self.conn.read_message().await?)
    }

    /// Host: answers a player's exchange ([`ServerMsg::JoinRequest`]) with the lobby's
    /// password, or with its invite secret when the player has an invite code, each
    /// within its own budget a minute (past it, the exchange is turned down).
    pub async fn answer_join(
        &mut self,
        ticket: u64,
        name: &str,
        exchange: &[u8],
        binding: &ChannelBinding,
        invite: bool,
    ) -> Result<(), ClientError> {
        let now = std::time::Instant::now();
        let (proof, answered, per_minute) = if invite {
            let secret = self.host_invite.map(|secret| secret.exchange_text());
            let answered = &mut self.answered_invites;
            (secret, answered, HOST_INVITE_EXCHANGES_PER_MINUTE)
        } else {
            let password = self.host_password.clone();
            (password, &mut self.answered, HOST_EXCHANGES_PER_MINUTE)
        };
        answered.retain(|when| now.duration_since(*when) < Duration::from_secs(60));
        let answer = match proof {
            Some(proof) if answered.len() < per_minute => {
                answered.push(now);
                let relay = self.relay;
                host_answer(&proof, name, binding, &relay, exchange).map(|answer| ExchangeAnswer {
                    message: answer.message,
                    confirm: answer.confirm,
                    expected: answer.expected,
                })
            }
            _ => None,
        };
        self.send(&ClientMsg::JoinAnswer { ticket, answer }).await
    }

    /// Leaves the lobby and closes the connection politely.
    pub async fn leave(&mut self) {
        if self.conn.queue_message(&ClientMsg::Leave).is_ok() {
            let _ = tokio::time::timeout(Duration::from_secs(1), self.conn.finish()).await;
        }
    }
}

/// The seat kept in `store` that `request` goes back to on the relay whose key has the
/// fingerprint `relay`: for a request to open a lobby, a lobby this player hosts there;
/// for a join without a token, a seat in the lobby asked for (any, without a code).
fn kept_seat(
    store: &RejoinStore,
    request: &EntryRequest,
    relay: Fingerprint,
) -> Option<StoredSeat> {
    match &request.role {
        Role::Open(_) => store.recall_at(relay, &request.name, None, true),
        Role::Join { code, token: None } => {
            store.recall_at(relay, &request.name, code.as_deref(), false)
        }
        Role::Join { token: Some(_), .. } => None,
    }
}

/// Whether `refusal`, to a seat's token, says the seat is gone for good.
fn kept_seat_gone(refusal: &EntryRefusal) -> bool {
    matches!(
        refusal,
        EntryRefusal::NoSuchLobby { .. } | EntryRefusal::BadToken { .. }
    )
}

/// Why a connection could not be made, in a player's words rather than the system's
/// ("Connection refused (os error 111)").
/// Opens a TCP connection to `addr` within `limit`; when nobody answers, says so, with the
/// port-forwarding hint only for an address outside the home network.
async fn reach(addr: &str, limit: Duration) -> Result<TcpStream, ClientError> {
    let targets: Vec<SocketAddr> = match tokio::net::lookup_host(addr).await {
        Ok(found) => found.collect(),
        Err(_) => {
            return Err(ClientError::Unreachable {
                addr: addr.to_string(),
                reason: format!("no computer called {} was found", host_part(addr)),
                forwarding_hint: false,
            });
        }
    };
    let outside = targets.iter().any(|target| !is_home_address(target.ip()));
    let unanswered = |reason: &str, nobody_answered: bool| ClientError::Unreachable {
        addr: addr.to_string(),
        reason: reason.to_string(),
        forwarding_hint: nobody_answered && outside,
    };
    match tokio::time::timeout(limit, TcpStream::connect(&targets[..])).await {
        Ok(Ok(stream)) => Ok(stream),
        Ok(Err(error)) => {
            use std::io::ErrorKind;
            let nobody = matches!(
                error.kind(),
                ErrorKind::ConnectionRefused | ErrorKind::TimedOut
            );
            Err(unanswered(unreachable_reason(&error), nobody))
        }
        Err(_) => Err(unanswered("no answer came", true)),
    }
}

/// The host part of `addr` ("example.org" of "example.org:7373").
fn host_part(addr: &str) -> &str {
    addr.rsplit_once(':').map_or(addr, |(host, _)| host)
}

fn unreachable_reason(error: &std::io::Error) -> &'static str {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::ConnectionRefused => "nothing answered on that port",
        ErrorKind::TimedOut => "no answer came",
        ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable => {
            "that address cannot be reached from this computer"
        }
        ErrorKind::AddrNotAvailable | ErrorKind::InvalidInput => "that is not a usable address",
        _ => "the address could not be reached",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_and_loopback_addresses_are_told_apart_from_outside_ones() {
        for home in [
            "127.0.0.1",
            "192.168.1.20",
            "10.0.0.2",
            "172.16.5.4",
            "169.254.1.1",
            "100.64.0.1",
            "::1",
            "fd12::1",
            "fe80::1",
            "::ffff:192.168.1.2",
        ] {
            assert!(is_home_address(home.parse().expect("an address")), "{home}");
        }
        for outside in ["203.0.113.7", "8.8.8.8", "100.128.0.1", "2001:db8::1"] {
            assert!(
                !is_home_address(outside.parse().expect("an address")),
                "{outside}"
            );
        }
    }

    #[test]
    fn the_forwarding_hint_is_said_only_where_it_applies() {
        let said = |forwarding_hint| {
            ClientError::Unreachable {
                addr: "203.0.113.7:7373".into(),
                reason: "nothing answered on that port".into(),
                forwarding_hint,
            }
            .to_string()
        };
        assert_eq!(said(false), "nothing answered on that port");
        assert_eq!(said(true).matches("forward").count(), 1, "{}", said(true));
    }

    #[test]
    fn addresses_get_the_default_port() {
        assert_eq!(with_default_port("10.0.0.2"), "10.0.0.2:7373");
        assert_eq!(with_default_port("10.0.0.2:99"), "10.0.0.2:99");
        assert_eq!(with_default_port("::1"), "[::1]:7373");
        assert_eq!(with_default_port("[::1]:80"), "[::1]:80");
        assert_eq!(with_default_port(" example.org "), "example.org:7373");
        assert_eq!(with_default_port("example.org:1"), "example.org:1");
    }
}
