//! Online play: hosting (the relay server runs in this process and the host joins it
//! through an ordinary client, like everyone else), joining, the lobby, and the online
//! game. The network runs on its own thread; these screens only poll its channel.

use super::game::{GameScreen, Outgoing, Seat};
use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::display::{Align, Frame, Rect, Rgba};
use crate::theme;
use ply_core::Player;
use ply_modes::{Level, MODES, find_mode};
use ply_net::client::with_default_port;
use ply_net::protocol::DEFAULT_PORT;
use ply_net::{
    ClientMsg, CloseReason, EntryRequest, GameSetup, HostedServer, Mirror, NetEvent, NetHandle,
    Occupant, ServerConfig, ServerMsg, host_in_process,
};
use std::cell::RefCell;
use std::net::{SocketAddr, UdpSocket};
use std::rc::Rc;
use std::time::Duration;

/// What to tell a player whose connection failed, about letting friends in.
const PORT_HINT: &str = "If the host is outside your home network, their router must forward the port to their computer (see Help: hosting and joining).";

/// One connection to a lobby, shared by the lobby screen and the game screen on top of it.
pub struct Session {
    net: NetHandle,
    mirror: Mirror,
    /// The relay server, when this computer hosts.
    server: Option<HostedServer>,
    /// Where the connection went, as typed.
    address: String,
    /// Why the connection ended, once it has.
    closed: Option<String>,
    /// The lobby's password, kept to rejoin after a dropped connection.
    password: String,
    /// The connection broke (rather than ending on purpose): the seat can be taken back.
    rejoinable: bool,
}

type Shared = Rc<RefCell<Session>>;

impl Session {
    fn new(
        net: NetHandle,
        server: Option<HostedServer>,
        address: String,
        password: String,
    ) -> Shared {
        Rc::new(RefCell::new(Session {
            net,
            mirror: Mirror::new(),
            server,
            address,
            closed: None,
            password,
            rejoinable: false,
        }))
    }

    /// Connects again after a dropped connection, with the token that keeps the seat.
    fn rejoin(&mut self) {
        let (Some(name), Some(token)) = (self.mirror.name(), self.mirror.token()) else {
            return;
        };
        let request = EntryRequest::rejoin(name, &self.password, self.mirror.code(), token);
        self.net = NetHandle::connect(&self.address, request);
        self.mirror = Mirror::new();
        self.closed = None;
        self.rejoinable = false;
    }

    /// Every event that arrived since the last poll, already applied to the mirror.
    fn poll(&mut self) -> Vec<NetEvent> {
        let mut events = Vec::new();
        while let Ok(event) = self.net.events().try_recv() {
            self.take(event, &mut events);
        }
        events
    }

    /// Waits up to `timeout` for the next event (tests only; the window polls).
    fn wait(&mut self, timeout: Duration) -> Vec<NetEvent> {
        let mut events = Vec::new();
        if let Ok(event) = self.net.events().recv_timeout(timeout) {
            self.take(event, &mut events);
        }
        events.extend(self.poll());
        events
    }

    fn take(&mut self, event: NetEvent, events: &mut Vec<NetEvent>) {
        self.mirror.apply(&event);
        if let NetEvent::Closed(reason) = &event {
            self.rejoinable = matches!(reason, CloseReason::Lost(_));
            self.closed = Some(match reason {
                CloseReason::Failed(error) => {
                    format!("Could not join at {}: {error}. {PORT_HINT}", self.address)
                }
                other => format!("The connection ended: {other}."),
            });
        }
        events.push(event);
    }

    fn send(&mut self, message: ClientMsg) {
        if self.net.send(message).is_err() && self.closed.is_none() {
            self.closed = Some("The connection is closed.".into());
        }
    }
}

/// A one-line text field.
struct Field {
    label: &'static str,
    value: String,
    secret: bool,
}

impl Field {
    fn shown(&self, focused: bool) -> String {
        let text = if self.secret {
            "*".repeat(self.value.chars().count())
        } else {
            self.value.clone()
        };
        if focused { format!("{text}_") } else { text }
    }
}

