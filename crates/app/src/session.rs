//! One connection to a lobby, shared by the lobby screen and the game on top of it: the
//! network handle, the mirror of what the server said, the relay and the router's port
//! mapping when this computer hosts, and what is needed to rejoin after a dropped
//! connection. Window-free.

use crate::chat_log::ChatLog;
use ply_net::invite::{Invite, InviteSecret};
use ply_net::portmap::PortMap;
use ply_net::{
    ClientError, ClientMsg, ClientOptions, CloseReason, EntryRequest, HostedServer, Mirror,
    NetEvent, NetHandle, Notify, RejoinStore, RelayLink, ServerMsg,
};
use std::cell::RefCell;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// One connection to a lobby, shared by the lobby screen and the game screen on top of it.
pub struct Session {
    net: NetHandle,
    /// What this client knows of its lobby and game, kept up to date by every event.
    pub mirror: Mirror,
    /// The relay server, when this computer hosts.
    pub server: Option<HostedServer>,
    /// The router's forwarding of the lobby's port, when this computer hosts.
    pub portmap: Option<PortMap>,
    /// This computer's address on the home network with the lobby's port, when it
    /// hosts and the address is known.
    pub lan: Option<SocketAddr>,
    /// The usual port, when this computer hosts and another program held it (the
    /// lobby then listens on a free port and says so).
    pub usual_port_taken: Option<u16>,
    /// Where the connection went, as typed.
    pub address: String,
    /// Why the connection ended, once it has.
    pub closed: Option<String>,
    /// The lobby's password, kept to rejoin after a dropped connection.
    password: String,
    /// The connection broke (rather than ending on purpose): the seat can be taken back.
    pub rejoinable: bool,
    /// What was said in the lobby and its game, and who is muted.
    pub chat: ChatLog,
    /// Where the seat is kept on disk to take it back after a crash.
    seats: Option<RejoinStore>,
    /// Since when each member who is away has been away, by name.
    away_since: HashMap<String, Instant>,
    /// The seat could not be kept on disk, and why (said once).
    pub seat_not_kept: Option<String>,
    /// The player left the lobby from its game for the main menu: the lobby screen
    /// goes too.
    pub to_menu: bool,
    /// The connection healed since the game's table was built: moves may have been
    /// played meanwhile, so the table is built again from the mirror.
    pub healed: bool,
    /// The lobby's invite secret, when this computer hosts it (for the invite code, and
    /// to answer with after a dropped connection).
    pub invite: Option<InviteSecret>,
}

/// A session shared by the screens on one connection (lobby and game).
pub type Shared = Rc<RefCell<Session>>;

/// Starts connecting to `address` with `request`; every event the connection brings
/// wakes the window.
pub fn connect(address: &str, request: EntryRequest) -> NetHandle {
    let options = ClientOptions {
        notify: Notify::new(crate::wake::poke()),
        ..ClientOptions::default()
    };
    NetHandle::connect_with(address, request, options)
}

impl Drop for Session {
    /// A session that goes without the player leaving (the window closed, or its
    /// screens dropped) stops the server it hosts before its own connection goes, so
    /// that the host never leaves its own lobby by accident: the lobby and its game stay
    /// in the server's store, to be hosted again, and the guests keep their seats.
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }
}

/// A shared session as the link through which the relay referees the game's table: the
/// table hears what the session heard, after the mirror and the chat log.
pub struct SessionLink(pub Shared);

impl RelayLink for SessionLink {
    fn send(&mut self, message: ClientMsg) {
        self.0.borrow_mut().send(message);
    }

    fn poll(&mut self) -> Vec<NetEvent> {
        self.0.borrow_mut().poll()
    }

    fn closed(&self) -> Option<String> {
        self.0.borrow().closed.clone()
    }
}

impl Session {
    /// A session over `net`, to `address`, entered with `password`; `server` is the
    /// relay when this computer hosts.
    pub fn new(
        net: NetHandle,
        server: Option<HostedServer>,
        address: String,
        password: String,
    ) -> Shared {
        Session::keeping_seat(net, server, address, password, None)
    }

    /// [`Session::new`], keeping the seat in `seats` on every entry so that it can be
    /// taken back after a crash.
    pub fn keeping_seat(
        net: NetHandle,
        server: Option<HostedServer>,
        address: String,
        password: String,
        seats: Option<RejoinStore>,
    ) -> Shared {
        Rc::new(RefCell::new(Session {
            net,
            mirror: Mirror::new(),
            server,
            portmap: None,
            lan: None,
            usual_port_taken: None,
            address,
            closed: None,
            password,
            rejoinable: false,
            chat: ChatLog::default(),
            seats,
            away_since: HashMap::new(),
            seat_not_kept: None,
            to_menu: false,
            healed: false,
            invite: None,
        }))
    }

    /// Connects again after a dropped connection, with the token that keeps the seat.
    pub fn rejoin(&mut self) {
        let (Some(name), Some(token)) = (self.mirror.name(), self.mirror.token()) else {
            return;
        };
        let request = EntryRequest::rejoin(name, &self.password, self.mirror.code(), token)
            .with_invite(self.invite)
            .with_relay(self.net.relay_fingerprint());
        self.net = connect(&self.address, request);
        self.mirror = Mirror::new();
        self.closed = None;
        self.rejoinable = false;
    }

