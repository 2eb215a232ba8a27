//! The one replay: a mode, a start position and a list of moves, all as text, turned
//! into a game through the rules. Saves, lobbies, the client's mirror, the engine
//! protocols and the command line all rebuild games this way, so they refuse the same
//! input with the same words.

use crate::AnyGame;
use crate::registry::{Mode, find_mode, mode_ids};
use ply_core::{MoveError, PositionError};
use thiserror::Error;

/// The most characters of an unknown mode's identifier that a message repeats.
const SHOWN_ID_CHARS: usize = 32;

/// Why a game could not be rebuilt from its text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// No registered mode has this identifier.
    #[error("unknown mode '{}' (known modes: {known})", shown(given))]
    UnknownMode {
        /// The identifier given.
        given: String,
        /// Every registered identifier, comma separated.
        known: String,
    },
    /// The start position text was refused by the mode.
    #[error("the start position cannot be used: {0}")]
    BadStart(#[source] PositionError),
    /// A move could not be played.
    #[error("move {number} ({text}) is not allowed: {error}")]
    Move {
        /// Which move, counting every move of both sides from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// Why the rules refused it.
        #[source]
        error: MoveError,
    },
}

impl ReplayError {
    /// The refusal of an identifier no mode has.
    pub fn unknown_mode(given: &str) -> ReplayError {
        ReplayError::UnknownMode {
            given: given.to_string(),
            known: mode_ids(),
        }
    }
}

/// At most [`SHOWN_ID_CHARS`] characters of `id`, so that a message never repeats a
/// long text back at length.
fn shown(id: &str) -> String {
    id.chars().take(SHOWN_ID_CHARS).collect()
}

/// The game of mode `mode_id` from `start` (the usual start when `None`) after
/// `moves`, each in the mode's move text.
pub fn replay<S: AsRef<str>>(
    mode_id: &str,
    start: Option<&str>,
    moves: impl IntoIterator<Item = S>,
) -> Result<Box<dyn AnyGame>, ReplayError> {
    find_mode(mode_id)
        .ok_or_else(|| ReplayError::unknown_mode(mode_id))?
        .replay(start, moves)
}

impl Mode {
    /// A game of this mode from `start` (the usual start when `None`) after `moves`,
    /// each in the mode's move text.
    pub fn replay<S: AsRef<str>>(
        &self,
        start: Option<&str>,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Box<dyn AnyGame>, ReplayError> {
        let mut game = match start {
            None => self.new_game(),
            Some(text) => self.from_position(text).map_err(ReplayError::BadStart)?,
        };
        for (index, text) in moves.into_iter().enumerate() {
            let text = text.as_ref();
            game.play_text(text).map_err(|error| ReplayError::Move {
                number: index + 1,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(game)
    }
}