/// Fields, a focus, and typing into the focused one.
struct Form {
    fields: Vec<Field>,
    focus: Option<usize>,
}

impl Form {
    fn rects(&self, context: &Context) -> Vec<(Rect, Rect)> {
        let s = widgets::scale(context);
        let left = (context.size.0 - 700.0 * s) / 2.0;
        (0..self.fields.len())
            .map(|i| {
                let y = 150.0 * s + i as f32 * 76.0 * s;
                (
                    Rect::new(left, y, 240.0 * s, 54.0 * s),
                    Rect::new(left + 240.0 * s, y, 460.0 * s, 54.0 * s),
                )
            })
            .collect()
    }

    fn type_event(&mut self, event: &Event) -> bool {
        let Some(field) = self.focus.and_then(|i| self.fields.get_mut(i)) else {
            return false;
        };
        match event {
            Event::Char(c) if !c.is_control() && field.value.chars().count() < 64 => {
                field.value.push(*c)
            }
            Event::Key(Key::Backspace) => {
                field.value.pop();
            }
            Event::Key(Key::Enter) => self.focus = None,
            _ => return false,
        }
        true
    }

    fn click(&mut self, context: &Context, point: crate::display::Point) {
        self.focus = self
            .rects(context)
            .iter()
            .position(|(_, field)| field.contains(point));
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        for (i, (label, field)) in self.rects(context).into_iter().enumerate() {
            frame.text(
                self.fields[i].label,
                label,
                24.0 * s,
                theme::TEXT,
                Align::Left,
            );
            let focused = self.focus == Some(i);
            frame.rect(
                field,
                if focused {
                    Rgba::rgb(250, 250, 250)
                } else {
                    Rgba::rgb(225, 228, 234)
                },
            );
            frame.text(
                self.fields[i].shown(focused),
                field.inset(10.0 * s),
                24.0 * s,
                theme::BACKGROUND,
                Align::Left,
            );
        }
    }

    fn value(&self, i: usize) -> String {
        self.fields
            .get(i)
            .map(|field| field.value.trim().to_string())
            .unwrap_or_default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormAction {
    Mode,
    Go,
    Help,
    Back,
}

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
}

impl HostScreen {
    /// The host form, filled in from the settings.
    pub fn new(context: &Context) -> HostScreen {
        HostScreen {
            form: Form {
                fields: vec![
                    Field {
                        label: "Your name",
                        value: context.settings.name.clone(),
                        secret: false,
                    },
                    Field {
                        label: "Password",
                        value: String::new(),
                        secret: true,
                    },
                ],
                focus: None,
            },
            offers: host_offers(context),
            offer: 0,
        }
    }

    fn offer_label(&self) -> String {
        match self.offers.get(self.offer) {
            Some(Offer::Mode(mode)) => format!("Game: {}", mode.name),
            Some(Offer::Saved { title, .. }) => format!("Saved game: {title}"),
            None => "Game: none".to_string(),
        }
    }

    /// The setup of the chosen offer: a new game, or a saved one with its moves.
    fn setup(&self, context: &Context) -> Result<GameSetup, String> {
        match self.offers.get(self.offer) {
            Some(Offer::Mode(mode)) => Ok(GameSetup::new(mode.id)),
            Some(Offer::Saved { name, .. }) => {
                let folder = context
                    .saves
                    .as_ref()
                    .ok_or("There is no folder for saved games.")?;
                let saved = folder.load(name).map_err(|error| error.to_string())?;
                Ok(GameSetup {
                    mode: saved.game.mode_id().to_string(),
                    start: Some(saved.game.start_text()),
                    moves: saved.game.move_texts(),
                })
            }
            None => Err("Choose a game to offer.".into()),
        }
    }

