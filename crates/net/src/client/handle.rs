//! `NetHandle`: the game window's connection. It runs a tokio runtime on its own thread;
//! the window sends requests with a call that never blocks and takes events from a
//! crossbeam channel, woken for each by a callback of its choosing. A connection that
//! breaks heals itself: the thread tries to get back in with the seat's token
//! ([`Reconnect`]), saying so, before it reports the connection lost.

use super::reconnect::{Comeback, worth_another_try};
use super::{ClientError, ClientSession, EntryRequest, Pinning, Reconnect};
use crate::keys::Fingerprint;
use crate::protocol::{ClientMsg, Entered, ServerMsg};
use crossbeam_channel::{Receiver, Sender, unbounded};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use thiserror::Error;
use tokio::sync::mpsc;

/// How the client connects.
#[derive(Clone, Debug)]
pub struct ClientOptions {
    /// How long connecting and entering the lobby may take.
    pub connect_timeout: Duration,
    /// Called on the connection's thread after each event it sends, so that a window
    /// that sleeps until something happens wakes to take it.
    pub notify: Notify,
    /// How a connection that breaks after entry is tried again.
    pub reconnect: Reconnect,
}

impl Default for ClientOptions {
    fn default() -> ClientOptions {
        ClientOptions {
            connect_timeout: Duration::from_secs(10),
            notify: Notify::default(),
            reconnect: Reconnect::default(),
        }
    }
}

/// A callback for news from the connection (none by default).
#[derive(Clone, Default)]
pub struct Notify(Option<Arc<dyn Fn() + Send + Sync>>);

impl Notify {
    /// Calls `callback` after each event.
    pub fn new(callback: Arc<dyn Fn() + Send + Sync>) -> Notify {
        Notify(Some(callback))
    }
}

impl std::fmt::Debug for Notify {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Notify(set)"
        } else {
            "Notify(none)"
        })
    }
}

/// The events' way to the window: each one sent is followed by the notify callback.
struct Outbox {
    events: Sender<NetEvent>,
    notify: Notify,
}

impl Outbox {
    /// Sends `event`, then notifies; false when the window dropped its handle.
    fn send(&self, event: NetEvent) -> bool {
        let sent = self.events.send(event).is_ok();
        if let Some(callback) = &self.notify.0 {
            callback();
        }
        sent
    }
}

/// How a connection ended.
#[derive(Debug, Error)]
pub enum CloseReason {
    /// The player never got in.
    #[error("{0}")]
    Failed(ClientError),
    /// The player left.
    #[error("you left the lobby")]
    Left,
    /// The host left and the lobby closed.
    #[error("the host left; the lobby is closed")]
    HostLeft,
    /// The host removed the player.
    #[error("the host removed you from the lobby")]
    Removed,
    /// The server shut down.
    #[error("the server shut down")]
    ServerClosing,
    /// The player entered the lobby again from another connection (or someone holding
    /// their token did), which took this one's place.
    #[error("you joined from another place; this connection was closed")]
    JoinedElsewhere,
    /// Nobody entered the lobby or moved for their own side for a long time, and it
    /// closed.
    #[error("the lobby closed after a long time in which nobody joined or moved")]
    ClosedIdle,
    /// The lobby was full and a player from a network with fewer members in it took
    /// this spectator's place.
    #[error("the lobby was full and your place went to a player from another network")]
    Displaced,
    /// The connection broke.
    #[error("{0}")]
    Lost(ClientError),
}

/// What the window learns from the network.
#[derive(Debug)]
pub enum NetEvent {
    /// The player is in the lobby (boxed: it carries the lobby and the game, much
    /// larger than the other events).
    Entered(Box<Entered>),
    /// A message from the server (pings are answered without showing up here).
    Message(ServerMsg),
    /// The connection broke and the client is getting back in with the seat's token
    /// (see [`ClientOptions::reconnect`]); sent when it broke and after each failed
    /// try. Meanwhile the others see this player away, the player's clock runs on if
    /// it is their turn (as on lichess), and requests sent are dropped. Either
    /// [`NetEvent::Reconnected`] or [`NetEvent::Closed`] follows.
    Reconnecting {
        /// When the connection broke.
        since: Instant,
        /// How many tries failed so far.
        failed_tries: u32,
        /// What broke it, or why the last try failed, in a player's words.
        reason: String,
    },
    /// Back in after [`NetEvent::Reconnecting`], with a new token: the lobby and the
    /// game as they stand now, moves played meanwhile included. A game table built
    /// before is out of date: build it again from the mirror ([`crate::mirrored_table`]).
    Reconnected(Box<Entered>),
    /// The connection is over; no more events follow.
    Closed(CloseReason),
}

impl NetEvent {
    /// What the server said on entry, for a first entry and for a way back in after a
    /// broken connection alike (the seat's token to keep is in it).
    pub fn entered(&self) -> Option<&Entered> {
        match self {
            NetEvent::Entered(entered) | NetEvent::Reconnected(entered) => Some(entered),
            _ => None,
        }
    }
}

