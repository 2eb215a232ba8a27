//! Helpers the loopback tests share: a server on 127.0.0.1 port 0 with short timings,
//! clients that wait for events (never for fixed sleeps), and raw sockets for hostile
//! input.

use ply_core::Player;
use ply_net::frame::encode;
use ply_net::protocol::{Entry, EntryReply, Hello, Welcome};
use ply_net::{
    ClientMsg, ClientOptions, CloseReason, EntryRequest, GameSetup, HostedServer, Mirror, NetEvent,
    NetHandle, Occupant, PROTOCOL_VERSION, ServerConfig, ServerMsg, host_in_process,
};
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// The address honest players connect from; attackers use others in 127.0.0.0/8.
pub const LOOPBACK: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

/// The longest any awaited event may take before a test fails (only reached on failure).
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A quiet chess opening, long enough to keep a game going through a test's waits.
pub const OPENING: [&str; 24] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "b1d2", "a7a6",
    "h2h3", "h7h6", "a2a4", "a6a5", "b2b3", "b7b6", "g2g3", "g7g6", "c1b2", "c8b7", "d1e2", "d8e7",
];

/// Short timings so the tests stay quick, with room for a busy machine.
pub fn quick_config() -> ServerConfig {
    ServerConfig {
        max_lobbies: 8,
        handshake_timeout: Duration::from_millis(500),
        heartbeat_interval: Duration::from_millis(200),
        idle_timeout: Duration::from_secs(5),
        auth_failure_delay: Duration::from_millis(300),
        auth_failure_max_delay: Duration::from_secs(2),
        ..ServerConfig::default()
    }
}

/// A quick config proving `key` and keeping its lobbies in the store at `path`; a
/// lobby nobody playing is connected to closes after 0.6 s.
pub fn kept_in(path: &std::path::Path, key: &ply_net::keys::RelayKey) -> ServerConfig {
    let store = ply_net::server::RelayStore::open(path).expect("the store opens");
    ServerConfig {
        key: key.clone(),
        store: Some(std::sync::Arc::new(store)),
        empty_lobby_wait: Duration::from_millis(600),
        ..quick_config()
    }
}

/// A server on a free loopback port.
pub fn serve(config: ServerConfig) -> HostedServer {
    serve_at(([127, 0, 0, 1], 0).into(), config)
}

/// A server at `addr` (a server started again where one stopped).
pub fn serve_at(addr: SocketAddr, config: ServerConfig) -> HostedServer {
    host_in_process(addr, config).expect("the test server starts")
}

/// A connected client with its local copy of the lobby and game.
pub struct Client {
    pub handle: NetHandle,
    pub mirror: Mirror,
}

impl Client {
    /// Connects and waits for the entry's outcome.
    pub fn try_enter(server: SocketAddr, request: EntryRequest) -> Result<Client, CloseReason> {
        Client::try_enter_with(server, request, ClientOptions::default())
    }

    /// [`Client::try_enter`] with `options`.
    pub fn try_enter_with(
        server: SocketAddr,
        request: EntryRequest,
        options: ClientOptions,
    ) -> Result<Client, CloseReason> {
        let mut client = Client {
            handle: NetHandle::connect_with(&server.to_string(), request, options),
            mirror: Mirror::new(),
        };
        match client.next() {
            NetEvent::Entered(_) => Ok(client),
            NetEvent::Closed(reason) => Err(reason),
            other => panic!("an event before entry: {other:?}"),
        }
    }

    /// Opens a lobby offering `setup` with `password`.
    pub fn host(server: SocketAddr, name: &str, password: &str, setup: GameSetup) -> Client {
        Client::try_enter(server, EntryRequest::open(name, password, setup))
            .unwrap_or_else(|reason| panic!("{name} could not open a lobby: {reason}"))
    }

    /// Joins the server's only lobby.
    pub fn join(server: SocketAddr, name: &str, password: &str) -> Client {
        Client::try_enter(server, EntryRequest::join(name, password, None))
            .unwrap_or_else(|reason| panic!("{name} could not join: {reason}"))
    }

    /// The next event (failing the test after [`PATIENCE`]).
    pub fn next(&mut self) -> NetEvent {
        let event = self
            .handle
            .events()
            .recv_timeout(PATIENCE)
            .expect("an event arrives in time");
        self.mirror.apply(&event);
        event
    }

