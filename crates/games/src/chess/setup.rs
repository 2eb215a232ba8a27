//! Positions of the chess family set up by hand: a [`Setup`] written as FEN (pieces,
//! side to move, castling rights, en passant) for `from_fen` to judge, its pieces then
//! counted, and a position described as a setup to edit.

use super::Role;
use super::look;
use super::position::{BLACK_LONG, BLACK_SHORT, Chess, WHITE_LONG, WHITE_SHORT};
use super::variants::Variant;
use ply_core::{
    CastlingRights, Compose, PieceKind, Player, PositionError, PositionFault, Present, Setup,
    SetupFields, Wing,
};

/// The castling bit of each side and wing.
const RIGHTS: [(Player, Wing, u8); 4] = [
    (Player::First, Wing::KingSide, WHITE_SHORT),
    (Player::First, Wing::QueenSide, WHITE_LONG),
    (Player::Second, Wing::KingSide, BLACK_SHORT),
    (Player::Second, Wing::QueenSide, BLACK_LONG),
];

/// Every role for both sides, White's first.
const PALETTE: [(Player, PieceKind); 12] = {
    let mut palette = [(Player::First, PieceKind(0)); 12];
    let mut index = 0;
    while index < 6 {
        palette[index] = (Player::First, look::kind(Role::ALL[index]));
        palette[index + 6] = (Player::Second, look::kind(Role::ALL[index]));
        index += 1;
    }
    palette
};

/// The role a piece kind of the chess family's palette stands for.
fn role_of(kind: PieceKind) -> Option<Role> {
    Role::ALL.get(usize::from(kind.0)).copied()
}

impl<V: Variant> Chess<V> {
    /// The FEN board field of `setup`.
    fn board_field(setup: &Setup) -> Result<String, PositionError> {
        let mut board = String::with_capacity(90);
        for row in (0..setup.height).rev() {
            let mut empty = 0;
            for column in 0..setup.width {
                match setup.cells[row * setup.width + column] {
                    None => empty += 1,
                    Some((side, kind)) => {
                        let role = role_of(kind).ok_or_else(|| {
                            PositionError::new(
                                "",
                                PositionFault::Notation,
                                format!("piece kind {} is not a chess piece", kind.0),
                            )
                        })?;
                        if empty > 0 {
                            board += &empty.to_string();
                            empty = 0;
                        }
                        board.push(match side {
                            Player::First => role.letter().to_ascii_uppercase(),
                            Player::Second => role.letter(),
                        });
                    }
                }
            }
            if empty > 0 {
                board += &empty.to_string();
            }
            if row > 0 {
                board.push('/');
            }
        }
        Ok(board)
    }
}

impl<V: Variant> Compose for Chess<V> {
    const PALETTE: &'static [(Player, PieceKind)] = &PALETTE;
    const FIELDS: SetupFields = SetupFields {
        castling: V::CASTLING,
        en_passant: true,
    };

    fn setup_text(setup: &Setup) -> Result<String, PositionError> {
        let (files, ranks) = (usize::from(Self::FILES), usize::from(Self::RANKS));
        if setup.width != files || setup.height != ranks || setup.cells.len() != files * ranks {
            return Err(PositionError::new(
                "",
                PositionFault::Notation,
                format!("a {} board is {files} by {ranks} squares", V::NAME),
            ));
        }
        let mut fen = Self::board_field(setup)?;
        fen.push_str(match setup.to_move {
            Player::First => " w ",
            Player::Second => " b ",
        });
        let mut castling: String = RIGHTS
            .iter()
            .filter(|(side, wing, _)| setup.castling.has(*side, *wing))
            .map(|&(side, wing, _)| match (side, wing) {
                (Player::First, Wing::KingSide) => 'K',
                (Player::First, Wing::QueenSide) => 'Q',
                (Player::Second, Wing::KingSide) => 'k',
                (Player::Second, Wing::QueenSide) => 'q',
            })
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        fen += &castling;
        fen.push(' ');
        match setup.en_passant {
            Some(cell) if cell < files * ranks => fen += &Self::square_name(cell as u8),
            _ => fen.push('-'),
        }
        fen += " 0 1";
        Ok(fen)
    }

    /// Reads the setup's FEN with every check of `from_fen`, then holds the board to the
    /// pieces a game can have (see `piece_counts`).
    fn compose(setup: &Setup) -> Result<Self, PositionError> {
        let fen = Self::setup_text(setup)?;
        let position = Self::from_fen(&fen)?;
        position
            .check_piece_counts()
            .map_err(|problem| PositionError::new(fen, problem.fault(), problem))?;
        Ok(position)
    }

    fn setup(&self) -> Setup {
        let view = self.view();
        let mut castling = CastlingRights::NONE;
        for (side, wing, bit) in RIGHTS {
            castling.set(side, wing, self.castling & bit != 0);
        }
        Setup {
            width: view.width,
            height: view.height,
            cells: view.cells.iter().map(|cell| cell.piece).collect(),
            to_move: self.turn,
            castling,
            en_passant: self.en_passant.map(usize::from),
        }
    }

