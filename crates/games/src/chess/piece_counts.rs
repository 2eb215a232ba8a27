//! Refuses boards with more pieces than a game can have: a side never has more pieces
//! or pawns than it starts with, and every piece beyond its starting set must have been
//! a pawn that promoted. The starting set is read from the variant's own start position,
//! so mega chess's larger armies need no numbers of their own. Positions set up by hand
//! are held to this; FEN alone is not, since move-generator test suites deliberately use
//! boards full of queens (`tests/data/perft/chess.perft`).

use super::Role;
use super::bits::Bits;
use super::fen_problem::FenProblem;
use super::position::{Chess, side_name};
use super::variants::Variant;
use ply_core::Player;

/// How many pieces of `role` one side has in the variant's start position.
fn starting<V: Variant>(role: Role) -> u32 {
    let board = V::START.split_whitespace().next().unwrap_or_default();
    let letter = role.letter().to_ascii_uppercase();
    board.chars().filter(|&c| c == letter).count() as u32
}

/// How many pieces one side has in the variant's start position.
fn starting_total<V: Variant>() -> u32 {
    Role::ALL.into_iter().map(starting::<V>).sum()
}

impl<V: Variant> Chess<V> {
    /// Refuses a side with more pieces or pawns than it starts with, more kings than
    /// one (a pawn never becomes a king), or more promoted pieces than it has lost pawns.
    pub(super) fn check_piece_counts(&self) -> Result<(), FenProblem> {
        for side in Player::BOTH {
            let name = side_name(side);
            let count = self.colors[side.index()].count();
            let most = starting_total::<V>();
            if count > most {
                return Err(FenProblem::TooManyPieces {
                    side: name,
                    count,
                    most,
                });
            }
            let pawns = self.pieces(side, Role::Pawn).count();
            let most_pawns = starting::<V>(Role::Pawn);
            if pawns > most_pawns {
                return Err(FenProblem::TooManyPawns {
                    side: name,
                    pawns,
                    most: most_pawns,
                });
            }
            let kings = self.pieces(side, Role::King).count();
            if kings > starting::<V>(Role::King) {
                return Err(FenProblem::TooManyKings { side: name, kings });
            }
            let promoted: u32 = Role::PROMOTIONS
                .into_iter()
                .map(|role| {
                    self.pieces(side, role)
                        .count()
                        .saturating_sub(starting::<V>(role))
                })
                .sum();
            let lost_pawns = most_pawns - pawns;
            if promoted > lost_pawns {
                return Err(FenProblem::TooManyPromoted {
                    side: name,
                    promoted,
                    lost_pawns,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::bits::Bits;
    use crate::chess::variants::Variant;
    use crate::chess::{Chess, LastPieceStanding, MegaChess, Standard};
    use ply_core::{Compose, PositionError, PositionFault};

    /// The FEN's board set up by hand, or why it is refused.
    fn composed<V: Variant>(fen: &str) -> Result<Chess<V>, PositionError> {
        let readable = Chess::<V>::from_fen(fen).expect("FEN alone does not count pieces");
        Chess::<V>::compose(&readable.setup())
    }

    fn reason(fen: &str) -> String {
        let error = composed::<crate::chess::StandardRules>(fen).expect_err("refused");
        assert_eq!(error.fault, PositionFault::Impossible);
        error.reason
    }

    #[test]
    fn a_side_with_more_than_its_starting_army_is_refused() {
        let seventeen = "4k3/8/8/8/2NNN3/NNNNNNNN/PPPPPPPP/4K3 w - - 0 1";
        assert_eq!(
            reason(seventeen),
            "White has 20 pieces; a side has at most 16"
        );
    }

    #[test]
    fn a_ninth_pawn_is_refused() {
        let nine = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
        assert_eq!(reason(nine), "White has 9 pawns; a side has at most 8");
    }

    #[test]
    fn promoted_pieces_need_as_many_pawns_gone() {
        let three_queens_seven_pawns = "4k3/8/8/8/8/QQ6/PPPPPPP1/3QK3 w - - 0 1";
        assert_eq!(
            reason(three_queens_seven_pawns),
            "White has 2 pieces more than its starting set, but only 1 pawn gone to have \
             promoted into them"
        );
        let two_queens_seven_pawns = "4k3/8/8/8/8/Q7/PPPPPPP1/3QK3 w - - 0 1";
        assert!(
            Standard::compose(&Standard::from_fen(two_queens_seven_pawns).unwrap().setup()).is_ok()
        );
    }

    #[test]
    fn a_second_king_is_refused_even_where_kings_are_ordinary_pieces() {
        let two_kings = "4k3/8/8/8/8/8/8/3KK3 w - - 0 1";
        let setup = LastPieceStanding::from_fen(two_kings)
            .expect("readable")
            .setup();
        let error = LastPieceStanding::compose(&setup).expect_err("refused");
        assert_eq!(
            error.reason,
            "White has 2 kings; a pawn never becomes a king, so a side has at most 1"
        );
    }

    #[test]
    fn mega_chess_counts_its_own_larger_armies() {
        let mega_start = <MegaChess as ply_core::Rules>::start();
        assert_eq!(mega_start.colors[0].count(), 44);
        let seventeen_pawns =
            "7k8/16/16/16/16/16/16/16/16/16/16/16/P15/PPPPPPPPPPPPPPPP/16/7K8 w - - 0 1";
        let setup = MegaChess::from_fen(seventeen_pawns)
            .expect("readable")
            .setup();
        let error = MegaChess::compose(&setup).expect_err("refused");
        assert_eq!(error.reason, "White has 17 pawns; a side has at most 16");
    }
}
