//! Why a PDN FEN was refused, one reason per problem, so that the reader's helpers
//! return typed errors and each reason says in one place which kind of fault it is.

use ply_core::{PositionFault, PositionFault::*};
use thiserror::Error;

/// A reason a PDN FEN cannot be read as a checkers position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PdnProblem {
    /// Not three fields separated by `:`.
    #[error(
        "PDN FEN needs three fields separated by ':' (side to move, White's pieces, \
         Black's pieces), found {0}"
    )]
    FieldCount(usize),
    /// The side-to-move field is neither `B` nor `W`.
    #[error("side to move must be 'B' or 'W', not '{0}'")]
    SideToMove(String),
    /// A piece field that does not start with a side's letter.
    #[error("each piece field must start with 'W' or 'B', not '{0}'")]
    PieceField(String),
    /// Two piece fields for one side.
    #[error("the pieces of {0} are given twice")]
    SideTwice(&'static str),
    /// A range whose first square is above its last.
    #[error("the range '{0}' runs backwards")]
    RangeBackwards(String),
    /// A square listed twice.
    #[error("square {0} is given twice")]
    SquareTwice(u8),
    /// An entry that is not a square number.
    #[error("'{0}' is not a square number (1 to 32)")]
    NotASquare(String),
    /// A square number outside 1..=32.
    #[error("square '{0}' is off the board (squares are 1 to 32)")]
    OffBoard(String),
    /// More pieces than a side starts with.
    #[error("{side} has {count} pieces; a side has at most {most}")]
    TooManyPieces {
        /// The side's name.
        side: &'static str,
        /// Its pieces.
        count: u32,
        /// The most it can have.
        most: u32,
    },
    /// A man on the row where men are crowned.
    #[error(
        "{side} has a man on square {square}, its crowning row; write it as a king (K{square})"
    )]
    ManOnCrowningRow {
        /// The side's name.
        side: &'static str,
        /// The square's number.
        square: u8,
    },
    /// The side that just moved has no pieces.
    #[error("{0} has no pieces, so it cannot have made the last move")]
    MoverHasNoPieces(&'static str),
}

impl PdnProblem {
    /// Which kind of fault this reason is.
    pub fn fault(&self) -> PositionFault {
        match self {
            PdnProblem::TooManyPieces { .. }
            | PdnProblem::ManOnCrowningRow { .. }
            | PdnProblem::MoverHasNoPieces(_) => Impossible,
            _ => Notation,
        }
    }
}
