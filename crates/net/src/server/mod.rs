//! The relay server as a library: `run(listener, config, shutdown)` accepts
//! connections and serves any number of lobbies until `shutdown` completes.
//!
//! Layers, as in mini-redis: this file accepts connections and holds what they share;
//! `admission` decides who may connect (limits in all, per address and per network);
//! `session` runs one task per connection (handshake, then frames in and outbox out);
//! `setup` checks the games hosts offer; `lobby` holds the lobby state and referees
//! games. A peer-hosted game runs the very same server in-process with
//! [`host_in_process`].

mod address;
mod admission;
mod clock;
mod entry;
mod handshakes;
mod home;
mod lobby;
mod lockout;
mod log_gate;
mod memory;
mod quota;
mod rate;
mod session;
mod setup;
mod store;

pub use home::KeptServerError;
pub use store::{RelayStore, StoreError};

use crate::frame::encode;
use crate::keys::RelayKey;
use crate::protocol::{GameSetup, MAX_CHAT_CHARS, ServerMsg};
use address::AddressKey;
use admission::Admission;
use bytes::Bytes;
use lobby::Lobby;
use lockout::FailureTracker;
use log_gate::LogGate;
use memory::MemoryBudgets;
use quota::{Quota, Slot};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

/// The server's limits and timings.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// How many lobbies may exist at once.
    pub max_lobbies: usize,
    /// How many members one lobby takes (players and spectators).
    pub max_players_per_lobby: usize,
    /// How many connections may be open at once; more are turned away.
    pub max_connections: usize,
    /// How many of those may come from one address (an IPv6 /64 counts as one).
    pub max_connections_per_address: usize,
    /// How many of those may come from one network (an IPv4 /24, an IPv6 /48).
    pub max_connections_per_network: usize,
    /// How many connections may be in their handshake at once. When all places are
    /// taken, a newcomer from a network holding fewer takes the place of the oldest
    /// handshake of the network holding the most.
    pub max_pending_handshakes: usize,
    /// How many of those may come from one address.
    pub max_handshakes_per_address: usize,
    /// How many of those may come from one network.
    pub max_handshakes_per_network: usize,
    /// How many lobbies one address may have open at once.
    pub max_lobbies_per_address: usize,
    /// How many lobbies one network may have open at once.
    pub max_lobbies_per_network: usize,
    /// How long a lobby stays open after anyone last entered it or moved for their own
    /// side (chat, requests and the computer's moves do not count).
    pub lobby_idle_timeout: Duration,
    /// How long a lobby whose host lost the connection waits for them to come back
    /// (with their token) before it closes.
    pub host_wait: Duration,
    /// How long a lobby nobody playing is connected to stays open: no host, no player
    /// of the running game, and between games nobody at all.
    pub empty_lobby_wait: Duration,
    /// How long a player must be away from a running game before their opponent may
    /// claim the win or call a draw.
    pub claim_wait: Duration,
    /// How long a new connection has to say hello and enter a lobby.
    pub handshake_timeout: Duration,
    /// How often the server pings each member.
    pub heartbeat_interval: Duration,
    /// How long a member may stay silent (not even answering pings) before being cut.
    pub idle_timeout: Duration,
    /// How long writing to one connection may take before it is cut.
    pub write_timeout: Duration,
    /// How long an address is locked out after its first failed entry (doubling with
    /// each further failure).
    pub auth_failure_delay: Duration,
    /// The longest lock-out after failed entries.
    pub auth_failure_max_delay: Duration,
    /// How many (address, lobby) failure records are kept; when full, the oldest is
    /// forgotten to make room.
    pub max_failure_records: usize,
    /// How many frames may wait for one connection; a member whose outbox fills up is
    /// cut off, so that a slow reader never holds up a lobby.
    pub outbox_capacity: usize,
    /// How many messages per second a member may send (bursts of twice that are
    /// allowed); a member who sends more is cut off.
    pub max_messages_per_second: u32,
    /// How many chat messages per second a member may send on average; more are
    /// refused (not relayed) with a request to slow down.
    pub chat_per_second: u32,
    /// How many chat messages a member may send at once before the rate applies.
    pub chat_burst: u32,
    /// The longest chat message, in characters.
    pub max_chat_chars: usize,
    /// The most moves a saved game may bring into a lobby (checked before replaying).
    pub max_setup_plies: usize,
    /// How many saved games are replayed at once (each on a blocking thread).
    pub replay_threads: usize,
    /// How many saved games may wait for a replay thread; more are refused as busy.
    pub max_queued_replays: usize,
    /// How many of those may come from one address.
    pub max_replays_per_address: usize,
    /// The largest frame accepted before entry (after the hello): an entry, with at
    /// most a start position; a saved game's moves follow entry.
    pub max_entry_frame_len: usize,
    /// The largest frame accepted from a member (a saved game's moves fit).
    pub max_member_frame_len: usize,
    /// How many bytes all connections together may buffer; a frame that would pass it
    /// closes its connection, and past three quarters of it new connections are turned
    /// away as busy, except from networks that buffer next to nothing.
    pub max_buffered_bytes: usize,
    /// How many bytes the connections of one address may buffer (the same rules, for
    /// that address alone).
    pub max_buffered_bytes_per_address: usize,
    /// How many bytes the connections of one network may buffer.
    pub max_buffered_bytes_per_network: usize,
    /// The relay's static key, which every handshake proves and whose fingerprint
    /// players check; a new one for each configuration by default.
    pub key: RelayKey,
    /// Where lobbies and their games are kept so that a restarted relay has them back
    /// (with the same key, players find them again); none by default: a restart loses
    /// every lobby.
    pub store: Option<Arc<RelayStore>>,
}

