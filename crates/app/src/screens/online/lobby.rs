//! The lobby: who is here, who plays which side, the computer's strength, and (for the
//! host) starting the game; after a game everyone comes back here. Players coming and
//! going and chat queue their sounds.

use super::super::confirm::{Answer, Question};
use super::super::game::GameScreen;
use super::super::widgets::{self, Buttons, Look};
use super::super::{Context, Event, Key, Screen, Transition};
use crate::audio::{Cue, lobby_cues};
use crate::display::{Align, Frame, Rect};
use crate::message::Message;
use crate::session::{Session, Shared};
use crate::table::{RemoteReferee, Seat, Table};
use crate::theme;
use ply_core::Player;
use ply_modes::{Level, MODES, find_mode};
use ply_net::{ClientMsg, GameSetup, LobbyView, NetEvent, Occupant, ServerMsg};
use std::net::UdpSocket;
use std::rc::Rc;
use std::time::Duration;

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
    /// "Close the lobby?", while the host is asked.
    asking: Option<Question<()>>,
    /// The members connected when this screen last heard, to sound arrivals and leavings.
    members: Vec<String>,
}

/// The names of the members connected to `lobby`.
fn connected(lobby: &LobbyView) -> Vec<String> {
    lobby
        .players
        .iter()
        .filter(|player| player.connected)
        .map(|player| player.name.clone())
        .collect()
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
    pub fn new(session: Shared) -> LobbyScreen {
        let members = session.borrow().mirror.lobby().map(connected);
        LobbyScreen {
            session,
            strength: Level::Medium,
            asking: None,
            members: members.unwrap_or_default(),
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
                NetEvent::Entered(entered) => self.members = connected(&entered.lobby),
                NetEvent::Message(ServerMsg::Lobby(lobby)) => {
                    let members = connected(&lobby);
                    context.cues.extend(lobby_cues(&self.members, &members));
                    self.members = members;
                }
                NetEvent::Message(ServerMsg::Denied(reason)) => {
                    context.notice = Some(Message::error(reason.to_string()));
                }
                NetEvent::Message(ServerMsg::Chat { from, text }) => {
                    context.cues.push(Cue::Chat);
                    context.notice = Some(Message::info(format!("{from}: {text}")));
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
        let game = game.clone_box();
        drop(session);
        let referee = RemoteReferee::new(Rc::clone(&self.session));
        let table = Table::new(game, seats, Box::new(referee)).with_names(names);
        Transition::Push(Box::new(GameScreen::new(table, true)))
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
                context.notice = Some(Message::success(
                    "Address copied: paste it to your friends.",
                ));
            }
            LobbyAction::Start => session.send(ClientMsg::Start),
            LobbyAction::Rejoin => session.rejoin(),
            LobbyAction::Return => {
                drop(session);
                return self.open_game();
            }
            LobbyAction::Leave => {
                drop(session);
                return self.ask_to_leave(context.pointer);
            }
        }
        Transition::Stay
    }

    /// Leaves, but a host is asked first: leaving closes the lobby for everyone.
    fn ask_to_leave(&mut self, at: crate::display::Point) -> Transition {
        if self.session.borrow().server.is_none() {
            return self.leave();
        }
        self.asking = Some(Question {
            text: "Close the lobby? Everyone in it will be disconnected.".into(),
            yes: "Close lobby",
            action: (),
            asked_at: at,
        });
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
        if let Some(question) = &self.asking {
            match event {
                Event::Key(Key::Escape) => self.asking = None,
                Event::PointerUp(point) => match question.answer(context, *point) {
                    Some(Answer::Yes(())) => {
                        self.asking = None;
                        return self.leave();
                    }
                    Some(Answer::No) => self.asking = None,
                    None => {}
                },
                Event::Tick(_) => {
                    let events = self.session.borrow_mut().poll();
                    return self.handle(events, context);
                }
                _ => {}
            }
            return Transition::Stay;
        }
        match event {
            Event::Tick(_) => {
                let events = self.session.borrow_mut().poll();
                self.handle(events, context)
            }
            Event::Key(Key::Escape) => self.ask_to_leave(context.pointer),
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
        if let Some(question) = &self.asking {
            question.draw(context, frame);
        }
    }
}
