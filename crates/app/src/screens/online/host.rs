//! "Host an online game": a name, an optional password, the game to offer (a new game of
//! any mode or a saved game) and its clock (kept by the relay). With a relay's address,
//! the lobby opens there; otherwise the relay server runs in this process, the home
//! router is asked to forward its port (unless the setting is off), and the host joins
//! it through an ordinary client, like everyone else.

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
use ply_net::{ClockSetup, EntryRequest, GameSetup, ServerConfig, host_in_process};
use std::net::{IpAddr, SocketAddr, UdpSocket};

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
                    },
                    Field {
                        label: "Password",
                        value: String::new(),
                        secret: true,
                        name: false,
                    },
                    Field {
                        label: "Relay (optional)",
                        value: String::new(),
                        secret: false,
                        name: false,
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
        .chain(back_and_go(context, "Open lobby"))
        .collect()
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
        let password = self.form.value(1);
        let setup = self.setup(context)?;
        context.prefs.settings.name = name.clone();
        context.prefs.changed = true;
        let relay = self.form.value(2);
        if !relay.is_empty() {
            // On a relay, the lobby lives there: nothing runs here, no port is opened.
            let address = with_default_port(&relay);
            let request = EntryRequest::open(&name, &password, setup);
            let invite = request.invite;
            let net = crate::session::connect(&address, request);
            let session =
                Session::keeping_seat(net, None, address, password, context.storage.seats.clone());
            session.borrow_mut().invite = invite;
            return Ok(LobbyScreen::new(session));
        }
        let any = |port| SocketAddr::from(([0, 0, 0, 0], port));
        let server = match host_in_process(any(self.usual_port), self.server.clone())
            .or_else(|_| host_in_process(any(0), self.server.clone()))
        {
            Ok(server) => server,
            Err(error) => return Err(OnlineError::NoServer(error)),
        };
        let port = server.addr().port();
        // A given answer shows example addresses, not this port: no note about it.
        let usual_port_taken =
            (port != self.usual_port && self.answer.is_none()).then_some(self.usual_port);
        let address = server.local_addr().to_string();
        let request = EntryRequest::open(&name, &password, setup);
        let invite = request.invite;
        let net = crate::session::connect(&address, request);
        let (portmap, lan) = match self.answer.clone() {
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
        let session = Session::keeping_seat(
            net,
            Some(server),
            address,
            password,
            context.storage.seats.clone(),
        );
        {
            let mut hosting = session.borrow_mut();
            hosting.portmap = Some(portmap);
            hosting.lan = lan;
            hosting.usual_port_taken = usual_port_taken;
            hosting.invite = invite;
        }
        Ok(LobbyScreen::new(session))
    }
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
                "your name, password, and a relay's address to host there",
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