    fn castling_possible(setup: &Setup) -> CastlingRights {
        let mut possible = CastlingRights::NONE;
        if !V::CASTLING {
            return possible;
        }
        let at = |side: Player, role: Role, column: usize| {
            let row = match side {
                Player::First => 0,
                Player::Second => setup.height - 1,
            };
            setup
                .cells
                .get(row * setup.width + column)
                .copied()
                .flatten()
                == Some((side, look::kind(role)))
        };
        for (side, wing, _) in RIGHTS {
            let rook_column = match wing {
                Wing::KingSide => 7,
                Wing::QueenSide => 0,
            };
            possible.set(
                side,
                wing,
                at(side, Role::King, 4) && at(side, Role::Rook, rook_column),
            );
        }
        possible
    }

    fn en_passant_cells(setup: &Setup) -> Vec<usize> {
        let mover = setup.to_move.opponent();
        let files = setup.width;
        let skipped_row = match mover {
            Player::First => usize::from(V::PAWN_RANK) + 1,
            Player::Second => usize::from(Self::RANKS) - 2 - usize::from(V::PAWN_RANK),
        };
        let (ahead, behind) = match mover {
            Player::First => (skipped_row + 1, skipped_row - 1),
            Player::Second => (skipped_row - 1, skipped_row + 1),
        };
        let pawn = |side: Player, row: usize, column: usize| {
            setup.cells.get(row * files + column).copied().flatten()
                == Some((side, look::kind(Role::Pawn)))
        };
        (0..files)
            .filter(|&column| {
                let empty = |row: usize| setup.cells[row * files + column].is_none();
                let taker = |column: Option<usize>| {
                    column
                        .is_some_and(|column| column < files && pawn(setup.to_move, ahead, column))
                };
                pawn(mover, ahead, column)
                    && empty(skipped_row)
                    && empty(behind)
                    && (taker(column.checked_sub(1)) || taker(Some(column + 1)))
            })
            .map(|column| skipped_row * files + column)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{HoleChess, MegaChess, Standard};
    use ply_core::{Compose, Player, PositionFault, Rules, Setup, Wing};

    fn setup_of(fen: &str) -> Setup {
        Standard::from_fen(fen).expect("a position").setup()
    }

    #[test]
    fn positions_come_back_from_their_setup_with_their_rights() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ] {
            let setup = setup_of(fen);
            assert_eq!(Standard::setup_text(&setup).expect("written"), fen);
            assert_eq!(Standard::compose(&setup).expect("accepted").setup(), setup);
        }
        let rights = setup_of("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1").castling;
        assert!(rights.has(Player::First, Wing::KingSide));
        assert!(!rights.has(Player::First, Wing::QueenSide));
        assert!(rights.has(Player::Second, Wing::QueenSide));
    }

    #[test]
    fn en_passant_is_offered_only_behind_a_pawn_that_can_be_taken() {
        let setup = setup_of("4k3/8/8/3pP2p/8/8/8/4K3 w - - 0 1");
        assert_eq!(Standard::en_passant_cells(&setup), vec![5 * 8 + 3]);
        let black_to_move = setup_of("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
        assert_eq!(Standard::en_passant_cells(&black_to_move), vec![2 * 8 + 4]);
        let mega = MegaChess::start().setup();
        assert!(MegaChess::en_passant_cells(&mega).is_empty());
    }

    #[test]
    fn castling_is_possible_only_with_king_and_rook_at_home() {
        let setup = setup_of("r3k3/8/8/8/8/8/8/4K2R w - - 0 1");
        let possible = Standard::castling_possible(&setup);
        assert!(possible.has(Player::First, Wing::KingSide));
        assert!(!possible.has(Player::First, Wing::QueenSide));
        assert!(possible.has(Player::Second, Wing::QueenSide));
        assert!(!possible.has(Player::Second, Wing::KingSide));
        assert!(MegaChess::castling_possible(&MegaChess::start().setup()).is_empty());
    }

    #[test]
    fn an_empty_board_is_refused_for_want_of_kings() {
        let empty = Setup::empty(8, 8);
        let error = Standard::compose(&empty).expect_err("no kings");
        assert_eq!(error.fault, PositionFault::Impossible);
        assert_eq!(error.reason, "White must have exactly one king, not 0");
    }

    #[test]
    fn a_piece_on_a_hole_is_refused_and_a_board_of_another_size_cannot_be_written() {
        let mut setup = HoleChess::start().setup();
        setup.cells[3 * 8 + 3] = setup.cells[8 + 3].take();
        let error = HoleChess::compose(&setup).expect_err("on a hole");
        assert_eq!(
            error.reason,
            "a piece stands on one of the holes (d4, e4, d5, e5)"
        );
        let error = Standard::setup_text(&Setup::empty(7, 6)).expect_err("too small");
        assert_eq!(error.fault, PositionFault::Notation);
    }
}
