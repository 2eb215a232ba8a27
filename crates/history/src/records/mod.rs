//! Game records in: PGN and PDN files (from other programs, or written by
//! `ply_save::export`) read into finished games ([`read_records`]) and stored, each
//! move checked by the mode's rules. A file is stored whole or not at all: the first
//! game that cannot be read stops the import with an error naming the game and the
//! move.

mod moves;
mod tags;
mod tokens;

use crate::ending::declare;
use crate::{Circumstances, History, HistoryError, ImportReport, Origin};
use ply_core::{Outcome, Player, TimeControl};
use ply_modes::{AnyGame, Mode, find_mode};
use ply_save::{Controller, SavedClock, SavedGame, Seat};
use std::path::Path;
use std::time::Duration;
use thiserror::Error;
use tokens::RawGame;

/// Why a record file could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {number}{}: {detail}", players.as_ref().map(|p| format!(" ({p})")).unwrap_or_default())]
pub struct ImportError {
    /// The game's place in the file, from 1.
    pub number: usize,
    /// Its players as the tags give them ("Ann v Bob"), when known.
    pub players: Option<String>,
    /// What is wrong, naming the move when a move is.
    pub detail: String,
}

/// The mode of records that name none: checkers for a `.pdn` file, chess otherwise.
pub fn fallback_mode(file: &Path) -> &'static str {
    let pdn = file
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pdn"));
    if pdn { "checkers" } else { "chess" }
}

/// One game of a record file, read but not stored.
pub struct RecordGame {
    /// The game's place in the file, from 1.
    pub number: usize,
    /// Its players as the tags give them ("Ann v Bob"), when known.
    pub players: Option<String>,
    /// The game (still going on when the record's result is `*`: the analysis board
    /// reads such records too), or what is wrong with it, naming the move when a move is.
    pub game: Result<SavedGame, String>,
}

impl RecordGame {
    /// The game's place and players, as reports name a game: "game 3 (Ann v Bob)".
    pub fn label(&self) -> String {
        let players = self.players.as_ref().map(|p| format!(" ({p})"));
        format!("game {}{}", self.number, players.unwrap_or_default())
    }
}

/// Reads every game of a PGN or PDN file's `text` without storing anything, each move
/// checked by the mode's rules; games of an unknown mode are taken to be of
/// `fallback_mode` (see [`fallback_mode`]). Only a file that cannot be split into
/// games, or an unknown `fallback_mode`, fails as a whole.
pub fn read_records(text: &str, fallback_mode: &str) -> Result<Vec<RecordGame>, ImportError> {
    let fallback = find_mode(fallback_mode).ok_or_else(|| ImportError {
        number: 0,
        players: None,
        detail: format!("unknown mode '{fallback_mode}'"),
    })?;
    let raw_games = tokens::split_games(text).map_err(|(number, detail)| ImportError {
        number,
        players: None,
        detail,
    })?;
    Ok(raw_games
        .iter()
        .enumerate()
        .map(|(index, raw)| RecordGame {
            number: index + 1,
            players: players_of(raw),
            game: read_game(raw, fallback),
        })
        .collect())
}

impl History {
    /// Stores the finished games of a PGN or PDN file's `text`, read as
    /// [`read_records`] reads them; the first game that cannot be read stops the
    /// import. Games the history already has (the same moves between the same names,
    /// dated to the same second, or within a day of a game that came in another way)
    /// are counted, not stored again; unfinished games (result `*`) are passed over and
    /// named in the report.
    pub fn import_records(
        &mut self,
        text: &str,
        fallback_mode: &str,
    ) -> Result<ImportReport, HistoryError> {
        let mut report = ImportReport::default();
        let mut games = Vec::new();
        for record in read_records(text, fallback_mode)? {
            let label = record.label();
            match record.game {
                Ok(saved) if saved.game.outcome().is_some() => games.push(saved),
                Ok(_) => report.skipped.push(format!("{label}: not finished")),
                Err(detail) => {
                    return Err(ImportError {
                        number: record.number,
                        players: record.players,
                        detail,
                    }
                    .into());
                }
            }
        }
        let local = Circumstances::local();
        let recorded = self.store_all(games.iter().map(|saved| (saved, &local)), Origin::Record)?;
        report.count(&recorded);
        Ok(report)
    }
}