    fn buttons(&self, context: &Context) -> Vec<(Rect, String, Look, FormAction)> {
        let s = widgets::scale(context);
        let left = (context.size.0 - 700.0 * s) / 2.0;
        let y = 150.0 * s + 2.0 * 76.0 * s;
        let bottom = context.size.1 - 90.0 * s;
        vec![
            (
                Rect::new(left + 240.0 * s, y, 460.0 * s, 54.0 * s),
                self.offer_label(),
                Look::Normal,
                FormAction::Mode,
            ),
            (
                Rect::new(left, y + 90.0 * s, 700.0 * s, 40.0 * s),
                "Help: letting friends in from outside your network".into(),
                Look::Normal,
                FormAction::Help,
            ),
            (
                Rect::new(40.0 * s, bottom, 200.0 * s, 54.0 * s),
                "Back".into(),
                Look::Normal,
                FormAction::Back,
            ),
            (
                Rect::new(context.size.0 - 300.0 * s, bottom, 260.0 * s, 54.0 * s),
                "Open lobby".into(),
                Look::Chosen,
                FormAction::Go,
            ),
        ]
    }

    fn open(&mut self, context: &mut Context) -> Transition {
        match self.open_lobby(context) {
            Ok(lobby) => Transition::Replace(Box::new(lobby)),
            Err(message) => {
                context.notice = Some(message);
                Transition::Stay
            }
        }
    }

    /// Starts the relay server in this process and joins it as the host.
    pub fn open_lobby(&mut self, context: &mut Context) -> Result<LobbyScreen, String> {
        let name = self.form.value(0);
        let password = self.form.value(1);
        let setup = self.setup(context)?;
        context.settings.name = name.clone();
        context.settings_changed = true;
        let any = |port| SocketAddr::from(([0, 0, 0, 0], port));
        let server = match host_in_process(any(DEFAULT_PORT), ServerConfig::default())
            .or_else(|_| host_in_process(any(0), ServerConfig::default()))
        {
            Ok(server) => server,
            Err(error) => return Err(format!("Could not open a lobby on this computer: {error}")),
        };
        let address = server.local_addr().to_string();
        let request = EntryRequest::open(&name, &password, setup);
        let net = NetHandle::connect(&address, request);
        Ok(LobbyScreen::new(Session::new(
            net,
            Some(server),
            address,
            password,
        )))
    }
}

fn form_update(
    form: &mut Form,
    buttons: Vec<(Rect, String, Look, FormAction)>,
    event: &Event,
    context: &Context,
) -> Option<FormAction> {
    if form.type_event(event) {
        return None;
    }
    match event {
        Event::Key(Key::Escape) => Some(FormAction::Back),
        Event::Key(Key::Enter) => Some(FormAction::Go),
        Event::PointerUp(point) => {
            let mut hits = Buttons::new();
            for (rect, _, _, action) in buttons {
                hits.add(rect, action);
            }
            form.click(context, *point);
            hits.at(*point)
        }
        _ => None,
    }
}

fn draw_buttons(
    context: &Context,
    frame: &mut Frame,
    buttons: Vec<(Rect, String, Look, FormAction)>,
) {
    for (rect, label, look, _) in buttons {
        widgets::button(frame, context, rect, &label, look);
    }
}

/// Every mode, then every readable save (the autosave included).
fn host_offers(context: &Context) -> Vec<Offer> {
    let mut offers: Vec<Offer> = MODES.iter().map(Offer::Mode).collect();
    let saves = context
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
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        let buttons = self.buttons(context);
        match form_update(&mut self.form, buttons, event, context) {
            Some(FormAction::Mode) => self.offer = (self.offer + 1) % self.offers.len().max(1),
            Some(FormAction::Go) => return self.open(context),
            Some(FormAction::Help) => {
                if let Err(error) = crate::help::open_page(Some("online")) {
                    context.notice = Some(error.to_string());
                }
            }
            Some(FormAction::Back) => return Transition::Pop,
            None => {}
        }
        Transition::Stay
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Host an online game");
        self.form.draw(context, frame);
        draw_buttons(context, frame, self.buttons(context));
    }
}

