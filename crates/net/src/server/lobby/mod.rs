//! A lobby: its members, who holds which side, and the game it referees through
//! `ply-modes`. All of it is plain synchronous state behind one mutex; every effect is
//! a frame pushed onto members' bounded outboxes, so no member can hold up the others.

mod crowd;
mod life;
mod play;
mod record;
mod seats;
mod takeback;

pub(crate) use record::LobbyRecord;

use super::address::AddressKey;
use super::clock::clock_view;
use super::rate::RateLimit;
use super::setup::{Prepared, SetupError};
use super::store::RelayStore;
use crate::auth::ChannelBinding;
use crate::frame::encode;
use crate::name::appearance;
use crate::protocol::{
    ClientMsg, Denied, Entered, EntryRefusal, EntryReply, ExchangeAnswer, GameSetup, GameView,
    LobbyView, MAX_MOVE_TEXT_LEN, Occupant, PlayerView, ServerMsg, StandIn, Token, validate_name,
};
use crate::text::strip_hidden;
use bytes::Bytes;
use ply_core::Player;
use ply_modes::AnyGame;
use ply_play::Clocks;
use ply_play::offers::Offers;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// How much a member's round trip must change, in milliseconds (and by half), before
/// the others are told.
const RTT_NOTICE_MS: u32 = 20;

/// `time` in whole milliseconds, as the wire carries it.
fn whole_millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// A member's number, unique within its lobby.
pub(crate) type MemberId = u64;

/// The way to one member's connection: its number and its outbox.
#[derive(Debug)]
pub(crate) struct Link {
    /// The connection's number, unique within the server.
    pub conn: u64,
    /// Where the connection comes from.
    pub address: AddressKey,
    /// Frames for the connection to write.
    pub tx: mpsc::Sender<Bytes>,
}

/// The hash of a seat's token: all the relay keeps of it, in memory and on disk, so
/// that neither a look at its store nor at its memory gives anyone a seat.
type TokenHash = [u8; 32];

/// The hash a token is kept by.
fn token_hash(token: &Token) -> TokenHash {
    use sha2::Digest;
    sha2::Sha256::digest(token.0).into()
}

#[derive(Debug)]
struct Member {
    id: MemberId,
    name: String,
    token: TokenHash,
    host: bool,
    link: Option<Link>,
    /// When the member lost the connection (or left a game they hold a seat in).
    away_since: Option<Instant>,
    /// The last ping's round trip, in milliseconds.
    rtt_ms: Option<u32>,
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
    /// How long a player must be away before their opponent may claim the game.
    pub claim_wait: Duration,
    /// How long the lobby waits for its host to come back.
    pub host_wait: Duration,
    /// How long the lobby stays open while nobody playing is connected.
    pub empty_wait: Duration,
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
    /// Moves played in this game (not those of a saved game it continues), so that
    /// nothing before its start is taken back.
    played_here: u32,
    /// Which sides have moved in this game (aborting is allowed until both have).
    moved: [bool; 2],
    /// The draw offer and the request to take back a move waiting for an answer.
    offers: Offers,
    /// The clocks of a timed game, kept here and nowhere else.
    clock: Option<Clocks>,
    /// The sides the computer took over from a player who dropped.
    stand_ins: Vec<StandIn>,
    /// Whether the clock stands still since the relay restarted, until every player of
    /// the game is back (the time the relay was down is charged to nobody).
    paused: bool,
}

/// One lobby and, between `Start` and the end, its game.
pub(crate) struct Lobby {
    code: String,
    /// The address that opened the lobby (its place among that address's lobbies).
    opener: AddressKey,
    /// Where the lobby is kept across restarts, and what was last written there.
    store: Option<Arc<RelayStore>>,
    saved: Vec<u8>,
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
    /// When a member last entered, or moved for their own side.
    last_activity: Instant,
    /// Since when nobody playing has been connected, as last seen.
    unattended_since: Option<Instant>,
    /// How often spectators coming and going may be told to everyone.
    member_views: RateLimit,
    /// Whether such a change waits for its turn to be told.
    view_pending: bool,
    /// Whether a game ended here and the sides and setup are still the ones it had, so
    /// it can be played again with the sides swapped.
    finished: bool,
    /// Who asked to play the finished game again.
    rematch: Vec<MemberId>,
}