/// "White v Black" from the tags, when either is given.
fn players_of(raw: &RawGame) -> Option<String> {
    let white = raw.tag("White");
    let black = raw.tag("Black");
    (white.is_some() || black.is_some())
        .then(|| format!("{} v {}", white.unwrap_or("?"), black.unwrap_or("?")))
}

/// A record read into a game, its ending declared when the result gives one (a game
/// whose result is `*` is left going on).
fn read_game(raw: &RawGame, fallback: &'static Mode) -> Result<SavedGame, String> {
    let mode = tags::mode_of(raw, fallback)?;
    let mut game = match raw.tag("FEN") {
        Some(fen) => mode
            .from_position(fen)
            .map_err(|error| format!("the FEN tag cannot be used: {error}"))?,
        None => mode.new_game(),
    };
    let first_mover = game.to_move();
    for (ply, written) in raw.moves.iter().enumerate() {
        moves::play(game.as_mut(), &written.text)
            .map_err(|why| format!("move {} {why}", move_label(ply, first_mover, &written.text)))?;
    }
    // PGN scores White first; PDN too, White being checkers' second side.
    let white = Player::BOTH
        .into_iter()
        .find(|&side| game.side_name(side) == "White")
        .unwrap_or(Player::First);
    let result = raw.result.as_deref().or(raw.tag("Result")).unwrap_or("*");
    let winner = match result {
        "1-0" => Some(Some(white)),
        "0-1" => Some(Some(white.opponent())),
        "1/2-1/2" => Some(None),
        _ => None,
    };
    let outcome = match (game.outcome(), winner) {
        (Some(ended), _) => ended,
        (None, None) => return Ok(saved_game(raw, game, first_mover)),
        (None, Some(Some(winner))) => Outcome::Win {
            winner,
            reason: tags::declared_reason(raw, false),
        },
        (None, Some(None)) => Outcome::Draw {
            reason: tags::declared_reason(raw, true),
        },
    };
    if winner.is_some_and(|said| said != outcome.winner()) {
        return Err(format!(
            "the result {result} does not match the moves, which end the game as {outcome}"
        ));
    }
    declare(game.as_mut(), outcome)?;
    Ok(saved_game(raw, game, first_mover))
}

/// "12. Nf3" or "12... Nf6": a move as PGN numbers it, counting from the record's
/// first move.
fn move_label(ply: usize, first_mover: Player, written: &str) -> String {
    let offset = usize::from(first_mover == Player::Second);
    let number = (ply + offset) / 2 + 1;
    let dots = if (ply + offset).is_multiple_of(2) {
        "."
    } else {
        "..."
    };
    format!("{number}{dots} {written}")
}

/// The save of a game read from `raw`: its seats from the side-named tags
/// (a name of "?" seats nobody), its title, date, time control and clocks.
fn saved_game(raw: &RawGame, game: Box<dyn AnyGame>, first_mover: Player) -> SavedGame {
    let seats = Player::BOTH
        .into_iter()
        .filter_map(|side| {
            let name = raw.tag(game.side_name(side))?.trim();
            (!name.is_empty() && name != "?").then(|| Seat {
                name: name.to_string(),
                controller: Controller::Person,
                side,
            })
        })
        .collect();
    let title = raw
        .tag("Event")
        .filter(|event| !event.trim().is_empty() && event.trim() != "?")
        .map_or_else(|| players_of(raw).unwrap_or_default(), str::to_string);
    let mut saved = SavedGame::new(title, seats, game);
    saved.created = tags::played_at(raw);
    saved.updated = saved.created;
    saved.clock = tags::time_control(raw).map(|control| clock_of(raw, control, first_mover));
    saved
}

/// A timed game's clocks from its `[%clk]` comments: the time left after each move
/// when every move has one, and each side's last reading (the whole base time for a
/// side without one).
fn clock_of(raw: &RawGame, control: TimeControl, first_mover: Player) -> SavedClock {
    let readings: Option<Vec<Duration>> = raw.moves.iter().map(|written| written.clock).collect();
    let after_moves = readings.unwrap_or_default();
    let mut left = [control.base; 2];
    // Sides alternate from the first mover; the last two readings are each side's latest.
    for (index, reading) in after_moves.iter().enumerate().rev().take(2) {
        left[(first_mover.index() + index) % 2] = *reading;
    }
    SavedClock {
        control,
        left,
        after_moves,
    }
}
