//! Taking moves back and aborting, online: a player asks to take back their last move
//! (and the reply to it, when there is one), the opponent accepts or declines (the
//! computer's side accepts at once), and the relay takes the moves back for everyone;
//! a game may be aborted with no result until each side has moved in it.

use super::{Lobby, MemberId, Seat};
use crate::protocol::{Denied, ServerMsg};
use crate::server::clock::millis;
use ply_core::Player;
use std::time::Instant;

impl Lobby {
    /// How many moves taking back `side`'s last move removes: one when the opponent
    /// has not answered it yet, two when they have.
    fn takeback_plies(&self, side: Player) -> Option<u32> {
        let running = self.game.as_ref()?;
        let plies = if running.game.to_move() == side { 2 } else { 1 };
        (running.played_here >= plies).then_some(plies)
    }

    /// Member `id` asks to take back their last move.
    pub(super) fn ask_takeback(&mut self, id: MemberId) -> Result<(), Denied> {
        let side = self.playing_side(id)?;
        // A request still waiting was made with a move to take back, and stops waiting
        // as soon as the moves change: checking this first refuses nothing else.
        self.takeback_plies(side).ok_or(Denied::NothingToTakeBack)?;
        let Some(running) = self.game.as_mut() else {
            return Err(Denied::NoGame);
        };
        running
            .offers
            .ask_takeback(side)
            .map_err(|_| Denied::TakebackPending)?;
        if self.sides[side.opponent().index()] == Seat::Computer {
            // The computer never minds.
            return self.take_back(side);
        }
        self.broadcast(&ServerMsg::TakebackAsked { by: side });
        Ok(())
    }

    /// Member `id` answers the opponent's request to take back a move.
    pub(super) fn answer_takeback(&mut self, id: MemberId, accept: bool) -> Result<(), Denied> {
        let asker = self
            .game
            .as_ref()
            .ok_or(Denied::NoGame)?
            .offers
            .takeback()
            .ok_or(Denied::NoTakeback)?;
        if !self.controls(id, asker.opponent()) {
            return Err(Denied::NoTakeback);
        }
        if let Some(running) = self.game.as_mut() {
            running
                .offers
                .answer_takeback(asker.opponent())
                .map_err(|_| Denied::NoTakeback)?;
        }
        if accept {
            self.take_back(asker)
        } else {
            self.broadcast(&ServerMsg::TakebackDeclined {
                by: asker.opponent(),
            });
            Ok(())
        }
    }

    /// Takes back `asker`'s last move (and the reply to it) for everyone.
    fn take_back(&mut self, asker: Player) -> Result<(), Denied> {
        let plies = self
            .takeback_plies(asker)
            .ok_or(Denied::NothingToTakeBack)?;
        let Some(running) = self.game.as_mut() else {
            return Err(Denied::NoGame);
        };
        let now = Instant::now();
        let to_move = running.game.to_move();
        let mut movers = Vec::with_capacity(plies as usize);
        for _ in 0..plies {
            if running.game.undo().is_none() {
                return Err(Denied::NothingToTakeBack);
            }
            movers.push(running.game.to_move());
        }
        running.plies -= plies;
        running.played_here -= plies;
        running.offers.clear();
        let left_ms = running.clock.as_mut().map(|clock| {
            clock.turn_ended_at(to_move, now);
            for &mover in &movers {
                clock.undone(mover);
            }
            if !ply_play::clock::runs_after(running.plies as usize) || running.paused {
                clock.hold();
            }
            millis(clock.left_at(running.game.to_move(), now))
        });
        let ply = running.plies;
        self.persist();
        self.broadcast(&ServerMsg::TakenBack { ply, left_ms });
        Ok(())
    }

    /// Member `id` aborts the game, which ends with no result, if a side has not
    /// moved in it yet.
    pub(super) fn abort(&mut self, id: MemberId) -> Result<(), Denied> {
        self.playing_side(id)?;
        if self
            .game
            .as_ref()
            .is_some_and(|running| running.moved.iter().all(|&moved| moved))
        {
            return Err(Denied::TooLateToAbort);
        }
        self.game = None;
        self.forget_finished_game();
        self.broadcast(&ServerMsg::GameAborted);
        self.broadcast_lobby();
        Ok(())
    }
}