impl Lobby {
    /// A new, empty lobby offering a checked setup. It gets its code with
    /// [`Lobby::set_code`] when it is listed.
    pub fn new(locked: bool, prepared: Prepared, limits: LobbyLimits) -> Lobby {
        Lobby {
            code: String::new(),
            opener: AddressKey::of(std::net::Ipv4Addr::UNSPECIFIED.into()),
            store: None,
            saved: Vec::new(),
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
            unattended_since: None,
            member_views: crowd::member_views(),
            view_pending: false,
            finished: false,
            rematch: Vec::new(),
        }
    }

    /// Names the lobby and the address that opened it (before anyone is in it).
    pub fn set_code(&mut self, code: String, opener: AddressKey) {
        self.code = code;
        self.opener = opener;
    }

    /// Keeps the lobby in `store` from now on, so that a restarted relay has it back.
    pub fn keep_in(&mut self, store: Arc<RelayStore>) {
        self.store = Some(store);
        self.persist();
    }

    /// Writes the lobby to its store if what a restart needs of it changed since the
    /// last write. Called before a move or an entry is told to anyone, and after every
    /// request; a store that cannot be written is logged and the game goes on.
    fn persist(&mut self) {
        let Some(store) = &self.store else {
            return;
        };
        let Ok(record) = postcard::to_allocvec(&LobbyRecord::of(self)) else {
            return;
        };
        if record == self.saved {
            return;
        }
        match store.save(&self.code, &record) {
            Ok(()) => self.saved = record,
            Err(error) => tracing::error!(code = self.code, %error, "lobby not kept on disk"),
        }
    }

    /// Whether joining needs the password.
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// Whether someone of this name is a member (connected or holding a seat).
    pub fn has_member(&self, name: &str) -> bool {
        self.index_of(name).is_some()
    }

    /// Hands a joiner's password (or invite secret) exchange to the host; the answer
    /// arrives on the returned channel (closed if the host goes away first).
    pub fn request_exchange(
        &mut self,
        name: &str,
        exchange: Vec<u8>,
        binding: ChannelBinding,
        invite: bool,
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
            invite,
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
            self.unattended_since = None;
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
            Some(token) if token_hash(&token) == member.token => {}
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
        let token = Token(crate::auth::random_bytes());
        member.token = token_hash(&token);
        member.away_since = None;
        let displaced = member.link.replace(link);
        let (id, name) = (member.id, member.name.clone());
        if let Some(old) = &displaced {
            // Best effort: the old connection closes right after, told why.
            if let Ok(bytes) = encode(&ServerMsg::JoinedElsewhere) {
                let _ = old.tx.try_send(bytes);
            }
        }
        self.resume_clock_when_all_back();
        self.send_entered(id, token);
        match displaced {
            Some(_) => self.broadcast_except(id, &ServerMsg::PlayerReplaced { name }),
            None => {
                let clock = self.game_view().and_then(|game| game.clock);
                self.broadcast(&ServerMsg::PlayerRejoined { name, clock })
            }
        }
        self.broadcast_lobby();
        Ok(id)
    }

    /// A new member: a player between games, a spectator during one (who sees the
    /// game from its start to the current move). A full lobby makes room when a
    /// network holds more of its spectators than the newcomer's.
    fn add(&mut self, name: &str, link: Link) -> Result<MemberId, EntryRefusal> {
        if self.members.len() >= self.max_players && !self.make_room(link.address) {
            return Err(EntryRefusal::LobbyFull {
                max: self.max_players as u32,
            });
        }
        let id = self.next_id;
        self.next_id += 1;
        let token = Token(crate::auth::random_bytes());
        self.members.push(Member {
            id,
            name: name.to_string(),
            token: token_hash(&token),
            host: self.members.is_empty(),
            link: Some(link),
            away_since: None,
            rtt_ms: None,
            chat: RateLimit::new(self.limits.chat_per_second, self.limits.chat_burst),
        });
        let seated = self.offer_seats_back();
        self.send_entered(id, token);
        if seated {
            self.broadcast_lobby();
        } else {
            self.broadcast_members();
        }
        Ok(id)
    }

