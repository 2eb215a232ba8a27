//! The lobby: who is here, who plays which side, the computer's strength, and (for the
//! host) who can reach the lobby (in words, with Copy and the invite code) and starting
//! the game; after a game everyone comes back here. Players coming and going and chat
//! queue their sounds.

use super::super::confirm::{Answer, Question};
use super::super::game::GameScreen;
use super::super::widgets::{self, Buttons, Look};
use super::super::{Context, Event, Key, Screen, Transition};
use super::chat::{ChatInput, ChatTyped};
use super::lobby_layout::LobbyLayout;
use super::reach::{ReachLine, reach_lines};
use super::seat_picker::{Picked, SeatPicker};
use crate::audio::{Cue, lobby_cues};
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::session::{Session, Shared};
use crate::theme;
use ply_core::Player;
use ply_modes::{Level, MODES, find_mode};
use ply_net::portmap::Reach;
use ply_net::{ClientMsg, GameSetup, LobbyView, NetEvent, Occupant, ServerMsg};
use ply_play::Message;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LobbyAction {
    Side(Player),
    Remove(usize),
    /// Mutes (or unmutes) the player of this index in the lobby's list.
    Mute(usize),
    Mode,
    Strength,
    /// Copies what the line of this index (in [`LobbyScreen::reach_lines`]) offers.
    Copy(usize),
    Help,
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
    /// The host's open choice of who plays a side, which owns clicks while open.
    picking: Option<SeatPicker>,
    /// The router's latest news about the lobby's port (host only).
    reach: Option<Reach>,
    /// The members connected when this screen last heard, to sound arrivals and leavings.
    members: Vec<String>,
    /// News heard before this screen opened (by the Join screen), taken in first.
    news: Vec<NetEvent>,
    /// The chat line being typed.
    chat: ChatInput,
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

impl LobbyScreen {
    /// The lobby reached through `session`.
    pub fn new(session: Shared) -> LobbyScreen {
        let members = session.borrow().mirror.lobby().map(connected);
        let mut lobby = LobbyScreen {
            session,
            strength: Level::at(5),
            asking: None,
            picking: None,
            reach: None,
            members: members.unwrap_or_default(),
            news: Vec::new(),
            chat: ChatInput::default(),
        };
        lobby.refresh_reach();
        lobby
    }

    /// The lobby reached through `session`, whose first `news` was heard before it opened
    /// (a game already running there opens at the first tick).
    pub fn with_news(session: Shared, news: Vec<NetEvent>) -> LobbyScreen {
        let mut lobby = LobbyScreen::new(session);
        lobby.news = news;
        lobby
    }

    /// Says `text` in the lobby's chat (what Enter on the chat line does).
    pub fn say(&mut self, text: &str) {
        self.session.borrow_mut().send(ClientMsg::Chat {
            text: text.to_string(),
        });
    }

    /// Takes in the router's news without waiting.
    fn refresh_reach(&mut self) {
        let mut session = self.session.borrow_mut();
        self.reach = session.portmap.as_mut().map(|map| map.reach().clone());
    }

    /// Waits up to `timeout` for news from the server and takes it in (tests only).
    pub fn wait_for_news(&mut self, timeout: Duration, context: &mut Context) -> Transition {
        let mut events = std::mem::take(&mut self.news);
        events.extend(self.session.borrow_mut().wait(timeout));
        self.refresh_reach();
        self.handle(events, context)
    }

    /// The lines saying who can join and how, as shown to the host.
    pub fn reach_texts(&self) -> Vec<String> {
        self.reach_lines(&self.session.borrow())
            .into_iter()
            .map(|line| line.text)
            .collect()
    }

    /// Who can join and how, in words (host only).
    fn reach_lines(&self, session: &Session) -> Vec<ReachLine> {
        reach_lines(session, self.reach.as_ref())
    }

    /// The address friends connect to, as shown (host only).
    pub fn share_address(&self) -> Option<String> {
        let session = self.session.borrow();
        session
            .server
            .as_ref()
            .map(|server| server.local_addr().to_string())
    }

    /// The lobby's code, once entered.
    pub fn code(&self) -> Option<String> {
        self.session.borrow().mirror.code().map(str::to_string)
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
                NetEvent::Message(ServerMsg::GameStarted(_)) => return self.open_game(context),
                NetEvent::Entered(entered) if entered.game.is_some() => {
                    return self.open_game(context);
                }
                NetEvent::Entered(entered) => self.members = connected(&entered.lobby),
                NetEvent::Message(ServerMsg::Lobby(lobby)) => {
                    let members = connected(&lobby);
                    context
                        .output
                        .cues
                        .extend(lobby_cues(&self.members, &members));
                    self.members = members;
                }
                NetEvent::Message(ServerMsg::Denied(reason)) => {
                    context.output.notice = Some(Message::error(reason.to_string()));
                }
                NetEvent::Message(ServerMsg::Chat { .. }) => context.output.cues.push(Cue::Chat),
                _ => {}
            }
        }
        Transition::Stay
    }

    fn open_game(&mut self, context: &Context) -> Transition {
        match GameScreen::online(&self.session, self.strength, context.storage.saves.clone()) {
            Some(screen) => Transition::Push(Box::new(screen)),
            None => Transition::Stay,
        }
    }

    fn controls(&self, context: &Context) -> Vec<(Rect, String, Look, LobbyAction)> {
        let layout = LobbyLayout::new(context);
        let session = self.session.borrow();
        let mirror = &session.mirror;
        let mut out = vec![(
            layout.leave,
            "Leave".to_string(),
            Look::Normal,
            LobbyAction::Leave,
        )];
        let Some(lobby) = mirror.lobby() else {
            return out;
        };
        let host = mirror.is_host();
        let mode = find_mode(&lobby.setup.mode);
        if host {
            let lines = self.reach_lines(&session);
            for (i, (line, &(_, rect))) in lines.iter().zip(&layout.reach).enumerate() {
                if line.copy.is_some() {
                    out.push((rect, "Copy".into(), Look::Normal, LobbyAction::Copy(i)));
                } else if line.help {
                    out.push((rect, "Help".into(), Look::Normal, LobbyAction::Help));
                }
            }
        }
        if host {
            let label = format!(
                "Game: {}{}",
                mode.map_or(lobby.setup.mode.as_str(), |m| m.name),
                clock_suffix(lobby.setup.clock)
            );
            out.push((layout.setup.0, label, Look::Normal, LobbyAction::Mode));
            out.push((
                layout.setup.1,
                format!("Computer: {}", self.strength.name()),
                Look::Normal,
                LobbyAction::Strength,
            ));
        }
        let names = mode.map(|m| m.new_game());
        for side in Player::BOTH {
            let side_name = names.as_ref().map_or("Side", |g| g.side_name(side));
            let who = match &lobby.sides[side.index()] {
                Occupant::Open => "nobody yet".to_string(),
                Occupant::Player(name) => name.clone(),
                Occupant::Computer => "the computer".to_string(),
            };
            let look = if host { Look::Normal } else { Look::Disabled };
            out.push((
                layout.sides[side.index()],
                format!("{side_name}: {who}"),
                look,
                LobbyAction::Side(side),
            ));
        }
        let s = widgets::scale(context);
        let me = mirror.name().unwrap_or_default();
        let rows = lobby.players.iter().zip(&layout.player_rows).enumerate();
        for (i, (player, row)) in rows.filter(|(_, (player, _))| player.name != me) {
            let button =
                |from_right: f32| Rect::new(row.x + row.w - from_right * s, row.y, 96.0 * s, row.h);
            if host {
                out.push((
                    button(96.0),
                    "Remove".into(),
                    Look::Normal,
                    LobbyAction::Remove(i),
                ));
            }
            let (label, look) = if session.chat.is_muted(&player.name) {
                ("Unmute", Look::Chosen)
            } else {
                ("Mute", Look::Normal)
            };
            let at = if host { 200.0 } else { 96.0 };
            out.push((button(at), label.into(), look, LobbyAction::Mute(i)));
        }
        let start = layout.start;
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
                let mode = find_mode(&lobby.setup.mode).map(|m| m.new_game());
                let side_names = Player::BOTH
                    .map(|each| mode.as_ref().map_or("this side", |g| g.side_name(each)));
                let players: Vec<String> = lobby.players.iter().map(|p| p.name.clone()).collect();
                self.picking = Some(SeatPicker::new(side, side_names, &players, &lobby.sides));
            }
            LobbyAction::Remove(index) => {
                if let Some(player) = lobby.players.get(index) {
                    session.send(ClientMsg::Remove {
                        name: player.name.clone(),
                    });
                }
            }
            LobbyAction::Mute(index) => {
                if let Some(player) = lobby.players.get(index) {
                    session.chat.toggle_mute(&player.name);
                }
            }
            LobbyAction::Mode => {
                let now = MODES
                    .iter()
                    .position(|m| m.id == lobby.setup.mode)
                    .unwrap_or(0);
                session.send(ClientMsg::Setup(GameSetup {
                    clock: lobby.setup.clock,
                    ..GameSetup::new(MODES[(now + 1) % MODES.len()].id)
                }));
            }
            LobbyAction::Strength => {
                let now = Level::ALL
                    .iter()
                    .position(|l| *l == self.strength)
                    .unwrap_or(0);
                self.strength = Level::ALL[(now + 1) % Level::ALL.len()];
            }
            LobbyAction::Copy(index) => {
                if let Some(copy) = self
                    .reach_lines(&session)
                    .into_iter()
                    .nth(index)
                    .and_then(|line| line.copy)
                {
                    context.output.notice = Some(Message::success(format!(
                        "Copied {copy}: paste it to your friends."
                    )));
                    context.output.clipboard = Some(copy);
                }
            }
            LobbyAction::Help => {
                if let Err(error) = crate::help::open_page(Some("online")) {
                    context.output.notice = Some(Message::error(error.to_string()));
                }
            }
            LobbyAction::Start => session.send(ClientMsg::Start),
            LobbyAction::Rejoin => session.rejoin(),
            LobbyAction::Return => {
                drop(session);
                return self.open_game(context);
            }
            LobbyAction::Leave => {
                drop(session);
                return self.ask_to_leave(context.window.pointer);
            }
        }
        Transition::Stay
    }

    /// Leaves, but a host is asked first: leaving closes the lobby for everyone.
    fn ask_to_leave(&mut self, at: crate::geometry::Point) -> Transition {
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

    /// Takes in the server's and the router's news without waiting.
    fn tick(&mut self, context: &mut Context) -> Transition {
        if self.session.borrow().to_menu {
            return self.leave();
        }
        if let Some(problem) = self.session.borrow_mut().seat_not_kept.take() {
            context.output.notice = Some(Message::warning(problem));
        }
        let mut events = std::mem::take(&mut self.news);
        events.extend(self.session.borrow_mut().poll());
        self.refresh_reach();
        self.handle(events, context)
    }

    fn leave(&mut self) -> Transition {
        self.session.borrow_mut().send(ClientMsg::Leave);
        Transition::Pop
    }
}