/// "Join an online game": the host's address, a name, the password and, on a relay
/// with several lobbies, the lobby's code.
pub struct JoinScreen {
    form: Form,
}

impl JoinScreen {
    /// The join form, filled in from the settings.
    pub fn new(context: &Context) -> JoinScreen {
        JoinScreen {
            form: Form {
                fields: vec![
                    Field {
                        label: "Host's address",
                        value: context.settings.last_address.clone(),
                        secret: false,
                    },
                    Field {
                        label: "Your name",
                        value: context.settings.name.clone(),
                        secret: false,
                    },
                    Field {
                        label: "Password",
                        value: String::new(),
                        secret: true,
                    },
                    Field {
                        label: "Lobby code",
                        value: String::new(),
                        secret: false,
                    },
                ],
                focus: Some(0),
            },
        }
    }

    fn buttons(&self, context: &Context) -> Vec<(Rect, String, Look, FormAction)> {
        let s = widgets::scale(context);
        let bottom = context.size.1 - 90.0 * s;
        let left = (context.size.0 - 700.0 * s) / 2.0;
        vec![
            (
                Rect::new(left, 150.0 * s + 4.0 * 76.0 * s, 700.0 * s, 40.0 * s),
                "Help: hosting and joining".into(),
                Look::Normal,
                FormAction::Help,
            ),
            (
                Rect::new(40.0 * s, bottom, 200.0 * s, 54.0 * s),
                "Back".into(),
                Look::Normal,
                FormAction::Back,
            ),
            (
                Rect::new(context.size.0 - 300.0 * s, bottom, 260.0 * s, 54.0 * s),
                "Join".into(),
                Look::Chosen,
                FormAction::Go,
            ),
        ]
    }

    fn join(&mut self, context: &mut Context) -> Transition {
        match self.connect(context) {
            Ok(lobby) => Transition::Replace(Box::new(lobby)),
            Err(message) => {
                context.notice = Some(message);
                Transition::Stay
            }
        }
    }

    /// Sets the address, name and password, as typed.
    pub fn fill(&mut self, address: &str, name: &str, password: &str) {
        for (field, value) in self.form.fields.iter_mut().zip([address, name, password]) {
            field.value = value.to_string();
        }
    }

    /// Connects to the host typed in the form and asks to enter its lobby.
    pub fn connect(&mut self, context: &mut Context) -> Result<LobbyScreen, String> {
        let typed = self.form.value(0);
        if typed.is_empty() {
            return Err(
                "Type the host's address (ask the host: it is shown on their lobby screen).".into(),
            );
        }
        let name = self.form.value(1);
        let code = self.form.value(3);
        context.settings.last_address = typed.clone();
        context.settings.name = name.clone();
        context.settings_changed = true;
        let address = with_default_port(&typed);
        let password = self.form.value(2);
        let request = EntryRequest::join(
            &name,
            &password,
            (!code.is_empty()).then_some(code.as_str()),
        );
        let net = NetHandle::connect(&address, request);
        Ok(LobbyScreen::new(Session::new(net, None, address, password)))
    }
}

impl Screen for JoinScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        let buttons = self.buttons(context);
        match form_update(&mut self.form, buttons, event, context) {
            Some(FormAction::Go) => return self.join(context),
            Some(FormAction::Help) => {
                if let Err(error) = crate::help::open_page(Some("online")) {
                    context.notice = Some(error.to_string());
                }
            }
            Some(FormAction::Back) => return Transition::Pop,
            Some(FormAction::Mode) | None => {}
        }
        Transition::Stay
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Join an online game");
        self.form.draw(context, frame);
        draw_buttons(context, frame, self.buttons(context));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LobbyAction {
    Side(Player),
    Remove(usize),
    Mode,
    Strength,
    Copy,
    Start,
    Return,
    Rejoin,
    Leave,
}