/// The connection's thread is gone, so requests can no longer be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the connection is closed")]
pub struct Disconnected;

/// A connection to a lobby, run on its own thread.
#[derive(Debug)]
pub struct NetHandle {
    commands: mpsc::UnboundedSender<ClientMsg>,
    events: Receiver<NetEvent>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The fingerprint of the key the server proved, known before the entry event.
    relay: Arc<OnceLock<Fingerprint>>,
}

impl NetHandle {
    /// Starts connecting to `addr` and entering a lobby; the outcome arrives as the
    /// first event ([`NetEvent::Entered`] or [`NetEvent::Closed`]).
    pub fn connect(addr: &str, request: EntryRequest) -> NetHandle {
        NetHandle::connect_with(addr, request, ClientOptions::default())
    }

    /// [`NetHandle::connect`] with explicit options.
    pub fn connect_with(addr: &str, request: EntryRequest, options: ClientOptions) -> NetHandle {
        let (commands, command_rx) = mpsc::unbounded_channel();
        let (event_tx, events) = unbounded();
        let addr = addr.to_string();
        let failed = event_tx.clone();
        let outbox = Outbox {
            events: event_tx,
            notify: options.notify.clone(),
        };
        let relay = Arc::new(OnceLock::new());
        let seen = relay.clone();
        let thread = std::thread::Builder::new()
            .name("ply-net-client".to_string())
            .spawn(move || run_thread(addr, request, options, command_rx, (outbox, seen)));
        let thread = match thread {
            Ok(thread) => Some(thread),
            Err(error) => {
                let _ = failed.send(NetEvent::Closed(CloseReason::Failed(ClientError::Thread(
                    error,
                ))));
                None
            }
        };
        NetHandle {
            commands,
            events,
            thread,
            relay,
        }
    }

    /// The fingerprint of the key the server proved, once the player is in (for the
    /// invite codes a host shares).
    pub fn relay_fingerprint(&self) -> Option<Fingerprint> {
        self.relay.get().copied()
    }

    /// Queues a request for the server. Never blocks. (A request too large for one
    /// frame, like a chat message far beyond the limit, is dropped.)
    pub fn send(&self, message: ClientMsg) -> Result<(), Disconnected> {
        self.commands.send(message).map_err(|_| Disconnected)
    }

    /// The events, to take with `try_recv` when woken (see [`ClientOptions::notify`]).
    pub fn events(&self) -> &Receiver<NetEvent> {
        &self.events
    }