    /// Skips events until `pick` accepts one, and returns what it made of it.
    pub fn expect<T>(&mut self, what: &str, mut pick: impl FnMut(&NetEvent) -> Option<T>) -> T {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let event = self
                .handle
                .events()
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what} within {PATIENCE:?}"));
            self.mirror.apply(&event);
            if let Some(found) = pick(&event) {
                return found;
            }
            if let NetEvent::Closed(reason) = &event {
                panic!("closed ({reason}) while waiting for {what}");
            }
        }
    }

    /// Waits for a server message that `pick` accepts.
    pub fn expect_message<T>(
        &mut self,
        what: &str,
        mut pick: impl FnMut(&ServerMsg) -> Option<T>,
    ) -> T {
        self.expect(what, |event| match event {
            NetEvent::Message(message) => pick(message),
            _ => None,
        })
    }

    /// Waits for the end of the connection.
    pub fn expect_closed(&mut self) -> CloseReason {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let event = self
                .handle
                .events()
                .recv_timeout(left)
                .expect("the connection closes in time");
            self.mirror.apply(&event);
            if let NetEvent::Closed(reason) = event {
                return reason;
            }
        }
    }

    /// Sends a request.
    pub fn send(&self, message: ClientMsg) {
        self.handle.send(message).expect("the client is connected");
    }

    /// Sends a move.
    pub fn play(&self, text: &str) {
        self.send(ClientMsg::Move {
            text: text.to_string(),
        });
    }

    /// Waits until move number `ply` was played, and returns its text.
    pub fn expect_move(&mut self, ply: u32) -> String {
        self.expect_message(&format!("move {ply}"), |message| match message {
            ServerMsg::MovePlayed { ply: p, text, .. } if *p == ply => Some(text.clone()),
            _ => None,
        })
    }

    /// Waits for a lobby view that satisfies `check`.
    pub fn expect_lobby(&mut self, what: &str, check: impl Fn(&ply_net::LobbyView) -> bool) {
        self.expect_message(what, |message| match message {
            ServerMsg::Lobby(view) if check(view) => Some(()),
            _ => None,
        })
    }

    /// Waits for a refusal of a request and returns it.
    pub fn expect_denied(&mut self) -> ply_net::Denied {
        self.expect_message("a refusal", |message| match message {
            ServerMsg::Denied(reason) => Some(reason.clone()),
            _ => None,
        })
    }

    /// Waits for a refusal of a move and returns its reason.
    pub fn expect_move_refused(&mut self) -> ply_net::Denied {
        self.expect_message("a move refusal", |message| match message {
            ServerMsg::MoveRefused { reason, .. } => Some(reason.clone()),
            _ => None,
        })
    }

    /// Waits for the end of the game.
    pub fn expect_game_over(&mut self) -> ply_core::Outcome {
        self.expect_message("the end of the game", |message| match message {
            ServerMsg::GameOver { outcome } => Some(*outcome),
            _ => None,
        })
    }

    /// Waits for the start of a game.
    pub fn expect_started(&mut self) -> ply_net::GameView {
        self.expect_message("the start of a game", |message| match message {
            ServerMsg::GameStarted(view) => Some(view.clone()),
            _ => None,
        })
    }
}

/// Puts `name` (or the computer, or nobody) on `side`.
pub fn seat(side: Player, occupant: Option<&str>) -> ClientMsg {
    ClientMsg::SetSide {
        side,
        occupant: match occupant {
            Some("computer") => Occupant::Computer,
            Some(name) => Occupant::Player(name.to_string()),
            None => Occupant::Open,
        },
    }
}