/// The lobby: who is here, who plays which side, and (for the host) starting the game.
pub struct LobbyScreen {
    session: Shared,
    /// How strongly the computer plays when the host seats it.
    strength: Level,
}

/// This computer's address on the local network, learned from the route the system
/// would use (no packet is sent).
fn lan_address() -> Option<std::net::IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    socket.local_addr().ok().map(|addr| addr.ip())
}

impl LobbyScreen {
    /// The lobby reached through `session`.
    fn new(session: Shared) -> LobbyScreen {
        LobbyScreen {
            session,
            strength: Level::Medium,
        }
    }

    /// Waits up to `timeout` for news from the server and takes it in (tests only).
    pub fn wait_for_news(&mut self, timeout: Duration, context: &mut Context) -> Transition {
        let events = self.session.borrow_mut().wait(timeout);
        self.handle(events, context)
    }

    /// The address friends connect to, as shown (host only).
    pub fn share_address(&self) -> Option<String> {
        let session = self.session.borrow();
        session
            .server
            .as_ref()
            .map(|server| server.local_addr().to_string())
    }

    /// Why the connection ended, if it has.
    pub fn closed(&self) -> Option<String> {
        self.session.borrow().closed.clone()
    }

    /// Whether the lobby has been entered.
    pub fn entered(&self) -> bool {
        self.session.borrow().mirror.entered().is_some()
    }

    /// Why Start cannot be pressed now, if it cannot.
    pub fn start_blocked(&self) -> Option<String> {
        let session = self.session.borrow();
        let lobby = session.mirror.lobby()?;
        let mode = find_mode(&lobby.setup.mode)?.new_game();
        Player::BOTH
            .into_iter()
            .find(|side| lobby.sides[side.index()] == Occupant::Open)
            .map(|side| {
                format!(
                    "Put a player or the computer on {} to start.",
                    mode.side_name(side)
                )
            })
    }

    fn handle(&mut self, events: Vec<NetEvent>, context: &mut Context) -> Transition {
        for event in events {
            match event {
                NetEvent::Message(ServerMsg::GameStarted(_)) => return self.open_game(),
                NetEvent::Entered(entered) if entered.game.is_some() => return self.open_game(),
                NetEvent::Message(ServerMsg::Denied(reason)) => {
                    context.notice = Some(reason.to_string());
                }
                NetEvent::Message(ServerMsg::Chat { from, text }) => {
                    context.notice = Some(format!("{from}: {text}"));
                }
                _ => {}
            }
        }
        Transition::Stay
    }

    fn open_game(&mut self) -> Transition {
        let session = self.session.borrow();
        let mirror = &session.mirror;
        let (Some(game), Some(sides)) = (mirror.game(), mirror.sides()) else {
            return Transition::Stay;
        };
        let me = mirror.name().unwrap_or_default().to_string();
        let host = mirror.is_host();
        let seats = Player::BOTH.map(|side| match &sides[side.index()] {
            Occupant::Player(name) if *name == me => Seat::Person,
            Occupant::Computer if host => Seat::Computer(self.strength),
            _ => Seat::Remote,
        });
        let names = Player::BOTH.map(|side| match &sides[side.index()] {
            Occupant::Player(name) => Some(name.clone()),
            Occupant::Computer => Some("Computer".to_string()),
            Occupant::Open => None,
        });
        let screen = GameScreen::online(game.clone_box(), seats, names);
        drop(session);
        Transition::Push(Box::new(OnlineGame {
            session: Rc::clone(&self.session),
            game: screen,
        }))
    }

