//! What has been saved of a table's game: a table resumed from a save, the game written
//! as a save with its players and clocks, and whether leaving now would lose moves.

use super::{Seat, Table};
use crate::clock::Clocks;
use ply_core::Player;
use ply_modes::find_mode;
use ply_save::{Controller, SavedGame};
use std::time::SystemTime;

/// What has been saved of this game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveRecord {
    /// The save this game was loaded from or last saved as (overwritten on saving).
    pub name: Option<String>,
    /// When the game was first saved.
    pub created: Option<SystemTime>,
    /// The number of moves at the last save.
    pub saved_at_moves: Option<usize>,
}

impl Table {
    /// A table resuming a saved game; `name` is the save to overwrite when the player
    /// saves again (none for the autosave, which is never overwritten by hand).
    pub fn from_saved(saved: SavedGame, name: Option<String>) -> Table {
        let mut seats = [Seat::Person; 2];
        for seat in &saved.seats {
            seats[seat.side.index()] = match seat.controller {
                Controller::Person => Seat::Person,
                Controller::Computer(level) => Seat::Computer(level),
            };
        }
        let moves = saved.game.moves().len();
        let mut table = Table::local(saved.game, seats);
        table.clocks = match saved.clock {
            Some(clock) => Clocks::resumed(
                clock.control,
                saved.time_used,
                clock.left,
                clock.after_moves,
            ),
            None => Clocks::with_used(saved.time_used),
        };
        table.low_time_told = Player::BOTH.map(|side| table.clocks.low(side));
        table.restore_hints(&saved.hinted);
        table.record = SaveRecord {
            saved_at_moves: name.as_ref().map(|_| moves),
            name,
            created: Some(saved.created),
        };
        table
    }

    /// What has been saved of this game.
    pub fn record(&self) -> &SaveRecord {
        &self.record
    }

    /// Whether leaving now would lose moves that are in no save.
    pub fn unsaved(&self) -> bool {
        self.outcome().is_none()
            && !self.game.moves().is_empty()
            && self.record.saved_at_moves != Some(self.game.moves().len())
    }

    /// The game as a save, titled and with the players' labels.
    pub fn saved_game(&self, my_name: &str) -> SavedGame {
        let labels = Player::BOTH.map(|side| self.seat_label(side, my_name));
        let seats = Player::BOTH
            .into_iter()
            .map(|side| ply_save::Seat {
                name: labels[side.index()].clone(),
                controller: match self.seat(side) {
                    Seat::Person | Seat::Remote => Controller::Person,
                    Seat::Computer(level) => Controller::Computer(level),
                },
                side,
            })
            .collect();
        let mode_name = find_mode(self.game.mode_id()).map_or(self.game.mode_id(), |m| m.name);
        let title = format!("{mode_name}: {} v {}", labels[0], labels[1]);
        let mut saved = SavedGame::new(title, seats, self.game.clone_box());
        saved.time_used = self.clocks.both();
        saved.clock = self.clocks.control().map(|control| ply_save::SavedClock {
            control,
            left: self.clocks.both_left(),
            after_moves: self.clocks.after_moves().to_vec(),
        });
        saved.hinted = self.hinted_moves();
        if let Some(created) = self.record.created {
            saved.created = created;
        }
        saved
    }

    /// Records that the game was saved as `name`.
    pub fn mark_saved(&mut self, name: String, created: SystemTime) {
        self.record = SaveRecord {
            name: Some(name),
            created: Some(created),
            saved_at_moves: Some(self.game.moves().len()),
        };
    }
}
