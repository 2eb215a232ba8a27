//! Errors for reading positions and moves: each says exactly what was wrong with the
//! text it was given, and hands that text back.

use std::fmt;
use thiserror::Error;

/// A position text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position '{text}': {reason}")]
pub struct PositionError {
    /// The text that was rejected.
    pub text: String,
    /// What kind of problem it has, for callers that act on the cause.
    pub fault: PositionFault,
    /// What was wrong with it, in plain words.
    pub reason: String,
}

impl PositionError {
    /// A rejection of `text` for a `fault` described by `reason`.
    pub fn new(text: impl Into<String>, fault: PositionFault, reason: impl fmt::Display) -> Self {
        PositionError {
            text: text.into(),
            fault,
            reason: reason.to_string(),
        }
    }
}

/// The kinds of problem a position text can have. Each mode says which of its reasons
/// falls under which kind, so that a caller can tell a typing mistake from a position
/// that cannot occur without knowing the mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionFault {
    /// The text is not written in the mode's notation: fields, letters, numbers or
    /// squares that do not parse, or a board of the wrong size.
    Notation,
    /// The text is well formed, but no game of the mode can reach the position it
    /// describes (two kings of one side, a pawn on the last rank, the side that just
    /// moved in check).
    Impossible,
    /// The text records moves that go on after the game had already ended.
    PastTheEnd,
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
