//! A lobby's game from start to end: moves checked by the rules, resignation, draw
//! offers, the clocks, claims against a player who stayed away, and rematches.

use super::{Lobby, MemberId, Running, Seat};
use crate::protocol::{Denied, MAX_MOVE_TEXT_LEN, ServerMsg};
use crate::server::clock::millis;
use crate::server::setup::guarded;
use ply_core::{MoveError, Player};
use ply_play::offers::{DrawOffer, Offers};
use ply_play::{Clocks, clock};
use std::time::{Duration, Instant};

/// The most time left a saved game's clock may bring back, in milliseconds: a day.
const MOST_TIME_LEFT_MS: u64 = 24 * 60 * 60 * 1000;

impl Lobby {
    /// Ends a timed game whose side to move has run out of time: it loses, or draws
    /// when its opponent could never win. Returns whether it did.
    pub fn check_clock(&mut self, now: Instant) -> bool {
        let Some(running) = self.game.as_mut() else {
            return false;
        };
        let to_move = running.game.to_move();
        let Some(deadline) = running
            .clock
            .as_ref()
            .and_then(|clock| clock.deadline(to_move))
        else {
            return false;
        };
        if now < deadline {
            return false;
        }
        if running.game.run_out_of_time(to_move).is_err() {
            return false;
        }
        self.finish_if_over();
        self.persist();
        true
    }

    pub(super) fn start(&mut self, id: MemberId) -> Result<(), Denied> {
        self.require_host(id)?;
        self.begin()
    }

    /// Starts a game from the setup with the sides as they are, if they are ready.
    fn begin(&mut self) -> Result<(), Denied> {
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
        let plies = self.setup.moves.len();
        let clock = self
            .setup
            .clock
            .and_then(|clock| clock.control().ok())
            .map(|control| {
                let mut clock = Clocks::started(control, Instant::now());
                if let Some(left) = self.setup.resume.as_ref().and_then(|resume| resume.left_ms) {
                    // A saved game goes on from its clocks as they stood (a day at most).
                    clock.set_left(left.map(|ms| Duration::from_millis(ms.min(MOST_TIME_LEFT_MS))));
                }
                if !clock::runs_after(plies) {
                    clock.hold();
                }
                clock
            });
        self.forget_finished_game();
        self.game = Some(Running {
            plies: plies as u32,
            game: self.ready.clone_box(),
            played_here: 0,
            moved: [false; 2],
            offers: Offers::default(),
            clock,
            stand_ins: Vec::new(),
            paused: false,
        });
        if let Some(view) = self.game_view() {
            self.broadcast(&ServerMsg::GameStarted(view));
        }
        self.broadcast_lobby();
        Ok(())
    }

    pub(super) fn play(&mut self, id: MemberId, text: &str) -> Result<(), Denied> {
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
        if let Some(clock) = &running.clock
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
        running.played_here += 1;
        running.moved[to_move.index()] = true;
        let ply = running.plies;
        // A member moving for their own side keeps the lobby in use; the computer's
        // moves, which its host's machine sends, do not.
        if self.sides[to_move.index()] == Seat::Member(id) {
            self.last_activity = arrived;
        }
        // A move answers the opponent's draw offer and request to take back.
        let declined = running.offers.moved(to_move);
        let left_ms = running.clock.as_mut().map(|clock| {
            // The time left was checked on arrival, so the clock takes the move.
            let _ = clock.moved_at(to_move, arrived);
            if !clock::runs_after(ply as usize) || running.paused {
                clock.hold();
            }
            millis(clock.left_at(to_move.opponent(), arrived))
        });
        // On disk before anyone hears of it: a relay that dies now still has the move.
        self.persist();
        self.broadcast(&ServerMsg::MovePlayed {
            ply,
            side: to_move,
            text: canonical,
            left_ms,
        });
        if declined.draw {
            self.broadcast(&ServerMsg::DrawDeclined { by: to_move });
        }
        if declined.takeback {
            self.broadcast(&ServerMsg::TakebackDeclined { by: to_move });
        }
        self.finish_if_over();
        Ok(())
    }

    pub(super) fn resign(&mut self, id: MemberId) -> Result<(), Denied> {
        let side = self.playing_side(id)?;
        if let Some(running) = self.game.as_mut() {
            running.game.resign(side).map_err(|e| Denied::IllegalMove {
                reason: e.to_string(),
            })?;
        }
        self.finish_if_over();
        Ok(())
    }

