//! "Host an online game": a name, an optional password, the game to offer (a new game of
//! any mode or a saved game) and its clock (kept by the relay). With a relay's address,
//! the lobby opens there; otherwise the relay server runs in this process, the home
//! router is asked to forward its port (unless the setting is off), and the host joins
//! it through an ordinary client, like everyone else. That server is kept on disk (its
//! key and lobbies, per port), so a host whose program crashed or closed comes back as
//! the same server: pressing Host again, or Return to your game, puts the host back in
//! its game, and its guests' clients reconnect by themselves.

use super::super::widgets::{self, Look};
use super::super::{Context, Event, Screen, Transition};
use super::error::OnlineError;
use super::form::{
    Field, Form, FormAction, back_and_go, draw_buttons, enter, form_update, help_between,
};
use super::lobby::LobbyScreen;
use crate::display::Frame;
use crate::geometry::Rect;
use crate::session::Session;
use ply_core::TimeControl;
use ply_modes::MODES;
use ply_net::client::with_default_port;
use ply_net::name::name_problem;
use ply_net::portmap::{PortMap, PortMapOptions, Reach};
use ply_net::protocol::DEFAULT_PORT;
use ply_net::{
    ClockSetup, EntryRequest, GameSetup, HostedServer, RejoinStore, ServerConfig, StoredSeat,
    host_in_process,
};
use std::net::{IpAddr, SocketAddr, UdpSocket};

/// The form's field for a port of the player's choosing.
const PORT_FIELD: usize = 3;

/// How many ports after the usual one are tried before any free port: each keeps its
/// own server on disk, so a host who comes back finds its game on the port it had.
const NEXT_PORTS: u16 = 8;

/// A game the host can offer: a new game of a mode, or a saved game to go on with.
enum Offer {
    Mode(&'static ply_modes::Mode),
    Saved {
        /// The save's file name in the folder.
        name: String,
        /// What the list of saves calls it.
        title: String,
    },
}

/// "Host an online game": name, optional password, and the game to offer.
pub struct HostScreen {
    form: Form,
    offers: Vec<Offer>,
    offer: usize,
    /// The time control the relay keeps for the games, if any.
    clock: Option<TimeControl>,
    /// The router's answer and this computer's address to show instead of asking
    /// (pictures of each case, and tests).
    answer: Option<(Reach, Option<SocketAddr>)>,
    /// The port tried first ([`DEFAULT_PORT`]; another in tests).
    usual_port: u16,
    /// The in-process relay's limits and timings (shorter waits in tests).
    server: ServerConfig,
}

/// This computer's address on the local network, learned from the route the system
/// would use (no packet is sent).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    socket.local_addr().ok().map(|addr| addr.ip())
}

impl HostScreen {
    /// The host form, filled in from the settings.
    pub fn new(context: &Context) -> HostScreen {
        HostScreen {
            form: Form {
                fields: vec![
                    Field {
                        label: "Your name",
                        value: context.prefs.settings.name.clone(),
                        secret: false,
                        name: true,
                        beside: false,
                    },
                    Field {
                        label: "Password",
                        value: String::new(),
                        secret: true,
                        name: false,
                        beside: false,
                    },
                    Field {
                        label: "Relay (optional)",
                        value: String::new(),
                        secret: false,
                        name: false,
                        beside: false,
                    },
                    Field {
                        label: "Port",
                        value: String::new(),
                        secret: false,
                        name: false,
                        beside: true,
                    },
                ],
                focus: None,
            },
            offers: host_offers(context),
            offer: 0,
            clock: None,
            answer: None,
            usual_port: DEFAULT_PORT,
            server: ServerConfig::default(),
        }
    }

    /// Runs the lobby's relay with `server` instead of the usual limits and timings
    /// (tests, which cannot wait a minute for a countdown).
    pub fn with_server(mut self, server: ServerConfig) -> HostScreen {
        self.server = server;
        self
    }

    /// Shows `reach` as the router's answer, and `lan` as this computer's address,
    /// instead of asking the router and the system (pictures of each case, tests); the
    /// lobby then never says that the usual port was in use.
    pub fn with_answer(mut self, reach: Reach, lan: Option<SocketAddr>) -> HostScreen {
        self.answer = Some((reach, lan));
        self
    }