impl ServerConfig {
    fn lobby_limits(&self) -> lobby::LobbyLimits {
        lobby::LobbyLimits {
            max_players: self.max_players_per_lobby,
            max_chat_chars: self.max_chat_chars,
            chat_per_second: self.chat_per_second,
            chat_burst: self.chat_burst,
            claim_wait: self.claim_wait,
            host_wait: self.host_wait,
            empty_wait: self.empty_lobby_wait,
        }
    }
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            max_lobbies: 100,
            max_players_per_lobby: 16,
            max_connections: 4096,
            max_connections_per_address: 32,
            max_connections_per_network: 128,
            max_pending_handshakes: 256,
            max_handshakes_per_address: 8,
            max_handshakes_per_network: 32,
            max_lobbies_per_address: 4,
            max_lobbies_per_network: 8,
            lobby_idle_timeout: Duration::from_secs(15 * 60),
            host_wait: Duration::from_secs(10 * 60),
            empty_lobby_wait: Duration::from_secs(60),
            claim_wait: Duration::from_secs(60),
            handshake_timeout: Duration::from_secs(5),
            heartbeat_interval: Duration::from_secs(5),
            idle_timeout: Duration::from_secs(20),
            write_timeout: Duration::from_secs(10),
            auth_failure_delay: Duration::from_secs(1),
            auth_failure_max_delay: Duration::from_secs(60),
            max_failure_records: 10_000,
            outbox_capacity: 256,
            max_messages_per_second: 50,
            chat_per_second: 2,
            chat_burst: 5,
            max_chat_chars: MAX_CHAT_CHARS,
            max_setup_plies: 1_000,
            replay_threads: 2,
            max_queued_replays: 32,
            max_replays_per_address: 2,
            max_entry_frame_len: crate::protocol::MAX_ENTRY_FRAME_LEN,
            max_member_frame_len: 64 * 1024,
            max_buffered_bytes: 128 * 1024 * 1024,
            max_buffered_bytes_per_address: 4 * 1024 * 1024,
            max_buffered_bytes_per_network: 16 * 1024 * 1024,
            key: RelayKey::generate(),
            store: None,
        }
    }
}

/// Locks a mutex, carrying on with the data if another task panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What every connection task shares.
struct Shared {
    config: ServerConfig,
    lobbies: Mutex<Lobbies>,
    failures: Mutex<FailureTracker>,
    /// Who may connect: connections and handshakes in all, per address and network.
    admission: Admission,
    next_conn: AtomicU64,
    /// Turns for replaying saved games on blocking threads, so that however many long
    /// saved games arrive, they never take more than `replay_threads` threads.
    replays: Semaphore,
    /// Saved games waiting or being replayed, in all and per address.
    replays_pending: Mutex<Pending>,
    /// What every connection's buffers are charged to.
    memory: MemoryBudgets,
    /// Keeps the log to one line per kind of event per address per minute.
    log_gate: LogGate,
    /// The encoded goodbye, made once.
    closing: Bytes,
}

