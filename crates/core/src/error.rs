//! Errors for reading positions and moves: each says exactly what was wrong with the
//! text it was given, and hands that text back.

use thiserror::Error;

/// A position text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position '{text}': {reason}")]
pub struct PositionError {
    /// The text that was rejected.
    pub text: String,
    /// What was wrong with it, in plain words.
    pub reason: String,
}

impl PositionError {
    /// A rejection of `text` for `reason`.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        PositionError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

/// A move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in this mode's notation.
    #[error("'{text}' is not a move in this game's notation: {reason}")]
    Malformed {
        /// The text that was rejected.
        text: String,
        /// What was wrong with it.
        reason: String,
    },
    /// The move is well formed but not legal here.
    #[error("'{text}' is not a legal move in this position")]
    Illegal {
        /// The move, as text.
        text: String,
    },
    /// The game is already over.
    #[error("the game is over; no more moves can be played")]
    GameOver,
}

impl MoveError {
    /// A malformed-move error for `text`.
    pub fn malformed(text: impl Into<String>, reason: impl Into<String>) -> Self {
        MoveError::Malformed {
            text: text.into(),
            reason: reason.into(),
        }
    }

    /// An illegal-move error for `text`.
    pub fn illegal(text: impl Into<String>) -> Self {
        MoveError::Illegal { text: text.into() }
    }
}