    /// Leaves the lobby and waits (briefly) for the connection to close.
    pub fn close(mut self) {
        let _ = self.commands.send(ClientMsg::Leave);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run_thread(
    addr: String,
    request: EntryRequest,
    options: ClientOptions,
    commands: mpsc::UnboundedReceiver<ClientMsg>,
    (events, relay): (Outbox, Arc<OnceLock<Fingerprint>>),
) {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(drive(addr, request, options, commands, (events, relay))),
        Err(error) => {
            let _ = events.send(NetEvent::Closed(CloseReason::Failed(ClientError::Thread(
                error,
            ))));
        }
    }
}

async fn drive(
    addr: String,
    request: EntryRequest,
    options: ClientOptions,
    mut commands: mpsc::UnboundedReceiver<ClientMsg>,
    (events, relay): (Outbox, Arc<OnceLock<Fingerprint>>),
) {
    let (mut session, entered) =
        match ClientSession::connect(&addr, &request, options.connect_timeout).await {
            Ok(entered) => entered,
            Err(error) => {
                let _ = events.send(NetEvent::Closed(CloseReason::Failed(error)));
                return;
            }
        };
    let fingerprint = session.relay_fingerprint();
    let _ = relay.set(fingerprint);
    let mut comeback = Comeback::new(&request, &entered, fingerprint);
    let _ = events.send(NetEvent::Entered(Box::new(entered)));
    let reason = loop {
        let broken = match follow(&mut session, &mut commands, &events).await {
            Ended::Over(reason) => break reason,
            Ended::Broken(broken) => broken,
        };
        // The broken connection closes now: a server that is shutting down waits for it.
        drop(session);
        let back = come_back(&addr, &comeback, &options, &mut commands, &events, broken);
        match back.await {
            Ok((again, entered)) => {
                session = again;
                comeback.entered(&entered);
                if !events.send(NetEvent::Reconnected(Box::new(entered))) {
                    session.leave().await;
                    break CloseReason::Left;
                }
            }
            Err(reason) => break reason,
        }
    };
    let _ = events.send(NetEvent::Closed(reason));
}

/// How following a lobby over one connection ended.
enum Ended {
    /// For good: the player left, the lobby closed, or the player was let go.
    Over(CloseReason),
    /// The connection broke (or the server is restarting): worth getting back in.
    Broken(CloseReason),
}

/// Sends requests and hands over what the server says until the connection ends.
async fn follow(
    session: &mut ClientSession,
    commands: &mut mpsc::UnboundedReceiver<ClientMsg>,
    events: &Outbox,
) -> Ended {
    let beat = session.heartbeat();
    let silence_limit = beat * 3 + Duration::from_secs(1);
    let mut watchdog = tokio::time::interval(beat);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            command = commands.recv() => {
                // Everything waiting goes out in one write; `None` means the window
                // dropped its handle.
                let mut next = command;
                let mut leaving = next.is_none();
                while let Some(message) = next {
                    if message == ClientMsg::Leave {
                        leaving = true;
                        break;
                    }
                    // A request too large for one frame cannot be sent; it is dropped.
                    let _ = session.queue(&message);
                    next = commands.try_recv().ok();
                }
                if leaving {
                    return Ended::Over(left(session).await);
                }
                if let Err(error) = session.flush().await {
                    return Ended::Broken(CloseReason::Lost(error));
                }
            }
            message = session.recv() => {
                last_heard = Instant::now();
                match message {
                    Ok(ServerMsg::Ping { nonce }) => {
                        if let Err(error) = session.send(&ClientMsg::Pong { nonce }).await {
                            return Ended::Broken(CloseReason::Lost(error));
                        }
                    }
                    Ok(ServerMsg::JoinRequest { ticket, name, exchange, binding, invite }) => {
                        let answered =
                            session.answer_join(ticket, &name, &exchange, &binding, invite);
                        if let Err(error) = answered.await {
                            return Ended::Broken(CloseReason::Lost(error));
                        }
                    }
                    Ok(ServerMsg::HostLeft) => return Ended::Over(CloseReason::HostLeft),
                    Ok(ServerMsg::Removed) => return Ended::Over(CloseReason::Removed),
                    Ok(ServerMsg::ServerClosing) => {
                        return Ended::Broken(CloseReason::ServerClosing);
                    }
                    Ok(ServerMsg::ClosedIdle) => return Ended::Over(CloseReason::ClosedIdle),
                    Ok(ServerMsg::JoinedElsewhere) => {
                        return Ended::Over(CloseReason::JoinedElsewhere);
                    }
                    Ok(ServerMsg::Displaced) => return Ended::Over(CloseReason::Displaced),
                    Ok(message) => {
                        if !events.send(NetEvent::Message(message)) {
                            return Ended::Over(left(session).await);
                        }
                    }
                    Err(error) => return Ended::Broken(CloseReason::Lost(error)),
                }
            }
            _ = watchdog.tick() => {
                if last_heard.elapsed() > silence_limit {
                    return Ended::Broken(CloseReason::Lost(ClientError::Silent));
                }
            }
        }
    }
}

/// Leaves the lobby politely.
async fn left(session: &mut ClientSession) -> CloseReason {
    session.leave().await;
    CloseReason::Left
}

/// Tries to get back into the lobby after the connection broke (`broken` says how),
/// with backoff, until `options.reconnect` gives up or a failure rules another try out;
/// the player may leave meanwhile. Each failed try is told as [`NetEvent::Reconnecting`].
async fn come_back(
    addr: &str,
    comeback: &Comeback,
    options: &ClientOptions,
    commands: &mut mpsc::UnboundedReceiver<ClientMsg>,
    events: &Outbox,
    broken: CloseReason,
) -> Result<(ClientSession, Entered), CloseReason> {
    let plan = options.reconnect;
    let since = Instant::now();
    let deadline = since + plan.give_up_after;
    let mut reason = broken.to_string();
    let request = comeback.request();
    // The first connection's key is expected: a relay's key is checked on every way
    // back in, whatever the file of known relays says.
    let pinning = Pinning {
        known: None,
        home_too: false,
    };
    for failed_tries in 0.. {
        let wait = plan.wait_before(failed_tries + 1);
        if Instant::now() + wait >= deadline {
            break;
        }
        let told = NetEvent::Reconnecting {
            since,
            failed_tries,
            reason: reason.clone(),
        };
        if !events.send(told) {
            return Err(CloseReason::Left);
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = leaving(commands) => return Err(CloseReason::Left),
        }
        let limit = options
            .connect_timeout
            .min(deadline.saturating_duration_since(Instant::now()));
        let tried = tokio::select! {
            tried = ClientSession::connect_pinned(addr, &request, limit, &pinning) => tried,
            () = leaving(commands) => return Err(CloseReason::Left),
        };
        match tried {
            Ok(back) => return Ok(back),
            Err(error) if worth_another_try(&error) => reason = error.to_string(),
            Err(error) => return Err(CloseReason::Lost(error)),
        }
    }
    Err(broken)
}

/// Returns once the window asks to leave (or drops its handle). Other requests, which
/// cannot reach a server while there is no connection, are dropped.
async fn leaving(commands: &mut mpsc::UnboundedReceiver<ClientMsg>) {
    while let Some(message) = commands.recv().await {
        if message == ClientMsg::Leave {
            return;
        }
    }
}