    /// Tries `port` first instead of the usual [`DEFAULT_PORT`] (tests, which cannot
    /// count on that one being free or taken).
    pub fn with_usual_port(mut self, port: u16) -> HostScreen {
        self.usual_port = port;
        self
    }

    /// Types `password` into the password field, as a player would.
    pub fn with_password(mut self, password: &str) -> HostScreen {
        if let Some(field) = self.form.fields.get_mut(1) {
            field.value = password.to_string();
        }
        self
    }

    /// Types `relay` into the relay field, as a player would.
    pub fn on_relay(mut self, relay: &str) -> HostScreen {
        if let Some(field) = self.form.fields.get_mut(2) {
            field.value = relay.to_string();
        }
        self
    }

    /// Types `port` into the port field, as a player would.
    pub fn on_port(mut self, port: &str) -> HostScreen {
        if let Some(field) = self.form.fields.get_mut(PORT_FIELD) {
            field.value = port.to_string();
        }
        self
    }

    /// The ports to listen on, in order: the one typed, or else the usual one, the few
    /// after it, and any free port.
    fn ports_to_try(&self) -> Result<Vec<u16>, OnlineError> {
        let typed = self.form.value(PORT_FIELD);
        let typed = typed.trim();
        if typed.is_empty() {
            let mut ports: Vec<u16> = (0..=NEXT_PORTS)
                .filter_map(|step| self.usual_port.checked_add(step))
                .collect();
            ports.push(0);
            return Ok(ports);
        }
        match typed.parse::<u16>() {
            Ok(port) if port > 0 => Ok(vec![port]),
            _ => Err(OnlineError::BadPort(typed.to_string())),
        }
    }

    fn offer_label(&self) -> String {
        match self.offers.get(self.offer) {
            Some(Offer::Mode(mode)) => format!("Game: {}", mode.name),
            Some(Offer::Saved { title, .. }) => format!("Saved game: {title}"),
            None => "Game: none".to_string(),
        }
    }

    /// The next clock: none, then the offered mode's time controls.
    fn next_clock(&mut self) {
        let presets = match self.offers.get(self.offer) {
            Some(Offer::Mode(mode)) => mode.time_presets,
            _ => ply_core::GENERAL_PRESETS,
        };
        let at = self
            .clock
            .and_then(|clock| presets.iter().position(|&preset| preset == clock));
        self.clock = match (self.clock, at) {
            (None, _) => presets.first().copied(),
            (Some(_), Some(i)) => presets.get(i + 1).copied(),
            (Some(_), None) => None,
        };
    }

    /// The setup of the chosen offer: a new game, or a saved one with its moves.
    fn setup(&self, context: &Context) -> Result<GameSetup, OnlineError> {
        let clock = self.clock.map(ClockSetup::of);
        match self.offers.get(self.offer) {
            Some(Offer::Mode(mode)) => Ok(GameSetup {
                clock,
                ..GameSetup::new(mode.id)
            }),
            Some(Offer::Saved { name, .. }) => {
                let folder = context
                    .storage
                    .saves
                    .as_ref()
                    .ok_or(OnlineError::NoSaveFolder)?;
                let saved = folder.load(name)?;
                Ok(GameSetup::resuming(&saved, clock))
            }
            None => Err(OnlineError::NothingOffered),
        }
    }

    fn buttons(&self, context: &Context) -> Vec<(Rect, String, Look, FormAction)> {
        let s = widgets::scale(context);
        let left = (context.window.size.0 - 700.0 * s) / 2.0;
        let y = 150.0 * s + 3.0 * 76.0 * s;
        let clock = match self.clock {
            Some(clock) => format!("Clock: {clock}"),
            None => "Clock: none".to_string(),
        };
        vec![
            (
                Rect::new(left + 240.0 * s, y, 290.0 * s, 54.0 * s),
                self.offer_label(),
                Look::Normal,
                FormAction::Mode,
            ),
            (
                Rect::new(left + 540.0 * s, y, 160.0 * s, 54.0 * s),
                clock,
                Look::Normal,
                FormAction::Clock,
            ),
            help_between(context, "Help: hosting"),
        ]
        .into_iter()
        .chain(back_and_go(context, self.go_label(context)))
        .collect()
    }

