//! What a lobby keeps across a relay restart, and coming back from one: the setup, the
//! members who would keep their place after a drop (the host, the players of the running
//! game) with their tokens' hashes, the sides, the game's moves, offers, stand-ins and
//! clocks. A restored lobby has everyone away as if they had all just dropped, and its
//! clock stands still until every player of the game is back, so that the time the
//! relay was down (and the turn it crashed in, since the last write) is charged to
//! nobody.

use super::{Lobby, LobbyLimits, Member, Running, Seat, TokenHash};
use crate::protocol::{GameSetup, StandIn};
use crate::server::address::AddressKey;
use crate::server::rate::RateLimit;
use crate::server::setup::{Prepared, guarded};
use ply_core::{Player, TimeControl};
use ply_modes::replay;
use ply_play::offers::Offers;
use ply_play::{Clocks, clock};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// A lobby as its store keeps it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct LobbyRecord {
    opener: AddressKey,
    locked: bool,
    setup: GameSetup,
    members: Vec<MemberRecord>,
    sides: [SeatRecord; 2],
    game: Option<GameRecord>,
    finished: bool,
    rematch: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct MemberRecord {
    name: String,
    token: TokenHash,
    host: bool,
}

/// A side's holder, a member by name.
#[derive(Debug, Serialize, Deserialize)]
enum SeatRecord {
    Open,
    Member(String),
    Computer,
}

#[derive(Debug, Serialize, Deserialize)]
struct GameRecord {
    /// Every move from the setup's start, the saved game's included.
    moves: Vec<String>,
    played_here: u32,
    moved: [bool; 2],
    draw_offer: Option<Player>,
    takeback_offer: Option<Player>,
    clock: Option<ClockRecord>,
    stand_ins: Vec<StandIn>,
}

/// A timed game's clocks: each side's time left when the side to move's turn began,
/// and whether that turn's clock was running.
#[derive(Debug, Serialize, Deserialize)]
struct ClockRecord {
    left_ms: [u64; 2],
    running: bool,
}

/// Why a lobby on disk could not be brought back.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RestoreError {
    /// The game's moves no longer replay.
    #[error("its game does not replay: {0}")]
    Replay(String),
    /// The game was already over.
    #[error("its game was over")]
    Over,
}

impl LobbyRecord {
    /// What `lobby` keeps across a restart.
    pub fn of(lobby: &Lobby) -> LobbyRecord {
        let kept = |member: &&Member| {
            member.host || (lobby.game.is_some() && lobby.side_of(member.id).is_some())
        };
        let seat = |seat: Seat| match seat {
            Seat::Open => SeatRecord::Open,
            Seat::Computer => SeatRecord::Computer,
            Seat::Member(id) => SeatRecord::Member(lobby.name_of(id)),
        };
        LobbyRecord {
            opener: lobby.opener,
            locked: lobby.locked,
            setup: lobby.setup.clone(),
            members: lobby
                .members
                .iter()
                .filter(kept)
                .map(|member| MemberRecord {
                    name: member.name.clone(),
                    token: member.token,
                    host: member.host,
                })
                .collect(),
            sides: lobby.sides.map(seat),
            game: lobby.game.as_ref().map(GameRecord::of),
            finished: lobby.finished,
            rematch: lobby.rematch.iter().map(|&id| lobby.name_of(id)).collect(),
        }
    }

    /// The setup the lobby offers, to check again before the lobby comes back.
    pub fn setup(&self) -> GameSetup {
        self.setup.clone()
    }
}

impl GameRecord {
    fn of(running: &Running) -> GameRecord {
        let to_move = running.game.to_move();
        GameRecord {
            moves: running.game.move_texts(),
            played_here: running.played_here,
            moved: running.moved,
            draw_offer: running.offers.draw(),
            takeback_offer: running.offers.takeback(),
            clock: running.clock.as_ref().map(|clock| ClockRecord {
                left_ms: super::super::clock::millis(clock.both_left()),
                running: running.paused || clock.deadline(to_move).is_some(),
            }),
            stand_ins: running.stand_ins.clone(),
        }
    }
}

