//! A lobby: its members, who holds which side, and the game it referees through
//! `ply-modes`. All of it is plain synchronous state behind one mutex; every effect is
//! a frame pushed onto members' bounded outboxes, so no member can hold up the others.

use super::clock::{RelayClock, millis};
use super::rate::RateLimit;
use super::setup::{Prepared, SetupError, guarded};
use crate::auth::ChannelBinding;
use crate::frame::encode;
use crate::protocol::{
    ClientMsg, Denied, Entered, EntryRefusal, EntryReply, ExchangeAnswer, GameSetup, GameView,
    LobbyView, MAX_MOVE_TEXT_LEN, Occupant, PlayerView, ServerMsg, Token, validate_name,
};
use crate::text::strip_controls;
use bytes::Bytes;
use ply_core::{MoveError, Player};
use ply_modes::AnyGame;
use std::collections::HashMap;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// A member's number, unique within its lobby.
pub(crate) type MemberId = u64;

/// The way to one member's connection: its number and its outbox.
#[derive(Debug)]
pub(crate) struct Link {
    /// The connection's number, unique within the server.
    pub conn: u64,
    /// Frames for the connection to write.
    pub tx: mpsc::Sender<Bytes>,
}

#[derive(Debug)]
struct Member {
    id: MemberId,
    name: String,
    token: Token,
    host: bool,
    link: Option<Link>,
    chat: RateLimit,
}

/// What a lobby allows its members.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LobbyLimits {
    /// How many members it takes.
    pub max_players: usize,
    /// The longest chat message, in characters.
    pub max_chat_chars: usize,
    /// Chat messages per second per member, on average.
    pub chat_per_second: u32,
    /// Chat messages a member may send at once.
    pub chat_burst: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    Open,
    Member(MemberId),
    Computer,
}

struct Running {
    game: Box<dyn AnyGame>,
    plies: u32,
    draw_offer: Option<Player>,
    /// The clocks of a timed game, kept here and nowhere else.
    clock: Option<RelayClock>,
}

/// One lobby and, between `Start` and the end, its game.
pub(crate) struct Lobby {
    code: String,
    /// Whether joining needs the password (checked by the host).
    locked: bool,
    /// Password exchanges waiting for the host's answer, by ticket.
    exchanges: HashMap<u64, oneshot::Sender<Option<ExchangeAnswer>>>,
    next_ticket: u64,
    limits: LobbyLimits,
    max_players: usize,
    setup: GameSetup,
    /// The setup's game before its first move here; each game starts from a copy.
    ready: Box<dyn AnyGame>,
    side_names: [&'static str; 2],
    members: Vec<Member>,
    sides: [Seat; 2],
    game: Option<Running>,
    next_id: MemberId,
    /// Members whose outbox was full: they are cut off once the current step is done.
    overflowed: Vec<MemberId>,
    closed: bool,
    /// When a member last asked anything (answers to pings do not count).
    last_activity: Instant,
}

impl Lobby {
    /// A new, empty lobby offering a checked setup. It gets its code with
    /// [`Lobby::set_code`] when it is listed.
    pub fn new(locked: bool, prepared: Prepared, limits: LobbyLimits) -> Lobby {
        Lobby {
            code: String::new(),
            locked,
            exchanges: HashMap::new(),
            next_ticket: 1,
            limits,
            max_players: limits.max_players,
            side_names: [
                prepared.game.side_name(Player::First),
                prepared.game.side_name(Player::Second),
            ],
            setup: prepared.setup,
            ready: prepared.game,
            members: Vec::new(),
            sides: [Seat::Open, Seat::Open],
            game: None,
            next_id: 1,
            overflowed: Vec::new(),
            closed: false,
            last_activity: Instant::now(),
        }
    }

    /// Names the lobby (before anyone is in it).
    pub fn set_code(&mut self, code: String) {
        self.code = code;
    }

    /// Whether joining needs the password.
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// Whether someone of this name is a member (connected or holding a seat).
    pub fn has_member(&self, name: &str) -> bool {
        self.index_of(name).is_some()
    }

