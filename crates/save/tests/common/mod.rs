//! Reproducible random games shared by the save tests and the benchmark.
// Each test binary and the benchmark include this file and use only part of it.
#![allow(dead_code)]

use ply_core::{Player, zobrist::splitmix64};
use ply_modes::{AnyGame, Level, Mode, find_mode};
use ply_save::{Controller, SavedGame, Seat};
use std::time::Duration;

/// A small deterministic random source, so a failing seed can be replayed.
pub struct Dice(pub u64);

impl Dice {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        splitmix64(self.0)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A game of `mode` with up to `max_plies` random moves from its start (fewer when the
/// game ends first).
pub fn random_game(mode: &Mode, dice: &mut Dice, max_plies: usize) -> Box<dyn AnyGame> {
    let mut game = mode.new_game();
    for _ in 0..max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let choice = moves[dice.below(moves.len())];
        game.play(choice).expect("a legal move plays");
    }
    game
}

/// An unfinished random game of `mode_id` with exactly `plies` moves: the first seed
/// whose playout lasts that long.
pub fn game_of_length(mode_id: &str, plies: usize) -> Box<dyn AnyGame> {
    let mode = find_mode(mode_id).expect("registered mode");
    (0..)
        .map(|seed| random_game(mode, &mut Dice(seed), plies))
        .find(|game| game.moves().len() == plies && game.outcome().is_none())
        .expect("some playout lasts long enough")
}

/// A person against the computer, with some time used, as a save would hold them.
pub fn saved(title: &str, game: Box<dyn AnyGame>) -> SavedGame {
    let seats = vec![
        Seat {
            name: "Ada".to_string(),
            controller: Controller::Person,
            side: Player::First,
        },
        Seat {
            name: "Computer".to_string(),
            controller: Controller::Computer(Level::at(7)),
            side: Player::Second,
        },
    ];
    let mut saved = SavedGame::new(title, seats, game);
    saved.time_used = [Duration::from_millis(83_250), Duration::from_millis(41_007)];
    saved
}
