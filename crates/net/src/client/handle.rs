//! `NetHandle`: the game window's connection. It runs a tokio runtime on its own thread;
//! the window sends requests with a call that never blocks and takes events from a
//! crossbeam channel, woken for each by a callback of its choosing.

use super::{ClientError, ClientSession, EntryRequest};
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
}

impl Default for ClientOptions {
    fn default() -> ClientOptions {
        ClientOptions {
            connect_timeout: Duration::from_secs(10),
            notify: Notify::default(),
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
    /// The connection is over; no more events follow.
    Closed(CloseReason),
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
    let _ = relay.set(session.relay_fingerprint());
    let _ = events.send(NetEvent::Entered(Box::new(entered)));
    let beat = session.heartbeat();
    let silence_limit = beat * 3 + Duration::from_secs(1);
    let mut watchdog = tokio::time::interval(beat);
    let mut last_heard = Instant::now();
    let reason = loop {
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
                    session.leave().await;
                    break CloseReason::Left;
                }
                if let Err(error) = session.flush().await {
                    break CloseReason::Lost(error);
                }
            }
            message = session.recv() => {
                last_heard = Instant::now();
                match message {
                    Ok(ServerMsg::Ping { nonce }) => {
                        if let Err(error) = session.send(&ClientMsg::Pong { nonce }).await {
                            break CloseReason::Lost(error);
                        }
                    }
                    Ok(ServerMsg::JoinRequest { ticket, name, exchange, binding, invite }) => {
                        let answered =
                            session.answer_join(ticket, &name, &exchange, &binding, invite);
                        if let Err(error) = answered.await {
                            break CloseReason::Lost(error);
                        }
                    }
                    Ok(ServerMsg::HostLeft) => break CloseReason::HostLeft,
                    Ok(ServerMsg::Removed) => break CloseReason::Removed,
                    Ok(ServerMsg::ServerClosing) => break CloseReason::ServerClosing,
                    Ok(ServerMsg::ClosedIdle) => break CloseReason::ClosedIdle,
                    Ok(ServerMsg::JoinedElsewhere) => break CloseReason::JoinedElsewhere,
                    Ok(ServerMsg::Displaced) => break CloseReason::Displaced,
                    Ok(message) => {
                        if !events.send(NetEvent::Message(message)) {
                            session.leave().await;
                            break CloseReason::Left;
                        }
                    }
                    Err(error) => break CloseReason::Lost(error),
                }
            }
            _ = watchdog.tick() => {
                if last_heard.elapsed() > silence_limit {
                    break CloseReason::Lost(ClientError::Silent);
                }
            }
        }
    };
    let _ = events.send(NetEvent::Closed(reason));
}