/// Sends `request`, which gives a dropped player's side to someone else, again and
/// again until the claim countdown lets it through and the host sees `done`; returns
/// how many times it was refused for coming too early.
pub fn hand_over_when_allowed(
    host: &mut Client,
    request: &ClientMsg,
    done: impl Fn(&ply_net::LobbyView) -> bool,
) -> usize {
    let deadline = Instant::now() + PATIENCE;
    let mut early = 0;
    loop {
        host.send(request.clone());
        let answer = host.expect_message("an answer to the hand-over", |message| match message {
            ServerMsg::Lobby(view) if done(view) => Some(Ok(())),
            ServerMsg::Denied(reason) => Some(Err(reason.clone())),
            _ => None,
        });
        match answer {
            Ok(()) => return early,
            Err(ply_net::Denied::SeatKept { .. }) if Instant::now() < deadline => {
                early += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(other) => panic!("the hand-over was refused: {other}"),
        }
    }
}

/// A host and two players, seated White and Black, with a chess game started and
/// everyone past the start.
pub struct Table {
    pub host: Client,
    pub white: Client,
    pub black: Client,
}

impl Table {
    pub fn new(server: SocketAddr, password: &str) -> Table {
        let mut host = Client::host(server, "Hostess", password, GameSetup::new("chess"));
        let white = Client::join(server, "Walter", password);
        let black = Client::join(server, "Bianca", password);
        host.expect_lobby("both players in the lobby", |view| view.players.len() == 3);
        let mut table = Table { host, white, black };
        table.host.send(seat(Player::First, Some("Walter")));
        table.host.send(seat(Player::Second, Some("Bianca")));
        table.start();
        table
    }

    pub fn start(&mut self) {
        self.host.send(ClientMsg::Start);
        for client in self.all() {
            client.expect_started();
        }
    }

    pub fn all(&mut self) -> [&mut Client; 3] {
        [&mut self.host, &mut self.white, &mut self.black]
    }

    /// Plays `moves` alternately starting with the side to move, checking that everyone
    /// sees each one.
    pub fn play(&mut self, moves: &[&str]) {
        for text in moves {
            let to_move = self
                .white
                .mirror
                .game()
                .expect("a game is running")
                .to_move();
            let ply = self.white.mirror.moves().len() as u32 + 1;
            match to_move {
                Player::First => self.white.play(text),
                Player::Second => self.black.play(text),
            }
            for client in self.all() {
                assert_eq!(client.expect_move(ply), *text);
            }
        }
    }
}

/// A raw TCP connection for speaking (or breaking) the protocol by hand.
pub struct Raw {
    pub stream: TcpStream,
    /// The encrypted channel's keys, once [`Raw::secure`] ran.
    cipher: Option<snow::TransportState>,
    /// The channel's Noise handshake hash.
    pub binding: [u8; 32],
    /// The static key the server proved in the handshake.
    pub relay: [u8; 32],
}

impl Raw {
    pub fn connect(server: SocketAddr) -> Raw {
        Raw::connect_from(server, [127, 0, 0, 1].into())
    }

    /// Connects from another loopback address (127.0.0.0/8), so that a test can play
    /// an attacker and an honest player on different addresses.
    pub fn connect_from(server: SocketAddr, source: std::net::IpAddr) -> Raw {
        Raw::connect_with(server, source, None)
    }

    /// Connects with a small receive buffer, to play a reader on a slow line.
    pub fn connect_with(
        server: SocketAddr,
        source: std::net::IpAddr,
        receive_buffer: Option<u32>,
    ) -> Raw {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .expect("a runtime for connecting");
        let stream = runtime
            .block_on(async {
                let socket = tokio::net::TcpSocket::new_v4()?;
                socket.bind(SocketAddr::new(source, 0))?;
                if let Some(size) = receive_buffer {
                    socket.set_recv_buffer_size(size)?;
                }
                socket.connect(server).await?.into_std()
            })
            .expect("the server accepts");
        stream.set_nonblocking(false).expect("a blocking socket");
        stream
            .set_read_timeout(Some(PATIENCE))
            .expect("a read timeout can be set");
        Raw {
            stream,
            cipher: None,
            binding: [0; 32],
            relay: [0; 32],
        }
    }

    pub fn write(&mut self, bytes: &[u8]) {
        // The server may already have closed the connection; that is what some tests want.
        let _ = self.stream.write_all(bytes);
    }

    /// Writes one frame holding `payload` (encrypted once the channel is).
    pub fn send_payload(&mut self, payload: &[u8]) {
        let payload = match &mut self.cipher {
            Some(cipher) => {
                let mut sealed = vec![0u8; payload.len() + 16];
                let length = cipher
                    .write_message(payload, &mut sealed)
                    .expect("a small message encrypts");
                sealed.truncate(length);
                sealed
            }
            None => payload.to_vec(),
        };
        let mut frame = (payload.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(&payload);
        self.write(&frame);
    }

    pub fn send<T: serde::Serialize>(&mut self, message: &T) {
        let payload = encode(message).expect("the message encodes");
        self.send_payload(&payload);
    }

    pub fn read_frame(&mut self) -> Option<Vec<u8>> {
        let mut length = [0u8; 4];
        self.stream.read_exact(&mut length).ok()?;
        let mut payload = vec![0u8; u32::from_be_bytes(length) as usize];
        self.stream.read_exact(&mut payload).ok()?;
        match &mut self.cipher {
            Some(cipher) => {
                let mut plain = vec![0u8; payload.len()];
                let mut length = 0;
                for piece in payload.chunks(65_535) {
                    length += cipher.read_message(piece, &mut plain[length..]).ok()?;
                }
                plain.truncate(length);
                Some(plain)
            }
            None => Some(payload),
        }
    }

    /// Runs the Noise handshake (after the hello): everything after is encrypted.
    pub fn secure(&mut self) {
        let params = "Noise_NX_25519_ChaChaPoly_BLAKE2s"
            .parse()
            .expect("a Noise pattern");
        let mut noise = snow::Builder::new(params)
            .build_initiator()
            .expect("a Noise initiator");
        let mut buffer = vec![0u8; 1024];
        let length = noise
            .write_message(&[], &mut buffer)
            .expect("the first message");
        self.send_payload(&buffer[..length]);
        let reply = self.read_frame().expect("the server's Noise message");
        noise
            .read_message(&reply, &mut buffer)
            .expect("the server's Noise message reads");
        self.binding
            .copy_from_slice(&noise.get_handshake_hash()[..32]);
        self.relay
            .copy_from_slice(&noise.get_remote_static().expect("the relay's key")[..32]);
        self.cipher = Some(noise.into_transport_mode().expect("transport mode"));
    }

    pub fn read<T: serde::de::DeserializeOwned>(&mut self) -> T {
        let frame = self.read_frame().expect("a frame arrives");
        ply_net::frame::decode(&frame).expect("the frame decodes")
    }

    /// Says hello with the right version and returns the welcome.
    pub fn hello(&mut self) -> Welcome {
        self.send(&Hello {
            version: PROTOCOL_VERSION,
            software: "raw test client".to_string(),
        });
        self.read()
    }

    /// Says hello; `Some(welcome)` when the server turned the connection away
    /// instead (its refusal arrives first, unasked), `None` when it welcomed it.
    pub fn hello_or_refusal(&mut self) -> Option<Welcome> {
        let welcome = self.hello();
        welcome.refused.is_some().then_some(welcome)
    }

    /// Joins the lobby with `code` (the only one if `None`; password "") as `name`.
    pub fn enter(server: SocketAddr, code: Option<&str>, name: &str) -> Raw {
        let (raw, reply) = Raw::try_join(server, LOOPBACK, code, name, "");
        match reply {
            EntryReply::Entered(_) => raw,
            other => panic!("{name} was not let in: {other:?}"),
        }
    }

    /// Tries to join the lobby with `code` from `source` with `password`.
    pub fn try_join(
        server: SocketAddr,
        source: std::net::IpAddr,
        code: Option<&str>,
        name: &str,
        password: &str,
    ) -> (Raw, EntryReply) {
        let mut raw = Raw::connect_from(server, source);
        raw.hello();
        raw.secure();
        let mut exchange = None;
        let message = (!password.is_empty()).then(|| {
            let (state, message) =
                ply_net::auth::JoinerExchange::start(password, name, raw.binding, &raw.relay);
            exchange = Some(state);
            message
        });
        raw.send(&Entry::Join {
            name: name.to_string(),
            code: code.map(str::to_string),
            token: None,
            exchange: message,
            invite: false,
        });
        let reply = match raw.read::<EntryReply>() {
            EntryReply::Exchange { message, confirm } => {
                // A wrong password shows in the host's confirmation; the raw client
                // answers anyway, as an attacker would, and lets the server judge.
                let confirm = exchange
                    .and_then(|state| state.finish(&message, &confirm))
                    .unwrap_or([0; 32]);
                raw.send(&Entry::Confirm { confirm });
                raw.read::<EntryReply>()
            }
            reply => reply,
        };
        (raw, reply)
    }

    /// Opens a lobby from `source` (no password) and returns it with its code.
    pub fn open_from(server: SocketAddr, source: std::net::IpAddr, name: &str) -> (Raw, String) {
        let (raw, entered) = Raw::open_with(Raw::connect_from(server, source), name);
        (raw, entered.code)
    }

    /// Opens a lobby (no password) over `raw` and returns it with what the host learns.
    pub fn open_with(raw: Raw, name: &str) -> (Raw, ply_net::Entered) {
        Raw::open_locked(raw, name, false)
    }

    /// Opens a lobby over `raw`, with a password (which its host then checks) if
    /// `locked`.
    pub fn open_locked(mut raw: Raw, name: &str, locked: bool) -> (Raw, ply_net::Entered) {
        raw.hello();
        raw.secure();
        raw.send(&Entry::Open {
            name: name.to_string(),
            locked,
            setup: GameSetup::new("chess"),
        });
        match raw.read::<EntryReply>() {
            EntryReply::Entered(entered) => (raw, *entered),
            other => panic!("{name} could not open a lobby: {other:?}"),
        }
    }

    /// Reads and discards until the server closes the connection; returns how long
    /// that took. Fails the test if the connection stays open for [`PATIENCE`].
    pub fn time_until_closed(&mut self) -> Duration {
        let started = Instant::now();
        let mut sink = [0u8; 4096];
        loop {
            match self.stream.read(&mut sink) {
                Ok(0) => return started.elapsed(),
                Ok(_) => {}
                Err(error)
                    if matches!(
                        error.kind(),
                        ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                    ) =>
                {
                    panic!("the server kept the connection open for {PATIENCE:?}")
                }
                Err(_) => return started.elapsed(),
            }
        }
    }
}