impl Shared {
    fn new(config: ServerConfig) -> Shared {
        let replay_threads = config.replay_threads.max(1);
        Shared {
            failures: Mutex::new(FailureTracker::new(
                config.auth_failure_delay,
                config.auth_failure_max_delay,
                config.max_failure_records,
            )),
            lobbies: Mutex::new(Lobbies::new(Quota::new(
                config.max_lobbies_per_address,
                config.max_lobbies_per_network,
            ))),
            admission: Admission::new(&config),
            memory: MemoryBudgets::new(
                config.max_buffered_bytes,
                config.max_buffered_bytes_per_address,
                config.max_buffered_bytes_per_network,
            ),
            config,
            next_conn: AtomicU64::new(1),
            replays: Semaphore::new(replay_threads),
            replays_pending: Mutex::new(Pending::default()),
            log_gate: LogGate::default(),
            closing: encode(&ServerMsg::ServerClosing).unwrap_or_default(),
        }
    }

    /// Checks a game setup from `address`. A setup with few moves is replayed at once
    /// (it costs microseconds); a longer saved game waits for a replay thread, within
    /// bounded queues, so that a plain new lobby never waits behind saved games.
    async fn prepare(
        &self,
        setup: GameSetup,
        address: AddressKey,
    ) -> Result<setup::Prepared, setup::SetupError> {
        let max = self
            .config
            .max_setup_plies
            .min(crate::protocol::MAX_SETUP_MOVES);
        if setup.moves.len() > max {
            return Err(setup::SetupError::TooManyMoves { max });
        }
        if setup.moves.len() <= INLINE_REPLAY_PLIES {
            return setup::prepare(setup);
        }
        let _pending = self.queue_replay(address)?;
        let _turn = self
            .replays
            .acquire()
            .await
            .map_err(|_| setup::SetupError::Unavailable)?;
        tokio::task::spawn_blocking(move || setup::prepare(setup))
            .await
            .unwrap_or(Err(setup::SetupError::Unavailable))
    }