    /// Tells member `id` they are in, with their new `token`, once the seat it opens is
    /// kept on disk.
    fn send_entered(&mut self, id: MemberId, token: Token) {
        self.persist();
        let Some(member) = self.member(id) else {
            return;
        };
        let reply = EntryReply::Entered(Box::new(Entered {
            code: self.code.clone(),
            name: member.name.clone(),
            token,
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
                    let text = strip_hidden(&text)
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
            ClientMsg::Pong { .. } => Ok(()),
            ClientMsg::JoinAnswer { ticket, answer } => {
                if self.is_host(id)
                    && let Some(waiting) = self.exchanges.remove(&ticket)
                {
                    let _ = waiting.send(answer);
                }
                Ok(())
            }
            ClientMsg::Leave => {
                self.leave(id);
                Ok(())
            }
            ClientMsg::ClaimWin => self.claim(id, true),
            ClientMsg::ClaimDraw => self.claim(id, false),
            ClientMsg::Rematch => self.ask_rematch(id),
            ClientMsg::AskTakeback => self.ask_takeback(id),
            ClientMsg::AnswerTakeback { accept } => self.answer_takeback(id, accept),
            ClientMsg::Abort => self.abort(id),
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
            self.forget_finished_game();
            self.offer_seats_back();
            self.broadcast_lobby();
            Ok(())
        });
        if let Err(reason) = result {
            self.send(id, &ServerMsg::Denied(reason));
        }
        self.settle();
    }

    /// Notes the round trip of member `id`'s last ping on connection `conn`; the others
    /// are told when it changed noticeably.
    pub fn record_round_trip(&mut self, id: MemberId, conn: u64, rtt_ms: u32) {
        if !self.is_linked(id, conn) {
            return;
        }
        let Some(member) = self.members.iter_mut().find(|member| member.id == id) else {
            return;
        };
        let noticeable = member.rtt_ms.is_none_or(|before| {
            let change = before.abs_diff(rtt_ms);
            change >= RTT_NOTICE_MS && change.saturating_mul(2) >= before
        });
        member.rtt_ms = Some(rtt_ms);
        if noticeable {
            self.broadcast_lobby();
            self.settle();
        }
    }

    /// Connection `conn` of member `id` ended (a newer connection of the same member is
    /// left alone).
    pub fn connection_closed(&mut self, id: MemberId, conn: u64) {
        if self.is_linked(id, conn) {
            self.lose(id);
        }
        self.settle();
    }

    fn is_linked(&self, id: MemberId, conn: u64) -> bool {
        self.member(id)
            .and_then(|member| member.link.as_ref())
            .is_some_and(|link| link.conn == conn)
    }

    /// The host, connected or away.
    fn host(&self) -> Option<&Member> {
        self.members.iter().find(|member| member.host)
    }

    fn member(&self, id: MemberId) -> Option<&Member> {
        self.members.iter().find(|member| member.id == id)
    }

    /// The member whose name is `name` or looks like it.
    fn index_of(&self, name: &str) -> Option<usize> {
        let looks = appearance(name);
        self.members
            .iter()
            .position(|member| appearance(&member.name) == looks)
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
                    away_ms: member.away_since.map(|since| whole_millis(since.elapsed())),
                    rtt_ms: member.rtt_ms,
                })
                .collect(),
            sides: self.sides_view(),
            in_game: self.game.is_some(),
            max_players: self.max_players as u32,
            claim_after_ms: whole_millis(self.limits.claim_wait),
            host_wait_ms: whole_millis(self.limits.host_wait),
            rematch: self.rematch.iter().map(|&id| self.name_of(id)).collect(),
            stand_ins: self
                .game
                .as_ref()
                .map(|running| running.stand_ins.clone())
                .unwrap_or_default(),
        }
    }

    fn game_view(&self) -> Option<GameView> {
        let now = Instant::now();
        self.game.as_ref().map(|running| GameView {
            mode: self.setup.mode.clone(),
            start: self.setup.start.clone(),
            moves: running.game.move_texts(),
            sides: self.sides_view(),
            draw_offer: running.offers.draw(),
            takeback_offer: running.offers.takeback(),
            clock: running
                .clock
                .as_ref()
                .and_then(|clock| clock_view(clock, running.game.to_move(), now, running.paused)),
        })
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
        self.view_pending = false;
    }

    /// Cuts off members whose outbox overflowed: a slow reader loses its connection
    /// (and keeps its seat, like any drop) instead of slowing the lobby down; a slow
    /// host too, and the lobby waits for them like for any host who dropped.
    fn settle(&mut self) {
        while let Some(id) = self.overflowed.pop() {
            self.lose(id);
        }
        self.persist();
    }

    /// Member `id` lost their connection: the host and a player in a running game keep
    /// their place (the host for as long as the lobby waits), anyone else leaves.
    fn lose(&mut self, id: MemberId) {
        let Some(index) = self.members.iter().position(|member| member.id == id) else {
            return;
        };
        let member = &mut self.members[index];
        if member.link.take().is_none() {
            return;
        }
        member.away_since = Some(Instant::now());
        member.rtt_ms = None;
        let (host, name) = (member.host, member.name.clone());
        if host || (self.game.is_some() && self.side_of(id).is_some()) {
            self.broadcast(&ServerMsg::PlayerDropped { name });
            self.broadcast_lobby();
        } else {
            let seated = self.side_of(id).is_some();
            self.forget(id);
            if seated {
                self.broadcast_lobby();
            } else {
                self.broadcast_members();
            }
        }
    }

    /// Member `id` asked to leave: the host's leaving closes the lobby; a player in a
    /// running game keeps their seat as if they had dropped.
    fn leave(&mut self, id: MemberId) {
        if self.is_host(id) && self.is_connected(id) {
            if let Some(host) = self.members.iter_mut().find(|member| member.id == id) {
                host.link = None;
            }
            self.broadcast(&ServerMsg::HostLeft);
            self.close_all();
        } else {
            self.lose(id);
        }
    }

    fn close_all(&mut self) {
        for member in &mut self.members {
            member.link = None;
        }
        self.exchanges.clear();
        self.game = None;
        self.closed = true;
        if let Some(store) = self.store.take()
            && let Err(error) = store.remove(&self.code)
        {
            tracing::error!(code = self.code, %error, "closed lobby left on disk");
        }
    }

    fn forget(&mut self, id: MemberId) {
        self.members.retain(|member| member.id != id);
        self.rematch.retain(|&voter| voter != id);
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
                        name: strip_hidden(&name).chars().take(32).collect(),
                    });
                }
            },
        };
        let other = side.opponent().index();
        if self.game.is_some() {
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
            self.may_hand_over(side, seat)?;
            self.note_stand_in(side, seat);
        } else if let Seat::Member(new) = seat
            && self.sides[other] == Seat::Member(new)
        {
            self.sides[other] = Seat::Open;
        }
        self.sides[side.index()] = seat;
        if self.game.is_none() {
            self.forget_finished_game();
        }
        self.broadcast_lobby();
        Ok(())
    }

    fn remove(&mut self, id: MemberId, name: &str) -> Result<(), Denied> {
        self.require_host(id)?;
        let target = self
            .index_of(name)
            .map(|index| self.members[index].id)
            .ok_or_else(|| Denied::NoSuchPlayer {
                name: strip_hidden(name).chars().take(32).collect(),
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
        let text = strip_hidden(&text);
        self.broadcast(&ServerMsg::Chat { from, text });
        Ok(())
    }
}