    /// What the going-ahead button does: open a lobby, or take the player back to the
    /// game they host there (the seat kept after a crash is never replaced).
    fn go_label(&self, context: &Context) -> &'static str {
        if self.kept_game(context).is_some() {
            "Back to your game"
        } else {
            "Open lobby"
        }
    }

    /// The game this player (by the name typed) hosts where the form would open the
    /// lobby, kept on this computer: on the relay typed (as it was typed before), or on
    /// this computer's own server (at the port typed, if one is).
    fn kept_game(&self, context: &Context) -> Option<StoredSeat> {
        let seats = context.storage.seats.as_ref()?;
        let name = self.form.value(0).to_lowercase();
        let relay = self.form.value(2);
        let typed_port = self.form.value(PORT_FIELD);
        seats.games().into_iter().find(|seat| {
            let here = if relay.is_empty() {
                // Any port this computer hosted on, unless the player typed another.
                own_server_port(seat, seats)
                    .is_some_and(|port| typed_port.is_empty() || typed_port == port.to_string())
            } else {
                seat.address == with_default_port(&relay)
            };
            seat.host && here && seat.name.to_lowercase() == name
        })
    }

    fn open(&mut self, context: &mut Context) -> Transition {
        let lobby = self.open_lobby(context);
        enter(lobby, context)
    }

    /// Opens the lobby: on the relay typed in the form, or else on a relay server started
    /// in this process, and joins it as the host.
    pub fn open_lobby(&mut self, context: &mut Context) -> Result<LobbyScreen, OnlineError> {
        let name = self.form.value(0);
        if let Some(problem) = name_problem(&name) {
            return Err(problem.into());
        }
        // Going back to a game hosted here before, an empty password means the one it
        // had (with its invite secret), so that friends join as they did.
        let kept = self.kept_game(context).and_then(|seat| seat.hosting);
        let typed = self.form.value(1);
        let (password, kept_invite) = match kept {
            Some(secrets) if typed.is_empty() => (secrets.password, secrets.invite),
            _ => (typed, None),
        };
        // A lobby this player hosts there already (after a crash) is taken back instead
        // of opening a second one.
        let request = EntryRequest::open(&name, &password, self.setup(context)?)
            .with_kept_seats(context.storage.seats.clone());
        let request = match kept_invite {
            Some(invite) => request.with_invite(Some(invite)),
            None => request,
        };
        let invite = request.invite;
        context.prefs.settings.name = name.clone();
        context.prefs.changed = true;
        let relay = self.form.value(2);
        if !relay.is_empty() {
            // On a relay, the lobby lives there: nothing runs here, no port is opened.
            let address = with_default_port(&relay);
            let net = crate::session::connect(&address, request);
            let session =
                Session::keeping_seat(net, None, address, password, context.storage.seats.clone());
            session.borrow_mut().invite = invite;
            return Ok(LobbyScreen::new(session));
        }
        // The port of a game hosted here before comes first, to find it there.
        let mut ports = self.ports_to_try()?;
        let kept_port = self
            .kept_game(context)
            .zip(context.storage.seats.as_ref())
            .and_then(|(seat, seats)| own_server_port(&seat, seats));
        if let Some(port) = kept_port {
            ports.retain(|&other| other != port);
            ports.insert(0, port);
        }
        let (server, not_kept) =
            start_own_server(&ports, &self.server, context.storage.seats.as_ref())?;
        let port = server.addr().port();
        // A given answer shows example addresses, not this port: no note about it, nor
        // about a port the player chose.
        let usual_port_taken = (port != self.usual_port
            && self.answer.is_none()
            && kept_port.is_none()
            && self.form.value(PORT_FIELD).is_empty())
        .then_some(self.usual_port);
        let address = server.local_addr().to_string();
        let net = crate::session::connect(&address, request);
        let session =
            Session::keeping_seat(net, None, address, password, context.storage.seats.clone());
        attach_server(&session, server, self.answer.clone(), context);
        {
            let mut hosting = session.borrow_mut();
            hosting.usual_port_taken = usual_port_taken;
            hosting.invite = invite;
            hosting.seat_not_kept = not_kept;
        }
        Ok(LobbyScreen::new(session))
    }
}