    /// Takes a place in the replay queue for `address`, if there is one.
    fn queue_replay(&self, address: AddressKey) -> Result<PendingReplay<'_>, setup::SetupError> {
        let mut pending = lock(&self.replays_pending);
        let mine = pending.per_address.get(&address).copied().unwrap_or(0);
        let queue = self.config.max_queued_replays + self.config.replay_threads;
        if pending.total >= queue || mine >= self.config.max_replays_per_address {
            return Err(setup::SetupError::Busy);
        }
        pending.total += 1;
        *pending.per_address.entry(address).or_insert(0) += 1;
        Ok(PendingReplay {
            shared: self,
            address,
        })
    }

    /// Drops a closed lobby from the list (unless the code now names another lobby).
    fn forget_lobby(&self, code: &str, lobby: &Arc<Mutex<Lobby>>, why: &str) {
        if let Some(opener) = lock(&self.lobbies).remove(code, lobby)
            && self.may_log("lobby closed", opener)
        {
            tracing::info!(code, opener = %opener, why, "lobby closed");
        }
    }

    /// Brings back the lobbies kept in the store, every member away as if they had all
    /// just dropped; a lobby whose game no longer replays is logged and forgotten.
    fn restore_lobbies(&self) {
        let Some(store) = self.config.store.clone() else {
            return;
        };
        let rows = match store.lobbies() {
            Ok(rows) => rows,
            Err(error) => {
                tracing::error!(%error, "no lobby restored");
                return;
            }
        };
        let mut lobbies = lock(&self.lobbies);
        for (code, bytes) in rows {
            let restored = postcard::from_bytes::<lobby::LobbyRecord>(&bytes)
                .map_err(|error| error.to_string())
                .and_then(|record| {
                    let prepared =
                        setup::prepare(record.setup()).map_err(|error| error.to_string())?;
                    let limits = self.config.lobby_limits();
                    Lobby::restore(code.clone(), record, prepared, limits)
                        .map_err(|error| error.to_string())
                });
            let mut lobby = match restored {
                Ok(lobby) => lobby,
                Err(reason) => {
                    tracing::warn!(code, reason, "a kept lobby could not be restored");
                    let _ = store.remove(&code);
                    continue;
                }
            };
            let opener = lobby.opener();
            let Ok(place) = lobbies.opened.take(opener) else {
                tracing::warn!(code, "a kept lobby is past its opener's lobby limit");
                let _ = store.remove(&code);
                continue;
            };
            lobby.keep_in(store.clone());
            lobbies.insert(code.clone(), Arc::new(Mutex::new(lobby)), opener, place);
            tracing::info!(code, "lobby restored");
        }
    }

    /// Whether an event of `kind` from `address` may be logged now.
    fn may_log(&self, kind: &'static str, address: AddressKey) -> bool {
        self.log_gate.allow(kind, address)
    }

    /// Ends the timed games whose side to move has run out of time (the relay keeps the
    /// clocks, so a player who says nothing still loses on time), and sends the views
    /// lobbies held back.
    fn tick_lobbies(&self) {
        let lobbies: Vec<Arc<Mutex<Lobby>>> = lock(&self.lobbies)
            .by_code
            .values()
            .map(|listed| listed.lobby.clone())
            .collect();
        let now = std::time::Instant::now();
        for lobby in lobbies {
            let mut lobby = lock(&lobby);
            lobby.check_clock(now);
            lobby.flush_view(now);
        }
    }

    /// Closes lobbies with no game and no activity for the idle timeout.
    fn close_idle_lobbies(&self) {
        let listed: Vec<(String, Arc<Mutex<Lobby>>)> = lock(&self.lobbies)
            .by_code
            .iter()
            .map(|(code, listed)| (code.clone(), listed.lobby.clone()))
            .collect();
        let limit = self.config.lobby_idle_timeout;
        for (code, lobby) in listed {
            let closed = lock(&lobby).close_if_abandoned(limit);
            if let Some(why) = closed {
                self.forget_lobby(&code, &lobby, why);
            }
        }
    }
}

/// How often the relay looks for clocks that ran out (a flag falls at most this late)
/// and for views held back.
const CLOCK_CHECK: Duration = Duration::from_millis(100);

/// Setups with at most this many moves are replayed right away on the async thread.
const INLINE_REPLAY_PLIES: usize = 40;

/// Saved games waiting for, or being replayed on, a replay thread.
#[derive(Default)]
struct Pending {
    total: usize,
    per_address: HashMap<AddressKey, usize>,
}

/// One saved game's place in the replay queue, given back when dropped.
struct PendingReplay<'a> {
    shared: &'a Shared,
    address: AddressKey,
}

impl Drop for PendingReplay<'_> {
    fn drop(&mut self) {
        let mut pending = lock(&self.shared.replays_pending);
        pending.total = pending.total.saturating_sub(1);
        if let Some(count) = pending.per_address.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                pending.per_address.remove(&self.address);
            }
        }
    }
}

/// A listed lobby, the address that opened it and its place among that address's and
/// network's lobbies.
struct Listed {
    lobby: Arc<Mutex<Lobby>>,
    opener: AddressKey,
    _place: Slot,
}

/// Every lobby by its code, and how many each address and network opened.
struct Lobbies {
    by_code: HashMap<String, Listed>,
    opened: Arc<Quota>,
}

impl Lobbies {
    fn new(opened: Arc<Quota>) -> Lobbies {
        Lobbies {
            by_code: HashMap::new(),
            opened,
        }
    }

    fn len(&self) -> usize {
        self.by_code.len()
    }

    fn insert(&mut self, code: String, lobby: Arc<Mutex<Lobby>>, opener: AddressKey, place: Slot) {
        let listed = Listed {
            lobby,
            opener,
            _place: place,
        };
        self.by_code.insert(code, listed);
    }