    /// The fingerprint of the key the relay proved, once connected.
    pub fn relay_fingerprint(&self) -> Option<ply_net::keys::Fingerprint> {
        self.net.relay_fingerprint()
    }

    /// The invite code for friends to join at `addr` (with the lobby's `code` on a
    /// relay): it carries the lobby's invite secret, when this computer hosts it, and
    /// the relay's fingerprint, so that a friend with the code needs no password and
    /// cannot be met by someone in the middle.
    pub fn invite_code(&self, addr: SocketAddr, code: Option<&str>) -> Option<String> {
        Invite::new(addr, code)
            .with_secret(self.invite)
            .with_relay(self.relay_fingerprint())
            .encode()
            .ok()
    }

    /// Every event that arrived since the last poll, already applied to the mirror.
    pub fn poll(&mut self) -> Vec<NetEvent> {
        let mut events = Vec::new();
        while let Ok(event) = self.net.events().try_recv() {
            self.take(event, &mut events);
        }
        events
    }

    /// Waits up to `timeout` for the next event (tests only; the window polls).
    pub fn wait(&mut self, timeout: Duration) -> Vec<NetEvent> {
        let mut events = Vec::new();
        if let Ok(event) = self.net.events().recv_timeout(timeout) {
            self.take(event, &mut events);
        }
        events.extend(self.poll());
        events
    }

    /// Applies `event` and keeps it for the screens; a chat line of a muted player (or
    /// with nothing left to say once cleaned) is dropped.
    fn take(&mut self, event: NetEvent, events: &mut Vec<NetEvent>) {
        if let NetEvent::Message(ServerMsg::Chat { from, text }) = &event
            && !self.chat.hear(from, text)
        {
            return;
        }
        self.mirror.apply(&event);
        match &event {
            NetEvent::Entered(entered) | NetEvent::Reconnected(entered) => {
                // A host keeps what it answers joiners with, to let them in after a crash.
                let hosting = ply_net::HostingSecrets {
                    password: self.password.clone(),
                    invite: self.invite,
                };
                if let Some(seats) = &self.seats
                    && let Err(error) = seats.remember(
                        &self.address,
                        self.net.relay_fingerprint(),
                        entered,
                        Some(&hosting),
                    )
                {
                    self.seat_not_kept = Some(format!(
                        "Your seat could not be kept to come back after a crash: {error}."
                    ));
                }
                self.note_absences(&entered.lobby);
                if matches!(event, NetEvent::Reconnected(_)) {
                    self.healed = true;
                }
            }
            NetEvent::Message(ServerMsg::Lobby(view)) => self.note_absences(view),
            NetEvent::Message(ServerMsg::GameStarted(_)) => self.note_game(),
            _ => {}
        }
        if let NetEvent::Closed(reason) = &event {
            self.rejoinable = matches!(reason, CloseReason::Lost(_));
            self.closed = Some(match reason {
                CloseReason::Failed(error) => {
                    // Only nobody answering at an address outside the home network
                    // carries the port-forwarding hint; a refusal (a name taken, a wrong
                    // password) says just what it was.
                    format!("Could not join at {}: {error}.", self.address)
                }
                CloseReason::Lost(ClientError::Lost(error)) => {
                    format!("The connection to {} was lost: {error}.", self.address)
                }
                CloseReason::Lost(error) => {
                    format!("The connection to {} was lost: {error}.", self.address)
                }
                other => format!("The connection ended: {other}."),
            });
        }
        events.push(event);
    }

    /// Notes the game that started with the seat kept for it, so that "Return to your
    /// game" names its mode and opponent.
    fn note_game(&mut self) {
        let (Some(seats), Some(relay), Some(lobby), Some(name)) = (
            &self.seats,
            self.net.relay_fingerprint(),
            self.mirror.lobby(),
            self.mirror.name(),
        ) else {
            return;
        };
        let kept = seats.recall_at(relay, name, self.mirror.code(), false);
        if let Some(seat) = kept
            && let Err(error) = seats.note_lobby(&seat, lobby)
        {
            self.seat_not_kept = Some(format!(
                "Your seat's game could not be noted to come back to it: {error}."
            ));
        }
    }

    /// Notes since when each member of `view` who is away has been away.
    fn note_absences(&mut self, view: &ply_net::LobbyView) {
        let now = Instant::now();
        self.away_since = view
            .players
            .iter()
            .filter_map(|player| {
                let away = Duration::from_millis(player.away_ms?);
                Some((player.name.clone(), now.checked_sub(away).unwrap_or(now)))
            })
            .collect();
    }

    /// Since when the member called `name` has been away, if they are.
    pub fn away_since(&self, name: &str) -> Option<Instant> {
        self.away_since.get(name).copied()
    }

    /// Leaves the lobby for the main menu (from its game).
    pub fn leave_to_menu(&mut self) {
        self.send(ClientMsg::Leave);
        self.to_menu = true;
    }

    /// Sends a message; a closed connection is noted once, not repeated.
    pub fn send(&mut self, message: ClientMsg) {
        if self.net.send(message).is_err() && self.closed.is_none() {
            self.closed = Some("The connection is closed.".into());
        }
    }
}