/// How often the lobby looks for the router's answer while it is still asking.
const ROUTER_LOOK: std::time::Duration = std::time::Duration::from_millis(250);

impl Screen for LobbyScreen {
    fn next_frame(&self, _context: &Context) -> Option<std::time::Duration> {
        // While the connection heals, the status counts the seconds.
        let healing = self.session.borrow().mirror.reconnecting().is_some();
        (matches!(self.reach, Some(Reach::Asking)) || healing)
            .then_some(ROUTER_LOOK.min(std::time::Duration::from_secs(1)))
    }

    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "seat players, chat, start"),
            crate::screens::controls::Control::new("Enter", "send a chat line"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if let Some(picker) = &self.picking {
            match event {
                Event::Key(Key::Escape) => self.picking = None,
                Event::PointerUp(point) => {
                    if let Picked::Seat(side, occupant) = picker.click(context, *point) {
                        self.session
                            .borrow_mut()
                            .send(ClientMsg::SetSide { side, occupant });
                    }
                    self.picking = None;
                }
                Event::Tick(_) => return self.tick(context),
                _ => {}
            }
            return Transition::Stay;
        }
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
                Event::Tick(_) => return self.tick(context),
                _ => {}
            }
            return Transition::Stay;
        }
        match self.chat.update(event, LobbyLayout::new(context).chat.1) {
            ChatTyped::Send(text) => {
                self.say(&text);
                return Transition::Stay;
            }
            ChatTyped::Taken => return Transition::Stay,
            ChatTyped::Ignored => {}
        }
        match event {
            Event::Tick(_) => self.tick(context),
            Event::Key(Key::Escape) => self.ask_to_leave(context.window.pointer),
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

    fn typing(&self) -> bool {
        self.chat.focused()
    }

    /// The window is closing: the router is told to remove the mapping, and given a
    /// few seconds to confirm before the program ends.
    fn closing(&mut self, _context: &mut Context) {
        let portmap = self.session.borrow_mut().portmap.take();
        if let Some(portmap) = portmap {
            portmap.close();
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
        let width = context.window.size.0 - 120.0 * s;
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
            let layout = LobbyLayout::new(context);
            let lines = self.reach_lines(&session);
            for (i, (line, (rect, _))) in lines.into_iter().zip(&layout.reach).enumerate() {
                let size = if line.text.len() > 90 { 18.0 } else { 22.0 };
                frame.text(
                    line.text,
                    *rect,
                    size * s,
                    if i == 0 { theme::TITLE } else { theme::TEXT },
                    Align::Left,
                );
            }
            if !mirror.is_host() {
                let mode =
                    find_mode(&lobby.setup.mode).map_or(lobby.setup.mode.as_str(), |m| m.name);
                let (game, strength) = layout.setup;
                let row = Rect::new(game.x, game.y, strength.x + strength.w - game.x, game.h);
                frame.text(
                    format!("Game: {mode}{}", clock_suffix(lobby.setup.clock)),
                    row,
                    26.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
            }
            frame.text(
                format!("Players ({} of {})", lobby.players.len(), lobby.max_players),
                layout.players_heading,
                24.0 * s,
                theme::TITLE,
                Align::Left,
            );
            for (player, row) in lobby.players.iter().zip(&layout.player_rows) {
                let mut label = player.name.clone();
                if player.host {
                    label.push_str(" (host)");
                }
                label.push_str(&connection_text(player));
                // Room for Mute (and the host's Remove) beside anyone but oneself.
                let buttons = match (
                    Some(player.name.as_str()) == mirror.name(),
                    mirror.is_host(),
                ) {
                    (true, _) => 0.0,
                    (false, true) => 210.0,
                    (false, false) => 106.0,
                };
                let name = Rect::new(row.x, row.y, row.w - buttons * s, row.h);
                frame.text(label, name, 22.0 * s, theme::TEXT, Align::Left);
            }
            let waiting = if let Some(since) = mirror.reconnecting() {
                Some(format!(
                    "The connection was lost: reconnecting ({} s).",
                    since.elapsed().as_secs()
                ))
            } else if mirror.in_game() {
                None
            } else if mirror.is_host() {
                self.start_blocked()
            } else {
                Some("Waiting for the host to start the game.".to_string())
            };
            if let Some(text) = waiting {
                frame.text(text, layout.status, 18.0 * s, theme::TEXT_DIM, Align::Wrap);
            }
            self.chat.draw(context, frame, layout.chat, &session.chat);
        }
        drop(session);
        for (rect, label, look, _) in self.controls(context) {
            widgets::button(frame, context, rect, &label, look);
        }
        if let Some(picker) = &self.picking {
            picker.draw(context, frame);
        }
        if let Some(question) = &self.asking {
            question.draw(context, frame);
        }
    }
}

/// How a member's connection is: " · 35 ms" (the relay's last ping to them and back),
/// or " (connection lost)".
fn connection_text(player: &ply_net::PlayerView) -> String {
    match (player.connected, player.rtt_ms) {
        (false, _) => " (connection lost)".to_string(),
        (true, Some(0)) => " · < 1 ms".to_string(),
        (true, Some(rtt)) => format!(" · {rtt} ms"),
        (true, None) => String::new(),
    }
}

/// ", 5+3" after the game's name when the relay keeps clocks, else nothing.
fn clock_suffix(clock: Option<ply_net::ClockSetup>) -> String {
    clock
        .and_then(|clock| clock.control().ok())
        .map(|control| format!(", {control}"))
        .unwrap_or_default()
}
