//! Helpers the history's tests share: a history and a saves folder in a temporary
//! folder, and finished games built move by move through the rules.
// Each test file uses only some of these.
#![allow(dead_code)]

use ply_core::Player;
use ply_history::{History, Opened};
use ply_modes::{AnyGame, Level};
use ply_save::{Controller, SaveFolder, SavedGame, Seat};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tempfile::TempDir;

/// Monday 2026-11-16 12:00 UTC, the day the hand-built games start.
pub const MONDAY_NOON: u64 = 1_794_830_400;

/// A history file and a saves folder in a temporary folder of their own.
pub struct Place {
    /// The temporary folder, removed when the test ends.
    pub dir: TempDir,
    /// The history's file.
    pub file: PathBuf,
    /// The saves folder.
    pub saves: SaveFolder,
}

impl Place {
    /// An empty place.
    pub fn new() -> Place {
        let dir = tempfile::tempdir().expect("a temporary folder");
        Place {
            file: dir.path().join("data").join("history.sqlite3"),
            saves: SaveFolder::at(dir.path().join("saves")),
            dir,
        }
    }

    /// Opens the history for the player called Ann.
    pub fn open(&self) -> Opened {
        History::open(&self.file, &self.saves, &["Ann".to_string()]).expect("the history opens")
    }

    /// The history for Ann, whatever opening it reported.
    pub fn history(&self) -> History {
        self.open().history
    }
}

/// A person's seat.
pub fn person(name: &str, side: Player) -> Seat {
    Seat {
        name: name.to_string(),
        controller: Controller::Person,
        side,
    }
}

/// The computer's seat at `level`.
pub fn computer(level: Level, side: Player) -> Seat {
    Seat {
        name: "Computer".to_string(),
        controller: Controller::Computer(level),
        side,
    }
}

/// The game of `mode` after `moves`, each legal.
pub fn played(mode: &str, moves: &[&str]) -> Box<dyn AnyGame> {
    ply_modes::replay(mode, None, moves).expect("legal moves")
}

/// The game of `mode` after `moves`, then won by `winner` by the loser's resignation,
/// or drawn by agreement when `winner` is `None`.
pub fn ended(mode: &str, moves: &[&str], winner: Option<Player>) -> Box<dyn AnyGame> {
    let mut game = played(mode, moves);
    match winner {
        Some(winner) => game.resign(winner.opponent()).expect("may resign"),
        None => game.agree_draw().expect("may agree a draw"),
    }
    game
}

/// `seconds` after 1970.
pub fn at(seconds: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(seconds)
}

/// A save of `game` between `seats`, first saved at `created` and last a minute later.
pub fn saved(
    title: &str,
    seats: Vec<Seat>,
    game: Box<dyn AnyGame>,
    created: SystemTime,
) -> SavedGame {
    let mut saved = SavedGame::new(title, seats, game);
    saved.created = created;
    saved.updated = created + Duration::from_secs(60);
    saved
}
