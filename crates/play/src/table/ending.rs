//! How an ending the referee rules (resignation, agreement, a clock, a player who
//! stayed away) is recorded in the game, so that saves and banners keep it.

use super::{Table, TableEvent};
use ply_core::{EndReason, Outcome};

impl Table {
    pub(super) fn end(&mut self, outcome: Outcome) {
        if self.outcome().is_some() {
            return;
        }
        let recorded = match outcome {
            Outcome::Win {
                winner,
                reason: EndReason::Resignation,
            } => self.game.resign(winner.opponent()),
            Outcome::Draw {
                reason: EndReason::DrawAgreed,
            } => self.game.agree_draw(),
            Outcome::Win {
                winner,
                reason: EndReason::OutOfTime,
            } => self.game.run_out_of_time(winner.opponent()).map(drop),
            Outcome::Draw {
                reason: EndReason::OutOfTimeNoMaterial,
            } => self.game.run_out_of_time(self.game.to_move()).map(drop),
            Outcome::Win {
                winner,
                reason: EndReason::Abandoned,
            } => self.game.abandon(winner.opponent(), true).map(drop),
            Outcome::Draw {
                reason: EndReason::Abandoned,
            } => self.game.abandon(self.game.to_move(), false).map(drop),
            _ => Err(ply_core::MoveError::GameOver),
        };
        if recorded.is_err() {
            self.ending = Some(outcome);
        }
        self.offers.clear();
        self.awaiting_echo = false;
        self.stop_computer();
        self.events.push(TableEvent::Ended(outcome));
    }
}