    /// Hands a joiner's password exchange to the host; the answer arrives on the
    /// returned channel (closed if the host goes away first).
    pub fn request_exchange(
        &mut self,
        name: &str,
        exchange: Vec<u8>,
        binding: ChannelBinding,
    ) -> Result<oneshot::Receiver<Option<ExchangeAnswer>>, EntryRefusal> {
        let host = self
            .members
            .iter()
            .find(|member| member.host && member.link.is_some())
            .map(|member| member.id)
            .ok_or(EntryRefusal::HostAway)?;
        // Joiners who went away no longer wait for their answer.
        self.exchanges.retain(|_, waiting| !waiting.is_closed());
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let (tx, rx) = oneshot::channel();
        self.exchanges.insert(ticket, tx);
        let request = ServerMsg::JoinRequest {
            ticket,
            name: name.to_string(),
            exchange,
            binding,
        };
        self.send(host, &request);
        self.settle();
        Ok(rx)
    }

    /// Whether the host left and the lobby is gone.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Lets a player in (the first one becomes the host) or back in with their token.
    /// On success the member's outbox starts with the `Entered` reply.
    pub fn admit(
        &mut self,
        name: &str,
        token: Option<Token>,
        link: Link,
    ) -> Result<MemberId, EntryRefusal> {
        validate_name(name)?;
        if self.closed {
            return Err(EntryRefusal::NoSuchLobby {
                code: self.code.clone(),
            });
        }
        let result = match self.index_of(name) {
            Some(index) => self.readmit(index, token, link),
            None => self.add(name, link),
        };
        if result.is_ok() {
            self.last_activity = Instant::now();
        }
        self.settle();
        result
    }

    fn readmit(
        &mut self,
        index: usize,
        token: Option<Token>,
        link: Link,
    ) -> Result<MemberId, EntryRefusal> {
        let member = &mut self.members[index];
        match token {
            Some(token) if token == member.token => {}
            Some(_) => {
                return Err(EntryRefusal::BadToken {
                    name: member.name.clone(),
                });
            }
            None => {
                return Err(EntryRefusal::NameTaken {
                    name: member.name.clone(),
                });
            }
        }
        // The credential is spent: the member gets a new one with this entry, so a
        // copy of the old one (seen, stolen, replayed) opens nothing.
        member.token = Token(crate::auth::random_bytes());
        let displaced = member.link.replace(link);
        let (id, name) = (member.id, member.name.clone());
        if let Some(old) = &displaced {
            // Best effort: the old connection closes right after, told why.
            if let Ok(bytes) = encode(&ServerMsg::JoinedElsewhere) {
                let _ = old.tx.try_send(bytes);
            }
        }
        self.send_entered(id);
        match displaced {
            Some(_) => self.broadcast_except(id, &ServerMsg::PlayerReplaced { name }),
            None => self.broadcast(&ServerMsg::PlayerRejoined { name }),
        }
        self.broadcast_lobby();
        Ok(id)
    }

    fn add(&mut self, name: &str, link: Link) -> Result<MemberId, EntryRefusal> {
        if self.game.is_some() {
            return Err(EntryRefusal::GameRunning);
        }
        if self.members.len() >= self.max_players {
            return Err(EntryRefusal::LobbyFull {
                max: self.max_players as u32,
            });
        }
        let id = self.next_id;
        self.next_id += 1;
        self.members.push(Member {
            id,
            name: name.to_string(),
            token: Token(crate::auth::random_bytes()),
            host: self.members.is_empty(),
            link: Some(link),
            chat: RateLimit::new(self.limits.chat_per_second, self.limits.chat_burst),
        });
        self.send_entered(id);
        self.broadcast_lobby();
        Ok(id)
    }