    fn controls(&self, context: &Context) -> Vec<(Rect, String, Look, LobbyAction)> {
        let s = widgets::scale(context);
        let session = self.session.borrow();
        let mirror = &session.mirror;
        let bottom = context.size.1 - 90.0 * s;
        let mut out = vec![(
            Rect::new(40.0 * s, bottom, 200.0 * s, 54.0 * s),
            "Leave".to_string(),
            Look::Normal,
            LobbyAction::Leave,
        )];
        let Some(lobby) = mirror.lobby() else {
            return out;
        };
        let host = mirror.is_host();
        let left = 60.0 * s;
        let mode = find_mode(&lobby.setup.mode);
        if host && session.server.is_some() {
            out.push((
                Rect::new(context.size.0 - 200.0 * s, 110.0 * s, 150.0 * s, 44.0 * s),
                "Copy".into(),
                Look::Normal,
                LobbyAction::Copy,
            ));
        }
        let game_y = 230.0 * s;
        if host {
            let label = format!(
                "Game: {}",
                mode.map_or(lobby.setup.mode.as_str(), |m| m.name)
            );
            out.push((
                Rect::new(left, game_y, 420.0 * s, 48.0 * s),
                label,
                Look::Normal,
                LobbyAction::Mode,
            ));
            out.push((
                Rect::new(left + 440.0 * s, game_y, 360.0 * s, 48.0 * s),
                format!("Computer plays: {}", self.strength.name()),
                Look::Normal,
                LobbyAction::Strength,
            ));
        }
        let names = mode.map(|m| m.new_game());
        for side in Player::BOTH {
            let y = 310.0 * s + side.index() as f32 * 60.0 * s;
            let side_name = names.as_ref().map_or("Side", |g| g.side_name(side));
            let who = match &lobby.sides[side.index()] {
                Occupant::Open => "nobody yet".to_string(),
                Occupant::Player(name) => name.clone(),
                Occupant::Computer => "the computer".to_string(),
            };
            let look = if host { Look::Normal } else { Look::Disabled };
            out.push((
                Rect::new(left, y, 520.0 * s, 48.0 * s),
                format!("{side_name}: {who}"),
                look,
                LobbyAction::Side(side),
            ));
        }
        if host {
            for (i, _) in lobby.players.iter().enumerate().filter(|(_, p)| !p.host) {
                let y = PLAYERS_TOP * s + 40.0 * s + i as f32 * 50.0 * s;
                out.push((
                    Rect::new(left + 380.0 * s, y, 140.0 * s, 42.0 * s),
                    "Remove".into(),
                    Look::Normal,
                    LobbyAction::Remove(i),
                ));
            }
        }
        let start = Rect::new(context.size.0 - 300.0 * s, bottom, 260.0 * s, 54.0 * s);
        if session.rejoinable && mirror.token().is_some() {
            out.push((start, "Rejoin".into(), Look::Chosen, LobbyAction::Rejoin));
        } else if mirror.in_game() {
            out.push((
                start,
                "Return to the game".into(),
                Look::Chosen,
                LobbyAction::Return,
            ));
        } else if host {
            let look = if self.start_blocked().is_some() {
                Look::Disabled
            } else {
                Look::Chosen
            };
            out.push((start, "Start".into(), look, LobbyAction::Start));
        }
        out
    }

    fn act(&mut self, action: LobbyAction, context: &mut Context) -> Transition {
        let mut session = self.session.borrow_mut();
        let Some(lobby) = session.mirror.lobby().cloned() else {
            drop(session);
            return match action {
                LobbyAction::Leave => self.leave(),
                _ => Transition::Stay,
            };
        };
        match action {
            LobbyAction::Side(side) => {
                let mut choices = vec![Occupant::Open, Occupant::Computer];
                choices.extend(
                    lobby
                        .players
                        .iter()
                        .map(|p| Occupant::Player(p.name.clone())),
                );
                let now = choices
                    .iter()
                    .position(|c| *c == lobby.sides[side.index()])
                    .unwrap_or(0);
                let occupant = choices[(now + 1) % choices.len()].clone();
                session.send(ClientMsg::SetSide { side, occupant });
            }
            LobbyAction::Remove(index) => {
                if let Some(player) = lobby.players.get(index) {
                    session.send(ClientMsg::Remove {
                        name: player.name.clone(),
                    });
                }
            }
            LobbyAction::Mode => {
                let now = MODES
                    .iter()
                    .position(|m| m.id == lobby.setup.mode)
                    .unwrap_or(0);
                session.send(ClientMsg::Setup(GameSetup::new(
                    MODES[(now + 1) % MODES.len()].id,
                )));
            }
            LobbyAction::Strength => {
                let now = Level::ALL
                    .iter()
                    .position(|l| *l == self.strength)
                    .unwrap_or(0);
                self.strength = Level::ALL[(now + 1) % Level::ALL.len()];
            }
            LobbyAction::Copy => {
                context.clipboard = Some(self.addresses(&session).join(" "));
                context.notice = Some("Address copied: paste it to your friends.".into());
            }
            LobbyAction::Start => session.send(ClientMsg::Start),
            LobbyAction::Rejoin => session.rejoin(),
            LobbyAction::Return => {
                drop(session);
                return self.open_game();
            }
            LobbyAction::Leave => {
                drop(session);
                return self.leave();
            }
        }
        Transition::Stay
    }

