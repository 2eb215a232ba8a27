//! Why a FEN was refused, one reason per problem, so that the reader's helpers return
//! typed errors and each reason says in one place which kind of fault it is.

use ply_core::{PositionFault, PositionFault::*};
use thiserror::Error;

/// A reason a FEN cannot be read for a chess rule set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenProblem {
    /// Not four or six space-separated fields.
    #[error(
        "FEN needs 6 fields (board, side, castling, en passant, halfmoves, fullmoves), found {0}"
    )]
    FieldCount(usize),
    /// The side-to-move field is neither `w` nor `b`.
    #[error("side to move must be 'w' or 'b', not '{0}'")]
    SideToMove(String),
    /// The halfmove clock is not a number.
    #[error("halfmove clock '{0}' is not a number")]
    HalfmoveClock(String),
    /// The move number is not a positive number.
    #[error("move number '{0}' is not a positive number")]
    MoveNumber(String),
    /// The board field has the wrong number of ranks.
    #[error("the board needs {needed} ranks, found {found}")]
    RankCount {
        /// Ranks of the variant's board.
        needed: u8,
        /// Ranks in the text.
        found: usize,
    },
    /// A rank (1-based) describes more squares than the board is wide.
    #[error("rank {0} has too many squares")]
    RankTooLong(u8),
    /// A rank (1-based) adds up to another number of squares than the board is wide.
    #[error("rank {rank} has {found} squares instead of {needed}")]
    RankWidth {
        /// The rank, from 1.
        rank: u8,
        /// Squares the text gives it.
        found: u32,
        /// The board's width.
        needed: u8,
    },
    /// A character on the board that is neither a piece letter nor a digit.
    #[error("'{0}' is not a piece letter")]
    PieceLetter(char),
    /// A castling right in a variant without castling.
    #[error("this mode has no castling; the castling field must be '-'")]
    NoCastling,
    /// A character in the castling field that names no right.
    #[error("'{0}' is not a castling right (use K, Q, k, q or -)")]
    CastlingLetter(char),
    /// A castling right written twice.
    #[error("castling right '{0}' is given twice")]
    CastlingTwice(char),
    /// A castling right whose king or rook has left its home square.
    #[error("a castling right is given but its king or rook is not on its home square")]
    CastlingWithoutPieces,
    /// The en passant field is not a square.
    #[error("'{0}' is not an en passant square")]
    EnPassantSquare(String),
    /// The en passant square does not lie behind a pawn that just made its double step.
    #[error("en passant square {0} does not follow a two-square pawn move")]
    EnPassantWithoutDoubleStep(String),
    /// A piece on a square hole chess removes.
    #[error("a piece stands on one of the holes (d4, e4, d5, e5)")]
    PieceOnHole,
    /// A pawn on the first or last rank.
    #[error("a pawn stands on the first or last rank")]
    PawnOnBackRank,
    /// A side with several kings, or none where kings cannot disappear.
    #[error("{side} must have exactly one king, not {kings}")]
    KingCount {
        /// The side's name.
        side: &'static str,
        /// How many kings it has.
        kings: u32,
    },
    /// Atomic: the side that just moved has lost its king, which no legal move does.
    #[error("{0}'s king is missing, but only the king of the side to move can have exploded")]
    MoverExploded(&'static str),
    /// The side that just moved left its own king in check.
    #[error("the side that just moved is in check")]
    MoverInCheck,
    /// More pieces than a side starts with.
    #[error("{side} has {count} pieces; a side has at most {most}")]
    TooManyPieces {
        /// The side's name.
        side: &'static str,
        /// How many pieces it has.
        count: u32,
        /// How many it starts with.
        most: u32,
    },
    /// More pawns than a side starts with.
    #[error("{side} has {pawns} pawns; a side has at most {most}")]
    TooManyPawns {
        /// The side's name.
        side: &'static str,
        /// How many pawns it has.
        pawns: u32,
        /// How many it starts with.
        most: u32,
    },
    /// More kings than a side starts with, where kings are ordinary pieces.
    #[error("{side} has {kings} kings; a pawn never becomes a king, so a side has at most 1")]
    TooManyKings {
        /// The side's name.
        side: &'static str,
        /// How many kings it has.
        kings: u32,
    },
    /// More pieces beyond the starting set than pawns gone to promote into them.
    #[error(
        "{side} has {promoted} pieces more than its starting set, but only {lost_pawns} \
         pawn{plural} gone to have promoted into them",
        plural = if *lost_pawns == 1 { "" } else { "s" }
    )]
    TooManyPromoted {
        /// The side's name.
        side: &'static str,
        /// Its pieces beyond the starting set, counted per kind.
        promoted: u32,
        /// Its pawns no longer on the board.
        lost_pawns: u32,
    },
    /// Last piece standing: the side that just moved has no pieces.
    #[error("{0} has no pieces left, so it cannot have made the last move")]
    MoverHasNoPieces(&'static str),
}

impl FenProblem {
    /// Which kind of fault this reason is.
    pub fn fault(&self) -> PositionFault {
        match self {
            FenProblem::FieldCount(_)
            | FenProblem::SideToMove(_)
            | FenProblem::HalfmoveClock(_)
            | FenProblem::MoveNumber(_)
            | FenProblem::RankCount { .. }
            | FenProblem::RankTooLong(_)
            | FenProblem::RankWidth { .. }
            | FenProblem::PieceLetter(_)
            | FenProblem::NoCastling
            | FenProblem::CastlingLetter(_)
            | FenProblem::CastlingTwice(_)
            | FenProblem::EnPassantSquare(_) => Notation,
            FenProblem::CastlingWithoutPieces
            | FenProblem::EnPassantWithoutDoubleStep(_)
            | FenProblem::PieceOnHole
            | FenProblem::PawnOnBackRank
            | FenProblem::KingCount { .. }
            | FenProblem::MoverExploded(_)
            | FenProblem::MoverInCheck
            | FenProblem::MoverHasNoPieces(_)
            | FenProblem::TooManyPieces { .. }
            | FenProblem::TooManyPawns { .. }
            | FenProblem::TooManyKings { .. }
            | FenProblem::TooManyPromoted { .. } => Impossible,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{Atomic, KingOfTheHill, Standard};
    use ply_core::{PositionError, PositionFault};

    fn fault<T>(result: Result<T, PositionError>) -> Option<PositionFault> {
        result.err().map(|error| error.fault)
    }

    #[test]
    fn each_reason_reaches_the_caller_with_its_kind_of_fault() {
        let short_board = Standard::from_fen("8/8/8 w - - 0 1");
        assert_eq!(fault(short_board), Some(PositionFault::Notation));
        let pawn_on_rank_one = Standard::from_fen("4k3/8/8/8/8/8/8/4K2P w - - 0 1");
        assert_eq!(fault(pawn_on_rank_one), Some(PositionFault::Impossible));
        let king_to_move_on_hill = KingOfTheHill::from_fen("4k3/8/8/8/4K3/8/8/8 w - - 0 1");
        assert_eq!(fault(king_to_move_on_hill), None);
        let exploded = Atomic::from_fen("8/4q3/5p2/2p2P1p/8/6P1/2P5/4K1B1 b - - 0 52");
        assert_eq!(fault(exploded), None);
    }
}