/// Starts this computer's relay server on the first port of `ports` it can listen on
/// (0: any free port), kept on disk beside `seats` when there are any and `base` names
/// no store of its own; also says why it could not be kept, if it could not.
fn start_own_server(
    ports: &[u16],
    base: &ServerConfig,
    seats: Option<&RejoinStore>,
) -> Result<(HostedServer, Option<String>), OnlineError> {
    let any = |port| SocketAddr::from(([0, 0, 0, 0], port));
    let mut refused = None;
    for &port in ports {
        let (config, not_kept) = match seats {
            Some(seats) if port != 0 && base.store.is_none() => {
                match base.clone().kept_in(&seats.hosted_server(port)) {
                    Ok(config) => (config, None),
                    Err(error) => (
                        base.clone(),
                        Some(format!(
                            "This game cannot be kept to come back to after a crash: {error}."
                        )),
                    ),
                }
            }
            _ => (base.clone(), None),
        };
        match host_in_process(any(port), config) {
            Ok(server) => return Ok((server, not_kept)),
            Err(error) => refused = Some((port, error)),
        }
    }
    Err(match refused {
        Some((port, source)) if ports.len() == 1 => OnlineError::PortUnavailable { port, source },
        Some((_, source)) => OnlineError::NoServer(source),
        None => OnlineError::NoServer(std::io::Error::other("no port to listen on")),
    })
}

/// Hands `server` to `session`, asking the router to forward its port (unless `answer`
/// stands in for the router's, or the setting is off), with this computer's address on
/// the home network.
pub(super) fn attach_server(
    session: &crate::session::Shared,
    server: HostedServer,
    answer: Option<(Reach, Option<SocketAddr>)>,
    context: &Context,
) {
    let port = server.addr().port();
    let (portmap, lan) = match answer {
        Some((reach, lan)) => (PortMap::fixed(reach), lan),
        None if context.prefs.settings.upnp => (
            PortMap::start(port, PortMapOptions::default()),
            lan_address().map(|ip| SocketAddr::new(ip, port)),
        ),
        None => (
            PortMap::fixed(Reach::NotAsked),
            lan_address().map(|ip| SocketAddr::new(ip, port)),
        ),
    };
    let mut hosting = session.borrow_mut();
    hosting.server = Some(server);
    hosting.portmap = Some(portmap);
    hosting.lan = lan;
}

/// The port of the server this computer hosted `seat`'s game on, when the seat is the
/// host's and that server is kept here with the key the seat was entered under.
pub(super) fn own_server_port(seat: &StoredSeat, seats: &RejoinStore) -> Option<u16> {
    let addr: SocketAddr = seat.address.parse().ok()?;
    let port = addr.port();
    (seat.host
        && addr.ip().is_loopback()
        && seat.relay.is_some()
        && ServerConfig::kept_fingerprint(&seats.hosted_server(port)) == seat.relay)
        .then_some(port)
}

/// Starts again, at `port` with its kept key and lobbies, the server this computer
/// hosted a game on; also says why it could not be kept, if it could not.
pub(super) fn restart_own_server(
    port: u16,
    context: &Context,
) -> Result<(HostedServer, Option<String>), OnlineError> {
    start_own_server(
        &[port],
        &ServerConfig::default(),
        context.storage.seats.as_ref(),
    )
}

/// Every mode, then every readable save (the autosave included).
fn host_offers(context: &Context) -> Vec<Offer> {
    let mut offers: Vec<Offer> = MODES.iter().map(Offer::Mode).collect();
    let saves = context
        .storage
        .saves
        .as_ref()
        .and_then(|folder| folder.list().ok())
        .unwrap_or_default();
    for save in saves {
        if let Ok(summary) = &save.summary {
            offers.push(Offer::Saved {
                name: save.name.clone(),
                title: summary.title.clone(),
            });
        }
    }
    offers
}

impl Screen for HostScreen {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "choose a field or a button"),
            crate::screens::controls::Control::new(
                "Type",
                "your name, a password, a relay's address to host there, a port to listen on",
            ),
            crate::screens::controls::Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        let buttons = self.buttons(context);
        match form_update(&mut self.form, buttons, event, context) {
            Some(FormAction::Mode) => self.offer = (self.offer + 1) % self.offers.len().max(1),
            Some(FormAction::Clock) => self.next_clock(),
            Some(FormAction::Go) => return self.open(context),
            Some(FormAction::Help) => {
                widgets::open_help(context, Some("online"));
            }
            Some(FormAction::Back) => return Transition::Pop,
            None => {}
        }
        Transition::Stay
    }

    fn typing(&self) -> bool {
        self.form.focus.is_some()
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Host an online game");
        self.form.draw(context, frame);
        draw_buttons(context, frame, self.buttons(context));
    }
}