    fn leave(&mut self) -> Transition {
        self.session.borrow_mut().send(ClientMsg::Leave);
        Transition::Pop
    }

    /// The addresses friends can use to reach this host.
    fn addresses(&self, session: &Session) -> Vec<String> {
        let Some(server) = &session.server else {
            return Vec::new();
        };
        let port = server.addr().port();
        match lan_address() {
            Some(ip) => vec![format!("{ip}:{port}")],
            None => vec![format!("this computer's address, port {port}")],
        }
    }
}

/// Where the list of players starts, in unscaled pixels.
const PLAYERS_TOP: f32 = 440.0;

impl Screen for LobbyScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::Tick(_) => {
                let events = self.session.borrow_mut().poll();
                self.handle(events, context)
            }
            Event::Key(Key::Escape) => self.leave(),
            Event::PointerUp(point) => {
                let mut hits = Buttons::new();
                for (rect, _, look, action) in self.controls(context) {
                    if look != Look::Disabled {
                        hits.add(rect, action);
                    }
                }
                match hits.at(*point) {
                    Some(action) => self.act(action, context),
                    None => Transition::Stay,
                }
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let session = self.session.borrow();
        let mirror = &session.mirror;
        let title = match mirror.code() {
            Some(code) => format!("Lobby {code}"),
            None => "Lobby".to_string(),
        };
        widgets::page(frame, context, &title);
        let left = 60.0 * s;
        let width = context.size.0 - 120.0 * s;
        if let Some(reason) = &session.closed {
            frame.text(
                reason.as_str(),
                Rect::new(left, 120.0 * s, width, 160.0 * s),
                24.0 * s,
                theme::TEXT,
                Align::Wrap,
            );
        } else if mirror.entered().is_none() {
            frame.text(
                format!("Connecting to {}...", session.address),
                Rect::new(left, 120.0 * s, width, 40.0 * s),
                24.0 * s,
                theme::TEXT,
                Align::Left,
            );
        }
        if let Some(lobby) = mirror.lobby() {
            let addresses = self.addresses(&session);
            if !addresses.is_empty() {
                frame.text(
                    format!("Friends join at {}", addresses.join(" or ")),
                    Rect::new(left, 110.0 * s, width - 260.0 * s, 44.0 * s),
                    24.0 * s,
                    theme::TITLE,
                    Align::Left,
                );
                frame.text("On another network, they need your public address and a forwarded port: see Help.", Rect::new(left, 160.0 * s, width, 30.0 * s), 18.0 * s, theme::TEXT_DIM, Align::Left);
            }
            if !mirror.is_host() {
                let mode =
                    find_mode(&lobby.setup.mode).map_or(lobby.setup.mode.as_str(), |m| m.name);
                frame.text(
                    format!("Game: {mode}"),
                    Rect::new(left, 230.0 * s, width, 48.0 * s),
                    26.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
            }
            frame.text(
                format!("Players ({} of {})", lobby.players.len(), lobby.max_players),
                Rect::new(left, PLAYERS_TOP * s, width, 36.0 * s),
                24.0 * s,
                theme::TITLE,
                Align::Left,
            );
            for (i, player) in lobby.players.iter().enumerate() {
                let mut label = player.name.clone();
                if player.host {
                    label.push_str(" (host)");
                }
                if !player.connected {
                    label.push_str(" (disconnected)");
                }
                frame.text(
                    label,
                    Rect::new(
                        left,
                        PLAYERS_TOP * s + 40.0 * s + i as f32 * 50.0 * s,
                        360.0 * s,
                        42.0 * s,
                    ),
                    22.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
            }
            if let Some(reason) = self.start_blocked()
                && mirror.is_host()
                && !mirror.in_game()
            {
                frame.text(
                    reason,
                    Rect::new(
                        context.size.0 - 760.0 * s,
                        context.size.1 - 84.0 * s,
                        440.0 * s,
                        44.0 * s,
                    ),
                    18.0 * s,
                    theme::TEXT_DIM,
                    Align::Right,
                );
            }
            if !mirror.is_host() && !mirror.in_game() {
                frame.text(
                    "Waiting for the host to start the game.",
                    Rect::new(
                        context.size.0 - 560.0 * s,
                        context.size.1 - 84.0 * s,
                        520.0 * s,
                        44.0 * s,
                    ),
                    20.0 * s,
                    theme::TEXT_DIM,
                    Align::Right,
                );
            }
        }
        drop(session);
        for (rect, label, look, _) in self.controls(context) {
            widgets::button(frame, context, rect, &label, look);
        }
    }
}

/// A game played online, on top of its lobby: the game screen, fed by the server.
pub struct OnlineGame {
    session: Shared,
    game: GameScreen,
}

impl OnlineGame {
    fn take_news(&mut self, events: Vec<NetEvent>, context: &mut Context) {
        let me = self.session.borrow().mirror.my_side();
        for event in events {
            let NetEvent::Message(message) = event else {
                continue;
            };
            match message {
                ServerMsg::MovePlayed { text, .. } => {
                    if let Err(error) = self.game.receive_move(&text) {
                        context.notice = Some(format!(
                            "This computer could not follow the move {text}: {error}"
                        ));
                    }
                }
                ServerMsg::MoveRefused { reason, .. } => {
                    self.game.move_refused();
                    context.notice = Some(reason.to_string());
                }
                ServerMsg::GameOver { outcome } => self.game.receive_outcome(outcome),
                ServerMsg::DrawOffered { by } if Some(by) != me => {
                    context.notice = Some("Your opponent offers a draw: choose Offer draw in the game menu (Esc) to accept.".into());
                }
                ServerMsg::DrawDeclined { by } if Some(by) != me => {
                    context.notice = Some("Your draw offer was declined.".into());
                }
                ServerMsg::PlayerDropped { name } => {
                    context.notice =
                        Some(format!("{name} lost the connection; their seat is kept."))
                }
                ServerMsg::PlayerRejoined { name } => {
                    context.notice = Some(format!("{name} is back."))
                }
                ServerMsg::Denied(reason) => context.notice = Some(reason.to_string()),
                _ => {}
            }
        }
        if let Some(reason) = &self.session.borrow().closed {
            context.notice = Some(reason.clone());
        }
    }
}

impl Screen for OnlineGame {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if let Event::Tick(_) = event {
            let events = self.session.borrow_mut().poll();
            self.take_news(events, context);
        }
        let transition = self.game.update(event, context);
        let mut session = self.session.borrow_mut();
        for request in self.game.take_outgoing() {
            session.send(match request {
                Outgoing::Move(text) => ClientMsg::Move { text },
                Outgoing::Resign => ClientMsg::Resign,
                Outgoing::OfferDraw => ClientMsg::OfferDraw,
            });
        }
        transition
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        self.game.draw(context, frame);
    }

    fn closing(&mut self, context: &mut Context) {
        self.game.closing(context);
        self.session.borrow_mut().send(ClientMsg::Leave);
    }
}
