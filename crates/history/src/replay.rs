//! A stored game played again through its mode's rules, as a save: to open it in the
//! window, to export it, or to list its positions.

use crate::ending::declare;
use crate::{HistoryError, StoredGame};
use ply_core::Player;
use ply_modes::{AnyGame, find_mode};
use ply_save::{Controller, SavedGame, Seat};

impl StoredGame {
    /// The game as a save: every move played again through the rules and its ending
    /// declared, with its players, clocks, dates and hints.
    pub fn saved_game(&self) -> Result<SavedGame, HistoryError> {
        let mut game = self.replayed()?;
        declare(game.as_mut(), self.summary.outcome).map_err(|detail| self.unplayable(detail))?;
        let seats = Player::BOTH
            .into_iter()
            .filter_map(|side| {
                self.summary.players[side.index()]
                    .as_ref()
                    .map(|player| Seat {
                        name: player.name.clone(),
                        controller: player
                            .computer
                            .map_or(Controller::Person, Controller::Computer),
                        side,
                    })
            })
            .collect();
        // A review that no longer fits the moves (a rules change) is left out.
        let review = self.review.clone().filter(|review| review.fits(&*game));
        Ok(SavedGame {
            title: self.summary.title.clone(),
            seats,
            time_used: self.time_used,
            clock: self.clock.clone(),
            created: self.summary.created,
            updated: self.summary.ended,
            game,
            hinted: self.hinted.clone(),
            review,
        })
    }

    /// The game's moves played again from its start, its ending not yet declared.
    pub(crate) fn replayed(&self) -> Result<Box<dyn AnyGame>, HistoryError> {
        let mode = find_mode(&self.summary.mode)
            .ok_or_else(|| self.unplayable(format!("unknown mode '{}'", self.summary.mode)))?;
        mode.replay(Some(&self.start), &self.moves)
            .map_err(|error| self.unplayable(error.to_string()))
    }

    fn unplayable(&self, detail: String) -> HistoryError {
        HistoryError::Unplayable {
            id: self.summary.id.0,
            detail,
        }
    }
}
