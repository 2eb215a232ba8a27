//! Why a hnefatafl position text was refused, one reason per problem, so that the
//! reader's helpers return typed errors and each reason says in one place which kind of
//! fault it is.

use ply_core::{PositionFault, PositionFault::*};
use thiserror::Error;

/// A reason a text cannot be read as a hnefatafl position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TextProblem {
    /// Not two space-separated fields.
    #[error("expected two fields (the board and the side to move), found {0}")]
    FieldCount(usize),
    /// The side-to-move field is neither `a` nor `d`.
    #[error("the side to move must be 'a' (attackers) or 'd' (defenders), not '{0}'")]
    SideToMove(String),
    /// The board does not have 11 ranks.
    #[error("the board needs 11 ranks, found {0}")]
    RankCount(usize),
    /// A run of empty squares written with a leading zero, on this rank (from 1).
    #[error("rank {0} has an empty run starting with 0")]
    LeadingZero(u8),
    /// A rank (from 1) describing more than 11 squares.
    #[error("rank {0} has more than 11 squares")]
    RankTooLong(u8),
    /// A rank (from 1) describing fewer than 11 squares.
    #[error("rank {rank} has {found} squares instead of 11")]
    RankTooShort {
        /// The rank, from 1.
        rank: u8,
        /// Squares the text gives it.
        found: u32,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error("'{0}' is not a piece letter (use a, d, k or a number)")]
    PieceLetter(char),
    /// A second king.
    #[error("there is more than one king")]
    SecondKing,
    /// More attackers, or defenders besides the king, than a side starts with.
    #[error("the {side} have {count} pieces{besides}; they start with {most}")]
    TooManyPieces {
        /// The side's name.
        side: &'static str,
        /// How many they have, the king not counted.
        count: u32,
        /// How many they start with.
        most: u32,
        /// " besides the king" for the defenders, else nothing.
        besides: &'static str,
    },
    /// A piece other than the king on the throne or a corner (named square).
    #[error("only the king may stand on the throne or a corner, but {0} holds another piece")]
    Restricted(String),
    /// No king, with the attackers to move.
    #[error(
        "the king is missing: he can only have been captured by the attackers' last move, \
         so the defenders must be to move"
    )]
    KingMissing,
    /// The king on a corner, with the defenders to move.
    #[error(
        "the king stands on a corner: only the defenders' last move can have put him there, \
         so the attackers must be to move"
    )]
    KingOnCorner,
    /// The king with attackers on all four sides, with the attackers to move.
    #[error(
        "the king has attackers on all four sides, so he was captured before the defenders' \
         last move"
    )]
    KingTakenEarlier,
}

impl TextProblem {
    /// Which kind of fault this reason is.
    pub fn fault(&self) -> PositionFault {
        match self {
            TextProblem::Restricted(_)
            | TextProblem::KingMissing
            | TextProblem::KingOnCorner
            | TextProblem::SecondKing
            | TextProblem::TooManyPieces { .. } => Impossible,
            TextProblem::KingTakenEarlier => PastTheEnd,
            _ => Notation,
        }
    }
}