    pub(super) fn offer_draw(&mut self, id: MemberId) -> Result<(), Denied> {
        let to_move = self
            .game
            .as_ref()
            .map(|running| running.game.to_move())
            .ok_or(Denied::NoGame)?;
        let side = self.acting_side(id, to_move).ok_or(Denied::NotPlaying)?;
        let Some(running) = self.game.as_mut() else {
            return Err(Denied::NoGame);
        };
        match running.offers.offer_draw(side) {
            Err(_) => Err(Denied::OfferPending),
            Ok(DrawOffer::Agreed) => {
                running.game.agree_draw().map_err(|e| Denied::IllegalMove {
                    reason: e.to_string(),
                })?;
                self.finish_if_over();
                Ok(())
            }
            Ok(DrawOffer::Made) => {
                self.broadcast(&ServerMsg::DrawOffered { by: side });
                Ok(())
            }
        }
    }

    pub(super) fn answer_draw(&mut self, id: MemberId, accept: bool) -> Result<(), Denied> {
        let offer = self
            .game
            .as_ref()
            .ok_or(Denied::NoGame)?
            .offers
            .draw()
            .ok_or(Denied::NoDrawOffer)?;
        let answering = offer.opponent();
        if !self.controls(id, answering) {
            return Err(Denied::NoDrawOffer);
        }
        let Some(running) = self.game.as_mut() else {
            return Err(Denied::NoGame);
        };
        running
            .offers
            .answer_draw(answering)
            .map_err(|_| Denied::NoDrawOffer)?;
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
    pub(super) fn finish_if_over(&mut self) {
        let Some(outcome) = self
            .game
            .as_ref()
            .and_then(|running| running.game.outcome())
        else {
            return;
        };
        self.game = None;
        self.finished = true;
        self.rematch.clear();
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

    /// The sides or the setup changed, or a new game started: the last game can no
    /// longer be played again as it was.
    pub(super) fn forget_finished_game(&mut self) {
        self.finished = false;
        self.rematch.clear();
    }

    /// The side member `id` acts for in the running game (see `acting_side`).
    pub(super) fn playing_side(&self, id: MemberId) -> Result<Player, Denied> {
        let to_move = self
            .game
            .as_ref()
            .map(|running| running.game.to_move())
            .ok_or(Denied::NoGame)?;
        self.acting_side(id, to_move).ok_or(Denied::NotPlaying)
    }

    /// When whoever plays `side` went away: the member who holds it, or for the
    /// computer, the host whose machine moves for it.
    fn away_since(&self, side: Player) -> Option<Instant> {
        let holder = match self.sides[side.index()] {
            Seat::Member(id) => self.member(id),
            Seat::Computer => self.host(),
            Seat::Open => None,
        };
        holder.and_then(|member| member.away_since)
    }

    /// Member `id` ends the game because their opponent has stayed away for longer than
    /// the lobby waits: as a win for their side, or as a draw.
    pub(super) fn claim(&mut self, id: MemberId, win: bool) -> Result<(), Denied> {
        let side = self.playing_side(id)?;
        let gone = side.opponent();
        let away = self
            .away_since(gone)
            .ok_or(Denied::OpponentConnected)?
            .elapsed();
        if away < self.limits.claim_wait {
            let left = self.limits.claim_wait - away;
            return Err(Denied::ClaimTooEarly {
                secs: left.as_secs() + u64::from(left.subsec_nanos() > 0),
            });
        }
        if let Some(running) = self.game.as_mut() {
            running
                .game
                .abandon(gone, win)
                .map_err(|e| Denied::IllegalMove {
                    reason: e.to_string(),
                })?;
        }
        self.finish_if_over();
        Ok(())
    }

    /// Who must agree before the finished game is played again: every member who held
    /// a side, and the host when the computer held one.
    fn rematch_voters(&self) -> Vec<MemberId> {
        let mut voters = Vec::new();
        for seat in self.sides {
            let voter = match seat {
                Seat::Member(id) => Some(id),
                Seat::Computer => self.host().map(|host| host.id),
                Seat::Open => None,
            };
            if let Some(voter) = voter
                && !voters.contains(&voter)
            {
                voters.push(voter);
            }
        }
        voters
    }

    /// Member `id` asks to play the finished game again with the sides swapped; the
    /// game starts once every player of the last one asked.
    pub(super) fn ask_rematch(&mut self, id: MemberId) -> Result<(), Denied> {
        if self.game.is_some() {
            return Err(Denied::GameRunning);
        }
        let voters = self.rematch_voters();
        if !self.finished {
            return Err(Denied::NoRematch);
        }
        if !voters.contains(&id) {
            return Err(Denied::NotPlaying);
        }
        if !self.rematch.contains(&id) {
            self.rematch.push(id);
        }
        if voters.iter().all(|voter| self.rematch.contains(voter)) {
            let before = self.sides;
            self.sides = [before[1], before[0]];
            if let Err(refused) = self.begin() {
                self.sides = before;
                self.broadcast_lobby();
                return Err(refused);
            }
            return Ok(());
        }
        self.broadcast_lobby();
        Ok(())
    }
}