impl Lobby {
    /// The lobby `record` describes, offering the checked setup `prepared`, with every
    /// member away since now.
    pub fn restore(
        code: String,
        record: LobbyRecord,
        prepared: Prepared,
        limits: LobbyLimits,
    ) -> Result<Lobby, RestoreError> {
        let mut lobby = Lobby::new(record.locked, prepared, limits);
        lobby.set_code(code, record.opener);
        let now = Instant::now();
        for kept in record.members {
            let id = lobby.next_id;
            lobby.next_id += 1;
            lobby.members.push(Member {
                id,
                name: kept.name,
                token: kept.token,
                host: kept.host,
                link: None,
                away_since: Some(now),
                rtt_ms: None,
                chat: RateLimit::new(limits.chat_per_second, limits.chat_burst),
            });
        }
        let seat = |lobby: &Lobby, seat: &SeatRecord| match seat {
            SeatRecord::Open => Seat::Open,
            SeatRecord::Computer => Seat::Computer,
            SeatRecord::Member(name) => lobby
                .members
                .iter()
                .find(|member| member.name == *name)
                .map_or(Seat::Open, |member| Seat::Member(member.id)),
        };
        lobby.sides = [
            seat(&lobby, &record.sides[0]),
            seat(&lobby, &record.sides[1]),
        ];
        lobby.rematch = lobby
            .members
            .iter()
            .filter(|member| record.rematch.contains(&member.name))
            .map(|member| member.id)
            .collect();
        lobby.finished = record.finished;
        let control = lobby.setup.clock.and_then(|clock| clock.control().ok());
        lobby.game = record
            .game
            .map(|game| game.restore(&lobby.setup, control))
            .transpose()?;
        Ok(lobby)
    }

    /// The address that opened the lobby.
    pub fn opener(&self) -> AddressKey {
        self.opener
    }

    /// Starts the clock that stood still since the relay restarted, once every player
    /// of the game is back (the host for the computer's side).
    pub(super) fn resume_clock_when_all_back(&mut self) {
        let host_back = self.host().is_some_and(|host| host.link.is_some());
        let all_back = self.sides.iter().all(|seat| match *seat {
            Seat::Member(id) => self.is_connected(id),
            Seat::Computer => host_back,
            Seat::Open => true,
        });
        let Some(running) = self.game.as_mut().filter(|running| running.paused) else {
            return;
        };
        if !all_back {
            return;
        }
        running.paused = false;
        let to_move = running.game.to_move();
        if let Some(clock) = running.clock.as_mut()
            && clock::runs_after(running.plies as usize)
        {
            clock.turn_ended_at(to_move, Instant::now());
        }
    }
}

impl GameRecord {
    /// The running game this record describes, its clock standing still.
    fn restore(
        self,
        setup: &GameSetup,
        control: Option<TimeControl>,
    ) -> Result<Running, RestoreError> {
        let game = guarded(|| {
            replay(&setup.mode, setup.start.as_deref(), &self.moves)
                .map_err(|error| RestoreError::Replay(error.to_string()))
        })?;
        if game.outcome().is_some() {
            return Err(RestoreError::Over);
        }
        let (clock, paused) = match (control, self.clock) {
            (Some(control), Some(kept)) => {
                let left = kept.left_ms.map(Duration::from_millis);
                let clock = Clocks::resumed(control, [Duration::ZERO; 2], left, Vec::new());
                (Some(clock), kept.running)
            }
            _ => (None, false),
        };
        Ok(Running {
            plies: u32::try_from(self.moves.len()).unwrap_or(u32::MAX),
            game,
            played_here: self.played_here,
            moved: self.moved,
            offers: Offers::standing(self.draw_offer, self.takeback_offer),
            clock,
            stand_ins: self.stand_ins,
            paused,
        })
    }
}

impl From<crate::server::setup::RulesFailed> for RestoreError {
    fn from(failed: crate::server::setup::RulesFailed) -> RestoreError {
        RestoreError::Replay(failed.to_string())
    }
}