    fn send_entered(&mut self, id: MemberId) {
        let Some(member) = self.member(id) else {
            return;
        };
        let reply = EntryReply::Entered(Box::new(Entered {
            code: self.code.clone(),
            name: member.name.clone(),
            token: member.token,
            host: member.host,
            lobby: self.lobby_view(),
            game: self.game_view(),
        }));
        if let Ok(bytes) = encode(&reply) {
            self.push(id, bytes);
        }
    }

    /// Carries out one request from member `id` on connection `conn`. A new game setup
    /// the member may make is handed back: the caller checks it off the async threads
    /// and brings the result to [`Lobby::change_setup`].
    pub fn handle(&mut self, id: MemberId, conn: u64, message: ClientMsg) -> Option<GameSetup> {
        if !self.is_linked(id, conn) {
            return None;
        }
        if message != ClientMsg::Pong {
            self.last_activity = Instant::now();
        }
        let mut to_check = None;
        let result = match message {
            ClientMsg::Setup(setup) => self.may_change_setup(id).map(|()| {
                to_check = Some(setup);
            }),
            ClientMsg::SetSide { side, occupant } => self.set_side(id, side, occupant),
            ClientMsg::Remove { name } => self.remove(id, &name),
            ClientMsg::Start => self.start(id),
            ClientMsg::Move { text } => {
                if let Err(reason) = self.play(id, &text) {
                    let text = strip_controls(&text)
                        .chars()
                        .take(MAX_MOVE_TEXT_LEN)
                        .collect();
                    self.send(id, &ServerMsg::MoveRefused { text, reason });
                }
                Ok(())
            }
            ClientMsg::Resign => self.resign(id),
            ClientMsg::OfferDraw => self.offer_draw(id),
            ClientMsg::AcceptDraw => self.answer_draw(id, true),
            ClientMsg::DeclineDraw => self.answer_draw(id, false),
            ClientMsg::Chat { text } => self.chat(id, text),
            ClientMsg::Pong => Ok(()),
            ClientMsg::JoinAnswer { ticket, answer } => {
                if self.is_host(id)
                    && let Some(waiting) = self.exchanges.remove(&ticket)
                {
                    let _ = waiting.send(answer);
                }
                Ok(())
            }
            ClientMsg::Leave => {
                self.cut(id);
                Ok(())
            }
        };
        if let Err(reason) = result {
            self.send(id, &ServerMsg::Denied(reason));
        }
        self.settle();
        to_check
    }

    /// Offers the game member `id` set up, once checked (or tells them why not).
    pub fn change_setup(&mut self, id: MemberId, conn: u64, checked: Result<Prepared, SetupError>) {
        if !self.is_linked(id, conn) {
            return;
        }
        let result = self.may_change_setup(id).and_then(|()| {
            let prepared = checked.map_err(|error| Denied::BadSetup {
                reason: error.to_string(),
            })?;
            self.side_names = [
                prepared.game.side_name(Player::First),
                prepared.game.side_name(Player::Second),
            ];
            self.setup = prepared.setup;
            self.ready = prepared.game;
            self.broadcast_lobby();
            Ok(())
        });
        if let Err(reason) = result {
            self.send(id, &ServerMsg::Denied(reason));
        }
        self.settle();
    }

    /// Closes the lobby if no game runs and nobody asked anything for `limit`;
    /// returns whether it closed.
    pub fn close_if_idle(&mut self, limit: std::time::Duration) -> bool {
        if self.closed || self.game.is_some() || self.last_activity.elapsed() < limit {
            return false;
        }
        self.broadcast(&ServerMsg::ClosedIdle);
        self.close_all();
        true
    }

    /// Connection `conn` of member `id` ended (a newer connection of the same member is
    /// left alone).
    pub fn connection_closed(&mut self, id: MemberId, conn: u64) {
        if self.is_linked(id, conn) {
            self.cut(id);
        }
        self.settle();
    }

    fn is_linked(&self, id: MemberId, conn: u64) -> bool {
        self.member(id)
            .and_then(|member| member.link.as_ref())
            .is_some_and(|link| link.conn == conn)
    }