    /// Removes the lobby listed under `code` if it is `lobby`; returns who opened it.
    fn remove(&mut self, code: &str, lobby: &Arc<Mutex<Lobby>>) -> Option<AddressKey> {
        let listed = self
            .by_code
            .get(code)
            .is_some_and(|listed| Arc::ptr_eq(&listed.lobby, lobby));
        if !listed {
            return None;
        }
        Some(self.by_code.remove(code)?.opener)
    }
}

/// How long to wait before accepting again after `accept` failed (for instance when
/// the process ran out of file descriptors).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(20);

/// Serves lobbies on `listener` until `shutdown` completes, then tells every member
/// the server is closing and returns once all connections are done.
pub async fn run(listener: TcpListener, config: ServerConfig, shutdown: impl Future) {
    // Connections wait in the listen queue meanwhile; a failure here only means the
    // tables get built on first use instead.
    let _ = tokio::task::spawn_blocking(setup::prepare_rules).await;
    let shared = Arc::new(Shared::new(config));
    shared.restore_lobbies();
    let config = &shared.config;
    let mut reaper = tokio::time::interval(
        (config
            .lobby_idle_timeout
            .min(config.host_wait)
            .min(config.empty_lobby_wait)
            / 4)
        .clamp(Duration::from_millis(50), Duration::from_secs(30)),
    );
    let mut clocks = tokio::time::interval(CLOCK_CHECK);
    clocks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let (stop_tx, stop_rx) = watch::channel(());
    let (done_tx, mut done_rx) = mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let address = AddressKey::of(peer.ip());
                    let admitted = match shared.admission.admit(address, &shared.memory) {
                        Ok(admitted) => admitted,
                        Err(turned_away) => {
                            // Best effort and never blocking: the socket closes either way.
                            let _ = stream.try_write(turned_away.frame());
                            if shared.may_log(turned_away.kind(), address) {
                                tracing::warn!(
                                    address = %address,
                                    network = %address.network(),
                                    buffered = shared.memory.used(),
                                    "connection turned away: {}",
                                    turned_away.kind()
                                );
                            }
                            continue;
                        }
                    };
                    let shared = shared.clone();
                    let stop = stop_rx.clone();
                    let done = done_tx.clone();
                    tokio::spawn(async move {
                        session::serve(shared, stream, peer, admitted, stop).await;
                        drop(done);
                    });
                }
                Err(_) => tokio::time::sleep(ACCEPT_BACKOFF).await,
            },
            _ = reaper.tick() => shared.close_idle_lobbies(),
            _ = clocks.tick() => shared.tick_lobbies(),
        }
    }
    drop(stop_tx);
    drop(done_tx);
    let _ = done_rx.recv().await;
}

/// How many connections may wait to be accepted (the system may cap it lower).
const LISTEN_BACKLOG: u32 = 1024;

/// A server running on its own thread in this process: the host's side of a
/// peer-hosted game. Stops when dropped.
#[derive(Debug)]
pub struct HostedServer {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl HostedServer {
    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address a client on this machine connects to (loopback when the server
    /// listens on every interface).
    pub fn local_addr(&self) -> SocketAddr {
        let mut addr = self.addr;
        if addr.ip().is_unspecified() {
            addr.set_ip(match addr {
                SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
                SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
            });
        }
        addr
    }

    /// Stops the server (everyone is told) and waits for its thread to end.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for HostedServer {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Starts a server on `bind` (port 0 picks a free port) on its own thread, for the
/// host of a peer-hosted game, who then joins it with an ordinary
/// [`NetHandle`](crate::NetHandle) at [`HostedServer::local_addr`].
pub fn host_in_process(bind: SocketAddr, config: ServerConfig) -> io::Result<HostedServer> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let listener = {
        let _context = runtime.enter();
        let socket = match bind {
            SocketAddr::V4(_) => TcpSocket::new_v4()?,
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        socket.set_reuseaddr(true)?;
        socket.bind(bind)?;
        socket.listen(LISTEN_BACKLOG)?
    };
    let addr = listener.local_addr()?;
    let (stop, stopped) = oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("ply-net-server".to_string())
        .spawn(move || {
            runtime.block_on(run(listener, config, async {
                let _ = stopped.await;
            }));
        })?;
    Ok(HostedServer {
        addr,
        stop: Some(stop),
        thread: Some(thread),
    })
}