    fn member(&self, id: MemberId) -> Option<&Member> {
        self.members.iter().find(|member| member.id == id)
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.members
            .iter()
            .position(|member| member.name.eq_ignore_ascii_case(name))
    }

    fn is_host(&self, id: MemberId) -> bool {
        self.member(id).is_some_and(|member| member.host)
    }

    fn is_connected(&self, id: MemberId) -> bool {
        self.member(id).is_some_and(|member| member.link.is_some())
    }

    fn name_of(&self, id: MemberId) -> String {
        self.member(id)
            .map(|member| member.name.clone())
            .unwrap_or_default()
    }

    fn side_of(&self, id: MemberId) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|side| self.sides[side.index()] == Seat::Member(id))
    }

    /// Whether member `id` may act for `side`: they hold it, or they host and the
    /// computer holds it.
    fn controls(&self, id: MemberId, side: Player) -> bool {
        match self.sides[side.index()] {
            Seat::Member(holder) => holder == id,
            Seat::Computer => self.is_host(id),
            Seat::Open => false,
        }
    }

    /// The side member `id` resigns or offers draws for: their own, or for the host
    /// without one, a computer's (the side to move first).
    fn acting_side(&self, id: MemberId, to_move: Player) -> Option<Player> {
        self.side_of(id).or_else(|| {
            [to_move, to_move.opponent()]
                .into_iter()
                .find(|&side| self.sides[side.index()] == Seat::Computer && self.is_host(id))
        })
    }

    fn require_host(&self, id: MemberId) -> Result<(), Denied> {
        if self.is_host(id) {
            Ok(())
        } else {
            Err(Denied::NotHost)
        }
    }

    fn occupant(&self, seat: Seat) -> Occupant {
        match seat {
            Seat::Open => Occupant::Open,
            Seat::Computer => Occupant::Computer,
            Seat::Member(id) => Occupant::Player(self.name_of(id)),
        }
    }

    fn sides_view(&self) -> [Occupant; 2] {
        [self.occupant(self.sides[0]), self.occupant(self.sides[1])]
    }

    fn lobby_view(&self) -> LobbyView {
        LobbyView {
            code: self.code.clone(),
            setup: self.setup.clone(),
            players: self
                .members
                .iter()
                .map(|member| PlayerView {
                    name: member.name.clone(),
                    host: member.host,
                    connected: member.link.is_some(),
                })
                .collect(),
            sides: self.sides_view(),
            in_game: self.game.is_some(),
            max_players: self.max_players as u32,
        }
    }

    fn game_view(&self) -> Option<GameView> {
        let now = Instant::now();
        self.game.as_ref().map(|running| GameView {
            mode: self.setup.mode.clone(),
            start: self.setup.start.clone(),
            moves: running.game.move_texts(),
            sides: self.sides_view(),
            draw_offer: running.draw_offer,
            clock: running
                .clock
                .map(|clock| clock.view(running.game.to_move(), now)),
        })
    }

    /// Ends a timed game whose side to move has run out of time: it loses, or draws
    /// when its opponent could never win. Returns whether it did.
    pub fn check_clock(&mut self, now: Instant) -> bool {
        let Some(running) = self.game.as_mut() else {
            return false;
        };
        let to_move = running.game.to_move();
        let Some(clock) = running.clock else {
            return false;
        };
        if now < clock.deadline(to_move) {
            return false;
        }
        if running.game.run_out_of_time(to_move).is_err() {
            return false;
        }
        self.finish_if_over();
        true
    }

    fn push(&mut self, id: MemberId, bytes: Bytes) {
        let full = self
            .member(id)
            .and_then(|member| member.link.as_ref())
            .is_some_and(|link| link.tx.try_send(bytes).is_err());
        if full {
            self.overflowed.push(id);
        }
    }

    fn send(&mut self, id: MemberId, message: &ServerMsg) {
        if let Ok(bytes) = encode(message) {
            self.push(id, bytes);
        }
    }

    fn broadcast(&mut self, message: &ServerMsg) {
        let Ok(bytes) = encode(message) else {
            return;
        };
        for member in &self.members {
            if let Some(link) = &member.link
                && link.tx.try_send(bytes.clone()).is_err()
            {
                self.overflowed.push(member.id);
            }
        }
    }

    fn broadcast_except(&mut self, skipped: MemberId, message: &ServerMsg) {
        let Ok(bytes) = encode(message) else {
            return;
        };
        for member in &self.members {
            if member.id != skipped
                && let Some(link) = &member.link
                && link.tx.try_send(bytes.clone()).is_err()
            {
                self.overflowed.push(member.id);
            }
        }
    }

    fn broadcast_lobby(&mut self) {
        let view = self.lobby_view();
        self.broadcast(&ServerMsg::Lobby(view));
    }

    /// Cuts off members whose outbox overflowed: a slow reader loses its connection
    /// (and keeps its seat, like any drop) instead of slowing the lobby down. A slow
    /// host is dropped the same way and may come back with their token: the lobby
    /// lives on without them meanwhile.
    fn settle(&mut self) {
        while let Some(id) = self.overflowed.pop() {
            if self.is_host(id) {
                self.drop_host(id);
            } else {
                self.cut(id);
            }
        }
    }

    fn drop_host(&mut self, id: MemberId) {
        let Some(member) = self.members.iter_mut().find(|member| member.id == id) else {
            return;
        };
        if member.link.take().is_none() {
            return;
        }
        let name = member.name.clone();
        self.broadcast(&ServerMsg::PlayerDropped { name });
        self.broadcast_lobby();
    }

    /// Ends member `id`'s connection (if any) and handles their absence: the host's
    /// absence closes the lobby, a player in a running game keeps their seat, anyone
    /// else leaves the lobby.
    fn cut(&mut self, id: MemberId) {
        let Some(index) = self.members.iter().position(|member| member.id == id) else {
            return;
        };
        if self.members[index].link.take().is_none() {
            return;
        }
        if self.members[index].host {
            self.broadcast(&ServerMsg::HostLeft);
            self.close_all();
        } else if self.game.is_some() && self.side_of(id).is_some() {
            let name = self.members[index].name.clone();
            self.broadcast(&ServerMsg::PlayerDropped { name });
            self.broadcast_lobby();
        } else {
            self.forget(id);
            self.broadcast_lobby();
        }
    }

    fn close_all(&mut self) {
        for member in &mut self.members {
            member.link = None;
        }
        self.exchanges.clear();
        self.game = None;
        self.closed = true;
    }

    fn forget(&mut self, id: MemberId) {
        self.members.retain(|member| member.id != id);
        for seat in &mut self.sides {
            if *seat == Seat::Member(id) {
                *seat = Seat::Open;
            }
        }
    }

    fn may_change_setup(&self, id: MemberId) -> Result<(), Denied> {
        self.require_host(id)?;
        if self.game.is_some() {
            return Err(Denied::GameRunning);
        }
        Ok(())
    }

    fn set_side(&mut self, id: MemberId, side: Player, occupant: Occupant) -> Result<(), Denied> {
        self.require_host(id)?;
        let seat = match occupant {
            Occupant::Open => Seat::Open,
            Occupant::Computer => Seat::Computer,
            Occupant::Player(name) => match self.index_of(&name) {
                Some(index) => Seat::Member(self.members[index].id),
                None => {
                    return Err(Denied::NoSuchPlayer {
                        name: strip_controls(&name).chars().take(32).collect(),
                    });
                }
            },
        };
        let other = side.opponent().index();
        if self.game.is_some() {
            if let Seat::Member(holder) = self.sides[side.index()]
                && self.is_connected(holder)
                && seat != Seat::Member(holder)
            {
                return Err(Denied::SeatHeld {
                    side: self.side_names[side.index()].to_string(),
                    name: self.name_of(holder),
                });
            }
            match seat {
                Seat::Open => return Err(Denied::SideNeeded),
                Seat::Member(new) if !self.is_connected(new) => {
                    return Err(Denied::PlayerAway {
                        name: self.name_of(new),
                    });
                }
                Seat::Member(new) if self.sides[other] == Seat::Member(new) => {
                    return Err(Denied::PlayerSeated {
                        name: self.name_of(new),
                        side: self.side_names[other].to_string(),
                    });
                }
                _ => {}
            }
        } else if let Seat::Member(new) = seat
            && self.sides[other] == Seat::Member(new)
        {
            self.sides[other] = Seat::Open;
        }
        self.sides[side.index()] = seat;
        self.broadcast_lobby();
        Ok(())
    }

    fn remove(&mut self, id: MemberId, name: &str) -> Result<(), Denied> {
        self.require_host(id)?;
        let target = self
            .index_of(name)
            .map(|index| self.members[index].id)
            .ok_or_else(|| Denied::NoSuchPlayer {
                name: strip_controls(name).chars().take(32).collect(),
            })?;
        if target == id {
            return Err(Denied::CannotRemoveHost);
        }
        if self.game.is_some()
            && let Some(side) = self.side_of(target)
        {
            return Err(Denied::PlayerSeated {
                name: self.name_of(target),
                side: self.side_names[side.index()].to_string(),
            });
        }
        self.send(target, &ServerMsg::Removed);
        self.forget(target);
        self.broadcast_lobby();
        Ok(())
    }

    fn start(&mut self, id: MemberId) -> Result<(), Denied> {
        self.require_host(id)?;
        if self.game.is_some() {
            return Err(Denied::GameRunning);
        }
        for side in Player::BOTH {
            match self.sides[side.index()] {
                Seat::Open => {
                    return Err(Denied::SideOpen {
                        side: self.side_names[side.index()].to_string(),
                    });
                }
                Seat::Member(holder) if !self.is_connected(holder) => {
                    return Err(Denied::PlayerAway {
                        name: self.name_of(holder),
                    });
                }
                _ => {}
            }
        }
        let clock = self
            .setup
            .clock
            .and_then(|clock| clock.control().ok())
            .map(|control| RelayClock::start(control, Instant::now()));
        self.game = Some(Running {
            plies: self.setup.moves.len() as u32,
            game: self.ready.clone_box(),
            draw_offer: None,
            clock,
        });
        if let Some(view) = self.game_view() {
            self.broadcast(&ServerMsg::GameStarted(view));
        }
        self.broadcast_lobby();
        Ok(())
    }

    fn play(&mut self, id: MemberId, text: &str) -> Result<(), Denied> {
        let to_move = match &self.game {
            Some(running) => running.game.to_move(),
            None => return Err(Denied::NoGame),
        };
        if !self.controls(id, to_move) {
            return Err(if self.controls(id, to_move.opponent()) {
                Denied::NotYourTurn
            } else {
                Denied::NotPlaying
            });
        }
        if text.len() > MAX_MOVE_TEXT_LEN {
            return Err(Denied::IllegalMove {
                reason: "that is too long to be a move".to_string(),
            });
        }
        let Some(running) = self.game.as_mut() else {
            return Err(Denied::NoGame);
        };
        let arrived = Instant::now();
        if let Some(clock) = running.clock
            && clock.left_at(to_move, arrived)[to_move.index()].is_zero()
        {
            // Its time ran out before its move arrived: it lost on time.
            self.check_clock(arrived);
            return Err(Denied::NoGame);
        }
        let refused = |error: MoveError| Denied::IllegalMove {
            reason: error.to_string(),
        };
        let canonical = guarded(|| {
            let code = running.game.parse_move(text).map_err(refused)?;
            let canonical = running
                .game
                .move_text(code)
                .ok_or_else(|| refused(MoveError::illegal(text)))?;
            running.game.play(code).map_err(refused)?;
            Ok::<_, Denied>(canonical)
        })?;
        running.plies += 1;
        let ply = running.plies;
        let left_ms = running.clock.as_mut().map(|clock| {
            // The time left was checked on arrival, so the clock takes the move.
            let _ = clock.moved(to_move, arrived);
            millis(clock.left_at(to_move.opponent(), arrived))
        });
        let declined = running.draw_offer == Some(to_move.opponent());
        if declined {
            running.draw_offer = None;
        }
        self.broadcast(&ServerMsg::MovePlayed {
            ply,
            side: to_move,
            text: canonical,
            left_ms,
        });
        if declined {
            self.broadcast(&ServerMsg::DrawDeclined { by: to_move });
        }
        self.finish_if_over();
        Ok(())
    }

    fn resign(&mut self, id: MemberId) -> Result<(), Denied> {
        let to_move = self
            .game
            .as_ref()
            .map(|running| running.game.to_move())
            .ok_or(Denied::NoGame)?;
        let side = self.acting_side(id, to_move).ok_or(Denied::NotPlaying)?;
        if let Some(running) = self.game.as_mut() {
            running.game.resign(side).map_err(|e| Denied::IllegalMove {
                reason: e.to_string(),
            })?;
        }
        self.finish_if_over();
        Ok(())
    }

    fn offer_draw(&mut self, id: MemberId) -> Result<(), Denied> {
        let (to_move, offer) = self
            .game
            .as_ref()
            .map(|running| (running.game.to_move(), running.draw_offer))
            .ok_or(Denied::NoGame)?;
        let side = self.acting_side(id, to_move).ok_or(Denied::NotPlaying)?;
        match offer {
            Some(by) if by == side => Err(Denied::OfferPending),
            Some(_) => self.answer_draw(id, true),
            None => {
                if let Some(running) = self.game.as_mut() {
                    running.draw_offer = Some(side);
                }
                self.broadcast(&ServerMsg::DrawOffered { by: side });
                Ok(())
            }
        }
    }

    fn answer_draw(&mut self, id: MemberId, accept: bool) -> Result<(), Denied> {
        let offer = self
            .game
            .as_ref()
            .ok_or(Denied::NoGame)?
            .draw_offer
            .ok_or(Denied::NoDrawOffer)?;
        let answering = offer.opponent();
        if !self.controls(id, answering) {
            return Err(Denied::NoDrawOffer);
        }
        let Some(running) = self.game.as_mut() else {
            return Err(Denied::NoGame);
        };
        running.draw_offer = None;
        if accept {
            running.game.agree_draw().map_err(|e| Denied::IllegalMove {
                reason: e.to_string(),
            })?;
            self.finish_if_over();
        } else {
            self.broadcast(&ServerMsg::DrawDeclined { by: answering });
        }
        Ok(())
    }

    /// After a game ends: announce the result, let go of players who dropped out of
    /// it, and show everyone the lobby again.
    fn finish_if_over(&mut self) {
        let Some(outcome) = self
            .game
            .as_ref()
            .and_then(|running| running.game.outcome())
        else {
            return;
        };
        self.game = None;
        self.broadcast(&ServerMsg::GameOver { outcome });
        let gone: Vec<MemberId> = self
            .members
            .iter()
            .filter(|member| member.link.is_none() && !member.host)
            .map(|member| member.id)
            .collect();
        for id in gone {
            self.forget(id);
        }
        self.broadcast_lobby();
    }

    fn chat(&mut self, id: MemberId, text: String) -> Result<(), Denied> {
        let max = self.limits.max_chat_chars;
        if text.chars().nth(max).is_some() {
            return Err(Denied::TooLong {
                max: u32::try_from(max).unwrap_or(u32::MAX),
            });
        }
        let per_second = self.limits.chat_per_second;
        let allowed = self
            .members
            .iter_mut()
            .find(|member| member.id == id)
            .is_some_and(|member| member.chat.allow(Instant::now()));
        if !allowed {
            return Err(Denied::ChatTooFast { per_second });
        }
        let from = self.name_of(id);
        let text = strip_controls(&text);
        self.broadcast(&ServerMsg::Chat { from, text });
        Ok(())
    }
}
